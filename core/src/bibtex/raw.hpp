// The raw BibTeX layer: entries, fields and value pieces as byte spans of the
// input, with syntax errors located at byte offsets. Nothing is decoded or
// resolved here (see reader.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/diagnostics.hpp"

namespace papershelf::bibtex {

enum class PieceKind : std::uint8_t { Braced, Quoted, Number, Macro };

// One operand of a `#` concatenation. `text` excludes the delimiters; `offset`
// is where it starts.
struct Piece {
  PieceKind kind = PieceKind::Braced;
  std::uint32_t offset = 0;
  std::string_view text;
};

struct RawField {
  std::string_view name;  // as written
  std::uint32_t name_offset = 0;
  std::uint32_t first_piece = 0;
  std::uint32_t piece_count = 0;
};

enum class EntryKind : std::uint8_t { Regular, String, Preamble };

struct RawEntry {
  EntryKind kind = EntryKind::Regular;
  std::string_view type;     // as written
  std::string_view key;      // trimmed; empty for @string/@preamble
  std::uint32_t offset = 0;  // of the '@'
  std::uint32_t key_offset = 0;
  std::uint32_t first_field = 0;
  std::uint32_t field_count = 0;
};

struct RawIssue {
  std::uint32_t offset = 0;
  Severity severity = Severity::Error;
  std::string message;
};

// Fields and pieces live in flat arrays that entries index into, so parsing
// allocates a handful of vectors rather than one per entry.
struct RawFile {
  std::vector<RawEntry> entries;
  std::vector<RawField> fields;
  std::vector<Piece> pieces;
  std::vector<RawIssue> issues;
};

// Splits BibTeX text (UTF-8, BOM and front matter allowed) into raw entries.
// Never fails: a malformed entry is reported and scanning resumes at the next
// entry.
RawFile parse_raw(std::string_view text);

}  // namespace papershelf::bibtex
