// The JSON of what crosses between the core and its front ends (fields.hpp's tables): the binding
// writes answers and reads requests with these, the canvas widget reads the view model and the
// view with them, and web/src/generated/boundary.ts types the same fields for TypeScript.
#pragma once

#include "papershelf/catalog.hpp"
#include "papershelf/json.hpp"
#include "papershelf/query.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/view_model.hpp"

namespace papershelf {

// The statistics as JSON, indented, as fields.hpp's tables say (write_json, below):
// {total, types: {conference: n, ...}, statuses: {...}, firstAuthor, awards, selected, years:
// [{year, total, types: {...}}], undated, venues: [{key, count, lastYear}], coauthors: [{name,
// count, lastYear, variants}], citations?: {total, records, hIndex, i10Index, updated?}}. Types
// and statuses list only the non-zero counts.
std::string format_stats_json(const Stats& stats);

// What the full core can cite and export in, for menus (the binding's ps_formats).
struct FormatChoice {
  PAPERSHELF_FORMAT_CHOICE_FIELDS(PAPERSHELF_MEMBER)  // name, label
};
using FormatChoices = std::vector<FormatChoice>;
struct ExportChoice {
  PAPERSHELF_EXPORT_CHOICE_FIELDS(PAPERSHELF_MEMBER)  // name, label, extension, media_type
};
using ExportChoices = std::vector<ExportChoice>;
struct Formats {
  PAPERSHELF_FORMATS_FIELDS(PAPERSHELF_MEMBER)  // styles, unknown, exports
};

// What the binding reads a request for the list's HTML and entries, the statistics and the card
// by; it turns each into the core's options (FormatOptions, StatsOptions, ProfileCardOptions).
struct FormatRequest {
  // owner, max_authors, base, thumbnails, pages, preset, search, panels
  PAPERSHELF_FORMAT_REQUEST_FIELDS(PAPERSHELF_MEMBER)
};
struct StatsRequest {
  PAPERSHELF_STATS_REQUEST_FIELDS(PAPERSHELF_MEMBER)  // top
};
// The profile's fields an element's attributes give, laid over the data's (card_profile).
struct ProfileOverride {
  // name, position, affiliation, photo, interests, links
  PAPERSHELF_PROFILE_OVERRIDE_FIELDS(PAPERSHELF_MEMBER)
};
struct ProfileCardRequest {
  // top, owner, mode, email, base, heading_level, profile
  PAPERSHELF_PROFILE_CARD_REQUEST_FIELDS(PAPERSHELF_MEMBER)
};

// Every struct a table defines, with its table.
#define PAPERSHELF_BOUNDARY_STRUCTS(X)                   \
  X(FacetValue, PAPERSHELF_FACET_VALUE_FIELDS)           \
  X(Facets, PAPERSHELF_FACETS_FIELDS)                    \
  X(Group, PAPERSHELF_GROUP_FIELDS)                      \
  X(UsefulControls, PAPERSHELF_USEFUL_CONTROLS_FIELDS)   \
  X(FilterClause, PAPERSHELF_FILTER_CLAUSE_FIELDS)       \
  X(QueryApplied, PAPERSHELF_QUERY_APPLIED_FIELDS)       \
  X(QueryDefaults, PAPERSHELF_QUERY_DEFAULTS_FIELDS)     \
  X(ViewAnswer, PAPERSHELF_VIEW_ANSWER_FIELDS)           \
  X(Link, PAPERSHELF_LINK_FIELDS)                        \
  X(LegendEntry, PAPERSHELF_LEGEND_ENTRY_FIELDS)         \
  X(Profile, PAPERSHELF_PROFILE_FIELDS)                  \
  X(ViewAuthor, PAPERSHELF_VIEW_AUTHOR_FIELDS)           \
  X(ViewLink, PAPERSHELF_VIEW_LINK_FIELDS)               \
  X(ViewEntry, PAPERSHELF_VIEW_ENTRY_FIELDS)             \
  X(FilterEdit, PAPERSHELF_FILTER_EDIT_FIELDS)           \
  X(QueryText, PAPERSHELF_QUERY_TEXT_FIELDS)             \
  X(YearStats, PAPERSHELF_YEAR_STATS_FIELDS)             \
  X(VenueStats, PAPERSHELF_VENUE_STATS_FIELDS)           \
  X(CoauthorStats, PAPERSHELF_COAUTHOR_STATS_FIELDS)     \
  X(CitationStats, PAPERSHELF_CITATION_STATS_FIELDS)     \
  X(Stats, PAPERSHELF_STATS_FIELDS)                      \
  X(FormatChoice, PAPERSHELF_FORMAT_CHOICE_FIELDS)       \
  X(ExportChoice, PAPERSHELF_EXPORT_CHOICE_FIELDS)       \
  X(Formats, PAPERSHELF_FORMATS_FIELDS)                  \
  X(FormatRequest, PAPERSHELF_FORMAT_REQUEST_FIELDS)     \
  X(StatsRequest, PAPERSHELF_STATS_REQUEST_FIELDS)       \
  X(ProfileOverride, PAPERSHELF_PROFILE_OVERRIDE_FIELDS) \
  X(ProfileCardRequest, PAPERSHELF_PROFILE_CARD_REQUEST_FIELDS)

// write_json writes the struct as an object with every field; read_json sets the fields `j` has
// with the right JSON type, and leaves the others as they were (a request names what it sets).
#define PAPERSHELF_DECLARE_JSON(T, FIELDS)          \
  void write_json(json::Writer& w, const T& value); \
  void read_json(const json::Value& j, T& value);
PAPERSHELF_BOUNDARY_STRUCTS(PAPERSHELF_DECLARE_JSON)
#undef PAPERSHELF_DECLARE_JSON

}  // namespace papershelf
