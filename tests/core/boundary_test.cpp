// What crosses between the core and its front ends (fields.hpp's tables): the JSON the core writes
// reads back as the same structs, so the canvas widget on the web draws what it draws natively.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "papershelf/boundary.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/export.hpp"
#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"

using namespace papershelf;
namespace pt = papershelf::testing;

namespace {

template <class T>
std::string json_of(const T& value) {
  json::Writer w;
  write_json(w, value);
  return w.take();
}

template <class T>
T read_back(const std::string& text) {
  json::Value v;
  EXPECT_TRUE(json::parse(text, v)) << text;
  T out;
  read_json(v, out);
  return out;
}

}  // namespace

TEST(Boundary, EveryFixtureRecordsViewModelReadsBackAsItself) {
  std::size_t records = 0;
  for (const auto& file : pt::list_files(pt::fixtures_dir() + "/valid", ".bib")) {
    const ReadResult r = read(pt::read_file(file));
    Catalog catalog(r.library);
    FormatOptions options;
    options.owner = catalog.owner("Qinghao Hu");
    options.base = "https://example.org/papers/";
    for (const Publication& p : r.library.publications) {
      const ViewEntry entry = view_entry(p, options);
      const std::string text = json_of(entry);
      EXPECT_EQ(json_of(read_back<ViewEntry>(text)), text) << file << " " << p.key;
      ++records;
    }
  }
  EXPECT_GT(records, 30u);
}

TEST(Boundary, AQueryAnswersFacetsGroupsAndControlsReadBack) {
  const ReadResult r = read(pt::read_file(pt::fixtures_dir() + "/valid/bib_alfolio.bib"));
  Catalog catalog(r.library);
  QueryText text;
  text.group = "year";
  text.facets = true;
  const QueryAnswer a = catalog.query(text);
  ASSERT_FALSE(a.view.groups.empty());
  ASSERT_TRUE(a.useful.has_value());
  EXPECT_EQ(json_of(read_back<Facets>(json_of(a.facets))), json_of(a.facets));
  EXPECT_EQ(json_of(read_back<Group>(json_of(a.view.groups[0]))), json_of(a.view.groups[0]));
  EXPECT_EQ(json_of(read_back<UsefulControls>(json_of(*a.useful))), json_of(*a.useful));
}

TEST(Boundary, ARequestSetsWhatItNamesWithTheRightTypeAndNothingElse) {
  const auto text = read_back<QueryText>(
      R"({"search": "llm", "filter": 7, "edits": [{"toggle": "selected"}, 3, {"kind": "year", "value": "2024"}],)"
      R"( "facets": true, "fromLink": "yes", "unknown": 1})");
  EXPECT_EQ(text.search, "llm");
  EXPECT_EQ(text.filter, "");    // (not a string: left as it was)
  EXPECT_FALSE(text.from_link);  // (not a boolean)
  EXPECT_TRUE(text.facets);
  ASSERT_EQ(text.edits.size(), 2u);  // (an edit that is not an object is dropped)
  EXPECT_EQ(text.edits[0].toggle, "selected");
  EXPECT_EQ(text.edits[1].kind, "year");
  EXPECT_EQ(text.edits[1].value, "2024");
  // A record's absent count is null, and reads back absent.
  ViewEntry e;
  EXPECT_NE(json_of(e).find("\"citations\":null"), std::string::npos);
  EXPECT_FALSE(read_back<ViewEntry>(json_of(e)).citations.has_value());
  EXPECT_EQ(json_of(e).find("editors"), std::string::npos);  // (only written when true)
}

// ps_query's answer: the query's groups, counts, clauses and state as one object, its facets only
// when asked and `useful` only when the core judged it.
TEST(Boundary, AViewAnswerWritesTheQueryAnswerWithoutItsIndices) {
  const ReadResult r = read(R"(
@inproceedings{a, title={Learning to Shelve}, author={Hu, Qinghao* and Zhang, Wei}, booktitle={NSDI}, year={2024}}
@article{b, title={Learning Less}, author={Zhang, Wei}, journal={JMLR}, year={2021}}
@inproceedings{c, title={Unrelated}, author={Hu, Qinghao}, booktitle={OSDI}, year={2020}}
)");
  Catalog catalog(r.library);
  QueryText text;
  text.search = "learning";
  text.filter = "type:conference";
  text.sort = "title";
  text.group = "year";
  QueryAnswer a = catalog.query(text);
  ASSERT_EQ(a.view.entries, (std::vector<std::uint32_t>{0}));
  const std::string without = json_of(catalog.answer(a, false));
  EXPECT_EQ(a.view.entries, (std::vector<std::uint32_t>{0}));  // (left for the binding's memory)
  EXPECT_EQ(
      without,
      R"({"groups":[{"key":"2024","label":"2024","begin":0,"count":1}],"total":3,"marks":"*",)"
      R"("clauses":[{"kind":"type","value":"conference","text":"type:conference","label":"Conference"}],)"
      R"("errors":[],"applied":{"search":"learning","sort":"title-asc","group":"year","filter":"type:conference"},)"
      R"("defaults":{"sort":"year-desc","group":"none"},"controls":"none"})");

  text.facets = true;  // (narrowed by a search and a filter: no `useful`)
  QueryAnswer with = catalog.query(text);
  const std::string facets = json_of(catalog.answer(with, true));
  EXPECT_EQ(facets.substr(0, facets.find(R"(,"facets":)")), without.substr(0, without.rfind(',')));
  EXPECT_NE(facets.find(R"(,"facets":{"years":[{"key":"2024","label":"2024","count":1}],)"),
            std::string::npos)
      << facets;
  EXPECT_EQ(facets.substr(facets.rfind(',')), R"(,"controls":"none"})");
  EXPECT_EQ(facets.find("useful"), std::string::npos);

  QueryText whole;  // (its one clause is unknown: nothing narrows the list, so `useful` comes)
  whole.facets = true;
  whole.controls = "search";
  whole.filter = "bogus:1";
  QueryAnswer whole_answer = catalog.query(whole);
  const std::string all = json_of(catalog.answer(whole_answer, true));
  EXPECT_NE(all.find(R"("errors":["unknown filter \"bogus:1\""],)"), std::string::npos) << all;
  EXPECT_NE(all.find(R"("controls":"search","useful":{"year":true,)"), std::string::npos) << all;
  EXPECT_EQ(json_of(read_back<ViewAnswer>(all)), all);
  EXPECT_EQ(json_of(read_back<ViewAnswer>(without)), without);
}

// ps_library_profile's answer: the data's profile, field by field, with its links and legend.
TEST(Boundary, AProfileWritesEveryFieldAndReadsBackAsItself) {
  Profile p;
  p.name = "Qinghao Hu";
  p.aliases = {"Q. Hu"};
  p.photo = "me.jpg";
  p.links = {{"github", "https://github.com/example"}};
  p.legend = {{"*", "equal contribution"}};
  const std::string text = json_of(p);
  EXPECT_EQ(text,
            R"({"name":"Qinghao Hu","aliases":["Q. Hu"],"position":"","affiliation":"",)"
            R"("photo":"me.jpg","links":[{"label":"github","url":"https://github.com/example"}],)"
            R"("interests":[],"legend":[{"symbol":"*","meaning":"equal contribution"}]})");
  const Profile back = read_back<Profile>(text);
  EXPECT_EQ(back.links, p.links);
  EXPECT_EQ(back.legend, p.legend);
  EXPECT_EQ(json_of(back), text);
}

// ps_stats's answer (and `papershelf stats --format json`): a small library's statistics, every
// key in order; the zero counts of a count map and the citations block without counts left out.
TEST(Boundary, StatsWriteTheirTablesLeavingOutZeroCountsAndAbsentCitations) {
  const std::string bib =
      "@inproceedings{a, author={Ada Lovelace and Bob Smith}, title={One}, booktitle={NSDI}, "
      "year={2021}}\n"
      "@article{b, author={Ada Lovelace}, title={Two}, journal={JACM}, year={2023}}\n";
  const OwnerMatcher ada(std::vector<std::string>{"Ada Lovelace"});
  const Stats s = compute_stats(read(bib).library, ada);
  const std::string text = json_of(s);
  EXPECT_EQ(
      text,
      R"({"total":2,"types":{"conference":1,"journal":1},"statuses":{"published":2},)"
      R"("firstAuthor":2,"awards":0,"selected":0,"years":[)"
      R"({"year":2021,"total":1,"types":{"conference":1}},)"
      R"({"year":2022,"total":0,"types":{}},)"
      R"({"year":2023,"total":1,"types":{"journal":1}}],"undated":0,)"
      R"("venues":[{"key":"JACM","count":1,"lastYear":2023},)"
      R"({"key":"NSDI","count":1,"lastYear":2021}],)"
      R"("coauthors":[{"name":"Bob Smith","count":1,"lastYear":2021,"variants":["Bob Smith"]}]})");
  EXPECT_EQ(json_of(read_back<Stats>(text)), text);
  // The CLI's and the binding's JSON is the same, indented.
  json::Writer indented(2);
  write_json(indented, s);
  EXPECT_EQ(format_stats_json(s), indented.take());

  // With counts: the citations block, and its date only when a record gives one.
  const Stats cited = compute_stats(
      read("@article{a, author={Ada Lovelace}, title={T}, year={2020}, citations={12}}").library,
      ada);
  EXPECT_NE(
      json_of(cited).find(R"(,"citations":{"total":12,"records":1,"hIndex":1,"i10Index":1}})"),
      std::string::npos)
      << json_of(cited);
  const Stats dated = compute_stats(read("@article{a, author={Ada Lovelace}, title={T}, "
                                         "year={2020}, citations={3}, "
                                         "citations_updated={2026-11-27}}")
                                        .library,
                                    ada);
  const std::string dated_text = json_of(dated);
  EXPECT_NE(
      dated_text.find(
          R"("citations":{"total":3,"records":1,"hIndex":1,"i10Index":0,"updated":"2026-11-27"}})"),
      std::string::npos)
      << dated_text;
  const Stats back = read_back<Stats>(dated_text);
  ASSERT_TRUE(back.citations);
  EXPECT_EQ(back.citations->updated, "2026-11-27");
  EXPECT_EQ(json_of(back), dated_text);
}

// A count map read back names only the values it counts: every other one is zero.
TEST(Boundary, ACountMapReadsTheCountsItNamesAndZeroesTheRest) {
  Stats s;
  s.by_type[static_cast<std::size_t>(PubType::Conference)] = 4;
  json::Value request;
  ASSERT_TRUE(json::parse(R"({"types":{"journal":2,"nonsense":9},"total":2})", request));
  read_json(request, s);
  EXPECT_EQ(s.by_type[static_cast<std::size_t>(PubType::Conference)], 0u);
  EXPECT_EQ(s.by_type[static_cast<std::size_t>(PubType::Journal)], 2u);
  EXPECT_EQ(s.total, 2u);
  EXPECT_FALSE(s.citations);
}

// ps_formats's answer: the styles, the names that are none, the exports, in that order.
TEST(Boundary, FormatsWriteStylesUnknownNamesAndExports) {
  Formats f;
  f.styles = {{"apa", "APA"}};
  f.unknown = {"nope"};
  f.exports = {{"bibtex", "BibTeX", "bib", "application/x-bibtex"}};
  const std::string text = json_of(f);
  EXPECT_EQ(text, R"({"styles":[{"name":"apa","label":"APA"}],"unknown":["nope"],)"
                  R"("exports":[{"name":"bibtex","label":"BibTeX","extension":"bib",)"
                  R"("mediaType":"application/x-bibtex"}]})");
  EXPECT_EQ(json_of(read_back<Formats>(text)), text);
}

// The requests the binding reads for the list's HTML and the card: what a field holds with the
// right JSON type, the default for anything else; the card's mode as an attribute says it, and
// interests as one text or a list.
TEST(Boundary, FormatAndCardRequestsReadWhatTheyNameOrKeepTheDefault) {
  FormatRequest f = read_back<FormatRequest>(
      R"({"owner":"Ada","maxAuthors":-1,"base":7,"pages":"publications/","panels":false})");
  EXPECT_EQ(f.owner, "Ada");
  EXPECT_FALSE(f.max_authors);  // (a negative count, or a fraction: the formatter's default)
  EXPECT_EQ(f.base, "");
  EXPECT_EQ(f.pages, "publications/");
  EXPECT_FALSE(f.panels);
  EXPECT_EQ(read_back<FormatRequest>(R"({"maxAuthors":2.5})").max_authors, std::nullopt);
  EXPECT_EQ(read_back<FormatRequest>(R"({"maxAuthors":3})").max_authors, 3u);
  EXPECT_TRUE(read_back<FormatRequest>("{}").panels);

  const ProfileCardRequest card = read_back<ProfileCardRequest>(
      R"({"top":0,"mode":"FALSE","email":"plain","headingLevel":2,)"
      R"("profile":{"name":"Ada","interests":" proofs ; engines;\n;","links":[{"label":"GitHub",)"
      R"("url":"https://g"},3]}})");
  EXPECT_EQ(card.top, 0u);
  EXPECT_EQ(card.mode, ProfileMode::None);
  EXPECT_EQ(card.email, EmailDisplay::Plain);
  EXPECT_EQ(card.heading_level, 2);
  EXPECT_EQ(card.profile.name, "Ada");
  EXPECT_EQ(card.profile.interests, (std::vector<std::string>{"proofs", "engines"}));
  EXPECT_EQ(card.profile.links, (Links{{"GitHub", "https://g"}}));
  const ProfileCardRequest plain =
      read_back<ProfileCardRequest>(R"({"mode":"bogus","email":"Hidden","headingLevel":"2"})");
  EXPECT_EQ(plain.mode, ProfileMode::Full);
  EXPECT_EQ(plain.email, EmailDisplay::Obfuscated);
  EXPECT_FALSE(plain.heading_level);
  EXPECT_FALSE(plain.top);
}
