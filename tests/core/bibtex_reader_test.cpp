// read_bibtex: syntax, macros, inheritance, field mapping, status/type
// inference and recovery. Line:column expectations for the data-driven fixtures
// live in tests/fixtures/*/NAME.expect.
#include <gtest/gtest.h>

#include <algorithm>

#include "papershelf/read.hpp"

namespace papershelf {
namespace {

ReadResult read(std::string_view text) {
  ReadOptions o;
  o.source_name = "t.bib";
  return read_bibtex(text, o);
}

std::string positions(const ReadResult& r) {
  std::string out;
  for (const Diagnostic& d : r.diagnostics)
    out += std::string(to_string(d.severity)) + " " + std::to_string(d.line) + ":" +
           std::to_string(d.column) + "; ";
  return out;
}

const Link* link(const Publication& p, std::string_view label) {
  for (const Link& l : p.links)
    if (l.label == label) return &l;
  return nullptr;
}

// What real files say of preprints without saying "preprint": a preprint server's DOI, a server as
// the publisher, a misspelt "to be published"; a talk dated by its event; a web address kept in
// howpublished beside a DOI.
// NASA ADS writes an e-print's identifier as its pages ("pages = {arXiv:2508.03807}"): that names
// the paper, not pages, so no citation says "p. arXiv:2508.03807"; a page range stays one.
TEST(BibtexReader, AnArxivIdentifierInPagesIsTheRecordsIdNotItsPages) {
  const ReadResult r = read(R"(
@ARTICLE{ads, author = {{Lu}, Wenbin}, title = "{A Radio Flare}", journal = {arXiv e-prints}, year = 2025,
  eid = {arXiv:2508.03807}, pages = {arXiv:2508.03807}, eprint = {2508.03807}, archivePrefix = {arXiv}}
@ARTICLE{noeprint, author = {{Lu}, Wenbin}, title = "{Another}", journal = {arXiv e-prints}, year = 2024, pages = {arXiv:2401.01234}}
@ARTICLE{paged, author = {{Lu}, Wenbin}, title = "{A Journal Paper}", journal = {MNRAS}, year = 2021, volume = 503, pages = {603-614}}
)");
  ASSERT_EQ(r.library.publications.size(), 3u);
  const auto& p = r.library.publications;
  EXPECT_EQ(p[0].arxiv(), "2508.03807");
  EXPECT_EQ(p[0].extra_field("pages"), nullptr);
  EXPECT_EQ(p[1].arxiv(), "2401.01234");
  EXPECT_EQ(p[1].extra_field("pages"), nullptr);
  ASSERT_NE(p[2].extra_field("pages"), nullptr);
  EXPECT_EQ(*p[2].extra_field("pages"), "603-614");
}

TEST(BibtexReader, PreprintsByTheirDoiOrServerAndDatesAndLinksFromOtherFields) {
  const ReadResult r = read(R"(
@article{arxivdoi, title = {Toolformer}, author = {Schick, Timo}, year = 2023, doi = {10.48550/arXiv.2302.04761}}
@misc{osf, title = {Helping}, author = {Thieme, A.}, year = 2024, publisher = {Open Science Framework}, doi = {10.31219/osf.io/v2bxp}}
@article{ssrn, title = {Privacy}, author = {Solove, D.}, year = 2023, doi = {10.2139/ssrn.4333743}}
@article{biorxiv, title = {Cells}, author = {Doe, J.}, year = 2020, doi = {10.1101/2020.03.02.972935}}
@article{journal, title = {Genomes}, author = {Doe, J.}, year = 2020, journal = {Genome Research}, doi = {10.1101/gr.123.1}}
@article{misspelt, title = {Coupling}, author = {Imperiale, A.}, year = 2018, journal = {to be publised in Journal of Computational Acoustics}}
@course{course, title = {Einstein for Everyone}, author = {Smeenk, Chris}, eventdate = {2022}}
@misc{web, title = {Sparse Features}, author = {Hohman, F.}, year = 2024, doi = {10.1000/x}, howpublished = {https://arxiv.org/abs/2404.03085v1}}
@article{osfshort, title = {Integrity}, author = {Dingemanse, Mark}, year = 2024, publisher = {OSF}, doi = {10.31219/osf.io/2c48n}}
@misc{page, title = {SaulLM-7B}, howpublished = {https://arxiv.org/html/2403.03883v1}}
@unpublished{talk, title = {Creative spatial thinking}, author = {Harmon, Brendan}, year = 2016, note = {AAG Annual Meeting 2016}, keywords = {presentation}}
@unpublished{draft, title = {A Draft}, author = {Harmon, Brendan}, year = 2016, keywords = {GIS}}
)");
  ASSERT_EQ(r.library.publications.size(), 12u);
  const auto& p = r.library.publications;
  EXPECT_EQ(p[0].status, Status::Preprint);
  EXPECT_EQ(p[0].type, PubType::Preprint);
  EXPECT_EQ(p[0].arxiv(), "2302.04761");
  ASSERT_NE(link(p[0], "arxiv"), nullptr);
  EXPECT_EQ(p[1].status, Status::Preprint);
  EXPECT_EQ(p[2].status, Status::Preprint);
  EXPECT_EQ(p[3].status, Status::Preprint);
  EXPECT_EQ(p[4].status,
            Status::Published);  // (Cold Spring Harbor's journals share bioRxiv's prefix)
  EXPECT_EQ(p[4].type, PubType::Journal);
  EXPECT_EQ(p[5].status, Status::Accepted);
  EXPECT_EQ(p[6].date.year, 2022);
  ASSERT_NE(link(p[7], "doi"), nullptr);
  ASSERT_NE(link(p[7], "url"), nullptr);
  EXPECT_EQ(link(p[7], "url")->url, "https://arxiv.org/abs/2404.03085v1");
  EXPECT_EQ(p[8].status, Status::Preprint);
  EXPECT_EQ(p[9].arxiv(), "2403.03883");  // (a web page on arxiv.org: that paper, of 2024)
  EXPECT_EQ(p[9].date.year, 2024);
  EXPECT_EQ(p[9].status, Status::Preprint);
  EXPECT_EQ(p[10].type, PubType::Talk);  // (a CV's talk, by its keyword)
  EXPECT_EQ(p[10].status, Status::Published);
  EXPECT_EQ(p[11].status, Status::Preprint);
}

// biblatex's @unpublished is "a manuscript or the script of a talk": kept with the place or the
// event it was given at (Zotero writes its presentations so: location, the meeting in the note),
// it is a talk given; a manuscript, or one with what a publication has (publisher, pages), or a
// preprint server's, is not.
TEST(BibtexReader, AnUnpublishedWorkGivenAtAnEventIsATalk) {
  const ReadResult r = read(R"(
@unpublished{zotero, location = {Köln}, title = {Stand des Reportings}, note = {Open-Access-Tage 2024}, author = {Barbers, Irene}, date = {2024}, doi = {10.5281/zenodo.13831942}}
@unpublished{event, title = {Posters}, author = {Doe, Jane}, eventtitle = {ICPS}, eventdate = {2023-03-09}}
@unpublished{venue, title = {Keynote}, author = {Doe, Jane}, venue = {Bruxelles}, year = 2023}
@unpublished{manuscript, title = {A Draft}, author = {Doe, Jane}, year = 2016, address = {Berlin}}
@unpublished{published, title = {Unmasked}, author = {Nam, H.}, year = 2020, publisher = {ACM}, location = {Online}, pages = {111--113}}
@unpublished{server, title = {On Arrows}, author = {Doe, Jane}, year = 2024, location = {Paris}, note = {arXiv preprint arXiv:2401.00001}}
)");
  ASSERT_EQ(r.library.publications.size(), 6u);
  const auto& p = r.library.publications;
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(p[k].type, PubType::Talk) << p[k].key;
    EXPECT_EQ(p[k].status, Status::Published) << p[k].key;
  }
  for (std::size_t k = 3; k < 6; ++k) EXPECT_NE(p[k].type, PubType::Talk) << p[k].key;
  EXPECT_EQ(p[3].type, PubType::Preprint);  // (an unpublished manuscript, as before)
}

TEST(BibtexReader, SyntaxVariants) {
  const ReadResult r = read(
      "\xEF\xBB\xBF---\nlayout: x\n---\r\n% comment @misc{no,}\r\n"
      "@comment{ @article{hidden, title={x}} }\r\n@preamble{ "
      "\"\\newcommand\" }\r\n"
      "@ARTICLE(a, TITLE = \"Quoted {Brace}\", Year = 2020,)\r\n"
      "@misc{b, title = {One}}@misc{c, title = {Two},\n}\n");
  EXPECT_EQ(positions(r), "");
  ASSERT_EQ(r.library.publications.size(), 3u);
  const Publication& a = r.library.publications[0];
  EXPECT_EQ(a.key, "a");
  EXPECT_EQ(a.title.text, "Quoted Brace");
  EXPECT_EQ(a.date.year, 2020);
  EXPECT_EQ(a.source_type, "article");
  EXPECT_EQ(a.line, 7u);
  EXPECT_EQ(r.library.publications[1].line, 8u);
  EXPECT_EQ(r.library.publications[2].line, 8u);  // on the same line as the one before
  EXPECT_EQ(r.library.publications[2].order, 2u);
}

TEST(BibtexReader, RecordLinesMatchTheirEntries) {
  // Every record's line, over a file long enough for the line counting to run word by word,
  // with a duplicate key and a malformed entry in between (reported, so the line table is built
  // too).
  std::string text;
  std::vector<std::uint32_t> lines;
  std::uint32_t line = 1;
  for (int i = 0; i < 200; ++i) {
    // (Once, thousands of blank lines: the line counting must not overflow anywhere.)
    const std::string pad(static_cast<std::size_t>(i == 99 ? 5000 : i % 13), '\n');
    text += pad;
    line += static_cast<std::uint32_t>(pad.size());
    if (i == 50) {
      text += "@misc{k10, title = {again}}\n";  // duplicate: kept as k10-2
      lines.push_back(line++);
    }
    if (i == 120) {
      text += "@misc{broken title = {x}}\n";  // missing comma: reported, and read on
      lines.push_back(line++);
    }
    lines.push_back(line);
    text += "@misc{k" + std::to_string(i) + ",\r\n  title = {T" + std::to_string(i) + "},\n";
    line += 2;
    if (i % 40 == 7) {  // a long abstract: many kilobytes and lines from one record to the next
      text += "  abstract = {";
      for (int l = 0; l < 300 + i; ++l)
        text += "Some words of the abstract " + std::to_string(l) + "\n";
      text += "},\n";
      line += 301 + static_cast<std::uint32_t>(i);
    }
    text += "}\n";
    line += 1;
  }
  const ReadResult r = read(text);
  ASSERT_EQ(r.library.publications.size(), lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    EXPECT_EQ(r.library.publications[i].line, lines[i]) << r.library.publications[i].key;
  EXPECT_FALSE(r.diagnostics.empty());
}

// Files without crossref or xdata are mapped entry by entry while the raw data is freed behind
// the reader; one crossref anywhere makes it resolve every entry first. Both must give the same
// records and diagnostics, over a file that spans many of the raw arrays' blocks, with macros
// defined at both ends, duplicates far apart, malformed entries and entries wide enough for a
// field index.
TEST(BibtexReader, StreamedAndInheritingReadsAgree) {
  std::string text = "@string{venue = {Symposium on Systems}}\n";
  for (int i = 0; i < 3000; ++i) {
    const std::string k = std::to_string(i);
    if (i % 700 == 350) text += "@misc{k" + std::to_string(i - 300) + ", title = {dup}}\n";
    if (i % 900 == 450) text += "@misc{broken" + k + " title = {x}}\n";  // missing comma
    text += "@inproceedings{k" + k + ",\n  title = {Title {GPU} " + k + " \\'e},\n" +
            "  author = {Garc{\\'\\i}a, Ana and Hu*, Q. and {Barnes and Noble}},\n" +
            "  booktitle = venue # { } # late,\n  year = " + std::to_string(1990 + i % 30) +
            ",\n  pdf = {p" + k + ".pdf},\n  pages = {1--" + k + "},\n";
    if (i % 1000 == 7)
      for (int f = 0; f < 70; ++f) text += "  x" + std::to_string(f) + " = {" + k + "},\n";
    text += "}\n";
  }
  text += "@string{late = {(Late)}}\n";
  const ReadResult streamed = read(text);
  const ReadResult inheriting = read(text + "@misc{child, crossref = {k5}}\n");
  // 3,000 entries, the three that lost their comma (reported, and read on as "broken...") and
  // the four duplicates (kept as "k50-2"...).
  const std::size_t count = streamed.library.publications.size();
  ASSERT_EQ(count, 3007u);
  ASSERT_EQ(inheriting.library.publications.size(), count + 1);
  std::size_t next = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const Publication& a = streamed.library.publications[i];
    const Publication& b = inheriting.library.publications[i];
    EXPECT_EQ(a.key, b.key);
    EXPECT_EQ(a.title, b.title);
    EXPECT_EQ(a.authors, b.authors);
    EXPECT_EQ(a.venue, b.venue);
    EXPECT_EQ(a.date, b.date);
    EXPECT_EQ(a.links, b.links);
    EXPECT_EQ(a.extra, b.extra);
    EXPECT_EQ(a.line, b.line);
    EXPECT_EQ(a.order, b.order);
    if (a.key.rfind("broken", 0) == 0) continue;
    if (a.key.find('-') != std::string::npos) {
      EXPECT_EQ(a.title.text, "dup") << a.key;
      continue;
    }
    const std::size_t k = next++;
    ASSERT_EQ(a.key, "k" + std::to_string(k));
    EXPECT_EQ(a.title.text, "Title GPU " + std::to_string(k) + " \xC3\xA9");
    ASSERT_EQ(a.authors.size(), 3u);
    EXPECT_EQ(a.authors[0].family(),
              "Garc\xC3\xAD"
              "a");
    EXPECT_EQ(a.authors[1].marks(), "*");
    EXPECT_EQ(a.authors[2].literal(), "Barnes and Noble");
    EXPECT_EQ(a.venue.text, "Symposium on Systems (Late)");
    EXPECT_EQ(a.extra.size(), k % 1000 == 7 ? 71u : 1u);
  }
  EXPECT_EQ(next, 3000u);
  EXPECT_EQ(inheriting.library.publications.back().venue.text, "Symposium on Systems (Late)");
  EXPECT_EQ(positions(streamed), positions(inheriting));
  ASSERT_EQ(streamed.diagnostics.size(), inheriting.diagnostics.size());
  std::size_t duplicates = 0;
  for (std::size_t i = 0; i < streamed.diagnostics.size(); ++i) {
    EXPECT_EQ(streamed.diagnostics[i].message, inheriting.diagnostics[i].message);
    duplicates += streamed.diagnostics[i].message.find("duplicate key") != std::string::npos;
  }
  EXPECT_EQ(duplicates, 4u);
  // The first of a duplicated key is named by its line, long after its raw entry was freed.
  const std::string first = "duplicate key 'k50' (also on line " +
                            std::to_string(streamed.library.publications[50].line) +
                            "): this entry is kept as 'k50-2'";
  EXPECT_TRUE(std::any_of(streamed.diagnostics.begin(), streamed.diagnostics.end(),
                          [&](const Diagnostic& d) { return d.message == first; }))
      << positions(streamed);
}

TEST(BibtexReader, MonthsInTheirSpellings) {
  struct Case {
    const char* value;
    int month, day;
  };
  const Case cases[] = {
      {"jan", 1, 0},      {"{January}", 1, 0}, {"\"FEB\"", 2, 0},      {"{Sept.}", 9, 0},
      {"{sept}", 9, 0},   {"{SeP}", 9, 0},     {"{July 30th}", 7, 30}, {"{30 July}", 7, 30},
      {"{2}", 2, 0},      {"12", 12, 0},       {"{13}", 0, 0},         {"{Spring}", 0, 0},
      {"{Januar}", 0, 0}, {"{mayday}", 0, 0},  {"{Decemberx}", 0, 0},  {"{ nov }", 11, 0},
  };
  for (const Case& c : cases) {
    const ReadResult r = read(std::string("@misc{k, month = ") + c.value + "}");
    ASSERT_EQ(r.library.publications.size(), 1u) << c.value;
    const Publication& p = r.library.publications[0];
    EXPECT_EQ(p.date.month, c.month) << c.value;
    EXPECT_EQ(p.date.day, c.day) << c.value;
    // A value that is not a month is kept as written.
    EXPECT_EQ(p.extra_field("month") != nullptr, c.month == 0) << c.value;
  }
}

TEST(BibtexReader, LinkValuesAreUnwrappedAndUnescaped) {
  const ReadResult r = read(
      "@misc{k, pdf = {\\url{https://x.org/a\\_b\\%20c}}, code = { {https://x.org/c\\#d} },\n"
      "  slides = {https://x.org/back\\\\slash\\x\\_}, video = {plain.mp4}, poster = { }}");
  const Publication& p = r.library.publications.at(0);
  ASSERT_NE(link(p, "pdf"), nullptr);
  EXPECT_EQ(link(p, "pdf")->url, "https://x.org/a_b%20c");
  EXPECT_EQ(link(p, "code")->url, "https://x.org/c#d");
  EXPECT_EQ(link(p, "slides")->url, "https://x.org/back\\\\slash\\x_");
  EXPECT_EQ(link(p, "video")->url, "plain.mp4");
}

TEST(BibtexReader, MacrosAndConcatenation) {
  const ReadResult r = read(
      "@string{foo = \"Foo\"}\n@STRING{bar = foo # { Bar}}\n"
      "@misc{k, title = bar # \" \" # baz, month = nov, note = "
      "later}\n@string{later = {Late}}\n");
  EXPECT_EQ(positions(r), "warning 3:30; ");
  const Publication& p = r.library.publications.at(0);
  EXPECT_EQ(p.title.text, "Foo Bar baz");
  EXPECT_EQ(p.date.month, 11);
  EXPECT_EQ(p.note().text, "Late");
}

TEST(BibtexReader, StringCycleIsReportedNotFatal) {
  const ReadResult r = read("@string{a = b}\n@string{b = a # {x}}\n@misc{k, title = a}\n");
  EXPECT_FALSE(has_errors(r.diagnostics));
  EXPECT_EQ(positions(r), "warning 2:13; ");
  EXPECT_EQ(r.library.publications.size(), 1u);
}

TEST(BibtexReader, AlFolioFields) {
  const ReadResult r = read(R"(@inproceedings{hu2024,
  abbr = {NSDI}, selected = {true}, award = {Best Paper Award}, award_name = {Best Paper},
  title = {Characterization of {LLM} Development},
  author = {Hu*†, Qinghao and Ye*, Zhisheng and Wang, Zerui},
  author+an = {2=corresponding},
  booktitle = {21st USENIX NSDI}, year = {2024}, month = apr,
  pdf = {hu2024.pdf}, code = {https://github.com/x/y}, url_slides = {s.pdf}, html = {https://h},
  arxiv = {2403.07648}, doi = {DOI: 10.1145/123.456}, preview = {hu.png},
  keywords = {LLM; clusters, systems}, citations = {42}, bibtex_show = {true},
  annotation = {* equal contribution<br>† corresponding author}
})");
  EXPECT_EQ(positions(r), "");
  const Publication& p = r.library.publications.at(0);
  EXPECT_EQ(p.type, PubType::Conference);
  EXPECT_EQ(p.status, Status::Published);
  EXPECT_EQ(p.badge(), "NSDI");
  EXPECT_TRUE(p.selected);
  EXPECT_EQ(p.award().text, "Best Paper Award");
  EXPECT_EQ(p.award_label(), "Best Paper");
  EXPECT_EQ(p.title.text, "Characterization of LLM Development");
  ASSERT_EQ(p.authors.size(), 3u);
  EXPECT_EQ(p.authors[0].marks(), "*†");
  EXPECT_EQ(p.authors[1].marks(), "*†");
  EXPECT_EQ(p.authors[2].marks(), "");
  EXPECT_EQ(p.venue.text, "21st USENIX NSDI");
  EXPECT_EQ(p.date.year, 2024);
  EXPECT_EQ(p.date.month, 4);
  EXPECT_EQ(p.doi(), "10.1145/123.456");
  EXPECT_EQ(p.arxiv(), "2403.07648");
  EXPECT_EQ(p.thumbnail(), "hu.png");
  EXPECT_EQ(p.tags(), (std::vector<std::string>{"LLM", "clusters", "systems"}));
  EXPECT_EQ(p.citations(), 42);
  ASSERT_NE(link(p, "pdf"), nullptr);
  EXPECT_EQ(link(p, "pdf")->url, "hu2024.pdf");
  EXPECT_EQ(link(p, "slides")->url, "s.pdf");
  EXPECT_EQ(link(p, "html")->url, "https://h");
  EXPECT_EQ(link(p, "arxiv")->url, "https://arxiv.org/abs/2403.07648");
  EXPECT_EQ(link(p, "doi")->url, "https://doi.org/10.1145/123.456");
  ASSERT_NE(p.extra_field("bibtex_show"), nullptr);
  EXPECT_NE(p.extra_field("annotation"), nullptr);
  const auto& legend = r.library.profile.legend;
  ASSERT_EQ(legend.size(), 2u);
  EXPECT_EQ(legend[1].symbol, "†");
  EXPECT_EQ(legend[1].meaning, "corresponding author");
}

TEST(BibtexReader, StatusAndTypeInference) {
  const ReadResult r = read(R"(
@article{a, title = {A}, journal = {J}}
@article{b, title = {B}, eprint = {2401.1}, archivePrefix = {arXiv}}
@misc{c, title = {C}, eprint = {2401.2}, eprinttype = {arxiv}}
@unpublished{d, title = {D}}
@inproceedings{e, title = {E}, abbr = {In Progress}}
@article{f, title = {F}, note = {Under review at TOCS}}
@article{g, title = {G}, pubstate = {forthcoming}, journal = {J}}
@misc{h, title = {H}}
@phdthesis{i, title = {I}, school = {S}}
@article{j, title = {J}, abbr = {Preprint}, journal = {arXiv preprint arXiv:1}}
)");
  EXPECT_EQ(positions(r), "");
  const auto& p = r.library.publications;
  ASSERT_EQ(p.size(), 10u);
  EXPECT_EQ(p[0].type, PubType::Journal);
  EXPECT_EQ(p[0].status, Status::Published);
  EXPECT_EQ(p[1].type, PubType::Preprint);
  EXPECT_EQ(p[1].status, Status::Preprint);
  EXPECT_EQ(p[1].arxiv(), "2401.1");
  EXPECT_EQ(p[2].type, PubType::Preprint);
  EXPECT_EQ(p[3].type, PubType::Preprint);
  EXPECT_EQ(p[3].status, Status::Preprint);
  EXPECT_EQ(p[4].type, PubType::Conference);
  EXPECT_EQ(p[4].status, Status::InPreparation);
  EXPECT_EQ(p[5].type, PubType::Journal);
  EXPECT_EQ(p[5].status, Status::Submitted);
  EXPECT_EQ(p[6].status, Status::Accepted);
  EXPECT_EQ(p[7].type, PubType::Misc);
  EXPECT_EQ(p[8].type, PubType::Thesis);
  EXPECT_EQ(p[8].venue.text, "S");
  EXPECT_EQ(p[9].type, PubType::Preprint);
}

TEST(BibtexReader, BiblatexDatesCrossrefXdataAndSets) {
  const ReadResult r = read(R"(
@set{s, entryset = {m1,m2}}
@inproceedings{m1, title = {Paper}, crossref = {proc}, date = {2021-03-04}}
@article{m2, title = {Art}, journaltitle = {Journal}, date = {2019-05/2020-01}, xdata = {pub}}
@proceedings{proc, title = {Proceedings of X}, year = {2021}, publisher = {P}}
@xdata{pub, publisher = {XPub}, location = {Here}}
@article{c1, crossref = {c2}, title = {C1}}
@article{c2, crossref = {c1}, title = {C2}}
)");
  EXPECT_EQ(positions(r), "warning 7:26; warning 8:26; ");
  const auto& p = r.library.publications;
  ASSERT_EQ(p.size(), 6u);  // @xdata lends fields but is not a record
  EXPECT_EQ(p[0].key, "s");
  EXPECT_NE(p[0].extra_field("entryset"), nullptr);
  EXPECT_EQ(p[1].venue.text, "Proceedings of X");
  EXPECT_EQ(p[1].date, (Date{2021, 3, 4}));
  ASSERT_NE(p[1].extra_field("publisher"), nullptr);
  EXPECT_EQ(p[2].date, (Date{2019, 5, 0}));
  EXPECT_EQ(p[2].venue.text, "Journal");
  ASSERT_NE(p[2].extra_field("location"), nullptr);
  EXPECT_EQ(*p[2].extra_field("date"), "2019-05/2020-01");
}

TEST(BibtexReader, CrossrefsNamedByMacrosAndParentsAnywhere) {
  // Entries are read one by one and only those named by others are kept: a parent before or
  // after its children, named through a macro or a concatenation, or through an undefined macro
  // (reported once, where it is written), across the raw arrays' blocks.
  std::string text =
      "@string{conf = {proc-}}\n@proceedings{proc-early, title = {Early}, year = 2019, crossref = "
      "{top}}\n";
  for (int i = 0; i < 9000; ++i) text += "@misc{filler" + std::to_string(i) + ", title = {F}}\n";
  text +=
      "@inproceedings{a, title = {A}, crossref = conf # {early}}\n"
      "@inproceedings{b, title = {B}, crossref = conf # {late}}\n"
      "@inproceedings{c, title = {C}, crossref = nowhere}\n"
      "@proceedings{proc-late, title = {Late}, year = 2021}\n"
      "@proceedings{top, title = {Top}, publisher = {Pub}}\n";
  const ReadResult r = read(text);
  ASSERT_EQ(r.library.publications.size(), 9006u);
  const auto find = [&](std::string_view key) {
    for (const Publication& p : r.library.publications)
      if (p.key == key) return &p;
    return static_cast<const Publication*>(nullptr);
  };
  ASSERT_NE(find("a"), nullptr);
  EXPECT_EQ(find("a")->venue.text, "Early");
  EXPECT_EQ(find("a")->date.year, 2019);
  ASSERT_NE(find("a")->extra_field("publisher"), nullptr);  // through proc-early's own crossref
  EXPECT_EQ(find("b")->venue.text, "Late");
  EXPECT_EQ(find("b")->date.year, 2021);
  EXPECT_TRUE(find("c")->venue.empty());
  EXPECT_EQ(find("proc-early")->venue.text, "Pub");  // (a proceedings' publisher is its venue)
  std::size_t undefined = 0, unmatched = 0;
  for (const Diagnostic& d : r.diagnostics) {
    undefined += d.message == "undefined macro 'nowhere' (its name is kept)";
    unmatched += d.message.find("crossref 'nowhere' does not match") == 0;
  }
  EXPECT_EQ(undefined, 1u) << positions(r);
  EXPECT_EQ(unmatched, 1u) << positions(r);
  EXPECT_EQ(r.diagnostics.size(), 2u) << positions(r);
}

TEST(BibtexReader, DuplicateKeysKeepEveryPaper) {
  // In a publication list a second entry under a used key is another paper: kept under the
  // first free derived key, reported; a crossref to the key finds the first.
  const ReadResult r = read(
      "@book{k, title={First}}\n@misc{k, title={Second}}\n@misc{k-2, title={Third}}\n"
      "@misc{k, title={Fourth}}\n@inbook{c, title={Part}, crossref={k}}\n");
  EXPECT_EQ(positions(r), "warning 2:7; warning 3:7; warning 4:7; ");
  std::vector<std::string> keys, titles;
  for (const auto& p : r.library.publications) {
    keys.push_back(p.key);
    titles.push_back(p.title.text);
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"k", "k-2", "k-2-2", "k-3", "c"}));
  EXPECT_EQ(titles, (std::vector<std::string>{"First", "Second", "Third", "Fourth", "Part"}));
  EXPECT_EQ(r.library.publications[4].venue.text, "First");
  EXPECT_EQ(r.diagnostics[0].message,
            "duplicate key 'k' (also on line 1): this entry is kept as 'k-2'");
}

TEST(BibtexReader, RecoveryKeepsEveryValidRecord) {
  const ReadResult r = read(
      "@misc{a, title = {Unclosed\n}\n\n@misc{b, title = {B}}\n"
      "@misc{c, title = {C} year = 2020}\n@misc{d, title = {D}\n@misc{e, "
      "title = \"E}\n"
      "@misc{f, title = {F}}\n");
  // (7:1: the entry whose title swallowed the rest has none, and lists leave it out.)
  EXPECT_EQ(positions(r), "error 1:1; error 5:21; error 6:1; warning 7:1; error 7:18; ");
  std::vector<std::string> keys;
  for (const auto& p : r.library.publications) keys.push_back(p.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "b", "c", "d", "e", "f"}));
  EXPECT_EQ(r.library.publications[2].date.year, 2020);
}

// What real files write that BibTeX silently ignores or misreads.
TEST(BibtexReader, AFieldNameThatMissesAuthorOrEditorIsReadAsItWithAWarning) {
  const ReadResult r = read(
      "@article{a, title={T}, authors={Doe, Jane and Roe, Rich}, year=2020}\n"
      "@book{b, title={B}, Editors={Poe, Edgar}}\n"
      "@article{c, title={C}, authors={Wrong, One}, author={Right, One}}\n");
  ASSERT_EQ(r.library.publications.size(), 3u);
  EXPECT_EQ(r.library.publications[0].authors.size(), 2u);
  EXPECT_EQ(r.library.publications[1].editors().size(), 1u);
  // An entry that writes the field itself keeps it, and the near miss as a field of its own.
  ASSERT_EQ(r.library.publications[2].authors.size(), 1u);
  EXPECT_EQ(r.library.publications[2].authors[0].family(), "Right");
  EXPECT_EQ(positions(r), "warning 1:24; warning 2:21; ");
  EXPECT_NE(r.diagnostics[0].message.find("'authors' is read as 'author'"), std::string::npos)
      << r.diagnostics[0].message;
}

TEST(BibtexReader, ACountOfOtherAuthorsIsEtAlNotAPerson) {
  for (const char* authors :
       {"Doe, Jane and {8 other authors}", "Doe, Jane and 12 more", "Doe, Jane and {and 3 others}",
        "Doe, Jane and {many more authors}"}) {
    const ReadResult r = read(std::string("@misc{a, title={T}, author={") + authors + "}}\n");
    const Publication& p = r.library.publications.at(0);
    EXPECT_EQ(p.authors.size(), 1u) << authors;
    EXPECT_TRUE(p.others) << authors;
  }
  // A name is a name: "Seven, Mary" and "More, Thomas" are people.
  const ReadResult r =
      read("@misc{a, title={T}, author={Doe, Jane and More, Thomas and {Eight Others Band}}}\n");
  EXPECT_EQ(r.library.publications.at(0).authors.size(), 3u);
  EXPECT_FALSE(r.library.publications.at(0).others);
}

TEST(BibtexReader, AnEprintOfArxivsFormIsArxivWithoutItsArchive) {
  const ReadResult r = read(
      "@misc{a, title={A}, eprint={1601.07535}}\n@misc{b, title={B}, eprint={hep-th/9901001v2}}\n"
      "@misc{c, title={C}, eprint={math.AG/0309136}}\n@misc{d, title={D}, eprint={1613.01234}}\n"
      "@misc{e, title={E}, eprint={12345678}}\n@misc{f, title={F}, eprint={2104.01234}, "
      "eprinttype={pubmed}}\n");
  const auto arxiv = [&](std::size_t i) { return r.library.publications.at(i).arxiv(); };
  EXPECT_EQ(arxiv(0), "1601.07535");
  EXPECT_EQ(arxiv(1), "hep-th/9901001v2");
  EXPECT_EQ(arxiv(2), "math.AG/0309136");
  EXPECT_EQ(arxiv(3), "");  // (no thirteenth month)
  EXPECT_EQ(arxiv(4), "");
  EXPECT_EQ(arxiv(5), "");  // another archive's
  ASSERT_NE(link(r.library.publications[0], "arxiv"), nullptr);
}

TEST(BibtexReader, AStatusClosingTheVenueOrNoteIsTheStatus) {
  const ReadResult r = read(
      "@article{a, title={A}, journal={Nature Physics (to appear)}, year=2025}\n"
      "@inproceedings{b, title={B}, booktitle={ICML 2025, accepted}, year=2025}\n"
      "@article{c, title={C}, journal={J}, note={(In press)}, year=2025}\n"
      "@article{d, title={D}, journal={Journal of Accepted Ideas}, year=2025}\n");
  EXPECT_EQ(r.library.publications[0].status, Status::Accepted);
  EXPECT_EQ(r.library.publications[1].status, Status::Accepted);
  EXPECT_EQ(r.library.publications[2].status, Status::Accepted);
  EXPECT_EQ(r.library.publications[3].status, Status::Published);
}

TEST(BibtexReader, ColumnsCountCodePoints) {
  const ReadResult r = read("@misc{a, title = {Ü}, é = undefinedmacro}\n");
  EXPECT_EQ(positions(r), "warning 1:27; ");
}

TEST(BibtexReader, InvalidUtf8IsReplacedWithAWarning) {
  const ReadResult r = read("@misc{a, title = {bad \xFF byte}}\n");
  EXPECT_EQ(positions(r), "warning 1:23; ");
  EXPECT_EQ(r.library.publications.at(0).title.text, "bad \uFFFD byte");
}

TEST(BibtexReader, NeverCrashesOrHangsOnHostileInput) {
  std::string deep = "@misc{a, title = " + std::string(10000, '{') + "x";
  EXPECT_TRUE(has_errors(read(deep).diagnostics));
  std::string closed =
      "@misc{a, title = {" + std::string(10000, '{') + std::string(10001, '}') + "}";
  EXPECT_EQ(read(closed).library.publications.size(), 1u);
  std::string noise;
  std::uint32_t state = 12345;
  for (int i = 0; i < 200000; ++i) {
    state = state * 1103515245u + 12345u;
    noise.push_back(static_cast<char>("@{}(),=#\"%\\ \nab1"[(state >> 16) % 16]));
    if ((state >> 8) % 97 == 0) noise.push_back(static_cast<char>(state >> 3));
  }
  const ReadResult r = read(noise);
  EXPECT_LT(r.library.publications.size(), noise.size());
  for (const char* s : {"@", "@misc", "@misc{", "@misc{k", "@misc{k,", "@misc{k, t", "@misc{k, t=",
                        "@misc{k, t={", "@misc{k, t=\"", "@misc{k, t=a#", "@string{", "@comment{"})
    (void)read(s);
}

TEST(BibtexMapping, AMiscUnderReviewIsAPreprintWithOrWithoutAnEprint) {
  const auto r = read(
      "@misc{a, title={A}, pubstate={submitted}, year=2025}\n"
      "@misc{b, title={B}, pubstate={submitted}, eprint={2501.00001}, archiveprefix={arXiv}, "
      "year=2025}\n"
      "@misc{c, title={C}, year=2025}\n");
  ASSERT_EQ(r.library.publications.size(), 3u);
  EXPECT_EQ(r.library.publications[0].type, PubType::Preprint);
  EXPECT_EQ(r.library.publications[0].status, Status::Submitted);
  EXPECT_EQ(r.library.publications[1].type, PubType::Preprint);
  EXPECT_EQ(r.library.publications[2].type, PubType::Misc);
}

}  // namespace
}  // namespace papershelf

namespace papershelf {
namespace {

// Real files' dates, months and links: words in year/date say a status, undefined month macros
// name their month, several URLs in one field are several links.
TEST(BibtexReaderRealWorld, DatesThatAreWordsMonthsAndSeveralUrls) {
  const ReadResult r = read(
      "@article{a, title = {A}, journal = {J}, year = {forthcoming}}\n"
      "@article{b, title = {B}, journal = {J}, date = {In press}}\n"
      "@article{c, title = {C}, journal = {J}, year = {n.d.}}\n"
      "@article{d, title = {D}, journal = {J}, year = 2020, month = July}\n"
      "@misc{e, title = {E}, url = {http://a.org/x http://b.org/y}, pdf = {My Paper.pdf}}\n"
      "@article{f, title = {F}, year = {forthcoming}, pubstate = {submitted}}\n");
  EXPECT_EQ(positions(r), "warning 3:49; ");
  const auto& p = r.library.publications;
  ASSERT_EQ(p.size(), 6u);
  EXPECT_EQ(p[0].status, Status::Accepted);
  EXPECT_EQ(p[1].status, Status::Accepted);
  EXPECT_EQ(p[2].status, Status::Published);
  EXPECT_EQ(p[3].date.month, 7);
  ASSERT_EQ(p[4].links.size(), 3u);
  EXPECT_EQ(p[4].links[0].url, "http://a.org/x");
  EXPECT_EQ(p[4].links[1].url, "http://b.org/y");
  EXPECT_EQ(p[4].links[2].url, "My Paper.pdf");  // (as written; links write it %20)
  EXPECT_EQ(p[5].status, Status::Submitted);     // the pubstate field says it
}

// Hugo's 2999-01-01 (a page kept on top) is a placeholder: no date, a warning, and a year field
// beside it still says the year, before or after it; the field is kept for the entry's BibTeX.
TEST(BibtexReaderRealWorld, AFarFutureDateIsAPlaceholder) {
  const ReadResult r = read(
      "@article{a, title = {A}, journal = {J}, date = {2999-01-01}}\n"
      "@article{b, title = {B}, journal = {J}, date = {2999-01-01}, year = 2021}\n"
      "@article{c, title = {C}, journal = {J}, year = 2021, date = {2999-01-01}}\n"
      "@article{d, title = {D}, journal = {J}, year = {9999}}\n"
      "@article{e, title = {E}, journal = {J}, date = {2199-12}}\n");
  EXPECT_EQ(positions(r), "warning 1:49; warning 2:49; warning 3:62; warning 4:49; ");
  const auto& p = r.library.publications;
  ASSERT_EQ(p.size(), 5u);
  EXPECT_EQ(p[0].date, Date{});
  EXPECT_EQ(p[1].date, (Date{2021, 0, 0}));
  EXPECT_EQ(p[2].date, (Date{2021, 0, 0}));
  EXPECT_EQ(p[3].date, Date{});
  EXPECT_EQ(p[4].date, (Date{2199, 12, 0}));
  ASSERT_EQ(p[0].extra.size(), 1u);
  EXPECT_EQ(p[0].extra[0].name, "date");
  EXPECT_EQ(p[0].extra[0].value, "2999-01-01");
  EXPECT_NE(r.diagnostics[0].message.find("placeholder"), std::string::npos)
      << r.diagnostics[0].message;
}

}  // namespace
}  // namespace papershelf

namespace papershelf {
namespace {

// Exports as DBLP and Google Scholar write them.
TEST(BibtexReaderRealWorld, DblpAndGoogleScholarExports) {
  const ReadResult r = read(
      "@inproceedings{DBLP:conf/nsdi/HuW24, author = {Qinghao Hu 0001 and Wei Wang 0002},\n"
      "  title = {Characterization of {LLM} Development}, booktitle = {{NSDI}}, year = {2024},\n"
      "  crossref = {DBLP:conf/nsdi/2024}}\n"
      "@article{DBLP:journals/corr/abs-2401-09149, author = {Qinghao Hu}, title = {A Preprint},\n"
      "  journal = {CoRR}, volume = {abs/2401.09149}, year = {2024}}\n"
      "@article{gs, title={Another Preprint}, author={Hu, Qinghao and others},\n"
      "  journal={arXiv preprint arXiv:2402.00001}, year={2024}}\n"
      "@inproceedings{lost, author = {Qinghao Hu}, title = {No Venue}, crossref = "
      "{DBLP:conf/x/2020}}\n");
  EXPECT_EQ(positions(r), "warning 8:77; ");  // only the entry the missing crossref leaves bare
  const auto& p = r.library.publications;
  ASSERT_EQ(p.size(), 4u);
  ASSERT_EQ(p[0].authors.size(), 2u);
  EXPECT_EQ(p[0].authors[0].family(), "Hu");
  EXPECT_EQ(p[0].authors[1].family(), "Wang");
  EXPECT_EQ(p[1].type, PubType::Preprint);
  EXPECT_EQ(p[1].arxiv(), "2401.09149");
  EXPECT_EQ(p[2].type, PubType::Preprint);
  EXPECT_EQ(p[2].status, Status::Preprint);
  EXPECT_EQ(p[2].arxiv(), "2402.00001");
}

}  // namespace
}  // namespace papershelf

namespace papershelf {
namespace {

// Links as exports write them, and preprints wherever the venue says so.
TEST(BibtexReaderRealWorld, LinksAndPreprintsAsExportsWriteThem) {
  const ReadResult r = read(
      "@article{a, title={A}, journal={J}, year=2022,\n"
      "  url = {doi:<a "
      "href=\"https://doi.org/10.1016/j.x.2022.1\">https://doi.org/10.1016/j.x.2022.1</a>}}\n"
      "@article{b, title={B}, journal={J}, year=2020,\n"
      "  url={http://openaccess.thecvf.com/content{\\_}CVPR{\\_}2020/html/a{~}b{\\%}20c.pdf}}\n"
      "@misc{c, title={C}, howpublished={https://www.example.org/research/c}}\n"
      "@misc{d, title={D}, howpublished={\\url{https://example.com/a_b}}}\n"
      "@article{e, title={E}, journal={J}, url={https://a.example.com/x, "
      "https://b.example.com/y}}\n"
      "@article{f, title={F}, journal={J}, url={www.springer.com/series/11237}}\n"
      "@article{g, title={G}, journal={J}, doi={10.1/ABC}, url={http://dx.doi.org/10.1/abc}}\n"
      "@inproceedings{h, title={H}, booktitle={ArXiv Preprint}, year=2024, eprint={2406.05650}, "
      "archivePrefix={arXiv}}\n"
      "@unpublished{i, title={I}, year={2025}, doi={10.1145/3706599.3721188}, "
      "booktitle={Proceedings of CHI EA}}\n");
  EXPECT_EQ(positions(r), "");
  const auto& p = r.library.publications;
  ASSERT_EQ(p.size(), 9u);
  auto urls = [](const Publication& x) {
    std::vector<std::string> out;
    for (const Link& l : x.links) out.push_back(l.label + " " + l.url);
    return out;
  };
  EXPECT_EQ(urls(p[0]), (std::vector<std::string>{"url https://doi.org/10.1016/j.x.2022.1"}));
  EXPECT_EQ(urls(p[1]),
            (std::vector<std::string>{
                "url http://openaccess.thecvf.com/content_CVPR_2020/html/a~b%20c.pdf"}));
  EXPECT_EQ(urls(p[2]), (std::vector<std::string>{"url https://www.example.org/research/c"}));
  EXPECT_EQ(urls(p[3]), (std::vector<std::string>{"url https://example.com/a_b"}));
  EXPECT_EQ(urls(p[4]), (std::vector<std::string>{"url https://a.example.com/x",
                                                  "url https://b.example.com/y"}));
  EXPECT_EQ(urls(p[5]), (std::vector<std::string>{"url http://www.springer.com/series/11237"}));
  EXPECT_EQ(urls(p[6]), (std::vector<std::string>{"doi https://doi.org/10.1/ABC"}));  // one button
  EXPECT_EQ(p[7].status, Status::Preprint);  // (its type stays the entry's: conference)
  EXPECT_EQ(p[8].status, Status::Published);
  // A status written where the venue goes.
  const ReadResult s = read(
      "@article{a,title={A},journal={Submitted to Nature},year=2024}\n"
      "@article{b,title={B},journal={To appear in IEEE TPAMI},year=2024}\n"
      "@article{c,title={C},journal={Journal of Submitted Works},year=2024}\n");
  ASSERT_EQ(s.library.publications.size(), 3u);
  EXPECT_EQ(s.library.publications[0].status, Status::Submitted);
  EXPECT_EQ(s.library.publications[1].status, Status::Accepted);
  EXPECT_EQ(s.library.publications[2].status, Status::Published);
}

// Each warning's kind comes from where it is found: the LaTeX decoder's (an unknown command, an
// unclosed $, a control character, an HTML reference) as much as the reader's own.
TEST(BibtexReader, EachDiagnosticSaysItsKind) {
  const ReadResult r = read(
      "@misc{a, title = {An \\foo{x} and $x}, note = {one\x01two}}\n"
      "@misc{b, title = {B}, crossref = {none}, date = {May 2020}}\n"
      "@misc{b, title = {Fish &amp; Chips}}\n");
  std::string kinds;
  for (const Diagnostic& d : r.diagnostics)
    kinds += std::to_string(d.line) + ":" + std::to_string(d.column) + " " +
             std::string(to_string(d.kind)) + "; ";
  EXPECT_EQ(kinds,
            "1:22 unknown; 1:34 syntax; 1:50 encoding; 2:35 reference; 2:50 value; 3:7 duplicate; "
            "3:24 encoding; ")
      << positions(r);
}

// An identifier only in the note is the record's when it has a DOI's shape ("10.", the
// registrant's digits, "/" and a suffix): a "doi: 10." that a line break cut is none (read as
// "10", every BibTeX round trip wrote one more DOI).
TEST(BibtexReader, ADoiOnlyInTheNoteNeedsADoisShape) {
  const ReadResult r = read(
      "@misc{a, title = {A}, note = {doi: 10.1000/abc.5}}\n"
      "@misc{b, title = {B}, note = {See DOI 10.5555/x y}}\n"
      "@misc{d, title = {D}, note = {doi: 10.\n]5555/log.2021.7}}\n"
      "@misc{e, title = {E}, note = {doi: 10.1000}}\n"
      "@misc{f, title = {F}, note = {doi: 10.x1/abc}}\n");
  const auto& p = r.library.publications;
  ASSERT_EQ(p.size(), 5u);
  EXPECT_EQ(p[0].doi(), "10.1000/abc.5");
  EXPECT_EQ(p[1].doi(), "10.5555/x");
  EXPECT_EQ(p[2].doi(), "");
  EXPECT_EQ(p[3].doi(), "");
  EXPECT_EQ(p[4].doi(), "");
}

}  // namespace
}  // namespace papershelf
