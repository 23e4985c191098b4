// Each record read from BibTeX knows where its entry is in the bytes it was read from
// (Publication::span), and `papershelf sync` writes into an entry there, parsing that entry alone
// again, instead of parsing the whole file a second time and pairing entries with records by
// their position.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/json.hpp"
#include "papershelf/read.hpp"
#include "papershelf/sync.hpp"

namespace papershelf {
namespace {

std::string_view entry_of(std::string_view bytes, const Publication& p) {
  return bytes.substr(p.span.begin, p.span.size());
}

std::vector<std::string_view> entries_of(std::string_view bytes, const ReadResult& r) {
  std::vector<std::string_view> out;
  for (const Publication& p : r.library.publications) out.push_back(entry_of(bytes, p));
  return out;
}

TEST(SourceSpan, EachRecordCoversExactlyItsEntryWhateverComesBefore) {
  const std::string bib =
      "---\nlayout: none\n---\n"
      "% a comment line with an @ in it: me@example.org\n"
      "@string{conf = {Conference}}\n"
      "@preamble{\"\\newcommand{\\x}{x}\"}\n"
      "@comment{an old entry: @misc{old, title = {Old}}}\n"
      "@xdata{shared, publisher = {Press}}\n"
      "@book{parent, title = {The Proceedings}, year = 2020}\n"
      "  @inproceedings{child,\n  title = {A Paper},\n  crossref = {parent},\n"
      "  xdata = {shared}\n}\n"
      "@misc(paren, title = {In Parentheses})\n"
      "@misc{comma, title = {No Comma After Me} year = {2021}}\n"  // a broken field, closed
      "@misc{last, title = {Last} # conf}";                        // (no line end after it)
  const ReadResult r = read(bib);
  ASSERT_EQ(r.library.publications.size(), 5u);
  EXPECT_EQ(entries_of(bib, r),
            (std::vector<std::string_view>{
                "@book{parent, title = {The Proceedings}, year = 2020}",
                "@inproceedings{child,\n  title = {A Paper},\n  crossref = {parent},\n"
                "  xdata = {shared}\n}",
                "@misc(paren, title = {In Parentheses})",
                "@misc{comma, title = {No Comma After Me} year = {2021}}",
                "@misc{last, title = {Last} # conf}"}));
  // The child inherits its parent's fields, not its place.
  EXPECT_EQ(r.library.publications[1].venue.text, "The Proceedings");
  for (const Publication& p : r.library.publications) EXPECT_TRUE(p.span.closed()) << p.key;
}

TEST(SourceSpan, AnEntryASyntaxErrorEndedSaysOnlyWhereItStarts) {
  const std::string bib =
      "@misc{broken, title = {Broken}, year = 2020 2021}\n"
      "@misc{unclosed, title = {Never Closed}\n"
      "@misc{fine, title = {Fine}}\n";
  const ReadResult r = read(bib);
  ASSERT_EQ(r.library.publications.size(), 3u);
  const SourceSpan broken = r.library.publications[0].span,
                   unclosed = r.library.publications[1].span;
  EXPECT_EQ(broken.begin, 0u);
  EXPECT_EQ(broken.end, broken.begin);
  EXPECT_EQ(unclosed.begin, bib.find("@misc{unclosed"));
  EXPECT_EQ(unclosed.end, unclosed.begin);
  EXPECT_FALSE(unclosed.closed());
  EXPECT_EQ(entry_of(bib, r.library.publications[2]), "@misc{fine, title = {Fine}}");
}

// The readers rewrite some inputs before they parse them (a byte order mark dropped, Latin-1
// bytes read as UTF-8 beside the UTF-8 that is, invalid bytes as U+FFFD): the spans are still in
// the caller's bytes.
TEST(SourceSpan, SpansAreInTheCallersBytesWhateverTheReaderRewrote) {
  const std::string latin1 =
      "\xEF\xBB\xBF@misc{a, title = {Caf\xE9 \x85 Na\xEFve}, author = {Ren\xE9 Cl\xE9ment}}\n"
      "@misc{b, title = {Second \x80 Entry, \xC3\x9C"
      "ber UTF-8}}\n";
  ReadResult r = read(latin1);
  spans_in_bytes(r.library.publications, latin1);
  EXPECT_EQ(entries_of(latin1, r),
            (std::vector<std::string_view>{
                "@misc{a, title = {Caf\xE9 \x85 Na\xEFve}, author = {Ren\xE9 Cl\xE9ment}}",
                "@misc{b, title = {Second \x80 Entry, \xC3\x9C"
                "ber UTF-8}}"}));
  EXPECT_EQ(r.library.publications[0].title.text, "Café … Naïve");
  EXPECT_EQ(r.library.publications[1].title.text, "Second € Entry, Über UTF-8");

  // read_bibtex itself reads invalid bytes as U+FFFD, three bytes for each.
  const std::string invalid = "@misc{a, title = {\xFF\xFE}}\n@misc{b, title = {B\xC3}}\n";
  const ReadResult direct = read_bibtex(invalid, {});
  EXPECT_EQ(
      entries_of(invalid, direct),
      (std::vector<std::string_view>{"@misc{a, title = {\xFF\xFE}}", "@misc{b, title = {B\xC3}}"}));

  // UTF-16 has no span a UTF-8 edit could go into; JSON has no entries.
  const std::string utf16 = std::string("\xFF\xFE@\0m\0i\0s\0c\0{\0a\0}\0", 18);
  ReadResult wide = read(utf16);
  spans_in_bytes(wide.library.publications, utf16);
  ASSERT_EQ(wide.library.publications.size(), 1u);
  EXPECT_EQ(wide.library.publications[0].span.begin, 0u);
  EXPECT_EQ(wide.library.publications[0].span.end, 0u);
  const ReadResult csl = read(R"([{"id": "a", "type": "book", "title": "A"}])");
  ASSERT_EQ(csl.library.publications.size(), 1u);
  EXPECT_EQ(csl.library.publications[0].span.end, 0u);
}

// --- sync: edits where each record's span says ---

std::vector<sync::Work> works_of(const std::vector<std::pair<std::string, std::string>>& titles) {
  json::Writer w;
  w.begin_object().key("results").begin_array();
  for (const auto& [id, title] : titles)
    w.begin_object()
        .field("id", "https://openalex.org/" + id)
        .field("title", title)
        .field("publication_year", 2021)
        .field("type", "article")
        .field("cited_by_count", 7)
        .key("authorships")
        .begin_array()
        .begin_object()
        .key("author")
        .begin_object()
        .field("display_name", "Qinghao Hu")
        .end_object()
        .end_object()
        .end_array()
        .end_object();
  w.end_array().end_object();
  sync::WorksRead r = sync::read_openalex_works(w.take(), "works.json");
  for (const Diagnostic& d : r.diagnostics) ADD_FAILURE() << format_diagnostic(d);
  return r.works;
}

sync::Plan plan_of(const std::string& bib, const std::vector<sync::Work>& works) {
  sync::Options o;
  o.date = "2026-11-27";
  return sync::plan(bib, "papers.bib", works, o);
}

// The entry written into is the record's own, found by its span, whatever stands before it:
// @string and @comment (holding a lookalike entry), which are no records, @xdata, which is none
// either, and an unclosed entry, which is one.
TEST(SyncSpans, TheEntryWrittenIntoIsTheRecordsOwnAfterXdataCommentsAndABrokenEntry) {
  // (What stands before b, which the sync leaves as it is.)
  const std::string before_b =
      "@string{j = {Journal}}\n"
      "@comment{@article{ghost, title = {A Long Enough Title Here}}}\n"
      "@xdata{shared, journal = j}\n"
      "  @article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao},\n"
      "  year = {2021\n";
  const std::string b_head =
      "@article{b,\n  title = {Another Long Enough Title},\n  author = {Hu, Qinghao},\n"
      "  xdata = {shared},\n  year = {2021}";
  const std::string bib = before_b + b_head + "\n}\n";
  const auto works =
      works_of({{"W1", "A Long Enough Title Here"}, {"W2", "Another Long Enough Title"}});
  const sync::Plan plan = plan_of(bib, works);
  EXPECT_EQ(
      sync::apply(bib, plan.edits),
      before_b + b_head +
          ",\n  openalex = {W2},\n  citations = {7},\n  citations_updated = {2026-11-27}\n}\n");
  // The broken entry is said where its '@' is: line 4, column 3.
  bool said = false;
  for (const Diagnostic& d : plan.diagnostics)
    if (d.message.find("'a' matches W1 but is left as it is") != std::string::npos) {
      said = true;
      EXPECT_EQ(d.line, 4u);
      EXPECT_EQ(d.column, 3u);
    }
  EXPECT_TRUE(said);
}

// A Latin-1 file is read as UTF-8 that is longer than the file: the edits still go where the
// file's own bytes put them.
TEST(SyncSpans, ALatin1FileIsWrittenIntoAtItsOwnBytes) {
  const std::string bib =
      "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao and Cl\xE9ment, "
      "Ren\xE9},\n"
      "  note = {\x93quoted\x94 \xE0 la carte},\n  year = {2021}\n}\n";
  const auto works = works_of({{"W1", "A Long Enough Title Here"}});
  sync::Options o;
  o.date = "2026-11-27";
  const sync::Plan plan = sync::plan(bib, "papers.bib", works, o);
  EXPECT_EQ(sync::apply(bib, plan.edits),
            "@article{a,\n  title = {A Long Enough Title Here},\n  author = {Hu, Qinghao and "
            "Cl\xE9ment, Ren\xE9},\n"
            "  note = {\x93quoted\x94 \xE0 la carte},\n  year = {2021},\n  openalex = {W1},\n"
            "  citations = {7},\n  citations_updated = {2026-11-27}\n}\n");
}

}  // namespace
}  // namespace papershelf
