// The element's attributes as papershelf/attributes.hpp reads them (prerender; the element reads
// them by the same rules, web/test/attributes.test.mjs compares the two): each kind's rule, its
// value when absent, and what is said of a value the element cannot use.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "papershelf/attributes.hpp"

using namespace papershelf;

namespace {

// Reads `tag`'s attributes (absent ones are not in it); `problems` gets what is said.
attributes::Values read(const std::map<std::string, std::string>& tag,
                        std::vector<std::string>* problems = nullptr) {
  return attributes::read(
      [&](std::string_view name) {
        const auto it = tag.find(std::string(name));
        return it == tag.end() ? nullptr : &it->second;
      },
      problems);
}

}  // namespace

TEST(Attributes, AbsentOnesHaveTheTablesValues) {
  const attributes::Values v = read({});
  EXPECT_EQ(v.max_authors, 0u);
  EXPECT_EQ(v.heading_level, 0);
  EXPECT_EQ(v.profile, "none");
  EXPECT_EQ(v.theme, "auto");
  EXPECT_EQ(v.email_display, "obfuscated");
  EXPECT_EQ(v.renderer, "html");
  EXPECT_EQ(v.preset, "");
  EXPECT_TRUE(v.links.empty());
  EXPECT_TRUE(v.omit_fields.empty());
}

TEST(Attributes, ACountIsANumberRoundedDown) {
  for (const auto& [text, n] : std::vector<std::pair<std::string, std::size_t>>{
           {"2", 2}, {" 3.7 ", 3}, {"4.", 4}, {"0", 0}, {"", 0}, {"123456789012", 999999999}}) {
    std::vector<std::string> problems;
    EXPECT_EQ(read({{"max-authors", text}}, &problems).max_authors, n) << text;
    EXPECT_TRUE(problems.empty()) << text;
  }
  for (const std::string text : {"lots", "-1", "1e3", ".5", "3.4.5", "0x10"}) {
    std::vector<std::string> problems;
    EXPECT_EQ(read({{"max-authors", text}}, &problems).max_authors, 0u) << text;
    ASSERT_EQ(problems.size(), 1u) << text;
    EXPECT_EQ(problems[0], "max-authors: \"" + text + "\" is not a number; every author is listed");
  }
}

TEST(Attributes, AHeadingLevelIsOneDigitFromOneToSix) {
  EXPECT_EQ(read({{"heading-level", " 5 "}}).heading_level, 5);
  std::vector<std::string> none;
  EXPECT_EQ(read({{"heading-level", " "}}, &none).heading_level, 0);  // (empty: as if absent)
  EXPECT_TRUE(none.empty());
  for (const std::string text : {"7", "0", "03", "3.0"}) {
    std::vector<std::string> problems;
    EXPECT_EQ(read({{"heading-level", text}}, &problems).heading_level, 0) << text;
    EXPECT_EQ(problems.size(), 1u) << text;
  }
}

TEST(Attributes, AChoiceIsOneOfItsValuesElseItsFirst) {
  EXPECT_EQ(read({{"profile", "compact"}}).profile, "compact");
  EXPECT_EQ(read({{"profile", ""}}).profile, "full");         // a bare attribute
  EXPECT_EQ(read({{"profile", "profile"}}).profile, "full");  // XHTML's profile="profile"
  EXPECT_EQ(read({{"preset", ""}}).preset, "");
  std::vector<std::string> problems;
  const attributes::Values v =
      read({{"profile", "huge"}, {"preset", "wordpress"}, {"theme", "Dark"}}, &problems);
  EXPECT_EQ(v.profile, "full");
  EXPECT_EQ(v.preset, "");
  EXPECT_EQ(v.theme, "auto");  // (compared as written)
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0],
            "preset: unknown preset \"wordpress\" (use al-folio, academicpages or hugo-blox); the "
            "list has none");
  EXPECT_EQ(problems[1],
            "theme: unknown theme \"Dark\" (use auto, light or dark); the list follows the page's "
            "colours");
  EXPECT_EQ(
      problems[2],
      "profile: unknown profile \"huge\" (use full, compact or none); the full card is shown");
}

TEST(Attributes, ListsAreSplitAtTheirOwnSeparators) {
  const attributes::Values v = read({{"omit-fields", " abstract, ,file "},
                                     {"interests", "systems; scheduling, compilers\nhpc;"}});
  EXPECT_EQ(v.omit_fields, (std::vector<std::string>{"abstract", "file"}));
  EXPECT_EQ(v.interests, (std::vector<std::string>{"systems", "scheduling, compilers", "hpc"}));
}

TEST(Attributes, LinksAreKindEqualsUrlWithTheKindLowerCased) {
  std::vector<std::string> problems;
  const attributes::Values v =
      read({{"links",
             "GitHub = https://github.com/x; nourl;; =https://nokind/\nScholar=https://s/?a=b"}},
           &problems);
  ASSERT_EQ(v.links.size(), 2u);
  EXPECT_EQ(v.links[0].label, "github");
  EXPECT_EQ(v.links[0].url, "https://github.com/x");
  EXPECT_EQ(v.links[1].label, "scholar");
  EXPECT_EQ(v.links[1].url, "https://s/?a=b");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(
      problems[0],
      "links: \"nourl\" is not KIND=URL; \"=https://nokind/\" is not KIND=URL; it is left out");
}

// Every row's name is an attribute the element knows, once.
TEST(Attributes, EachAttributeIsListedOnce) {
  std::map<std::string_view, int> seen;
  for (const attributes::Attribute& a : attributes::kAll) EXPECT_EQ(++seen[a.name], 1) << a.name;
  EXPECT_GE(seen.size(), 20u);
}

// A flag is there or not, whatever its value, as HTML's boolean attributes are: `debug="false"`
// shows the problems too (the element reads it with hasAttribute).
TEST(Attributes, AFlagIsThereOrNot) {
  EXPECT_FALSE(read({}).debug);
  for (const std::string text : {"", "debug", "false", "0"}) {
    std::vector<std::string> problems;
    EXPECT_TRUE(read({{"debug", text}}, &problems).debug) << text;
    EXPECT_TRUE(problems.empty()) << text;
  }
  EXPECT_EQ(attributes::names::debug, "debug");
  EXPECT_EQ(attributes::names::cite_styles, "cite-styles");
}
