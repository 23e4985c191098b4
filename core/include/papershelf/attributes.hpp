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

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"

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

// read_KIND reads `value` (null: absent) as that kind does; `problem` says why a value is not used
// (core/src/format/attributes.cpp).
#define PAPERSHELF_ATTRIBUTE_KIND_READER(kind) \
  void read_##kind(const std::string* value, const Attribute& a, kind& out, std::string& problem);
PAPERSHELF_ATTRIBUTE_KIND_READER(Text)
PAPERSHELF_ATTRIBUTE_KIND_READER(Count)
PAPERSHELF_ATTRIBUTE_KIND_READER(Level)
PAPERSHELF_ATTRIBUTE_KIND_READER(Choice)
PAPERSHELF_ATTRIBUTE_KIND_READER(List)
PAPERSHELF_ATTRIBUTE_KIND_READER(Links)
PAPERSHELF_ATTRIBUTE_KIND_READER(Flag)
#undef PAPERSHELF_ATTRIBUTE_KIND_READER

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
