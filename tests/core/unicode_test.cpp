// UTF-8 decoding, NFC composition and search folding (papershelf/unicode.hpp).
#include <gtest/gtest.h>

#include "papershelf/diagnostics.hpp"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"

namespace u = papershelf::unicode;
using papershelf::format_diagnostic;
using papershelf::read;
using papershelf::ReadOptions;
using papershelf::ReadResult;

namespace {

char32_t decode_at(std::string_view s, std::size_t& pos) { return u::decode_utf8(s, pos); }

std::string utf8(char32_t cp) {
  std::string s;
  u::append_utf8(s, cp);
  return s;
}

}  // namespace

TEST(Utf8, DecodesOneToFourByteSequences) {
  std::size_t pos = 0;
  EXPECT_EQ(decode_at("A", pos), U'A');
  EXPECT_EQ(pos, 1u);
  pos = 0;
  EXPECT_EQ(decode_at("\xC3\xA9", pos), 0xE9u);  // é
  EXPECT_EQ(pos, 2u);
  pos = 0;
  EXPECT_EQ(decode_at("\xE2\x80\xA0", pos), 0x2020u);  // †
  EXPECT_EQ(pos, 3u);
  pos = 0;
  EXPECT_EQ(decode_at("\xF0\x9F\x98\x80", pos), 0x1F600u);
  EXPECT_EQ(pos, 4u);
}

TEST(Utf8, InvalidSequencesYieldReplacementAndAdvanceOneByte) {
  const char* bad[] = {
      "\xC0\xAF",          // overlong '/'
      "\xE0\x80\xAF",      // overlong 3-byte
      "\xED\xA0\x80",      // UTF-16 surrogate
      "\xF4\x90\x80\x80",  // above U+10FFFF
      "\xE2\x82",          // truncated
      "\x80",              // lone continuation byte
      "\xFF",              // never valid
      "\xC3(",             // continuation missing
  };
  for (const char* s : bad) {
    std::size_t pos = 0;
    EXPECT_EQ(decode_at(s, pos), u::kReplacement) << s;
    EXPECT_EQ(pos, 1u) << s;
    EXPECT_FALSE(u::is_valid_utf8(s)) << s;
  }
}

TEST(Utf8, DecodingAlwaysTerminates) {
  const std::string junk = "\xF0\x9F\x98\xE2\x82\xC3\xFF\x80\x80";
  std::size_t pos = 0;
  int steps = 0;
  while (pos < junk.size() && steps < 100) {
    u::decode_utf8(junk, pos);
    ++steps;
  }
  EXPECT_EQ(pos, junk.size());
  EXPECT_LE(steps, static_cast<int>(junk.size()));
}

TEST(Utf8, AppendRoundTrips) {
  for (char32_t cp :
       {char32_t{0x24}, char32_t{0xA2}, char32_t{0x7FF}, char32_t{0x800}, char32_t{0x20AC},
        char32_t{0xFFFD}, char32_t{0x10000}, char32_t{0x10348}, char32_t{0x10FFFF}}) {
    const std::string s = utf8(cp);
    std::size_t pos = 0;
    EXPECT_EQ(u::decode_utf8(s, pos), cp);
    EXPECT_EQ(pos, s.size());
  }
  EXPECT_EQ(utf8(0x20AC), "\xE2\x82\xAC");
  EXPECT_EQ(utf8(0x10348), "\xF0\x90\x8D\x88");
}

TEST(Utf8, ValidityAndCounting) {
  EXPECT_TRUE(u::is_valid_utf8(""));
  EXPECT_TRUE(u::is_valid_utf8("plain ascii"));
  EXPECT_TRUE(u::is_valid_utf8("Łódź, Zürich, 北京, Ωmega"));
  EXPECT_TRUE(u::is_valid_utf8("\xEF\xBF\xBD"));  // an encoded U+FFFD is valid text
  EXPECT_EQ(u::count_code_points(""), 0u);
  EXPECT_EQ(u::count_code_points("Łódź"), 4u);
  EXPECT_EQ(u::count_code_points("北京"), 2u);
  EXPECT_EQ(u::count_code_points("a\xF0\x9F\x98\x80z"), 3u);
}

TEST(Utf8, SanitizeReplacesEachBadByte) {
  std::string ok = "Zürich";
  EXPECT_EQ(u::sanitize_utf8(ok), 0u);
  EXPECT_EQ(ok, "Zürich");

  std::string s =
      "a\xFF"
      "b";
  EXPECT_EQ(u::sanitize_utf8(s), 1u);
  EXPECT_EQ(s,
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_TRUE(u::is_valid_utf8(s));

  std::string truncated = "x\xE2\x82";  // a cut-off euro sign: two bytes, two replacements
  EXPECT_EQ(u::sanitize_utf8(truncated), 2u);
  EXPECT_EQ(truncated, "x\xEF\xBF\xBD\xEF\xBF\xBD");

  std::string keep = "\xEF\xBF\xBD\xC3";  // an existing U+FFFD is not counted
  EXPECT_EQ(u::sanitize_utf8(keep), 1u);
  EXPECT_EQ(keep, "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(Nfc, ComposesBaseAndMark) {
  EXPECT_EQ(u::compose(U'e', 0x0301), 0x00E9u);
  EXPECT_EQ(u::compose(U'C', 0x0327), 0x00C7u);
  EXPECT_EQ(u::compose(U'z', 0x030C), 0x017Eu);
  EXPECT_EQ(u::compose(0x0131, 0x0301), 0x00EDu);  // dotless i takes accents as i
  EXPECT_EQ(u::compose(U'q', 0x0301), 0u);
  EXPECT_TRUE(u::is_combining_mark(0x0301));
  EXPECT_TRUE(u::is_combining_mark(0x0323));
  EXPECT_FALSE(u::is_combining_mark(U'e'));
  EXPECT_FALSE(u::is_combining_mark(0x00E9));
}

TEST(Nfc, DecomposedBecomesPrecomposed) {
  EXPECT_EQ(u::to_nfc("Zu\xCC\x88rich"), "Zürich");
  EXPECT_EQ(u::to_nfc("Sa\xCC\x81"
                      "nchez"),
            "Sánchez");
  EXPECT_EQ(u::to_nfc("Dvor\xCC\x8C"
                      "a\xCC\x81k"),
            "Dvořák");
  EXPECT_EQ(u::to_nfc("Ge\xCC\x81rard, Franc\xCC\xA7"
                      "ois"),
            "Gérard, François");
  // Greek with tonos, Cyrillic with breve.
  EXPECT_EQ(u::to_nfc("\xCE\xB1\xCC\x81"), "ά");
  EXPECT_EQ(u::to_nfc("\xD0\xB8\xCC\x86"), "й");
}

TEST(Nfc, VietnameseStackedMarks) {
  // NFD of "Nguyễn": ễ = e + circumflex (U+0302) + tilde (U+0303).
  EXPECT_EQ(u::to_nfc("Nguye\xCC\x82\xCC\x83"
                      "n"),
            "Nguyễn");
  // NFD of "Việt": ệ = e + dot below (U+0323) + circumflex (U+0302).
  EXPECT_EQ(u::to_nfc("Vie\xCC\xA3\xCC\x82"
                      "t"),
            "Việt");
  // "Trường": ư = u + horn; ờ = o + horn (U+031B) + grave (U+0300).
  EXPECT_EQ(u::to_nfc("Tru\xCC\x9B"
                      "o\xCC\x9B\xCC\x80"
                      "ng"),
            "Trường");
  // Already composed text is unchanged.
  EXPECT_EQ(u::to_nfc("Nguyễn Việt Trường"), "Nguyễn Việt Trường");
}

TEST(Nfc, LeavesOtherTextAlone) {
  EXPECT_EQ(u::to_nfc(""), "");
  EXPECT_EQ(u::to_nfc("plain"), "plain");
  EXPECT_EQ(u::to_nfc("北京大学 †‡"), "北京大学 †‡");
  // A mark with nothing to compose with stays as it is.
  EXPECT_EQ(u::to_nfc("\xCC\x81"
                      "a"),
            "\xCC\x81"
            "a");
  EXPECT_EQ(u::to_nfc("q\xCC\x81"), "q\xCC\x81");
}

TEST(Fold, CaseAndDiacritics) {
  EXPECT_EQ(u::fold("Zürich"), "zurich");
  EXPECT_EQ(u::fold("Zu\xCC\x88rich"), "zurich");  // decomposed folds the same
  EXPECT_EQ(u::fold("Sánchez"), "sanchez");
  EXPECT_EQ(u::fold("José GARCÍA"), "jose garcia");
  EXPECT_EQ(u::fold("Dvořák"), "dvorak");
  EXPECT_EQ(u::fold("Nguyễn"), "nguyen");
  EXPECT_EQ(u::fold("Çağlar Gülçehre"), "caglar gulcehre");
}

TEST(Fold, LettersWithoutDecomposition) {
  EXPECT_EQ(u::fold("Łódź"), "lodz");
  EXPECT_EQ(u::fold("Straße"), "strasse");
  EXPECT_EQ(u::fold("Ørsted"), "orsted");
  EXPECT_EQ(u::fold("Æsir"), "aesir");
  EXPECT_EQ(u::fold("Đặng"), "dang");
  EXPECT_EQ(u::fold("Işık"), "isik");
  EXPECT_EQ(u::fold("Œuvre"), "oeuvre");
}

TEST(Fold, GreekAndCyrillicLowerCase) {
  EXPECT_EQ(u::fold("ΑΘΗΝΑ"), "αθηνα");
  EXPECT_EQ(u::fold("Αθήνα"), "αθηνα");
  EXPECT_EQ(u::fold("МОСКВА"), "москва");
  EXPECT_EQ(u::fold("Чебышёв"), "чебышев");
  EXPECT_EQ(u::to_lower(0x03A3), 0x03C3u);  // Σ -> σ
  EXPECT_EQ(u::to_lower(0x0416), 0x0436u);  // Ж -> ж
  EXPECT_EQ(u::to_upper(0x0436), 0x0416u);
  EXPECT_EQ(u::to_upper(U'q'), U'Q');
  EXPECT_TRUE(u::is_upper(0x0141));  // Ł
  EXPECT_FALSE(u::is_upper(0x0142));
  EXPECT_TRUE(u::is_letter(0x03B1));
  EXPECT_TRUE(u::is_letter(0x4E2D));  // 中
  EXPECT_FALSE(u::is_letter(U'*'));
  EXPECT_FALSE(u::is_letter(0x2020));  // †
}

// The case and mark tables are stored compactly (runs, compositions followed backwards); these
// are the letters each shortcut could get wrong.
TEST(Fold, EveryMarkStripsAndEveryCaseRunHolds) {
  EXPECT_EQ(u::fold("ỆỄṎǗ"), "eeou");  // two marks: stripped through two steps
  EXPECT_EQ(u::fold("\u1F71 \u1F73 \u1FBE \u0390"), "α ε ι ι");  // Greek oxia, prosgegrammeni, ΐ
  EXPECT_EQ(u::fold("Ǻ"), "a");                                  // ring and acute on A
  EXPECT_EQ(u::to_lower(0x0100), 0x0101u);                       // Ā: a stride-2 run
  EXPECT_EQ(u::to_lower(0x0101), 0x0101u);  // ā: the lower letter between two upper ones
  EXPECT_EQ(u::to_lower(0x0178), 0x00FFu);  // Ÿ -> ÿ, downwards
  EXPECT_EQ(u::to_lower(0x1E9E), 0x00DFu);  // ẞ -> ß
  EXPECT_EQ(u::to_lower(0x00D7), 0x00D7u);  // × inside the À-Þ run is not a letter
  EXPECT_EQ(u::to_lower(0x0181), 0x0253u);  // Ɓ -> ɓ, a run of one
  EXPECT_EQ(u::to_upper(0x03B8), 0x0398u);  // θ -> Θ (not ϴ, which lowers to θ too)
  EXPECT_EQ(u::to_upper(0x00FF), 0x0178u);
  EXPECT_EQ(u::to_upper(0x0101), 0x0100u);
  EXPECT_EQ(u::to_upper(0x0100), 0x0100u);
  for (char32_t cp = 0x80; cp < 0x2000; ++cp) {
    const char32_t lower = u::to_lower(cp);
    if (lower != cp) {
      EXPECT_EQ(u::to_lower(lower), lower) << std::hex << cp;
    }
  }
}

TEST(Fold, KeepsPunctuationAndUnifiesDashes) {
  EXPECT_EQ(u::fold("GPU-Accelerated, (Fast)!"), "gpu-accelerated, (fast)!");
  EXPECT_EQ(u::fold("O’Brien"), "o'brien");
  EXPECT_EQ(u::fold("2019–2024"), "2019-2024");
  EXPECT_EQ(u::fold("北京"), "北京");
}

TEST(Fold, OffsetsPointBackToSourceCodePoints) {
  std::vector<std::uint32_t> offsets;
  // "Zürich": Z0 ü1-2 r3 i4 c5 h6
  EXPECT_EQ(u::fold("Zürich", &offsets), "zurich");
  EXPECT_EQ(offsets, (std::vector<std::uint32_t>{0, 1, 3, 4, 5, 6}));

  // "Straße": ß (bytes 4-5) expands to "ss"; both output bytes point at it.
  EXPECT_EQ(u::fold("Straße", &offsets), "strasse");
  EXPECT_EQ(offsets, (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 4, 6}));

  // Decomposed: the dropped mark (bytes 2-3) has no output byte.
  EXPECT_EQ(u::fold("Zu\xCC\x88r", &offsets), "zur");
  EXPECT_EQ(offsets, (std::vector<std::uint32_t>{0, 1, 4}));

  // Multi-byte output: every byte of "α" points at the source "Α".
  EXPECT_EQ(u::fold("xΑ", &offsets), "xα");
  EXPECT_EQ(offsets, (std::vector<std::uint32_t>{0, 1, 1}));

  // One offset per output byte, always.
  const std::string text = "Łódź Straße ΑΘΗΝΑ Nguyễn";
  const std::string folded = u::fold(text, &offsets);
  ASSERT_EQ(offsets.size(), folded.size());
  for (std::uint32_t o : offsets) EXPECT_LT(o, text.size());
}

TEST(EscapeControls, ShowsWhatATerminalWouldObey) {
  EXPECT_EQ(u::escape_controls("a\x1B[2Jb\x07\x7F\n"), "a\\x1b[2Jb\\x07\\x7f\\x0a");
  EXPECT_EQ(u::escape_controls("\xC2\x9B"
                               "31m \xC2\x85 \xC2\xA0"),
            "\\u009b31m \\u0085 \xC2\xA0");  // C1 controls; NBSP stays
  EXPECT_EQ(u::escape_controls("\x9B"
                               "31m \xFF"),
            "\\x9b31m \\xff");  // (bytes that are not UTF-8)
  EXPECT_EQ(u::escape_controls("\xE2\x80\xAE"
                               "a\xE2\x81\xA9\xD8\x9C"),
            "\\u202ea\\u2069\\u061c");
  // Outside diagnostics the bidirectional controls may be kept: they belong to right-to-left text.
  EXPECT_EQ(u::escape_controls("\xE2\x80\xAB\xD7\xA9\xE2\x80\xAC\x1B", false),
            "\xE2\x80\xAB\xD7\xA9\xE2\x80\xAC\\x1b");
  // The line and paragraph separators start a new line in editors and log viewers.
  EXPECT_EQ(u::escape_controls("a\xE2\x80\xA8"
                               "b\xE2\x80\xA9",
                               false),
            "a\\u2028b\\u2029");
  const std::string plain = "Caf\xC3\xA9 \\textbf{x} \xE5\x8C\x97 \xF0\x9F\x93\x84 \xEF\xBF\xBD";
  EXPECT_EQ(u::escape_controls(plain), plain);
  // Its output is its own: escaped twice, it reads the same.
  const std::string once = u::escape_controls("k\x02\xE2\x80\xAE\xFF");
  EXPECT_EQ(u::escape_controls(once), once);
}

// A key a diagnostic quotes shows what was in it the way every diagnostic line does (\x02, not a
// replacement character that hides which control it was).
TEST(EscapeControls, KeysInDiagnosticsAreShownAsEveryDiagnosticShowsThem) {
  ReadOptions options;
  options.source_name = "k.bib";
  const ReadResult r = read(
      "@misc{a\x02"
      "b\xE2\x80\xA8, title = {T}}",
      options);
  ASSERT_EQ(r.library.publications.size(), 1u);
  ASSERT_FALSE(r.diagnostics.empty());
  const std::string line = format_diagnostic(r.diagnostics[0]);
  EXPECT_NE(line.find("'a\\x02b\\u2028'"), std::string::npos) << line;
  EXPECT_EQ(line.find("\xEF\xBF\xBD"), std::string::npos) << line;
}

// The direction dir="auto" would find: the first letter's, whatever neutral text comes first.
TEST(FirstStrongDirection, TheFirstLetterDecidesAsDirAutoDoes) {
  using papershelf::unicode::Direction;
  using papershelf::unicode::first_strong_direction;
  EXPECT_EQ(first_strong_direction("Fast Things"), Direction::LeftToRight);
  EXPECT_EQ(first_strong_direction("2024: \xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D"),
            Direction::RightToLeft);  // 2024: שלום
  EXPECT_EQ(first_strong_direction("\xD9\xA1\xD9\xA2 \xD8\xAA\xD8\xB9\xD9\x84\xD9\x85"),
            Direction::RightToLeft);  // ١٢ تعلم: Arabic digits are not strong
  EXPECT_EQ(first_strong_direction("\xD9\xA1\xD9\xA2 Deep"), Direction::LeftToRight);
  EXPECT_EQ(first_strong_direction("\xE2\x80\x94 \xC3\x89tude"),
            Direction::LeftToRight);  // — Étude
  EXPECT_EQ(first_strong_direction("\xE2\x80\xAE"
                                   "abc"),
            Direction::LeftToRight)
      << "an override is no letter";
  EXPECT_EQ(first_strong_direction("\xE2\x80\x8F"
                                   "abc"),
            Direction::RightToLeft)
      << "RLM is strong";
  EXPECT_EQ(first_strong_direction("\xC2\xAA"), Direction::LeftToRight)
      << "ª is a letter among Latin-1's symbols";
  EXPECT_EQ(first_strong_direction("\xE6\xB7\xB1\xE5\xBA\xA6\xE5\xAD\xA6\xE4\xB9\xA0"),
            Direction::LeftToRight);  // 深度学习
  EXPECT_EQ(first_strong_direction("\xF0\x9F\x93\x9A x"), Direction::LeftToRight)
      << "an emoji is neutral";
  EXPECT_EQ(first_strong_direction("\xDC\x90\xDC\xA0"), Direction::RightToLeft);  // Syriac
  EXPECT_EQ(first_strong_direction("x\xC2\xB2\xE2\x82\x83"), Direction::LeftToRight);
  EXPECT_EQ(first_strong_direction("\xC2\xB2\xE2\x82\x83 (1) -- 3.14"), Direction::Neutral);
  EXPECT_EQ(first_strong_direction(""), Direction::Neutral);
  EXPECT_EQ(first_strong_direction("\xFF\xFE"), Direction::Neutral) << "bytes that are not UTF-8";
}

// The decoder writes \mathbb{R} as ℝ and \mathcal{O} as 𝒪: a search types R and O.
TEST(Fold, MathematicalLettersFoldToTheirLetters) {
  EXPECT_EQ(
      u::fold("\U0001D4AA(1) \u211D \U0001D530\U0001D529 \U0001D7D9 \u2102 \U0001D400\U0001D41A"),
      "o(1) r sl 1 c aa");
}
