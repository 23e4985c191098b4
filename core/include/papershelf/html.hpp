// A view as safe HTML: every string from data is escaped, only safe URLs become links
// (urls.hpp). The options every formatter takes (FormatOptions) are here too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/citation.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/urls.hpp"
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
  OwnerMatcher owner;             // whose name is highlighted
  std::size_t max_authors = 0;    // collapse longer lists to "+N more" (0: only lists of more than
                                  // kLongAuthorList, to kLongAuthorListShown); the owner stays
  std::vector<LegendEntry> legend;  // marker meanings (defaults to the library profile's)
  std::string base;               // prefix for relative link URLs ("" keeps them as written)
  std::string preset;             // the list's look (is_preset()): data-preset on .ps-shelf; "" none
  // A pinned scheme (is_theme(), not "auto"): data-theme on .ps-shelf, where papershelf.css gives
  // the list that scheme's own text and background colours; "" follows the page.
  std::string theme;
  // Each record's thumbnail (al-folio's `preview`, CSL/JSON `thumbnail`) beside it: "none" shows
  // none; otherwise the folder relative thumbnails are in ("" = the preset's: al-folio keeps them
  // in /assets/img/publication_preview/; without a preset, `base`). See thumbnail_src().
  std::string thumbnails;
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
inline const Words& words_of(const FormatOptions& o) { return o.words ? *o.words : english_words(); }

// A note that says only what the status label says: the label again ("Under review" twice), or
// the word BibTeX's @unpublished makes its writers put in its required note. A visitor sees the
// status, not the note (the list, the view model the canvas draws).
bool note_repeats_status(const Publication& p);

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
// The title other tools get: with biblatex's subtitle after a colon ("Edward Hopper:
// Transformaties van het werkelijke"), as reference lists print it.
std::string full_title(const Publication& p);
// True when the venue already ends with the record's year (DBLP's proceedings titles: "IJCAI
// 2021, Montreal, Canada, 19-27 August 2021"): the list's line and the homepage's short citation
// then end with it once, not with ", 2021" after it again.
bool venue_ends_with_year(const Publication& p);

// --- Author lines ---
// Which authors to show when a list is collapsed: the first `max_authors` (the owner is always
// among them: when they would be hidden, the last shown slot goes to the owner), in original order.
struct AuthorLine {
  std::vector<std::uint32_t> shown;  // indices into Publication::authors, ascending
  std::uint32_t hidden = 0;          // how many are not shown ("+N more")
  std::vector<std::uint8_t> is_owner;  // per author, 1 = the owner (bytes: vector<bool> is 2-3 KB of WASM)
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

// --- HTML ---
std::string escape_html(std::string_view text);
// Rich text to HTML: spans become <em>, <strong>, <span class="ps-sc">, <code>, <span
// class="ps-math">, safe links; `highlight` ranges (byte offsets in text.text) become <mark>.
std::string rich_text_html(const RichText& text, const std::vector<Match>* highlight = nullptr);
// One entry as an <li class="ps-entry">: .ps-head (badge, title), .ps-authors, .ps-meta (venue,
// year, status, award), .ps-note, and one .ps-actions row (links, Abstract, BibTeX, Cite). Where
// the folded `search_terms` (search_terms()) occur in the title, names, venue, award and note,
// they are marked.
// Panels::Filled writes `panels` into the BibTeX and Cite panels (without them they stay empty,
// as with OnDemand): the caller makes them, so that a build whose panels are always filled on
// demand (the page's WebAssembly core) carries no BibTeX writer and no citation styles.
struct PanelTexts {
  std::string bibtex;         // the BibTeX a visitor copies (FormatOptions::bibtex)
  std::string citation_html;  // the citation in the default style (format_citation_html)
  std::string coins;          // the entry's COinS span (format_coins), for reference managers
};
PanelTexts panel_texts(const Publication& p, const FormatOptions& options);
std::string format_entry_html(const Publication& p, const FormatOptions& options,
                              const std::vector<std::string>* search_terms = nullptr,
                              const PanelTexts* panels = nullptr);
// A whole view: groups with headings and counts, a legend, entries in display order. A static
// fragment that needs no JavaScript to read; the <paper-shelf> element produces the same markup.
std::string format_html(const Library& lib, const View& view, const FormatOptions& options);

// Receives a long text in consecutive pieces as it is written, so that it is never held whole.
struct TextSink {
  virtual void write(std::string_view piece) = 0;

 protected:
  ~TextSink() = default;
};
// A sink that keeps the whole text.
struct StringSink final : TextSink {
  std::string text;
  void write(std::string_view piece) override { text.append(piece); }
};
// format_html's text, handed to `out` in pieces of some 64 KB (an entry larger than that in one
// piece): the HTML of a large list is several times its input. `header` goes first inside the
// shelf (the CLI's profile card).
void write_html(const Library& lib, const View& view, const FormatOptions& options, TextSink& out,
                std::string_view header = {});

}  // namespace papershelf
