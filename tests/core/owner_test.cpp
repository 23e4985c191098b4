// Owner matching: every variant people publish under, and the names that must not match.
#include <gtest/gtest.h>

#include "papershelf/names.hpp"
#include "papershelf/read.hpp"
#include "records.hpp"

using papershelf::OwnerMatcher;
using papershelf::Person;

namespace {

using papershelf::testing::person;

OwnerMatcher owner(std::initializer_list<const char*> names) {
  std::vector<std::string> v(names.begin(), names.end());
  return OwnerMatcher(v);
}

}  // namespace

TEST(OwnerMatcher, EmptyMatchesNobody) {
  OwnerMatcher none;
  EXPECT_TRUE(none.empty());
  EXPECT_FALSE(none.matches(person("Qinghao", "Hu")));
  EXPECT_TRUE(owner({}).empty());
  EXPECT_TRUE(owner({"", "   "}).empty());
}

TEST(OwnerMatcher, EveryWrittenFormOfTheOwnerMatchesTheFullName) {
  const Person full = person("Qinghao", "Hu");
  for (const char* written :
       {"Qinghao Hu", "Hu, Qinghao", "Q. Hu", "Q Hu", "HU Qinghao", "qinghao hu", "Hu, Q."}) {
    EXPECT_TRUE(owner({written}).matches(full)) << written;
  }
}

TEST(OwnerMatcher, FullOwnerMatchesEveryAuthorVariant) {
  const OwnerMatcher m = owner({"Qinghao Hu"});
  EXPECT_TRUE(m.matches(person("Qinghao", "Hu")));
  EXPECT_TRUE(m.matches(person("Q.", "Hu")));
  EXPECT_TRUE(m.matches(person("Q", "Hu")));
  EXPECT_TRUE(m.matches(person("QINGHAO", "HU")));
  EXPECT_TRUE(m.matches(person("Qing-Hao", "Hu")));
  EXPECT_TRUE(m.matches(person("Qinghao J.", "Hu")));  // an extra middle initial
  // Family name first, as often written for Chinese names: parsed as given "HU", family "Qinghao".
  EXPECT_TRUE(m.matches(person("HU", "Qinghao")));
}

TEST(OwnerMatcher, DiacriticsAreIgnoredBothWays) {
  EXPECT_TRUE(owner({"José García"}).matches(person("Jose", "Garcia")));
  EXPECT_TRUE(owner({"Jose Garcia"}).matches(person("José", "García")));
  EXPECT_TRUE(owner({"Jose Garcia"}).matches(person("JOSÉ", "GARCÍA")));
  EXPECT_TRUE(owner({"Lodz, Pawel"}).matches(person("Paweł", "Łódź")));
  // Decomposed input on the author side folds the same.
  EXPECT_TRUE(owner({"José García"})
                  .matches(person("Jose\xCC\x81",
                                  "Garci\xCC\x81"
                                  "a")));
}

TEST(OwnerMatcher, MarkersAreIgnored) {
  const OwnerMatcher m = owner({"Qinghao Hu"});
  EXPECT_TRUE(m.matches(person("Qinghao", "Hu", "*")));
  EXPECT_TRUE(m.matches(person("Qinghao", "Hu", "*\xE2\x80\xA0")));  // *†
  // Markers typed into the owner's own name are dropped too.
  EXPECT_TRUE(owner({"Qinghao Hu*"}).matches(person("Qinghao", "Hu")));
  EXPECT_TRUE(owner({"Hu*\xE2\x80\xA0, Qinghao"}).matches(person("Qinghao", "Hu")));
  EXPECT_TRUE(owner({"*Hu, Qinghao"}).matches(person("Q.", "Hu", "\xE2\x80\xA1")));
}

TEST(OwnerMatcher, OtherPeopleDoNotMatch) {
  const OwnerMatcher m = owner({"Qinghao Hu"});
  EXPECT_FALSE(m.matches(person("Qiang", "Hu")));  // same family, different given name
  EXPECT_FALSE(m.matches(person("Q.", "Li")));
  EXPECT_FALSE(m.matches(person("Qinghao", "Li")));
  EXPECT_FALSE(m.matches(person("Z.", "Hu")));
  EXPECT_FALSE(m.matches(person("Hu", "Li")));
  EXPECT_FALSE(m.matches(person("", "")));
  EXPECT_FALSE(owner({"Q. Hu"}).matches(person("Z.", "Hu")));
  EXPECT_FALSE(owner({"Hu, Qinghao"}).matches(person("Qinghao", "Hua")));
}

TEST(OwnerMatcher, AnyOfSeveralNamesMatches) {
  const OwnerMatcher m = owner({"Qinghao Hu", "Tianwei Zhang"});
  EXPECT_FALSE(m.empty());
  EXPECT_TRUE(m.matches(person("Q.", "Hu")));
  EXPECT_TRUE(m.matches(person("T.", "Zhang")));
  EXPECT_FALSE(m.matches(person("Wei", "Zhang")));
}

TEST(OwnerMatcher, ParticlesAreKeptWithTheFamilyName) {
  Person author = person("Guido", "Rossum");
  author.set_particle("van");
  EXPECT_TRUE(owner({"Guido van Rossum"}).matches(author));
  EXPECT_TRUE(owner({"van Rossum, Guido"}).matches(author));
  EXPECT_TRUE(owner({"G. van Rossum"}).matches(author));
  EXPECT_FALSE(owner({"Guido Rossi"}).matches(author));
}

TEST(SplitOwnerList, SemicolonsAndNewlines) {
  using V = std::vector<std::string>;
  EXPECT_EQ(papershelf::split_owner_list("Qinghao Hu; Q. Hu\nHu, Qinghao ;; "),
            (V{"Qinghao Hu", "Q. Hu", "Hu, Qinghao"}));
  EXPECT_EQ(papershelf::split_owner_list("  One Name  "), (V{"One Name"}));
  EXPECT_EQ(papershelf::split_owner_list("a\r\nb"), (V{"a", "b"}));
  EXPECT_TRUE(papershelf::split_owner_list("").empty());
  EXPECT_TRUE(papershelf::split_owner_list(" ; \n ").empty());
}

TEST(OwnerMatcher, InvisibleCharactersDoNotHideTheOwner) {
  // Zero-width characters, a BOM, a soft hyphen, bidi controls and NUL look like nothing, so a
  // name written with them must match as the name without them (and read from BibTeX too).
  const OwnerMatcher m = owner({"Qinghao Hu"});
  EXPECT_TRUE(m.matches(person("Qinghao", "Hu\xE2\x80\x8D")));        // U+200D ZWJ
  EXPECT_TRUE(m.matches(person("Q\xE2\x80\x8B.", "Hu")));             // U+200B
  EXPECT_TRUE(m.matches(person("Qinghao", "\xEF\xBB\xBFHu")));        // U+FEFF
  EXPECT_TRUE(m.matches(person("Qinghao\xC2\xAD", "Hu")));            // U+00AD
  EXPECT_TRUE(m.matches(person("Qinghao", std::string("\0Hu", 3))));  // NUL
  EXPECT_TRUE(m.matches(person("Qinghao", "Hu\xE2\x80\xAE")));        // U+202E
  EXPECT_TRUE(owner({"Q\xE2\x81\xA0 Hu"})
                  .matches(person("Qinghao", "Hu")));  // U+2060 in the owner's own name
  EXPECT_FALSE(m.matches(person("Qiang\xE2\x80\x8B", "Hu")));
  const auto lib = papershelf::read_bibtex(
                       "@misc{a, title={T}, author={Hu\xE2\x80\x8D, Qinghao and Ye, Z.}}\n", {})
                       .library;
  ASSERT_EQ(lib.publications.size(), 1u);
  EXPECT_TRUE(m.matches(lib.publications[0].authors.at(0)));
}
