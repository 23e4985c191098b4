// Citation styles against hand-verified reference-list entries: for every record of
// tests/fixtures/citations/records.bib, each style's .expect file gives the plain text and the
// HTML (italics, links) that style makes of it.
#include <gtest/gtest.h>

#include <map>

#include "fixtures.hpp"
#include "papershelf/citation.hpp"
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

// U+202E in one name reversed every field after it in the Cite panel: each data piece that can
// move its neighbours (right-to-left text, bidi controls) is isolated; plain text stays as written.
TEST(CitationHtml, RightToLeftAndBidiControlsAreIsolatedPieceByPiece) {
  const std::string bib = "@article{k, title={Bidi \xE2\x80\xAEtitle}, author={Mallory\xE2\x80\xAE, Evil and Hu, Qinghao and "
                    "\xD7\x9B\xD7\x94\xD7\x9F, Dana}, journal={J}, year=2024}\n";
  const ReadResult rr = read_bibtex(bib, {});
  ASSERT_EQ(rr.library.publications.size(), 1u);
  for (auto style : {CitationStyle::Apa, CitationStyle::Ieee, CitationStyle::Mla, CitationStyle::Compact}) {
    const std::string html = format_citation_html(rr.library.publications[0], style);
    const std::string text = format_citation(rr.library.publications[0], style);
    // Every bidi control and Hebrew letter sits inside a <bdi> that closes before the next piece.
    std::size_t isolated = 0;
    for (std::size_t at = html.find("<bdi>"); at != std::string::npos; at = html.find("<bdi>", at + 1)) {
      const std::size_t end = html.find("</bdi>", at);
      ASSERT_NE(end, std::string::npos) << html;
      EXPECT_EQ(html.substr(at + 5, end - at - 5).find('<'), std::string::npos) << html;
      ++isolated;
    }
    EXPECT_GE(isolated, 2u) << html;
    std::string outside;
    for (std::size_t at = 0; at < html.size();) {
      const std::size_t open = html.find("<bdi>", at);
      outside += html.substr(at, open == std::string::npos ? std::string::npos : open - at);
      if (open == std::string::npos) break;
      at = html.find("</bdi>", open) + 6;
    }
    EXPECT_EQ(outside.find("\xE2\x80\xAE"), std::string::npos) << html;
    EXPECT_EQ(outside.find("\xD7\x9B"), std::string::npos) << html;
    EXPECT_EQ(text.find("<bdi>"), std::string::npos);
    EXPECT_NE(text.find("Mallory\xE2\x80\xAE"), std::string::npos) << text;
    EXPECT_NE(html.find("Bidi"), std::string::npos);
  }
  // Left-to-right text gets no extra markup.
  const ReadResult plain = read_bibtex("@article{p, title={T}, author={Hu, Qinghao}, journal={J}, year=2024}\n", {});
  EXPECT_EQ(format_citation_html(plain.library.publications[0], CitationStyle::Apa).find("<bdi>"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Citations, Styles,
                         ::testing::Values(CitationStyle::Apa, CitationStyle::Ieee, CitationStyle::Acm,
                                           CitationStyle::Chicago, CitationStyle::Mla, CitationStyle::Harvard),
                         [](const auto& param_info) { return std::string(to_string(param_info.param)); });

}  // namespace
}  // namespace papershelf
