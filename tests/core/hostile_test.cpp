// Hostile input (issue 4): every payload of tests/fixtures/hostile/payloads.json is put into every
// field of a BibTeX, a CSL-JSON and a papershelf JSON document (generated here), and the static
// HTML (what `papershelf render` prints: the list and the profile card) is checked at the parse
// level: only known tags and attributes, no event handlers or inline styles, every href/src a safe
// URL as a browser would read it, and each record's marker still visible as text.
// web/test/hostile.test.mjs runs the same payloads through the CLI and the element in Chromium.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "fixtures.hpp"
#include "harness.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"

namespace pt = papershelf::testing;
using namespace papershelf;
using nlohmann::json;

namespace {

std::vector<std::string> payloads() {
  const auto j =
      json::parse(pt::read_file(pt::fixtures_dir() + "/hostile/payloads.json"), nullptr, false);
  std::vector<std::string> out;
  if (j.is_array())
    for (const auto& p : j)
      if (p.is_string()) out.push_back(p.get<std::string>());
  return out;
}

std::string marker(std::size_t i) { return "M" + std::to_string(1000 + i) + "Q"; }

// ---------------------------------------------------------------- documents

// Brace-balanced payloads go into braced values as they are (LaTeX included, which is the point
// of \href and \url payloads); the others would end the value early, so their braces are escaped.
std::string bib_value(const std::string& p) {
  int depth = 0;
  bool balanced = true;
  for (char c : p) {
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    balanced = balanced && depth >= 0;
  }
  if (balanced && depth == 0) return p;
  std::string out;
  for (char c : p) out += (c == '{' || c == '}') ? std::string("\\") + c : std::string(1, c);
  return out;
}

// A key keeps the payload's characters BibTeX allows in keys (no space, comma or brace).
std::string bib_key(std::size_t i, const std::string& p) {
  std::string key = "k" + std::to_string(i);
  for (char c : p)
    if (static_cast<unsigned char>(c) > 0x20 && c != ',' && c != '{' && c != '}' && c != '(' &&
        c != ')' && c != '=' && c != '#' && c != '%' && c != '@' && c != '\\')
      key += c;
  return key;
}

std::string bibtex_document(const std::vector<std::string>& ps) {
  std::string out = "@string{hostile = {" + bib_value(ps.at(0)) + "}}\n";
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const std::string v = bib_value(ps[i]);
    const std::string m = marker(i);
    out += "@inproceedings{" + bib_key(i, ps[i]) + ",\n";
    for (const char* f :
         {"title", "booktitle", "journal", "note", "abstract", "award", "award_name", "abbr",
          "publisher", "school", "series", "annotation", "pubstate", "keywords", "month"})
      out += std::string("  ") + f + " = {" + m + " " + v + "},\n";
    out += "  author = {" + m + " {" + v + "} and Hu, Qinghao and {" + v + "}, " + m + "},\n";
    out += "  editor = {{" + v + "}},\n";
    for (const char* f : {"url", "pdf", "code", "slides", "poster", "video", "website", "html",
                          "doi", "eprint", "preview", "url_extra", "supp", "blog"})
      out += std::string("  ") + f + " = {" + v + "},\n";
    out += "  year = {2020},\n  selected = {true},\n  bibtex_show = {true},\n  tags = hostile\n}\n";
  }
  return out;
}

json csl_item(std::size_t i, const std::string& p) {
  const std::string m = marker(i) + " " + p;
  json item = json::object();
  item["id"] = p + " " + std::to_string(i);
  item["type"] = "paper-conference";
  for (const char* f :
       {"title", "container-title", "event-title", "publisher", "note", "abstract", "genre"})
    item[f] = m;
  item["author"] =
      json::array({json{{"family", m}, {"given", p}, {"marks", p}}, json{{"literal", m}},
                   json{{"family", "Hu"}, {"given", "Qinghao"}}});
  item["editor"] = json::array({json{{"literal", p}}});
  item["URL"] = p;
  item["DOI"] = p;
  item["keyword"] = p;
  item["issued"] = json{{"raw", p}};
  item["language"] = p;
  return item;
}

std::string csl_document(const std::vector<std::string>& ps) {
  json doc = json::array();
  for (std::size_t i = 0; i < ps.size(); ++i) doc.push_back(csl_item(i, ps[i]));
  return doc.dump(1);
}

std::string papershelf_document(const std::vector<std::string>& ps) {
  json pubs = json::array();
  json links = json::object();
  json legend = json::object();
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const std::string& p = ps[i];
    json item = csl_item(i, p);
    item["issued"] = json{{"date-parts", json::array({json::array({2020})})}};
    for (const char* f : {"badge", "award", "award_name", "status", "thumbnail", "arxiv"})
      item[f] = marker(i) + " " + p;
    item["arxiv"] = p;
    item["thumbnail"] = p;
    item["selected"] = true;
    item["tags"] = json::array({p, marker(i)});
    item["links"] =
        json::array({json{{"label", p}, {"url", p}}, json{{"label", "pdf"}, {"url", p}}});
    pubs.push_back(item);
    links[p] = p;
    legend[p.substr(0, 8)] = p;
  }
  json profile = {{"name", "Qinghao Hu " + ps.at(0)},
                  {"aliases", json::array({ps.at(1), "Q. Hu"})},
                  {"position", ps.at(2)},
                  {"affiliation", ps.at(3)},
                  {"photo", ps.at(26)},
                  {"interests", ps},
                  {"links", links},
                  {"legend", legend},
                  {"email", ps.at(20)}};
  return json{{"profile", profile}, {"publications", pubs}}.dump(1);
}

// Every payload in every field of a document in `format`.
std::string document(const std::vector<std::string>& ps, Format format) {
  return format == Format::BibTeX    ? bibtex_document(ps)
         : format == Format::CslJson ? csl_document(ps)
                                     : papershelf_document(ps);
}

// ---------------------------------------------------------------- an HTML tokenizer

struct Tag {
  std::string name;  // lower-case
  bool closing = false;
  std::vector<std::pair<std::string, std::string>> attrs;  // names lower-case, values decoded
};

std::string decode_entities(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    const std::size_t semi = s.find(';', i);
    if (semi == std::string_view::npos || semi - i > 10) {
      out += s[i];
      continue;
    }
    const std::string_view name = s.substr(i + 1, semi - i - 1);
    std::uint32_t cp = 0;
    if (name == "amp")
      cp = '&';
    else if (name == "lt")
      cp = '<';
    else if (name == "gt")
      cp = '>';
    else if (name == "quot")
      cp = '"';
    else if (name == "apos")
      cp = '\'';
    else if (!name.empty() && name[0] == '#')
      cp = static_cast<std::uint32_t>(name.size() > 1 && (name[1] == 'x' || name[1] == 'X')
                                          ? std::stoul(std::string(name.substr(2)), nullptr, 16)
                                          : std::stoul(std::string(name.substr(1))));
    if (cp == 0 || cp > 0x7F) {  // only ASCII entities matter here
      out += s[i];
      continue;
    }
    out += static_cast<char>(cp);
    i = semi;
  }
  return out;
}

// Splits HTML the way a browser's tokenizer would for the markup our formatters write: tags with
// quoted/unquoted attributes, comments, and text (entities decoded). `text` gets all text nodes.
std::vector<Tag> tokenize(std::string_view h, std::string& text,
                          std::vector<std::string>& problems) {
  std::vector<Tag> tags;
  std::size_t i = 0;
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
  while (i < h.size()) {
    if (h[i] != '<') {
      const std::size_t next = std::min(h.find('<', i), h.size());
      text += decode_entities(h.substr(i, next - i));
      i = next;
      continue;
    }
    if (h.compare(i, 4, "<!--") == 0) {
      problems.push_back("comment in the output");
      const std::size_t end = h.find("-->", i);
      i = end == std::string_view::npos ? h.size() : end + 3;
      continue;
    }
    Tag t;
    std::size_t j = i + 1;
    if (j < h.size() && h[j] == '/') {
      t.closing = true;
      ++j;
    }
    if (j >= h.size() || !std::isalpha(static_cast<unsigned char>(h[j]))) {
      text += '<';  // a '<' not starting a tag is text to a browser too
      ++i;
      continue;
    }
    while (j < h.size() && !space(h[j]) && h[j] != '/' && h[j] != '>') t.name += h[j++];
    t.name = lower(t.name);
    while (j < h.size() && h[j] != '>') {
      if (space(h[j]) || h[j] == '/') {
        ++j;
        continue;
      }
      std::string name, value;
      while (j < h.size() && !space(h[j]) && h[j] != '/' && h[j] != '>' &&
             (h[j] != '=' || name.empty()))
        name += h[j++];
      while (j < h.size() && space(h[j])) ++j;
      if (j < h.size() && h[j] == '=') {
        ++j;
        while (j < h.size() && space(h[j])) ++j;
        if (j < h.size() && (h[j] == '"' || h[j] == '\'')) {
          const char q = h[j++];
          const std::size_t end = std::min(h.find(q, j), h.size());
          value = decode_entities(h.substr(j, end - j));
          j = end + 1;
        } else {
          while (j < h.size() && !space(h[j]) && h[j] != '>') value += h[j++];
          value = decode_entities(value);
        }
      }
      t.attrs.emplace_back(lower(name), value);
    }
    i = j + 1;
    tags.push_back(std::move(t));
  }
  return tags;
}

// Independent of the formatter's own check: what a browser would run for this href/src.
bool safe_url_for_browser(std::string url) {
  url.erase(std::remove_if(url.begin(), url.end(),
                           [](char c) { return c == '\t' || c == '\n' || c == '\r'; }),
            url.end());
  std::size_t a = 0, b = url.size();
  while (a < b && static_cast<unsigned char>(url[a]) <= 0x20) ++a;
  while (b > a && static_cast<unsigned char>(url[b - 1]) <= 0x20) --b;
  url = url.substr(a, b - a);
  std::size_t k = 0;
  while (k < url.size() && (std::isalnum(static_cast<unsigned char>(url[k])) || url[k] == '+' ||
                            url[k] == '-' || url[k] == '.'))
    ++k;
  if (k == 0 || k >= url.size() || url[k] != ':' ||
      !std::isalpha(static_cast<unsigned char>(url[0])))
    return url.find('\\') == std::string::npos;  // relative ("\\host" acts like "//host")
  std::string scheme = url.substr(0, k);
  for (char& c : scheme) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return scheme == "http" || scheme == "https" || scheme == "mailto";
}

const std::set<std::string> kTags = {
    "a",       "article", "bdi",        "br",     "button", "caption", "cite", "code", "details",
    "div",     "em",      "figcaption", "figure", "g",      "h2",      "h3",   "h4",   "i",
    "img",     "script",  "li",         "mark",   "ol",     "p",       "path", "pre",  "rect",
    "section", "small",   "span",       "strong", "sub",    "summary", "sup",  "svg",  "table",
    "tbody",   "td",      "text",       "th",     "thead",  "tr",      "ul",   "title"};
const std::set<std::string> kAttrs = {
    "alt",    "class", "d",           "decoding", "fill",    "focusable", "height",
    "hidden", "href",  "id",          "lang",     "loading", "rel",       "role",
    "scope",  "src",   "text-anchor", "title",    "type",    "viewbox",   "width",
    "x",      "xmlns", "y",           "dir",      "target"};

// TeX commands a page's typesetter makes links, styles, classes, ids, data attributes or actions
// of, or that define or hide other commands (MathJax 3, KaTeX): no data-tex may hold one.
const std::set<std::string> kTypesetterHazards = {
    "href",      "url",        "style",           "class",
    "cssId",     "bbox",       "color",           "require",
    "unicode",   "data",       "toggle",          "mathtip",
    "texttip",   "mmlToken",   "htmlClass",       "htmlId",
    "htmlStyle", "htmlData",   "includegraphics", "def",
    "gdef",      "newcommand", "renewcommand",    "let",
    "csname",    "catcode",    "begin",           "tag",
    "label",     "ref",        "eqref",           "hr",
    "h"};

// The hazards in one data-tex value, read as TeX names them (a backslash and its letters).
std::vector<std::string> typesetter_hazards(const std::string& tex) {
  std::vector<std::string> found;
  if (tex.find("^^") != std::string::npos) found.push_back("^^");
  for (std::size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] != '\\') continue;
    std::size_t end = i + 1;
    while (end < tex.size() && std::isalpha(static_cast<unsigned char>(tex[end]))) ++end;
    const std::string name = tex.substr(i + 1, end - i - 1);
    if (kTypesetterHazards.count(name)) found.push_back("\\" + name);
    i = std::max(i, end - 1);
  }
  return found;
}

// Everything wrong with `html`, as messages; `text` receives its text content.
std::vector<std::string> audit(const std::string& html, std::string& text) {
  std::vector<std::string> problems;
  for (const Tag& t : tokenize(html, text, problems)) {
    if (!kTags.count(t.name)) problems.push_back("tag <" + t.name + ">");
    // A script only as schema.org's JSON-LD data block (browsers never run it).
    const bool data_block =
        t.attrs.size() == 1 &&
        t.attrs[0] == std::pair<std::string, std::string>("type", "application/ld+json");
    if (t.name == "script" && !t.closing && !data_block)
      problems.push_back("a script that would run");
    for (const auto& [name, value] : t.attrs) {
      const bool known =
          kAttrs.count(name) || name.rfind("aria-", 0) == 0 || name.rfind("data-", 0) == 0;
      if (!known) problems.push_back("attribute " + name + " on <" + t.name + ">");
      if ((name == "href" || name == "src") && !safe_url_for_browser(value))
        problems.push_back(name + "=\"" + value + "\" on <" + t.name + ">");
      if (name == "data-tex")
        for (const std::string& hazard : typesetter_hazards(value))
          problems.push_back("data-tex=\"" + value + "\" hands " + hazard +
                             " to the page's typesetter");
    }
  }
  return problems;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size() && i < 20; ++i) out += "  " + v[i] + "\n";
  return out;
}

struct Rendered {
  ReadResult read;
  std::string html;
};

Rendered render(const std::string& doc, Format format) {
  Rendered r;
  ReadOptions ro;
  ro.format = format;
  r.read = read(doc, ro);
  FormatOptions fo;
  fo.owner = OwnerMatcher({"Qinghao Hu"});
  fo.max_authors = 3;
  const View view = run_query(r.read.library, Query{}, fo.owner);
  r.html = format_html(r.read.library, view, fo);
  for (bool interactive : {false, true}) {
    ProfileCardOptions po;
    po.interactive = interactive;
    po.email = EmailDisplay::Plain;
    r.html +=
        format_profile_html(r.read.library.profile, compute_stats(r.read.library, fo.owner), po);
  }
  return r;
}

class Hostile : public ::testing::TestWithParam<Format> {};

}  // namespace

TEST(HostileCorpus, HasAtLeastFiftyDistinctPayloads) {
  const auto ps = payloads();
  EXPECT_GE(ps.size(), 50u);
  EXPECT_EQ(std::set<std::string>(ps.begin(), ps.end()).size(), ps.size());
}

TEST(HostileCorpus, TheAuditCatchesWhatItLooksFor) {
  // The checks themselves must be able to fail.
  std::string text;
  EXPECT_FALSE(audit("<li><script>x</script></li>", text).empty());
  EXPECT_FALSE(audit("<li class=\"a\" onclick=\"x\">", text).empty());
  EXPECT_FALSE(audit("<a href=\" JaVa&#x09;script:x\">", text).empty());
  EXPECT_FALSE(audit("<a href=\"\x01javascript:x\">", text).empty());
  EXPECT_FALSE(audit("<span style=\"x\">", text).empty());
  EXPECT_FALSE(audit("<img src=x onerror=y>", text).empty());
  EXPECT_FALSE(audit("<a href=\"data:text/html,x\">", text).empty());
  EXPECT_FALSE(
      audit("<span class=\"ps-math\" data-tex=\"\\href{javascript:x}{y}\">y</span>", text).empty());
  EXPECT_FALSE(
      audit("<span class=\"ps-math\" data-tex=\"\\^^68ref{javascript:x}{y}\">y</span>", text)
          .empty());
  EXPECT_TRUE(
      audit("<span class=\"ps-math\" data-tex=\"\\frac{a}{b} \\hbar\">a/b ℏ</span>", text).empty());
  text.clear();
  EXPECT_TRUE(
      audit("<li class=\"ps-entry\"><a href=\"https://x.org/?a=1&amp;b=2\">&lt;script&gt;</a></li>",
            text)
          .empty());
  EXPECT_EQ(text, "<script>");
}

TEST_P(Hostile, NothingUnsafeSurvivesAndTheTextStays) {
  const auto ps = payloads();
  ASSERT_GE(ps.size(), 50u);
  const Format format = GetParam();
  const std::string doc = document(ps, format);
  const Rendered r = render(doc, format);
  // Every record survives: hostile text is data, not a reason to drop a record.
  EXPECT_EQ(r.read.library.publications.size(), ps.size());
  std::string text;
  const auto problems = audit(r.html, text);
  EXPECT_TRUE(problems.empty()) << problems.size() << " problems, first ones:\n" << join(problems);
  for (std::size_t i = 0; i < ps.size(); ++i)
    EXPECT_NE(text.find(marker(i)), std::string::npos)
        << "record " << i << " (" << ps[i] << ") lost its text";
  // Payloads free of LaTeX syntax are shown verbatim, as text (JSON has no LaTeX at all).
  std::size_t verbatim = 0;
  for (const auto& p : ps) {
    const bool plain =
        format != Format::BibTeX ||
        (p.find_first_of("\\{}$%~") == std::string::npos && p.find("--") == std::string::npos);
    const bool has_control = std::any_of(
        p.begin(), p.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
    if (!plain || has_control || p.find("<i>") != std::string::npos) continue;
    ++verbatim;
    EXPECT_NE(text.find(p), std::string::npos) << "payload not shown as text: " << p;
  }
  EXPECT_GE(verbatim, 20u);
}

namespace {

// Text as LaTeX gives it back: each run of spaces and line breaks as one space, none at the ends.
std::string spaced(std::string_view s) {
  std::string out;
  for (const char c : s) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// An address as a browser sends it (and the BibTeX writer writes it): braces, backslashes,
// quotes, control characters and spaces at either end percent-encoded.
std::string as_sent(std::string_view url) {
  std::string out;
  const std::size_t first = url.find_first_not_of(' '), last = url.find_last_not_of(' ');
  for (std::size_t i = 0; i < url.size(); ++i) {
    const char c = url[i];
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == 0x7F || c == '{' || c == '}' || c == '\\' || c == '"' ||
        (c == ' ' && (i < first || i > last))) {
      static const char kHex[] = "0123456789ABCDEF";
      out += {'%', kHex[b >> 4], kHex[b & 15]};
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

// The BibTeX and RIS a visitor copies or downloads, with every payload in every field: every
// value balances for BibTeX (the payload makes no field or entry of its own), read back it is
// the same records under the same keys with the same fields, and every output is valid UTF-8
// (fuzz::writers_problem, which the fuzzers check on every input). The text, addresses and
// identifiers read back are the ones written: text with each run of spaces as one (LaTeX reads
// a line break as a space), addresses as a browser sends them.
TEST_P(Hostile, WritersGiveBackEveryRecordWhole) {
  const auto ps = payloads();
  ASSERT_GE(ps.size(), 50u);
  const Format format = GetParam();
  const std::string doc = document(ps, format);
  ReadOptions ro;
  ro.format = format;
  const Library lib = read(doc, ro).library;
  ASSERT_EQ(lib.publications.size(), ps.size());
  EXPECT_EQ(fuzz::writers_problem(lib, format == Format::BibTeX), "");
  std::set<std::string> keys;
  for (const Publication& p : lib.publications) keys.insert(p.key);
  EXPECT_EQ(keys.size(), ps.size()) << "two records share a key";
  const std::string bib = format_export(lib, fuzz::every_record(lib), ExportFormat::Bibtex);
  ro.format = Format::BibTeX;
  const Library back = read(bib, ro).library;
  ASSERT_EQ(back.publications.size(), ps.size());
  for (std::size_t i = 0; i < ps.size(); ++i) {
    const Publication& a = lib.publications[i];
    const Publication& b = back.publications[i];
    SCOPED_TRACE("payload " + std::to_string(i) + ": " + ps[i]);
    EXPECT_EQ(a.key, b.key);
    for (const auto& [sent, kept] :
         {std::pair(&a.title, &b.title), std::pair(&a.venue, &b.venue),
          std::pair(&a.note(), &b.note()), std::pair(&a.abstract(), &b.abstract()),
          std::pair(&a.award(), &b.award())})
      EXPECT_EQ(spaced(sent->text), spaced(kept->text));
    EXPECT_EQ(as_sent(a.doi()), b.doi());
    EXPECT_EQ(as_sent(a.arxiv()), b.arxiv());
    EXPECT_EQ(as_sent(a.thumbnail()), b.thumbnail());
    for (const Link& l : a.links) {
      const bool kept = std::any_of(b.links.begin(), b.links.end(),
                                    [&](const Link& m) { return m.url == as_sent(l.url); });
      EXPECT_TRUE(kept) << l.label << " " << l.url;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllFormats, Hostile,
                         ::testing::Values(Format::BibTeX, Format::CslJson, Format::PapershelfJson),
                         [](const ::testing::TestParamInfo<Format>& f) {
                           return f.param == Format::BibTeX    ? "BibTeX"
                                  : f.param == Format::CslJson ? "CslJson"
                                                               : "PapershelfJson";
                         });

// The link base (the element's `base` attribute, the CLI's --base) is joined with relative links:
// every payload, and every disguise of a script or data base, used as the base must still give
// only safe hrefs and srcs, in the list, the card and the view model.
TEST(HostileBase, NoBaseBuildsAnUnsafeLink) {
  std::vector<std::string> bases = payloads();
  for (const char* b :
       {"javascript:void(window.x=1)//", "javascript:alert(1)//", "JavaScript:alert(1)//",
        " javascript:alert(1)//", "java\tscript:alert(1)//", "\x01javascript:x//",
        "data:text/html,<script>alert(1)</script>//", "DATA:text/html;base64,PHNjcmlwdD4=#",
        "vbscript:x//", "mailto:a@b.org?body=", "file:///etc/", "\\\\evil.example\\", "javascript",
        "javascript:", ":", "java", "https://ok.example/papers/", "papers/"})
    bases.emplace_back(b);
  const std::string doc =
      "@article{rel, title={T}, author={Hu, Qinghao}, journal={J}, year=2024, pdf={paper.pdf}, "
      "code={script:alert(1)}, slides={:x}, website={papers/site.html}}\n";
  ReadOptions ro;
  ro.format = Format::BibTeX;
  const ReadResult r = read(doc, ro);
  ASSERT_EQ(r.library.publications.size(), 1u);
  Profile profile;
  profile.name = "Qinghao Hu";
  profile.photo = "me.jpg";
  profile.links = {{"cv", "cv.pdf"}, {"homepage", "index.html"}};
  for (const std::string& base : bases) {
    FormatOptions fo;
    fo.base = base;
    const View view = run_query(r.library, Query{});
    std::string html = format_html(r.library, view, fo);
    ProfileCardOptions po;
    po.base = base;
    html +=
        format_profile_html(profile, compute_stats(r.library, OwnerMatcher({"Qinghao Hu"})), po);
    std::string text;
    const auto problems = audit(html, text);
    EXPECT_TRUE(problems.empty()) << "base \"" << base << "\":\n" << join(problems);
    const auto model = json::parse(format_view_json(r.library, view, fo), nullptr, false);
    ASSERT_TRUE(model.is_array());
    for (const auto& e : model)
      for (const auto& url : {e.value("url", std::string())})
        EXPECT_TRUE(safe_url_for_browser(url)) << url;
    for (const auto& l : model.at(0).at("links"))
      EXPECT_TRUE(safe_url_for_browser(l.value("url", std::string())))
          << "base \"" << base << "\": " << l;
    // A base that is refused is said so, and the relative links stay as written.
    const std::string problem = base_problem(base);
    if (!is_safe_base(base)) {
      EXPECT_FALSE(problem.empty()) << base;
      EXPECT_NE(html.find("href=\"paper.pdf\""), std::string::npos) << base;
    } else {
      EXPECT_TRUE(problem.empty()) << base;
    }
  }
  EXPECT_FALSE(is_safe_base("javascript:alert(1)//"));
  EXPECT_FALSE(is_safe_base("data:text/html,x"));
  EXPECT_FALSE(is_safe_base("mailto:a@b.org"));
  EXPECT_TRUE(is_safe_base("https://ok.example/papers/"));
  EXPECT_TRUE(is_safe_base("papers"));
  EXPECT_TRUE(is_safe_base(""));
}
