// What one keystroke costs the core: run_query with search, facets and the per-library caches the
// web binding and the widget keep (search index, sorted order, owner flags, facet keys), on a
// file made by papershelf_gen_bib. Prints the median per search word and the caches' build time.
//   papershelf_bench_query FILE.bib [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.bib [RUNS]\n", argv[0]);
    return 2;
  }
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 50;
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  const papershelf::ReadResult read = papershelf::read(text.str(), papershelf::ReadOptions{});
  const papershelf::Library& lib = read.library;

  const auto t0 = Clock::now();
  const papershelf::SearchIndex index(lib);
  const double index_ms = ms_since(t0);
  const auto t1 = Clock::now();
  const papershelf::OwnerMatcher owner(std::vector<std::string>{"Qinghao Hu"});
  const auto order = papershelf::sorted_order(lib, papershelf::Query{}.sort);
  const auto first = papershelf::owner_first_flags(lib, owner);
  const papershelf::FacetKeys keys = papershelf::facet_keys(lib);
  const double caches_ms = ms_since(t1);
  papershelf::QueryCache cache;
  cache.index = &index;
  cache.order = &order;
  cache.owner_first = &first;
  cache.facet_keys = &keys;

  std::printf("file %s: %zu records; search index %.1f ms, sort order + owner flags + facet keys %.1f ms\n",
              argv[1], lib.publications.size(), index_ms, caches_ms);
  std::printf("| search (with facets) | kept | median ms | fastest ms |\n|---|---|---|---|\n");
  for (const char* word : {"", "sys", "system", "d", "da", "data", "datacenter llm"}) {
    papershelf::Query q;
    q.search = word;
    std::vector<double> times;
    std::size_t kept = 0;
    for (int r = 0; r < runs; ++r) {
      papershelf::Facets facets;
      const auto start = Clock::now();
      kept = papershelf::run_query(lib, q, owner, cache, &facets).entries.size();
      times.push_back(ms_since(start));
    }
    std::sort(times.begin(), times.end());
    std::printf("| \"%s\" | %zu | %.2f | %.2f |\n", word, kept, times[times.size() / 2], times.front());
  }
  return 0;
}
