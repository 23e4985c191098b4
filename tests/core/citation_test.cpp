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

class Styles : public ::testing::TestWithParam<CitationStyle> {};

// What the text says is exactly the citeproc-js text (web/test/csl-differential.test.mjs, on these
// records and on the real files). Here: the HTML says the same, its links are the DOIs and URLs
// it prints, and it has no markup but italics, links and papershelf's classes.
std::string text_of(const std::string& html) {
  std::string out;
  for (std::size_t i = 0; i < html.size(); ++i) {
    if (html[i] == '<') {
      i = html.find('>', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (html[i] == '&') {
      const std::size_t semi = html.find(';', i);
      const std::string ent = html.substr(i, semi - i + 1);
      out += ent == "&#38;" ? "&" : ent == "&#60;" ? "<" : ent == "&#62;" ? ">" : ent;
      i = semi;
      continue;
    }
    out += html[i];
  }
  return out;
}

TEST_P(Styles, HtmlSaysWhatTheTextSaysWithItsLinks) {
  const std::string dir = testing::fixtures_dir() + "/citations/";
  const ReadResult r = read_bibtex(testing::read_file(dir + "records.bib"), {});
  for (const Diagnostic& d : r.diagnostics) ADD_FAILURE() << format_diagnostic(d);
  ASSERT_GE(r.library.publications.size(), 16u);
  int linked = 0, italic = 0;
  for (const Publication& p : r.library.publications) {
    const std::string text = format_citation(p, GetParam());
    const std::string html = format_citation_html(p, GetParam());
    ASSERT_FALSE(text.empty()) << p.key;
    EXPECT_NE(text.find(p.title.text.substr(0, 8)), std::string::npos) << p.key << ": " << text;
    EXPECT_EQ(text_of(html), text) << p.key << ": " << html;
    // The whole address a reader sees is the link ("DOI:https://doi.org/…" in ACM too).
    EXPECT_EQ(html.find("doi.org/<a"), std::string::npos) << html;
    for (std::size_t at = html.find("<a href=\""); at != std::string::npos;
         at = html.find("<a href=\"", at + 1)) {
      const std::size_t end = html.find('"', at + 9);
      const std::string href = html.substr(at + 9, end - at - 9);
      EXPECT_EQ(href.rfind("https://", 0) == 0 || href.rfind("http://", 0) == 0, true) << href;
      const std::size_t close = html.find("</a>", end);
      const std::string shown = text_of(html.substr(end + 2, close - end - 2));
      EXPECT_TRUE(href == shown || href == "https://doi.org/" + shown)
          << href << " shows " << shown;
      ++linked;
    }
    for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
      const std::string tag = html.substr(at, html.find('>', at) - at + 1);
      const bool known = tag == "<i>" || tag == "</i>" || tag.rfind("<a href=", 0) == 0 ||
                         tag == "</a>" || tag == "<bdi>" || tag == "</bdi>" ||
                         tag.rfind("<span class=\"ps-", 0) == 0 || tag == "</span>" ||
                         tag == "<b>" || tag == "</b>" || tag == "<sup>" || tag == "</sup>" ||
                         tag == "<sub>" || tag == "</sub>";
      EXPECT_TRUE(known) << tag << " in " << html;
      if (tag == "<i>") ++italic;
    }
  }
  EXPECT_GT(linked, 5);
  EXPECT_GT(italic, 5);
}

// The data's "&" reaches the processor escaped, as "&amp;": what reads pages as numbers read the
// entity's letters as a page ("12–15 & amp; 17" in every style, text and HTML alike).
TEST(CitationPages, AnAmpersandBetweenPagesIsOneAmpersand) {
  const ReadResult r = read(
      "@article{a, title = {T}, author = {Hu, Qinghao}, journal = {J}, year = {2020},\n"
      "  volume = {3}, pages = {12--15 \\& 17}}");
  ASSERT_EQ(r.library.publications.size(), 1u);
  const Publication& p = r.library.publications[0];
  for (int k = 0; k < kCitationStyleCount; ++k) {
    const auto style = static_cast<CitationStyle>(k);
    if (style == CitationStyle::Compact) continue;  // (papershelf's own style shows no pages)
    const std::string text = format_citation(p, style);
    EXPECT_NE(text.find("12\u201315 & 17"), std::string::npos) << to_string(style) << ": " << text;
    EXPECT_EQ(text.find("amp;"), std::string::npos) << to_string(style) << ": " << text;
    EXPECT_EQ(text_of(format_citation_html(p, style)), text) << to_string(style);
  }
}

// U+202E in one name reversed every field after it in the Cite panel: each data piece that can
// move its neighbours (right-to-left text, bidi controls) is isolated; plain text stays as written.
TEST(CitationHtml, RightToLeftAndBidiControlsAreIsolatedPieceByPiece) {
  const std::string bib =
      "@article{k, title={Bidi \xE2\x80\xAEtitle}, author={Mallory\xE2\x80\xAE, Evil and Hu, "
      "Qinghao and "
      "\xD7\x9B\xD7\x94\xD7\x9F, Dana}, journal={J}, year=2024}\n";
  const ReadResult rr = read_bibtex(bib, {});
  ASSERT_EQ(rr.library.publications.size(), 1u);
  for (auto style :
       {CitationStyle::Apa, CitationStyle::Ieee, CitationStyle::Mla, CitationStyle::Compact}) {
    const std::string html = format_citation_html(rr.library.publications[0], style);
    const std::string text = format_citation(rr.library.publications[0], style);
    // Every bidi control and Hebrew letter sits inside a <bdi> that closes before the next piece.
    std::size_t isolated = 0;
    for (std::size_t at = html.find("<bdi>"); at != std::string::npos;
         at = html.find("<bdi>", at + 1)) {
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
  const ReadResult plain =
      read_bibtex("@article{p, title={T}, author={Hu, Qinghao}, journal={J}, year=2024}\n", {});
  EXPECT_EQ(format_citation_html(plain.library.publications[0], CitationStyle::Apa).find("<bdi>"),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Citations, Styles,
                         ::testing::Values(CitationStyle::Apa, CitationStyle::Ieee,
                                           CitationStyle::Acm, CitationStyle::Chicago,
                                           CitationStyle::Mla, CitationStyle::Harvard),
                         [](const auto& param_info) {
                           return std::string(to_string(param_info.param));
                         });

}  // namespace
}  // namespace papershelf
