// What one keystroke costs the core: a Catalog's query with search and facets (the path the web
// binding and the widget take), on a file made by papershelf_gen_bib. Prints the first query's
// and first search's time (they build the catalog's caches) and the median per search word.
//   papershelf_bench_query FILE.bib [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "papershelf/catalog.hpp"
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
  const std::size_t records = read.library.publications.size();
  papershelf::Catalog catalog(read.library);

  // The first query builds what it reads (sort order, owner flags, facet keys); the first search
  // builds the search index. Timed once each, on the fresh catalog, before the keystrokes.
  papershelf::Facets first_facets;
  auto t0 = Clock::now();
  catalog.query(papershelf::Query{}, "Qinghao Hu", &first_facets);
  const double first_ms = ms_since(t0);
  papershelf::Query search;
  search.search = "system";
  t0 = Clock::now();
  catalog.query(search, "Qinghao Hu", &first_facets);
  const double first_search_ms = ms_since(t0);

  std::printf("file %s: %zu records; first query (facets) %.1f ms, first search %.1f ms\n", argv[1],
              records, first_ms, first_search_ms);
  std::printf("| search (with facets) | kept | median ms | fastest ms |\n|---|---|---|---|\n");
  for (const char* word : {"", "sys", "system", "d", "da", "data", "datacenter llm"}) {
    papershelf::Query q;
    q.search = word;
    std::vector<double> times;
    std::size_t kept = 0;
    for (int r = 0; r < runs; ++r) {
      papershelf::Facets facets;
      const auto start = Clock::now();
      kept = catalog.query(q, "Qinghao Hu", &facets).entries.size();
      times.push_back(ms_since(start));
    }
    std::sort(times.begin(), times.end());
    std::printf("| \"%s\" | %zu | %.2f | %.2f |\n", word, kept, times[times.size() / 2],
                times.front());
  }
  return 0;
}
