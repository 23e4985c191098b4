// Profile statistics and the profile card, against hand-checked fixtures in tests/fixtures/stats/.
//
// Hand tally of stats/ada.bib (owner "Ada Lovelace; A. Lovelace"), counted from the file by hand:
//   records  1 lovelace2019nsdi   conference 2019 NSDI  selected          first (Ada first)
//            2 babbage2019engines journal    2019 "Journal of Analytical Engines"   not first
//            3 somerville2020osdi conference 2020 OSDI  selected, award  first (Somerville*
//            Lovelace*) 4 herschel2022nsdi   conference 2022 NSDI  award            not first 5
//            lovelace2022arxiv  preprint   2022 (no venue), status preprint       first 6
//            somerville2023nsdi conference 2023 NSDI  status submitted not first 7
//            noether2023annals  journal    2023 "Annals of Mathematics"; Ada is not an author 8
//            lovelace2024osdi   conference 2024 OSDI                   first 9 lovelace_notes misc
//            undated                     first (sole author)
//   total 9; conference 5 (1,3,4,6,8), journal 2 (2,7), preprint 1 (5), misc 1 (9)
//   published 7, submitted 1 (6), preprint 1 (5); first-author 5 (1,3,5,8,9); awards 2 (3,4);
//   selected 2 (1,3); years 2019:2 (conf 1, journal 1) 2020:1 2021:0 2022:2 (conf 1, preprint 1)
//   2023:2 (conf 1, journal 1) 2024:1, undated 1.
//   venues NSDI 3 (last 2023), OSDI 2 (2024), Annals of Mathematics 1 (2023),
//   Journal of Analytical Engines 1 (2019).
//   co-authors (only records 1-6, 8, 9 have Ada on them, so the Noethers are not co-authors):
//   Mary Somerville 4 (2,3,6 and "SOMERVILLE Mary" in 8; last 2024), Charles Babbage 3 (1,2,5;
//   2022), Caroline Herschel 2 (3 and "C. Herschel" in 4; 2022), Constance Babbage 1 (8; 2024),
//   C. Babbage 1 (4; 2022: fits both Charles and Constance, so it stays apart).
//   No citation counts.
//
// Hand tally of stats/hopper.json (owner from its profile: "Grace Hopper", "G. M. Hopper"):
//   conference 3 (h1,h3,h4), journal 1 (h2), report 2 (h5,h6); all published; first-author 4
//   (h1, h3, h5, h6; h2 starts with Garcia, h4 with the UNIVAC Team); years 1952..1959 with
//   1952:1 1953:1 1955:2 1959:2 and zeros between; venues ACM 3 (1955), Computers and
//   Automation 1 (1953); co-authors UNIVAC Team 2 (1955), José García 2 ("Jose Garcia" merged;
//   1953); citations 10+8+5+4+3 = 30 over 5 records, h-index 4, i10-index 1.
#include <gtest/gtest.h>
#include <algorithm>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "papershelf/boundary.hpp"
#include "papershelf/html.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/words.hpp"

namespace ps = papershelf;
using ps::PubType;
using ps::Status;

namespace {

ps::Library load(const std::string& name) {
  const std::string text = ps::testing::read_file(ps::testing::fixtures_dir() + "/stats/" + name);
  EXPECT_FALSE(text.empty()) << name;
  ps::ReadResult r = ps::read(text, {});
  for (const auto& d : r.diagnostics)
    EXPECT_NE(d.severity, ps::Severity::Error) << ps::format_diagnostic(d);
  return std::move(r.library);
}

ps::OwnerMatcher owner_of(const ps::Library& lib) {
  std::vector<std::string> names{lib.profile.name};
  names.insert(names.end(), lib.profile.aliases.begin(), lib.profile.aliases.end());
  return ps::OwnerMatcher(names);
}

std::uint32_t type_count(const ps::Stats& s, PubType t) { return s.by_type[static_cast<int>(t)]; }
std::uint32_t status_count(const ps::Stats& s, Status t) {
  return s.by_status[static_cast<int>(t)];
}

struct YearRow {
  int year;
  std::uint32_t total, conference, journal, preprint;
};

const ps::Stats& ada_stats() {
  static const ps::Library lib = load("ada.bib");
  static const ps::Stats stats =
      ps::compute_stats(lib, ps::OwnerMatcher({"Ada Lovelace", "A. Lovelace"}));
  return stats;
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace

TEST(Stats, AdaCounts) {
  const ps::Stats& s = ada_stats();
  EXPECT_EQ(s.total, 9u);
  EXPECT_EQ(type_count(s, PubType::Conference), 5u);
  EXPECT_EQ(type_count(s, PubType::Journal), 2u);
  EXPECT_EQ(type_count(s, PubType::Preprint), 1u);
  EXPECT_EQ(type_count(s, PubType::Misc), 1u);
  EXPECT_EQ(status_count(s, Status::Published), 7u);
  EXPECT_EQ(status_count(s, Status::Submitted), 1u);
  EXPECT_EQ(status_count(s, Status::Preprint), 1u);
  EXPECT_EQ(s.first_author, 5u);
  EXPECT_EQ(s.awards, 2u);
  EXPECT_EQ(s.selected, 2u);
  EXPECT_FALSE(s.citations);
}

TEST(Stats, AdaYearsAreContinuousAndStackedByType) {
  const ps::Stats& s = ada_stats();
  const std::vector<YearRow> expected = {{2019, 2, 1, 1, 0}, {2020, 1, 1, 0, 0},
                                         {2021, 0, 0, 0, 0}, {2022, 2, 1, 0, 1},
                                         {2023, 2, 1, 1, 0}, {2024, 1, 1, 0, 0}};
  ASSERT_EQ(s.years.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const auto& y = s.years[i];
    EXPECT_EQ(y.year, expected[i].year);
    EXPECT_EQ(y.total, expected[i].total) << y.year;
    EXPECT_EQ(y.by_type[int(PubType::Conference)], expected[i].conference) << y.year;
    EXPECT_EQ(y.by_type[int(PubType::Journal)], expected[i].journal) << y.year;
    EXPECT_EQ(y.by_type[int(PubType::Preprint)], expected[i].preprint) << y.year;
  }
  EXPECT_EQ(s.undated, 1u);
}

// A page left with a placeholder owner (or a spelling the file does not use) bolds no one: the
// person on most papers, with their spellings, is whom to name. From the hand tally above: Ada
// is on 8 of the 9 records, as "Ada Lovelace" and "A. Lovelace".
TEST(Stats, LikelyOwnerIsThePersonOnMostPapers) {
  const ps::Library lib = load("ada.bib");
  const auto placeholder = ps::likely_owner(lib, ps::OwnerMatcher({"Your Name", "Y. Name"}));
  ASSERT_TRUE(placeholder.has_value());
  EXPECT_EQ(placeholder->name, "Ada Lovelace");
  EXPECT_EQ(placeholder->count, 8u);
  EXPECT_NE(std::find(placeholder->variants.begin(), placeholder->variants.end(), "A. Lovelace"),
            placeholder->variants.end());
  EXPECT_TRUE(ps::likely_owner(lib, ps::OwnerMatcher()).has_value());  // no owner named
  EXPECT_FALSE(
      ps::likely_owner(lib, ps::OwnerMatcher({"Mary Somerville"})).has_value());  // on some papers
  // No one on half the papers: no guess.
  ps::Library few;
  for (const char* family : {"One", "Two", "Three"}) {
    ps::Publication p;
    p.authors.push_back(ps::Person{"A", family, "", "", "", ""});
    few.publications.push_back(p);
  }
  EXPECT_FALSE(ps::likely_owner(few, ps::OwnerMatcher({"Your Name"})).has_value());
}

TEST(Stats, AdaVenues) {
  const ps::Stats& s = ada_stats();
  std::vector<std::tuple<std::string, std::uint32_t, int>> got;
  for (const auto& v : s.venues) got.emplace_back(v.key, v.count, v.last_year);
  const std::vector<std::tuple<std::string, std::uint32_t, int>> expected = {
      {"NSDI", 3, 2023},
      {"OSDI", 2, 2024},
      {"Annals of Mathematics", 1, 2023},
      {"Journal of Analytical Engines", 1, 2019}};
  EXPECT_EQ(got, expected);
}

TEST(Stats, StatusBadgesAreNotVenues) {
  // al-folio writes abbr={Preprint} / abbr={Under review}: they say what the paper is, not where.
  const auto r = ps::read(R"(
@misc{p1, title = {One}, author = {Lovelace, Ada}, abbr = {Preprint}, year = {2024}}
@misc{p2, title = {Two}, author = {Lovelace, Ada}, abbr = {Under review}, year = {2024}}
@inproceedings{c1, title = {Three}, author = {Lovelace, Ada}, abbr = {NSDI}, booktitle = {NSDI}, year = {2023}})");
  const ps::Stats s = ps::compute_stats(r.library, ps::OwnerMatcher({"Ada Lovelace"}));
  ASSERT_EQ(s.venues.size(), 1u);
  EXPECT_EQ(s.venues[0].key, "NSDI");
}

TEST(Stats, AdaCoauthorsMergedLikeOwnerMatching) {
  const ps::Stats& s = ada_stats();
  std::vector<std::tuple<std::string, std::uint32_t, int>> got;
  for (const auto& c : s.coauthors) got.emplace_back(c.name, c.count, c.last_year);
  const std::vector<std::tuple<std::string, std::uint32_t, int>> expected = {
      {"Mary Somerville", 4, 2024},
      {"Charles Babbage", 3, 2022},
      {"Caroline Herschel", 2, 2022},
      {"Constance Babbage", 1, 2024},
      {"C. Babbage", 1, 2022}};
  EXPECT_EQ(got, expected);
  ASSERT_FALSE(s.coauthors.empty());
  EXPECT_EQ(s.coauthors[0].variants,
            (std::vector<std::string>{"Mary Somerville", "SOMERVILLE Mary"}));
  EXPECT_EQ(s.coauthors[2].variants,
            (std::vector<std::string>{"Caroline Herschel", "C. Herschel"}));
}

TEST(Stats, LimitsAndSubsets) {
  const ps::Library lib = load("ada.bib");
  const ps::OwnerMatcher owner({"Ada Lovelace"});
  ps::StatsOptions o;
  o.max_venues = 1;
  o.max_coauthors = 2;
  const ps::Stats top = ps::compute_stats(lib, owner, o);
  ASSERT_EQ(top.venues.size(), 1u);
  EXPECT_EQ(top.venues[0].key, "NSDI");
  ASSERT_EQ(top.coauthors.size(), 2u);
  EXPECT_EQ(top.coauthors[1].name, "Charles Babbage");
  // Records 1 and 2 only (indices 0, 1): both 2019, one conference one journal.
  const std::vector<std::uint32_t> two = {0, 1, 99};  // out-of-range indices are ignored
  const ps::Stats sub = ps::compute_stats(lib, owner, {}, &two);
  EXPECT_EQ(sub.total, 2u);
  ASSERT_EQ(sub.years.size(), 1u);
  EXPECT_EQ(sub.years[0].year, 2019);
  EXPECT_EQ(sub.first_author, 1u);
  ASSERT_FALSE(sub.coauthors.empty());
  EXPECT_EQ(sub.coauthors[0].name, "Charles Babbage");
  EXPECT_EQ(sub.coauthors[0].count, 2u);
  // Without an owner nobody is first author and every author counts as a co-author.
  const ps::Stats anyone = ps::compute_stats(lib, ps::OwnerMatcher());
  EXPECT_EQ(anyone.first_author, 0u);
  bool has_noether = false, has_ada = false;
  for (const auto& c : anyone.coauthors) {
    has_noether |= c.name == "Emmy Noether";
    has_ada |= c.name == "Ada Lovelace";
  }
  EXPECT_TRUE(has_noether);
  EXPECT_TRUE(has_ada);
}

TEST(Stats, HopperFromJsonWithCitations) {
  const ps::Library lib = load("hopper.json");
  const ps::Stats s = ps::compute_stats(lib, owner_of(lib));
  EXPECT_EQ(s.total, 6u);
  EXPECT_EQ(type_count(s, PubType::Conference), 3u);
  EXPECT_EQ(type_count(s, PubType::Journal), 1u);
  EXPECT_EQ(type_count(s, PubType::Report), 2u);
  EXPECT_EQ(status_count(s, Status::Published), 6u);
  EXPECT_EQ(s.first_author, 4u);
  EXPECT_EQ(s.awards, 0u);
  ASSERT_EQ(s.years.size(), 8u);  // 1952..1959
  const std::uint32_t totals[] = {1, 1, 0, 2, 0, 0, 0, 2};
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(s.years[i].year, 1952 + static_cast<int>(i));
    EXPECT_EQ(s.years[i].total, totals[i]) << s.years[i].year;
  }
  ASSERT_EQ(s.venues.size(), 2u);
  EXPECT_EQ(s.venues[0].key, "ACM");
  EXPECT_EQ(s.venues[0].count, 3u);
  EXPECT_EQ(s.venues[1].key, "Computers and Automation");
  ASSERT_EQ(s.coauthors.size(), 2u);
  EXPECT_EQ(s.coauthors[0].name, "UNIVAC Team");
  EXPECT_EQ(s.coauthors[0].count, 2u);
  EXPECT_EQ(s.coauthors[0].last_year, 1955);
  EXPECT_EQ(s.coauthors[1].name, "José García");
  EXPECT_EQ(s.coauthors[1].count, 2u);
  ASSERT_TRUE(s.citations);
  EXPECT_EQ(s.citations->total, 30);
  EXPECT_EQ(s.citations->records, 5u);
  EXPECT_EQ(s.citations->h_index, 4u);
  EXPECT_EQ(s.citations->i10_index, 1u);
}

TEST(Stats, HIndex) {
  EXPECT_EQ(ps::h_index({}), 0u);
  EXPECT_EQ(ps::h_index({0, 0}), 0u);
  EXPECT_EQ(ps::h_index({1}), 1u);
  EXPECT_EQ(ps::h_index({3, 0, 6, 1, 5}), 3u);
  EXPECT_EQ(ps::h_index({100, 100, 100}), 3u);
  EXPECT_EQ(ps::h_index({4, 4, 4, 4}), 4u);
}

TEST(Stats, JsonAndTextCarryTheSameNumbers) {
  const ps::Stats& s = ada_stats();
  const auto j = nlohmann::json::parse(ps::format_stats_json(s));
  EXPECT_EQ(j["total"], 9);
  EXPECT_EQ(j["types"]["conference"], 5);
  EXPECT_FALSE(j["types"].contains("thesis"));  // zero counts are left out
  EXPECT_EQ(j["statuses"]["submitted"], 1);
  EXPECT_EQ(j["firstAuthor"], 5);
  EXPECT_EQ(j["awards"], 2);
  EXPECT_EQ(j["years"].size(), 6u);
  EXPECT_EQ(j["years"][3]["year"], 2022);
  EXPECT_EQ(j["years"][3]["types"]["preprint"], 1);
  EXPECT_EQ(j["venues"][0]["key"], "NSDI");
  EXPECT_EQ(j["coauthors"][0]["name"], "Mary Somerville");
  EXPECT_EQ(j["coauthors"][0]["lastYear"], 2024);
  EXPECT_FALSE(j.contains("citations"));
  const std::string text = ps::format_stats_text(s);
  EXPECT_TRUE(contains(text, "Publications: 9\n")) << text;
  EXPECT_TRUE(contains(text, "First-author: 5\n")) << text;
  EXPECT_TRUE(contains(text, "  2022: 2 (conference 1, preprint 1)\n")) << text;
  // A type is named in the years as in the totals ("Other: 1", "other 1"; not the data's "misc").
  ps::Stats other;
  other.total = 1;
  other.by_type[static_cast<int>(ps::PubType::Misc)] = 1;
  ps::YearStats year;
  year.year = 2020;
  year.total = 1;
  year.by_type[static_cast<int>(ps::PubType::Misc)] = 1;
  other.years.push_back(year);
  const std::string other_text = ps::format_stats_text(other);
  EXPECT_TRUE(contains(other_text, "  Other: 1\n")) << other_text;
  EXPECT_TRUE(contains(other_text, "  2020: 1 (other 1)\n")) << other_text;
  EXPECT_TRUE(contains(text, "  Mary Somerville: 4 (last 2024)\n")) << text;
  // (2019 and 2022 have two each: no year has the most)
  EXPECT_EQ(ps::stats_summary(s), "9 publications from 2019 to 2024; 1 undated.");
}

// ---------------------------------------------------------------- the profile card

namespace {

std::size_t count_of(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t pos = hay.find(needle); pos != std::string::npos;
       pos = hay.find(needle, pos + 1))
    ++n;
  return n;
}

}  // namespace

TEST(ProfileCard, StaticMarkupIsEscapedSafeAndHidesTheEmail) {
  const ps::Library lib = load("hopper.json");
  const ps::Stats s = ps::compute_stats(lib, owner_of(lib));
  ps::ProfileCardOptions o;
  o.base = "https://example.org/";
  const std::string html = ps::format_profile_html(lib.profile, s, o);
  EXPECT_TRUE(contains(html, "<h3 class=\"ps-profile-name\" dir=\"ltr\">Grace Hopper</h3>"))
      << html;
  EXPECT_TRUE(contains(html, "Harvard &lt;Computation&gt; Lab")) << html;
  EXPECT_FALSE(contains(html, "<Computation>"));
  EXPECT_TRUE(contains(html, "src=\"https://example.org/img/grace.jpg\"")) << html;
  EXPECT_TRUE(contains(html, "href=\"https://orcid.org/0000-0002-1825-0097\"")) << html;
  EXPECT_TRUE(contains(html, ">ORCID</a>"));
  EXPECT_TRUE(contains(html, ">Homepage</a>"));
  EXPECT_FALSE(contains(html, "javascript:"));  // the unsafe Scholar link is left out
  EXPECT_FALSE(contains(html, "Google Scholar"));
  EXPECT_FALSE(contains(html, "mailto:"));
  EXPECT_FALSE(contains(html, "grace@example.org"));
  EXPECT_TRUE(contains(html, "grace [at] example.org")) << html;
  EXPECT_TRUE(contains(html, "<li class=\"ps-interest\" dir=\"ltr\">COBOL</li>"));
  // Statistics: static markup has no controls.
  EXPECT_FALSE(contains(html, "<button"));
  EXPECT_FALSE(contains(html, "data-filter"));
  EXPECT_TRUE(contains(
      html, "<span class=\"ps-stat-n\">6</span> <span class=\"ps-stat-label\">publications</span>"))
      << html;
  EXPECT_TRUE(contains(
      html,
      "<span class=\"ps-stat-n\">4</span> <span class=\"ps-stat-label\">first-author</span>"));
  EXPECT_TRUE(contains(
      html, "<span class=\"ps-stat-n\">30</span> <span class=\"ps-stat-label\">citations</span>"));
  EXPECT_TRUE(contains(
      html, "<span class=\"ps-stat-n\">4</span> <span class=\"ps-stat-label\">h-index</span>"));
  // Chart: an SVG image with a text alternative; one table row per year (1952..1959).
  EXPECT_EQ(count_of(html, "<svg"), 1u);
  EXPECT_TRUE(contains(
      html, "role=\"img\" aria-label=\"Publications per year: 6 publications from 1952 to 1959"))
      << html;
  EXPECT_EQ(count_of(html, "<th scope=\"row\">"), 8u);
  EXPECT_TRUE(contains(
      html, "<tr><th scope=\"row\">1955</th><td>2</td><td>2</td><td>0</td><td>0</td></tr>"))
      << html;
  EXPECT_TRUE(contains(html,
                       "Jos\xC3\xA9 Garc\xC3\xAD"
                       "a"));
}

TEST(ProfileCard, InteractiveMarkupCarriesFilterClauses) {
  const ps::Stats& s = ada_stats();
  ps::Profile p;
  p.name = "Ada <Lovelace>";
  p.links = {{"email", "mailto:ada@example.org"}, {"github", "https://github.com/ada"}};
  ps::ProfileCardOptions o;
  o.interactive = true;
  const std::string html = ps::format_profile_html(p, s, o);
  EXPECT_TRUE(contains(html, "aria-label=\"Profile: Ada &lt;Lovelace&gt;\"")) << html;
  // One link per year that has records (2021 has none): 5.
  EXPECT_EQ(count_of(html, "<a class=\"ps-bar\" href=\"#\" role=\"button\" data-filter=\"year:"),
            5u);
  EXPECT_TRUE(contains(html, "data-filter=\"year:2022\" aria-label=\"2022: 2 publications\""))
      << html;
  EXPECT_TRUE(contains(html, "data-filter=\"type:conference\""));
  EXPECT_TRUE(contains(html, "data-filter=\"first-author\""));
  EXPECT_TRUE(contains(html, "data-filter=\"award\""));
  EXPECT_TRUE(contains(html, "data-filter=\"venue:NSDI\""));
  EXPECT_TRUE(contains(html, "data-filter=\"&quot;venue:Annals of Mathematics&quot;\"")) << html;
  EXPECT_TRUE(contains(html, "data-filter=\"&quot;author:Mary Somerville&quot;\""));
  EXPECT_EQ(count_of(html, "class=\"ps-top-item ps-coauthor-stat ps-stat-filter\""), 5u);
  // The address is not in the markup as written, and there is no mailto: link.
  EXPECT_FALSE(contains(html, "ada@example.org"));
  EXPECT_FALSE(contains(html, "mailto:"));
  EXPECT_TRUE(contains(html, "data-u=\"ada\" data-d=\"gro.elpmaxe\""));
  // Every filter the card offers parses.
  for (std::size_t pos = html.find("data-filter=\""); pos != std::string::npos;
       pos = html.find("data-filter=\"", pos + 1)) {
    std::string value = html.substr(pos + 13, html.find('"', pos + 13) - pos - 13);
    for (std::size_t q; (q = value.find("&quot;")) != std::string::npos;) value.replace(q, 6, "\"");
    std::string error;
    ps::parse_filter(value, &error);
    EXPECT_EQ(error, "") << value;
  }
  o.email = ps::EmailDisplay::Plain;
  EXPECT_TRUE(contains(ps::format_profile_html(p, s, o), "href=\"mailto:ada@example.org\""));
  o.email = ps::EmailDisplay::Hidden;
  EXPECT_FALSE(contains(ps::format_profile_html(p, s, o), "ps-email"));
}

TEST(ProfileCard, CompactAndNone) {
  const ps::Stats& s = ada_stats();
  ps::Profile p;
  p.name = "Ada Lovelace";
  p.interests = {"engines"};
  ps::ProfileCardOptions o;
  o.mode = ps::ProfileMode::Compact;
  const std::string html = ps::format_profile_html(p, s, o);
  EXPECT_TRUE(contains(html, "ps-profile-compact"));
  EXPECT_FALSE(contains(html, "<svg"));
  EXPECT_FALSE(contains(html, "engines"));
  EXPECT_FALSE(contains(html, "ps-top"));
  EXPECT_TRUE(contains(html, "<span class=\"ps-stat-n\">9</span>"));
  o.mode = ps::ProfileMode::None;
  EXPECT_EQ(ps::format_profile_html(p, s, o), "");
  EXPECT_EQ(ps::profile_mode_from_string(""), ps::ProfileMode::Full);
  EXPECT_EQ(ps::profile_mode_from_string("Compact"), ps::ProfileMode::Compact);
  EXPECT_EQ(ps::profile_mode_from_string("none"), ps::ProfileMode::None);
  EXPECT_EQ(ps::profile_mode_from_string("huge"), std::nullopt);
}

TEST(ProfileCard, OverlayLetsAttributesWin) {
  ps::Profile base;
  base.name = "Grace Hopper";
  base.position = "Admiral";
  base.links = {{"homepage", "https://a.example"}, {"github", "https://github.com/g"}};
  ps::Profile over;
  over.position = "Professor";
  over.links = {
      {"homepage", "https://b.example"}, {"github", ""}, {"dblp", "https://dblp.org/pid/x"}};
  const ps::Profile p = ps::overlay_profile(base, over);
  EXPECT_EQ(p.name, "Grace Hopper");
  EXPECT_EQ(p.position, "Professor");
  ASSERT_EQ(p.links.size(), 2u);
  EXPECT_EQ(p.links[0], (ps::Link{"homepage", "https://b.example"}));
  EXPECT_EQ(p.links[1], (ps::Link{"dblp", "https://dblp.org/pid/x"}));
}

// The card's name, as the element, prerender and the CLI all get it: the attributes' or flags',
// else the data's, else (a plain .bib) the first owner name.
TEST(ProfileCard, TheCardNamesTheFirstOwnerOnlyWhereNothingElseNamesAnyone) {
  ps::Profile data, over;
  EXPECT_EQ(ps::card_profile(data, over, "Qinghao Hu; Q. Hu").name, "Qinghao Hu");
  EXPECT_EQ(ps::card_profile(data, over, "").name, "");
  data.name = "Grace Hopper";
  EXPECT_EQ(ps::card_profile(data, over, "Qinghao Hu").name, "Grace Hopper");
  over.name = "G. Hopper";
  EXPECT_EQ(ps::card_profile(data, over, "Qinghao Hu").name, "G. Hopper");
}

TEST(ProfileCard, EmailReversedByCodePoints) {
  ps::Profile p;
  p.links = {{"email", "jos\xC3\xA9@b\xC3\xBC.example"}};
  ps::ProfileCardOptions o;
  o.interactive = true;
  const std::string html = ps::format_profile_html(p, ps::Stats{}, o);
  EXPECT_TRUE(contains(html,
                       "data-u=\"\xC3\xA9soj\" data-d=\"elpmaxe.\xC3\xBC"
                       "b\""))
      << html;
}

// Clicking a co-author on the card filters by "author:NAME"; that must find every record the
// card counted for them, whatever spelling the record uses.
TEST(ProfileCard, CoauthorFilterFindsEveryCountedRecord) {
  const ps::Library lib = load("ada.bib");
  const ps::OwnerMatcher owner({"Ada Lovelace", "A. Lovelace"});
  const ps::Stats& s = ada_stats();
  for (const auto& c : s.coauthors) {
    ps::Query q;
    q.filter = ps::parse_filter("\"author:" + c.name + "\"");
    const ps::View v = ps::run_query(lib, q, owner);
    // The filter finds every record counted; a spelling whose initial fits several people
    // ("C. Babbage": Charles or Constance) is found by each of their filters too.
    const std::size_t expected = c.name == "Charles Babbage" ? 4u  // 1, 2, 5 + "C. Babbage" in 4
                                 : c.name == "Constance Babbage" ? 2u  // 8 + "C. Babbage" in 4
                                 : c.name == "C. Babbage"        ? 5u  // 1, 2, 4, 5, 8
                                                                 : c.count;
    EXPECT_EQ(v.entries.size(), expected) << c.name;
  }
}

TEST(ProfileCard, JsonProfileShorthandLinks) {
  const ps::ReadResult r =
      ps::read(R"({"profile": {"name": "Ada", "links": {"github": "https://github.com/a"},
    "github": "https://github.com/ignored", "email": "ada@example.org", "dblp": "https://dblp.org/pid/1"},
    "publications": []})");
  const std::vector<ps::Link> expected = {{"github", "https://github.com/a"},
                                          {"email", "ada@example.org"},
                                          {"dblp", "https://dblp.org/pid/1"}};
  EXPECT_EQ(r.library.profile.links, expected);
}

TEST(ProfileCard, LongCareersGetShortYearLabels) {
  ps::Stats s;
  for (int y = 2000; y <= 2019; ++y) {
    ps::YearStats row;
    row.year = y;
    row.total = row.by_type[int(PubType::Journal)] = static_cast<std::uint32_t>(y % 3);
    s.years.push_back(row);
    s.total += row.total;
    s.by_type[int(PubType::Journal)] += row.total;
  }
  const std::string html = ps::format_profile_html(ps::Profile{}, s, {});
  EXPECT_TRUE(contains(html,
                       ">\xE2\x80\x99"
                       "02</text>"))
      << html;  // every other year of 20
  EXPECT_FALSE(contains(html,
                        ">\xE2\x80\x99"
                        "01</text>"));
  EXPECT_FALSE(contains(html, ">2002</text>"));
  EXPECT_EQ(count_of(html, "<th scope=\"row\">"), 20u);  // the table still lists every year
}

TEST(ProfileCard, NothingToShowIsNoMarkup) {
  ps::Profile p;
  p.links = {{"scholar", "javascript:alert(1)"}};
  EXPECT_EQ(ps::format_profile_html(p, ps::Stats{}, {}), "");
  p.position = "Professor";
  EXPECT_NE(ps::format_profile_html(p, ps::Stats{}, {}), "");
}

TEST(Stats, CoauthorsWrittenWithInvisibleCharactersAreOnePerson) {
  ps::ReadOptions o;
  o.format = ps::Format::BibTeX;
  const ps::Library lib =
      ps::read(
          "@misc{a, title={A}, author={Hu, Qinghao and Ye, Zhisheng}, year=2020}\n"
          "@misc{b, title={B}, author={Hu\xE2\x80\x8D, Qinghao and Ye\xE2\x80\x8B, Zhisheng}, "
          "year=2021}\n"
          "@misc{c, title={C}, author={\xEF\xBB\xBFHu, Qinghao and Ye, Zhi\xC2\xADsheng}, "
          "year=2022}\n",
          o)
          .library;
  const ps::Stats s = ps::compute_stats(lib, ps::OwnerMatcher({"Qinghao Hu"}));
  ASSERT_EQ(s.coauthors.size(), 1u);
  EXPECT_EQ(s.coauthors[0].count, 3u);
  EXPECT_EQ(s.first_author, 3u);  // the owner is found in all three
}

TEST(Stats, YearsFarApartAreNotFilledIn) {
  // Records in 1 and 9999 made 9,999 rows (and a 1 MB card with 9,999 bars; 2199 here, as a year
  // after kLatestYear is no date). Short gaps are still
  // filled (a career with a quiet year has no hole); a gap of more than kStatsFilledGap years is
  // left out, and the card's chart marks it.
  ps::ReadOptions o;
  o.format = ps::Format::BibTeX;
  std::string text;
  for (int year : {1, 2199, 2015, 2020, 2026})
    text += "@article{y" + std::to_string(year) +
            ", title={T}, author={Hu, Qinghao}, journal={J}, year=" + std::to_string(year) + "}\n";
  const ps::Library lib = ps::read(text, o).library;
  const ps::Stats s = ps::compute_stats(lib, ps::OwnerMatcher({"Qinghao Hu"}));
  std::vector<int> years;
  for (const auto& y : s.years) years.push_back(y.year);
  EXPECT_EQ(years, (std::vector<int>{1, 2015, 2016, 2017, 2018, 2019, 2020, 2026, 2199}));
  EXPECT_EQ(s.years[1].total, 1u);
  EXPECT_EQ(s.years[2].total, 0u);
  EXPECT_EQ(ps::stats_summary(s),
            "5 publications from 1 to 2199.");  // (one a year: no year has the most)
  const std::string html = ps::format_profile_html(ps::Profile{}, s, {});
  EXPECT_LT(html.size(), 20000u);
  EXPECT_EQ(count_of(html, "ps-bar-gap"), 3u) << html;  // 1 ... 2015, 2020 ... 2026 ... 2199
  EXPECT_EQ(count_of(html, "<th scope=\"row\">"), 9u);
  EXPECT_TRUE(contains(html, ">2199</text>")) << html;
}

// The card names the year with the most papers only when one year has more than every other.
TEST(Stats, SummaryNamesTheYearWithTheMostOnlyWhenItAloneHasThem) {
  const auto summary = [](std::initializer_list<int> years, const char* lang) {
    std::string text;
    int n = 0;
    for (int year : years)
      text += "@article{k" + std::to_string(++n) +
              ", title={T}, author={Hu, Qinghao}, journal={J}, year=" + std::to_string(year) +
              "}\n";
    ps::ReadOptions o;
    o.format = ps::Format::BibTeX;
    const ps::Stats s =
        ps::compute_stats(ps::read(text, o).library, ps::OwnerMatcher({"Qinghao Hu"}));
    return ps::stats_summary(s, ps::read_words(ps::builtin_language(lang), lang));
  };
  EXPECT_EQ(summary({2020, 2022, 2022, 2023}, "en"),
            "4 publications from 2020 to 2023; most in 2022 (2).");
  EXPECT_EQ(summary({2020, 2021, 2022}, "en"), "3 publications from 2020 to 2022.");
  EXPECT_EQ(summary({2020, 2020, 2022, 2022}, "en"), "4 publications from 2020 to 2022.");
  EXPECT_EQ(summary({2020, 2021}, "de"), "2 Publikationen von 2020 bis 2021.");
}
