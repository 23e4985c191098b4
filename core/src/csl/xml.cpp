#include "csl/xml.hpp"

#include "papershelf/unicode.hpp"

namespace papershelf::csl::xml {

const std::string* Element::attribute(std::string_view key) const {
  for (const auto& [k, v] : attributes)
    if (k == key) return &v;
  return nullptr;
}

std::string_view Element::attribute_or(std::string_view key, std::string_view fallback) const {
  const std::string* v = attribute(key);
  return v ? std::string_view(*v) : fallback;
}

const Element* Element::child(std::string_view child_name) const {
  for (const Element& c : children)
    if (c.name == child_name) return &c;
  return nullptr;
}

char32_t entity(std::string_view name) {
  return unicode::character_reference(name, unicode::References::Xml);
}

std::string decode_entities(std::string_view s) {
  if (s.find('&') == std::string_view::npos) return std::string(s);
  return unicode::decode_references(s, unicode::References::Xml);
}

namespace {

class Parser {
 public:
  Parser(std::string_view text, std::string& error) : s_(text), error_(error) {}

  bool document(Element& root) {
    bool have_root = false;
    while (pos_ < s_.size()) {
      if (s_[pos_] != '<') {
        if (!is_space(s_[pos_])) return fail("text outside the root element");
        ++pos_;
        continue;
      }
      if (starts("<?")) {
        if (!skip_past("?>")) return fail("unterminated processing instruction");
      } else if (starts("<!--")) {
        if (!skip_past("-->")) return fail("unterminated comment");
      } else if (starts("<!")) {
        if (!skip_past(">")) return fail("unterminated declaration");
      } else {
        if (have_root) return fail("a second root element");
        if (!element(root, 0)) return false;
        have_root = true;
      }
    }
    if (!have_root) return fail("no root element");
    return true;
  }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool is_name_char(char c) {
    return c != '>' && c != '/' && c != '=' && !is_space(c) && c != '<' && c != '"' && c != '\'';
  }
  bool starts(std::string_view p) const { return s_.substr(pos_, p.size()) == p; }
  bool skip_past(std::string_view end) {
    const std::size_t at = s_.find(end, pos_);
    if (at == std::string_view::npos) return false;
    pos_ = at + end.size();
    return true;
  }
  void skip_space() {
    while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
  }
  // Line and column of `at`, counted on from the last position asked for (the parser only goes
  // forward, so the whole document is counted once).
  void where(std::size_t at, std::uint32_t& line, std::uint32_t& column) {
    if (at < counted_) {
      counted_ = 0;
      line_ = column_ = 1;
    }
    for (; counted_ < at && counted_ < s_.size(); ++counted_) {
      if (s_[counted_] == '\n') {
        ++line_;
        column_ = 1;
      } else if ((static_cast<unsigned char>(s_[counted_]) & 0xC0) != 0x80) {
        ++column_;
      }
    }
    line = line_;
    column = column_;
  }
  bool fail(std::string_view what) {
    std::uint32_t line = 0, column = 0;
    where(pos_, line, column);
    error_ = std::to_string(line) + ":" + std::to_string(column) + ": " + std::string(what);
    return false;
  }
  std::string name() {
    const std::size_t begin = pos_;
    while (pos_ < s_.size() && is_name_char(s_[pos_])) ++pos_;
    return std::string(s_.substr(begin, pos_ - begin));
  }
  // Text with entities decoded.
  bool decode(std::string_view raw, std::string& out) {
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const std::size_t semi = raw.find(';', i);
      if (semi == std::string_view::npos) return fail("'&' without ';'");
      const char32_t cp = entity(raw.substr(i + 1, semi - i - 1));
      if (!cp) return fail("unknown entity or bad character reference");
      unicode::append_utf8(out, cp);
      i = semi;
    }
    return true;
  }
  bool element(Element& e, int depth) {
    if (depth > 200) return fail("elements nested too deeply");
    where(pos_, e.line, e.column);
    ++pos_;  // '<'
    e.name = name();
    if (e.name.empty()) return fail("an element without a name");
    for (;;) {
      skip_space();
      if (pos_ >= s_.size()) return fail("unterminated start tag");
      if (starts("/>")) {
        pos_ += 2;
        return true;
      }
      if (s_[pos_] == '>') {
        ++pos_;
        break;
      }
      std::string key = name();
      if (key.empty()) return fail("a malformed attribute");
      skip_space();
      if (pos_ >= s_.size() || s_[pos_] != '=') return fail("an attribute without '='");
      ++pos_;
      skip_space();
      if (pos_ >= s_.size() || (s_[pos_] != '"' && s_[pos_] != '\''))
        return fail("an attribute value without quotes");
      const char quote = s_[pos_++];
      const std::size_t end = s_.find(quote, pos_);
      if (end == std::string_view::npos) return fail("unterminated attribute value");
      std::string value;
      if (!decode(s_.substr(pos_, end - pos_), value)) return false;
      pos_ = end + 1;
      e.attributes.emplace_back(std::move(key), std::move(value));
    }
    for (;;) {
      if (pos_ >= s_.size()) return fail("unterminated element <" + e.name + ">");
      if (starts("</")) {
        pos_ += 2;
        const std::string closing = name();
        if (closing != e.name) return fail("</" + closing + "> closes <" + e.name + ">");
        skip_space();
        if (pos_ >= s_.size() || s_[pos_] != '>') return fail("unterminated end tag");
        ++pos_;
        return true;
      }
      if (starts("<!--")) {
        if (!skip_past("-->")) return fail("unterminated comment");
      } else if (starts("<![CDATA[")) {
        const std::size_t begin = pos_ + 9;
        if (!skip_past("]]>")) return fail("unterminated CDATA section");
        e.text.append(s_.substr(begin, pos_ - 3 - begin));
      } else if (starts("<?")) {
        if (!skip_past("?>")) return fail("unterminated processing instruction");
      } else if (s_[pos_] == '<') {
        e.children.emplace_back();
        if (!element(e.children.back(), depth + 1)) return false;
      } else {
        const std::size_t end = s_.find('<', pos_);
        const std::size_t stop = end == std::string_view::npos ? s_.size() : end;
        if (!decode(s_.substr(pos_, stop - pos_), e.text)) return false;
        pos_ = stop;
      }
    }
  }

  std::string_view s_;
  std::string& error_;
  std::size_t pos_ = 0;
  std::size_t counted_ = 0;
  std::uint32_t line_ = 1, column_ = 1;
};

}  // namespace

bool parse(std::string_view text, Element& root, std::string& error) {
  root = Element();
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  return Parser(text, error).document(root);
}

}  // namespace papershelf::csl::xml
