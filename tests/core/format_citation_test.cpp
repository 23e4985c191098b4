// Citations: the style names, the compact and IEEE styles, and their author lists.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "format_helpers.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/words.hpp"

using namespace papershelf;
using namespace format_testing;

// ---------------------------------------------------------------- citations

TEST(Citation, StyleNames) {
  EXPECT_EQ(citation_style_from_string("ieee"), CitationStyle::Ieee);
  EXPECT_EQ(citation_style_from_string("IEEE"), CitationStyle::Ieee);
  EXPECT_EQ(citation_style_from_string("compact"), CitationStyle::Compact);
  EXPECT_EQ(citation_style_from_string(""), kDefaultCitationStyle);
  EXPECT_EQ(citation_style_from_string("short"), CitationStyle::Compact);
  EXPECT_EQ(citation_style_or_default("no such style"), kDefaultCitationStyle);
  EXPECT_EQ(citation_style_from_string("APA"), CitationStyle::Apa);
  EXPECT_EQ(citation_style_from_string("chicago"), CitationStyle::Chicago);
  EXPECT_EQ(citation_style_from_string("vancouver"), std::nullopt);
  for (int i = 0; i < kCitationStyleCount; ++i) {
    const auto style = static_cast<CitationStyle>(i);
    EXPECT_EQ(citation_style_from_string(to_string(style)), style);
    EXPECT_FALSE(label(style).empty());
  }
}

TEST(Citation, Compact) {
  Publication p = sample_pub();
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu, Zhisheng Ye, and Tianwei Zhang. Characterization of LLM Development. "
            "USENIX NSDI, 2024.");
  p.authors.pop_back();
  p.venue = "Networked Systems Design and Implementation";
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu and Zhisheng Ye. Characterization of LLM Development. Networked Systems "
            "Design and "
            "Implementation (NSDI), 2024.");
  p.venue = "";
  p.status = Status::Submitted;
  p.date = {};
  p.title = "Is it done?";
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu and Zhisheng Ye. Is it done? NSDI, n.d. Under review.");
}

// The short style in the page's language: "and", "et al.", "n.d." and "eds." from the language's
// CSL locale (the npm package's lang/de.csl.xml is built from Debian's), the status from the
// list's words; English keeps its serial comma, other languages do not have one.
TEST(Citation, CompactInThePagesLanguage) {
  const std::string locales = "/usr/share/citation-style-language/locales";
  if (!papershelf::testing::file_exists(locales + "/locales-de-DE.xml"))
    GTEST_SKIP() << locales << " is absent (citation-style-language-locales)";
  const std::string xml = papershelf::testing::read_file(locales + "/locales-de-DE.xml");
  const Words german = read_words(builtin_language("de"), "de");
  Publication p = sample_pub();
  const CitationContext de{{"de", xml}, nullptr, &german};
  EXPECT_EQ(format_citation(p, CitationStyle::Compact, de),
            "Qinghao Hu, Zhisheng Ye und Tianwei Zhang. Characterization of LLM Development. "
            "USENIX NSDI, 2024.");
  p.authors.pop_back();
  p.status = Status::Submitted;
  p.date = {};
  p.others = true;
  const std::string submitted(german("Under review"));
  ASSERT_NE(submitted, "Under review");
  EXPECT_EQ(format_citation(p, CitationStyle::Compact, de),
            "Qinghao Hu und Zhisheng Ye u.\u00A0a. Characterization of LLM Development. USENIX "
            "NSDI, o.\u00A0J. " +
                submitted + ".");
  // (English, or no locale: as before)
  EXPECT_EQ(format_citation(p, CitationStyle::Compact, CitationContext{}),
            "Qinghao Hu and Zhisheng Ye et al. Characterization of LLM Development. USENIX NSDI, "
            "n.d. Under review.");
}

// DBLP's proceedings titles end with the date: the year is said once, where a reader looks for it.
TEST(Citation, AVenueThatEndsWithTheYearIsNotFollowedByItAgain) {
  Publication p = sample_pub();
  p.venue =
      "21st USENIX Symposium on Networked Systems Design and Implementation, NSDI 2024, Santa "
      "Clara, CA, April 16-18, 2024";
  EXPECT_TRUE(venue_ends_with_year(p));
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu, Zhisheng Ye, and Tianwei Zhang. Characterization of LLM Development. 21st "
            "USENIX Symposium on Networked "
            "Systems Design and Implementation, NSDI 2024, Santa Clara, CA, April 16-18, 2024.");
  const std::string html = format_entry_html(p, FormatOptions{});
  EXPECT_NE(html.find("April 16-18, 2024</span>"), std::string::npos) << html;
  EXPECT_EQ(html.find("ps-year"), std::string::npos) << html;
  // The year elsewhere in the venue, or a longer number that ends with it, is not the year said.
  for (const char* venue : {"NSDI 2024, Santa Clara", "Report 12024", "Proc. 2023"}) {
    p.venue = venue;
    EXPECT_FALSE(venue_ends_with_year(p)) << venue;
    EXPECT_NE(format_entry_html(p, FormatOptions{}).find("<span class=\"ps-year\">2024</span>"),
              std::string::npos)
        << venue;
  }
  p.venue = "NSDI 2024.";
  EXPECT_TRUE(venue_ends_with_year(p));
  p.date = {};
  EXPECT_FALSE(venue_ends_with_year(p));
}

// As citeproc-js writes them with the official ieee.csl (checked by running it on the same
// records).
TEST(Citation, Ieee) {
  Publication p = sample_pub();
  EXPECT_EQ(format_citation(p, CitationStyle::Ieee),
            "Q. Hu, Z. Ye, and T. Zhang, \xE2\x80\x9C"
            "Characterization of LLM Development,\xE2\x80\x9D in USENIX "
            "NSDI, Apr. 2024. doi: 10.5555/x.");
  Publication j;
  j.type = PubType::Journal;
  j.title = "Scheduling";
  j.authors = {person("Jean-Pierre", "Dupont"), person("Guido", "Rossum")};
  j.authors[1].set_particle("van");
  j.venue = "IEEE TPDS";
  j.date = {2023, 0, 0};
  j.extra = {{"volume", "34"}, {"number", "2"}, {"pages", "1--10"}};
  EXPECT_EQ(format_citation(j, CitationStyle::Ieee),
            "J.-P. Dupont and G. van Rossum, \xE2\x80\x9CScheduling,\xE2\x80\x9D IEEE TPDS, vol. "
            "34, no. 2, "
            "pp. 1\xE2\x80\x93"
            "10, 2023.");
  Publication pre;
  pre.type = PubType::Preprint;
  pre.title = "Preprint";
  pre.edit_rare().arxiv = "2401.09149";
  pre.authors = {person("Ada", "Lovelace")};
  pre.date = {2024, 1, 0};
  EXPECT_EQ(
      format_citation(pre, CitationStyle::Ieee),
      "A. Lovelace, \xE2\x80\x9CPreprint.\xE2\x80\x9D arXiv, Jan. 2024.");  // (no link: the record
                                                                            // has none)
}

// The author part of a citation: what comes before the title ("Zzz").
std::string authors_text(const Publication& p, CitationStyle style) {
  std::string c = format_citation(p, style);
  c.resize(c.find("Zzz"));
  if (c.size() >= 3 && c.compare(c.size() - 3, 3, "\xE2\x80\x9C") == 0) c.resize(c.size() - 3);
  while (!c.empty() && (c.back() == ' ' || c.back() == ',')) c.pop_back();
  return c;
}

TEST(Citation, AuthorLists) {
  Publication p;
  p.title = "Zzz";
  for (int i = 1; i <= 7; ++i)
    p.authors.push_back(person("Given" + std::to_string(i), "Family" + std::to_string(i)));
  EXPECT_EQ(authors_text(p, CitationStyle::Ieee), "G. Family1 et al.");
  p.authors.resize(1);
  p.others = true;
  EXPECT_EQ(authors_text(p, CitationStyle::Compact), "Given1 Family1 et al.");
  p.authors = {person("Q.", "Hu")};
  p.others = false;
  EXPECT_EQ(authors_text(p, CitationStyle::Ieee), "Q. Hu");
  Person org;
  org.set_literal("The ATLAS Collaboration");
  p.authors = {org};
  EXPECT_EQ(authors_text(p, CitationStyle::Ieee), "The ATLAS Collaboration");
  EXPECT_EQ(authors_text(p, CitationStyle::Compact), "The ATLAS Collaboration.");
}
