// LaTeX as people write it in .bib values, decoded to NFC Unicode with its styling kept as spans.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/diagnostics.hpp"
#include "papershelf/model.hpp"

namespace papershelf::latex {

struct DecodeWarning {
  std::uint32_t offset = 0;     // byte offset in the decoded input where the problem starts
  DiagnosticKind kind;          // (the reader reports it as a Diagnostic of this kind)
  std::string message;          // e.g. "unknown command \foo (shown as 'foo')"
  bool once_per_input = false;  // worth reporting once per file, not at every use
};

// Decodes accents (\"u, {\'\i}, \c{c}...), special letters (\ss, \o, \AA...), escapes (\& \%...),
// symbols (textcomp, Greek, math operators, AASTeX journals: toolchains/gen/latex_symbols.txt),
// dashes and quotes, text commands (\emph -> Italic span, \url/\href -> Link span), protective
// braces (-> NoCase span) and math ($...$, \(...\), \ensuremath{...}: Unicode where it can say
// it, x² and xᵢ where it has the forms, as a Math span whose url keeps the TeX source). Unknown
// commands show their name, keep their argument and add a warning. Raw UTF-8 passes through;
// the result is NFC.
RichText decode(std::string_view latex, std::vector<DecodeWarning>* warnings = nullptr);

// Whether a math run's TeX source (a Math span's url) may be handed to a page's typesetter
// (KaTeX, MathJax): only when every command in it is one the decoder reads in math (symbols,
// Greek, operators, accents, \frac, \sqrt, \mathbb..., \text..., \left/\right, spacing). Any
// other command (\href, \style, \class, \require, \def...) keeps the run as its Unicode text.
// The HTML writer asks this before it writes data-tex.
bool typesettable(std::string_view tex);

// The inverse used by the BibTeX writer: escapes specials and writes spans back as LaTeX so
// that decode(encode(t)) == t.
std::string encode(const RichText& text);

// A bibliographic detail of `p` that the model keeps as BibTeX text, by its BibTeX name ("volume",
// "pages", "publisher", "address", "isbn", ...), decoded to Unicode text ("1--21" -> "1–21");
// "" when the record has none.
std::string decoded_field(const Publication& p, std::string_view name);

}  // namespace papershelf::latex
