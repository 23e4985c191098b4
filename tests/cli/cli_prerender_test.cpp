// `papershelf prerender`: the static list filled into a page, and what a page may make it read.
#include <gtest/gtest.h>

#include <string>

#include "cli_helpers.hpp"

using namespace cli_testing;

// A page as people write it: attributes in either quotes or none, entities, an element left in a
// comment, a second element without a marker, and text around them that must come back as it was.
TEST(CliPrerender, FillsEachMarkedElementFromItsOwnAttributes) {
  const std::string bib =
      temp_file("pre.bib",
                "@inproceedings{a, title={Fast Things}, author={Hu, Qinghao and Doe, Jane}, "
                "booktitle={NSDI}, year=2024, selected={true}}\n"
                "@article{b, title={Slow Things}, author={Doe, Jane}, journal={J}, year=2020}\n");
  const std::string name = bib.substr(bib.rfind('/') + 1);
  const std::string page = temp_file(
      "pre.html",
      "<!doctype html><p>before &amp; after</p>\n"
      "<!-- <paper-shelf src=\"missing.bib\"><!-- papershelf:prerender --></paper-shelf> -->\n"
      "<PAPER-SHELF src='" +
          name +
          "' owner=\"Qinghao Hu\" filter=selected profile=compact\n"
          "  position=\"Professor &amp; Chair\" affiliation='Lab &#8211; X'>\n"
          "<!-- papershelf:prerender -->\n</PAPER-SHELF>\n"
          "<paper-shelf src=\"" +
          name + "\"></paper-shelf>\n<p>end</p>\n");
  const Result r = papershelf("prerender " + quote(page));
  ASSERT_EQ(r.status, 0) << r.out;
  // The marked element holds the list its attributes describe: only the selected paper, the owner
  // marked, the compact card with the decoded texts.
  EXPECT_TRUE(contains(r.out, "Fast Things"));
  EXPECT_FALSE(contains(r.out, "Slow Things"));
  EXPECT_TRUE(contains(r.out, "ps-owner"));
  EXPECT_TRUE(contains(r.out, "Professor &amp; Chair"));
  EXPECT_TRUE(contains(r.out, "Lab \xE2\x80\x93 X"));
  EXPECT_FALSE(contains(r.out, "<!-- papershelf:prerender -->\n</PAPER-SHELF>"));
  // The same list the render command gives for the same flags.
  const Result same =
      papershelf("render " + quote(bib) +
                 " --owner 'Qinghao Hu' --filter selected --profile=compact "
                 "--position 'Professor & Chair' --affiliation 'Lab \xE2\x80\x93 X'");
  ASSERT_EQ(same.status, 0);
  EXPECT_TRUE(contains(r.out, same.out));
  // Everything else is as it was, the commented-out element included.
  EXPECT_EQ(r.out.rfind("<!doctype html><p>before &amp; after</p>\n<!-- <paper-shelf "
                        "src=\"missing.bib\"><!-- papershelf:prerender -->",
                        0),
            0u);
  EXPECT_TRUE(contains(r.out, "<paper-shelf src=\"" + name + "\"></paper-shelf>\n<p>end</p>\n"));
  // -o writes the page (here over itself), and says what it filled.
  const Result in_place = papershelf("prerender " + quote(page) + " -o " + quote(page), true);
  ASSERT_EQ(in_place.status, 0);
  EXPECT_EQ(in_place.out, page + ":3:1: note: <paper-shelf> filled from " + name + ": 1 entry\n");
  EXPECT_EQ(read_file(page), r.out);
  // Run again on the filled page, it writes the same page; after the data changed, the new list
  // in the same place, once.
  ASSERT_EQ(papershelf("prerender " + quote(page) + " -o " + quote(page)).status, 0);
  EXPECT_EQ(read_file(page), r.out);
  std::ofstream(bib, std::ios::app)
      << "@misc{c, title={Later Things}, author={Hu, Qinghao}, year=2025, selected={true}}\n";
  const Result again = papershelf("prerender " + quote(page), true);
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_TRUE(contains(again.out, "filled from " + name + ": 2 entries"));
  EXPECT_TRUE(contains(again.out, "Later Things"));
  EXPECT_EQ(count(again.out, "<li class=\"ps-entry"), 2u) << "the selected two, once each";
  EXPECT_EQ(count(again.out, "<!-- papershelf:prerender -->\n<div class=\"ps-shelf"), 1u);
  EXPECT_EQ(count(again.out, "</div>\n<!-- /papershelf:prerender -->\n</PAPER-SHELF>\n"), 1u)
      << again.out;
}

TEST(CliPrerender, AMarkerWithoutALocalSourceIsLeftAndSaidSo) {
  const std::string page = temp_file("remote.html",
                                     "<paper-shelf src=\"https://example.org/papers.bib\"><!-- "
                                     "papershelf:prerender --></paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(r.status, 1) << "the page is not what its owner asked for";
  EXPECT_TRUE(contains(
      r.out, page + ":1:1: warning: <paper-shelf> src \"https://example.org/papers.bib\" is a URL"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "<!-- papershelf:prerender --></paper-shelf>"));
  // A src from the site's root is read from --root, and only with it.
  const std::string dir = page.substr(0, page.rfind('/') + 1);
  std::ofstream(dir + "rooted.bib") << "@misc{r, title={Rooted Record}}\n";
  write_file(page,
             "<paper-shelf src=\"/rooted.bib\"><!-- papershelf:prerender --></paper-shelf>\n");
  const Result unrooted = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(unrooted.status, 1);
  EXPECT_TRUE(
      contains(unrooted.out, page + ":1:1: error: <paper-shelf> src \"/rooted.bib\" starts with "
                                    "\"/\", a path from the site's root: give --root DIR"))
      << unrooted.out;
  EXPECT_FALSE(contains(unrooted.out, "Rooted Record"));
  const Result rooted = papershelf("prerender --root " + quote(dir) + " " + quote(page), true);
  EXPECT_EQ(rooted.status, 0) << rooted.out;
  EXPECT_TRUE(contains(rooted.out, "Rooted Record"));
  EXPECT_TRUE(contains(rooted.out, "note: <paper-shelf> filled from /rooted.bib: 1 entry"));
  // No element with a marker: nothing was filled, and it says so.
  write_file(page, "<paper-shelf src=\"rooted.bib\"></paper-shelf>\n");
  const Result unmarked = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(unmarked.status, 1);
  EXPECT_TRUE(contains(unmarked.out,
                       "no <paper-shelf> holds the marker <!-- papershelf:prerender --> (nor the "
                       "attribute prerender); nothing was filled"))
      << unmarked.out;
  EXPECT_EQ(papershelf("prerender").status, 2);
  EXPECT_EQ(papershelf("prerender " + quote(::testing::TempDir() + "no-such-page.html")).status, 2);
}

// A page whose owner is a placeholder (setup's starting page) or a spelling the file does not
// use bolds no one: prerender says so at the element, with the names of whom it most likely is.
TEST(CliPrerender, AnOwnerOnNoPaperIsToldWhomItMostLikelyIs) {
  const std::string page = temp_file("owner.html",
                                     "<paper-shelf src=\"owner.bib\" owner=\"Your Name; Y. "
                                     "Name\"><!-- papershelf:prerender --></paper-shelf>\n");
  const std::string dir = page.substr(0, page.rfind('/') + 1);
  write_file(dir + "owner.bib",
             "@misc{a, title={One}, author={Lovelace, Ada and Babbage, Charles}, year=2020}\n"
             "@misc{b, title={Two}, author={A. Lovelace}, year=2021}\n"
             "@misc{c, title={Three}, author={Somerville, Mary}, year=2022}\n");
  const Result r = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, page + ":1:1: warning: <paper-shelf> the owner \"Your Name; Y. "
                                     "Name\" is on none of the papers, so no name is set in bold; "
                                     "Ada Lovelace is on 2 of the 3: owner=\""))
      << r.out;
  EXPECT_TRUE(contains(r.out, "A. Lovelace")) << r.out;
  // Named as the file spells it, it is quiet.
  write_file(page,
             "<paper-shelf src=\"owner.bib\" owner=\"Ada Lovelace; A. Lovelace\"><!-- "
             "papershelf:prerender --></paper-shelf>\n");
  const Result named = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(named.status, 0) << named.out;
  EXPECT_FALSE(contains(named.out, "warning")) << named.out;
  // render and stats say it too, as the flag.
  const Result render =
      papershelf("render " + quote(dir + "owner.bib") + " --owner 'Your Name'", true);
  EXPECT_TRUE(contains(render.out, "papershelf: the owner \"Your Name\" is on none of the papers"))
      << render.out;
  EXPECT_TRUE(contains(render.out, "--owner \"")) << render.out;
}

TEST(CliPrerender, TheListIsInThePagesLanguage) {
  // The element speaks its nearest lang; the static list it takes over from speaks the same.
  const std::string page =
      temp_file("lang.html",
                "<!doctype html><html lang=\"de\"><body><main>\n<paper-shelf src=\"lang.bib\" "
                "group=\"type\" toolbar=\"full\"><!-- papershelf:prerender --></paper-shelf>\n"
                "<div lang=\"ja\"><paper-shelf src=\"lang.bib\"><!-- papershelf:prerender "
                "--></paper-shelf></div>\n"
                "<paper-shelf src=\"lang.bib\" lang=\"en\"><!-- papershelf:prerender "
                "--></paper-shelf></main></body></html>\n");
  const std::string dir = page.substr(0, page.rfind('/') + 1);
  write_file(dir + "lang.bib",
             "@inproceedings{a, title={One}, author={Lovelace, Ada}, booktitle={Proc. X}, "
             "year=2020, pdf={https://example.org/a.pdf}, abstract={Text.}}\n"
             "@article{b, title={Two}, author={Lovelace, Ada}, journal={J. Y}, year=2021}\n");
  const Result r = papershelf("prerender " + quote(page) + " -o " + quote(page), true);
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string html = read_file(page);
  const std::size_t ja = html.find("<div lang=\"ja\">"), en = html.find("lang=\"en\"");
  ASSERT_NE(ja, std::string::npos);
  const std::string german = html.substr(0, ja), japanese = html.substr(ja, en - ja),
                    english = html.substr(en);
  EXPECT_TRUE(contains(german, ">Konferenzbeitrag</span>")) << german;  // a group heading
  EXPECT_TRUE(contains(german, "<summary>Zusammenfassung</summary>")) << german;
  EXPECT_TRUE(contains(german, "<summary>Zitieren</summary>")) << german;
  EXPECT_TRUE(contains(german, ">2 Publikationen</p>")) << german;  // the toolbar's room
  EXPECT_TRUE(
      contains(german, "<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\" data-words=\"de\""))
      << german;  // (wider menus)
  EXPECT_FALSE(contains(english, "data-words")) << english;
  EXPECT_FALSE(contains(german, "<summary>Cite</summary>")) << german;
  EXPECT_TRUE(contains(japanese, "<summary>\u6982\u8981</summary>")) << japanese;  // 概要
  EXPECT_TRUE(contains(english, "<summary>Abstract</summary>")) << english;
  // render says it with --lang; a language papershelf does not ship is English.
  EXPECT_TRUE(contains(papershelf("render --lang pt-BR " + quote(dir + "lang.bib")).out,
                       "<summary>Resumo</summary>"));
  EXPECT_TRUE(contains(papershelf("render --lang sv " + quote(dir + "lang.bib")).out,
                       "<summary>Abstract</summary>"));
  // The paper pages too: their headings and the index's title.
  const Result pages = papershelf(
      "pages --lang de -o " + quote(dir + "lang-pages") + " " + quote(dir + "lang.bib"), true);
  ASSERT_EQ(pages.status, 0) << pages.out;
  EXPECT_TRUE(contains(read_file(dir + "lang-pages/a.html"), "<h2>Zitieren</h2>"));
  EXPECT_TRUE(contains(read_file(dir + "lang-pages/index.html"), "<title>Publikationen</title>"));
}

TEST(CliPrerender, FirstKeepsALongListsFirstScreen) {
  // 1,203 records: the first 50 are listed, by year with their groups' full counts, and a line
  // says how many there are; the page's metadata describes those 50.
  std::string bib;
  for (int i = 0; i < 1203; ++i)
    bib += "@article{k" + std::to_string(i) + ", title={Paper " + std::to_string(i) +
           "}, author={Hu, Qinghao}, journal={J}, year={" + std::to_string(2000 + i % 20) + "}}\n";
  const std::string path = temp_file("first-screen.bib", bib);
  const std::string name = path.substr(path.rfind('/') + 1);
  const std::string page = temp_file(
      "first-screen.html", "<paper-shelf src=\"" + name +
                               "\" group=\"year\"><!-- papershelf:prerender --></paper-shelf>\n");
  const Result r = papershelf("prerender --first 50 " + quote(page));
  ASSERT_EQ(r.status, 0) << r.out;
  std::size_t entries = 0;
  for (std::size_t at = r.out.find("<li class=\"ps-entry"); at != std::string::npos;
       at = r.out.find("<li class=\"ps-entry", at + 1))
    ++entries;
  EXPECT_EQ(entries, 50u);
  EXPECT_TRUE(
      contains(r.out, "<p class=\"ps-more-entries\">The first 50 of 1,203 publications.</p>"));
  EXPECT_TRUE(contains(r.out, "<span class=\"ps-count\" aria-hidden=\"true\">60</span>"))
      << "a group heading counts its whole group";
  EXPECT_EQ(r.out.find("data-group=\"2017\""), std::string::npos)
      << "groups past the first screen are left out";
  // Without it, the whole list; render takes the same option.
  EXPECT_FALSE(contains(papershelf("prerender " + quote(page)).out, "ps-more-entries"));
  EXPECT_TRUE(contains(papershelf("render --first 2 " + quote(path)).out,
                       "The first 2 of 1,203 publications."));
  EXPECT_EQ(papershelf("render --first x " + quote(path), true).status, 2);
}

TEST(CliPrerender, HeadingsFitUnderThePagesNearestHeading) {
  const std::string path =
      temp_file("headings.bib",
                "@article{a, title={A}, author={Hu, Qinghao}, journal={J}, year=2024}\n"
                "@inproceedings{b, title={B}, author={Hu, Qinghao}, booktitle={C}, year=2023}\n");
  const std::string name = path.substr(path.rfind('/') + 1);
  const std::string shelf =
      "<paper-shelf src=\"" + name + "\" owner=\"Qinghao Hu\" group=\"year\" profile=\"full\"";
  const auto levels = [&](const std::string& before, const std::string& attributes) {
    const Result r = papershelf(
        "prerender " +
        quote(temp_file("headings.html", before + shelf + attributes +
                                             "><!-- papershelf:prerender --></paper-shelf>\n")));
    EXPECT_EQ(r.status, 0) << r.out;
    const auto tag = [&](const std::string& cls) {
      const std::size_t at = r.out.find(" class=\"" + cls + "\"");
      return at == std::string::npos || at < 3
                 ? std::string()
                 : r.out.substr(r.out.rfind('<', at) + 1, at - r.out.rfind('<', at) - 1);
    };
    return tag("ps-profile-name") + " " + tag("ps-group-title") + " " + tag("ps-top-title");
  };
  // Under al-folio's <h1> (a comment's and an earlier list's headings are passed), one level below.
  EXPECT_EQ(levels("<h1 class=\"post-title\">Publications</h1><!-- <h4>old</h4> -->", ""),
            "h2 h2 h3");
  EXPECT_EQ(levels("<h1>Me</h1><H2>Papers</H2>", ""), "h3 h3 h4");
  // No heading above: <h3>, as before; the attribute wins; a level that is none is said and fitted.
  EXPECT_EQ(levels("<p>Hello</p>", ""), "h3 h3 h4");
  EXPECT_EQ(levels("<h1>Me</h1>", " heading-level=\"5\""), "h5 h5 h6");
  EXPECT_EQ(levels("<h1>Me</h1>", " heading-level=\"6\""), "h6 h6 h6");
  const Result bad = papershelf(
      "prerender " + quote(temp_file(
                         "headings.html",
                         "<h1>Me</h1>" + shelf +
                             " heading-level=\"7\"><!-- papershelf:prerender --></paper-shelf>\n")),
      true);
  EXPECT_EQ(bad.status, 1);
  EXPECT_TRUE(contains(bad.out, "heading-level: \"7\" is not a heading level")) << bad.out;
  EXPECT_TRUE(contains(bad.out, "<h2 class=\"ps-profile-name\"")) << bad.out;
  // render takes the same option.
  EXPECT_TRUE(contains(papershelf("render --group year --heading-level 2 " + quote(path)).out,
                       "<h2 class=\"ps-group-title\">"));
  EXPECT_EQ(papershelf("render --heading-level 0 " + quote(path), true).status, 2);
}

// ---------------------------------------------------------------- what a page may make prerender
// read

// A page (someone else's pull request, a theme) names its src; the page's owner runs prerender.
TEST(CliPrerender, ReadsOnlyRegularFilesInsideThePagesFolder) {
  const std::string dir = fresh_dir("inside");
  fs::create_directories(dir + "site/sub");
  write_file(dir + "secret.bib", "@misc{secret, title={Private Record}, note={private-note}}\n");
  write_file(dir + "site/papers.bib", kMine);
  fs::create_symlink("../secret.bib", dir + "site/link.bib");
  fs::create_symlink("papers.bib", dir + "site/alias.bib");  // a link that stays inside is fine
  const std::string page = dir + "site/page.html";
  write_file(page, "<paper-shelf src=\"../secret.bib\">" + kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"link.bib\">" +
                       kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"sub/../../site/../secret.bib\">" +
                       kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"sub\">" +
                       kMarker +
                       "</paper-shelf>\n"
                       "<paper-shelf src=\"alias.bib\">" +
                       kMarker + "</paper-shelf>\n");
  const std::string out = dir + "out.html";
  const Result r = papershelf("prerender " + quote(page) + " -o " + quote(out), true);
  EXPECT_EQ(r.status, 1) << r.out;
  const std::string html = read_file(out);
  EXPECT_FALSE(contains(html, "Private Record")) << html;
  EXPECT_FALSE(contains(html, "private-note"));
  EXPECT_EQ(count(html, kMarker), 5u) << "every element keeps its marker";
  EXPECT_EQ(count(html, kEndMarker), 1u) << "only the one filled closes it";
  EXPECT_TRUE(contains(html, "Mine Paper"));
  for (const char* line :
       {":1:1: error: <paper-shelf> src \"../secret.bib\" is not read: it is outside ",
        ":2:1: error: <paper-shelf> src \"link.bib\" is not read: it is outside ",
        ":3:1: error: <paper-shelf> src \"sub/../../site/../secret.bib\" is not read: it is "
        "outside ",
        ":4:1: error: <paper-shelf> src \"sub\" is not read: it is not a regular file"})
    EXPECT_TRUE(contains(r.out, page + line)) << line << "\n" << r.out;
  // The owner may name a wider folder: the site's root.
  const Result rooted =
      papershelf("prerender --root " + quote(dir) + " " + quote(page) + " -o " + quote(out), true);
  EXPECT_EQ(rooted.status, 1) << rooted.out;  // ("sub" is still no file)
  EXPECT_EQ(count(read_file(out), "<div class=\"ps-shelf "), 4u);
  EXPECT_EQ(count(read_file(out), kEndMarker), 4u);
  EXPECT_TRUE(contains(read_file(out), "Private Record"));
  // A device is no data file, wherever the root is.
  write_file(page, "<paper-shelf src=\"../../../../../../../../../../dev/null\">" + kMarker +
                       "</paper-shelf>\n");
  const Result device = papershelf("prerender --root / " + quote(page), true);
  EXPECT_EQ(device.status, 1);
  EXPECT_TRUE(contains(device.out, "is not read: it is not a regular file; it is not filled"))
      << device.out;
  EXPECT_TRUE(contains(device.out, kMarker));
  EXPECT_TRUE(contains(papershelf("help prerender").out, "at most 64 MB"));
}

TEST(CliPrerender, RefusesALargeFileAndStandardInput) {
  const std::string dir = fresh_dir("large");
  write_file(dir + "big.bib", "@misc{big, title={Big Record}}\n");
  fs::resize_file(dir + "big.bib", (64u << 20) + 1);  // (sparse: no disk is spent)
  write_file(dir + "stdin.bib", "@misc{typed, title={Typed Record}}\n");
  write_file(dir + "page.html", "<paper-shelf src=\"big.bib\">" + kMarker +
                                    "</paper-shelf>\n<paper-shelf src=\"-\">" + kMarker +
                                    "</paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(dir + "page.html"), true, dir + "stdin.bib");
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(contains(r.out, "Big Record")) << r.out.substr(0, 2000);
  EXPECT_FALSE(contains(r.out, "Typed Record"));
  EXPECT_TRUE(contains(
      r.out,
      "page.html:1:1: error: <paper-shelf> src \"big.bib\" is not read: it is larger than 64 MB"))
      << r.out;
  EXPECT_TRUE(contains(r.out, "page.html:2:1: error: <paper-shelf> src \"-\" is not read"))
      << r.out;
  EXPECT_EQ(count(r.out, kMarker), 2u);
}

// A built site: every page with a marker under the folder is filled in place, src files from the
// site's root are read from the folder, and pages without a marker are not touched.
// al-folio's pdf and preview fields name files relative to its assets folders: a page elsewhere
// would show broken pictures and 404 links. prerender checks every relative address it wrote.
TEST(CliPrerender, FilesThePapersNameButThePageLacksAreTold) {
  const std::string dir = fresh_dir("missing-files");
  write_file(
      dir + "papers.bib",
      "@misc{a, title={One}, author={Lovelace, Ada}, year=2020, pdf={one.pdf}, preview={one.png}, "
      "website={https://example.org/one}}\n");
  write_file(dir + "page.html",
             "<paper-shelf src=\"papers.bib\" owner=\"Ada Lovelace\"><!-- papershelf:prerender "
             "--></paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(dir + "page.html"), true);
  EXPECT_EQ(r.status, 0) << r.out;  // (told, not failed: a stale thumbnail does not stop a deploy)
  EXPECT_TRUE(contains(r.out,
                       "warning: <paper-shelf> 2 files its papers link to or show are not there "
                       "(one.pdf, one.png), and the papers whose picture is not there are listed "
                       "without one: relative addresses are read beside the page"))
      << r.out;
  // The missing picture is left out, as the element leaves out one that does not load: no
  // broken-image box before its code comes, nor for a reader without JavaScript.
  // (the page goes to standard output)
  EXPECT_FALSE(contains(r.out, "ps-thumb")) << r.out;
  EXPECT_FALSE(contains(r.out, "ps-has-thumb")) << r.out;
  EXPECT_TRUE(contains(r.out, "href=\"one.pdf\""))
      << r.out;  // (a link stays: the 404 is the site's)
  // With the files in place (and the URL left alone), nothing is said, and the picture is shown.
  write_file(dir + "one.pdf", "%PDF");
  write_file(dir + "one.png", "png");
  const Result fine = papershelf("prerender " + quote(dir + "page.html"), true);
  EXPECT_EQ(fine.status, 0) << fine.out;
  EXPECT_FALSE(contains(fine.out, "not there")) << fine.out;
  EXPECT_TRUE(contains(fine.out, "<img class=\"ps-thumb\" src=\"one.png\"")) << fine.out;
  EXPECT_TRUE(contains(fine.out, "ps-has-thumb")) << fine.out;
}

// A list whose markup passes a megabyte weighs on a visitor's phone: prerender says so, with the
// flag that writes its first screen; with that flag it is quiet.
TEST(CliPrerender, AHeavyListWrittenInIsToldWithTheFlagThatLightensIt) {
  const std::string dir = fresh_dir("heavy-list");
  std::string bib;
  const std::string abstract(4000, 'a');
  for (int i = 0; i < 300; ++i)
    bib += "@article{k" + std::to_string(i) + ", title={Paper " + std::to_string(i) +
           "}, author={Lovelace, Ada}, journal={J}, year=2020, abstract={" + abstract + "}}\n";
  write_file(dir + "papers.bib", bib);
  write_file(dir + "page.html",
             "<paper-shelf src=\"papers.bib\" owner=\"Ada Lovelace\"><!-- papershelf:prerender "
             "--></paper-shelf>\n");
  const Result r =
      papershelf("prerender " + quote(dir + "page.html") + " -o " + quote(dir + "out.html"), true);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, " MB of HTML (300 entries); --first 50 writes its first 50"))
      << r.out;
  const Result first = papershelf(
      "prerender " + quote(dir + "page.html") + " -o " + quote(dir + "out.html") + " --first 50",
      true);
  EXPECT_EQ(first.status, 0) << first.out;
  EXPECT_FALSE(contains(first.out, "MB of HTML")) << first.out;
  EXPECT_TRUE(contains(first.out, "the first 50 of 300 entries")) << first.out;
}

TEST(CliPrerender, AFolderIsABuiltSiteFilledInPlace) {
  const std::string site = fresh_dir("site");
  fs::create_directories(site + "assets/bib");
  fs::create_directories(site + "publications");
  fs::create_directories(site + "node_modules/papershelf");
  write_file(site + "assets/bib/papers.bib", kMine);
  const std::string marked =
      "<!doctype html><paper-shelf src=\"/assets/bib/papers.bib\" filter=\"selected\">" + kMarker +
      "</paper-shelf>\n";
  write_file(site + "publications/index.html", marked);
  write_file(site + "index.html", "<!doctype html><paper-shelf src=\"assets/bib/papers.bib\">" +
                                      kMarker + "</paper-shelf>\n");
  write_file(site + "about.html", "<!doctype html><p>About</p>\n");
  write_file(site + "node_modules/papershelf/page.html", marked);
  const Result r = papershelf("prerender " + quote(site), true);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(
      r.out,
      site + "index.html:1:16: note: <paper-shelf> filled from assets/bib/papers.bib: 2 entries\n" +
          site +
          "publications/index.html:1:16: note: <paper-shelf> filled from /assets/bib/papers.bib: 1 "
          "entry\n");
  EXPECT_TRUE(contains(read_file(site + "publications/index.html"), "Mine Paper"));
  EXPECT_FALSE(contains(read_file(site + "publications/index.html"), "Other Paper"));
  EXPECT_EQ(count(read_file(site + "index.html"), "<li class=\"ps-entry"), 2u);
  EXPECT_EQ(read_file(site + "about.html"), "<!doctype html><p>About</p>\n");
  EXPECT_EQ(read_file(site + "node_modules/papershelf/page.html"), marked);
  // Again: the same pages.
  const std::string before = read_file(site + "publications/index.html");
  ASSERT_EQ(papershelf("prerender " + quote(site)).status, 0);
  EXPECT_EQ(read_file(site + "publications/index.html"), before);
  // A site served under a path (Jekyll's baseurl: /repo/...) is built without it.
  write_file(site + "project.html",
             "<paper-shelf prerender src=\"/repo/assets/bib/papers.bib\"></paper-shelf>\n");
  const Result based = papershelf("prerender " + quote(site), true);
  EXPECT_EQ(based.status, 0) << based.out;
  EXPECT_TRUE(contains(read_file(site + "project.html"), "Mine Paper"));
  // -o has no meaning for a folder; a folder without a marked page fills nothing and says so.
  EXPECT_EQ(papershelf("prerender -o x.html " + quote(site), true).status, 2);
  const std::string empty = fresh_dir("site-empty");
  write_file(empty + "index.html", "<p>no list</p>\n");
  const Result none = papershelf("prerender " + quote(empty), true);
  EXPECT_EQ(none.status, 1);
  EXPECT_TRUE(contains(none.out, "no page holds a <paper-shelf> with the marker")) << none.out;
}

// al-folio keeps its .bib in _bibliography/, which Jekyll does not publish: prerender="FILE" names
// it in the site's source (where prerender runs), and prerender both lists it and publishes it at
// src, so that building the site stays two commands. Nothing is written outside the built site.
TEST(CliPrerender, TheAttributesValueIsTheSourceFilePublishedAtSrc) {
  const std::string root = fresh_dir("publish");
  fs::create_directories(root + "_bibliography");
  fs::create_directories(root + "_site/publications");
  fs::create_directories(root + "_site/assets/js");
  const std::string bib = "---\n---\n" + kMine;  // (al-folio's front matter)
  write_file(root + "_bibliography/papers.bib", bib);
  const std::string page =
      "<paper-shelf prerender=\"_bibliography/papers.bib\" "
      "src=\"/assets/bibliography/papers.bib\"></paper-shelf>\n";
  write_file(root + "_site/publications/index.html", page);
  const Result r = papershelf("prerender _site", true, "", root);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out,
            "_site/publications/index.html:1:1: note: <paper-shelf> filled from "
            "_bibliography/papers.bib, published as "
            "/assets/bibliography/papers.bib: 2 entries\n");
  EXPECT_EQ(read_file(root + "_site/assets/bibliography/papers.bib"), bib);
  EXPECT_EQ(count(read_file(root + "_site/publications/index.html"), "<li class=\"ps-entry"), 2u);
  // The .bib changed: both the copy and the list follow.
  write_file(root + "_bibliography/papers.bib",
             kMine + "@misc{third, title={Third Paper}, author={Hu, Qinghao}, year={2021}}\n");
  ASSERT_EQ(papershelf("prerender _site", false, "", root).status, 0);
  EXPECT_TRUE(contains(read_file(root + "_site/assets/bibliography/papers.bib"), "Third Paper"));
  EXPECT_EQ(count(read_file(root + "_site/publications/index.html"), "<li class=\"ps-entry"), 3u);
  // Refused, each for its element only: a source outside the folder prerender runs in, a src
  // that climbs out of the site, and a src whose place is a link to elsewhere.
  write_file(root + "secret.bib", kMine);
  fs::create_directories(root + "inner");
  const std::string outside =
      "<paper-shelf prerender=\"../secret.bib\" src=\"/a.bib\"></paper-shelf>\n"
      "<paper-shelf prerender=\"papers.bib\" src=\"/assets/../../x.bib\"></paper-shelf>\n"
      "<paper-shelf prerender=\"papers.bib\" src=\"/assets/linked.bib\"></paper-shelf>\n";
  write_file(root + "inner/papers.bib", kMine);
  fs::create_directories(root + "inner/_site/assets");
  fs::create_symlink(root + "secret.bib", root + "inner/_site/assets/linked.bib");
  write_file(root + "inner/_site/index.html", outside);
  const Result refused = papershelf("prerender _site", true, "", root + "inner");
  EXPECT_EQ(refused.status, 1) << refused.out;
  EXPECT_TRUE(contains(refused.out,
                       "index.html:1:1: error: <paper-shelf> prerender=\"../secret.bib\" is not "
                       "read: it is outside"))
      << refused.out;
  EXPECT_TRUE(contains(refused.out,
                       "index.html:2:1: error: <paper-shelf> src \"assets/../../x.bib\" is not "
                       "written: it climbs out"))
      << refused.out;
  EXPECT_TRUE(contains(refused.out,
                       "index.html:3:1: error: <paper-shelf> src \"assets/linked.bib\" is not "
                       "written: a symbolic link is there"))
      << refused.out;
  EXPECT_FALSE(fs::exists(root + "inner/x.bib"));
  EXPECT_FALSE(fs::exists(root + "x.bib"));
  EXPECT_EQ(read_file(root + "secret.bib"), kMine);
  EXPECT_EQ(read_file(root + "inner/_site/index.html"), outside);
}

// After a minifier dropped every comment (jekyll-minifier, hugo --minify), the attribute still
// asks: the element's whole content is the list's place, filled anew on every run.
TEST(CliPrerender, TheAttributeFillsTheWholeContent) {
  const std::string dir = fresh_dir("attribute");
  write_file(dir + "papers.bib", kMine);
  const std::string list = papershelf("render " + quote(dir + "papers.bib")).out;
  for (const std::string& element :
       {std::string("<paper-shelf prerender src=papers.bib>"),
        std::string("<paper-shelf src=\"papers.bib\" prerender=\"\">")}) {
    write_file(dir + "page.html",
               "<main>" + element + "<p>Loading\u2026</p></paper-shelf><p>after</p></main>\n");
    const Result r = papershelf(
        "prerender " + quote(dir + "page.html") + " -o " + quote(dir + "page.html"), true);
    ASSERT_EQ(r.status, 0) << r.out;
    const std::string filled = "<main>" + element + kMarker + "\n" + list + kEndMarker +
                               "</paper-shelf><p>after</p></main>\n";
    EXPECT_EQ(read_file(dir + "page.html"), filled);
    ASSERT_EQ(
        papershelf("prerender " + quote(dir + "page.html") + " -o " + quote(dir + "page.html"))
            .status,
        0);
    EXPECT_EQ(read_file(dir + "page.html"), filled) << "the same page again";
  }
  // An element the page's end cuts off ends there.
  write_file(dir + "page.html", "<paper-shelf prerender src=papers.bib><p>old");
  EXPECT_EQ(papershelf("prerender " + quote(dir + "page.html")).out,
            "<paper-shelf prerender src=papers.bib>" + kMarker + "\n" + list + kEndMarker);
}

// The element's toolbar will stand above the list: the prerendered list keeps its room, with the
// controls the core judges useful, as much of it as the element's `controls` asks for.
TEST(CliPrerender, ALongListKeepsTheRoomOfTheElementsToolbar) {
  const std::string dir = fresh_dir("toolbar");
  std::string bib;
  for (int i = 0; i < 12; ++i)
    bib += "@article{p" + std::to_string(i) + ", title={Paper " + std::to_string(i) +
           "}, author={Doe, Jane}, journal={J}, year=" + std::to_string(2015 + i % 3) +
           (i < 2 ? ", selected={true}" : "") + "}\n";
  write_file(dir + "papers.bib", bib);
  const auto prerendered = [&](const std::string& attributes) {
    write_file(dir + "page.html",
               "<paper-shelf prerender src=papers.bib" + attributes + "></paper-shelf>\n");
    const Result r = papershelf("prerender " + quote(dir + "page.html"));
    EXPECT_EQ(r.status, 0) << r.out;
    return r.out;
  };
  const std::string full = prerendered("");
  EXPECT_TRUE(contains(full,
                       "<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\" "
                       "data-controls=\"full\"><div class=\"ps-toolbar\" data-room hidden inert>"));
  // Years and "Selected" can narrow the list; one type, one venue and no award cannot.
  EXPECT_TRUE(
      contains(full, "<select class=\"ps-f-year\"></select><select class=\"ps-f-type\" hidden>"));
  EXPECT_TRUE(contains(full,
                       "<label class=\"ps-chip\"><input type=\"checkbox\"> <span "
                       "class=\"ps-chip-label\" data-count=\"2\">Selected</span>"));
  EXPECT_TRUE(contains(full,
                       "<label class=\"ps-chip\" hidden><input type=\"checkbox\"> <span "
                       "class=\"ps-chip-label\" data-count=\"0\">Award</span>"));
  EXPECT_TRUE(contains(full, "<p class=\"ps-count\">12 publications</p>"));
  EXPECT_EQ(count(full, "data-room"), 1u);
  EXPECT_TRUE(contains(prerendered(" toolbar=search"),
                       "data-controls=\"search\"><div class=\"ps-toolbar\" data-room"));
  // No toolbar, no room: asked for none, a short list, or the canvas (which draws its own).
  EXPECT_FALSE(contains(prerendered(" toolbar=none"), "data-room"));
  EXPECT_FALSE(contains(prerendered(" controls=none"), "data-room")) << "the older name";
  EXPECT_FALSE(contains(prerendered(" filter=selected"), "data-room"));
  EXPECT_FALSE(contains(prerendered(" renderer=canvas"), "data-room"));
  // The render command writes a static list for a page without the element: no room.
  EXPECT_FALSE(contains(papershelf("render " + quote(dir + "papers.bib")).out, "data-room"));
}

// Only a comment in the element's content is the marker: the same text in an attribute, a
// script, a style, a textarea, a title or inside another comment is the page's own.
TEST(CliPrerender, TheMarkerIsACommentInTheElementsContent) {
  const std::string dir = fresh_dir("marker");
  write_file(dir + "papers.bib", kMine);
  const std::string before = "<!DOCTYPE html><title>" + kMarker +
                             "</title>\n"
                             "<paper-shelf data-note='" +
                             kMarker +
                             "' src=papers.bib>\n"
                             "<script>var marker = \"" +
                             kMarker +
                             "\"; if (a<b) {}</script>\n"
                             "<script><!-- <script> </script> " +
                             kMarker +
                             " --></script>\n"
                             "<STYLE>/* " +
                             kMarker + " */</STYLE><textarea>" + kMarker + "</textarea><TITLE>" +
                             kMarker +
                             "</TITLE>\n"
                             "<!-- commented out: " +
                             kMarker + " -->\n  ";
  const std::string after = "\n</paper-shelf>\n";
  write_file(dir + "page.html", before + kMarker + after);
  const Result r = papershelf("prerender " + quote(dir + "page.html"));
  ASSERT_EQ(r.status, 0) << r.out;
  const Result list = papershelf("render " + quote(dir + "papers.bib"));
  EXPECT_EQ(r.out, before + kMarker + "\n" + list.out + kEndMarker + after);
  // An element with no marker in its content is left as it is.
  write_file(dir + "page.html", before + after);
  EXPECT_EQ(papershelf("prerender " + quote(dir + "page.html")).out, before + after);
}

// The element ends at its end tag in any case, or where an element it is inside ends.
TEST(CliPrerender, AMarkerAfterTheElementIsNotItsOwn) {
  const std::string dir = fresh_dir("close");
  write_file(dir + "papers.bib", kMine);
  for (const std::string& page :
       {"<PAPER-SHELF src=\"papers.bib\"></PAPER-SHELF>\n<p>" + kMarker + "</p>\n",
        "<Paper-Shelf src=\"papers.bib\"></paper-SHELF >" + kMarker + "\n",
        "<div><paper-shelf src=\"papers.bib\"><p>no list</div>" + kMarker + "\n",
        "<paper-shelf src=\"papers.bib\"></paper-shelf x=\">\">" + kMarker + "\n"}) {
    write_file(dir + "page.html", page);
    const Result r = papershelf("prerender " + quote(dir + "page.html"));
    EXPECT_EQ(r.status, 1) << "nothing was filled";
    EXPECT_EQ(r.out, page);
  }
  // Inside: in a descendant, and when the end tag is in capitals.
  write_file(dir + "page.html",
             "<PAPER-SHELF src=\"papers.bib\"><div>" + kMarker + "</div></PAPER-SHELF>\n");
  EXPECT_TRUE(contains(papershelf("prerender " + quote(dir + "page.html")).out,
                       "<div>" + kMarker + "\n<div class=\"ps-shelf "));
}

// An attribute the element cannot use is left out, as the element leaves it out; the element is
// still filled and so are the others; the run says where and exits 1.
TEST(CliPrerender, ABadAttributeIsAWarningForItsElement) {
  const std::string dir = fresh_dir("attributes");
  write_file(dir + "papers.bib", kMine);
  const std::string page = dir + "page.html";
  write_file(page,
             "<p>intro</p>\n"
             "  <paper-shelf src=\"papers.bib\" sort=\"bogus\" group=\"colour\" filter=\"selected "
             "nonsense:1\" base=\"https:\"\n"
             "    max-authors=\"lots\" preset=\"wordpress\" profile=\"huge\" links=\"nourl; "
             "homepage = https://example.org/\">" +
                 kMarker +
                 "</paper-shelf>\n"
                 "<paper-shelf src=\"papers.bib\" sort=\"title-desc\">" +
                 kMarker + "</paper-shelf>\n");
  const std::string out = dir + "out.html";
  const Result r = papershelf("prerender " + quote(page) + " -o " + quote(out), true);
  EXPECT_EQ(r.status, 1) << r.out;
  for (const char* attribute :
       {"sort", "group", "filter", "base", "max-authors", "preset", "profile", "links"})
    EXPECT_TRUE(contains(r.out, page + ":2:3: warning: <paper-shelf> " + attribute + ": "))
        << attribute << "\n"
        << r.out;
  const std::string html = read_file(out);
  EXPECT_EQ(count(html, kEndMarker), 2u) << html;
  // The first list as the element shows it: without what it could not use, the rest kept.
  const Result first =
      papershelf("render --profile --link homepage=https://example.org/ --filter selected " +
                 quote(dir + "papers.bib"));
  ASSERT_EQ(first.status, 0);
  EXPECT_TRUE(contains(html, first.out)) << html;
  EXPECT_TRUE(
      contains(html, papershelf("render --sort title-desc " + quote(dir + "papers.bib")).out));
}

// What the live list shows at rest is in the static list: the legend of the element's `legend`
// attribute and its pinned theme (papershelf.css gives it that scheme's own colours); an unknown
// theme is left out with a warning, as the element follows the page then.
TEST(CliPrerender, TheLegendAndAPinnedThemeAreInTheStaticList) {
  const std::string dir = fresh_dir("legend-theme");
  write_file(dir + "papers.bib",
             "@article{a, title={Marked}, author={Doe*, Jane and Roe\xE2\x80\xA0, Rich}, "
             "journal={J}, year=2020}\n");
  const std::string page = dir + "page.html";
  write_file(page,
             "<paper-shelf src=\"papers.bib\" legend=\"*=equal contribution; \xE2\x80\xA0: "
             "corresponding; #=unused\" theme=\"dark\">" +
                 kMarker + "</paper-shelf>\n<paper-shelf src=\"papers.bib\" theme=\"neon\">" +
                 kMarker + "</paper-shelf>\n");
  const Result r = papershelf("prerender " + quote(page), true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(
      contains(r.out, "<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\" data-theme=\"dark\">"))
      << r.out;
  EXPECT_TRUE(contains(r.out,
                       "<sup>*</sup> equal contribution</span> <span class=\"ps-legend-item\" "
                       "dir=\"ltr\"><sup>\xE2\x80\xA0</sup> corresponding</span>"))
      << r.out;
  EXPECT_FALSE(contains(r.out, "<sup>#</sup>"));  // (no paper has the mark)
  EXPECT_TRUE(contains(r.out, page + ":2:1: warning: <paper-shelf> theme: unknown theme \"neon\""))
      << r.out;
  EXPECT_EQ(count(r.out, "data-theme="), 1u);
  // The same as render's flags; and an unknown theme there is a usage error.
  const Result flags = papershelf(
      "render --theme dark --legend \"*=equal contribution; \xE2\x80\xA0: corresponding; "
      "#=unused\" " +
      quote(dir + "papers.bib"));
  ASSERT_EQ(flags.status, 0);
  EXPECT_TRUE(contains(r.out, flags.out));
  EXPECT_EQ(papershelf("render --theme neon " + quote(dir + "papers.bib")).status, 2);
}
