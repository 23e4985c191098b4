// Single rules of the CSL processor (core/src/csl) where the specification is silent and
// citeproc-js, the reference processor, decides: each test formats a small style of its own
// through the public API and states what citeproc-js writes for it (checked with npm `citeproc`).
// The official suite covers the rest (csl_suite_test.cpp).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "papershelf/csl.hpp"
#include "papershelf/export.hpp"
#include "papershelf/json.hpp"
#include "papershelf/read.hpp"

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

// The bibliography entry of an article whose one variable `name` is `value`, by `style_xml`.
std::string article_with(const std::string& style_xml, const std::string& name,
                         const std::string& value) {
  return entry(style_xml,
               R"({"id":"a","type":"article-journal",")" + name + R"(":")" + value + "\"}");
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

TEST(CslRules, AnOrganisationLastTakesTheModesDelimiterBeforeAnd) {
  // cs:name says "never", yet three names ending in a literal one take the delimiter: citeproc-js
  // joins an organisation with cs:institution's "and", contextual unless the mode or the style
  // sets delimiter-precedes-last.
  const std::string names =
      "<names variable=\"author\"><name and=\"symbol\" delimiter=\", \" "
      "delimiter-precedes-last=\"never\" initialize-with=\". \"/></names>";
  const std::string s = style(names);
  const std::string three =
      R"({"id":"a","type":"book","author":[{"family":"Okafor","given":"Chidi"},)"
      R"({"family":"Lindqvist","given":"Ann"},{"literal":"Tidal Consortium"}]})";
  EXPECT_EQ(entry(s, three), "C. Okafor, A. Lindqvist, & Tidal Consortium");
  EXPECT_EQ(entry(s, R"({"id":"a","type":"book","author":[{"family":"Okafor","given":"Chidi"},)"
                     R"({"family":"Lindqvist","given":"Ann"},{"family":"Berg"}]})"),
            "C. Okafor, A. Lindqvist & Berg");
  // (the bibliography's own "never" is the organisation's too)
  std::string mode_never = style(names);
  mode_never.replace(mode_never.find("<bibliography>"), 14,
                     "<bibliography delimiter-precedes-last=\"never\">");
  EXPECT_EQ(entry(mode_never, three), "C. Okafor, A. Lindqvist & Tidal Consortium");
  // (cs:name's after-inverted-name still puts it after an inverted name, even between two)
  const std::string inverted = style(
      "<names variable=\"author\"><name and=\"symbol\" delimiter=\", \" "
      "delimiter-precedes-last=\"after-inverted-name\" name-as-sort-order=\"all\" "
      "initialize-with=\". \"/></names>");
  EXPECT_EQ(
      entry(inverted, R"({"id":"a","type":"book","author":[{"family":"Okafor","given":"Chidi"},)"
                      R"({"literal":"Tidal Consortium"}]})"),
      "Okafor, C., & Tidal Consortium");
}

TEST(CslRules, BracesAroundNoLetterProtectNothing) {
  // BibTeX's braces protect case only: "Tradition{'}s" exports a plain apostrophe, which
  // citeproc-js writes as ’ (inside a nocase span it would keep it straight), as papershelf's
  // own citation of the BibTeX entry does.
  ReadOptions o;
  o.format = Format::BibTeX;
  const ReadResult r = read("@article{b, title = {Tradition{'}s hidden {DNA}}}\n", o);
  ASSERT_EQ(r.library.publications.size(), 1u);
  const std::string item = format_csl_json(r.library.publications[0]);
  EXPECT_NE(item.find(R"(Tradition's hidden <span class=\"nocase\">DNA</span>)"), std::string::npos)
      << item;
  EXPECT_EQ(entry(style("<text variable=\"title\"/>"), item), "Tradition’s hidden DNA");
}

TEST(CslRules, AChildlessSubstituteNamesIsTheOriginalNames) {
  // A <names> in <substitute> without children is the original <names> with another variable:
  // the original's affixes go around it, in place of its own (citeproc-js).
  const std::string s = style(
      "<names variable=\"author\" prefix=\"(\" suffix=\". \"><name/>"
      "<label form=\"short\" prefix=\", \"/><substitute>"
      "<names variable=\"editor\" prefix=\"[\" suffix=\"]\"/></substitute></names>"
      "<text variable=\"title\"/>");
  EXPECT_EQ(entry(s, R"({"id":"a","type":"book","title":"Tides","editor":[)"
                     R"({"family":"Stan","given":"Marius"},{"family":"Smeenk","given":"Chris"}]})"),
            "(Marius Stan, Chris Smeenk, eds. Tides");
  // (one with a name of its own is an element of its own: no affixes of the original)
  const std::string own = style(
      "<names variable=\"author\" prefix=\"(\" suffix=\". \"><name/><substitute>"
      "<names variable=\"editor\"><name initialize-with=\".\"/></names></substitute></names>"
      "<text variable=\"title\"/>");
  EXPECT_EQ(
      entry(own, R"({"id":"a","type":"book","title":"Tides","editor":[)"
                 R"({"family":"Stan","given":"Marius"},{"family":"Smeenk","given":"Chris"}]})"),
      "M. Stan, C. SmeenkTides");
}

TEST(CslRules, LettersOfAnyLengthBesideDigitsAreNumeric) {
  // Oxford's article numbers ("msac170") are numeric to citeproc-js, as "L2d" is to the
  // specification; letters alone, or not beside a digit, are not.
  const std::string s = style(
      "<choose><if is-numeric=\"page\"><text value=\"numeric\"/></if>"
      "<else><text value=\"text\"/></else></choose>");
  auto page = [&](const std::string& p) { return article_with(s, "page", p); };
  EXPECT_EQ(page("msac170"), "numeric");
  EXPECT_EQ(page("12abc"), "numeric");
  EXPECT_EQ(page("ijk12-15"), "numeric");
  EXPECT_EQ(page("ab-12"), "text");
  EXPECT_EQ(page("Suppl"), "text");
}

TEST(CslRules, APageValueAfterAWordOfLettersKeepsItsHyphens) {
  // citeproc-js makes ranges of a page value whose first word is a number as it reads one; after
  // letters run into the number with a period, or a word of letters, every hyphen stays.
  const std::string s = style("<text variable=\"page\"/>");
  auto page = [&](const std::string& p) { return article_with(s, "page", p); };
  EXPECT_EQ(page("pp.1-54"), "pp.1-54");
  EXPECT_EQ(page("pp 1-54"), "pp 1-54");
  EXPECT_EQ(page("A-B, 5-7"), "A-B, 5-7");
  EXPECT_EQ(page("1-3, pp.5-7"), "1–3, pp.5–7");
  EXPECT_EQ(page("3.1-3.7, 5-7"), "3.1-3.7, 5–7");
  EXPECT_EQ(page("xii-xv"), "xii–xv");
}

TEST(CslRules, TitleCaseWeighsAWordByWhatComesBeforeItsApostrophe) {
  // citeproc-js: "d’un" is a word of one letter to title case and stays; "dog’s" is capitalised.
  // Its stop word "v." is any two letters from a v ("và", "v2").
  const std::string s = style("<text variable=\"title\" text-case=\"title\"/>");
  auto title = [&](const std::string& t) { return article_with(s, "title", t); };
  EXPECT_EQ(title("détermination du comportement d’un milieu"),
            "Détermination Du Comportement d’un Milieu");
  EXPECT_EQ(title("it’s a dog’s life and d’arcy"), "It’s a Dog’s Life and d’arcy");
  EXPECT_EQ(title("mạng đồ thị và kỹ thuật"), "Mạng Đồ Thị và Kỹ Thuật");
  // (an apostrophe right after markup is inside the word the markup ends)
  EXPECT_EQ(title(R"(kullanılarak <span class=\"nocase\">Türkiye</span>'nin büyüme)"),
            "Kullanılarak Türkiye’nin Büyüme");
}

TEST(CslRules, ATermsTitleCaseIsTheStylesWhateverTheItemsLanguage) {
  // citeproc-js asks the item's language of a variable's title case only: a label or a term
  // in title case is so in a Turkish entry too.
  const std::string s = style(
      "<names variable=\"editor\"><name/><label form=\"short\" prefix=\", \" "
      "text-case=\"title\"/></names><text term=\"in\" prefix=\" \" text-case=\"title\"/>"
      "<text variable=\"title\" prefix=\" \" text-case=\"title\"/>");
  EXPECT_EQ(
      entry(s, R"({"id":"a","type":"chapter","title":"the modes of transport",)"
               R"("editor":[{"family":"Esen","given":"Sinan"},{"family":"Ates","given":"C"}],)"
               R"("language":"turkish"})"),
      "Sinan Esen, C Ates, Eds. In the modes of transport");
}

TEST(CslRules, ASpaceAfterAnOpeningQuoteIsKept) {
  // Two spaces become one where pieces meet, but not across an opening quote: the data's
  // "“ Resurrecting ”" keeps its spaces, as citeproc-js writes it.
  const std::string s = style("<text variable=\"title\"/>");
  EXPECT_EQ(entry(s, R"({"id":"a","type":"article-journal",)"
                     R"("title":"Commentary on “ <i>Resurrecting</i> ”: The Loss"})"),
            "Commentary on “ Resurrecting ”: The Loss");
}

TEST(CslRules, OnlyACapitalIsAnInitial) {
  // "Wen-tau" is "W.", but after a word kept whole the part after a hyphen stays: "(co-first
  // author)".
  const std::string s = style("<names variable=\"author\"><name initialize-with=\". \"/></names>");
  auto given = [&](const std::string& g) {
    return entry(s,
                 R"({"id":"a","type":"book","author":[{"family":"Zhao","given":")" + g + "\"}]}");
  };
  EXPECT_EQ(given("Wen-tau"), "W. Zhao");
  EXPECT_EQ(given("Zihe H (co-first author)"), "Z. H. (co-first author) Zhao");
  EXPECT_EQ(given("ab-cd Ef"), "ab-cd E. Zhao");
  // (a small letter alone is a word, not an initial: Spanish "y")
  EXPECT_EQ(given("Ana y Juan"), "A. y J. Zhao");
  // (without initialize-with-hyphen the hyphen is a space: Vancouver's "W tau")
  std::string no_hyphen = style("<names variable=\"author\"><name initialize-with=\"\"/></names>");
  no_hyphen.replace(no_hyphen.find("version=\"1.0\">"), 15,
                    "version=\"1.0\" initialize-with-hyphen=\"false\">");
  EXPECT_EQ(
      entry(no_hyphen, R"({"id":"a","type":"book","author":[{"family":"Yih","given":"Wen-tau"}]})"),
      "W tau Yih");
}

TEST(CslRules, PeopleOfOneEntryWhoseInitialsReadTheSameAreToldApart) {
  // When the citation adds given names (by-cite, the default rule), citeproc-js tells apart two
  // people of one family with the same initials inside an entry too; a short form stays short.
  std::string s = style(
      "<names variable=\"author\"><name name-as-sort-order=\"all\" initialize-with=\".\" "
      "delimiter=\", \"/></names>");
  s.replace(s.find("<citation>"), 10, "<citation disambiguate-add-givenname=\"true\">");
  const std::string item = R"({"id":"a","type":"book","author":[{"family":"Chan","given":"Xin"},)"
                           R"({"family":"Yu","given":"Dian"},{"family":"Mi","given":"Haitao"},)"
                           R"({"family":"Yu","given":"Dong"}]})";
  EXPECT_EQ(entry(s, item), "Chan, X., Yu, Dian, Mi, H., Yu, Dong");
  std::string short_form = s;
  short_form.replace(short_form.find("delimiter=\", \"/>"), 16,
                     "delimiter=\", \" form=\"short\"/>");
  EXPECT_EQ(entry(short_form, item), "Chan, Yu, Mi, Yu");
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
