// A Citation Style Language 1.0.2 processor: formats CSL-JSON items by an official `.csl` style
// (or an owner's own), as bibliography entries and as citations, the way Zotero and Mendeley do.
// Styles and locales are XML text handed in by the caller; the core reads no files.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/json.hpp"

namespace papershelf::csl {

enum class Markup : std::uint8_t {
  Text,  // plain text, as pasted into a paper
  Html,  // escaped text with <i>, <b>, <sup>, <sub>, small caps as <span style=...>; links for
         // http(s) DOIs and URLs when the caller asks for them
};

// One cited item in a citation: its CSL-JSON record, and what the citing text adds.
struct CiteItem {
  const json::Value* item = nullptr;  // a CSL-JSON object
  std::string locator;                // "12-14"
  std::string label;                  // the locator's kind: "page" (default), "chapter", ...
  std::string prefix, suffix;
  bool suppress_author = false;
  bool author_only = false;
};

// Returns the text of locales-<tag>.xml ("en-US", "de-DE", ...), or "" when there is none.
using LocaleLoader = std::function<std::string(std::string_view tag)>;

struct Engine;

class Processor {
 public:
  // Reads a style. `lang` chooses the locale ("" is the style's default-locale, else en-US);
  // the style's own <locale> sections override the locale file's. nullptr, with a message of
  // the form "line:column: what" in `error`, for text that is not a CSL style. A style whose
  // macros expand past what one rendering may take (macros calling macros several times over,
  // which no official style comes near) is read, with such a message naming the macro too:
  // its references are cut short where the budget runs out, in time and memory linear in the
  // style's length.
  static std::unique_ptr<Processor> create(std::string_view style_xml, const LocaleLoader& locales,
                                           std::string_view lang, std::string* error);
  ~Processor();

  bool has_bibliography() const;
  // The style's bibliography of `items` (CSL-JSON objects), sorted as the style sorts, each
  // entry's markup without a wrapper (a second-field style's number and text separated by
  // markup the caller can style: <div class="csl-left-margin">, <div class="csl-right-inline">).
  std::vector<std::string> bibliography(const std::vector<const json::Value*>& items,
                                        Markup markup);
  // Citations, one per cluster, in order: position (first, subsequent, ibid) counts from the
  // previous clusters; disambiguation looks at every item in `registry`.
  std::vector<std::string> citations(const std::vector<const json::Value*>& registry,
                                     const std::vector<std::vector<CiteItem>>& clusters,
                                     Markup markup);
  // How the style lays out a bibliography entry, for wrappers: "" or "flush", "margin", ...
  std::string_view second_field_align() const;

  // Links: wrap DOIs and http(s) URLs in <a href> in Html markup (the Cite panel wants them;
  // the CSL test suite does not).
  void set_links(bool on);
  // Html for papershelf's pages: classes (ps-small-caps, ps-upright, ps-underline) instead of
  // style attributes, which a page's Content-Security-Policy may forbid, and right-to-left text
  // isolated in <bdi> so that it cannot reorder the rest of the reference.
  void set_page_safe(bool on);
  // Whether a numbered style's first field, the citation number in the margin (IEEE's "[1]"),
  // is written: a single reference pasted into someone's paper has no place in a list.
  void set_citation_numbers(bool on);

 private:
  explicit Processor(std::unique_ptr<Engine> engine);
  std::unique_ptr<Engine> engine_;
};

// The official styles compiled in, by their CSL id ("apa", "ieee",
// "association-for-computing-machinery", "chicago-author-date", "modern-language-association",
// "harvard-cite-them-right"), and the locales ("en-US"); "" for others. (papershelf_styles)
std::string_view builtin_style(std::string_view id);
std::string_view builtin_locale(std::string_view tag);

// The locale a language without a region is written in ("de" -> "de-DE", "pt" -> "pt-PT"), as
// CSL's locale files name them; a tag with a region, or a language CSL has no locale for, as it is.
std::string primary_dialect(std::string_view lang);

}  // namespace papershelf::csl
