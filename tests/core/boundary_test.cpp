// What crosses between the core and its front ends (fields.hpp's tables): the JSON the core writes
// reads back as the same structs, so the canvas widget on the web draws what it draws natively.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "papershelf/boundary.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/export.hpp"
#include "papershelf/read.hpp"

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
