// The CSL processor's budget (core/src/csl/engine.hpp, kRenderBudget): a style whose macros call
// macros several times over (each level doubling the copies of the innermost) is read, the
// macro where its expansion passes the budget is named in the style's message, and every
// rendering stops at the budget with bounded output. Real styles never come near it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "csl/engine.hpp"  // (kRenderBudget: what the output is bounded by)
#include "papershelf/citation.hpp"
#include "papershelf/csl.hpp"
#include "papershelf/json.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

std::string style_with(const std::string& macros, const std::string& layout,
                       const std::string& sort = "") {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
         "<style xmlns=\"http://purl.org/net/xbiblio/csl\" class=\"in-text\" version=\"1.0\">\n"
         "<info><title>Budget</title><id>budget</id></info>\n" +
         macros + "<citation><layout>" + layout + "</layout></citation>\n<bibliography>" + sort +
         "<layout>" + layout + "</layout></bibliography>\n</style>\n";
}

// m0 calls m1 `calls` times, m1 calls m2 `calls` times, ... m<depth> renders the title: a
// million copies of it at depth 20 with two calls, more than 10^9 at depth 30. One macro a line.
std::string forking_macros(int depth, int calls,
                           const std::string& innermost = "<text variable=\"title\"/>") {
  std::string out;
  for (int i = 0; i < depth; ++i) {
    out += "<macro name=\"m" + std::to_string(i) + "\">";
    for (int k = 0; k < calls; ++k) out += "<text macro=\"m" + std::to_string(i + 1) + "\"/>";
    out += "</macro>\n";
  }
  return out + "<macro name=\"m" + std::to_string(depth) + "\">" + innermost + "</macro>\n";
}

std::string forking_style(int depth, int calls = 2) {
  return style_with(forking_macros(depth, calls), "<text macro=\"m0\"/>");
}

std::unique_ptr<csl::Processor> read_style(const std::string& xml, std::string& message) {
  message.clear();
  return csl::Processor::create(
      xml, [](std::string_view tag) { return std::string(csl::builtin_locale(tag)); }, "",
      &message);
}

// Three CSL-JSON items (two by the same author and year: citations disambiguate them).
struct Items {
  json::Value doc;
  std::vector<const json::Value*> all;
  explicit Items(const std::string& title = "Tidal Heating") {
    const std::string text =
        R"([
      {"id":"a","type":"article-journal","title":")" +
        title +
        R"(","author":[{"family":"Okafor","given":"Chidi"}],"issued":{"date-parts":[[2025]]}},
      {"id":"b","type":"article-journal","title":"Moons","author":[{"family":"Okafor","given":"Chidi"}],"issued":{"date-parts":[[2025]]}},
      {"id":"c","type":"book","title":"Rings","author":[{"family":"Lindqvist","given":"Sara"}],"issued":{"date-parts":[[2019]]}}])";
    EXPECT_TRUE(json::parse(text, doc));
    for (const json::Value& v : doc.items) all.push_back(&v);
  }
};

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos;
       at = hay.find(needle, at + needle.size()))
    ++n;
  return n;
}

// The macro a message names, and where: "line:column: macro \"NAME\" ...".
struct Named {
  int line = 0, column = 0;
  std::string macro;
};
Named named(const std::string& message) {
  std::smatch m;
  Named out;
  if (std::regex_search(message, m,
                        std::regex("^([0-9]+):([0-9]+): macro \"([^\"]*)\" expands past")))
    out = {std::stoi(m[1]), std::stoi(m[2]), m[3]};
  return out;
}

// What a rendering can make within the budget: each piece of output costs a step, and one more
// per 64 bytes of its text.
constexpr std::size_t kMostOutput = static_cast<std::size_t>(csl::kRenderBudget) * 64;

TEST(CslBudget, ForkingMacrosThirtyDeepAreReadNamedAndCutShort) {
  const std::string style = forking_style(30);
  std::string message;
  const auto p = read_style(style, message);
  ASSERT_TRUE(p) << message;
  // The macro named is the one where the copies add up past the budget: its own two calls
  // each fit, together they do not. (One macro a line: m<k> is on line 4 + k.)
  const Named n = named(message);
  ASSERT_FALSE(n.macro.empty()) << message;
  const int level = std::stoi(n.macro.substr(1));
  EXPECT_GT(level, 0);
  EXPECT_LT(level, 30);
  EXPECT_EQ(n.line, 4 + level) << message;
  EXPECT_NE(message.find("references are cut short"), std::string::npos) << message;

  const Items items;
  const std::vector<std::string> entries = p->bibliography(items.all, csl::Markup::Text);
  ASSERT_EQ(entries.size(), 3u);
  for (const std::string& e : entries) {
    EXPECT_GT(count(e, "Tidal Heating") + count(e, "Moons") + count(e, "Rings"),
              100u);  // (it renders, as far as it may)
    EXPECT_LT(e.size(), kMostOutput);
    EXPECT_LT(count(e, "Tidal Heating"), static_cast<std::size_t>(csl::kRenderBudget));
  }
  // Citations render each cite several times (disambiguation, grouping): each within its budget.
  std::vector<csl::CiteItem> cluster(2);
  for (std::size_t i = 0; i < 2; ++i) cluster[i].item = items.all[i];
  const std::vector<std::string> cites =
      p->citations({items.all[0], items.all[1]}, {cluster}, csl::Markup::Html);
  ASSERT_EQ(cites.size(), 1u);
  EXPECT_LT(cites[0].size(), 2 * kMostOutput);
}

TEST(CslBudget, WideMacrosAreNamedWhereTheirCallsAddUp) {
  // top calls wide 300 times, wide calls leaf 300 times: 90,000 titles with their wrappers.
  // Each call of wide fits the budget, three hundred of them do not.
  std::string wide, top;
  for (int k = 0; k < 300; ++k) wide += "<text macro=\"leaf\"/>";
  for (int k = 0; k < 300; ++k) top += "<text macro=\"wide\" prefix=\" \"/>";
  const std::string macros =
      "<macro name=\"leaf\"><text variable=\"title\" font-style=\"italic\"/></macro>\n"
      "<macro name=\"wide\"><group delimiter=\", \">" +
      wide +
      "</group></macro>\n"
      "<macro name=\"top\">" +
      top + "</macro>\n";
  std::string message;
  const auto p = read_style(style_with(macros, "<text macro=\"top\"/>"), message);
  ASSERT_TRUE(p) << message;
  EXPECT_EQ(named(message).macro, "top") << message;
  EXPECT_EQ(named(message).line, 6) << message;
  const Items items;
  for (const std::string& e : p->bibliography(items.all, csl::Markup::Html))
    EXPECT_LT(e.size(), kMostOutput);
}

// The first item's bibliography entry in `style`, whose macro "again" runs past the budget: the
// style must read, and its message must name that macro ("" when the style cannot be read).
std::string first_entry_named_again(const std::string& style) {
  std::string message;
  const auto p = read_style(style, message);
  EXPECT_TRUE(p) << message;
  EXPECT_EQ(named(message).macro, "again") << message;
  if (!p) return {};
  const Items items;
  const std::vector<std::string> entries = p->bibliography({items.all[0]}, csl::Markup::Text);
  EXPECT_EQ(entries.size(), 1u);
  return entries.empty() ? std::string() : entries[0];
}

TEST(CslBudget, AMacroCallingItselfTwiceIsNamed) {
  // (the depth limit alone stops it at 51 levels: 2^51 copies)
  const std::string entry =
      first_entry_named_again(style_with("<macro name=\"again\"><text value=\"x\"/><text "
                                         "macro=\"again\"/><text macro=\"again\"/></macro>\n",
                                         "<text macro=\"again\"/>"));
  EXPECT_GT(count(entry, "x"), 50u);
  EXPECT_LT(entry.size(), kMostOutput);
  std::string message;
  // Calling itself once is a chain the depth limit ends (51 copies), well within the budget.
  const auto once = read_style(
      style_with("<macro name=\"again\"><text value=\"x\"/><text macro=\"again\"/></macro>\n",
                 "<text macro=\"again\"/>"),
      message);
  ASSERT_TRUE(once);
  EXPECT_EQ(message, "");
  EXPECT_EQ(once->bibliography(Items().all, csl::Markup::Text)[0],
            std::string(csl::kMaxMacroDepth + 1, 'x'));
}

TEST(CslBudget, CaseChangesOnMacrosCallingThemselvesArePaidFor) {
  // (fuzz_csl's finding: each of the fifty levels changed the case of all it held again)
  std::string calls;
  for (int k = 0; k < 16; ++k)
    calls +=
        "<text macro=\"again\" text-case=\"" + std::string(k % 2 ? "lowercase" : "title") + "\"/>";
  const std::string entry = first_entry_named_again(
      style_with("<macro name=\"again\"><text variable=\"title\" strip-periods=\"true\"/>" + calls +
                     "</macro>\n",
                 "<text macro=\"again\" text-case=\"uppercase\"/>"));
  EXPECT_GT(count(entry, "tidal heating"), 20u);  // (the innermost levels' case)
  EXPECT_LT(entry.size(), kMostOutput);
}

TEST(CslBudget, SortKeysChoicesGroupsAndNamesAreBoundedToo) {
  // The same forking under a sort key's macro, inside choose branches, groups and a names
  // element's substitute: every path that expands macros spends the same budget.
  std::string macros;
  for (int i = 0; i < 30; ++i) {
    const std::string next = "<text macro=\"m" + std::to_string(i + 1) + "\"/>";
    macros += "<macro name=\"m" + std::to_string(i) + "\"><choose><if type=\"book\">" + next +
              next + "</if><else><group delimiter=\"; \">" + next +
              "<names variable=\"editor\"><substitute>" + next +
              "</substitute></names></group></else></choose></macro>\n";
  }
  macros += "<macro name=\"m30\"><names variable=\"author\"/><text variable=\"title\"/></macro>\n";
  std::string message;
  const auto p = read_style(
      style_with(macros, "<text macro=\"m0\"/>", "<sort><key macro=\"m0\"/></sort>"), message);
  ASSERT_TRUE(p) << message;
  ASSERT_FALSE(named(message).macro.empty()) << message;
  const Items items;
  const std::vector<std::string> entries = p->bibliography(items.all, csl::Markup::Text);
  ASSERT_EQ(entries.size(), 3u);
  for (const std::string& e : entries) EXPECT_LT(e.size(), kMostOutput);
}

TEST(CslBudget, OutputIsBoundedForAStyleWithinTheBudget) {
  // 1,024 copies of a field fit the budget as elements; of a 100 KB title they would be 100 MB.
  // The output pays for its text too, so the rendering stops after what the budget buys: some
  // 128 copies of a title of half the budget's bytes.
  const std::string style = forking_style(10);
  std::string message;
  const auto p = read_style(style, message);
  ASSERT_TRUE(p);
  EXPECT_EQ(message, "");  // (as elements it is within the budget)
  const std::string title(static_cast<std::size_t>(csl::kRenderBudget / 2), 'q');
  const Items items(title);
  const std::vector<std::string> entries = p->bibliography(items.all, csl::Markup::Text);
  ASSERT_EQ(entries.size(), 3u);
  std::size_t longest = 0;
  for (const std::string& e : entries) longest = std::max(longest, e.size());
  EXPECT_GT(longest, 10 * title.size());
  EXPECT_LT(longest, kMostOutput + title.size());  // (the piece that ran it out is kept)
}

TEST(CslBudget, RealStylesAreFarWithinIt) {
  // The core's six and, where Debian's styles are installed, the costliest of them (with every
  // branch taken, urad-rs-za-makroekonomske-analize-in-razvoj costs 20,238 steps, a tenth of
  // the budget): read with no message, and they render as before (citation_test, csl_suite_test).
  if (csl::kRenderBudget < 200000)
    GTEST_SKIP() << "a build with a twentieth of the budget (the sanitizers')";
  for (const char* id :
       {"apa", "ieee", "association-for-computing-machinery", "chicago-author-date",
        "modern-language-association", "harvard-cite-them-right"}) {
    std::string message;
    EXPECT_TRUE(read_style(std::string(csl::builtin_style(id)), message)) << id;
    EXPECT_EQ(message, "") << id;
  }
  const std::string dir = "/usr/share/citation-style-language/styles/";
  for (const char* name :
       {"urad-rs-za-makroekonomske-analize-in-razvoj", "journal-of-small-business-management",
        "apa", "apa-with-abstract", "chicago-fullnote-bibliography",
        "chicago-fullnote-bibliography-fr", "chicago-note-bibliography", "chicago-author-date",
        "modern-humanities-research-association"}) {
    std::ifstream in(dir + name + ".csl", std::ios::binary);
    if (!in) continue;
    std::stringstream text;
    text << in.rdbuf();
    std::string message;
    EXPECT_TRUE(read_style(text.str(), message)) << name;
    EXPECT_EQ(message, "") << name;
  }
}

TEST(CslBudget, TheOwnersCitationStyleSaysSo) {
  // The path the CLI takes (citation_style_from_csl, format_citation): the message, and a
  // bounded citation.
  std::string error;
  const auto style = citation_style_from_csl(forking_style(30), "", nullptr, &error);
  ASSERT_TRUE(style);
  EXPECT_NE(named(error).macro, "") << error;
  const ReadResult r = read_bibtex(
      "@article{k, title={Tidal Heating}, author={Okafor, Chidi}, journal={J}, year=2025}\n", {});
  ASSERT_EQ(r.library.publications.size(), 1u);
  const std::string text = format_citation(r.library.publications[0], *style);
  EXPECT_GT(count(text, "Tidal Heating"), 100u);
  EXPECT_LT(text.size(), kMostOutput);
}

}  // namespace
}  // namespace papershelf
