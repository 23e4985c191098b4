// libFuzzer entry point: papershelf sync on any BibTeX file (and the OpenAlex works reader).
// The body is in harness.hpp, which the test suite also uses to replay past findings.
#include <cstdint>
#include <string_view>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  papershelf::fuzz::sync(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
