// Formatters: URL safety, HTML escaping, rich text, entries and whole views, citations, JSON.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "fixtures.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/read.hpp"
#include "papershelf/words.hpp"
#include "records.hpp"

using namespace papershelf;
using nlohmann::json;

namespace {

using papershelf::testing::person;

std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t pos = hay.find(needle); pos != std::string::npos;
       pos = hay.find(needle, pos + 1))
    ++n;
  return n;
}

std::string html_unescape(std::string s) {
  const std::pair<const char*, const char*> kEntities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}};
  for (const auto& [from, to] : kEntities) {
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + 1))
      s.replace(pos, std::char_traits<char>::length(from), to);
  }
  return s;
}

// Every href="..." value in `html`, unescaped as a browser would read the attribute.
std::vector<std::string> hrefs(const std::string& html) {
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

void expect_only_safe_hrefs(const std::string& html) {
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

Publication sample_pub() {
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

FormatOptions options_for(std::initializer_list<const char*> owners) {
  FormatOptions o;
  o.owner = OwnerMatcher(std::vector<std::string>(owners.begin(), owners.end()));
  o.panels = Panels::None;
  return o;
}

}  // namespace

// ---------------------------------------------------------------- URLs

TEST(SafeUrl, AllowsHttpMailtoAndRelative) {
  for (const char* url :
       {"https://example.org/a?b=c#d", "http://x", "HTTPS://X.ORG", "mailto:me@example.org",
        "MailTo:me@example.org", "papers/x.pdf", "/abs/path", "#section", "?q=1",
        "//cdn.example.org/x.js", "x.pdf#page=2", " https://padded.org "}) {
    EXPECT_TRUE(is_safe_url(url)) << url;
  }
}

TEST(SafeUrl, RejectsScriptAndDataInEveryDisguise) {
  for (const char* url : {"javascript:alert(1)",
                          "JavaScript:alert(1)",
                          "JAVASCRIPT:alert(1)",
                          "  javascript:alert(1)",
                          "\x01javascript:alert(1)",
                          "\x1Fjavascript:x",
                          "java\tscript:alert(1)",
                          "java\nscript:alert(1)",
                          "java\rscript:x",
                          "\tjavascript:x",
                          "vbscript:msgbox",
                          "VBScript:x",
                          "data:text/html;base64,PHNjcmlwdD4=",
                          "DATA:text/html,<script>",
                          "file:///etc/passwd",
                          "ftp://x",
                          "about:blank",
                          "",
                          "   ",
                          "\\\\evil.example/x",
                          "/\\evil.example"}) {
    EXPECT_FALSE(is_safe_url(url)) << url;
  }
  EXPECT_FALSE(is_safe_url(std::string_view("ja\0vascript:x", 13)));
}

TEST(SafeUrl, Resolve) {
  EXPECT_EQ(resolve_url("x.pdf", "papers"), "papers/x.pdf");
  EXPECT_EQ(resolve_url("x.pdf", "papers/"), "papers/x.pdf");
  EXPECT_EQ(resolve_url("x.pdf", "https://site.org/assets/"), "https://site.org/assets/x.pdf");
  EXPECT_EQ(resolve_url("x.pdf", ""), "x.pdf");
  EXPECT_EQ(resolve_url("https://a.org/x.pdf", "papers/"), "https://a.org/x.pdf");
  EXPECT_EQ(resolve_url("mailto:a@b.org", "papers/"), "mailto:a@b.org");
  EXPECT_EQ(resolve_url("/root.pdf", "papers/"), "/root.pdf");
  EXPECT_EQ(resolve_url("//cdn.org/x", "papers/"), "//cdn.org/x");
  EXPECT_EQ(resolve_url("#top", "papers/"), "#top");
  EXPECT_EQ(resolve_url("  x.pdf\n", "papers/"), "papers/x.pdf");
  // The joined URL is what is judged: no base makes a script or data link, and an unsafe URL
  // gives no link at all.
  EXPECT_EQ(resolve_url("paper.pdf", "javascript:alert(1)//"), "paper.pdf");
  EXPECT_EQ(resolve_url("paper.pdf", "java\tscript:alert(1)//"), "paper.pdf");
  EXPECT_EQ(resolve_url("paper.pdf", " data:text/html,"), "paper.pdf");
  EXPECT_EQ(resolve_url("paper.pdf", "mailto:a@b.org"), "paper.pdf");
  EXPECT_EQ(resolve_url("javascript:alert(1)", "papers/"), "");
  // Spaces are written %20, as a browser requests them ("pdf = {My Paper.pdf}").
  EXPECT_EQ(resolve_url("x.pdf", "https://site.org/a b/"), "https://site.org/a%20b/x.pdf");
  EXPECT_EQ(resolve_url("My Final Paper.pdf", ""), "My%20Final%20Paper.pdf");
  EXPECT_EQ(resolve_url("My Paper.pdf", "/assets/pdf/"), "/assets/pdf/My%20Paper.pdf");
}

TEST(SafeUrl, BestLinkPrefersWebsiteAndSkipsUnsafe) {
  Publication p;
  EXPECT_EQ(best_link(p), nullptr);
  p.links = {{"code", "https://github.com/x"}, {"pdf", "x.pdf"}};
  ASSERT_NE(best_link(p), nullptr);
  EXPECT_EQ(best_link(p)->label, "pdf");
  p.links.push_back({"website", "javascript:alert(1)"});
  EXPECT_EQ(best_link(p)->label, "pdf");
  p.links.push_back({"website", "https://project.org"});
  EXPECT_EQ(best_link(p)->url, "https://project.org");
  // The documented order: website/html, then pdf, doi, arxiv, and a bare url last.
  Publication q;
  q.links = {{"url", "https://publisher.example/landing"},
             {"arxiv", "https://arxiv.org/abs/1"},
             {"doi", "https://doi.org/10.1/x"},
             {"pdf", "paper.pdf"}};
  EXPECT_EQ(best_link(q)->label, "pdf");
  q.links.pop_back();
  EXPECT_EQ(best_link(q)->label, "doi");
  q.links.pop_back();
  EXPECT_EQ(best_link(q)->label, "arxiv");
  q.links.pop_back();
  EXPECT_EQ(best_link(q)->label, "url");
  q.links.push_back({"html", "https://project.example"});
  EXPECT_EQ(best_link(q)->label, "html");
}

// ---------------------------------------------------------------- text

TEST(EscapeHtml, EscapesEverySpecial) {
  EXPECT_EQ(escape_html("<a href=\"x\" title='y'>Tom & Jerry</a>"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;");
  EXPECT_EQ(escape_html("plain Zürich"), "plain Zürich");
  EXPECT_EQ(escape_html(""), "");
  EXPECT_EQ(escape_html("&amp;"), "&amp;amp;");
}

TEST(RichTextHtml, PlainAndStyledSpans) {
  EXPECT_EQ(rich_text_html(RichText("a < b")), "a &lt; b");
  RichText t("Deep Learning on GPUs");
  t.spans = {{0, 4, SpanStyle::Italic, {}}, {17, 21, SpanStyle::NoCase, {}}};
  EXPECT_EQ(rich_text_html(t), "<em>Deep</em> Learning on GPUs");
  t.spans = {{0, 4, SpanStyle::Bold, {}},
             {5, 13, SpanStyle::SmallCaps, {}},
             {17, 21, SpanStyle::Monospace, {}}};
  EXPECT_EQ(rich_text_html(t),
            "<strong>Deep</strong> <span class=\"ps-sc\">Learning</span> on <code>GPUs</code>");
  RichText m("area $x<y$ wins");
  m.spans = {{5, 10, SpanStyle::Math, {}}};
  EXPECT_EQ(rich_text_html(m), "area <span class=\"ps-math\">$x&lt;y$</span> wins");
  // Decoded math: Unicode text, the TeX source (escaped) in data-tex for KaTeX/MathJax.
  EXPECT_EQ(
      rich_text_html(latex::decode("for $x<\\ell_p$ \"q")),
      "for <span class=\"ps-math\" data-tex=\"x&lt;\\ell_p\">x&lt;\u2113\u209A</span> &quot;q");
  EXPECT_EQ(
      rich_text_html(latex::decode("$\\text{\"><img src=x onerror=alert(1)>}$")),
      "<span class=\"ps-math\" data-tex=\"\\text{&quot;&gt;&lt;img src=x onerror=alert(1)&gt;}\">"
      "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</span>");
  // Math with a command the decoder does not read in math (links, styles, classes for MathJax)
  // keeps its Unicode text and gives no page's typesetter its source.
  EXPECT_EQ(
      rich_text_html(latex::decode("see $\\href{javascript:alert(1)}{\\text{x}}$ and $\\alpha$")),
      "see <span class=\"ps-math\"><span class=\"ps-url\">x</span></span> and "
      "<span class=\"ps-math\" data-tex=\"\\alpha\">\u03B1</span>");
  EXPECT_EQ(rich_text_html(latex::decode("$\\style{color:red}{x}$")),
            "<span class=\"ps-math\">x</span>");
}

TEST(RichTextHtml, OverlappingAndNestedSpansStayWellFormed) {
  RichText t("abcdefghi");
  t.spans = {{0, 6, SpanStyle::Italic, {}}, {3, 9, SpanStyle::Bold, {}}};
  // The span opened inside the one that ends first is closed with it and opened again after.
  EXPECT_EQ(rich_text_html(t), "<em>abc<strong>def</strong></em><strong>ghi</strong>");
  // Nested spans are nested elements, each opened and closed once.
  RichText n("outer inner outer");
  n.spans = {{0, 17, SpanStyle::Italic, {}}, {6, 11, SpanStyle::Bold, {}}};
  EXPECT_EQ(rich_text_html(n), "<em>outer <strong>inner</strong> outer</em>");
  // The same range: the span listed later (the outer one, in a record's order) outside.
  RichText same("both");
  same.spans = {{0, 4, SpanStyle::Italic, {}}, {0, 4, SpanStyle::Bold, {}}};
  EXPECT_EQ(rich_text_html(same), "<strong><em>both</em></strong>");
  // Three spans, the last crossing the first two: every element is closed, in order.
  RichText three("abcdefghi");
  three.spans = {
      {0, 9, SpanStyle::Italic, {}}, {1, 5, SpanStyle::Bold, {}}, {3, 7, SpanStyle::Monospace, {}}};
  EXPECT_EQ(rich_text_html(three), "<em>a<strong>bc<code>de</code></strong><code>fg</code>hi</em>");
  // Broken spans (empty, reversed, past the end) are ignored rather than trusted.
  RichText b("text");
  b.spans = {
      {2, 2, SpanStyle::Bold, {}}, {3, 1, SpanStyle::Bold, {}}, {0, 99, SpanStyle::Italic, {}}};
  EXPECT_EQ(rich_text_html(b), "text");
}

TEST(RichTextHtml, Highlights) {
  RichText t("Zürich <b>");
  const std::vector<Match> hl = {{0, 7}};
  EXPECT_EQ(rich_text_html(t, &hl), "<mark>Zürich</mark> &lt;b&gt;");
  t.spans = {{0, 3, SpanStyle::Italic, {}}};
  EXPECT_EQ(rich_text_html(t, &hl), "<em><mark>Zü</mark></em><mark>rich</mark> &lt;b&gt;");
  // A mark is innermost, so it never cuts a math span (one formula) or a link in two; matches
  // that overlap or touch are one mark.
  RichText math("a x+y b");
  math.spans = {{2, 5, SpanStyle::Math, "x+y"}};
  const std::vector<Match> across = {{0, 3}, {3, 4}, {2, 3}};
  EXPECT_EQ(rich_text_html(math, &across),
            "<mark>a </mark><span class=\"ps-math\" data-tex=\"x+y\"><mark>x+</mark>y</span> b");
  const std::vector<Match> past_end = {{8, 100}};
  EXPECT_EQ(rich_text_html(RichText("abcdefghij"), &past_end), "abcdefgh<mark>ij</mark>");
  const std::vector<Match> none;
  EXPECT_EQ(rich_text_html(RichText("a&b"), &none), "a&amp;b");
}

TEST(RichTextHtml, LinksOnlyForSafeUrls) {
  RichText t("see here");
  t.spans = {{4, 8, SpanStyle::Link, "https://example.org/?a=1&b=\"2\""}};
  EXPECT_EQ(rich_text_html(t),
            "see <a class=\"ps-inline-link\" href=\"https://example.org/?a=1&amp;b=&quot;2&quot;\" "
            "rel=\"noopener\">here</a>");
  t.spans = {{4, 8, SpanStyle::Link, "javascript:alert(1)"}};
  const std::string html = rich_text_html(t);
  EXPECT_EQ(html, "see <span class=\"ps-url\">here</span>");
  EXPECT_EQ(html.find("href"), std::string::npos);
  t.spans = {{4, 8, SpanStyle::Link, " JaVa\tScRiPt:alert(1)"}};
  EXPECT_EQ(rich_text_html(t).find("href"), std::string::npos);
}

// ---------------------------------------------------------------- entries

TEST(AuthorLine, CollapsesButNeverHidesTheOwner) {
  Publication p;
  for (int i = 0; i < 10; ++i) p.authors.push_back(person("A", "Author" + std::to_string(i)));
  p.authors[8] = person("Qinghao", "Hu");
  const OwnerMatcher owner({"Qinghao Hu"});
  AuthorLine line = author_line(p, owner, 3);
  EXPECT_EQ(line.shown, (std::vector<std::uint32_t>{0, 1, 8}));
  EXPECT_EQ(line.hidden, 7u);
  ASSERT_EQ(line.is_owner.size(), 10u);
  EXPECT_TRUE(line.is_owner[8]);
  EXPECT_FALSE(line.is_owner[0]);

  line = author_line(p, owner, 0);
  EXPECT_EQ(line.shown.size(), 10u);
  EXPECT_EQ(line.hidden, 0u);

  line = author_line(p, owner, 10);
  EXPECT_EQ(line.shown.size(), 10u);
  EXPECT_EQ(line.hidden, 0u);

  line = author_line(p, owner, 1);
  EXPECT_EQ(line.shown, (std::vector<std::uint32_t>{8}));
  EXPECT_EQ(line.hidden, 9u);

  p.authors[8] = person("B", "Author8");
  p.authors[1] = person("Q.", "Hu");
  line = author_line(p, owner, 3);
  EXPECT_EQ(line.shown, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_TRUE(line.is_owner[1]);
}

TEST(EntryHtml, OwnerMarksAndMetadata) {
  const Publication p = sample_pub();
  const std::string html = format_entry_html(p, options_for({"Qinghao Hu"}));
  EXPECT_EQ(
      html.rfind(
          "<li class=\"ps-entry\" id=\"ps-hu2024\" data-key=\"hu2024\" data-type=\"conference\"",
          0),
      0u)
      << html;
  EXPECT_NE(html.find("<span class=\"ps-author ps-owner\" dir=\"ltr\">Qinghao Hu<sup "
                      "class=\"ps-marks\">*</sup></span>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<span class=\"ps-author\" dir=\"ltr\">Zhisheng Ye<sup "
                      "class=\"ps-marks\">*</sup></span>"),
            std::string::npos);
  EXPECT_NE(html.find("<span class=\"ps-author\" dir=\"ltr\">Tianwei Zhang<sup "
                      "class=\"ps-marks\">\xE2\x80\xA0</sup></span>"),
            std::string::npos);
  EXPECT_EQ(count(html, "ps-owner"), 1u);
  EXPECT_NE(html.find("<span class=\"ps-badge\" dir=\"ltr\">NSDI</span>"), std::string::npos);
  EXPECT_NE(html.find("ps-award"), std::string::npos);
  EXPECT_NE(html.find("Best Paper"), std::string::npos);
  EXPECT_NE(html.find("ps-selected"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"ps-year\">2024</span>"), std::string::npos);
  EXPECT_NE(html.find("<div class=\"ps-note\" dir=\"ltr\">Oral</div>"), std::string::npos);
  // The title links to the best link (pdf); the links row has pdf and code but not the javascript
  // video.
  EXPECT_NE(
      html.find(
          "<cite class=\"ps-title\" dir=\"ltr\"><a href=\"papers/hu2024.pdf\" rel=\"noopener\">"),
      std::string::npos)
      << html;
  EXPECT_NE(html.find("ps-link-pdf"), std::string::npos);
  EXPECT_NE(html.find("ps-link-code"), std::string::npos);
  EXPECT_EQ(html.find("ps-link-video"), std::string::npos);
  EXPECT_EQ(html.find("alert"), std::string::npos);
  for (const auto& h : hrefs(html))
    EXPECT_TRUE(h == "papers/hu2024.pdf" || h == "https://github.com/x/y") << h;
  EXPECT_EQ(count(html, "<a "), count(html, "rel=\"noopener\""));
  expect_only_safe_hrefs(html);
  EXPECT_EQ(html.substr(html.size() - 5), "</li>");
}

TEST(EntryHtml, BaseAppliesToRelativeLinksOnly) {
  FormatOptions o = options_for({});
  o.base = "/assets/pdf/";
  const std::string html = format_entry_html(sample_pub(), o);
  EXPECT_NE(html.find("href=\"/assets/pdf/papers/hu2024.pdf\""), std::string::npos) << html;
  EXPECT_NE(html.find("href=\"https://github.com/x/y\""), std::string::npos);
  EXPECT_EQ(html.find("ps-owner"), std::string::npos);  // no owner given
}

TEST(EntryHtml, PlusMoreNeverHidesTheOwner) {
  Publication p = sample_pub();
  p.authors.clear();
  for (int i = 0; i < 12; ++i) p.authors.push_back(person("X", "Coauthor" + std::to_string(i)));
  p.authors[10] = person("Qinghao", "Hu", "\xE2\x80\xA1");
  FormatOptions o = options_for({"Q. Hu"});
  o.max_authors = 4;
  const std::string html = format_entry_html(p, o);
  EXPECT_NE(html.find("<span class=\"ps-author ps-owner\" dir=\"ltr\">Qinghao Hu<sup "
                      "class=\"ps-marks\">\xE2\x80\xA1</sup>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("+8 more"), std::string::npos) << html;
  EXPECT_NE(html.find("data-hidden=\"8\""), std::string::npos);
  // Four names on the line; the other eight, in order, behind "+8 more" (no JavaScript needed).
  const std::string line = html.substr(0, html.find("<details class=\"ps-more-authors\">"));
  EXPECT_NE(line.find("Coauthor2"), std::string::npos);
  EXPECT_EQ(line.find("Coauthor3"), std::string::npos);
  EXPECT_EQ(line.find("Coauthor11"), std::string::npos);
  EXPECT_EQ(count(line, "<span class=\"ps-author"), 4u);
  EXPECT_EQ(count(html, "<span class=\"ps-author"), 12u);
  EXPECT_LT(html.find("Coauthor3"), html.find("Coauthor11"));
}

TEST(EntryHtml, EtAlWhenTheListEndsInOthers) {
  Publication p = sample_pub();
  p.others = true;
  const std::string html = format_entry_html(p, options_for({}));
  EXPECT_NE(html.find("et al."), std::string::npos);
}

TEST(EntryHtml, EveryDataStringIsEscaped) {
  Publication p;
  p.key = "x\"><script>alert(1)</script>";
  p.title = "<script>alert('title')</script> & <img src=x onerror=alert(1)>";
  p.authors = {person("<b>Evil</b>", "O'Hare\"", "<i>")};
  p.venue = "<iframe>";
  p.edit_rare().badge = "<svg/onload=alert(1)>";
  p.edit_rare().award_label = "<award>";
  p.edit_rare().award = "\"quoted\" award";
  p.edit_rare().note = "<note>";
  p.edit_rare().abstract = "</details><script>";
  p.date.year = 2020;
  p.links = {{"pdf\"><script>", "javascript:alert(1)"},
             {"code", "java\nscript:alert(1)"},
             {"slides", "data:text/html,<script>alert(1)</script>"},
             {"web\"site", "https://ok.example/?q=\"><script>"},
             {"video", "  vbscript:msgbox(1)"}};
  p.status = Status::Preprint;
  FormatOptions o = options_for({"Evil O'Hare"});
  o.panels = Panels::Filled;
  const PanelTexts panels = panel_texts(p, o);
  const std::string html = format_entry_html(p, o, nullptr, &panels);
  expect_only_safe_hrefs(html);
  EXPECT_EQ(html.find("<script"), std::string::npos) << html;
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<iframe"), std::string::npos);
  EXPECT_EQ(count(html, "<svg"),
            count(html, "<svg class=\"ps-icon\""));  // only papershelf's own icon
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("<note>"), std::string::npos);
  EXPECT_EQ(html.find("</details><script"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt; &amp; &lt;img"),
            std::string::npos);
  EXPECT_EQ(hrefs(html), (std::vector<std::string>{"https://ok.example/?q=\"><script>"}));
  EXPECT_NE(
      html.find("<details class=\"ps-action ps-bibtex\" "
                "data-panel=\"bibtex\"><summary>BibTeX</summary><div class=\"ps-panel\"><pre>"),
      std::string::npos);
}

TEST(EntryHtml, TitleLinkSkipsUnsafeLinks) {
  Publication p;
  p.key = "k";
  p.title = "T";
  p.links = {{"website", "javascript:alert(1)"}, {"pdf", "data:application/pdf;base64,AAAA"}};
  const std::string html = format_entry_html(p, options_for({}));
  EXPECT_TRUE(hrefs(html).empty()) << html;
  EXPECT_EQ(html.find("ps-actions"), std::string::npos);  // no action row without actions
}

TEST(EntryHtml, SearchMarksEveryVisibleField) {
  Publication p = sample_pub();
  p.links.clear();
  p.edit_rare().note = "Oral at NSDI";
  const std::vector<std::string> terms = search_terms("llm ye nsdi best");
  const std::string html = format_entry_html(p, options_for({}), &terms);
  EXPECT_NE(html.find("Characterization of <mark>LLM</mark> Development"), std::string::npos)
      << html;
  EXPECT_NE(html.find("Zhisheng <mark>Ye</mark><sup"), std::string::npos) << html;
  EXPECT_NE(html.find("USENIX <mark>NSDI</mark>"), std::string::npos) << html;
  EXPECT_NE(html.find("<mark>Best</mark> Paper</summary>"), std::string::npos) << html;
  EXPECT_NE(html.find("Oral at <mark>NSDI</mark>"), std::string::npos) << html;
  // No search, no marks.
  EXPECT_EQ(format_entry_html(p, options_for({})).find("<mark>"), std::string::npos);
}

// A hostile run (a title of thousands of \emph and matches, thousands of authors) is drawn with at
// most 1,000 elements each; the rest of its text follows plain, none of it lost.
// al-folio's preview field: a picture beside the entry, from al-folio's folder with its preset
// (bib.liquid puts the bare name after /assets/img/publication_preview/), otherwise from `base`.
TEST(EntryHtml, ThumbnailsComeFromThePresetsFolderOrBaseAndOnlyFromSafeAddresses) {
  const Library lib =
      read_bibtex(
          "@article{a, title={A}, journal={J}, year=2020, preview={brownian.gif}}\n"
          "@article{b, title={B}, journal={J}, year=2020, preview={https://cdn.example/b.png}}\n"
          "@article{c, title={C}, journal={J}, year=2020, preview={javascript:alert(1)}}\n"
          "@article{d, title={D}, journal={J}, year=2020, preview={x\" onerror=\"alert(1).png}}\n"
          "@article{e, title={E}, journal={J}, year=2020}\n"
          "@article{f, title={F}, journal={J}, year=2020, preview={mailto:someone@example.org}}\n",
          ReadOptions{})
          .library;
  ASSERT_EQ(lib.publications.size(), 6u);
  const auto img = [&](std::size_t i, const FormatOptions& o) {
    const std::string html = format_entry_html(lib.publications[i], o);
    const std::size_t at = html.find("<img");
    const bool marked = html.find("ps-has-thumb") != std::string::npos;
    EXPECT_EQ(at != std::string::npos, marked) << html;
    return at == std::string::npos ? std::string() : html.substr(at, html.find('>', at) + 1 - at);
  };
  FormatOptions alfolio = options_for({});
  alfolio.preset = "al-folio";
  alfolio.base = "/assets/pdf/";
  EXPECT_EQ(img(0, alfolio),
            "<img class=\"ps-thumb\" src=\"/assets/img/publication_preview/brownian.gif\" alt=\"\" "
            "loading=\"lazy\" decoding=\"async\">");
  EXPECT_NE(img(1, alfolio).find("src=\"https://cdn.example/b.png\""), std::string::npos);
  EXPECT_EQ(img(2, alfolio), "") << "a javascript: address is no picture";
  EXPECT_EQ(img(3, alfolio).find("\" onerror"), std::string::npos)
      << "the address stays inside src";
  EXPECT_EQ(img(4, alfolio), "");
  EXPECT_EQ(img(5, alfolio), "") << "an address that is no picture";
  FormatOptions plain = options_for({});
  plain.base = "https://me.example/papers/";
  EXPECT_NE(img(0, plain).find("src=\"https://me.example/papers/brownian.gif\""),
            std::string::npos);
  plain.thumbnails = "/img/";
  EXPECT_NE(img(0, plain).find("src=\"/img/brownian.gif\""), std::string::npos);
  alfolio.thumbnails = "none";
  EXPECT_EQ(img(0, alfolio), "");
  EXPECT_EQ(img(1, alfolio), "");
}

TEST(EntryHtml, AHostileRunIsDrawnWithBoundedElementsAndAllItsText) {
  std::string title, authors;
  // (13 KB of text: under the 16 KB a run is drawn of, over its 1,000 elements)
  for (int i = 0; i < 1500; ++i) title += "\\emph{w" + std::to_string(i) + "} xy ";
  for (int i = 0; i < 2500; ++i)
    authors += (i ? " and " : "") + std::string("Xy") + std::to_string(i) + ", G.";
  const Library lib = read_bibtex("@misc{big, title={" + title + "}, author={" + authors +
                                      "}, note={" + title + "}}\n",
                                  ReadOptions{})
                          .library;
  ASSERT_EQ(lib.publications.size(), 1u);
  const std::vector<std::string> terms = search_terms("xy");
  const std::string html = format_entry_html(lib.publications[0], options_for({}), &terms);
  const auto count = [&](const std::string& needle) {
    std::size_t n = 0;
    for (std::size_t at = html.find(needle); at != std::string::npos;
         at = html.find(needle, at + 1))
      ++n;
    return n;
  };
  const std::size_t cite = html.find("<cite"), cite_end = html.find("</cite>");
  const std::string title_html = html.substr(cite, cite_end - cite);
  std::size_t elements = 0;
  for (std::size_t at = title_html.find('<', 1); at != std::string::npos;
       at = title_html.find('<', at + 1))
    elements += title_html[at + 1] != '/';
  EXPECT_LE(elements, 1000u);
  EXPECT_GE(elements, 990u);
  EXPECT_NE(title_html.find("w1499"), std::string::npos) << "the text after the cap is there";
  EXPECT_EQ(count("class=\"ps-author\""), 1000u);
  EXPECT_NE(html.find("Xy2499"), std::string::npos);
  EXPECT_LE(count("<mark>"), 3000u) << "title, note and names each bounded";
  // Links: 64 buttons, the rest counted.
  std::string urls;
  for (int i = 0; i < 100; ++i)
    urls += ", url_k" + std::to_string(i) + "={https://e.org/" + std::to_string(i) + "}";
  const Library linked =
      read_bibtex("@misc{u, title={Links}" + urls + "}\n", ReadOptions{}).library;
  const std::string row = format_entry_html(linked.publications[0], options_for({}));
  std::size_t buttons = 0;
  for (std::size_t at = row.find("ps-action ps-link"); at != std::string::npos;
       at = row.find("ps-action ps-link", at + 1))
    ++buttons;
  EXPECT_EQ(buttons, 64u);
  EXPECT_NE(row.find("<span class=\"ps-more-links\">+36 links</span>"), std::string::npos) << row;
}

// Unset, max-authors shows a list whole up to 100 names; a large collaboration's list shows its
// first 10 and "+N more", the owner among them.
TEST(AuthorLines, ALongListIsCollapsedByDefault) {
  std::vector<std::uint8_t> owners(150, 0);
  owners[120] = 1;
  const AuthorLine long_line = collapse_authors(owners, 0);
  EXPECT_EQ(long_line.shown.size(), 10u);
  EXPECT_EQ(long_line.hidden, 140u);
  EXPECT_EQ(long_line.shown.back(), 120u) << "the owner stays";
  const AuthorLine whole = collapse_authors(std::vector<std::uint8_t>(100, 0), 0);
  EXPECT_EQ(whole.shown.size(), 100u);
  EXPECT_EQ(whole.hidden, 0u);
  EXPECT_EQ(collapse_authors(std::vector<std::uint8_t>(150, 0), 200).hidden, 0u)
      << "max-authors says otherwise";
}

TEST(EntryHtml, OneActionRowStatusOnceAndReadableMarks) {
  Publication p = sample_pub();
  p.edit_rare().abstract = "We study LLMs.";
  p.status = Status::Submitted;
  p.edit_rare().note = "under review";  // the status label again, in other case
  FormatOptions o = options_for({});
  o.panels = Panels::OnDemand;
  const std::string html = format_entry_html(p, o);
  // Links, the abstract and the (empty, to be filled) BibTeX and Cite panels in one row.
  EXPECT_NE(html.find("<div class=\"ps-actions\"><a class=\"ps-action ps-link ps-link-pdf\" "
                      "href=\"papers/hu2024.pdf\" rel=\"noopener\">PDF</a>"
                      "<a class=\"ps-action ps-link ps-link-code\" href=\"https://github.com/x/y\" "
                      "rel=\"noopener\">Code</a>"
                      "<details class=\"ps-action ps-abstract\"><summary>Abstract</summary><div "
                      "class=\"ps-panel\"><p dir=\"ltr\">We study LLMs.</p></div></details>"
                      "<details class=\"ps-action ps-bibtex\" "
                      "data-panel=\"bibtex\"><summary>BibTeX</summary></details>"
                      "<details class=\"ps-action ps-cite\" "
                      "data-panel=\"cite\"><summary>Cite</summary></details></div>"),
            std::string::npos)
      << html;
  // "Under review" once: the note that only repeats the status is not shown.
  EXPECT_NE(html.find(">Under review</span>"), std::string::npos) << html;
  EXPECT_EQ(html.find("ps-note"), std::string::npos) << html;
  // The note BibTeX requires of @unpublished, filled with the word itself, says what "Preprint"
  // says; on a published paper a note is the owner's and stays.
  for (const char* filler : {"unpublished", "Unpublished manuscript", "Manuscript"}) {
    Publication u = sample_pub();
    u.status = Status::Preprint;
    u.set_note(RichText(filler));
    EXPECT_EQ(format_entry_html(u, o).find("ps-note"), std::string::npos) << filler;
    u.status = Status::Published;
    EXPECT_NE(format_entry_html(u, o).find("ps-note"), std::string::npos) << filler;
  }
  // The award's icon is an inline SVG; its short label opens to the whole award (a press, a key:
  // not only the hover's title); "Selected" is a word for screen readers, the star decoration.
  EXPECT_NE(html.find("<details class=\"ps-award-more\"><summary class=\"ps-award\" dir=\"ltr\" "
                      "title=\"Best Paper Award at NSDI 2024\"><svg class=\"ps-icon\""),
            std::string::npos)
      << html;
  EXPECT_NE(
      html.find(
          "</summary><span class=\"ps-award ps-award-full\" dir=\"ltr\"><svg class=\"ps-icon\""),
      std::string::npos)
      << html;
  EXPECT_NE(html.find("\xE2\x81\xA0"
                      "Best Paper Award at NSDI 2024</span></details>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<span aria-hidden=\"true\">\xE2\x98\x85</span><span "
                      "class=\"ps-visually-hidden\">Selected</span>"),
            std::string::npos);
  // Filled panels carry the BibTeX and the citation, for a page without JavaScript.
  o.panels = Panels::Filled;
  const PanelTexts texts = panel_texts(p, o);
  const std::string filled = format_entry_html(p, o, nullptr, &texts);
  EXPECT_NE(
      filled.find("<summary>BibTeX</summary><div class=\"ps-panel\"><pre>@inproceedings{hu2024,"),
      std::string::npos)
      << filled;
  EXPECT_NE(filled.find("<summary>Cite</summary><div class=\"ps-panel\"><p class=\"ps-citation\" "
                        "dir=\"auto\">Hu, Q., Ye, Z."),
            std::string::npos)
      << filled;
  // Without the texts they are left for a front end to fill.
  EXPECT_EQ(format_entry_html(p, o).find("<div class=\"ps-panel\"><pre>"), std::string::npos);
}

TEST(EntryHtml, HiddenAuthorsAreInThePageBehindDetails) {
  Publication p = sample_pub();
  p.authors.push_back(person("Peng", "Sun"));
  FormatOptions o = options_for({"Tianwei Zhang"});
  o.max_authors = 2;
  const std::string html = format_entry_html(p, o);
  // The owner stays in the shown line; the rest is behind "+N more".
  EXPECT_NE(
      html.find("<details class=\"ps-more-authors\"><summary class=\"ps-more\" data-hidden=\""),
      std::string::npos)
      << html;
  EXPECT_NE(
      html.find("<span class=\"ps-more-names\"><span class=\"ps-author\" dir=\"ltr\">Zhisheng "
                "Ye<sup class=\"ps-marks\">*</sup></span>, "
                "<span class=\"ps-author\" dir=\"ltr\">Peng Sun</span></span></details></div>"),
      std::string::npos)
      << html;
}

// ---------------------------------------------------------------- whole views

namespace {
Library view_library() {
  Library lib;
  lib.profile.name = "Qinghao Hu";
  lib.profile.legend = {
      {"*", "equal contribution"}, {"\xE2\x80\xA0", "corresponding author"}, {"§", "unused"}};
  Publication a = sample_pub();
  Publication b = sample_pub();
  b.key = "old";
  b.date = {2021, 0, 0};
  b.authors = {person("Qinghao", "Hu")};
  b.type = PubType::Journal;
  Publication c = sample_pub();
  c.key = "new2";
  c.title = "Second 2024 paper";
  lib.publications = {a, b, c};
  for (std::uint32_t i = 0; i < 3; ++i) lib.publications[i].order = i;
  return lib;
}
}  // namespace

TEST(ViewHtml, GroupsWithCountsAndLegend) {
  const Library lib = view_library();
  Query q;
  q.group = GroupBy::Year;
  const View v = run_query(lib, q);
  const std::string html = format_html(lib, v, options_for({"Qinghao Hu"}));
  EXPECT_EQ(html.rfind("<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\">", 0), 0u);
  EXPECT_EQ(html.substr(html.size() - 6), "</div>");
  // Seen as "2024 2", heard as "2024: 2 publications".
  EXPECT_NE(html.find("<section class=\"ps-group\" data-group=\"2024\"><h3 "
                      "class=\"ps-group-title\"><span dir=\"ltr\" aria-hidden=\"true\">2024</span> "
                      "<span class=\"ps-count\" aria-hidden=\"true\">2</span><span "
                      "class=\"ps-visually-hidden\">2024: 2 publications</span></h3>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("data-group=\"2021\""), std::string::npos);
  EXPECT_LT(html.find("data-group=\"2024\""), html.find("data-group=\"2021\""));
  EXPECT_EQ(count(html, "<li class=\"ps-entry\""), 3u);
  EXPECT_EQ(count(html, "<ol class=\"ps-list\">"), 2u);
  // Legend: the used symbols only.
  EXPECT_NE(html.find("<p class=\"ps-legend\">"), std::string::npos);
  EXPECT_NE(html.find("equal contribution"), std::string::npos);
  EXPECT_NE(html.find("corresponding author"), std::string::npos);
  EXPECT_EQ(html.find("unused"), std::string::npos);
  // Entries in display order: hu2024, new2 (2024, file order), then old.
  EXPECT_LT(html.find("data-key=\"hu2024\""), html.find("data-key=\"new2\""));
  EXPECT_LT(html.find("data-key=\"new2\""), html.find("data-key=\"old\""));
  expect_only_safe_hrefs(html);
}

TEST(ViewHtml, UngroupedEmptyAndLegendOverride) {
  const Library lib = view_library();
  Query q;
  q.filter.types = {PubType::Journal};
  FormatOptions o = options_for({});
  o.legend = {{"*", "joint first"}};
  std::string html = format_html(lib, run_query(lib, q), o);
  EXPECT_EQ(html.find("<section"), std::string::npos);
  EXPECT_EQ(count(html, "<li class=\"ps-entry\""), 1u);
  EXPECT_EQ(html.find("ps-legend"), std::string::npos);  // "old" has no marks
  q.filter.types.clear();
  html = format_html(lib, run_query(lib, q), o);
  EXPECT_NE(html.find("joint first"), std::string::npos);
  EXPECT_EQ(html.find("equal contribution"), std::string::npos);
  q.search = "no such words anywhere";
  html = format_html(lib, run_query(lib, q), o);
  EXPECT_NE(html.find("<p class=\"ps-empty\">No publications match.</p>"), std::string::npos);
  EXPECT_EQ(html.find("ps-entry"), std::string::npos);
}

// ---------------------------------------------------------------- citations

TEST(Citation, StyleNames) {
  EXPECT_EQ(citation_style_from_string("ieee"), CitationStyle::Ieee);
  EXPECT_EQ(citation_style_from_string("IEEE"), CitationStyle::Ieee);
  EXPECT_EQ(citation_style_from_string("compact"), CitationStyle::Compact);
  EXPECT_EQ(citation_style_from_string(""), kDefaultCitationStyle);
  EXPECT_EQ(citation_style_from_string("short"), CitationStyle::Compact);
  EXPECT_EQ(citation_style_or_default("no such style"), kDefaultCitationStyle);
  EXPECT_EQ(citation_style_from_string("APA"), CitationStyle::Apa);
  EXPECT_EQ(citation_style_from_string("chicago"), CitationStyle::Chicago);
  EXPECT_EQ(citation_style_from_string("vancouver"), std::nullopt);
  for (int i = 0; i < kCitationStyleCount; ++i) {
    const auto style = static_cast<CitationStyle>(i);
    EXPECT_EQ(citation_style_from_string(to_string(style)), style);
    EXPECT_FALSE(label(style).empty());
  }
}

TEST(Citation, Compact) {
  Publication p = sample_pub();
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu, Zhisheng Ye, and Tianwei Zhang. Characterization of LLM Development. "
            "USENIX NSDI, 2024.");
  p.authors.pop_back();
  p.venue = "Networked Systems Design and Implementation";
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu and Zhisheng Ye. Characterization of LLM Development. Networked Systems "
            "Design and "
            "Implementation (NSDI), 2024.");
  p.venue = "";
  p.status = Status::Submitted;
  p.date = {};
  p.title = "Is it done?";
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu and Zhisheng Ye. Is it done? NSDI, n.d. Under review.");
}

// The short style in the page's language: "and", "et al.", "n.d." and "eds." from the language's
// CSL locale (the npm package's lang/de.csl.xml is built from Debian's), the status from the
// list's words; English keeps its serial comma, other languages do not have one.
TEST(Citation, CompactInThePagesLanguage) {
  const std::string locales = "/usr/share/citation-style-language/locales";
  if (!papershelf::testing::file_exists(locales + "/locales-de-DE.xml"))
    GTEST_SKIP() << locales << " is absent (citation-style-language-locales)";
  const std::string xml = papershelf::testing::read_file(locales + "/locales-de-DE.xml");
  const Words german = read_words(builtin_language("de"), "de");
  Publication p = sample_pub();
  const CitationContext de{{"de", xml}, nullptr, &german};
  EXPECT_EQ(format_citation(p, CitationStyle::Compact, de),
            "Qinghao Hu, Zhisheng Ye und Tianwei Zhang. Characterization of LLM Development. "
            "USENIX NSDI, 2024.");
  p.authors.pop_back();
  p.status = Status::Submitted;
  p.date = {};
  p.others = true;
  const std::string submitted(german("Under review"));
  ASSERT_NE(submitted, "Under review");
  EXPECT_EQ(format_citation(p, CitationStyle::Compact, de),
            "Qinghao Hu und Zhisheng Ye u.\u00A0a. Characterization of LLM Development. USENIX "
            "NSDI, o.\u00A0J. " +
                submitted + ".");
  // (English, or no locale: as before)
  EXPECT_EQ(format_citation(p, CitationStyle::Compact, CitationContext{}),
            "Qinghao Hu and Zhisheng Ye et al. Characterization of LLM Development. USENIX NSDI, "
            "n.d. Under review.");
}

// DBLP's proceedings titles end with the date: the year is said once, where a reader looks for it.
TEST(Citation, AVenueThatEndsWithTheYearIsNotFollowedByItAgain) {
  Publication p = sample_pub();
  p.venue =
      "21st USENIX Symposium on Networked Systems Design and Implementation, NSDI 2024, Santa "
      "Clara, CA, April 16-18, 2024";
  EXPECT_TRUE(venue_ends_with_year(p));
  EXPECT_EQ(format_citation(p, CitationStyle::Compact),
            "Qinghao Hu, Zhisheng Ye, and Tianwei Zhang. Characterization of LLM Development. 21st "
            "USENIX Symposium on Networked "
            "Systems Design and Implementation, NSDI 2024, Santa Clara, CA, April 16-18, 2024.");
  const std::string html = format_entry_html(p, FormatOptions{});
  EXPECT_NE(html.find("April 16-18, 2024</span>"), std::string::npos) << html;
  EXPECT_EQ(html.find("ps-year"), std::string::npos) << html;
  // The year elsewhere in the venue, or a longer number that ends with it, is not the year said.
  for (const char* venue : {"NSDI 2024, Santa Clara", "Report 12024", "Proc. 2023"}) {
    p.venue = venue;
    EXPECT_FALSE(venue_ends_with_year(p)) << venue;
    EXPECT_NE(format_entry_html(p, FormatOptions{}).find("<span class=\"ps-year\">2024</span>"),
              std::string::npos)
        << venue;
  }
  p.venue = "NSDI 2024.";
  EXPECT_TRUE(venue_ends_with_year(p));
  p.date = {};
  EXPECT_FALSE(venue_ends_with_year(p));
}

// As citeproc-js writes them with the official ieee.csl (checked by running it on the same
// records).
TEST(Citation, Ieee) {
  Publication p = sample_pub();
  EXPECT_EQ(format_citation(p, CitationStyle::Ieee),
            "Q. Hu, Z. Ye, and T. Zhang, \xE2\x80\x9C"
            "Characterization of LLM Development,\xE2\x80\x9D in USENIX "
            "NSDI, Apr. 2024. doi: 10.5555/x.");
  Publication j;
  j.type = PubType::Journal;
  j.title = "Scheduling";
  j.authors = {person("Jean-Pierre", "Dupont"), person("Guido", "Rossum")};
  j.authors[1].set_particle("van");
  j.venue = "IEEE TPDS";
  j.date = {2023, 0, 0};
  j.extra = {{"volume", "34"}, {"number", "2"}, {"pages", "1--10"}};
  EXPECT_EQ(format_citation(j, CitationStyle::Ieee),
            "J.-P. Dupont and G. van Rossum, \xE2\x80\x9CScheduling,\xE2\x80\x9D IEEE TPDS, vol. "
            "34, no. 2, "
            "pp. 1\xE2\x80\x93"
            "10, 2023.");
  Publication pre;
  pre.type = PubType::Preprint;
  pre.title = "Preprint";
  pre.edit_rare().arxiv = "2401.09149";
  pre.authors = {person("Ada", "Lovelace")};
  pre.date = {2024, 1, 0};
  EXPECT_EQ(
      format_citation(pre, CitationStyle::Ieee),
      "A. Lovelace, \xE2\x80\x9CPreprint.\xE2\x80\x9D arXiv, Jan. 2024.");  // (no link: the record
                                                                            // has none)
}

// The author part of a citation: what comes before the title ("Zzz").
std::string authors_text(const Publication& p, CitationStyle style) {
  std::string c = format_citation(p, style);
  c.resize(c.find("Zzz"));
  if (c.size() >= 3 && c.compare(c.size() - 3, 3, "\xE2\x80\x9C") == 0) c.resize(c.size() - 3);
  while (!c.empty() && (c.back() == ' ' || c.back() == ',')) c.pop_back();
  return c;
}

TEST(Citation, AuthorLists) {
  Publication p;
  p.title = "Zzz";
  for (int i = 1; i <= 7; ++i)
    p.authors.push_back(person("Given" + std::to_string(i), "Family" + std::to_string(i)));
  EXPECT_EQ(authors_text(p, CitationStyle::Ieee), "G. Family1 et al.");
  p.authors.resize(1);
  p.others = true;
  EXPECT_EQ(authors_text(p, CitationStyle::Compact), "Given1 Family1 et al.");
  p.authors = {person("Q.", "Hu")};
  p.others = false;
  EXPECT_EQ(authors_text(p, CitationStyle::Ieee), "Q. Hu");
  Person org;
  org.set_literal("The ATLAS Collaboration");
  p.authors = {org};
  EXPECT_EQ(authors_text(p, CitationStyle::Ieee), "The ATLAS Collaboration");
  EXPECT_EQ(authors_text(p, CitationStyle::Compact), "The ATLAS Collaboration.");
}

TEST(AuthorLine, CollapseKeepsTheOwnerFromFlags) {
  // Six authors, owner fifth, three shown: the last slot goes to the owner.
  const AuthorLine line = collapse_authors({false, false, false, false, true, false}, 3);
  EXPECT_EQ(line.shown, (std::vector<std::uint32_t>{0, 1, 4}));
  EXPECT_EQ(line.hidden, 3u);
  EXPECT_EQ(collapse_authors({false, true}, 0).shown, (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(collapse_authors({}, 2).hidden, 0u);
}

TEST(LinkLabel, KnownKindsAndFallback) {
  EXPECT_EQ(link_label("pdf"), "PDF");
  EXPECT_EQ(link_label("arxiv"), "arXiv");
  EXPECT_EQ(link_label("dataset"), "Dataset");
  EXPECT_EQ(link_label(""), "Link");
}

// ---------------------------------------------------------------- JSON

TEST(ViewJson, FieldsInDisplayOrder) {
  const Library lib = view_library();
  FormatOptions o = options_for({"Hu, Qinghao"});
  o.base = "/files/";
  const json out = json::parse(format_view_json(lib, run_query(lib, Query{}), o));
  ASSERT_TRUE(out.is_array());
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0]["key"], "hu2024");
  EXPECT_EQ(out[1]["key"], "new2");
  EXPECT_EQ(out[2]["key"], "old");
  const json& e = out[0];
  EXPECT_EQ(e["type"], "conference");
  EXPECT_EQ(e["title"], "Characterization of LLM Development");
  EXPECT_EQ(e["year"], 2024);
  EXPECT_EQ(e["month"], 4);
  EXPECT_EQ(e["venue"], "USENIX NSDI");
  EXPECT_EQ(e["badge"], "NSDI");
  EXPECT_EQ(e["status"], "published");
  EXPECT_EQ(e["selected"], true);
  EXPECT_EQ(e["award"], "Best Paper Award at NSDI 2024");
  EXPECT_EQ(e["awardLabel"], "Best Paper");
  EXPECT_EQ(e["note"], "Oral");
  EXPECT_EQ(e["doi"], "10.5555/x");
  EXPECT_EQ(e["arxiv"], "");
  EXPECT_EQ(e["tags"], json::array({"llm"}));
  EXPECT_EQ(e["citations"], 42);
  EXPECT_EQ(e["authors"], json::parse(R"([
    {"name": "Qinghao Hu", "owner": true, "marks": "*"},
    {"name": "Zhisheng Ye", "owner": false, "marks": "*"},
    {"name": "Tianwei Zhang", "owner": false, "marks": "†"}])"));
  // Unsafe links are dropped; relative ones resolved against the base.
  EXPECT_EQ(e["links"], json::parse(R"([{"label": "pdf", "url": "/files/papers/hu2024.pdf"},
                                         {"label": "code", "url": "https://github.com/x/y"}])"));
  // The title link is the best safe link, resolved like the others.
  EXPECT_EQ(e["url"], "/files/papers/hu2024.pdf");
  EXPECT_TRUE(out[2]["month"].is_null());
}

TEST(ViewJson, EmptyAndMissingValues) {
  Library lib;
  Publication p;
  p.key = "bare";
  p.title = RichText("Bare");
  lib.publications.push_back(p);
  const json out = json::parse(format_view_json(lib, run_query(lib, Query{}), FormatOptions{}));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0]["year"].is_null());
  EXPECT_TRUE(out[0]["citations"].is_null());
  EXPECT_EQ(out[0]["authors"], json::array());
  EXPECT_EQ(out[0]["links"], json::array());
  EXPECT_EQ(out[0]["url"], "");
  EXPECT_EQ(out[0]["abstract"], "");
  EXPECT_EQ(out[0]["type"], "misc");
  EXPECT_EQ(json::parse(format_view_json(lib, View{}, FormatOptions{})), json::array());
}

TEST(ViewJson, InvalidUtf8NeverBreaksTheOutput) {
  Library lib;
  Publication p;
  p.key = "bad\xFF";
  p.title = "Caf\xE9";
  lib.publications.push_back(p);
  const std::string text = format_view_json(lib, run_query(lib, Query{}), FormatOptions{});
  const json out = json::parse(text, nullptr, false);
  ASSERT_FALSE(out.is_discarded()) << text;
  EXPECT_EQ(out[0]["title"], "Caf\xEF\xBF\xBD");
}

TEST(CslJsonOut, ReadsBackToTheSameRecords) {
  const Library lib = view_library();
  const View v = run_query(lib, Query{});
  const std::string text = format_csl_json(lib, v);
  const json out = json::parse(text);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0]["id"], "hu2024");
  EXPECT_EQ(out[0]["type"], "paper-conference");
  EXPECT_EQ(out[0]["issued"], json::parse(R"({"date-parts": [[2024, 4]]})"));
  EXPECT_EQ(out[0]["container-title"], "USENIX NSDI");
  EXPECT_EQ(out[0]["DOI"], "10.5555/x");
  EXPECT_EQ(out[0]["author"][0], json::parse(R"({"family": "Hu", "given": "Qinghao"})"));
  EXPECT_EQ(out[2]["type"], "article-journal");
  EXPECT_FALSE(out[0].contains("status"));

  const ReadResult back = read_csl_json(text, ReadOptions{});
  EXPECT_FALSE(has_errors(back.diagnostics));
  ASSERT_EQ(back.library.publications.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    const Publication& a = lib.publications[v.entries[k]];
    const Publication& b = back.library.publications[k];
    EXPECT_EQ(b.key, a.key);
    EXPECT_EQ(b.type, a.type);
    EXPECT_EQ(b.title.text, a.title.text);
    EXPECT_EQ(b.date, a.date);
    EXPECT_EQ(b.venue.text, a.venue.text);
    EXPECT_EQ(b.doi(), a.doi());
    ASSERT_EQ(b.authors.size(), a.authors.size());
    for (std::size_t i = 0; i < a.authors.size(); ++i) {
      EXPECT_EQ(b.authors[i].family(), a.authors[i].family());
      EXPECT_EQ(b.authors[i].given(), a.authors[i].given());
    }
  }
}

TEST(CslJsonOut, NestedSpansAreNestedTags) {
  // The record lists the inner span first; the outer one, beginning at the same place, is kept.
  Library lib;
  Publication p;
  p.key = "n";
  p.title = latex::decode("A {\\bf \\emph{x} y} z");
  lib.publications.push_back(p);
  const json out = json::parse(format_csl_json(lib, run_query(lib, Query{})));
  EXPECT_EQ(out[0]["title"], "A <b><i>x</i> y</b> z");
}

TEST(CslJsonOut, StatusesAndNames) {
  Library lib;
  Publication p;
  p.key = "s";
  p.title = RichText("S");
  p.type = PubType::Preprint;
  p.status = Status::Accepted;
  Person vr = person("Guido", "Rossum");
  vr.set_particle("van");
  Person org;
  org.set_literal("ACME Lab");
  p.authors = {vr, org};
  lib.publications.push_back(p);
  p.key = "t";
  p.status = Status::Submitted;
  lib.publications.push_back(p);
  const json out = json::parse(format_csl_json(lib, run_query(lib, Query{})));
  EXPECT_EQ(out[0]["status"], "forthcoming");
  EXPECT_EQ(out[1]["status"], "submitted");
  EXPECT_EQ(out[0]["type"], "article");
  EXPECT_EQ(out[0]["author"][0]["non-dropping-particle"], "van");
  EXPECT_EQ(out[0]["author"][1], json::parse(R"({"literal": "ACME Lab"})"));
  EXPECT_FALSE(out[0].contains("issued"));
}
