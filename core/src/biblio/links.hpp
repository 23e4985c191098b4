// A record's links: an address as written in a field, a note or howpublished, cleaned to what a
// browser opens; and the links every reader leaves (no repeats, no url that is the DOI again).
#pragma once

#include <string>
#include <string_view>

#include "papershelf/model.hpp"

namespace papershelf::biblio {

// Link values: "\url{x}" -> "x", escapes like "\_" undone, spaces trimmed.
std::string clean_url(std::string_view s);
// The address a note or howpublished value gives a record without links: its first \url{...} or
// \href{...}{...}, or the whole value when it is one http(s) address; "" for none. (The reader
// takes it as the record's link; a visitor's BibTeX, which leaves the owner's links out, writes
// it as url so that the record reads back the same.)
std::string address_in_text(std::string_view v);
// A record's links as every reader leaves them: the same label and address twice is one link
// (the first), and a url that is the record's DOI or arXiv address again is left to that link.
void tidy_links(Publication& p);

}  // namespace papershelf::biblio
