// Replays the fuzzers' past findings (tests/fixtures/fuzz/TARGET/*) through the fuzz targets' own
// code, so every build of the core suite (native, ASan+UBSan, WASM under node) re-checks them.
// A finding that crashes or hangs again fails (or times out) this test.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "csl_harness.hpp"
#include "fixtures.hpp"

namespace pt = papershelf::testing;
using namespace papershelf;

namespace {

// Every file in the target's folder ("." entries and hidden files aside).
std::vector<std::string> findings(const std::string& target) {
  std::vector<std::string> out;
  for (auto& path : pt::list_files(pt::fixtures_dir() + "/fuzz/" + target, ""))
    if (path[path.rfind('/') + 1] != '.') out.push_back(std::move(path));
  return out;
}

// The bytes in a buffer of exactly their size, as libFuzzer passes them: a std::string's
// terminating NUL would hide a read one byte past the end from AddressSanitizer.
void run_exact(void (*run)(std::string_view), std::string_view bytes) {
  const std::unique_ptr<char[]> buffer(new char[bytes.size()]);
  std::copy(bytes.begin(), bytes.end(), buffer.get());
  run(std::string_view(buffer.get(), bytes.size()));
}

void replay(const std::string& target, void (*run)(std::string_view)) {
  for (const auto& path : findings(target)) {
    SCOPED_TRACE(path);
    run_exact(run, pt::read_file(path));
  }
}

}  // namespace

TEST(FuzzRegressions, EveryTargetReplaysItsFindings) {
  replay("bibtex", fuzz::bibtex);
  replay("csl", fuzz::csl);
  replay("json", fuzz::json);
  replay("latex", fuzz::latex);
  replay("names", fuzz::names);
  replay("query", fuzz::query);
  replay("sync", fuzz::sync);
}

TEST(FuzzRegressions, FindingsAreThere) {
  // The fixtures this suite was written against; an empty folder would make the replay vacuous.
  EXPECT_GE(findings("bibtex").size(), 2u);
  EXPECT_GE(findings("csl").size(), 1u);
  EXPECT_GE(findings("json").size(), 1u);
  EXPECT_GE(findings("latex").size(), 1u);
  EXPECT_GE(findings("query").size(), 1u);
}

TEST(FuzzRegressions, StrayCloseBraceKeepsTheValidRecord) {
  const std::string text =
      pt::read_file(pt::fixtures_dir() + "/fuzz/json/stray_close_brace_hang.json");
  ASSERT_FALSE(text.empty());
  ReadOptions options;
  options.format = Format::PapershelfJson;
  const ReadResult r = read(text, options);
  EXPECT_TRUE(has_errors(r.diagnostics));
  bool has_b = false;
  for (const auto& p : r.library.publications) has_b = has_b || p.key == "b";
  EXPECT_TRUE(has_b) << "the well-formed record after the broken one is lost";
}

TEST(FuzzRegressions, TrailingBackslashInAStringKeepsTheValidRecord) {
  // The recovery scan stepped over the last byte when it was a '\\' inside a string and read one
  // past the end (ASan, fuzz_json); the file here ends that way right after a good record.
  const std::string text =
      "[{\"id\": \"a\", \"type\": \"book\", \"title\": \"Kept\"},\n"
      " {\"id\": \"b\", \"title\": \"Cut \\";
  ReadOptions options;
  options.format = Format::CslJson;
  const std::unique_ptr<char[]> exact(new char[text.size()]);  // no NUL after the last byte
  std::copy(text.begin(), text.end(), exact.get());
  const ReadResult r = read(std::string_view(exact.get(), text.size()), options);
  EXPECT_TRUE(has_errors(r.diagnostics));
  ASSERT_FALSE(r.library.publications.empty());
  EXPECT_EQ(r.library.publications[0].key, "a");
  EXPECT_EQ(r.library.publications[0].title.text, "Kept");
}

TEST(FuzzRegressions, RepeatedSearchTermsHighlightEveryWord) {
  const std::string text =
      pt::read_file(pt::fixtures_dir() + "/fuzz/query/repeated_search_terms_quadratic.txt");
  ASSERT_FALSE(text.empty());
  std::vector<Match> expected;  // every "a", counted without the search code
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == 'a')
      expected.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i + 1)});
  EXPECT_EQ(find_matches(text, search_terms(text)), expected);
}
