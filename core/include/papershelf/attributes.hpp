// The <paper-shelf> element's attributes, listed once: each one's name, how its value is read, what
// it is when absent and which option it sets. `papershelf prerender` reads them here (read()) from
// a page's <paper-shelf> tag, and the element reads them through the same table in TypeScript
// (web/src/generated/attributes.ts, which toolchains/gen/boundary_ts.cpp writes from it, and
// web/src/element/attributes.ts, the same rules as below), so that the static list is the one the
// element shows.
//
// A row is X(member, attribute, Kind, absent, choices, sets, without): `absent` is the value when
// the attribute is not there; `choices` a Choice's values ('|' between; the first is what an empty
// value, the attribute's own name or a value not among them means), or what separates a List's
// items; `sets` the option it becomes;
// `without` what the element shows instead of a value it cannot use (said by prerender).
//
// How each kind reads its value (and nowhere else):
//   Text    as written (absent: "")
//   Count   a number, rounded down (" 5 ", "3.7"); anything else is `absent` (0: the default)
//   Level   a heading level, one digit 1 to 6 (spaces around it passed); else 0 (by the page)
//   Choice  see `choices` above (compared as written)
//   List    split at each of `choices`' characters, each item trimmed, empty ones dropped
//   Links   KIND=URL separated by ';' or new lines, each trimmed, KIND lower-cased; an item
//           without KIND= is left out
//   Flag    there or not, whatever its value (`debug`, `debug=""` and `debug="false"` all set it,
//           as HTML's boolean attributes do)
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"
#include "papershelf/unicode.hpp"

#define PAPERSHELF_ELEMENT_ATTRIBUTES(X)                                                           \
  X(src, "src", Text, "", "", "where the data is read from", "")                                   \
  X(owner, "owner", Text, "", "",                                                                  \
    "the owner's names (';' between) for the query, the entries and the card",                     \
    "the data's profile names the owner")                                                          \
  X(search, "search", Text, "", "", "the visitor's search at first", "")                           \
  X(sort, "sort", Text, "", "", "the visitor's sort at first (Query.sort)",                        \
    "the list is in its default order")                                                            \
  X(group, "group", Text, "", "", "the visitor's grouping at first (Query.group)",                 \
    "the list is not grouped")                                                                     \
  X(filter, "filter", Text, "", "", "the page's fixed selection (Query.scope)",                    \
    "the rest of the filter applies")                                                              \
  X(max_authors, "max-authors", Count, "0", "", "FormatOptions.max_authors",                       \
    "every author is listed")                                                                      \
  X(base, "base", Text, "", "", "FormatOptions.base and the card's",                               \
    "relative links are left as they are")                                                         \
  X(preset, "preset", Choice, "", "|al-folio|academicpages|hugo-blox", "FormatOptions.preset",     \
    "the list has none")                                                                           \
  X(theme, "theme", Choice, "auto", "auto|light|dark", "FormatOptions.theme",                      \
    "the list follows the page's colours")                                                         \
  X(heading_level, "heading-level", Level, "0", "", "FormatOptions.heading_level and the card's",  \
    "the headings fit under the page's nearest heading")                                           \
  X(legend, "legend", Text, "", "", "FormatOptions.legend (else the data's)", "")                  \
  X(thumbnails, "thumbnails", Text, "", "", "FormatOptions.thumbnails", "")                        \
  X(pages, "pages", Text, "", "", "FormatOptions.pages", "")                                       \
  X(omit_fields, "omit-fields", List, "", ",", "the BibTeX fields a visitor never gets", "")       \
  X(controls, "controls", Text, "", "", "the toolbar's mode (Query.controls)", "")                 \
  X(toolbar, "toolbar", Text, "", "", "controls' other name (it wins where both are set)", "")     \
  X(renderer, "renderer", Choice, "html", "html|canvas", "who draws the list", "the list is HTML") \
  X(profile, "profile", Choice, "none", "full|compact|none",                                       \
    "the card's mode (ProfileCardOptions.mode)", "the full card is shown")                         \
  X(position, "position", Text, "", "", "the card's position (over the data's)", "")               \
  X(affiliation, "affiliation", Text, "", "", "the card's affiliation", "")                        \
  X(photo, "photo", Text, "", "", "the card's photo", "")                                          \
  X(interests, "interests", List, "", ";\n", "the card's interests (over the data's)", "")         \
  X(links, "links", Links, "", "", "the card's links (over the data's)", "it is left out")         \
  X(email, "email", Text, "", "", "one more of the card's links", "")                              \
  X(email_display, "email-display", Choice, "obfuscated", "obfuscated|plain|hidden",               \
    "how the card shows the email (ProfileCardOptions.email)", "it is obfuscated")                 \
  X(cite_styles, "cite-styles", Text, "", "",                                                      \
    "the Cite panel's styles in order, the first the default (Library.formats)",                   \
    "every style, APA first")                                                                      \
  X(debug, "debug", Flag, "", "", "the data's problems shown above the list, for the owner", "")   \
  X(prerender, "prerender", Text, "", "",                                                          \
    "papershelf prerender's place for the static list, and the data's source file", "")

namespace papershelf::attributes {

enum class Kind { Text, Count, Level, Choice, List, Links, Flag };

// A row of the table, for those that list the attributes (the generator, the docs' test).
struct Attribute {
  std::string_view name;
  Kind kind;
  std::string_view absent, choices, sets, without;
};

#define PAPERSHELF_ATTRIBUTE_ROW(member, name, kind, absent, choices, sets, without) \
  Attribute{name, Kind::kind, absent, choices, sets, without},
inline constexpr Attribute kAll[] = {PAPERSHELF_ELEMENT_ATTRIBUTES(PAPERSHELF_ATTRIBUTE_ROW)};
#undef PAPERSHELF_ATTRIBUTE_ROW

// Each attribute's name by its member (names::max_authors is "max-authors"), for code that asks
// whether an element has one at all.
namespace names {
#define PAPERSHELF_ATTRIBUTE_NAME(member, name, kind, absent, choices, sets, without) \
  inline constexpr std::string_view member = name;
PAPERSHELF_ELEMENT_ATTRIBUTES(PAPERSHELF_ATTRIBUTE_NAME)
#undef PAPERSHELF_ATTRIBUTE_NAME
}  // namespace names

// What each kind reads into.
using Text = std::string;
using Count = std::size_t;
using Level = int;  // 0: none given (the page decides)
using Choice = std::string;
using List = std::vector<std::string>;
using Links = std::vector<Link>;
using Flag = bool;

// An element's attributes as read: one member a row, by its kind.
struct Values {
#define PAPERSHELF_ATTRIBUTE_MEMBER(member, name, kind, absent, choices, sets, without) \
  kind member{};
  PAPERSHELF_ELEMENT_ATTRIBUTES(PAPERSHELF_ATTRIBUTE_MEMBER)
#undef PAPERSHELF_ATTRIBUTE_MEMBER
};

namespace detail {

inline std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n\f"), e = s.find_last_not_of(" \t\r\n\f");
  return b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1);
}

inline std::string in_quotes(std::string_view value) { return "\"" + std::string(value) + "\""; }

// read_KIND reads `value` (null: absent) as that kind does; `problem` says why a value is not used.
inline void read_Text(const std::string* value, const Attribute& a, Text& out, std::string&) {
  out = value ? *value : std::string(a.absent);
}

// A number as Count reads one: digits, then a fraction that is dropped ("3.7": 3), at most
// 999999999 (as many authors as any list has); -1 for anything else.
inline long long whole_number(std::string_view v) {
  const std::size_t dot = std::min(v.find('.'), v.size());
  if (dot == 0) return -1;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (i != dot && !(v[i] >= '0' && v[i] <= '9')) return -1;
  long long n = 0;
  for (std::size_t i = 0; i < dot; ++i) n = std::min(n * 10 + (v[i] - '0'), 999999999LL);
  return n;
}

inline void read_Count(const std::string* value, const Attribute& a, Count& out,
                       std::string& problem) {
  out = static_cast<Count>(whole_number(a.absent));
  const std::string_view v = value ? trim(*value) : std::string_view();
  if (v.empty()) return;
  if (const long long n = whole_number(v); n >= 0)
    out = static_cast<Count>(n);
  else
    problem = in_quotes(*value) + " is not a number";
}

inline void read_Level(const std::string* value, const Attribute&, Level& out,
                       std::string& problem) {
  out = 0;
  if (!value) return;
  const std::string_view v = trim(*value);
  if (v.empty()) return;  // (as if absent, as an empty count is)
  if (v.size() == 1 && v[0] >= '1' && v[0] <= '6')
    out = v[0] - '0';
  else
    problem = in_quotes(*value) + " is not a heading level (1 to 6)";
}

inline void read_Choice(const std::string* value, const Attribute& a, Choice& out,
                        std::string& problem) {
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

inline void read_List(const std::string* value, const Attribute& a, List& out, std::string&) {
  out.clear();
  if (!value) return;
  for (std::size_t at = 0; at <= value->size();) {
    const std::size_t end = std::min(value->find_first_of(a.choices, at), value->size());
    const std::string_view item = trim(std::string_view(*value).substr(at, end - at));
    if (!item.empty()) out.emplace_back(item);
    at = end + 1;
  }
}

inline void read_Links(const std::string* value, const Attribute&, Links& out,
                       std::string& problem) {
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

inline void read_Flag(const std::string* value, const Attribute&, Flag& out, std::string&) {
  out = value != nullptr;
}

}  // namespace detail

// Reads an element's attributes: `get(name)` gives an attribute's value, or null when the element
// has none of that name. Each value the element cannot use is said in `problems` ("max-authors:
// \"lots\" is not a number; every author is listed"), and read as the element reads it.
template <class Get>
Values read(const Get& get, std::vector<std::string>* problems = nullptr) {
  Values values;
  std::size_t row = 0;
#define PAPERSHELF_ATTRIBUTE_READ(member, name, kind, absent, choices, sets, without)      \
  {                                                                                        \
    std::string problem;                                                                   \
    detail::read_##kind(get(std::string_view(name)), kAll[row++], values.member, problem); \
    if (!problem.empty() && problems)                                                      \
      problems->push_back(std::string(name) + ": " + problem +                             \
                          (*without ? std::string("; ") + without : ""));                  \
  }
  PAPERSHELF_ELEMENT_ATTRIBUTES(PAPERSHELF_ATTRIBUTE_READ)
#undef PAPERSHELF_ATTRIBUTE_READ
  return values;
}

}  // namespace papershelf::attributes
