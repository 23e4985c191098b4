// The `papershelf` command end to end: help, check, render in every format, stdin, bad usage.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace {

using nlohmann::json;

struct Result {
  int status = -1;
  std::string out;  // stdout (stderr is appended when `merge_stderr`)
};

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs `papershelf ARGS` through the shell; `stdin_file` feeds standard input.
Result papershelf(const std::string& args, bool merge_stderr = false,
                  const std::string& stdin_file = "", const std::string& cwd = "") {
  // Redirections apply left to right: stderr joins the pipe before ARGS may redirect stdout.
  std::string cmd = quote(PAPERSHELF_CLI) + (merge_stderr ? " 2>&1 " : " 2>/dev/null ") + args;
  if (!cwd.empty()) cmd = "cd " + quote(cwd) + " && " + cmd;
  cmd += stdin_file.empty() ? " </dev/null" : " <" + quote(stdin_file);
  Result r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string fixture(const std::string& name) {
  return quote(std::string(PAPERSHELF_FIXTURES) + "/" + name);
}

std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = ::testing::TempDir() + "papershelf_cli_" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}
std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1))
    ++n;
  return n;
}
void write_file(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}
std::string read_file(const std::string& path);

std::vector<std::string> keys(const json& view) {
  std::vector<std::string> out;
  for (const auto& e : view) out.push_back(e.at("key").get<std::string>());
  return out;
}

using Keys = std::vector<std::string>;

const char* kProfile = "valid/profile_markers.json";

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

TEST(CliImport, OneEntryPerPaperToStandardOutputANewFileOrAddedToAnExistingOne) {
  const std::string works = temp_file(
      "import-works.json",
      R"({"results": [{"id": "https://openalex.org/W2", "doi": "https://doi.org/10.5555/pub.1", "title": "A Long Enough Title Here",)"
      R"( "publication_year": 2022, "type": "article", "primary_location": {"source": {"display_name": "NSDI", "type": "conference"}},)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 9},)"
      R"( {"id": "https://openalex.org/W1", "doi": "https://doi.org/10.48550/arxiv.2101.00001", "title": "A long enough title here",)"
      R"( "publication_year": 2021, "type": "preprint", "primary_location": {"source": {"display_name": "arXiv", "type": "repository"}},)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 3}]})");
  Result r = papershelf("import --from-file " + quote(works) + " --date 2026-11-27", true);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "@inproceedings{hu2022long,")) << r.out;
  EXPECT_TRUE(contains(r.out, "arxiv = {2101.00001}")) << r.out;
  EXPECT_TRUE(contains(r.out, "openalex = {W2}")) << r.out;
  EXPECT_FALSE(contains(r.out, "openalex = {W1}")) << r.out;
  EXPECT_TRUE(contains(r.out, "2 works: 1 papers (1 other versions merged into them)")) << r.out;
  // A new file; then, the file there, nothing to add; a dry run writes nothing.
  const std::string target = ::testing::TempDir() + "papershelf_cli_import.bib";
  std::remove(target.c_str());
  EXPECT_EQ(papershelf("import --from-file " + quote(works) + " --dry-run " + quote(target)).status,
            0);
  EXPECT_FALSE(std::ifstream(target).good());
  EXPECT_EQ(papershelf("import --from-file " + quote(works) + " " + quote(target)).status, 0);
  EXPECT_TRUE(std::ifstream(target).good());
  r = papershelf("import --from-file " + quote(works) + " " + quote(target), true);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "1 already in")) << r.out;
  EXPECT_EQ(papershelf("check " + quote(target)).status, 0);
  // Usage: the native CLI does not fetch; a source is needed; --since needs a year.
  r = papershelf("import --orcid 0000-0002-1825-0097", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "npx papershelf import")) << r.out;
  EXPECT_EQ(papershelf("import").status, 2);
  EXPECT_EQ(papershelf("import --from-file " + quote(works) + " --since 20").status, 2);
  std::remove(target.c_str());
}

TEST(CliSync, ADryRunByDefaultThenWriteAndItsUsageErrors) {
  const std::string bib = temp_file("sync.bib",
                                    "@article{a,\n  title = {A Long Enough Title Here},\n  author "
                                    "= {Hu, Qinghao},\n  year = {2021}\n}\n");
  const std::string works = temp_file(
      "sync-works.json",
      R"({"results": [{"id": "https://openalex.org/W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 7}]})");
  Result r =
      papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --date 2026-11-27");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "+  citations = {7},")) << r.out;
  EXPECT_TRUE(contains(r.out, "matched 1 entries: 1 by title, year and author")) << r.out;
  EXPECT_TRUE(contains(r.out, "a dry run: nothing was written")) << r.out;
  EXPECT_FALSE(contains(read_file(bib), "citations"));
  r = papershelf("sync " + quote(bib) + " --from-file " + quote(works) +
                 " --date 2026-11-27 --write");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(read_file(bib), "  citations = {7},\n  citations_updated = {2026-11-27}\n}"))
      << read_file(bib);
  r = papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --format json");
  const json report = json::parse(r.out);
  EXPECT_EQ(report.at("decisions").at(0).at("rule"), "openalex");
  EXPECT_EQ(report.at("edits"), 0);
  // Usage: the author, a BibTeX file, a date; the native CLI does not fetch.
  r = papershelf("sync " + quote(bib), true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "--openalex AUTHOR_ID or --orcid ID")) << r.out;
  r = papershelf("sync " + quote(bib) + " --openalex A5023888391", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "npx papershelf sync")) << r.out;
  EXPECT_EQ(papershelf("sync " + fixture(kProfile) + " --from-file " + quote(works)).status, 2);
  EXPECT_EQ(papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --date 27.11.2026")
                .status,
            2);
  r = papershelf("sync " + quote(bib) + " --from-file " +
                     quote(temp_file("sync-bad.json", "{\"results\": [\n  {\"id\": }]}")),
                 true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "sync-bad.json:2:")) << r.out;
  EXPECT_EQ(papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --date 2026-02-30")
                .status,
            2);
}

TEST(CliSync, WriteKeepsASymbolicLinkAndRefusesAReadOnlyFile) {
  const std::string text =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  year = "
      "{2021}\n}\n";
  const std::string works = temp_file(
      "sync-works2.json",
      R"({"results": [{"id": "W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 7}]})");
  const std::string target = temp_file("sync-target.bib", text),
                    link = ::testing::TempDir() + "papershelf_cli_sync-link.bib";
  std::remove(link.c_str());
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  EXPECT_EQ(papershelf("sync " + quote(link) + " --from-file " + quote(works) + " --write").status,
            0);
  struct stat info {};
  ASSERT_EQ(::lstat(link.c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode));
  EXPECT_TRUE(contains(read_file(target), "citations = {7}"));
  const std::string locked = temp_file("sync-locked.bib", text);
  ::chmod(locked.c_str(), 0444);
  const Result r =
      papershelf("sync " + quote(locked) + " --from-file " + quote(works) + " --write", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "read-only")) << r.out;
  EXPECT_EQ(read_file(locked), text);
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

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

// A page as people write it: attributes in either quotes or none, entities, an element left in a
// comment, a second element without a marker, and text around them that must come back as it was.
TEST(CliPrerender, FillsEachMarkedElementFromItsOwnAttributes) {
  const std::string bib =
      temp_file("pre.bib",
                "@inproceedings{a, title={Fast Things}, author={Hu, Qinghao and Doe, Jane}, "
                "booktitle={NSDI}, year=2024, selected={true}}\n"
                "@article{b, title={Slow Things}, author={Doe, Jane}, journal={J}, year=2020}\n");
  const std::string name = bib.substr(bib.rfind('/') + 1);
  const std::string page = temp_file(
      "pre.html",
      "<!doctype html><p>before &amp; after</p>\n"
      "<!-- <paper-shelf src=\"missing.bib\"><!-- papershelf:prerender --></paper-shelf> -->\n"
      "<PAPER-SHELF src='" +
          name +
          "' owner=\"Qinghao Hu\" filter=selected profile=compact\n"
          "  position=\"Professor &amp; Chair\" affiliation='Lab &#8211; X'>\n"
          "<!-- papershelf:prerender -->\n</PAPER-SHELF>\n"
          "<paper-shelf src=\"" +
          name + "\"></paper-shelf>\n<p>end</p>\n");
  const Result r = papershelf("prerender " + quote(page));
  ASSERT_EQ(r.status, 0) << r.out;
  // The marked element holds the list its attributes describe: only the selected paper, the owner
  // marked, the compact card with the decoded texts.
  EXPECT_TRUE(contains(r.out, "Fast Things"));
  EXPECT_FALSE(contains(r.out, "Slow Things"));
  EXPECT_TRUE(contains(r.out, "ps-owner"));
  EXPECT_TRUE(contains(r.out, "Professor &amp; Chair"));
  EXPECT_TRUE(contains(r.out, "Lab \xE2\x80\x93 X"));
  EXPECT_FALSE(contains(r.out, "<!-- papershelf:prerender -->\n</PAPER-SHELF>"));
  // The same list the render command gives for the same flags.
  const Result same =
      papershelf("render " + quote(bib) +
                 " --owner 'Qinghao Hu' --filter selected --profile=compact "
                 "--position 'Professor & Chair' --affiliation 'Lab \xE2\x80\x93 X'");
  ASSERT_EQ(same.status, 0);
  EXPECT_TRUE(contains(r.out, same.out));
  // Everything else is as it was, the commented-out element included.
  EXPECT_EQ(r.out.rfind("<!doctype html><p>before &amp; after</p>\n<!-- <paper-shelf "
                        "src=\"missing.bib\"><!-- papershelf:prerender -->",
                        0),
            0u);
  EXPECT_TRUE(contains(r.out, "<paper-shelf src=\"" + name + "\"></paper-shelf>\n<p>end</p>\n"));
  // -o writes the page (here over itself), and says what it filled.
  const Result in_place = papershelf("prerender " + quote(page) + " -o " + quote(page), true);
  ASSERT_EQ(in_place.status, 0);
  EXPECT_EQ(in_place.out, page + ":3:1: note: <paper-shelf> filled from " + name + ": 1 entry\n");
  EXPECT_EQ(read_file(page), r.out);
  // Run again on the filled page, it writes the same page; after the data changed, the new list
  // in the same place, once.
  ASSERT_EQ(papershelf("prerender " + quote(page) + " -o " + quote(page)).status, 0);
  EXPECT_EQ(read_file(page), r.out);
  std::ofstream(bib, std::ios::app)
      << "@misc{c, title={Later Things}, author={Hu, Qinghao}, year=2025, selected={true}}\n";
  const Result again = papershelf("prerender " + quote(page), true);
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_TRUE(contains(again.out, "filled from " + name + ": 2 entries"));
  EXPECT_TRUE(contains(again.out, "Later Things"));
  EXPECT_EQ(count(again.out, "<li class=\"ps-entry"), 2u) << "the selected two, once each";
  EXPECT_EQ(count(again.out, "<!-- papershelf:prerender -->\n<div class=\"ps-shelf"), 1u);
  EXPECT_EQ(count(again.out, "</div>\n<!-- /papershelf:prerender -->\n</PAPER-SHELF>\n"), 1u)
      << again.out;
}

TEST(CliPrerender, AMarkerWithoutALocalSourceIsLeftAndSaidSo) {
  const std::string page = temp_file("remote.html",
                                     "<paper-shelf src=\"https://example.org/papers.bib\"><!-- "
                                     "papershelf:prerender --></paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(r.status, 1) << "the page is not what its owner asked for";
  EXPECT_TRUE(contains(
      r.out, page + ":1:1: warning: <paper-shelf> src \"https://example.org/papers.bib\" is a URL"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "<!-- papershelf:prerender --></paper-shelf>"));
  // A src from the site's root is read from --root, and only with it.
  const std::string dir = page.substr(0, page.rfind('/') + 1);
  std::ofstream(dir + "rooted.bib") << "@misc{r, title={Rooted Record}}\n";
  write_file(page,
             "<paper-shelf src=\"/rooted.bib\"><!-- papershelf:prerender --></paper-shelf>\n");
  const Result unrooted = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(unrooted.status, 1);
  EXPECT_TRUE(
      contains(unrooted.out, page + ":1:1: error: <paper-shelf> src \"/rooted.bib\" starts with "
                                    "\"/\", a path from the site's root: give --root DIR"))
      << unrooted.out;
  EXPECT_FALSE(contains(unrooted.out, "Rooted Record"));
  const Result rooted = papershelf("prerender --root " + quote(dir) + " " + quote(page), true);
  EXPECT_EQ(rooted.status, 0) << rooted.out;
  EXPECT_TRUE(contains(rooted.out, "Rooted Record"));
  EXPECT_TRUE(contains(rooted.out, "note: <paper-shelf> filled from /rooted.bib: 1 entry"));
  // No element with a marker: nothing was filled, and it says so.
  write_file(page, "<paper-shelf src=\"rooted.bib\"></paper-shelf>\n");
  const Result unmarked = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(unmarked.status, 1);
  EXPECT_TRUE(contains(unmarked.out,
                       "no <paper-shelf> holds the marker <!-- papershelf:prerender --> (nor the "
                       "attribute prerender); nothing was filled"))
      << unmarked.out;
  EXPECT_EQ(papershelf("prerender").status, 2);
  EXPECT_EQ(papershelf("prerender " + quote(::testing::TempDir() + "no-such-page.html")).status, 2);
}

// A page whose owner is a placeholder (setup's starting page) or a spelling the file does not
// use bolds no one: prerender says so at the element, with the names of whom it most likely is.
TEST(CliPrerender, AnOwnerOnNoPaperIsToldWhomItMostLikelyIs) {
  const std::string page = temp_file("owner.html",
                                     "<paper-shelf src=\"owner.bib\" owner=\"Your Name; Y. "
                                     "Name\"><!-- papershelf:prerender --></paper-shelf>\n");
  const std::string dir = page.substr(0, page.rfind('/') + 1);
  write_file(dir + "owner.bib",
             "@misc{a, title={One}, author={Lovelace, Ada and Babbage, Charles}, year=2020}\n"
             "@misc{b, title={Two}, author={A. Lovelace}, year=2021}\n"
             "@misc{c, title={Three}, author={Somerville, Mary}, year=2022}\n");
  const Result r = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, page + ":1:1: warning: <paper-shelf> the owner \"Your Name; Y. "
                                     "Name\" is on none of the papers, so no name is set in bold; "
                                     "Ada Lovelace is on 2 of the 3: owner=\""))
      << r.out;
  EXPECT_TRUE(contains(r.out, "A. Lovelace")) << r.out;
  // Named as the file spells it, it is quiet.
  write_file(page,
             "<paper-shelf src=\"owner.bib\" owner=\"Ada Lovelace; A. Lovelace\"><!-- "
             "papershelf:prerender --></paper-shelf>\n");
  const Result named = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(named.status, 0) << named.out;
  EXPECT_FALSE(contains(named.out, "warning")) << named.out;
  // render and stats say it too, as the flag.
  const Result render =
      papershelf("render " + quote(dir + "owner.bib") + " --owner 'Your Name'", true);
  EXPECT_TRUE(contains(render.out, "papershelf: the owner \"Your Name\" is on none of the papers"))
      << render.out;
  EXPECT_TRUE(contains(render.out, "--owner \"")) << render.out;
}

TEST(CliPrerender, TheListIsInThePagesLanguage) {
  // The element speaks its nearest lang; the static list it takes over from speaks the same.
  const std::string page =
      temp_file("lang.html",
                "<!doctype html><html lang=\"de\"><body><main>\n<paper-shelf src=\"lang.bib\" "
                "group=\"type\" toolbar=\"full\"><!-- papershelf:prerender --></paper-shelf>\n"
                "<div lang=\"ja\"><paper-shelf src=\"lang.bib\"><!-- papershelf:prerender "
                "--></paper-shelf></div>\n"
                "<paper-shelf src=\"lang.bib\" lang=\"en\"><!-- papershelf:prerender "
                "--></paper-shelf></main></body></html>\n");
  const std::string dir = page.substr(0, page.rfind('/') + 1);
  write_file(dir + "lang.bib",
             "@inproceedings{a, title={One}, author={Lovelace, Ada}, booktitle={Proc. X}, "
             "year=2020, pdf={https://example.org/a.pdf}, abstract={Text.}}\n"
             "@article{b, title={Two}, author={Lovelace, Ada}, journal={J. Y}, year=2021}\n");
  const Result r = papershelf("prerender " + quote(page) + " -o " + quote(page), true);
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string html = read_file(page);
  const std::size_t ja = html.find("<div lang=\"ja\">"), en = html.find("lang=\"en\"");
  ASSERT_NE(ja, std::string::npos);
  const std::string german = html.substr(0, ja), japanese = html.substr(ja, en - ja),
                    english = html.substr(en);
  EXPECT_TRUE(contains(german, ">Konferenzbeitrag</span>")) << german;  // a group heading
  EXPECT_TRUE(contains(german, "<summary>Zusammenfassung</summary>")) << german;
  EXPECT_TRUE(contains(german, "<summary>Zitieren</summary>")) << german;
  EXPECT_TRUE(contains(german, ">2 Publikationen</p>")) << german;  // the toolbar's room
  EXPECT_TRUE(
      contains(german, "<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\" data-words=\"de\""))
      << german;  // (wider menus)
  EXPECT_FALSE(contains(english, "data-words")) << english;
  EXPECT_FALSE(contains(german, "<summary>Cite</summary>")) << german;
  EXPECT_TRUE(contains(japanese, "<summary>\u6982\u8981</summary>")) << japanese;  // 概要
  EXPECT_TRUE(contains(english, "<summary>Abstract</summary>")) << english;
  // render says it with --lang; a language papershelf does not ship is English.
  EXPECT_TRUE(contains(papershelf("render --lang pt-BR " + quote(dir + "lang.bib")).out,
                       "<summary>Resumo</summary>"));
  EXPECT_TRUE(contains(papershelf("render --lang sv " + quote(dir + "lang.bib")).out,
                       "<summary>Abstract</summary>"));
  // The paper pages too: their headings and the index's title.
  const Result pages = papershelf(
      "pages --lang de -o " + quote(dir + "lang-pages") + " " + quote(dir + "lang.bib"), true);
  ASSERT_EQ(pages.status, 0) << pages.out;
  EXPECT_TRUE(contains(read_file(dir + "lang-pages/a.html"), "<h2>Zitieren</h2>"));
  EXPECT_TRUE(contains(read_file(dir + "lang-pages/index.html"), "<title>Publikationen</title>"));
}

TEST(CliPrerender, FirstKeepsALongListsFirstScreen) {
  // 1,203 records: the first 50 are listed, by year with their groups' full counts, and a line
  // says how many there are; the page's metadata describes those 50.
  std::string bib;
  for (int i = 0; i < 1203; ++i)
    bib += "@article{k" + std::to_string(i) + ", title={Paper " + std::to_string(i) +
           "}, author={Hu, Qinghao}, journal={J}, year={" + std::to_string(2000 + i % 20) + "}}\n";
  const std::string path = temp_file("first-screen.bib", bib);
  const std::string name = path.substr(path.rfind('/') + 1);
  const std::string page = temp_file(
      "first-screen.html", "<paper-shelf src=\"" + name +
                               "\" group=\"year\"><!-- papershelf:prerender --></paper-shelf>\n");
  const Result r = papershelf("prerender --first 50 " + quote(page));
  ASSERT_EQ(r.status, 0) << r.out;
  std::size_t entries = 0;
  for (std::size_t at = r.out.find("<li class=\"ps-entry"); at != std::string::npos;
       at = r.out.find("<li class=\"ps-entry", at + 1))
    ++entries;
  EXPECT_EQ(entries, 50u);
  EXPECT_TRUE(
      contains(r.out, "<p class=\"ps-more-entries\">The first 50 of 1,203 publications.</p>"));
  EXPECT_TRUE(contains(r.out, "<span class=\"ps-count\" aria-hidden=\"true\">60</span>"))
      << "a group heading counts its whole group";
  EXPECT_EQ(r.out.find("data-group=\"2017\""), std::string::npos)
      << "groups past the first screen are left out";
  // Without it, the whole list; render takes the same option.
  EXPECT_FALSE(contains(papershelf("prerender " + quote(page)).out, "ps-more-entries"));
  EXPECT_TRUE(contains(papershelf("render --first 2 " + quote(path)).out,
                       "The first 2 of 1,203 publications."));
  EXPECT_EQ(papershelf("render --first x " + quote(path), true).status, 2);
}

TEST(CliPrerender, HeadingsFitUnderThePagesNearestHeading) {
  const std::string path =
      temp_file("headings.bib",
                "@article{a, title={A}, author={Hu, Qinghao}, journal={J}, year=2024}\n"
                "@inproceedings{b, title={B}, author={Hu, Qinghao}, booktitle={C}, year=2023}\n");
  const std::string name = path.substr(path.rfind('/') + 1);
  const std::string shelf =
      "<paper-shelf src=\"" + name + "\" owner=\"Qinghao Hu\" group=\"year\" profile=\"full\"";
  const auto levels = [&](const std::string& before, const std::string& attributes) {
    const Result r = papershelf(
        "prerender " +
        quote(temp_file("headings.html", before + shelf + attributes +
                                             "><!-- papershelf:prerender --></paper-shelf>\n")));
    EXPECT_EQ(r.status, 0) << r.out;
    const auto tag = [&](const std::string& cls) {
      const std::size_t at = r.out.find(" class=\"" + cls + "\"");
      return at == std::string::npos || at < 3
                 ? std::string()
                 : r.out.substr(r.out.rfind('<', at) + 1, at - r.out.rfind('<', at) - 1);
    };
    return tag("ps-profile-name") + " " + tag("ps-group-title") + " " + tag("ps-top-title");
  };
  // Under al-folio's <h1> (a comment's and an earlier list's headings are passed), one level below.
  EXPECT_EQ(levels("<h1 class=\"post-title\">Publications</h1><!-- <h4>old</h4> -->", ""),
            "h2 h2 h3");
  EXPECT_EQ(levels("<h1>Me</h1><H2>Papers</H2>", ""), "h3 h3 h4");
  // No heading above: <h3>, as before; the attribute wins; a level that is none is said and fitted.
  EXPECT_EQ(levels("<p>Hello</p>", ""), "h3 h3 h4");
  EXPECT_EQ(levels("<h1>Me</h1>", " heading-level=\"5\""), "h5 h5 h6");
  EXPECT_EQ(levels("<h1>Me</h1>", " heading-level=\"6\""), "h6 h6 h6");
  const Result bad = papershelf(
      "prerender " + quote(temp_file(
                         "headings.html",
                         "<h1>Me</h1>" + shelf +
                             " heading-level=\"7\"><!-- papershelf:prerender --></paper-shelf>\n")),
      true);
  EXPECT_EQ(bad.status, 1);
  EXPECT_TRUE(contains(bad.out, "heading-level: \"7\" is not a heading level")) << bad.out;
  EXPECT_TRUE(contains(bad.out, "<h2 class=\"ps-profile-name\"")) << bad.out;
  // render takes the same option.
  EXPECT_TRUE(contains(papershelf("render --group year --heading-level 2 " + quote(path)).out,
                       "<h2 class=\"ps-group-title\">"));
  EXPECT_EQ(papershelf("render --heading-level 0 " + quote(path), true).status, 2);
}

// ---------------------------------------------------------------- what a page may make prerender
// read

namespace {

namespace fs = std::filesystem;

// A fresh folder of its own for one test's files, ending in "/".
std::string fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("papershelf_cli_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string() + "/";
}

const std::string kMarker = "<!-- papershelf:prerender -->";
const std::string kEndMarker = "<!-- /papershelf:prerender -->";
const std::string kMine =
    "@inproceedings{mine, title={Mine Paper}, author={Hu, Qinghao}, booktitle={NSDI}, year=2024, "
    "selected={true}}\n"
    "@article{other, title={Other Paper}, author={Doe, Jane}, journal={J}, year=2020}\n";

}  // namespace

// A page (someone else's pull request, a theme) names its src; the page's owner runs prerender.
TEST(CliPrerender, ReadsOnlyRegularFilesInsideThePagesFolder) {
  const std::string dir = fresh_dir("inside");
  fs::create_directories(dir + "site/sub");
  write_file(dir + "secret.bib", "@misc{secret, title={Private Record}, note={private-note}}\n");
  write_file(dir + "site/papers.bib", kMine);
  fs::create_symlink("../secret.bib", dir + "site/link.bib");
  fs::create_symlink("papers.bib", dir + "site/alias.bib");  // a link that stays inside is fine
  const std::string page = dir + "site/page.html";
  write_file(page, "<paper-shelf src=\"../secret.bib\">" + kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"link.bib\">" +
                       kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"sub/../../site/../secret.bib\">" +
                       kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"sub\">" +
                       kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"alias.bib\">" +
                       kMarker + "</paper-shelf>\n");
  const std::string out = dir + "out.html";
  const Result r = papershelf("prerender " + quote(page) + " -o " + quote(out), true);
  EXPECT_EQ(r.status, 1) << r.out;
  const std::string html = read_file(out);
  EXPECT_FALSE(contains(html, "Private Record")) << html;
  EXPECT_FALSE(contains(html, "private-note"));
  EXPECT_EQ(count(html, kMarker), 5u) << "every element keeps its marker";
  EXPECT_EQ(count(html, kEndMarker), 1u) << "only the one filled closes it";
  EXPECT_TRUE(contains(html, "Mine Paper"));
  for (const char* line :
       {":1:1: error: <paper-shelf> src \"../secret.bib\" is not read: it is outside ",
        ":2:1: error: <paper-shelf> src \"link.bib\" is not read: it is outside ",
        ":3:1: error: <paper-shelf> src \"sub/../../site/../secret.bib\" is not read: it is "
        "outside ",
        ":4:1: error: <paper-shelf> src \"sub\" is not read: it is not a regular file"})
    EXPECT_TRUE(contains(r.out, page + line)) << line << "\n" << r.out;
  // The owner may name a wider folder: the site's root.
  const Result rooted =
      papershelf("prerender --root " + quote(dir) + " " + quote(page) + " -o " + quote(out), true);
  EXPECT_EQ(rooted.status, 1) << rooted.out;  // ("sub" is still no file)
  EXPECT_EQ(count(read_file(out), "<div class=\"ps-shelf "), 4u);
  EXPECT_EQ(count(read_file(out), kEndMarker), 4u);
  EXPECT_TRUE(contains(read_file(out), "Private Record"));
  // A device is no data file, wherever the root is.
  write_file(page, "<paper-shelf src=\"../../../../../../../../../../dev/null\">" + kMarker +
                       "</paper-shelf>\n");
  const Result device = papershelf("prerender --root / " + quote(page), true);
  EXPECT_EQ(device.status, 1);
  EXPECT_TRUE(contains(device.out, "is not read: it is not a regular file; it is not filled"))
      << device.out;
  EXPECT_TRUE(contains(device.out, kMarker));
  EXPECT_TRUE(contains(papershelf("help prerender").out, "at most 64 MB"));
}

TEST(CliPrerender, RefusesALargeFileAndStandardInput) {
  const std::string dir = fresh_dir("large");
  write_file(dir + "big.bib", "@misc{big, title={Big Record}}\n");
  fs::resize_file(dir + "big.bib", (64u << 20) + 1);  // (sparse: no disk is spent)
  write_file(dir + "stdin.bib", "@misc{typed, title={Typed Record}}\n");
  write_file(dir + "page.html", "<paper-shelf src=\"big.bib\">" + kMarker +
                                    "</paper-shelf>\n<paper-shelf src=\"-\">" + kMarker +
                                    "</paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(dir + "page.html"), true, dir + "stdin.bib");
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(contains(r.out, "Big Record")) << r.out.substr(0, 2000);
  EXPECT_FALSE(contains(r.out, "Typed Record"));
  EXPECT_TRUE(contains(
      r.out,
      "page.html:1:1: error: <paper-shelf> src \"big.bib\" is not read: it is larger than 64 MB"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "page.html:2:1: error: <paper-shelf> src \"-\" is not read"))
      << r.out;
  EXPECT_EQ(count(r.out, kMarker), 2u);
}

// A built site: every page with a marker under the folder is filled in place, src files from the
// site's root are read from the folder, and pages without a marker are not touched.
// al-folio's pdf and preview fields name files relative to its assets folders: a page elsewhere
// would show broken pictures and 404 links. prerender checks every relative address it wrote.
TEST(CliPrerender, FilesThePapersNameButThePageLacksAreTold) {
  const std::string dir = fresh_dir("missing-files");
  write_file(
      dir + "papers.bib",
      "@misc{a, title={One}, author={Lovelace, Ada}, year=2020, pdf={one.pdf}, preview={one.png}, "
      "website={https://example.org/one}}\n");
  write_file(dir + "page.html",
             "<paper-shelf src=\"papers.bib\" owner=\"Ada Lovelace\"><!-- papershelf:prerender "
             "--></paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(dir + "page.html"), true);
  EXPECT_EQ(r.status, 0) << r.out;  // (told, not failed: a stale thumbnail does not stop a deploy)
  EXPECT_TRUE(contains(r.out,
                       "warning: <paper-shelf> 2 files its papers link to or show are not there "
                       "(one.pdf, one.png): relative addresses are read beside the page"))
      << r.out;
  // With the files in place (and the URL left alone), nothing is said.
  write_file(dir + "one.pdf", "%PDF");
  write_file(dir + "one.png", "png");
  const Result fine = papershelf("prerender " + quote(dir + "page.html"), true);
  EXPECT_EQ(fine.status, 0) << fine.out;
  EXPECT_FALSE(contains(fine.out, "not there")) << fine.out;
}

TEST(CliPrerender, AFolderIsABuiltSiteFilledInPlace) {
  const std::string site = fresh_dir("site");
  fs::create_directories(site + "assets/bib");
  fs::create_directories(site + "publications");
  fs::create_directories(site + "node_modules/papershelf");
  write_file(site + "assets/bib/papers.bib", kMine);
  const std::string marked =
      "<!doctype html><paper-shelf src=\"/assets/bib/papers.bib\" filter=\"selected\">" + kMarker +
      "</paper-shelf>\n";
  write_file(site + "publications/index.html", marked);
  write_file(site + "index.html", "<!doctype html><paper-shelf src=\"assets/bib/papers.bib\">" +
                                      kMarker + "</paper-shelf>\n");
  write_file(site + "about.html", "<!doctype html><p>About</p>\n");
  write_file(site + "node_modules/papershelf/page.html", marked);
  const Result r = papershelf("prerender " + quote(site), true);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(
      r.out,
      site + "index.html:1:16: note: <paper-shelf> filled from assets/bib/papers.bib: 2 entries\n" +
          site +
          "publications/index.html:1:16: note: <paper-shelf> filled from /assets/bib/papers.bib: 1 "
          "entry\n");
  EXPECT_TRUE(contains(read_file(site + "publications/index.html"), "Mine Paper"));
  EXPECT_FALSE(contains(read_file(site + "publications/index.html"), "Other Paper"));
  EXPECT_EQ(count(read_file(site + "index.html"), "<li class=\"ps-entry"), 2u);
  EXPECT_EQ(read_file(site + "about.html"), "<!doctype html><p>About</p>\n");
  EXPECT_EQ(read_file(site + "node_modules/papershelf/page.html"), marked);
  // Again: the same pages.
  const std::string before = read_file(site + "publications/index.html");
  ASSERT_EQ(papershelf("prerender " + quote(site)).status, 0);
  EXPECT_EQ(read_file(site + "publications/index.html"), before);
  // A site served under a path (Jekyll's baseurl: /repo/...) is built without it.
  write_file(site + "project.html",
             "<paper-shelf prerender src=\"/repo/assets/bib/papers.bib\"></paper-shelf>\n");
  const Result based = papershelf("prerender " + quote(site), true);
  EXPECT_EQ(based.status, 0) << based.out;
  EXPECT_TRUE(contains(read_file(site + "project.html"), "Mine Paper"));
  // -o has no meaning for a folder; a folder without a marked page fills nothing and says so.
  EXPECT_EQ(papershelf("prerender -o x.html " + quote(site), true).status, 2);
  const std::string empty = fresh_dir("site-empty");
  write_file(empty + "index.html", "<p>no list</p>\n");
  const Result none = papershelf("prerender " + quote(empty), true);
  EXPECT_EQ(none.status, 1);
  EXPECT_TRUE(contains(none.out, "no page holds a <paper-shelf> with the marker")) << none.out;
}

// al-folio keeps its .bib in _bibliography/, which Jekyll does not publish: prerender="FILE" names
// it in the site's source (where prerender runs), and prerender both lists it and publishes it at
// src, so that building the site stays two commands. Nothing is written outside the built site.
TEST(CliPrerender, TheAttributesValueIsTheSourceFilePublishedAtSrc) {
  const std::string root = fresh_dir("publish");
  fs::create_directories(root + "_bibliography");
  fs::create_directories(root + "_site/publications");
  fs::create_directories(root + "_site/assets/js");
  const std::string bib = "---\n---\n" + kMine;  // (al-folio's front matter)
  write_file(root + "_bibliography/papers.bib", bib);
  const std::string page =
      "<paper-shelf prerender=\"_bibliography/papers.bib\" "
      "src=\"/assets/bibliography/papers.bib\"></paper-shelf>\n";
  write_file(root + "_site/publications/index.html", page);
  const Result r = papershelf("prerender _site", true, "", root);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out,
            "_site/publications/index.html:1:1: note: <paper-shelf> filled from "
            "_bibliography/papers.bib, published as "
            "/assets/bibliography/papers.bib: 2 entries\n");
  EXPECT_EQ(read_file(root + "_site/assets/bibliography/papers.bib"), bib);
  EXPECT_EQ(count(read_file(root + "_site/publications/index.html"), "<li class=\"ps-entry"), 2u);
  // The .bib changed: both the copy and the list follow.
  write_file(root + "_bibliography/papers.bib",
             kMine + "@misc{third, title={Third Paper}, author={Hu, Qinghao}, year={2021}}\n");
  ASSERT_EQ(papershelf("prerender _site", false, "", root).status, 0);
  EXPECT_TRUE(contains(read_file(root + "_site/assets/bibliography/papers.bib"), "Third Paper"));
  EXPECT_EQ(count(read_file(root + "_site/publications/index.html"), "<li class=\"ps-entry"), 3u);
  // Refused, each for its element only: a source outside the folder prerender runs in, a src
  // that climbs out of the site, and a src whose place is a link to elsewhere.
  write_file(root + "secret.bib", kMine);
  fs::create_directories(root + "inner");
  const std::string outside =
      "<paper-shelf prerender=\"../secret.bib\" src=\"/a.bib\"></paper-shelf>\n"
      "<paper-shelf prerender=\"papers.bib\" src=\"/assets/../../x.bib\"></paper-shelf>\n"
      "<paper-shelf prerender=\"papers.bib\" src=\"/assets/linked.bib\"></paper-shelf>\n";
  write_file(root + "inner/papers.bib", kMine);
  fs::create_directories(root + "inner/_site/assets");
  fs::create_symlink(root + "secret.bib", root + "inner/_site/assets/linked.bib");
  write_file(root + "inner/_site/index.html", outside);
  const Result refused = papershelf("prerender _site", true, "", root + "inner");
  EXPECT_EQ(refused.status, 1) << refused.out;
  EXPECT_TRUE(contains(refused.out,
                       "index.html:1:1: error: <paper-shelf> prerender=\"../secret.bib\" is not "
                       "read: it is outside"))
      << refused.out;
  EXPECT_TRUE(contains(refused.out,
                       "index.html:2:1: error: <paper-shelf> src \"assets/../../x.bib\" is not "
                       "written: it climbs out"))
      << refused.out;
  EXPECT_TRUE(contains(refused.out,
                       "index.html:3:1: error: <paper-shelf> src \"assets/linked.bib\" is not "
                       "written: a symbolic link is there"))
      << refused.out;
  EXPECT_FALSE(fs::exists(root + "inner/x.bib"));
  EXPECT_FALSE(fs::exists(root + "x.bib"));
  EXPECT_EQ(read_file(root + "secret.bib"), kMine);
  EXPECT_EQ(read_file(root + "inner/_site/index.html"), outside);
}

// After a minifier dropped every comment (jekyll-minifier, hugo --minify), the attribute still
// asks: the element's whole content is the list's place, filled anew on every run.
TEST(CliPrerender, TheAttributeFillsTheWholeContent) {
  const std::string dir = fresh_dir("attribute");
  write_file(dir + "papers.bib", kMine);
  const std::string list = papershelf("render " + quote(dir + "papers.bib")).out;
  for (const std::string& element :
       {std::string("<paper-shelf prerender src=papers.bib>"),
        std::string("<paper-shelf src=\"papers.bib\" prerender=\"\">")}) {
    write_file(dir + "page.html",
               "<main>" + element + "<p>Loading\u2026</p></paper-shelf><p>after</p></main>\n");
    const Result r = papershelf(
        "prerender " + quote(dir + "page.html") + " -o " + quote(dir + "page.html"), true);
    ASSERT_EQ(r.status, 0) << r.out;
    const std::string filled = "<main>" + element + kMarker + "\n" + list + kEndMarker +
                               "</paper-shelf><p>after</p></main>\n";
    EXPECT_EQ(read_file(dir + "page.html"), filled);
    ASSERT_EQ(
        papershelf("prerender " + quote(dir + "page.html") + " -o " + quote(dir + "page.html"))
            .status,
        0);
    EXPECT_EQ(read_file(dir + "page.html"), filled) << "the same page again";
  }
  // An element the page's end cuts off ends there.
  write_file(dir + "page.html", "<paper-shelf prerender src=papers.bib><p>old");
  EXPECT_EQ(papershelf("prerender " + quote(dir + "page.html")).out,
            "<paper-shelf prerender src=papers.bib>" + kMarker + "\n" + list + kEndMarker);
}

// The element's toolbar will stand above the list: the prerendered list keeps its room, with the
// controls the core judges useful, as much of it as the element's `controls` asks for.
TEST(CliPrerender, ALongListKeepsTheRoomOfTheElementsToolbar) {
  const std::string dir = fresh_dir("toolbar");
  std::string bib;
  for (int i = 0; i < 12; ++i)
    bib += "@article{p" + std::to_string(i) + ", title={Paper " + std::to_string(i) +
           "}, author={Doe, Jane}, journal={J}, year=" + std::to_string(2015 + i % 3) +
           (i < 2 ? ", selected={true}" : "") + "}\n";
  write_file(dir + "papers.bib", bib);
  const auto prerendered = [&](const std::string& attributes) {
    write_file(dir + "page.html",
               "<paper-shelf prerender src=papers.bib" + attributes + "></paper-shelf>\n");
    const Result r = papershelf("prerender " + quote(dir + "page.html"));
    EXPECT_EQ(r.status, 0) << r.out;
    return r.out;
  };
  const std::string full = prerendered("");
  EXPECT_TRUE(contains(full,
                       "<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\" "
                       "data-controls=\"full\"><div class=\"ps-toolbar\" data-room hidden inert>"));
  // Years and "Selected" can narrow the list; one type, one venue and no award cannot.
  EXPECT_TRUE(
      contains(full, "<select class=\"ps-f-year\"></select><select class=\"ps-f-type\" hidden>"));
  EXPECT_TRUE(contains(full,
                       "<label class=\"ps-chip\"><input type=\"checkbox\"> <span "
                       "class=\"ps-chip-label\" data-count=\"2\">Selected</span>"));
  EXPECT_TRUE(contains(full,
                       "<label class=\"ps-chip\" hidden><input type=\"checkbox\"> <span "
                       "class=\"ps-chip-label\" data-count=\"0\">Award</span>"));
  EXPECT_TRUE(contains(full, "<p class=\"ps-count\">12 publications</p>"));
  EXPECT_EQ(count(full, "data-room"), 1u);
  EXPECT_TRUE(contains(prerendered(" toolbar=search"),
                       "data-controls=\"search\"><div class=\"ps-toolbar\" data-room"));
  // No toolbar, no room: asked for none, a short list, or the canvas (which draws its own).
  EXPECT_FALSE(contains(prerendered(" toolbar=none"), "data-room"));
  EXPECT_FALSE(contains(prerendered(" controls=none"), "data-room")) << "the older name";
  EXPECT_FALSE(contains(prerendered(" filter=selected"), "data-room"));
  EXPECT_FALSE(contains(prerendered(" renderer=canvas"), "data-room"));
  // The render command writes a static list for a page without the element: no room.
  EXPECT_FALSE(contains(papershelf("render " + quote(dir + "papers.bib")).out, "data-room"));
}

// Only a comment in the element's content is the marker: the same text in an attribute, a
// script, a style, a textarea, a title or inside another comment is the page's own.
TEST(CliPrerender, TheMarkerIsACommentInTheElementsContent) {
  const std::string dir = fresh_dir("marker");
  write_file(dir + "papers.bib", kMine);
  const std::string before = "<!DOCTYPE html><title>" + kMarker +
                             "</title>\n"
                             "<paper-shelf data-note='" +
                             kMarker +
                             "' src=papers.bib>\n"
                             "<script>var marker = \"" +
                             kMarker +
                             "\"; if (a<b) {}</script>\n"
                             "<script><!-- <script> </script> " +
                             kMarker +
                             " --></script>\n"
                             "<STYLE>/* " +
                             kMarker + " */</STYLE><textarea>" + kMarker + "</textarea><TITLE>" +
                             kMarker +
                             "</TITLE>\n"
                             "<!-- commented out: " +
                             kMarker + " -->\n  ";
  const std::string after = "\n</paper-shelf>\n";
  write_file(dir + "page.html", before + kMarker + after);
  const Result r = papershelf("prerender " + quote(dir + "page.html"));
  ASSERT_EQ(r.status, 0) << r.out;
  const Result list = papershelf("render " + quote(dir + "papers.bib"));
  EXPECT_EQ(r.out, before + kMarker + "\n" + list.out + kEndMarker + after);
  // An element with no marker in its content is left as it is.
  write_file(dir + "page.html", before + after);
  EXPECT_EQ(papershelf("prerender " + quote(dir + "page.html")).out, before + after);
}

// The element ends at its end tag in any case, or where an element it is inside ends.
TEST(CliPrerender, AMarkerAfterTheElementIsNotItsOwn) {
  const std::string dir = fresh_dir("close");
  write_file(dir + "papers.bib", kMine);
  for (const std::string& page :
       {"<PAPER-SHELF src=\"papers.bib\"></PAPER-SHELF>\n<p>" + kMarker + "</p>\n",
        "<Paper-Shelf src=\"papers.bib\"></paper-SHELF >" + kMarker + "\n",
        "<div><paper-shelf src=\"papers.bib\"><p>no list</div>" + kMarker + "\n",
        "<paper-shelf src=\"papers.bib\"></paper-shelf x=\">\">" + kMarker + "\n"}) {
    write_file(dir + "page.html", page);
    const Result r = papershelf("prerender " + quote(dir + "page.html"));
    EXPECT_EQ(r.status, 1) << "nothing was filled";
    EXPECT_EQ(r.out, page);
  }
  // Inside: in a descendant, and when the end tag is in capitals.
  write_file(dir + "page.html",
             "<PAPER-SHELF src=\"papers.bib\"><div>" + kMarker + "</div></PAPER-SHELF>\n");
  EXPECT_TRUE(contains(papershelf("prerender " + quote(dir + "page.html")).out,
                       "<div>" + kMarker + "\n<div class=\"ps-shelf "));
}

// An attribute the element cannot use is left out, as the element leaves it out; the element is
// still filled and so are the others; the run says where and exits 1.
TEST(CliPrerender, ABadAttributeIsAWarningForItsElement) {
  const std::string dir = fresh_dir("attributes");
  write_file(dir + "papers.bib", kMine);
  const std::string page = dir + "page.html";
  write_file(page,
             "<p>intro</p>\n"
             "  <paper-shelf src=\"papers.bib\" sort=\"bogus\" group=\"colour\" filter=\"selected "
             "nonsense:1\" base=\"https:\"\n"
             "    max-authors=\"lots\" preset=\"wordpress\" profile=\"huge\" links=\"nourl; "
             "homepage = https://example.org/\">" +
                 kMarker +
                 "</paper-shelf>\n"
                 "<paper-shelf src=\"papers.bib\" sort=\"title-desc\">" +
                 kMarker + "</paper-shelf>\n");
  const std::string out = dir + "out.html";
  const Result r = papershelf("prerender " + quote(page) + " -o " + quote(out), true);
  EXPECT_EQ(r.status, 1) << r.out;
  for (const char* attribute :
       {"sort", "group", "filter", "base", "max-authors", "preset", "profile", "links"})
    EXPECT_TRUE(contains(r.out, page + ":2:3: warning: <paper-shelf> " + attribute + ": "))
        << attribute << "\n"
        << r.out;
  const std::string html = read_file(out);
  EXPECT_EQ(count(html, kEndMarker), 2u) << html;
  // The first list as the element shows it: without what it could not use, the rest kept.
  const Result first =
      papershelf("render --profile --link homepage=https://example.org/ --filter selected " +
                 quote(dir + "papers.bib"));
  ASSERT_EQ(first.status, 0);
  EXPECT_TRUE(contains(html, first.out)) << html;
  EXPECT_TRUE(
      contains(html, papershelf("render --sort title-desc " + quote(dir + "papers.bib")).out));
}

// What the live list shows at rest is in the static list: the legend of the element's `legend`
// attribute and its pinned theme (papershelf.css gives it that scheme's own colours); an unknown
// theme is left out with a warning, as the element follows the page then.
TEST(CliPrerender, TheLegendAndAPinnedThemeAreInTheStaticList) {
  const std::string dir = fresh_dir("legend-theme");
  write_file(dir + "papers.bib",
             "@article{a, title={Marked}, author={Doe*, Jane and Roe\xE2\x80\xA0, Rich}, "
             "journal={J}, year=2020}\n");
  const std::string page = dir + "page.html";
  write_file(page,
             "<paper-shelf src=\"papers.bib\" legend=\"*=equal contribution; \xE2\x80\xA0: "
             "corresponding; #=unused\" theme=\"dark\">" +
                 kMarker + "</paper-shelf>\n<paper-shelf src=\"papers.bib\" theme=\"neon\">" +
                 kMarker + "</paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(
      contains(r.out, "<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\" data-theme=\"dark\">"))
      << r.out;
  EXPECT_TRUE(contains(r.out,
                       "<sup>*</sup> equal contribution</span> <span class=\"ps-legend-item\" "
                       "dir=\"ltr\"><sup>\xE2\x80\xA0</sup> corresponding</span>"))
      << r.out;
  EXPECT_FALSE(contains(r.out, "<sup>#</sup>"));  // (no paper has the mark)
  EXPECT_TRUE(contains(r.out, page + ":2:1: warning: <paper-shelf> theme: unknown theme \"neon\""))
      << r.out;
  EXPECT_EQ(count(r.out, "data-theme="), 1u);
  // The same as render's flags; and an unknown theme there is a usage error.
  const Result flags = papershelf(
      "render --theme dark --legend \"*=equal contribution; \xE2\x80\xA0: corresponding; "
      "#=unused\" " +
      quote(dir + "papers.bib"));
  ASSERT_EQ(flags.status, 0);
  EXPECT_TRUE(contains(r.out, flags.out));
  EXPECT_EQ(papershelf("render --theme neon " + quote(dir + "papers.bib")).status, 2);
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

// ---------------------------------------------------------------- pages

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

const std::string kPagesBib =
    "@inproceedings{Hu2024, title={Mine Paper}, author={Hu, Qinghao and Doe, Jane}, "
    "booktitle={NSDI}, year=2024,\n"
    "  pdf={hu2024.pdf}, abstract={What we found.}, preview={hu.png}}\n"
    "@article{../escape, title={Climbing Out}, author={Doe, Jane}, journal={J}, year=2020}\n"
    "@article{a/b, title={A Slash}, author={Doe, Jane}, journal={J}, year=2021, "
    "pdf={javascript:alert(1)}}\n"
    "@article{hu2024-dup, title={<script>alert(1)</script>}, author={Roe, Rick}, journal={J}, "
    "year=2019}\n"
    "@misc{untitled, author={Doe, Jane}, year=2018}\n";

}  // namespace

// The list links each title to the page the pages command wrote for it, whatever the order of
// either (a page's name does not depend on a query): every title's href is a file in DIR.
TEST(CliPages, TheListsTitlesLinkThePagesWritten) {
  const std::string dir = fresh_dir("pages-links");
  // (Two keys that make one file name: the later one in the file gets "-2".)
  write_file(
      dir + "papers.bib",
      kPagesBib +
          "@article{HU2024, title={Same Name}, author={Doe, Jane}, journal={J}, year=2025}\n");
  ASSERT_EQ(papershelf("pages papers.bib -o out --sort title-desc", true, "", dir).status, 0);
  for (const char* order : {"year-desc", "title-desc"}) {
    const auto list = papershelf(
        std::string("render papers.bib --base /assets/pdf/ --pages out/ --sort ") + order, true, "",
        dir);
    ASSERT_EQ(list.status, 0) << list.out;
    std::vector<std::string> hrefs;
    for (std::size_t at = list.out.find("<cite class=\"ps-title\""); at != std::string::npos;
         at = list.out.find("<cite class=\"ps-title\"", at + 1)) {
      const std::size_t href = list.out.find("href=\"", at);
      if (href == std::string::npos || href > list.out.find("</cite>", at)) continue;
      hrefs.push_back(list.out.substr(href + 6, list.out.find('"', href + 6) - href - 6));
    }
    EXPECT_EQ(hrefs.size(), 5u) << order
                                << ": every titled paper links its page (not its PDF under --base)";
    for (const std::string& href : hrefs) {
      EXPECT_EQ(href.rfind("out/", 0), 0u) << href;
      EXPECT_TRUE(fs::is_regular_file(dir + href)) << order << ": " << href;
    }
    EXPECT_TRUE(contains(list.out, "href=\"out/hu2024.html\"") &&
                contains(list.out, "href=\"out/hu2024-2.html\""))
        << list.out;
  }
}

TEST(CliPages, WritesAPagePerPaperTheIndexFeedSitemapAndStylesheetInsideDir) {
  const std::string dir = fresh_dir("pages");
  write_file(dir + "papers.bib", kPagesBib);
  const auto r = papershelf(
      "pages papers.bib -o out --owner 'Qinghao Hu' --site https://me.example/pubs/ --base "
      "/assets/pdf/ "
      "--preset al-folio",
      true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(dir + "out"))
    files.insert(e.path().filename().string());
  EXPECT_EQ(files,
            (std::set<std::string>{"hu2024.html", "escape.html", "a-b.html", "hu2024-dup.html",
                                   "index.html", "feed.xml", "sitemap.xml", "papershelf.css"}));
  EXPECT_FALSE(fs::exists(dir + "escape.html"));  // (nothing outside DIR)
  EXPECT_TRUE(contains(r.out, "'untitled' has no title")) << r.out;
  const std::string page = read_text(dir + "out/hu2024.html");
  EXPECT_TRUE(contains(
      page,
      "<meta name=\"citation_pdf_url\" content=\"https://me.example/assets/pdf/hu2024.pdf\">"))
      << page;
  EXPECT_TRUE(contains(page, "<meta name=\"citation_conference_title\" content=\"NSDI\">"));
  EXPECT_TRUE(
      contains(page, "<link rel=\"canonical\" href=\"https://me.example/pubs/hu2024.html\">"));
  EXPECT_TRUE(contains(page, "ps-author ps-owner"));
  EXPECT_TRUE(contains(page, "data-preset=\"al-folio\""));
  EXPECT_TRUE(
      contains(page, "<img class=\"ps-thumbnail\" src=\"/assets/img/publication_preview/hu.png\""));
  EXPECT_TRUE(contains(page, "What we found."));
  const std::string slash = read_text(dir + "out/a-b.html");
  EXPECT_FALSE(contains(slash, "citation_pdf_url"));
  EXPECT_FALSE(contains(slash, "javascript:"));
  EXPECT_FALSE(contains(read_text(dir + "out/hu2024-dup.html"), "<script>alert"));
  const std::string index = read_text(dir + "out/index.html");
  EXPECT_TRUE(contains(index, "<a href=\"hu2024.html\" rel=\"noopener\">Mine Paper</a>")) << index;
  EXPECT_EQ(count(read_text(dir + "out/sitemap.xml"), "<loc>"), 5u);
  EXPECT_EQ(count(read_text(dir + "out/feed.xml"), "<entry>"), 4u);
  EXPECT_TRUE(contains(read_text(dir + "out/papershelf.css"), ".ps-shelf"));
}

TEST(CliPages, WithoutSiteLinksStayRelativeAndNoSitemapIsWritten) {
  const std::string dir = fresh_dir("pages_nosite");
  write_file(dir + "papers.bib", kPagesBib);
  const auto r =
      papershelf("pages papers.bib -o out --css /assets/css/papershelf.css", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(count(r.out, "no --site"), 1u) << r.out;
  EXPECT_FALSE(fs::exists(dir + "out/sitemap.xml"));
  EXPECT_FALSE(fs::exists(dir + "out/papershelf.css"));
  const std::string page = read_text(dir + "out/hu2024.html");
  EXPECT_TRUE(contains(page, "<link rel=\"canonical\" href=\"hu2024.html\">")) << page;
  EXPECT_FALSE(contains(page, "citation_pdf_url")) << "a relative PDF means nothing to Scholar";
  EXPECT_TRUE(contains(page, "<meta name=\"citation_title\""));
  EXPECT_TRUE(contains(page, "<link rel=\"stylesheet\" href=\"/assets/css/papershelf.css\">"));
}

TEST(CliPages, NeverWritesThroughASymbolicLink) {
  const std::string dir = fresh_dir("pages_link");
  write_file(dir + "papers.bib", kPagesBib);
  write_file(dir + "precious.txt", "keep me");
  fs::create_directories(dir + "out");
  fs::create_symlink(dir + "precious.txt", dir + "out/hu2024.html");
  const auto r = papershelf("pages papers.bib -o out", true, "", dir);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "hu2024.html: a symbolic link is there")) << r.out;
  EXPECT_TRUE(contains(r.out, "; not written: 1 paper page")) << r.out;
  EXPECT_EQ(read_text(dir + "precious.txt"), "keep me");
  EXPECT_TRUE(fs::exists(dir + "out/escape.html"));  // (the other pages are still written)
}

// A hard link planted in DIR under a page's name would have its other name, anywhere on the
// same disk, overwritten; a dangling link would have the file made where it points.
TEST(CliPages, NeverWritesAHardLinkedFileNorThroughADanglingLink) {
  const std::string dir = fresh_dir("pages_hardlink");
  write_file(dir + "papers.bib", kPagesBib);
  write_file(dir + "precious.txt", "keep me");
  fs::create_directories(dir + "out");
  fs::create_hard_link(dir + "precious.txt", dir + "out/escape.html");
  fs::create_symlink(dir + "made-outside.html", dir + "out/index.html");
  const auto r = papershelf("pages papers.bib -o out", true, "", dir);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "cannot write out/escape.html: it has 2 hard links")) << r.out;
  EXPECT_TRUE(contains(r.out, "cannot write out/index.html: a symbolic link is there")) << r.out;
  EXPECT_EQ(read_text(dir + "precious.txt"), "keep me");
  EXPECT_FALSE(fs::exists(dir + "made-outside.html"));
  // What happened, and only that: index.html is not among the files written.
  EXPECT_TRUE(contains(r.out,
                       "papershelf: wrote 3 paper pages, feed.xml, papershelf.css into out; not "
                       "written: 1 paper page, index.html\n"))
      << r.out;
  EXPECT_TRUE(fs::is_regular_file(dir + "out/hu2024.html"));
}

// -o pointed at a folder of the site's own (its index.html, its feed): those files stay as they
// are unless --force; what pages wrote itself it replaces on the next run.
TEST(CliPages, ReplacesOnlyWhatItWroteUnlessForced) {
  const std::string dir = fresh_dir("pages_own");
  write_file(dir + "papers.bib", kPagesBib);
  fs::create_directories(dir + "site");
  write_file(dir + "site/index.html", "<html><body>My homepage</body></html>");
  write_file(dir + "site/feed.xml", "<?xml version=\"1.0\"?><feed>my blog</feed>");
  write_file(dir + "site/hu2024.html", "my own page");
  auto r = papershelf("pages papers.bib -o site --site https://me.example/", true, "", dir);
  EXPECT_EQ(r.status, 2) << r.out;
  for (const char* name : {"index.html", "feed.xml", "hu2024.html"})
    EXPECT_TRUE(contains(r.out, "cannot write site/" + std::string(name) +
                                    ": it is not a file papershelf wrote (--force replaces it)"))
        << r.out;
  EXPECT_TRUE(contains(r.out,
                       "wrote 3 paper pages, sitemap.xml, papershelf.css into site; not written: 1 "
                       "paper page, index.html, feed.xml"))
      << r.out;
  // (and says what to do: a folder of their own)
  EXPECT_TRUE(contains(r.out,
                       "site is a folder of the site's own pages (its index.html is not "
                       "papershelf's): give the paper pages a "
                       "folder of their own, such as papers/"))
      << r.out;
  EXPECT_EQ(read_text(dir + "site/index.html"), "<html><body>My homepage</body></html>");
  EXPECT_EQ(read_text(dir + "site/feed.xml"), "<?xml version=\"1.0\"?><feed>my blog</feed>");
  EXPECT_EQ(read_text(dir + "site/hu2024.html"), "my own page");
  // Its own files, written before (with a template, or as they were), it replaces.
  r = papershelf("pages papers.bib -o out --site https://me.example/", true, "", dir);
  ASSERT_EQ(r.status, 0) << r.out;
  write_file(dir + "layout.html", "<html><head></head><body><!-- papershelf --></body></html>");
  r = papershelf(
      "pages papers.bib -o out --site https://me.example/ --template layout.html --title Papers",
      true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(read_text(dir + "out/index.html"), "<h1>Papers</h1>"));
  r = papershelf("pages papers.bib -o out --site https://me.example/", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(
      r.out, "wrote 4 paper pages, index.html, feed.xml, sitemap.xml, papershelf.css into out\n"))
      << r.out;
  // --force: the site's own files too.
  r = papershelf("pages papers.bib -o site --site https://me.example/ --force", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(read_text(dir + "site/index.html"), "ps-pages-index"));
  EXPECT_TRUE(contains(read_text(dir + "site/hu2024.html"), "Mine Paper"));
}

// Windows opens a device for CON, PRN, AUX, NUL, COM0-9 and LPT0-9 before the first dot, whatever
// follows: no page is named so, in any case, whatever its key's extension.
TEST(CliPages, NoPageIsNamedAsAWindowsDevice) {
  const std::string dir = fresh_dir("pages_devices");
  std::string bib;
  for (const char* key :
       {"con.x", "aux.html", "Nul.tar.gz", "COM1.txt", "lpt9", "prn", "com10.x", "console.x"})
    bib += "@misc{" + std::string(key) + ", title={Paper " + key +
           "}, author={Doe, Jane}, year=2020}\n";
  write_file(dir + "papers.bib", bib);
  const auto r = papershelf("pages papers.bib -o out", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(dir + "out"))
    files.insert(e.path().filename().string());
  EXPECT_EQ(files,
            (std::set<std::string>{"con-x.html", "aux-html.html", "nul-tar.gz.html",
                                   "com1-txt.html", "lpt9-2.html", "prn-2.html", "com10.x.html",
                                   "console.x.html", "index.html", "feed.xml", "papershelf.css"}));
}

// The file sync writes before renaming it over the .bib: a name no one can plant a link at
// beforehand (the old fixed FILE.papershelf-sync sent the .bib through a planted hard link), the
// .bib's own mode from the start, and nothing left behind.
TEST(CliSync, WriteGoesThroughANewFileOfAnUnforeseeableNameWithTheFilesMode) {
  const std::string dir = fresh_dir("sync_temp");
  const std::string text =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  year = "
      "{2021}\n}\n";
  write_file(
      dir + "works.json",
      R"({"results": [{"id": "W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 7}]})");
  write_file(dir + "papers.bib", text);
  ::chmod((dir + "papers.bib").c_str(),
          0664);  // (group-writable: more than the usual umask lets a new file have)
  write_file(dir + "outside.txt", "keep me");
  fs::create_hard_link(dir + "outside.txt", dir + "papers.bib.papershelf-sync");
  const auto r = papershelf("sync papers.bib --from-file works.json --write", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(read_file(dir + "papers.bib"), "citations = {7}"));
  EXPECT_EQ(read_file(dir + "outside.txt"), "keep me");
  struct stat info {};
  ASSERT_EQ(::stat((dir + "papers.bib").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0664u);
  EXPECT_EQ(info.st_nlink, 1u);
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) files.insert(e.path().filename().string());
  EXPECT_EQ(files, (std::set<std::string>{"papers.bib", "works.json", "outside.txt",
                                          "papers.bib.papershelf-sync"}));
  // A file kept private stays private.
  ::chmod((dir + "papers.bib").c_str(), 0600);
  write_file(
      dir + "works.json",
      R"({"results": [{"id": "W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 9}]})");
  EXPECT_EQ(papershelf("sync papers.bib --from-file works.json --write", true, "", dir).status, 0);
  ASSERT_EQ(::stat((dir + "papers.bib").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0600u);
  EXPECT_TRUE(contains(read_file(dir + "papers.bib"), "citations = {9}"));
}

TEST(CliPages, TemplatePutsThePagesInTheSitesLayout) {
  const std::string dir = fresh_dir("pages_template");
  write_file(dir + "papers.bib", kPagesBib);
  write_file(
      dir + "layout.html",
      "<!DOCTYPE html><html lang=\"en\"><head><title><!-- papershelf-title --> | Me</title>"
      "<!-- papershelf-head --></head><body><nav>My site</nav><!-- papershelf --></body></html>");
  write_file(dir + "bad.html", "<html><head></head><body>no marker</body></html>");
  const auto r = papershelf(
      "pages papers.bib -o out --template layout.html --site https://me.example/", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  const std::string page = read_text(dir + "out/escape.html");
  EXPECT_TRUE(contains(
      page,
      "<title>Climbing Out | Me</title><meta name=\"citation_title\" content=\"Climbing Out\">"))
      << page;
  EXPECT_TRUE(contains(page, "<nav>My site</nav><div class=\"ps-shelf ps-paper-page"));
  const auto bad = papershelf("pages papers.bib -o out2 --template bad.html", true, "", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(contains(bad.out, "<!-- papershelf -->")) << bad.out;
  EXPECT_FALSE(fs::exists(dir + "out2"));
}

TEST(CliPages, RefusesAnUnusableSiteLanguageOrMissingDir) {
  const std::string dir = fresh_dir("pages_usage");
  write_file(dir + "papers.bib", kPagesBib);
  const auto script =
      papershelf("pages papers.bib -o out --site 'javascript:alert(1)//x'", true, "", dir);
  EXPECT_EQ(script.status, 2);
  EXPECT_TRUE(contains(script.out, "--site: ")) << script.out;
  EXPECT_EQ(papershelf("pages papers.bib -o out --site /pubs/", false, "", dir).status, 2);
  EXPECT_EQ(papershelf("pages papers.bib -o out --lang 'en\"><script>'", false, "", dir).status, 2);
  EXPECT_EQ(papershelf("pages papers.bib", false, "", dir).status, 2);
  EXPECT_FALSE(fs::exists(dir + "out"));
  const auto help = papershelf("help pages");
  EXPECT_EQ(help.status, 0);
  EXPECT_TRUE(contains(help.out, "usage: papershelf pages")) << help.out;
}
