// What reaches the readers and what leaves as diagnostics: files in UTF-16 or Windows-1252 are
// read as the text they hold, with positions in the file as written; diagnostics show control
// and bidirectional characters escaped; a link base must name its host.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/urls.hpp"

using namespace papershelf;

namespace {

// Four records, with characters of one to four UTF-8 bytes before a repeated field on lines 1
// and 2, and the first record's key again on line 3.
const std::string kBib =
    "@article{caf\xC3\xA9, title={Caf\xC3\xA9 \xE2\x80\x94 na\xC3\xAFve}, author={M\xC3\xBCller, "
    "J\xC3\xBCrgen}, year=2020, year=2021}\n"
    "@misc{two, title={\xF0\x9D\x94\xB8 and \xE2\x82\xAC}, note={x}, note={y}}  @misc{three, "
    "title={T}}\n"
    "@misc{caf\xC3\xA9, title={Again}}\n";

// The same text in UTF-16 with its byte order mark.
std::string utf16(const std::string& utf8, bool big_endian) {
  std::string out = big_endian ? "\xFE\xFF" : "\xFF\xFE";
  auto unit = [&](char32_t u) {
    const char hi = static_cast<char>(u >> 8), lo = static_cast<char>(u & 0xFF);
    out += big_endian ? hi : lo;
    out += big_endian ? lo : hi;
  };
  for (std::size_t pos = 0; pos < utf8.size();) {
    const char32_t cp = unicode::decode_utf8(utf8, pos);
    if (cp >= 0x10000) {
      unit(0xD800 + ((cp - 0x10000) >> 10));
      unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      unit(cp);
    }
  }
  return out;
}

ReadResult read_named(const std::string& bytes, const char* name = "f") {
  ReadOptions o;
  o.source_name = name;
  return read(bytes, o);
}

std::vector<std::string> diagnostics(const ReadResult& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics) out.push_back(format_diagnostic(d));
  return out;
}

std::vector<std::string> titles(const ReadResult& r) {
  std::vector<std::string> out;
  for (const auto& p : r.library.publications) out.push_back(p.title.text);
  return out;
}

}  // namespace

TEST(Encoding, Utf16WithItsByteOrderMarkReadsAsTheSameText) {
  const ReadResult expected = read_named(kBib);
  ASSERT_EQ(expected.library.publications.size(), 4u);
  // Columns in characters (code points), counted from after a byte order mark, as editors show
  // them.
  ASSERT_EQ(
      diagnostics(expected),
      (std::vector<std::string>{"f:1:74: warning: duplicate field 'year' (the first one is kept)",
                                "f:2:39: warning: duplicate field 'note' (the first one is kept)",
                                "f:3:7: warning: duplicate key 'caf\xC3\xA9' (also on line 1): "
                                "this entry is kept as 'caf\xC3\xA9-2'"}));
  EXPECT_EQ(diagnostics(read_named("\xEF\xBB\xBF" + kBib)), diagnostics(expected));
  for (bool big_endian : {false, true}) {
    const ReadResult r = read_named(utf16(kBib, big_endian));
    EXPECT_EQ(titles(r), titles(expected)) << big_endian;
    EXPECT_EQ(r.library.publications.at(0).authors.at(0).family(), "M\xC3\xBCller");
    EXPECT_EQ(diagnostics(r), diagnostics(expected)) << big_endian;
  }
  // CSL-JSON too, and a JSON syntax error is placed in characters of the UTF-16 file.
  const std::string json =
      "[{\"id\": \"a\", \"type\": \"book\", \"title\": \"\xC5\x81\xC3\xB3\xC4\x91\xC5\xBA\"},\n "
      "{\"id\": \"b\" \"title\": \"x\"}]\n";
  const ReadResult utf8_json = read_named(json);
  const ReadResult r = read_named(utf16(json, false));
  EXPECT_EQ(titles(r), (std::vector<std::string>{"\xC5\x81\xC3\xB3\xC4\x91\xC5\xBA"}));
  EXPECT_EQ(diagnostics(r), diagnostics(utf8_json));
  EXPECT_FALSE(utf8_json.diagnostics.empty());
}

TEST(Encoding, Utf16UnpairedSurrogatesAndAnOddByteAreReplacedAndSaid) {
  // "@misc{k, title={a" U+D800 "b}}" then a lone low surrogate, then half a code unit.
  std::string bytes = utf16("@misc{k, title={a", false) + std::string("\x00\xD8", 2) +
                      utf16("b}}\n", false).substr(2) + std::string("\x00\xDC", 2) + "x";
  const ReadResult r = read_named(bytes);
  ASSERT_EQ(titles(r), (std::vector<std::string>{"a\xEF\xBF\xBD"
                                                 "b"}));
  ASSERT_FALSE(r.diagnostics.empty());
  EXPECT_EQ(format_diagnostic(r.diagnostics[0]).rfind("f:1:", 0), 0u);
  EXPECT_EQ(r.diagnostics[0].column, 18u);  // after "@misc{k, title={a"
  EXPECT_NE(r.diagnostics[0].message.find("3 unpaired UTF-16"), std::string::npos)
      << r.diagnostics[0].message;
}

TEST(Encoding, Windows1252FileReadsWithItsAccentsAndOneWarning) {
  // Latin-1 accents, and Windows-1252's euro sign, dash and quotes; the duplicate key warning
  // stays at line 3 column 1, the encoding's at the first such byte (line 1, column 13).
  const std::string cp1252 =
      "@article{caf\xE9, title={Caf\xE9 \x97 na\xEFve \x93quoted\x94 \x80"
      "5}, author={M\xFCller, J\xFCrgen}, journal={J}, year=2020}\n"
      "@misc{two, title={\xC5ngstr\xF6m}}\n"
      "@misc{caf\xE9, title={Again \x81}}\n";
  const ReadResult r = read_named(cp1252);
  ASSERT_EQ(r.library.publications.size(), 3u);
  EXPECT_EQ(
      titles(r),
      (std::vector<std::string>{
          "Caf\xC3\xA9 \xE2\x80\x94 na\xC3\xAFve \xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC"
          "5",
          "\xC3\x85ngstr\xC3\xB6m", "Again \xEF\xBF\xBD"}));  // (0x81: undefined in Windows-1252)
  EXPECT_EQ(r.library.publications[0].authors.at(0).family(), "M\xC3\xBCller");
  const auto ds = diagnostics(r);
  ASSERT_EQ(ds.size(), 2u) << ::testing::PrintToString(ds);
  EXPECT_EQ(ds[0].rfind("f:1:13: warning: the file is not all UTF-8: 13 byte(s) read as "
                        "Windows-1252 (Latin-1), the first here",
                        0),
            0u)
      << ds[0];
  EXPECT_EQ(ds[1].rfind("f:3:7: warning: duplicate key", 0), 0u) << ds[1];
  // A UTF-8 file with one pasted Latin-1 line keeps its UTF-8 as it is.
  const ReadResult mixed =
      read_named("@misc{a, title={Gr\xC3\xBC\xC3\x9F}}\n@misc{b, title={Gr\xFC\xDF}}\n");
  EXPECT_EQ(titles(mixed), (std::vector<std::string>{"Gr\xC3\xBC\xC3\x9F", "Gr\xC3\xBC\xC3\x9F"}));
  ASSERT_EQ(diagnostics(mixed).size(), 1u);
  EXPECT_EQ(diagnostics(mixed)[0].rfind("f:2:19: warning: the file is not all UTF-8: 2 byte(s)", 0),
            0u)
      << diagnostics(mixed)[0];
  // Valid UTF-8 is read as it is, without a word.
  EXPECT_EQ(read_named("@misc{a, title={\xC3\xA9}}\n").diagnostics.size(), 0u);
}

TEST(Diagnostics, ShowControlAndBidiCharactersEscaped) {
  // A key that sets the terminal's title, clears the screen and reverses the line (twice: a
  // duplicate key warning quotes it), in a file whose name rings the bell.
  const std::string key =
      "k\x1B]0;owned\x07\x1B[2J\xE2\x80\xAE\xC2\x9B"
      "1m";
  const ReadResult r =
      read_named("@misc{" + key + ", title={A}}\n@misc{" + key + ", title={B}}\n", "f\x07.bib");
  // (The key is also renamed, as keys hold no controls: each message quotes it.)
  ASSERT_FALSE(r.diagnostics.empty());
  for (const Diagnostic& d : r.diagnostics) {
    const std::string line = format_diagnostic(d);
    EXPECT_EQ(line.rfind("f\\x07.bib:", 0), 0u) << line;
    for (const unsigned char c : line) EXPECT_TRUE(c >= 0x20 && c != 0x7F) << line;
    EXPECT_EQ(line.find("\xC2\x9B"), std::string::npos) << line;      // C1 CSI
    EXPECT_EQ(line.find("\xE2\x80\xAE"), std::string::npos) << line;  // U+202E
  }
  // One line, whatever the message holds; isolates, marks and DEL too; an invalid byte as itself.
  Diagnostic d{"s",
               1,
               2,
               Severity::Error,
               DiagnosticKind::Value,
               "a\nb\rc\td\x7F"
               "e\xE2\x81\xA6"
               "f\xE2\x80\x8F"
               "g\xFFh \\x1b stays"};
  EXPECT_EQ(format_diagnostic(d),
            "s:1:2: error: a\\x0ab\\x0dc\\x09d\\x7f"
            "e\\u2066f\\u200fg\\xffh \\x1b stays");
  // Text that is not a control is left as it is (right-to-left letters included).
  d.message =
      "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D, Caf\xC3\xA9, \xE5\x8C\x97\xE4\xBA\xAC, \xF0\x9F\x93\x84";
  EXPECT_EQ(format_diagnostic(d), "s:1:2: error: " + d.message);
}

TEST(LinkBase, MustNameItsHost) {
  for (const char* base :
       {"https:", "http:", "HTTPS:", "https:/", "http://", "https://", "https:///papers/", "//",
        "///x", "https://:443/", "https://user@/", "https:papers/", " https: "}) {
    EXPECT_FALSE(is_safe_base(base)) << base;
    EXPECT_NE(base_problem(base).find("names no host"), std::string::npos) << base_problem(base);
    EXPECT_EQ(resolve_url("paper.pdf", base), "paper.pdf") << base;  // kept as written
  }
  for (const char* base :
       {"https://example.org", "https://example.org/papers/", "http://example.org:8080/p/",
        "http://[::1]/", "https://user@example.org/", "//cdn.example.org/papers/", "papers/",
        "/papers/", "./", ""}) {
    EXPECT_TRUE(is_safe_base(base)) << base;
    EXPECT_EQ(base_problem(base), "") << base;
  }
  EXPECT_EQ(resolve_url("paper.pdf", "https://example.org/p"), "https://example.org/p/paper.pdf");
  EXPECT_NE(base_problem("javascript:x").find("is not an http(s) or relative URL"),
            std::string::npos);
}
