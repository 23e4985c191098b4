// What the formatter tests share: a sample record, an owner's options, a page's links read back.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "papershelf/html.hpp"
#include "records.hpp"

namespace format_testing {

using namespace papershelf;
using papershelf::testing::person;

inline std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t pos = hay.find(needle); pos != std::string::npos;
       pos = hay.find(needle, pos + 1))
    ++n;
  return n;
}

inline std::string html_unescape(std::string s) {
  const std::pair<const char*, const char*> kEntities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}};
  for (const auto& [from, to] : kEntities) {
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + 1))
      s.replace(pos, std::char_traits<char>::length(from), to);
  }
  return s;
}

// Every href="..." value in `html`, unescaped as a browser would read the attribute.
inline std::vector<std::string> hrefs(const std::string& html) {
  std::vector<std::string> out;
  for (std::size_t pos = html.find("href="); pos != std::string::npos;
       pos = html.find("href=", pos + 1)) {
    const std::size_t open = pos + 5;
    EXPECT_LT(open, html.size());
    if (open >= html.size()) break;
    EXPECT_EQ(html[open], '"') << "unquoted href in " << html;
    const std::size_t close = html.find('"', open + 1);
    EXPECT_NE(close, std::string::npos);
    if (close == std::string::npos) break;
    out.push_back(html_unescape(html.substr(open + 1, close - open - 1)));
  }
  return out;
}

inline void expect_only_safe_hrefs(const std::string& html) {
  for (const std::string& url : hrefs(html)) {
    EXPECT_TRUE(is_safe_url(url)) << url;
    std::string compact;
    for (char c : url)
      if (static_cast<unsigned char>(c) > 0x20)
        compact += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* bad : {"javascript:", "vbscript:", "data:", "file:"})
      EXPECT_NE(compact.rfind(bad, 0), 0u) << url;
  }
  // The only script is the JSON-LD data block, which browsers never run.
  for (std::size_t at = html.find("<script"); at != std::string::npos;
       at = html.find("<script", at + 1))
    EXPECT_EQ(html.compare(at, 35, "<script type=\"application/ld+json\">"), 0)
        << html.substr(at, 60);
}

inline Publication sample_pub() {
  Publication p;
  p.key = "hu2024";
  p.type = PubType::Conference;
  p.title = "Characterization of LLM Development";
  p.authors = {person("Qinghao", "Hu", "*"), person("Zhisheng", "Ye", "*"),
               person("Tianwei", "Zhang", "\xE2\x80\xA0")};
  p.date = {2024, 4, 0};
  p.venue = "USENIX NSDI";
  p.edit_rare().badge = "NSDI";
  p.edit_rare().award = "Best Paper Award at NSDI 2024";
  p.edit_rare().award_label = "Best Paper";
  p.selected = true;
  p.links = {{"pdf", "papers/hu2024.pdf"},
             {"code", "https://github.com/x/y"},
             {"video", "javascript:alert(1)"}};
  p.edit_rare().doi = "10.5555/x";
  p.edit_rare().tags = {"llm"};
  p.edit_rare().citations = 42;
  p.edit_rare().note = "Oral";
  return p;
}

inline FormatOptions options_for(std::initializer_list<const char*> owners) {
  FormatOptions o;
  o.owner = OwnerMatcher(std::vector<std::string>(owners.begin(), owners.end()));
  o.panels = Panels::None;
  return o;
}

}  // namespace format_testing
