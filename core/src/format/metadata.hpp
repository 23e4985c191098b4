// The schema.org JSON-LD of a list, written item by item (format_json_ld() is the whole text at
// once). Internal to the core's formatters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "papershelf/format.hpp"

namespace papershelf::detail {

// format_json_ld() of the records at entries[0..count), handed to `out` one item at a time.
void write_json_ld(const Library& lib, const std::uint32_t* entries, std::size_t count, TextSink& out);

// The two ends of "118–131" or "118-131" (or the one page, and "").
std::pair<std::string, std::string> page_range(const std::string& pages);

// One work's schema.org object ("@context" included; the page it is the subject of, when
// `page_url` is not ""), safe inside <script type="application/ld+json"> as it is.
std::string work_json_ld(const Publication& p, std::string_view page_url);

}  // namespace papershelf::detail
