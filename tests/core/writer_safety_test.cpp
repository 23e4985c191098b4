// The BibTeX and RIS a visitor copies or downloads (the element's BibTeX panel, Cite -> BibTeX,
// download; `papershelf render --format bibtex --clean`) cannot be steered by the data: no value,
// key or field name ends early and starts fields or entries of its own, every output is valid
// UTF-8, and every reader gives each record a key of its own (a copy of a key is renamed and
// reported where it is). hostile_test.cpp runs every payload through the same checks.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "harness.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

ReadResult read_as(const std::string& text, Format format) {
  ReadOptions o;
  o.format = format;
  o.source_name = "in";
  return read(text, o);
}

std::string visitor_bibtex(const Library& lib) {
  BibtexOptions o;
  o.for_visitors = true;
  return format_export(lib, fuzz::every_record(lib), ExportFormat::Bibtex, o);
}

std::string messages(const std::vector<Diagnostic>& ds) {
  std::string out;
  for (const Diagnostic& d : ds) out += format_diagnostic(d) + "\n";
  return out;
}

const Diagnostic* find_diagnostic(const std::vector<Diagnostic>& ds, std::string_view words) {
  for (const Diagnostic& d : ds)
    if (d.message.find(words) != std::string::npos) return &d;
  return nullptr;
}

// The attacker's examples: a CSL-JSON id that closes the entry and adds an @preamble which runs a
// shell command under `bibtex` with \write18, and a URL that closes its field and adds a note.
const char* const kInjection = R"([
{"id": "k2}\n@preamble{\"\\immediate\\write18{touch /tmp/x}\"}\n@misc{k3", "type": "article-journal",
 "title": "One", "URL": "https://e.org/}, note = {injected", "arxiv": "2401.1} @misc{x",
 "thumbnail": "a.png}\n@preamble{x}", "DOI": "10.1/x\\"}
])";

TEST(WriterSafety, AnIdOrUrlCannotAddEntriesOrFields) {
  for (const Format format : {Format::CslJson, Format::PapershelfJson}) {
    const std::string doc = format == Format::CslJson
                                ? std::string(kInjection)
                                : "{\"publications\": " + std::string(kInjection) + "}";
    const ReadResult r = read_as(doc, format);
    ASSERT_EQ(r.library.publications.size(), 1u);
    const Publication& p = r.library.publications[0];
    // The key holds only what BibTeX keys may hold, and the owner is told, at the id.
    EXPECT_EQ(p.key, "k2-@preamble-immediate-write18-touch-/tmp/x-@misc-k3");
    const Diagnostic* said = find_diagnostic(r.diagnostics, "cannot hold");
    ASSERT_NE(said, nullptr) << messages(r.diagnostics);
    EXPECT_EQ(said->line, 2u);
    EXPECT_EQ(said->column, 8u);
    for (const bool visitors : {false, true}) {
      BibtexOptions o;
      o.for_visitors = visitors;
      const std::string bib = format_bibtex(p, o);
      EXPECT_EQ(bib.find("\n@"), std::string::npos) << bib;  // one entry, no @preamble
      EXPECT_EQ(bib.find("\n  note"), std::string::npos) << bib;
      const ReadResult back = read_as(bib, Format::BibTeX);
      ASSERT_EQ(back.library.publications.size(), 1u) << bib;
      const Publication& q = back.library.publications[0];
      EXPECT_EQ(q.key, p.key);
      EXPECT_TRUE(q.note().empty()) << bib;
      // The same address, as a browser sends it (braces, backslashes, line breaks encoded).
      ASSERT_FALSE(q.links.empty()) << bib;
      EXPECT_EQ(q.links[0].url, "https://e.org/%7D, note = %7Binjected") << bib;
      EXPECT_EQ(q.arxiv(), "2401.1%7D @misc%7Bx") << bib;
      if (!visitors) {
        EXPECT_EQ(q.thumbnail(), "a.png%7D%0A@preamble%7Bx%7D") << bib;
      }
      EXPECT_EQ(q.doi(), "10.1/x%5C") << bib;
    }
  }
}

TEST(WriterSafety, UnbalancedBracesInTextAreWrittenSoBibtexStillBalances) {
  // JSON text with a lone brace: `\}` would balance for LaTeX but not for BibTeX, which counts
  // every brace and would end the title there.
  const ReadResult r =
      read_as(R"([{"id": "a", "type": "book", "title": "Sets } and {", "note": "x \\",
    "abstract": "line\n@misc{b, title={T}}", "publisher-place": "P}, title = {Q"}])",
              Format::CslJson);
  ASSERT_EQ(r.library.publications.size(), 1u);
  const std::string bib = format_bibtex(r.library.publications[0]);
  const auto entries = fuzz::scan_written_bibtex(bib);
  ASSERT_TRUE(entries) << bib;
  ASSERT_EQ(entries->size(), 1u) << bib;
  const ReadResult back = read_as(bib, Format::BibTeX);
  ASSERT_EQ(back.library.publications.size(), 1u) << bib;
  const Publication& q = back.library.publications[0];
  EXPECT_EQ(q.title.text, "Sets } and {") << bib;
  EXPECT_EQ(q.note().text, "x \\") << bib;
  EXPECT_EQ(q.abstract().text, "line @misc{b, title={T}}") << bib;
  EXPECT_EQ(latex::decoded_field(q, "address"), "P}, title = {Q") << bib;
  EXPECT_EQ(back.library.publications.size(), 1u);
}

TEST(WriterSafety, BalancedBibtexIsWrittenAsItWas) {
  // What real BibTeX reads (its braces balance) is not touched: escapes of paired braces stay.
  const ReadResult r =
      read_as("@article{a, title = {Sets \\{x\\} and {DNA}}, note = {\\url{https://x.org/{a}}}}\n",
              Format::BibTeX);
  ASSERT_EQ(r.library.publications.size(), 1u);
  const std::string bib = format_bibtex(r.library.publications[0]);
  EXPECT_NE(bib.find("title = {Sets \\{x\\} and {DNA}}"), std::string::npos) << bib;
}

TEST(WriterSafety, FieldNamesFromDataAreNamesBibtexCanRead) {
  // A link kind or a JSON member becomes a field name: one that would end the name early (a
  // space, '=', a brace...) is written without those characters, and a name written twice (the
  // reader keeps the first) gets a suffix.
  const ReadResult r = read_as(R"({"publications": [{"id": "a", "title": "T",
    "links": {"x = {y}, z": "https://a.org/", "PDF": "https://b.org/p.pdf"},
    "Note": "extra", "note": "kept", "container title, x": "C"}]})",
                               Format::PapershelfJson);
  ASSERT_EQ(r.library.publications.size(), 1u);
  const std::string bib = format_bibtex(r.library.publications[0]);
  EXPECT_EQ(fuzz::writers_problem(r.library, false), "");
  EXPECT_NE(bib.find("  url_x-y-z = {https://a.org/}"), std::string::npos) << bib;
  EXPECT_NE(bib.find("  pdf = {https://b.org/p.pdf}"), std::string::npos) << bib;
  EXPECT_NE(bib.find("  note-2 = {extra}"), std::string::npos) << bib;
  EXPECT_NE(bib.find("  container-title-x = {C}"), std::string::npos) << bib;
  const ReadResult back = read_as(bib, Format::BibTeX);
  ASSERT_EQ(back.library.publications.size(), 1u);
  EXPECT_EQ(back.library.publications[0].note().text, "kept");
  EXPECT_EQ(find_diagnostic(back.diagnostics, "duplicate field"), nullptr)
      << messages(back.diagnostics);
}

TEST(WriterSafety, TypesThatAreNoRecordsAreNotWritten) {
  // "type": "comment" written as @comment{...} would be skipped by every reader.
  for (const char* type : {"comment", "string", "preamble", "xdata", "Comment"}) {
    const ReadResult r = read_as(
        std::string(R"([{"id": "a", "title": "T", "type": ")") + type + "\"}]", Format::CslJson);
    ASSERT_EQ(r.library.publications.size(), 1u);
    EXPECT_EQ(fuzz::writers_problem(r.library, false), "") << type;
  }
}

TEST(WriterSafety, LinkKindsAreLowerCasedAsUnicode) {
  // Byte by byte, "É" (C3 89) became C3 -> E3, which is no UTF-8.
  const ReadResult r = read_as(
      R"({"profile": {"name": "A", "links": {"Écode": "https://a.org/", "中文": "https://b.org/"}},
    "publications": [{"id": "a", "title": "T", "links": {"ÉCODE": "https://c.org/", "中文": "https://d.org/"}}]})",
      Format::PapershelfJson);
  ASSERT_EQ(r.library.publications.size(), 1u);
  ASSERT_EQ(r.library.publications[0].links.size(), 2u);
  EXPECT_EQ(r.library.publications[0].links[0].label, "écode");
  EXPECT_EQ(r.library.profile.links[0].label, "écode");
  EXPECT_EQ(fuzz::writers_problem(r.library, false), "");
  ProfileCardOptions po;
  const std::string card =
      format_profile_html(r.library.profile, compute_stats(r.library, OwnerMatcher({"A"})), po);
  EXPECT_TRUE(unicode::is_valid_utf8(card));
  EXPECT_NE(card.find("Écode"), std::string::npos) << card;
}

TEST(WriterSafety, RisValuesStayOnTheirLine) {
  // (U+0085 as its own bytes: a \u escape of a control is read as U+FFFD, as \u000b is here)
  const ReadResult r =
      read_as(R"([{"id": "a", "title": "One\nTY  - JOUR\r\nTI  - Two", "note": "x\u2028ER  - )"
              "\u0085"
              R"(AU  - Eve\u000bY",
    "abstract": "\r\n  ER  - \r\n"}])",
              Format::CslJson);
  ASSERT_EQ(r.library.publications.size(), 1u);
  const std::string ris = format_ris(r.library, fuzz::every_record(r.library));
  EXPECT_EQ(fuzz::ris_records(ris), 1u) << ris;
  EXPECT_NE(ris.find("TI  - One TY  - JOUR  TI  - Two\r\n"), std::string::npos) << ris;
  EXPECT_NE(ris.find("N1  - x ER  -  AU  - Eve\uFFFDY\r\n"), std::string::npos) << ris;
  EXPECT_NE(ris.find("AB  - ER  -\r\n"), std::string::npos) << ris;
}

// ---------------------------------------------------------------- unique keys

TEST(UniqueKeys, DuplicateJsonIdsAreRenamedAndReportedWhereTheyAre) {
  const std::string items = R"([
  {"id": "a", "title": "First"},
  {"id": "a", "title": "Second"},
  {"id": "a-2", "title": "Third"},
  {"id": "a", "title": "Fourth"}
])";
  for (const Format format : {Format::CslJson, Format::PapershelfJson}) {
    const std::string doc = format == Format::CslJson ? items : "{\"publications\": " + items + "}";
    const ReadResult r = read_as(doc, format);
    ASSERT_EQ(r.library.publications.size(), 4u);
    std::vector<std::string> keys;
    for (const Publication& p : r.library.publications) keys.push_back(p.key);
    EXPECT_EQ(keys, (std::vector<std::string>{"a", "a-2", "a-2-2", "a-3"}));
    const Diagnostic* said = find_diagnostic(r.diagnostics, "duplicate id \"a\" (also on line 2)");
    ASSERT_NE(said, nullptr) << messages(r.diagnostics);
    EXPECT_EQ(said->line, 3u);
    EXPECT_EQ(said->column, 10u);
    EXPECT_NE(said->message.find("kept as \"a-2\""), std::string::npos) << said->message;
    // Each record's own BibTeX and HTML entry.
    const std::string bib = visitor_bibtex(r.library);
    EXPECT_NE(bib.find("@misc{a-2,\n  title = {Second}"), std::string::npos) << bib;
    const std::string html = format_html(r.library, run_query(r.library, Query{}), FormatOptions{});
    EXPECT_NE(html.find("id=\"ps-a-2\" data-key=\"a-2\""), std::string::npos);
  }
}

// Each entry's id is "ps-" and its key, which the element's "#ps-KEY" links look for: keys that
// differ only in punctuation are different ids.
TEST(UniqueKeys, EveryKeyIsItsOwnEntryId) {
  const ReadResult r = read_as(
      R"([{"id":"a b","title":"1"},{"id":"a.b","title":"2"},{"id":"a:b","title":"3"},{"id":"\u00fc/x?y","title":"4"}])",
      Format::CslJson);
  ASSERT_EQ(r.library.publications.size(), 4u);
  const std::string html = format_html(r.library, run_query(r.library, Query{}), FormatOptions{});
  std::set<std::string> ids;
  for (const Publication& p : r.library.publications) {
    const std::string id = "ps-" + p.key;
    EXPECT_NE(html.find("id=\"" + id + "\" data-key=\"" + p.key + "\""), std::string::npos) << id;
    EXPECT_EQ(id.find_first_of(" \t\n\f\r"), std::string::npos) << id;
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 4u);
}

TEST(UniqueKeys, BibtexKeysBibtexCannotHoldAreRenamedAndCrossrefsStillFindThem) {
  const ReadResult r = read_as(
      "@proceedings{my proc, title = {Proc}}\n"
      "@inproceedings{x, title = {Paper}, crossref = {my proc}}\n"
      "@misc{my-proc, title = {Other}}\n",
      Format::BibTeX);
  ASSERT_EQ(r.library.publications.size(), 3u);
  EXPECT_EQ(r.library.publications[0].key, "my-proc");
  EXPECT_EQ(r.library.publications[1].venue.text, "Proc");
  EXPECT_EQ(r.library.publications[2].key, "my-proc-2");
  const Diagnostic* said = find_diagnostic(r.diagnostics, "key 'my proc' has characters");
  ASSERT_NE(said, nullptr) << messages(r.diagnostics);
  EXPECT_EQ(said->line, 1u);
  EXPECT_EQ(said->column, 14u);
}

TEST(UniqueKeys, ManyCopiesOfOneKeyCountOn) {
  // One counter per key: the n-th copy is "k-n" (the old search tried k-2, k-3, ... each time).
  std::string bib, json = "[";
  for (int i = 0; i < 300; ++i) {
    bib += "@misc{k, title = {T}}\n";
    json += std::string(i ? "," : "") + "{\"id\": \"k\", \"title\": \"T\"}";
  }
  for (const auto& [text, format] :
       {std::pair<std::string, Format>{bib, Format::BibTeX}, {json + "]", Format::CslJson}}) {
    const ReadResult r = read_as(text, format);
    ASSERT_EQ(r.library.publications.size(), 300u);
    EXPECT_EQ(r.library.publications[0].key, "k");
    EXPECT_EQ(r.library.publications[299].key, "k-300");
  }
}

TEST(UniqueKeys, MergedFilesKeepEveryKeyOnce) {
  Library lib = read_as("@misc{a, title = {One}}\n", Format::BibTeX).library;
  ReadResult more =
      read_as("\n[{\"id\": \"b\", \"title\": \"Two\"}, {\"id\": \"a\", \"title\": \"Three\"}]",
              Format::CslJson);
  std::vector<Diagnostic> ds;
  merge(lib, std::move(more.library), &ds, "more.json");
  ASSERT_EQ(lib.publications.size(), 3u);
  EXPECT_EQ(lib.publications[2].key, "a-2");
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(
      format_diagnostic(ds[0]),
      "more.json:2:1: warning: key 'a' is also in an earlier file: this record is kept as 'a-2'");
}

}  // namespace
}  // namespace papershelf
