// LineMap (papershelf/diagnostics.hpp): byte offsets to 1-based line and code-point column, the
// positions every diagnostic carries. It counts line ends a word at a time and keeps only every
// 16th line start, so it is checked against a plain byte-by-byte count at every offset.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "papershelf/diagnostics.hpp"

using papershelf::LineMap;

namespace {

LineMap::Position naive_position(std::string_view text, std::size_t offset) {
  std::uint32_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n') {
      ++line;
      column = 1;
    } else if ((byte & 0xC0) != 0x80) {  // not a UTF-8 continuation byte
      ++column;
    }
  }
  return {line, column};
}

void expect_every_offset_matches(const std::string& text) {
  const LineMap map(text);
  for (std::size_t offset = 0; offset <= text.size(); ++offset) {
    const LineMap::Position got = map.position(offset);
    const LineMap::Position want = naive_position(text, offset);
    ASSERT_EQ(got.line, want.line) << "offset " << offset;
    ASSERT_EQ(got.column, want.column) << "offset " << offset;
  }
}

}  // namespace

TEST(LineMap, FirstLineAndEmptyText) {
  EXPECT_EQ(LineMap("").position(0).line, 1u);
  EXPECT_EQ(LineMap("").position(0).column, 1u);
  const LineMap map("@misc{a,\n  title = {x}}\n");
  EXPECT_EQ(map.position(0).line, 1u);
  EXPECT_EQ(map.position(11).line, 2u);
  EXPECT_EQ(map.position(11).column, 3u);
  EXPECT_EQ(map.position(1000).line, 3u);  // past the end: the end
}

TEST(LineMap, ColumnsCountCodePointsNotBytes) {
  const LineMap map(
      "x\nGarc\xC3\xAD"
      "a = 1");
  EXPECT_EQ(map.position(8).line, 2u);
  EXPECT_EQ(map.position(8).column, 6u);  // after "García", whose í is two bytes
}

TEST(LineMap, MatchesAByteCountOnLinesOfEveryLength) {
  // Lines of 0 to 40 bytes put line ends at every position inside an 8-byte word and across the
  // 16-line blocks; CRLF, UTF-8 and bytes next to '\n' ('\v', 0x8A) must not count as line ends.
  std::string text;
  for (int length = 0; length <= 40; ++length) {
    for (int i = 0; i < length; ++i) text += "ab\v\x8A\xC3\xA9"[i % 6];
    text += length % 3 == 0 ? "\r\n" : "\n";
  }
  expect_every_offset_matches(text);
}

TEST(LineMap, MatchesAByteCountOnRandomText) {
  std::mt19937 random(20261123);
  for (int round = 0; round < 20; ++round) {
    std::string text(1 + random() % 3000, ' ');
    for (char& c : text) {
      const unsigned r = random() % 16;
      c = r == 0 ? '\n' : r == 1 ? '\x0B' : r == 2 ? '\x8A' : static_cast<char>('a' + r);
    }
    expect_every_offset_matches(text);
  }
}

TEST(LineMap, AnswersInAnyOrderMatchTheCount) {
  // The map remembers its last answer and starts from there when it can (forward, or back within
  // a line): random jumps in both directions, on one long line and on many short ones, must still
  // agree with the count.
  std::mt19937 rng(7);
  for (const bool one_line : {true, false}) {
    std::string text;
    for (int i = 0; i < 3000; ++i) {
      text += (rng() % 5 == 0) ? "\xC3\xA9" : "a";
      if (!one_line && rng() % 37 == 0) text += '\n';
    }
    const LineMap map(text);
    for (int k = 0; k < 4000; ++k) {
      const std::size_t offset =
          (k % 3 == 0) ? rng() % (text.size() + 1)
                       : std::min<std::size_t>(text.size(), rng() % 2 ? k : text.size() - k % 50);
      const LineMap::Position got = map.position(offset);
      const LineMap::Position want = naive_position(text, offset);
      ASSERT_EQ(got.line, want.line) << "offset " << offset << " step " << k;
      ASSERT_EQ(got.column, want.column) << "offset " << offset << " step " << k;
    }
    // A reader's order: forward, each time looking back at one early place (a duplicate's first).
    const LineMap ordered(text);
    for (std::size_t offset = 0; offset <= text.size(); offset += 7) {
      for (const std::size_t at : {offset, std::size_t{3}}) {
        const LineMap::Position got = ordered.position(at);
        const LineMap::Position want = naive_position(text, at);
        ASSERT_EQ(got.line, want.line) << "offset " << at;
        ASSERT_EQ(got.column, want.column) << "offset " << at;
      }
    }
  }
}
