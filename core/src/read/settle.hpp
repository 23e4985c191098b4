// The last step of every reader: what a record implies beyond what it states (its arXiv id, its
// links, its status and type), worked out by the same rules whatever the format it came in.
// Internal to the core.
#pragma once

#include <optional>
#include <string_view>

#include "papershelf/model.hpp"

namespace papershelf::detail {

// What a venue's text says about its records: a preprint server ("arXiv preprint
// arXiv:2401.09149", "CoRR") and a stated status ("Submitted to Nature").
struct VenueClues {
  bool preprint_server = false;
  std::optional<Status> status;
};
VenueClues venue_clues(std::string_view venue);

// What a record states about itself, as its reader found it.
struct RecordClues {
  VenueClues venue;              // venue_clues(p.venue.text)
  std::optional<Status> stated;  // pubstate, status
  std::string_view
      entry_type;             // BibTeX's entry type, lower-case; "" where the format names the type
  bool typed = false;         // the format named the type (CSL "type"): it is kept, but "other"
  bool preprint_doi = false;  // (set by settle_identifiers) a preprint server gave the DOI
  // biblatex's @unpublished "such as the script of a talk", kept with where and at what event it
  // was given (location, venue, eventtitle, eventdate) and nothing of a publication (publisher,
  // isbn, pages): a talk or a poster, as Zotero writes its presentations.
  bool given_at_event = false;
};

// The arXiv id a record implies (a preprint server's venue with its eprint fields, an arXiv DOI),
// then the arXiv and DOI links, in that order, after the links the record has.
void settle_identifiers(Publication& p, RecordClues& clues);

// After the reader's own links: an arXiv id from an arxiv.org address (with the year it gives a
// record that has none), links without repeats, then the status and the type from every clue.
void settle_status(Publication& p, const RecordClues& clues);

}  // namespace papershelf::detail
