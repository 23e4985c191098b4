// `papershelf pages`: a page per paper, the index, feed and sitemap, and what it never overwrites.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "cli_helpers.hpp"

using namespace cli_testing;

// ---------------------------------------------------------------- pages

namespace {

const std::string kPagesBib =
    "@inproceedings{Hu2024, title={Mine Paper}, author={Hu, Qinghao and Doe, Jane}, "
    "booktitle={NSDI}, year=2024,\n"
    "  pdf={hu2024.pdf}, abstract={What we found.}, preview={hu.png}}\n"
    "@article{../escape, title={Climbing Out}, author={Doe, Jane}, journal={J}, year=2020}\n"
    "@article{a/b, title={A Slash}, author={Doe, Jane}, journal={J}, year=2021, "
    "pdf={javascript:alert(1)}}\n"
    "@article{hu2024-dup, title={<script>alert(1)</script>}, author={Roe, Rick}, journal={J}, "
    "year=2019}\n"
    "@misc{untitled, author={Doe, Jane}, year=2018}\n";

}  // namespace

// The list links each title to the page the pages command wrote for it, whatever the order of
// either (a page's name does not depend on a query): every title's href is a file in DIR.
TEST(CliPages, TheListsTitlesLinkThePagesWritten) {
  const std::string dir = fresh_dir("pages-links");
  // (Two keys that make one file name: the later one in the file gets "-2".)
  write_file(
      dir + "papers.bib",
      kPagesBib +
          "@article{HU2024, title={Same Name}, author={Doe, Jane}, journal={J}, year=2025}\n");
  ASSERT_EQ(papershelf("pages papers.bib -o out --sort title-desc", true, "", dir).status, 0);
  for (const char* order : {"year-desc", "title-desc"}) {
    const auto list = papershelf(
        std::string("render papers.bib --base /assets/pdf/ --pages out/ --sort ") + order, true, "",
        dir);
    ASSERT_EQ(list.status, 0) << list.out;
    std::vector<std::string> hrefs;
    for (std::size_t at = list.out.find("<cite class=\"ps-title\""); at != std::string::npos;
         at = list.out.find("<cite class=\"ps-title\"", at + 1)) {
      const std::size_t href = list.out.find("href=\"", at);
      if (href == std::string::npos || href > list.out.find("</cite>", at)) continue;
      hrefs.push_back(list.out.substr(href + 6, list.out.find('"', href + 6) - href - 6));
    }
    EXPECT_EQ(hrefs.size(), 5u) << order
                                << ": every titled paper links its page (not its PDF under --base)";
    for (const std::string& href : hrefs) {
      EXPECT_EQ(href.rfind("out/", 0), 0u) << href;
      EXPECT_TRUE(fs::is_regular_file(dir + href)) << order << ": " << href;
    }
    EXPECT_TRUE(contains(list.out, "href=\"out/hu2024.html\"") &&
                contains(list.out, "href=\"out/hu2024-2.html\""))
        << list.out;
  }
}

TEST(CliPages, WritesAPagePerPaperTheIndexFeedSitemapAndStylesheetInsideDir) {
  const std::string dir = fresh_dir("pages");
  write_file(dir + "papers.bib", kPagesBib);
  const auto r = papershelf(
      "pages papers.bib -o out --owner 'Qinghao Hu' --site https://me.example/pubs/ --base "
      "/assets/pdf/ "
      "--preset al-folio",
      true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(dir + "out"))
    files.insert(e.path().filename().string());
  EXPECT_EQ(files,
            (std::set<std::string>{"hu2024.html", "escape.html", "a-b.html", "hu2024-dup.html",
                                   "index.html", "feed.xml", "sitemap.xml", "papershelf.css"}));
  EXPECT_FALSE(fs::exists(dir + "escape.html"));  // (nothing outside DIR)
  EXPECT_TRUE(contains(r.out, "'untitled' has no title")) << r.out;
  const std::string page = read_file(dir + "out/hu2024.html");
  EXPECT_TRUE(contains(
      page,
      "<meta name=\"citation_pdf_url\" content=\"https://me.example/assets/pdf/hu2024.pdf\">"))
      << page;
  EXPECT_TRUE(contains(page, "<meta name=\"citation_conference_title\" content=\"NSDI\">"));
  EXPECT_TRUE(
      contains(page, "<link rel=\"canonical\" href=\"https://me.example/pubs/hu2024.html\">"));
  EXPECT_TRUE(contains(page, "ps-author ps-owner"));
  EXPECT_TRUE(contains(page, "data-preset=\"al-folio\""));
  EXPECT_TRUE(
      contains(page, "<img class=\"ps-thumbnail\" src=\"/assets/img/publication_preview/hu.png\""));
  EXPECT_TRUE(contains(page, "What we found."));
  const std::string slash = read_file(dir + "out/a-b.html");
  EXPECT_FALSE(contains(slash, "citation_pdf_url"));
  EXPECT_FALSE(contains(slash, "javascript:"));
  EXPECT_FALSE(contains(read_file(dir + "out/hu2024-dup.html"), "<script>alert"));
  const std::string index = read_file(dir + "out/index.html");
  EXPECT_TRUE(contains(index, "<a href=\"hu2024.html\" rel=\"noopener\">Mine Paper</a>")) << index;
  EXPECT_EQ(count(read_file(dir + "out/sitemap.xml"), "<loc>"), 5u);
  EXPECT_EQ(count(read_file(dir + "out/feed.xml"), "<entry>"), 4u);
  EXPECT_TRUE(contains(read_file(dir + "out/papershelf.css"), ".ps-shelf"));
}

TEST(CliPages, WithoutSiteLinksStayRelativeAndNoSitemapIsWritten) {
  const std::string dir = fresh_dir("pages_nosite");
  write_file(dir + "papers.bib", kPagesBib);
  const auto r =
      papershelf("pages papers.bib -o out --css /assets/css/papershelf.css", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(count(r.out, "no --site"), 1u) << r.out;
  EXPECT_FALSE(fs::exists(dir + "out/sitemap.xml"));
  EXPECT_FALSE(fs::exists(dir + "out/papershelf.css"));
  const std::string page = read_file(dir + "out/hu2024.html");
  EXPECT_TRUE(contains(page, "<link rel=\"canonical\" href=\"hu2024.html\">")) << page;
  EXPECT_FALSE(contains(page, "citation_pdf_url")) << "a relative PDF means nothing to Scholar";
  EXPECT_TRUE(contains(page, "<meta name=\"citation_title\""));
  EXPECT_TRUE(contains(page, "<link rel=\"stylesheet\" href=\"/assets/css/papershelf.css\">"));
}

TEST(CliPages, NeverWritesThroughASymbolicLink) {
  const std::string dir = fresh_dir("pages_link");
  write_file(dir + "papers.bib", kPagesBib);
  write_file(dir + "precious.txt", "keep me");
  fs::create_directories(dir + "out");
  fs::create_symlink(dir + "precious.txt", dir + "out/hu2024.html");
  const auto r = papershelf("pages papers.bib -o out", true, "", dir);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "hu2024.html: a symbolic link is there")) << r.out;
  EXPECT_TRUE(contains(r.out, "; not written: 1 paper page")) << r.out;
  EXPECT_EQ(read_file(dir + "precious.txt"), "keep me");
  EXPECT_TRUE(fs::exists(dir + "out/escape.html"));  // (the other pages are still written)
}

// A hard link planted in DIR under a page's name would have its other name, anywhere on the
// same disk, overwritten; a dangling link would have the file made where it points.
TEST(CliPages, NeverWritesAHardLinkedFileNorThroughADanglingLink) {
  const std::string dir = fresh_dir("pages_hardlink");
  write_file(dir + "papers.bib", kPagesBib);
  write_file(dir + "precious.txt", "keep me");
  fs::create_directories(dir + "out");
  fs::create_hard_link(dir + "precious.txt", dir + "out/escape.html");
  fs::create_symlink(dir + "made-outside.html", dir + "out/index.html");
  const auto r = papershelf("pages papers.bib -o out", true, "", dir);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "cannot write out/escape.html: it has 2 hard links")) << r.out;
  EXPECT_TRUE(contains(r.out, "cannot write out/index.html: a symbolic link is there")) << r.out;
  EXPECT_EQ(read_file(dir + "precious.txt"), "keep me");
  EXPECT_FALSE(fs::exists(dir + "made-outside.html"));
  // What happened, and only that: index.html is not among the files written.
  EXPECT_TRUE(contains(r.out,
                       "papershelf: wrote 3 paper pages, feed.xml, papershelf.css into out; not "
                       "written: 1 paper page, index.html\n"))
      << r.out;
  EXPECT_TRUE(fs::is_regular_file(dir + "out/hu2024.html"));
}

// -o pointed at a folder of the site's own (its index.html, its feed): those files stay as they
// are unless --force; what pages wrote itself it replaces on the next run.
TEST(CliPages, ReplacesOnlyWhatItWroteUnlessForced) {
  const std::string dir = fresh_dir("pages_own");
  write_file(dir + "papers.bib", kPagesBib);
  fs::create_directories(dir + "site");
  write_file(dir + "site/index.html", "<html><body>My homepage</body></html>");
  write_file(dir + "site/feed.xml", "<?xml version=\"1.0\"?><feed>my blog</feed>");
  write_file(dir + "site/hu2024.html", "my own page");
  auto r = papershelf("pages papers.bib -o site --site https://me.example/", true, "", dir);
  EXPECT_EQ(r.status, 2) << r.out;
  for (const char* name : {"index.html", "feed.xml", "hu2024.html"})
    EXPECT_TRUE(contains(r.out, "cannot write site/" + std::string(name) +
                                    ": it is not a file papershelf wrote (--force replaces it)"))
        << r.out;
  EXPECT_TRUE(contains(r.out,
                       "wrote 3 paper pages, sitemap.xml, papershelf.css into site; not written: 1 "
                       "paper page, index.html, feed.xml"))
      << r.out;
  // (and says what to do: a folder of their own)
  EXPECT_TRUE(contains(r.out,
                       "site is a folder of the site's own pages (its index.html is not "
                       "papershelf's): give the paper pages a "
                       "folder of their own, such as papers/"))
      << r.out;
  EXPECT_EQ(read_file(dir + "site/index.html"), "<html><body>My homepage</body></html>");
  EXPECT_EQ(read_file(dir + "site/feed.xml"), "<?xml version=\"1.0\"?><feed>my blog</feed>");
  EXPECT_EQ(read_file(dir + "site/hu2024.html"), "my own page");
  // Its own files, written before (with a template, or as they were), it replaces.
  r = papershelf("pages papers.bib -o out --site https://me.example/", true, "", dir);
  ASSERT_EQ(r.status, 0) << r.out;
  write_file(dir + "layout.html", "<html><head></head><body><!-- papershelf --></body></html>");
  r = papershelf(
      "pages papers.bib -o out --site https://me.example/ --template layout.html --title Papers",
      true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(read_file(dir + "out/index.html"), "<h1>Papers</h1>"));
  r = papershelf("pages papers.bib -o out --site https://me.example/", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(
      r.out, "wrote 4 paper pages, index.html, feed.xml, sitemap.xml, papershelf.css into out\n"))
      << r.out;
  // --force: the site's own files too.
  r = papershelf("pages papers.bib -o site --site https://me.example/ --force", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(read_file(dir + "site/index.html"), "ps-pages-index"));
  EXPECT_TRUE(contains(read_file(dir + "site/hu2024.html"), "Mine Paper"));
}

// Windows opens a device for CON, PRN, AUX, NUL, COM0-9 and LPT0-9 before the first dot, whatever
// follows: no page is named so, in any case, whatever its key's extension.
TEST(CliPages, NoPageIsNamedAsAWindowsDevice) {
  const std::string dir = fresh_dir("pages_devices");
  std::string bib;
  for (const char* key :
       {"con.x", "aux.html", "Nul.tar.gz", "COM1.txt", "lpt9", "prn", "com10.x", "console.x"})
    bib += "@misc{" + std::string(key) + ", title={Paper " + key +
           "}, author={Doe, Jane}, year=2020}\n";
  write_file(dir + "papers.bib", bib);
  const auto r = papershelf("pages papers.bib -o out", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(dir + "out"))
    files.insert(e.path().filename().string());
  EXPECT_EQ(files,
            (std::set<std::string>{"con-x.html", "aux-html.html", "nul-tar.gz.html",
                                   "com1-txt.html", "lpt9-2.html", "prn-2.html", "com10.x.html",
                                   "console.x.html", "index.html", "feed.xml", "papershelf.css"}));
}

TEST(CliPages, TemplatePutsThePagesInTheSitesLayout) {
  const std::string dir = fresh_dir("pages_template");
  write_file(dir + "papers.bib", kPagesBib);
  write_file(
      dir + "layout.html",
      "<!DOCTYPE html><html lang=\"en\"><head><title><!-- papershelf-title --> | Me</title>"
      "<!-- papershelf-head --></head><body><nav>My site</nav><!-- papershelf --></body></html>");
  write_file(dir + "bad.html", "<html><head></head><body>no marker</body></html>");
  const auto r = papershelf(
      "pages papers.bib -o out --template layout.html --site https://me.example/", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  const std::string page = read_file(dir + "out/escape.html");
  EXPECT_TRUE(contains(
      page,
      "<title>Climbing Out | Me</title><meta name=\"citation_title\" content=\"Climbing Out\">"))
      << page;
  EXPECT_TRUE(contains(page, "<nav>My site</nav><div class=\"ps-shelf ps-paper-page"));
  const auto bad = papershelf("pages papers.bib -o out2 --template bad.html", true, "", dir);
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(contains(bad.out, "<!-- papershelf -->")) << bad.out;
  EXPECT_FALSE(fs::exists(dir + "out2"));
}

TEST(CliPages, RefusesAnUnusableSiteLanguageOrMissingDir) {
  const std::string dir = fresh_dir("pages_usage");
  write_file(dir + "papers.bib", kPagesBib);
  const auto script =
      papershelf("pages papers.bib -o out --site 'javascript:alert(1)//x'", true, "", dir);
  EXPECT_EQ(script.status, 2);
  EXPECT_TRUE(contains(script.out, "--site: ")) << script.out;
  EXPECT_EQ(papershelf("pages papers.bib -o out --site /pubs/", false, "", dir).status, 2);
  EXPECT_EQ(papershelf("pages papers.bib -o out --lang 'en\"><script>'", false, "", dir).status, 2);
  EXPECT_EQ(papershelf("pages papers.bib", false, "", dir).status, 2);
  EXPECT_FALSE(fs::exists(dir + "out"));
  const auto help = papershelf("help pages");
  EXPECT_EQ(help.status, 0);
  EXPECT_TRUE(contains(help.out, "usage: papershelf pages")) << help.out;
}
