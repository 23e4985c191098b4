// LaTeX as written in .bib values: `decode` turns it into NFC Unicode plus
// style spans, `encode` writes such text back. Decoding is one iterative pass
// with an explicit group stack, so any input (10,000 nested braces included)
// decodes in linear time with bounded native stack.
//
// Choices: `~` becomes U+00A0 (no-break space), single quotes and backquotes
// stay ASCII (only the doubled forms become typographic quotes), math keeps its
// source text without the `$` signs.
#include "papershelf/latex.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include "latex/markup.hpp"
#include "papershelf/diagnostics.hpp"
#include "papershelf/unicode.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"
#include "text/scratch.hpp"

namespace papershelf::latex {
namespace {

// Commands that stand for text, generated from toolchains/gen/latex_symbols.txt.
enum class SymbolKind : std::uint8_t {
  Text = 1,      // \alpha, \textdegree, \apj: their text
  Function = 2,  // \log: its own name, upright
  Space = 3,     // \quad: a word space
};
struct ScriptForm {  // (every form is in the Basic Multilingual Plane)
  std::uint16_t base;
  std::uint16_t script;
};
#include "latex_tables.inc"

// One command of the table: kSymbolBytes from its start to the next one's.
struct LatexSymbol {
  std::string_view name;
  SymbolKind kind;
  std::string_view text;
};
constexpr std::size_t kSymbolCount = std::size(kSymbolStarts) - 1;


// Command i's name against `name`, as strcmp orders them (names hold no byte under 4; the kind
// byte ends them).
int compare_symbol(std::size_t i, std::string_view name) {
  const auto* p = reinterpret_cast<const unsigned char*>(kSymbolBytes + kSymbolStarts[i]);
  for (std::size_t k = 0;; ++k) {
    const int a = p[k] > 3 ? p[k] : 0;
    const int b = k < name.size() ? static_cast<unsigned char>(name[k]) : 0;
    if (a != b || a == 0) return a - b;
  }
}

std::optional<LatexSymbol> find_symbol(std::string_view name) {
  std::size_t lo = 0, hi = kSymbolCount;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (compare_symbol(mid, name) < 0) lo = mid + 1; else hi = mid;
  }
  if (lo == kSymbolCount || compare_symbol(lo, name) != 0) return std::nullopt;
  const char* kind = kSymbolBytes + kSymbolStarts[lo] + name.size();
  const std::size_t text_size = kSymbolStarts[lo + 1] - kSymbolStarts[lo] - name.size() - 1;
  LatexSymbol s{name, static_cast<SymbolKind>(*kind), {kind + 1, text_size}};
  if (s.kind == SymbolKind::Function) s.text = name;
  return s;
}

// The form of `cp` in one of the generated tables (sorted by base), or 0 when it has none.
char32_t form_of(const ScriptForm* begin, const ScriptForm* end, char32_t cp) {
  const ScriptForm* it = std::lower_bound(begin, end, cp, [](const ScriptForm& f, char32_t c) { return f.base < c; });
  return it != end && it->base == cp ? it->script : 0;
}

struct Accent {
  char name;
  char32_t mark;     // combining mark
  char32_t spacing;  // what `\x{}` alone prints, 0 = nothing
};
constexpr Accent kAccents[] = {
    {'`', 0x0300, '`'},    {'\'', 0x0301, 0x00B4}, {'^', 0x0302, '^'},    {'~', 0x0303, '~'},
    {'=', 0x0304, 0x00AF}, {'u', 0x0306, 0x02D8},  {'.', 0x0307, 0x02D9}, {'"', 0x0308, 0x00A8},
    {'r', 0x030A, 0x02DA}, {'H', 0x030B, 0x02DD},  {'v', 0x030C, 0x02C7}, {'d', 0x0323, 0},
    {'c', 0x0327, 0x00B8}, {'k', 0x0328, 0x02DB},  {'b', 0x0331, 0},      {'t', 0x0361, 0},
};

const Accent* find_accent(std::string_view name) {
  if (name.size() != 1) return nullptr;
  for (const Accent& a : kAccents)
    if (a.name == name[0]) return &a;
  return nullptr;
}

// Math accents (\hat{x}, \vec{v}): the combining mark they put on their argument.
struct MathAccent {
  std::string_view name;
  char32_t mark;
};
constexpr MathAccent kMathAccents[] = {
    {"hat", 0x0302},      {"widehat", 0x0302},   {"check", 0x030C}, {"tilde", 0x0303},
    {"widetilde", 0x0303}, {"acute", 0x0301},    {"grave", 0x0300}, {"dot", 0x0307},
    {"ddot", 0x0308},     {"breve", 0x0306},     {"bar", 0x0304},   {"overline", 0x0305},
    {"vec", 0x20D7},      {"mathring", 0x030A},
};
const MathAccent* find_math_accent(std::string_view name) {
  for (const MathAccent& a : kMathAccents)
    if (a.name == name) return &a;
  return nullptr;
}

// Commands a math run may use and still be handed to a page's typesetter (KaTeX, MathJax), beside
// the symbol table and the accents: the structure and styles the decoder reads in math. Nothing
// that links (\href, \url), styles or names elements (\style, \class, \cssId, \bbox, \color),
// loads or defines commands (\require, \def, \newcommand), or attaches actions (\toggle,
// \mathtip): MathJax typesets those from data into the page. One string, each name between
// spaces (smaller in the WebAssembly build than a table of string_views).
constexpr std::string_view kTypesetCommands =
    " bf bm boldsymbol dfrac em emph ensuremath frac hbox hphantom it mathbb mathbf mathcal mathfrak"
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

// The math alphabets Unicode has letters for, by the LaTeX, plain TeX and AMS-TeX names: 'b'
// double-struck (\mathbb{R}, \Bbb R: ℝ), 'f' fraktur (\mathfrak{sl}, \germ: 𝔰𝔩), 'c' script
// (\mathcal{B}, \Cal, \mathscr, \scr: ℬ); 0 for any other command.
char math_alphabet(std::string_view name) {
  if (name == "mathbb" || name == "Bbb" || name == "mathbbm") return 'b';
  if (name == "mathfrak" || name == "germ" || name == "frak") return 'f';
  if (name == "mathcal" || name == "mathscr" || name == "Cal" || name == "scr") return 'c';
  return 0;
}

// An ASCII letter (or, double-struck, a digit) in the alphabet, or 0 when Unicode has none.
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
      {'b', 'C', 0x2102}, {'b', 'H', 0x210D}, {'b', 'N', 0x2115}, {'b', 'P', 0x2119}, {'b', 'Q', 0x211A},
      {'b', 'R', 0x211D}, {'b', 'Z', 0x2124}, {'f', 'C', 0x212D}, {'f', 'H', 0x210C}, {'f', 'I', 0x2111},
      {'f', 'R', 0x211C}, {'f', 'Z', 0x2128}, {'c', 'B', 0x212C}, {'c', 'E', 0x2130}, {'c', 'F', 0x2131},
      {'c', 'H', 0x210B}, {'c', 'I', 0x2110}, {'c', 'L', 0x2112}, {'c', 'M', 0x2133}, {'c', 'R', 0x211B},
      {'c', 'e', 0x212F}, {'c', 'g', 0x210A}, {'c', 'o', 0x2134},
  };
  for (const Held& h : kHeld)
    if (h.alphabet == alphabet && h.letter == c) return h.cp;
  const char32_t capital_a = alphabet == 'b' ? 0x1D538 : alphabet == 'f' ? 0x1D504 : 0x1D49C;
  return upper ? capital_a + static_cast<char32_t>(c - 'A') : capital_a + 26 + static_cast<char32_t>(c - 'a');
}

struct StyleCommand {
  std::string_view name;
  int style;  // SpanStyle value, or -1 for "content only"
};
constexpr int kPlain = -1;
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

// Bytes that end a run of plain text in the decoder's fast copy loop.
struct SpecialBytes {
  bool table[256] = {};
  constexpr SpecialBytes() {
    for (unsigned char c : std::string_view("\\{}$~-`'^_< \t\n\r\f")) table[c] = true;
    for (int c = 0x80; c < 256; ++c) table[c] = true;
  }
};
constexpr SpecialBytes kSpecial;

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// One open brace group: where its output began and what closing it means.
struct Group {
  std::uint32_t start = 0;
  std::int16_t style = kPlain;     // SpanStyle to emit on close, or kPlain
  bool nocase = false;             // opened the NoCase span (protective braces)
  bool closing_quote = false;      // \enquote: print a closing quote
  bool ends_math = false;          // \ensuremath{...}: math from here to the closing brace
  char script = 0;                 // '^', '_' (math), 'S', 's' (\textsuperscript, \textsubscript)
  char then = 0;                   // printed on close (the '/' after \frac's numerator)
  char alphabet = 0;               // a math alphabet for its letters on close (math_alphabet)
  std::uint32_t pending_base = 0;  // pending accent marks that belong to outer groups
  std::uint32_t switches_base = 0;
  std::uint32_t source = 0;        // where its text starts in the input (for \ensuremath)
  std::string url;  // for \href
};

struct Switch {
  std::uint32_t start;
  SpanStyle style;
};

// The decoder's working stacks, kept from one decode to the next so that decoding many small
// values (every word of every name) does not allocate them each time. decode() is not
// re-entrant, so one set per thread is enough.
struct Stacks {
  std::vector<Span> spans;  // built here, then copied out once at their final size
  std::vector<std::uint32_t> span_reach;  // by span: the furthest end among it and the spans before it
  std::vector<Group> groups;
  std::vector<Switch> switches;
  std::vector<char32_t> pending_marks;
};
Stacks& stacks() {
  PAPERSHELF_SCRATCH Stacks s;
  return s;
}

// TeX source of a math run as the BibTeX writer gives it back: whitespace runs as one space.
std::string math_source(std::string_view tex) {
  std::string out;
  for (std::size_t i = 0; i < tex.size(); ++i) {
    const char c = tex[i];
    if (c == '\\' && i + 1 < tex.size()) {  // a control symbol (`\ `, `\{`) is copied whole
      out.push_back(c);
      out.push_back(tex[++i]);
    } else if (is_space(c)) {
      if (!out.empty() && out.back() != ' ') out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  // (A space after a backslash is the `\ ` command; without it the backslash would escape the
  // closing `$` when the source is written back.)
  while (!out.empty() && out.back() == ' ' && !(out.size() > 1 && out[out.size() - 2] == '\\')) out.pop_back();
  return out;
}

class Decoder {
 public:
  Decoder(std::string_view in, std::vector<DecodeWarning>* warnings)
      : in_(in),
        warnings_(warnings),
        groups_(stacks().groups),
        switches_(stacks().switches),
        pending_marks_(stacks().pending_marks),
        spans_(stacks().spans),
        span_reach_(stacks().span_reach) {
    out_.text.reserve(in.size());
    groups_.clear();
    switches_.clear();
    spans_.clear();
    span_reach_.clear();
    pending_marks_.clear();
  }

  RichText run();

 private:
  void emit_base(std::string_view utf8);
  void emit_cp(char32_t cp);
  void apply_mark(char32_t mark);
  void flush_marks();
  void emit_space();
  void flush_marks_above(std::size_t base);  // the accents waiting past `base` print as themselves
  void flush_all_marks() { flush_marks_above(0); }  // every group's, not only the innermost one's
  void close_switches_above(std::size_t base);   // the style switches (\bf) past `base` end here
  void add_span(std::uint32_t begin, SpanStyle style, std::string url = {});
  // The spans that may end after `at` are spans_[i...] for the i returned: those before it all
  // end at or before `at`. Text is added at its end, so these are the few spans the group or
  // script just closed; going through every span instead made 80,000 `$x^{2}$` quadratic.
  std::size_t spans_reaching(std::uint32_t at) const {
    std::size_t i = spans_.size();
    while (i > 0 && span_reach_[i - 1] > at) --i;
    return i;
  }
  void span_ends_changed_from(std::size_t i) {
    for (; i < spans_.size(); ++i) span_reach_[i] = std::max(i ? span_reach_[i - 1] : 0u, spans_[i].end);
  }
  bool open_group(bool argument);  // false: past kMaxGroups, the brace only groups
  void close_group();
  void command();
  bool open_math();  // at `$`, `$$`, `\(` or `\[`: false when it is never closed
  void close_math();
  void script(char kind);
  void finish_script(std::uint32_t start, char kind);
  void finish_alphabet(std::uint32_t start, char alphabet);
  std::string verbatim_argument();
  void skip_argument();
  void warn(std::size_t offset, std::string message, bool once_per_input = false);
  std::uint32_t size() const { return static_cast<std::uint32_t>(out_.text.size()); }
  // Where an argument read as a whole must end: inside $...$, where the math does.
  std::size_t limit() const { return math_ && math_end_ != std::string_view::npos ? math_end_ : in_.size(); }

  std::string_view in_;
  std::size_t pos_ = 0;
  std::vector<DecodeWarning>* warnings_;
  RichText out_;
  std::vector<Group>& groups_;
  std::vector<Switch>& switches_;
  std::vector<char32_t>& pending_marks_;  // accents waiting for their base letter
  std::vector<Span>& spans_;
  std::vector<std::uint32_t>& span_reach_;  // (see spans_reaching)
  int nocase_depth_ = 0;
  static constexpr std::size_t kMaxGroups = 256;
  std::size_t flat_groups_ = 0;  // braces opened past kMaxGroups, still to close
  bool next_group_is_argument_ = false;
  bool saw_angle_ = false;  // a '<' reached the output: inline HTML may follow
  // Math: `$...$` (and `\(...\)`, `\[...\]`, `$$...$$`) from its opening to math_end_ (the
  // closing delimiter, found when math opens), or an \ensuremath group (math_end_ = npos).
  bool math_ = false;
  std::size_t math_end_ = std::string_view::npos;
  std::size_t math_close_size_ = 0;  // bytes of the closing delimiter
  std::uint32_t math_start_ = 0;     // where its text starts in the output
  std::size_t math_source_ = 0;      // and in the input
  std::size_t math_groups_ = 0;      // groups open when it started
  std::size_t math_switches_ = 0;    // and style switches (\bf) in force
};

void Decoder::warn(std::size_t offset, std::string message, bool once_per_input) {
  if (warnings_) warnings_->push_back({static_cast<std::uint32_t>(offset), std::move(message), once_per_input});
}

void Decoder::apply_mark(char32_t mark) {
  std::string& t = out_.text;
  std::size_t last = t.size();
  while (last > 0 && (static_cast<unsigned char>(t[last - 1]) & 0xC0) == 0x80) --last;
  if (last > 0) --last;
  // A letter before the innermost group or switch keeps its bytes: their starts are offsets into
  // the text (a subscript's "_(" went in the middle of a letter the mark had composed).
  std::size_t floor = groups_.empty() ? 0 : groups_.back().start;
  if (!switches_.empty()) floor = std::max<std::size_t>(floor, switches_.back().start);
  if (last < t.size() && last >= floor && t[last] != ' ') {
    std::size_t p = last;
    const char32_t base = unicode::decode_utf8(t, p);
    if (const char32_t composed = unicode::compose(base, mark)) {
      t.resize(last);
      unicode::append_utf8(t, composed);
      return;
    }
    if (mark == 0x0338) {  // \not: ≠, ∉, ≰...
      if (const char32_t negated = form_of(std::begin(kNegations), std::end(kNegations), base)) {
        t.resize(last);
        unicode::append_utf8(t, negated);
        return;
      }
    }
    if (base == 0x0131 || base == 0x0237) {  // no precomposed form: j́ is j + U+0301, not ȷ́
      t.resize(last);
      t.push_back(base == 0x0131 ? 'i' : 'j');
    }
  }
  unicode::append_utf8(t, mark);
}

void Decoder::emit_base(std::string_view utf8) {
  // A combining mark given as a letter (`\^{}` + U+0308, `\'\"`) joins the letter before it, as
  // it would as plain text: the result stays NFC.
  if (!utf8.empty() && static_cast<unsigned char>(utf8[0]) >= 0xCC && !(math_ && size() == math_start_)) {
    std::size_t after = 0;
    const char32_t cp = unicode::decode_utf8(utf8, after);
    if (unicode::is_combining_mark(cp)) {
      apply_mark(cp);
      utf8.remove_prefix(after);
    }
  }
  out_.text.append(utf8);
  if (!pending_marks_.empty()) {
    // The innermost accent is applied first: \'{\"u} is u, then diaeresis, then
    // acute.
    for (auto it = pending_marks_.rbegin(); it != pending_marks_.rend(); ++it) apply_mark(*it);
    pending_marks_.clear();
  }
}

void Decoder::emit_cp(char32_t cp) {
  std::string utf8;
  unicode::append_utf8(utf8, cp);
  emit_base(utf8);
}

void Decoder::flush_marks() { flush_marks_above(groups_.empty() ? 0 : groups_.back().pending_base); }

void Decoder::flush_marks_above(std::size_t base) {
  // Accents that never found a letter (\~{} or a trailing \') print their
  // spacing form.
  while (pending_marks_.size() > base) {
    const char32_t mark = pending_marks_.back();
    pending_marks_.pop_back();
    for (const Accent& a : kAccents)
      if (a.mark == mark && a.spacing) unicode::append_utf8(out_.text, a.spacing);
  }
}

void Decoder::close_switches_above(std::size_t base) {
  while (switches_.size() > base) {
    add_span(switches_.back().start, switches_.back().style);
    switches_.pop_back();
  }
}

void Decoder::emit_space() {
  // Math keeps its inner spaces but not a leading one (`$ x$`), as its TeX source (the span's
  // url) does not: the writer gives that source back.
  if (math_ && size() == math_start_) return;
  if (!out_.text.empty() && out_.text.back() != ' ') out_.text.push_back(' ');
}

void Decoder::add_span(std::uint32_t begin, SpanStyle style, std::string url) {
  if (begin >= size()) return;
  Span s;
  s.begin = begin;
  s.end = size();
  s.style = style;
  s.url = std::move(url);
  span_reach_.push_back(std::max(span_reach_.empty() ? 0u : span_reach_.back(), s.end));
  spans_.push_back(std::move(s));
}

bool Decoder::open_group(bool argument) {
  if (groups_.size() >= kMaxGroups) {
    // Deeper than any real value nests: further braces only group (a million nested braces
    // kept a million Groups, 48 MB). Those opened past the limit are closed first.
    ++flat_groups_;
    return false;
  }
  Group g;
  g.start = size();
  g.source = static_cast<std::uint32_t>(pos_);
  g.pending_base = static_cast<std::uint32_t>(pending_marks_.size());
  g.switches_base = static_cast<std::uint32_t>(switches_.size());
  // `{` right before a command is a "special character" group (`{\"u}`), not
  // case protection; in math, braces only group.
  const bool special = pos_ < in_.size() && in_[pos_] == '\\';
  if (!argument && !special && !math_ && nocase_depth_ == 0) {
    g.nocase = true;
    ++nocase_depth_;
  }
  groups_.push_back(std::move(g));
  return true;
}

void Decoder::close_group() {
  if (flat_groups_ > 0) {
    --flat_groups_;
    return;
  }
  if (groups_.empty()) return;  // a stray `}`: nothing to close
  flush_marks();
  Group& g = groups_.back();
  close_switches_above(g.switches_base);
  if (g.closing_quote) emit_base("”");
  if (g.alphabet) finish_alphabet(g.start, g.alphabet);
  if (g.script) finish_script(g.start, g.script);
  if (g.style != kPlain) add_span(g.start, static_cast<SpanStyle>(g.style), std::move(g.url));
  if (g.nocase) {
    add_span(g.start, SpanStyle::NoCase);
    --nocase_depth_;
  }
  if (g.ends_math) {
    // The end of \ensuremath{...}: its source is the argument, without the closing brace, and
    // without the trailing space its text then loses too (the spans inside end with the text).
    if (size() > g.start && out_.text.back() == ' ') {
      while (size() > g.start && out_.text.back() == ' ') out_.text.pop_back();
      const std::size_t reaching = spans_reaching(size());
      for (std::size_t i = reaching; i < spans_.size(); ++i) spans_[i].end = std::min(spans_[i].end, size());
      span_ends_changed_from(reaching);
    }
    flush_all_marks();
    add_span(g.start, SpanStyle::Math, math_source(in_.substr(g.source, pos_ - 1 - g.source)));
    math_ = false;
  }
  const char then = g.then;
  groups_.pop_back();
  if (then) {
    out_.text.push_back(then);
    next_group_is_argument_ = true;  // \frac's denominator
  }
}

// Reads a brace-delimited argument without decoding it (for URLs); backslash
// escapes of URL characters are undone.
std::string Decoder::verbatim_argument() {
  std::string arg;
  const std::size_t end = limit();
  if (pos_ >= end || in_[pos_] != '{') return arg;
  ++pos_;
  int depth = 1;
  while (pos_ < end) {
    const char c = in_[pos_++];
    if (c == '\\' && pos_ < end && std::strchr("_%#&{}~$", in_[pos_])) {
      arg.push_back(in_[pos_++]);
      continue;
    }
    if (c == '{') ++depth;
    if (c == '}' && --depth == 0) break;
    if (is_space(c)) {
      if (!arg.empty() && arg.back() != ' ') arg.push_back(' ');
      continue;
    }
    arg.push_back(c);
  }
  while (!arg.empty() && arg.back() == ' ') arg.pop_back();
  return arg;
}

void Decoder::skip_argument() {
  const std::size_t end = limit();
  if (pos_ >= end || in_[pos_] != '{') return;
  int depth = 0;
  while (pos_ < end) {
    const char c = in_[pos_++];
    if (c == '\\') {
      ++pos_;
      continue;
    }
    if (c == '{') ++depth;
    if (c == '}' && --depth == 0) return;
  }
}

// Math is decoded like the text around it, with its own rules: symbols and Greek become Unicode,
// ^ and _ superscripts and subscripts where Unicode has the forms, braces only group, spaces
// are the writer's. The run becomes a Math span whose url keeps the TeX source, so that the
// BibTeX writer gives the source back and a page with KaTeX or MathJax can typeset it.
bool Decoder::open_math() {
  const std::size_t open = pos_;
  std::size_t begin = pos_ + 1;
  std::string_view close = "$";
  if (in_[pos_] == '\\') {
    close = in_[pos_ + 1] == '(' ? "\\)" : "\\]";
    begin = pos_ + 2;
  } else if (begin < in_.size() && in_[begin] == '$') {
    close = "$$";
    ++begin;
  }
  // (A `$$` run also ends at a single `$`, as TeX would complain and a reader would mean.)
  auto closes_at = [&](std::size_t i) { return close[0] == '$' ? in_[i] == '$' : in_.compare(i, 2, close) == 0; };
  std::size_t end = begin;
  while (end < in_.size() && !closes_at(end)) end += in_[end] == '\\' ? 2 : 1;
  if (end >= in_.size()) {
    if (close[0] != '$') return false;  // a lone \( : an unknown command
    warn(open, "unclosed $ (kept as a dollar sign)");
    emit_base("$");
    pos_ = open + 1;
    return true;
  }
  // An accent of an outer group still waiting for its letter (`\d{\H{$x$}}`) shows as itself:
  // marked inside the math, the letter would differ from the math's source.
  flush_all_marks();
  math_ = true;
  math_end_ = end;
  math_close_size_ = close == "$$" && in_.compare(end, 2, "$$") != 0 ? 1 : close.size();
  math_start_ = size();
  math_source_ = begin;
  math_groups_ = groups_.size();
  math_switches_ = switches_.size();
  pos_ = begin;
  return true;
}

void Decoder::close_math() {
  // The source keeps no trailing space (math_source), so neither does the text, nor a group
  // still open in it (`$x^{2 $` reads as its source `x^{2` does).
  while (math_start_ < size() && out_.text.back() == ' ') out_.text.pop_back();
  while (groups_.size() > math_groups_) close_group();  // `$x{y$`: close what the math opened
  close_switches_above(math_switches_);  // `$\bf x$`: math is a group of its own
  flush_all_marks();  // (`$\ddot$x`: the accent stays in the math)
  while (math_start_ < size() && out_.text.back() == ' ') out_.text.pop_back();
  add_span(math_start_, SpanStyle::Math, math_source(in_.substr(math_source_, math_end_ - math_source_)));
  pos_ = math_end_ + math_close_size_;
  math_ = false;
  math_end_ = std::string_view::npos;
}

// `^` or `_` at pos_: the next character, command or {group} is raised or lowered.
void Decoder::script(char kind) {
  ++pos_;
  while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
  // Nothing to raise: `x^`, `$x^$`, `{x^}`.
  if (pos_ >= in_.size() || (math_ && pos_ == math_end_) || in_[pos_] == '}') {
    out_.text.push_back(kind);
    return;
  }
  if (in_[pos_] == '{') {
    ++pos_;
    if (open_group(true)) groups_.back().script = kind;
    return;
  }
  const std::uint32_t start = size();
  if (in_[pos_] == '\\') {
    command();
    // `x^\alpha y`: the space the command keeps after it is not raised with it.
    if (size() > start && out_.text.back() == ' ') {
      out_.text.pop_back();
      finish_script(start, kind);
      emit_space();
      return;
    }
  } else {
    std::size_t next = pos_;
    const char32_t cp = unicode::decode_utf8(in_, next);
    // A combining mark raised alone joins no letter: the one before `start` would change its bytes.
    if (unicode::is_combining_mark(cp)) out_.text.append(in_.substr(pos_, next - pos_));
    else emit_base(in_.substr(pos_, next - pos_));
    pos_ = next;
  }
  finish_script(start, kind);
}

// The output from `start` becomes superscript (kind '^') or subscript ('_') when Unicode has
// every character's form (x², xᵢ); otherwise it stays on the line after a caret or an
// underscore (x^q). \textsuperscript ('S') and
// \textsubscript ('s') raise only digits and signs (H₂O, 10⁻³): modifier letters make a poor
// "5ᵗʰ", so "th" stays as it is.
void Decoder::finish_script(std::uint32_t start, char kind) {
  std::string& t = out_.text;
  if (start >= t.size()) return;
  const bool text_mode = kind == 'S' || kind == 's';
  const bool up = kind == '^' || kind == 'S';
  const bool inner_spans = !span_reach_.empty() && span_reach_.back() > start;
  std::string raised;
  bool all = !inner_spans;
  for (std::size_t p = start; all && p < t.size();) {
    const char32_t cp = unicode::decode_utf8(t, p);
    if (text_mode && !((cp >= '0' && cp <= '9') || cp == '+' || cp == '-' || cp == 0x2212 ||
                       cp == '=' || cp == '(' || cp == ')')) {
      all = false;
      break;
    }
    const char32_t form = detail::script_form(up, cp);
    if (!form) all = false;
    unicode::append_utf8(raised, form);
  }
  if (all) {
    t.replace(start, std::string::npos, raised);
    return;
  }
  if (text_mode) return;
  // A raised degree ring is the degree sign (300$^\circ$C); a raised star, prime or dagger reads
  // as one on the line (C$^*$-algebras).
  if (up) {
    const std::string_view raised_text = std::string_view(t).substr(start);
    if (raised_text == "\u2218") {
      t.replace(start, std::string::npos, "\u00B0");
      return;
    }
    if (raised_text == "*" || raised_text == "\u2217" || raised_text == "\u2032" || raised_text == "\u2033")
      return;
  }
  // In math several characters with a letter or digit among them go in parentheses (e^(iπ));
  // symbols and text are left as written (the author markers of "Hu$^{\dagger*}$", "Hu^{*‡}").
  std::size_t first = start;
  unicode::decode_utf8(t, first);
  bool alnum = false;
  for (std::size_t p = start; p < t.size() && !alnum;) {
    const char32_t cp = unicode::decode_utf8(t, p);
    alnum = (cp >= '0' && cp <= '9') || unicode::is_letter(cp);
  }
  const bool words = math_ && first < t.size() && alnum;
  const std::string before = words ? std::string{kind, '('} : std::string(1, kind);
  t.insert(start, before);
  const std::size_t reaching = spans_reaching(start);
  for (std::size_t i = reaching; i < spans_.size(); ++i) {
    Span& s = spans_[i];
    if (s.begin >= start) s.begin += static_cast<std::uint32_t>(before.size());
    if (s.end > start) s.end += static_cast<std::uint32_t>(before.size());
  }
  span_ends_changed_from(reaching);
  for (Switch& s : switches_)
    if (s.start > start) s.start += static_cast<std::uint32_t>(before.size());
  if (words) t.push_back(')');
}

// The output from `start` in a math alphabet: the letters Unicode has in it (ℝ), the rest as it is.
// Left as written when a span or a switch begins inside (their offsets would move).
void Decoder::finish_alphabet(std::uint32_t start, char alphabet) {
  std::string& t = out_.text;
  if (start >= t.size() || (!span_reach_.empty() && span_reach_.back() > start)) return;
  if (std::any_of(switches_.begin(), switches_.end(), [&](const Switch& w) { return w.start > start; })) return;
  std::string letters;
  for (std::size_t p = start; p < t.size(); ++p) {
    if (const char32_t cp = in_alphabet(alphabet, t[p])) unicode::append_utf8(letters, cp);
    else letters.push_back(t[p]);
  }
  t.replace(start, std::string::npos, letters);
}

void Decoder::command() {
  const std::size_t backslash = pos_++;
  if (pos_ >= in_.size()) {
    emit_base("\\");
    return;
  }
  if ((in_[pos_] == '(' || in_[pos_] == '[') && !math_) {
    pos_ = backslash;
    if (open_math()) return;
    pos_ = backslash + 2;
    warn(backslash, std::string("\\") + in_[backslash + 1] + " without its closing \\" +
                        (in_[backslash + 1] == '(' ? ")" : "]") + " (left out)");
    return;
  }
  std::size_t name_end = pos_;
  if (is_ascii_letter(in_[pos_])) {
    while (name_end < in_.size() && is_ascii_letter(in_[name_end])) ++name_end;
  } else {
    unicode::decode_utf8(in_, name_end);  // a control symbol: one character, not one byte of it
  }
  const std::string_view name = in_.substr(pos_, name_end - pos_);
  pos_ = name_end;
  const bool word = is_ascii_letter(name[0]);
  // A starred variant takes an argument (\enquote*{x}); a star after a symbol is a star ($\dagger*$).
  if (word && pos_ + 1 < in_.size() && in_[pos_] == '*' && in_[pos_ + 1] == '{') ++pos_;
  const std::size_t after_name = pos_;
  // TeX skips the spaces after a command word; in math the writer's spacing is kept instead
  // ($x \sim y$ reads "x ∼ y"), as it is after an operator name (\log n).
  if (word || find_accent(name))
    while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
  const bool spaced = pos_ > after_name;

  if (const Accent* accent = find_accent(name)) {
    if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      open_group(true);
      pending_marks_.push_back(accent->mark);
      return;
    }
    // No base: the end, a space, a closing brace or the `$` that closes the math (`$x\'$`).
    if (pos_ >= in_.size() || is_space(in_[pos_]) || in_[pos_] == '}' || (math_ && pos_ == math_end_)) {
      if (accent->spacing) emit_cp(accent->spacing);
      return;
    }
    pending_marks_.push_back(accent->mark);
    if (in_[pos_] != '\\') {  // \'e: the next character is the base; \'\i: the command is
      std::size_t next = pos_;
      unicode::decode_utf8(in_, next);
      emit_base(in_.substr(pos_, next - pos_));
      pos_ = next;
    }
    return;
  }
  if (const auto s = find_symbol(name)) {
    if (s->kind == SymbolKind::Space) {
      emit_space();
      return;
    }
    if (!s->text.empty()) emit_base(s->text);
    saw_angle_ = saw_angle_ || s->text == "<";  // ({\textless}i{\textgreater}: Zotero's tags)
    if (spaced && (math_ || s->kind == SymbolKind::Function)) emit_space();
    next_group_is_argument_ = word;  // `\ss{}`: the empty group is not protection
    return;
  }
  if (const MathAccent* accent = find_math_accent(name)) {
    if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      open_group(true);
    }
    pending_marks_.push_back(accent->mark);
    return;
  }
  if (name == "url" || name == "href") {
    std::string url = verbatim_argument();
    // \href's text may follow after spaces; the spaces after a \url are the sentence's.
    std::size_t text_at = pos_;
    while (name == "href" && text_at < limit() && is_space(in_[text_at])) ++text_at;
    if (name == "href" && text_at < limit() && in_[text_at] == '{') {
      pos_ = text_at + 1;
      if (open_group(true) && !url.empty()) {  // (\href{}{text}: the text, linked to nothing)
        groups_.back().style = static_cast<std::int16_t>(SpanStyle::Link);
        groups_.back().url = std::move(url);
      }
      return;
    }
    if (url.empty()) return;
    const std::uint32_t start = size();
    emit_base(url);
    add_span(start, SpanStyle::Link, std::move(url));
    return;
  }
  if (name == "textsuperscript" || name == "textsubscript") {
    if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      if (open_group(true)) groups_.back().script = name == "textsuperscript" ? 'S' : 's';
    }
    return;
  }
  if (name == "ensuremath") {
    if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      flush_all_marks();  // (as when $ opens: see open_math)
      if (open_group(true) && !math_) {
        groups_.back().ends_math = true;
        math_ = true;
        math_start_ = size();
      }
    }
    return;
  }
  if (name == "frac" || name == "dfrac" || name == "tfrac") {
    if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      if (open_group(true)) groups_.back().then = '/';
    }
    return;
  }
  if (name == "sqrt") {
    emit_base("√");
    next_group_is_argument_ = true;
    return;
  }
  if (name == "not") {
    pending_marks_.push_back(0x0338);  // \not= is ≠
    return;
  }
  if (const char alphabet = math_alphabet(name)) {
    while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
    if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      if (open_group(true)) groups_.back().alphabet = alphabet;
    } else if (pos_ < in_.size() && in_alphabet(alphabet, in_[pos_])) {  // \Bbb R
      std::string letter;
      unicode::append_utf8(letter, in_alphabet(alphabet, in_[pos_++]));
      emit_base(letter);
    }
    return;
  }
  if (const StyleCommand* s = find_style(kArgumentStyles, name)) {
    if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      const bool opened = open_group(true);
      if (opened) groups_.back().style = static_cast<std::int16_t>(s->style);
      if (name == "enquote" || name == "mkbibquote") {
        emit_base("“");
        if (opened) groups_.back().closing_quote = true;
      }
    }
    return;
  }
  if (const StyleCommand* s = find_style(kSwitchStyles, name)) {
    // A style already in force adds nothing (`\it a \it b`), which also keeps the switches to
    // a handful: one span per switch gave 5,000 spans over the same text (30 KB of title made
    // 112 MB of HTML). In force means from a switch or from an enclosing `\emph{...}` alike,
    // so that `\em $\em x$` and the `\emph{$\em x$}` the BibTeX writer makes of it read the
    // same. (At most kMaxGroups groups to look through.)
    const auto style = static_cast<SpanStyle>(s->style);
    if (s->style != kPlain &&
        std::none_of(switches_.begin(), switches_.end(), [&](const Switch& w) { return w.style == style; }) &&
        std::none_of(groups_.begin(), groups_.end(), [&](const Group& g) { return g.style == s->style; }))
      switches_.push_back({size(), style});
    return;
  }
  // A colour, a style or a class and then the text it applies to: the text alone (the first
  // argument is for a typesetter, never shown; still reported for the MathJax ones below).
  if (name == "textcolor" || name == "color" || name == "colorbox" || name == "style" || name == "class" || name == "cssId") {
    if (pos_ < in_.size() && in_[pos_] == '[') {  // (\textcolor[rgb]{1,0,0}{x})
      while (pos_ < in_.size() && in_[pos_] != ']') ++pos_;
      if (pos_ < in_.size()) ++pos_;
    }
    skip_argument();
    while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
    if (name != "textcolor" && name != "color" && name != "colorbox")
      warn(backslash, "unknown command \\" + excerpt(name) + " (its text is shown)", true);
    next_group_is_argument_ = true;
    return;
  }
  if (name == "noopsort" || name == "sortkey" || name == "noop" || name == "vphantom" ||
      name == "phantom" || name == "hphantom" || name == "label" || name == "index") {
    skip_argument();
    return;
  }
  // Unknown: its argument is kept ("\\foo{bar}" reads "bar": the name glued to it read "foobar");
  // without one, its name stays visible (a visitor reads "Foo" where \\Foo was, rather than
  // nothing). Reported once per input.
  // (An empty group, "\\Foo{}", ends the word: the name is shown.)
  // (An accent waiting for its letter takes the name, as before: the argument's group would hand
  // it to the letter before the group, whose bytes would then move under the group's start.)
  const bool argument = pos_ + 1 < in_.size() && in_[pos_] == '{' && in_[pos_ + 1] != '}' && pending_marks_.empty();
  emit_base(word && !argument ? name : std::string_view());
  if (spaced && word && !argument) emit_space();
  warn(backslash, "unknown command \\" + excerpt(name) + (argument ? std::string(" (its argument is shown)") : " (shown as '" + excerpt(name) + "')"),
       true);
  next_group_is_argument_ = true;
}

RichText Decoder::run() {
  const std::size_t n = in_.size();
  while (pos_ < n) {
    if (math_ && pos_ == math_end_) {
      close_math();
      // A group after the math is no argument of a command inside it (`$\AA${Zu}`).
      next_group_is_argument_ = false;
      continue;
    }
    const char c = in_[pos_];
    const bool argument = next_group_is_argument_;
    next_group_is_argument_ = false;
    switch (c) {
      case '\\':
        command();
        continue;
      case '{':
        ++pos_;
        open_group(argument);
        continue;
      case '}':
        ++pos_;
        // `{a $x}$`: math cannot close a group opened before it (TeX stops there); skipped, so
        // that the group and the math nest as the BibTeX writer will write them.
        if (math_ && math_end_ != std::string_view::npos && groups_.size() <= math_groups_) continue;
        close_group();
        continue;
      case '$':
        if (math_) {  // ($ inside \ensuremath)
          ++pos_;
          continue;
        }
        open_math();
        continue;
      case '^':
      case '_':
        // In math a script; in text too when braced ({}^{\mbox{0}}, Hu^{*}).
        if (math_ || (pos_ + 1 < n && in_[pos_ + 1] == '{')) {
          script(c);
          continue;
        }
        break;
      case '~':
        ++pos_;
        emit_base("\u00A0");
        continue;
      case '<':
        saw_angle_ = true;
        ++pos_;
        emit_base("<");
        continue;
      case '-':
        if (math_) {
          ++pos_;
          emit_base("−");
        } else if (pos_ + 2 < n && in_[pos_ + 1] == '-' && in_[pos_ + 2] == '-') {
          pos_ += 3;
          emit_base("—");
        } else if (pos_ + 1 < n && in_[pos_ + 1] == '-') {
          pos_ += 2;
          emit_base("–");
        } else {
          ++pos_;
          emit_base("-");
        }
        continue;
      case '`':
      case '\'':
        if (math_ && c == '\'') {
          ++pos_;
          emit_base("′");
        } else if (pos_ + 1 < n && in_[pos_ + 1] == c) {
          pos_ += 2;
          emit_base(c == '`' ? "“" : "”");
        } else {
          ++pos_;
          emit_base(std::string_view(&in_[pos_ - 1], 1));
        }
        continue;
      default:
        break;
    }
    if (is_space(c)) {
      ++pos_;
      emit_space();
      continue;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      // Copy a run of plain ASCII at once (in math, up to its end).
      std::size_t end = pos_ + 1;
      const std::size_t stop = math_ && math_end_ < n ? math_end_ : n;
      while (end < stop) {
        const char d = in_[end];
        if (kSpecial.table[static_cast<unsigned char>(d)]) {
          // A single space between plain words is copied as is (what emit_space does after a
          // plain character).
          if (d == ' ' && end + 1 < stop && !kSpecial.table[static_cast<unsigned char>(in_[end + 1])]) {
            end += 2;
            continue;
          }
          break;
        }
        ++end;
      }
      if (pending_marks_.empty()) {
        out_.text.append(in_.data() + pos_, end - pos_);
      } else {
        emit_base(in_.substr(pos_, 1));  // the accents waiting go on the run's first letter
        out_.text.append(in_.data() + pos_ + 1, end - pos_ - 1);
      }
      pos_ = end;
      continue;
    }
    std::size_t next = pos_;
    const char32_t cp = unicode::decode_utf8(in_, next);
    if (unicode::is_combining_mark(cp) && !(math_ && size() == math_start_)) {  // (not onto a letter before the math)
      apply_mark(cp);
    } else if (cp == 0x00A0) {
      emit_base(in_.substr(pos_, next - pos_));
    } else if (cp == 0x2028 || cp == 0x2029 || cp == 0x3000) {
      emit_space();
    } else {
      emit_base(in_.substr(pos_, next - pos_));
    }
    pos_ = next;
  }
  if (math_ && math_end_ != std::string_view::npos) close_math();
  ++pos_;  // (as if past a closing brace: an \ensuremath{ left open keeps its source's last byte)
  while (!groups_.empty()) close_group();  // unbalanced `{`: close what is open
  flush_marks();
  close_switches_above(0);
  // Inline HTML the value carries (<i>E. coli</i>, H<sub>2</sub>O, Zotero's {\textless}i...).
  if (saw_angle_) detail::apply_inline_markup(out_.text, spans_);
  while (!out_.text.empty() && out_.text.back() == ' ') out_.text.pop_back();
  const std::uint32_t length = size();
  for (Span& s : spans_) s.end = std::min(s.end, length);
  spans_.erase(
      std::remove_if(spans_.begin(), spans_.end(), [](const Span& s) { return s.begin >= s.end; }),
      spans_.end());
  // Canonical order: inner spans (closed first) before the spans that contain them. The record
  // gets them in one allocation of their exact size (a library keeps every title's spans).
  if (!spans_.empty()) {
    const auto order = detail::sorted_indices(spans_.size(), [&](std::uint32_t a, std::uint32_t b) {
      const Span& x = spans_[a];
      const Span& y = spans_[b];
      return x.end != y.end ? x.end < y.end : x.begin > y.begin;
    });
    out_.spans.reserve(spans_.size());
    for (const std::uint32_t i : order) out_.spans.push_back(std::move(spans_[i]));
    spans_.clear();
  }
  return std::move(out_);
}

// --- encode ---

void encode_plain(std::string& out, std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char prev = out.empty() ? '\0' : out.back();
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '{':
        out += "\\{";
        break;
      case '}':
        out += "\\}";
        break;
      case '$':
        out += "\\$";
        break;
      case '%':
        out += "\\%";
        break;
      case '&':
        out += "\\&";
        break;
      case '#':
        out += "\\#";
        break;
      case '_':
        out += "\\_";
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      case '^':  // (text-mode LaTeX has no bare caret, and `^{` reads as a superscript)
        out += "\\textasciicircum{}";
        break;
      case '-':
      case '`':
      case '\'':
        if (prev == c) out += "{}";  // keep "--" from turning into a dash
        out.push_back(c);
        break;
      default:
        if (c == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
          out.push_back('~');
          ++i;
        } else {
          out.push_back(c);
        }
    }
  }
}

// A URL inside \url{} or \href{}: copied as is (the reader takes it verbatim), except what that
// reading would change: braces (they would end or nest the argument), a special character after
// a backslash (`\%` reads as `%`) and a backslash at the end (`\}` reads as `}`).
void encode_url(std::string& out, std::string_view url) {
  for (std::size_t i = 0; i < url.size(); ++i) {
    const char c = url[i];
    if (c == '{' || c == '}' || (i > 0 && url[i - 1] == '\\' && std::strchr("_%#&~$", c))) out.push_back('\\');
    out.push_back(c);
  }
  if (!url.empty() && url.back() == '\\') out.push_back(' ');
}

// A link written as \url{...}: its text is its URL, with no other style inside it (the reader
// takes \url's argument verbatim). `order` is the spans outermost first (as encode() opens
// them) and the link is order[k]: a span inside it comes right after it there, or right before
// it when both cover the same text. (Looking through every span for every link made a note of
// many \url{} quadratic.)
bool written_as_url(const RichText& text, const std::vector<std::uint32_t>& order, std::size_t k) {
  const Span& s = text.spans[order[k]];
  if (s.style != SpanStyle::Link || std::string_view(text.text).substr(s.begin, s.end - s.begin) != s.url) return false;
  if (k > 0 && text.spans[order[k - 1]].begin == s.begin && text.spans[order[k - 1]].end == s.end) return false;
  // (The spans that begin inside it and end past it are the ones that cross it: a few.)
  for (std::size_t j = k + 1; j < order.size() && text.spans[order[j]].begin < s.end; ++j)
    if (text.spans[order[j]].end <= s.end) return false;
  return true;
}

void open_span(std::string& out, const Span& s, bool as_url) {
  switch (s.style) {
    case SpanStyle::Italic:
      out += "\\emph{";
      break;
    case SpanStyle::Bold:
      out += "\\textbf{";
      break;
    case SpanStyle::SmallCaps:
      out += "\\textsc{";
      break;
    case SpanStyle::Monospace:
      out += "\\texttt{";
      break;
    case SpanStyle::Math:
      out += "$";
      break;
    case SpanStyle::NoCase:
      out += "{";
      break;
    case SpanStyle::Link:
      if (as_url) {
        out += "\\url{";
      } else {
        out += "\\href{";
        encode_url(out, s.url);
        out += "}{";
      }
      break;
  }
}

// Plain ASCII words with single spaces between them: nothing to decode. Four bytes are looked up
// per step, in a table where a space is not special (prose has one every few bytes); double
// spaces are then looked for word by word.
struct PlainStops {
  bool table[256] = {};
  constexpr PlainStops() {
    for (int c = 0; c < 256; ++c) table[c] = kSpecial.table[c] && c != ' ';
  }
};
constexpr PlainStops kPlainStops;

bool is_plain(std::string_view s) {
  if (s.empty()) return true;
  if (s.front() == ' ' || s.back() == ' ') return false;
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const std::size_t n = s.size();
  const bool* stop = kPlainStops.table;
  std::size_t i = 0;
  while (i + 4 <= n && !(stop[p[i]] | stop[p[i + 1]] | stop[p[i + 2]] | stop[p[i + 3]])) i += 4;
  while (i < n && !stop[p[i]]) ++i;
  return i == n && bytes::find(s, "  ") == std::string_view::npos;
}

}  // namespace

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

RichText decode(std::string_view latex, std::vector<DecodeWarning>* warnings) {
  if (is_plain(latex)) return RichText(std::string(latex));
  return Decoder(latex, warnings).run();
}

std::string encode(const RichText& text) {
  const std::string& t = text.text;
  std::string out;
  out.reserve(t.size() + 16);
  if (text.spans.empty()) {
    encode_plain(out, t);
    return out;
  }
  // Outer spans open first; of two equal ranges the later one in the list is
  // the outer one.
  const auto order = detail::sorted_indices(text.spans.size(), [&](std::uint32_t a, std::uint32_t b) {
    const Span& x = text.spans[a];
    const Span& y = text.spans[b];
    if (x.begin != y.begin) return x.begin < y.begin;
    if (x.end != y.end) return x.end > y.end;
    return a > b;
  });
  std::vector<std::uint8_t> as_url(text.spans.size());  // by span
  for (std::size_t k = 0; k < order.size(); ++k) as_url[order[k]] = written_as_url(text, order, k);
  std::vector<const Span*> open;
  std::size_t next = 0;
  std::size_t pos = 0;
  auto close_until = [&](std::size_t at) {
    while (!open.empty() && open.back()->end <= at) {
      const Span* s = open.back();
      open.pop_back();
      out += s->style == SpanStyle::Math ? "$" : "}";
    }
  };
  while (pos <= t.size()) {
    close_until(pos);
    bool in_math = !open.empty() && open.back()->style == SpanStyle::Math;
    std::size_t past_math = 0;  // a math run written back as its TeX source ends here
    while (next < order.size() && text.spans[order[next]].begin == pos && !in_math) {
      const Span& s = text.spans[order[next++]];
      if (s.style == SpanStyle::Math && !s.url.empty()) {
        // The source between delimiters it cannot contain: `\(a$b\)` is not `$a$b$`.
        bool dollar = false, paren = false, bracket = false;
        for (std::size_t i = 0; i < s.url.size(); ++i) {
          if (s.url[i] == '$') dollar = true;
          if (s.url[i] != '\\' || ++i == s.url.size()) continue;
          paren = paren || s.url[i] == ')';
          bracket = bracket || s.url[i] == ']';
        }
        const char* const open_close[][2] = {{"$", "$"}, {"\\(", "\\)"}, {"\\[", "\\]"}, {"\\ensuremath{", "}"}};
        const auto& delimiters = open_close[!dollar ? 0 : !paren ? 1 : !bracket ? 2 : 3];
        out += delimiters[0];
        out += s.url;
        out += delimiters[1];
        past_math = s.end;
        break;
      }
      open_span(out, s, as_url[&s - text.spans.begin()]);
      open.push_back(&s);
      in_math = s.style == SpanStyle::Math;
      if (s.style == SpanStyle::NoCase && pos < t.size()) {
        // `{\&}` or `{\emph{x}}` would read as a special-character group, not
        // as protection.
        std::string probe;
        encode_plain(probe, t.substr(pos, 1));
        const bool command_follows = next < order.size() && text.spans[order[next]].begin == pos &&
                                     text.spans[order[next]].style != SpanStyle::NoCase &&
                                     text.spans[order[next]].style != SpanStyle::Math;
        if (command_follows || (!probe.empty() && probe[0] == '\\')) out += "{}";
      }
    }
    if (past_math > pos) {
      pos = past_math;
      while (next < order.size() && text.spans[order[next]].begin < pos) ++next;  // inside it
      continue;
    }
    while (next < order.size() && text.spans[order[next]].begin < pos) ++next;  // malformed
    if (pos == t.size()) break;
    // Copy up to the next span boundary.
    std::size_t stop = t.size();
    if (next < order.size()) stop = std::min<std::size_t>(stop, text.spans[order[next]].begin);
    if (!open.empty()) stop = std::min<std::size_t>(stop, open.back()->end);
    if (stop <= pos) stop = pos + 1;
    const std::string_view chunk = std::string_view(t).substr(pos, stop - pos);
    if (in_math) {
      out.append(chunk);
    } else if (!open.empty() && as_url[open.back() - text.spans.begin()]) {
      encode_url(out, chunk);
    } else {
      encode_plain(out, chunk);
    }
    pos = stop;
  }
  close_until(t.size() + 1);
  return out;
}

std::string decoded_field(const Publication& p, std::string_view name) {
  const std::string* value = p.extra_field(name);
  return value ? decode(*value).text : std::string();
}

}  // namespace papershelf::latex

namespace papershelf::detail {

char32_t script_form(bool up, char32_t cp) {
  const latex::ScriptForm* begin = up ? std::begin(latex::kSuperscripts) : std::begin(latex::kSubscripts);
  const latex::ScriptForm* end = up ? std::end(latex::kSuperscripts) : std::end(latex::kSubscripts);
  if (const char32_t form = latex::form_of(begin, end, cp)) return form;
  for (const latex::ScriptForm* f = begin; f != end; ++f)  // already in that form (a script inside a script)
    if (f->script == cp) return cp;
  return 0;
}

}  // namespace papershelf::detail
