#include "papershelf/catalog.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include "query/cache.hpp"
#include "text/string_ids.hpp"

namespace papershelf {

// Every cache starts empty: a catalog answers its first query after building only what that
// query reads (no search index without a search, no facet keys without facets).
struct Catalog::Caches {
  std::optional<SearchIndex> index;
  // The library in one sort order, and the keys it was sorted by.
  std::optional<std::vector<SortKey>> order_keys;
  std::vector<std::uint32_t> order;
  // The owner as last asked for ("A; B", empty for the profile's), and its first-author flags.
  std::optional<std::string> owner_names;
  OwnerMatcher owner;
  bool owner_first_built = false;
  std::vector<std::uint8_t> owner_first;
  std::optional<FacetKeys> facet_keys;
  // Author marker symbols, and per record a bit set of the symbols its authors carry (bit 63: a
  // symbol past the 63rd, looked up the slow way).
  bool marks_built = false;
  detail::StringIds mark_symbols;  // each symbol's id is its bit (past 63: bit 63)
  std::vector<std::uint64_t> mark_bits;
};

Catalog::Catalog(Library library, std::vector<Diagnostic> diagnostics)
    : library_(std::move(library)),
      diagnostics_(std::move(diagnostics)),
      caches_(std::make_unique<Caches>()) {}
Catalog::~Catalog() = default;
Catalog::Catalog(Catalog&&) noexcept = default;
Catalog& Catalog::operator=(Catalog&&) noexcept = default;

const OwnerMatcher& Catalog::owner(std::string_view names) {
  Caches& c = *caches_;
  if (c.owner_names && *c.owner_names == names) return c.owner;
  std::vector<std::string> list = split_owner_list(names);
  if (list.empty() && !library_.profile.name.empty()) {
    list.push_back(library_.profile.name);
    list.insert(list.end(), library_.profile.aliases.begin(), library_.profile.aliases.end());
  }
  c.owner = OwnerMatcher(list);
  c.owner_names = std::string(names);
  c.owner_first_built = false;
  return c.owner;
}

View Catalog::query(const Query& query, std::string_view owner_names, Facets* facets) {
  Caches& c = *caches_;
  const OwnerMatcher& matcher = owner(owner_names);
  QueryCache cache;
  if (!search_terms(query.search).empty()) {
    if (!c.index) c.index.emplace(library_);
    cache.index = &*c.index;
  }
  if (!c.order_keys || *c.order_keys != query.sort) {
    c.order = sorted_order(library_, query.sort);
    c.order_keys = query.sort;
  }
  cache.order = &c.order;
  // Only a query that asks about first authorship reads the flags.
  if (query.filter.owner_first || query.scope.owner_first || facets) {
    if (!c.owner_first_built) {
      c.owner_first = owner_first_flags(library_, matcher);
      c.owner_first_built = true;
    }
    cache.owner_first = &c.owner_first;
  }
  if (facets) {
    if (!c.facet_keys) c.facet_keys.emplace(facet_keys(library_));
    cache.facet_keys = &*c.facet_keys;
  }
  View view = run_query(library_, query, matcher, cache, facets);
  if (!words_.empty()) {
    // The core's own names (types, statuses, "Undated", "Other") in the list's language; years
    // and venues are the data's.
    const bool named = query.group == GroupBy::Type || query.group == GroupBy::Status;
    for (Group& g : view.groups)
      if (named || g.key.empty() || g.key == "undated") g.label = std::string(words_(g.label));
    if (facets) {
      for (FacetValue& v : facets->types) v.label = std::string(words_(v.label));
      for (FacetValue& v : facets->statuses) v.label = std::string(words_(v.label));
    }
  }
  return view;
}

QueryAnswer Catalog::query(const QueryText& text) {
  QueryAnswer a;
  Query q;
  std::string error;
  auto report = [&](const char* prefix) {
    if (!error.empty()) a.errors.push_back(prefix + std::exchange(error, {}));
  };
  q.search = text.search;
  search_terms(q.search, &error);
  report("");
  q.scope = parse_filter(text.scope, &error);
  report("scope: ");
  q.filter = parse_filter(text.filter, &error);
  report("");
  for (const FilterEdit& edit : text.edits) apply_edit(q.filter, edit);
  if (auto sort = parse_sort(text.sort, &error)) q.sort = std::move(*sort);
  report("");
  if (auto g = group_from_string(text.group, &error)) q.group = *g;
  report("");
  if (text.from_link) {
    q.filter = known_to_scope(q, text.owner, a.errors);
    Query alone;
    alone.scope = q.scope;
    alone.search = q.search;
    if (!q.search.empty() && query(alone, text.owner).entries.empty()) {
      a.errors.push_back("link: the search \"" + q.search.substr(0, 200) +
                         "\" matches no publication; left out");
      q.search.clear();
    }
  }
  a.clauses = filter_clauses(q.filter);
  if (!words_.empty())
    for (FilterClause& c : a.clauses) {
      if (c.kind != "type" && c.kind != "status") continue;
      std::string label;  // "Conference, Journal", name by name
      for (std::size_t at = 0; at <= c.label.size();) {
        const std::size_t end = std::min(c.label.find(", ", at), c.label.size());
        label += (label.empty() ? "" : ", ") +
                 std::string(words_(std::string_view(c.label).substr(at, end - at)));
        at = end + 2;
      }
      c.label = std::move(label);
    }
  a.view = query(q, text.owner, text.facets ? &a.facets : nullptr);
  a.controls = controls_mode(text.controls, a.view.total);
  if (text.facets && q.search.empty() && q.filter.empty())
    a.useful = useful_controls(a.facets, a.view.total);
  a.search = q.search;
  a.sort = to_string(q.sort);
  a.group = std::string(to_string(q.group));
  a.filter = to_string(q.filter);
  return a;
}

ViewAnswer Catalog::answer(QueryAnswer& a, bool with_facets) {
  ViewAnswer out;
  out.groups = std::move(a.view.groups);
  out.total = a.view.total;
  out.marks = marks(a.view.entries);
  out.clauses = std::move(a.clauses);
  out.errors = std::move(a.errors);
  out.applied = {std::move(a.search), std::move(a.sort), std::move(a.group), std::move(a.filter)};
  const Query unchosen;
  out.defaults = {to_string(unchosen.sort), std::string(to_string(unchosen.group))};
  if (with_facets) out.facets = std::move(a.facets);
  out.controls = a.controls;
  out.useful = a.useful;
  return out;
}

Filter Catalog::known_to_scope(const Query& q, std::string_view owner,
                               std::vector<std::string>& errors) {
  auto matches = [&](const std::string& clause) {
    Query one;
    one.scope = q.scope;
    one.filter = parse_filter(clause);
    if (!query(one, owner).entries.empty()) return true;
    errors.push_back("link: " + clause.substr(0, 200) + " matches no publication; left out");
    return false;
  };
  std::string kept;
  for (const auto& clause : filter_clauses(q.filter)) {
    // A list ("venue:A,B") keeps the values that match; a year range is one value.
    std::string values;
    if (clause.kind == "year" || clause.value.find(',') == std::string::npos) {
      if (!matches(clause.text)) continue;
      values = clause.value;
    } else {
      // Each value is a pass over the records: a link gets its first kMaxLinkValues checked.
      constexpr int kMaxLinkValues = 16;
      int checked = 0;
      for (std::size_t at = 0; at <= clause.value.size();) {
        std::size_t end = std::min(clause.value.find(',', at), clause.value.size());
        const std::string value = clause.value.substr(at, end - at);
        if (checked++ == kMaxLinkValues) {
          errors.push_back("link: " + clause.kind + " names more than " +
                           std::to_string(kMaxLinkValues) + " values; the rest are left out");
          break;
        }
        if (matches(clause_text(clause.kind, value))) values += (values.empty() ? "" : ",") + value;
        at = end + 1;
      }
    }
    if (values.empty() && !clause.value.empty()) continue;  // (no value of the list matched)
    if (!kept.empty()) kept += ' ';
    kept += clause_text(clause.kind, values);
  }
  return parse_filter(kept);
}

std::string Catalog::marks(const std::vector<std::uint32_t>& entries) {
  Caches& c = *caches_;
  const auto& pubs = library_.publications;
  auto for_each_mark = [&](std::size_t i, auto&& f) {
    for (const auto& a : pubs[i].authors)
      for (std::size_t k = 0; k < a.marks().size();) {
        std::size_t len = 1;
        while (k + len < a.marks().size() &&
               (static_cast<unsigned char>(a.marks()[k + len]) & 0xC0) == 0x80)
          ++len;
        f(a.marks().substr(k, len));
        k += len;
      }
  };
  if (!c.marks_built) {
    c.mark_bits.assign(pubs.size(), 0);
    for (std::size_t i = 0; i < pubs.size(); ++i)
      for_each_mark(i, [&](std::string_view m) {
        const std::uint32_t k = c.mark_symbols.insert(m);
        c.mark_bits[i] |= std::uint64_t{1} << std::min<std::uint32_t>(k, 63);
      });
    c.marks_built = true;
  }
  std::uint64_t bits = 0;
  for (auto i : entries)
    if (i < pubs.size()) bits |= c.mark_bits[i];
  std::string out;
  for (std::uint32_t k = 0; k < c.mark_symbols.size() && k < 63; ++k)
    if (bits >> k & 1) out += c.mark_symbols.at(k);
  if (bits >> 63 & 1) {
    detail::StringIds in_out;  // (one look-up per mark: searching `out` for each was quadratic)
    for (std::uint32_t k = 0; k < 63; ++k)
      if (bits >> k & 1) in_out.insert(c.mark_symbols.at(k));
    for (auto i : entries)
      if (i < pubs.size() && c.mark_bits[i] >> 63 & 1)
        for_each_mark(i, [&](std::string_view m) {
          bool added = false;
          in_out.insert(m, added);
          if (added) out += m;
        });
  }
  return out;
}

Stats Catalog::stats(std::string_view owner_names, const StatsOptions& options,
                     const std::vector<std::uint32_t>* only) {
  return compute_stats(library_, owner(owner_names), options, only);
}

}  // namespace papershelf
