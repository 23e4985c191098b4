// The few Unicode operations papershelf needs, without ICU: UTF-8 decoding, canonical composition
// (NFC) of Latin/Greek/Cyrillic letters with combining marks, and folding for search and matching.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace papershelf::unicode {

inline constexpr char32_t kReplacement = 0xFFFD;

// Decodes one code point at `pos` and advances it. Invalid or truncated sequences yield
// kReplacement and advance by one byte, so decoding always terminates.
char32_t decode_utf8(std::string_view s, std::size_t& pos);
void append_utf8(std::string& out, char32_t cp);
// What a reference decoder (&#x1b;, &#xD800;, JSON's \u0007) may put into text: `cp`, or
// U+FFFD for a surrogate, a value past U+10FFFF, a C0 or C1 control (but tab, line feed and
// carriage return), DEL, and a noncharacter (U+FDD0-FDEF, U+xFFFE, U+xFFFF). A reference must
// never make bytes that are not UTF-8, nor a character a terminal obeys.
char32_t text_code_point(char32_t cp);

// Character references, as the markup that a text came in defines them: XML's five names and
// numeric references (a CSL style; OpenAlex), or those plus the HTML names that exports and
// pasted web text carry (&nbsp; &ndash; &rsquo; ...; an ORCID or Crossref title, a CSL-JSON
// value, a page's attribute). The one rule for every decoder in papershelf.
enum class References : std::uint8_t { Xml, Html };
// The character `&name;` stands for, `name` without its & and ; ("amp", "#60", "#x3C"), or 0
// when it is none. A numeric reference goes through text_code_point; in HTML, &#0; and one past
// U+10FFFF are U+FFFD, in XML they are not references.
char32_t character_reference(std::string_view name, References set);
// `s` with its references decoded; an "&" that starts none stays. With `at`, at[i] is where byte
// i of `s` (and at[s.size()] its end) is in the result, for the spans on a text.
std::string decode_references(std::string_view s, References set,
                              std::vector<std::uint32_t>* at = nullptr);

// UTF-8 that was once read as Windows-1252 (Latin-1) and written out again as UTF-8 ("HÃ¤kkinen",
// "donâ€™t"), as some exports and databases hand it on: each run of such characters whose bytes
// are one UTF-8 sequence becomes that character ("Häkkinen", "don’t"). Only whole sequences
// change: "SÃO" (no continuation after the lead) stays. True when something changed.
bool repair_double_encoding(std::string& s);
// Whether repair_double_encoding may change `s` (a quick look, for the readers' every value).
bool might_be_double_encoded(std::string_view s);
bool is_valid_utf8(std::string_view s);
// Replaces every invalid sequence with U+FFFD; returns how many were replaced.
std::size_t sanitize_utf8(std::string& s);
std::size_t count_code_points(std::string_view s);
// The longest prefix of `s` of at most `max_bytes` that does not end inside a UTF-8 sequence.
std::string_view truncate_utf8(std::string_view s, std::size_t max_bytes);

// True when `s` holds right-to-left letters or explicit bidi controls: text that, set among
// other text, can move what follows it unless it is isolated (<bdi>, dir="auto").
bool needs_bidi_isolation(std::string_view s);
// The direction of `s` as HTML's dir="auto" finds it: that of its first strong character (bidi
// class L, or R and AL), or Neutral when it has none. The core writes it out (dir="ltr"/"rtl")
// instead of dir="auto", whose cost in Chromium grows with the square of the element's children
// as the page is parsed (60 s for one title of 90,000 math spans).
enum class Direction : std::uint8_t { Neutral, LeftToRight, RightToLeft };
Direction first_strong_direction(std::string_view s);
// `s` with what a terminal would act on instead of showing made visible, for text printed where
// an owner reads it: C0 controls and DEL as \x1b (newlines and tabs too: a diagnostic is one
// line), C1 controls and the line and paragraph separators as \u009b and \u2028, and bytes that
// are not UTF-8 as \xff (a terminal in an 8-bit mode reads a lone 0x9b as CSI). With `bidi`,
// also the bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E-200F,
// U+202A-202E, U+2066-2069) as \u202e, which make a line read in another order than it is
// written. Everything else, backslashes included, is unchanged (so it may be applied twice).
std::string escape_controls(std::string_view s, bool bidi = true);

bool is_combining_mark(char32_t cp);
// Invisible: Unicode's Default_Ignorable_Code_Point (zero-width characters, bidi controls, BOM...)
// and NUL.
bool is_ignorable(char32_t cp);
// Composes base + combining mark into one precomposed code point, or 0 when there is none.
char32_t compose(char32_t base, char32_t mark);
// Canonical composition of a whole string (decomposed input becomes precomposed; already
// composed text is returned unchanged).
std::string to_nfc(std::string_view s);

// Folds for case- and diacritic-insensitive comparison: lower case, marks removed, and the
// letters that have no decomposition spelled out (ß->ss, æ->ae, ø->o, ł->l, đ->d, ı->i, œ->oe).
// Punctuation is kept; invisible characters (default-ignorable code points, NUL) are dropped.
// `offsets`, when given, receives for each output byte the byte offset in `s` of the code point it
// came from (so matches can be mapped back for highlighting).
std::string fold(std::string_view s, std::vector<std::uint32_t>* offsets = nullptr);

// Simple lower-casing (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic).
char32_t to_lower(char32_t cp);
// ASCII-only lower case for keywords (query keys, type and status names, field names): no tables,
// so code that only needs keywords (the canvas module) links no Unicode data.
std::string ascii_lower(std::string_view s);
char32_t to_upper(char32_t cp);
// Simple lower-casing of UTF-8 text, code point by code point (a byte-wise one turns "É" into
// invalid UTF-8).
std::string to_lower(std::string_view s);
bool is_letter(char32_t cp);
bool is_upper(char32_t cp);

}  // namespace papershelf::unicode
