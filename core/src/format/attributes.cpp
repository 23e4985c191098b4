// How each kind of the element's attributes reads its value (papershelf/attributes.hpp says the
// rules); the element reads them by the same rules in TypeScript (web/src/element/attributes.ts).
#include "papershelf/attributes.hpp"

#include <algorithm>

#include "papershelf/unicode.hpp"

namespace papershelf::attributes::detail {

namespace {

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n\f"), e = s.find_last_not_of(" \t\r\n\f");
  return b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1);
}

std::string in_quotes(std::string_view value) { return "\"" + std::string(value) + "\""; }

// A number as Count reads one: digits, then a fraction that is dropped ("3.7": 3), at most
// 999999999 (as many authors as any list has); -1 for anything else.
long long whole_number(std::string_view v) {
  const std::size_t dot = std::min(v.find('.'), v.size());
  if (dot == 0) return -1;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (i != dot && !(v[i] >= '0' && v[i] <= '9')) return -1;
  long long n = 0;
  for (std::size_t i = 0; i < dot; ++i) n = std::min(n * 10 + (v[i] - '0'), 999999999LL);
  return n;
}

}  // namespace

void read_Text(const std::string* value, const Attribute& a, Text& out, std::string&) {
  out = value ? *value : std::string(a.absent);
}

void read_Count(const std::string* value, const Attribute& a, Count& out, std::string& problem) {
  out = static_cast<Count>(whole_number(a.absent));
  const std::string_view v = value ? trim(*value) : std::string_view();
  if (v.empty()) return;
  if (const long long n = whole_number(v); n >= 0)
    out = static_cast<Count>(n);
  else
    problem = in_quotes(*value) + " is not a number";
}

void read_Level(const std::string* value, const Attribute&, Level& out, std::string& problem) {
  out = 0;
  if (!value) return;
  const std::string_view v = trim(*value);
  if (v.empty()) return;  // (as if absent, as an empty count is)
  if (v.size() == 1 && v[0] >= '1' && v[0] <= '6')
    out = v[0] - '0';
  else
    problem = in_quotes(*value) + " is not a heading level (1 to 6)";
}

void read_Choice(const std::string* value, const Attribute& a, Choice& out, std::string& problem) {
  std::vector<std::string_view> choices;
  for (std::size_t at = 0;;) {
    const std::size_t bar = a.choices.find('|', at);
    choices.push_back(
        a.choices.substr(at, bar == std::string_view::npos ? std::string_view::npos : bar - at));
    if (bar == std::string_view::npos) break;
    at = bar + 1;
  }
  out = value ? std::string(choices[0]) : std::string(a.absent);
  if (!value || *value == a.name) return;  // (name="name" is XHTML's bare attribute)
  for (std::string_view c : choices)
    if (*value == c) return void(out = *value);
  if (value->empty()) return;
  std::string known;
  for (std::size_t i = 0, shown = 0, n = choices.size() - (choices[0].empty() ? 1 : 0);
       i < choices.size(); ++i) {
    if (choices[i].empty()) continue;
    known += std::string(shown == 0       ? ""
                         : shown + 1 == n ? " or "
                                          : ", ") +
             std::string(choices[i]);
    ++shown;
  }
  problem = "unknown " + std::string(a.name) + " " + in_quotes(*value) + " (use " + known + ")";
}

void read_List(const std::string* value, const Attribute& a, List& out, std::string&) {
  out.clear();
  if (!value) return;
  for (std::size_t at = 0; at <= value->size();) {
    const std::size_t end = std::min(value->find_first_of(a.choices, at), value->size());
    const std::string_view item = trim(std::string_view(*value).substr(at, end - at));
    if (!item.empty()) out.emplace_back(item);
    at = end + 1;
  }
}

void read_Links(const std::string* value, const Attribute&, Links& out, std::string& problem) {
  out.clear();
  if (!value) return;
  for (std::size_t at = 0; at <= value->size();) {
    const std::size_t end = std::min(value->find_first_of(";\n", at), value->size());
    const std::string_view item = trim(std::string_view(*value).substr(at, end - at));
    at = end + 1;
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string_view kind =
        eq == std::string_view::npos ? std::string_view() : trim(item.substr(0, eq));
    if (kind.empty())
      problem += (problem.empty() ? "" : "; ") + in_quotes(item) + " is not KIND=URL";
    else
      out.push_back({unicode::to_lower(kind), std::string(trim(item.substr(eq + 1)))});
  }
}

void read_Flag(const std::string* value, const Attribute&, Flag& out, std::string&) {
  out = value != nullptr;
}

}  // namespace papershelf::attributes::detail
