// A view as safe HTML: every string from data is escaped, only safe URLs become links
// (urls.hpp). It hands on what its users need with it: the options (format_options.hpp), a
// record's text (record_text.hpp), text as HTML (html_text.hpp), the citation styles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/citation.hpp"
#include "papershelf/format_options.hpp"
#include "papershelf/html_text.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/record_text.hpp"
#include "papershelf/text_sink.hpp"
#include "papershelf/urls.hpp"
#include "papershelf/words.hpp"

namespace papershelf {

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

// format_html's text, handed to `out` in pieces of some 64 KB (an entry larger than that in one
// piece): the HTML of a large list is several times its input. `header` goes first inside the
// shelf (the CLI's profile card).
void write_html(const Library& lib, const View& view, const FormatOptions& options, TextSink& out,
                std::string_view header = {});

}  // namespace papershelf
