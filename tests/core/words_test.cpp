// The list's words in other languages: Words (plural forms, digit grouping, slots), language files
// read as the core reads them, and every phrase the core writes found in core/lang/en.json.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/html.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/words.hpp"

namespace ps = papershelf;

namespace {

std::string language_file(const std::string& code) {
  return ps::testing::read_file(std::string(PAPERSHELF_LANGUAGES) + "/" + code + ".json");
}

// A list with what the core writes words for: types, statuses, links, an abstract, an award, a
// selected entry, no date, and a profile.
constexpr const char* kLibrary = R"(
@inproceedings{a, title={One}, author={Lovelace, Ada and Babbage, Charles}, booktitle={Proc. X}, year=2020, selected={true},
  pdf={a.pdf}, code={https://example.org/code}, slides={s.pdf}, abstract={What it does.}, award={Best paper}}
@article{b, title={Two}, author={Lovelace, Ada}, journal={Journal of Y}, year=2021, note={Under review}, website={https://example.org}}
@misc{c, title={Three}, author={Somerville, Mary and Lovelace, Ada}, eprint={2101.00001}, archiveprefix={arXiv}, year=2022}
@book{d, title={Four}, author={Lovelace, Ada}, publisher={Z}}
)";

// The texts between tags of `html`, each trimmed.
std::vector<std::string> texts(const std::string& html) {
  std::vector<std::string> out;
  std::string text;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<' || c == '>') {
      const auto b = text.find_first_not_of(" \n"), e = text.find_last_not_of(" \n");
      if (!in_tag && b != std::string::npos) out.push_back(text.substr(b, e - b + 1));
      text.clear();
      in_tag = c == '<';
    } else {
      text += c;
    }
  }
  return out;
}

}  // namespace

TEST(Words, PluralFormsDigitGroupingAndSlots) {
  ps::Words english;
  EXPECT_EQ(english("Cite"), "Cite");
  EXPECT_EQ(english.count(1, "publication", "publications"), "publication");
  EXPECT_EQ(english.count(0, "publication", "publications"), "publications");
  EXPECT_EQ(english.number(1234567), "1,234,567");
  EXPECT_EQ(english.number(999), "999");
  EXPECT_EQ(ps::Words::fill("{n} of {n} {x}", "n", "3"), "3 of 3 {x}");

  std::vector<std::string> problems;
  const ps::Words fr = ps::read_words(language_file("fr"), "fr", &problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(fr("Cite"), "Citer");
  EXPECT_EQ(fr.count(0, "publication", "publications"),
            "publication");  // French: 0 and 1 are singular
  EXPECT_EQ(fr.count(2, "publication", "publications"), "publications");
  EXPECT_EQ(fr.number(12345), "12\u202f345");
  EXPECT_EQ(fr("A phrase no file has"), "A phrase no file has");
  const ps::Words ja = ps::read_words(language_file("ja"), "ja");
  EXPECT_EQ(ja.count(1, "publication", "publications"),
            ja.count(5, "publication", "publications"));  // one form

  // What cannot be read is told, and the rest is kept.
  problems.clear();
  const ps::Words odd = ps::read_words(
      R"({"plural": "dual", "words": {"Cite": 3, "Abstract": "Resumo", "links": {"one": "x"}}})",
      "xx", &problems);
  EXPECT_EQ(problems.size(), 3u);
  EXPECT_EQ(odd("Abstract"), "Resumo");
  EXPECT_EQ(odd("Cite"), "Cite");
  problems.clear();
  EXPECT_TRUE(ps::read_words("{\"words\": [", "xx", &problems).empty());
  EXPECT_EQ(problems.size(), 1u);
}

// A group's heading is seen as "2020 1" and heard with its unit, in the list's language.
TEST(Words, AGroupHeadingSaysWhatItCounts) {
  const ps::Library lib = ps::read(kLibrary).library;
  ps::Query q;
  q.group = ps::GroupBy::Year;
  const ps::View view = ps::run_query(lib, q);
  ps::FormatOptions o;
  const auto heard = [&](const ps::Words* words) {
    o.words = words;
    const std::string html = ps::format_html(lib, view, o);
    const std::size_t at = html.find("<section class=\"ps-group\" data-group=\"2020\">");
    return at == std::string::npos ? html : html.substr(at, html.find("</h3>", at) - at);
  };
  EXPECT_NE(heard(nullptr).find("<span class=\"ps-count\" aria-hidden=\"true\">1</span><span "
                                "class=\"ps-visually-hidden\">2020: 1 publication</span>"),
            std::string::npos)
      << heard(nullptr);
  const ps::Words de = ps::read_words(language_file("de"), "de");
  EXPECT_NE(heard(&de).find(">2020: 1 Publikation</span>"), std::string::npos) << heard(&de);
  const ps::Words fr = ps::read_words(language_file("fr"), "fr");
  EXPECT_NE(heard(&fr).find(">2020\u00a0: 1 publication</span>"), std::string::npos) << heard(&fr);
}

TEST(Words, TheCommandLineCarriesEveryShippedLanguage) {
  const auto en = nlohmann::json::parse(language_file("en"));
  ASSERT_FALSE(ps::builtin_languages().empty());
  for (const std::string_view code : ps::builtin_languages()) {
    const auto file = nlohmann::json::parse(ps::builtin_language(code));
    EXPECT_EQ(file["words"].size(), en["words"].size()) << code;
    EXPECT_EQ(std::string(ps::builtin_language(code)), language_file(std::string(code))) << code;
  }
  EXPECT_EQ(ps::builtin_language("pt-BR"), ps::builtin_language("pt"));
  EXPECT_EQ(ps::builtin_language("DE_at"), ps::builtin_language("de"));
  EXPECT_TRUE(ps::builtin_language("en").empty());
  EXPECT_TRUE(ps::builtin_language("sv").empty());
}

// Every text the core writes for a visitor is a phrase of en.json (or data): written with a
// language whose every phrase is marked, no text of the list, the toolbar's room or the card is
// left unmarked but the data's own.
TEST(Words, EveryPhraseTheCoreWritesIsInTheLanguageFiles) {
  const auto en = nlohmann::json::parse(language_file("en"));
  ps::Words marked;
  for (const auto& [phrase, text] : en["words"].items()) {
    const std::string other =
        text.is_string() ? text.get<std::string>() : text["other"].get<std::string>();
    marked.add(phrase, "\u27e6" + other + "\u27e7",
               text.is_object() ? "\u27e6" + text["one"].get<std::string>() + "\u27e7" : "");
  }
  ps::Catalog catalog(ps::read(kLibrary).library);
  catalog.set_words(std::move(marked));
  ps::FormatOptions o;
  o.owner = catalog.owner("Ada Lovelace");
  o.words = &catalog.words();
  o.panels = ps::Panels::OnDemand;  // (citations are written in their style's words)
  o.toolbar.mode = ps::ControlsMode::Full;
  o.toolbar.useful = {true, true, true, true, true, true, true, true};
  ps::Query q;
  q.group = ps::GroupBy::Type;
  std::string html = ps::format_html(catalog.library(), catalog.query(q), o);
  q.group = ps::GroupBy::Year;
  html += ps::format_html(catalog.library(), catalog.query(q), o);
  ps::ProfileCardOptions card;
  card.words = &catalog.words();
  ps::Profile profile = catalog.library().profile;
  profile.name = "Ada Lovelace";
  profile.interests = {"Engines"};
  profile.links = {{"homepage", "https://example.org"}, {"email", "mailto:ada@example.org"}};
  html += ps::format_profile_html(profile, catalog.stats("Ada Lovelace"), card);
  // The data's own texts, and what is no word (numbers, marks, years).
  const std::vector<std::string> data = {"One",
                                         "Two",
                                         "Three",
                                         "Four",
                                         "Proc. X",
                                         "Journal of Y",
                                         "Best paper",
                                         "What it does.",
                                         "Under review",
                                         "Ada Lovelace",
                                         "Charles Babbage",
                                         "Mary Somerville",
                                         "Engines",
                                         "A. Lovelace",
                                         "C. Babbage",
                                         "M. Somerville",
                                         "Z",
                                         "\u2060Best paper"};
  std::size_t words = 0;
  for (const std::string& t : texts(html)) {
    if (t.find("\u27e6") != std::string::npos) {
      ++words;
      continue;
    }
    if (t.find_first_not_of("0123456789,.:;()+ \u2013\u2019\u2026\u2605*\u00a0") ==
        std::string::npos)
      continue;
    if (std::find(data.begin(), data.end(), t) != data.end() || t.rfind("{\"@context", 0) == 0 ||
        t.rfind("ada", 0) == 0 || t.rfind("example.org", 0) == 0)
      continue;
    ADD_FAILURE() << "\"" << t << "\" is not a phrase of core/lang/en.json";
  }
  EXPECT_GT(words, 40u);
}
