// libFuzzer entry point: CSL styles (written from the bytes, or the bytes as XML) rendering a
// bibliography and a citation within the processor's budget. The body is in csl_harness.hpp,
// which the test suite also uses to replay past findings.
#include <cstdint>
#include <string_view>

#include "csl_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  papershelf::fuzz::csl(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
