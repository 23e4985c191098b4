// read_bibtex: the resolve layer over the raw scanner (raw.cpp). It expands
// @string macros (predefined jan..dec, `#` concatenation, forward references,
// cycles reported), applies crossref and xdata inheritance, drops duplicate
// keys, and maps fields onto the model (mapping.hpp).
//
// Mapping choices: link labels are the field names (`html` stays "html";
// BibBase `url_slides` is "slides"); doi and arxiv links come after the other
// links; `author+an` annotations become marks
// ("equal" -> "*", "corresponding" -> "†") and are not kept as a field;
// `annotation` stays an extra field and also feeds the profile legend when its
// lines start with marker symbols.
#include <algorithm>
#include <deque>
#include <memory>
#include <optional>

#include "papershelf/latex.hpp"
#include "papershelf/names.hpp"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "read/bibtex/mapping.hpp"
#include "read/bibtex/raw.hpp"
#include "read/record_keys.hpp"
#include "read/settle.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"
#include "text/string_ids.hpp"

namespace papershelf {
namespace {

using bibtex::FieldRole;
using bibtex::PieceKind;
using bibtex::RawEntry;
using bibtex::RawField;

// A field with its macros expanded: the raw LaTeX value.
// Names and values are views into the input, or into the resolver's store when
// they had to be built (lower-cased names, macro expansions, concatenations).
struct Field {
  std::string_view name;  // lower-case
  std::string_view value;
  std::uint32_t offset = 0;  // where the value text starts (for decode warnings)
  std::uint32_t name_offset = 0;
  bool exact_offsets = false;  // one braced/quoted piece: value offsets map 1:1 to the input
  bibtex::FieldRole role = bibtex::FieldRole::Other;  // what map() does with it
};

// `name` is `lower` in any case (`lower`: ASCII letters).
bool is_named(std::string_view name, std::string_view lower) {
  if (name.size() != lower.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if ((name[i] | 0x20) != lower[i]) return false;
  return true;
}

struct Entry {
  std::string_view key;      // as written (trimmed)
  std::uint32_t offset = 0;  // of the '@'
  std::string_view type;  // lower-case; @xdata entries only lend fields and are not records
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
    type = other.type;
    fields.reserve(other.fields.size());
    for (const Field& f : other.fields) add(f);
  }
};

class Resolver {
 public:
  Resolver(std::string_view text, bibtex::RawFile& raw, const ReadOptions& options,
           ReadResult& result)
      : text_(text), raw_(raw), options_(options), result_(result),
        expansion_budget_(kExpansionFactor * text.size() + kExpansionFloor),
        inherit_budget_{std::max(text.size(), kInheritFloor), std::max(text.size(), kInheritFloor)} {}

  void diag(std::uint32_t offset, Severity s, std::string message) {
    const LineMap::Position pos = lines().position(offset);
    result_.diagnostics.push_back(
        {options_.source_name, pos.line, pos.column, s, std::move(message)});
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
      if (c >= 'A' && c <= 'Z') return lower_names_.at(lower_names_.insert(bibtex::to_lower_ascii(s)));
    return s;
  }
  void define_macros();
  void append_value(const RawField& f, std::string& out, int depth);
  const std::string* macro_value(const bibtex::Piece& piece);
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
    if (const std::uint32_t id = venue_ids_.find(venue); id != detail::StringIds::kAbsent) return venue_clues_[id];
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
  bibtex::RawFile& raw_;
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
      if (c >= 'A' && c <= 'Z') return find_macro(bibtex::to_lower_ascii(name));
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
  // Takes `m`'s value out of the budget, or says once that the budget is spent and returns false.
  bool spend_expansion(const Macro& m, const bibtex::Piece& piece);
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
    Macro& m = macro(bibtex::to_lower_ascii(f->name));
    m = Macro{};
    m.field = f;
  }
  // Resolve in file order, so problems inside @string values are reported once,
  // where they are.
  for (const RawField* f : definitions) {
    Macro& m = macro(bibtex::to_lower_ascii(f->name));
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
      diag(piece.offset, Severity::Warning,
           "undefined macro '" + excerpt(piece.text) + "' (its name is kept)");
      out.append(piece.text);
      continue;
    }
    Macro& m = *found;
    if (m.state == 1 || (m.state == 0 && depth > 64)) {
      diag(piece.offset, Severity::Warning,
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
    diag(piece.offset, Severity::Warning,
         "macro '" + excerpt(piece.text) + "' expands to too much text: macros may add at most " +
             std::to_string(kExpansionFactor) + " times the file's size (its name is kept, here and wherever a later macro would go past that)");
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
  out.type = lower(e.type);
  out.fields.reserve(e.field_count);
  // Whether the entry writes `name` itself (asked only when a near miss of it is seen, once).
  std::optional<bool> writes[2];
  const auto writes_field = [&](int which, std::string_view name) {
    if (!writes[which]) {
      writes[which] = false;
      for (std::uint32_t k = 0; k < e.field_count && !*writes[which]; ++k) writes[which] = is_named(raw_.fields[e.first_field + k].name, name);
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
      if (const std::string_view meant = bibtex::meant_name_field(f.name); !meant.empty() && !writes_field(meant == "author" ? 0 : 1, meant)) {
        diag(rf.name_offset, Severity::Warning, "field '" + excerpt(f.name) + "' is read as '" + std::string(meant) + "', the name BibTeX knows");
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
      diag(rf.name_offset, Severity::Warning,
           "duplicate field '" + excerpt(f.name) + "' (the first one is kept)");
      continue;
    }
    const bibtex::Piece& first = raw_.pieces[rf.first_piece];
    f.offset = first.offset;
    f.name_offset = rf.name_offset;
    f.exact_offsets = rf.piece_count == 1 && first.kind != PieceKind::Macro;
    const std::uint32_t index = e.first_field + i;
    const auto link = std::lower_bound(link_values_.begin(), link_values_.end(), index,
                                       [](const auto& v, std::uint32_t at) { return v.first < at; });
    f.value = link != link_values_.end() && link->first == index ? link->second : value_of(rf);
    out.add(std::move(f));
  }
}

std::string_view Resolver::value_of(const RawField& rf) {
  const bibtex::Piece& first = raw_.pieces[rf.first_piece];
  if (rf.piece_count == 1 && first.kind != PieceKind::Macro) return first.text;
  if (const std::string* expansion = rf.piece_count == 1 ? macro_value(first) : nullptr)
    return *expansion;  // `month = jan`: the macro's own text (they live as long as the read)
  std::string value;
  append_value(rf, value, 0);
  return store(std::move(value));
}

// The id of the entry with this key (keys that differ only in case: the first in the file), or
// StringIds::kAbsent.
std::uint32_t Resolver::lookup(std::string_view key) {
  key = bibtex::trim(key);
  std::string safe;  // (a key written with characters keys cannot hold is kept without them: unique_key)
  if (!detail::is_safe_key(key)) key = safe = detail::safe_key(key);
  if (const std::uint32_t id = keys_.find(key); id != detail::StringIds::kAbsent) return id;
  if (lower_keys_.empty()) {
    for (std::uint32_t id = 0; id < keys_.size(); ++id)
      if (lower_keys_.insert(bibtex::to_lower_ascii(keys_.at(id))) == entry_of_lower_key_.size())
        entry_of_lower_key_.push_back(id);
  }
  const std::uint32_t lower = lower_keys_.find(bibtex::to_lower_ascii(key));
  return lower == detail::StringIds::kAbsent ? lower : entry_of_lower_key_[lower];
}

bool never_inherited(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "crossref", "xref", "xdata", "ids", "entryset", "label", "sortkey", "related", "shorthand"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

// The name a parent's field takes in the child (biblatex: a collection's title
// is the incollection's booktitle); "" when the child does not inherit it.
std::string_view inherited_name(std::string_view child_type, std::string_view parent_type,
                                std::string_view name) {
  if (never_inherited(name)) return {};
  const bool in_book = child_type == "inbook" || child_type == "incollection" ||
                       child_type == "inproceedings" || child_type == "bookinbook" ||
                       child_type == "suppbook" || child_type == "suppcollection" ||
                       child_type == "inreference" || child_type == "conference";
  const bool in_periodical = child_type == "article" && parent_type == "periodical";
  if (in_book || in_periodical) {
    if (name == "title") return in_book ? "booktitle" : "journaltitle";
    if (name == "subtitle") return in_book ? "booksubtitle" : "journalsubtitle";
    if (name == "titleaddon") return in_book ? "booktitleaddon" : "";
    if (name == "shorttitle" || name == "sorttitle" || name == "indextitle" ||
        name == "indexsorttitle")
      return {};
    if (name == "author" && child_type == "inbook") return "bookauthor";
  }
  return name;
}

// Calls `key` with each key of an xdata list ("a, b").
template <class F>
void each_xdata_key(std::string_view list, F&& key) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view one = bibtex::trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (!one.empty()) key(one);
  }
}

// Which entries others name in crossref or xdata: those lend fields, and are kept once resolved.
// The values are resolved here, once, in file order (and kept for resolve_entry()).
void Resolver::find_lenders() {
  lends_.assign(raw_of_id_.size(), 0);
  store_in_ = &lender_store_;  // (the values live as long as the entries that hold them)
  for (const std::uint32_t k : raw_of_id_) {
    const RawEntry& e = raw_.entries[k];
    bool crossref = false, xdata = false;  // (a repeated field is reported and left out)
    for (std::uint32_t i = 0; i < e.field_count; ++i) {
      const RawField& rf = raw_.fields[e.first_field + i];
      const bool is_crossref = is_named(rf.name, "crossref") && !crossref;
      const bool is_xdata = is_named(rf.name, "xdata") && !xdata;
      if (!is_crossref && !is_xdata) continue;
      (is_crossref ? crossref : xdata) = true;
      const std::string_view value = value_of(rf);
      const bibtex::Piece& first = raw_.pieces[rf.first_piece];
      if (rf.piece_count != 1 || first.kind == PieceKind::Macro)  // (a written value is read again for free)
        link_values_.emplace_back(e.first_field + i, value);
      const auto lend = [&](std::string_view key) {
        if (const std::uint32_t id = lookup(key); id != detail::StringIds::kAbsent) lends_[id] = 1;
      };
      if (is_crossref) lend(value);
      else each_xdata_key(value, lend);
    }
  }
  store_in_ = &store_;
}

// A lending entry, resolved the first time it is asked for (its strings are kept to the end).
const Entry& Resolver::lender(std::uint32_t id) {
  if (lenders_.size() <= id) lenders_.resize(raw_of_id_.size());
  if (!lenders_[id]) {
    auto e = std::make_unique<Entry>();
    std::deque<std::string>* const before = store_in_;
    store_in_ = &lender_store_;
    resolve_entry(raw_.entries[raw_of_id_[id]], *e);
    store_in_ = before;
    e->key = keys_.at(id);
    lenders_[id] = std::move(e);
  }
  return *lenders_[id];
}

// Gives `child` (the entry with key `id`) what it inherits through crossref and xdata.
void Resolver::inherit(Entry& child, std::uint32_t id) {
  // Each parent lends only the fields written in it (lenders are kept as resolved): the chain
  // walk below reaches every ancestor itself, and copying what a parent had inherited (it may
  // come earlier in the file) would hand a child's own title back up a crossref cycle.
  std::vector<std::uint32_t> parents;
  // crossref chain, nearest first; a cycle or a missing parent is reported once.
  const Entry* current = &child;
  constexpr int kMaxHops = 32;
  for (int hop = 0;; ++hop) {
    if (hop == kMaxHops) {
      if (current->find("crossref"))
        diag(child.find("crossref")->offset, Severity::Warning,
             "crossref chain from '" + excerpt(child.key) + "' is longer than " +
                 std::to_string(kMaxHops) + " entries (stopped)");
      break;
    }
    const Field* ref = current->find("crossref");
    if (!ref) break;
    const std::uint32_t parent = lookup(ref->value);
    if (parent == detail::StringIds::kAbsent) {
      // A DBLP export names proceedings it does not include: that matters only when the
      // entry has no venue of its own to show.
      const bool own_venue = child.find("booktitle") || child.find("journal") ||
                             child.find("journaltitle") || child.find("maintitle");
      if (current == &child && !own_venue)
        diag(ref->offset, Severity::Warning,
             "crossref '" + excerpt(ref->value) + "' does not match any entry (no venue to show)");
      break;
    }
    if (parent == id || std::find(parents.begin(), parents.end(), parent) != parents.end()) {
      if (current == &child || parent == id)
        diag(child.find("crossref")->offset, Severity::Warning,
             "crossref cycle through '" + excerpt(child.key) + "' (stopped)");
      break;
    }
    parents.push_back(parent);
    current = &lender(parent);
  }
  if (const Field* xdata = child.find("xdata")) {
    each_xdata_key(xdata->value, [&](std::string_view key) {
      const std::uint32_t source = lookup(key);
      if (source == detail::StringIds::kAbsent || source == id) {
        diag(xdata->offset, Severity::Warning,
             source == id ? "xdata '" + excerpt(key) + "' names the entry itself (ignored)"
                          : "xdata '" + excerpt(key) + "' does not match any entry");
        return;
      }
      if (xdata_leads_back(source, id)) {
        diag(xdata->offset, Severity::Warning,
             "xdata cycle through '" + excerpt(child.key) + "' and '" + excerpt(key) + "' (stopped)");
        return;
      }
      parents.push_back(source);
    });
  }
  for (const std::uint32_t p : parents) {
    const Entry& parent = lender(p);
    for (const Field& f : parent.fields) {
      const std::string_view name = inherited_name(child.type, parent.type, f.name);
      if (name.empty() || child.find(name)) continue;
      // Each child gets its own copy of what it inherits (the model holds plain strings), so
      // one parent with a huge field and thousands of children would multiply the input.
      std::size_t& budget = inherit_budget_[f.value.size() > kLargeInherited];
      if (f.value.size() > budget) {
        if (!inherit_warned_) {
          const Field* via = child.find("crossref") ? child.find("crossref") : child.find("xdata");
          diag(via ? via->offset : child.offset, Severity::Warning,
               "inherited fields would take more than the file's size (1.5 MB for a small file): '" + excerpt(child.key) +
                   "' and later entries do not inherit the largest ones");
          inherit_warned_ = true;
        }
        continue;
      }
      budget -= f.value.size();
      Field copy = f;
      copy.name = name;
      copy.role = bibtex::field_role(name);
      child.add(std::move(copy));
    }
  }
}

// True when following xdata references from entry `from` (up to 32 entries) reaches `target`.
bool Resolver::xdata_leads_back(std::uint32_t from, std::uint32_t target) {
  std::vector<std::uint32_t> todo{from}, seen;
  while (!todo.empty() && seen.size() < 32) {
    const std::uint32_t e = todo.back();
    todo.pop_back();
    if (std::find(seen.begin(), seen.end(), e) != seen.end()) continue;
    seen.push_back(e);
    const Field* xdata = lender(e).find("xdata");
    bool back = false;
    each_xdata_key(xdata ? xdata->value : std::string_view(), [&](std::string_view key) {
      const std::uint32_t next = lookup(key);
      back = back || next == target;
      if (next != detail::StringIds::kAbsent) todo.push_back(next);
    });
    if (back) return true;
  }
  return false;
}

// A year or date that is a word: "forthcoming", "in press", "submitted" say the paper's status
// (unless a pubstate field does); anything else without a year is reported.
void Resolver::year_words(const Field& f, int year, std::optional<Status>& status) {
  if (year) return;
  if (const auto said = bibtex::status_from_pubstate(f.value)) {
    if (!status) status = said;
    return;
  }
  if (bibtex::trim(f.value).empty()) return;
  diag(f.offset, Severity::Warning,
       "no year could be read from " + std::string(f.name) + " '" + std::string(bibtex::trim(f.value).substr(0, 40)) + "'");
}

void Resolver::report_name_issues(const Field& f, const NameList& names) {
  for (const NameList::Issue& issue : names.issues)
    diag(f.exact_offsets ? f.offset + issue.offset : f.offset, Severity::Warning, issue.message);
}

RichText Resolver::decode(const Field& f) {
  std::vector<latex::DecodeWarning> warnings;
  RichText t = latex::decode(f.value, &warnings);
  for (const auto& w : warnings) {
    bool first = true;
    if (w.once_per_input) reported_once_.insert(w.message, first);  // (an unknown command)
    if (first) diag(f.exact_offsets ? f.offset + w.offset : f.offset, Severity::Warning, w.message);
  }
  return t;
}

void Resolver::read_legend(std::string_view annotation, std::size_t offset) {
  // "* Equal contribution<br>† Corresponding author", one marker per line or
  // <br>.
  // (Line breaks are replaced in one pass: replacing each in place moved the rest every time.)
  std::string text;
  text.reserve(annotation.size());
  for (std::size_t i = 0; i < annotation.size();) {
    std::size_t br = 0;
    for (std::string_view b : {"<br/>", "<br />", "<br>", "\\\\"})
      if (annotation.compare(i, b.size(), b) == 0) br = b.size();
    text += br ? '\n' : annotation[i];
    i += br ? br : 1;
  }
  std::vector<LegendEntry> found;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t nl = rest.find_first_of("\n;");
    std::string_view line = bibtex::trim(rest.substr(0, nl));
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    std::string decoded = latex::decode(line).text;
    std::size_t pos = 0;
    while (pos < decoded.size()) {
      std::size_t next = pos;
      if (!is_marker_symbol(unicode::decode_utf8(decoded, next))) break;
      pos = next;
    }
    if (decoded.empty()) continue;
    LegendEntry entry;
    entry.symbol = decoded.substr(0, pos);
    entry.meaning = std::string(bibtex::trim(std::string_view(decoded).substr(pos)));
    if (pos == 0 || entry.meaning.empty()) return;  // prose, not a legend
    found.push_back(std::move(entry));
  }
  auto& legend = result_.library.profile.legend;
  for (LegendEntry& entry : found) {
    bool added = false;
    legend_symbols_.insert(entry.symbol, added);
    if (!added) continue;
    if (legend.size() < kMaxLegendEntries) legend.push_back(std::move(entry));
    else if (legend_symbols_.size() == kMaxLegendEntries + 1)  // the first symbol past the cap
      diag(offset, Severity::Warning, "the annotations' legend lists more than " + std::to_string(kMaxLegendEntries) +
                                          " symbols: the first " + std::to_string(kMaxLegendEntries) + " are kept");
  }
}

// YYYY, YYYY-MM, YYYY-MM-DD; `plain` is false for ranges and anything else (the
// start is used).
Date parse_date(std::string_view s, bool& plain) {
  s = bibtex::trim(s);
  Date d;
  auto number = [&](std::size_t& i, std::size_t max_digits) {
    int v = 0;
    std::size_t n = 0;
    while (i < s.size() && n < max_digits && s[i] >= '0' && s[i] <= '9') {
      v = v * 10 + (s[i++] - '0');
      ++n;
    }
    return n ? v : -1;
  };
  std::size_t i = 0;
  const int year = number(i, 4);
  if (year < 0) {
    plain = false;
    return d;
  }
  d.year = year;
  if (i + 1 < s.size() && s[i] == '-') {
    ++i;
    const int month = number(i, 2);
    if (month >= 1 && month <= 12) d.month = month;
    if (d.month && i + 1 < s.size() && s[i] == '-') {
      ++i;
      const int day = number(i, 2);
      if (day >= 1 && day <= 31) d.day = day;
    }
  }
  plain = i == s.size() && year >= 1000 && (d.month || s.size() == 4) && (s.size() <= 7 || d.day);
  return d;
}

int first_year(std::string_view s) {
  for (std::size_t i = 0; i + 4 <= s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9' && (i == 0 || s[i - 1] < '0' || s[i - 1] > '9')) {
      int v = 0;
      std::size_t j = i;
      while (j < s.size() && j < i + 4 && s[j] >= '0' && s[j] <= '9') v = v * 10 + (s[j++] - '0');
      if (j == i + 4) return v;
    }
  }
  return 0;
}

// BibBase's url_<label> fields ("url_slides"): a link labelled "slides".
bool is_labelled_url(std::string_view name) { return name.size() > 4 && name.compare(0, 4, "url_") == 0; }

// Links are added as found; bibtex::tidy_links() then keeps the first of each.
void add_link(Publication& p, std::string label, std::string url) {
  if (!url.empty()) p.links.push_back({std::move(label), std::move(url)});
}

void apply_annotations(std::string_view an, std::vector<Person>& people) {
  // "1=equal; 3=corresponding": per-name annotations (item-level ones like
  // "1:family=" skipped).
  while (!an.empty()) {
    const std::size_t semi = an.find(';');
    const std::string_view item = bibtex::trim(an.substr(0, semi));
    an = semi == std::string_view::npos ? std::string_view() : an.substr(semi + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) continue;
    const auto index = bibtex::parse_integer(item.substr(0, eq));
    if (!index || *index < 1 || static_cast<std::size_t>(*index) > people.size()) continue;
    std::string_view words = item.substr(eq + 1);
    while (!words.empty()) {
      const std::size_t comma = words.find(',');
      const std::string word = bibtex::to_lower_ascii(bibtex::trim(words.substr(0, comma)));
      words = comma == std::string_view::npos ? std::string_view() : words.substr(comma + 1);
      const char* mark = nullptr;
      if (word.compare(0, 5, "equal") == 0) mark = "*";
      if (word == "corresponding" || word == "corr") mark = "†";
      Person& person = people[static_cast<std::size_t>(*index - 1)];
      if (mark && person.marks().find(mark) == std::string_view::npos) person.add_marks(mark);
    }
  }
}

// Mendeley writes every URL of a record into one field ("http://a.org/x http://b.org/y"): each
// is a link of its own. A single value with spaces is one address ("My Paper.pdf").
void add_links(Publication& p, std::string_view label, std::string value) {
  std::size_t schemes = 0;
  for (std::size_t at = value.find("://"); at != std::string::npos; at = value.find("://", at + 3)) ++schemes;
  if (schemes < 2 || value.find_first_of(" \t\n\r;,") == std::string::npos) {
    add_link(p, std::string(label), std::move(value));
    return;
  }
  std::string_view rest = value;
  while (!rest.empty()) {
    const std::size_t end = rest.find_first_of(" \t\n\r;,");
    const std::string_view one = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (!one.empty()) add_link(p, std::string(label), std::string(one));
  }
}

// The address of a record kept in howpublished (Zotero writes web pages' URLs there, beside a DOI)
// or, when it has no link of its own, in its note (CVs write "Available at \url{...}").
void link_from_text(const Entry& e, Publication& p) {
  const bool linked = !p.links.empty();
  for (const char* name : {"howpublished", "note"}) {
    const Field* f = linked && name[0] == 'n' ? nullptr : e.find(name);
    if (!f) continue;
    const std::string_view v = f->value;
    // The first \url{...} or \href{...}{...} alike: the BibTeX writer writes a link whose text is
    // its address as \url, so the two must give the same record.
    const std::size_t url = v.find("\\url{"), href = v.find("\\href{");
    if (url != std::string_view::npos || href != std::string_view::npos) {
      const std::size_t at = std::min(url, href), start = v.find('{', at) + 1;
      const std::size_t end = v.find('}', start);
      if (end != std::string_view::npos) add_link(p, "url", bibtex::clean_url(v.substr(start, end - start)));
      return;
    }
    const std::string_view t = bibtex::trim(v);
    if ((t.rfind("http://", 0) == 0 || t.rfind("https://", 0) == 0) && t.find(' ') == std::string_view::npos) {
      add_link(p, "url", bibtex::clean_url(t));
      return;
    }
  }
}

std::vector<std::string> split_tags(std::string_view s) {
  std::vector<std::string> tags;
  detail::StringIds seen;  // a linear find per tag made 100,000 keywords take 13 s
  while (!s.empty()) {
    const std::size_t sep = s.find_first_of(",;");
    const std::string_view tag = bibtex::trim(s.substr(0, sep));
    s = sep == std::string_view::npos ? std::string_view() : s.substr(sep + 1);
    if (tag.empty()) continue;
    std::string text = latex::decode(tag).text;
    if (bool added = false; !text.empty() && (seen.insert(text, added), added))
      tags.push_back(std::move(text));
  }
  return tags;
}

void Resolver::map(const Entry& e, Publication& p) {
  p.key = std::string(e.key);
  p.source_type = std::string(e.type);
  p.source_index = options_.source_index;
  p.line = line_of_next_entry(e.offset);

  const Field* venue = nullptr;
  int venue_rank = 1 << 20;
  bool has_date = false;
  // The links and kept fields the entry will have (as the switch below decides, but for the
  // rare fallbacks), to size the vectors once: a Link is 64 bytes, so no more than needed.
  std::size_t links = 0, others = 0;
  for (const Field& f : e.fields) {
    bool plain = false;  // (a placeholder date leaves the year field to say the year)
    if (f.role == FieldRole::Date && parse_date(f.value, plain).year <= kLatestYear) has_date = true;
    const bool url_label = f.role == FieldRole::Other && is_labelled_url(f.name);
    links += f.role == FieldRole::Link || url_label || f.role == FieldRole::Doi ||
             f.role == FieldRole::Arxiv;  // (the doi and arxiv links come last)
    others += (f.role == FieldRole::Other && !url_label) || f.role == FieldRole::Annotation;
    if (f.role != FieldRole::Venue) continue;
    const int rank = bibtex::venue_priority(f.name);
    // (A web address in howpublished is the record's link, not where it appeared.)
    const std::string_view value = bibtex::trim(f.value);
    const bool address = value.rfind("http", 0) == 0 || value.rfind("\\url", 0) == 0;
    if (rank < venue_rank && !value.empty() && !address) {
      venue = &f;
      venue_rank = rank;
    }
  }
  if (links) p.links.reserve(links);
  if (others) p.extra.reserve(others);
  std::optional<Status> pubstate;
  std::string_view annotations;
  auto keep = [&](const Field& f) {
    p.extra.push_back({std::string(f.name), std::string(f.value)});
  };
  // A placeholder year (kLatestYear): no date from this field, which is kept as written (for
  // its BibTeX); a year field beside a placeholder date still says the year.
  auto placeholder = [&](const Field& f, int year) {
    if (year <= kLatestYear) return false;
    diag(f.offset, Severity::Warning, std::string(f.name) + " '" + std::string(bibtex::trim(f.value).substr(0, 40)) +
                                          "' is a placeholder, not a publication's date: it is left out");
    keep(f);
    return true;
  };

  for (const Field& f : e.fields) {
    const std::string_view n = f.name;
    const std::string_view v = f.value;
    switch (f.role) {
      case FieldRole::Title:
        p.title = decode(f);
        break;
      case FieldRole::Author: {
        NameList names = parse_bibtex_names(v);
        report_name_issues(f, names);
        p.authors = std::move(names.people);
        p.others = names.others;
        break;
      }
      case FieldRole::Editor: {
        NameList names = parse_bibtex_names(v);
        report_name_issues(f, names);
        p.set_editors(std::move(names.people));
        break;
      }
      case FieldRole::AuthorAnnotation:
        annotations = v;
        break;
      case FieldRole::Year:
        if (has_date) {
          keep(f);
        } else if (auto year = bibtex::parse_integer(v); year && *year > 0 && *year < 10000) {
          if (!placeholder(f, static_cast<int>(*year))) p.date.year = static_cast<int>(*year);
        } else {
          p.date.year = first_year(v);
          keep(f);
          year_words(f, p.date.year, pubstate);
        }
        break;
      case FieldRole::Month: {
        int day = 0;
        const int month = has_date ? 0 : bibtex::parse_month_day(v, day);
        if (month) {
          p.date.month = month;
          if (day) p.date.day = day;
        } else {
          keep(f);
        }
        break;
      }
      case FieldRole::Day: {
        const auto day = has_date ? std::nullopt : bibtex::parse_integer(v);
        if (day && *day >= 1 && *day <= 31) {
          p.date.day = static_cast<int>(*day);
        } else {
          keep(f);
        }
        break;
      }
      case FieldRole::Date: {
        bool plain = false;
        const Date date = parse_date(v, plain);
        if (placeholder(f, date.year)) break;
        p.date = date;
        if (!plain) {
          keep(f);
          year_words(f, p.date.year, pubstate);
        }
        break;
      }
      case FieldRole::Venue:
        if (&f == venue) {
          p.venue = decode(f);
          p.venue_field = bibtex::venue_field_named(n);
        } else {
          keep(f);
        }
        break;
      case FieldRole::Abbr:
        p.set_badge(latex::decode(v).text);
        break;
      case FieldRole::Selected: {
        const std::string s = bibtex::to_lower_ascii(bibtex::trim(v));
        p.selected = s == "true" || s == "yes" || s == "1";
        break;
      }
      case FieldRole::Award:
        p.set_award(decode(f));
        break;
      case FieldRole::AwardName:
        p.set_award_label(latex::decode(v).text);
        break;
      case FieldRole::Link:
        add_links(p, n, bibtex::clean_url(v));
        break;
      case FieldRole::Arxiv:
        p.set_arxiv(bibtex::clean_arxiv(v));
        break;
      case FieldRole::Doi: {
        std::string doi = bibtex::clean_doi(v);
        if (doi.empty() || !p.doi().empty()) {
          keep(f);
        } else {
          p.set_doi(std::move(doi));
        }
        break;
      }
      case FieldRole::Preview:
        p.set_thumbnail(bibtex::clean_url(v));
        break;
      case FieldRole::Abstract:
        p.set_abstract(decode(f));
        break;
      case FieldRole::Annotation:
        keep(f);
        read_legend(v, f.name_offset);
        break;
      case FieldRole::Keywords:
        p.set_tags(split_tags(v));
        break;
      case FieldRole::Note:
        p.set_note(decode(f));
        break;
      case FieldRole::Pubstate:
        if (!(pubstate = bibtex::status_from_pubstate(v))) keep(f);
        break;
      case FieldRole::Citations:
        if (auto count = bibtex::parse_integer(v)) {
          p.set_citations(*count);
        } else {
          keep(f);
        }
        break;
      case FieldRole::Crossref:
      case FieldRole::Xdata:
      case FieldRole::Other:
        if (is_labelled_url(n)) {
          add_links(p, n.substr(4), bibtex::clean_url(v));
        } else {
          keep(f);
        }
        break;
    }
  }
  // A talk or a course dated only by its event (biblatex's eventdate) is of that year.
  if (!p.date.year)
    if (const Field* f = e.find("eventdate")) {
      bool plain = false;
      if (const Date date = parse_date(f->value, plain); date.year > 0 && date.year <= kLatestYear) p.date = date;
    }
  if (p.title.empty()) {
    // An edited volume written with only its booktitle (@book{x, booktitle = {...}, editor =
    // ...}): that is its title, not its venue. With no title at all, the key stands in.
    for (const char* name : {"booktitle", "maintitle", "eventtitle", "series"}) {
      const Field* f = e.find(name);
      if (!f || bibtex::trim(f->value).empty()) continue;
      p.title = decode(*f);
      if (f == venue) {  // the venue is then the next in rank (the book's series or publisher)
        const Field* next = nullptr;
        int next_rank = 1 << 20;
        for (const Field& g : e.fields) {
          if (g.role != FieldRole::Venue || &g == f || bibtex::trim(g.value).empty()) continue;
          const int rank = bibtex::venue_priority(g.name);
          if (rank < next_rank) {
            next = &g;
            next_rank = rank;
          }
        }
        p.venue = next ? decode(*next) : RichText();
        p.venue_field = next ? bibtex::venue_field_named(next->name) : VenueField::Unknown;
        if (next)  // (kept as an extra field above: the venue now, so not twice)
          for (auto x = p.extra.begin(); x != p.extra.end(); ++x)
            if (x->name == next->name) {
              p.extra.erase(x);
              break;
            }
      }
      break;
    }
    // Without any title it is no publication a visitor could read: it stays in the library
    // (BibTeX and JSON output, diagnostics) and lists leave it out (run_query).
    // (A @set only groups other entries: nothing to report.)
    if (p.title.empty() && e.type != "set")
      diag(e.offset, Severity::Warning,
           "entry '" + excerpt(e.key) + "' has no title: it is left out of the list");
  }
  if (p.arxiv().empty()) p.set_arxiv(bibtex::arxiv_from_extra(p.extra));
  if (!annotations.empty()) apply_annotations(annotations, p.authors);
  // The rest as every reader does it (read/settle.hpp), with the note's or howpublished's address
  // after the arXiv and DOI links.
  detail::RecordClues clues;
  clues.venue = venue_clues(p.venue.text);
  clues.stated = pubstate;
  clues.entry_type = e.type;
  detail::settle_identifiers(p, clues);
  link_from_text(e, p);
  detail::settle_status(p, clues);
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
    diag(e.key_offset, Severity::Warning,
         key.empty() ? "entry has no key: it is kept as '" + safe + "'"
                     : "key '" + excerpt(detail::quoted(key)) +
                           "' has characters a BibTeX key cannot hold (spaces, braces, parentheses, commas, quotes, # % = \\ ~): "
                           "it is kept as '" + excerpt(safe) + "'");
    key = safe;
  }
  std::uint32_t holder = detail::UniqueKeys::kAbsent;
  const std::uint32_t id = keys_.add(key, &holder);
  key_offsets_.push_back(e.offset);
  if (holder == detail::UniqueKeys::kAbsent && safe.empty()) return e.key;
  if (holder != detail::UniqueKeys::kAbsent)
    diag(e.key_offset, Severity::Warning,
         "duplicate key '" + excerpt(key) + "' (also on line " + std::to_string(line_of(key_offsets_[holder])) +
             "): this entry is kept as '" + excerpt(keys_.at(id)) + "'");
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
    diag(issue.offset, issue.severity, issue.message);
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
  for (std::size_t k = 0; k < raw_.entries.size(); ++k) regular += raw_.entries[k].kind == bibtex::EntryKind::Regular;
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

}  // namespace

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
  Resolver resolver(text, raw, options, result);
  std::uint32_t last_line = 0;
  for (std::uint32_t offset : bad_offsets) {
    // One warning per line is enough to find them all.
    const std::uint32_t line = resolver.line_of(offset);
    if (line == last_line) continue;
    last_line = line;
    resolver.diag(offset, Severity::Warning, "invalid UTF-8 replaced by U+FFFD");
  }
  // NUL bytes are kept (nothing valid is dropped) but are surely not meant: say where the first is.
  if (const std::size_t nul = bytes::find(text, std::string_view("\0", 1)); nul < text.size()) {
    std::size_t n = 0;
    for (std::size_t at = nul; at < text.size(); at = bytes::find(text, std::string_view("\0", 1), at + 1)) ++n;
    resolver.diag(static_cast<std::uint32_t>(nul), Severity::Warning,
                  std::to_string(n) + " NUL byte(s) in the file");
  }
  resolver.run();
  return result;
}

}  // namespace papershelf
