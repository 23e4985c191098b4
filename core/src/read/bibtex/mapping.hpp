// What is BibTeX's own for its reader: the role of each field by name, the entry types it knows
// (and the typos of them it forgives), month names and integers as BibTeX writes them. The
// vocabulary BibTeX shares with the other formats (identifiers, status and type, links, venue
// fields, the entry type for each model type) is in biblio/.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace papershelf::bibtex {

// What the reader does with a field, found once per field by its lower-case name (a hash table
// probe) instead of a chain of string compares per field, which was about 5% of a read.
enum class FieldRole : std::uint8_t {
  Other,  // kept as an extra field (or a BibBase url_<label> link)
  Title,
  Author,
  Editor,
  AuthorAnnotation,
  Year,
  Month,
  Day,
  Date,
  Venue,
  Abbr,
  Selected,
  Award,
  AwardName,
  Link,
  Arxiv,
  Doi,
  Preview,
  Abstract,
  Annotation,
  Keywords,
  Note,
  Pubstate,
  Citations,
  Crossref,
  Xdata
};
FieldRole field_role(std::string_view lower_name);
// "author" or "editor" for a field name that misses one ("authors", "auther", "editors"), else "".
std::string_view meant_name_field(std::string_view lower_name);

// A BibTeX or biblatex entry type (lower-case) that papershelf knows; others read as @misc.
bool is_known_entry_type(std::string_view type);
// The known type an unknown one is a typo of (@inprocedings: inproceedings), or "".
std::string_view near_entry_type(std::string_view type);

// "3", "03", "mar", "March", "MARCH" -> 3; 0 when not a month.
int parse_month(std::string_view s);
// The same, also accepting a day next to the month name ("July 30th", "2 sep").
int parse_month_day(std::string_view s, int& day);
// Parses an integer that is the whole (trimmed) value; nullopt otherwise.
std::optional<long long> parse_integer(std::string_view s);

}  // namespace papershelf::bibtex
