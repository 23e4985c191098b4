// Word-at-a-time byte helpers for the reader's and the search's hot loops. They matter most in
// WebAssembly, where libc's memchr and memcmp are plain byte loops behind a call: counting line
// ends and comparing cached names took about a tenth of a read there, and memchr inside
// string_view::find more than a third of a search.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "bytes.hpp assumes a little-endian target (x86, ARM, WebAssembly)"
#endif

namespace papershelf::bytes {

inline std::uint64_t load_word(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// 0x80 in each byte of `w` that equals `c`, 0 elsewhere. Exact: unlike the shorter
// (x - 0x01..) & ~x form, no borrow runs from one byte into the next.
inline std::uint64_t bytes_equal_to(std::uint64_t w, char c) {
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7full;
  const std::uint64_t x = w ^ (0x0101010101010101ull * static_cast<unsigned char>(c));
  return ~(((x & kLow7) + kLow7) | x | kLow7);
}

// Index (0-7) of the first / last byte flagged in a nonzero bytes_equal_to() mask.
inline unsigned first_flagged(std::uint64_t mask) {
  return static_cast<unsigned>(__builtin_ctzll(mask)) / 8;
}
inline unsigned last_flagged(std::uint64_t mask) {
  return 7 - static_cast<unsigned>(__builtin_clzll(mask)) / 8;
}
// (A loop, not popcount: flagged bytes are sparse here, and x86-64 without -mpopcnt makes
// __builtin_popcountll a dozen instructions.)
inline unsigned count_flagged(std::uint64_t mask) {
  unsigned count = 0;
  for (; mask; mask &= mask - 1) ++count;
  return count;
}

// How many bytes of [p, p + n) equal `c`. Each word's matches are added as 0/1 into eight byte
// counters at once, which are summed before any of them could pass 255.
inline std::size_t count_bytes(const char* p, std::size_t n, char c) {
  constexpr std::uint64_t kLowBytes = 0x00FF00FF00FF00FFull;
  auto flags = [&](std::size_t at) { return bytes_equal_to(load_word(p + at), c) >> 7; };
  std::size_t count = 0, i = 0;
  while (i + 8 <= n) {
    std::uint64_t counters = 0;
    int steps = 0;  // of four words: at most 63 (252 words) before the counters are summed
    for (; steps < 63 && i + 32 <= n; ++steps, i += 32)
      counters += flags(i) + flags(i + 8) + flags(i + 16) + flags(i + 24);
    if (steps < 63)  // fewer than four words left
      for (; i + 8 <= n; i += 8) counters += flags(i);
    // Eight byte counters (at most 255 each) -> four 16-bit sums -> one.
    const std::uint64_t pairs = (counters & kLowBytes) + ((counters >> 8) & kLowBytes);
    count += static_cast<std::size_t>((pairs * 0x0001000100010001ull) >> 48);
  }
  for (; i < n; ++i) count += p[i] == c;
  return count;
}

// Whether `s` starts with `lower_prefix` (ASCII, lower case) in any case: "HTTPS://", "Mailto:".
inline bool starts_with_ci(std::string_view s, std::string_view lower_prefix) {
  if (s.size() < lower_prefix.size()) return false;
  for (std::size_t i = 0; i < lower_prefix.size(); ++i) {
    const char c = s[i] >= 'A' && s[i] <= 'Z' ? static_cast<char>(s[i] + 32) : s[i];
    if (c != lower_prefix[i]) return false;
  }
  return true;
}

// a == b, eight bytes at a time.
inline bool same_bytes(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  const char* x = a.data();
  const char* y = b.data();
  std::size_t n = a.size();
  for (; n >= 8; n -= 8, x += 8, y += 8)
    if (load_word(x) != load_word(y)) return false;
  for (; n > 0; --n, ++x, ++y)
    if (*x != *y) return false;
  return true;
}

// The first position >= `from` where `needle` occurs in `text`, or std::string_view::npos.
// Eight candidate positions at a time: a position is tested only when both its first and its
// last byte match the needle's. (std::string_view::find calls memchr for the first byte alone,
// which for a search like "sys" in English text stops every few bytes.)
inline std::size_t find(std::string_view text, std::string_view needle, std::size_t from = 0) {
  const std::size_t n = text.size();
  const std::size_t m = needle.size();
  if (m == 0) return from <= n ? from : std::string_view::npos;
  if (m > n || from > n - m) return std::string_view::npos;
  const char* const t = text.data();
  const char first = needle.front();
  const char last = needle.back();
  std::size_t i = from;
  for (; i + (m - 1) + 8 <= n; i += 8) {
    std::uint64_t candidates =
        bytes_equal_to(load_word(t + i), first) & bytes_equal_to(load_word(t + i + (m - 1)), last);
    for (; candidates; candidates &= candidates - 1) {
      const std::size_t at = i + first_flagged(candidates);
      if (same_bytes(std::string_view(t + at, m), needle)) return at;
    }
  }
  for (; i + m <= n; ++i)
    if (t[i] == first && same_bytes(std::string_view(t + i, m), needle)) return i;
  return std::string_view::npos;
}

// `text` with every `from` (not empty) replaced by `to`, in one pass. (Replacing each in place
// moves the rest of the text every time: quadratic in the number of replacements.)
inline std::string replaced(std::string_view text, std::string_view from, std::string_view to) {
  std::string out;
  std::size_t done = 0;
  for (std::size_t at = find(text, from); at != std::string_view::npos;
       at = find(text, from, done)) {
    if (out.empty()) out.reserve(text.size() + text.size() / 4);
    out.append(text.data() + done, at - done);
    out.append(to.data(), to.size());
    done = at + from.size();
  }
  if (done == 0) return std::string(text);
  out.append(text.data() + done, text.size() - done);
  return out;
}

}  // namespace papershelf::bytes
