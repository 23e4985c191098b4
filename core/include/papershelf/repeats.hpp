// A paper a file holds twice: entered again, or a library's copy kept beside the original. Every
// record is still shown as the file has it; `papershelf check` tells the owner.
#pragma once

#include <string_view>
#include <vector>

#include "papershelf/diagnostics.hpp"
#include "papershelf/model.hpp"

namespace papershelf {

// A warning at each record of `library` that repeats an earlier one: the same DOI, or the same
// title, year, type and venue, compared as search folds them. (A talk given at two venues, or a
// workshop and a conference version of one year, differ in venue: they are no repeats.) `source`
// names the file in the warnings.
std::vector<Diagnostic> repeated_records(const Library& library, std::string_view source);

}  // namespace papershelf
