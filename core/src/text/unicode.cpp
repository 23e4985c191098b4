// Character properties over generated tables (see unicode_tables.inc): canonical composition,
// case, search folding, bidi direction. UTF-8 bytes themselves are unicode_utf8.cpp's.
#include "papershelf/unicode.hpp"
#include "text/index_sort.hpp"

#include <algorithm>
#include <iterator>

namespace papershelf::unicode {
namespace {

// Every table value is in the BMP (a value outside it would not compile), so 16 bits each: the
// tables are half the size in the WASM build.
struct Composition {
  char16_t base;
  char16_t mark;
  char16_t composed;
};
struct CodePair {
  char16_t from;
  char16_t to;
};
struct CaseRun {  // (6 bytes: a last letter and a 16-bit stride took 8)
  char16_t first;
  std::uint8_t more;  // letters after `first` in the run
  std::uint8_t stride;
  std::int16_t delta;
  constexpr std::uint32_t last() const { return first + std::uint32_t{more} * stride; }
};

#include "unicode_tables.inc"

constexpr std::size_t kCompositionCount = std::size(kComposedMark);
static_assert(std::size(kComposedBaseHigh) == kCompositionCount &&
                  std::size(kComposedBaseLow) == kCompositionCount,
              "one base and one mark per precomposed letter");

constexpr std::size_t count_composed() {
  std::size_t n = 0;
  for (const CodePair& run : kComposedRuns) n += run.to - run.from + 1;
  return n;
}
static_assert(count_composed() == kCompositionCount, "the runs must cover every letter");

// The generated planes as the two tables the lookups search, built once: by precomposed letter
// (already the generated order) for stripping marks, by (base, mark) for composing. Built rather
// than stored, the download holds 3.4 bytes a letter instead of 6.
struct CompositionTables {
  CodePair by_composed[kCompositionCount] = {};  // {precomposed, base}
  Composition by_base[kCompositionCount] = {};
  CompositionTables() {
    std::size_t n = 0;
    for (const CodePair& run : kComposedRuns)
      for (std::uint32_t composed = run.from; composed <= run.to; ++composed, ++n) {
        const auto base = static_cast<char16_t>(kComposedBaseHigh[n] << 8 | kComposedBaseLow[n]);
        by_composed[n] = {static_cast<char16_t>(composed), base};
        by_base[n] = {base, static_cast<char16_t>(0x300 + kComposedMark[n]),
                      static_cast<char16_t>(composed)};
      }
    std::uint32_t order[kCompositionCount];
    for (std::uint32_t i = 0; i < kCompositionCount; ++i) order[i] = i;
    detail::sort_indices(
        order, kCompositionCount,
        [](const void* context, std::uint32_t a, std::uint32_t b) {
          const auto* all = static_cast<const Composition*>(context);
          return all[a].base != all[b].base ? all[a].base < all[b].base : all[a].mark < all[b].mark;
        },
        by_base);
    Composition sorted[kCompositionCount];
    for (std::size_t i = 0; i < kCompositionCount; ++i) sorted[i] = by_base[order[i]];
    std::copy(std::begin(sorted), std::end(sorted), std::begin(by_base));
  }
};

const CompositionTables& composition_tables() {
  static const CompositionTables tables;
  return tables;
}

template <std::size_t N>
char32_t lookup(const CodePair (&table)[N], char32_t cp) {
  auto it = std::lower_bound(std::begin(table), std::end(table), cp,
                             [](const CodePair& p, char32_t c) { return p.from < c; });
  return (it != std::end(table) && it->from == cp) ? it->to : 0;
}

// Letters with no canonical decomposition that readers still expect to match their ASCII
// spelling ("Ørsted" ~ "orsted", "Łódź" ~ "lodz", "Straße" ~ "strasse").
const char* special_fold(char32_t cp) {
  switch (cp) {
    case 0x00DF:
      return "ss";
    case 0x00E6:
    case 0x00C6:
      return "ae";
    case 0x00F8:
    case 0x00D8:
      return "o";
    case 0x0153:
    case 0x0152:
      return "oe";
    case 0x0142:
    case 0x0141:
      return "l";
    case 0x0111:
    case 0x0110:
      return "d";
    case 0x0131:
      return "i";
    case 0x0237:
      return "j";
    case 0x00FE:
    case 0x00DE:
      return "th";
    case 0x00F0:
    case 0x00D0:
      return "d";
    case 0x0127:
    case 0x0126:
      return "h";
    case 0x2019:
    case 0x2018:
    case 0x02BC:
      return "'";
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
      return "-";
    case 0x00A0:
      return " ";
    default:
      return nullptr;
  }
}

// The base letter of `cp` with all its marks stripped, or 0 when it has none: the compositions
// followed backwards (U+1EC7 ệ -> U+1EB9 ẹ -> e), then the few letters that path misses.
char32_t strip_marks(char32_t cp) {
  const CodePair(&by_composed)[kCompositionCount] = composition_tables().by_composed;
  char32_t base = 0;
  while (const char32_t next = lookup(by_composed, base ? base : cp)) base = next;
  return base ? base : lookup(kStripMarksExtra, cp);
}

constexpr std::size_t count_case_pairs() {
  std::size_t n = 0;
  for (const CaseRun& run : kToLowerRuns) n += run.more + 1u;
  return n;
}
static_assert(count_case_pairs() == kCasePairs, "kCasePairs must count the runs' letters");

// The run of kToLowerRuns that lower-cases `cp`, or nullptr.
const CaseRun* case_run_of(char32_t cp) {
  auto it = std::upper_bound(std::begin(kToLowerRuns), std::end(kToLowerRuns), cp,
                             [](char32_t c, const CaseRun& r) { return c < r.first; });
  if (it == std::begin(kToLowerRuns)) return nullptr;
  --it;
  return cp <= it->last() && (cp - it->first) % it->stride == 0 ? it : nullptr;
}

}  // namespace

bool is_combining_mark(char32_t cp) {
  return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
         (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
         (cp >= 0xFE20 && cp <= 0xFE2F);
}

char32_t compose(char32_t base, char32_t mark) {
  if (base > 0xFFFF || mark > 0xFFFF) return 0;
  const Composition key{static_cast<char16_t>(base), static_cast<char16_t>(mark), 0};
  const Composition(&table)[kCompositionCount] = composition_tables().by_base;
  auto it = std::lower_bound(std::begin(table), std::end(table), key,
                             [](const Composition& a, const Composition& b) {
                               return a.base != b.base ? a.base < b.base : a.mark < b.mark;
                             });
  if (it != std::end(table) && it->base == base && it->mark == mark) return it->composed;
  // The dotless i/j take accents as plain i/j do: {\'\i} is í, not ı + U+0301.
  if (base == 0x0131) return compose(U'i', mark);
  if (base == 0x0237) return compose(U'j', mark);
  return 0;
}

std::string to_nfc(std::string_view s) {
  // Fast path: no byte that could start a combining mark (U+0300-U+036F start with 0xCC/0xCD;
  // the other ranges with 0xE1/0xE2/0xEF).
  bool maybe = false;
  for (char c : s) {
    const auto b = static_cast<unsigned char>(c);
    if (b == 0xCC || b == 0xCD || b == 0xE1 || b == 0xE2 || b == 0xEF) {
      maybe = true;
      break;
    }
  }
  if (!maybe) return std::string(s);
  std::string out;
  out.reserve(s.size());
  char32_t pending = 0;  // last base code point, not yet written
  bool has_pending = false;
  std::size_t pos = 0;
  while (pos < s.size()) {
    const char32_t cp = decode_utf8(s, pos);
    if (has_pending && is_combining_mark(cp)) {
      if (char32_t c = compose(pending, cp)) {
        pending = c;
        continue;
      }
    }
    if (has_pending) append_utf8(out, pending);
    pending = cp;
    has_pending = true;
  }
  if (has_pending) append_utf8(out, pending);
  return out;
}

char32_t to_lower(char32_t cp) {
  if (cp < 0x80) return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
  const CaseRun* run = case_run_of(cp);
  return run ? static_cast<char32_t>(static_cast<std::int32_t>(cp) + run->delta) : cp;
}

char32_t to_upper(char32_t cp) {
  if (cp < 0x80) return (cp >= 'a' && cp <= 'z') ? cp - 32 : cp;
  // The runs expanded into {upper, lower} pairs and sorted by the lower-case side, built once.
  // Two upper-case letters can lower to the same one (Θ and ϴ to θ): the sort is stable, so
  // the lower code point wins.
  struct ByLower {
    CodePair pairs[kCasePairs] = {};
    ByLower() {
      CodePair by_upper[kCasePairs] = {};
      std::size_t n = 0;
      for (const CaseRun& run : kToLowerRuns)
        for (std::uint32_t upper = run.first; upper <= run.last(); upper += run.stride)
          by_upper[n++] = {static_cast<char16_t>(upper), static_cast<char16_t>(upper + run.delta)};
      std::uint32_t order[kCasePairs];
      for (std::uint32_t i = 0; i < kCasePairs; ++i) order[i] = i;
      detail::sort_indices(
          order, kCasePairs,
          [](const void* context, std::uint32_t a, std::uint32_t b) {
            const auto* all = static_cast<const CodePair*>(context);
            return all[a].to < all[b].to;
          },
          by_upper);
      for (std::size_t i = 0; i < kCasePairs; ++i) pairs[i] = by_upper[order[i]];
    }
  };
  static const ByLower by_lower;
  auto it = std::lower_bound(std::begin(by_lower.pairs), std::end(by_lower.pairs), cp,
                             [](const CodePair& p, char32_t c) { return p.to < c; });
  return (it != std::end(by_lower.pairs) && it->to == cp) ? it->from : cp;
}

bool is_upper(char32_t cp) { return to_lower(cp) != cp; }

bool is_letter(char32_t cp) {
  if (cp < 0x80) return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
  return (cp >= 0x00C0 && cp <= 0x024F && cp != 0x00D7 && cp != 0x00F7) ||
         (cp >= 0x0370 && cp <= 0x03FF) || (cp >= 0x0400 && cp <= 0x04FF) ||
         (cp >= 0x1E00 && cp <= 0x1FFF) || (cp >= 0x3040 && cp <= 0x9FFF) ||
         (cp >= 0xAC00 && cp <= 0xD7AF);
}

// Invisible characters that text may carry without showing them (Unicode's
// Default_Ignorable_Code_Point: soft hyphen, zero-width space/joiners, bidi controls, word joiner,
// variation selectors, BOM, tags...) and NUL: "Hu\u200D" must fold like "Hu", or a name written
// with one looks like the owner but is not matched, and a co-author counts as two people.
bool is_ignorable(char32_t cp) {
  return cp == 0 || cp == 0x00AD || cp == 0x034F || cp == 0x061C || cp == 0x115F || cp == 0x1160 ||
         cp == 0x17B4 || cp == 0x17B5 || (cp >= 0x180B && cp <= 0x180F) ||
         (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2060 && cp <= 0x206F) || cp == 0x3164 || (cp >= 0xFE00 && cp <= 0xFE0F) ||
         cp == 0xFEFF || cp == 0xFFA0 || (cp >= 0xFFF0 && cp <= 0xFFF8) ||
         (cp >= 0x1BCA0 && cp <= 0x1BCA3) || (cp >= 0x1D173 && cp <= 0x1D17A) ||
         (cp >= 0xE0000 && cp <= 0xE0FFF);
}

bool needs_bidi_isolation(std::string_view s) {
  for (std::size_t pos = 0; pos < s.size();) {
    // Everything before U+0590 (Hebrew) is left-to-right or neutral: one byte test decides.
    if (static_cast<unsigned char>(s[pos]) < 0xD6) {
      ++pos;
      continue;
    }
    const char32_t cp = decode_utf8(s, pos);
    if ((cp >= 0x0590 && cp <= 0x08FF) || cp == 0x200E || cp == 0x200F ||
        (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
        (cp >= 0xFB1D && cp <= 0xFDFF) || (cp >= 0xFE70 && cp <= 0xFEFE) ||
        (cp >= 0x10800 && cp <= 0x10FFF) || (cp >= 0x1E800 && cp <= 0x1EFFF))
      return true;
  }
  return false;
}

namespace {
// Where each run of one strong bidi class starts, as (first code point << 2) | class: 0 neutral
// (neither L, R nor AL: digits, punctuation, symbols, marks, spaces), 1 left-to-right (L), 2
// right-to-left (R and AL). Made from Unicode's Bidi_Class, with the strong letters inside
// neutral blocks kept (ª, ℝ, Ⓐ) and rare neutral letters inside letter blocks (some Indic marks)
// taken as their block's class: a title that begins with one of those is not something real.
constexpr std::uint32_t kBidiRuns[] = {
    0x0,     0x105,    0x16C,    0x185,   0x1EC,   0x2A9,   0x2AC,   0x2D5,   0x2D8,   0x2E9,
    0x2EC,   0x301,    0x35C,    0x361,   0x3DC,   0x3E1,   0xAE4,   0xAED,   0xB08,   0xB41,
    0xB48,   0xB81,    0xB94,    0xBB9,   0xBBC,   0xDC1,   0xDD0,   0xDD9,   0xDF8,   0xDFD,
    0xE10,   0xE19,    0xE1C,    0xE21,   0xFD8,   0xFDD,   0x120C,  0x1229,  0x1628,  0x162D,
    0x1634,  0x1642,   0x1644,   0x16FA,  0x16FC,  0x1702,  0x1704,  0x170E,  0x1710,  0x171A,
    0x171C,  0x1722,   0x1800,   0x1822,  0x1824,  0x182E,  0x1830,  0x1836,  0x1838,  0x186E,
    0x192C,  0x19B6,   0x19C0,   0x19C6,  0x1B58,  0x1B96,  0x1B9C,  0x1BBA,  0x1BC0,  0x1BEA,
    0x1C44,  0x1C4A,   0x1CC0,   0x1D2E,  0x1E98,  0x1EC6,  0x1FAC,  0x1FEA,  0x1FF4,  0x1FFA,
    0x2058,  0x20BA,   0x2164,   0x2172,  0x2240,  0x2282,  0x2328,  0x2401,  0x6AC0,  0x6C01,
    0x7700,  0x7801,   0x7EF4,   0x7EF9,  0x7EFC,  0x7F09,  0x7F34,  0x7F41,  0x7F74,  0x7F81,
    0x7FB4,  0x7FC1,   0x7FF4,   0x7FFD,  0x8000,  0x8039,  0x803E,  0x8040,  0x81C5,  0x81C8,
    0x81FD,  0x8200,   0x8241,   0x8274,  0x8409,  0x840C,  0x841D,  0x8420,  0x8429,  0x8450,
    0x8455,  0x8458,   0x8465,   0x8478,  0x8491,  0x8494,  0x8499,  0x849C,  0x84A1,  0x84A4,
    0x84A9,  0x84B8,   0x84BD,   0x84E8,  0x84F1,  0x8500,  0x8515,  0x8528,  0x8539,  0x8540,
    0x8581,  0x8624,   0x9271,   0x93A8,  0xA001,  0xA400,  0xB001,  0xB394,  0xB3AD,  0xB3BC,
    0xB3C9,  0xB3E4,   0xB401,   0xB5FC,  0xB601,  0xB780,  0xC015,  0xC020,  0xC085,  0xC0A8,
    0xC0C5,  0xC0D8,   0xC0E1,   0xC0F4,  0xC101,  0xC264,  0xC285,  0xC3EC,  0xC3F1,  0xC700,
    0xC7C1,  0x13700,  0x13801,  0x29240, 0x29341, 0x29C00, 0x29C89, 0x29E20, 0x29E25, 0x36000,
    0x38001, 0x3EC76,  0x3EC78,  0x3EC7E, 0x3ECA4, 0x3ECAA, 0x3F4F8, 0x3F502, 0x3F73C, 0x3F742,
    0x3F7F4, 0x3F9C2,  0x3FBFC,  0x3FC85, 0x3FCEC, 0x3FD05, 0x3FD6C, 0x3FD99, 0x3FF74, 0x40001,
    0x42002, 0x434C0,  0x434EA,  0x43980, 0x439FE, 0x44001, 0x7459C, 0x745A9, 0x745CC, 0x7460D,
    0x74614, 0x74631,  0x746A8,  0x746B9, 0x74800, 0x74919, 0x74C00, 0x74D5D, 0x75F38, 0x76001,
    0x78000, 0x780C1,  0x7A002,  0x7BBC0, 0x7BBCA, 0x7C000, 0x7C441, 0x7C4BC, 0x7C4C1, 0x7C5A8,
    0x7C5C1, 0x7C6B4,  0x7C799,  0x7C80C, 0x7C841, 0x7C8F0, 0x7C901, 0x7C924, 0x7C941, 0x7C948,
    0x7F001, 0x380000, 0x384001,
};

// The runs ship packed, built back once at first use: each run's start as its step from the one
// before with the class in the low two bits, 7 bits a byte (the high bit: more follow). 333 bytes
// in the download instead of 972; the table above is only read while compiling.
constexpr std::uint32_t bidi_step(std::size_t i) {
  const std::uint32_t previous = i ? kBidiRuns[i - 1] >> 2 : 0;
  return ((kBidiRuns[i] >> 2) - previous) << 2 | (kBidiRuns[i] & 3u);
}

constexpr std::size_t bidi_packed_size() {
  std::size_t n = 0;
  for (std::size_t i = 0; i < std::size(kBidiRuns); ++i) {
    std::uint32_t v = bidi_step(i);
    do {
      ++n;
      v >>= 7;
    } while (v);
  }
  return n;
}

struct BidiPacked {
  std::uint8_t bytes[bidi_packed_size()] = {};
};

constexpr BidiPacked pack_bidi_runs() {
  BidiPacked packed{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < std::size(kBidiRuns); ++i) {
    std::uint32_t v = bidi_step(i);
    for (; v >= 0x80; v >>= 7) packed.bytes[n++] = static_cast<std::uint8_t>(v | 0x80);
    packed.bytes[n++] = static_cast<std::uint8_t>(v);
  }
  return packed;
}

constexpr BidiPacked kBidiPacked = pack_bidi_runs();

struct BidiRuns {
  std::uint32_t at[std::size(kBidiRuns)] = {};
  BidiRuns() {
    std::size_t n = 0;
    std::uint32_t start = 0;
    for (std::size_t i = 0; i < std::size(at); ++i) {
      std::uint32_t v = 0;
      for (int shift = 0;; shift += 7) {
        const std::uint8_t byte = kBidiPacked.bytes[n++];
        v |= std::uint32_t{byte & 0x7Fu} << shift;
        if (!(byte & 0x80)) break;
      }
      start += v >> 2;
      at[i] = start << 2 | (v & 3u);
    }
  }
};
}  // namespace

Direction first_strong_direction(std::string_view s) {
  for (std::size_t pos = 0; pos < s.size();) {
    const auto byte = static_cast<unsigned char>(s[pos]);
    if (byte < 0x80) {  // (ASCII: a letter decides, anything else is neutral)
      if ((byte | 0x20) >= 'a' && (byte | 0x20) <= 'z') return Direction::LeftToRight;
      ++pos;
      continue;
    }
    const char32_t cp = decode_utf8(s, pos);
    static const BidiRuns runs;
    const auto* run = std::upper_bound(std::begin(runs.at), std::end(runs.at),
                                       (static_cast<std::uint32_t>(cp) << 2) | 3u) -
                      1;
    if ((*run & 3u) == 1) return Direction::LeftToRight;
    if ((*run & 3u) == 2) return Direction::RightToLeft;
  }
  return Direction::Neutral;
}

namespace {
// The ASCII letter or digit a mathematical letter is drawn from (ℝ, 𝒪, 𝔰, 𝟙: the decoder's
// \mathbb and kin), so that a search for "O(1)" finds "𝒪(1)"; 0 for any other character.
char math_letter(char32_t cp) {
  if (cp >= 0x1D400 && cp <= 0x1D6A3) {
    const auto i = static_cast<char>((cp - 0x1D400) % 52);
    return static_cast<char>(i < 26 ? 'a' + i : 'a' + (i - 26));
  }
  if (cp >= 0x1D7CE && cp <= 0x1D7FF) return static_cast<char>('0' + (cp - 0x1D7CE) % 10);
  if (cp < 0x2102 || cp > 0x2134) return 0;
  static constexpr struct {
    char32_t cp;
    char letter;
  } kLetterlike[] = {{0x2102, 'c'}, {0x210A, 'g'}, {0x210B, 'h'}, {0x210C, 'h'}, {0x210D, 'h'},
                     {0x2110, 'i'}, {0x2111, 'i'}, {0x2112, 'l'}, {0x2115, 'n'}, {0x2119, 'p'},
                     {0x211A, 'q'}, {0x211B, 'r'}, {0x211C, 'r'}, {0x211D, 'r'}, {0x2124, 'z'},
                     {0x2128, 'z'}, {0x212C, 'b'}, {0x212D, 'c'}, {0x212F, 'e'}, {0x2130, 'e'},
                     {0x2131, 'f'}, {0x2133, 'm'}, {0x2134, 'o'}};
  for (const auto& l : kLetterlike)
    if (l.cp == cp) return l.letter;
  return 0;
}
}  // namespace

std::string fold(std::string_view s, std::vector<std::uint32_t>* offsets) {
  std::string out;
  out.reserve(s.size());
  if (offsets) {
    offsets->clear();
    offsets->reserve(s.size());
  }
  std::size_t pos = 0;
  while (pos < s.size()) {
    const auto start = static_cast<std::uint32_t>(pos);
    char32_t cp = decode_utf8(s, pos);
    const std::size_t before = out.size();
    if (cp < 0x80 && cp != 0) {
      out += static_cast<char>((cp >= 'A' && cp <= 'Z') ? cp + 32 : cp);
    } else if (is_combining_mark(cp) || is_ignorable(cp)) {
      // dropped: decomposed accents fold like precomposed ones
    } else if (const char letter = math_letter(cp)) {
      out += letter;
    } else if (const char* sp = special_fold(cp)) {
      out += sp;
    } else {
      if (char32_t base = strip_marks(cp)) cp = base;
      if (const char* sp2 = special_fold(cp)) {
        out += sp2;
      } else {
        append_utf8(out, to_lower(cp));
      }
    }
    if (offsets) offsets->insert(offsets->end(), out.size() - before, start);
  }
  return out;
}

std::string to_lower(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t pos = 0; pos < s.size();) {
    const std::size_t start = pos;
    const char32_t cp = decode_utf8(s, pos);
    if (cp < 0x80) {
      out.push_back(static_cast<char>(to_lower(cp)));
    } else if (cp == kReplacement) {  // (an invalid byte stays as it is: lower-casing it would not
                                      // mend it)
      out.append(s.substr(start, pos - start));
    } else {
      append_utf8(out, to_lower(cp));
    }
  }
  return out;
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace papershelf::unicode
