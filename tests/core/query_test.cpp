// The query engine: filters, filter text, search and match ranges, sorting, grouping, facets.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "papershelf/catalog.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "records.hpp"

using namespace papershelf;

namespace {

using papershelf::testing::person;

struct Builder {
  Library lib;
  Publication& add(std::string key, int year = 0, PubType type = PubType::Conference) {
    Publication p;
    p.key = std::move(key);
    p.title = "Title of " + p.key;
    p.date.year = year;
    p.type = type;
    p.order = static_cast<std::uint32_t>(lib.publications.size());
    lib.publications.push_back(std::move(p));
    return lib.publications.back();
  }
};

std::vector<std::string> keys_of(const Library& lib, const View& v) {
  std::vector<std::string> out;
  for (auto i : v.entries) out.push_back(lib.publications[i].key);
  return out;
}

std::vector<std::string> run(const Library& lib, const Query& q, const OwnerMatcher& owner = {}) {
  return keys_of(lib, run_query(lib, q, owner));
}

Query filtered(const Filter& f) {
  Query q;
  q.filter = f;
  q.sort = {{SortField::File, false}};
  return q;
}

Query searched(std::string text) {
  Query q;
  q.search = std::move(text);
  q.sort = {{SortField::File, false}};
  return q;
}

using Keys = std::vector<std::string>;

// A small library exercising every filter.
Library sample() {
  Builder b;
  {
    auto& p = b.add("nsdi24", 2024, PubType::Conference);
    p.title = "Characterization of LLM Development in the Datacenter";
    p.edit_rare().badge = "NSDI";
    p.venue = "USENIX NSDI";
    p.authors = {person("Qinghao", "Hu", "*"), person("Zhisheng", "Ye", "*"),
                 person("Tianwei", "Zhang")};
    p.edit_rare().tags = {"LLM", "datacenter"};
    p.selected = true;
    p.edit_rare().award = "Best Paper Award";
    p.edit_rare().award_label = "Best Paper";
  }
  {
    auto& p = b.add("tpds23", 2023, PubType::Journal);
    p.title = "Deep Learning Workload Scheduling in GPU Datacenters";
    p.edit_rare().badge = "TPDS";
    p.venue = "IEEE Transactions on Parallel and Distributed Systems";
    p.authors = {person("Zhisheng", "Ye", "*"), person("Qinghao", "Hu", "*"),
                 person("José", "García")};
    p.edit_rare().tags = {"scheduling"};
  }
  {
    auto& p = b.add("arxiv24", 2024, PubType::Preprint);
    p.status = Status::Preprint;
    p.title = "Zürich Notes on Straße Networks";
    p.authors = {person("Ana", "Sánchez"), person("Qinghao", "Hu")};
    p.edit_rare().note = "Under submission";
  }
  {
    auto& p = b.add("sc21", 2021, PubType::Conference);
    p.title = "Characterizing Deep Learning Training Workloads";
    p.edit_rare().badge = "SC";
    p.venue = "Supercomputing";
    p.authors = {person("Qinghao", "Hu"), person("Peng", "Sun")};
    p.edit_rare().award_label = "Best Student Paper Finalist";
    p.selected = true;
    p.edit_rare().tags = {"llm"};
  }
  {
    auto& p = b.add("undated", 0, PubType::Misc);
    p.status = Status::Submitted;
    p.title = "A Manuscript Without a Date";
    p.authors = {person("Wei", "Zhang")};
    p.edit_rare().abstract = "We study zebra crossings.";
  }
  return b.lib;
}

OwnerMatcher owner_hu() { return OwnerMatcher({"Qinghao Hu"}); }

}  // namespace

// ---------------------------------------------------------------- filters

TEST(Filter, EmptyKeepsEverythingInSortOrder) {
  const Library lib = sample();
  Query q;  // default: newest first, ties in file order, undated last
  const View v = run_query(lib, q);
  EXPECT_EQ(keys_of(lib, v), (Keys{"nsdi24", "arxiv24", "tpds23", "sc21", "undated"}));
  EXPECT_EQ(v.total, 5u);
  EXPECT_TRUE(v.groups.empty());
  EXPECT_TRUE(Filter{}.empty());
}

TEST(Filter, YearRangeWithOpenEnds) {
  const Library lib = sample();
  Filter f;
  f.year_from = 2022;
  f.year_to = 2024;
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"nsdi24", "tpds23", "arxiv24"}));
  f.year_to = 0;  // open end: undated records are not "after 2022"
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"nsdi24", "tpds23", "arxiv24"}));
  f.year_from = 0;
  f.year_to = 2021;
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"sc21"}));
  f.year_from = f.year_to = 2023;
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"tpds23"}));
  f.year_from = f.year_to = 2022;
  EXPECT_TRUE(run(lib, filtered(f)).empty());
}

TEST(Filter, TypesAndStatusesCombineWithOr) {
  const Library lib = sample();
  Filter f;
  f.types = {PubType::Journal, PubType::Preprint};
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"tpds23", "arxiv24"}));
  Filter s;
  s.statuses = {Status::Preprint, Status::Submitted};
  EXPECT_EQ(run(lib, filtered(s)), (Keys{"arxiv24", "undated"}));
  s.statuses = {Status::Published};
  EXPECT_EQ(run(lib, filtered(s)), (Keys{"nsdi24", "tpds23", "sc21"}));
}

TEST(Filter, VenuesMatchBadgeOrVenueInsensitively) {
  const Library lib = sample();
  Filter f;
  f.venues = {"nsdi"};
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"nsdi24"}));
  f.venues = {"supercomputing", "TPDS"};
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"tpds23", "sc21"}));
  f.venues = {"NSD"};  // whole values, not substrings
  EXPECT_TRUE(run(lib, filtered(f)).empty());
}

// DBLP writes the proceedings' whole title, commas and all, as the venue: the menu's value is one
// venue, not a list (choosing it showed no publication).
TEST(Filter, AVenueWithCommasInItsNameIsOneVenue) {
  const std::string dblp =
      "36th IEEE International Conference on Data Engineering, ICDE 2020, Dallas, TX, USA, April "
      "20-24, 2020";
  const std::string filter = set_clause("", "venue", dblp);
  const Filter f = parse_filter(filter);
  EXPECT_EQ(f.venues, (std::vector<std::string>{dblp}));
  EXPECT_EQ(filter_clauses(f).at(0).label, dblp);
  // A list written by the core (no space after its commas) is still a list.
  EXPECT_EQ(parse_filter(set_clause(filter, "venue", "NSDI,OSDI")).venues,
            (std::vector<std::string>{"NSDI", "OSDI"}));
  Library lib;
  Publication p;
  p.key = "icde";
  p.title = "T";
  p.venue = dblp;
  lib.publications.push_back(p);
  Query q;
  q.filter = f;
  EXPECT_EQ(run_query(lib, q).entries.size(), 1u);
}

TEST(Filter, TagsSelectedAward) {
  const Library lib = sample();
  Filter f;
  f.tags = {"llm"};  // "LLM" and "llm" both match
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"nsdi24", "sc21"}));
  Filter s;
  s.selected_only = true;
  EXPECT_EQ(run(lib, filtered(s)), (Keys{"nsdi24", "sc21"}));
  Filter a;
  a.has_award = true;  // an award label alone counts
  EXPECT_EQ(run(lib, filtered(a)), (Keys{"nsdi24", "sc21"}));
}

TEST(Filter, AuthorContainsIsFolded) {
  const Library lib = sample();
  Filter f;
  f.author = "zhang";
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"nsdi24", "undated"}));
  f.author = "GARCIA";
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"tpds23"}));
  f.author = "Sanchez";
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"arxiv24"}));
  f.author = "nobody";
  EXPECT_TRUE(run(lib, filtered(f)).empty());
}

TEST(Filter, OwnerFirstAuthorIncludesEqualContribution) {
  const Library lib = sample();
  Filter f;
  f.owner_first = true;
  // nsdi24: owner first; tpds23: owner second but shares the first author's "*";
  // sc21: owner first; arxiv24: owner second without a mark.
  EXPECT_EQ(run(lib, filtered(f), owner_hu()), (Keys{"nsdi24", "tpds23", "sc21"}));
  EXPECT_TRUE(run(lib, filtered(f)).empty());  // no owner given: nobody is "first author"
}

TEST(Filter, OwnerFirstAuthorEdgeCases) {
  const OwnerMatcher owner = owner_hu();
  Publication p;
  EXPECT_FALSE(owner_is_first_author(p, owner));  // no authors
  p.authors = {person("A", "One", "*"), person("B", "Two"), person("Qinghao", "Hu", "*")};
  EXPECT_FALSE(owner_is_first_author(p, owner));  // the run of "*" is broken by Two
  p.authors = {person("A", "One", "\xE2\x88\x97"),
               person("Qinghao", "Hu", "\xE2\x88\x97\xE2\x80\xA0")};
  EXPECT_TRUE(owner_is_first_author(p, owner));  // Unicode asterisk, plus another mark
  p.authors = {person("A", "One", "\xE2\x80\xA0"), person("Qinghao", "Hu", "\xE2\x80\xA0")};
  EXPECT_FALSE(owner_is_first_author(p, owner));  // † is not equal contribution
}

TEST(Filter, ClausesCombineWithAnd) {
  const Library lib = sample();
  Filter f;
  f.types = {PubType::Conference};
  f.year_from = 2022;
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"nsdi24"}));
  f.year_from = 0;
  f.selected_only = true;
  f.tags = {"LLM"};
  f.author = "sun";
  EXPECT_EQ(run(lib, filtered(f)), (Keys{"sc21"}));
  Query q = filtered(f);
  q.search = "deep";
  EXPECT_EQ(run(lib, q), (Keys{"sc21"}));
  q.search = "datacenter";
  EXPECT_TRUE(run(lib, q).empty());
}

// ---------------------------------------------------------------- filter text

TEST(FilterText, ParsesEveryClause) {
  std::string error;
  const Filter f = parse_filter(
      "year:2020-2024 type:conference,journal status:preprint venue:NSDI tag:llm selected award "
      "author:Zhang first-author",
      &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(f.year_from, 2020);
  EXPECT_EQ(f.year_to, 2024);
  EXPECT_EQ(f.types, (std::vector<PubType>{PubType::Conference, PubType::Journal}));
  EXPECT_EQ(f.statuses, (std::vector<Status>{Status::Preprint}));
  EXPECT_EQ(f.venues, (Keys{"NSDI"}));
  EXPECT_EQ(f.tags, (Keys{"llm"}));
  EXPECT_TRUE(f.selected_only);
  EXPECT_TRUE(f.has_award);
  EXPECT_EQ(f.author, "Zhang");
  EXPECT_TRUE(f.owner_first);
  EXPECT_FALSE(f.empty());
}

TEST(FilterText, YearForms) {
  auto years = [](const char* text) {
    std::string error;
    const Filter f = parse_filter(text, &error);
    EXPECT_EQ(error, "") << text;
    return std::pair{f.year_from, f.year_to};
  };
  EXPECT_EQ(years("year:2021"), (std::pair{2021, 2021}));
  EXPECT_EQ(years("year:2020-"), (std::pair{2020, 0}));
  EXPECT_EQ(years("year:-2024"), (std::pair{0, 2024}));
  EXPECT_EQ(years("year:2020..2024"), (std::pair{2020, 2024}));
  EXPECT_EQ(years(""), (std::pair{0, 0}));
}

TEST(FilterText, QuotedValuesKeepSpaces) {
  std::string error;
  const Filter f = parse_filter("venue:\"OSDI 2024\" author:\"van Rossum\"", &error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(f.venues, (Keys{"OSDI 2024"}));
  EXPECT_EQ(f.author, "van Rossum");
}

TEST(FilterText, ErrorsNameTheBadClause) {
  for (const char* bad :
       {"type:poem", "status:maybe", "year:abc", "year:-", "colour:red", "year:2020-20x"}) {
    std::string error;
    parse_filter(bad, &error);
    EXPECT_FALSE(error.empty()) << bad;
  }
  std::string error;
  const Filter f = parse_filter("type:poem,journal colour:red", &error);
  EXPECT_NE(error.find("poem"), std::string::npos) << error;
  EXPECT_NE(error.find("colour"), std::string::npos) << error;
  EXPECT_EQ(f.types, (std::vector<PubType>{PubType::Journal}));  // the valid part is kept
}

TEST(FilterText, RoundTrip) {
  for (const char* text :
       {"year:2020-2024 type:conference,journal status:preprint venue:NSDI tag:llm "
        "selected award author:Zhang first-author",
        "year:2021", "year:2020-", "year:-2024", "\"venue:OSDI 2024,NSDI\"",
        "\"author:van Rossum\"", "status:in-preparation,submitted", ""}) {
    std::string error;
    const Filter f = parse_filter(text, &error);
    EXPECT_EQ(error, "") << text;
    EXPECT_EQ(to_string(f), text);
    const Filter g = parse_filter(to_string(f));
    EXPECT_EQ(to_string(g), to_string(f));
    EXPECT_EQ(g.venues, f.venues);
    EXPECT_EQ(g.author, f.author);
  }
}

// ---------------------------------------------------------------- search

TEST(Search, TermsAreFoldedAndPhrasesKept) {
  EXPECT_EQ(search_terms("  Zürich  \"Large Language\" GPU "),
            (Keys{"zurich", "large language", "gpu"}));
  EXPECT_TRUE(search_terms("   ").empty());
  EXPECT_TRUE(search_terms("\"\"").empty());
}

TEST(Search, AllWordsRequiredCaseAndDiacriticInsensitive) {
  const Library lib = sample();
  EXPECT_EQ(run(lib, searched("zurich")), (Keys{"arxiv24"}));
  EXPECT_EQ(run(lib, searched("ZÜRICH")), (Keys{"arxiv24"}));
  EXPECT_EQ(run(lib, searched("strasse")), (Keys{"arxiv24"}));
  EXPECT_EQ(run(lib, searched("sanchez")), (Keys{"arxiv24"}));  // author
  EXPECT_EQ(run(lib, searched("datacenter")), (Keys{"nsdi24", "tpds23"}));
  EXPECT_EQ(run(lib, searched("datacenter deep")), (Keys{"tpds23"}));
  EXPECT_EQ(run(lib, searched("datacenter nonexistent")), Keys{});
  EXPECT_EQ(run(lib, searched("")).size(), 5u);
}

TEST(Search, CoversVenueBadgeTagsNoteAbstract) {
  const Library lib = sample();
  EXPECT_EQ(run(lib, searched("supercomputing")), (Keys{"sc21"}));  // venue
  EXPECT_EQ(run(lib, searched("tpds")), (Keys{"tpds23"}));          // badge
  EXPECT_EQ(run(lib, searched("scheduling")), (Keys{"tpds23"}));    // title and tag
  EXPECT_EQ(run(lib, searched("submission")), (Keys{"arxiv24"}));   // note
  EXPECT_EQ(run(lib, searched("zebra")), (Keys{"undated"}));        // abstract
}

TEST(Search, QuotedPhrases) {
  const Library lib = sample();
  EXPECT_EQ(run(lib, searched("\"deep learning\"")), (Keys{"tpds23", "sc21"}));
  EXPECT_EQ(run(lib, searched("\"learning deep\"")), Keys{});
  EXPECT_EQ(run(lib, searched("\"training workloads\" characterizing")), (Keys{"sc21"}));
}

TEST(Search, TermsDoNotMatchAcrossFields) {
  Builder b;
  auto& p = b.add("x", 2020);
  p.title = "alpha";
  p.venue = "beta";
  const SearchIndex index(b.lib);
  EXPECT_TRUE(index.contains_all(0, search_terms("alpha beta")));
  EXPECT_FALSE(index.contains_all(0, search_terms("\"alpha beta\"")));
  EXPECT_FALSE(index.contains_all(7, search_terms("alpha")));  // out of range
  EXPECT_EQ(index.size(), 1u);
}

TEST(Search, PrebuiltIndexGivesTheSameView) {
  const Library lib = sample();
  const SearchIndex index(lib);
  Query q = searched("hu learning");
  EXPECT_EQ(keys_of(lib, run_query(lib, q, {}, &index)), keys_of(lib, run_query(lib, q)));
  EXPECT_EQ(run(lib, q), (Keys{"tpds23", "sc21"}));
}

TEST(Search, MatchesAPlainSubstringSearchOnRandomText) {
  // The index scan tests eight positions at a time (first and last byte of the term); compared
  // here with std::string::find on titles and terms from a small alphabet, so that near misses,
  // overlapping and repeated hits and hits at every position inside a word all occur.
  std::mt19937 random(7);
  auto text_of = [&](std::size_t length) {
    std::string t;
    for (std::size_t i = 0; i < length; ++i) t += "aabs "[random() % 5];
    return t;
  };
  for (int round = 0; round < 30; ++round) {
    Builder b;
    for (int i = 0; i < 40; ++i) b.add("k" + std::to_string(i)).title = text_of(random() % 60);
    const SearchIndex index(b.lib);
    for (int t = 0; t < 20; ++t) {
      std::string term = text_of(1 + random() % 10);
      while (!term.empty() && term.back() == ' ') term.pop_back();
      while (!term.empty() && term.front() == ' ') term.erase(0, 1);
      if (term.empty()) continue;
      const std::vector<std::string> terms{term};
      const std::vector<std::uint8_t> found = index.matching(terms);
      for (std::size_t i = 0; i < b.lib.publications.size(); ++i) {
        const std::string& title = b.lib.publications[i].title.text;
        const bool want = title.find(term) != std::string::npos;
        ASSERT_EQ(found[i] != 0, want) << "'" << term << "' in '" << title << "'";
        ASSERT_EQ(index.contains_all(static_cast<std::uint32_t>(i), terms), want);
        std::vector<Match> expected;
        for (std::size_t at = title.find(term); at != std::string::npos;
             at = title.find(term, at + 1)) {
          const auto begin = static_cast<std::uint32_t>(at),
                     end = static_cast<std::uint32_t>(at + term.size());
          if (!expected.empty() && begin <= expected.back().end)
            expected.back().end = end;
          else
            expected.push_back({begin, end});
        }
        const std::vector<Match> got = find_matches(title, terms);
        ASSERT_EQ(got.size(), expected.size()) << "'" << term << "' in '" << title << "'";
        for (std::size_t m = 0; m < got.size(); ++m) {
          EXPECT_EQ(got[m].begin, expected[m].begin);
          EXPECT_EQ(got[m].end, expected[m].end);
        }
      }
    }
  }
}

// ---------------------------------------------------------------- match ranges

TEST(FindMatches, RangesAreBytesOfTheOriginal) {
  const std::string text = "Zürich Straße";  // Z ü(1-2) r i c h | space 7 | S8 t r a ß(12-13) e14
  EXPECT_EQ(find_matches(text, {"zurich"}), (std::vector<Match>{{0, 7}}));
  EXPECT_EQ(find_matches(text, {"strasse"}), (std::vector<Match>{{8, 15}}));
  EXPECT_EQ(find_matches(text, {"ü"}), std::vector<Match>{});  // terms must be folded already
  EXPECT_EQ(find_matches(text, search_terms("Ü")), (std::vector<Match>{{1, 3}}));
}

TEST(FindMatches, ExpansionsAreCoveredWhole) {
  const std::string text = "Straße";  // ß is bytes 4-5
  // "stras" ends inside ß's "ss": the whole ß is highlighted.
  EXPECT_EQ(find_matches(text, {"stras"}), (std::vector<Match>{{0, 6}}));
  // "se" starts inside ß's "ss": the match starts at ß.
  EXPECT_EQ(find_matches(text, {"se"}), (std::vector<Match>{{4, 7}}));
  EXPECT_EQ(find_matches(text, {"ss"}), (std::vector<Match>{{4, 6}}));
}

TEST(FindMatches, DecomposedMarksStayInsideTheMatch) {
  const std::string text = "Zu\xCC\x88rich";  // u + U+0308 (bytes 2-3)
  EXPECT_EQ(find_matches(text, {"zu"}), (std::vector<Match>{{0, 4}}));
  EXPECT_EQ(find_matches(text, {"rich"}), (std::vector<Match>{{4, 8}}));
}

TEST(FindMatches, SortedMergedAndRepeated) {
  EXPECT_EQ(find_matches("a b a", {"a"}), (std::vector<Match>{{0, 1}, {4, 5}}));
  EXPECT_EQ(find_matches("Zürich", {"rich", "zu"}),
            (std::vector<Match>{{0, 7}}));  // adjacent merge
  EXPECT_EQ(find_matches("abcdef", {"bcd", "cde"}), (std::vector<Match>{{1, 5}}));  // overlap merge
  EXPECT_EQ(find_matches("aaa", {"aa"}), (std::vector<Match>{{0, 3}}));
  EXPECT_TRUE(find_matches("", {"a"}).empty());
  EXPECT_TRUE(find_matches("abc", {}).empty());
  EXPECT_TRUE(find_matches("abc", {"x"}).empty());
}

// ---------------------------------------------------------------- sort

TEST(SortText, DefaultsDirectionsAndErrors) {
  using K = std::vector<SortKey>;
  EXPECT_EQ(parse_sort(""), default_sort());
  EXPECT_EQ(default_sort(), (K{{SortField::Year, true}}));
  EXPECT_EQ(parse_sort("year"), (K{{SortField::Year, true}}));
  EXPECT_EQ(parse_sort("citations"), (K{{SortField::Citations, true}}));
  EXPECT_EQ(parse_sort("title"), (K{{SortField::Title, false}}));
  EXPECT_EQ(parse_sort("year-asc,title-desc"),
            (K{{SortField::Year, false}, {SortField::Title, true}}));
  EXPECT_EQ(parse_sort(" Year-DESC , author "),
            (K{{SortField::Year, true}, {SortField::Author, false}}));
  EXPECT_EQ(parse_sort("venue,badge,type,status,file"), (K{{SortField::Venue, false},
                                                           {SortField::Badge, false},
                                                           {SortField::Type, false},
                                                           {SortField::Status, false},
                                                           {SortField::File, false}}));
  for (const char* bad : {"bogus", "year-sideways", "title,nope", "-desc"}) {
    std::string error;
    EXPECT_FALSE(parse_sort(bad, &error).has_value()) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  std::string error;
  parse_sort("year,bogus-asc", &error);
  EXPECT_NE(error.find("bogus"), std::string::npos) << error;
}

TEST(SortText, RoundTrip) {
  for (const char* text :
       {"year-desc", "year-asc,title-desc", "citations-desc,author-asc,file-asc"}) {
    auto keys = parse_sort(text);
    ASSERT_TRUE(keys.has_value()) << text;
    EXPECT_EQ(to_string(*keys), text);
  }
  EXPECT_EQ(to_string(SortField::Citations), "citations");
}

TEST(Sort, TiesKeepFileOrder) {
  Builder b;
  for (const char* k : {"a", "b", "c", "d", "e", "f"}) b.add(k, 2020);
  b.lib.publications[2].date.year = 2021;
  b.lib.publications[4].date.year = 2021;
  Query q;
  EXPECT_EQ(run(b.lib, q), (Keys{"c", "e", "a", "b", "d", "f"}));
  q.sort = *parse_sort("year-asc");
  EXPECT_EQ(run(b.lib, q), (Keys{"a", "b", "d", "f", "c", "e"}));
}

TEST(Sort, MonthAndDayInsideAYear) {
  Builder b;
  b.add("year-only", 2024);
  b.add("march", 2024).date.month = 3;
  b.add("november", 2024).date.month = 11;
  auto& d = b.add("march-20", 2024);
  d.date.month = 3;
  d.date.day = 20;
  b.add("older", 2023).date.month = 12;
  Query q;
  EXPECT_EQ(run(b.lib, q), (Keys{"november", "march-20", "march", "year-only", "older"}));
}

TEST(Sort, MissingValuesGoLastInBothDirections) {
  Builder b;
  b.add("none1", 0);
  b.add("y2020", 2020);
  b.add("none2", 0);
  b.add("y2024", 2024);
  Query q;
  EXPECT_EQ(run(b.lib, q), (Keys{"y2024", "y2020", "none1", "none2"}));
  q.sort = *parse_sort("year-asc");
  EXPECT_EQ(run(b.lib, q), (Keys{"y2020", "y2024", "none1", "none2"}));

  b.lib.publications[0].edit_rare().citations = 5;
  b.lib.publications[3].edit_rare().citations = 100;
  q.sort = *parse_sort("citations");
  EXPECT_EQ(run(b.lib, q), (Keys{"y2024", "none1", "y2020", "none2"}));
  q.sort = *parse_sort("citations-asc");
  EXPECT_EQ(run(b.lib, q), (Keys{"none1", "y2024", "y2020", "none2"}));
}

TEST(Sort, TextKeysAreFolded) {
  Builder b;
  b.add("e", 2020).title = "Émile and the Detectives";
  b.add("b", 2020).title = "banana";
  b.add("a", 2020).title = "Apple";
  Query q;
  q.sort = *parse_sort("title");
  EXPECT_EQ(run(b.lib, q), (Keys{"a", "b", "e"}));
  q.sort = *parse_sort("title-desc");
  EXPECT_EQ(run(b.lib, q), (Keys{"e", "b", "a"}));
}

TEST(Sort, MultiKeyAndAuthorOrder) {
  Builder b;
  b.add("zhang21", 2021).authors = {person("Wei", "Zhang")};
  b.add("alvarez21", 2021).authors = {person("Ana", "Álvarez")};
  b.add("brown24", 2024).authors = {person("Bob", "Brown")};
  b.add("noauthor24", 2024);
  Query q;
  q.sort = *parse_sort("year-desc,author-asc");
  EXPECT_EQ(run(b.lib, q), (Keys{"brown24", "noauthor24", "alvarez21", "zhang21"}));
  // Authors themselves are never reordered.
  const View v = run_query(b.lib, q);
  EXPECT_EQ(b.lib.publications[v.entries[0]].authors[0].family(), "Brown");
  q.sort = *parse_sort("file-desc");
  EXPECT_EQ(run(b.lib, q), (Keys{"noauthor24", "brown24", "alvarez21", "zhang21"}));
}

TEST(Sort, TypeAndStatusFollowTheEnumOrder) {
  const Library lib = sample();
  Query q;
  q.sort = *parse_sort("type,file");
  EXPECT_EQ(run(lib, q), (Keys{"nsdi24", "sc21", "tpds23", "arxiv24", "undated"}));
  q.sort = *parse_sort("status,year");
  EXPECT_EQ(run(lib, q), (Keys{"nsdi24", "tpds23", "sc21", "undated", "arxiv24"}));
}

// ---------------------------------------------------------------- grouping

namespace {
struct G {
  std::string key;
  std::string label;
  std::uint32_t begin;
  std::uint32_t count;
  friend bool operator==(const G& a, const G& b) {
    return a.key == b.key && a.label == b.label && a.begin == b.begin && a.count == b.count;
  }
  friend std::ostream& operator<<(std::ostream& os, const G& g) {
    return os << "{" << g.key << "," << g.label << "," << g.begin << "," << g.count << "}";
  }
};
std::vector<G> groups_of(const View& v) {
  std::vector<G> out;
  for (const auto& g : v.groups) out.push_back({g.key, g.label, g.begin, g.count});
  return out;
}
}  // namespace

TEST(Group, NamesRoundTrip) {
  EXPECT_EQ(group_from_string("year"), GroupBy::Year);
  EXPECT_EQ(group_from_string("Venue"), GroupBy::Venue);
  EXPECT_EQ(group_from_string("badge"), GroupBy::Venue);
  EXPECT_EQ(group_from_string(""), GroupBy::None);
  std::string error;
  EXPECT_EQ(group_from_string("colour", &error), std::nullopt);
  EXPECT_EQ(error, "unknown group \"colour\" (use none, year, type, status or venue)");
  EXPECT_EQ(to_string(GroupBy::Status), "status");
}

TEST(Group, ByYearNewestFirstUndatedLast) {
  const Library lib = sample();
  Query q;
  q.group = GroupBy::Year;
  const View v = run_query(lib, q);
  EXPECT_EQ(keys_of(lib, v), (Keys{"nsdi24", "arxiv24", "tpds23", "sc21", "undated"}));
  EXPECT_EQ(groups_of(v), (std::vector<G>{{"2024", "2024", 0, 2},
                                          {"2023", "2023", 2, 1},
                                          {"2021", "2021", 3, 1},
                                          {"undated", "Undated", 4, 1}}));
}

TEST(Group, ByYearFollowsAnAscendingYearSort) {
  const Library lib = sample();
  Query q;
  q.group = GroupBy::Year;
  q.sort = {{SortField::Year, false}};
  const View v = run_query(lib, q);
  EXPECT_EQ(keys_of(lib, v), (Keys{"sc21", "tpds23", "nsdi24", "arxiv24", "undated"}));
  ASSERT_EQ(v.groups.size(), 4u);
  EXPECT_EQ(v.groups.front().key, "2021");
  EXPECT_EQ(v.groups.back().key, "undated");
}

TEST(Group, ByTypeKeepsSortOrderInsideGroups) {
  const Library lib = sample();
  Query q;
  q.group = GroupBy::Type;
  const View v = run_query(lib, q);
  EXPECT_EQ(keys_of(lib, v), (Keys{"nsdi24", "sc21", "tpds23", "arxiv24", "undated"}));
  EXPECT_EQ(groups_of(v), (std::vector<G>{{"conference", "Conference", 0, 2},
                                          {"journal", "Journal", 2, 1},
                                          {"preprint", "Preprint", 3, 1},
                                          {"misc", "Other", 4, 1}}));
}

TEST(Group, ByStatusAndEmptyGroupsHidden) {
  const Library lib = sample();
  Query q;
  q.group = GroupBy::Status;
  q.filter.statuses = {Status::Published, Status::Submitted};
  const View v = run_query(lib, q);
  EXPECT_EQ(groups_of(v), (std::vector<G>{{"published", "Published", 0, 3},
                                          {"submitted", "Under review", 3, 1}}));
}

TEST(Group, ByVenueAlphabeticalOtherLast) {
  const Library lib = sample();
  Query q;
  q.group = GroupBy::Venue;
  const View v = run_query(lib, q);
  EXPECT_EQ(groups_of(v), (std::vector<G>{{"NSDI", "NSDI", 0, 1},
                                          {"SC", "SC", 1, 1},
                                          {"TPDS", "TPDS", 2, 1},
                                          {"", "Other", 3, 2}}));
  EXPECT_EQ(keys_of(lib, v), (Keys{"nsdi24", "sc21", "tpds23", "arxiv24", "undated"}));
}

TEST(Group, CountsCoverEveryEntry) {
  const Library lib = sample();
  for (GroupBy g : {GroupBy::Year, GroupBy::Type, GroupBy::Status, GroupBy::Venue}) {
    Query q;
    q.group = g;
    q.search = "hu";
    const View v = run_query(lib, q);
    std::uint32_t next = 0;
    for (const auto& group : v.groups) {
      EXPECT_EQ(group.begin, next);
      EXPECT_GT(group.count, 0u);
      next += group.count;
    }
    EXPECT_EQ(next, v.entries.size());
  }
  Query q;
  q.group = GroupBy::Year;
  q.search = "nothing-matches-this";
  const View v = run_query(lib, q);
  EXPECT_TRUE(v.entries.empty());
  EXPECT_TRUE(v.groups.empty());
  EXPECT_EQ(v.total, 5u);
}

// ---------------------------------------------------------------- facets

namespace {
std::vector<std::pair<std::string, std::uint32_t>> counts(const std::vector<FacetValue>& values) {
  std::vector<std::pair<std::string, std::uint32_t>> out;
  for (const auto& v : values) out.emplace_back(v.key, v.count);
  return out;
}
using C = std::vector<std::pair<std::string, std::uint32_t>>;
}  // namespace

TEST(Facets, CountsWithoutAQuery) {
  const Library lib = sample();
  const Facets f = facet_counts(lib, Query{}, owner_hu());
  EXPECT_EQ(counts(f.years), (C{{"2024", 2}, {"2023", 1}, {"2021", 1}}));
  EXPECT_EQ(counts(f.types), (C{{"conference", 2}, {"journal", 1}, {"preprint", 1}, {"misc", 1}}));
  EXPECT_EQ(counts(f.statuses), (C{{"published", 3}, {"submitted", 1}, {"preprint", 1}}));
  EXPECT_EQ(counts(f.venues).size(), 3u);
  EXPECT_EQ(counts(f.tags), (C{{"LLM", 1}, {"datacenter", 1}, {"llm", 1}, {"scheduling", 1}}));
  EXPECT_EQ(f.selected, 2u);
  EXPECT_EQ(f.awards, 2u);
  EXPECT_EQ(f.owner_first, 3u);
  EXPECT_EQ(f.cited, 0u);  // no record carries a citation count: sorting by them does nothing
  ASSERT_FALSE(f.types.empty());
  EXPECT_EQ(f.types[0].label, "Conference");
}

TEST(Facets, AFacetIgnoresItsOwnFilter) {
  const Library lib = sample();
  Query q;
  q.filter.types = {PubType::Conference};
  const Facets f = facet_counts(lib, q, owner_hu());
  // The type facet still shows every type (how many each would keep)...
  EXPECT_EQ(counts(f.types), (C{{"conference", 2}, {"journal", 1}, {"preprint", 1}, {"misc", 1}}));
  // ...while the other facets count only conferences.
  EXPECT_EQ(counts(f.years), (C{{"2024", 1}, {"2021", 1}}));
  EXPECT_EQ(counts(f.statuses), (C{{"published", 2}}));
  EXPECT_EQ(f.selected, 2u);
  EXPECT_EQ(f.owner_first, 2u);

  q.filter.year_from = q.filter.year_to = 2024;
  const Facets g = facet_counts(lib, q, owner_hu());
  EXPECT_EQ(counts(g.types), (C{{"conference", 1}, {"preprint", 1}}));  // 2024 only
  EXPECT_EQ(counts(g.years), (C{{"2024", 1}, {"2021", 1}}));            // conferences only
  EXPECT_EQ(g.selected, 1u);
}

TEST(Facets, SelectedAndSearchAreApplied) {
  const Library lib = sample();
  Query q;
  q.filter.selected_only = true;
  Facets f = facet_counts(lib, q);
  EXPECT_EQ(f.selected, 2u);
  EXPECT_EQ(counts(f.types), (C{{"conference", 2}}));
  q.search = "datacenter";
  f = facet_counts(lib, q);
  EXPECT_EQ(counts(f.types), (C{{"conference", 1}}));
  EXPECT_EQ(f.selected, 1u);  // its own filter ignored, the search still applies
  EXPECT_EQ(counts(f.venues), (C{{"NSDI", 1}}));
}

TEST(Scope, RecordsOutsideItAreNotInTheListAtAll) {
  const Library lib = sample();
  Query q;
  q.scope.selected_only = true;  // a "Selected publications" section
  Facets f;
  View v = run_query(lib, q, owner_hu(), nullptr, &f);
  EXPECT_EQ(v.total, 2u);  // the scope's size, not the library's
  EXPECT_EQ(v.entries.size(), 2u);
  EXPECT_EQ(counts(f.types), (C{{"conference", 2}}));  // facets count only what the scope holds
  EXPECT_EQ(f.selected, 2u);
  // A visitor's filter narrows the scope and cannot widen it: asking for the unselected records'
  // type finds none.
  q.filter.types = {PubType::Journal};
  v = run_query(lib, q, owner_hu(), nullptr, &f);
  EXPECT_EQ(v.total, 2u);
  EXPECT_TRUE(v.entries.empty());
  EXPECT_EQ(counts(f.types), (C{{"conference", 2}}));
  // The same kind of clause in both: the scope's years hold, the visitor's pick one of them.
  Query y;
  y.scope.year_from = 2023;
  y.filter.year_from = y.filter.year_to = 2021;
  EXPECT_TRUE(run(lib, y).empty());
  y.filter.year_from = y.filter.year_to = 2024;
  EXPECT_EQ(run(lib, y).size(), 2u);
  // The scope goes through the catalog's cached path too.
  Catalog catalog(lib);
  Query s;
  s.scope.selected_only = true;
  const View cached = catalog.query(s, "Qinghao Hu");
  EXPECT_EQ(keys_of(lib, cached), keys_of(lib, run_query(lib, s, owner_hu())));
  EXPECT_EQ(cached.total, 2u);
}

TEST(Scope, AnUntitledRecordIsReportedAndNeverListed) {
  const ReadResult r =
      read_bibtex("@article{x,}\n@article{y, title = {Y}, year = 2020}\n@set{s, entryset = {y}}\n",
                  ReadOptions{});
  ASSERT_EQ(r.library.publications.size(), 3u);  // every record is kept (BibTeX, JSON output)...
  ASSERT_EQ(r.diagnostics.size(),
            1u);  // ...the untitled one is reported (a @set needs no title)...
  EXPECT_EQ(r.diagnostics[0].line, 1u);
  EXPECT_EQ(r.diagnostics[0].message, "entry 'x' has no title: it is left out of the list");
  const View v = run_query(r.library, Query{});  // ...and only titled ones are listed.
  EXPECT_EQ(keys_of(r.library, v), std::vector<std::string>{"y"});
  EXPECT_EQ(v.total, 1u);
}

TEST(Facets, CitedCountsTheShownRecordsWithCitationCounts) {
  Library lib = sample();
  lib.publications[0].edit_rare().citations = 12;
  lib.publications[1].edit_rare().citations = 0;  // zero is a count
  Query q;
  EXPECT_EQ(facet_counts(lib, q).cited, 2u);
  // Within a filter, only the records it keeps.
  q.filter.types = {lib.publications[0].type};
  std::uint32_t want = 0;
  for (const auto& p : lib.publications)
    want += p.type == lib.publications[0].type && p.citations().has_value();
  EXPECT_EQ(facet_counts(lib, q).cited, want);
  EXPECT_GE(want, 1u);
}

TEST(Facets, VenuesMostFrequentFirst) {
  Builder b;
  b.add("1", 2020).edit_rare().badge = "OSDI";
  b.add("2", 2020).edit_rare().badge = "NSDI";
  b.add("3", 2020).edit_rare().badge = "NSDI";
  b.add("4", 2020).venue = "Workshop on Things";
  b.add("5", 2020);
  const Facets f = facet_counts(b.lib, Query{});
  EXPECT_EQ(counts(f.venues), (C{{"NSDI", 2}, {"OSDI", 1}, {"Workshop on Things", 1}}));
}

TEST(Facets, MenusKeepTheMostFrequentValuesOnly) {
  Builder b;
  for (int i = 0; i < 3000; ++i) {
    auto& p = b.add("k" + std::to_string(i), 2020);
    p.venue = "Venue " + std::to_string(i < 10 ? 0 : i);  // "Venue 0" ten times, then 2,990 others
    p.edit_rare().tags = {"tag " + std::to_string(i)};
  }
  const Facets f = facet_counts(b.lib, Query{});
  ASSERT_EQ(f.venues.size(), kMaxFacetValues);
  EXPECT_EQ(f.venues[0].key, "Venue 0");
  EXPECT_EQ(f.venues[0].count, 10u);
  EXPECT_EQ(f.tags.size(), kMaxFacetValues);
  // A value past the menu still filters.
  Query q;
  q.filter = parse_filter("\"venue:Venue 2999\"");
  EXPECT_EQ(run_query(b.lib, q, {}).entries.size(), 1u);
}

// One catalog answers a run of different queries (sorts, owners, searches, facets or none) with
// the same views and facets as a fresh, uncached run_query: no cache answers for another query.
TEST(Catalog, SameViewAndFacetsAsWithoutCaches) {
  Library lib = sample();
  // Tags and awards, so that every facet the packed keys count has something to count.
  lib.publications[0].edit_rare().tags = {"llm", "systems", "llm"};
  lib.publications[1].edit_rare().tags = {"systems"};
  lib.publications[1].edit_rare().award.text = "Best Paper";
  Catalog catalog(lib);
  int step = 0;
  for (const char* sort : {"year-desc", "title-asc", "author-asc,year-asc", "file"}) {
    for (const char* filter : {"", "first-author", "type:conference", "year:2022- first-author",
                               "tag:systems award", "selected status:published", "venue:NSDI"}) {
      for (const char* search : {"", "llm", "datacenter scheduling"}) {
        for (GroupBy group : {GroupBy::None, GroupBy::Year, GroupBy::Venue}) {
          Query q;
          q.sort = *parse_sort(sort);
          q.filter = parse_filter(filter);
          q.search = search;
          q.group = group;
          // The owner changes too (and every fifth query asks for no facets), so each cache
          // is asked for by a query that differs from the one it was built for.
          const char* owner_names = ++step % 3 == 0 ? "Tianwei Zhang" : "Qinghao Hu";
          const OwnerMatcher owner(split_owner_list(owner_names));
          Facets plain_facets, cached_facets;
          const View plain = run_query(lib, q, owner, nullptr, &plain_facets);
          const bool facets = step % 5 != 0;
          const View cached = catalog.query(q, owner_names, facets ? &cached_facets : nullptr);
          if (!facets) cached_facets = plain_facets;
          const std::string what = std::string(sort) + " | " + filter + " | " + search;
          EXPECT_EQ(cached.entries, plain.entries) << what;
          ASSERT_EQ(cached.groups.size(), plain.groups.size()) << what;
          for (std::size_t g = 0; g < plain.groups.size(); ++g) {
            EXPECT_EQ(cached.groups[g].key, plain.groups[g].key) << what;
            EXPECT_EQ(cached.groups[g].count, plain.groups[g].count) << what;
          }
          EXPECT_EQ(counts(cached_facets.years), counts(plain_facets.years)) << what;
          EXPECT_EQ(counts(cached_facets.types), counts(plain_facets.types)) << what;
          EXPECT_EQ(counts(cached_facets.statuses), counts(plain_facets.statuses)) << what;
          EXPECT_EQ(counts(cached_facets.venues), counts(plain_facets.venues)) << what;
          EXPECT_EQ(counts(cached_facets.tags), counts(plain_facets.tags)) << what;
          EXPECT_EQ(cached_facets.selected, plain_facets.selected) << what;
          EXPECT_EQ(cached_facets.awards, plain_facets.awards) << what;
          EXPECT_EQ(cached_facets.owner_first, plain_facets.owner_first) << what;
          // ...and the same facets as facet_counts on its own.
          const Facets alone = facet_counts(lib, q, owner);
          EXPECT_EQ(counts(cached_facets.types), counts(alone.types)) << what;
          EXPECT_EQ(cached_facets.selected, alone.selected) << what;
        }
      }
    }
  }
}

TEST(Catalog, TheOwnerDefaultsToTheProfilesNameAndAliases) {
  Library lib = sample();
  lib.profile.name = "Q. Hu";
  lib.profile.aliases = {"Qinghao Hu"};
  Catalog catalog(lib);
  Query first;
  first.filter.owner_first = true;
  // No owner given: the profile's names; an owner given: only that one.
  EXPECT_EQ(keys_of(lib, catalog.query(first)), keys_of(lib, run_query(lib, first, owner_hu())));
  EXPECT_TRUE(catalog.query(first, "Nobody Here").entries.empty());
  EXPECT_FALSE(catalog.owner().empty());
  EXPECT_TRUE(Catalog(sample()).owner().empty());  // no profile, no owner
}

// A visitor's edits go with the query that shows them: the catalog reads the filter once and makes
// them on what it read, with the same result as the text edits one by one.
TEST(Catalog, AQueryMakesTheVisitorsEditsInOrder) {
  Library lib = sample();
  Catalog catalog(lib);
  const std::vector<FilterEdit> edits = {{"type:journal", "", ""},
                                         {"", "year", "2020-2024"},
                                         {"selected", "", ""},
                                         {"type:journal", "", ""},
                                         {"", "tag", "llm"}};
  std::string text = "type:conference";
  for (std::size_t i = 0; i < edits.size(); ++i) {
    text = edits[i].toggle.empty() ? set_clause(text, edits[i].kind, edits[i].value)
                                   : toggle_clause(text, edits[i].toggle);
    QueryText t;
    t.filter = "type:conference";
    t.edits.assign(edits.begin(), edits.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    const QueryAnswer a = catalog.query(t);
    EXPECT_EQ(a.filter, text) << i;
    QueryText plain;
    plain.filter = text;
    EXPECT_EQ(a.view.entries, catalog.query(plain).view.entries) << i;
  }
  EXPECT_EQ(text, "year:2020-2024 tag:llm selected");
}

TEST(Catalog, QueryTextReportsItsProblemsAndStillRuns) {
  Library lib = sample();
  Catalog catalog(lib);
  QueryText t;
  t.filter = "type:conference colour:blue";
  t.sort = "title";
  t.group = "decade";
  t.facets = true;
  const QueryAnswer a = catalog.query(t);
  ASSERT_EQ(a.errors.size(), 2u);
  EXPECT_NE(a.errors[0].find("colour:blue"), std::string::npos);
  EXPECT_NE(a.errors[1].find("decade"), std::string::npos);
  // What could be read is applied, and handed back clause by clause.
  ASSERT_EQ(a.clauses.size(), 1u);
  EXPECT_EQ(a.clauses[0].kind, "type");
  EXPECT_EQ(a.clauses[0].value, "conference");
  EXPECT_EQ(a.view.groups.size(), 0u);
  EXPECT_FALSE(a.view.entries.empty());
  for (auto i : a.view.entries) EXPECT_EQ(lib.publications[i].type, PubType::Conference);
  // The type facet ignores its own clause: it offers every type in the library.
  std::set<PubType> types;
  for (const auto& p : lib.publications) types.insert(p.type);
  EXPECT_EQ(a.facets.types.size(), types.size());
}

// Anyone can write a page's URL hash: "#ps:sort=Retracted - see https://evil.example" became the
// selected Sort option, and a venue or co-author from a link became a chip with its own words.
TEST(Catalog, ALinksStateKeepsOnlyWhatTheLibraryKnows) {
  Library lib = sample();
  Catalog catalog(lib);
  QueryText t;
  t.sort = "Retracted - see https://evil.example";
  t.group = "Visit evil.example";
  t.filter =
      "\"venue:Retracted see evil.example\" venue:NSDI tag:evil-tag author:Zhang year:1900-1901 "
      "selected";
  t.search = "evil.example";
  t.from_link = true;
  const QueryAnswer a = catalog.query(t);
  EXPECT_EQ(a.search, "");
  EXPECT_EQ(a.sort, to_string(default_sort()));
  EXPECT_EQ(a.group, "none");
  // Clauses that match a record stay (in canonical form); the others are left out and reported.
  EXPECT_EQ(a.filter, "venue:NSDI selected author:Zhang");
  ASSERT_EQ(a.clauses.size(), 3u);
  std::string errors;
  for (const auto& e : a.errors) errors += e + "\n";
  for (const char* dropped : {"evil.example\" matches no publication", "tag:evil-tag",
                              "year:1900-1901", "Visit evil.example", "search \"evil.example\""})
    EXPECT_NE(errors.find(dropped), std::string::npos) << dropped << " in " << errors;
  EXPECT_EQ(keys_of(lib, a.view), (std::vector<std::string>{"nsdi24"}));
  // The same text from the page author (attributes, the API) is taken as written.
  t.from_link = false;
  t.search.clear();
  const QueryAnswer owner = catalog.query(t);
  EXPECT_EQ(owner.clauses.size(), 5u);  // (year, venue list, tag, selected, author)
  EXPECT_TRUE(owner.view.entries.empty());
  // A valid link's state comes back canonical and whole.
  QueryText ok;
  ok.sort = "Title";
  ok.group = "Year";
  ok.filter = "type:Conference";
  ok.search = "datacenter";
  ok.from_link = true;
  const QueryAnswer good = catalog.query(ok);
  EXPECT_TRUE(good.errors.empty());
  EXPECT_EQ(good.sort, "title-asc");
  EXPECT_EQ(good.group, "year");
  EXPECT_EQ(good.filter, "type:conference");
  EXPECT_EQ(good.search, "datacenter");
}

TEST(Catalog, MarksListsTheSymbolsOfTheGivenRecordsOnce) {
  Library lib = sample();
  Catalog catalog(lib);
  std::vector<std::uint32_t> all(lib.publications.size());
  for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  EXPECT_EQ(catalog.marks(all), "*");
  EXPECT_EQ(catalog.marks({}), "");
  EXPECT_EQ(catalog.marks({9999}), "");  // (an index past the end is ignored)
}

TEST(FilterClauses, CanonicalClausesAndTheirText) {
  const Filter f = parse_filter(
      "\"venue:ACM CCS\" first years:2020-2022 type:journal,conference selected author:Zhang");
  const auto clauses = filter_clauses(f);
  std::vector<std::string> kinds, texts;
  for (const auto& c : clauses) kinds.push_back(c.kind), texts.push_back(c.text);
  EXPECT_EQ(kinds, (std::vector<std::string>{"year", "type", "venue", "selected", "author",
                                             "first-author"}));
  EXPECT_EQ(texts, (std::vector<std::string>{"year:2020-2022", "type:journal,conference",
                                             "\"venue:ACM CCS\"", "selected", "author:Zhang",
                                             "first-author"}));
  EXPECT_EQ(clauses[2].value, "ACM CCS");
  std::vector<std::string> labels;
  for (const auto& c : clauses) labels.push_back(c.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"2020\u20132022", "Journal, Conference", "ACM CCS",
                                              "", "Zhang", ""}));
  EXPECT_EQ(filter_clauses(parse_filter("year:2021-")).front().label, "2021\u2013");
  EXPECT_EQ(filter_clauses(parse_filter("year:2021")).front().label, "2021");
  EXPECT_EQ(to_string(parse_filter(to_string(f))), to_string(f));
  EXPECT_EQ(clause_text("venue", "A \"quoted\" venue"), "\"venue:A quoted venue\"");
  EXPECT_EQ(clause_text("award", "ignored"), "award");
}

TEST(FilterClauses, ToggleReplacesTheSameKindAndRemovesTheSameClause) {
  EXPECT_EQ(toggle_clause("year:2023 selected", "year:2024"), "year:2024 selected");
  EXPECT_EQ(toggle_clause("year:2023 selected", "year:2023"), "selected");
  EXPECT_EQ(toggle_clause("selected", "selected"), "");
  EXPECT_EQ(toggle_clause("", "award"), "award");
  EXPECT_EQ(toggle_clause("\"venue:ACM CCS\"", "\"venue:acm ccs\""), "");  // (case does not matter)
  EXPECT_EQ(toggle_clause("type:journal", "badge:NSDI"),
            "type:journal venue:NSDI");  // (aliases read as their kind)
  EXPECT_EQ(toggle_clause("type:journal", "nonsense"),
            "type:journal");  // (not a clause: nothing changes)
}

TEST(FilterClauses, SetReplacesOrRemovesOneKind) {
  EXPECT_EQ(set_clause("type:journal tag:llm", "type", "conference"), "type:conference tag:llm");
  EXPECT_EQ(set_clause("type:journal tag:llm", "type", ""), "tag:llm");
  EXPECT_EQ(set_clause("tag:llm", "venue", "USENIX ATC"), "\"venue:USENIX ATC\" tag:llm");
  EXPECT_EQ(set_clause("tag:llm", "first-author", "on"), "tag:llm first-author");
  EXPECT_EQ(set_clause("tag:llm first-author", "first-author", ""), "tag:llm");
  EXPECT_EQ(set_clause("tag:llm", "type", "poem"),
            "tag:llm");  // (a value the syntax cannot hold is dropped)
}

// The toolbar's rules, which the element, the canvas widget and prerender all ask.
TEST(Controls, TheModeIsAskedOrFollowsTheListsLength) {
  EXPECT_EQ(controls_mode("", kSmallList - 1),
            ControlsMode::None);  // a "Selected publications" section
  EXPECT_EQ(controls_mode("", kSmallList), ControlsMode::Full);
  EXPECT_EQ(controls_mode("auto", 500), ControlsMode::Full);  // (not a mode: the default)
  EXPECT_EQ(controls_mode("none", 500), ControlsMode::None);
  EXPECT_EQ(controls_mode("search", 3), ControlsMode::Search);
  EXPECT_EQ(controls_mode("full", 1), ControlsMode::Full);
  EXPECT_EQ(to_string(ControlsMode::Search), "search");
}

TEST(Controls, AControlIsUsefulWhenItCanChangeTheWholeList) {
  const Library lib = sample();
  const UsefulControls u = useful_controls(facet_counts(lib, Query{}, owner_hu()), 5);
  EXPECT_TRUE(u.year && u.type && u.status && u.venue);
  EXPECT_TRUE(u.selected && u.award && u.first_author);
  EXPECT_FALSE(u.by_citations);  // no record carries a citation count
  // Within a scope of one year's conference paper nothing can narrow the list.
  Query one;
  one.scope.types = {PubType::Conference};
  one.scope.year_from = one.scope.year_to = 2021;
  Facets f = facet_counts(lib, one, owner_hu());
  const UsefulControls none = useful_controls(f, 1);
  EXPECT_FALSE(none.year || none.type || none.status || none.venue || none.selected || none.award ||
               none.first_author);
  // A chip that keeps every record does nothing either; without an owner no one is first author.
  f = facet_counts(lib, Query{});
  f.selected = 5;
  const UsefulControls all = useful_controls(f, 5);
  EXPECT_FALSE(all.selected);
  EXPECT_FALSE(all.first_author);
}
