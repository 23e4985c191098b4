// Statistics for the profile card. Pure functions over the model.
#include "papershelf/stats.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "model/calendar.hpp"
#include "papershelf/query.hpp"
#include "papershelf/unicode.hpp"
#include "text/index_sort.hpp"
#include "text/string_ids.hpp"

namespace papershelf {
namespace {

using Key = OwnerMatcher::Key;

// One spelling of a co-author ("Z. Ye"), with the records it occurs on.
struct Variant {
  Key key;
  std::string name;                    // display name as first written
  std::vector<std::uint32_t> records;  // ascending, distinct
  int last_year = 0;
  bool full = false;  // some given-name word is more than an initial
};

bool is_full(const Key& k) {
  return std::any_of(k.given.begin(), k.given.end(),
                     [](const std::string& w) { return unicode::count_code_points(w) > 1; });
}

std::string variant_id(const Key& k) {
  if (k.family.empty()) return "\x01" + k.literal;
  std::string id = k.family;
  for (const auto& w : k.given) id += "\x02" + w;
  return id;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += w;
  return out;
}

bool same(const Key& a, const Key& b) {
  return OwnerMatcher::same_person(a, b) || OwnerMatcher::same_person(b, a);
}

struct UnionFind {
  std::vector<std::uint32_t> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);  // the first-seen variant stays the root
  }
};

std::vector<CoauthorStats> merge_coauthors(std::vector<Variant>& variants) {
  const auto n = static_cast<std::uint32_t>(variants.size());
  UnionFind uf(n);
  // Buckets by folded family name; literal names only merge with the same literal (same id).
  // (A family's id is its bucket's index. Union-find roots are each set's smallest id, so bucket
  // order does not matter.)
  detail::StringIds family_id;
  std::vector<std::vector<std::uint32_t>> buckets;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (variants[i].key.family.empty()) continue;
    const std::uint32_t id = family_id.insert(variants[i].key.family);
    if (id == buckets.size()) buckets.emplace_back();
    buckets[id].push_back(i);
  }
  auto by_family = [&](const std::string& family) -> const std::vector<std::uint32_t>& {
    return buckets[family_id.find(family)];  // every non-empty family has a bucket
  };
  // The spellings of a family are compared pair by pair, which one file can make quadratic (one
  // family name with 100,000 given names: minutes). Past kComparisons in all (far more than real
  // co-author lists need), a family's spellings are only merged when their given names are the
  // same letters ("Qing-Hao" ~ "Qinghao"), and initials stay apart.
  constexpr std::size_t kComparisons = std::size_t{1} << 20;
  std::size_t comparisons_left = kComparisons;
  const auto affordable = [&](std::size_t comparisons) {
    if (comparisons > comparisons_left) return false;
    comparisons_left -= comparisons;
    return true;
  };
  std::vector<std::uint8_t> compared(buckets.size(), 1);  // by family: its spellings were compared
  // 1. Full spellings that the owner rule calls the same person ("Qing-Hao" ~ "Qinghao",
  //    "Zhisheng J." ~ "Zhisheng").
  for (std::size_t f = 0; f < buckets.size(); ++f) {
    const auto& ids = buckets[f];
    if (!affordable(ids.size() * (ids.size() - 1) / 2)) {
      compared[f] = 0;
      detail::StringIds given_letters;
      std::vector<std::uint32_t> first_with;  // by id in given_letters: the first such spelling
      for (const auto i : ids) {
        if (!variants[i].full) continue;
        const std::uint32_t id = given_letters.insert(joined(variants[i].key.given));
        if (id == first_with.size())
          first_with.push_back(i);
        else
          uf.unite(i, first_with[id]);
      }
      continue;
    }
    for (std::size_t a = 0; a < ids.size(); ++a)
      for (std::size_t b = a + 1; b < ids.size(); ++b)
        if (variants[ids[a]].full && variants[ids[b]].full &&
            same(variants[ids[a]].key, variants[ids[b]].key))
          uf.unite(ids[a], ids[b]);
  }
  // 2. Initial-only (or given-less) spellings join the one full person they fit; with none, they
  //    join fitting initial-only spellings; with several, they stay apart (ambiguous). Family-first
  //    spellings ("YE Zhisheng": given "YE", family "Zhisheng") are looked up in the swapped
  //    bucket.
  std::vector<std::uint32_t> roots_full_before(n);
  for (std::uint32_t i = 0; i < n; ++i) roots_full_before[i] = uf.find(i);
  for (std::uint32_t i = 0; i < n; ++i) {
    Variant& v = variants[i];
    if (v.key.family.empty()) continue;
    std::vector<std::uint32_t> fits;  // roots of full persons that fit
    auto consider = [&](const std::vector<std::uint32_t>& ids, bool swapped) {
      for (auto j : ids) {
        if (j == i || !variants[j].full) continue;
        const bool ok = swapped ? OwnerMatcher::same_person(variants[j].key, v.key)
                                : same(variants[j].key, v.key);
        if (!ok) continue;
        const std::uint32_t r = roots_full_before[j];
        // (Whether one person fits or several is all that counts: two are enough to know.)
        if (fits.size() < 2 && std::find(fits.begin(), fits.end(), r) == fits.end())
          fits.push_back(r);
      }
    };
    const std::uint32_t family = family_id.find(v.key.family);
    if (!compared[family]) continue;
    if (!v.full && affordable(buckets[family].size())) consider(buckets[family], false);
    if (!v.key.given.empty()) {
      const std::uint32_t id = family_id.find(joined(v.key.given));
      if (id != detail::StringIds::kAbsent && id != family && compared[id] &&
          affordable(buckets[id].size()))
        consider(buckets[id], true);
    }
    if (fits.size() == 1) {
      uf.unite(i, fits[0]);
    } else if (fits.empty() && !v.full && affordable(buckets[family].size())) {
      for (auto j : by_family(v.key.family))
        if (j != i && !variants[j].full && !v.key.given.empty() && !variants[j].key.given.empty() &&
            same(variants[j].key, v.key))
          uf.unite(i, j);
    }
  }
  // Gather clusters, in root order (a vector by root, not a std::map: no tree code in WASM).
  std::vector<std::vector<std::uint32_t>> clusters(n);
  for (std::uint32_t i = 0; i < n; ++i) clusters[uf.find(i)].push_back(i);
  std::vector<CoauthorStats> out;
  for (const auto& members : clusters) {
    if (members.empty()) continue;
    CoauthorStats c;
    std::vector<std::uint32_t> records;
    // The name shown: a full spelling over initials, then the most used, then the first seen
    // (members are in first-seen order).
    const Variant* best = nullptr;
    for (auto m : members) {
      const Variant& v = variants[m];
      records.insert(records.end(), v.records.begin(), v.records.end());
      c.last_year = std::max(c.last_year, v.last_year);
      c.variants.push_back(v.name);
      if (!best || (v.full && !best->full) ||
          (v.full == best->full && v.records.size() > best->records.size()))
        best = &v;
    }
    detail::sort_unique(records);
    c.count = static_cast<std::uint32_t>(records.size());
    c.name = best->name;
    out.push_back(std::move(c));
  }
  return out;
}

// Ties that fold alike: by the raw name when `raw_ties` (venues), else in the incoming order.
template <typename T>
void sort_and_trim(std::vector<T>& items, std::size_t max, const std::string T::*name,
                   bool raw_ties) {
  std::vector<std::string> folded;
  folded.reserve(items.size());
  for (const auto& item : items) folded.push_back(unicode::fold(item.*name));
  // Stable: ties keep the incoming order.
  const auto order = detail::sorted_indices(items.size(), [&](std::uint32_t a, std::uint32_t b) {
    if (items[a].count != items[b].count) return items[a].count > items[b].count;
    if (items[a].last_year != items[b].last_year) return items[a].last_year > items[b].last_year;
    if (folded[a] != folded[b]) return folded[a] < folded[b];
    return raw_ties && items[a].*name < items[b].*name;
  });
  std::vector<T> sorted;
  sorted.reserve(items.size());
  for (auto i : order) {
    if (max && sorted.size() == max) break;
    sorted.push_back(std::move(items[i]));
  }
  items = std::move(sorted);
}

}  // namespace

// Counted, not sorted (no sort of int64 in the WASM build): at_least[c] is the number of records
// with min(citations, n) == c; h is the largest h with at least h records of h or more.
std::uint32_t h_index(std::vector<std::int64_t> citations) {
  const std::size_t n = citations.size();
  std::vector<std::uint32_t> at_least(n + 1, 0);
  for (const auto c : citations)
    if (c > 0) ++at_least[c < static_cast<std::int64_t>(n) ? static_cast<std::size_t>(c) : n];
  std::uint32_t records = 0;
  for (std::size_t h = n; h > 0; --h) {
    records += at_least[h];
    if (records >= h) return static_cast<std::uint32_t>(h);
  }
  return 0;
}

Stats compute_stats(const Library& lib, const OwnerMatcher& owner, const StatsOptions& options,
                    const std::vector<std::uint32_t>* indices) {
  Stats s;
  const auto count =
      static_cast<std::uint32_t>(indices ? indices->size() : lib.publications.size());
  // No std::map (a tree's code in the WASM build): years are a sorted vector (a record finds its
  // row by binary search), venues a vector with an index by name. The indexes are size_t maps,
  // the BibTeX reader's unordered_map type, so that code is in the WASM build once.
  std::vector<std::uint32_t> record_years;
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::uint32_t i = indices ? (*indices)[k] : k;
    if (i >= lib.publications.size()) continue;
    if (const int year = lib.publications[i].date.year; year > 0)
      record_years.push_back(static_cast<std::uint32_t>(year));
  }
  detail::sort_unique(record_years);
  for (std::size_t k = 0; k < record_years.size(); ++k) {
    const int year = static_cast<int>(record_years[k]);
    // The empty years of a short gap, so that a chart of a career has no holes; a longer gap
    // is left out (records in 1 and 9999 made 9,999 rows and a 1 MB card).
    if (k > 0 && year - s.years.back().year <= kStatsFilledGap + 1)
      for (int y = s.years.back().year + 1; y < year; ++y) s.years.push_back({y, 0, {}});
    s.years.push_back({year, 0, {}});
  }
  detail::StringIds venue_of;  // a venue's id is its index in s.venues
  std::vector<Variant> variants;
  detail::StringIds variant_of;  // a variant's id is its index in `variants`
  std::vector<std::int64_t> citations;
  std::vector<std::uint8_t> is_owner;  // not vector<bool>: its bit code is 2-3 KB of WASM
  for (std::uint32_t k = 0; k < count; ++k) {
    const std::uint32_t i = indices ? (*indices)[k] : k;
    if (i >= lib.publications.size()) continue;
    const Publication& p = lib.publications[i];
    ++s.total;
    ++s.by_type[static_cast<int>(p.type)];
    ++s.by_status[static_cast<int>(p.status)];
    if (!p.award().empty() || !p.award_label().empty()) ++s.awards;
    if (p.selected) ++s.selected;
    const int year = p.date.year;
    if (year > 0) {
      YearStats& y =
          *std::lower_bound(s.years.begin(), s.years.end(), year,
                            [](const YearStats& row, int value) { return row.year < value; });
      ++y.total;
      ++y.by_type[static_cast<int>(p.type)];
    } else {
      ++s.undated;
    }
    // al-folio puts "Preprint" or "Under review" in abbr: a status, not a venue.
    const bool badge_is_status = !p.badge().empty() && status_from_string(p.badge()).has_value();
    const std::string& venue = p.badge().empty() || badge_is_status ? p.venue.text : p.badge();
    if (!venue.empty()) {
      const std::uint32_t id = venue_of.insert(venue);
      if (id == s.venues.size()) s.venues.push_back({venue, 0, 0});
      VenueStats& v = s.venues[id];
      ++v.count;
      v.last_year = std::max(v.last_year, year);
    }
    if (p.citations()) {
      CitationStats& c = s.citations ? *s.citations : s.citations.emplace();
      ++c.records;
      // (the readers keep counts within is_citation_count(); a record made another way is
      // summed saturating, never wrapping)
      const std::int64_t cited = std::max<std::int64_t>(0, *p.citations());
      c.total = cited > std::numeric_limits<std::int64_t>::max() - c.total
                    ? std::numeric_limits<std::int64_t>::max()
                    : c.total + cited;
      citations.push_back(*p.citations());
      if (*p.citations() >= 10) ++c.i10_index;
      if (const std::string* updated = p.extra_field("citations_updated");
          updated && detail::is_iso_date(*updated) && (!c.updated || *updated > *c.updated))
        c.updated = *updated;
      if (p.extra_field("openalex")) c.from_openalex = true;
    }
    // Authors: who is the owner, first-author credit, co-authors.
    is_owner.assign(p.authors.size(), 0);
    bool owner_on = owner.empty();
    for (std::size_t a = 0; a < p.authors.size(); ++a) {
      is_owner[a] = !owner.empty() && owner.matches(p.authors[a]);
      owner_on = owner_on || is_owner[a];
    }
    if (!owner.empty() && owner_is_first_author(p, owner)) ++s.first_author;
    if (!owner_on) continue;
    for (std::size_t a = 0; a < p.authors.size(); ++a) {
      if (is_owner[a]) continue;
      const Person& person = p.authors[a];
      Key key = OwnerMatcher::key_of(person);
      if (key.family.empty() && key.literal.empty()) continue;
      const std::string id = variant_id(key);
      const std::uint32_t vid = variant_of.insert(id);
      if (vid == variants.size()) {
        Variant v;
        v.full = is_full(key);
        v.key = std::move(key);
        v.name = display_name(person);
        variants.push_back(std::move(v));
      }
      Variant& v = variants[vid];
      if (v.records.empty() || v.records.back() != i) v.records.push_back(i);
      v.last_year = std::max(v.last_year, year);
    }
  }
  sort_and_trim(s.venues, options.max_venues, &VenueStats::key, true);
  s.coauthors = merge_coauthors(variants);
  sort_and_trim(s.coauthors, options.max_coauthors, &CoauthorStats::name, false);
  if (s.citations) s.citations->h_index = h_index(std::move(citations));
  return s;
}

// ---------------------------------------------------------------- [SECTION] JSON and text

namespace {

std::string plural(std::uint32_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string format_stats_text(const Stats& s) {
  std::string out = "Publications: " + std::to_string(s.total) + "\n";
  for (int t = 0; t < kPubTypeCount; ++t)
    if (s.by_type[t])
      out += "  " + std::string(label(PubType(t))) + ": " + std::to_string(s.by_type[t]) + "\n";
  out += "Status:\n";
  for (int t = 0; t < kStatusCount; ++t)
    if (s.by_status[t])
      out += "  " + std::string(label(Status(t))) + ": " + std::to_string(s.by_status[t]) + "\n";
  out += "First-author: " + std::to_string(s.first_author) + "\n";
  out += "Awards: " + std::to_string(s.awards) + "\n";
  out += "Selected: " + std::to_string(s.selected) + "\n";
  out += "Per year:\n";
  for (auto it = s.years.rbegin(); it != s.years.rend(); ++it) {
    out += "  " + std::to_string(it->year) + ": " + std::to_string(it->total);
    std::string parts;
    for (int t = 0; t < kPubTypeCount; ++t)
      if (it->by_type[t])
        // (the type's name as the totals above say it: "other", not the data's "misc")
        parts += (parts.empty() ? "" : ", ") + unicode::ascii_lower(label(PubType(t))) + " " +
                 std::to_string(it->by_type[t]);
    if (!parts.empty()) out += " (" + parts + ")";
    out += "\n";
  }
  if (s.undated) out += "  undated: " + std::to_string(s.undated) + "\n";
  if (!s.venues.empty()) out += "Top venues:\n";
  for (const auto& v : s.venues)
    out += "  " + v.key + ": " + std::to_string(v.count) +
           (v.last_year ? " (last " + std::to_string(v.last_year) + ")" : "") + "\n";
  if (!s.coauthors.empty()) out += "Top co-authors:\n";
  for (const auto& c : s.coauthors)
    out += "  " + c.name + ": " + std::to_string(c.count) +
           (c.last_year ? " (last " + std::to_string(c.last_year) + ")" : "") + "\n";
  if (const auto& c = s.citations)
    out += "Citations: " + std::to_string(c->total) + " (" +
           plural(c->records, "record", "records") + " with counts), h-index " +
           std::to_string(c->h_index) + ", i10-index " + std::to_string(c->i10_index) +
           (c->updated ? ", as of " + *c->updated : "") + "\n";
  return out;
}

std::string stats_summary(const Stats& s, const Words& w) {
  if (s.total == 0) return std::string(w("No publications."));
  const std::string total =
      Words::fill(w.count(s.total, "{n} publication", "{n} publications"), "n", w.number(s.total));
  std::string out = total;
  // The year with the most, named only when it alone has them ("most in 2022 (1)" of a list
  // with one paper a year would single out a year for nothing).
  const YearStats* most = nullptr;
  bool tied = false;
  for (const auto& y : s.years) {
    if (!y.total) continue;
    if (most && y.total == most->total) tied = true;
    if (!most || y.total > most->total) most = &y, tied = false;
  }
  if (most) {
    const int first = s.years.front().year, last = s.years.back().year;
    const std::string from = std::to_string(first), to = std::to_string(last),
                      in = std::to_string(most->year), count = w.number(most->total);
    if (first == last)
      out = Words::fill(w("{publications} in {year}"), {{"publications", total}, {"year", from}});
    else if (tied)
      out = Words::fill(w("{publications} from {first} to {last}"),
                        {{"publications", total}, {"first", from}, {"last", to}});
    else
      out = Words::fill(
          w("{publications} from {first} to {last}; most in {most} ({count})"),
          {{"publications", total}, {"first", from}, {"last", to}, {"most", in}, {"count", count}});
  }
  if (s.undated) out += Words::fill(w("; {n} undated"), "n", w.number(s.undated));
  return out + std::string(w("."));
}

std::optional<ProfileMode> profile_mode_from_string(std::string_view s) {
  const std::string f = unicode::fold(s);
  if (f.empty() || f == "full" || f == "true" || f == "profile") return ProfileMode::Full;
  if (f == "compact") return ProfileMode::Compact;
  if (f == "none" || f == "false") return ProfileMode::None;
  return std::nullopt;
}

std::optional<CoauthorStats> likely_owner(const Library& lib, const OwnerMatcher& owner) {
  if (lib.publications.empty()) return std::nullopt;
  if (!owner.empty())
    for (const Publication& p : lib.publications)
      for (const Person& a : p.authors)
        if (owner.matches(a)) return std::nullopt;
  StatsOptions one;
  one.max_venues = 1;
  one.max_coauthors = 1;
  Stats everyone = compute_stats(lib, OwnerMatcher{}, one);
  if (everyone.coauthors.empty() || everyone.coauthors.front().count * 2 < lib.publications.size())
    return std::nullopt;
  return std::move(everyone.coauthors.front());
}

}  // namespace papershelf
