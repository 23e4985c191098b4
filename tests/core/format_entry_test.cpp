// An entry's HTML: its author line, owner marks, metadata, links, thumbnails and search marks.
#include <gtest/gtest.h>

#include "format_helpers.hpp"
#include "papershelf/html.hpp"
#include "papershelf/read.hpp"

using namespace papershelf;
using namespace format_testing;

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
