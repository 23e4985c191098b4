// The query engine's order: sort keys and their text, and grouping.
#include <gtest/gtest.h>

#include "papershelf/query.hpp"
#include "query_helpers.hpp"

using namespace papershelf;
using namespace query_testing;

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
