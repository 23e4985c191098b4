// The BibTeX name grammar, "and" splitting, and author markers.
#include "papershelf/names.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace papershelf {
namespace {

Person person(std::string given, std::string particle, std::string family, std::string suffix = "",
              std::string marks = "") {
  Person p;
  p.set_given(given);
  p.set_particle(particle);
  p.set_family(family);
  p.set_suffix(suffix);
  p.set_marks(marks);
  return p;
}

TEST(BibtexNames, ThreeForms) {
  const NameList l = parse_bibtex_names(
      "Ludwig van Beethoven and van Beethoven, Ludwig and "
      "de la Fuente, Jr., Juan and Knuth");
  ASSERT_EQ(l.people.size(), 4u);
  EXPECT_EQ(l.people[0], person("Ludwig", "van", "Beethoven"));
  EXPECT_EQ(l.people[1], person("Ludwig", "van", "Beethoven"));
  EXPECT_EQ(l.people[2], person("Juan", "de la", "Fuente", "Jr."));
  EXPECT_EQ(l.people[3], person("", "", "Knuth"));
  EXPECT_FALSE(l.others);
}

TEST(BibtexNames, AndOnlyAtTopLevelAndOthers) {
  const NameList l = parse_bibtex_names("{Barnes and Noble} AND Smith, J.\nand others");
  ASSERT_EQ(l.people.size(), 2u);
  EXPECT_EQ(l.people[0].literal(), "Barnes and Noble");
  EXPECT_EQ(l.people[1], person("J.", "", "Smith"));
  EXPECT_TRUE(l.others);
  EXPECT_EQ(parse_bibtex_names("Alexander Band and Andy Sand").people.size(), 2u);
}

TEST(BibtexNames, SplitsOnEveryAndSpelling) {
  // Author lists without braces take a word-at-a-time scan for " and "; with a brace anywhere
  // they take the depth-tracking one. Both must split exactly at " and " with whitespace on
  // both sides, in any case, and never inside names like "Band", "Anders" or "Sandy".
  const std::vector<std::string> families = {"Band",    "Anders", "Sandy", "Landau", "Hu",
                                             "Andrade", "Nd",     "Anda",  "D"};
  const std::vector<std::string> separators = {" and ", " AND ", "\tand\n", " And  ", "  aNd\r\n"};
  std::mt19937 random(11);
  for (int round = 0; round < 300; ++round) {
    const bool braced = round % 3 == 0;
    std::vector<std::string> expected, expected_given;
    std::string list;
    const int count = 1 + static_cast<int>(random() % 9);
    for (int i = 0; i < count; ++i) {
      if (i > 0) list += separators[random() % separators.size()];
      std::string family = families[random() % families.size()];
      if (braced && i == count / 2) family = "{" + family + "}";
      const std::string given = i % 2 ? "A" : "Ann";  // short last names reach the scan's tail
      list += given + " " + family;
      expected.push_back(braced && i == count / 2 ? family.substr(1, family.size() - 2) : family);
      expected_given.push_back(given);
    }
    const NameList names = parse_bibtex_names(list);
    ASSERT_EQ(names.people.size(), expected.size()) << list;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(names.people[i].family(), expected[i]) << list;
      EXPECT_EQ(names.people[i].given(), expected_given[i]) << list;
    }
  }
}

// Parsed names are cached by their source text; every name must still come back as itself when
// far more distinct names pass than the cache holds (so slots collide and are replaced), in any
// order and mixed with the repeats that make the cache worth having.
TEST(BibtexNames, ManyDistinctNamesEachParseAsThemselves) {
  std::mt19937 rng(7);
  std::vector<int> order;
  for (int round = 0; round < 3; ++round)
    for (int i = 0; i < 12000; ++i) order.push_back(i);
  std::shuffle(order.begin(), order.end(), rng);
  std::string list;
  std::vector<int> expected;
  auto check = [&] {
    const NameList names = parse_bibtex_names(list);
    ASSERT_EQ(names.people.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      const std::string n = std::to_string(expected[k]);
      EXPECT_EQ(names.people[k],
                person("Given" + n, "van", "Family" + n, "", expected[k] % 5 ? "" : "*"))
          << list;
    }
    list.clear();
    expected.clear();
  };
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::string n = std::to_string(order[i]);
    if (!list.empty()) list += " and ";
    list += "van Family" + n + (order[i] % 5 ? "" : "*") + ", Given" + n;
    expected.push_back(order[i]);
    if (expected.size() == 1 + i % 9) check();
  }
  check();
}

TEST(BibtexNames, LatexIsDecodedAndCaseProtectedWordsAreNotVon) {
  const NameList l = parse_bibtex_names(
      "Jacob {G\\\"{o}del} and Oscar Luis Vera{-}P{\\'{e}}rez and {\\'E}mile "
      "Zola and {van} Gogh, V.");
  ASSERT_EQ(l.people.size(), 4u);
  EXPECT_EQ(l.people[0], person("Jacob", "", "Gödel"));
  EXPECT_EQ(l.people[1], person("Oscar Luis", "", "Vera-Pérez"));
  EXPECT_EQ(l.people[2], person("Émile", "", "Zola"));
  EXPECT_EQ(l.people[3], person("V.", "", "van Gogh"));
}

TEST(BibtexNames, MarkersMoveIntoMarks) {
  const NameList l = parse_bibtex_names(
      "Hu*\u2020, Qinghao and *Pang, Ce and \u2217Yadav, A. "
      "and Wang*\u2021, Zerui and Qinghao "
      "Hu* and Li^{*\u2021}, Bo and Chen$^\\dagger$, X. and "
      "Zhou \\textsuperscript{\u00a7}, Y.");
  ASSERT_EQ(l.people.size(), 8u);
  EXPECT_EQ(l.people[0], person("Qinghao", "", "Hu", "", "*\u2020"));
  EXPECT_EQ(l.people[1], person("Ce", "", "Pang", "", "*"));
  EXPECT_EQ(l.people[2], person("A.", "", "Yadav", "", "*"));
  EXPECT_EQ(l.people[3], person("Zerui", "", "Wang", "", "*\u2021"));
  EXPECT_EQ(l.people[4], person("Qinghao", "", "Hu", "", "*"));
  EXPECT_EQ(l.people[5], person("Bo", "", "Li", "", "*\u2021"));
  EXPECT_EQ(l.people[6].family(), "Chen");
  EXPECT_EQ(l.people[7], person("Y.", "", "Zhou", "", "\u00a7"));
}

TEST(BibtexNames, TakeMarks) {
  std::string name = "Hu*\u2020, Qinghao";
  EXPECT_EQ(take_marks(name), "*\u2020");
  EXPECT_EQ(name, "Hu, Qinghao");
  name = "Qinghao Hu^*";
  EXPECT_EQ(take_marks(name), "*");
  EXPECT_EQ(name, "Qinghao Hu");
  name = "C*D Team";
  EXPECT_EQ(take_marks(name), "");
  EXPECT_EQ(name, "C*D Team");
  EXPECT_TRUE(is_marker_symbol(U'\u2217'));
  EXPECT_FALSE(is_marker_symbol(U'a'));
}

TEST(ParseName, PlainNames) {
  EXPECT_EQ(parse_name("Hu, Qinghao"), person("Qinghao", "", "Hu"));
  EXPECT_EQ(parse_name("Q. Hu"), person("Q.", "", "Hu"));
  EXPECT_EQ(parse_name("Vincent van Gogh"), person("Vincent", "van", "Gogh"));
}

TEST(BibtexNames, HostileInput) {
  EXPECT_TRUE(parse_bibtex_names("").people.empty());
  EXPECT_TRUE(parse_bibtex_names(" and and ").people.empty());
  std::string deep(10000, '{');
  EXPECT_EQ(parse_bibtex_names(deep + "x").people.size(), 1u);
  EXPECT_EQ(parse_bibtex_names(std::string(5000, ',')).people.size(), 0u);
}

TEST(BibtexNames, PartsAfterTheThirdJoinTheGivenName) {
  // BibTeX has three parts (von Last, Jr, First); what follows more commas is kept in the given
  // name, with the parts that have words separated by ", ".
  EXPECT_EQ(parse_bibtex_names("Doe, Jr, John, Paul,, George").people.at(0),
            person("John, Paul, George", "", "Doe", "Jr"));
  EXPECT_EQ(parse_bibtex_names("Doe, , , , John").people.at(0), person("John", "", "Doe"));
  EXPECT_EQ(parse_bibtex_names("van Doe, Jr, , Ann Lee 0002, Bo").people.at(0),
            person("Ann Lee, Bo", "van", "Doe", "Jr"));
  // A name all in lower case has no "von", however many parts it has.
  EXPECT_EQ(parse_bibtex_names("van doe, jr, ann, bo").people.at(0),
            person("ann, bo", "", "van doe", "jr"));
  EXPECT_EQ(parse_bibtex_names("Hu, Q., x, y, z, w, v, u").people.at(0),
            person("x, y, z, w, v, u", "", "Hu", "Q."));  // (v: a suffix)
  // But parts that are all names, none a suffix, are names separated by commas, "Last, First"
  // pairs (the mistake real files make: "Tieu, Lyn, Bill, Cory, Romoli, Jacopo").
  const auto pairs = parse_bibtex_names("Hu, Q., Xu, Yi, Zhu, Wen, Ma, Bo").people;
  ASSERT_EQ(pairs.size(), 4u);
  EXPECT_EQ(pairs.at(0), person("Q.", "", "Hu"));
  EXPECT_EQ(pairs.at(3), person("Bo", "", "Ma"));
}

}  // namespace
}  // namespace papershelf

namespace papershelf {
namespace {

std::vector<std::string> names_of(std::string_view raw) {
  std::vector<std::string> out;
  for (const Person& p : parse_bibtex_names(raw).people) out.push_back(display_name(p));
  return out;
}

// Author lists as people really write them: what the writer obviously meant is read, and each
// repair is reported where it was made.
TEST(NameRepairs, StrayCommasEmptyNamesAndCommaSeparatedLists) {
  const NameList stray = parse_bibtex_names("Gravemeier, V. and Wall, W.A., and Ramm, E.");
  ASSERT_EQ(stray.people.size(), 3u);
  EXPECT_EQ(stray.people[1].family(), "Wall");
  EXPECT_EQ(stray.people[1].given(), "W.A.");
  ASSERT_EQ(stray.issues.size(), 1u);
  EXPECT_EQ(stray.issues[0].offset, 29u);  // the comma after "W.A."
  const NameList list =
      parse_bibtex_names("Francesc Net, Adri\\`a Molina, Sofia Llacer-Caro, Lluis Gomez");
  EXPECT_EQ(names_of("Francesc Net, Adri\\`a Molina, Sofia Llacer-Caro, Lluis Gomez"),
            (std::vector<std::string>{"Francesc Net", "Adrià Molina", "Sofia Llacer-Caro",
                                      "Lluis Gomez"}));
  ASSERT_EQ(list.issues.size(), 1u);
  EXPECT_EQ(list.people[3].family(), "Gomez");
  EXPECT_EQ(names_of("Rasthofer U., Wall W.A., Gravemeier V."),
            (std::vector<std::string>{"U. Rasthofer", "W.A. Wall", "V. Gravemeier"}));
  EXPECT_EQ(parse_bibtex_names("Rasthofer U., Wall W.A., Gravemeier V.").people[1].family(),
            "Wall");
  const NameList empty = parse_bibtex_names("Reddy, A. and Prasad, P. and and ");
  EXPECT_EQ(empty.people.size(), 2u);
  EXPECT_GE(empty.issues.size(), 1u);
  // Not repaired: a real three-part name, and two-part names.
  EXPECT_EQ(names_of("King, Jr, Martin Luther"),
            (std::vector<std::string>{"Martin Luther King, Jr"}));
  EXPECT_TRUE(parse_bibtex_names("De La Cruz, Maria Jose and Hu, Qinghao").issues.empty());
}

TEST(NameRepairs, BiblatexExtendedNameFormat) {
  const NameList l = parse_bibtex_names(
      "family=Felice, given=Giovanni, prefix=de, useprefix=true and given={Jean-Luc}, "
      "family=Picard*");
  ASSERT_EQ(l.people.size(), 2u);
  EXPECT_EQ(l.people[0].family(), "Felice");
  EXPECT_EQ(l.people[0].given(), "Giovanni");
  EXPECT_EQ(l.people[0].particle(), "de");
  EXPECT_EQ(l.people[1].given(), "Jean-Luc");
  EXPECT_EQ(l.people[1].family(), "Picard");
  EXPECT_EQ(l.people[1].marks(), "*");
  EXPECT_TRUE(l.issues.empty());
}

TEST(NameRepairs, AccentCommandsFollowedByASpace) {
  EXPECT_EQ(
      names_of("Luk\\'a\\v cov\\'a-Medvi\\v dov\\'a, M\\'aria and Sa\\\"\\i d, Edward and "
               "Fran\\c cois, P. and Erd\\H os, Paul and Gau\\ss , C. and \\AA ngstr\\\"om, A."),
      (std::vector<std::string>{"Mária Lukáčová-Medviďová", "Edward Saïd", "P. François",
                                "Paul Erdős", "C. Gauß", "A. Ångström"}));
}

}  // namespace
}  // namespace papershelf

namespace papershelf {
namespace {

TEST(NameRepairs, MarkersWrittenAsMathSuperscripts) {
  const NameList l = parse_bibtex_names(
      "Hu$^{\\dagger*}$, Qinghao and Ye$^\\ddagger$, Zhisheng and Wen, Y.$^{*}$");
  ASSERT_EQ(l.people.size(), 3u);
  EXPECT_EQ(l.people[0].family(), "Hu");
  EXPECT_EQ(l.people[0].marks(), "†*");
  EXPECT_EQ(l.people[1].marks(), "‡");
  EXPECT_EQ(l.people[2].given(), "Y.");
  EXPECT_EQ(l.people[2].marks(), "*");
}

}  // namespace
}  // namespace papershelf

namespace papershelf {
namespace {

TEST(NameRepairs, SemicolonsAndEtAl) {
  const NameList semi = parse_bibtex_names("Smith, J.; Doe, J.; Lee, K.");
  EXPECT_EQ(names_of("Smith, J.; Doe, J.; Lee, K."),
            (std::vector<std::string>{"J. Smith", "J. Doe", "K. Lee"}));
  ASSERT_EQ(semi.issues.size(), 1u);
  const NameList etal = parse_bibtex_names("Hu, Qinghao and Ye, Zhisheng et al.");
  ASSERT_EQ(etal.people.size(), 2u);
  EXPECT_EQ(etal.people[1].given(), "Zhisheng");
  EXPECT_TRUE(etal.others);
  const NameList ads = parse_bibtex_names("{Okafor}, A. and {et al.}");
  EXPECT_EQ(ads.people.size(), 1u);
  EXPECT_TRUE(ads.others);
  EXPECT_FALSE(parse_bibtex_names("Hu, Qinghao and Violet Al").others);  // a name, not "et al"
  EXPECT_EQ(names_of("\\underline{Qinghao Hu} and Zhisheng Ye"),
            (std::vector<std::string>{"Qinghao Hu", "Zhisheng Ye"}));
}

}  // namespace
}  // namespace papershelf
