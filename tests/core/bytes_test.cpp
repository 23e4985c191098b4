// The word-at-a-time byte helpers (core/src/text/bytes.hpp) against the standard library's
// byte-at-a-time answers. They carry the reader's line counting and every search keystroke, and
// one of them once met a WebAssembly miscompile, so each is checked directly here, with the
// lengths and offsets where word loops go wrong: around 8, 32 and 2,016 bytes, at every start.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <string_view>

#include "text/bytes.hpp"

namespace bytes = papershelf::bytes;

namespace {

std::string random_text(std::mt19937& rng, std::size_t n, std::string_view alphabet) {
  std::string s(n, ' ');
  for (auto& c : s) c = alphabet[rng() % alphabet.size()];
  return s;
}

}  // namespace

TEST(Bytes, BytesEqualToFlagsExactlyTheEqualBytes) {
  // Every byte value against every other, in every position of a word (no borrow between bytes).
  for (int c = 0; c < 256; ++c) {
    for (int v = 0; v < 256; ++v) {
      for (int pos = 0; pos < 8; ++pos) {
        char word[8];
        for (int k = 0; k < 8; ++k) word[k] = static_cast<char>(k == pos ? v : (c ^ 0x55) + k);
        const std::uint64_t mask =
            bytes::bytes_equal_to(bytes::load_word(word), static_cast<char>(c));
        for (int k = 0; k < 8; ++k)
          ASSERT_EQ((mask >> (8 * k + 7)) & 1,
                    static_cast<std::uint64_t>(word[k] == static_cast<char>(c)))
              << "c=" << c << " v=" << v << " pos=" << pos << " k=" << k;
        ASSERT_EQ(mask & ~0x8080808080808080ull, 0u);
      }
    }
  }
}

TEST(Bytes, FlaggedPositionsAndCounts) {
  for (unsigned bits = 1; bits < 256; ++bits) {
    std::uint64_t mask = 0;
    unsigned first = 8, last = 0, count = 0;
    for (unsigned k = 0; k < 8; ++k)
      if (bits >> k & 1) {
        mask |= 0x80ull << (8 * k);
        first = std::min(first, k);
        last = k;
        ++count;
      }
    EXPECT_EQ(bytes::first_flagged(mask), first);
    EXPECT_EQ(bytes::last_flagged(mask), last);
    EXPECT_EQ(bytes::count_flagged(mask), count);
  }
}

TEST(Bytes, CountBytesMatchesStdCount) {
  std::mt19937 rng(7);
  for (std::size_t n : {0, 1, 7, 8, 9, 31, 32, 33, 255, 2015, 2016, 2017, 2048, 8100}) {
    for (std::string_view alphabet : {"a", "ab", "a\nb c", "\n"}) {
      const std::string s = random_text(rng, n + 16, alphabet);
      for (std::size_t start = 0; start < 8; ++start) {
        const char* p = s.data() + start;
        ASSERT_EQ(bytes::count_bytes(p, n, '\n'),
                  static_cast<std::size_t>(std::count(p, p + n, '\n')))
            << n << " " << start;
        ASSERT_EQ(bytes::count_bytes(p, n, 'a'),
                  static_cast<std::size_t>(std::count(p, p + n, 'a')))
            << n << " " << start;
      }
    }
  }
  // Long runs of the counted byte: the byte counters are summed before any could pass 255.
  const std::string all(100000, '\n');
  EXPECT_EQ(bytes::count_bytes(all.data(), all.size(), '\n'), all.size());
}

TEST(Bytes, SameBytesMatchesEquality) {
  std::mt19937 rng(11);
  for (std::size_t n = 0; n < 40; ++n) {
    const std::string a = random_text(rng, n, "xy");
    std::string b = a;
    EXPECT_TRUE(bytes::same_bytes(a, b));
    for (std::size_t k = 0; k < n; ++k) {
      b[k] = b[k] == 'x' ? 'y' : 'x';
      EXPECT_FALSE(bytes::same_bytes(a, b)) << n << " " << k;
      b[k] = a[k];
    }
    EXPECT_FALSE(bytes::same_bytes(a, a + "x"));
  }
}

TEST(Bytes, FindMatchesStringViewFind) {
  std::mt19937 rng(3);
  for (int round = 0; round < 400; ++round) {
    // Small alphabets make near misses (first and last byte match, the middle does not) common.
    const std::string_view alphabet = round % 3 == 0   ? "ab"
                                      : round % 3 == 1 ? "abc"
                                                       : "sy tem\xC3\xA9";
    const std::string text = random_text(rng, rng() % 90, alphabet);
    const std::string needle = random_text(rng, rng() % 6, alphabet);
    const std::string_view t(text);
    for (std::size_t from = 0; from <= text.size() + 1; ++from)
      ASSERT_EQ(bytes::find(t, needle, from), t.find(needle, from))
          << "text=\"" << text << "\" needle=\"" << needle << "\" from=" << from;
  }
  // At the very end, and a needle as long as the text.
  EXPECT_EQ(bytes::find("0123456789abcdef", "ef"), 14u);
  EXPECT_EQ(bytes::find("0123456789abcdef", "0123456789abcdef"), 0u);
  EXPECT_EQ(bytes::find("0123456789abcdef", "0123456789abcdeF"), std::string_view::npos);
}
