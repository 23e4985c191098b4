// Single rules of the CSL processor (core/src/csl) where the specification is silent and
// citeproc-js, the reference processor, decides: each test formats a small style of its own
// through the public API and states what citeproc-js writes for it (checked with npm `citeproc`).
// The official suite covers the rest (csl_suite_test.cpp).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "papershelf/csl.hpp"
#include "papershelf/json.hpp"

namespace papershelf {
namespace {

// A style whose bibliography lays out `layout` (with `locale` before it, if given).
std::string style(const std::string& layout, const std::string& locale = "",
                  const std::string& layout_suffix = "") {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
         "<style xmlns=\"http://purl.org/net/xbiblio/csl\" class=\"in-text\" version=\"1.0\">\n"
         "<info><title>Rules</title><id>rules</id></info>\n" +
         locale +
         "<citation><layout><text variable=\"title\"/></layout></citation>\n"
         "<bibliography><layout suffix=\"" +
         layout_suffix + "\">" + layout + "</layout></bibliography>\n</style>\n";
}

// The one entry `style_xml` writes for the CSL-JSON item `item`, as plain text.
std::string entry(const std::string& style_xml, const std::string& item) {
  std::string message;
  std::unique_ptr<csl::Processor> p = csl::Processor::create(
      style_xml, [](std::string_view tag) { return std::string(csl::builtin_locale(tag)); }, "",
      &message);
  EXPECT_TRUE(p) << message;
  if (!p) return {};
  json::Value doc;
  EXPECT_TRUE(json::parse(item, doc));
  const std::vector<std::string> out = p->bibliography({&doc}, csl::Markup::Text);
  return out.empty() ? std::string() : out[0];
}

TEST(CslRules, APeriodAfterACommaKeepsTheComma) {
  // citeproc-js's punctuation table joins "," and "." as ",.": a venue written with its comma
  // keeps it before the style's period.
  const std::string s = style(
      "<group delimiter=\". \"><text variable=\"title\"/>"
      "<text variable=\"container-title\"/></group>",
      "", ".");
  EXPECT_EQ(entry(s, R"({"id":"a","type":"paper-conference","title":"Tides",)"
                     R"("container-title":"Workshop on Moons,"})"),
            "Tides. Workshop on Moons,.");
  // (a period after a period is still one)
  EXPECT_EQ(entry(s, R"({"id":"a","type":"paper-conference","title":"Tides",)"
                     R"("container-title":"Proc."})"),
            "Tides. Proc.");
}

TEST(CslRules, TheDelimiterBeforeAndFollowsWhatTheSecondNameIs) {
  const std::string s = style(
      "<names variable=\"author\"><name and=\"symbol\" delimiter=\", \" "
      "delimiter-precedes-last=\"always\" name-as-sort-order=\"all\" initialize-with=\". \"/>"
      "</names>");
  // A family name alone is a person's: the delimiter stays.
  EXPECT_EQ(entry(s, R"({"id":"a","type":"book","author":[{"family":"Okafor","given":"Chidi"},)"
                     R"({"family":"Lindqvist"}]})"),
            "Okafor, C., & Lindqvist");
  // A literal name is an organisation's: two names take no delimiter.
  EXPECT_EQ(entry(s, R"({"id":"a","type":"book","author":[{"family":"Okafor","given":"Chidi"},)"
                     R"({"literal":"Tidal Consortium"}]})"),
            "Okafor, C. & Tidal Consortium");
}

TEST(CslRules, TheTurkishDottedCapitalIsAnInitial) {
  // (citeproc-js: a given name starts with a capital if upper-casing leaves its letter as it is;
  // İ has no one-letter lower case)
  const std::string s = style(
      "<names variable=\"author\"><name initialize-with=\". \" name-as-sort-order=\"all\"/>"
      "</names>");
  EXPECT_EQ(
      entry(s, R"({"id":"a","type":"book","author":[{"family":"Demir","given":"H. İbrahim"}]})"),
      "Demir, H. İ.");
}

TEST(CslRules, AVariableASubstituteRenderedStillTestsPresent) {
  // The editor in the author's place is not written again, but a condition still finds it (MLA
  // leaves out "Vol." of an edited book by it).
  const std::string s = style(
      "<group delimiter=\" | \"><names variable=\"author\"><name/><substitute>"
      "<names variable=\"editor\"/></substitute></names><names variable=\"editor\"/>"
      "<choose><if variable=\"editor\"><text value=\"edited\"/></if>"
      "<else><text value=\"not edited\"/></else></choose></group>");
  EXPECT_EQ(entry(s, R"({"id":"a","type":"book","editor":[{"family":"Krumm","given":"John"}]})"),
            "John Krumm | edited");
}

TEST(CslRules, QuotesTheDataOpensWithTheInnerMarkStayInner) {
  // Outside any quotes, the data's ‘…’ (English's inner quotation mark) stay ‘…’ and its “…” and
  // "…" are the outer quotes; inside quotes each level takes the other one.
  const std::string s = style(
      "<group delimiter=\" / \"><text variable=\"title\"/>"
      "<text variable=\"title\" quotes=\"true\"/></group>");
  auto with_title = [&](const std::string& title) {
    return entry(s, R"({"id":"a","type":"book","title":")" + title + R"("})");
  };
  EXPECT_EQ(with_title("the best of ‘bad data’"),
            "the best of ‘bad data’ / “the best of ‘bad data’”");
  EXPECT_EQ(with_title("the best of \\\"bad data\\\""),
            "the best of “bad data” / “the best of ‘bad data’”");
  EXPECT_EQ(with_title("say ‘a “b” c’ d"), "say ‘a “b” c’ d / “say ‘a “b” c’ d”");
}

TEST(CslRules, AListOfTypesIsOneTestForAnyOfThem) {
  // Without match="any", as APS writes its branch for unpublished works.
  const std::string s = style(
      "<choose><if type=\"dataset manuscript speech\"><text value=\"unpublished\"/></if>"
      "<else><text value=\"published\"/></else></choose>");
  EXPECT_EQ(entry(s, R"({"id":"a","type":"manuscript","title":"T"})"), "unpublished");
  EXPECT_EQ(entry(s, R"({"id":"a","type":"book","title":"T"})"), "published");
  // (and with another test beside it, both must hold)
  const std::string both = style(
      "<choose><if type=\"dataset manuscript\" variable=\"title\"><text value=\"both\"/></if>"
      "<else><text value=\"not both\"/></else></choose>");
  EXPECT_EQ(entry(both, R"({"id":"a","type":"manuscript","title":"T"})"), "both");
  EXPECT_EQ(entry(both, R"({"id":"a","type":"manuscript"})"), "not both");
}

TEST(CslRules, ATermOfWhitespaceIsEmpty) {
  // A style's own term written as a line break and indentation (GOST styles empty "and others"
  // so) writes nothing.
  const std::string locale =
      "<locale><terms><term name=\"and others\">\n      </term></terms></locale>\n";
  const std::string s = style(
      "<names variable=\"author\" suffix=\". \"><name et-al-min=\"2\" et-al-use-first=\"1\"/>"
      "<et-al term=\"and others\"/></names><text variable=\"title\"/>",
      locale);
  EXPECT_EQ(
      entry(s, R"({"id":"a","type":"book","title":"Tides","author":[)"
               R"({"family":"Okafor","given":"Chidi"},{"family":"Lindqvist","given":"Sara"}]})"),
      "Chidi Okafor. Tides");
}

}  // namespace
}  // namespace papershelf
