// The schema.org JSON-LD of a list, written item by item (format_json_ld() is the whole text at
// once). Internal to the core's formatters.
#pragma once

#include <cstddef>
#include <cstdint>

#include "papershelf/format.hpp"

namespace papershelf::detail {

// format_json_ld() of the records at entries[0..count), handed to `out` one item at a time.
void write_json_ld(const Library& lib, const std::uint32_t* entries, std::size_t count, TextSink& out);

}  // namespace papershelf::detail
