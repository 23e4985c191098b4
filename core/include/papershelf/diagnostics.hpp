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

struct Diagnostic {
  std::string source;  // file name as given to the reader ("-" for stdin)
  std::uint32_t line = 0;    // 1-based; 0 = whole input
  std::uint32_t column = 0;  // 1-based, in Unicode code points
  Severity severity = Severity::Error;
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
