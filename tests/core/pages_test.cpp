// The pages for Google Scholar: each page's <head> read back by a scanner written here and judged
// against the inclusion guidelines (https://scholar.google.com/intl/en/scholar/inclusion.html:
// the tags it names, one citation_author per author as "Last, First" or "First Last", dates as
// YYYY/MM/DD or YYYY, absolute URLs); hostile data escaped; file names that stay in their folder;
// the template, the feed and the sitemap; and every entry of the real files.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "fixtures.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/pages.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

// &amp; &lt; &gt; &quot; &#39; in one pass (so "&amp;lt;" stays "&lt;").
std::string unescape(std::string_view s) {
  const std::pair<std::string_view, char> kEntities[] = {
      {"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}};
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    bool done = false;
    for (const auto& [entity, c] : kEntities)
      if (s.substr(i, entity.size()) == entity) {
        out += c;
        i += entity.size();
        done = true;
        break;
      }
    if (!done) out += s[i++];
  }
  return out;
}

// The <meta name content> pairs of a head, in order (the core writes name before content).
std::vector<std::pair<std::string, std::string>> meta_tags(const std::string& head) {
  std::vector<std::pair<std::string, std::string>> tags;
  static const std::regex kMeta(R"re(<meta name="([^"]*)" content="([^"]*)">)re");
  for (std::sregex_iterator it(head.begin(), head.end(), kMeta), end; it != end; ++it)
    tags.emplace_back((*it)[1].str(), unescape((*it)[2].str()));
  return tags;
}

std::vector<std::string> values(const std::vector<std::pair<std::string, std::string>>& tags,
                                const std::string& name) {
  std::vector<std::string> out;
  for (const auto& [n, v] : tags)
    if (n == name) out.push_back(v);
  return out;
}

// The tags Google Scholar's inclusion guidelines name (and the DOI, publisher and book title
// tags of the Highwire Press set it reads).
const std::set<std::string> kScholarTags = {"citation_title",
                                            "citation_author",
                                            "citation_publication_date",
                                            "citation_journal_title",
                                            "citation_conference_title",
                                            "citation_inbook_title",
                                            "citation_dissertation_institution",
                                            "citation_technical_report_institution",
                                            "citation_technical_report_number",
                                            "citation_volume",
                                            "citation_issue",
                                            "citation_firstpage",
                                            "citation_lastpage",
                                            "citation_pdf_url",
                                            "citation_doi",
                                            "citation_isbn",
                                            "citation_issn",
                                            "citation_publisher"};

bool is_absolute_http(const std::string& url) {
  return std::regex_match(url, std::regex(R"(https?://[^/\s"<>]+(/[^\s"<>]*)?)"));
}

// What is wrong with a page's head for Scholar: "" when nothing. `authors` is how many names
// the record credits; `absolute`: the URLs must be absolute (a site was given).
std::string scholar_problems(const std::string& head, std::size_t authors, bool dated,
                             bool absolute) {
  const auto tags = meta_tags(head);
  std::string problems;
  for (const auto& [name, value] : tags) {
    if (name.rfind("citation_", 0) == 0 && !kScholarTags.count(name))
      problems += "unknown tag " + name + "; ";
    if (name.rfind("citation_", 0) == 0 && value.empty()) problems += "empty " + name + "; ";
  }
  const auto titles = values(tags, "citation_title");
  if (titles.size() != 1) problems += "citation_title x" + std::to_string(titles.size()) + "; ";
  const auto names = values(tags, "citation_author");
  if (names.size() != authors)
    problems += std::to_string(names.size()) + " citation_author for " + std::to_string(authors) +
                " authors; ";
  for (const std::string& n : names) {
    // "Last, First" (one comma, both sides) or "First Last" (none).
    const std::size_t comma = n.find(',');
    const bool inverted = comma != std::string::npos && comma > 0 &&
                          n.find(',', comma + 1) == std::string::npos && comma + 2 < n.size() &&
                          n[comma + 1] == ' ';
    if (comma != std::string::npos && !inverted)
      problems += "author \"" + n + "\" is neither \"Last, First\" nor \"First Last\"; ";
  }
  const auto dates = values(tags, "citation_publication_date");
  if (dates.size() != (dated ? 1u : 0u))
    problems += "citation_publication_date x" + std::to_string(dates.size()) + "; ";
  for (const std::string& d : dates)
    if (!std::regex_match(d, std::regex(R"(\d{4}(/\d{2}/\d{2})?)")))
      problems += "date \"" + d + "\"; ";
  if (absolute) {
    for (const std::string& url : values(tags, "citation_pdf_url"))
      if (!is_absolute_http(url)) problems += "relative citation_pdf_url " + url + "; ";
    std::smatch canonical;
    if (!std::regex_search(head, canonical,
                           std::regex(R"re(<link rel="canonical" href="([^"]*)">)re")) ||
        !is_absolute_http(unescape(canonical[1].str())))
      problems += "no absolute canonical URL; ";
  }
  return problems;
}

Library read_bib(const std::string& text) {
  ReadOptions options;
  options.format = Format::BibTeX;
  return read(text, options).library;
}

PagesOptions with_site(std::string site = "https://me.example/pubs/") {
  PagesOptions o;
  o.site = std::move(site);
  return o;
}

const char* kJournal = R"(@article{hu2024,
  author = {Hu, Qinghao and M{\"u}ller, J{\"o}rg and van der Berg, Ana and {The ATLAS Collaboration}},
  title = {Scaling {LLM} Training},
  journal = {ACM Computing Surveys},
  year = {2024}, month = mar, day = {5},
  volume = {56}, number = {7}, pages = {118--131},
  doi = {10.1145/3600006},
  pdf = {hu2024.pdf},
  abstract = {We study training.}
})";

TEST(Pages, TagsAreTheOnesScholarAsksFor) {
  const Library lib = read_bib(kJournal);
  ASSERT_EQ(lib.publications.size(), 1u);
  PagesOptions o = with_site();
  o.format.base = "/assets/pdf/";
  const Publication& p = lib.publications[0];
  const PageParts page = paper_page(p, o, "hu2024.html");
  EXPECT_EQ(scholar_problems(page.head, 4, true, true), "") << page.head;
  const auto tags = meta_tags(page.head);
  EXPECT_EQ(values(tags, "citation_title"), std::vector<std::string>{"Scaling LLM Training"});
  EXPECT_EQ(values(tags, "citation_author"),
            (std::vector<std::string>{"Hu, Qinghao", "M\xC3\xBCller, J\xC3\xB6rg",
                                      "van der Berg, Ana", "The ATLAS Collaboration"}));
  EXPECT_EQ(values(tags, "citation_publication_date"), std::vector<std::string>{"2024/03/05"});
  EXPECT_EQ(values(tags, "citation_journal_title"),
            std::vector<std::string>{"ACM Computing Surveys"});
  EXPECT_EQ(values(tags, "citation_volume"), std::vector<std::string>{"56"});
  EXPECT_EQ(values(tags, "citation_issue"), std::vector<std::string>{"7"});
  EXPECT_EQ(values(tags, "citation_firstpage"), std::vector<std::string>{"118"});
  EXPECT_EQ(values(tags, "citation_lastpage"), std::vector<std::string>{"131"});
  EXPECT_EQ(values(tags, "citation_doi"), std::vector<std::string>{"10.1145/3600006"});
  // al-folio's relative pdf, under --base, then the site's origin.
  EXPECT_EQ(values(tags, "citation_pdf_url"),
            std::vector<std::string>{"https://me.example/assets/pdf/hu2024.pdf"});
  EXPECT_NE(page.head.find("<link rel=\"canonical\" href=\"https://me.example/pubs/hu2024.html\">"),
            std::string::npos);
  EXPECT_NE(page.head.find("\"@type\":\"ScholarlyArticle\""), std::string::npos);
  // The abstract and the visitor's BibTeX are on the page, readable without JavaScript.
  EXPECT_NE(page.body.find("We study training."), std::string::npos);
  EXPECT_NE(page.body.find("@article{hu2024,"), std::string::npos);
  EXPECT_NE(page.body.find("class=\"ps-citation\""), std::string::npos);
}

TEST(Pages, ConferencePagesNameTheConference) {
  const Library lib = read_bib(
      "@inproceedings{a, author = {Ana Lima}, title = {T}, booktitle = {NSDI}, year = 2021}");
  const auto tags = meta_tags(paper_page(lib.publications[0], with_site(), "a.html").head);
  EXPECT_EQ(values(tags, "citation_conference_title"), std::vector<std::string>{"NSDI"});
  EXPECT_TRUE(values(tags, "citation_journal_title").empty());
  EXPECT_EQ(values(tags, "citation_author"), std::vector<std::string>{"Lima, Ana"});
}

TEST(Pages, HostileDataIsEscapedAndUnsafeLinksAreLeftOut) {
  Library lib = read_bib(R"(@article{x,
  author = {Eve "><script>alert(1)</script>},
  title = {Replaced},
  journal = {J</title><script>x()</script>},
  year = 2020,
  pdf = {javascript:alert(1)},
  url_code = {data:text/html,<b>x</b>},
  preview = {javascript:alert(2)}
})");
  ASSERT_EQ(lib.publications.size(), 1u);
  lib.publications[0].title =
      "<script>alert(1)</script> \"quoted\" <!-- papershelf -->";  // (BibTeX would read "--" as a
                                                                   // dash)
  const PagesOptions o = with_site();
  const PageParts parts = paper_page(lib.publications[0], o, "x.html");
  const std::string page = page_html(parts, o);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_EQ(page.find("<script>x()"), std::string::npos);
  EXPECT_EQ(page.find("javascript:"), std::string::npos) << page;
  EXPECT_EQ(page.find("data:text"), std::string::npos);
  EXPECT_TRUE(values(meta_tags(parts.head), "citation_pdf_url").empty());
  EXPECT_EQ(values(meta_tags(parts.head), "citation_title").at(0),
            "<script>alert(1)</script> \"quoted\" <!-- papershelf -->");
  // Only a web address is a PDF Scholar can fetch.
  Library mail =
      read_bib("@misc{m, author = {A B}, title = {T}, year = 2020, pdf = {mailto:a@b.example}}");
  EXPECT_TRUE(values(meta_tags(format_scholar_meta(mail.publications.at(0), o)), "citation_pdf_url")
                  .empty());
  // The title is text in the <title>, whatever it holds.
  EXPECT_NE(page.find("<title>&lt;script&gt;"), std::string::npos);
  // A template's marker spelled by the data places nothing.
  const std::string skeleton = "<html><head></head><body><!-- papershelf --></body></html>";
  const std::string framed = page_html(parts, o, skeleton);
  EXPECT_EQ(framed.find("<!-- papershelf -->"), std::string::npos);
  EXPECT_EQ(framed.find("<script>alert"), std::string::npos);
}

TEST(Pages, OneAuthorTagPerAuthorInOrderAndEditorsForAnEditedVolume) {
  const Library lib = read_bib(
      R"(@article{a, author = {Zed, Ann and Young, Bob and Xu, Cai}, title = {T}, journal = {J}, year = 2020}
@book{b, editor = {Doe, Jane and Roe, Rick}, title = {Edited}, publisher = {P}, year = 2019})");
  ASSERT_EQ(lib.publications.size(), 2u);
  EXPECT_EQ(values(meta_tags(format_scholar_meta(lib.publications[0], {})), "citation_author"),
            (std::vector<std::string>{"Zed, Ann", "Young, Bob", "Xu, Cai"}));
  EXPECT_EQ(values(meta_tags(format_scholar_meta(lib.publications[1], {})), "citation_author"),
            (std::vector<std::string>{"Doe, Jane", "Roe, Rick"}));
}

TEST(Pages, DatesAreYearOrYearMonthDay) {
  EXPECT_EQ(scholar_date({2024, 3, 5}), "2024/03/05");
  EXPECT_EQ(scholar_date({2024, 3, 0}), "2024");
  EXPECT_EQ(scholar_date({2024, 0, 0}), "2024");
  EXPECT_EQ(scholar_date({2023, 2, 29}), "2023");  // (no such day)
  EXPECT_EQ(scholar_date({2024, 2, 29}), "2024/02/29");
  EXPECT_EQ(scholar_date({0, 0, 0}), "");
  // Scholar indexes a paper with a title, an author and a year: without one, no tags at all.
  const Library lib = read_bib(
      "@misc{a, author = {A B}, title = {T}}\n@misc{b, title = {Course}, year = 2020}\n@misc{c, "
      "author = {A B}, title = {T}, year = 2020}");
  EXPECT_EQ(scholar_gap(lib.publications[0]), "no year");
  EXPECT_EQ(format_scholar_meta(lib.publications[0], {}), "");
  EXPECT_EQ(scholar_gap(lib.publications[1]), "no author");
  EXPECT_EQ(format_scholar_meta(lib.publications[1], {}), "");
  EXPECT_EQ(scholar_gap(lib.publications[2]), "");
  EXPECT_EQ(scholar_problems(format_scholar_meta(lib.publications[2], {}), 1, true, false), "");
}

TEST(Pages, FileNamesStayInTheirFolderAndAreUnique) {
  EXPECT_EQ(page_file_name("../x"), "x.html");
  EXPECT_EQ(page_file_name("a/b"), "a-b.html");
  EXPECT_EQ(page_file_name("..\\..\\etc"), "etc.html");
  EXPECT_EQ(page_file_name(".hidden"), "hidden.html");
  EXPECT_EQ(page_file_name("-rf"), "rf.html");
  EXPECT_EQ(page_file_name("M\xC3\xBCller2020"), "muller2020.html");
  EXPECT_EQ(page_file_name("\xE6\x97\xA5\xE6\x9C\xAC"), "paper.html");
  EXPECT_EQ(page_file_name("a..b"), "a.b.html");
  EXPECT_EQ(page_file_name(std::string(500, 'k')).size(), 100u + 5u);
  Library lib;
  for (const char* key : {"Smith", "smith", "index", "con", "smith-2", "a/b", "a:b", "\xE6\x97\xA5",
                          "\xE6\x9C\xAC", "untitled"}) {
    Publication p;
    p.key = key;
    p.title = std::string(key) == "untitled" ? "" : "T";
    lib.publications.push_back(p);
  }
  View view;
  for (std::uint32_t i = 0; i < lib.publications.size(); ++i) view.entries.push_back(i);
  const std::vector<std::string> names = page_file_names(lib, view);
  EXPECT_EQ(names, (std::vector<std::string>{"smith.html", "smith-2.html", "index-2.html",
                                             "con-2.html", "smith-2-2.html", "a-b.html",
                                             "a-b-2.html", "paper.html", "paper-2.html", ""}));
  std::set<std::string> seen;
  for (const std::string& name : names) {
    if (name.empty()) continue;
    EXPECT_TRUE(seen.insert(name).second) << name;
    EXPECT_EQ(name.find('/'), std::string::npos);
    EXPECT_NE(name.front(), '.');
  }
}

// Windows reserves a device's name before the first dot whatever follows ("nul.tar.gz"), in any
// case, and a name ending in a dot or a space.
TEST(Pages, NoFileNameIsAWindowsDeviceWithAnyExtension) {
  for (const char* device :
       {"con", "CON", "prn", "aux", "Nul", "com0", "COM9", "lpt1", "con.x", "aux.html",
        "Nul.tar.gz", "com\xC2\xB9", "LPT\xC2\xB3.txt", "con .txt", "paper.", "paper "})
    EXPECT_TRUE(is_windows_device_name(device)) << device;
  for (const char* file : {"console", "con-x.html", "com10.html", "com.html", "lpt.x", "nully.html",
                           "x.con", "aux-html.html"})
    EXPECT_FALSE(is_windows_device_name(file)) << file;
  EXPECT_EQ(page_file_name("con.x"), "con-x.html");
  EXPECT_EQ(page_file_name("aux.html"), "aux-html.html");
  EXPECT_EQ(page_file_name("Nul.tar.gz"), "nul-tar.gz.html");
  Library lib;
  for (const char* key : {"con", "con.x", "CON.x", "lpt5", "Com3.tex", "com3-tex"}) {
    Publication p;
    p.key = key;
    p.title = "T";
    lib.publications.push_back(p);
  }
  View view;
  for (std::uint32_t i = 0; i < lib.publications.size(); ++i) view.entries.push_back(i);
  const std::vector<std::string> names = page_file_names(lib, view);
  EXPECT_EQ(names, (std::vector<std::string>{"con-2.html", "con-x.html", "con-x-2.html",
                                             "lpt5-2.html", "com3-tex.html", "com3-tex-2.html"}));
  for (const std::string& name : names) EXPECT_FALSE(is_windows_device_name(name)) << name;
}

// Keys that all make one name (keys in Chinese make "paper.html") are numbered in one pass: each
// name is found once, where every repeat used to try all the numbers before its own.
TEST(Pages, ManyKeysOfOneNameAreNumberedInOrder) {
  Library lib;
  constexpr int kRepeats = 30000;
  for (int i = 0; i < kRepeats; ++i) {
    Publication p;
    p.key = "\xE8\xAE\xBA\xE6\x96\x87";  // (论文: no a-z or 0-9 in it, so "paper")
    p.title = "T";
    lib.publications.push_back(p);
  }
  Publication literal;  // (a key that is itself a number's name: it keeps it, the repeat goes on)
  literal.key = "paper-5";
  literal.title = "T";
  lib.publications.insert(lib.publications.begin() + 2, literal);
  const std::vector<std::string> names = page_file_names(lib);
  ASSERT_EQ(names.size(), kRepeats + 1u);
  EXPECT_EQ(names[0], "paper.html");
  EXPECT_EQ(names[1], "paper-2.html");
  EXPECT_EQ(names[2], "paper-5.html");
  EXPECT_EQ(names[3], "paper-3.html");
  EXPECT_EQ(names[4], "paper-4.html");
  EXPECT_EQ(names[5], "paper-6.html");
  EXPECT_EQ(names.back(), "paper-" + std::to_string(kRepeats + 1) + ".html");
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
}

// What marks the files pages writes as its own is in every one of them.
TEST(Pages, EveryFileItWritesCarriesItsMark) {
  const Library lib = read_bib(kJournal);
  const PagesOptions o = with_site();
  View view;
  view.entries.push_back(0);
  const std::vector<std::string> names = page_file_names(lib, view);
  const auto holds_mark = [](std::string_view name, const std::string& text) {
    for (std::string_view mark : pages_file_marks(name))
      if (text.find(mark) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(holds_mark(names[0], page_html(paper_page(lib.publications[0], o, names[0]), o)));
  EXPECT_TRUE(holds_mark("index.html", page_html(pages_index(lib, view, names, o), o)));
  const std::string layout = "<html><head></head><body><!-- papershelf --></body></html>";
  EXPECT_TRUE(holds_mark("index.html", page_html(pages_index(lib, view, names, o), o, layout)));
  EXPECT_TRUE(holds_mark("feed.xml", format_atom(lib, view, names, o)));
  EXPECT_TRUE(holds_mark("sitemap.xml", format_sitemap(names, o)));
  EXPECT_FALSE(holds_mark("index.html", "<html><body>My homepage</body></html>"));
  EXPECT_TRUE(pages_file_marks("notes.txt").empty());
}

TEST(Pages, TemplateTakesTheBodyHeadAndTitleAtItsMarkers) {
  const Library lib = read_bib(kJournal);
  const PagesOptions o = with_site();
  const PageParts parts = paper_page(lib.publications[0], o, "hu2024.html");
  EXPECT_NE(template_problem("<html><body></body></html>"), "");
  EXPECT_NE(template_problem("<body><!-- papershelf --></body>"), "");  // (no place for the tags)
  EXPECT_EQ(template_problem("<head></head><body><!-- papershelf --></body>"), "");
  const std::string marked =
      "<html><head><title>My site: <!-- papershelf-title --></title><!-- papershelf-head "
      "--></head><body><nav>Menu</nav>"
      "<!-- papershelf --><footer>F</footer></body></html>";
  const std::string page = page_html(parts, o, marked);
  EXPECT_NE(page.find("<title>My site: Scaling LLM Training</title><meta name=\"citation_title\""),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("<nav>Menu</nav><div class=\"ps-shelf ps-paper-page"), std::string::npos);
  EXPECT_NE(page.find("</div>\n<footer>F</footer>"), std::string::npos);
  EXPECT_EQ(page.find("<!-- papershelf"), std::string::npos);
  // Without the head marker the tags go before </head>, with a <title> when the skeleton has none.
  const std::string plain = page_html(
      parts, o,
      "<html><HEAD><meta charset=\"utf-8\"></HEAD><body><!-- papershelf --></body></html>");
  EXPECT_NE(plain.find("<title>Scaling LLM Training</title>\n<meta name=\"citation_title\""),
            std::string::npos)
      << plain;
  EXPECT_LT(plain.find("citation_title"), plain.find("</HEAD>"));
  // A layout's own <title> without the title marker: the paper's title takes its text (every
  // page titled "My Site" would be one page to a reader's tabs).
  const std::string titled = page_html(
      parts, o, "<html><head><title>My Site</title></head><body><!-- papershelf --></body></html>");
  EXPECT_NE(titled.find("<title>Scaling LLM Training</title>"), std::string::npos) << titled;
  EXPECT_EQ(titled.find("My Site"), std::string::npos);
  // Without a template: a whole page in the pages' language, linking the stylesheet.
  PagesOptions german = o;
  german.lang = "de";
  const std::string whole = page_html(parts, german);
  EXPECT_EQ(whole.rfind("<!DOCTYPE html>\n<html lang=\"de\">", 0), 0u);
  EXPECT_NE(whole.find("<link rel=\"stylesheet\" href=\"papershelf.css\">"), std::string::npos);
}

// A built page of the site as the template (al-folio's /paper-template/ after `jekyll build`,
// with jekyll-seo-tag): what says which page it is, and the layout's heading that repeats its
// title, become the paper's on every page.
TEST(Pages, TemplateFromTheSitesOwnPageNamesThePaperNotTheTemplate) {
  const Library lib = read_bib(kJournal);
  const PagesOptions o = with_site();
  const PageParts parts = paper_page(lib.publications[0], o, "hu2024.html");
  const std::string site_page =
      "<!DOCTYPE html>\n<html><head>\n<title>Paper | Jane Doe</title>\n"
      "<meta name=\"description\" content=\"Jane's homepage\">\n"
      "<meta property=\"og:title\" content=\"Paper\">\n<meta property='og:url' "
      "content=https://jane.example/paper-template/>\n"
      "<meta property=\"og:site_name\" content=\"Jane Doe\">\n"
      "<LINK REL=\"canonical\" href=\"https://jane.example/paper-template/\">\n"
      "<script "
      "type=\"application/ld+json\">{\"@type\":\"WebPage\",\"headline\":\"Paper\"}</script>\n"
      "</head><body><header><h1 class=\"site\">Jane Doe</h1></header>\n"
      "<div class=\"post\"><h1 class=\"post-title\">Paper</h1>\n<!-- papershelf "
      "--></div></body></html>";
  const std::string page = page_html(parts, o, site_page);
  EXPECT_EQ(page.find("paper-template"), std::string::npos) << page;
  EXPECT_EQ(page.find("Jane's homepage"), std::string::npos);
  EXPECT_EQ(page.find("WebPage"), std::string::npos);
  EXPECT_EQ(page.find(">Paper<"),
            std::string::npos);  // (the layout's heading: the paper's is the page's h1)
  EXPECT_NE(page.find("<h1 class=\"site\">Jane Doe</h1>"),
            std::string::npos);                             // (a masthead stays)
  EXPECT_NE(page.find("og:site_name"), std::string::npos);  // (what is the site's stays)
  const auto count = [&](std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = page.find(what); at != std::string::npos; at = page.find(what, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("rel=\"canonical\""), 1u);
  EXPECT_EQ(count("<h1"), 2u);  // (the masthead and the paper's)
  EXPECT_NE(page.find("<meta property=\"og:title\" content=\"Scaling LLM Training\">"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("<meta property=\"og:url\" content=\"https://me.example/pubs/hu2024.html\">"),
            std::string::npos);
  EXPECT_NE(page.find("<title>Scaling LLM Training</title>"), std::string::npos);

  // A template page titled papershelf-title is named by the paper wherever its layout writes
  // the title, escaped for where it is (HTML, or JSON inside a script).
  Library tricky = read_bib(
      "@article{t, author = {A B}, title = {Fish & Chips: {\"}Quoted{\"} </script>}, journal = "
      "{J}, year = 2020}");
  ASSERT_EQ(tricky.publications.size(), 1u);
  const PageParts tricky_parts = paper_page(tricky.publications[0], o, "t.html");
  const std::string named =
      page_html(tricky_parts, o,
                "<html><head><title>papershelf-title - Jane</title></head><body>"
                "<nav><a class=\"active\" href=\"#\">papershelf-title</a></nav>"
                "<h1>papershelf-title</h1><script>var t = \"papershelf-title\";</script><!-- "
                "papershelf --></body></html>");
  EXPECT_EQ(named.find("papershelf-title"), std::string::npos) << named;
  EXPECT_NE(
      named.find("<title>Fish &amp; Chips: &quot;Quoted&quot; &lt;/script&gt; - Jane</title>"),
      std::string::npos)
      << named;
  EXPECT_NE(named.find("<a class=\"active\" href=\"#\">Fish &amp; Chips"), std::string::npos);
  EXPECT_NE(named.find("var t = \"Fish \\u0026 Chips: \\\"Quoted\\\" \\u003c/script\\u003e\";"),
            std::string::npos)
      << named;
  EXPECT_EQ(named.find("<h1>Fish"), std::string::npos);  // (the layout's heading left out)
}

TEST(Pages, LinksResolveAgainstTheBaseThenTheSite) {
  PagesOptions o = with_site("https://me.example/pubs");
  EXPECT_EQ(page_link("paper.pdf", o), "https://me.example/pubs/paper.pdf");
  EXPECT_EQ(page_link("/files/p.pdf", o), "https://me.example/files/p.pdf");
  EXPECT_EQ(page_link("//cdn.example/p.pdf", o), "https://cdn.example/p.pdf");
  EXPECT_EQ(page_link("http://x.example/p.pdf", o), "http://x.example/p.pdf");
  EXPECT_EQ(page_link("javascript:alert(1)", o), "");
  o.format.base = "/assets/pdf/";
  EXPECT_EQ(page_link("paper.pdf", o), "https://me.example/assets/pdf/paper.pdf");
  o.site.clear();
  EXPECT_EQ(page_link("paper.pdf", o), "/assets/pdf/paper.pdf");
  EXPECT_NE(site_problem("javascript:alert(1)//x"), "");
  EXPECT_NE(site_problem("/pubs/"), "");
  EXPECT_NE(site_problem("https://"), "");
  EXPECT_EQ(site_problem("https://me.example/pubs/"), "");
}

TEST(Pages, ThePresetAndTheListsClassNames) {
  const Library lib = read_bib(kJournal);
  PagesOptions o = with_site();
  o.format.preset = "al-folio";
  o.format.owner = OwnerMatcher(std::vector<std::string>{"Qinghao Hu"});
  const PageParts parts = paper_page(lib.publications[0], o, "hu2024.html");
  EXPECT_NE(parts.body.find("<div class=\"ps-shelf ps-paper-page mathjax_ignore tex2jax_ignore\" "
                            "data-preset=\"al-folio\">"),
            std::string::npos);
  for (const char* cls : {"class=\"ps-head\"", "class=\"ps-title\"", "class=\"ps-authors\"",
                          "ps-author ps-owner", "class=\"ps-meta\"", "class=\"ps-venue\"",
                          "ps-action ps-link ps-link-pdf", "class=\"ps-panel\""})
    EXPECT_NE(parts.body.find(cls), std::string::npos) << cls;
}

TEST(Pages, APageSaysWhatItsAuthorsMarksMean) {
  Library lib = read_bib(
      "@article{a, author = {Hu*, Qinghao and Ye, Zhisheng}, title = {T}, journal = {J}, year = "
      "2020}");
  ASSERT_EQ(lib.publications.size(), 1u);
  PagesOptions o = with_site();
  o.format.legend = {{"*", "equal contribution"}, {"\xE2\x80\xA0", "corresponding author"}};
  const std::string body = paper_page(lib.publications[0], o, "a.html").body;
  EXPECT_NE(body.find("<p class=\"ps-legend\"><span class=\"ps-legend-item\" "
                      "dir=\"ltr\"><sup>*</sup> equal contribution</span> </p>"),
            std::string::npos)
      << body;
  EXPECT_EQ(body.find("corresponding author"), std::string::npos);
  // The marks stay out of the tags: a name is the author's name.
  EXPECT_EQ(values(meta_tags(format_scholar_meta(lib.publications[0], o)), "citation_author").at(0),
            "Hu, Qinghao");
}

TEST(Pages, FeedIsNewestFirstAndSitemapNeedsTheSite) {
  Library lib = read_bib(R"(@misc{old, author = {A B}, title = {Old}, year = 2001}
@misc{undated, author = {A B}, title = {Undated}}
@misc{new, author = {A B}, title = {New}, year = 2024, month = feb, day = 30}
@misc{mid, author = {A B}, title = {Mid}, year = 2010})");
  ASSERT_EQ(lib.publications.size(), 4u);
  lib.publications[3].edit_rare().abstract =
      "Bell \x07 here";  // (XML 1.0 allows no such character)
  View view;
  for (std::uint32_t i = 0; i < lib.publications.size(); ++i) view.entries.push_back(i);
  const std::vector<std::string> names = page_file_names(lib, view);
  const PagesOptions o = with_site();
  const std::string feed = format_atom(lib, view, names, o);
  const std::size_t at_new = feed.find("<title type=\"text\">New"),
                    at_mid = feed.find("<title type=\"text\">Mid"),
                    at_old = feed.find("<title type=\"text\">Old"),
                    at_undated = feed.find("<title type=\"text\">Undated");
  EXPECT_LT(at_new, at_mid);
  EXPECT_LT(at_mid, at_old);
  EXPECT_LT(at_old, at_undated);
  EXPECT_NE(at_undated, std::string::npos);
  EXPECT_NE(feed.find("<updated>2024-02-29T00:00:00Z</updated>"), std::string::npos)
      << feed;  // (a day past the month's end)
  EXPECT_NE(feed.find("<id>https://me.example/pubs/new.html</id>"), std::string::npos);
  for (unsigned char c : feed)
    EXPECT_FALSE(c < 0x20 && c != '\n' && c != '\t' && c != '\r')
        << "control character in the feed";
  const std::string sitemap = format_sitemap(names, o);
  EXPECT_NE(sitemap.find("<loc>https://me.example/pubs/</loc>"), std::string::npos);
  EXPECT_NE(sitemap.find("<loc>https://me.example/pubs/old.html</loc>"), std::string::npos);
  EXPECT_EQ(format_sitemap(names, {}), "");
}

// Every entry of the real files: a page for each titled record, whose tags pass Scholar's list.
TEST(Pages, EveryRealWorldEntryGetsTagsScholarAccepts) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "no shared corpus";
  const std::vector<std::string> files = testing::list_files(shared + "/corpus/realworld", ".bib");
  if (files.empty()) GTEST_SKIP() << "no real-world files";
  std::size_t pages = 0;
  for (const std::string& file : files) {
    ReadOptions options;
    options.source_name = file;
    Catalog catalog(read(testing::read_file(file), options).library);
    const View view = catalog.query(Query{});
    const Library& lib = catalog.library();
    const std::vector<std::string> names = page_file_names(lib, view);
    PagesOptions o = with_site();
    o.format.base = "/assets/pdf/";
    for (std::size_t k = 0; k < names.size(); ++k) {
      const Publication& p = lib.publications[view.entries[k]];
      EXPECT_EQ(names[k].empty(), p.title.text.empty()) << file << ": " << p.key;
      if (names[k].empty()) continue;
      ++pages;
      const PageParts page = paper_page(p, o, names[k]);
      if (scholar_gap(p).empty())
        EXPECT_EQ(scholar_problems(page.head, credited_names(p).size(), true, true), "")
            << file << ": " << p.key;
      else
        EXPECT_EQ(page.head.find("citation_"), std::string::npos)
            << file << ": " << p.key << " has " << scholar_gap(p);
    }
  }
  EXPECT_GT(pages, 0u);
}

}  // namespace
}  // namespace papershelf
