// The output tree's pieces, and field values read as rich text into them. Text case
// (output_text_case.cpp) and the tree made text or HTML (output_serialize.cpp) are beside it.
#include "csl/output.hpp"

#include <algorithm>
#include <cctype>

namespace papershelf::csl {

Formatting Formatting::of(const xml::Element& e) {
  Formatting f;
  f.font_style = e.attribute_or("font-style", "");
  f.font_variant = e.attribute_or("font-variant", "");
  f.font_weight = e.attribute_or("font-weight", "");
  f.text_decoration = e.attribute_or("text-decoration", "");
  f.vertical_align = e.attribute_or("vertical-align", "");
  static constexpr std::string_view kNames[] = {"font-style", "font-variant", "font-weight",
                                                "text-decoration", "vertical-align"};
  std::uint8_t written[5];
  std::size_t n = 0;
  for (const auto& attribute : e.attributes)
    for (std::uint8_t k = 0; k < 5; ++k)
      if (attribute.first == kNames[k] && std::find(written, written + n, k) == written + n)
        written[n++] = k;
  if (n > 1) {
    std::size_t at = 0;
    for (std::size_t k = n; k-- > 0;) f.outer_first[at++] = written[k];
    for (std::uint8_t k = 0; k < 5; ++k)
      if (std::find(written, written + n, k) == written + n) f.outer_first[at++] = k;
  }
  return f;
}

bool Out::empty() const {
  if (!text.empty()) return false;
  for (const Out& k : kids)
    if (!k.empty()) return false;
  return true;
}

std::string Out::plain() const {
  if (empty()) return {};
  std::string s(prefix);
  s += text;
  for (const Out& k : kids) s += k.plain();
  s += suffix;
  return s;
}

Out leaf(std::string text) {
  Out o;
  o.text = std::move(text);
  return o;
}

Out join(std::vector<Out> kids, std::string_view delimiter) {
  Out o;
  for (Out& k : kids) {
    if (k.empty()) continue;
    if (!o.kids.empty() && !delimiter.empty()) {
      o.kids.push_back(leaf(std::string(delimiter)));
      o.kids.back().delimiter = true;
    }
    o.kids.push_back(std::move(k));
  }
  return o;
}

// ---- Rich text in field values ----------------------------------------------------------------

namespace {

bool starts_with(std::string_view s, std::size_t at, std::string_view p) {
  return s.substr(at, p.size()) == p;
}

bool is_word_char_before(std::string_view s, std::size_t at) {
  if (at == 0) return false;
  const unsigned char c = static_cast<unsigned char>(s[at - 1]);
  return c >= 0x80 || std::isalnum(c);
}

bool is_space_or_end(std::string_view s, std::size_t at) {
  return at >= s.size() || s[at] == ' ' || s[at] == '\t' || s[at] == '\n';
}

struct RichParser {
  enum class Open : std::uint8_t { Tag, DoubleStraight, DoubleCurly, SingleCurly, SingleStraight };
  struct Frame {
    Out node;
    Open kind;
    std::string closer;  // a tag's end tag
    std::string opener;  // the text that opened it, given back if it never closes
  };
  std::vector<Frame> stack;

  Out& top() { return stack.back().node; }
  void text(std::string_view t) {
    Out& n = top();
    if (!n.kids.empty() && n.kids.back().kids.empty() && !n.kids.back().quotes &&
        !n.kids.back().fmt.any() && !n.kids.back().nocase)
      n.kids.back().text += t;
    else
      n.kids.push_back(leaf(std::string(t)));
  }
  void open(Out node, Open kind, std::string closer, std::string opener) {
    stack.push_back({std::move(node), kind, std::move(closer), std::move(opener)});
  }
  bool is_open(Open kind) const {
    for (const Frame& f : stack)
      if (f.kind == kind && &f != &stack.front()) return true;
    return false;
  }
  // Closes frames down to the innermost of `kind`; frames that never closed go back to text.
  void close(Open kind, std::string_view closer = {}) {
    while (stack.size() > 1) {
      Frame f = std::move(stack.back());
      stack.pop_back();
      if (f.kind == kind && (kind != Open::Tag || f.closer == closer)) {
        top().kids.push_back(std::move(f.node));
        return;
      }
      unwrap(std::move(f));
    }
  }
  void unwrap(Frame f) {
    text(f.opener);
    for (Out& k : f.node.kids) top().kids.push_back(std::move(k));
  }
  Out finish() {
    while (stack.size() > 1) {
      Frame f = std::move(stack.back());
      stack.pop_back();
      unwrap(std::move(f));
    }
    return std::move(stack.back().node);
  }
};

}  // namespace

Out rich(std::string_view s) {
  if (s.find_first_of("<\"'&\xE2") == std::string_view::npos) return leaf(std::string(s));
  RichParser p;
  p.stack.push_back({Out(), RichParser::Open::Tag, "", ""});
  std::size_t plain = 0;
  auto flush = [&](std::size_t at) {
    if (at > plain) p.text(xml::decode_entities(s.substr(plain, at - plain)));
  };
  struct TagForm {
    std::string_view open, close;
    const char* attr;
    const char* value;
  };
  static const TagForm kTags[] = {
      {"<i>", "</i>", "font-style", "italic"},
      {"<b>", "</b>", "font-weight", "bold"},
      {"<sup>", "</sup>", "vertical-align", "sup"},
      {"<sub>", "</sub>", "vertical-align", "sub"},
      {"<sc>", "</sc>", "font-variant", "small-caps"},
      {"<span style=\"font-variant:small-caps;\">", "</span>", "font-variant", "small-caps"},
      {"<span style=\"font-variant: small-caps;\">", "</span>", "font-variant", "small-caps"},
      {"<span class=\"nocase\">", "</span>", nullptr, nullptr},
      // (the formatting around it does not reach its text: "Lessard v. Schmidt" in italics)
      {"<span class=\"nodecor\">", "</span>", "nodecor", nullptr},
  };
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '<') {
      bool matched = false;
      for (const TagForm& t : kTags) {
        if (starts_with(s, i, t.open)) {
          flush(i);
          Out node;
          if (!t.attr)
            node.nocase = true;
          else if (std::string_view(t.attr) == "font-style")
            node.fmt.font_style = t.value;
          else if (std::string_view(t.attr) == "font-weight")
            node.fmt.font_weight = t.value;
          else if (std::string_view(t.attr) == "vertical-align")
            node.fmt.vertical_align = t.value;
          else if (std::string_view(t.attr) == "nodecor") {
            node.fmt.font_style = node.fmt.font_variant = node.fmt.font_weight = "normal";
            node.nocase = true;  // (nor does the text case: "Lessard v. Schmidt")
          } else
            node.fmt.font_variant = t.value;
          p.open(std::move(node), RichParser::Open::Tag, std::string(t.close), std::string(t.open));
          i += t.open.size();
          plain = i;
          matched = true;
          break;
        }
      }
      if (!matched) {
        for (std::string_view closer :
             {std::string_view("</i>"), std::string_view("</b>"), std::string_view("</sup>"),
              std::string_view("</sub>"), std::string_view("</sc>"), std::string_view("</span>")}) {
          if (starts_with(s, i, closer)) {
            bool open = false;
            for (std::size_t k = 1; k < p.stack.size(); ++k)
              if (p.stack[k].kind == RichParser::Open::Tag && p.stack[k].closer == closer)
                open = true;
            if (!open) break;
            flush(i);
            p.close(RichParser::Open::Tag, closer);
            i += closer.size();
            plain = i;
            matched = true;
            break;
          }
        }
      }
      if (!matched) ++i;
      continue;
    }
    if (c == '"') {
      flush(i);
      if (p.is_open(RichParser::Open::DoubleStraight)) {
        p.close(RichParser::Open::DoubleStraight);
      } else {
        Out q;
        q.quotes = true;
        p.open(std::move(q), RichParser::Open::DoubleStraight, "", "\"");
      }
      plain = ++i;
      continue;
    }
    if (starts_with(s, i, "\xE2\x80\x9C") || starts_with(s, i, "\xE2\x80\x9D")) {  // “ ”
      const bool opening = s[i + 2] == '\x9C';
      flush(i);
      if (opening) {
        Out q;
        q.quotes = 2;
        p.open(std::move(q), RichParser::Open::DoubleCurly, "", "\xE2\x80\x9C");
      } else if (p.is_open(RichParser::Open::DoubleCurly)) {
        p.close(RichParser::Open::DoubleCurly);
      } else {
        p.text("\xE2\x80\x9D");
      }
      plain = i += 3;
      continue;
    }
    if (starts_with(s, i, "\xE2\x80\x98") || starts_with(s, i, "\xE2\x80\x99")) {  // ‘ ’
      const bool opening = s[i + 2] == '\x98';
      flush(i);
      if (opening && !is_word_char_before(s, i)) {
        Out q;
        q.quotes = 3;
        p.open(std::move(q), RichParser::Open::SingleCurly, "", "\xE2\x80\x98");
      } else if (!opening && p.is_open(RichParser::Open::SingleCurly) &&
                 !(i + 3 < s.size() && std::isalpha(static_cast<unsigned char>(s[i + 3])))) {
        p.close(RichParser::Open::SingleCurly);
      } else {
        p.text(opening ? "\xE2\x80\x98" : "\xE2\x80\x99");
      }
      plain = i += 3;
      continue;
    }
    if (c == '\'') {
      flush(i);
      // An apostrophe inside or after a word; a quote opens before a word and closes after one.
      if (!is_word_char_before(s, i) && !is_space_or_end(s, i + 1) &&
          (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(' || s[i - 1] == '"')) {
        Out q;
        q.quotes = true;
        p.open(std::move(q), RichParser::Open::SingleStraight, "", "\xE2\x80\x99");
      } else if (p.is_open(RichParser::Open::SingleStraight) &&
                 !(i + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[i + 1])))) {
        p.close(RichParser::Open::SingleStraight);
      } else {
        p.text("\xE2\x80\x99");
      }
      plain = ++i;
      continue;
    }
    ++i;
  }
  flush(s.size());
  Out o = p.finish();
  if (o.kids.size() == 1 && !o.kids[0].quotes && !o.kids[0].fmt.any() && !o.kids[0].nocase)
    return std::move(o.kids[0]);
  return o;
}

namespace {
void mark_affix(Out& o, std::uint8_t role) {
  o.affix = role;
  for (Out& k : o.kids) mark_affix(k, role);
}
}  // namespace

Out rich_affix(std::string_view text, bool suffix) {
  Out o = rich(text);
  mark_affix(o, suffix ? 2 : 1);
  return o;
}

}  // namespace papershelf::csl
