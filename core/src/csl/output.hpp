// What rendering makes before it is text: a tree of pieces with CSL's formatting, affixes,
// quotes and display, so that text case, punctuation and flip-flopping italics can be settled
// across pieces, and the same tree becomes plain text or HTML.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "csl/xml.hpp"
#include "papershelf/csl.hpp"

namespace papershelf::csl {

class Locale;

struct Formatting {
  // "" inherits; otherwise CSL's values ("italic", "normal", "small-caps", "bold", "underline",
  // "sup", "sub", "baseline", "none", "light", "oblique").
  // (views of the style's attributes or of literals: they outlive every rendering)
  std::string_view font_style, font_variant, font_weight, text_decoration, vertical_align;
  // The five above in the order they are opened, outermost first: citeproc-js applies an
  // element's formatting in the order the style writes it, each around the one before
  // (font-style="italic" font-weight="bold": <b><i>...</i></b>).
  std::uint8_t outer_first[5] = {0, 1, 2, 3, 4};
  bool any() const {
    return !font_style.empty() || !font_variant.empty() || !font_weight.empty() ||
           !text_decoration.empty() || !vertical_align.empty();
  }
  static Formatting of(const xml::Element& e);
};

struct Out {
  std::string text;  // a leaf's text (a node with kids has none)
  std::vector<Out> kids;
  Formatting fmt;
  // Quotes around it: 1 the style's (or the data's straight ones); 2 and 3 the data's “ and ‘,
  // which begin at the locale's outer or inner quotes by the mark they are written with.
  std::uint8_t quotes = 0;
  bool nocase = false;              // data marked <span class="nocase">: text case leaves it alone
  std::string_view prefix, suffix;  // (the style's, or the citing text's: they outlive the tree)
  std::string_view display;         // "block", "left-margin", "right-inline", "indent"
  std::string link;                 // Html: a safe http(s) address this piece links to
  std::string_view css_class;  // Html: a class of papershelf's own ("ps-owner") around the piece
  bool delimiter = false;      // a leaf that is a delimiter (punctuate() may move it into quotes)
  // 1 or 2: the text of a cite's prefix or suffix, read as rich text (its markup and quotes
  // shown) but settled with the pieces around it as an affix is.
  std::uint8_t affix = 0;

  bool empty() const;
  // The text without markup, for sorting, comparing and conditions.
  std::string plain() const;
};

Out leaf(std::string text);
// Kids joined by a delimiter (empty kids left out).
Out join(std::vector<Out> kids, std::string_view delimiter);

// A field's text as CSL-JSON writes markup in it: <i>, <b>, <sup>, <sub>, <sc>, small-caps and
// "nocase" spans, and quotation marks ("...", “...”, ‘...’) that become the locale's quotes and
// alternate with the quotes around them. Apostrophes become ’.
Out rich(std::string_view text);
// A cite's prefix (`suffix` false) or suffix as rich text, its pieces marked as the affix.
Out rich_affix(std::string_view text, bool suffix);

// CSL's text-case on a tree: lowercase, uppercase, capitalize-first, capitalize-all, sentence,
// title (title case only for English items: `english`).
void apply_text_case(Out& o, std::string_view text_case, bool english);
// strip-periods: removes every period from the tree's text (`all`: a term's, a label's, a month's),
// or as citeproc-js strips a value's: those not before a lower-case letter ("arXiv.org" stays).
void strip_periods(Out& o, bool all);

struct SerializeOptions {
  Markup markup = Markup::Text;
  bool links = false;
  bool page_safe = false;     // classes instead of style attributes, right-to-left text in <bdi>
  bool bibliography = false;  // a bibliography's entry: no punctuation from a prefix opens it
};
std::string serialize(const Out& o, const Locale& locale, const SerializeOptions& options);

// HTML escaping the way citeproc-js writes it (&#38; &#60; &#62;), for parity with the suite.
void escape_into(std::string& out, std::string_view text);

}  // namespace papershelf::csl
