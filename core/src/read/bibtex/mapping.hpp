// What BibTeX fields mean in the papershelf model, shared by the reader and the
// BibTeX writer so that what one writes the other reads back the same way
// (status and type inference, venue and link field names, month names, DOI and
// arXiv cleanup).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "papershelf/model.hpp"

namespace papershelf::bibtex {

// The fields that supply the venue, best first: where the work appeared (the journal, the book
// of a paper in one), else how it was made public (howpublished, as BibTeX's styles print it for
// @misc and @booklet; biblatex's eventtitle for a talk), else who issued it (a thesis' school, a
// report's institution, the organization of a talk or a manual), else its publisher. The reader
// takes the first the entry has (a web address in howpublished is a link instead); the writer
// writes the venue back under its own field, which then outranks the entry's other ones.
inline constexpr std::string_view kVenueFields[] = {"journaltitle", "journal", "booktitle",   "howpublished", "eventtitle",
                                                    "school",       "institution", "organization", "publisher"};
int venue_priority(std::string_view lower_name);  // index in kVenueFields, or -1
// Whether a venue field's value can be the venue: text, not a web address (howpublished =
// {\url{...}} is the record's link).
bool names_a_venue(std::string_view value);
// The field a venue came from, by lower-case name (Unknown for any other name), and back.
VenueField venue_field_named(std::string_view lower_name);
std::string_view venue_field_name(VenueField f);  // "" for Unknown

// al-folio link fields; the link label is the field name ("html" stays "html").
bool is_link_field(std::string_view lower_name);

// What the reader does with a field, found once per field by its lower-case name (a hash table
// probe) instead of a chain of string compares per field, which was about 5% of a read.
enum class FieldRole : std::uint8_t {
  Other,  // kept as an extra field (or a BibBase url_<label> link)
  Title, Author, Editor, AuthorAnnotation, Year, Month, Day, Date, Venue, Abbr, Selected, Award,
  AwardName, Link, Arxiv, Doi, Preview, Abstract, Annotation, Keywords, Note, Pubstate, Citations,
  Crossref, Xdata
};
FieldRole field_role(std::string_view lower_name);
// "author" or "editor" for a field name that misses one ("authors", "auther", "editors"), else "".
std::string_view meant_name_field(std::string_view lower_name);
// True for an arXiv identifier: 1601.07535, 2104.01234v2, hep-th/9901001, math.AG/0309136.
bool is_arxiv_id(std::string_view id);

std::string to_lower_ascii(std::string_view s);
std::string_view trim(std::string_view s);

// biblatex pubstate values (submitted, inpreparation, forthcoming, inpress,
// prepublished...).
std::optional<Status> status_from_pubstate(std::string_view value);
std::string_view pubstate_for(Status s);
// Status words people put in `abbr` (whole value) or `note` (prefix):
// "Preprint", "Under review".
std::optional<Status> status_from_label(std::string_view text, bool prefix);

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
// A record's links as every reader leaves them: the same label and address twice is one link
// (the first), and a url that is the record's DOI or arXiv address again is left to that link.
void tidy_links(Publication& p);
// A "venue" that is a preprint server: "arXiv preprint arXiv:2401.09149" (Google Scholar),
// "CoRR" (DBLP), bioRxiv, medRxiv, SSRN...
bool is_preprint_server(std::string_view venue);
// A DOI a preprint server gave (arXiv's 10.48550, SSRN, OSF and its PsyArXiv and SocArXiv,
// bioRxiv and medRxiv, Research Square, Preprints.org, TechRxiv, ChemRxiv, Authorea, EarthArXiv).
bool preprint_doi(std::string_view doi);
// Keywords that mark a talk: "presentation", "talk", "invited talk", "keynote", "poster", "seminar".
bool says_talk(const std::vector<std::string>& keywords);
// A record whose keywords say so, or whose note is only such a word (note = {Invited talk}).
bool says_talk(const Publication& p);
// An identifier written in a note: the arXiv id after "arXiv" or "eprint" ("eprint: 2101.01234"),
// the DOI after "doi" ("doi: 10.1000/x", "https://doi.org/10.1000/x"); "" when there is none.
std::string arxiv_in_text(std::string_view text);
std::string doi_in_text(std::string_view text);
// The arXiv id in arXiv's own DOI ("10.48550/arXiv.2302.04761"); "" for any other DOI.
std::string arxiv_from_doi(std::string_view doi);
// The arXiv id of an arxiv.org address (abs, pdf or html; its version left out); "" otherwise.
std::string arxiv_from_url(std::string_view url);
// An arXiv id without its version: a version is the same paper ("2403.03883v1" is 2403.03883).
std::string arxiv_without_version(std::string id);
// The year a new-style arXiv id was given ("2403.03883": 2024); 0 for an old-style one.
int arxiv_year(std::string_view id);
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
// The arXiv id such a record carries in its venue ("... arXiv:2401.09149") or, from DBLP, in its
// volume ("abs/2401.09149"); "" when there is none.
std::string arxiv_from_preprint_venue(std::string_view venue, const std::vector<ExtraField>& extra);
// An @unpublished, or a @misc/@article with an arXiv id and no venue.
bool preprint_shape(std::string_view entry_type, bool has_arxiv, bool has_venue);
PubType infer_type(std::string_view entry_type, Status status, bool shape);
// The entry type the writer uses when the source type does not give back the
// model's type.
// A BibTeX or biblatex entry type (lower-case) that papershelf knows; others read as @misc.
// biblatex's `date` (ISO 8601: YYYY, YYYY-MM, YYYY-MM-DD, a range's start); year 0 for a value
// that is none ("16--20 May 2022", "In press"). `plain` is false for ranges and the rest.
Date parse_date(std::string_view s, bool& plain);
bool is_known_entry_type(std::string_view type);
// The known type an unknown one is a typo of (@inprocedings: inproceedings), or "".
std::string_view near_entry_type(std::string_view type);
std::string_view entry_type_for(PubType t);
// The venue field the writer prefers for a type.
std::string_view venue_field_for(PubType t);

// "3", "03", "mar", "March", "MARCH" -> 3; 0 when not a month.
int parse_month(std::string_view s);
// The same, also accepting a day next to the month name ("July 30th", "2 sep").
int parse_month_day(std::string_view s, int& day);
// Parses an integer that is the whole (trimmed) value; nullopt otherwise.
std::optional<long long> parse_integer(std::string_view s);
// "DOI: 10.1/x", "https://doi.org/10.1/x" -> "10.1/x"; "" when no DOI is found.
std::string clean_doi(std::string_view s);
// "arXiv:2401.09149" -> "2401.09149".
std::string clean_arxiv(std::string_view s);
// Link values: "\url{x}" -> "x", escapes like "\_" undone, spaces trimmed.
std::string clean_url(std::string_view s);
// The address a note or howpublished value gives a record without links: its first \url{...} or
// \href{...}{...}, or the whole value when it is one http(s) address; "" for none. (The reader
// takes it as the record's link; a visitor's BibTeX, which leaves the owner's links out, writes
// it as url so that the record reads back the same.)
std::string address_in_text(std::string_view v);
bool is_arxiv_prefix(std::string_view archive);  // "arXiv", "arxiv" (archiveprefix/eprinttype)

std::string doi_url(std::string_view doi);
std::string arxiv_url(std::string_view id);

}  // namespace papershelf::bibtex

#include <vector>

namespace papershelf::bibtex {
// The arXiv id an `eprint` extra field gives (with archiveprefix/eprinttype =
// arXiv, or an "arXiv:" prefix), or "".
std::string arxiv_from_extra(const std::vector<ExtraField>& extra);
}  // namespace papershelf::bibtex
