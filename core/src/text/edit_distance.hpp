// Bounded edit distance, for the places that ask how near two spellings are: sync's title match
// and the BibTeX reader's "did you mean" for an entry type.
#pragma once

#include <cstddef>
#include <string_view>

namespace papershelf::detail {

// The number of single-byte edits from `a` to `b`, or limit + 1 when it is more than `limit`
// (a band of the table only).
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit);

}  // namespace papershelf::detail
