// A record's text as every writer shows it (the list, the view model, citations, RIS, metadata):
// the names it is credited to, its full title, its venue, its link labels. No markup here, so
// that each format can take them without the HTML list.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"
#include "papershelf/names.hpp"

namespace papershelf {

// The title other tools get: with biblatex's subtitle after a colon ("Edward Hopper:
// Transformaties van het werkelijke"), as reference lists print it.
std::string full_title(const Publication& p);
// True when the venue already ends with the record's year (DBLP's proceedings titles: "IJCAI
// 2021, Montreal, Canada, 19-27 August 2021"): the list's line and the homepage's short citation
// then end with it once, not with ", 2021" after it again.
bool venue_ends_with_year(const Publication& p);
// The same for the venue as the list shows it (shown_venue(p).text).
bool venue_ends_with_year(const Publication& p, std::string_view shown);
// The venue as lists show it: without the status words the status badge says ("Submitted to
// Nature" is Nature beside "Submitted"; biblio::venue_without_status), for the HTML and the view
// model alike.
RichText shown_venue(const Publication& p);
// A note that says only what the status label says: the label again ("Under review" twice), or
// the word BibTeX's @unpublished makes its writers put in its required note. A visitor sees the
// status, not the note (the list, the view model the canvas draws).
bool note_repeats_status(const Publication& p);
// A badge that already says the status ("Preprint" as al-folio's abbr): the status is not said
// twice.
bool badge_repeats_status(const Publication& p);

// --- Author lines ---
// Which authors to show when a list is collapsed: the first `max_authors` (the owner is always
// among them: when they would be hidden, the last shown slot goes to the owner), in original order.
struct AuthorLine {
  std::vector<std::uint32_t> shown;  // indices into Publication::authors, ascending
  std::uint32_t hidden = 0;          // how many are not shown ("+N more")
  std::vector<std::uint8_t>
      is_owner;  // per author, 1 = the owner (bytes: vector<bool> is 2-3 KB of WASM)
};
// The names an entry is credited to: its authors, or its editors when it has none (an edited
// volume, a proceedings); then `*editors` is set and the line ends in editors_label().
const std::vector<Person>& credited_names(const Publication& p, bool* editors = nullptr);
std::string_view editors_label(std::size_t count);  // "(ed.)", "(eds.)"
// The line of credited_names(p).
AuthorLine author_line(const Publication& p, const OwnerMatcher& owner, std::size_t max_authors);
// With max_authors 0 (unset), a list of more than kLongAuthorList names shows its first
// kLongAuthorListShown.
inline constexpr std::uint32_t kLongAuthorList = 100;
inline constexpr std::uint32_t kLongAuthorListShown = 10;
// The same rule over precomputed owner flags (for renderers that receive authors as view data).
AuthorLine collapse_authors(std::vector<std::uint8_t> is_owner, std::size_t max_authors);
// Display label of a link kind: "pdf" -> "PDF", "code" -> "Code", unknown kinds capitalised.
std::string link_label(std::string_view kind);

}  // namespace papershelf
