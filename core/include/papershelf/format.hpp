// Formatters: a model (and a view) in, text out. Every string that comes from data is escaped
// for the output it goes to; only http(s), mailto and relative URLs ever become HTML links.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"

namespace papershelf {

struct BibtexOptions {
  // The BibTeX a visitor copies from a page: no author markers in the names ("Hu*" -> "Hu"), none
  // of the owner's own fields (private_bibtex_fields(): al-folio's abbr, selected, award, links
  // to the PDF or code...), an arXiv id as eprint + archiveprefix. Off: the owner's whole record,
  // for round trips.
  bool for_visitors = false;
  std::vector<std::string> omit_fields;  // also left out, by exact (case-insensitive) field name
};
// The fields that say how the owner's page shows a record, not what the record is; left out of
// the BibTeX visitors get. One list for every front end.
const std::vector<std::string_view>& private_bibtex_fields();

// An entry's BibTeX and Cite panels (<details>): written out (static HTML, no JavaScript
// needed), left empty for a front end to fill when one is opened, or left out.
enum class Panels : std::uint8_t { Filled, OnDemand, None };

struct FormatOptions {
  OwnerMatcher owner;             // whose name is highlighted
  std::size_t max_authors = 0;    // collapse longer lists to "+N more" (0 = never); the owner stays
  std::vector<LegendEntry> legend;  // marker meanings (defaults to the library profile's)
  std::string base;               // prefix for relative link URLs ("" keeps them as written)
  Panels panels = Panels::Filled;  // the BibTeX and Cite panels of each entry
  BibtexOptions bibtex{true, {}};  // that BibTeX: a visitor's, by default
};

// --- URLs ---
// True for http:, https:, mailto: and relative URLs (after trimming spaces and control chars,
// case-insensitive scheme). Everything else (javascript:, data:, vbscript:, ...) is unsafe.
bool is_safe_url(std::string_view url);
// True for a prefix that may be put before relative links: an http(s) or relative URL.
bool is_safe_base(std::string_view base);
// Why `base` is refused (is_safe_base false), for the owner's diagnostics; "" when it is fine.
std::string base_problem(std::string_view base);
// The href of a link: `url` resolved against `base` ("papers/" + "x.pdf"; absolute URLs are
// unchanged, an unsafe base is ignored), or "" when no link may be made. The joined URL is what
// is judged, so no base/url pair can build a javascript: or data: link.
std::string resolve_url(std::string_view url, std::string_view base);
// The link a title points to: website/html, then pdf, then doi, then arxiv, then url.
const Link* best_link(const Publication& p);

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
std::string format_entry_html(const Publication& p, const FormatOptions& options,
                              const std::vector<std::string>* search_terms = nullptr);
// A whole view: groups with headings and counts, a legend, entries in display order. A static
// fragment that needs no JavaScript to read; the <paper-shelf> element produces the same markup.
std::string format_html(const Library& lib, const View& view, const FormatOptions& options);

// --- Plain text ---
enum class CitationStyle : std::uint8_t { Compact, Ieee };
// "Hu, Q. and Ye, Z." style author list, used by citations.
std::string format_authors_text(const Publication& p, CitationStyle style);
std::string format_citation(const Publication& p, CitationStyle style);
std::optional<CitationStyle> citation_style_from_string(std::string_view s);

// --- BibTeX ---
// Clean BibTeX for one entry that reads back to an equal model.
std::string format_bibtex(const Publication& p, const BibtexOptions& options = {});

// --- RIS ---
// The view's entries as RIS records (CRLF line ends, as the format wants), for Zotero, EndNote
// and Mendeley.
std::string format_ris(const Library& lib, const View& view);

// --- JSON ---
// CSL-JSON array of the view's entries.
std::string format_csl_json(const Library& lib, const View& view);
// The view model: an array in display order, one object per publication with key, type, title,
// year, month, venue, badge, status, selected, award, award_label, note, authors [{name, owner,
// marks}], editors (only when true: the names are the editors'), links [{label, url}], url (the title link), abstract, doi, arxiv, tags, citations.
// Stable; used by the CLI, JS and the canvas widget.
std::string format_view_json(const Library& lib, const View& view, const FormatOptions& options);

}  // namespace papershelf
