// The query engine: filter, search, sort and group a Library into a View. Pure functions over
// value types; a View holds indices into the library, so it is cheap to recompute per keystroke.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/fields.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"

namespace papershelf {

// Query text may come from a link anyone can send (the element keeps its state in the URL hash),
// so every parser below bounds what it reads: text past kMaxQueryText bytes is ignored (and
// reported where the parser reports errors), a sort key already in the list is dropped (it could
// never break a tie), and a search uses at most kMaxSearchTerms distinct words. A query's cost is
// then bounded by the library's size, whatever the text.
inline constexpr std::size_t kMaxQueryText = 2000;
inline constexpr std::size_t kMaxSearchTerms = 32;

// Filters combine with AND; values inside one filter combine with OR. Empty means "any".
struct Filter {
  int year_from = 0;  // 0 = open
  int year_to = 0;
  std::vector<PubType> types;
  std::vector<Status> statuses;
  std::vector<std::string> venues;  // matches the badge or the venue, case/diacritic-insensitive
  std::vector<std::string> tags;
  bool selected_only = false;
  bool has_award = false;
  std::string
      author;  // some author's name contains this (folded), or is this name as the owner is matched
  bool owner_first = false;  // the owner is first author, or first among equal-contribution marks

  bool empty() const;
};

// Text syntax used by the CLI, the element's `filter` attribute and the URL hash: space-separated
// clauses, e.g. "year:2020-2024 type:conference,journal status:preprint venue:NSDI tag:llm
// selected award author:Zhang first-author". Unknown clauses are reported in `error`.
Filter parse_filter(std::string_view text, std::string* error = nullptr);
std::string to_string(const Filter& f);

// One clause of a filter in its canonical form. Front ends show a filter as controls and chips
// from these and edit it with the functions below; none of them parses filter text itself.
struct FilterClause {
  PAPERSHELF_FILTER_CLAUSE_FIELDS(PAPERSHELF_MEMBER)  // kind, value, text, label (fields.hpp)
};
using FilterClauses = std::vector<FilterClause>;
// The clauses of `f` in canonical order; to_string(f) is their texts joined by spaces.
std::vector<FilterClause> filter_clauses(const Filter& f);
// The canonical text of one clause (quoted when the value has spaces; the syntax has no escapes,
// so quotes inside the value are dropped). A flag's text is its kind, whatever `value` says.
std::string clause_text(std::string_view kind, std::string_view value);
// One change a visitor makes to a filter: `toggle` a clause (it replaces the clause of its kind,
// and the very same clause again removes it: a profile card statistic, a year bar, a chip), or
// set the clause of `kind` to `value` (a menu; removed when `value` is empty, and a flag is set
// by any non-empty value). A value the syntax cannot hold (an unknown type, a bad year range)
// removes the clause rather than stay as text that fails later.
struct FilterEdit {
  PAPERSHELF_FILTER_EDIT_FIELDS(PAPERSHELF_MEMBER)  // toggle, or kind and value
};
using FilterEdits = std::vector<FilterEdit>;
// Applies `edit` to `f` as it is, without reading `f` again as text.
void apply_edit(Filter& f, const FilterEdit& edit);
// `filter` with the clause of `kind` set to `value`; canonical text (apply_edit).
std::string set_clause(std::string_view filter, std::string_view kind, std::string_view value);
// `filter` with `clause` toggled; canonical text (apply_edit).
std::string toggle_clause(std::string_view filter, std::string_view clause);

#define PAPERSHELF_SORT_FIELDS(X) \
  X(Year, "year")                 \
  X(Title, "title")               \
  X(Author, "author")             \
  X(Venue, "venue")               \
  X(Badge, "badge")               \
  X(Type, "type")                 \
  X(Status, "status")             \
  X(Citations, "citations")       \
  X(File, "file")

#define PAPERSHELF_ENUM_ITEM(name, text) name,
enum class SortField : std::uint8_t { PAPERSHELF_SORT_FIELDS(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM
std::string_view to_string(SortField f);

struct SortKey {
  SortField field = SortField::Year;
  bool descending = true;
  friend bool operator==(const SortKey& a, const SortKey& b) {
    return a.field == b.field && a.descending == b.descending;
  }
};
// "year-desc,title-asc" (direction optional: year defaults to desc, others to asc).
// Returns nullopt and sets `error` on unknown keys.
std::optional<std::vector<SortKey>> parse_sort(std::string_view text, std::string* error = nullptr);
std::string to_string(const std::vector<SortKey>& keys);
// Newest first: year then month then day, descending; ties keep file order.
std::vector<SortKey> default_sort();

#define PAPERSHELF_GROUP_KEYS(X) \
  X(None, "none")                \
  X(Year, "year")                \
  X(Type, "type")                \
  X(Status, "status")            \
  X(Venue, "venue")
#define PAPERSHELF_ENUM_ITEM(name, text) name,
enum class GroupBy : std::uint8_t { PAPERSHELF_GROUP_KEYS(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM
std::string_view to_string(GroupBy g);
// "none", "year", "type", "status" or "venue" (any case; "badge" means venue; "" means none).
// Unknown text gives nullopt and, with `error`, a message naming the choices.
std::optional<GroupBy> group_from_string(std::string_view s, std::string* error = nullptr);

struct Query {
  // The page author's fixed selection (the element's `filter` attribute: "selected", a year
  // range): records outside it are not part of the list at all, so they are neither counted in
  // `View::total` nor in the facets, and no visitor filter can bring them back.
  Filter scope;
  Filter filter;       // the visitor's filters, within the scope
  std::string search;  // free text: every word must occur (case- and diacritic-insensitive)
  std::vector<SortKey> sort = default_sort();
  GroupBy group = GroupBy::None;
};

// A byte range [begin, end) in some field's text.
struct Match {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  friend bool operator==(const Match& a, const Match& b) {
    return a.begin == b.begin && a.end == b.end;
  }
};

struct Group {
  PAPERSHELF_GROUP_FIELDS(PAPERSHELF_MEMBER)  // key, label, begin (in View::entries), count
};

using Groups = std::vector<Group>;

struct View {
  std::vector<std::uint32_t> entries;  // indices into Library::publications, display order
  Groups groups;                       // empty when GroupBy::None; covers `entries` in order
  std::uint32_t total = 0;  // listed publications in the scope, before the visitor's filters
                            // (a record without a title is never listed)
};

// Folded search text of every publication, built once per library so a keystroke costs one scan.
class SearchIndex {
 public:
  SearchIndex() = default;
  explicit SearchIndex(const Library& lib);
  bool contains_all(std::uint32_t pub, const std::vector<std::string>& folded_terms) const;
  // contains_all for every record at once (1 = all terms occur): one skipping scan of the whole
  // index per term, which is what a keystroke costs.
  std::vector<std::uint8_t> matching(const std::vector<std::string>& folded_terms) const;
  std::size_t size() const { return starts_.empty() ? 0 : starts_.size() - 1; }

 private:
  // Every record's folded text back to back (record i is [starts_[i], starts_[i+1])): one block
  // that a keystroke's scan reads front to back, instead of 10,000 separate heap strings.
  std::string text_;
  std::vector<std::size_t> starts_;
};

// Splits free text into folded search terms (quoted phrases stay together), each once, at most
// kMaxSearchTerms of them from the first kMaxQueryText bytes; `error` says when some were left out.
std::vector<std::string> search_terms(std::string_view search, std::string* error = nullptr);
// Where the terms occur in `text` (byte ranges of the original text, merged and sorted).
std::vector<Match> find_matches(std::string_view text,
                                const std::vector<std::string>& folded_terms);

// True when the owner is the first author, or carries the first author's equal-contribution mark.
bool owner_is_first_author(const Publication& p, const OwnerMatcher& owner);

struct Facets;
// Runs filter + search + sort + group. `index` may be null (it is then built on the fly). With
// `facets`, the facet counts (see facet_counts) come from the same pass over the records.
View run_query(const Library& lib, const Query& query, const OwnerMatcher& owner = {},
               const SearchIndex* index = nullptr, Facets* facets = nullptr);

struct FacetValue {
  PAPERSHELF_FACET_VALUE_FIELDS(PAPERSHELF_MEMBER)
};
using FacetValues = std::vector<FacetValue>;
// How many records each filter value would keep, given the rest of the query (a facet's own
// filter is ignored when counting it). Values with a zero count are omitted.
// A menu longer than this helps no one, and 16,000 venue options rebuilt on each key took a
// second: venues and tags keep only their kMaxFacetValues most frequent values.
inline constexpr std::size_t kMaxFacetValues = 100;
struct Facets {
  PAPERSHELF_FACETS_FIELDS(PAPERSHELF_MEMBER)  // (fields.hpp)
};
Facets facet_counts(const Library& lib, const Query& query, const OwnerMatcher& owner = {},
                    const SearchIndex* index = nullptr);

// --- What a list's toolbar offers ---
// One rule for every front end: the element's toolbar, the canvas widget, and the room prerender
// keeps for the toolbar in a static list all ask these, so none of them re-judges it.
#define PAPERSHELF_CONTROLS_MODES(X) \
  X(Full, "full")                    \
  X(Search, "search")                \
  X(None, "none")
#define PAPERSHELF_ENUM_ITEM(name, text) name,
enum class ControlsMode : std::uint8_t { PAPERSHELF_CONTROLS_MODES(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM
std::string_view to_string(ControlsMode mode);
// A list shorter than this (a "Selected publications" section) gets no toolbar by default.
inline constexpr std::size_t kSmallList = 10;
// The mode the element's `controls` attribute asks for ("full", "search", "none"); anything else,
// or nothing, is the default for a list of `total` records: the whole toolbar from kSmallList on.
ControlsMode controls_mode(std::string_view attribute, std::size_t total);

// Which controls can change a list, judged on the facets of its whole, unfiltered scope of `total`
// records (narrowed facets would hide controls the whole list needs): a menu with fewer than two
// values or a chip that keeps every record or none does nothing. A front end judges once per
// library and scope, so that nothing comes and goes while a visitor types, and always shows a
// control whose filter is set.
struct UsefulControls {
  PAPERSHELF_USEFUL_CONTROLS_FIELDS(
      PAPERSHELF_MEMBER)  // one flag a control, the "Most cited" sort too
};
UsefulControls useful_controls(const Facets& whole, std::uint32_t total);

}  // namespace papershelf
