// Complete records: every reader gives the same model for the same record, and the whole
// record survives BibTeX -> model -> CSL-JSON and CSL-JSON -> model -> CSL-JSON.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "papershelf/format.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

View all_of(const Library& lib) {
  View v;
  for (std::uint32_t i = 0; i < lib.publications.size(); ++i) v.entries.push_back(i);
  return v;
}

// What a reader made of a file, as the list sees it (the view model) and as other tools do
// (CSL-JSON, every bibliographic detail included).
std::string model_of(const ReadResult& r) {
  const View v = all_of(r.library);
  return format_view_json(r.library, v, {}) + format_csl_json(r.library, v);
}

TEST(Records, EveryReaderGivesTheSameModel) {
  const std::string dir = testing::fixtures_dir() + "/same-record/";
  const auto files = testing::list_files(dir, ".bib");
  ASSERT_GE(files.size(), 7u);
  for (const std::string& bib : files) {
    const std::string stem = bib.substr(0, bib.size() - 4);
    ReadOptions o;
    o.source_name = bib;
    const ReadResult from_bibtex = read_bibtex(testing::read_file(bib), o);
    const ReadResult from_csl = read_csl_json(testing::read_file(stem + ".csl.json"), o);
    const ReadResult from_own = read_papershelf_json(testing::read_file(stem + ".json"), o);
    for (const ReadResult* r : {&from_bibtex, &from_csl, &from_own}) {
      ASSERT_EQ(r->library.publications.size(), 1u) << stem;
      for (const Diagnostic& d : r->diagnostics) ADD_FAILURE() << format_diagnostic(d);
    }
    const std::string expected = model_of(from_bibtex);
    EXPECT_EQ(model_of(from_csl), expected) << stem << ".csl.json";
    EXPECT_EQ(model_of(from_own), expected) << stem << ".json";
  }
}

TEST(Records, DetailsAreDecodedWhateverTheSource) {
  ReadOptions o;
  const ReadResult r = read_bibtex(testing::read_file(testing::fixtures_dir() + "/same-record/journal.bib"), o);
  const Publication& p = r.library.publications.at(0);
  EXPECT_EQ(p.detail("pages"), "118\u2013131");
  EXPECT_EQ(p.detail("volume"), "42");
  EXPECT_EQ(p.detail("number"), "3");
  EXPECT_EQ(p.detail("publisher"), "Orbit Press");
  EXPECT_EQ(p.detail("edition"), "");
  EXPECT_EQ(p.status, Status::Submitted);
  EXPECT_EQ(p.doi, "10.5555/jpd.2025.042");
}

std::string without(std::string s, std::string_view what) {
  for (std::size_t at; (at = s.find(what)) != std::string::npos;) s.erase(at, what.size());
  return s;
}

// CSL-JSON -> model -> CSL-JSON gives back every CSL variable of citation-js' test suite.
TEST(Records, CslJsonRoundTripKeepsEveryVariable) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared/corpus is absent";
  const std::string text = testing::read_file(shared + "/corpus/citation-js_biblatex-csl.json");
  const ReadResult r = read_csl_json(text, {});
  const auto in = nlohmann::json::parse(text);
  const auto out = nlohmann::json::parse(format_csl_json(r.library, all_of(r.library)));
  ASSERT_EQ(in.size(), out.size());
  std::size_t compared = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    for (const auto& [name, value] : in[i].items()) {
      // The type is papershelf's (a "legislation" is a document); "status" is read as one.
      if (name == "type" || name == "status") continue;
      ASSERT_TRUE(out[i].contains(name)) << in[i]["id"] << ": " << name;
      const auto& got = out[i][name];
      if (name == "keyword") {  // (a list of keywords, written back one way: "a, b")
        EXPECT_EQ(without(got.get<std::string>(), " "), without(value.get<std::string>(), " "));
      } else if (value.is_string() && value.get<std::string>().find("<su") != std::string::npos) {
        // <sup>rd</sup>: kept as text where Unicode has no superscript form.
        EXPECT_EQ(got, without(without(value.get<std::string>(), "<sup>"), "</sup>")) << name;
      } else if (value.is_number()) {
        EXPECT_EQ(got, value.dump()) << name;  // ("97" and 97 alike)
      } else {
        EXPECT_EQ(got, value) << in[i]["id"] << ": " << name;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 300u);
}

std::string dashes_as_hyphens(std::string s) {
  for (std::size_t at; (at = s.find("\u2013")) != std::string::npos;) s.replace(at, 3, "-");
  return s;
}

// BibTeX -> CSL-JSON maps every field CSL-JSON has a variable for, as citation-js does.
TEST(Records, BibtexToCslJsonAgreesWithCitationJs) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared/corpus is absent";
  const ReadResult r = read_bibtex(testing::read_file(shared + "/corpus/citation-js_biblatex-input.bib"), {});
  const auto ours = nlohmann::json::parse(format_csl_json(r.library, all_of(r.library)));
  const auto theirs = nlohmann::json::parse(testing::read_file(shared + "/corpus/citation-js_biblatex-csl.json"));
  // The details (title, names and dates are checked by corpus_test.cpp).
  const char* kDetails[] = {"volume", "issue", "number", "page", "publisher", "publisher-place",
                            "edition", "collection-title", "collection-number", "chapter-number",
                            "ISBN", "ISSN", "language", "number-of-pages", "number-of-volumes",
                            "version", "event-title", "event-place", "DOI", "PMID"};
  std::size_t compared = 0;
  for (const auto& item : theirs) {
    const auto mine = std::find_if(ours.begin(), ours.end(), [&](const auto& x) { return x["id"] == item["id"]; });
    ASSERT_NE(mine, ours.end()) << item["id"];
    for (std::string name : kDetails) {
      if (!item.contains(name)) continue;
      // citation-js calls the number of a proceedings in a series its "issue"; CSL 1.0.2 (and
      // papershelf) its "collection-number".
      const bool series_number = name == "issue" && item.value("type", "") == "paper-conference" &&
                                 item.contains("collection-title");
      const std::string our_name = series_number ? "collection-number" : name;
      if (series_number) {
        EXPECT_FALSE(mine->contains("issue")) << item["id"];
      }
      ASSERT_TRUE(mine->contains(our_name)) << item["id"] << ": " << our_name;
      EXPECT_EQ(dashes_as_hyphens((*mine)[our_name]), dashes_as_hyphens(item[name])) << item["id"] << ": " << name;
      ++compared;
    }
  }
  EXPECT_GT(compared, 80u);
}

}  // namespace
}  // namespace papershelf
