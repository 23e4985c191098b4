// Search, sort, group and facet counts over a Library. Everything works on indices so a View is
// cheap; per-record folded text is precomputed once in a SearchIndex.
#include <algorithm>
#include <climits>
#include <optional>

#include "papershelf/query.hpp"
#include "papershelf/unicode.hpp"
#include "query/cache.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"
#include "text/string_ids.hpp"

namespace papershelf {

// ---------------------------------------------------------------- [SECTION] enum names

#define PAPERSHELF_TEXT(name, text) text,
namespace {
constexpr std::string_view kSortFieldText[] = {PAPERSHELF_SORT_FIELDS(PAPERSHELF_TEXT)};
constexpr std::string_view kGroupText[] = {PAPERSHELF_GROUP_KEYS(PAPERSHELF_TEXT)};
}  // namespace
#undef PAPERSHELF_TEXT

std::string_view to_string(SortField f) { return kSortFieldText[static_cast<int>(f)]; }
std::string_view to_string(GroupBy g) { return kGroupText[static_cast<int>(g)]; }

std::optional<GroupBy> group_from_string(std::string_view s, std::string* error) {
  const std::string folded = unicode::ascii_lower(s);  // group names are ASCII keywords
  if (folded.empty()) return GroupBy::None;
  if (folded == "badge") return GroupBy::Venue;
  for (std::size_t i = 0; i < std::size(kGroupText); ++i)
    if (folded == kGroupText[i]) return static_cast<GroupBy>(i);
  if (error) {
    *error = "unknown group \"" + std::string(s.substr(0, 40)) + "\" (use";
    for (std::size_t i = 0; i < std::size(kGroupText); ++i)
      *error += std::string(i == 0                           ? " "
                            : i + 1 == std::size(kGroupText) ? " or "
                                                             : ", ") +
                std::string(kGroupText[i]);
    *error += ")";
  }
  return std::nullopt;
}

std::vector<SortKey> default_sort() { return {{SortField::Year, true}}; }

std::optional<std::vector<SortKey>> parse_sort(std::string_view text, std::string* error) {
  std::vector<SortKey> keys;
  if (text.size() > kMaxQueryText) {  // cut after the last whole key within the limit
    const std::size_t comma = text.rfind(',', kMaxQueryText);
    text = text.substr(0, comma == std::string_view::npos ? kMaxQueryText : comma);
  }
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ',') continue;
    std::string item;  // ASCII keywords, spaces dropped
    for (const char c : unicode::ascii_lower(text.substr(start, i - start)))
      if (c != ' ') item += c;
    start = i + 1;
    if (item.empty()) continue;
    std::optional<bool> descending;
    for (const auto& [suffix, desc] :
         {std::pair{"-desc", true}, {"-asc", false}, {":desc", true}, {":asc", false}}) {
      const std::string s = suffix;
      if (item.size() > s.size() && item.compare(item.size() - s.size(), s.size(), s) == 0) {
        descending = desc;
        item.resize(item.size() - s.size());
        break;
      }
    }
    if (item == "date") item = "year";
    if (item == "first-author" || item == "authors") item = "author";
    if (item == "order" || item == "file-order") item = "file";
    bool found = false;
    for (std::size_t f = 0; f < std::size(kSortFieldText); ++f) {
      if (item == kSortFieldText[f]) {
        const auto field = static_cast<SortField>(f);
        const bool default_desc = field == SortField::Year || field == SortField::Citations;
        // A field already sorted by has decided every tie it could: a second key on it is dropped.
        if (std::none_of(keys.begin(), keys.end(),
                         [&](const SortKey& k) { return k.field == field; }))
          keys.push_back({field, descending.value_or(default_desc)});
        found = true;
        break;
      }
    }
    if (!found) {
      if (item.size() > 40) item = item.substr(0, 40) + "...";
      if (error)
        *error = "unknown sort key \"" + item +
                 "\" (use year, title, author, venue, badge, type, status, citations or file, "
                 "each optionally -asc or -desc)";
      return std::nullopt;
    }
  }
  if (keys.empty()) keys = default_sort();
  return keys;
}

std::string to_string(const std::vector<SortKey>& keys) {
  std::string out;
  for (const auto& k : keys) {
    if (!out.empty()) out += ',';
    out += to_string(k.field);
    out += k.descending ? "-desc" : "-asc";
  }
  return out;
}

// ---------------------------------------------------------------- [SECTION] search

namespace {
constexpr char kFieldSeparator = '\x1F';  // keeps a term from matching across two fields

void append_folded(std::string& out, std::string_view text) {
  if (text.empty()) return;
  out += unicode::fold(text);
  out += kFieldSeparator;
}
}  // namespace

SearchIndex::SearchIndex(const Library& lib) {
  starts_.reserve(lib.publications.size() + 1);
  starts_.push_back(0);
  for (const auto& p : lib.publications) {
    std::string& h = text_;
    append_folded(h, p.title.text);
    for (const auto& a : p.authors) append_folded(h, display_name(a));
    append_folded(h, p.venue.text);
    append_folded(h, p.badge());
    for (const auto& t : p.tags()) append_folded(h, t);
    append_folded(h, p.note().text);
    append_folded(h, p.award().text);
    append_folded(h, p.award_label());
    if (p.date.year) append_folded(h, std::to_string(p.date.year));
    append_folded(h, p.abstract().text);
    starts_.push_back(h.size());
  }
}

bool SearchIndex::contains_all(std::uint32_t pub, const std::vector<std::string>& terms) const {
  if (pub >= size()) return false;
  const std::string_view h(text_.data() + starts_[pub], starts_[pub + 1] - starts_[pub]);
  return std::all_of(terms.begin(), terms.end(),
                     [&](const std::string& t) { return bytes::find(h, t) < h.size(); });
}

std::vector<std::uint8_t> SearchIndex::matching(const std::vector<std::string>& terms) const {
  const std::size_t n = size();
  std::vector<std::uint8_t> out(n, 0);
  if (terms.size() > 250) {  // more terms than a counter holds: one record at a time
    for (std::uint32_t i = 0; i < n; ++i) out[i] = contains_all(i, terms);
    return out;
  }
  // out[r] counts the terms found so far in record r; a record that missed one stays behind.
  for (std::size_t k = 0; k < terms.size(); ++k) {
    if (terms[k].empty()) {
      for (auto& c : out) c += c == k;
      continue;
    }
    const std::string_view text(text_), term(terms[k]);
    std::size_t record = 0;
    for (std::size_t pos = 0; pos < text.size();) {
      // Tested as "inside the text", not "!= npos": written with the npos test, the -Oz + LTO
      // WebAssembly build (Emscripten 3.1.6) ran the body with pos == npos and read past the
      // end; the -O3 and native builds, and ASan, were fine.
      const std::size_t hit = bytes::find(text, term, pos);
      if (hit >= text.size()) break;
      while (starts_[record + 1] <= hit) ++record;
      if (hit + term.size() <= starts_[record + 1]) {
        if (out[record] == k) ++out[record];
        pos = starts_[record + 1];  // one hit per record is enough
      } else {
        pos = hit + 1;  // runs into the next record's text: not a match in either
      }
    }
  }
  for (auto& c : out) c = c == terms.size();
  return out;
}

std::vector<std::string> search_terms(std::string_view search, std::string* error) {
  std::vector<std::string> terms;
  const bool too_long = search.size() > kMaxQueryText;
  if (too_long) search = unicode::truncate_utf8(search, kMaxQueryText);
  std::string current;
  bool quoted = false, too_many = false;
  auto flush = [&] {
    if (current.empty()) return;
    std::string term = unicode::fold(current);
    current.clear();
    if (term.empty() || std::find(terms.begin(), terms.end(), term) != terms.end()) return;
    if (terms.size() == kMaxSearchTerms)
      too_many = true;
    else
      terms.push_back(std::move(term));
  };
  for (char c : search) {
    if (c == '"') {
      flush();
      quoted = !quoted;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      flush();
    } else {
      current += c;
    }
  }
  flush();
  if (error && (too_long || too_many))
    *error = too_long ? "search text longer than " + std::to_string(kMaxQueryText) +
                            " bytes: the rest is ignored"
                      : "search with more than " + std::to_string(kMaxSearchTerms) +
                            " words: the rest are ignored";
  return terms;
}

std::vector<Match> find_matches(std::string_view text, const std::vector<std::string>& terms) {
  std::vector<Match> merged;
  if (terms.empty() || text.empty()) return merged;
  std::vector<std::uint32_t> offsets;
  const std::string folded = unicode::fold(text, &offsets);
  // reach[p]: the furthest folded end of a match starting at folded position p (0 = none). One
  // slot per position instead of one Match per occurrence: "a a a ..." searched in itself would
  // otherwise make (words x occurrences) matches to sort.
  std::vector<std::uint32_t> reach(folded.size(), 0);
  // Each distinct term once: the terms in sorted order, repeats skipped.
  const auto order = detail::sorted_indices(
      terms.size(), [&](std::uint32_t a, std::uint32_t b) { return terms[a] < terms[b]; });
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::string& term = terms[order[k]];
    if (term.empty() || (k > 0 && terms[order[k - 1]] == term)) continue;
    for (std::size_t pos = bytes::find(folded, term); pos < folded.size();
         pos = bytes::find(folded, term, pos + 1)) {
      std::size_t after = pos + term.size();
      // A match that ends inside one source character's expansion (ß -> "ss") covers it whole.
      while (after < offsets.size() && offsets[after] == offsets[after - 1]) ++after;
      reach[pos] = std::max(reach[pos], static_cast<std::uint32_t>(after));
    }
  }
  for (std::size_t pos = 0; pos < reach.size(); ++pos) {
    if (reach[pos] == 0) continue;
    const std::uint32_t begin = offsets[pos];
    const std::uint32_t end =
        reach[pos] < offsets.size() ? offsets[reach[pos]] : static_cast<std::uint32_t>(text.size());
    if (!merged.empty() && begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, end);
    else
      merged.push_back({begin, end});
  }
  return merged;
}

// ---------------------------------------------------------------- [SECTION] filtering

bool owner_is_first_author(const Publication& p, const OwnerMatcher& owner) {
  if (p.authors.empty() || owner.empty()) return false;
  if (owner.matches(p.authors[0])) return true;
  // Equal contribution: the owner is in the leading run of authors sharing the first one's mark.
  for (const char* equal : {"*", "\xE2\x88\x97"}) {  // * and U+2217
    if (p.authors[0].marks().find(equal) == std::string::npos) continue;
    for (std::size_t i = 1; i < p.authors.size(); ++i) {
      if (p.authors[i].marks().find(equal) == std::string::npos) break;
      if (owner.matches(p.authors[i])) return true;
    }
  }
  return false;
}

namespace {

enum FilterBit : std::uint32_t {
  kYear = 1u << 0,
  kType = 1u << 1,
  kStatus = 1u << 2,
  kVenue = 1u << 3,
  kTag = 1u << 4,
  kSelected = 1u << 5,
  kAward = 1u << 6,
  kAuthor = 1u << 7,
  kOwnerFirst = 1u << 8,
  kSearch = 1u << 9,
};

struct PreparedQuery {
  const Filter& f;
  std::vector<std::string> venues;  // folded
  std::vector<std::string> tags;    // folded
  std::string author;               // folded
  OwnerMatcher author_name;  // the author clause as a name ("Zhisheng Ye" also finds "Z. Ye")
  std::vector<std::string> terms;
  const OwnerMatcher& owner;
  const SearchIndex& index;
  std::vector<std::uint8_t> search_hits = {};  // index.matching(terms), when there are terms
  const std::vector<std::uint8_t>* owner_first = nullptr;  // per record, when cached

  bool first(const Publication& p, std::uint32_t i) const {
    return owner_first ? (*owner_first)[i] != 0 : owner_is_first_author(p, owner);
  }
};

std::string venue_key(const Publication& p) { return p.badge().empty() ? p.venue.text : p.badge(); }
std::string_view venue_key_view(const Publication& p) {
  return p.badge().empty() ? std::string_view(p.venue.text) : std::string_view(p.badge());
}

// Which clauses of the query this publication fails, as a bit set (0 = kept).
std::uint32_t failed_clauses(const PreparedQuery& q, const Publication& p, std::uint32_t i) {
  const Filter& f = q.f;
  std::uint32_t failed = 0;
  if ((f.year_from && p.date.year < f.year_from) ||
      (f.year_to && (p.date.year > f.year_to || p.date.year == 0)))
    failed |= kYear;
  if (!f.types.empty() && std::find(f.types.begin(), f.types.end(), p.type) == f.types.end())
    failed |= kType;
  if (!f.statuses.empty() &&
      std::find(f.statuses.begin(), f.statuses.end(), p.status) == f.statuses.end())
    failed |= kStatus;
  if (!q.venues.empty()) {
    const std::string badge = unicode::fold(p.badge());
    const std::string venue = unicode::fold(p.venue.text);
    const bool hit = std::any_of(q.venues.begin(), q.venues.end(),
                                 [&](const std::string& v) { return v == badge || v == venue; });
    if (!hit) failed |= kVenue;
  }
  if (!q.tags.empty()) {
    const bool hit = std::any_of(p.tags().begin(), p.tags().end(), [&](const std::string& t) {
      const std::string ft = unicode::fold(t);
      return std::find(q.tags.begin(), q.tags.end(), ft) != q.tags.end();
    });
    if (!hit) failed |= kTag;
  }
  if (f.selected_only && !p.selected) failed |= kSelected;
  if (f.has_award && p.award().empty() && p.award_label().empty()) failed |= kAward;
  if (!q.author.empty()) {
    const bool hit = std::any_of(p.authors.begin(), p.authors.end(), [&](const Person& a) {
      return unicode::fold(display_name(a)).find(q.author) != std::string::npos ||
             q.author_name.matches(a);
    });
    if (!hit) failed |= kAuthor;
  }
  if (f.owner_first && !q.first(p, i)) failed |= kOwnerFirst;
  if (!q.terms.empty() && !q.search_hits[i]) failed |= kSearch;
  return failed;
}

PreparedQuery prepare_filter(const Filter& f, const OwnerMatcher& owner, const SearchIndex& index) {
  PreparedQuery q{
      f,
      {},
      {},
      unicode::fold(f.author),
      f.author.empty() ? OwnerMatcher() : OwnerMatcher(std::vector<std::string>{f.author}),
      {},
      owner,
      index};
  for (const auto& v : f.venues) q.venues.push_back(unicode::fold(v));
  for (const auto& t : f.tags) q.tags.push_back(unicode::fold(t));
  return q;
}

PreparedQuery prepare(const Query& query, const OwnerMatcher& owner, const SearchIndex& index) {
  PreparedQuery q = prepare_filter(query.filter, owner, index);
  q.terms = search_terms(query.search);
  if (!q.terms.empty()) q.search_hits = index.matching(q.terms);
  return q;
}

// ---------------------------------------------------------------- [SECTION] sorting

// Precomputed per-entry sort keys: comparisons read two small arrays instead of folding strings
// repeatedly or touching each Publication (about 700 bytes, a cache miss apiece).
struct SortColumns {
  std::vector<std::string> text;     // folded text, for a string-valued key
  std::vector<std::int64_t> number;  // the value, or kMissing, for the other keys
};
constexpr std::int64_t kMissing = INT64_MIN;

std::string text_key(const Publication& p, SortField f) {
  switch (f) {
    case SortField::Title:
      return unicode::fold(p.title.text);
    case SortField::Author: {
      if (p.authors.empty()) return {};
      const Person& a = p.authors[0];
      return unicode::fold(a.is_literal() ? std::string(a.literal())
                                          : std::string(a.family()) + " " + std::string(a.given()));
    }
    case SortField::Venue:
      return unicode::fold(p.venue.text.empty() ? p.badge() : p.venue.text);
    case SortField::Badge:
      return unicode::fold(p.badge().empty() ? p.venue.text : p.badge());
    default:
      return {};
  }
}

// Unknown values (no year, no citations) are kMissing.
std::int64_t number_key(const Publication& p, SortField f) {
  switch (f) {
    case SortField::Year:
      return p.date.year == 0 ? kMissing
                              : p.date.year * std::int64_t{10000} + p.date.month * 100 + p.date.day;
    case SortField::Type:
      return int(p.type);
    case SortField::Status:
      return int(p.status);
    case SortField::Citations:
      return p.citations() ? *p.citations() : kMissing;
    default:
      return p.order;  // SortField::File
  }
}

bool is_text_field(SortField f) {
  return f == SortField::Title || f == SortField::Author || f == SortField::Venue ||
         f == SortField::Badge;
}

void sort_entries(const Library& lib, std::vector<std::uint32_t>& entries,
                  const std::vector<SortKey>& keys) {
  std::vector<SortColumns> columns(keys.size());
  // `slot[i]` is the position of library index i inside `entries`, for column lookups.
  std::vector<std::uint32_t> slot(lib.publications.size());
  for (std::uint32_t s = 0; s < entries.size(); ++s) slot[entries[s]] = s;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const SortField f = keys[k].field;
    if (is_text_field(f)) {
      columns[k].text.reserve(entries.size());
      for (auto e : entries) columns[k].text.push_back(text_key(lib.publications[e], f));
    } else {
      columns[k].number.reserve(entries.size());
      for (auto e : entries) columns[k].number.push_back(number_key(lib.publications[e], f));
    }
  }
  // Missing values (no year, empty text, no citations) are placed last whatever the direction.
  auto compare = [&](std::uint32_t a, std::uint32_t b) -> bool {
    const std::uint32_t sa = slot[a], sb = slot[b];
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const SortColumns& col = columns[k];
      int c;
      bool missing_a, missing_b;
      if (col.number.empty()) {
        const std::string& ta = col.text[sa];
        const std::string& tb = col.text[sb];
        missing_a = ta.empty();
        missing_b = tb.empty();
        c = ta.compare(tb);
      } else {
        const std::int64_t va = col.number[sa], vb = col.number[sb];
        missing_a = va == kMissing;
        missing_b = vb == kMissing;
        c = va < vb ? -1 : va > vb ? 1 : 0;
      }
      if (missing_a != missing_b) return missing_b;  // present before missing
      if (missing_a) continue;
      if (c != 0) return keys[k].descending ? c > 0 : c < 0;
    }
    return false;
  };
  // Callers pass ascending indices and the sort is stable: ties keep library order.
  detail::sort_indices(entries, compare);
}

// ---------------------------------------------------------------- [SECTION] grouping

struct GroupOf {
  std::string key;
  std::string label;
  std::int64_t rank;  // groups are ordered by rank, then by first appearance
};

// Year groups follow the direction of a leading year sort (oldest first for "year-asc").
GroupOf group_of(const Publication& p, GroupBy g, bool years_ascending) {
  switch (g) {
    case GroupBy::Year: {
      if (p.date.year == 0) return {"undated", "Undated", std::int64_t{1} << 40};
      const auto year = static_cast<std::int64_t>(p.date.year);
      return {std::to_string(p.date.year), std::to_string(p.date.year),
              years_ascending ? year : -year};
    }
    case GroupBy::Type:
      return {std::string(to_string(p.type)), std::string(label(p.type)), int(p.type)};
    case GroupBy::Status:
      return {std::string(to_string(p.status)), std::string(label(p.status)), int(p.status)};
    case GroupBy::Venue: {
      std::string v = venue_key(p);
      if (v.empty()) return {"", "Other", std::int64_t{1} << 40};
      return {v, v, 0};
    }
    case GroupBy::None:
      break;
  }
  return {"", "", 0};
}

void group_entries(const Library& lib, View& view, GroupBy g, bool years_ascending) {
  if (g == GroupBy::None || view.entries.empty()) return;
  std::vector<GroupOf> groups;
  detail::StringIds id_of;  // a group key's id is its index in `groups`
  std::vector<std::uint32_t> gid(view.entries.size());
  for (std::size_t i = 0; i < view.entries.size(); ++i) {
    GroupOf go = group_of(lib.publications[view.entries[i]], g, years_ascending);
    gid[i] = id_of.insert(go.key);
    if (gid[i] == groups.size()) groups.push_back(std::move(go));
  }
  // Venue groups: alphabetical (folded), "Other" last; the others by rank.
  // (a stable sort: ties keep the order of first appearance)
  const auto order = detail::sorted_indices(groups.size(), [&](std::uint32_t a, std::uint32_t b) {
    if (groups[a].rank != groups[b].rank) return groups[a].rank < groups[b].rank;
    return g == GroupBy::Venue && unicode::fold(groups[a].key) < unicode::fold(groups[b].key);
  });
  std::vector<std::uint32_t> position(groups.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) position[order[i]] = i;
  const auto idx = detail::sorted_indices(
      view.entries.size(),
      [&](std::uint32_t a, std::uint32_t b) { return position[gid[a]] < position[gid[b]]; });
  std::vector<std::uint32_t> entries;
  entries.reserve(idx.size());
  for (auto i : idx) {
    const std::uint32_t group = gid[i];
    if (view.groups.empty() || view.groups.back().key != groups[group].key) {
      view.groups.push_back(
          {groups[group].key, groups[group].label, static_cast<std::uint32_t>(entries.size()), 0});
    }
    ++view.groups.back().count;
    entries.push_back(view.entries[i]);
  }
  view.entries = std::move(entries);
}

}  // namespace

// ---------------------------------------------------------------- [SECTION] queries

namespace {

// Facet counts accumulated record by record from each record's failed clauses: a record counts
// for a facet value when it fails no clause but (possibly) that facet's own.
class FacetTally {
 public:
  FacetTally(const PreparedQuery& q, const FacetKeys& keys)
      : q_(q), keys_(&keys), venue_counts_(keys.venues.size()), tag_counts_(keys.tags.size()) {}

  // Reads the packed keys, not the record (see FacetKeys); `p` only for an uncached owner.
  void add(const Publication& p, std::uint32_t i, std::uint32_t failed) {
    auto kept_without = [&](std::uint32_t bit) { return (failed & ~bit) == 0; };
    const FacetKeys::Row& r = keys_->rows[i];
    if (kept_without(kYear) && r.year) ++year_count(r.year);
    if (kept_without(kType)) ++types_[int(r.type)];
    if (kept_without(kStatus)) ++statuses_[int(r.status)];
    if (kept_without(kVenue) && keys_->venue_of[i] != FacetKeys::kNoVenue)
      ++venue_counts_[keys_->venue_of[i]];
    if (kept_without(kTag))
      for (std::uint32_t k = keys_->tag_begin[i]; k < keys_->tag_begin[i + 1]; ++k)
        ++tag_counts_[keys_->tag_ids[k]];
    if (kept_without(kSelected) && r.selected) ++out_.selected;
    if (kept_without(kAward) && r.award) ++out_.awards;
    if (kept_without(kOwnerFirst) && q_.first(p, i)) ++out_.owner_first;
    if (failed == 0 && r.cited) ++out_.cited;
  }

  Facets finish() {
    for (std::size_t k = years_.size(); k-- > 0;)  // newest first
      out_.years.push_back({std::to_string(years_[k]), std::to_string(years_[k]), year_counts_[k]});
    for (int t = 0; t < kPubTypeCount; ++t)
      if (types_[t])
        out_.types.push_back(
            {std::string(to_string(PubType(t))), std::string(label(PubType(t))), types_[t]});
    for (int s = 0; s < kStatusCount; ++s)
      if (statuses_[s])
        out_.statuses.push_back(
            {std::string(to_string(Status(s))), std::string(label(Status(s))), statuses_[s]});
    out_.venues = by_count(venue_counts_, keys_->venues);
    out_.tags = by_count(tag_counts_, keys_->tags);
    return std::move(out_);
  }

 private:
  // The values counted at least once, most frequent first, then by value (names are distinct);
  // the first kMaxFacetValues of them.
  static std::vector<FacetValue> by_count(const std::vector<std::uint32_t>& counts,
                                          const std::vector<std::string_view>& names) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t k = 0; k < counts.size(); ++k)
      if (counts[k]) ids.push_back(k);
    detail::sort_indices(ids, [&](std::uint32_t a, std::uint32_t b) {
      return counts[a] != counts[b] ? counts[a] > counts[b] : names[a] < names[b];
    });
    if (ids.size() > kMaxFacetValues) ids.resize(kMaxFacetValues);
    std::vector<FacetValue> v;
    v.reserve(ids.size());
    for (const auto k : ids) v.push_back({std::string(names[k]), std::string(names[k]), counts[k]});
    return v;
  }

  // The counter of `year`: a sorted vector rather than a std::map (a tree's code in the WASM
  // build); records mostly come in year order, so the last one found is tried first.
  std::uint32_t& year_count(int year) {
    if (last_year_ < years_.size() && years_[last_year_] == year) return year_counts_[last_year_];
    std::size_t k = std::lower_bound(years_.begin(), years_.end(), year) - years_.begin();
    if (k == years_.size() || years_[k] != year) {
      // Opened up by hand: vector::insert would be 0.4 KB more of WebAssembly for this alone.
      years_.push_back(year);
      year_counts_.push_back(0);
      for (std::size_t j = years_.size() - 1; j > k; --j) {
        years_[j] = years_[j - 1];
        year_counts_[j] = year_counts_[j - 1];
      }
      years_[k] = year;
      year_counts_[k] = 0;
    }
    last_year_ = k;
    return year_counts_[k];
  }

  const PreparedQuery& q_;
  const FacetKeys* keys_;
  std::vector<std::uint32_t> venue_counts_, tag_counts_;  // by FacetKeys index
  std::vector<int> years_;                                // ascending
  std::vector<std::uint32_t> year_counts_;
  std::size_t last_year_ = 0;
  std::uint32_t types_[kPubTypeCount] = {};
  std::uint32_t statuses_[kStatusCount] = {};
  Facets out_;
};

}  // namespace

View run_query(const Library& lib, const Query& query, const OwnerMatcher& owner,
               const SearchIndex* index, Facets* facets) {
  QueryCache cache;
  cache.index = index;
  return run_query(lib, query, owner, cache, facets);
}

View run_query(const Library& lib, const Query& query, const OwnerMatcher& owner,
               const QueryCache& cache, Facets* facets) {
  SearchIndex local;
  const bool needs_index = !cache.index && !search_terms(query.search).empty();
  if (needs_index) local = SearchIndex(lib);
  PreparedQuery q = prepare(query, owner, cache.index ? *cache.index : local);
  const auto n = static_cast<std::uint32_t>(lib.publications.size());
  if (cache.owner_first && cache.owner_first->size() == n) q.owner_first = cache.owner_first;
  const bool presorted = cache.order && cache.order->size() == n;
  View view;
  view.total = n;
  view.entries.reserve(n);
  const bool no_filter = query.filter.empty() && q.terms.empty();
  // The scope is checked with the same code as the filter, as a query of its own without search.
  std::optional<PreparedQuery> scope;
  if (!query.scope.empty()) {
    scope.emplace(prepare_filter(query.scope, owner, q.index));
    scope->owner_first = q.owner_first;
  }
  // One pass: each record's failed clauses decide both whether it is kept and what it counts
  // for in the facets.
  // Without cached keys (a one-off query) they are made here: one pass, the same counting code.
  FacetKeys local_keys;
  const bool keyed = cache.facet_keys && cache.facet_keys->rows.size() == n;
  if (facets && !keyed) local_keys = facet_keys(lib);
  FacetTally tally(q, keyed ? *cache.facet_keys : local_keys);
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::uint32_t i = presorted ? (*cache.order)[k] : k;
    const Publication& p = lib.publications[i];
    // An untitled record (the readers report it) and one outside the scope are not in the list.
    if (p.title.empty() || (scope && failed_clauses(*scope, p, i) != 0)) {
      --view.total;
      continue;
    }
    const std::uint32_t failed = no_filter ? 0 : failed_clauses(q, p, i);
    if (facets) tally.add(p, i, failed);
    if (failed == 0) view.entries.push_back(i);
  }
  if (facets) *facets = tally.finish();
  if (!presorted) sort_entries(lib, view.entries, query.sort);
  const bool years_ascending =
      !query.sort.empty() && query.sort[0].field == SortField::Year && !query.sort[0].descending;
  group_entries(lib, view, query.group, years_ascending);
  return view;
}

std::vector<std::uint32_t> sorted_order(const Library& lib, const std::vector<SortKey>& keys) {
  std::vector<std::uint32_t> order(lib.publications.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  sort_entries(lib, order, keys);
  return order;
}

FacetKeys facet_keys(const Library& lib) {
  FacetKeys keys;
  detail::StringIds venue_ids, tag_ids;  // a value's id is its index in keys.venues / keys.tags
  const std::size_t n = lib.publications.size();
  keys.venue_of.reserve(n);
  keys.tag_begin.reserve(n + 1);
  auto id_of = [](detail::StringIds& ids, std::vector<std::string_view>& names,
                  std::string_view v) {
    const std::uint32_t id = ids.insert(v);
    if (id == names.size()) names.push_back(v);
    return id;
  };
  keys.rows.reserve(n);
  for (const auto& p : lib.publications) {
    keys.rows.push_back({p.date.year, p.type, p.status, p.selected,
                         !p.award().empty() || !p.award_label().empty(),
                         p.citations().has_value()});
    const std::string_view v = venue_key_view(p);
    keys.venue_of.push_back(v.empty() ? FacetKeys::kNoVenue : id_of(venue_ids, keys.venues, v));
    keys.tag_begin.push_back(static_cast<std::uint32_t>(keys.tag_ids.size()));
    for (const auto& t : p.tags()) keys.tag_ids.push_back(id_of(tag_ids, keys.tags, t));
  }
  keys.tag_begin.push_back(static_cast<std::uint32_t>(keys.tag_ids.size()));
  return keys;
}

std::vector<std::uint8_t> owner_first_flags(const Library& lib, const OwnerMatcher& owner) {
  std::vector<std::uint8_t> out(lib.publications.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = owner_is_first_author(lib.publications[i], owner);
  return out;
}

Facets facet_counts(const Library& lib, const Query& query, const OwnerMatcher& owner,
                    const SearchIndex* index) {
  Facets out;
  run_query(lib, query, owner, index, &out);
  return out;
}

}  // namespace papershelf
