// What CSL-JSON variables mean in the papershelf model: which BibTeX field of
// Publication::extra each bibliographic detail lives under, shared by the CSL-JSON reader and
// writer so that CSL-JSON -> model -> CSL-JSON gives back every CSL variable, and BibTeX ->
// CSL-JSON maps every field CSL-JSON has a variable for.
#pragma once

#include <cstdint>
#include <string_view>

#include "papershelf/model.hpp"

namespace papershelf::biblio::csl_json {

// How a variable's value is kept as BibTeX text in Publication::extra.
enum class Kind : std::uint8_t {
  Text,   // LaTeX-encoded text
  Date,   // "2024", "2024-03" or "2024-03-05"; CSL-JSON {"date-parts": [[2024, 3, 5]]}
  Names,  // a BibTeX name list ("Doe, Jane and Roe, R."); CSL-JSON [{"family", "given"}, ...]
  Json,   // any other JSON value, as JSON text ("custom": {...})
};

struct Variable {
  std::string_view bibtex;  // the field in Publication::extra
  std::string_view csl;     // the CSL-JSON variable
  Kind kind;
};

// Details with a BibTeX field of their own. (`number` is not here: what it means depends on the
// record, see number_variable. Title, names, date, venue, DOI, URL, note, abstract and keywords
// have model slots.)
inline constexpr Variable kVariables[] = {
    {"volume", "volume", Kind::Text},
    {"pages", "page", Kind::Text},
    {"publisher", "publisher", Kind::Text},
    {"address", "publisher-place", Kind::Text},
    {"location", "publisher-place", Kind::Text},
    {"edition", "edition", Kind::Text},
    {"series", "collection-title", Kind::Text},
    {"chapter", "chapter-number", Kind::Text},
    {"isbn", "ISBN", Kind::Text},
    {"issn", "ISSN", Kind::Text},
    {"language", "language", Kind::Text},
    {"langid", "language", Kind::Text},  // (biblatex's language id: "english")
    {"type", "genre", Kind::Text},
    {"pagetotal", "number-of-pages", Kind::Text},
    {"numpages", "number-of-pages", Kind::Text},
    {"volumes", "number-of-volumes", Kind::Text},
    {"version", "version", Kind::Text},
    {"eventtitle", "event-title", Kind::Text},
    {"venue", "event-place", Kind::Text},
    {"shorttitle", "title-short", Kind::Text},
    {"shortjournal", "container-title-short", Kind::Text},
    {"origtitle", "original-title", Kind::Text},
    {"origpublisher", "original-publisher", Kind::Text},
    {"origlocation", "original-publisher-place", Kind::Text},
    {"pmid", "PMID", Kind::Text},
    {"pmcid", "PMCID", Kind::Text},
    {"urldate", "accessed", Kind::Date},
    {"origdate", "original-date", Kind::Date},
    {"eventdate", "event-date", Kind::Date},
    {"translator", "translator", Kind::Names},
    {"bookauthor", "container-author", Kind::Names},
};

// The first variable for a BibTeX field or a CSL variable, or nullptr.
const Variable* by_bibtex(std::string_view bibtex_field);
const Variable* by_csl(std::string_view csl_variable);

// What BibTeX's `number` is in CSL-JSON: "issue" for a journal article, "collection-number" in a
// series (a book's or a proceedings' volume there), "number" otherwise (a report's, a patent's).
std::string_view number_variable(PubType type, bool in_series);

// Any other CSL 1.0.2 variable, and its kind: kept in Publication::extra under its own name.
bool is_variable(std::string_view name, Kind* kind = nullptr);

}  // namespace papershelf::biblio::csl_json
