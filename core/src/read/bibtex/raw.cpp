// The raw BibTeX scanner: one forward pass over the bytes with string_views
// into the input. Brace depth is a counter (no recursion), so no input can
// exhaust the stack. Error recovery: after a problem the scanner resumes at the
// next '@' that starts a line, and a value that runs into the next entry (an
// unclosed brace or quote) is cut there, so one bad entry never swallows the
// rest.
#include "read/bibtex/raw.hpp"

#include <cstring>

namespace papershelf::bibtex {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
bool is_ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
// Characters allowed in field names, macro names and bare values (BibTeX
// excludes these).
struct NameChars {
  bool table[256] = {};
  constexpr NameChars() {
    for (int c = 1; c < 256; ++c) table[c] = true;
    for (unsigned char c : std::string_view("\"#%'(),={}@ \t\n\r\f")) table[c] = false;
  }
};
constexpr NameChars kNameChars;
// Bytes the delimited-value loop must look at; everything else is skipped.
struct ValueStops {
  bool table[256] = {};
  constexpr ValueStops() {
    for (unsigned char c : std::string_view("\\{}\"\n")) table[c] = true;
  }
};
constexpr ValueStops kValueStops;
bool is_name_char(char c) { return kNameChars.table[static_cast<unsigned char>(c)]; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x + 32);
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y + 32);
    if (x != y) return false;
  }
  return true;
}

class Scanner {
 public:
  explicit Scanner(std::string_view text) : t_(text) {}
  RawFile run();

 private:
  enum class Step { Ok, Recover };

  // The scanner's errors are the grammar's; its warnings say what they are.
  void error(std::size_t at, std::string message) {
    out_.issues.push_back({static_cast<std::uint32_t>(at), Severity::Error, DiagnosticKind::Syntax,
                           std::move(message)});
  }
  void warn(std::size_t at, DiagnosticKind kind, std::string message) {
    out_.issues.push_back(
        {static_cast<std::uint32_t>(at), Severity::Warning, kind, std::move(message)});
  }
  void skip_space() {
    const char* const data = t_.data();
    const std::size_t n = t_.size();
    std::size_t i = p_;
    while (i < n && is_space(data[i])) ++i;
    p_ = i;
  }
  void skip_name_chars() {
    const char* const data = t_.data();
    const std::size_t n = t_.size();
    std::size_t i = p_;
    while (i < n && is_name_char(data[i])) ++i;
    p_ = i;
  }
  bool at_line_start(std::size_t at) const;
  void report_unclosed(const RawEntry& e, const char* what, char close, bool at_eof);
  bool entry_starts_at(std::size_t at) const;
  std::size_t next_entry_start(std::size_t from) const;
  void skip_front_matter();
  void entry();
  void skip_comment_entry(char close);
  // The first '@' in [from, line_end) that starts an entry, or npos.
  std::size_t entry_on_line(std::size_t from, std::size_t line_end) const;
  Step fields(RawEntry& e, char close, bool string_entry);
  Step value(std::size_t field_name_end);
  Step delimited(char close_char, PieceKind kind);

  std::string_view t_;
  std::size_t p_ = 0;
  RawFile out_;
};

// An entry that runs into the next one usually lost its '}' to a value opened
// with '{' and never closed, which then swallowed the following fields: report
// that brace when a swallowed "name =" line shows it, else the entry.
void Scanner::report_unclosed(const RawEntry& e, const char* what, char close, bool at_eof) {
  const std::size_t fields_end = out_.fields.size();
  if (fields_end > e.first_field) {
    const RawField& last = out_.fields.back();
    const Piece& piece = out_.pieces[last.first_piece + last.piece_count - 1];
    const std::string_view v = piece.text;
    for (std::size_t nl = v.find('\n'); nl != std::string_view::npos; nl = v.find('\n', nl + 1)) {
      std::size_t q = nl + 1;
      while (q < v.size() && is_space(v[q])) ++q;
      const std::size_t name_start = q;
      while (q < v.size() && is_name_char(v[q])) ++q;
      if (q == name_start) continue;
      while (q < v.size() && (v[q] == ' ' || v[q] == '\t')) ++q;
      if (q < v.size() && v[q] == '=' && piece.kind == PieceKind::Braced) {
        error(piece.offset - 1, "unclosed '{' (the value swallows the fields after it)");
        out_.pieces.shrink_to(last.first_piece);
        out_.fields.pop_back();
        return;
      }
    }
  }
  error(e.offset, std::string(what) +
                      (at_eof ? " is never closed (missing '"
                              : " is not closed before the next entry (missing '") +
                      close + "')");
}

bool Scanner::at_line_start(std::size_t at) const {
  while (at > 0 && (t_[at - 1] == ' ' || t_[at - 1] == '\t')) --at;
  if (at >= 3 && t_.compare(at - 3, 3, "\xEF\xBB\xBF") == 0)
    at -= 3;  // (a byte order mark where files were joined)
  return at == 0 || t_[at - 1] == '\n' || t_[at - 1] == '\r';
}

// '@' + type + optional space + '{' or '(' : what a new entry looks like.
bool Scanner::entry_starts_at(std::size_t at) const {
  if (at >= t_.size() || t_[at] != '@') return false;
  std::size_t i = at + 1;
  const std::size_t type_start = i;
  while (i < t_.size() && (is_ascii_alnum(t_[i]) || t_[i] == '_' || t_[i] == '-')) ++i;
  if (i == type_start) return false;
  while (i < t_.size() && (t_[i] == ' ' || t_[i] == '\t')) ++i;
  return i < t_.size() && (t_[i] == '{' || t_[i] == '(');
}

std::size_t Scanner::entry_on_line(std::size_t from, std::size_t line_end) const {
  for (std::size_t at = t_.find('@', from); at < line_end; at = t_.find('@', at + 1))
    if (entry_starts_at(at)) return at;
  return std::string_view::npos;
}

std::size_t Scanner::next_entry_start(std::size_t from) const {
  for (std::size_t i = from; i < t_.size(); ++i) {
    const void* hit = std::memchr(t_.data() + i, '@', t_.size() - i);
    if (!hit) return t_.size();
    i = static_cast<std::size_t>(static_cast<const char*>(hit) - t_.data());
    if (at_line_start(i)) return i;
  }
  return t_.size();
}

void Scanner::skip_front_matter() {
  // Jekyll front matter: a first line of "---", up to the next line of "---".
  if (t_.substr(p_, 3) != "---") return;
  std::size_t line_end = t_.find('\n', p_);
  if (line_end == std::string_view::npos) line_end = t_.size();
  std::string_view first = t_.substr(p_, line_end - p_);
  while (!first.empty() && is_space(first.back())) first.remove_suffix(1);
  if (first != "---") return;
  std::size_t pos = line_end;
  while (pos < t_.size()) {
    const std::size_t start = pos + 1;
    std::size_t end = t_.find('\n', start);
    if (end == std::string_view::npos) end = t_.size();
    std::string_view line = t_.substr(start, end - start);
    while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
    if (line == "---") {
      p_ = end;
      return;
    }
    pos = end;
  }
  warn(p_, DiagnosticKind::Syntax, "front matter '---' is never closed");
  p_ = line_end;
}

RawFile Scanner::run() {
  if (t_.substr(0, 3) == "\xEF\xBB\xBF") p_ = 3;
  skip_front_matter();
  while (p_ < t_.size()) {
    const char c = t_[p_];
    if (is_space(c)) {
      ++p_;
    } else if (c == '%') {
      const std::size_t nl = t_.find('\n', p_);
      p_ = nl == std::string_view::npos ? t_.size() : nl + 1;
    } else if (c == '@') {
      entry();
    } else if (t_.compare(p_, 3, "\xEF\xBB\xBF") == 0) {
      p_ += 3;  // (a byte order mark where files were joined: nothing, as at the start)
    } else {
      // Text between entries is a comment to BibTeX; it may hide an '@' (an
      // e-mail address), so the rest of its line is skipped too. A stray "},"
      // after an entry's closing brace is common and harmless.
      std::size_t end = p_;
      while (end < t_.size() && t_[end] != '\n' && t_[end] != '\0' &&
             std::strchr("},; \t\r", t_[end]))
        ++end;
      // Prose ("Automatically generated by Mendeley Desktop") is a comment, as BibTeX reads it;
      // a line with entry syntax in it ("article{key," without its @) is worth a warning.
      const std::size_t line_end = std::min(t_.find('\n', p_), t_.size());
      const std::string_view line = t_.substr(p_, line_end - p_);
      // An entry that starts on a line after other text ("1" " @article{...}: a table's cell)
      // is an entry, as BibTeX reads any '@' that begins one; an e-mail's '@' is not.
      if (const std::size_t entry_at = entry_on_line(p_, line_end);
          entry_at != std::string_view::npos) {
        p_ = entry_at;
        continue;
      }
      const bool looks_like_bib = line.find_first_of("{=") != std::string_view::npos;
      if (end < t_.size() && t_[end] != '\n' && looks_like_bib)
        warn(p_, DiagnosticKind::Syntax, "text outside an entry is ignored");
      while (p_ < t_.size()) {
        const std::size_t nl = t_.find('\n', p_);
        p_ = nl == std::string_view::npos ? t_.size() : nl + 1;
        std::size_t q = p_;
        while (q < t_.size() && (t_[q] == ' ' || t_[q] == '\t' || t_[q] == '\r')) ++q;
        if (q >= t_.size() || t_[q] == '\n' || t_[q] == '@' || t_[q] == '%') break;
        if (const std::size_t entry_at = entry_on_line(p_, std::min(t_.find('\n', p_), t_.size()));
            entry_at != std::string_view::npos) {
          p_ = entry_at;
          break;
        }
      }
    }
  }
  return std::move(out_);
}

void Scanner::skip_comment_entry(char close) {
  const char open = close == '}' ? '{' : '(';
  const std::size_t start = p_;
  // A balanced @comment{...} is skipped whole, as biber and jekyll-scholar (al-folio's) read it,
  // entries inside included; classic BibTeX reads on after "@comment" and would list them, so
  // that is said. An unbalanced one must not hide the rest of the file: see below.
  {
    int depth = 0;
    std::size_t entries = 0, first_entry = 0;
    for (std::size_t i = p_; i < t_.size(); ++i) {
      const char c = t_[i];
      if (c == '@' && depth > 0 && entry_starts_at(i) && i > p_ && at_line_start(i) &&
          entries++ == 0)
        first_entry = i;
      if (c == open) ++depth;
      if (c == close && --depth == 0) {
        if (entries)
          warn(first_entry, DiagnosticKind::LeftOut,
               "@comment{...} holds " + std::to_string(entries) +
                   " entries: skipped with it, as biber and jekyll-scholar read it (classic BibTeX "
                   "would list them)");
        p_ = i + 1;
        return;
      }
    }
  }
  int depth = 0;
  while (p_ < t_.size()) {
    const char c = t_[p_];
    if (c == '\n' && depth > 0) {
      std::size_t q = p_ + 1;
      while (q < t_.size() && (t_[q] == ' ' || t_[q] == '\t')) ++q;
      if (entry_starts_at(q)) break;  // an unbalanced @comment must not hide entries
    }
    ++p_;
    if (c == open) ++depth;
    if (c == close && --depth == 0) return;
  }
  // Unbalanced: treat the rest of its first line as the comment.
  const std::size_t nl = t_.find('\n', start);
  p_ = std::min(p_, nl == std::string_view::npos ? t_.size() : nl + 1);
}

void Scanner::entry() {
  const std::size_t at = p_++;
  while (p_ < t_.size() && (t_[p_] == ' ' || t_[p_] == '\t')) ++p_;
  const std::size_t type_start = p_;
  while (p_ < t_.size() && !is_space(t_[p_]) && t_[p_] != '{' && t_[p_] != '(' && t_[p_] != '@')
    ++p_;
  const std::string_view type = t_.substr(type_start, p_ - type_start);
  auto recover = [&] { p_ = next_entry_start(std::max(p_, at + 1)); };
  if (type.empty()) {
    error(type_start, "expected an entry type after '@'");
    return recover();
  }
  for (std::size_t i = 0; i < type.size(); ++i) {
    const char c = type[i];
    if (!is_ascii_alnum(c) && c != '_' && c != '-' && c != ':' && c != '.') {
      error(type_start + i, "invalid character '" + std::string(1, c) + "' in entry type");
      return recover();
    }
  }
  skip_space();
  if (p_ >= t_.size() || (t_[p_] != '{' && t_[p_] != '(')) {
    error(p_, "expected '{' or '(' after '@" + excerpt(type) + "'");
    return recover();
  }
  const char close = t_[p_] == '{' ? '}' : ')';
  if (iequals(type, "comment")) return skip_comment_entry(close);
  ++p_;

  RawEntry e;
  e.type = type;
  e.offset = static_cast<std::uint32_t>(at);
  e.first_field = static_cast<std::uint32_t>(out_.fields.size());
  if (iequals(type, "preamble")) {
    e.kind = EntryKind::Preamble;
    skip_space();
    RawField f;
    f.name_offset = static_cast<std::uint32_t>(p_);
    f.first_piece = static_cast<std::uint32_t>(out_.pieces.size());
    const Step s = value(p_);
    f.piece_count = static_cast<std::uint32_t>(out_.pieces.size()) - f.first_piece;
    out_.fields.push_back(f);
    e.field_count = 1;
    out_.entries.push_back(e);
    if (s == Step::Recover) return recover();
    skip_space();
    if (p_ < t_.size() && t_[p_] == close) {
      ++p_;
      return;
    }
    error(p_, std::string("expected '") + close + "' to close @preamble");
    return recover();
  }
  if (iequals(type, "string")) {
    e.kind = EntryKind::String;
  } else {
    // The key: up to the comma (keys may hold almost anything, even spaces).
    skip_space();
    const std::size_t key_start = p_;
    while (p_ < t_.size() && t_[p_] != ',' && t_[p_] != close && t_[p_] != '\n' && t_[p_] != '=' &&
           t_[p_] != '{' && t_[p_] != '}')
      ++p_;
    std::string_view key = t_.substr(key_start, p_ - key_start);
    while (!key.empty() && is_space(key.back())) key.remove_suffix(1);
    bool comma_reported = false;
    if (p_ < t_.size() && t_[p_] == '=') {
      // "@misc{key title = ..." lost its comma; "@misc{title = ..." lost its key.
      std::size_t key_end = 0;
      while (key_end < key.size() && !is_space(key[key_end])) ++key_end;
      if (key_end == key.size()) {
        error(key_start, "missing entry key (found a field instead)");
        return recover();
      }
      error(key_start + key_end, "missing ',' after the entry key");
      key = key.substr(0, key_end);
      p_ = key_start + key_end;
      comma_reported = true;
    }
    if (p_ < t_.size() && t_[p_] == '\n') skip_space();
    if (key.empty() && close == '}' && p_ < t_.size() && t_[p_] == ',') {
      error(key_start, "missing entry key");
      return recover();
    }
    e.key = key;
    e.key_offset = static_cast<std::uint32_t>(key_start);
    if (p_ < t_.size() && t_[p_] == close) {
      e.close_offset = static_cast<std::uint32_t>(p_);
      ++p_;
      out_.entries.push_back(e);
      return;
    }
    if (p_ < t_.size() && t_[p_] == ',') {
      ++p_;
    } else if (!comma_reported) {
      error(p_, "expected ',' after the entry key");
      return recover();
    }
  }
  const Step s = fields(e, close, e.kind == EntryKind::String);
  e.field_count = static_cast<std::uint32_t>(out_.fields.size()) - e.first_field;
  out_.entries.push_back(e);
  if (s == Step::Recover) recover();
}

Scanner::Step Scanner::fields(RawEntry& e, char close, bool string_entry) {
  const char* what = string_entry ? "@string" : "entry";
  while (true) {
    skip_space();
    if (p_ >= t_.size()) {
      report_unclosed(e, what, close, true);
      return Step::Ok;
    }
    const char c = t_[p_];
    if (c == close) {
      e.close_offset = static_cast<std::uint32_t>(p_);
      ++p_;
      return Step::Ok;
    }
    if (c == '%') {  // biber accepts comment lines between fields; so do we
      const std::size_t nl = t_.find('\n', p_);
      p_ = nl == std::string_view::npos ? t_.size() : nl + 1;
      continue;
    }
    if (c == '@' && at_line_start(p_) && entry_starts_at(p_)) {
      report_unclosed(e, what, close, false);
      return Step::Ok;  // the next entry starts right here
    }
    const std::size_t name_start = p_;
    skip_name_chars();
    if (p_ == name_start) {
      error(p_, "expected a field name, found '" + std::string(1, c) + "'");
      return Step::Recover;
    }
    RawField f;
    f.name = t_.substr(name_start, p_ - name_start);
    f.name_offset = static_cast<std::uint32_t>(name_start);
    const std::size_t name_end = p_;
    skip_space();
    if (p_ >= t_.size() || t_[p_] != '=') {
      error(p_, "expected '=' after field name '" + excerpt(f.name) + "'");
      return Step::Recover;
    }
    ++p_;
    skip_space();
    f.first_piece = static_cast<std::uint32_t>(out_.pieces.size());
    const Step s = value(name_end);
    f.piece_count = static_cast<std::uint32_t>(out_.pieces.size()) - f.first_piece;
    if (f.piece_count > 0) out_.fields.push_back(f);
    if (s == Step::Recover) return s;
    const std::size_t value_end = p_;
    skip_space();
    if (p_ < t_.size() && t_[p_] == ',') {
      ++p_;
      continue;
    }
    if (p_ < t_.size() && t_[p_] == close) continue;
    if (p_ >= t_.size()) continue;  // reported as "never closed" above
    if (t_[p_] == '@' && at_line_start(p_) && entry_starts_at(p_)) continue;
    // Missing comma: when a field follows, report and read on as if the comma
    // were there.
    std::size_t q = p_;
    while (q < t_.size() && is_name_char(t_[q])) ++q;
    while (q < t_.size() && is_space(t_[q])) ++q;
    if (q > p_ && q < t_.size() && t_[q] == '=') {
      error(value_end, "missing ',' after the value of '" + excerpt(f.name) + "'");
      continue;
    }
    error(p_, std::string("expected ',' or '") + close + "' after the value of '" +
                  excerpt(f.name) + "'");
    return Step::Recover;
  }
}

// A braced or quoted piece. The value is cut (and reported) where it runs into
// the next entry.
Scanner::Step Scanner::delimited(char close_char, PieceKind kind) {
  const std::size_t open = p_++;
  int depth = 0;
  const std::size_t n = t_.size();
  while (p_ < n) {
    {
      // Skip to the next byte that matters, in locals (the member would be reloaded each byte).
      const char* const data = t_.data();
      std::size_t i = p_;
      while (i + 4 <= n && !(kValueStops.table[static_cast<unsigned char>(data[i])] |
                             kValueStops.table[static_cast<unsigned char>(data[i + 1])] |
                             kValueStops.table[static_cast<unsigned char>(data[i + 2])] |
                             kValueStops.table[static_cast<unsigned char>(data[i + 3])]))
        i += 4;
      while (i < n && !kValueStops.table[static_cast<unsigned char>(data[i])]) ++i;
      p_ = i;
    }
    if (p_ >= n) break;
    const char c = t_[p_];
    if (c == '\\') {
      p_ += 2;
      continue;
    }
    if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (depth == 0 && close_char == '}') {
        out_.pieces.push_back(
            {kind, static_cast<std::uint32_t>(open + 1), t_.substr(open + 1, p_ - open - 1)});
        ++p_;
        return Step::Ok;
      }
      if (depth > 0) --depth;
    } else if (c == '"' && depth == 0 && close_char == '"') {
      out_.pieces.push_back(
          {kind, static_cast<std::uint32_t>(open + 1), t_.substr(open + 1, p_ - open - 1)});
      ++p_;
      return Step::Ok;
    } else if (c == '\n') {
      std::size_t q = p_ + 1;
      while (q < n && (t_[q] == ' ' || t_[q] == '\t')) ++q;
      if (q < n && t_[q] == '@' && entry_starts_at(q)) {
        error(open, kind == PieceKind::Quoted
                        ? "unterminated quoted value (it runs into the next entry)"
                        : "unclosed '{' (the value runs into the next entry)");
        p_ = q;
        return Step::Recover;
      }
    }
    ++p_;
  }
  error(open, kind == PieceKind::Quoted ? "unterminated quoted value" : "unclosed '{'");
  p_ = n;
  return Step::Recover;
}

Scanner::Step Scanner::value(std::size_t field_name_end) {
  while (true) {
    if (p_ >= t_.size()) {
      error(field_name_end, "missing value");
      return Step::Recover;
    }
    const char c = t_[p_];
    if (c == '{') {
      if (delimited('}', PieceKind::Braced) == Step::Recover) return Step::Recover;
    } else if (c == '"') {
      if (delimited('"', PieceKind::Quoted) == Step::Recover) return Step::Recover;
    } else if (is_name_char(c)) {
      const std::size_t start = p_;
      bool digits = true;
      while (p_ < t_.size() && is_name_char(t_[p_])) {
        digits = digits && t_[p_] >= '0' && t_[p_] <= '9';
        ++p_;
      }
      out_.pieces.push_back({digits ? PieceKind::Number : PieceKind::Macro,
                             static_cast<std::uint32_t>(start), t_.substr(start, p_ - start)});
    } else {
      error(p_, "expected a value, found '" + std::string(1, c) + "'");
      return Step::Recover;
    }
    const std::size_t after = p_;
    skip_space();
    if (p_ < t_.size() && t_[p_] == '#') {
      ++p_;
      skip_space();
      continue;
    }
    p_ = after;
    return Step::Ok;
  }
}

}  // namespace

RawFile parse_raw(std::string_view text) { return Scanner(text).run(); }

}  // namespace papershelf::bibtex
