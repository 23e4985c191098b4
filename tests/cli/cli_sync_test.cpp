// `papershelf import` and `papershelf sync` end to end: what they write, and what they refuse.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <set>
#include <string>

#include "cli_helpers.hpp"

using namespace cli_testing;

TEST(CliImport, OneEntryPerPaperToStandardOutputANewFileOrAddedToAnExistingOne) {
  const std::string works = temp_file(
      "import-works.json",
      R"({"results": [{"id": "https://openalex.org/W2", "doi": "https://doi.org/10.5555/pub.1", "title": "A Long Enough Title Here",)"
      R"( "publication_year": 2022, "type": "article", "primary_location": {"source": {"display_name": "NSDI", "type": "conference"}},)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 9},)"
      R"( {"id": "https://openalex.org/W1", "doi": "https://doi.org/10.48550/arxiv.2101.00001", "title": "A long enough title here",)"
      R"( "publication_year": 2021, "type": "preprint", "primary_location": {"source": {"display_name": "arXiv", "type": "repository"}},)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 3}]})");
  Result r = papershelf("import --from-file " + quote(works) + " --date 2026-11-27", true);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "@inproceedings{hu2022long,")) << r.out;
  EXPECT_TRUE(contains(r.out, "arxiv = {2101.00001}")) << r.out;
  EXPECT_TRUE(contains(r.out, "openalex = {W2}")) << r.out;
  EXPECT_FALSE(contains(r.out, "openalex = {W1}")) << r.out;
  EXPECT_TRUE(contains(r.out, "2 works: 1 papers (1 other versions merged into them)")) << r.out;
  // A new file; then, the file there, nothing to add; a dry run writes nothing.
  const std::string target = ::testing::TempDir() + "papershelf_cli_import.bib";
  std::remove(target.c_str());
  EXPECT_EQ(papershelf("import --from-file " + quote(works) + " --dry-run " + quote(target)).status,
            0);
  EXPECT_FALSE(std::ifstream(target).good());
  EXPECT_EQ(papershelf("import --from-file " + quote(works) + " " + quote(target)).status, 0);
  EXPECT_TRUE(std::ifstream(target).good());
  r = papershelf("import --from-file " + quote(works) + " " + quote(target), true);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "1 already in")) << r.out;
  EXPECT_EQ(papershelf("check " + quote(target)).status, 0);
  // Usage: the native CLI does not fetch; a source is needed; --since needs a year.
  r = papershelf("import --orcid 0000-0002-1825-0097", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "npx papershelf import")) << r.out;
  EXPECT_EQ(papershelf("import").status, 2);
  EXPECT_EQ(papershelf("import --from-file " + quote(works) + " --since 20").status, 2);
  std::remove(target.c_str());
}

TEST(CliSync, ADryRunByDefaultThenWriteAndItsUsageErrors) {
  const std::string bib = temp_file("sync.bib",
                                    "@article{a,\n  title = {A Long Enough Title Here},\n  author "
                                    "= {Hu, Qinghao},\n  year = {2021}\n}\n");
  const std::string works = temp_file(
      "sync-works.json",
      R"({"results": [{"id": "https://openalex.org/W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 7}]})");
  Result r =
      papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --date 2026-11-27");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "+  citations = {7},")) << r.out;
  EXPECT_TRUE(contains(r.out, "matched 1 entries: 1 by title, year and author")) << r.out;
  EXPECT_TRUE(contains(r.out, "a dry run: nothing was written")) << r.out;
  EXPECT_FALSE(contains(read_file(bib), "citations"));
  r = papershelf("sync " + quote(bib) + " --from-file " + quote(works) +
                 " --date 2026-11-27 --write");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(read_file(bib), "  citations = {7},\n  citations_updated = {2026-11-27}\n}"))
      << read_file(bib);
  r = papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --format json");
  const json report = json::parse(r.out);
  EXPECT_EQ(report.at("decisions").at(0).at("rule"), "openalex");
  EXPECT_EQ(report.at("edits"), 0);
  // Usage: the author, a BibTeX file, a date; the native CLI does not fetch.
  r = papershelf("sync " + quote(bib), true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "--openalex AUTHOR_ID or --orcid ID")) << r.out;
  r = papershelf("sync " + quote(bib) + " --openalex A5023888391", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "npx papershelf sync")) << r.out;
  EXPECT_EQ(papershelf("sync " + fixture(kProfile) + " --from-file " + quote(works)).status, 2);
  EXPECT_EQ(papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --date 27.11.2026")
                .status,
            2);
  r = papershelf("sync " + quote(bib) + " --from-file " +
                     quote(temp_file("sync-bad.json", "{\"results\": [\n  {\"id\": }]}")),
                 true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "sync-bad.json:2:")) << r.out;
  EXPECT_EQ(papershelf("sync " + quote(bib) + " --from-file " + quote(works) + " --date 2026-02-30")
                .status,
            2);
}

TEST(CliSync, WriteKeepsASymbolicLinkAndRefusesAReadOnlyFile) {
  const std::string text =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  year = "
      "{2021}\n}\n";
  const std::string works = temp_file(
      "sync-works2.json",
      R"({"results": [{"id": "W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 7}]})");
  const std::string target = temp_file("sync-target.bib", text),
                    link = ::testing::TempDir() + "papershelf_cli_sync-link.bib";
  std::remove(link.c_str());
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  EXPECT_EQ(papershelf("sync " + quote(link) + " --from-file " + quote(works) + " --write").status,
            0);
  struct stat info {};
  ASSERT_EQ(::lstat(link.c_str(), &info), 0);
  EXPECT_TRUE(S_ISLNK(info.st_mode));
  EXPECT_TRUE(contains(read_file(target), "citations = {7}"));
  const std::string locked = temp_file("sync-locked.bib", text);
  ::chmod(locked.c_str(), 0444);
  const Result r =
      papershelf("sync " + quote(locked) + " --from-file " + quote(works) + " --write", true);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "read-only")) << r.out;
  EXPECT_EQ(read_file(locked), text);
}

// The file sync writes before renaming it over the .bib: a name no one can plant a link at
// beforehand (the old fixed FILE.papershelf-sync sent the .bib through a planted hard link), the
// .bib's own mode from the start, and nothing left behind.
TEST(CliSync, WriteGoesThroughANewFileOfAnUnforeseeableNameWithTheFilesMode) {
  const std::string dir = fresh_dir("sync_temp");
  const std::string text =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  year = "
      "{2021}\n}\n";
  write_file(
      dir + "works.json",
      R"({"results": [{"id": "W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 7}]})");
  write_file(dir + "papers.bib", text);
  ::chmod((dir + "papers.bib").c_str(),
          0664);  // (group-writable: more than the usual umask lets a new file have)
  write_file(dir + "outside.txt", "keep me");
  fs::create_hard_link(dir + "outside.txt", dir + "papers.bib.papershelf-sync");
  const auto r = papershelf("sync papers.bib --from-file works.json --write", true, "", dir);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(read_file(dir + "papers.bib"), "citations = {7}"));
  EXPECT_EQ(read_file(dir + "outside.txt"), "keep me");
  struct stat info {};
  ASSERT_EQ(::stat((dir + "papers.bib").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0664u);
  EXPECT_EQ(info.st_nlink, 1u);
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) files.insert(e.path().filename().string());
  EXPECT_EQ(files, (std::set<std::string>{"papers.bib", "works.json", "outside.txt",
                                          "papers.bib.papershelf-sync"}));
  // A file kept private stays private.
  ::chmod((dir + "papers.bib").c_str(), 0600);
  write_file(
      dir + "works.json",
      R"({"results": [{"id": "W1", "title": "A Long Enough Title Here", "publication_year": 2021,)"
      R"( "authorships": [{"author": {"display_name": "Qinghao Hu"}}], "cited_by_count": 9}]})");
  EXPECT_EQ(papershelf("sync papers.bib --from-file works.json --write", true, "", dir).status, 0);
  ASSERT_EQ(::stat((dir + "papers.bib").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 07777, 0600u);
  EXPECT_TRUE(contains(read_file(dir + "papers.bib"), "citations = {9}"));
}
