// html_text.hpp's functions, each a whole string: the formatters append the same markup to
// text they are writing (html_out.hpp), and these hand it to a caller that wants it alone.
#include "papershelf/html_text.hpp"

#include "format/html_out.hpp"

namespace papershelf {

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  detail::append_escaped_html(out, text);
  return out;
}

std::string rich_text_html(const RichText& text, const std::vector<Match>* highlight) {
  std::string out;
  detail::append_rich_text_html(out, text, highlight);
  return out;
}

}  // namespace papershelf
