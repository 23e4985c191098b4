// The BibTeX reader's resolve layer over the raw scanner (raw.hpp): entries with their macros
// expanded (reader.cpp), crossref and xdata inheritance (inherit.cpp), and each entry mapped onto
// the model (map_entry.cpp). Internal to the core.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "biblio/record_keys.hpp"
#include "papershelf/diagnostics.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "read/bibtex/mapping.hpp"
#include "read/bibtex/raw.hpp"
#include "read/settle.hpp"
#include "text/bytes.hpp"
#include "text/string_ids.hpp"

namespace papershelf::bibtex {

// A field with its macros expanded: the raw LaTeX value.
// Names and values are views into the input, or into the resolver's store when
// they had to be built (lower-cased names, macro expansions, concatenations).
struct Field {
  std::string_view name;  // lower-case
  std::string_view value;
  std::uint32_t offset = 0;  // where the value text starts (for decode warnings)
  std::uint32_t name_offset = 0;
  bool exact_offsets = false;         // one braced/quoted piece: value offsets map 1:1 to the input
  FieldRole role = FieldRole::Other;  // what map() does with it
};

// `name` is `lower` in any case (`lower`: ASCII letters).
inline bool is_named(std::string_view name, std::string_view lower) {
  if (name.size() != lower.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if ((name[i] | 0x20) != lower[i]) return false;
  return true;
}

struct Entry {
  std::string_view key;            // as written (trimmed)
  std::uint32_t offset = 0;        // of the '@'
  std::uint32_t close_offset = 0;  // of its closing '}' or ')'; 0: never closed (RawEntry's)
  std::string_view type;      // lower-case; @xdata entries only lend fields and are not records
  std::vector<Field> fields;  // add() them, so that wide entries keep their index
  // Field positions by name, built once an entry has more than kIndexFrom fields: a linear find
  // per field made an entry with 100,000 fields quadratic (half a minute).
  // (Behind a pointer: ten thousand entries without one would each carry its 88 bytes.) Field
  // names are distinct within an entry, so a name's id is its field's index.
  static constexpr std::size_t kIndexFrom = 64;
  std::unique_ptr<detail::StringIds> by_name;

  const Field* find(std::string_view name) const {
    if (by_name) {
      const std::uint32_t id = by_name->find(name);
      return id == detail::StringIds::kAbsent ? nullptr : &fields[id];
    }
    for (const Field& f : fields)
      if (bytes::same_bytes(f.name, name)) return &f;
    return nullptr;
  }
  Field* find(std::string_view name) {
    return const_cast<Field*>(static_cast<const Entry*>(this)->find(name));
  }
  void add(Field f) {
    fields.push_back(std::move(f));
    if (by_name) {
      by_name->insert(fields.back().name);
    } else if (fields.size() > kIndexFrom) {
      by_name = std::make_unique<detail::StringIds>();
      for (const Field& existing : fields) by_name->insert(existing.name);
    }
  }
  void clear() {
    fields.clear();
    by_name.reset();
  }
  // This entry as `other` is (the fields' texts are shared: they are views).
  void copy_of(const Entry& other) {
    clear();
    key = other.key;
    offset = other.offset;
    close_offset = other.close_offset;
    type = other.type;
    fields.reserve(other.fields.size());
    for (const Field& f : other.fields) add(f);
  }
};

class Resolver {
 public:
  Resolver(std::string_view text, RawFile& raw, const ReadOptions& options, ReadResult& result)
      : text_(text),
        raw_(raw),
        options_(options),
        result_(result),
        expansion_budget_(kExpansionFactor * text.size() + kExpansionFloor),
        inherit_budget_{std::max(text.size(), kInheritFloor), std::max(text.size(), kInheritFloor)},
        maybe_double_encoded_(unicode::might_be_double_encoded(text)) {}

  void diag(std::uint32_t offset, Severity s, DiagnosticKind kind, std::string message) {
    const LineMap::Position pos = lines().position(offset);
    result_.diagnostics.push_back(
        {options_.source_name, pos.line, pos.column, s, kind, std::move(message)});
  }
  std::uint32_t line_of(std::uint32_t offset) { return lines().position(offset).line; }
  void run();

 private:
  struct Macro {
    const RawField* field = nullptr;
    std::string value;
    std::uint8_t state = 0;  // 0 not resolved, 1 resolving, 2 done
  };

  // Keeps a value built for an entry (a concatenation) alive until the entry is mapped, and
  // returns a view of it.
  std::string_view store(std::string s) {
    store_in_->push_back(std::move(s));
    return store_in_->back();
  }
  // `s` lower-cased: the input's bytes when already lower-case (the usual case), else one shared
  // copy per distinct name (a file written as "Author = ..." has a handful of them).
  std::string_view lower(std::string_view s) {
    for (char c : s)
      if (c >= 'A' && c <= 'Z')
        return lower_names_.at(lower_names_.insert(unicode::ascii_lower(s)));
    return s;
  }
  void define_macros();
  void append_value(const RawField& f, std::string& out, int depth);
  const std::string* macro_value(const Piece& piece);
  void resolve_entry(const RawEntry& e, Entry& out);
  std::string_view value_of(const RawField& rf);  // its macros expanded
  bool any_inheritance() const;
  std::string_view unique_key(const RawEntry& e);
  void add_publication(const Entry& e);
  void resolve_and_map_each();
  void resolve_inheriting_each();
  void find_lenders();
  const Entry& lender(std::uint32_t id);
  void inherit(Entry& child, std::uint32_t id);
  bool xdata_leads_back(std::uint32_t from, std::uint32_t target);
  std::uint32_t lookup(std::string_view key);
  void map(const Entry& e, Publication& p);
  RichText decode(const Field& f);
  void report_name_issues(const Field& f, const NameList& names);
  // What a venue's text says about its records, worked out once per distinct venue (a file
  // names a few dozen venues over thousands of entries).
  detail::StringIds venue_ids_;
  std::vector<detail::VenueClues> venue_clues_;
  detail::VenueClues venue_clues(std::string_view venue) {
    if (venue.empty()) return {};
    if (const std::uint32_t id = venue_ids_.find(venue); id != detail::StringIds::kAbsent)
      return venue_clues_[id];
    const detail::VenueClues clues = detail::venue_clues(venue);
    if (venue_ids_.size() < 4096) {  // (memory stays bounded whatever the file)
      venue_ids_.insert(venue);
      venue_clues_.push_back(clues);
    }
    return clues;
  }
  void year_words(const Field& f, int year, std::optional<Status>& status);
  void read_legend(std::string_view annotation, std::size_t offset);

  std::string_view text_;
  RawFile& raw_;
  const ReadOptions& options_;
  ReadResult& result_;
  // Line and column of any offset, for diagnostics: built on the first one (a clean file has none).
  std::optional<LineMap> lines_;
  const LineMap& lines() {
    if (!lines_) lines_.emplace(text_);
    return *lines_;
  }
  // The line of each record: entries are mapped in file order, so the line ends between one
  // entry and the next are counted once, instead of a whole-file line table and a lookup each.
  std::size_t line_cursor_offset_ = 0;
  std::uint32_t line_cursor_ = 1;
  std::uint32_t line_of_next_entry(std::size_t offset) {
    if (offset < line_cursor_offset_) return line_of(static_cast<std::uint32_t>(offset));
    line_cursor_ += static_cast<std::uint32_t>(
        bytes::count_bytes(text_.data() + line_cursor_offset_, offset - line_cursor_offset_, '\n'));
    line_cursor_offset_ = offset;
    return line_cursor_;
  }
  // @string macros by lower-case name (a name's id indexes macros_). All are defined before any
  // entry is resolved and macros_ never grows after that: fields view their values in place.
  detail::StringIds macro_names_;
  std::vector<Macro> macros_;
  Macro& macro(std::string_view lower_name) {
    const std::uint32_t id = macro_names_.insert(lower_name);
    if (id == macros_.size()) macros_.emplace_back();
    return macros_[id];
  }
  Macro* find_macro(std::string_view lower_name) {
    const std::uint32_t id = macro_names_.find(lower_name);
    return id == detail::StringIds::kAbsent ? nullptr : &macros_[id];
  }
  // A macro by its name as written (lower-cased only when it has capitals: `month = sep`).
  Macro* find_macro_written(std::string_view name) {
    for (char c : name)
      if (c >= 'A' && c <= 'Z') return find_macro(unicode::ascii_lower(name));
    return find_macro(name);
  }
  // Bytes that macro expansion may still add over the whole read. Without a bound, a chain of
  // @string{s1 = s0 # s0}, @string{s2 = s1 # s1}, ... doubles at each step (a "billion laughs").
  // It grows with the file: real files expand to a small fraction of their size (at most 0.08x
  // in the real-world corpus), and a fixed 16 MB let 1 KB of macros make 80 MB of HTML.
  static constexpr std::size_t kExpansionFactor = 2;
  static constexpr std::size_t kExpansionFloor = std::size_t{64} << 10;
  std::size_t expansion_budget_ = 0;
  bool expansion_warned_ = false;
  bool double_encoding_warned_ = false;  // said once per file
  // Takes `m`'s value out of the budget, or says once that the budget is spent and returns false.
  bool spend_expansion(const Macro& m, const Piece& piece);
  // Bytes that crossref/xdata inheritance may still copy into children (see inherit()): the
  // file's size, or 1.5 MB for a smaller file, for values over 1 KB, and as much again for
  // smaller ones, so that the large ones cannot take what every child inherits (a year, a
  // publisher). (Real files inherit a fraction of their size; a small DBLP-style file of tiny
  // papers under long proceedings records, some 5x, fits in the floor. Four times the file and
  // 1 MB let one 100 KB title fill 8 MB of venues.)
  static constexpr std::size_t kInheritFloor = std::size_t{3} << 19;
  static constexpr std::size_t kLargeInherited = 1024;
  std::size_t inherit_budget_[2] = {};  // small values, large values
  bool inherit_warned_ = false;
  // Whether any value may be UTF-8 once read as Latin-1 (the whole file looked at once, so that
  // a clean file's values are not looked at one by one).
  bool maybe_double_encoded_ = false;
  detail::UniqueKeys keys_;  // a key's id is its entry's index among the regular entries
  std::vector<std::uint32_t> key_offsets_;  // by key id: where the entry with that key starts
  detail::StringIds lower_keys_;
  std::vector<std::uint32_t> entry_of_lower_key_;
  // Crossref and xdata (resolve_inheriting_each): by key id, the raw entry (its key is
  // keys_.at(id)), and for the entries that other entries name, the entry resolved once and kept.
  std::vector<std::uint32_t> raw_of_id_;
  std::vector<std::uint8_t> lends_;
  std::vector<std::unique_ptr<Entry>> lenders_;
  // The crossref and xdata values that macros make, resolved before any entry (they say which
  // entries lend), by raw field index: resolve_entry() takes them from here rather than
  // expanding them twice.
  std::vector<std::pair<std::uint32_t, std::string_view>> link_values_;
  std::deque<std::string> store_;
  std::deque<std::string> lender_store_;  // what lenders' fields view: kept to the end
  std::deque<std::string>* store_in_ = &store_;
  std::deque<std::string> store_keys_;  // derived keys of duplicate entries (unique_key)
  detail::StringIds reported_once_;     // decoder warnings given once per file
  detail::StringIds legend_symbols_;    // of the profile's legend (read_legend)
  detail::StringIds lower_names_;
};

}  // namespace papershelf::bibtex
