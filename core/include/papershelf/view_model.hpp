// The view model: one publication as every front end shows it, plain display text the core
// prepared (decoded, the owner marked, links checked and resolved). The fields are fields.hpp's;
// view_entry() (export.hpp) makes one, and the canvas widget draws it as it is.
#pragma once

#include <vector>

#include "papershelf/fields.hpp"

namespace papershelf {

struct ViewAuthor {
  PAPERSHELF_VIEW_AUTHOR_FIELDS(PAPERSHELF_MEMBER)  // name, owner, marks
};
using ViewAuthors = std::vector<ViewAuthor>;

struct ViewLink {
  PAPERSHELF_VIEW_LINK_FIELDS(PAPERSHELF_MEMBER)  // label, url
};
using ViewLinks = std::vector<ViewLink>;

struct ViewEntry {
  PAPERSHELF_VIEW_ENTRY_FIELDS(PAPERSHELF_MEMBER)  // (fields.hpp)
};

}  // namespace papershelf
