// Author markers as the name grammar meets them (marks.cpp; the public part, take_marks and
// is_marker_symbol, is in papershelf/names.hpp). Internal to the core.
#pragma once

#include <string>
#include <string_view>

namespace papershelf::detail {

// True when every character of `s` is a marker symbol ("*†").
bool is_marker_text(std::string_view s);
// Markers written as math ($^\dagger$ is kept verbatim by the decoder) become their symbols.
void spell_math_markers(std::string& text);

}  // namespace papershelf::detail
