// What a query counts and may list: facets, scope, the catalog's caches, the toolbar's controls.
#include <gtest/gtest.h>

#include <set>

#include "papershelf/catalog.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "query_helpers.hpp"

using namespace papershelf;
using namespace query_testing;

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
