// BibTeX's fields for the venue and the links, which its reader reads and its writer writes
// (and the CSL-JSON reader borrows): here so that both sides keep one list.
#pragma once

#include <string_view>

#include "papershelf/model.hpp"

namespace papershelf::biblio {

// The fields that supply the venue, best first: where the work appeared (the journal, the book
// of a paper in one), else how it was made public (howpublished, as BibTeX's styles print it for
// @misc and @booklet; biblatex's eventtitle for a talk), else who issued it (a thesis' school, a
// report's institution, the organization of a talk or a manual), else its publisher. The reader
// takes the first the entry has (a web address in howpublished is a link instead); the writer
// writes the venue back under its own field, which then outranks the entry's other ones.
inline constexpr std::string_view kVenueFields[] = {"journaltitle", "journal",      "booktitle",
                                                    "howpublished", "eventtitle",   "school",
                                                    "institution",  "organization", "publisher"};
int venue_priority(std::string_view lower_name);  // index in kVenueFields, or -1
// Whether a venue field's value can be the venue: text, not a web address (howpublished =
// {\url{...}} is the record's link).
bool names_a_venue(std::string_view value);
// The field a venue came from, by lower-case name (Unknown for any other name), and back.
VenueField venue_field_named(std::string_view lower_name);
std::string_view venue_field_name(VenueField f);  // "" for Unknown

// al-folio's link fields; the link label is the field name ("html" stays "html").
inline constexpr std::string_view kLinkFields[] = {"pdf",     "code", "slides", "poster", "video",
                                                   "website", "html", "blog",   "supp",   "url"};
bool is_link_field(std::string_view lower_name);

}  // namespace papershelf::biblio
