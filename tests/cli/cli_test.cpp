// The `papershelf` command end to end: help, check, render, stats, stdin, bad usage, terminals.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "cli_helpers.hpp"

using namespace cli_testing;

namespace {

TEST(CliRender, ExportsAndStylesForEveryRecord) {
  const std::string bib = fixture(kProfile);
  const auto ris = papershelf("render --format ris " + bib);
  EXPECT_EQ(ris.status, 0);
  EXPECT_NE(ris.out.find("TY  - CPAPER\r\n"), std::string::npos) << ris.out;
  EXPECT_NE(ris.out.find("ER  - \r\n"), std::string::npos);
  const auto owner = papershelf("render --format bibtex " + bib);
  const auto visitor = papershelf("render --format bibtex --clean " + bib);
  EXPECT_NE(owner.out.find("abbr = {"), std::string::npos) << owner.out;
  EXPECT_EQ(visitor.out.find("abbr = {"), std::string::npos) << visitor.out;
  EXPECT_EQ(visitor.out.find("*,"), std::string::npos) << visitor.out;
  const auto chicago = papershelf("render --format text --style chicago " + bib);
  EXPECT_EQ(chicago.status, 0);
  EXPECT_NE(chicago.out.find("\xE2\x80\x9C"), std::string::npos) << chicago.out;  // (quoted titles)
}

TEST(CliRender, PresetMarksTheStaticList) {
  const auto r = papershelf("render --preset al-folio --profile " + fixture(kProfile));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\" "
                        "data-preset=\"al-folio\"><section class=\"ps-profile",
                        0),
            0u)
      << r.out.substr(0, 200);
  EXPECT_EQ(papershelf("render --preset wordpress " + fixture(kProfile)).status, 2);
}

}  // namespace

TEST(CliHelp, MainAndPerCommand) {
  Result r = papershelf("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "usage: papershelf <command>")) << r.out;
  EXPECT_TRUE(contains(r.out, "check"));
  EXPECT_TRUE(contains(r.out, "render"));
  r = papershelf("help render");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "usage: papershelf render")) << r.out;
  EXPECT_TRUE(contains(r.out, "--format"));
  EXPECT_TRUE(contains(r.out, "--owner"));
  r = papershelf("help check");
  EXPECT_TRUE(contains(r.out, "usage: papershelf check")) << r.out;
  r = papershelf("render --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "usage: papershelf render"));
  r = papershelf("--version");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("papershelf ", 0), 0u);
}

TEST(CliUsage, BadUsageExitsTwo) {
  EXPECT_EQ(papershelf("render --no-such-option " + fixture(kProfile)).status, 2);
  const Result r = papershelf("render --no-such-option " + fixture(kProfile), true);
  EXPECT_TRUE(contains(r.out, "unknown option --no-such-option")) << r.out;
  EXPECT_EQ(papershelf("frobnicate").status, 2);
  EXPECT_EQ(papershelf("").status, 2);
  EXPECT_EQ(papershelf("render").status, 2);  // no FILE
  EXPECT_EQ(papershelf("check").status, 2);
  EXPECT_EQ(papershelf("render --sort bogus " + fixture(kProfile)).status, 2);
  EXPECT_EQ(papershelf("render --group colour " + fixture(kProfile)).status, 2);
  EXPECT_EQ(papershelf("render --filter type:poem " + fixture(kProfile)).status, 2);
  EXPECT_EQ(papershelf("render --format pdf " + fixture(kProfile)).status, 2);
  EXPECT_EQ(papershelf("render --style no-such-style " + fixture(kProfile)).status, 2);
  EXPECT_EQ(papershelf("render --max-authors lots " + fixture(kProfile)).status, 2);
  EXPECT_EQ(papershelf("render --owner").status, 2);  // option without its value
}

TEST(CliCheck, BrokenFileReportsLineAndColumn) {
  const std::string path = std::string(PAPERSHELF_FIXTURES) + "/invalid/missing_comma.json";
  const Result r = papershelf("check " + quote(path));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.rfind(path + ":3:3: error: ", 0), 0u) << r.out;
  const Result several = papershelf("check " + fixture("invalid/non_object_items.json"));
  EXPECT_EQ(several.status, 1);
  for (const char* at : {":3:3: error: ", ":4:3: error: ", ":6:3: error: ", ":7:3: error: "})
    EXPECT_TRUE(contains(several.out, at)) << at << "\n" << several.out;
}

// --format json: the same diagnostics as the text, every file's in one array, each with its kind
// and position as numbers; the exit status and the summary line as for text.
TEST(CliCheck, JsonCarriesTheSameDiagnosticsWithTheirKinds) {
  const std::string files =
      fixture("invalid/bib_missing_comma.bib") + " " + fixture("invalid/non_object_items.json");
  const Result text = papershelf("check " + files);
  const Result as_json = papershelf("check --format json " + files);
  EXPECT_EQ(text.status, 1);
  EXPECT_EQ(as_json.status, 1);
  const json all = json::parse(as_json.out);
  ASSERT_TRUE(all.is_array());
  std::string lines;
  std::set<std::string> sources;
  for (const json& d : all) {
    lines += d.at("text").get<std::string>() + "\n";
    sources.insert(d.at("source").get<std::string>());
    const std::string at =
        d.at("source").get<std::string>() + ":" + std::to_string(d.at("line").get<int>()) + ":" +
        std::to_string(d.at("column").get<int>()) + ": " + d.at("severity").get<std::string>() +
        ": " + d.at("message").get<std::string>();
    EXPECT_EQ(d.at("text").get<std::string>(), at);
    EXPECT_TRUE(std::set<std::string>({"syntax", "encoding", "unknown", "duplicate", "reference",
                                       "value", "left-out", "limit", "page", "sync"})
                    .count(d.at("kind").get<std::string>()))
        << d.dump();
  }
  EXPECT_EQ(lines, text.out);
  EXPECT_EQ(sources.size(), 2u) << as_json.out;
  EXPECT_EQ(all[0].at("kind"), "syntax") << as_json.out;
  // --quiet keeps the errors only; an unknown format is a usage error.
  for (const json& d : json::parse(papershelf("check -q --format json " + files).out))
    EXPECT_EQ(d.at("severity"), "error");
  EXPECT_EQ(papershelf("check --format xml " + files).status, 2);
}

TEST(CliCheck, ValidFileExitsZero) {
  Result r = papershelf("check " + fixture(kProfile), true);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "3 record(s), 0 error(s)")) << r.out;
  r = papershelf("check " + fixture(kProfile) + " " + fixture("valid/zotero_export.json"));
  EXPECT_EQ(r.status, 0);
  // One broken file among valid ones makes the whole check fail.
  r = papershelf("check " + fixture(kProfile) + " " + fixture("invalid/truncated.json"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(papershelf("check /no/such/file.json").status, 2);
}

TEST(CliRender, JsonViewModel) {
  const Result r = papershelf("render --format json --owner 'Q. Hu' " + fixture(kProfile));
  ASSERT_EQ(r.status, 0);
  const json view = json::parse(r.out);
  ASSERT_TRUE(view.is_array());
  EXPECT_EQ(keys(view), (Keys{"wang2025", "hu2024nsdi", "hu2021sc"}));
  const json& e = view[1];
  for (const char* field : {"key", "type", "title", "year", "venue", "badge", "status", "selected",
                            "award", "note", "authors", "links"})
    EXPECT_TRUE(e.contains(field)) << field;
  EXPECT_EQ(e["type"], "conference");
  EXPECT_EQ(e["year"], 2024);
  EXPECT_EQ(e["badge"], "NSDI");
  EXPECT_EQ(e["selected"], true);
  EXPECT_EQ(e["award"], "Best Paper Award");
  EXPECT_EQ(e["authors"][0], json::parse(R"({"name": "Qinghao Hu", "owner": true, "marks": "*"})"));
  EXPECT_EQ(e["authors"][1]["owner"], false);
  for (const auto& link : e["links"]) EXPECT_NE(link["url"], "javascript:alert(1)");
  EXPECT_EQ(view[2]["authors"][0]["owner"], true);  // "Q. Hu" as written in the data
}

TEST(CliRender, OwnerDefaultsToTheProfile) {
  const json view = json::parse(papershelf("render --format json " + fixture(kProfile)).out);
  EXPECT_EQ(view[1]["authors"][0]["owner"], true);
  const json other = json::parse(
      papershelf("render --format json --owner 'Zhisheng Ye' " + fixture(kProfile)).out);
  EXPECT_EQ(other[1]["authors"][0]["owner"], false);
  EXPECT_EQ(other[1]["authors"][1]["owner"], true);
}

TEST(CliRender, SortFilterSearchGroup) {
  const std::string file = fixture(kProfile);
  json view = json::parse(papershelf("render --format json --sort title-asc " + file).out);
  EXPECT_EQ(keys(view), (Keys{"wang2025", "hu2021sc", "hu2024nsdi"}));
  view = json::parse(papershelf("render --format json --sort=year-asc " + file).out);
  EXPECT_EQ(keys(view), (Keys{"hu2021sc", "hu2024nsdi", "wang2025"}));
  view = json::parse(
      papershelf("render --format json --filter 'type:conference year:2022-' " + file).out);
  EXPECT_EQ(keys(view), (Keys{"hu2024nsdi"}));
  view = json::parse(
      papershelf("render --format json --filter 'first-author' --owner 'Qinghao Hu' " + file).out);
  EXPECT_EQ(keys(view),
            (Keys{"wang2025", "hu2024nsdi", "hu2021sc"}));  // wang2025: equal contribution
  view = json::parse(papershelf("render --format json --filter selected " + file).out);
  EXPECT_EQ(keys(view), (Keys{"hu2024nsdi"}));
  view =
      json::parse(papershelf("render --format json --search 'DATACENTERS prediction' " + file).out);
  EXPECT_EQ(keys(view), (Keys{"hu2021sc"}));
  view = json::parse(papershelf("render --format json --search nothing-like-this " + file).out);
  EXPECT_TRUE(view.empty());

  const Result html = papershelf("render --format html --group type --no-bibtex " + file);
  ASSERT_EQ(html.status, 0);
  EXPECT_TRUE(contains(html.out, "data-group=\"conference\"")) << html.out;
  EXPECT_TRUE(contains(html.out, "data-group=\"preprint\""));
  EXPECT_TRUE(contains(html.out, "<span class=\"ps-count\" aria-hidden=\"true\">2</span>"));
  EXPECT_LT(html.out.find("data-group=\"conference\""), html.out.find("data-group=\"preprint\""));
  EXPECT_FALSE(contains(html.out, "ps-bibtex"));
}

// The HTML without its schema.org JSON-LD data block (which browsers never run), checked to be
// one that cannot end early: it holds no "<".
std::string without_json_ld(std::string html) {
  const std::string open = "<script type=\"application/ld+json\">";
  const std::size_t at = html.find(open);
  if (at == std::string::npos) return html;
  const std::size_t end = html.find("</script>", at);
  EXPECT_EQ(html.substr(at + open.size(), end - at - open.size()).find('<'), std::string::npos);
  return html.erase(at, end + 9 - at);
}

TEST(CliRender, HtmlIsSafe) {
  const std::string evil = temp_file("evil.json", R"J([
  {"id": "x", "type": "paper-conference", "title": "<script>alert('t')</script> & <img src=x onerror=alert(1)>",
   "author": [{"family": "<b>O'Hare</b>", "given": "Evil"}],
   "container-title": "<iframe src=//evil>", "URL": "javascript:alert(1)",
   "issued": {"date-parts": [[2024]]}}
])J");
  const Result r = papershelf("render --format html " + quote(evil));
  ASSERT_EQ(r.status, 0);
  EXPECT_FALSE(contains(without_json_ld(r.out), "<script")) << r.out;
  EXPECT_FALSE(contains(r.out, "<img"));
  EXPECT_FALSE(contains(r.out, "<iframe"));
  EXPECT_FALSE(contains(r.out, "<b>"));
  EXPECT_FALSE(contains(r.out, "href=\"javascript:"));
  // The URL may appear only as escaped text in the BibTeX block, never as a link.
  EXPECT_FALSE(
      contains(papershelf("render --format html --no-bibtex " + quote(evil)).out, "javascript:"));
  EXPECT_TRUE(contains(r.out, "&lt;script&gt;"));
  EXPECT_TRUE(contains(r.out, "&lt;b&gt;O&#39;Hare&lt;/b&gt;"));
  const Result page = papershelf("render " + fixture(kProfile));  // html is the default
  EXPECT_EQ(page.status, 0);
  EXPECT_EQ(page.out.rfind("<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\">", 0), 0u);
  EXPECT_FALSE(contains(without_json_ld(page.out), "<script"));
  EXPECT_FALSE(contains(page.out, "href=\"javascript:"));
  EXPECT_FALSE(contains(papershelf("render --no-bibtex " + fixture(kProfile)).out, "javascript:"));
  EXPECT_TRUE(contains(page.out, "rel=\"noopener\""));
}

TEST(CliRender, TextIeeeAndCompact) {
  Result r =
      papershelf("render --format text --style ieee --filter type:conference --sort year-desc " +
                 fixture(kProfile));
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(
      r.out,
      "Q. Hu, Z. Ye, and T. Zhang, \xE2\x80\x9C"
      "Characterization of Large Language Model Development in "
      "the Datacenter,\xE2\x80\x9D in USENIX Symposium on Networked Systems Design and "
      "Implementation, "
      "Apr. 2024.\n"
      "Q. Hu, P. Sun, and S. Yan, \xE2\x80\x9C"
      "Characterization and Prediction of Deep Learning Workloads "
      "in Large-Scale GPU Datacenters,\xE2\x80\x9D in International Conference for High "
      "Performance "
      "Computing, Networking, Storage and Analysis, Nov. 2021. doi: 10.1145/3458817.3476223.\n");
  r = papershelf("render --format text --filter status:submitted " + fixture(kProfile));
  // (Its only link is an arxiv.org address: the paper is that arXiv preprint, as in BibTeX.)
  EXPECT_EQ(
      r.out,
      "Zerui Wang and Qinghao Hu. A Paper Under Review. arXiv:2501.00001, 2025. Under review.\n");
}

// --style names any CSL style: an owner's .csl file (a small one written here), an official one by
// its name (when Debian's citation-style-language-styles is installed); a broken file is reported
// at its line and column.
TEST(CliRender, AnyCslStyleByNameOrFile) {
  const std::string bib =
      temp_file("cslstyle.bib",
                "@article{k, title={Tidal Heating}, author={Okafor, Chidi and Lindqvist, Sara}, "
                "journal={Journal of Moons}, volume={42}, pages={118--131}, year=2025}\n");
  const std::string own = temp_file("own.csl", R"(<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">
  <info><title>Own</title><id>own</id></info>
  <citation><layout><text variable="title"/></layout></citation>
  <bibliography>
    <layout suffix=".">
      <group delimiter=" / ">
        <names variable="author"><name form="short" and="symbol"/></names>
        <text variable="title" font-style="italic" text-case="uppercase"/>
        <text variable="page"/>
      </group>
    </layout>
  </bibliography>
</style>)");
  Result r = papershelf("render --format text --style " + quote(own) + " " + quote(bib));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out,
            "Okafor & Lindqvist / TIDAL HEATING / 118\xE2\x80\x93"
            "131.\n");
  const std::string broken =
      temp_file("broken.csl", "<style>\n  <citation><layout></citation>\n</style>\n");
  r = papershelf("render --format text --style " + quote(broken) + " " + quote(bib), true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, broken + ":2:")) << r.out;
  if (std::filesystem::exists("/usr/share/citation-style-language/styles/vancouver.csl")) {
    r = papershelf("render --format text --style vancouver " + quote(bib));
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out,
              "Okafor C, Lindqvist S. Tidal Heating. Journal of Moons. 2025;42:118\xE2\x80\x93"
              "31.\n");
  }
}

// The short style (the list's text, --style compact) in the list's language: its "and" from that
// language's CSL locale (Debian's), its status in the list's words; English without --lang.
TEST(CliRender, TheShortStyleSpeaksTheListsLanguage) {
  if (!std::filesystem::exists("/usr/share/citation-style-language/locales/locales-de-DE.xml"))
    GTEST_SKIP() << "Debian's citation-style-language-locales is not installed";
  const std::string bib = temp_file(
      "short_de.bib",
      "@inproceedings{a, title={Ein Titel}, author={M{\\\"u}ller, Anna and Schmidt, Bernd and "
      "Weber, Carl}, booktitle={Tagung}, year=2024}\n");
  const Result de = papershelf("render --format text --style compact --lang de " + quote(bib));
  EXPECT_EQ(de.status, 0);
  EXPECT_EQ(de.out, "Anna M\xC3\xBCller, Bernd Schmidt und Carl Weber. Ein Titel. Tagung, 2024.\n");
  EXPECT_EQ(papershelf("render --format text --lang de-AT " + quote(bib)).out, de.out)
      << "a region of the language, by default the short style";
  EXPECT_TRUE(contains(papershelf("render --format text " + quote(bib)).out, ", and Carl Weber"));
}

// A style whose macros each call the next one twice, thirty deep (10^9 copies of the title; at
// twenty deep it took 5 s and 900 MB): rendered within the processor's budget, with a warning
// at the macro where the copies pass it.
TEST(CliRender, ForkingMacrosInAStyleAreCutShortWithAWarning) {
  const std::string bib = temp_file(
      "forking.bib",
      "@article{k, title={Tidal Heating}, author={Okafor, Chidi}, journal={J}, year=2025}\n");
  std::string macros;
  for (int i = 0; i < 30; ++i)
    macros += "<macro name=\"m" + std::to_string(i) + "\"><text macro=\"m" + std::to_string(i + 1) +
              "\"/><text macro=\"m" + std::to_string(i + 1) + "\"/></macro>\n";
  const std::string style = temp_file(
      "forking.csl",
      "<style xmlns=\"http://purl.org/net/xbiblio/csl\" class=\"in-text\" version=\"1.0\">\n" +
          macros +
          "<macro name=\"m30\"><text variable=\"title\"/></macro>\n"
          "<citation><layout><text macro=\"m0\"/></layout></citation>\n"
          "<bibliography><layout><text macro=\"m0\"/></layout></bibliography>\n</style>\n");
  Result r = papershelf("render --format text --style " + quote(style) + " " + quote(bib), true);
  EXPECT_EQ(r.status, 0);
  // (macro m<k> is on line k + 2)
  EXPECT_TRUE(contains(
      r.out, style + ":15:1: warning: macro \"m13\" expands past what one rendering may take"))
      << r.out.substr(0, 400);
  EXPECT_GT(count(r.out, "Tidal Heating"), 1000u);
  EXPECT_LT(r.out.size(), 16000000u);
}

// A CV page: each entry as its reference in a style, the owner's name marked, the links kept.
TEST(CliRender, ReferencesAsACvPage) {
  const std::string bib =
      temp_file("cv.bib",
                "@article{k, title={Tidal Heating}, author={Okafor, Chidi and Lindqvist, Sara}, "
                "journal={Journal of Moons}, volume={42}, pages={118--131}, year=2025, "
                "doi={10.5555/moons.42}, pdf={https://example.org/tidal.pdf}}\n");
  Result r = papershelf("render --references apa --owner 'Sara Lindqvist' " + quote(bib));
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out,
                       "<p class=\"ps-reference\" dir=\"auto\">Okafor, C., &#38; <span "
                       "class=\"ps-owner\">Lindqvist, S.</span> (2025). "
                       "Tidal Heating. <i>Journal of Moons</i>, <i>42</i>, 118\xE2\x80\x93"
                       "131."))
      << r.out;
  EXPECT_TRUE(contains(
      r.out, "<a class=\"ps-action ps-link ps-link-pdf\" href=\"https://example.org/tidal.pdf\""))
      << r.out;
  EXPECT_FALSE(contains(r.out, "class=\"ps-title\""))
      << r.out;  // (the reference instead of title, authors, venue)
  EXPECT_EQ(papershelf("render --references nature " + quote(bib)).status, 2);
}

TEST(CliRender, OtherFormats) {
  Result r = papershelf("render --format csl-json " + fixture(kProfile));
  ASSERT_EQ(r.status, 0);
  const json csl = json::parse(r.out);
  ASSERT_EQ(csl.size(), 3u);
  EXPECT_EQ(csl[1]["id"], "hu2024nsdi");
  EXPECT_EQ(csl[1]["type"], "paper-conference");
  r = papershelf("render --format bibtex --filter selected " + fixture(kProfile));
  ASSERT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "hu2024nsdi")) << r.out;
  EXPECT_EQ(r.out.find('@'), 0u) << r.out;
}

TEST(CliRender, StdinAndBrokenInput) {
  const std::string path = std::string(PAPERSHELF_FIXTURES) + "/" + kProfile;
  Result r = papershelf("render --format json -", false, path);
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(keys(json::parse(r.out)), (Keys{"wang2025", "hu2024nsdi", "hu2021sc"}));
  // Broken input: diagnostics on stderr (named "-" for stdin), valid records still rendered,
  // status 1.
  const std::string broken = std::string(PAPERSHELF_FIXTURES) + "/invalid/missing_comma.json";
  r = papershelf("render --format json -", false, broken);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(keys(json::parse(r.out)), (Keys{"first", "second", "third"}));
  r = papershelf("render --format json - >/dev/null", true, broken);
  EXPECT_EQ(r.out.rfind("-:3:3: error: ", 0), 0u) << r.out;
  // --from names the reader instead of detecting it.
  r = papershelf("render --format json --from json -", false, path);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(keys(json::parse(r.out)).size(), 3u);
}

TEST(CliRender, SeveralFilesMergeInOrder) {
  const Result r = papershelf("render --format json --sort file " +
                              fixture("invalid/missing_comma.json") + " " + fixture(kProfile));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(keys(json::parse(r.out)),
            (Keys{"first", "second", "third", "hu2024nsdi", "wang2025", "hu2021sc"}));
}

// `papershelf stats` on the hand-checked fixture of tests/core/stats_test.cpp (see the tally
// there): 9 records, 5 conference, 5 first-author, 2 awards, NSDI 3, Mary Somerville 4.
TEST(CliStats, TextAndJsonCarryTheHandCheckedNumbers) {
  Result r =
      papershelf("stats " + fixture("stats/ada.bib") + " --owner 'Ada Lovelace; A. Lovelace'");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "Publications: 9\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "  Conference: 5\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "First-author: 5\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "Awards: 2\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "  NSDI: 3 (last 2023)\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "  Mary Somerville: 4 (last 2024)\n")) << r.out;
  r = papershelf("stats --format json --owner 'Ada Lovelace' " + fixture("stats/ada.bib"));
  EXPECT_EQ(r.status, 0);
  const json j = json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  EXPECT_EQ(j["total"], 9);
  EXPECT_EQ(j["types"]["journal"], 2);
  EXPECT_EQ(j["firstAuthor"], 5);
  EXPECT_EQ(j["years"].size(), 6u);
  EXPECT_EQ(j["coauthors"][1]["name"], "Charles Babbage");
  EXPECT_EQ(j["coauthors"][1]["count"], 3);
  // --filter restricts the records counted; --top limits the lists.
  r = papershelf("stats --format json --owner 'Ada Lovelace' --filter type:journal --top 1 " +
                 fixture("stats/ada.bib"));
  const json f = json::parse(r.out, nullptr, false);
  ASSERT_FALSE(f.is_discarded()) << r.out;
  EXPECT_EQ(f["total"], 2);
  EXPECT_EQ(f["venues"].size(), 1u);
  // The owner comes from the JSON profile; citations appear only when the data has counts.
  r = papershelf("stats --format json " + fixture("stats/hopper.json"));
  const json h = json::parse(r.out, nullptr, false);
  ASSERT_FALSE(h.is_discarded()) << r.out;
  EXPECT_EQ(h["firstAuthor"], 4);
  EXPECT_EQ(h["citations"]["total"], 30);
  EXPECT_EQ(h["citations"]["hIndex"], 4);
  EXPECT_FALSE(j.contains("citations"));
  r = papershelf("help stats");
  EXPECT_TRUE(contains(r.out, "usage: papershelf stats")) << r.out;
  EXPECT_EQ(papershelf("stats --format csv " + fixture("stats/ada.bib")).status, 2);
  EXPECT_EQ(papershelf("stats").status, 2);
}

TEST(CliRender, ProfileCardInStaticHtml) {
  Result r = papershelf(
      "render --no-bibtex --profile --owner 'Ada Lovelace' --position 'Countess <of> Lovelace' "
      "--interests 'engines; poetry' --link homepage=https://example.org/ada --link "
      "scholar=javascript:x "
      "--link email=ada@example.org " +
      fixture("stats/ada.bib"));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\"><section "
                        "class=\"ps-profile ps-profile-full\"",
                        0),
            0u)
      << r.out.substr(0, 200);
  EXPECT_TRUE(contains(
      r.out, "<h3 class=\"ps-profile-name\" dir=\"ltr\">Ada Lovelace</h3>"));  // from --owner
  EXPECT_TRUE(contains(r.out, "Countess &lt;of&gt; Lovelace"));
  EXPECT_TRUE(contains(r.out, "<li class=\"ps-interest\" dir=\"ltr\">poetry</li>"));
  EXPECT_TRUE(contains(r.out, "href=\"https://example.org/ada\""));
  EXPECT_FALSE(contains(r.out, "javascript:"));
  EXPECT_FALSE(contains(r.out, "mailto:"));
  EXPECT_TRUE(contains(r.out, "ada [at] example.org"));
  EXPECT_TRUE(contains(
      r.out,
      "<span class=\"ps-stat-n\">9</span> <span class=\"ps-stat-label\">publications</span>"));
  EXPECT_TRUE(contains(r.out, "<svg class=\"ps-chart-svg\""));
  EXPECT_FALSE(contains(r.out, "<button"));  // static: nothing that needs JavaScript
  // The card counts the whole record even when the list is filtered.
  r = papershelf(
      "render --no-bibtex --profile=compact --plain-email --link email=ada@example.org --owner "
      "'Ada Lovelace' "
      "--filter type:journal " +
      fixture("stats/ada.bib"));
  EXPECT_TRUE(contains(r.out, "ps-profile-compact"));
  EXPECT_TRUE(contains(r.out, "<span class=\"ps-stat-n\">9</span>"));
  EXPECT_TRUE(contains(r.out, "href=\"mailto:ada@example.org\""));
  EXPECT_FALSE(contains(r.out, "<svg"));
  EXPECT_EQ(papershelf("render --profile=huge " + fixture("stats/ada.bib")).status, 2);
  EXPECT_EQ(papershelf("render --link nourl " + fixture("stats/ada.bib")).status, 2);
  // Without --profile there is no card.
  EXPECT_FALSE(contains(papershelf("render " + fixture("stats/ada.bib")).out, "ps-profile"));
}

// ---------------------------------------------------------------- what reaches the owner's
// terminal

namespace {

// A title that sets the terminal's title, clears the screen and rings the bell (ESC, an 8-bit
// CSI, BEL), in a record whose key does the same.
const std::string kEscapes =
    "@article{k\x1B]0;owned\x07\xE2\x80\xAE, title={A \x1B[2J title\x07 \xC2\x9B"
    "31m red}, author={Doe, J\x1B"
    "ane}, "
    "journal={J\x1B[5m}, year=2020}\n@misc{k\x1B]0;owned\x07\xE2\x80\xAE, title={Twice}}\n";

bool has_control(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\r') || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xA0)
      return true;  // C1
  }
  return false;
}

}  // namespace

TEST(CliTerminal, CheckShowsControlCharactersEscaped) {
  const std::string path = temp_file("escapes.bib", kEscapes);
  const Result r = papershelf("check " + quote(path));
  EXPECT_FALSE(has_control(r.out)) << r.out;
  // (The key, which no BibTeX key may hold, is quoted in the warning that renames it, escaped as
  // everything else is.)
  EXPECT_TRUE(
      contains(r.out, "key 'k\\x1b]0;owned\\x07\\u202e' has characters a BibTeX key cannot hold"))
      << r.out;
  // Usage errors and file names quote what the owner typed, escaped the same way.
  const Result usage = papershelf("render --sort 'x\x1B]0;owned\x07' " + quote(path), true);
  EXPECT_EQ(usage.status, 2);
  EXPECT_FALSE(has_control(usage.out)) << usage.out;
  EXPECT_TRUE(contains(usage.out, "x\\x1b]0;owned\\x07")) << usage.out;
  const Result missing =
      papershelf("check " + quote(::testing::TempDir() + "no\x1B[2Jsuch.bib"), true);
  EXPECT_EQ(missing.status, 2);
  EXPECT_FALSE(has_control(missing.out)) << missing.out;
  EXPECT_TRUE(contains(missing.out, "no\\x1b[2Jsuch.bib")) << missing.out;
  // prerender's warnings quote the page's attributes (whose character references to controls
  // decode to U+FFFD: unicode::text_code_point).
  const std::string dir = fresh_dir("terminal");
  write_file(dir + "papers.bib", kMine);
  write_file(dir + "page.html", "<paper-shelf src=papers.bib sort=\"x&#27;]0;owned&#7;\">" +
                                    kMarker + "</paper-shelf>");
  const Result page =
      papershelf("prerender " + quote(dir + "page.html") + " -o " + quote(dir + "out.html"), true);
  EXPECT_EQ(page.status, 1);
  EXPECT_FALSE(has_control(page.out)) << page.out;
  EXPECT_TRUE(contains(page.out, "x\uFFFD]0;owned\uFFFD")) << page.out;
}

TEST(CliTerminal, TextOutputShowsControlCharactersEscaped) {
  const std::string path = temp_file("escapes-text.bib", kEscapes);
  const Result text = papershelf("render --format text " + quote(path));
  EXPECT_FALSE(has_control(text.out)) << text.out;
  EXPECT_TRUE(contains(text.out, "A \\x1b[2J title\\x07 \\u009b31m red")) << text.out;
  const Result stats = papershelf("stats --owner 'Jane Doe' " + quote(path));
  EXPECT_FALSE(has_control(stats.out)) << stats.out;
  // Data formats keep the data as it is where a file or program takes them, and are shown
  // escaped on a terminal (here one that `script` opens).
  EXPECT_TRUE(contains(papershelf("render --format bibtex " + quote(path)).out, "\x1B[2J"));
  if (std::system("script -qec true /dev/null >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no `script` to open a terminal";
  Result shown;
  FILE* pipe =
      popen(("script -qec " +
             quote(quote(PAPERSHELF_CLI) + " render --format bibtex " + quote(path)) + " /dev/null")
                .c_str(),
            "r");
  ASSERT_NE(pipe, nullptr);
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) shown.out.append(buf, n);
  pclose(pipe);
  EXPECT_TRUE(contains(shown.out, "A \\x1b[2J title\\x07")) << shown.out;
  EXPECT_FALSE(has_control(shown.out)) << shown.out;
}
