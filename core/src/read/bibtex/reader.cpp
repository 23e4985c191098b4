// read_bibtex: the resolve layer over the raw scanner (raw.cpp). It expands
// @string macros (predefined jan..dec, `#` concatenation, forward references,
// cycles reported), applies crossref and xdata inheritance (inherit.cpp), keeps
// every entry under a unique key, and maps fields onto the model (map_entry.cpp,
// by the roles of mapping.hpp).
//
// Mapping choices: link labels are the field names (`html` stays "html";
// BibBase `url_slides` is "slides"); doi and arxiv links come after the other
// links; `author+an` annotations become marks
// ("equal" -> "*", "corresponding" -> "†") and are not kept as a field;
// `annotation` stays an extra field and also feeds the profile legend when its
// lines start with marker symbols.
#include <algorithm>
#include <cstring>
#include <deque>
#include <memory>
#include <optional>

#include "biblio/record_keys.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/names.hpp"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "read/bibtex/mapping.hpp"
#include "read/bibtex/raw.hpp"
#include "read/bibtex/resolver.hpp"
#include "read/settle.hpp"
#include "text/ascii.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"
#include "text/string_ids.hpp"

namespace papershelf::bibtex {

void Resolver::define_macros() {
  static constexpr std::string_view kMonths[] = {
      "jan", "January",   "feb", "February", "mar", "March",    "apr", "April",
      "may", "May",       "jun", "June",     "jul", "July",     "aug", "August",
      "sep", "September", "oct", "October",  "nov", "November", "dec", "December"};
  for (std::size_t i = 0; i < std::size(kMonths); i += 2) {
    Macro& m = macro(kMonths[i]);
    m.value = std::string(kMonths[i + 1]);
    m.state = 2;
  }
  std::vector<const RawField*> definitions;
  for (std::size_t k = 0; k < raw_.entries.size(); ++k)
    if (const RawEntry& e = raw_.entries[k]; e.kind == bibtex::EntryKind::String)
      for (std::uint32_t i = 0; i < e.field_count; ++i)
        definitions.push_back(&raw_.fields[e.first_field + i]);
  for (const RawField* f : definitions) {
    Macro& m = macro(unicode::ascii_lower(f->name));
    m = Macro{};
    m.field = f;
  }
  // Resolve in file order, so problems inside @string values are reported once,
  // where they are.
  for (const RawField* f : definitions) {
    Macro& m = macro(unicode::ascii_lower(f->name));
    if (m.field != f || m.state != 0) continue;
    m.state = 1;
    std::string value;
    append_value(*f, value, 1);
    m.value = std::move(value);
    m.state = 2;
  }
}

void Resolver::append_value(const RawField& f, std::string& out, int depth) {
  for (std::uint32_t i = 0; i < f.piece_count; ++i) {
    const bibtex::Piece& piece = raw_.pieces[f.first_piece + i];
    if (piece.kind != PieceKind::Macro) {
      out.append(piece.text);
      continue;
    }
    Macro* found = find_macro_written(piece.text);
    int day = 0;
    if (!found && is_named(f.name, "month") && bibtex::parse_month_day(piece.text, day)) {
      out.append(piece.text);  // month = July: BibTeX defines only jan..dec, but it says July
      continue;
    }
    if (!found) {
      diag(piece.offset, Severity::Warning, DiagnosticKind::Reference,
           "undefined macro '" + excerpt(piece.text) + "' (its name is kept)");
      out.append(piece.text);
      continue;
    }
    Macro& m = *found;
    if (m.state == 1 || (m.state == 0 && depth > 64)) {
      diag(piece.offset, Severity::Warning, DiagnosticKind::Reference,
           "macro '" + excerpt(piece.text) + "' refers to itself (its name is kept)");
      out.append(piece.text);
      continue;
    }
    if (m.state == 0) {
      m.state = 1;
      std::string value;
      append_value(*m.field, value, depth + 1);
      m.value = std::move(value);
      m.state = 2;
    }
    if (!spend_expansion(m, piece)) {
      out.append(piece.text);
      continue;
    }
    out.append(m.value);
  }
}

bool Resolver::spend_expansion(const Macro& m, const bibtex::Piece& piece) {
  if (m.value.size() <= expansion_budget_) {
    expansion_budget_ -= m.value.size();
    return true;
  }
  if (!expansion_warned_) {
    expansion_warned_ = true;
    diag(piece.offset, Severity::Warning, DiagnosticKind::Limit,
         "macro '" + excerpt(piece.text) + "' expands to too much text: macros may add at most " +
             std::to_string(kExpansionFactor) +
             " times the file's size (its name is kept, here and wherever a later macro would go "
             "past that)");
  }
  return false;
}

// The text of a macro already resolved (all @string values are, before any entry), or nullptr:
// append_value() then handles it, warnings included.
const std::string* Resolver::macro_value(const bibtex::Piece& piece) {
  if (piece.kind != PieceKind::Macro) return nullptr;
  const Macro* m = find_macro_written(piece.text);
  if (!m || m->state != 2 || m->value.size() > expansion_budget_) return nullptr;
  spend_expansion(*m, piece);
  return &m->value;
}

void Resolver::resolve_entry(const RawEntry& e, Entry& out) {
  out.key = e.key;
  out.offset = e.offset;
  out.close_offset = e.close_offset;
  out.type = lower(e.type);
  out.fields.reserve(e.field_count);
  // Whether the entry writes `name` itself (asked only when a near miss of it is seen, once).
  std::optional<bool> writes[2];
  const auto writes_field = [&](int which, std::string_view name) {
    if (!writes[which]) {
      writes[which] = false;
      for (std::uint32_t k = 0; k < e.field_count && !*writes[which]; ++k)
        writes[which] = is_named(raw_.fields[e.first_field + k].name, name);
    }
    return *writes[which];
  };
  for (std::uint32_t i = 0; i < e.field_count; ++i) {
    const RawField& rf = raw_.fields[e.first_field + i];
    Field f;
    f.name = lower(rf.name);
    f.role = bibtex::field_role(f.name);
    // "authors = {...}" would leave the record without authors, and BibTeX says nothing: it is
    // read as the field it means, with a warning, unless the entry writes that field too.
    if (f.role == FieldRole::Other) {
      if (const std::string_view meant = bibtex::meant_name_field(f.name);
          !meant.empty() && !writes_field(meant == "author" ? 0 : 1, meant)) {
        diag(rf.name_offset, Severity::Warning, DiagnosticKind::Unknown,
             "field '" + excerpt(f.name) + "' is read as '" + std::string(meant) +
                 "', the name BibTeX knows");
        f.name = meant;
        f.role = bibtex::field_role(meant);
      }
    }
    if (Field* same = out.find(f.name)) {
      // JabRef writes one keywords field per keyword; publishers give a print and an
      // electronic ISBN (ISSN) as two fields. Both are lists: nothing for the owner to fix.
      if (f.role == FieldRole::Keywords || is_named(f.name, "isbn") || is_named(f.name, "issn")) {
        std::string joined(same->value);
        joined += ", ";
        append_value(rf, joined, 0);
        same->value = store(std::move(joined));
        same->exact_offsets = false;
        continue;
      }
      diag(rf.name_offset, Severity::Warning, DiagnosticKind::Duplicate,
           "duplicate field '" + excerpt(f.name) + "' (the first one is kept)");
      continue;
    }
    const bibtex::Piece& first = raw_.pieces[rf.first_piece];
    f.offset = first.offset;
    f.name_offset = rf.name_offset;
    f.exact_offsets = rf.piece_count == 1 && first.kind != PieceKind::Macro;
    const std::uint32_t index = e.first_field + i;
    const auto link =
        std::lower_bound(link_values_.begin(), link_values_.end(), index,
                         [](const auto& v, std::uint32_t at) { return v.first < at; });
    f.value = link != link_values_.end() && link->first == index ? link->second : value_of(rf);
    out.add(std::move(f));
  }
}

std::string_view Resolver::value_of(const RawField& rf) {
  const bibtex::Piece& first = raw_.pieces[rf.first_piece];
  std::string_view value;
  if (rf.piece_count == 1 && first.kind != PieceKind::Macro) {
    value = first.text;
  } else if (const std::string* expansion = rf.piece_count == 1 ? macro_value(first) : nullptr) {
    value = *expansion;  // `month = jan`: the macro's own text (they live as long as the read)
  } else {
    std::string expanded;
    append_value(rf, expanded, 0);
    value = store(std::move(expanded));
  }
  // UTF-8 once read as Latin-1 (an ORCID export's "HÃ¤kkinen"): read as the UTF-8 it was.
  if (maybe_double_encoded_ && unicode::might_be_double_encoded(value)) {
    std::string repaired(value);
    if (unicode::repair_double_encoding(repaired)) {
      if (!double_encoding_warned_) {
        double_encoding_warned_ = true;
        diag(rf.name_offset, Severity::Warning, DiagnosticKind::Encoding,
             "UTF-8 text read once as Latin-1 (\"" +
                 std::string(unicode::truncate_utf8(value, 60)) +
                 "\") is read as the UTF-8 it was (said once per file)");
      }
      value = store(std::move(repaired));
    }
  }
  return value;
}

// The id of the entry with this key (keys that differ only in case: the first in the file), or
// StringIds::kAbsent.
std::uint32_t Resolver::lookup(std::string_view key) {
  key = ascii::trim(key);
  std::string
      safe;  // (a key written with characters keys cannot hold is kept without them: unique_key)
  if (!detail::is_safe_key(key)) key = safe = detail::safe_key(key);
  if (const std::uint32_t id = keys_.find(key); id != detail::StringIds::kAbsent) return id;
  if (lower_keys_.empty()) {
    for (std::uint32_t id = 0; id < keys_.size(); ++id)
      if (lower_keys_.insert(unicode::ascii_lower(keys_.at(id))) == entry_of_lower_key_.size())
        entry_of_lower_key_.push_back(id);
  }
  const std::uint32_t lower = lower_keys_.find(unicode::ascii_lower(key));
  return lower == detail::StringIds::kAbsent ? lower : entry_of_lower_key_[lower];
}

// True when some entry has a crossref or xdata field: only then does an entry need others
// (resolved, and kept until every entry is) to be mapped.
bool Resolver::any_inheritance() const {
  for (std::size_t k = 0; k < raw_.entries.size(); ++k) {
    const RawEntry& e = raw_.entries[k];
    if (e.kind != bibtex::EntryKind::Regular) continue;
    for (std::uint32_t i = 0; i < e.field_count; ++i) {
      const std::string_view name = raw_.fields[e.first_field + i].name;
      if (is_named(name, "crossref") || is_named(name, "xdata")) return true;
    }
  }
  return false;
}

// Every entry is kept: in a publication list a second entry under a key already used is another
// paper (BibTeX would drop it). It is reported and kept under the first free "key-2", "key-3"...;
// crossrefs naming the key find the first entry. A key with characters keys cannot hold (a space,
// a brace, a quote...) is kept without them, and reported.
std::string_view Resolver::unique_key(const RawEntry& e) {
  std::string_view key = e.key;
  std::string safe;
  if (!detail::is_safe_key(key)) {
    safe = detail::safe_key(key);
    if (safe.empty()) safe = "item-" + std::to_string(keys_.size() + 1);
    diag(e.key_offset, Severity::Warning, DiagnosticKind::Value,
         key.empty() ? "entry has no key: it is kept as '" + safe + "'"
                     : "key '" + excerpt(detail::quoted(key)) +
                           "' has characters a BibTeX key cannot hold (spaces, braces, "
                           "parentheses, commas, quotes, # % = \\ ~): "
                           "it is kept as '" +
                           excerpt(safe) + "'");
    key = safe;
  }
  std::uint32_t holder = detail::UniqueKeys::kAbsent;
  const std::uint32_t id = keys_.add(key, &holder);
  key_offsets_.push_back(e.offset);
  if (holder == detail::UniqueKeys::kAbsent && safe.empty()) return e.key;
  if (holder != detail::UniqueKeys::kAbsent)
    diag(e.key_offset, Severity::Warning, DiagnosticKind::Duplicate,
         "duplicate key '" + excerpt(key) + "' (also on line " +
             std::to_string(line_of(key_offsets_[holder])) + "): this entry is kept as '" +
             excerpt(keys_.at(id)) + "'");
  store_keys_.emplace_back(keys_.at(id));
  return store_keys_.back();
}

void Resolver::add_publication(const Entry& e) {
  if (e.type == "xdata") return;
  auto& pubs = result_.library.publications;
  pubs.emplace_back();
  map(e, pubs.back());
  pubs.back().order = static_cast<std::uint32_t>(pubs.size() - 1);
}

void Resolver::run() {
  for (const bibtex::RawIssue& issue : raw_.issues)
    diag(issue.offset, issue.severity, issue.kind, issue.message);
  define_macros();
  if (any_inheritance()) {
    resolve_inheriting_each();
  } else {
    resolve_and_map_each();
  }
  // Diagnostics in reading order, whatever stage found them.
  detail::sort_values(result_.diagnostics, [](const Diagnostic& a, const Diagnostic& b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
}

// Nearly every file: no entry inherits from another, so each one is mapped as soon as it is
// resolved, through one reused Entry whose fields stay in cache (resolving every entry first
// and mapping them afterwards went through several MB of entries twice).
// The raw entries, fields and pieces are freed behind it (all macros have their values by now).
void Resolver::resolve_and_map_each() {
  result_.library.publications.reserve(raw_.entries.size());
  Entry e;
  for (std::size_t k = 0; k < raw_.entries.size(); ++k) {
    const RawEntry& raw = raw_.entries[k];
    raw_.entries.release_before(k);
    raw_.fields.release_before(raw.first_field);
    if (raw.field_count > 0) raw_.pieces.release_before(raw_.fields[raw.first_field].first_piece);
    if (raw.kind != bibtex::EntryKind::Regular) continue;
    e.fields.clear();
    e.by_name.reset();
    resolve_entry(raw, e);
    e.key = unique_key(raw);
    add_publication(e);
    store_.clear();
  }
  raw_.entries.release_all();
  raw_.fields.release_all();
  raw_.pieces.release_all();
}

// Crossref or xdata: a child may name a parent anywhere in the file. Every entry gets its key
// first; then, in file order, each entry is resolved, given what it inherits, mapped and dropped,
// as in resolve_and_map_each(). Only the entries that others name are kept once resolved
// (resolving every entry first held some 4x the file: a crossref fan-out of 20,000 small
// records peaked at 16x). The raw entries are freed behind the walk: a lender further down is
// still there when a child names it, and one further up was kept when the walk passed it.
void Resolver::resolve_inheriting_each() {
  std::size_t regular = 0;
  for (std::size_t k = 0; k < raw_.entries.size(); ++k)
    regular += raw_.entries[k].kind == bibtex::EntryKind::Regular;
  raw_of_id_.reserve(regular);
  for (std::size_t k = 0; k < raw_.entries.size(); ++k) {
    const RawEntry& e = raw_.entries[k];
    if (e.kind != bibtex::EntryKind::Regular) continue;
    raw_of_id_.push_back(static_cast<std::uint32_t>(k));
    unique_key(e);
  }
  find_lenders();
  result_.library.publications.reserve(raw_of_id_.size());
  Entry e;
  for (std::uint32_t id = 0; id < raw_of_id_.size(); ++id) {
    const RawEntry& raw = raw_.entries[raw_of_id_[id]];
    if (lends_[id]) {
      e.copy_of(lender(id));
    } else {
      e.clear();
      resolve_entry(raw, e);
      e.key = keys_.at(id);
    }
    inherit(e, id);
    add_publication(e);
    store_.clear();
    raw_.entries.release_before(raw_of_id_[id]);
    raw_.fields.release_before(raw.first_field);
    if (raw.field_count > 0) raw_.pieces.release_before(raw_.fields[raw.first_field].first_piece);
  }
  raw_.entries.release_all();
  raw_.fields.release_all();
  raw_.pieces.release_all();
}

}  // namespace papershelf::bibtex

namespace papershelf {

ReadResult read_bibtex(std::string_view input, const ReadOptions& options) {
  ReadResult result;
  // Invalid UTF-8 is replaced by U+FFFD (one per bad byte, so columns stay
  // meaningful).
  std::string sanitized;
  std::vector<std::uint32_t> bad_offsets;
  std::string_view text = input;
  if (!unicode::is_valid_utf8(input)) {
    sanitized.reserve(input.size() + 16);
    std::size_t pos = 0;
    while (pos < input.size()) {
      const std::size_t start = pos;
      const char32_t cp = unicode::decode_utf8(input, pos);
      if (cp == unicode::kReplacement && input.substr(start, pos - start) != "\xEF\xBF\xBD")
        bad_offsets.push_back(static_cast<std::uint32_t>(sanitized.size()));
      sanitized.append(cp == unicode::kReplacement ? std::string_view("\xEF\xBF\xBD")
                                                   : input.substr(start, pos - start));
    }
    text = sanitized;
  }
  bibtex::RawFile raw = bibtex::parse_raw(text);
  bibtex::Resolver resolver(text, raw, options, result);
  std::uint32_t last_line = 0;
  for (std::uint32_t offset : bad_offsets) {
    // One warning per line is enough to find them all.
    const std::uint32_t line = resolver.line_of(offset);
    if (line == last_line) continue;
    last_line = line;
    resolver.diag(offset, Severity::Warning, DiagnosticKind::Encoding,
                  "invalid UTF-8 replaced by U+FFFD");
  }
  // NUL bytes are kept (nothing valid is dropped) but are surely not meant: say where the first is.
  if (const std::size_t nul = bytes::find(text, std::string_view("\0", 1)); nul < text.size()) {
    std::size_t n = 0;
    for (std::size_t at = nul; at < text.size();
         at = bytes::find(text, std::string_view("\0", 1), at + 1))
      ++n;
    resolver.diag(static_cast<std::uint32_t>(nul), Severity::Warning, DiagnosticKind::Encoding,
                  std::to_string(n) + " NUL byte(s) in the file");
  }
  resolver.run();
  // The records' spans in the caller's bytes, not the sanitized copy's: each byte that was not
  // UTF-8 became U+FFFD's three. (read() hands this function UTF-8 only, having read such bytes
  // as Windows-1252, but tests and tools call it directly.)
  if (!bad_offsets.empty()) {
    const auto in_input = [&](std::uint32_t at) {
      const auto grown = std::lower_bound(bad_offsets.begin(), bad_offsets.end(), at);
      return static_cast<std::uint32_t>(at - 2 * (grown - bad_offsets.begin()));
    };
    for (Publication& p : result.library.publications)
      p.span = {in_input(p.span.begin), in_input(p.span.end)};
  }
  return result;
}

}  // namespace papershelf
