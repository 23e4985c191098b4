// CSL-JSON and papershelf JSON readers: field mapping, format detection, and broken input
// (every valid record kept, each problem at its line:column, never a crash).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "papershelf/latex.hpp"
#include "papershelf/read.hpp"

using namespace papershelf;

namespace {

ReadResult csl(std::string_view text) {
  ReadOptions o;
  o.source_name = "test.json";
  return read_csl_json(text, o);
}

ReadResult doc(std::string_view text) {
  ReadOptions o;
  o.source_name = "doc.json";
  return read_papershelf_json(text, o);
}

using Pos = std::tuple<Severity, std::uint32_t, std::uint32_t>;

std::set<Pos> positions(const std::vector<Diagnostic>& ds) {
  std::set<Pos> out;
  for (const auto& d : ds) out.insert({d.severity, d.line, d.column});
  return out;
}

std::vector<std::string> keys(const Library& lib) {
  std::vector<std::string> out;
  for (const auto& p : lib.publications) out.push_back(p.key);
  return out;
}

std::string dump(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const auto& d : ds) out += format_diagnostic(d) + "\n";
  return out;
}

using Keys = std::vector<std::string>;

}  // namespace

// ---------------------------------------------------------------- detection

TEST(DetectFormat, FromContent) {
  EXPECT_EQ(detect_format("[{\"id\": \"a\"}]"), Format::CslJson);
  EXPECT_EQ(detect_format("  \n\t[]"), Format::CslJson);
  EXPECT_EQ(detect_format("{\"publications\": []}"), Format::PapershelfJson);
  EXPECT_EQ(detect_format("\xEF\xBB\xBF\n{}"), Format::PapershelfJson);  // BOM
  EXPECT_EQ(detect_format("@article{a, title={T}}"), Format::BibTeX);
  EXPECT_EQ(detect_format("---\nlayout: none\n---\n@misc{x}"), Format::BibTeX);
  EXPECT_EQ(detect_format("% comment\n@book{b}"), Format::BibTeX);
  EXPECT_EQ(detect_format(""), Format::BibTeX);
}

TEST(DetectFormat, Names) {
  EXPECT_EQ(format_from_string("bibtex"), Format::BibTeX);
  EXPECT_EQ(format_from_string("BIB"), Format::BibTeX);
  EXPECT_EQ(format_from_string("csl-json"), Format::CslJson);
  EXPECT_EQ(format_from_string("json"), Format::PapershelfJson);
  EXPECT_EQ(format_from_string("yaml"), Format::Auto);
  EXPECT_EQ(to_string(Format::CslJson), "csl-json");
}

TEST(Read, DispatchesOnDetectedFormat) {
  const auto r = read("[{\"id\": \"a\", \"title\": \"T\", \"type\": \"article-journal\"}]");
  ASSERT_EQ(r.library.publications.size(), 1u);
  EXPECT_EQ(r.library.publications[0].type, PubType::Journal);
  const auto d = read("{\"profile\": {\"name\": \"Ada\"}, \"publications\": []}");
  EXPECT_EQ(d.library.profile.name, "Ada");
  EXPECT_TRUE(d.diagnostics.empty()) << dump(d.diagnostics);
}

// ---------------------------------------------------------------- CSL-JSON mapping

TEST(CslJson, SpacesLeftByInlineTagsCollapse) {
  // As the BibTeX decoder reads them: a tag's own spaces never double or hang at an end.
  const auto r = csl(R"([{"id": "a", "type": "article", "title": "a <i> b</i> c"},
                        {"id": "b", "type": "article", "title": "<b> x </b>"},
                        {"id": "c", "type": "article", "title": "<b> </b>y"}])");
  ASSERT_EQ(r.library.publications.size(), 3u);
  EXPECT_EQ(r.library.publications[2].title.text, "y");
  EXPECT_TRUE(r.library.publications[2].title.spans.empty());  // (the bold space is gone)
  const RichText& a = r.library.publications[0].title;
  EXPECT_EQ(a.text, "a b c");
  ASSERT_EQ(a.spans.size(), 1u);
  EXPECT_EQ(a.text.substr(a.spans[0].begin, a.spans[0].end - a.spans[0].begin), "b");
  const RichText& b = r.library.publications[1].title;
  EXPECT_EQ(b.text, "x");
  ASSERT_EQ(b.spans.size(), 1u);
  EXPECT_EQ(b.text.substr(b.spans[0].begin, b.spans[0].end - b.spans[0].begin), "x");
}

TEST(CslJson, ZoteroLikeItem) {
  const auto r = csl(R"([
  {
    "id": "hu2024characterization",
    "type": "paper-conference",
    "title": "Characterization of <i>Large Language Model</i> Development in the Datacenter",
    "container-title": ["21st USENIX Symposium on Networked Systems Design and Implementation", "NSDI"],
    "author": [
      {"family": "Hu", "given": "Qinghao"},
      {"family": "Rossum", "given": "Guido", "non-dropping-particle": "van"},
      {"family": "King", "given": "Martin Luther", "suffix": "Jr."},
      {"literal": "The ATLAS Collaboration"}
    ],
    "issued": {"date-parts": [[2024, 4, 16]]},
    "DOI": "https://doi.org/10.5555/Example.1",
    "URL": "https://www.usenix.org/conference/nsdi24/presentation/hu",
    "keyword": "LLM, datacenter; GPU",
    "volume": "21",
    "page": 709
  }
])");
  EXPECT_TRUE(r.diagnostics.empty()) << dump(r.diagnostics);
  ASSERT_EQ(r.library.publications.size(), 1u);
  const Publication& p = r.library.publications[0];
  EXPECT_EQ(p.key, "hu2024characterization");
  EXPECT_EQ(p.type, PubType::Conference);
  EXPECT_EQ(p.source_type, "paper-conference");
  EXPECT_EQ(p.status, Status::Published);
  EXPECT_EQ(p.title.text, "Characterization of Large Language Model Development in the Datacenter");
  ASSERT_EQ(p.title.spans.size(), 1u);
  EXPECT_EQ(p.title.spans[0].style, SpanStyle::Italic);
  EXPECT_EQ(
      p.title.text.substr(p.title.spans[0].begin, p.title.spans[0].end - p.title.spans[0].begin),
      "Large Language Model");
  EXPECT_EQ(p.venue.text, "21st USENIX Symposium on Networked Systems Design and Implementation");
  ASSERT_EQ(p.authors.size(), 4u);
  EXPECT_EQ(p.authors[0].family(), "Hu");
  EXPECT_EQ(p.authors[0].given(), "Qinghao");
  EXPECT_EQ(p.authors[1].particle(), "van");
  EXPECT_EQ(p.authors[1].family(), "Rossum");
  EXPECT_EQ(display_name(p.authors[1]), "Guido van Rossum");
  EXPECT_EQ(p.authors[2].suffix(), "Jr.");
  EXPECT_EQ(display_name(p.authors[2]), "Martin Luther King, Jr.");
  EXPECT_TRUE(p.authors[3].is_literal());
  EXPECT_EQ(p.authors[3].literal(), "The ATLAS Collaboration");
  EXPECT_EQ(p.date, (Date{2024, 4, 16}));
  EXPECT_EQ(p.doi(), "10.5555/Example.1");
  EXPECT_EQ(p.tags(), (Keys{"LLM", "datacenter", "GPU"}));
  // Links: URL, then the DOI link.
  ASSERT_EQ(p.links.size(), 2u);
  EXPECT_EQ(p.links[0], (Link{"url", "https://www.usenix.org/conference/nsdi24/presentation/hu"}));
  EXPECT_EQ(p.links[1], (Link{"doi", "https://doi.org/10.5555/Example.1"}));
  // The details are kept under their BibTeX names ("page" is BibTeX's "pages").
  EXPECT_EQ(latex::decoded_field(p, "volume"), "21");
  EXPECT_EQ(latex::decoded_field(p, "pages"), "709");
  EXPECT_EQ(p.extra_field("page"), nullptr);
  EXPECT_EQ(p.line, 2u);
  EXPECT_EQ(p.order, 0u);
}

// The readers leave links alike (one step after each): a url that is the DOI's address again
// (DBLP, ORCID and Mendeley exports write both) is left to the DOI's link, and the same link twice
// is one, in CSL-JSON and papershelf JSON as in BibTeX.
TEST(CslJson, RepeatedLinksAreOneAsInBibtex) {
  const auto r =
      csl(R"([{"id": "a", "type": "article-journal", "title": "A", "DOI": "10.1145/3600006.3613175",
    "URL": "http://dx.doi.org/10.1145/3600006.3613175"}])");
  ASSERT_EQ(r.library.publications.size(), 1u);
  EXPECT_EQ(r.library.publications[0].links,
            (std::vector<Link>{{"doi", "https://doi.org/10.1145/3600006.3613175"}}));
  const auto d = doc(R"({"publications": [{"id": "b", "type": "article", "title": "B",
    "links": [{"label": "pdf", "url": "b.pdf"}, {"label": "pdf", "url": "b.pdf"}, {"label": "code", "url": "https://github.com/x/y"}]}]})");
  ASSERT_EQ(d.library.publications.size(), 1u);
  EXPECT_EQ(d.library.publications[0].links,
            (std::vector<Link>{{"pdf", "b.pdf"}, {"code", "https://github.com/x/y"}}));
  const auto b = read_bibtex(
      "@article{c, title={C}, doi={10.1145/3600006.3613175}, "
      "url={http://dx.doi.org/10.1145/3600006.3613175}}",
      {});
  ASSERT_EQ(b.library.publications.size(), 1u);
  EXPECT_EQ(b.library.publications[0].links, r.library.publications[0].links);
}

TEST(CslJson, AFarFutureYearIsAPlaceholder) {
  const auto r = csl(
      R"([{"id": "a", "type": "article", "title": "A", "issued": {"date-parts": [[2999, 1, 1]]}},
    {"id": "b", "type": "article", "title": "B", "issued": {"date-parts": [[2999]]}, "year": 2021}])");
  ASSERT_EQ(r.library.publications.size(), 2u);
  EXPECT_EQ(r.library.publications[0].date, Date{});
  EXPECT_EQ(r.library.publications[1].date, (Date{2021, 0, 0}));
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_NE(r.diagnostics[0].message.find("placeholder"), std::string::npos)
      << r.diagnostics[0].message;
}

TEST(CslJson, Dates) {
  const auto r = csl(R"([
  {"id": "a", "title": "A", "issued": {"date-parts": [[2023]]}},
  {"id": "b", "title": "B", "issued": {"date-parts": [["2022", "11"]]}},
  {"id": "c", "title": "C", "issued": {"raw": "2021-07-04"}},
  {"id": "d", "title": "D", "issued": {"raw": "2020/5"}},
  {"id": "e", "title": "E", "issued": {"literal": "2019"}},
  {"id": "f", "title": "F", "year": 2018},
  {"id": "g", "title": "G"},
  {"id": "h", "title": "H", "issued": {"date-parts": [[2017, 13, 40]]}}
])");
  ASSERT_EQ(r.library.publications.size(), 8u) << dump(r.diagnostics);
  const auto& p = r.library.publications;
  EXPECT_EQ(p[0].date, (Date{2023, 0, 0}));
  EXPECT_EQ(p[1].date, (Date{2022, 11, 0}));
  EXPECT_EQ(p[2].date, (Date{2021, 7, 4}));
  EXPECT_EQ(p[3].date, (Date{2020, 5, 0}));
  EXPECT_EQ(p[4].date, (Date{2019, 0, 0}));
  EXPECT_EQ(p[5].date, (Date{2018, 0, 0}));
  EXPECT_EQ(p[6].date, (Date{0, 0, 0}));
  EXPECT_EQ(p[7].date, (Date{2017, 0, 0}));  // impossible month/day dropped
}

TEST(CslJson, TypesAndStatuses) {
  const auto r = csl(R"([
  {"id": "1", "title": "t", "type": "paper-conference"},
  {"id": "2", "title": "t", "type": "article-journal"},
  {"id": "3", "title": "t", "type": "article"},
  {"id": "4", "title": "t", "type": "thesis"},
  {"id": "5", "title": "t", "type": "chapter"},
  {"id": "6", "title": "t", "type": "report"},
  {"id": "7", "title": "t", "type": "speech"},
  {"id": "8", "title": "t", "type": "book"},
  {"id": "9", "title": "t", "type": "webpage"},
  {"id": "10", "title": "t", "type": "no-such-type"},
  {"id": "11", "title": "t", "type": "article-journal", "status": "submitted"},
  {"id": "12", "title": "t", "type": "article-journal", "status": "forthcoming"},
  {"id": "13", "title": "t", "type": "article", "status": "in-preparation"},
  {"id": "14", "title": "t", "type": "software"}
])");
  ASSERT_EQ(r.library.publications.size(), 14u);
  EXPECT_TRUE(r.diagnostics.empty()) << dump(r.diagnostics);
  const auto& p = r.library.publications;
  const PubType types[] = {
      PubType::Conference, PubType::Journal, PubType::Preprint, PubType::Thesis,  PubType::Chapter,
      PubType::Report,     PubType::Talk,    PubType::Book,     PubType::Misc,    PubType::Misc,
      PubType::Journal,    PubType::Journal, PubType::Preprint, PubType::Software};
  for (std::size_t i = 0; i < 14; ++i) EXPECT_EQ(p[i].type, types[i]) << p[i].key;
  EXPECT_EQ(p[0].status, Status::Published);
  EXPECT_EQ(p[2].status, Status::Preprint);  // a CSL "article" is a preprint
  EXPECT_EQ(p[10].status, Status::Submitted);
  EXPECT_EQ(p[11].status, Status::Accepted);
  EXPECT_EQ(p[12].status, Status::InPreparation);
}

TEST(CslJson, UnknownStatusAndMissingIdWarnAtTheRecord) {
  const auto r = csl(
      "[\n  {\"title\": \"No id\"},\n  {\"id\": \"x\", \"title\": \"T\", \"status\": \"maybe\"},\n"
      "  {\"id\": \"y\"}\n]");
  ASSERT_EQ(r.library.publications.size(), 3u);
  EXPECT_EQ(r.library.publications[0].key, "item-1");
  EXPECT_EQ(r.library.publications[1].status, Status::Published);
  EXPECT_FALSE(has_errors(r.diagnostics));
  EXPECT_EQ(positions(r.diagnostics),
            (std::set<Pos>{
                {Severity::Warning, 2, 3}, {Severity::Warning, 3, 3}, {Severity::Warning, 4, 3}}))
      << dump(r.diagnostics);
  EXPECT_EQ(r.library.publications[2].line, 4u);
}

TEST(CslJson, NamesWithParticlesMarksAndOthers) {
  const auto r = csl(R"([{"id": "n", "title": "T", "author": [
    {"family": "Gaulle", "given": "Charles", "dropping-particle": "de"},
    {"family": "Wang*‡", "given": "Zerui"},
    {"family": "Ye", "given": "Zhisheng", "marks": "*"},
    {"family": "Pang", "given": "Ce", "marks": ["†", "‡"]},
    {"literal": "others"}
  ], "editor": [{"family": "Editor", "given": "E."}]}])");
  ASSERT_EQ(r.library.publications.size(), 1u);
  const Publication& p = r.library.publications[0];
  ASSERT_EQ(p.authors.size(), 4u);
  EXPECT_EQ(p.authors[0].particle(), "de");
  EXPECT_EQ(p.authors[1].family(), "Wang");
  EXPECT_EQ(p.authors[1].marks(), "*‡");
  EXPECT_EQ(p.authors[2].marks(), "*");
  EXPECT_EQ(p.authors[3].marks(), "†‡");
  EXPECT_TRUE(p.others);
  ASSERT_EQ(p.editors().size(), 1u);
  EXPECT_EQ(p.editors()[0].family(), "Editor");
}

TEST(CslJson, DecomposedTextBecomesNfc) {
  const auto r = csl(
      "[{\"id\": \"z\", \"title\": \"Zu\xCC\x88rich\", \"author\": [{\"family\": \"Garci\xCC\x81"
      "a\", \"given\": \"Jose\xCC\x81\"}]}]");
  ASSERT_EQ(r.library.publications.size(), 1u);
  EXPECT_EQ(r.library.publications[0].title.text, "Zürich");
  EXPECT_EQ(r.library.publications[0].authors[0].family(), "García");
  EXPECT_EQ(r.library.publications[0].authors[0].given(), "José");
}

TEST(CslJson, NameListsReadAsTheyAreParsedAreTheSameNames) {
  // The names of a record's author and editor lists are read as the parser completes them (a
  // record of 200,000 authors is not held as 200,000 values); what they become is unchanged: the
  // last of repeated keys, "others", a name as text, a single item (a tree) and a broken file.
  const char* items =
      R"({"id": "a", "title": "A", "author": [{"family": "Old"}], "author": [{"family": "Hu", "given": "Qinghao"},
    {"literal": "others"}, {"family": ""}, "Zhisheng Ye"], "editor": [{"literal": "The ATLAS Collaboration"}]},
    {"id": "b", "title": "B", "author": [{"family": "Gone"}], "author": "Ye, Zhisheng", "editor": []})";
  const std::string streamed = std::string("[") + items + "]";
  for (const std::string& text : {streamed, std::string(R"({"publications": [)") + items + "]}"}) {
    const ReadResult r = text[0] == '[' ? csl(text) : doc(text);
    ASSERT_EQ(r.library.publications.size(), 2u) << text;
    const Publication& a = r.library.publications[0];
    ASSERT_EQ(a.authors.size(), 2u);
    EXPECT_EQ(a.authors[0].family(), "Hu");
    EXPECT_EQ(a.authors[1].family(), "Ye");
    EXPECT_TRUE(a.others);
    ASSERT_EQ(a.editors().size(), 1u);
    EXPECT_EQ(a.editors()[0].literal(), "The ATLAS Collaboration");
    const Publication& b = r.library.publications[1];
    ASSERT_EQ(b.authors.size(), 1u);
    EXPECT_EQ(b.authors[0].family(), "Ye");
    EXPECT_TRUE(b.editors().empty());
    EXPECT_FALSE(b.others);
  }
  // The same record alone (a tree) and in a file whose syntax error comes after it (re-read).
  const ReadResult one = csl(
      R"({"id": "a", "title": "A", "author": [{"family": "Old"}], "author": [{"family": "Hu"}, {"literal": "others"}]})");
  ASSERT_EQ(one.library.publications.size(), 1u);
  ASSERT_EQ(one.library.publications[0].authors.size(), 1u);
  EXPECT_TRUE(one.library.publications[0].others);
  const ReadResult broken = csl(streamed.substr(0, streamed.size() - 1) + ", {\"id\": }]");
  ASSERT_EQ(broken.library.publications.size(), 2u);
  EXPECT_EQ(broken.library.publications[0].authors.size(), 2u);
}

TEST(CslJson, SingleItemObject) {
  // A lone CSL item (an object with an id) read as CSL-JSON is one record.
  const auto r = csl(R"({"id": "solo", "title": "Solo", "type": "book"})");
  EXPECT_EQ(keys(r.library), (Keys{"solo"}));
  EXPECT_FALSE(has_errors(r.diagnostics));
}

// ---------------------------------------------------------------- papershelf JSON

TEST(PapershelfJson, ProfileAndPublications) {
  const auto r = doc(R"({
  "profile": {
    "name": "Qinghao Hu",
    "aliases": ["Q. Hu", "Hu, Qinghao"],
    "position": "PhD student",
    "affiliation": "NTU",
    "links": {"github": "https://github.com/example"},
    "interests": "ML systems; datacenters",
    "legend": {"*": "equal contribution", "†": "corresponding author"}
  },
  "publications": [
    {
      "id": "hu2024",
      "type": "conference",
      "title": "Characterization of LLM Development",
      "author": [{"given": "Qinghao", "family": "Hu", "marks": "*"}, {"given": "Zhisheng", "family": "Ye", "marks": "*"}],
      "issued": {"date-parts": [[2024, 4]]},
      "container-title": "NSDI",
      "badge": "NSDI",
      "award": "Best Paper Award at NSDI 2024",
      "award_name": "Best Paper",
      "selected": true,
      "status": "accepted",
      "links": [{"label": "PDF", "url": "papers/hu2024.pdf"}, {"label": "code", "url": "https://github.com/x/y"}],
      "tags": ["llm", "datacenter"],
      "citations": 42,
      "note": "Oral"
    },
    {
      "id": "ye2023",
      "type": "preprint",
      "title": "Second",
      "links": {"video": "https://youtu.be/x", "slides": "slides.pdf"},
      "selected": "yes",
      "citations": "7",
      "arxiv": "2401.09149"
    }
  ]
})");
  EXPECT_TRUE(r.diagnostics.empty()) << dump(r.diagnostics);
  const Profile& pr = r.library.profile;
  EXPECT_EQ(pr.name, "Qinghao Hu");
  EXPECT_EQ(pr.aliases, (Keys{"Q. Hu", "Hu, Qinghao"}));
  EXPECT_EQ(pr.position, "PhD student");
  EXPECT_EQ(pr.affiliation, "NTU");
  ASSERT_EQ(pr.links.size(), 1u);
  EXPECT_EQ(pr.links[0], (Link{"github", "https://github.com/example"}));
  EXPECT_EQ(pr.interests, (Keys{"ML systems", "datacenters"}));
  EXPECT_EQ(pr.legend,
            (std::vector<LegendEntry>{{"*", "equal contribution"}, {"†", "corresponding author"}}));

  ASSERT_EQ(r.library.publications.size(), 2u);
  const Publication& a = r.library.publications[0];
  EXPECT_EQ(a.type, PubType::Conference);
  EXPECT_EQ(a.badge(), "NSDI");
  EXPECT_EQ(a.award().text, "Best Paper Award at NSDI 2024");
  EXPECT_EQ(a.award_label(), "Best Paper");
  EXPECT_TRUE(a.selected);
  EXPECT_EQ(a.status, Status::Accepted);
  EXPECT_EQ(a.date, (Date{2024, 4, 0}));
  ASSERT_EQ(a.authors.size(), 2u);
  EXPECT_EQ(a.authors[0].marks(), "*");
  EXPECT_EQ(a.authors[1].marks(), "*");
  ASSERT_EQ(a.links.size(), 2u);
  EXPECT_EQ(a.links[0], (Link{"pdf", "papers/hu2024.pdf"}));
  EXPECT_EQ(a.links[1], (Link{"code", "https://github.com/x/y"}));
  EXPECT_EQ(a.tags(), (Keys{"llm", "datacenter"}));
  EXPECT_EQ(a.citations(), 42);
  EXPECT_EQ(a.note().text, "Oral");
  EXPECT_EQ(a.line, 12u);

  const Publication& b = r.library.publications[1];
  EXPECT_EQ(b.type, PubType::Preprint);
  EXPECT_EQ(b.status, Status::Preprint);
  EXPECT_TRUE(b.selected);
  EXPECT_EQ(b.citations(), 7);
  EXPECT_EQ(b.arxiv(), "2401.09149");
  // Links given as an object: both kept (label lower-case), plus the arXiv link.
  std::vector<std::string> labels;
  for (const auto& l : b.links) labels.push_back(l.label);
  EXPECT_EQ(labels, (Keys{"video", "slides", "arxiv"}));  // as written, not sorted
  EXPECT_EQ(b.order, 1u);
}

TEST(PapershelfJson, LegendAsArray) {
  const auto r = doc(R"({"profile": {"name": "X", "legend": [{"symbol": "‡", "meaning": "intern"}]},
                         "publications": []})");
  ASSERT_EQ(r.library.profile.legend.size(), 1u);
  EXPECT_EQ(r.library.profile.legend[0], (LegendEntry{"‡", "intern"}));
}

TEST(PapershelfJson, MissingPublicationsIsAnError) {
  const auto r = doc(R"({"profile": {"name": "X"}})");
  EXPECT_TRUE(has_errors(r.diagnostics));
  EXPECT_EQ(r.library.profile.name, "X");
  EXPECT_TRUE(r.library.publications.empty());
}

TEST(PapershelfJson, ProfileThatIsNotAnObjectWarns) {
  const auto r = doc(R"({"profile": "me", "publications": [{"id": "a", "title": "A"}]})");
  EXPECT_EQ(keys(r.library), (Keys{"a"}));
  EXPECT_FALSE(has_errors(r.diagnostics));
  EXPECT_EQ(r.diagnostics.size(), 1u);
}

// ---------------------------------------------------------------- broken files

TEST(BrokenJson, MissingCommaBetweenRecords) {
  const auto r =
      csl("[\n"
          "  {\"id\": \"a\", \"title\": \"A\"}\n"
          "  {\"id\": \"b\", \"title\": \"B\"},\n"
          "  {\"id\": \"c\", \"title\": \"C\"}\n"
          "]\n");
  EXPECT_EQ(keys(r.library), (Keys{"a", "b", "c"}));
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Error, 3, 3}}))
      << dump(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].source, "test.json");
  EXPECT_EQ(format_diagnostic(r.diagnostics[0]).rfind("test.json:3:3: error: ", 0), 0u);
  // Records keep their own lines and file order.
  EXPECT_EQ(r.library.publications[2].line, 4u);
  EXPECT_EQ(r.library.publications[2].order, 2u);
}

TEST(BrokenJson, TrailingComma) {
  const auto r =
      csl("[\n"
          "  {\"id\": \"a\", \"title\": \"A\"},\n"
          "  {\"id\": \"b\", \"title\": \"B\"},\n"
          "]\n");
  EXPECT_EQ(keys(r.library), (Keys{"a", "b"}));
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Error, 4, 1}}))
      << dump(r.diagnostics);
}

TEST(BrokenJson, UnterminatedStringLosesOnlyItsRecord) {
  const auto r =
      csl("[\n"
          "  {\"id\": \"a\", \"title\": \"A\"},\n"
          "  {\"id\": \"b\", \"title\": \"B},\n"
          "  {\"id\": \"c\", \"title\": \"C\"}\n"
          "]\n");
  EXPECT_EQ(keys(r.library), (Keys{"a", "c"}));
  ASSERT_TRUE(has_errors(r.diagnostics));
  // Reported where the string opens (it runs into the end of line 3: JSON strings cannot hold a
  // raw newline).
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Error, 3, 24}}))
      << dump(r.diagnostics);
}

TEST(BrokenJson, BadValueInsideOneRecord) {
  const auto r =
      doc("{\n"
          "  \"profile\": {\"name\": \"Ada\"},\n"
          "  \"publications\": [\n"
          "    {\"id\": \"a\", \"title\": \"A\"},\n"
          "    {\"id\": \"b\", \"title\": \"B\", \"year\": 20x4},\n"
          "    {\"id\": \"c\", \"title\": \"C\"}\n"
          "  ]\n"
          "}\n");
  EXPECT_EQ(keys(r.library), (Keys{"a", "c"}));
  EXPECT_EQ(r.library.profile.name, "Ada");
  // "20x4": the error is at the x (line 5, column 41).
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Error, 5, 41}}))
      << dump(r.diagnostics);
}

TEST(BrokenJson, InvalidUtf8IsReplacedAndReportedWhereItIs) {
  const auto r =
      csl("[\n"
          "  {\"id\": \"a\", \"title\": \"Caf\xE9\"},\n"
          "  {\"id\": \"b\", \"title\": \"B\"}\n"
          "]\n");
  EXPECT_EQ(keys(r.library), (Keys{"a", "b"}));
  ASSERT_EQ(r.library.publications.size(), 2u);
  EXPECT_EQ(r.library.publications[0].title.text, "Caf\xEF\xBF\xBD");
  EXPECT_FALSE(has_errors(r.diagnostics));
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Warning, 2, 28}}))
      << dump(r.diagnostics);
}

TEST(BrokenJson, NonObjectItemsAreReportedAtTheItem) {
  const auto r =
      csl("[\n"
          "  1,\n"
          "  {\"id\": \"a\", \"title\": \"A\"},\n"
          "  \"just a string\",\n"
          "  null,\n"
          "  [{\"id\": \"nested\"}]\n"
          "]\n");
  EXPECT_EQ(keys(r.library), (Keys{"a"}));
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Error, 2, 3},
                                                     {Severity::Error, 4, 3},
                                                     {Severity::Error, 5, 3},
                                                     {Severity::Error, 6, 3}}))
      << dump(r.diagnostics);
  EXPECT_EQ(r.library.publications[0].line, 3u);
}

TEST(BrokenJson, NotAnArrayOrObject) {
  for (const char* text : {"42", "\"str\"", "null", "true"}) {
    const auto r = csl(text);
    EXPECT_TRUE(has_errors(r.diagnostics)) << text;
    EXPECT_TRUE(r.library.publications.empty()) << text;
  }
}

TEST(BrokenJson, EmptyAndTruncatedInput) {
  for (const char* text :
       {"", "   ", "[", "[{", "[{\"id\": \"a\"", "{\"publications\": [", "{", "]", "}"}) {
    const auto r = csl(text);
    EXPECT_TRUE(has_errors(r.diagnostics)) << text;
    for (const auto& d : r.diagnostics) {
      EXPECT_GE(d.line, 1u) << text;
      EXPECT_GE(d.column, 1u) << text;
    }
  }
  const auto r = csl("[\n  {\"id\": \"a\", \"title\": \"A\"},\n  {\"id\": \"b\"");
  EXPECT_EQ(keys(r.library), (Keys{"a"}));
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Error, 3, 13}}))
      << dump(r.diagnostics);
}

TEST(BrokenJson, DeeplyNestedArraysDoNotCrash) {
  const std::string open(10000, '[');
  const std::string close(10000, ']');
  {
    const auto r = csl(open);  // unterminated
    EXPECT_TRUE(has_errors(r.diagnostics));
    EXPECT_TRUE(r.library.publications.empty());
  }
  {
    const auto r = csl(open + close);  // valid JSON, but not records
    EXPECT_TRUE(has_errors(r.diagnostics));
    EXPECT_TRUE(r.library.publications.empty());
  }
  {
    const auto r = doc("{\"publications\": [{\"id\": \"a\", \"title\": \"A\"}, " + open + "]");
    EXPECT_TRUE(has_errors(r.diagnostics));
    EXPECT_EQ(keys(r.library), (Keys{"a"}));
  }
  {
    std::string nested_objects;
    for (int i = 0; i < 10000; ++i) nested_objects += "{\"a\":";
    const auto r = csl("[{\"id\": \"a\", \"title\": \"A\"}, " + nested_objects + "1");
    EXPECT_TRUE(has_errors(r.diagnostics));
    EXPECT_EQ(keys(r.library), (Keys{"a"}));
  }
}

TEST(Merge, KeepsOrderAndFirstProfile) {
  Library a = doc(R"({"profile": {"name": "A", "aliases": ["A1"], "legend": {"*": "eq"}},
                      "publications": [{"id": "a1", "title": "t"}, {"id": "a2", "title": "t"}]})")
                  .library;
  Library b =
      doc(R"({"profile": {"name": "B", "aliases": ["A1", "B1"], "legend": {"*": "other", "†": "lead"}},
                      "publications": [{"id": "b1", "title": "t"}]})")
          .library;
  merge(a, std::move(b));
  EXPECT_EQ(keys(a), (Keys{"a1", "a2", "b1"}));
  for (std::uint32_t i = 0; i < 3; ++i) EXPECT_EQ(a.publications[i].order, i);
  EXPECT_EQ(a.profile.name, "A");
  EXPECT_EQ(a.profile.aliases, (Keys{"A1", "B1"}));
  ASSERT_EQ(a.profile.legend.size(), 2u);
  EXPECT_EQ(a.profile.legend[0], (LegendEntry{"*", "eq"}));
  EXPECT_EQ(a.profile.legend[1], (LegendEntry{"†", "lead"}));
}

TEST(OddJson, LoneSurrogatesAreReplacedAndTheRecordKept) {
  const auto r =
      csl("[\n  {\"id\": \"a\", \"title\": \"x\\ud800y\"},\n  {\"id\": \"b\", \"title\": "
          "\"\\udc00\"}\n]\n");
  ASSERT_EQ(keys(r.library), (Keys{"a", "b"}));
  EXPECT_EQ(r.library.publications[0].title.text, "x\xEF\xBF\xBDy");
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Warning, 2, 26}}))
      << dump(r.diagnostics);
  EXPECT_NE(r.diagnostics.at(0).message.find("2 lone UTF-16 surrogate"), std::string::npos)
      << dump(r.diagnostics);
}

TEST(OddJson, FieldsOfTheWrongTypeAreKeptWithAWarningAtTheValue) {
  const auto r =
      csl("[\n"
          "  {\"id\": \"a\", \"title\": 42, \"author\": \"not a list\", \"issued\": "
          "{\"date-parts\": \"x\"}},\n"
          "  {\"id\": \"b\", \"title\": \"Fine\", \"author\": [{\"family\": \"Hu\"}], \"issued\": "
          "{\"date-parts\": [[2020]]}}\n"
          "]\n");
  ASSERT_EQ(keys(r.library), (Keys{"a", "b"}));
  EXPECT_EQ(r.library.publications[0].title.text, "42");
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Warning, 2, 24},
                                                     {Severity::Warning, 2, 38},
                                                     {Severity::Warning, 2, 77}}))
      << dump(r.diagnostics);
}

TEST(OddJson, NulCharactersAreReported) {
  const auto r = csl("[{\"id\": \"a\", \"title\": \"x\\u0000y\"}]");
  ASSERT_EQ(keys(r.library), (Keys{"a"}));
  EXPECT_EQ(positions(r.diagnostics), (std::set<Pos>{{Severity::Warning, 1, 25}}))
      << dump(r.diagnostics);
  ReadOptions o;
  o.format = Format::BibTeX;
  const auto b = read(std::string("@misc{k, title={a\0b}}\n", 22), o);
  ASSERT_EQ(b.library.publications.size(), 1u);
  EXPECT_EQ(positions(b.diagnostics), (std::set<Pos>{{Severity::Warning, 1, 18}}))
      << dump(b.diagnostics);
}

TEST(BrokenJson, ASyntaxErrorAfterManyStreamedRecordsKeepsEachRecordOnce) {
  // Records are read while the document is parsed; a syntax error near the end sends the reader
  // back to record-by-record recovery, which must not count the records read before it twice
  // nor repeat what was said about them.
  std::string text = "[\n";
  for (int i = 0; i < 300; ++i)
    text += "  {\"id\": \"k" + std::to_string(i) + "\", \"title\": " + (i == 7 ? "42" : "\"T\"") +
            "},\n";
  text += "  {\"id\": \"bad\", \"title\" \"x\"},\n  {\"id\": \"last\", \"title\": \"L\"}\n]\n";
  const auto r = csl(text);
  ASSERT_EQ(r.library.publications.size(), 301u);
  EXPECT_EQ(r.library.publications.front().key, "k0");
  EXPECT_EQ(r.library.publications.back().key, "last");
  EXPECT_EQ(positions(r.diagnostics),
            (std::set<Pos>{{Severity::Warning, 9, 25}, {Severity::Error, 302, 25}}))
      << dump(r.diagnostics);
}

namespace papershelf {
namespace {

TEST(CslJson, RichTextMarkupOfCrossrefAndCsl) {
  const auto r = read_csl_json(R"([{"id": "x", "type": "article-journal",
    "title": "CO<sub>2</sub> in <span class=\"nocase\">iPhone</span> <b>cells</b>, <sup>13</sup>C and a <b> alone"}])",
                               ReadOptions{});
  ASSERT_EQ(r.library.publications.size(), 1u);
  const RichText& t = r.library.publications[0].title;
  EXPECT_EQ(t.text, "CO\u2082 in iPhone cells, \u00B9\u00B3C and a <b> alone");
  ASSERT_EQ(t.spans.size(), 2u);
  EXPECT_EQ(t.spans[0].style, SpanStyle::NoCase);
  EXPECT_EQ(t.text.substr(t.spans[1].begin, t.spans[1].end - t.spans[1].begin), "cells");
}

}  // namespace
}  // namespace papershelf

// Every reader ends a record with the same step (read/settle.hpp): the same paper written as
// BibTeX and as CSL-JSON gets the same arXiv id, links, status and type.
TEST(Readers, SettleTheSamePaperAlike) {
  struct Pair {
    const char* what;
    std::string bibtex;
    std::string csl_json;
  };
  const std::vector<Pair> pairs = {
      {"an arXiv DOI (Zotero)",
       "@article{a, title={T}, author={A, B}, year={2024}, doi={10.48550/arXiv.2401.09149}}",
       R"([{"id":"a","type":"article","title":"T","author":[{"family":"A","given":"B"}],"issued":{"date-parts":[[2024]]},"DOI":"10.48550/arXiv.2401.09149"}])"},
      {"only an arxiv.org address, no year",
       "@misc{a, title={T}, author={A, B}, url={http://arxiv.org/abs/2105.01234v2}}",
       R"([{"id":"a","type":"webpage","title":"T","author":[{"family":"A","given":"B"}],"URL":"http://arxiv.org/abs/2105.01234v2"}])"},
      {"a preprint server as the journal (Google Scholar)",
       "@article{a, title={T}, author={A, B}, year={2023}, journal={arXiv preprint "
       "arXiv:2301.00042}}",
       R"([{"id":"a","type":"article-journal","title":"T","author":[{"family":"A","given":"B"}],"issued":{"date-parts":[[2023]]},"container-title":"arXiv preprint arXiv:2301.00042"}])"},
      {"a bioRxiv DOI in a journal article",
       "@article{a, title={T}, author={A, B}, year={2022}, journal={bioRxiv}, "
       "doi={10.1101/2022.01.01.474747}}",
       R"([{"id":"a","type":"article-journal","title":"T","author":[{"family":"A","given":"B"}],"issued":{"date-parts":[[2022]]},"container-title":"bioRxiv","DOI":"10.1101/2022.01.01.474747"}])"},
      {"a venue that says it is submitted",
       "@article{a, title={T}, author={A, B}, year={2025}, journal={Submitted to Nature}}",
       R"([{"id":"a","type":"article-journal","title":"T","author":[{"family":"A","given":"B"}],"issued":{"date-parts":[[2025]]},"container-title":"Submitted to Nature"}])"},
      {"the same link twice, and a url that is the DOI's address",
       "@article{a, title={T}, author={A, B}, year={2020}, journal={J}, doi={10.1000/xyz}, "
       "url={https://doi.org/10.1000/xyz}}",
       R"([{"id":"a","type":"article-journal","title":"T","author":[{"family":"A","given":"B"}],"issued":{"date-parts":[[2020]]},"container-title":"J","DOI":"10.1000/xyz","URL":"https://doi.org/10.1000/xyz"}])"},
  };
  for (const Pair& pair : pairs) {
    SCOPED_TRACE(pair.what);
    ReadOptions o;
    const ReadResult from_bibtex = read_bibtex(pair.bibtex, o);
    const ReadResult from_csl = csl(pair.csl_json);
    ASSERT_EQ(from_bibtex.library.publications.size(), 1u);
    ASSERT_EQ(from_csl.library.publications.size(), 1u);
    const Publication& b = from_bibtex.library.publications[0];
    const Publication& c = from_csl.library.publications[0];
    EXPECT_EQ(b.arxiv(), c.arxiv());
    EXPECT_EQ(b.date.year, c.date.year);
    EXPECT_EQ(to_string(b.status), to_string(c.status));
    EXPECT_EQ(to_string(b.type), to_string(c.type));
    ASSERT_EQ(b.links.size(), c.links.size());
    for (std::size_t i = 0; i < b.links.size(); ++i) {
      EXPECT_EQ(b.links[i].label, c.links[i].label);
      EXPECT_EQ(b.links[i].url, c.links[i].url);
    }
  }
  // And what they settle to, for the first three: arXiv preprints with their arXiv link.
  for (std::size_t i = 0; i < 3; ++i) {
    const Publication p = csl(pairs[i].csl_json).library.publications.at(0);
    EXPECT_EQ(p.status, Status::Preprint) << pairs[i].what;
    EXPECT_FALSE(p.arxiv().empty()) << pairs[i].what;
    EXPECT_TRUE(std::any_of(p.links.begin(), p.links.end(), [](const Link& l) {
      return l.label == "arxiv";
    })) << pairs[i].what;
  }
}
