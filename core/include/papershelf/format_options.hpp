// The options every formatter of a list takes (FormatOptions), below the formatters: the
// exports, the citations and the HTML list all read them, and none of them is needed to name one.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/citation_style.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/words.hpp"

namespace papershelf {

struct BibtexOptions {
  // The BibTeX a visitor copies from a page: no author markers in the names ("Hu*" -> "Hu"), only
  // the bibliographic fields (visitor_bibtex_fields(): none of al-folio's abbr, selected, award,
  // links to the PDF or code, nor Zotero's file paths...), an arXiv id as eprint + archiveprefix.
  // Off: the owner's whole record, for round trips.
  bool for_visitors = false;
  std::vector<std::string> omit_fields;  // also left out, by exact (case-insensitive) field name
};
// The fields a visitor's BibTeX keeps (by lower-case name): what bibliography styles print and
// reference managers import. One list for every front end.
const std::vector<std::string_view>& visitor_bibtex_fields();

// An entry's BibTeX and Cite panels (<details>): written out (static HTML, no JavaScript
// needed: format_html), left empty for a front end to fill when one is opened, or left out.
enum class Panels : std::uint8_t { Filled, OnDemand, None };

// What the element's toolbar will hold, as the core decides it for the element: its mode (none:
// no room is kept), the controls that can change the list, and the counts its chips show.
struct ToolbarRoom {
  ControlsMode mode = ControlsMode::None;
  UsefulControls useful;
  std::uint32_t selected = 0, awards = 0, owner_first = 0;
};

struct FormatOptions {
  OwnerMatcher owner;           // whose name is highlighted
  std::size_t max_authors = 0;  // collapse longer lists to "+N more" (0: only lists of more than
                                // kLongAuthorList, to kLongAuthorListShown); the owner stays
  std::vector<LegendEntry> legend;  // marker meanings (defaults to the library profile's)
  std::string base;                 // prefix for relative link URLs ("" keeps them as written)
  std::string preset;  // the list's look (is_preset()): data-preset on .ps-shelf; "" none
  // A pinned scheme (is_theme(), not "auto"): data-theme on .ps-shelf, where papershelf.css gives
  // the list that scheme's own text and background colours; "" follows the page.
  std::string theme;
  // Each record's thumbnail (al-folio's `preview`, CSL/JSON `thumbnail`) beside it: "none" shows
  // none; otherwise the folder relative thumbnails are in ("" = the preset's: al-folio keeps them
  // in /assets/img/publication_preview/; without a preset, `base`). See thumbnail_src().
  std::string thumbnails;
  // Thumbnail addresses known to name no file, sorted (prerender reads the site's folder; the core
  // has no I/O): their records are shown without a picture, as the element shows a record whose
  // picture does not load. Null: none is known missing.
  const std::vector<std::string>* missing_thumbnails = nullptr;
  // Where `papershelf pages` put each record's page ("publications/"; "" = none): the title links
  // there instead of to the record's best link. page_names are page_file_names(library), by
  // record index (Publication::order).
  std::string pages;
  const std::vector<std::string>* page_names = nullptr;
  Panels panels = Panels::Filled;  // the BibTeX and Cite panels of each entry
  BibtexOptions bibtex{true, {}};  // that BibTeX: a visitor's, by default
  // format_html: only the first `first` entries (0 = all), then a line saying how many the whole
  // list has: a long list's first screen, prerendered for the element to take over.
  std::size_t first = 0;
  // format_html for a <paper-shelf> to take over (prerender): the room its toolbar will take,
  // kept by a hidden copy of the toolbar (papershelf.css shows it as an empty space when the
  // page runs scripts), so the list does not move when the element's toolbar appears.
  ToolbarRoom toolbar;
  // The language of what the core writes (the catalog's words: Catalog::words()); English when
  // null. Data is never translated; citations and BibTeX stay as their styles write them.
  const Words* words = nullptr;
  // Each entry as its reference in a citation style (a CV page in APA, as jekyll-scholar shows
  // lists), the owner's name marked, with its links and panels as usual: `references` is
  // reference_html (citation.hpp), given by a program that formats citations (the CLI); a page's
  // core, which has no citation styles, never names it.
  std::string (*references)(const Publication& p, const FormatOptions& o) = nullptr;
  CitationStyle references_style{};
  // The level of the group headings (<h3> by default): the element's heading-level, the one that
  // fits under the page's nearest heading above the list (clamped to 1..6).
  int heading_level = 3;
};
inline const Words& words_of(const FormatOptions& o) {
  return o.words ? *o.words : english_words();
}

// The looks of the site generators researchers use, as papershelf.css styles them: "al-folio",
// "academicpages", "hugo-blox".
bool is_preset(std::string_view name);

// The element's `theme` values: "auto" (the page's colours), "light", "dark".
bool is_theme(std::string_view name);

// The element's `legend` attribute ("*=equal contribution; \u2020=corresponding author"): one
// entry per `;` or line, its symbol before the first `=` or `:`, its meaning after; entries
// without a symbol are left out.
std::vector<LegendEntry> parse_legend(std::string_view text);

// The address of a record's thumbnail as FormatOptions::thumbnails says (resolve_url's rules:
// "" for none, an unsafe address or "none").
std::string thumbnail_src(const Publication& p, const FormatOptions& options);

}  // namespace papershelf
