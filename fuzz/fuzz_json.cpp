// Fuzzes the CSL-JSON and papershelf JSON readers (syntax errors, recovery, type confusion).
#include <cstdint>
#include <string_view>

#include "papershelf/format.hpp"
#include "papershelf/read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace papershelf;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (Format f : {Format::CslJson, Format::PapershelfJson}) {
    ReadOptions options;
    options.format = f;
    const ReadResult r = read(text, options);
    const View view = run_query(r.library, Query{});
    (void)format_view_json(r.library, view, FormatOptions{});
    (void)format_csl_json(r.library, view);
  }
  return 0;
}
