#include "latex/markup.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "papershelf/unicode.hpp"

namespace papershelf::detail {
namespace {

enum class TagKind : std::uint8_t { Style, Script, Drop };
struct Tag {
  std::string_view name;
  TagKind kind;
  SpanStyle style;  // for Style
  bool up;          // for Script
};
constexpr Tag kTags[] = {
    {"i", TagKind::Style, SpanStyle::Italic, false},
    {"em", TagKind::Style, SpanStyle::Italic, false},
    {"b", TagKind::Style, SpanStyle::Bold, false},
    {"strong", TagKind::Style, SpanStyle::Bold, false},
    {"sc", TagKind::Style, SpanStyle::SmallCaps, false},
    {"scp", TagKind::Style, SpanStyle::SmallCaps, false},
    {"tt", TagKind::Style, SpanStyle::Monospace, false},
    {"code", TagKind::Style, SpanStyle::Monospace, false},
    {"sup", TagKind::Script, SpanStyle::Italic, true},
    {"sub", TagKind::Script, SpanStyle::Italic, false},
    {"span", TagKind::Drop, SpanStyle::Italic, false},
};

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The tag at `at` ("<i>", "</sub>", "<span class="nocase">"): its length and name, or 0.
std::size_t tag_at(std::string_view t, std::size_t at, bool& closing, std::string_view& name,
                   std::string_view& attributes) {
  std::size_t i = at + 1;
  closing = i < t.size() && t[i] == '/';
  if (closing) ++i;
  const std::size_t name_begin = i;
  while (i < t.size() && is_name_char(t[i])) ++i;
  name = t.substr(name_begin, i - name_begin);
  if (name.empty()) return 0;
  const std::size_t close = t.find('>', i);
  if (close == std::string_view::npos || close - at > 80) return 0;
  attributes = t.substr(i, close - i);
  if (closing && !attributes.empty()) return 0;
  if (!attributes.empty() && attributes[0] != ' ') return 0;  // "<bold" is not "<b"
  return close + 1 - at;
}

const Tag* known(std::string_view name) {
  for (const Tag& tag : kTags)
    if (tag.name.size() == name.size() &&
        std::equal(name.begin(), name.end(), tag.name.begin(),
                   [](char a, char b) { return (a | 0x20) == b; }))
      return &tag;
  return nullptr;
}

// Tags taken out of the text can leave a space at its start or end, or two in a row
// (`a <i> b</i>`), which the readers never make otherwise and no writer could give back: such
// spaces collapse, and the spans follow.
void collapse_spaces(std::string& text, std::vector<Span>& spans) {
  std::vector<std::uint32_t> at(text.size() + 1);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    at[i] = static_cast<std::uint32_t>(out.size());
    if (text[i] == ' ' && (out.empty() || out.back() == ' ')) continue;
    out.push_back(text[i]);
  }
  at[text.size()] = static_cast<std::uint32_t>(out.size());
  if (!out.empty() && out.back() == ' ') out.pop_back();
  const auto length = static_cast<std::uint32_t>(out.size());
  for (Span& span : spans) {
    span.begin = std::min(at[std::min<std::size_t>(span.begin, text.size())], length);
    span.end = std::min(at[std::min<std::size_t>(span.end, text.size())], length);
  }
  spans.erase(
      std::remove_if(spans.begin(), spans.end(), [](const Span& s) { return s.begin >= s.end; }),
      spans.end());
  text = std::move(out);
}

// The tags of apply_inline_markup.
void apply_tags(std::string& text, std::vector<Span>& spans) {
  if (text.find('<') == std::string::npos) return;
  struct Open {
    const Tag* tag;
    std::uint32_t begin;
    SpanStyle style;
    bool drop;
  };
  std::vector<Open> open;
  // Where each kind of tag is closed for the last time (found once, from the end): an opening tag
  // counts when its closing tag comes later. (Searching the rest of the text at every opening
  // tag made a value of repeated "<b>" quadratic.)
  constexpr std::size_t kNotSought = std::string::npos - 1;
  std::size_t last_close[std::size(kTags)];
  for (std::size_t& c : last_close) c = kNotSought;
  auto closed_after = [&](const Tag* tag, std::size_t at) {
    std::size_t& last = last_close[tag - kTags];
    if (last == kNotSought) {
      last = std::string::npos;
      for (std::size_t i = text.size(); i-- > 0;) {
        bool closing = false;
        std::string_view name, attributes;
        if (text[i] == '<' && tag_at(text, i, closing, name, attributes) && closing &&
            known(name) == tag) {
          last = i;
          break;
        }
      }
    }
    return last != std::string::npos && last > at;
  };
  // Deeper nesting than any title has: further tags stay text (and every close stays cheap).
  constexpr std::size_t kMaxOpen = 32;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> removed;  // (where in the old text, length)
  std::vector<std::pair<std::uint32_t, std::uint32_t>>
      grown;  // (where in the old text, bytes added)
  std::vector<Span> added;
  std::uint32_t added_reach =
      0;  // the furthest end of the spans added (whether one is inside a <sup>)
  std::string out;
  out.reserve(text.size());
  const std::string_view t = text;
  for (std::size_t i = 0; i < t.size();) {
    bool closing = false;
    std::string_view name, attributes;
    const std::size_t n = t[i] == '<' ? tag_at(t, i, closing, name, attributes) : 0;
    const Tag* tag = n ? known(name) : nullptr;
    bool taken = false;
    if (tag && !closing) {
      if (open.size() < kMaxOpen && closed_after(tag, i)) {
        SpanStyle style = tag->style;
        bool drop = tag->kind == TagKind::Drop;
        if (drop && attributes.find("nocase") != std::string_view::npos) {
          style = SpanStyle::NoCase;
          drop = false;
        } else if (drop && attributes.find("small-caps") != std::string_view::npos) {
          style = SpanStyle::SmallCaps;
          drop = false;
        }
        open.push_back({tag, static_cast<std::uint32_t>(out.size()), style, drop});
        taken = true;
      }
    } else if (tag && closing) {
      auto it =
          std::find_if(open.rbegin(), open.rend(), [&](const Open& o) { return o.tag == tag; });
      if (it != open.rend()) {
        const Open o = *it;
        open.erase(std::next(it).base());
        if (tag->kind == TagKind::Script) {
          // Digits and signs take their raised or lowered forms (H₂O, 10⁻³); words (5th) and
          // spans inside are a Superscript or Subscript span.
          std::string raised;
          bool all = true;
          for (std::size_t p = o.begin; all && p < out.size();) {
            const char32_t cp = unicode::decode_utf8(out, p);
            const bool digit_or_sign = (cp >= '0' && cp <= '9') || cp == '+' || cp == '-' ||
                                       cp == 0x2212 || cp == '=' || cp == '(' || cp == ')';
            const char32_t form = digit_or_sign ? script_form(tag->up, cp) : 0;
            all = form != 0;
            unicode::append_utf8(raised, form);
          }
          const bool inner = added_reach > o.begin;
          if (all && !inner) {
            // The raised forms are longer than ASCII digits: recorded as text added here, so
            // that spans after it still land on their text.
            grown.emplace_back(static_cast<std::uint32_t>(i),
                               static_cast<std::uint32_t>(raised.size() - (out.size() - o.begin)));
            out.replace(o.begin, std::string::npos, raised);
          } else if (o.begin < out.size()) {  // (words: <sup>th</sup>, <sub>eff</sub>)
            added.push_back({o.begin,
                             static_cast<std::uint32_t>(out.size()),
                             tag->up ? SpanStyle::Superscript : SpanStyle::Subscript,
                             {}});
            added_reach = std::max(added_reach, added.back().end);
          }
        } else if (!o.drop && o.begin < out.size()) {
          added.push_back({o.begin, static_cast<std::uint32_t>(out.size()), o.style, {}});
          added_reach = std::max(added_reach, added.back().end);
        }
        taken = true;
      }
    }
    if (taken) {
      removed.emplace_back(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(n));
      i += n;
      continue;
    }
    out.push_back(t[i]);
    ++i;
  }
  if (removed.empty()) return;
  // Spans that were on the text move left by the tags removed before them (and right by the
  // bytes raised digits added). Both lists are in text order and the tags do not overlap: a
  // binary search and a running total find the shift at any place (adding up every tag for every
  // span made a LaTeX title of many \emph{a} <i>b</i> quadratic).
  const auto running_totals =
      [](const std::vector<std::pair<std::uint32_t, std::uint32_t>>& at_bytes) {
        std::vector<std::int64_t> totals(at_bytes.size() + 1, 0);
        for (std::size_t k = 0; k < at_bytes.size(); ++k)
          totals[k + 1] = totals[k] + at_bytes[k].second;
        return totals;
      };
  const std::vector<std::int64_t> removed_before = running_totals(removed),
                                  grown_before = running_totals(grown);
  const auto count_before = [](const std::vector<std::pair<std::uint32_t, std::uint32_t>>& at_bytes,
                               std::uint32_t old) {
    return static_cast<std::size_t>(
        std::lower_bound(at_bytes.begin(), at_bytes.end(), old,
                         [](const auto& e, std::uint32_t o) { return e.first < o; }) -
        at_bytes.begin());
  };
  auto moved = [&](std::uint32_t old) {
    const std::size_t r = count_before(removed, old);
    std::int64_t shift = 0;
    if (r > 0)  // (the last tag before `old` may reach past it: only its part before counts)
      shift -= removed_before[r - 1] + std::min(removed[r - 1].second, old - removed[r - 1].first);
    shift += grown_before[count_before(grown, old)];
    return static_cast<std::uint32_t>(
        std::max<std::int64_t>(0, static_cast<std::int64_t>(old) + shift));
  };
  for (Span& s : spans) {
    s.begin = moved(s.begin);
    s.end = std::min<std::uint32_t>(moved(s.end), static_cast<std::uint32_t>(out.size()));
  }
  spans.insert(spans.end(), added.begin(), added.end());
  text = std::move(out);
  collapse_spaces(text, spans);
}

}  // namespace

bool apply_character_references(std::string& text, std::vector<Span>& spans) {
  if (text.find('&') == std::string::npos) return false;
  std::vector<std::uint32_t> at;
  std::string out = unicode::decode_references(text, unicode::References::Html, &at);
  if (out.size() == text.size()) return false;  // (every reference is longer than its character)
  for (Span& span : spans) {
    span.begin = at[std::min<std::size_t>(span.begin, text.size())];
    span.end = at[std::min<std::size_t>(span.end, text.size())];
  }
  spans.erase(
      std::remove_if(spans.begin(), spans.end(), [](const Span& s) { return s.begin >= s.end; }),
      spans.end());
  text = std::move(out);
  return true;
}

bool apply_inline_markup(std::string& text, std::vector<Span>& spans) {
  apply_tags(text, spans);
  return apply_character_references(text, spans);  // (after the tags: "&lt;i&gt;" is text)
}

}  // namespace papershelf::detail
