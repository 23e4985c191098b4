// LaTeX as written in .bib values: `decode` turns it into NFC Unicode plus style spans (text,
// commands and groups here; math in math.cpp; the commands it knows in commands.cpp; `encode`,
// which writes such text back, in encode.cpp). Decoding is one iterative pass
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

#include "latex/commands.hpp"
#include "latex/decoder.hpp"
#include "latex/markup.hpp"
#include "papershelf/diagnostics.hpp"
#include "papershelf/unicode.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"
#include "text/scratch.hpp"

namespace papershelf::latex {

Stacks& stacks() {
  PAPERSHELF_SCRATCH Stacks s;
  return s;
}

// Control characters (C0, C1: U+0085 from Windows-1252 read as Latin-1, U+0008 pasted from a
// PDF): no reader sees them and a terminal may obey them.
// They are kept as the data they are (exports give them back; a terminal shows them escaped,
// HTML as nothing).
constexpr const char* kControlWarning =
    "control characters (C0, C1 such as U+0085) in text: no reader sees them";

void Decoder::warn(std::size_t offset, DiagnosticKind kind, std::string message,
                   bool once_per_input) {
  if (warnings_)
    warnings_->push_back(
        {static_cast<std::uint32_t>(offset), kind, std::move(message), once_per_input});
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
      if (const char32_t negated = negated_form(base)) {
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
  if (!utf8.empty() && static_cast<unsigned char>(utf8[0]) >= 0xCC &&
      !(math_ && size() == math_start_)) {
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

void Decoder::flush_marks() {
  flush_marks_above(groups_.empty() ? 0 : groups_.back().pending_base);
}

void Decoder::flush_marks_above(std::size_t base) {
  // Accents that never found a letter (\~{} or a trailing \') print their
  // spacing form.
  while (pending_marks_.size() > base) {
    const char32_t mark = pending_marks_.back();
    pending_marks_.pop_back();
    if (const char32_t spacing = spacing_accent(mark)) unicode::append_utf8(out_.text, spacing);
    // \~{} and \^{} are how BibTeX writes a tilde and a caret; any other accent that found no
    // letter is a broken escape (J\"{}ane, Rich\' at a name's end): said once per file.
    if (mark != 0x0303 && mark != 0x0302)
      warn(pos_ > 0 ? pos_ - 1 : 0, DiagnosticKind::Syntax,
           "an accent with no letter to go on (J\\\"{}ane: write J\\\"{a}ne): shown on its own",
           true);
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
      for (std::size_t i = reaching; i < spans_.size(); ++i)
        spans_[i].end = std::min(spans_[i].end, size());
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
    warn(backslash, DiagnosticKind::Syntax,
         std::string("\\") + in_[backslash + 1] + " without its closing \\" +
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
  // A starred variant takes an argument (\enquote*{x}); a star after a symbol is a star
  // ($\dagger*$).
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
    if (pos_ >= in_.size() || is_space(in_[pos_]) || in_[pos_] == '}' ||
        (math_ && pos_ == math_end_)) {
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
  if (name == "$" && !math_) {  // (kept apart from \textdollar: read_escaped_math)
    escaped_dollars_.push_back(size());
    emit_base("$");
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
  if (name == "foreignlanguage" || name == "selectlanguage" || name == "hyphenrules") {
    // babel's language switches: the language is no text (\foreignlanguage{russian}{...} shows
    // its second argument, as the group that follows).
    while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
    if (pos_ < in_.size() && in_[pos_] == '[') {  // (\foreignlanguage[options]{russian}{...})
      const std::size_t close = in_.find(']', pos_);
      if (close != std::string_view::npos) pos_ = close + 1;
    }
    verbatim_argument();
    return;
  }
  if (name == "hyperlink" || name == "hypertarget") {
    // hyperref's anchors inside the document the .bib was made for: nothing a page can link to;
    // the text that follows is shown (\hyperlink{./evidence.pdf.1}{EVIDENCE}: "EVIDENCE").
    while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
    verbatim_argument();
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
  if (name == "ce" || name == "cee") {  // (mhchem)
    while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
    if (pos_ < in_.size() && in_[pos_] == '{') {
      emit_base(chemical_formula(verbatim_argument()));
      return;
    }
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
    if (name == "cal" && !groups_.empty() && groups_.back().start == size() &&
        !groups_.back().alphabet) {
      groups_.back().alphabet = alphabet;  // (plain TeX's switch: {\cal B} is the group's letters)
    } else if (pos_ < in_.size() && in_[pos_] == '{') {
      ++pos_;
      if (open_group(true)) groups_.back().alphabet = alphabet;
    } else if (pos_ < in_.size() && in_alphabet(alphabet, in_[pos_])) {  // \Bbb R
      std::string letter;
      unicode::append_utf8(letter, in_alphabet(alphabet, in_[pos_++]));
      emit_base(letter);
    }
    return;
  }
  if (const StyleCommand* s = find_argument_style(name)) {
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
  if (const StyleCommand* s = find_switch_style(name)) {
    // A style already in force adds nothing (`\it a \it b`), which also keeps the switches to
    // a handful: one span per switch gave 5,000 spans over the same text (30 KB of title made
    // 112 MB of HTML). In force means from a switch or from an enclosing `\emph{...}` alike,
    // so that `\em $\em x$` and the `\emph{$\em x$}` the BibTeX writer makes of it read the
    // same. (At most kMaxGroups groups to look through.)
    const auto style = static_cast<SpanStyle>(s->style);
    if (s->style != kPlain &&
        std::none_of(switches_.begin(), switches_.end(),
                     [&](const Switch& w) { return w.style == style; }) &&
        std::none_of(groups_.begin(), groups_.end(),
                     [&](const Group& g) { return g.style == s->style; }))
      switches_.push_back({size(), style});
    return;
  }
  // A colour, a style or a class and then the text it applies to: the text alone (the first
  // argument is for a typesetter, never shown; still reported for the MathJax ones below).
  if (name == "textcolor" || name == "color" || name == "colorbox" || name == "style" ||
      name == "class" || name == "cssId") {
    if (pos_ < in_.size() && in_[pos_] == '[') {  // (\textcolor[rgb]{1,0,0}{x})
      while (pos_ < in_.size() && in_[pos_] != ']') ++pos_;
      if (pos_ < in_.size()) ++pos_;
    }
    skip_argument();
    while (pos_ < in_.size() && is_space(in_[pos_])) ++pos_;
    if (name != "textcolor" && name != "color" && name != "colorbox")
      warn(backslash, DiagnosticKind::Unknown,
           "unknown command \\" + excerpt(name) + " (its text is shown)", true);
    next_group_is_argument_ = true;
    return;
  }
  if (name == "noopsort" || name == "sortkey" || name == "noop" || name == "vphantom" ||
      name == "phantom" || name == "hphantom" || name == "label" || name == "index") {
    skip_argument();
    return;
  }
  // Spacing by a length ({\hspace{0.167em}}, \vspace{1ex}, \kern0.2em): a space between words
  // at most, never the length as text; \raisebox{-0.5ex}{~} shows its text.
  if (name == "hspace" || name == "vspace" || name == "hskip" || name == "vskip" ||
      name == "kern" || name == "mkern" || name == "mskip" || name == "raisebox") {
    while (pos_ < in_.size() && (is_space(in_[pos_]) || in_[pos_] == '*')) ++pos_;
    if (pos_ < in_.size() && in_[pos_] == '{') {
      skip_argument();
    } else {  // (an unbraced length: -0.2em, 3pt, 1.5\baselineskip is left to the next command)
      while (pos_ < in_.size() && (in_[pos_] == '-' || in_[pos_] == '+' || in_[pos_] == '.' ||
                                   (in_[pos_] >= '0' && in_[pos_] <= '9')))
        ++pos_;
      while (pos_ < in_.size() && ((in_[pos_] >= 'a' && in_[pos_] <= 'z'))) ++pos_;
    }
    if (name == "raisebox") {
      for (int k = 0; k < 2 && pos_ < in_.size() && in_[pos_] == '['; ++k) {  // ([height][depth])
        const std::size_t close = in_.find(']', pos_);
        if (close == std::string_view::npos) break;
        pos_ = close + 1;
      }
      return;  // (the text's group follows)
    }
    if (name == "hspace" || name == "hskip" || name == "kern") emit_space();
    return;
  }
  // Unknown: its argument is kept ("\\foo{bar}" reads "bar": the name glued to it read "foobar");
  // without one, its name stays visible (a visitor reads "Foo" where \\Foo was, rather than
  // nothing). Reported once per input.
  // (An empty group, "\\Foo{}", ends the word: the name is shown.)
  // (An accent waiting for its letter takes the name, as before: the argument's group would hand
  // it to the letter before the group, whose bytes would then move under the group's start.)
  const bool argument =
      pos_ + 1 < in_.size() && in_[pos_] == '{' && in_[pos_ + 1] != '}' && pending_marks_.empty();
  emit_base(word && !argument ? name : std::string_view());
  if (spaced && word && !argument) emit_space();
  warn(backslash, DiagnosticKind::Unknown,
       "unknown command \\" + excerpt(name) +
           (argument ? std::string(" (its argument is shown)")
                     : " (shown as '" + excerpt(name) + "')"),
       true);
  next_group_is_argument_ = true;
}

// Math an export escaped: Zotero and Mendeley write a title's $x^2$ as \$x{\textasciicircum}2\$
// (their titles are plain text), so the text holds "$x^2$". A pair of dollars written \$ (not
// \textdollar, which papershelf's own writer uses for a dollar), paired left to right as TeX
// pairs them, is read as math when its first and last characters are not spaces
// and it holds TeX (a backslash, ^ or _): "EMC$^2$" and "$\text{Memory}^3$" are math, the prices
// in "135, $225 hardback" or "\$5 to \$10" are not. Spans inside a run give way to the math's.
void Decoder::read_escaped_math() {
  std::string& text = out_.text;
  std::string out;
  std::vector<Span> spans;
  std::vector<std::pair<std::uint32_t, std::int64_t>>
      moved;  // (end of a run in the old text, shift after it)
  std::vector<std::pair<std::uint32_t, std::uint32_t>> runs;  // the old text's math runs
  std::size_t copied = 0;
  std::int64_t shift = 0;
  for (std::size_t k = 0; k + 1 < escaped_dollars_.size();) {
    const std::size_t open = escaped_dollars_[k], close = escaped_dollars_[k + 1];
    if (close >= text.size() || text[open] != '$' || text[close] != '$')
      break;  // (moved: not ours to read)
    const std::string_view inner = std::string_view(text).substr(open + 1, close - open - 1);
    const bool math = !inner.empty() && !is_space(inner.front()) && !is_space(inner.back()) &&
                      inner.find_first_of("\\^_") != std::string_view::npos;
    k += 2;
    if (!math) continue;
    out.append(text, copied, open - copied);
    const RichText decoded = decode(std::string_view(text).substr(open, close + 1 - open));
    for (Span span : decoded.spans) {
      span.begin += static_cast<std::uint32_t>(out.size());
      span.end += static_cast<std::uint32_t>(out.size());
      spans.push_back(std::move(span));
    }
    out += decoded.text;
    shift += static_cast<std::int64_t>(decoded.text.size()) -
             static_cast<std::int64_t>(close + 1 - open);
    runs.emplace_back(static_cast<std::uint32_t>(open), static_cast<std::uint32_t>(close + 1));
    moved.emplace_back(static_cast<std::uint32_t>(close + 1), shift);
    copied = close + 1;
  }
  if (runs.empty()) return;
  out.append(text, copied, std::string::npos);
  const auto place = [&](std::uint32_t old) {  // (a place outside every run)
    std::int64_t by = 0;
    for (const auto& [end, after] : moved)
      if (end <= old) by = after;
    return static_cast<std::uint32_t>(static_cast<std::int64_t>(old) + by);
  };
  for (const Span& span : spans_) {
    const bool inside =
        std::any_of(runs.begin(), runs.end(),
                    [&](const auto& r) { return span.end > r.first && span.begin < r.second; }) &&
        !std::any_of(runs.begin(), runs.end(),
                     [&](const auto& r) { return span.begin <= r.first && span.end >= r.second; });
    if (inside) continue;  // (a span cut by a run: the math's own spans say it)
    Span kept = span;
    kept.begin = place(span.begin);
    kept.end = place(span.end);
    if (kept.begin < kept.end) spans.push_back(std::move(kept));
  }
  spans_ = std::move(spans);
  text = std::move(out);
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
        if (math_ && math_end_ != std::string_view::npos && groups_.size() <= math_groups_)
          continue;
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
    if (byte < 0x20 && byte != 0) {  // (C0 controls; C1 below: said, and kept as data)
      warn(pos_, DiagnosticKind::Encoding, kControlWarning, true);
      emit_base(in_.substr(pos_, 1));
      ++pos_;
      continue;
    }
    if (byte < 0x80) {
      // Copy a run of plain ASCII at once (in math, up to its end).
      std::size_t end = pos_ + 1;
      const std::size_t stop = math_ && math_end_ < n ? math_end_ : n;
      while (end < stop) {
        const char d = in_[end];
        if (kSpecial.table[static_cast<unsigned char>(d)]) {
          // A single space between plain words is copied as is (what emit_space does after a
          // plain character).
          if (d == ' ' && end + 1 < stop &&
              !kSpecial.table[static_cast<unsigned char>(in_[end + 1])]) {
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
    if (unicode::is_combining_mark(cp) &&
        !(math_ && size() == math_start_)) {  // (not onto a letter before the math)
      apply_mark(cp);
    } else if (cp == 0x00A0) {
      emit_base(in_.substr(pos_, next - pos_));
    } else if (cp == 0x2028 || cp == 0x2029 || cp == 0x3000) {
      emit_space();
    } else if (cp >= 0x80 && cp <= 0x9F) {
      warn(pos_, DiagnosticKind::Encoding, kControlWarning, true);
      emit_base(in_.substr(pos_, next - pos_));
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
  if (escaped_dollars_.size() >= 2) read_escaped_math();
  // Inline HTML the value carries (<i>E. coli</i>, H<sub>2</sub>O, Zotero's {\textless}i...).
  // And HTML's character references (latex/markup.hpp says why they are not text in BibTeX).
  const bool referenced = saw_angle_ ? detail::apply_inline_markup(out_.text, spans_)
                                     : detail::apply_character_references(out_.text, spans_);
  if (referenced) {
    std::size_t at = in_.find('&');  // (the first reference decoded, for the warning's place)
    for (; at != std::string_view::npos; at = in_.find('&', at + 1)) {
      const std::size_t semi = in_.find(';', at);
      if (semi != std::string_view::npos &&
          unicode::character_reference(in_.substr(at + 1, semi - at - 1),
                                       unicode::References::Html))
        break;
    }
    warn(at == std::string_view::npos ? 0 : at, DiagnosticKind::Encoding,
         "HTML character references (&amp;, &nbsp;, &#...;) are read as the characters they stand "
         "for "
         "(an HTML-escaping export wrote them; BibTeX's & is \\&)",
         true);
  }
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

// Plain ASCII words with single spaces between them, without a character reference: nothing to
// decode. Four bytes are looked up
// per step, in a table where a space is not special (prose has one every few bytes); double
// spaces are then looked for word by word.
struct PlainStops {
  bool table[256] = {};
  constexpr PlainStops() {
    for (int c = 0; c < 256; ++c)
      table[c] = (kSpecial.table[c] && c != ' ') || c == '&';  // (&amp;: see run())
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

RichText decode(std::string_view latex, std::vector<DecodeWarning>* warnings) {
  if (is_plain(latex)) return RichText(std::string(latex));
  return Decoder(latex, warnings).run();
}

}  // namespace papershelf::latex
