// Fields written into a CSL-JSON note ("cheater syntax"), kept apart from the JSON reader: the
// rule is citeproc-js's, and it has its own grammar of lines and `{:name: value}` groups.
//
// Zotero keeps what its own fields cannot hold in "Extra", one `variable: value` per line
// ("DOI: 10.1515/…", "publisher: Unpublished", "original-date: 1950"), and exports Extra as the
// CSL-JSON `note`; citeproc-js reads such lines as fields. The rule here is citeproc-js's
// (parseNoteFieldHacks): at the top of the note, lines that name a variable (is_note_field_name);
// the first line may be other text; the first other line after that ends the
// fields. `{:variable: value}` inside a line is the older spelling of the same. A field the item
// already has keeps its value, except a date and the type, which the note sets (as citeproc-js
// does by default). Names are "Family || Given" or one literal name. Unlike citeproc-js, a line
// whose field the item already has is not left in the note either: it is metadata, not prose
// ("DOI: 10.25972/…" under the entry only repeats its link).
#pragma once

#include <optional>

#include "papershelf/json.hpp"

namespace papershelf::detail {

// `item` with the note's fields set, or nullopt when its note has none.
std::optional<json::Value> with_note_fields(const json::Value& item);

}  // namespace papershelf::detail
