// Formatters: URL safety, HTML escaping, rich text, whole views, and the JSON outputs.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "format_helpers.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/read.hpp"

using namespace papershelf;
using namespace format_testing;
using nlohmann::json;

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
