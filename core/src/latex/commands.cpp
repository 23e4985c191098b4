#include "latex/commands.hpp"

#include <algorithm>
#include <iterator>

#include "latex/markup.hpp"
#include "papershelf/model.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::latex {
namespace {

struct ScriptForm {  // (every form is in the Basic Multilingual Plane)
  std::uint16_t base;
  std::uint16_t script;
};
#include "latex_tables.inc"

// Where each command starts in kSymbolBytes, found once (a scan of 7 KB) rather than shipped: the
// generated table ends each command with a NUL instead.
struct SymbolStarts {
  std::uint16_t at[kSymbolCount + 1] = {};
  SymbolStarts() {
    std::size_t n = 0;
    for (std::size_t i = 0; n < kSymbolCount; ++i)
      if (kSymbolBytes[i] == '\0') at[++n] = static_cast<std::uint16_t>(i + 1);
  }
};

const std::uint16_t* symbol_starts() {
  static const SymbolStarts starts;
  return starts.at;
}

// Command i's name against `name`, as strcmp orders them (names hold no byte under 4; the kind
// byte ends them).
int compare_symbol(const std::uint16_t* starts, std::size_t i, std::string_view name) {
  const auto* p = reinterpret_cast<const unsigned char*>(kSymbolBytes + starts[i]);
  for (std::size_t k = 0;; ++k) {
    const int a = p[k] > 3 ? p[k] : 0;
    const int b = k < name.size() ? static_cast<unsigned char>(name[k]) : 0;
    if (a != b || a == 0) return a - b;
  }
}

}  // namespace

std::optional<LatexSymbol> find_symbol(std::string_view name) {
  const std::uint16_t* starts = symbol_starts();
  std::size_t lo = 0, hi = kSymbolCount;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (compare_symbol(starts, mid, name) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == kSymbolCount || compare_symbol(starts, lo, name) != 0) return std::nullopt;
  const char* kind = kSymbolBytes + starts[lo] + name.size();
  // (the text runs to the NUL that ends the command)
  const std::size_t text_size = starts[lo + 1] - starts[lo] - name.size() - 2;
  LatexSymbol s{name, static_cast<SymbolKind>(*kind), {kind + 1, text_size}};
  if (s.kind == SymbolKind::Function) s.text = name;
  return s;
}

namespace {

// The generated {base, form} tables as pairs, built once from their steps and bytes.
template <std::size_t N>
void build_forms(ScriptForm (&out)[N], const std::uint16_t (&steps)[N],
                 const std::uint8_t (&high)[N], const std::uint8_t (&low)[N]) {
  std::uint32_t base = 0;
  for (std::size_t i = 0; i < N; ++i) {
    base += steps[i];
    out[i] = {static_cast<std::uint16_t>(base), static_cast<std::uint16_t>(high[i] << 8 | low[i])};
  }
}

struct FormTables {
  ScriptForm superscripts[std::size(kSuperscriptSteps)];
  ScriptForm subscripts[std::size(kSubscriptSteps)];
  ScriptForm negations[std::size(kNegationSteps)];
  FormTables() {
    build_forms(superscripts, kSuperscriptSteps, kSuperscriptHigh, kSuperscriptLow);
    build_forms(subscripts, kSubscriptSteps, kSubscriptHigh, kSubscriptLow);
    build_forms(negations, kNegationSteps, kNegationHigh, kNegationLow);
  }
};

const FormTables& form_tables() {
  static const FormTables tables;
  return tables;
}

// The form of `cp` in one of the form tables (sorted by base), or 0 when it has none.
char32_t form_of(const ScriptForm* begin, const ScriptForm* end, char32_t cp) {
  const ScriptForm* it =
      std::lower_bound(begin, end, cp, [](const ScriptForm& f, char32_t c) { return f.base < c; });
  return it != end && it->base == cp ? it->script : 0;
}

constexpr Accent kAccents[] = {
    {'`', 0x0300, '`'},    {'\'', 0x0301, 0x00B4}, {'^', 0x0302, '^'},    {'~', 0x0303, '~'},
    {'=', 0x0304, 0x00AF}, {'u', 0x0306, 0x02D8},  {'.', 0x0307, 0x02D9}, {'"', 0x0308, 0x00A8},
    {'r', 0x030A, 0x02DA}, {'H', 0x030B, 0x02DD},  {'v', 0x030C, 0x02C7}, {'d', 0x0323, 0},
    {'c', 0x0327, 0x00B8}, {'k', 0x0328, 0x02DB},  {'b', 0x0331, 0},      {'t', 0x0361, 0},
};

}  // namespace

const Accent* find_accent(std::string_view name) {
  if (name.size() != 1) return nullptr;
  for (const Accent& a : kAccents)
    if (a.name == name[0]) return &a;
  return nullptr;
}

namespace {

constexpr MathAccent kMathAccents[] = {
    {"hat", 0x0302},       {"widehat", 0x0302},  {"check", 0x030C}, {"tilde", 0x0303},
    {"widetilde", 0x0303}, {"acute", 0x0301},    {"grave", 0x0300}, {"dot", 0x0307},
    {"ddot", 0x0308},      {"breve", 0x0306},    {"bar", 0x0304},   {"overline", 0x0305},
    {"vec", 0x20D7},       {"mathring", 0x030A},
};
}  // namespace

const MathAccent* find_math_accent(std::string_view name) {
  for (const MathAccent& a : kMathAccents)
    if (a.name == name) return &a;
  return nullptr;
}

namespace {

// Commands a math run may use and still be handed to a page's typesetter (KaTeX, MathJax), beside
// the symbol table and the accents: the structure and styles the decoder reads in math. Nothing
// that links (\href, \url), styles or names elements (\style, \class, \cssId, \bbox, \color),
// loads or defines commands (\require, \def, \newcommand), or attaches actions (\toggle,
// \mathtip): MathJax typesets those from data into the page. One string, each name between
// spaces (smaller in the WebAssembly build than a table of string_views).
constexpr std::string_view kTypesetCommands =
    " bf bm boldsymbol dfrac em emph ensuremath frac hbox hphantom it mathbb mathbf mathcal "
    "mathfrak"
    " mathit mathnormal mathrm mathscr mathsf mathtt mbox not operatorname phantom rm sf sqrt text"
    " textbf textit textmd textnormal textrm textsc textsf textsl texttt textup tfrac tt underline"
    " vphantom ";

bool typesettable_command(std::string_view name) {
  if (find_symbol(name) || find_accent(name) || find_math_accent(name)) return true;
  for (std::size_t at = kTypesetCommands.find(name); at != std::string_view::npos;
       at = kTypesetCommands.find(name, at + 1))
    if (at > 0 && kTypesetCommands[at - 1] == ' ' && kTypesetCommands[at + name.size()] == ' ')
      return true;
  return false;
}

}  // namespace

char math_alphabet(std::string_view name) {
  if (name == "mathbb" || name == "Bbb" || name == "mathbbm") return 'b';
  if (name == "mathfrak" || name == "germ" || name == "frak") return 'f';
  if (name == "mathcal" || name == "mathscr" || name == "Cal" || name == "scr" || name == "cal")
    return 'c';
  return 0;
}

char32_t in_alphabet(char alphabet, char c) {
  const bool upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
  if (alphabet == 'b' && c >= '0' && c <= '9') return 0x1D7D8 + (c - '0');
  if (!upper && !lower) return 0;
  // Letters that were in Unicode before the block (the Letterlike Symbols) are there only.
  struct Held {
    char alphabet, letter;
    char32_t cp;
  };
  static constexpr Held kHeld[] = {
      {'b', 'C', 0x2102}, {'b', 'H', 0x210D}, {'b', 'N', 0x2115}, {'b', 'P', 0x2119},
      {'b', 'Q', 0x211A}, {'b', 'R', 0x211D}, {'b', 'Z', 0x2124}, {'f', 'C', 0x212D},
      {'f', 'H', 0x210C}, {'f', 'I', 0x2111}, {'f', 'R', 0x211C}, {'f', 'Z', 0x2128},
      {'c', 'B', 0x212C}, {'c', 'E', 0x2130}, {'c', 'F', 0x2131}, {'c', 'H', 0x210B},
      {'c', 'I', 0x2110}, {'c', 'L', 0x2112}, {'c', 'M', 0x2133}, {'c', 'R', 0x211B},
      {'c', 'e', 0x212F}, {'c', 'g', 0x210A}, {'c', 'o', 0x2134},
  };
  for (const Held& h : kHeld)
    if (h.alphabet == alphabet && h.letter == c) return h.cp;
  const char32_t capital_a = alphabet == 'b' ? 0x1D538 : alphabet == 'f' ? 0x1D504 : 0x1D49C;
  return upper ? capital_a + static_cast<char32_t>(c - 'A')
               : capital_a + 26 + static_cast<char32_t>(c - 'a');
}

namespace {

// Commands whose argument carries a style (`\emph{x}`) and switches (`{\em
// x}`).
constexpr StyleCommand kArgumentStyles[] = {
    {"emph", int(SpanStyle::Italic)},
    {"textit", int(SpanStyle::Italic)},
    {"textsl", int(SpanStyle::Italic)},
    {"textbf", int(SpanStyle::Bold)},
    {"textsc", int(SpanStyle::SmallCaps)},
    {"texttt", int(SpanStyle::Monospace)},
    {"textrm", kPlain},
    {"textup", kPlain},
    {"textnormal", kPlain},
    {"textsf", kPlain},
    {"textmd", kPlain},
    {"mbox", kPlain},
    {"hbox", kPlain},
    {"text", kPlain},
    {"underline", kPlain},  // (CVs underline the owner; the list marks the owner itself)
    {"uline", kPlain},
    {"mathrm", kPlain},
    {"mathit", kPlain},
    {"mathnormal", kPlain},
    {"mathsf", kPlain},
    {"mathtt", kPlain},
    {"mathbf", int(SpanStyle::Bold)},
    {"bold", int(SpanStyle::Bold)},  // (AMS-TeX's; and its \mathsl, \ssf)
    {"mathsl", int(SpanStyle::Italic)},
    {"ssf", kPlain},
    {"boldsymbol", int(SpanStyle::Bold)},
    {"bm", int(SpanStyle::Bold)},
    {"operatorname", kPlain},
    {"MakeUppercase", kPlain},
    {"MakeLowercase", kPlain},
    {"uppercase", kPlain},
    {"lowercase", kPlain},
    {"NoCaseChange", kPlain},
    {"enquote", kPlain},
    {"bibstring", kPlain},
    {"mkbibquote", kPlain},
    {"mkbibemph", int(SpanStyle::Italic)},
    {"mkbibitalic", int(SpanStyle::Italic)},
    {"mkbibbold", int(SpanStyle::Bold)},
    {"textnumero", kPlain},
    {"IfRootLanguage", kPlain},
};
constexpr StyleCommand kSwitchStyles[] = {
    {"em", int(SpanStyle::Italic)},
    {"it", int(SpanStyle::Italic)},
    {"itshape", int(SpanStyle::Italic)},
    {"sl", int(SpanStyle::Italic)},
    {"slshape", int(SpanStyle::Italic)},
    {"bf", int(SpanStyle::Bold)},
    {"bfseries", int(SpanStyle::Bold)},
    {"sc", int(SpanStyle::SmallCaps)},
    {"scshape", int(SpanStyle::SmallCaps)},
    {"tt", int(SpanStyle::Monospace)},
    {"ttfamily", int(SpanStyle::Monospace)},
    {"rm", kPlain},
    {"normalfont", kPlain},
    {"upshape", kPlain},
    {"mdseries", kPlain},
    {"sffamily", kPlain},
    {"sf", kPlain},
    {"small", kPlain},
    {"footnotesize", kPlain},
    {"large", kPlain},
    {"Large", kPlain},
};

template <std::size_t N>
const StyleCommand* find_style(const StyleCommand (&table)[N], std::string_view name) {
  for (const StyleCommand& s : table)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace

char32_t spacing_accent(char32_t mark) {
  for (const Accent& a : kAccents)
    if (a.mark == mark) return a.spacing;
  return 0;
}

char32_t negated_form(char32_t base) {
  const FormTables& tables = form_tables();
  return form_of(std::begin(tables.negations), std::end(tables.negations), base);
}

const StyleCommand* find_argument_style(std::string_view name) {
  return find_style(kArgumentStyles, name);
}
const StyleCommand* find_switch_style(std::string_view name) {
  return find_style(kSwitchStyles, name);
}

bool typesettable(std::string_view tex) {
  // TeX reads ^^68 as "h" before it reads commands: `\^^68ref` would be \href to a typesetter
  // that knew the notation.
  if (tex.find("^^") != std::string_view::npos) return false;
  // Command names as the most generous reader takes them: KaTeX's run on over `@` (\@char), and
  // a name not in the list is refused whatever a shorter reading of it would be.
  auto in_name = [](char c) { return is_ascii_letter(c) || c == '@'; };
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] != '\\') continue;
    if (++i == tex.size() || static_cast<unsigned char>(tex[i]) >= 0x80) return false;
    std::size_t end = i + 1;
    if (in_name(tex[i]))
      while (end < tex.size() && in_name(tex[end])) ++end;
    if (!typesettable_command(tex.substr(i, end - i))) return false;
    i = end - 1;
  }
  return true;
}

std::string chemical_formula(std::string_view f) {
  static constexpr std::pair<std::string_view, std::string_view> kArrows[] = {
      {"<=>", "\u21CC"}, {"<->", "\u2194"}, {"->", "\u2192"}, {"<-", "\u2190"}};
  const auto scripted = [](bool up, std::string_view run) {
    std::string out;
    for (const char c : run) {
      const char32_t form = detail::script_form(
          up, c == '-' ? char32_t(0x2212) : char32_t(static_cast<unsigned char>(c)));
      if (form)
        unicode::append_utf8(out, form);
      else
        out += c;
    }
    return out;
  };
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::string out;
  char before = ' ';  // the last character written from the formula
  for (std::size_t i = 0; i < f.size();) {
    const auto arrow = std::find_if(std::begin(kArrows), std::end(kArrows), [&](const auto& a) {
      return f.substr(i, a.first.size()) == a.first;
    });
    if (arrow != std::end(kArrows)) {
      out += arrow->second;
      i += arrow->first.size();
      before = ' ';
      continue;
    }
    const char c = f[i];
    const bool after_element = (before >= 'A' && before <= 'Z') ||
                               (before >= 'a' && before <= 'z') || before == ')' || before == ']';
    if (c == '^' ||
        c == '_') {  // a charge or an index: a group, or the digits and signs that follow
      const std::size_t begin = i + 1;
      std::size_t end = begin;
      if (begin < f.size() && f[begin] == '{') {
        end = std::min(f.find('}', begin), f.size());
        out += scripted(c == '^', f.substr(begin + 1, end - begin - 1));
        i = end + 1;
      } else {
        while (end < f.size() && (is_digit(f[end]) || f[end] == '+' || f[end] == '-')) ++end;
        out += scripted(c == '^', f.substr(begin, end - begin));
        i = end;
      }
      before = ' ';
    } else if (is_digit(c) && after_element) {
      std::size_t end = i;
      while (end < f.size() && is_digit(f[end])) ++end;
      out += scripted(false, f.substr(i, end - i));
      i = end;
      before = '0';
    } else {
      if (c != '{' && c != '}') {
        out += c;
        before = c;
      }
      ++i;
    }
  }
  return out;
}

}  // namespace papershelf::latex

namespace papershelf::detail {

char32_t script_form(bool up, char32_t cp) {
  const latex::FormTables& tables = latex::form_tables();
  const latex::ScriptForm* begin =
      up ? std::begin(tables.superscripts) : std::begin(tables.subscripts);
  const latex::ScriptForm* end = up ? std::end(tables.superscripts) : std::end(tables.subscripts);
  if (const char32_t form = latex::form_of(begin, end, cp)) return form;
  for (const latex::ScriptForm* f = begin; f != end;
       ++f)  // already in that form (a script inside a script)
    if (f->script == cp) return cp;
  return 0;
}

}  // namespace papershelf::detail
