// A paper a file holds twice, as `papershelf check` tells the owner (papershelf/repeats.hpp).
#include <gtest/gtest.h>

#include "papershelf/read.hpp"
#include "papershelf/repeats.hpp"

namespace papershelf {
namespace {

std::vector<Diagnostic> repeats_in(const char* bib) {
  const ReadResult r = read(bib);
  return repeated_records(r.library, "papers.bib");
}

TEST(Repeats, TheSameDoiOrTheSameTitleYearTypeAndVenueIsARepeat) {
  const auto said = repeats_in(
      "@article{a, title = {Rivers of {Europe}}, author = {Hu, Qinghao}, journal = {J}, year = "
      "2020, doi = {10.1/x}}\n"
      "@article{b, title = {Rivers of Europe.}, author = {Hu, Q.}, journal = {{J}}, year = 2020}\n"
      "@article{c, title = {Another}, author = {Hu, Qinghao}, journal = {K}, year = 2021, doi = "
      "{10.1/X}}\n");
  ASSERT_EQ(said.size(), 2u);
  EXPECT_EQ(said[0].line, 2u);
  EXPECT_EQ(said[0].kind, DiagnosticKind::Duplicate);
  EXPECT_EQ(said[0].severity, Severity::Warning);
  EXPECT_EQ(said[0].message,
            "'b' repeats 'a' (line 1): the same title, year, type and venue; both are listed");
  EXPECT_EQ(said[1].line, 3u);
  EXPECT_EQ(said[1].message,
            "'c' has the DOI of 'a' (line 1): the same paper twice, or a DOI copied by mistake; "
            "both are listed");
}

// What shares a title and is still another record: a talk given at two venues, the workshop and
// the conference version of one year, the preprint and the paper, two years of one series.
TEST(Repeats, ATitleAtAnotherVenueTypeOrYearIsNone) {
  EXPECT_TRUE(repeats_in("@misc{t1, title = {Clouds}, howpublished = {Talk at A}, year = 2024}\n"
                         "@misc{t2, title = {Clouds}, howpublished = {Talk at B}, year = 2024}\n"
                         "@inproceedings{w, title = {Clouds}, booktitle = {Workshop W}, year = "
                         "2024}\n"
                         "@inproceedings{c, title = {Clouds}, booktitle = {Conference C}, year = "
                         "2024}\n"
                         "@article{p, title = {Clouds}, journal = {arXiv preprint}, year = 2023}\n"
                         "@article{j, title = {Clouds}, journal = {J}, year = 2024}\n"
                         "@article{j2, title = {Clouds}, journal = {J}, year = 2025}\n")
                  .empty());
  EXPECT_TRUE(repeats_in("@misc{x, title = {}}\n@misc{y, title = {}}\n").empty());
  // (nor two records of one title and year without a venue: a talk given at two places)
  EXPECT_TRUE(repeats_in("@misc{t1, title = {Clouds}, year = 2024}\n"
                         "@misc{t2, title = {Clouds}, year = 2024}\n")
                  .empty());
}

}  // namespace
}  // namespace papershelf
