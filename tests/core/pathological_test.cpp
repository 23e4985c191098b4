// Pathological inputs (issue 4): each must end in bounded time and memory, report a diagnostic
// where something is wrong, and keep every valid record (the counts are asserted). The inputs are
// generated here, never committed. This suite also runs under ASan+UBSan and in WASM under node,
// where the largest inputs are scaled down (kScale) to keep those runs to seconds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "papershelf/format.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PAPERSHELF_SLOW_BUILD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__EMSCRIPTEN__)
#define PAPERSHELF_SLOW_BUILD 1
#endif

namespace papershelf {
namespace {

#ifdef PAPERSHELF_SLOW_BUILD
constexpr std::size_t kScale = 5;  // sanitizer and WASM builds: a fifth of the size
#else
constexpr std::size_t kScale = 1;
#endif

ReadResult read_bib(std::string_view text) {
  ReadOptions o;
  o.source_name = "p.bib";
  o.format = Format::BibTeX;
  return read(text, o);
}

std::vector<std::string> keys(const ReadResult& r) {
  std::vector<std::string> out;
  for (const auto& p : r.library.publications) out.push_back(p.key);
  return out;
}

bool has(const ReadResult& r, Severity s, std::string_view words) {
  return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& d) {
    return d.severity == s && d.message.find(words) != std::string::npos && d.line > 0 && d.column > 0;
  });
}

std::string all_diagnostics(const ReadResult& r) {
  std::string out;
  for (const auto& d : r.diagnostics) out += format_diagnostic(d) + "\n";
  return out;
}

// A small deterministic generator (the same bytes on every platform).
struct Lcg {
  std::uint32_t state;
  std::uint32_t next() {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
  }
};

const char* const kGood1 = "@article{good1, title={First}, author={Hu, Qinghao}, journal={J}, year=2020}\n";
const char* const kGood2 = "@misc{good2, title={Second}, author={Ye, Zhisheng}, year=2021}\n";

// ---------------------------------------------------------------- nesting

TEST(Pathological, TenThousandNestedBracesClosed) {
  const std::string deep = std::string(10000, '{') + "deep" + std::string(10000, '}');
  const ReadResult r = read_bib(std::string(kGood1) + "@misc{deep, title = " + deep + "}\n" + kGood2);
  EXPECT_EQ(keys(r), (std::vector<std::string>{"good1", "deep", "good2"})) << all_diagnostics(r);
  EXPECT_FALSE(has_errors(r.diagnostics)) << all_diagnostics(r);
  EXPECT_EQ(r.library.publications.at(1).title.text, "deep");
  // Every formatter copes with the record (no recursion on the nesting depth).
  const View view = run_query(r.library, Query{});
  EXPECT_NE(format_html(r.library, view, FormatOptions{}).find("deep"), std::string::npos);
}

TEST(Pathological, TenThousandNestedBracesNeverClosed) {
  const std::string text = std::string(kGood1) + "@misc{deep, title = " + std::string(10000, '{') +
                           "deep\n" + kGood2;
  const ReadResult r = read_bib(text);
  EXPECT_TRUE(has(r, Severity::Error, "")) << all_diagnostics(r);
  const auto k = keys(r);
  EXPECT_NE(std::find(k.begin(), k.end(), "good1"), k.end()) << all_diagnostics(r);
  EXPECT_NE(std::find(k.begin(), k.end(), "good2"), k.end()) << all_diagnostics(r);
}

// ---------------------------------------------------------------- size

TEST(Pathological, FiftyMegabyteField) {
  const std::size_t size = 50u * 1000 * 1000 / kScale;
  std::string text = std::string(kGood1) + "@misc{big, title = {Big}, abstract = {";
  const std::size_t start = text.size();
  text.resize(start + size);
  for (std::size_t i = start; i < text.size(); ++i) text[i] = (i % 8 == 7) ? ' ' : char('a' + i % 7);
  text += "}}\n";
  text += kGood2;
  const ReadResult r = read_bib(text);
  text = {};  // the record must own its text; drop the input before looking at it
  ASSERT_EQ(keys(r), (std::vector<std::string>{"good1", "big", "good2"})) << all_diagnostics(r);
  EXPECT_FALSE(has_errors(r.diagnostics)) << all_diagnostics(r);
  EXPECT_EQ(r.library.publications[1].abstract.text.size(), size);
}

TEST(Pathological, AMillionAuthors) {
  const std::size_t n = 1000000 / kScale;
  std::string names;
  names.reserve(n * 16);
  for (std::size_t i = 0; i < n; ++i) {
    if (i) names += " and ";
    names += "Family" + std::to_string(i) + ", G.";
  }
  const ReadResult r = read_bib(std::string(kGood1) + "@misc{many, title={Many}, author={" + names + "}}\n" + kGood2);
  names = {};
  ASSERT_EQ(keys(r), (std::vector<std::string>{"good1", "many", "good2"})) << all_diagnostics(r);
  const auto& authors = r.library.publications[1].authors;
  ASSERT_EQ(authors.size(), n);
  EXPECT_EQ(authors.front().family(), "Family0");
  EXPECT_EQ(authors.back().family(), "Family" + std::to_string(n - 1));
  // Collapsing and formatting stay linear too.
  FormatOptions fo;
  fo.max_authors = 5;
  const View view = run_query(r.library, Query{});
  EXPECT_NE(format_html(r.library, view, fo).find("Family0"), std::string::npos);
}

TEST(Pathological, AnEntryWithAHundredThousandFields) {
  const std::size_t n = 100000 / kScale;
  std::string text = std::string(kGood1) + "@misc{wide, title={Wide}";
  for (std::size_t i = 0; i < n; ++i) text += ", f" + std::to_string(i) + " = {v}";
  text += "}\n";
  text += kGood2;
  const ReadResult r = read_bib(text);
  ASSERT_EQ(keys(r), (std::vector<std::string>{"good1", "wide", "good2"})) << all_diagnostics(r);
  EXPECT_EQ(r.library.publications[1].extra.size(), n);
}

TEST(Pathological, AHundredThousandKeywords) {
  const std::size_t n = 100000 / kScale;
  std::string list;
  for (std::size_t i = 0; i < n; ++i) list += "kw" + std::to_string(i % (n / 2)) + ", ";  // each twice
  const ReadResult r = read_bib(std::string(kGood1) + "@misc{tagged, title={T}, keywords={" + list + "}}\n" + kGood2);
  ASSERT_EQ(keys(r), (std::vector<std::string>{"good1", "tagged", "good2"})) << all_diagnostics(r);
  EXPECT_EQ(r.library.publications[1].tags.size(), n / 2);
  std::string json = "[{\"id\": \"j\", \"title\": \"T\", \"tags\": [";
  for (std::size_t i = 0; i < n; ++i) json += (i ? ", \"t" : "\"t") + std::to_string(i % (n / 2)) + "\"";
  json += "]}]";
  ReadOptions o;
  o.format = Format::CslJson;
  EXPECT_EQ(read(json, o).library.publications.at(0).tags.size(), n / 2);
}

// ---------------------------------------------------------------- broken structure

TEST(Pathological, AnEntryThatNeverCloses) {
  const ReadResult r = read_bib(std::string(kGood1) + kGood2 + "@misc{open, title = {Open}, year = 2022,\n  note = {x}\n");
  EXPECT_TRUE(has(r, Severity::Error, "")) << all_diagnostics(r);
  const auto k = keys(r);
  ASSERT_GE(k.size(), 2u);
  EXPECT_EQ(k[0], "good1");
  EXPECT_EQ(k[1], "good2");
}

TEST(Pathological, RandomBytes) {
  Lcg rng{20261122};
  std::string noise(1u << 20, '\0');
  for (char& c : noise) c = static_cast<char>(rng.next());
  const ReadResult r = read_bib(noise);
  EXPECT_FALSE(r.diagnostics.empty());
  EXPECT_TRUE(has(r, Severity::Warning, "UTF-8"));
  (void)format_html(r.library, run_query(r.library, Query{}), FormatOptions{});
}

TEST(Pathological, RandomBytesBetweenValidRecords) {
  // Noise without '@' is comment text in BibTeX, so every record around it must survive.
  Lcg rng{7};
  std::string text;
  const std::size_t records = 200;
  for (std::size_t i = 0; i < records; ++i) {
    for (int j = 0; j < 500; ++j) {
      char c = static_cast<char>(rng.next());
      text += c == '@' ? '?' : c;
    }
    text += "\n@misc{k" + std::to_string(i) + ", title={T" + std::to_string(i) + "}, year=2020}\n";
  }
  const ReadResult r = read_bib(text);
  ASSERT_EQ(r.library.publications.size(), records) << all_diagnostics(r);
  for (std::size_t i = 0; i < records; ++i) EXPECT_EQ(r.library.publications[i].key, "k" + std::to_string(i));
  EXPECT_TRUE(has(r, Severity::Warning, "UTF-8"));
}

// ---------------------------------------------------------------- encoding

TEST(Pathological, InvalidUtf8IsReplacedWithAWarningAtItsPosition) {
  // Lone continuation byte, overlong encoding, UTF-16 surrogate, truncated sequence, 0xFF.
  const std::string text = std::string(kGood1) +
                           "@misc{bad, title = {a\x80" "b \xC0\xAF c \xED\xA0\x80 d \xE2\x82 e \xFF}}\n" + kGood2;
  const ReadResult r = read_bib(text);
  ASSERT_EQ(keys(r), (std::vector<std::string>{"good1", "bad", "good2"})) << all_diagnostics(r);
  ASSERT_EQ(r.diagnostics.size(), 1u) << all_diagnostics(r);
  EXPECT_EQ(r.diagnostics[0].severity, Severity::Warning);
  EXPECT_EQ(r.diagnostics[0].line, 2u);
  EXPECT_EQ(r.diagnostics[0].column, 22u);  // the 0x80 after "a"
  const std::string& title = r.library.publications[1].title.text;
  EXPECT_EQ(title.find('\x80'), std::string::npos);
  EXPECT_EQ(title.rfind("a\xEF\xBF\xBD" "b", 0), 0u) << title;
  EXPECT_NE(title.find("e \xEF\xBF\xBD"), std::string::npos) << title;
  // The output is valid UTF-8 everywhere.
  const std::string html = format_html(r.library, run_query(r.library, Query{}), FormatOptions{});
  EXPECT_EQ(html.find('\xFF'), std::string::npos);
}

TEST(Pathological, InvalidUtf8InJson) {
  const std::string text = "[\n  {\"id\": \"a\", \"title\": \"x\xFFy\"},\n  {\"id\": \"b\", \"title\": \"ok\"}\n]\n";
  ReadOptions o;
  o.format = Format::CslJson;
  const ReadResult r = read(text, o);
  EXPECT_EQ(r.library.publications.size(), 2u) << all_diagnostics(r);
  EXPECT_TRUE(has(r, Severity::Warning, "UTF-8"));
  EXPECT_EQ(r.library.publications.at(0).title.text, "x\xEF\xBF\xBDy");
}

// ---------------------------------------------------------------- macros and inheritance

TEST(Pathological, StringCycle) {
  const ReadResult r = read_bib(std::string("@string{a = b # \"x\"}\n@string{b = c}\n@string{c = a}\n") + kGood1 +
                                "@misc{loop, title = a}\n" + kGood2);
  EXPECT_EQ(keys(r), (std::vector<std::string>{"good1", "loop", "good2"}));
  EXPECT_TRUE(has(r, Severity::Warning, "refers to itself")) << all_diagnostics(r);
}

TEST(Pathological, StringExpansionBomb) {
  // Each macro doubles the previous one: s40 would be 10 * 2^40 bytes.
  std::string text = "@string{s0 = \"aaaaaaaaaa\"}\n";
  for (int i = 1; i <= 40; ++i)
    text += "@string{s" + std::to_string(i) + " = s" + std::to_string(i - 1) + " # s" + std::to_string(i - 1) + "}\n";
  text += kGood1;
  for (int i = 0; i < 50; ++i) text += "@misc{bomb" + std::to_string(i) + ", title = s40, note = s20}\n";
  text += kGood2;
  const ReadResult r = read_bib(text);
  ASSERT_EQ(r.library.publications.size(), 52u) << all_diagnostics(r).substr(0, 2000);
  EXPECT_TRUE(has(r, Severity::Warning, "too much text")) << all_diagnostics(r).substr(0, 2000);
  std::size_t total = 0;
  for (const auto& p : r.library.publications) total += p.title.text.size() + p.note.text.size();
  EXPECT_LT(total, 200u * 1000 * 1000);
}

TEST(Pathological, CrossrefCycle) {
  const ReadResult r = read_bib(std::string(kGood1) +
                                "@inproceedings{x, title={X}, crossref={y}}\n"
                                "@proceedings{y, title={Y}, booktitle={BY}, crossref={z}}\n"
                                "@proceedings{z, title={Z}, year=2019, crossref={x}}\n" + kGood2);
  EXPECT_EQ(keys(r), (std::vector<std::string>{"good1", "x", "y", "z", "good2"}));
  EXPECT_TRUE(has(r, Severity::Warning, "crossref cycle")) << all_diagnostics(r);
  EXPECT_EQ(r.library.publications[1].date.year, 2019);  // inherited through the chain
}

TEST(Pathological, LongCrossrefChain) {
  const std::size_t n = 20000 / kScale;
  std::string text;
  for (std::size_t i = 0; i < n; ++i)
    text += "@misc{c" + std::to_string(i) + ", title={T}, f" + std::to_string(i) + "={v}, crossref={c" +
            std::to_string(i + 1) + "}}\n";
  text += "@misc{c" + std::to_string(n) + ", title={End}, year=2000, crossref={c0}}\n";
  const ReadResult r = read_bib(text);
  EXPECT_EQ(r.library.publications.size(), n + 1);
  EXPECT_TRUE(has(r, Severity::Warning, "crossref")) << all_diagnostics(r).substr(0, 2000);
}

// ---------------------------------------------------------------- JSON

TEST(Pathological, JsonRecordsThatNeverClose) {
  // Every line opens an object that never closes: recovery must not rescan the rest per line.
  std::string text = "[\n";
  for (int i = 0; i < 20000; ++i) text += "{\n";
  ReadOptions o;
  o.format = Format::CslJson;
  const ReadResult r = read(text, o);
  EXPECT_TRUE(has_errors(r.diagnostics));
  EXPECT_TRUE(r.library.publications.empty());
}

TEST(Pathological, JsonManyBrokenRecordsKeepTheGoodOnes) {
  std::string text = "[\n";
  const int n = 20000 / static_cast<int>(kScale);
  for (int i = 0; i < n; ++i) {
    text += i % 2 ? "  {\"id\": \"ok" + std::to_string(i) + "\", \"title\": \"t\"},\n"
                  : "  {\"id\": \"bad" + std::to_string(i) + "\", \"title\": \"t\" \"oops\"},\n";
  }
  text += "  {\"id\": \"last\", \"title\": \"t\"}\n]\n";
  ReadOptions o;
  o.format = Format::CslJson;
  const ReadResult r = read(text, o);
  EXPECT_EQ(r.library.publications.size(), static_cast<std::size_t>(n / 2 + 1));
  EXPECT_EQ(r.library.publications.back().key, "last");
  EXPECT_TRUE(has_errors(r.diagnostics));
}

}  // namespace
}  // namespace papershelf
