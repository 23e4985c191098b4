#include "biblio/record_keys.hpp"

#include "papershelf/unicode.hpp"

namespace papershelf::detail {
namespace {

bool is_space_or_control(char32_t cp) {
  return cp <= 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000;
}

// The code point at `pos` (advanced past it), or kReplacement for an invalid byte.
char32_t next_code_point(std::string_view s, std::size_t& pos, bool& invalid) {
  const std::size_t start = pos;
  const char32_t cp = unicode::decode_utf8(s, pos);
  invalid = cp == unicode::kReplacement && pos - start != 3;
  return cp;
}

// The ASCII characters a key or a field name may hold: no space or control character, and none
// that BibTeX's syntax gives a meaning (a key ends at a comma, a brace, a quote...; a field name
// also at ' and @) or that LaTeX's \cite cannot take (\ starts a command, % a comment, # a
// parameter, ~ is active).
struct AsciiAllowed {
  bool table[128] = {};
  constexpr explicit AsciiAllowed(std::string_view refused) {
    for (int c = 0x21; c < 0x7F; ++c) table[c] = true;
    for (const char c : refused) table[static_cast<unsigned char>(c)] = false;
  }
};
constexpr AsciiAllowed kInKeys("\"#%(),={}\\~");
constexpr AsciiAllowed kInNames("\"#%(),={}\\~'@");

bool allowed(char32_t cp, bool invalid, const AsciiAllowed& ascii) {
  if (cp < 0x80) return ascii.table[cp];
  return !invalid && !is_space_or_control(cp) && !unicode::is_ignorable(cp);
}

bool is_safe(std::string_view s, const AsciiAllowed& ascii) {
  if (s.empty()) return false;
  for (std::size_t pos = 0; pos < s.size();) {
    const auto b = static_cast<unsigned char>(s[pos]);
    if (b < 0x80) {  // (names and keys are ASCII nearly always: no decoding)
      if (!ascii.table[b]) return false;
      ++pos;
      continue;
    }
    bool invalid = false;
    const char32_t cp = next_code_point(s, pos, invalid);
    if (!allowed(cp, invalid, ascii)) return false;
  }
  return true;
}

// Each run of refused characters as one '-'; at either end too when `keep_ends` (a field name
// "date\x02" must not become "date": its meaning is its name).
std::string made_safe(std::string_view s, const AsciiAllowed& ascii, bool keep_ends) {
  std::string out;
  bool gap = false;
  for (std::size_t pos = 0; pos < s.size();) {
    const std::size_t start = pos;
    bool invalid = false;
    const char32_t cp = next_code_point(s, pos, invalid);
    if (!allowed(cp, invalid, ascii)) {
      gap = keep_ends || !out.empty();
      continue;
    }
    if (gap) out.push_back('-');
    gap = false;
    out.append(s.substr(start, pos - start));
  }
  if (gap && keep_ends) out.push_back('-');
  return out;
}

}  // namespace

bool is_safe_key(std::string_view key) { return is_safe(key, kInKeys); }
std::string safe_key(std::string_view key) { return made_safe(key, kInKeys, false); }
bool is_safe_field_name(std::string_view name) { return is_safe(name, kInNames); }
std::string safe_field_name(std::string_view name) { return made_safe(name, kInNames, true); }

std::string quoted(std::string_view text) {
  const std::string_view head = unicode::truncate_utf8(text, 60);
  return unicode::escape_controls(head) + (head.size() < text.size() ? "..." : "");
}

std::uint32_t UniqueKeys::add(std::string_view key, std::uint32_t* holder) {
  bool added = false;
  const std::uint32_t id = ids_.insert(key, added);
  if (holder) *holder = added ? kAbsent : id;
  if (added) {
    next_suffix_.push_back(2);
    return id;
  }
  std::string derived;
  for (std::uint32_t& n = next_suffix_[id];; ++n) {
    derived.assign(key).append("-").append(std::to_string(n));
    if (ids_.find(derived) == kAbsent) {
      ++n;
      break;
    }
  }
  next_suffix_.push_back(2);
  return ids_.insert(derived);
}

}  // namespace papershelf::detail
