// Finding records in a JSON array without parsing it whole: how the JSON reader keeps every valid
// record of a file whose syntax breaks somewhere (json_reader.cpp). Internal to the core.
#pragma once

#include <cstddef>
#include <string_view>

namespace papershelf::detail {

// Scans the next top-level element of an array from `i` (just after the '[' or a previous
// element). Elements end at a comma at array depth, or when a balanced object/array closes (so a
// missing comma between two records still yields two elements). Returns false at the array's
// ']' or the end of the text; otherwise [start, end) is the element and `i` is where to go on.
bool next_element(std::string_view t, std::size_t& i, std::size_t& start, std::size_t& end);
// The offset of the '}' or ']' that closes the object or array opening at `open`, or npos.
std::size_t matching_close(std::string_view t, std::size_t open);
// Finds the '[' that starts the value of "publications" in a papershelf document (depth 1).
std::size_t find_publications_array(std::string_view t);
// Where to resume after a record that does not parse: the next line inside it that starts with
// '{' (pretty-printed records start lines), so a broken string or bracket loses only its record.
std::size_t resync_point(std::string_view t, std::size_t error_at, std::size_t end);

}  // namespace papershelf::detail
