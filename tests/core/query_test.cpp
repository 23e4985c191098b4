// The query engine's filters: clauses, filter text and its edits, search and match ranges.
#include <gtest/gtest.h>

#include <random>

#include "papershelf/query.hpp"
#include "query_helpers.hpp"

using namespace papershelf;
using namespace query_testing;

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
  // An unknown type or status says the names to use, once for several.
  std::string typo;
  parse_filter("type:conferenc,jornal status:maybe", &typo);
  EXPECT_EQ(typo,
            "unknown type \"conferenc\" (use conference, journal, preprint, thesis, book, chapter, "
            "report, talk, patent, dataset, software or misc); unknown type \"jornal\"; unknown "
            "status \"maybe\" (use published, accepted, submitted, preprint or in-preparation)");
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
