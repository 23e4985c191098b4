// Markup written piece by piece into one string. `out += "<a>" + x + "</a>"` makes a temporary
// string per `+` (an allocation each, and 30-40 bytes of WebAssembly per `+` in the size build);
// here each piece is one out-of-line call. Internal to the core's formatters.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

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
                                          !std::is_same_v<T, char>, int> = 0>
  HtmlOut& operator<<(T n) {
    return number(static_cast<std::int64_t>(n));
  }
  HtmlOut& number(std::int64_t n);
  HtmlOut& escaped(std::string_view s);  // escape_html(s)

 private:
  std::string& out_;
};

}  // namespace papershelf::detail
