#include "read/settle.hpp"
#include "biblio/identifiers.hpp"
#include "biblio/kinds.hpp"
#include "biblio/links.hpp"
#include "papershelf/unicode.hpp"

#include <string>
#include <utility>

namespace papershelf::detail {

VenueClues venue_clues(std::string_view venue) {
  if (venue.empty()) return {};
  return {biblio::is_preprint_server(venue), biblio::venue_status(venue)};
}

void settle_identifiers(Publication& p, RecordClues& clues) {
  // An arXiv id that is none (al-folio's arxiv = {2208.0779}, cut off) gives way to the record's
  // eprint when that is one.
  if (!p.arxiv().empty() && !biblio::is_arxiv_id(p.arxiv()))
    if (std::string eprint = biblio::arxiv_from_extra(p.extra); biblio::is_arxiv_id(eprint))
      p.set_arxiv(std::move(eprint));
  // An identifier only in the note ("eprint: 2101.01234", "doi: 10.1000/x") is the record's.
  if (!p.note().empty()) {
    if (p.arxiv().empty()) p.set_arxiv(biblio::arxiv_in_text(p.note().text));
    if (p.doi().empty()) p.set_doi(biblio::doi_in_text(p.note().text));
  }
  // A pages field that is an arXiv identifier names the paper, not its pages: NASA ADS writes
  // pages = {arXiv:2508.03807} for its e-prints (the CSL data model's page is a page or a range).
  // It is the record's arXiv id when it has none, and no page range either way.
  for (auto field = p.extra.begin(); field != p.extra.end(); ++field) {
    if (field->name != "pages") continue;
    const std::string value = biblio::clean_arxiv(field->value);
    if (unicode::ascii_lower(field->value).find("arxiv") == std::string::npos ||
        !biblio::is_arxiv_id(value))
      break;
    if (p.arxiv().empty()) p.set_arxiv(value);
    p.extra.erase(field);
    break;
  }
  if (clues.venue.preprint_server && p.arxiv().empty())
    p.set_arxiv(biblio::arxiv_from_preprint_venue(p.venue.text, p.extra));
  if (p.arxiv().empty()) p.set_arxiv(biblio::arxiv_from_doi(p.doi()));
  clues.preprint_doi = biblio::preprint_doi(p.doi());
  if (!p.arxiv().empty()) p.links.push_back({"arxiv", biblio::arxiv_url(p.arxiv())});
  if (!p.doi().empty()) p.links.push_back({"doi", biblio::doi_url(p.doi())});
}

void settle_status(Publication& p, const RecordClues& clues) {
  // A record that is only an arxiv.org address (Zotero's web-page items) is that arXiv paper, of
  // the year its identifier says when it says none itself.
  if (p.arxiv().empty()) {
    std::string id;
    for (const Link& l : p.links)
      if (!(id = biblio::arxiv_from_url(l.url)).empty()) break;
    if (!id.empty()) {
      p.set_arxiv(std::move(id));
      if (!p.date.year) p.date.year = biblio::arxiv_year(p.arxiv());
      p.links.push_back({"arxiv", biblio::arxiv_url(p.arxiv())});
    }
  }
  biblio::tidy_links(p);

  // The details of where it appeared: status words where a number belongs (volume = {In press},
  // pages = {To appear}) say the status as the venue's words do; a volume or pages in numbers in
  // a venue that is not a preprint server say it appeared there.
  const std::optional<Status> details_status = biblio::details_status(p);
  const bool appeared =
      biblio::details_show_it_appeared(p) && !p.venue.empty() && !clues.venue.preprint_server;
  // A preprint server as the venue ("booktitle = {ArXiv Preprint}" on an @inproceedings too), or
  // a DOI a preprint server gave (the DOI says which version it is), makes a preprint; but a
  // journal's volume or pages say the work appeared there, whatever DOI it keeps (the
  // precedence: a stated status, then words in the venue, year or details, then where it
  // appeared, then identifiers and notes).
  // Without a venue, a note that names a preprint server ("PsyArXiv preprint") says the same of
  // its status (not of its type: an @unpublished noted so stays one).
  const bool preprint_note =
      p.venue.empty() && !p.note().empty() && biblio::is_preprint_server(p.note().text);
  const bool preprint = clues.venue.preprint_server || (clues.preprint_doi && !appeared);
  // A type the format named is kept, but for "other" (a CSL webpage or document): what that is,
  // its clues say, as for BibTeX's @misc.
  const bool typed = clues.typed && p.type != PubType::Misc;
  const std::string_view entry_type = !clues.typed                  ? clues.entry_type
                                      : p.type == PubType::Misc     ? "misc"
                                      : p.type == PubType::Preprint ? "unpublished"
                                                                    : "";
  biblio::StatusClues status;
  status.pubstate = clues.stated;
  status.entry_type = entry_type;
  status.has_arxiv = !p.arxiv().empty() || preprint;
  status.has_venue = !p.venue.empty() && !clues.venue.preprint_server;
  status.badge = p.badge();
  status.note = p.note().text;
  status.venue_status = clues.venue.status ? clues.venue.status : details_status;
  status.appeared = appeared;
  p.status = biblio::infer_status(status);
  if ((preprint || preprint_note) && p.status == Status::Published) p.status = Status::Preprint;

  if (typed) {
    if (p.type == PubType::Preprint && p.status == Status::Published && !clues.stated)
      p.status = Status::Preprint;
    if (preprint && p.type == PubType::Journal) p.type = PubType::Preprint;
    return;
  }
  p.type = biblio::infer_type(
      entry_type, p.status,
      clues.venue.preprint_server ||
          biblio::preprint_shape(entry_type, status.has_arxiv, status.has_venue));
  // A talk a CV keeps as @unpublished or @misc, with a keyword that says so (keywords =
  // {presentation}): a talk given, not a preprint.
  // So is one whose note is only such a word (note = {Presentation}), and an @unpublished with
  // the place or event it was given at (RecordClues::given_at_event).
  if ((entry_type == "unpublished" || entry_type == "misc") && !preprint &&
      (biblio::says_talk(p) || (clues.given_at_event && !preprint_note && p.arxiv().empty()))) {
    p.type = PubType::Talk;
    if (p.status == Status::Preprint && !clues.stated) p.status = Status::Published;
  }
}

}  // namespace papershelf::detail
