#include "format/html_out.hpp"

#include <charconv>

#include "papershelf/unicode.hpp"

namespace papershelf::detail {

std::string_view dir_attribute(std::string_view text) {
  return unicode::first_strong_direction(text) == unicode::Direction::RightToLeft ? " dir=\"rtl\"" : " dir=\"ltr\"";
}

void make_room(std::string& out, std::size_t more) {
  if (more >= (std::size_t{1} << 16) && out.size() + more > out.capacity()) out.reserve(out.size() + more);
}

void append_escaped_html(std::string& out, std::string_view text) {
  make_room(out, text.size() + text.size() / 16);
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      case '\0': out += "\xEF\xBF\xBD"; break;
      default: out += c;
    }
  }
}

// noinline: one call per piece is the point (the size build would otherwise inline some of them
// at every call site).
__attribute__((noinline)) HtmlOut& HtmlOut::operator<<(std::string_view s) {
  out_.append(s.data(), s.size());
  return *this;
}
__attribute__((noinline)) HtmlOut& HtmlOut::operator<<(const std::string& s) {
  out_ += s;
  return *this;
}
__attribute__((noinline)) HtmlOut& HtmlOut::operator<<(const char* s) {
  out_ += s;
  return *this;
}
__attribute__((noinline)) HtmlOut& HtmlOut::number(std::int64_t n) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out_.append(buf, r.ptr);
  return *this;
}
__attribute__((noinline)) HtmlOut& HtmlOut::escaped(std::string_view s) {
  append_escaped_html(out_, s);
  return *this;
}

}  // namespace papershelf::detail
