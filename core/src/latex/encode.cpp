// LaTeX written back: `encode` turns decoded text and its spans into the LaTeX a .bib value
// holds, so that decode(encode(t)) == t (the BibTeX writer's half of latex.hpp).
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/latex.hpp"
#include "text/index_sort.hpp"

namespace papershelf::latex {
namespace {

void encode_plain(std::string& out, std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char prev = out.empty() ? '\0' : out.back();
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '{':
        out += "\\{";
        break;
      case '}':
        out += "\\}";
        break;
      case '$':  // (not \$: a pair of those is math an export escaped, latex.cpp's
                 // read_escaped_math)
        out += "\\textdollar{}";
        break;
      case '%':
        out += "\\%";
        break;
      case '&':
        out += "\\&";
        break;
      case '#':
        out += "\\#";
        break;
      case '_':
        out += "\\_";
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      case '^':  // (text-mode LaTeX has no bare caret, and `^{` reads as a superscript)
        out += "\\textasciicircum{}";
        break;
      case '-':
      case '`':
      case '\'':
        if (prev == c) out += "{}";  // keep "--" from turning into a dash
        out.push_back(c);
        break;
      default:
        if (c == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0') {
          out.push_back('~');
          ++i;
        } else {
          out.push_back(c);
        }
    }
  }
}

// A URL inside \url{} or \href{}: copied as is (the reader takes it verbatim), except what that
// reading would change: braces (they would end or nest the argument), a special character after
// a backslash (`\%` reads as `%`) and a backslash at the end (`\}` reads as `}`).
void encode_url(std::string& out, std::string_view url) {
  for (std::size_t i = 0; i < url.size(); ++i) {
    const char c = url[i];
    if (c == '{' || c == '}' || (i > 0 && url[i - 1] == '\\' && std::strchr("_%#&~$", c)))
      out.push_back('\\');
    out.push_back(c);
  }
  if (!url.empty() && url.back() == '\\') out.push_back(' ');
}

// A link written as \url{...}: its text is its URL, with no other style inside it (the reader
// takes \url's argument verbatim). `order` is the spans outermost first (as encode() opens
// them) and the link is order[k]: a span inside it comes right after it there, or right before
// it when both cover the same text. (Looking through every span for every link made a note of
// many \url{} quadratic.)
bool written_as_url(const RichText& text, const std::vector<std::uint32_t>& order, std::size_t k) {
  const Span& s = text.spans[order[k]];
  if (s.style != SpanStyle::Link ||
      std::string_view(text.text).substr(s.begin, s.end - s.begin) != s.url)
    return false;
  if (k > 0 && text.spans[order[k - 1]].begin == s.begin && text.spans[order[k - 1]].end == s.end)
    return false;
  // (The spans that begin inside it and end past it are the ones that cross it: a few.)
  for (std::size_t j = k + 1; j < order.size() && text.spans[order[j]].begin < s.end; ++j)
    if (text.spans[order[j]].end <= s.end) return false;
  return true;
}

void open_span(std::string& out, const Span& s, bool as_url) {
  switch (s.style) {
    case SpanStyle::Italic:
      out += "\\emph{";
      break;
    case SpanStyle::Bold:
      out += "\\textbf{";
      break;
    case SpanStyle::SmallCaps:
      out += "\\textsc{";
      break;
    case SpanStyle::Monospace:
      out += "\\texttt{";
      break;
    case SpanStyle::Math:
      out += "$";
      break;
    case SpanStyle::NoCase:
      out += "{";
      break;
    case SpanStyle::Superscript:
      out += "\\textsuperscript{";
      break;
    case SpanStyle::Subscript:
      out += "\\textsubscript{";
      break;
    case SpanStyle::Link:
      if (as_url) {
        out += "\\url{";
      } else {
        out += "\\href{";
        encode_url(out, s.url);
        out += "}{";
      }
      break;
  }
}

}  // namespace

std::string encode(const RichText& text) {
  const std::string& t = text.text;
  std::string out;
  out.reserve(t.size() + 16);
  if (text.spans.empty()) {
    encode_plain(out, t);
    return out;
  }
  // Outer spans open first; of two equal ranges the later one in the list is
  // the outer one.
  const auto order =
      detail::sorted_indices(text.spans.size(), [&](std::uint32_t a, std::uint32_t b) {
        const Span& x = text.spans[a];
        const Span& y = text.spans[b];
        if (x.begin != y.begin) return x.begin < y.begin;
        if (x.end != y.end) return x.end > y.end;
        return a > b;
      });
  std::vector<std::uint8_t> as_url(text.spans.size());  // by span
  for (std::size_t k = 0; k < order.size(); ++k) as_url[order[k]] = written_as_url(text, order, k);
  std::vector<const Span*> open;
  std::size_t next = 0;
  std::size_t pos = 0;
  auto close_until = [&](std::size_t at) {
    while (!open.empty() && open.back()->end <= at) {
      const Span* s = open.back();
      open.pop_back();
      out += s->style == SpanStyle::Math ? "$" : "}";
    }
  };
  while (pos <= t.size()) {
    close_until(pos);
    bool in_math = !open.empty() && open.back()->style == SpanStyle::Math;
    std::size_t past_math = 0;  // a math run written back as its TeX source ends here
    while (next < order.size() && text.spans[order[next]].begin == pos && !in_math) {
      const Span& s = text.spans[order[next++]];
      if (s.style == SpanStyle::Math && !s.url.empty()) {
        // The source between delimiters it cannot contain: `\(a$b\)` is not `$a$b$`.
        bool dollar = false, paren = false, bracket = false;
        for (std::size_t i = 0; i < s.url.size(); ++i) {
          if (s.url[i] == '$') dollar = true;
          if (s.url[i] != '\\' || ++i == s.url.size()) continue;
          paren = paren || s.url[i] == ')';
          bracket = bracket || s.url[i] == ']';
        }
        const char* const open_close[][2] = {
            {"$", "$"}, {"\\(", "\\)"}, {"\\[", "\\]"}, {"\\ensuremath{", "}"}};
        const auto& delimiters = open_close[!dollar ? 0 : !paren ? 1 : !bracket ? 2 : 3];
        out += delimiters[0];
        out += s.url;
        out += delimiters[1];
        past_math = s.end;
        break;
      }
      open_span(out, s, as_url[&s - text.spans.begin()]);
      open.push_back(&s);
      in_math = s.style == SpanStyle::Math;
      if (s.style == SpanStyle::NoCase && pos < t.size()) {
        // `{\&}` or `{\emph{x}}` would read as a special-character group, not
        // as protection.
        std::string probe;
        encode_plain(probe, t.substr(pos, 1));
        const bool command_follows = next < order.size() && text.spans[order[next]].begin == pos &&
                                     text.spans[order[next]].style != SpanStyle::NoCase &&
                                     text.spans[order[next]].style != SpanStyle::Math;
        if (command_follows || (!probe.empty() && probe[0] == '\\')) out += "{}";
      }
    }
    if (past_math > pos) {
      pos = past_math;
      while (next < order.size() && text.spans[order[next]].begin < pos) ++next;  // inside it
      continue;
    }
    while (next < order.size() && text.spans[order[next]].begin < pos) ++next;  // malformed
    if (pos == t.size()) break;
    // Copy up to the next span boundary.
    std::size_t stop = t.size();
    if (next < order.size()) stop = std::min<std::size_t>(stop, text.spans[order[next]].begin);
    if (!open.empty()) stop = std::min<std::size_t>(stop, open.back()->end);
    if (stop <= pos) stop = pos + 1;
    const std::string_view chunk = std::string_view(t).substr(pos, stop - pos);
    if (in_math) {
      out.append(chunk);
    } else if (!open.empty() && as_url[open.back() - text.spans.begin()]) {
      encode_url(out, chunk);
    } else {
      encode_plain(out, chunk);
    }
    pos = stop;
  }
  close_until(t.size() + 1);
  return out;
}

std::string decoded_field(const Publication& p, std::string_view name) {
  const std::string* value = p.extra_field(name);
  return value ? decode(*value).text : std::string();
}

}  // namespace papershelf::latex
