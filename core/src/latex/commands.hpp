// What the LaTeX decoder knows of each command: the generated symbol table (toolchains/gen/
// latex_symbols.txt), accents, math accents and alphabets, the style commands, and which commands
// a page's typesetter may be handed. Internal to the core (latex.cpp decodes with these).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace papershelf::latex {

// (A command's name is its ASCII letters.)
inline bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

enum class SymbolKind : std::uint8_t {
  Text = 1,      // \alpha, \textdegree, \apj: their text
  Function = 2,  // \log: its own name, upright
  Space = 3,     // \quad: a word space
};
struct LatexSymbol {
  std::string_view name;
  SymbolKind kind;
  std::string_view text;
};
// A command that stands for text, from the generated table.
std::optional<LatexSymbol> find_symbol(std::string_view name);

struct Accent {
  char name;
  char32_t mark;     // combining mark
  char32_t spacing;  // what `\x{}` alone prints, 0 = nothing
};
// A text accent (\' \" \c ...).
const Accent* find_accent(std::string_view name);
// What an accent that never found its letter prints (\~{}), 0 for nothing.
char32_t spacing_accent(char32_t mark);

// Math accents (\hat{x}, \vec{v}): the combining mark they put on their argument.
struct MathAccent {
  std::string_view name;
  char32_t mark;
};
const MathAccent* find_math_accent(std::string_view name);

// The negated form of a relation (\not= is ≠, \not\in is ∉), 0 when Unicode has none.
char32_t negated_form(char32_t base);

// The math alphabets Unicode has letters for, by the LaTeX, plain TeX and AMS-TeX names: 'b'
// double-struck (\mathbb{R}, \Bbb R: ℝ), 'f' fraktur (\mathfrak{sl}, \germ: 𝔰𝔩), 'c' script
// (\mathcal{B}, \Cal, \mathscr, \scr, plain TeX's switch {\cal B}: ℬ); 0 for any other command.
char math_alphabet(std::string_view name);
// An ASCII letter (or, double-struck, a digit) in the alphabet, or 0 when Unicode has none.
char32_t in_alphabet(char alphabet, char c);

struct StyleCommand {
  std::string_view name;
  int style;  // SpanStyle value, or kPlain for "content only"
};
constexpr int kPlain = -1;
// Commands whose argument carries a style (`\emph{x}`), and switches (`{\em x}`).
const StyleCommand* find_argument_style(std::string_view name);
const StyleCommand* find_switch_style(std::string_view name);

// mhchem's \ce{...} argument as text: a count after an element or a bracket is lowered
// (Cu2ZnSnS4: Cu₂ZnSnS₄), a charge after ^ raised (Fe^{3+}, SO4^2-: Fe³⁺, SO₄²⁻), arrows as
// arrows (->, <=>, <->); braces go, anything else stays as written.
std::string chemical_formula(std::string_view formula);

}  // namespace papershelf::latex
