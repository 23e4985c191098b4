// Citation styles against hand-verified reference-list entries: for every record of
// tests/fixtures/citations/records.bib, each style's .expect file gives the plain text and the
// HTML (italics, links) that style makes of it.
#include <gtest/gtest.h>

#include <map>

#include "fixtures.hpp"
#include "papershelf/format.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

struct Expected {
  std::string text, html;
};

// "== KEY", "text: ...", "html: ..."; '#' comments and blank lines skipped.
std::vector<std::pair<std::string, Expected>> read_expect(const std::string& path) {
  std::vector<std::pair<std::string, Expected>> out;
  const std::string all = testing::read_file(path);
  std::size_t at = 0;
  while (at < all.size()) {
    std::size_t end = all.find('\n', at);
    if (end == std::string::npos) end = all.size();
    const std::string line = all.substr(at, end - at);
    at = end + 1;
    if (line.rfind("== ", 0) == 0) out.push_back({line.substr(3), {}});
    else if (line.rfind("text: ", 0) == 0 && !out.empty()) out.back().second.text = line.substr(6);
    else if (line.rfind("html: ", 0) == 0 && !out.empty()) out.back().second.html = line.substr(6);
  }
  return out;
}

class Styles : public ::testing::TestWithParam<CitationStyle> {};

TEST_P(Styles, EveryEntryTypeAsTheStyleGuideWritesIt) {
  const std::string dir = testing::fixtures_dir() + "/citations/";
  const ReadResult r = read_bibtex(testing::read_file(dir + "records.bib"), {});
  for (const Diagnostic& d : r.diagnostics) ADD_FAILURE() << format_diagnostic(d);
  const auto expected = read_expect(dir + std::string(to_string(GetParam())) + ".expect");
  ASSERT_EQ(expected.size(), r.library.publications.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const Publication& p = r.library.publications[i];
    ASSERT_EQ(p.key, expected[i].first);
    EXPECT_EQ(format_citation(p, GetParam()), expected[i].second.text) << p.key;
    EXPECT_EQ(format_citation_html(p, GetParam()), expected[i].second.html) << p.key;
  }
}

INSTANTIATE_TEST_SUITE_P(Citations, Styles,
                         ::testing::Values(CitationStyle::Apa, CitationStyle::Ieee, CitationStyle::Acm,
                                           CitationStyle::Chicago, CitationStyle::Mla, CitationStyle::Harvard),
                         [](const auto& param_info) { return std::string(to_string(param_info.param)); });

}  // namespace
}  // namespace papershelf
