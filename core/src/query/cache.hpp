// What a query can keep between calls on one library, so that a keystroke does not redo it.
// Internal: papershelf::Catalog owns these and keys each by what it was built for; front ends
// use a Catalog.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "papershelf/query.hpp"

namespace papershelf {

// What the facet counts read of every record, packed: a keystroke's tally then walks a few small
// arrays instead of every Publication (700 bytes each, a cache miss apiece), and counts venues and
// tags as small integers instead of comparing strings. Views into the library: keep it no longer
// than the library.
struct FacetKeys {
  struct Row {
    int year = 0;
    PubType type = PubType::Misc;
    Status status = Status::Published;
    bool selected = false;
    bool award = false;
    bool cited = false;  // carries a citation count
  };
  std::vector<Row> rows;                 // per record
  std::vector<std::string_view> venues;  // distinct values, in first-seen order
  std::vector<std::uint32_t> venue_of;   // per record: index into venues, or kNoVenue
  std::vector<std::string_view> tags;    // distinct values, in first-seen order
  std::vector<std::uint32_t>
      tag_begin;  // record i's tags are tag_ids[tag_begin[i] .. tag_begin[i + 1])
  std::vector<std::uint32_t> tag_ids;
  static constexpr std::uint32_t kNoVenue = 0xFFFFFFFFu;
};
FacetKeys facet_keys(const Library& lib);

// The caches one query may use. Every member is optional; Catalog keeps each one matching the
// query it passes (built for the same sort keys, the same owner).
struct QueryCache {
  const SearchIndex* index = nullptr;
  // sorted_order(lib, query.sort): the kept records are then taken in this order, unsorted.
  const std::vector<std::uint32_t>* order = nullptr;
  // owner_first_flags(lib, owner) for the query's owner.
  const std::vector<std::uint8_t>* owner_first = nullptr;
  // facet_keys(lib): only used when facets are asked for.
  const FacetKeys* facet_keys = nullptr;
};
// Every record's index, stably sorted by `keys` (a subset taken in this order is sorted too).
std::vector<std::uint32_t> sorted_order(const Library& lib, const std::vector<SortKey>& keys);
// owner_is_first_author for every record.
std::vector<std::uint8_t> owner_first_flags(const Library& lib, const OwnerMatcher& owner);
View run_query(const Library& lib, const Query& query, const OwnerMatcher& owner,
               const QueryCache& cache, Facets* facets = nullptr);

}  // namespace papershelf
