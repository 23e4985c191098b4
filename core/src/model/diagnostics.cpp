// Diagnostics: how a problem in the input is told to the owner (file:line:col: severity: message),
// and the line map that turns a byte offset into that line and column.
#include "papershelf/diagnostics.hpp"

#include <algorithm>
#include <cstring>

#include "papershelf/unicode.hpp"
#include "text/bytes.hpp"

namespace papershelf {

std::string_view to_string(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "error";
}

std::string_view to_string(DiagnosticKind k) {
  switch (k) {
    case DiagnosticKind::Syntax:
      return "syntax";
    case DiagnosticKind::Encoding:
      return "encoding";
    case DiagnosticKind::Unknown:
      return "unknown";
    case DiagnosticKind::Duplicate:
      return "duplicate";
    case DiagnosticKind::Reference:
      return "reference";
    case DiagnosticKind::Value:
      return "value";
    case DiagnosticKind::LeftOut:
      return "left-out";
    case DiagnosticKind::Limit:
      return "limit";
    case DiagnosticKind::Page:
      return "page";
    case DiagnosticKind::Sync:
      return "sync";
  }
  return "syntax";
}

bool diagnostic_kind_from_string(std::string_view name, DiagnosticKind& out) {
  for (const DiagnosticKind k : kDiagnosticKinds)
    if (to_string(k) == name) {
      out = k;
      return true;
    }
  return false;
}

std::string excerpt(std::string_view text) {
  constexpr std::size_t kCharacters = 60;
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    // (Counting the bytes that start a UTF-8 sequence: the cut never splits a character.)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && characters++ == kCharacters)
      return std::string(text.substr(0, i)) + "\xE2\x80\xA6";
  }
  return std::string(text);
}

// File names and messages quote the input (keys, values, field names): its control characters are
// shown, not obeyed, wherever a diagnostic is printed (a terminal, the browser's console).
std::string format_diagnostic(const Diagnostic& d) {
  std::string out = unicode::escape_controls(d.source);
  if (d.line > 0) {
    out += ':' + std::to_string(d.line) + ':' + std::to_string(d.column);
  }
  out += ": ";
  out += to_string(d.severity);
  out += ": ";
  out += unicode::escape_controls(d.message);
  return out;
}

bool has_errors(const std::vector<Diagnostic>& ds) {
  return std::any_of(ds.begin(), ds.end(),
                     [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

LineMap::LineMap(std::string_view text) : text_(text) {
  const char* const data = text.data();
  const std::size_t n = text.size();
  block_starts_.push_back(0);
  std::uint32_t line = 1;
  auto line_end_at = [&](std::size_t at) {
    if (line++ % kStride == 0) block_starts_.push_back(static_cast<std::uint32_t>(at + 1));
  };
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (std::uint64_t m = bytes::bytes_equal_to(bytes::load_word(data + i), '\n'); m; m &= m - 1)
      line_end_at(i + bytes::first_flagged(m));
  for (; i < n; ++i)
    if (data[i] == '\n') line_end_at(i);
}

LineMap::Position LineMap::position(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  const char* const data = text_.data();
  const auto block = std::upper_bound(block_starts_.begin(), block_starts_.end(), offset) - 1;
  std::size_t line = static_cast<std::size_t>(block - block_starts_.begin()) * kStride + 1;
  std::size_t start = *block;  // of the line holding `offset`, once the loops below have run
  std::size_t i = start;
  // From the nearest earlier answer when there is one past the block's start: forward from it,
  // or back within the last answer's line.
  const Anchor* from = nullptr;
  for (const Anchor* a : {&last_, &furthest_})
    if (a->offset <= offset && a->offset >= *block && (!from || a->offset > from->offset)) from = a;
  std::size_t column_from = start, column_base = 0;
  if (from) {
    line = from->position.line;
    start = from->line_start;
    i = from->offset;
    column_from = from->offset;
    column_base = from->position.column - 1;
  } else if (offset < last_.offset && offset >= last_.line_start &&
             offset - last_.line_start > last_.offset - offset &&
             std::memchr(data + offset, '\n', last_.offset - offset) == nullptr) {
    const auto back = unicode::count_code_points(text_.substr(offset, last_.offset - offset));
    last_ = {offset,
             last_.line_start,
             {last_.position.line, static_cast<std::uint32_t>(last_.position.column - back)}};
    return last_.position;
  }
  for (; i + 8 <= offset; i += 8) {
    if (const std::uint64_t m = bytes::bytes_equal_to(bytes::load_word(data + i), '\n')) {
      line += bytes::count_flagged(m);
      start = i + bytes::last_flagged(m) + 1;
    }
  }
  for (; i < offset; ++i) {
    if (data[i] == '\n') {
      ++line;
      start = i + 1;
    }
  }
  if (start > column_from) {  // a line ended since the answer counted from: count from its start
    column_from = start;
    column_base = 0;
  }
  const auto column =
      column_base + unicode::count_code_points(text_.substr(column_from, offset - column_from)) + 1;
  last_ = {offset, start, {static_cast<std::uint32_t>(line), static_cast<std::uint32_t>(column)}};
  if (offset >= furthest_.offset) furthest_ = last_;
  return last_.position;
}

}  // namespace papershelf
