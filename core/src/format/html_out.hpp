// Markup written piece by piece into one string. `out += "<a>" + x + "</a>"` makes a temporary
// string per `+` (an allocation each, and 30-40 bytes of WebAssembly per `+` in the size build);
// here each piece is one out-of-line call. And what every writer of HTML builds on it: escaped
// text, safe links, rich text (html_text.hpp's functions, appended). Internal to the core's
// formatters.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "papershelf/model.hpp"
#include "papershelf/query.hpp"

namespace papershelf::detail {

// escape_html(text), appended to `out`.
void append_escaped_html(std::string& out, std::string_view text);

// Before appending a long text (`more` bytes) to `out`: room for it and no more, where the
// doubling growth of appending would leave up to as much again unused (a record of a million
// authors has a 6 MB BibTeX author field). Short texts grow `out` as appends do.
void make_room(std::string& out, std::size_t more);

// The dir attribute of a data-derived run of `text`: " dir=\"ltr\"" or " dir=\"rtl\"", the
// direction HTML's dir="auto" would find (unicode::first_strong_direction; ltr for text with no
// strong character), written out because dir="auto" costs Chromium the square of the run's
// children. Every run carries one, which also isolates it (HTML gives [dir] unicode-bidi:
// isolate), so that a bidi control in one name (U+202E) cannot reorder the text after it.
std::string_view dir_attribute(std::string_view text);

class HtmlOut {
 public:
  explicit HtmlOut(std::string& out) : out_(out) {}
  HtmlOut& operator<<(std::string_view s);
  HtmlOut& operator<<(const std::string& s);
  HtmlOut& operator<<(const char* s);
  // Integers in decimal (not char or bool: those would be a mistake here).
  template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> &&
                                          !std::is_same_v<T, char>,
                                      int> = 0>
  HtmlOut& operator<<(T n) {
    return number(static_cast<std::int64_t>(n));
  }
  HtmlOut& number(std::int64_t n);
  HtmlOut& escaped(std::string_view s);  // escape_html(s)

 private:
  std::string& out_;
};

// Opens <a> for `url` and returns true, or writes nothing and returns false when no link may be
// made (resolve_url judges the joined URL against `base`).
bool link_open(HtmlOut& h, std::string_view url, std::string_view cls, std::string_view base);

// The most styled spans and marks one run is drawn with; past the place where they begin, the
// rest of its text is plain (all of it still there, found and selectable). Real runs have tens;
// a browser lays out a run of 100,000 elements in seconds on the page's thread.
inline constexpr std::size_t kMaxElementsPerRun = 1000;

// The most bytes of one run of text (a title, a note, an abstract, a name) the list draws; a longer
// one is cut at a character boundary and ends in "…". Real abstracts stay under 4 KB; a browser
// spends 0.2-0.8 s of the page's thread laying out one run of 1 MB (a title of one long word,
// of 40,000 search matches). Search, BibTeX and citations still use the whole text.
inline constexpr std::uint32_t kMaxRunBytes = 16 * 1024;

// The drawn part of a run: all of it, or its first kMaxRunBytes bytes up to a character boundary.
std::string_view drawn_part(std::string_view text);

// rich_text_html(text, highlight), appended to `out`.
void append_rich_text_html(std::string& out, const RichText& text,
                           const std::vector<Match>* highlight = nullptr);

}  // namespace papershelf::detail
