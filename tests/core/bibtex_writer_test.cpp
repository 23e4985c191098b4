// format_bibtex: output reads back to an equal model; omit_fields matches whole
// names only.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "papershelf/export.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

// Everything except where the record came from must survive the round trip.
void expect_same(const Publication& a, const Publication& b, const std::string& bib) {
  EXPECT_EQ(a.key, b.key) << bib;
  EXPECT_EQ(a.type, b.type) << bib;
  EXPECT_EQ(a.source_type, b.source_type) << bib;
  EXPECT_EQ(a.title, b.title) << bib;
  EXPECT_EQ(a.authors, b.authors) << bib;
  EXPECT_EQ(a.others, b.others) << bib;
  EXPECT_EQ(a.editors(), b.editors()) << bib;
  EXPECT_EQ(a.date, b.date) << bib;
  EXPECT_EQ(a.venue, b.venue) << bib;
  EXPECT_EQ(static_cast<int>(a.venue_field), static_cast<int>(b.venue_field)) << bib;
  EXPECT_EQ(a.badge(), b.badge()) << bib;
  EXPECT_EQ(a.status, b.status) << bib;
  EXPECT_EQ(a.selected, b.selected) << bib;
  EXPECT_EQ(a.award(), b.award()) << bib;
  EXPECT_EQ(a.award_label(), b.award_label()) << bib;
  EXPECT_EQ(a.note(), b.note()) << bib;
  EXPECT_EQ(a.abstract(), b.abstract()) << bib;
  EXPECT_EQ(a.links, b.links) << bib;
  EXPECT_EQ(a.doi(), b.doi()) << bib;
  EXPECT_EQ(a.arxiv(), b.arxiv()) << bib;
  EXPECT_EQ(a.tags(), b.tags()) << bib;
  EXPECT_EQ(a.thumbnail(), b.thumbnail()) << bib;
  EXPECT_EQ(a.citations(), b.citations()) << bib;
  EXPECT_EQ(a.extra, b.extra) << bib;
}

void expect_round_trip(const std::string& text, const std::string& name) {
  ReadOptions o;
  o.source_name = name;
  const ReadResult first = read_bibtex(text, o);
  for (const Publication& p : first.library.publications) {
    const std::string bib = format_bibtex(p);
    const ReadResult again = read_bibtex(bib, o);
    // Warnings are fine here: a lone entry's crossref parent is not in its
    // output.
    for (const Diagnostic& d : again.diagnostics)
      EXPECT_NE(d.severity, Severity::Error) << name << "\n" << bib << format_diagnostic(d);
    ASSERT_EQ(again.library.publications.size(), 1u) << bib;
    expect_same(p, again.library.publications[0], name + "\n" + bib);
  }
}

TEST(BibtexWriter, RoundTripsFixtures) {
  for (const char* dir : {"/valid", "/invalid"})
    for (const std::string& path : testing::list_files(testing::fixtures_dir() + dir, ".bib"))
      expect_round_trip(testing::read_file(path), path);
}

TEST(BibtexWriter, RoundTripsCorpus) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared/corpus is absent";
  for (const std::string& path : testing::list_files(shared + "/corpus", ".bib"))
    expect_round_trip(testing::read_file(path), path);
}

TEST(BibtexWriter, RoundTripsStatusesNotInferredFromFields) {
  Publication p;
  p.key = "k";
  p.source_type = "paper-conference";  // from CSL-JSON: not a BibTeX type
  p.type = PubType::Conference;
  p.status = Status::Submitted;
  p.title = "T";
  p.date = {2024, 2, 9};
  p.authors.push_back(Person{"A.", "Vera Pérez", "", "", "", "*"});
  p.authors.push_back(Person{"", "", "", "", "Org & Co", ""});
  const std::string bib = format_bibtex(p);
  const ReadResult r = read_bibtex(bib, {});
  ASSERT_EQ(r.library.publications.size(), 1u) << bib;
  const Publication& q = r.library.publications[0];
  EXPECT_EQ(q.type, PubType::Conference) << bib;
  EXPECT_EQ(q.status, Status::Submitted) << bib;
  EXPECT_EQ(q.authors, p.authors) << bib;
  EXPECT_EQ(q.date, p.date) << bib;
}

// A visitor who copies an entry dated to the day pastes it into classic BibTeX too, which reads
// no `date`: the year and month are there as BibTeX has them, the day beside them.
TEST(BibtexWriter, ADayKeepsTheYearAndMonthBibtexReads) {
  const ReadResult r = read_bibtex(
      "@article{k, title = {T}, journal = {J}, year = {2026}, month = {7}, day = {9}}\n"
      "@article{b, title = {B}, journal = {J}, date = {2025-03-14}}\n",
      {});
  ASSERT_EQ(r.library.publications.size(), 2u);
  for (const Publication& p : r.library.publications) {
    BibtexOptions visitors;
    visitors.for_visitors = true;
    const std::string bib = format_bibtex(p, visitors);
    EXPECT_NE(bib.find("year = {" + std::to_string(p.date.year) + "}"), std::string::npos) << bib;
    EXPECT_NE(bib.find("month = "), std::string::npos) << bib;
    EXPECT_NE(bib.find("day = {" + std::to_string(p.date.day) + "}"), std::string::npos) << bib;
    EXPECT_EQ(bib.find("date = "), std::string::npos) << bib;
    const ReadResult back = read_bibtex(bib, {});
    ASSERT_EQ(back.library.publications.size(), 1u) << bib;
    EXPECT_EQ(back.library.publications[0].date, p.date) << bib;
  }
}

TEST(BibtexWriter, OmitFieldsByExactNameOnly) {
  const ReadResult r = read_bibtex(
      "@misc{k, title = {Source code matters}, "
      "code = {https://c}, bibtex_show = {true},"
      " abbr = {X}}",
      {});
  BibtexOptions options;
  options.omit_fields = {"Bibtex_Show", "abbr", "cod"};
  const std::string bib = format_bibtex(r.library.publications.at(0), options);
  EXPECT_EQ(bib.find("bibtex_show"), std::string::npos) << bib;
  EXPECT_EQ(bib.find("abbr"), std::string::npos) << bib;
  EXPECT_NE(bib.find("Source code matters"), std::string::npos) << bib;
  EXPECT_NE(bib.find("code = {https://c}"), std::string::npos) << bib;
}

// What a visitor copies: valid BibTeX that reads back to the same record, without the markers
// in names and without the owner's own fields, for every entry of every real file.
TEST(BibtexWriter, VisitorsGetCleanBibtexOfTheSameRecord) {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) GTEST_SKIP() << "../shared/corpus is absent";
  BibtexOptions visitors;
  visitors.for_visitors = true;
  std::size_t entries = 0, with_marks = 0;
  for (const std::string& path : testing::list_files(shared + "/corpus/realworld", ".bib")) {
    const ReadResult first = read_bibtex(testing::read_file(path), {});
    for (const Publication& p : first.library.publications) {
      const std::string bib = format_bibtex(p, visitors);
      const ReadResult again = read_bibtex(bib, {});
      for (const Diagnostic& d : again.diagnostics)
        EXPECT_NE(d.severity, Severity::Error) << path << "\n" << bib << format_diagnostic(d);
      ASSERT_EQ(again.library.publications.size(), 1u) << bib;
      const Publication& q = again.library.publications[0];
      EXPECT_EQ(q.key, p.key);
      EXPECT_EQ(q.title, p.title) << bib;
      EXPECT_EQ(q.venue, p.venue) << bib;
      EXPECT_EQ(q.date, p.date) << bib;
      EXPECT_EQ(q.doi(), p.doi()) << bib;
      EXPECT_EQ(q.arxiv(), p.arxiv()) << bib;
      EXPECT_EQ(q.type, p.type) << bib;
      ASSERT_EQ(q.authors.size(), p.authors.size()) << bib;
      for (std::size_t i = 0; i < p.authors.size(); ++i) {
        EXPECT_EQ(q.authors[i].family(), p.authors[i].family()) << bib;
        EXPECT_EQ(q.authors[i].given(), p.authors[i].given()) << bib;
        EXPECT_TRUE(q.authors[i].marks().empty()) << bib;
        with_marks += !p.authors[i].marks().empty();
      }
      EXPECT_TRUE(q.badge().empty() && !q.selected && q.award().empty() && q.thumbnail().empty())
          << bib;
      const auto& kept = visitor_bibtex_fields();
      for (const ExtraField& f : q.extra)
        EXPECT_NE(std::find(kept.begin(), kept.end(), f.name), kept.end()) << f.name << "\n" << bib;
      for (const char* owners : {"file", "abbr", "selected", "bibtex_show", "google_scholar_id",
                                 "keywords", "annotation"})
        EXPECT_EQ(bib.find(std::string("\n  ") + owners + " = "), std::string::npos) << bib;
      for (const Link& l : q.links)
        EXPECT_TRUE(l.label == "url" || l.label == "doi" || l.label == "arxiv") << bib;
      ++entries;
    }
  }
  EXPECT_GT(entries, 1000u);
  EXPECT_GT(with_marks, 5u);  // (the corpus has markers to take out)
}

// Every type, written as BibTeX and as CSL-JSON, reads back as itself: the entry type and the CSL
// type each writer picks for it name it for the readers too.
TEST(EveryType, ReadsBackAsItselfFromBibtexAndCslJson) {
  for (int i = 0; i < kPubTypeCount; ++i) {
    Publication p;
    p.key = "work";
    p.title = RichText("A work of its type");
    p.authors.emplace_back("Ada", "Lovelace");
    p.date.year = 2020;
    p.type = static_cast<PubType>(i);
    p.status = p.type == PubType::Preprint ? Status::Preprint : Status::Published;
    const std::string bib = format_bibtex(p);
    const ReadResult from_bibtex = read_bibtex(bib, {});
    ASSERT_EQ(from_bibtex.library.publications.size(), 1u) << bib;
    EXPECT_EQ(from_bibtex.library.publications[0].type, p.type) << bib;
    const std::string csl = "[" + format_csl_json(p) + "]";
    const ReadResult from_csl = read_csl_json(csl, {});
    ASSERT_EQ(from_csl.library.publications.size(), 1u) << csl;
    EXPECT_EQ(from_csl.library.publications[0].type, p.type) << csl;
  }
}

}  // namespace
}  // namespace papershelf
