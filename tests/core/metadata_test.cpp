// The metadata a reference manager or a search engine reads from a static list: the JSON-LD is
// valid JSON that names every entry, and a COinS reader gets each paper's title, authors, year
// and DOI back, for every record of the real files.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

std::string html_unescape(std::string s) {
  const std::pair<const char*, const char*> kEntities[] = {
      {"&quot;", "\""}, {"&#39;", "'"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}};
  for (const auto& [from, to] : kEntities)
    for (std::size_t at; (at = s.find(from)) != std::string::npos;)
      s.replace(at, std::strlen(from), to);
  return s;
}

std::string percent_decode(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size()) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i] == '+' ? ' ' : s[i];
    }
  }
  return out;
}

// Every COinS span of a page, as key -> values (a ContextObject repeats rft.au).
std::vector<std::multimap<std::string, std::string>> read_coins(const std::string& html) {
  std::vector<std::multimap<std::string, std::string>> out;
  const std::string open = "<span class=\"Z3988\" title=\"";
  for (std::size_t at = html.find(open); at != std::string::npos; at = html.find(open, at + 1)) {
    const std::size_t begin = at + open.size(), end = html.find('"', begin);
    const std::string kev = html_unescape(html.substr(begin, end - begin));
    auto& fields = out.emplace_back();
    for (std::size_t k = 0; k <= kev.size();) {
      std::size_t amp = kev.find('&', k);
      if (amp == std::string::npos) amp = kev.size();
      const std::string pair = kev.substr(k, amp - k);
      const std::size_t eq = pair.find('=');
      if (eq != std::string::npos)
        fields.emplace(pair.substr(0, eq), percent_decode(pair.substr(eq + 1)));
      k = amp + 1;
    }
  }
  return out;
}

std::string first(const std::multimap<std::string, std::string>& m, const std::string& key) {
  const auto it = m.find(key);
  return it == m.end() ? std::string() : it->second;
}

TEST(Metadata, JsonLdAndCoinsDescribeEveryListedPaper) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared/corpus is absent";
  std::size_t papers = 0, with_doi = 0;
  for (const std::string& path : testing::list_files(shared + "/corpus/realworld", ".bib")) {
    const ReadResult r = read_bibtex(testing::read_file(path), {});
    Query q;
    q.sort = *parse_sort("file");
    const View view = run_query(r.library, q);
    const std::string html = format_html(r.library, view, {});

    const std::string open = "<script type=\"application/ld+json\">";
    const std::size_t at = html.find(open);
    ASSERT_NE(at, std::string::npos) << path;
    const std::size_t end = html.find("</script>", at);
    const auto ld = nlohmann::json::parse(html.substr(at + open.size(), end - at - open.size()));
    EXPECT_EQ(ld["@context"], "https://schema.org");
    ASSERT_EQ(ld["itemListElement"].size(), view.entries.size()) << path;

    const auto coins = read_coins(html);
    ASSERT_EQ(coins.size(), view.entries.size()) << path;
    for (std::size_t k = 0; k < view.entries.size(); ++k) {
      const Publication& p = r.library.publications[view.entries[k]];
      EXPECT_EQ(ld["itemListElement"][k]["item"]["name"], full_title(p)) << path;
      const auto& c = coins[k];
      EXPECT_EQ(first(c, "ctx_ver"), "Z39.88-2004");
      std::string title = first(c, "rft.atitle");
      if (title.empty()) title = first(c, "rft.btitle");
      if (title.empty()) title = first(c, "rft.title");
      EXPECT_EQ(title, full_title(p)) << p.key;
      std::vector<std::string> authors;
      for (auto [it, last] = c.equal_range("rft.au"); it != last; ++it)
        authors.push_back(it->second);
      ASSERT_EQ(authors.size(), p.authors.size()) << p.key;
      for (std::size_t i = 0; i < authors.size(); ++i) {
        const Person& a = p.authors[i];
        const std::string family =
            std::string(a.particle()) + (a.particle().empty() ? "" : " ") + std::string(a.family());
        std::string expected = a.given().empty() ? family : family + ", " + std::string(a.given());
        if (!a.suffix().empty()) expected += ", " + std::string(a.suffix());
        EXPECT_EQ(authors[i], a.is_literal() ? std::string(a.literal()) : expected);
      }
      if (p.date.year) {
        EXPECT_EQ(first(c, "rft.date"), std::to_string(p.date.year)) << p.key;
      }
      if (!p.doi().empty()) {
        bool found = false;
        for (auto [it, last] = c.equal_range("rft_id"); it != last; ++it)
          found |= it->second == "info:doi/" + p.doi();
        EXPECT_TRUE(found) << p.key;
        ++with_doi;
      }
      ++papers;
    }
  }
  EXPECT_GT(papers, 1000u);
  EXPECT_GT(with_doi, 100u);
}

TEST(Metadata, JsonLdCannotEndItsScript) {
  Library lib;
  Publication p;
  p.key = "x";
  p.title = "</script><script>alert(1)</script> <!-- & more";
  lib.publications.push_back(p);
  View v;
  v.entries = {0};
  const std::string ld = format_json_ld(lib, v);
  EXPECT_EQ(ld.find('<'), std::string::npos) << ld;
  EXPECT_EQ(nlohmann::json::parse(ld)["itemListElement"][0]["item"]["name"], p.title.text);
}

}  // namespace
}  // namespace papershelf
