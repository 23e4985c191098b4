#include "page.hpp"

#include <cstdlib>

#include "papershelf/unicode.hpp"

namespace papershelf::cli {
namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

bool starts_with_ci(std::string_view text, std::size_t at, std::string_view prefix) {
  if (text.size() - at < prefix.size()) return false;
  for (std::size_t k = 0; k < prefix.size(); ++k)
    if (lower(text[at + k]) != prefix[k]) return false;
  return true;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// &amp; &lt; &gt; &quot; &apos; &nbsp; and numeric references; anything else stays as written.
std::string decode_entities(std::string_view v) {
  static const std::pair<std::string_view, std::string_view> kNamed[] = {
      {"amp;", "&"}, {"lt;", "<"}, {"gt;", ">"}, {"quot;", "\""}, {"apos;", "'"}, {"nbsp;", "\xC2\xA0"}};
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] != '&') {
      out += v[i];
      continue;
    }
    const std::string_view rest = v.substr(i + 1);
    bool done = false;
    for (const auto& [name, text] : kNamed)
      if (rest.substr(0, name.size()) == name) {
        out += text;
        i += name.size();
        done = true;
        break;
      }
    if (!done && !rest.empty() && rest[0] == '#') {
      const bool hex = rest.size() > 1 && (rest[1] == 'x' || rest[1] == 'X');
      const std::size_t semi = rest.find(';');
      const std::string digits(rest.substr(hex ? 2 : 1, semi == std::string_view::npos ? 0 : semi - (hex ? 2 : 1)));
      char* end = nullptr;
      const unsigned long cp = digits.empty() || digits.size() > 8 ? 0 : std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
      if (semi != std::string_view::npos && end && *end == '\0' && !digits.empty()) {
        // (NUL, surrogates and values past Unicode become U+FFFD, as HTML reads them)
        const bool valid = cp != 0 && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
        unicode::append_utf8(out, valid ? static_cast<char32_t>(cp) : U'\uFFFD');
        i += semi + 1;
        done = true;
      }
    }
    if (!done) out += '&';
  }
  return out;
}

}  // namespace

const std::string* ShelfElement::attribute(std::string_view name) const {
  for (const auto& [n, v] : attributes)
    if (n == name) return &v;
  return nullptr;
}

std::vector<ShelfElement> find_shelves(std::string_view page) {
  std::vector<ShelfElement> out;
  constexpr std::string_view kOpen = "<paper-shelf", kClose = "</paper-shelf";
  for (std::size_t at = 0; (at = page.find('<', at)) != std::string_view::npos; ++at) {
    if (starts_with_ci(page, at, "<!--")) {  // (a commented-out element is not one)
      const std::size_t end = page.find("-->", at + 4);
      if (end == std::string_view::npos) break;
      at = end + 2;
      continue;
    }
    if (!starts_with_ci(page, at, kOpen) || at + kOpen.size() >= page.size() ||
        !(is_space(page[at + kOpen.size()]) || page[at + kOpen.size()] == '>' || page[at + kOpen.size()] == '/'))
      continue;
    ShelfElement shelf;
    std::size_t i = at + kOpen.size();
    while (i < page.size() && page[i] != '>') {
      if (is_space(page[i]) || page[i] == '/') {
        ++i;
        continue;
      }
      std::string name;
      while (i < page.size() && !is_space(page[i]) && page[i] != '=' && page[i] != '>' && page[i] != '/') name += lower(page[i++]);
      while (i < page.size() && is_space(page[i])) ++i;
      std::string value;
      if (i < page.size() && page[i] == '=') {
        ++i;
        while (i < page.size() && is_space(page[i])) ++i;
        if (i < page.size() && (page[i] == '"' || page[i] == '\'')) {
          const char quote = page[i++];
          const std::size_t end = page.find(quote, i);
          const std::size_t stop = end == std::string_view::npos ? page.size() : end;
          value = decode_entities(page.substr(i, stop - i));
          i = stop + 1;
        } else {
          const std::size_t start = i;
          while (i < page.size() && !is_space(page[i]) && page[i] != '>') ++i;
          value = decode_entities(page.substr(start, i - start));
        }
      }
      if (!name.empty() && !shelf.attribute(name)) shelf.attributes.emplace_back(std::move(name), std::move(value));
    }
    // The marker belongs to this element when it comes before the element's end tag.
    const std::size_t close = page.find(kClose, i);
    const std::size_t marker = page.find(kPrerenderMarker, i);
    if (marker != std::string_view::npos && (close == std::string_view::npos || marker < close)) shelf.marker = marker;
    out.push_back(std::move(shelf));
    at = i;
  }
  return out;
}

}  // namespace papershelf::cli
