// Formatters: a model (and a view) in, text out. Every string that comes from data is escaped
// for the output it goes to; only http(s), mailto and relative URLs ever become HTML links.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/view_model.hpp"
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
};
inline const Words& words_of(const FormatOptions& o) { return o.words ? *o.words : english_words(); }

// A note that says only what the status label says: the label again ("Under review" twice), or
// the word BibTeX's @unpublished makes its writers put in its required note. A visitor sees the
// status, not the note (the list, the view model the canvas draws).
bool note_repeats_status(const Publication& p);

// The looks of the site generators researchers use, as papershelf.css styles them: "al-folio",
// "academicpages", "hugo-blox".
bool is_preset(std::string_view name);

// --- URLs ---
// True for http:, https:, mailto: and relative URLs (after trimming spaces and control chars,
// case-insensitive scheme). Everything else (javascript:, data:, vbscript:, ...) is unsafe.
bool is_safe_url(std::string_view url);
// True for a prefix that may be put before relative links: an http(s) URL that names its host
// ("https://host/..."; not "https:" or "http://"), or a relative URL (not "//" without a host).
bool is_safe_base(std::string_view base);
// Why `base` is refused (is_safe_base false), for the owner's diagnostics; "" when it is fine.
std::string base_problem(std::string_view base);
// The href of a link: `url` resolved against `base` ("papers/" + "x.pdf"; absolute URLs are
// unchanged, an unsafe base is ignored), or "" when no link may be made. The joined URL is what
// is judged, so no base/url pair can build a javascript: or data: link.
std::string resolve_url(std::string_view url, std::string_view base);
// The address of a record's thumbnail as FormatOptions::thumbnails says (resolve_url's rules:
// "" for none, an unsafe address or "none").
std::string thumbnail_src(const Publication& p, const FormatOptions& options);
// The link a title points to: website/html, then pdf, then doi, then arxiv, then url.
const Link* best_link(const Publication& p);
// The record's own address for other tools (citations, exports, metadata): its url link, else
// the link its title points to; absolute http(s) addresses only ("papers/x.pdf" means nothing in
// someone else's reference manager); "" when it has none.
std::string record_address(const Publication& p);
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

// --- Citations ---
// The styles a visitor can paste a reference in (the first is the default) and the homepage's
// own short form: C++ name, text name, label.
#define PAPERSHELF_CITATION_STYLES(X)  \
  X(Apa, "apa", "APA")                 \
  X(Ieee, "ieee", "IEEE")              \
  X(Acm, "acm", "ACM")                 \
  X(Chicago, "chicago", "Chicago")     \
  X(Mla, "mla", "MLA")                 \
  X(Harvard, "harvard", "Harvard")     \
  X(Compact, "compact", "Short")
#define PAPERSHELF_ENUM_ITEM(name, text, label) name,
enum class CitationStyle : std::uint8_t { PAPERSHELF_CITATION_STYLES(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM
inline constexpr int kCitationStyleCount = static_cast<int>(CitationStyle::Compact) + 1;
std::string_view to_string(CitationStyle s);
std::string_view label(CitationStyle s);
// A text name (case-insensitive; "" is the short style); nullopt when unknown.
std::optional<CitationStyle> citation_style_from_string(std::string_view s);
// One reference-list entry: APA 7, IEEE, the ACM Reference Format, Chicago author-date (17th
// ed.), MLA 9, Harvard (Cite Them Right), as plain text (page ranges with an en dash, DOIs as
// https://doi.org/ links, "n.d." for no year) ...
std::string format_citation(const Publication& p, CitationStyle style);
// ... and as HTML: the same text escaped, italics where the style wants them, links for DOIs and
// URLs (http(s) only).
std::string format_citation_html(const Publication& p, CitationStyle style);

// --- BibTeX ---
// Clean BibTeX for one entry that reads back to an equal model.
std::string format_bibtex(const Publication& p, const BibtexOptions& options = {});

// --- RIS ---
// The view's entries as RIS records (CRLF line ends, as the format wants), for Zotero, EndNote
// and Mendeley.
std::string format_ris(const Library& lib, const View& view);

// --- Exports: a view (or one entry) as a file a reference manager imports ---
// C++ name, text name, label, file extension, media type.
#define PAPERSHELF_EXPORT_FORMATS(X)                                                  \
  X(Bibtex, "bibtex", "BibTeX", "bib", "application/x-bibtex")                        \
  X(Ris, "ris", "RIS", "ris", "application/x-research-info-systems")                  \
  X(CslJson, "csl-json", "CSL-JSON", "json", "application/vnd.citationstyles.csl+json")
#define PAPERSHELF_ENUM_ITEM(name, text, label, extension, media) name,
enum class ExportFormat : std::uint8_t { PAPERSHELF_EXPORT_FORMATS(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM
inline constexpr int kExportFormatCount = static_cast<int>(ExportFormat::CslJson) + 1;
struct ExportFormatInfo {
  std::string_view name, label, extension, media_type;
};
const ExportFormatInfo& info(ExportFormat f);
std::optional<ExportFormat> export_format_from_string(std::string_view s);  // a name, or "bib"/"csl"
// The view's entries in that format; BibTeX entries as `bibtex` says (a visitor's or the owner's).
std::string format_export(const Library& lib, const View& view, ExportFormat format,
                          const BibtexOptions& bibtex = {});

// --- Metadata a reference manager or a search engine reads from the page ---
// A COinS span (an empty <span class="Z3988"> whose title is an OpenURL ContextObject): Zotero's,
// Mendeley's and other browser connectors save the paper from it.
std::string format_coins(const Publication& p);
// schema.org JSON-LD for the view (an ItemList of ScholarlyArticle, Book, Chapter, Thesis...),
// safe to put inside <script type="application/ld+json"> as it is.
std::string format_json_ld(const Library& lib, const View& view);

// --- JSON ---
// CSL-JSON array of the view's entries.
std::string format_csl_json(const Library& lib, const View& view);
// The view model: an array in display order, one object per publication (camelCase keys; the
// schema, version 1, is in docs/json.md). Used by the CLI, JS and the canvas widget.
std::string format_view_json(const Library& lib, const View& view, const FormatOptions& options);
// One record as the view model has it (view_model.hpp): what format_view_json writes of each.
ViewEntry view_entry(const Publication& p, const FormatOptions& options);

}  // namespace papershelf
