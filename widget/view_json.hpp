// How data reaches the widget on the web: the core's JSON view model (format_view_json, the same
// objects JavaScript gets from Library.entries()) becomes Rows, and a query result's JSON (groups,
// total, facets) becomes ViewData, both read by the core's own readers of those tables
// (boundary.hpp). Natively CoreSource hands over the same structs without JSON.
#pragma once

#include <string_view>
#include <vector>

#include "papershelf/json.hpp"
#include "shelf.hpp"

namespace papershelf::widget {

// One view-model object ({key, title, url, authors: [{name, owner, marks}], links, ...}).
Row row_from_json(const json::Value& entry);

// {"groups": [{key, label, begin, count}], "total": N, "facets": {...}, "hasCitations": bool}.
// `entries` come separately (a binary array on the web). False when the text is not JSON.
bool view_from_json(std::string_view text, std::vector<std::uint32_t> entries, ViewData& out);

}  // namespace papershelf::widget
