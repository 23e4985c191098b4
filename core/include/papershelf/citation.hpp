// References to paste into a paper: the citation styles a visitor can choose, as text and HTML.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "papershelf/citation_style.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"

namespace papershelf {

namespace csl {  // (papershelf/csl.hpp; only named here, so that this header pulls in no JSON)
class Processor;
using LocaleLoader = std::function<std::string(std::string_view tag)>;
}  // namespace csl

// One reference-list entry: APA 7, IEEE, the ACM Reference Format, Chicago author-date (17th
// ed.), MLA 9, Harvard (Cite Them Right), as plain text (page ranges with an en dash, DOIs as
// https://doi.org/ links, "n.d." for no year) ...
std::string format_citation(const Publication& p, CitationStyle style);
// ... and as HTML: the same text escaped, italics where the style wants them, links for DOIs and
// URLs (http(s) only).
std::string format_citation_html(const Publication& p, CitationStyle style);

// The same in another language, or with the owner's name marked: `locale.lang` ("de") and the
// text of its CSL locale file (the short style takes "and", "et al.", "n.d." and "eds." from it)
// (the npm package's lang/<code>.csl.xml; the command line reads Debian's), so that terms, dates
// and quotation marks follow it (English, or no locale text, is the default's); `owner`, whose
// names the HTML puts in <span class="ps-owner">.
struct CitationLocale {
  std::string_view lang;
  std::string_view xml;
};
class Words;
struct CitationContext {
  CitationLocale locale;
  const OwnerMatcher* owner = nullptr;
  // The list's words in its language (core/lang): the short style's status ("Under review")
  // in it. nullptr: English.
  const Words* words = nullptr;
};
std::string format_citation(const Publication& p, CitationStyle style,
                            const CitationContext& context);
std::string format_citation_html(const Publication& p, CitationStyle style,
                                 const CitationContext& context);

// One list entry's reference for FormatOptions::references: the citation in
// `o.references_style`, as HTML, with `o.owner`'s names marked.
struct FormatOptions;
std::string reference_html(const Publication& p, const FormatOptions& o);

// Any other CSL style: an official one or an owner's .csl file, given as its XML and read once.
// It formats as the six do (links, classes instead of inline styles, no citation number). The
// locale is `lang`'s ("" for the style's own default), from the locales built in and then from
// `locales` (may be empty). nullptr, with "line:column: what" in `error`, for text that is not a
// CSL style.
std::unique_ptr<csl::Processor> citation_style_from_csl(std::string_view style_xml,
                                                        std::string_view lang,
                                                        const csl::LocaleLoader& locales,
                                                        std::string* error);
std::string format_citation(const Publication& p, csl::Processor& style);
std::string format_citation_html(const Publication& p, csl::Processor& style);

}  // namespace papershelf
