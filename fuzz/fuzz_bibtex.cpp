// Fuzzes the BibTeX reader and everything downstream of a parsed record (query, HTML, BibTeX).
#include <cstdint>
#include <string_view>

#include "papershelf/format.hpp"
#include "papershelf/read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace papershelf;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ReadOptions options;
  options.format = Format::BibTeX;
  const ReadResult r = read(text, options);
  FormatOptions fo;
  fo.owner = OwnerMatcher({"Qinghao Hu"});
  fo.max_authors = 3;
  const View view = run_query(r.library, Query{}, fo.owner);
  (void)format_html(r.library, view, fo);
  for (const auto& p : r.library.publications) (void)format_citation(p, CitationStyle::Ieee);
  return 0;
}
