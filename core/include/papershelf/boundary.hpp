// The JSON of what crosses between the core and its front ends (fields.hpp's tables): the binding
// writes answers and reads requests with these, the canvas widget reads the view model and the
// view with them, and web/src/generated/boundary.ts types the same fields for TypeScript.
#pragma once

#include "papershelf/catalog.hpp"
#include "papershelf/json.hpp"
#include "papershelf/query.hpp"
#include "papershelf/view_model.hpp"

namespace papershelf {

// Every struct a table defines, with its table.
#define PAPERSHELF_BOUNDARY_STRUCTS(X)                 \
  X(FacetValue, PAPERSHELF_FACET_VALUE_FIELDS)         \
  X(Facets, PAPERSHELF_FACETS_FIELDS)                  \
  X(Group, PAPERSHELF_GROUP_FIELDS)                    \
  X(UsefulControls, PAPERSHELF_USEFUL_CONTROLS_FIELDS) \
  X(FilterClause, PAPERSHELF_FILTER_CLAUSE_FIELDS)     \
  X(QueryApplied, PAPERSHELF_QUERY_APPLIED_FIELDS)     \
  X(QueryDefaults, PAPERSHELF_QUERY_DEFAULTS_FIELDS)   \
  X(ViewAnswer, PAPERSHELF_VIEW_ANSWER_FIELDS)         \
  X(Link, PAPERSHELF_LINK_FIELDS)                      \
  X(LegendEntry, PAPERSHELF_LEGEND_ENTRY_FIELDS)       \
  X(Profile, PAPERSHELF_PROFILE_FIELDS)                \
  X(ViewAuthor, PAPERSHELF_VIEW_AUTHOR_FIELDS)         \
  X(ViewLink, PAPERSHELF_VIEW_LINK_FIELDS)             \
  X(ViewEntry, PAPERSHELF_VIEW_ENTRY_FIELDS)           \
  X(FilterEdit, PAPERSHELF_FILTER_EDIT_FIELDS)         \
  X(QueryText, PAPERSHELF_QUERY_TEXT_FIELDS)

// write_json writes the struct as an object with every field; read_json sets the fields `j` has
// with the right JSON type, and leaves the others as they were (a request names what it sets).
#define PAPERSHELF_DECLARE_JSON(T, FIELDS)          \
  void write_json(json::Writer& w, const T& value); \
  void read_json(const json::Value& j, T& value);
PAPERSHELF_BOUNDARY_STRUCTS(PAPERSHELF_DECLARE_JSON)
#undef PAPERSHELF_DECLARE_JSON

}  // namespace papershelf
