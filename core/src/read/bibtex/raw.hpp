// The raw BibTeX layer: entries, fields and value pieces as byte spans of the
// input, with syntax errors located at byte offsets. Nothing is decoded or
// resolved here (see reader.cpp).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
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
  // Where its closing '}' or ')' is; 0 when the entry was never closed cleanly (a syntax error
  // ended it): `papershelf sync` writes fields in front of it, and into no other entry.
  std::uint32_t close_offset = 0;
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
  DiagnosticKind kind;
  std::string message;
};

// An array that grows at the back in fixed blocks (no reallocation, no copying) and gives back
// the blocks in front of an index once the reader has consumed them: the raw entries, fields
// and pieces of a large file are about 1.3x its size, and the reader frees them entry by entry
// while the records they become are built.
template <class T>
class BlockArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  // 8,192 items a block natively: glibc hands a freed block of 128 KB or more back to the system
  // at once (a smaller one stays in the heap), so the raw file shrinks as the reader consumes it
  // (200,000 small entries peaked 37 MB lower). WebAssembly's allocator keeps what is freed
  // anyway: small blocks there.
#if defined(__wasm__)
  static constexpr std::size_t kShift = 10;  // 1,024 items a block
#else
  static constexpr std::size_t kShift = 13;
#endif
  static constexpr std::size_t kBlock = std::size_t{1} << kShift;
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };

 public:
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](std::size_t i) { return blocks_[i >> kShift].get()[i & (kBlock - 1)]; }
  const T& operator[](std::size_t i) const { return blocks_[i >> kShift].get()[i & (kBlock - 1)]; }
  T& back() { return (*this)[size_ - 1]; }
  void push_back(const T& item) {
    if ((size_ >> kShift) == blocks_.size()) {
      T* block = static_cast<T*>(std::malloc(kBlock * sizeof(T)));
      if (!block) std::abort();  // (as operator new does in the core's exception-free builds)
      blocks_.emplace_back(block);
    }
    new (&blocks_[size_ >> kShift].get()[size_ & (kBlock - 1)]) T(item);
    ++size_;
  }
  void pop_back() { --size_; }
  void shrink_to(std::size_t n) { size_ = n < size_ ? n : size_; }  // (blocks stay)
  // Frees every block that holds only items before `index`; those items must not be read again.
  void release_before(std::size_t index) {
    for (std::size_t b = index >> kShift; released_ < b && released_ < blocks_.size(); ++released_)
      blocks_[released_].reset();
  }
  void release_all() {
    std::vector<std::unique_ptr<T, Free>>().swap(blocks_);
    size_ = released_ = 0;
  }

 private:
  std::vector<std::unique_ptr<T, Free>> blocks_;
  std::size_t size_ = 0;
  std::size_t released_ = 0;  // blocks_[0, released_) are freed
};

// Fields and pieces live in flat arrays that entries index into, so parsing
// allocates a handful of blocks rather than one vector per entry.
struct RawFile {
  BlockArray<RawEntry> entries;
  BlockArray<RawField> fields;
  BlockArray<Piece> pieces;
  std::vector<RawIssue> issues;
};

// Splits BibTeX text (UTF-8, BOM and front matter allowed) into raw entries.
// Never fails: a malformed entry is reported and scanning resumes at the next
// entry.
RawFile parse_raw(std::string_view text);

}  // namespace papershelf::bibtex
