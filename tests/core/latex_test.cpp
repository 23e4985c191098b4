// LaTeX decoding to NFC Unicode with style spans, and encode() as its inverse.
#include "papershelf/latex.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace papershelf::latex {
namespace {

std::string text_of(std::string_view s) { return decode(s).text; }

TEST(LatexDecode, AccentsBracedUnbracedAndDotless) {
  EXPECT_EQ(text_of("{\\'\\i}"), "\u00ED");
  EXPECT_EQ(text_of("\\'{\\i}"), "\u00ED");
  EXPECT_EQ(text_of("\\'i"), "\u00ED");
  EXPECT_EQ(text_of("{\\\"u}ber"), "über");
  EXPECT_EQ(text_of("\\\"{u}"), "ü");
  EXPECT_EQ(text_of("\\c{c} \\c c"), "ç ç");
  EXPECT_EQ(text_of("\\v{s}\\k{a}\\H{o}\\r{a}\\u{g}\\={o}\\.{z}\\~{n}\\`{e}\\^{o}"), "šąőåğōżñèô");
  EXPECT_EQ(text_of("Garc\\'{\\i}a"), "García");
  EXPECT_EQ(text_of("Jean-Fran{\\c{c}}ois"), "Jean-François");
  EXPECT_EQ(text_of("{G}{\\\"{o}}del"), "Gödel");
  EXPECT_EQ(text_of("Strabi{\\'{c}} Strabi\\'{c}"), "Strabić Strabić");
  EXPECT_EQ(text_of("\\~{}user"), "~user");
}

TEST(LatexDecode, SpecialLettersAndEscapes) {
  EXPECT_EQ(text_of("{\\AA}ngstr{\\\"o}m"), "Ångström");
  EXPECT_EQ(text_of("\\ss{} \\o{} \\O{} \\ae{} \\AE{} \\oe{} \\aa{} \\l{} \\L{} \\i"),
            "ß ø Ø æ Æ œ å ł Ł ı");
  EXPECT_EQ(text_of("\\& \\% \\$ \\# \\_ \\{ \\}"), "& % $ # _ { }");
  EXPECT_EQ(text_of("1--2 a---b ``q'' \\textendash\\textemdash"), "1–2 a—b “q” –—");
  EXPECT_EQ(text_of("a~b"), "a\u00A0b");
  EXPECT_EQ(text_of("Queen's"), "Queen's");
}

TEST(LatexDecode, RawUtf8IsKeptAndComposed) {
  EXPECT_EQ(text_of("García"), "García");
  EXPECT_EQ(text_of("Garci\u0301a"), "García");  // decomposed input becomes NFC
  EXPECT_EQ(text_of("  many \n  spaces  "), "many spaces");
  // Values with nothing to decode but one doubled space, wherever it is in a long run of words.
  const std::string words = "Plain words of a title that runs on and on";
  for (std::size_t at = 0; at < words.size(); ++at) {
    if (words[at] != ' ') continue;
    std::string doubled = words;
    doubled.insert(at, " ");
    EXPECT_EQ(text_of(doubled), words) << doubled;
  }
}

TEST(LatexDecode, StylesBecomeSpans) {
  const RichText t = decode("A \\emph{new} {GPU} \\textbf{fast} $x^2$ \\url{http://a.b/c_d}");
  EXPECT_EQ(t.text, "A new GPU fast x^2 http://a.b/c_d");
  ASSERT_EQ(t.spans.size(), 5u);
  EXPECT_EQ(t.spans[0], (Span{2, 5, SpanStyle::Italic, ""}));
  EXPECT_EQ(t.spans[1], (Span{6, 9, SpanStyle::NoCase, ""}));
  EXPECT_EQ(t.spans[2], (Span{10, 14, SpanStyle::Bold, ""}));
  EXPECT_EQ(t.spans[3], (Span{15, 18, SpanStyle::Math, ""}));
  EXPECT_EQ(t.spans[4], (Span{19, 33, SpanStyle::Link, "http://a.b/c_d"}));
  const RichText h = decode("\\href{https://x.org}{the site} and {\\em old}");
  EXPECT_EQ(h.text, "the site and old");
  ASSERT_EQ(h.spans.size(), 2u);
  EXPECT_EQ(h.spans[0], (Span{0, 8, SpanStyle::Link, "https://x.org"}));
  EXPECT_EQ(h.spans[1].style, SpanStyle::Italic);
}

TEST(LatexDecode, MathIsKeptVerbatim) {
  const RichText t = decode("Bounds for $O(n \\log n)$ and $\\alpha_{1}$--sorting");
  EXPECT_EQ(t.text, "Bounds for O(n \\log n) and \\alpha_{1}–sorting");
}

TEST(LatexDecode, UnknownCommandKeepsArgumentAndWarns) {
  std::vector<DecodeWarning> warnings;
  EXPECT_EQ(decode("see \\foo{bar} now", &warnings).text, "see bar now");
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].offset, 4u);
}

TEST(LatexDecode, HostileInputTerminates) {
  std::string deep(10000, '{');
  deep += "x";
  EXPECT_EQ(text_of(deep), "x");
  EXPECT_EQ(text_of(std::string(10000, '}')), "");
  EXPECT_EQ(text_of("\\"), "\\");
  EXPECT_EQ(text_of("$unclosed"), "$unclosed");
  EXPECT_EQ(text_of("\\'"), "\u00B4");
}

TEST(LatexEncode, RoundTripsDecodedText) {
  const char* samples[] = {
      "A \\emph{new} {GPU} \\textbf{fast} $x^2$ \\url{http://a.b/c_d}",
      "\\& 50\\% \\$ \\# a\\_b \\{x\\} back\\textbackslash{}slash",
      "{\\\"U}ber --- Garc{\\'\\i}a~and `` `x' '' -{}-",
      "\\emph{{GPU} kernels} {\\emph{x}} {\\&} {$\\alpha$}",
      "\\href{https://x.org}{site \\textbf{bold}} \\textsc{Sc} \\texttt{tt}",
      "Hu*\u2020 {\\AA}ngstr\u00F6m ~~ tilde \\textasciitilde{} caret ^",
  };
  for (const char* s : samples) {
    const RichText once = decode(s);
    const std::string encoded = encode(once);
    EXPECT_EQ(decode(encoded), once) << s << "\n  encoded: " << encoded;
  }
}

TEST(LatexDecode, NestingDeeperThanAnyRealValueOnlyGroups) {
  // Past 256 open groups, further braces only group (no state each: a million nested braces took
  // 48 MB); what is outside them is styled as before, and the text is all there.
  const std::string deep = std::string(1000, '{') + "x\\textbf{y}" + std::string(1000, '}');
  const RichText t = decode("\\emph{" + deep + "} tail {\\bf b}");
  EXPECT_EQ(t.text, "xy tail b");
  ASSERT_FALSE(t.spans.empty());
  EXPECT_TRUE(std::find(t.spans.begin(), t.spans.end(), Span{0, 2, SpanStyle::Italic, ""}) != t.spans.end());
  EXPECT_TRUE(std::find(t.spans.begin(), t.spans.end(), Span{8, 9, SpanStyle::Bold, ""}) != t.spans.end());
  // Unbalanced: closed at the end, the text kept.
  EXPECT_EQ(text_of(std::string(5000, '{') + "open"), "open");
}

}  // namespace
}  // namespace papershelf::latex
