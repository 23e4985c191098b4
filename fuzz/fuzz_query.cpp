// Fuzzes the query text parsers (filter, sort, group, search) and runs the parsed query.
#include <cstdint>
#include <string_view>

#include "papershelf/query.hpp"
#include "papershelf/read.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace papershelf;
  static const Library lib = read(R"(
@inproceedings{a, title={Z{\"u}rich Systems}, author={Hu*, Qinghao and S{\'a}nchez, Ana}, year=2024, abbr={NSDI}, keywords={llm, systems}}
@article{b, title={Data}, author={Ye, Z.}, journal={J}, year=2021, award={Best}, selected={true}}
@misc{c, title={Pre}, author={Other, O.}, eprint={2401.00001}, archivePrefix={arXiv}}
)").library;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  Query q;
  q.filter = parse_filter(text, &error);
  if (auto sort = parse_sort(text, &error)) q.sort = *sort;
  (void)group_from_string(text);
  q.search = std::string(text);
  const OwnerMatcher owner({std::string(text)});
  (void)run_query(lib, q, owner);
  (void)facet_counts(lib, q, owner);
  (void)find_matches(text, search_terms(text));
  (void)to_string(q.filter);
  return 0;
}
