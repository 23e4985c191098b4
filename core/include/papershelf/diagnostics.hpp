// Problems found while reading data. Readers return them as values next to the records they kept;
// nothing in papershelf throws across its API.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace papershelf {

enum class Severity : std::uint8_t { Error, Warning, Note };
std::string_view to_string(Severity s);

// What the owner has to do about a diagnostic, whatever its wording: a panel groups by it, a
// script filters by it, and the fixtures assert it (docs/data.md lists each with an example).
enum class DiagnosticKind : std::uint8_t {
  Syntax,     // the file's grammar or shape is broken (an unclosed brace, a missing comma, a bad
              // JSON literal, LaTeX markup left open): fix the text there
  Encoding,   // the bytes are not clean UTF-8 text (invalid UTF-8, NUL, a lone surrogate, text
              // encoded twice): save the file as UTF-8
  Unknown,    // an entry type, field, command or status papershelf does not know: read as
              // something else, or shown as written
  Duplicate,  // a key or field given twice: one of them is renamed or dropped
  Reference,  // a crossref, xdata or @string macro names nothing, or names itself
  Value,      // a field's value cannot be used as written (a year, date, name list, count, key,
              // or a JSON value of the wrong type)
  LeftOut,    // a record (or its page) is not shown: no title, a placeholder year
  Limit,      // a bound was reached (nesting, expansion, too many broken records, a legend too
              // long): the rest is cut
  Page,       // prerender: a <paper-shelf> tag on a page (its src, its attributes, what it filled)
  Sync,       // OpenAlex's data, or what `papershelf sync` did not do with it
};
// The stable lowercase name ("syntax", "left-out", ...): the name in fixtures, JSON and TS.
std::string_view to_string(DiagnosticKind k);
// The kind named `name`, or false.
bool diagnostic_kind_from_string(std::string_view name, DiagnosticKind& out);
inline constexpr DiagnosticKind kDiagnosticKinds[] = {
    DiagnosticKind::Syntax,    DiagnosticKind::Encoding,  DiagnosticKind::Unknown,
    DiagnosticKind::Duplicate, DiagnosticKind::Reference, DiagnosticKind::Value,
    DiagnosticKind::LeftOut,   DiagnosticKind::Limit,     DiagnosticKind::Page,
    DiagnosticKind::Sync};

struct Diagnostic {
  std::string source;        // file name as given to the reader ("-" for stdin)
  std::uint32_t line = 0;    // 1-based; 0 = whole input
  std::uint32_t column = 0;  // 1-based, in Unicode code points
  Severity severity = Severity::Error;
  // No default, and before the message: a site that builds {source, line, column, severity,
  // message} does not compile, one that leaves it out is -Wmissing-field-initializers. (Every
  // site builds a Diagnostic whole; fixtures_test checks that each kind read is a named one.)
  DiagnosticKind kind;
  std::string message;
};

// Data a message quotes (a name, a key, a macro): its first 60 characters, then "…" when there
// is more. (A megabyte-long name was repeated whole in its warning.)
std::string excerpt(std::string_view text);

// "file:line:col: error: message", the format of compilers and `papershelf check`; one line, with
// control and bidirectional characters of the name and message escaped (unicode::escape_controls).
std::string format_diagnostic(const Diagnostic& d);
bool has_errors(const std::vector<Diagnostic>& ds);

// Maps byte offsets of one input to 1-based line and code-point column. Build once per input.
// It keeps the start of every 16th line (a 6 MB file has 140,000 lines; all their starts took
// more memory than anything else the reader keeps beside the model): a lookup binary-searches
// those and counts at most 15 more line ends. It also remembers the last position asked for, so
// that readers asking in reading order pay only for the bytes in between: on a minified file
// (one line) counting the column from the line's start made every record cost the whole file.
class LineMap {
 public:
  explicit LineMap(std::string_view text);
  struct Position {
    std::uint32_t line;
    std::uint32_t column;
  };
  Position position(std::size_t offset) const;

 private:
  static constexpr std::uint32_t kStride = 16;
  std::string_view text_;
  std::vector<std::uint32_t> block_starts_;  // where lines 1, 17, 33, ... start
  // The last answer: its offset, its position and where its line starts; and the furthest one,
  // so that a reader that reports in order while it looks back (a duplicate's first place) still
  // counts each column only once: a 1 MB one-line JSON of 38,000 duplicate ids took 5 s.
  struct Anchor {
    std::size_t offset = 0;
    std::size_t line_start = 0;
    Position position = {1, 1};
  };
  mutable Anchor last_, furthest_;
};

}  // namespace papershelf
