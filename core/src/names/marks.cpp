// Author markers (* † ‡ § ¶ ‖ # ^): the signs a CV puts on a name for equal contribution or
// corresponding author, pulled out of the name into its marks so that the name itself matches
// the owner and sorts as a name.
#include "names/marks.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include "papershelf/names.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {

bool is_marker_symbol(char32_t cp) {
  switch (cp) {
    case U'*':
    case 0x2217:
    case 0x2020:
    case 0x2021:
    case 0x00A7:
    case 0x00B6:
    case 0x2016:
    case U'#':
    case U'^':
      return true;
    default:
      return false;
  }
}

namespace {
bool is_marker_lead(char c) {
  return c == '*' || c == '#' || c == '^' || c == '\xC2' || c == '\xE2';
}
// The length of the marker symbol at `pos` (with U+2217 spelled as '*' and '^' dropped in
// `marks`), or 0 when there is none.
std::size_t marker_at(std::string_view s, std::size_t pos, std::string& marks) {
  const char c = s[pos];
  if (c == '*' || c == '#') {
    marks.push_back(c);
    return 1;
  }
  if (c == '^') return 1;
  const std::string_view rest = s.substr(pos);
  for (std::string_view m : {"\u00A7", "\u00B6", "\u2020", "\u2021", "\u2016"}) {
    if (rest.substr(0, m.size()) == m) {
      marks.append(m);
      return m.size();
    }
  }
  if (rest.substr(0, 3) == "\u2217") {
    marks.push_back('*');
    return 3;
  }
  return 0;
}
}  // namespace

std::string take_marks(std::string& name) {
  // Every marker symbol starts with one of these bytes (ASCII, or the lead byte of § ¶ † ‡ ‖ ∗).
  if (std::none_of(name.begin(), name.end(), is_marker_lead)) return {};
  if (name.find_first_of(" ,") == std::string::npos) {
    // One word with markers only in front and at the end ("Hu*†", "*Pang"): cut them off.
    std::string marks;
    std::size_t begin = 0;
    while (begin < name.size())
      if (const std::size_t n = marker_at(name, begin, marks))
        begin += n;
      else
        break;
    std::size_t end = begin;
    while (end < name.size() && !is_marker_lead(name[end])) ++end;
    std::size_t tail = end;
    while (tail < name.size())
      if (const std::size_t n = marker_at(name, tail, marks))
        tail += n;
      else
        break;
    if (tail == name.size()) {
      name = name.substr(begin, end - begin);
      return marks;
    }
  }
  std::string marks;
  std::string kept;
  kept.reserve(name.size());
  std::size_t pos = 0;
  while (pos < name.size()) {
    // Find the run of marker symbols starting here, if any.
    std::size_t run_end = pos;
    while (run_end < name.size()) {
      std::size_t next = run_end;
      if (!is_marker_symbol(unicode::decode_utf8(name, next))) break;
      run_end = next;
    }
    if (run_end == pos) {
      std::size_t next = pos;
      unicode::decode_utf8(name, next);
      kept.append(name, pos, next - pos);
      pos = next;
      continue;
    }
    // Markers count only at a word edge: "Hu*", "*Pang", "Hu *"; never inside
    // "C*D".
    const bool at_start = kept.empty() || kept.back() == ' ' || kept.back() == ',';
    const bool at_end = run_end == name.size() || name[run_end] == ' ' || name[run_end] == ',';
    if (at_start || at_end) {
      std::size_t p = pos;
      while (p < run_end) {
        const char32_t cp = unicode::decode_utf8(name, p);
        if (cp == U'^') continue;  // superscript syntax, not a mark
        unicode::append_utf8(marks, cp == 0x2217 ? U'*' : cp);
      }
    } else {
      kept.append(name, pos, run_end - pos);
    }
    pos = run_end;
  }
  // Tidy the spaces a standalone marker left behind.
  std::string tidy;
  tidy.reserve(kept.size());
  for (char c : kept) {
    if (c == ' ' && (tidy.empty() || tidy.back() == ' ')) continue;
    if (c == ',' && !tidy.empty() && tidy.back() == ' ') tidy.pop_back();
    tidy.push_back(c);
  }
  while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
  name = std::move(tidy);
  return marks;
}

namespace detail {

bool is_marker_text(std::string_view s) {
  std::size_t pos = 0;
  while (pos < s.size())
    if (!is_marker_symbol(unicode::decode_utf8(s, pos))) return false;
  return true;
}

// Markers written as math ($^\dagger$ is kept verbatim by the decoder) become
// their symbols.
void spell_math_markers(std::string& text) {
  static constexpr std::pair<std::string_view, std::string_view> kMath[] = {
      {"\\ddagger", "‡"}, {"\\dagger", "†"}, {"\\ast", "*"}, {"\\star", "*"},
      {"\\S", "§"},       {"\\P", "¶"},      {"\\|", "‖"},   {"\\#", "#"}};
  for (const auto& [command, symbol] : kMath) {
    for (std::size_t at = text.find(command); at != std::string::npos;
         at = text.find(command, at)) {
      text.replace(at, command.size(), symbol);
    }
  }
  text.erase(std::remove(text.begin(), text.end(), '\\'), text.end());
}

}  // namespace detail
}  // namespace papershelf
