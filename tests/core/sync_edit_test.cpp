// papershelf sync's edits: the fields it writes, every corpus file round-tripped, the counts shown.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "harness.hpp"
#include "papershelf/boundary.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/words.hpp"
#include "sync_helpers.hpp"

namespace papershelf {
namespace {

using namespace sync_testing;

// --- Edits: only the fields, written as the entry writes its own ---

std::string synced(const std::string& bib, const std::vector<W>& works, bool add = false) {
  const auto ws = works_of(response(works));
  return sync::apply(bib, plan_of(bib, ws, add).edits);
}

TEST(SyncEdit, NewFieldsFollowTheEntrysOwnStyle) {
  // Aligned names, a trailing comma.
  EXPECT_EQ(synced("@article{a,\n  title  = {A Long Enough Title Here},\n  author = {Hu, "
                   "Qinghao},\n  year   = {2021},\n}\n",
                   {{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 12}}),
            "@article{a,\n  title  = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  "
            "year   = {2021},\n"
            "  openalex = {W1},\n  citations = {12},\n  citations_updated = {2026-11-27},\n}\n");
  // Upper-case names, quotes, a tab, no trailing comma, CRLF.
  EXPECT_EQ(
      synced("@ARTICLE{a,\r\n\tTITLE=\"A Long Enough Title Here\",\r\n\tAUTHOR=\"Hu, "
             "Qinghao\",\r\n\tYEAR=2021\r\n}\r\n",
             {{"W1", "10.1/x", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 3}}),
      "@ARTICLE{a,\r\n\tTITLE=\"A Long Enough Title Here\",\r\n\tAUTHOR=\"Hu, "
      "Qinghao\",\r\n\tYEAR=2021,\r\n"
      "\tDOI=\"10.1/"
      "x\",\r\n\tOPENALEX=\"W1\",\r\n\tCITATIONS=\"3\",\r\n\tCITATIONS_UPDATED=\"2026-11-27\"\r\n}"
      "\r\n");
  // One line.
  EXPECT_EQ(
      synced("@misc{a, title={A Long Enough Title Here}, author={Hu, Qinghao}, year={2021}}\n",
             {{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 0}}),
      "@misc{a, title={A Long Enough Title Here}, author={Hu, Qinghao}, year={2021}, "
      "openalex={W1}, citations={0}, "
      "citations_updated={2026-11-27}}\n");
}

TEST(SyncEdit, ACountThatChangedIsRewrittenInPlaceAndTheSameCountIsLeft) {
  const std::string bib =
      "@article{a,\n  title = {A Long Enough Title Here}, % the owner's comment\n  citations = "
      "\"7\",\n"
      "  citations_updated = {2026-01-01},\n  openalex = {W1},\n  author = {Hu, Qinghao},\n  year "
      "= 2021\n}\n";
  EXPECT_EQ(
      synced(bib, {{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 9}}),
      "@article{a,\n  title = {A Long Enough Title Here}, % the owner's comment\n  citations = "
      "\"9\",\n"
      "  citations_updated = {2026-11-27},\n  openalex = {W1},\n  author = {Hu, Qinghao},\n  year "
      "= 2021\n}\n");
  EXPECT_EQ(
      synced(bib, {{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 7}}),
      bib);
}

TEST(SyncEdit, DblpAlignmentAndZoteroCompactOneLineEntriesAreKept) {
  EXPECT_EQ(synced("@article{a,\n  author       = {Hu, Qinghao},\n  title        = {A Long Enough "
                   "Title Here},\n  year         = {2021},\n"
                   "  bibsource = {dblp computer science bibliography, https://dblp.org}\n}\n",
                   {{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 2}}),
            "@article{a,\n  author       = {Hu, Qinghao},\n  title        = {A Long Enough Title "
            "Here},\n  year         = {2021},\n"
            "  bibsource = {dblp computer science bibliography, https://dblp.org},\n  openalex     "
            "= {W1},\n  citations    = {2},\n"
            "  citations_updated = {2026-11-27}\n}\n");
  EXPECT_EQ(
      synced(
          "@article{a,title = {A Long Enough Title Here},author = {Hu, Qinghao},year = {2021}}\n",
          {{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 2}}),
      "@article{a,title = {A Long Enough Title Here},author = {Hu, Qinghao},year = {2021},openalex "
      "= {W1},citations = {2},"
      "citations_updated = {2026-11-27}}\n");
}

TEST(SyncEdit, ACountNoSyncWroteIsReplacedAndSaid) {
  const std::string bib =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  year = "
      "{2021},\n  citations = {999}\n}\n";
  const auto ws = works_of(
      response({{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 60}}));
  const sync::Plan plan = plan_of(bib, ws);
  ASSERT_EQ(plan.owner_counts.size(), 1u);
  EXPECT_EQ(plan.owner_counts[0].second, 999);
  EXPECT_NE(sync::apply(bib, plan.edits).find("citations = {60},"), std::string::npos);
}

TEST(SyncEdit, ABrokenEntryIsLeftAsItIsAndSaid) {
  const std::string bib =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  year = "
      "{2021\n"
      "@article{b,\n  title = {Another Long Enough Title},\n  author = {Hu, Qinghao},\n  year = "
      "{2021}\n}\n";
  const auto works = works_of(
      response({{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 1},
                {"W2", "", "Another Long Enough Title", 2021, {"Qinghao Hu"}, "article", 2}}));
  const sync::Plan plan = plan_of(bib, works);
  const std::string out = sync::apply(bib, plan.edits);
  EXPECT_EQ(out.substr(0, out.find("@article{b")), bib.substr(0, bib.find("@article{b")));
  EXPECT_NE(out.find("citations = {2}"), std::string::npos);
  bool said = false;
  for (const Diagnostic& d : plan.diagnostics)
    said = said || d.message.find("left as it is") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(SyncEdit, AddAppendsTheMissingWorksAsCleanEntriesThatReadBack) {
  const std::string bib =
      "@article{hu2021study,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  "
      "year = {2021}\n}\n";
  const std::vector<W> works = {
      {"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 1},
      {"W9",
       "10.1/new",
       "A Study of {Braces} & Things",
       2024,
       {"Qinghao Hu", "Ada Lovelace"},
       "article",
       4,
       "",
       "Nature",
       "journal"},
      {"W8",
       "10.48550/arxiv.2401.00001",
       "Hu 2021 Study",
       2021,
       {"Qinghao Hu"},
       "preprint",
       0,
       "",
       "arXiv (Cornell University)",
       "repository"}};
  const std::string out = synced(bib, works, true);
  const std::string without = synced(bib, works, false);
  EXPECT_EQ(out.compare(0, without.size(), without), 0);
  EXPECT_NE(out.find("% papershelf sync, 2026-11-27"), std::string::npos);
  const ReadResult r = read(out);
  for (const Diagnostic& d : r.diagnostics) ADD_FAILURE() << format_diagnostic(d);
  ASSERT_EQ(r.library.publications.size(), 3u);
  const Publication& nature = r.library.publications[1];
  EXPECT_EQ(nature.title.text, "A Study of {Braces} & Things");
  EXPECT_EQ(nature.venue.text, "Nature");
  EXPECT_EQ(nature.doi(), "10.1/new");
  EXPECT_EQ(nature.citations(), 4);
  EXPECT_EQ(nature.type, PubType::Journal);
  const Publication& preprint = r.library.publications[2];
  EXPECT_EQ(preprint.type, PubType::Preprint);
  EXPECT_EQ(preprint.arxiv(), "2401.00001");
  EXPECT_NE(preprint.key, "hu2021study");  // keys stay unique
  // Synced again, nothing changes.
  EXPECT_TRUE(plan_of(out, works_of(response(works)), true).edits.empty());
}

TEST(SyncEdit, TheDiffShowsEachChangedLine) {
  const std::string bib =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n  year = "
      "{2021}\n}\n";
  const auto ws = works_of(
      response({{"W1", "", "A Long Enough Title Here", 2021, {"Qinghao Hu"}, "article", 5}}));
  const std::string diff = sync::unified_diff(bib, plan_of(bib, ws).edits, "papers.bib");
  EXPECT_EQ(diff,
            "--- papers.bib\n+++ papers.bib\n@@ -2,4 +2,7 @@\n   title = {A Long Enough Title "
            "Here},\n   author = {Hu, Qinghao},\n"
            "-  year = {2021}\n+  year = {2021},\n+  openalex = {W1},\n+  citations = {5},\n+  "
            "citations_updated = {2026-11-27}\n }\n");
}

// --- The whole corpus: a synthetic response from each file's own entries, synced; the file's
// bytes outside the written fields stay as they were, and a second sync changes nothing. ---

std::vector<std::string> corpus_files() {
  std::vector<std::string> files;
  for (const std::string& dir :
       {testing::shared_dir() + "/corpus", testing::shared_dir() + "/corpus/realworld"})
    for (const std::string& f : testing::list_files(dir, ".bib")) files.push_back(f);
  return files;
}

TEST(SyncCorpus, EveryFileRoundTripsByteForByteApartFromTheWrittenFields) {
  if (testing::shared_dir().empty()) GTEST_SKIP() << "../shared/corpus is absent";
  const std::vector<std::string> files = corpus_files();
  ASSERT_GE(files.size(), 20u);
  std::size_t entries = 0, matched = 0;
  for (const std::string& path : files) {
    const std::string bib = testing::read_file(path);
    ReadOptions o;
    o.format = Format::BibTeX;
    const ReadResult r = read(bib, o);
    // The works: one per entry, as OpenAlex would describe them (fuzz_sync's too).
    const std::vector<sync::Work> works = works_of(fuzz::works_of_records(r.library));
    const sync::Plan plan = plan_of(bib, works);
    const std::string out = sync::apply(bib, plan.edits);
    // The bytes outside the edits are the file's own, in order.
    std::size_t at = 0, at_out = 0;
    for (const sync::Edit& e : plan.edits) {
      ASSERT_GE(e.offset, at) << path;
      ASSERT_EQ(out.compare(at_out, e.offset - at, bib, at, e.offset - at), 0)
          << path << " before offset " << e.offset;
      at_out += e.offset - at + e.inserted.size();
      at = e.offset + e.removed;
      // What an edit writes is a field's value or whole fields, never anything else.
      if (e.removed == 0 && e.offset != bib.size()) {
        std::string lower = e.inserted;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        EXPECT_NE(lower.find("openalex"), std::string::npos) << path << ": " << e.inserted;
      }
    }
    ASSERT_EQ(out.compare(at_out, std::string::npos, bib, at, std::string::npos), 0) << path;
    // Read back: every record kept, no new problem, each matched one carries its count.
    const ReadResult back = read(out, o);
    ASSERT_EQ(back.library.publications.size(), r.library.publications.size()) << path;
    std::size_t errors_before = 0, errors_after = 0;
    for (const Diagnostic& d : r.diagnostics) errors_before += d.severity != Severity::Note;
    for (const Diagnostic& d : back.diagnostics) errors_after += d.severity != Severity::Note;
    EXPECT_EQ(errors_after, errors_before) << path;
    for (const sync::Decision& d : plan.decisions) {
      ++entries;
      if (d.work < 0) continue;
      ++matched;
      const Publication& p = back.library.publications[d.entry];
      bool left = false;
      for (const Diagnostic& diag : plan.diagnostics)
        left = left || diag.message.find("'" + p.key + "' matches") != std::string::npos;
      if (left) continue;
      EXPECT_EQ(p.citations(), works[d.work].cited_by_count) << path << " " << p.key;
    }
    // A second sync finds nothing to do.
    EXPECT_TRUE(plan_of(out, works).edits.empty()) << path;
  }
  std::printf("%zu files, %zu entries, %zu matched to their synthetic work\n", files.size(),
              entries, matched);
  EXPECT_GE(matched * 100, entries * 95);
}

// What the sync writes reaches the visitor: each entry's count in the list, the total, the
// h-index and the date of the counts on the card.
TEST(SyncShown, TheCountsAndTheirDateReachTheListAndTheCard) {
  const std::string bib = testing::read_file(testing::fixtures_dir() + "/openalex/mearman.bib");
  const std::vector<sync::Work> works =
      works_of(testing::read_file(testing::fixtures_dir() + "/openalex/mearman-A5017898742.json"));
  sync::Options o;
  o.date = "2026-11-20";
  const std::string synced_once = sync::apply(bib, sync::plan(bib, "mearman.bib", works, o).edits);
  ReadResult r = read(synced_once);
  // One count changes a week later: only that entry's date moves, and the card says the latest.
  ASSERT_GT(r.library.publications.size(), 1u);
  const std::string later = std::regex_replace(
      synced_once, std::regex("citations = \\{28\\},\n  citations_updated = \\{2026-11-20\\}"),
      "citations = {30},\n  citations_updated = {2026-11-27}");
  ASSERT_NE(later, synced_once);
  Catalog catalog(read(later).library);
  const Stats stats = catalog.stats("Joseph Mearman");
  ASSERT_TRUE(stats.citations);
  EXPECT_EQ(stats.citations->updated, "2026-11-27");
  EXPECT_EQ(stats.citations->total, 30 + 2 + 0 + 0 + 10 + 1 + 0);
  const std::string card = format_profile_html(catalog.library().profile, stats, {});
  EXPECT_NE(card.find("<p class=\"ps-stat-updated\">Citation counts from OpenAlex as of <time "
                      "datetime=\"2026-11-27\">2026-11-27</time></p>"),
            std::string::npos)
      << card;
  // In German, the date as German readers write it.
  ProfileCardOptions german;
  const Words de =
      read_words(testing::read_file(std::string(PAPERSHELF_LANGUAGES) + "/de.json"), "de");
  german.words = &de;
  EXPECT_NE(
      format_profile_html(catalog.library().profile, stats, german)
          .find("Zitationen aus OpenAlex, Stand <time datetime=\"2026-11-27\">27.11.2026</time>"),
      std::string::npos);
  EXPECT_TRUE(
      std::regex_search(format_stats_json(stats), std::regex(R"("updated":\s*"2026-11-27")")));
  Query q;
  q.sort = *parse_sort("citations-desc");
  const std::string list = format_html(catalog.library(), catalog.query(q, "Joseph Mearman"), {});
  EXPECT_NE(list.find("<span class=\"ps-cited\">30 citations</span>"), std::string::npos);
  EXPECT_LT(list.find("30 citations"), list.find("10 citations"));  // "Most cited" first
  EXPECT_EQ(list.find(">0 citations<"), std::string::npos);         // a count of 0 is not shown
  // A date that is not one is not shown.
  Catalog odd(
      read("@article{a, title={T}, year={2020}, citations={3}, citations_updated={last week}}")
          .library);
  ASSERT_TRUE(odd.stats().citations);
  EXPECT_FALSE(odd.stats().citations->updated);
}

}  // namespace
}  // namespace papershelf
