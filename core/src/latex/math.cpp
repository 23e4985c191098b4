// Math in LaTeX values ($...$, \(...\), \ensuremath{...}): Unicode where it can say it, x² and
// xᵢ where it has the forms, and a Math span whose url keeps the TeX source.
#include <string>

#include "latex/decoder.hpp"
#include "latex/markup.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::latex {

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
  while (!out.empty() && out.back() == ' ' && !(out.size() > 1 && out[out.size() - 2] == '\\'))
    out.pop_back();
  return out;
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
  auto closes_at = [&](std::size_t i) {
    return close[0] == '$' ? in_[i] == '$' : in_.compare(i, 2, close) == 0;
  };
  std::size_t end = begin;
  while (end < in_.size() && !closes_at(end)) end += in_[end] == '\\' ? 2 : 1;
  if (end >= in_.size()) {
    if (close[0] != '$') return false;  // a lone \( : an unknown command
    warn(open, DiagnosticKind::Syntax, "unclosed $ (kept as a dollar sign)");
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
  close_switches_above(math_switches_);                 // `$\bf x$`: math is a group of its own
  flush_all_marks();  // (`$\ddot$x`: the accent stays in the math)
  while (math_start_ < size() && out_.text.back() == ' ') out_.text.pop_back();
  add_span(math_start_, SpanStyle::Math,
           math_source(in_.substr(math_source_, math_end_ - math_source_)));
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
    if (unicode::is_combining_mark(cp))
      out_.text.append(in_.substr(pos_, next - pos_));
    else
      emit_base(in_.substr(pos_, next - pos_));
    pos_ = next;
  }
  finish_script(start, kind);
}

// The output from `start` becomes superscript (kind '^') or subscript ('_') when Unicode has
// every character's form (x², xᵢ); otherwise a Superscript or Subscript span (HTML's <sup>,
// <sub>). \textsuperscript ('S') and \textsubscript ('s') take the forms only for digits and
// signs (H₂O, 10⁻³): modifier letters make a poor "5ᵗʰ", so "th" is a span.
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
  const SpanStyle script = up ? SpanStyle::Superscript : SpanStyle::Subscript;
  if (text_mode) {  // (\textsuperscript{th}: raised as text, "5<sup>th</sup>")
    add_span(start, script);
    return;
  }
  // A raised degree ring is the degree sign (300$^\circ$C); a raised star, prime or dagger reads
  // as one on the line (C$^*$-algebras).
  if (up) {
    const std::string_view raised_text = std::string_view(t).substr(start);
    if (raised_text == "\u2218") {
      t.replace(start, std::string::npos, "\u00B0");
      return;
    }
    if (raised_text == "*" || raised_text == "\u2217" || raised_text == "\u2032" ||
        raised_text == "\u2033")
      return;
  }
  // In math a script is raised or lowered as a span (Ξ_b⁰ is Ξ<sub>b</sub>⁰, e^{iπ} e<sup>iπ</sup>,
  // B^± B<sup>±</sup>); the signs of author markers, and text, are left as written, after a caret
  // or an underscore (the markers of "Hu$^{\dagger*}$", "Hu^{*‡}").
  // (the signs an author marker is made of: * ∗ † ‡ § ¶ ‖ #)
  bool marks_only = true;
  for (std::size_t p = start; p < t.size() && marks_only;) {
    const char32_t cp = unicode::decode_utf8(t, p);
    marks_only = cp == '*' || cp == '#' || cp == 0x2217 || cp == 0x2020 || cp == 0x2021 ||
                 cp == 0xA7 || cp == 0xB6 || cp == 0x2016;
  }
  if (math_ && !marks_only) {
    add_span(start, script);
    return;
  }
  const std::string before(1, kind);
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
}

// The output from `start` in a math alphabet: the letters Unicode has in it (ℝ), the rest as it is.
// Left as written when a span or a switch begins inside (their offsets would move).
void Decoder::finish_alphabet(std::uint32_t start, char alphabet) {
  std::string& t = out_.text;
  if (start >= t.size() || (!span_reach_.empty() && span_reach_.back() > start)) return;
  if (std::any_of(switches_.begin(), switches_.end(),
                  [&](const Switch& w) { return w.start > start; }))
    return;
  std::string letters;
  for (std::size_t p = start; p < t.size(); ++p) {
    if (const char32_t cp = in_alphabet(alphabet, t[p]))
      unicode::append_utf8(letters, cp);
    else
      letters.push_back(t[p]);
  }
  t.replace(start, std::string::npos, letters);
}

}  // namespace papershelf::latex
