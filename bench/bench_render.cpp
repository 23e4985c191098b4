// What the page's core does with a file and a search, timed as one run: read it, query it with
// facets and the marker symbols shown, and write every kept entry's HTML with the search's matches
// marked (ps_query, then ps_entries_html in web/binding). The CLI never marks matches, so
// bench/pathological.py times this path here. Prints the processor seconds and the bytes of HTML
// written.
//   papershelf_bench_render FILE [SEARCH]
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>

#include "papershelf/catalog.hpp"
#include "papershelf/html.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE [SEARCH]\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  papershelf::ReadOptions read_options;
  read_options.source_name = argv[1];
  const std::clock_t start = std::clock();
  papershelf::ReadResult read = papershelf::read(text.str(), read_options);
  papershelf::Catalog catalog(std::move(read.library));
  papershelf::Query query;
  query.search = argc > 2 ? argv[2] : "";
  papershelf::Facets facets;
  const papershelf::View view = catalog.query(query, {}, &facets);
  std::size_t bytes = catalog.marks(view.entries).size();
  papershelf::FormatOptions options;
  options.owner = catalog.owner();
  options.panels = papershelf::Panels::OnDemand;
  const auto terms = papershelf::search_terms(query.search);
  for (const auto i : view.entries)
    bytes +=
        papershelf::format_entry_html(catalog.library().publications[i], options, &terms).size();
  std::printf("%.4f %zu\n", static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC, bytes);
  return 0;
}
