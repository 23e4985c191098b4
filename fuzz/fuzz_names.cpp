// Fuzzes BibTeX name-list parsing, marker extraction and owner matching.
#include <cstdint>
#include <string>
#include <string_view>

#include "papershelf/names.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace papershelf;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const NameList names = parse_bibtex_names(text);
  const OwnerMatcher owner(split_owner_list(text));
  for (const auto& p : names.people) (void)owner.matches(p);
  std::string s(text);
  (void)take_marks(s);
  (void)parse_name(s);
  return 0;
}
