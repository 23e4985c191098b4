#include "format/html_out.hpp"

#include <algorithm>
#include <charconv>

#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/urls.hpp"
#include "text/index_sort.hpp"

namespace papershelf::detail {

std::string_view dir_attribute(std::string_view text) {
  return unicode::first_strong_direction(text) == unicode::Direction::RightToLeft ? " dir=\"rtl\""
                                                                                  : " dir=\"ltr\"";
}

void make_room(std::string& out, std::size_t more) {
  if (more >= (std::size_t{1} << 16) && out.size() + more > out.capacity())
    out.reserve(out.size() + more);
}

void append_escaped_html(std::string& out, std::string_view text) {
  make_room(out, text.size() + text.size() / 16);
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      case '\0':
        out += "\xEF\xBF\xBD";
        break;
      default:
        out += c;
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

// ---------------------------------------------------------------- rich text

bool link_open(HtmlOut& h, std::string_view url, std::string_view cls, std::string_view base) {
  const std::string href = resolve_url(url, base);
  if (href.empty()) return false;
  h << "<a";
  if (!cls.empty()) h << " class=\"" << cls << "\"";
  h << " href=\"";
  h.escaped(href) << "\" rel=\"noopener\">";
  return true;
}

namespace {

// Writes the opening tag for one span style; returns the closing one.
const char* open_tag(HtmlOut& h, const Span& s) {
  switch (s.style) {
    case SpanStyle::Italic:
      h << "<em>";
      return "</em>";
    case SpanStyle::Bold:
      h << "<strong>";
      return "</strong>";
    case SpanStyle::SmallCaps:
      h << "<span class=\"ps-sc\">";
      return "</span>";
    case SpanStyle::Monospace:
      h << "<code>";
      return "</code>";
    case SpanStyle::Superscript:
      h << "<sup>";
      return "</sup>";
    case SpanStyle::Subscript:
      h << "<sub>";
      return "</sub>";
    case SpanStyle::Math:
      // The TeX source rides along (escaped) for a page that typesets math with KaTeX/MathJax,
      // when it holds only math the decoder knows (latex::typesettable).
      h << "<span class=\"ps-math\"";
      if (!s.url.empty() && latex::typesettable(s.url)) {
        h << " data-tex=\"";
        h.escaped(s.url) << "\"";
      }
      h << ">";
      return "</span>";
    case SpanStyle::NoCase:
      return "";
    case SpanStyle::Link:
      if (link_open(h, s.url, "ps-inline-link", "")) return "</a>";
      h << "<span class=\"ps-url\">";
      return "</span>";
  }
  return "";
}

// The matches within a text of `n` bytes, as sorted ranges that neither overlap nor touch.
std::vector<Match> marks_within(const std::vector<Match>& matches, std::uint32_t n) {
  std::vector<Match> marks;
  for (const Match& m : matches)
    if (std::min(m.begin, n) < std::min(m.end, n)) marks.push_back({m.begin, std::min(m.end, n)});
  detail::sort_values(marks, [](const Match& a, const Match& b) { return a.begin < b.begin; });
  std::size_t kept = 0;
  for (const Match& m : marks) {
    if (kept > 0 && m.begin <= marks[kept - 1].end)
      marks[kept - 1].end = std::max(marks[kept - 1].end, m.end);
    else
      marks[kept++] = m;
  }
  marks.resize(kept);
  return marks;
}

}  // namespace

std::string_view drawn_part(std::string_view text) {
  return unicode::truncate_utf8(text, kMaxRunBytes);
}

// rich_text_html(text, highlight), appended to `out`: one sweep over the places where a span or a
// match begins or ends. Spans are elements that nest: where spans begin they are opened, the
// longest first; where one ends it is closed, and the spans opened inside it that go on (they
// overlap it) are closed before it and opened again after, so the markup stays well-formed. A
// mark is innermost: it is closed where a span begins or ends and opened again inside, so it never
// cuts a math span or a link in two. (Reopening every span and testing every match for every
// piece made a title with many matches or spans quadratic: 120 KB froze the page for 15 s.)
void append_rich_text_html(std::string& out, const RichText& text,
                           const std::vector<Match>* highlight) {
  if (text.text.size() > kMaxRunBytes) {
    RichText drawn(std::string(drawn_part(text.text)));
    const auto cut = static_cast<std::uint32_t>(drawn.text.size());
    for (const Span& s : text.spans)
      if (s.begin < cut) drawn.spans.push_back({s.begin, std::min(s.end, cut), s.style, s.url});
    append_rich_text_html(out, drawn, highlight);  // (marks_within clips the matches to the cut)
    out += "\u2026";
    return;
  }
  const auto n = static_cast<std::uint32_t>(text.text.size());
  const bool has_marks = highlight && !highlight->empty();
  if (text.spans.empty() && !has_marks) return detail::append_escaped_html(out, text.text);
  const SpanList& spans = text.spans;
  std::vector<Match> marks = has_marks ? marks_within(*highlight, n) : std::vector<Match>();
  const auto drawn = [&](const Span& s) {
    return s.begin < s.end && s.end <= n && s.style != SpanStyle::NoCase;
  };
  // Where the drawn elements stop: the begin of the first one past the cap (n: none is left out).
  std::uint32_t stop = n;
  if (spans.size() + marks.size() > kMaxElementsPerRun) {
    std::vector<std::uint32_t> begins;
    for (const Span& s : spans)
      if (drawn(s)) begins.push_back(s.begin);
    for (const Match& m : marks) begins.push_back(m.begin);
    if (begins.size() > kMaxElementsPerRun) {
      std::nth_element(begins.begin(), begins.begin() + kMaxElementsPerRun, begins.end());
      stop = begins[kMaxElementsPerRun];
    }
  }
  std::vector<std::uint32_t> by_begin;  // the spans drawn, by index
  std::vector<std::uint32_t> cuts = {0, n};
  for (std::uint32_t i = 0; i < spans.size(); ++i) {
    const Span& s = spans[i];
    if (!drawn(s) || s.begin >= stop) continue;
    by_begin.push_back(i);
    cuts.push_back(s.begin);
    cuts.push_back(s.end);
  }
  marks.erase(
      std::find_if(marks.begin(), marks.end(), [&](const Match& m) { return m.begin >= stop; }),
      marks.end());
  for (const Match& m : marks) {
    cuts.push_back(m.begin);
    cuts.push_back(m.end);
  }
  detail::sort_unique(cuts);
  // Of the spans opened at one place, the one that ends last is the outermost (on a tie the later
  // one: a record lists a span after the spans inside it).
  const auto outer_first = [&](std::uint32_t a, std::uint32_t b) {
    return spans[a].end != spans[b].end ? spans[a].end > spans[b].end : a > b;
  };
  std::vector<std::uint32_t> by_end = by_begin;
  detail::sort_indices(by_begin, [&](std::uint32_t a, std::uint32_t b) {
    return spans[a].begin != spans[b].begin ? spans[a].begin < spans[b].begin : outer_first(a, b);
  });
  detail::sort_indices(
      by_end, [&](std::uint32_t a, std::uint32_t b) { return spans[a].end < spans[b].end; });
  struct Open {
    std::uint32_t span;
    const char* closer;
  };
  std::vector<Open> open;  // innermost last
  std::vector<std::uint32_t> to_open;
  std::size_t next_begin = 0, next_end = 0, next_mark = 0;
  bool in_mark = false;
  HtmlOut h(out);
  for (std::size_t c = 0; c < cuts.size(); ++c) {
    const std::uint32_t at = cuts[c];
    std::size_t ending = 0;
    for (; next_end < by_end.size() && spans[by_end[next_end]].end == at; ++next_end) ++ending;
    const bool beginning = next_begin < by_begin.size() && spans[by_begin[next_begin]].begin == at;
    while (next_mark < marks.size() && marks[next_mark].end <= at) ++next_mark;
    const bool marked = next_mark < marks.size() && marks[next_mark].begin <= at;
    if (in_mark && (!marked || ending || beginning)) {
      h << "</mark>";
      in_mark = false;
    }
    // Close down to the deepest span that ends here; those above it that go on open again.
    std::size_t keep = open.size();
    for (std::size_t found = 0; found < ending;) found += spans[open[--keep].span].end == at;
    to_open.clear();
    for (std::size_t k = open.size(); k-- > keep;) {
      h << open[k].closer;
      if (spans[open[k].span].end != at) to_open.push_back(open[k].span);
    }
    open.resize(keep);
    for (; next_begin < by_begin.size() && spans[by_begin[next_begin]].begin == at; ++next_begin)
      to_open.push_back(by_begin[next_begin]);
    if (to_open.size() > 1) detail::sort_indices(to_open, outer_first);
    for (const std::uint32_t s : to_open) open.push_back({s, open_tag(h, spans[s])});
    if (c + 1 == cuts.size()) break;
    if (marked && !in_mark) {
      h << "<mark>";
      in_mark = true;
    }
    h.escaped(std::string_view(text.text).substr(at, cuts[c + 1] - at));
  }
}

}  // namespace papershelf::detail
