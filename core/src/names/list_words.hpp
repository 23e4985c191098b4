// Words in a name list that name no person ("et al." in the languages lists are written in, "and
// 12 others"), and the short words the name grammar asks about (initials, "Jr."): apart from
// names.cpp, which is the grammar itself.
#pragma once

#include <cstddef>
#include <string_view>

namespace papershelf::detail {

// "U.", "W.A.", "WA", "J.-P.": initials only (capital letters, dots and hyphens).
bool is_initials(std::string_view s);
// The length of a trailing "et al." or "et al" that is a word of its own (any case), or 0.
std::size_t et_al_suffix(std::string_view s);
// "et al." in the languages lists are written in, as a whole name: "{others}" (braced, which
// BibTeX would make a person), "и др.", "u. a.", "等", "ほか", "e outros", "y otros"... Spaces,
// dots and ties do not count.
bool is_et_al_phrase(std::string_view s);
// "8 other authors", "5 more", "many others", "and 12 co-authors": a count of authors left out,
// which means et al. (it names no person: no citation or export may list it as one).
bool is_others_count(std::string_view s);
// "Jr", "Sr.", "II", "III", "IV", "V": a suffix, not a given name, after a comma.
bool is_suffix_word(std::string_view s);

}  // namespace papershelf::detail
