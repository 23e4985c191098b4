// The LaTeX decoder's state and steps (latex.cpp reads text, commands and groups; math.cpp reads
// math). One iterative pass with an explicit group stack. Internal to the core.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "latex/commands.hpp"
#include "papershelf/latex.hpp"

namespace papershelf::latex {

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// Bytes that end a run of plain text in the decoder's fast copy loop.
struct SpecialBytes {
  bool table[256] = {};
  constexpr SpecialBytes() {
    for (unsigned char c : std::string_view("\\{}$~-`'^_< \t\n\r\f")) table[c] = true;
    for (int c = 1; c < 0x20; ++c) table[c] = true;  // (controls: said, latex.cpp)
    for (int c = 0x80; c < 256; ++c) table[c] = true;
  }
};
constexpr SpecialBytes kSpecial;

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
  std::uint32_t source = 0;  // where its text starts in the input (for \ensuremath)
  std::string url;           // for \href
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
  std::vector<std::uint32_t>
      span_reach;  // by span: the furthest end among it and the spans before it
  std::vector<Group> groups;
  std::vector<Switch> switches;
  std::vector<char32_t> pending_marks;
};
Stacks& stacks();

// TeX source of a math run as the BibTeX writer gives it back: whitespace runs as one space.
std::string math_source(std::string_view tex);

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
  void close_switches_above(std::size_t base);      // the style switches (\bf) past `base` end here
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
    for (; i < spans_.size(); ++i)
      span_reach_[i] = std::max(i ? span_reach_[i - 1] : 0u, spans_[i].end);
  }
  bool open_group(bool argument);  // false: past kMaxGroups, the brace only groups
  void close_group();
  void command();
  bool open_math();  // at `$`, `$$`, `\(` or `\[`: false when it is never closed
  void close_math();
  void script(char kind);
  void finish_script(std::uint32_t start, char kind);
  void finish_alphabet(std::uint32_t start, char alphabet);
  void read_escaped_math();
  std::string verbatim_argument();
  void skip_argument();
  void warn(std::size_t offset, DiagnosticKind kind, std::string message,
            bool once_per_input = false);
  std::uint32_t size() const { return static_cast<std::uint32_t>(out_.text.size()); }
  // Where an argument read as a whole must end: inside $...$, where the math does.
  std::size_t limit() const {
    return math_ && math_end_ != std::string_view::npos ? math_end_ : in_.size();
  }

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
  bool saw_angle_ = false;                      // a '<' reached the output: inline HTML may follow
  std::vector<std::uint32_t> escaped_dollars_;  // where each \$ put its "$" (read_escaped_math)
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

}  // namespace papershelf::latex
