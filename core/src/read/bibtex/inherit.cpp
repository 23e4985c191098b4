// BibTeX and BibLaTeX inheritance: an entry's crossref and xdata parents lend it the fields it
// lacks (BibLaTeX's rules for which fields, and under which names), with cycles and chains
// reported.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"
#include "read/bibtex/mapping.hpp"
#include "read/bibtex/resolver.hpp"
#include "read/settle.hpp"
#include "text/ascii.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"

namespace papershelf::bibtex {

namespace {

// biblatex's, and what belongs to one record only: its citation count, the date of that count
// and its OpenAlex id (a paper citing its proceedings must not take the proceedings' count, nor
// be found as the proceedings by `papershelf sync`).
bool never_inherited(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "crossref", "xref",    "xdata",     "ids",       "entryset",          "label",
      "sortkey",  "related", "shorthand", "citations", "citations_updated", "openalex"};
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
}

// Where a parent's title goes in a child, by biblatex's default inheritance (its manual,
// appendix B): a multi-volume work's title is the child's maintitle (mvbook, mvcollection,
// mvreference, mvproceedings); a book's, collection's, reference work's or proceedings' title is
// the booktitle of an entry in it (inbook, incollection, inproceedings, bookinbook, suppbook,
// suppcollection, inreference; BibTeX's conference); a periodical's, an article's journaltitle.
// Other pairs (an @inproceedings that crossrefs another @inproceedings, an @xdata) lend their
// fields under their own names. (biblatex pairs book with inbook and collection with
// incollection only; a classic file's @incollection that crossrefs its @book means the same, so
// any container lends to any part.)
enum class TitleRole : std::uint8_t { Same, Main, Book, Journal };
TitleRole title_role(std::string_view child_type, std::string_view parent_type) {
  const bool part = child_type == "inbook" || child_type == "incollection" ||
                    child_type == "inproceedings" || child_type == "bookinbook" ||
                    child_type == "suppbook" || child_type == "suppcollection" ||
                    child_type == "inreference" || child_type == "conference";
  const bool multivolume = parent_type == "mvbook" || parent_type == "mvcollection" ||
                           parent_type == "mvreference" || parent_type == "mvproceedings";
  const bool volume = child_type == "book" || child_type == "collection" ||
                      child_type == "reference" || child_type == "proceedings";
  if (multivolume && (part || volume)) return TitleRole::Main;
  const bool container = parent_type == "book" || parent_type == "collection" ||
                         parent_type == "reference" || parent_type == "proceedings";
  if (container && part) return TitleRole::Book;
  if (parent_type == "periodical" && (child_type == "article" || child_type == "suppperiodical"))
    return TitleRole::Journal;
  return TitleRole::Same;
}

// The name a parent's field takes in the child; "" when the child does not inherit it.
std::string_view inherited_name(std::string_view child_type, std::string_view parent_type,
                                std::string_view name) {
  if (never_inherited(name)) return {};
  const TitleRole role = title_role(child_type, parent_type);
  if (role == TitleRole::Same) return name;
  static constexpr std::string_view kTitles[][3] = {{"maintitle", "mainsubtitle", "maintitleaddon"},
                                                    {"booktitle", "booksubtitle", "booktitleaddon"},
                                                    {"journaltitle", "journalsubtitle", ""}};
  const auto& titles = kTitles[static_cast<int>(role) - 1];
  if (name == "title") return titles[0];
  if (name == "subtitle") return titles[1];
  if (name == "titleaddon") return titles[2];
  if (name == "shorttitle" || name == "sorttitle" || name == "indextitle" ||
      name == "indexsorttitle")
    return {};
  if (name == "author" && role == TitleRole::Book && parent_type == "book") return "bookauthor";
  return name;
}

// Calls `key` with each key of an xdata list ("a, b").
template <class F>
void each_xdata_key(std::string_view list, F&& key) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view one = ascii::trim(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    if (!one.empty()) key(one);
  }
}

}  // namespace

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
      const Piece& first = raw_.pieces[rf.first_piece];
      if (rf.piece_count != 1 ||
          first.kind == PieceKind::Macro)  // (a written value is read again for free)
        link_values_.emplace_back(e.first_field + i, value);
      const auto lend = [&](std::string_view key) {
        if (const std::uint32_t id = lookup(key); id != detail::StringIds::kAbsent) lends_[id] = 1;
      };
      if (is_crossref)
        lend(value);
      else
        each_xdata_key(value, lend);
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
        diag(child.find("crossref")->offset, Severity::Warning, DiagnosticKind::Limit,
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
        diag(ref->offset, Severity::Warning, DiagnosticKind::Reference,
             "crossref '" + excerpt(ref->value) + "' does not match any entry (no venue to show)");
      break;
    }
    if (parent == id || std::find(parents.begin(), parents.end(), parent) != parents.end()) {
      if (current == &child || parent == id)
        diag(child.find("crossref")->offset, Severity::Warning, DiagnosticKind::Reference,
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
        diag(xdata->offset, Severity::Warning, DiagnosticKind::Reference,
             source == id ? "xdata '" + excerpt(key) + "' names the entry itself (ignored)"
                          : "xdata '" + excerpt(key) + "' does not match any entry");
        return;
      }
      if (xdata_leads_back(source, id)) {
        diag(xdata->offset, Severity::Warning, DiagnosticKind::Reference,
             "xdata cycle through '" + excerpt(child.key) + "' and '" + excerpt(key) +
                 "' (stopped)");
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
          diag(
              via ? via->offset : child.offset, Severity::Warning, DiagnosticKind::Limit,
              "inherited fields would take more than the file's size (1.5 MB for a small file): '" +
                  excerpt(child.key) + "' and later entries do not inherit the largest ones");
          inherit_warned_ = true;
        }
        continue;
      }
      budget -= f.value.size();
      Field copy = f;
      copy.name = name;
      copy.role = field_role(name);
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

}  // namespace papershelf::bibtex
