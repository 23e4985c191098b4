// A Date as ISO 8601 text, the form BibTeX's `date` field and the CSL-JSON variables kept in
// Publication::extra share: read by both readers, written by both writers.
#pragma once

#include <string>
#include <string_view>

#include "papershelf/model.hpp"

namespace papershelf::detail {

// biblatex's `date` (ISO 8601: YYYY, YYYY-MM, YYYY-MM-DD, a range's start); year 0 for a value
// that is none ("16--20 May 2022", "In press"). `plain` is false for ranges and the rest.
Date parse_iso_date(std::string_view s, bool& plain);

// A Date kept as text: "2024-03-05", "2024-03", "2024" ("" for year 0), a range as
// "2018-12-03/2018-12-06"; and back (one end of a range at a time).
std::string date_text(const Date& d, const Date* end = nullptr);
Date parse_date_text(std::string_view text);

}  // namespace papershelf::detail
