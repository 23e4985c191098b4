// What kind of work a record is and how far along: its status (published, accepted, submitted,
// a preprint, in preparation) and its type, inferred from the clues every format gives (a
// biblatex pubstate, a badge, words in the venue or note, a preprint's shape).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "papershelf/model.hpp"

namespace papershelf::biblio {

// biblatex pubstate values (submitted, inpreparation, forthcoming, inpress,
// prepublished...).
std::optional<Status> status_from_pubstate(std::string_view value);
std::string_view pubstate_for(Status s);
// Status words people put in `abbr` (whole value) or `note` (prefix):
// "Preprint", "Under review".
std::optional<Status> status_from_label(std::string_view text, bool prefix);
// A status a venue states in its opening words, other than "preprint".
std::optional<Status> venue_status(std::string_view venue);
// The status words closing a venue ("ICML 2024 (to appear)", "Nature, in press", "Conf - to
// appear", "\apj~accepted"): where they begin (the separator's place) and what they say.
std::optional<std::pair<std::size_t, Status>> closing_status(std::string_view venue);
// The part of a venue that names it, without the status words the badge says ("Submitted to
// Nature" is Nature, "ICML 2024 (to appear)" ICML 2024, "Manuscript under review" nothing): the
// byte range [first, second) of `venue` to show.
std::pair<std::size_t, std::size_t> venue_without_status(std::string_view venue);
// What the details of where a work appeared say of its status: words where a number belongs
// (volume = {In press}, pages = {To appear}).
std::optional<Status> details_status(const Publication& p);
// Whether they say it appeared there: a volume or pages in numbers.
bool details_show_it_appeared(const Publication& p);

// A "venue" that is a preprint server: "arXiv preprint arXiv:2401.09149" (Google Scholar),
// "CoRR" (DBLP), bioRxiv, medRxiv, SSRN...
bool is_preprint_server(std::string_view venue);
// Keywords that mark a talk: "presentation", "talk", "invited talk", "keynote", "poster",
// "seminar".
bool says_talk(const std::vector<std::string>& keywords);
// A record whose keywords say so, or whose note is only such a word (note = {Invited talk}).
bool says_talk(const Publication& p);

struct StatusClues {
  std::optional<Status> pubstate;
  std::string_view entry_type;  // lower-case
  bool has_arxiv = false;
  bool has_venue = false;
  std::string_view badge;
  std::string_view note;
  // What the venue says ("Submitted to Nature", "To appear in IEEE TPAMI"): venue_status().
  std::optional<Status> venue_status;
  // Where it appeared says so: a volume or pages in numbers in a venue that is no preprint server.
  bool appeared = false;
};
// The precedence: a stated pubstate; the badge; words in the venue, year or details; where it
// appeared; the note's words; a preprint's shape; else published.
Status infer_status(const StatusClues& clues);
// An @unpublished, or a @misc/@article with an arXiv id and no venue.
bool preprint_shape(std::string_view entry_type, bool has_arxiv, bool has_venue);
// The model's type for an entry type (lower-case, as BibTeX and the formats that borrow its
// types write it), its status and its shape.
PubType infer_type(std::string_view entry_type, Status status, bool shape);

}  // namespace papershelf::biblio
