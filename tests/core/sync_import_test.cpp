// papershelf import: an author's works, or a DBLP file, as one entry per paper.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "fixtures.hpp"
#include "papershelf/export.hpp"
#include "papershelf/read.hpp"
#include "papershelf/sync.hpp"
#include "sync_helpers.hpp"

namespace papershelf {
namespace {

using namespace sync_testing;

// --- papershelf import: one entry per paper ---

// The ids of a paper's records.
std::set<std::string> record_ids(const sync::Paper& p, const std::vector<sync::Work>& works) {
  std::set<std::string> out;
  for (const std::uint32_t k : p.records) out.insert(works[k].id);
  return out;
}

TEST(SyncImport, RecordedAuthorsWorksAreEachInOnePaperWithPreprintsMergedIntoTheirPublications) {
  for (const char* name : {"priem-A5023888391-page1.json", "mearman-A5017898742.json"}) {
    SCOPED_TRACE(name);
    const std::vector<sync::Work> works =
        works_of(testing::read_file(testing::fixtures_dir() + "/openalex/" + name));
    const std::vector<sync::Paper> papers = sync::one_per_paper(works, {});
    // Every work in exactly one paper, the paper's own record first.
    std::map<std::string, int> seen;
    for (const sync::Paper& p : papers) {
      ASSERT_FALSE(p.records.empty());
      EXPECT_EQ(works[p.records.front()].id, p.work.id);
      for (const std::uint32_t k : p.records) ++seen[works[k].id];
    }
    EXPECT_EQ(seen.size(), works.size());
    for (const auto& [id, n] : seen) EXPECT_EQ(n, 1) << id;
    // The entries read back without a problem, each once, newest first.
    std::unordered_set<std::string> keys;
    std::string bib;
    for (const Publication& p : sync::import_entries(papers, {"2026-11-27", false, false}, keys))
      bib += format_bibtex(p) + "\n";
    ReadOptions o;
    o.format = Format::BibTeX;
    const ReadResult r = read(bib, o);
    EXPECT_TRUE(r.diagnostics.empty())
        << (r.diagnostics.empty() ? "" : format_diagnostic(r.diagnostics[0]));
    ASSERT_EQ(r.library.publications.size(), papers.size());
    for (std::size_t i = 1; i < papers.size(); ++i)
      EXPECT_GE(papers[i - 1].work.year, papers[i].work.year);
  }
  // Mearman: the arXiv preprint (W3188841554) is its CGVC paper's (W3187234764), which keeps the
  // arXiv id; Priem: The state of OA's two PeerJ preprint records are its article's.
  const std::vector<sync::Work> mearman =
      works_of(testing::read_file(testing::fixtures_dir() + "/openalex/mearman-A5017898742.json"));
  const std::vector<sync::Paper> m = sync::one_per_paper(mearman, {});
  EXPECT_EQ(m.size(), mearman.size() - 1);
  const auto cgvc = std::find_if(m.begin(), m.end(),
                                 [](const sync::Paper& p) { return p.work.id == "W3187234764"; });
  ASSERT_NE(cgvc, m.end());
  EXPECT_EQ(record_ids(*cgvc, mearman), (std::set<std::string>{"W3187234764", "W3188841554"}));
  EXPECT_EQ(cgvc->work.arxiv, "2108.04680");
  const std::vector<sync::Work> priem = works_of(
      testing::read_file(testing::fixtures_dir() + "/openalex/priem-A5023888391-page1.json"));
  const std::vector<sync::Paper> p = sync::one_per_paper(priem, {});
  const auto oa = std::find_if(p.begin(), p.end(),
                               [](const sync::Paper& x) { return x.work.id == "W2741809807"; });
  ASSERT_NE(oa, p.end());
  EXPECT_TRUE(record_ids(*oa, priem).count("W4235038322"));
  EXPECT_TRUE(record_ids(*oa, priem).count("W4245410681"));
  // Every entry of priem.bib a person matched to a work names a work that is in one paper, and
  // two entries the person kept apart are never one paper unless OpenAlex has them as versions.
  const std::string bib = testing::read_file(testing::fixtures_dir() + "/openalex/priem.bib");
  std::map<std::string, std::size_t> paper_of;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (const std::uint32_t k : p[i].records) paper_of[priem[k].id] = i;
  const std::regex expect_field(R"(expect\s*=\s*\{(W\d+)\})");
  std::size_t expected = 0;
  for (std::sregex_iterator it(bib.begin(), bib.end(), expect_field), end; it != end;
       ++it, ++expected)
    EXPECT_TRUE(paper_of.count((*it)[1].str())) << (*it)[1].str();
  EXPECT_GT(expected, 20u);
}

TEST(SyncImport, KeysAreTheSameEveryRunWhateverTheOrderOrTheWorksAdded) {
  const std::vector<sync::Work> works = works_of(
      testing::read_file(testing::fixtures_dir() + "/openalex/priem-A5023888391-page1.json"));
  const auto keys_by_id = [](std::vector<sync::Work> ws) {
    std::unordered_set<std::string> keys;
    const std::vector<sync::Paper> papers = sync::one_per_paper(ws, {});
    const std::vector<Publication> entries = sync::import_entries(papers, {}, keys);
    std::map<std::string, std::string> out;
    for (std::size_t i = 0; i < papers.size(); ++i) out[papers[i].work.id] = entries[i].key;
    return out;
  };
  const auto first = keys_by_id(works);
  std::vector<sync::Work> reversed(works.rbegin(), works.rend());
  EXPECT_EQ(keys_by_id(reversed), first);
  // A new work (a later id) leaves every key as it was.
  std::vector<sync::Work> more = works;
  sync::Work later = works.front();
  later.id = "W9999999999";
  later.doi = "10.5555/new";
  later.title = works.front().title + " revisited";
  more.push_back(later);
  const auto after = keys_by_id(more);
  for (const auto& [id, key] : first) EXPECT_EQ(after.at(id), key) << id;
}

TEST(SyncImport, SinceAndExcludeLeaveOutPapersByAnyOfTheirRecords) {
  const std::vector<sync::Work> works =
      works_of(testing::read_file(testing::fixtures_dir() + "/openalex/mearman-A5017898742.json"));
  sync::ImportOptions o;
  o.since = 2016;
  for (const sync::Paper& p : sync::one_per_paper(works, o)) EXPECT_GE(p.work.year, 2016);
  EXPECT_EQ(sync::one_per_paper(works, o).size(), 4u);  // (2021, 2019, 2017, 2016)
  // The preprint's arXiv id names the paper (its CGVC record is left out too); so do a DOI and an
  // id.
  o = {};
  o.exclude = {"arXiv:2108.04680v2", "https://doi.org/10.1145/2795233",
               "https://openalex.org/W2241997964"};
  const std::vector<sync::Paper> left = sync::one_per_paper(works, o);
  EXPECT_EQ(left.size(), works.size() - 1 - 3);
  for (const sync::Paper& p : left)
    EXPECT_TRUE(p.work.id != "W3187234764" && p.work.doi != "10.1145/2795233" &&
                p.work.id != "W2241997964")
        << p.work.id;
}

TEST(SyncImport, ADblpFileIsOneEntryPerPaperWithThePreprintsArxivId) {
  ReadOptions ro;
  ro.format = Format::BibTeX;
  const ReadResult r =
      read(testing::read_file(testing::fixtures_dir() + "/openalex/dblp-mearman.bib"), ro);
  ASSERT_EQ(r.library.publications.size(), 3u);
  std::vector<sync::Work> works;
  for (const Publication& p : r.library.publications) works.push_back(sync::work_of(p));
  EXPECT_TRUE(works[0].preprint());
  EXPECT_FALSE(works[1].preprint());
  const std::vector<sync::Paper> papers = sync::one_per_paper(works, {});
  ASSERT_EQ(papers.size(), 2u);
  EXPECT_EQ(papers[0].records,
            (std::vector<std::uint32_t>{1, 0}));  // the CGVC paper, then its CoRR record
  EXPECT_EQ(papers[0].work.arxiv, "2108.04680");
  EXPECT_EQ(papers[1].records, (std::vector<std::uint32_t>{2}));
  // An older DBLP export's CoRR record names arXiv by its address only.
  const ReadResult older = read(
      R"(@article{DBLP:journals/corr/RitsosMR17, author = {Panagiotis D. Ritsos and Joseph W. Mearman}, title = {Synthetic Visualizations in Web-based Mixed Reality},
  journal = {CoRR}, volume = {abs/1710.00001}, year = {2017}, url = {http://arxiv.org/abs/1710.00001v2}})",
      ro);
  ASSERT_EQ(older.library.publications.size(), 1u);
  works.push_back(sync::work_of(older.library.publications[0]));
  EXPECT_EQ(works.back().arxiv, "1710.00001");
  const std::vector<sync::Paper> three = sync::one_per_paper(works, {});
  ASSERT_EQ(three.size(), 2u);
  EXPECT_EQ(three[1].work.arxiv, "1710.00001");
}

}  // namespace
}  // namespace papershelf
