// LaTeX decoding to NFC Unicode with style spans, and encode() as its inverse.
#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"

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
  EXPECT_EQ(t.text, "A new GPU fast x² http://a.b/c_d");
  ASSERT_EQ(t.spans.size(), 5u);
  EXPECT_EQ(t.spans[0], (Span{2, 5, SpanStyle::Italic, ""}));
  EXPECT_EQ(t.spans[1], (Span{6, 9, SpanStyle::NoCase, ""}));
  EXPECT_EQ(t.spans[2], (Span{10, 14, SpanStyle::Bold, ""}));
  EXPECT_EQ(t.spans[3], (Span{15, 18, SpanStyle::Math, "x^2"}));  // the TeX source, for BibTeX
  EXPECT_EQ(t.spans[4], (Span{19, 33, SpanStyle::Link, "http://a.b/c_d"}));
  const RichText h = decode("\\href{https://x.org}{the site} and {\\em old}");
  EXPECT_EQ(h.text, "the site and old");
  ASSERT_EQ(h.spans.size(), 2u);
  EXPECT_EQ(h.spans[0], (Span{0, 8, SpanStyle::Link, "https://x.org"}));
  EXPECT_EQ(h.spans[1].style, SpanStyle::Italic);
  // A switch to a style already in force, from a switch or an argument alike, adds no span.
  for (const char* s : {"\\em a \\em b", "\\emph{a \\em b}", "\\textbf{a {\\bf b}}"}) {
    SCOPED_TRACE(s);
    EXPECT_EQ(decode(s).spans.size(), 1u);
  }
}

// Real titles' math: what Unicode can say becomes Unicode, the span keeps the source.
TEST(LatexDecode, MathBecomesUnicodeAndKeepsItsSource) {
  const RichText t = decode("Bounds for $O(n \\log n)$ and $\\alpha_{1}$--sorting");
  EXPECT_EQ(t.text, "Bounds for O(n log n) and α₁–sorting");
  ASSERT_EQ(t.spans.size(), 2u);
  EXPECT_EQ(t.spans[0].url, "O(n \\log n)");
  EXPECT_EQ(t.spans[1].url, "\\alpha_{1}");
  const std::pair<const char*, const char*> kCases[] = {
      {"$\\beta$-lactone", "β-lactone"},
      {"$\\ell_p$ norms", "ℓₚ norms"},
      {"$x<y$ and $x \\le y$", "x<y and x ≤ y"},
      {"\\(\\oplus\\) and \\[a \\times b\\]", "⊕ and a × b"},
      {"$\\mathcal{O}(1)$ time", "\U0001D4AA(1) time"},
      {"{}^{\\mbox{0}}C", "⁰C"},
      {"Gas at z {\\ensuremath{\\sim}} 1 with {\\ensuremath{\\lambda}}$^2$",
       "Gas at z ∼ 1 with λ²"},
      {"$x^{-1}$, $e^{i\\pi}$, $a_{ij}$", "x⁻¹, eiπ, aᵢⱼ"},  // (iπ a Superscript span)
      {"$x^q$ and $x^{a b}$", "xq and xa b"},                // no superscript q: spans (below)
      {"$\\frac{1}{2}$ and $\\sqrt{n}$", "1/2 and √n"},
      {"$\\hat{x}$, $\\vec v$, $a \\not= b$", "x̂, v⃗, a ≠ b"},
      {"$$E = mc^2$$ holds", "E = mc² holds"},
      {"$\\left( \\frac{a}{b} \\right)$", "( a/b )"},
      {"$\\mathbb{R}^n$, $\\mathrm{d}x$", "\u211Dⁿ, dx"},
      {"$f'(x)$, $a-b$", "f′(x), a−b"},
      {"$\\vphantom{x}y$", "y"},
      {"300$^\\circ$C and $C^*$-algebras", "300\u00B0C and C*-algebras"},
  };
  for (const auto& [tex, shown] : kCases) {
    std::vector<DecodeWarning> warnings;
    const RichText decoded = decode(tex, &warnings);
    EXPECT_EQ(decoded.text, shown) << tex;
    EXPECT_TRUE(warnings.empty()) << tex << ": " << warnings[0].message;
    // Math the decoder reads is math a page's KaTeX or MathJax may typeset.
    for (const Span& s : decoded.spans)
      if (s.style == SpanStyle::Math) {
        EXPECT_TRUE(typesettable(s.url)) << s.url;
      }
  }
  // A script Unicode has no forms for is a span inside the math's: Ξ_b⁰ is Ξ<sub>b</sub>⁰, and
  // \textsuperscript{th} is a span too ("5<sup>th</sup>"); symbols stay after their caret.
  const RichText xi =
      decode("the $\\Xi_b^0$ baryon, $K^{*0}$, the 5\\textsuperscript{th}, Hu$^{\\dagger}$");
  EXPECT_EQ(xi.text, "the Ξb⁰ baryon, K*0, the 5th, Hu^†");
  std::vector<std::pair<std::string, SpanStyle>> scripts;
  for (const Span& s : xi.spans)
    if (s.style == SpanStyle::Superscript || s.style == SpanStyle::Subscript)
      scripts.emplace_back(xi.text.substr(s.begin, s.end - s.begin), s.style);
  const std::vector<std::pair<std::string, SpanStyle>> kScripts = {
      {"b", SpanStyle::Subscript}, {"*0", SpanStyle::Superscript}, {"th", SpanStyle::Superscript}};
  EXPECT_EQ(scripts, kScripts);
  // Math in braces (protection) or in \ensuremath is a span too, with its source.
  const RichText e = decode("z {\\ensuremath{\\sim}} 1");
  ASSERT_EQ(e.spans.size(), 1u);  // ({\ is a special-character group: no protection span)
  EXPECT_EQ(e.spans[0], (Span{2, 5, SpanStyle::Math, "\\sim"}));
}

TEST(LatexDecode, SymbolsOfTextAndMath) {
  const std::pair<const char*, const char*> kCases[] = {
      {"{\\Lambda} and the limits", "Λ and the limits"},
      {"ICMR {\\textquotesingle}19", "ICMR '19"},
      {"\\textless{}b\\textgreater{} \\textasciitilde{}5 \\textdegree{}C", "<b> ~5 °C"},
      {"Foo\\textregistered{} Bar\\texttrademark{} and\\textellipsis{}", "Foo® Bar™ and…"},
      {"1\\textendash{}2", "1–2"},
      {"{\\sim}100 {\\approx} {\\pm}1 {\\cdot} {\\infty} {\\partial} {\\rightarrow}",
       "∼100 ≈ ±1 ⋅ ∞ ∂ →"},
      {"\\mbox{ab} \\text{cd} a\\ b", "ab cd a b"},
      {"\\Omega and \\omega", "Ωand ω"},  // (TeX: a command word eats the space)
      {"5\\textsuperscript{th} and H\\textsubscript{2}O", "5th and H₂O"},
  };
  for (const auto& [tex, shown] : kCases) {
    std::vector<DecodeWarning> warnings;
    EXPECT_EQ(decode(tex, &warnings).text, shown) << tex;
    EXPECT_TRUE(warnings.empty()) << tex << ": " << warnings[0].message;
  }
}

TEST(LatexDecode, AstronomyJournalMacros) {
  EXPECT_EQ(text_of("\\mnras"), "MNRAS");
  EXPECT_EQ(text_of("\\apj"), "ApJ");
  EXPECT_EQ(text_of("\\apjl"), "ApJL");
  EXPECT_EQ(text_of("\\aap"), "A&A");
  EXPECT_EQ(text_of("{\\araa}"), "ARA&A");
  EXPECT_EQ(text_of("\\nat"), "Nature");
}

TEST(LatexDecode, UnknownCommandShowsItsArgumentOrElseItsNameAndWarns) {
  std::vector<DecodeWarning> warnings;
  EXPECT_EQ(decode("see \\foo{bar} now", &warnings).text, "see bar now");
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].offset, 4u);
  EXPECT_EQ(warnings[0].message, "unknown command \\foo (its argument is shown)");
  EXPECT_TRUE(warnings[0].once_per_input);
  warnings.clear();
  EXPECT_EQ(decode("a \\Frobnicate b", &warnings).text, "a Frobnicate b");
  EXPECT_EQ(decode("the \\Tool{} way", &warnings).text, "the Tool way");
  EXPECT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0].message, "unknown command \\Frobnicate (shown as 'Frobnicate')");
  // A colour or a style, then its text: the text.
  EXPECT_EQ(decode("\\textcolor{red}{New} and \\textcolor[rgb]{1,0,0}{old}").text, "New and old");
}

// AMS-TeX's and plain TeX's font commands and LaTeX's math alphabets read as the letters they
// draw (62 titles of one mathematician's file read "Bbb C²", "germsl(1|2)").
TEST(LatexDecode, MathAlphabetsAreTheirUnicodeLetters) {
  std::vector<DecodeWarning> warnings;
  EXPECT_EQ(decode("{$\\Bbb {C}^2$} and $\\Bbb R^n$", &warnings).text,
            "\u2102\u00B2 and \u211D\u207F");
  EXPECT_EQ(decode("$\\germ{sl}(1|2)$", &warnings).text, "\U0001D530\U0001D529(1|2)");
  EXPECT_EQ(decode("$\\Cal{B(H)}$ $\\mathcal{A}$ $\\mathscr{L}$", &warnings).text,
            "\u212C(\u210B) \U0001D49C \u2112");
  EXPECT_EQ(decode("$\\mathbb{Z}_{p}$ $\\mathfrak{g}$ $\\mathbb{1}$", &warnings).text,
            "\u2124\u209A \U0001D524 \U0001D7D9");
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(decode("$\\bold{v}$ $\\mathsl{x}$ $\\ssf{A}$", &warnings).text, "v x A");
  EXPECT_TRUE(warnings.empty());
  // A span begun inside is left as written (its offsets would move).
  EXPECT_EQ(decode("$\\mathbb{\\mathbf{R}}$").text, "R");
}

// What a page's typesetter may be handed: math of the commands the decoder reads, nothing that
// links, styles, names or defines. MathJax 3 typesets \href as a javascript: link, \style and
// \color as CSS that fetches, \class and \cssId as the element's own classes and ids.
TEST(LatexTypesettable, MathOfKnownCommandsOnly) {
  for (const char* tex : {"x^2",
                          "\\alpha",
                          "\\frac{a}{b}",
                          "\\mathbb{R}",
                          "\\sqrt{n}",
                          "a_{ij}",
                          "\\left( x \\right)",
                          "\\hat{x} \\vec v \\bar{y}",
                          "\\mathcal{O}(n \\log n)",
                          "\\text{if } x \\le y",
                          "a \\, b \\; c \\quad d \\ e \\! f",
                          "\\{x\\} \\% \\& \\# \\_",
                          "\\operatorname{rank} A",
                          "x \\\\ y",
                          "\\ell_p",
                          "a \\not= b",
                          "\\'e \\\"u",
                          "\\mathbf{x} \\boldsymbol{\\mu} \\textbf{b}",
                          "\\dfrac{1}{2} \\tfrac12",
                          "\\@",
                          "",
                          "\\Big( \\bigl[ \\middle| \\Bigr) \\displaystyle \\limits",
                          "\\phantom{x}"})
    EXPECT_TRUE(typesettable(tex)) << tex;
  for (const char* tex :
       {// Links, styles, classes and ids, data attributes, extensions, actions.
        "\\href{javascript:alert(document.domain)}{\\text{x}}", "\\url{javascript:alert(1)}",
        "\\style{mask:url(http://other.example/m)}{x}", "\\class{ps-entry}{x}", "\\cssId{ps-x}{x}",
        "\\bbox[background:url(http://other.example/b)]{x}", "\\require{html}", "\\unicode{x41}",
        "\\data{a=b}{x}", "\\toggle{a}{b}\\endtoggle", "\\mathtip{x}{t}", "\\texttip{x}{t}",
        "\\color{url(http://other.example/c#x)}{x}", "\\color{red}{x}",
        "\\mmlToken{mi}[href=\"x\"]{x}", "\\htmlClass{a}{x}", "\\htmlId{a}{x}",
        "\\htmlStyle{color:red}{x}", "\\htmlData{a=b}{x}",
        "\\includegraphics{http://other.example/i.png}", "\\tag{1}", "\\label{a}", "\\ref{a}",
        "\\eqref{a}",
        // Definitions that would build one of them.
        "\\def\\x{\\href}\\x{javascript:x}{y}", "\\newcommand{\\x}{\\href}", "\\let\\x\\href",
        "\\gdef\\x{y}", "\\renewcommand{\\alpha}{\\href}", "\\DeclareMathOperator{\\x}{y}",
        // Names hidden from a reader that splits them differently than a typesetter.
        "\\hr{}ef{javascript:x}{y}", "\\h ref{javascript:x}{y}", "\\^^68ref{javascript:x}{y}",
        "x^^5c", "\\csname href\\endcsname{javascript:x}{y}", "\\catcode`\\|=0 |href{j}{y}",
        "\\@char\"41", "\\alpha@x", "\\begin{array}{l}x\\end{array}", "\\expandafter\\x",
        // Not a command the decoder reads, or no command at all.
        "\\foo", "x\\", "\\\u00E9", "\\\t", "\\textsuperscript{1}", "\\ensuremath{\\href{j}{x}}"})
    EXPECT_FALSE(typesettable(tex)) << tex;
}

TEST(LatexEncode, MathGoesBackAsItsSource) {
  for (const char* tex :
       {"Bounds for $O(n \\log n)$ and $\\alpha_{1}$", "$x^{-1}$ in {GPU}s", "z {$\\sim$} 1"}) {
    const RichText once = decode(tex);
    EXPECT_EQ(decode(encode(once)), once) << tex << " -> " << encode(once);
  }
  EXPECT_EQ(encode(decode("$\\ell_p$ norms")), "$\\ell_p$ norms");
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

TEST(LatexDecode, TheSpaceAfterAUrlIsTheSentences) {
  EXPECT_EQ(text_of("see \\url{http://x.org} for more"), "see http://x.org for more");
  EXPECT_EQ(text_of("\\href{http://x.org} {site} now"), "site now");
  const RichText empty = decode("\\href{}{text} \\url{}");
  EXPECT_EQ(empty.text, "text");
  EXPECT_TRUE(empty.spans.empty()) << "a link to nothing";
}

TEST(LatexDecode, MathIsAGroupOfItsOwn) {
  // A switch inside math ends with it; an accent cannot reach across its edge; its leading space
  // is not kept (its source does not keep it); `}` does not close a group opened before it.
  RichText t = decode("$\\bf x$ y");
  EXPECT_EQ(t.text, "x y");
  for (const Span& s : t.spans) EXPECT_LE(s.end, 1u) << "the bold ends with the math";
  EXPECT_EQ(text_of("a$ b$"), "ab");
  EXPECT_EQ(text_of("$x^$ y"), "x^ y");
  // A brace group after the math protects case, whatever command ended the math.
  t = decode("$\\AA${Zu}s");
  EXPECT_EQ(t.text, "ÅZus");
  EXPECT_TRUE(std::find(t.spans.begin(), t.spans.end(), Span{2, 4, SpanStyle::NoCase, ""}) !=
              t.spans.end());
  t = decode("{a $x}$ b}");
  EXPECT_EQ(t.text, "a x b");
  EXPECT_TRUE(std::find(t.spans.begin(), t.spans.end(), Span{0, 5, SpanStyle::NoCase, ""}) !=
              t.spans.end());
}

TEST(LatexDecode, InlineTagsLeaveNoDoubleOrLeadingSpace) {
  EXPECT_EQ(text_of("a <i> b</i>"), "a b");
  EXPECT_EQ(text_of("<i> x</i> y"), "x y");
  const RichText t = decode("a <i>b </i> c");
  EXPECT_EQ(t.text, "a b c");
  ASSERT_EQ(t.spans.size(), 1u);
  EXPECT_EQ(t.spans[0], (Span{2, 4, SpanStyle::Italic, ""}));
}

TEST(LatexEncode, WritesWhatReadsBackTheSame) {
  // Found by fuzz_latex's decode(encode(x)) == x check: each reads back as it was decoded.
  const char* samples[] = {
      "\\href{https://x.org/a\\{b}{site} \\url{https://x.org/\\}c}",  // braces in a URL
      "\\href{g}{{g}}",                    // a link whose text is its URL, styled inside
      "\\[\\url{$\\)}\\]",                 // math whose source holds `$` and `\)`
      "\\ensuremath{x $y$ \\)\\]} z",      // and `\]` too
      "x ^{y} {^}",                        // a caret that is text, then a group
      "a {$x^{2 }$} and $\\alpha + \\ $",  // spaces at the ends of math
      "$\\alpha^\\beta y$",                // a command raised, then a space
      "$$$$\\AA$$$${Zu}s",                 // a group after math: no argument of its command
      "<i> )</i>",
      "a <i> b</i>",
      "a <i>b </i> c",
      "<b> </b>x",  // spaces beside inline tags
      "\\em$\\em2$",
      "\\bf a $\\bf b$",  // a switch in math under the same switch
  };
  for (const char* s : samples) {
    const RichText once = decode(s);
    const std::string encoded = encode(once);
    EXPECT_EQ(decode(encoded), once) << s << "\n  encoded: " << encoded;
  }
}

TEST(LatexDecode, ABackslashBeforeAnyCharacterLeavesValidUtf8) {
  // A control symbol is one character: taken as one byte of "é", it left the rest of that
  // character behind, bytes that are no UTF-8, in every output (found by fuzz_bibtex).
  for (const char* s : {"x \\é y", "\\中", "a\\😀b", "\\�\\�"}) {
    const RichText t = decode(s);
    EXPECT_TRUE(unicode::is_valid_utf8(t.text)) << s;
    EXPECT_TRUE(unicode::is_valid_utf8(encode(t))) << s;
  }
}

TEST(LatexDecode, NestingDeeperThanAnyRealValueOnlyGroups) {
  // Past 256 open groups, further braces only group (no state each: a million nested braces took
  // 48 MB); what is outside them is styled as before, and the text is all there.
  const std::string deep = std::string(1000, '{') + "x\\textbf{y}" + std::string(1000, '}');
  const RichText t = decode("\\emph{" + deep + "} tail {\\bf b}");
  EXPECT_EQ(t.text, "xy tail b");
  ASSERT_FALSE(t.spans.empty());
  EXPECT_TRUE(std::find(t.spans.begin(), t.spans.end(), Span{0, 2, SpanStyle::Italic, ""}) !=
              t.spans.end());
  EXPECT_TRUE(std::find(t.spans.begin(), t.spans.end(), Span{8, 9, SpanStyle::Bold, ""}) !=
              t.spans.end());
  // Unbalanced: closed at the end, the text kept.
  EXPECT_EQ(text_of(std::string(5000, '{') + "open"), "open");
}

}  // namespace
}  // namespace papershelf::latex

namespace papershelf::latex {
namespace {

// Inline HTML that exports carry in titles (CrossRef, ORCID, Zotero via Better BibTeX).
TEST(LatexDecode, InlineHtmlOfExports) {
  const RichText t =
      decode("The <i>in vivo</i> role of <scp>CRISPR</scp> in H<sub>2</sub>O and 10<sup>-3</sup>");
  EXPECT_EQ(t.text, "The in vivo role of CRISPR in H\u2082O and 10\u207B\u00B3");
  ASSERT_EQ(t.spans.size(), 2u);
  EXPECT_EQ(t.spans[0], (Span{4, 11, SpanStyle::Italic, ""}));
  EXPECT_EQ(t.spans[1], (Span{20, 26, SpanStyle::SmallCaps, ""}));
  EXPECT_EQ(text_of("{\\textless}i{\\textgreater}E. coli{\\textless}/i{\\textgreater} growth"),
            "E. coli growth");
  // Without its closing tag a "<b>" is text; a span around LaTeX styling keeps both.
  EXPECT_EQ(text_of("The <b> tag and x < y"), "The <b> tag and x < y");
  const RichText both = decode("<b>\\emph{New}</b> ideas");
  EXPECT_EQ(both.text, "New ideas");
  ASSERT_EQ(both.spans.size(), 2u);
  EXPECT_EQ(both.spans[0], (Span{0, 3, SpanStyle::Italic, ""}));
  EXPECT_EQ(both.spans[1], (Span{0, 3, SpanStyle::Bold, ""}));
}

}  // namespace
}  // namespace papershelf::latex
