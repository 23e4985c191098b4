// The citation styles' names (citation_style.hpp): what a list's options and a visitor's request
// name, known without the CSL processor that formats them (citation.cpp).
#include <algorithm>

#include "papershelf/citation_style.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {
namespace {

#define PAPERSHELF_STYLE_TEXT(name, text, label) text,
#define PAPERSHELF_STYLE_LABEL(name, text, label) label,
constexpr std::string_view kStyleText[] = {PAPERSHELF_CITATION_STYLES(PAPERSHELF_STYLE_TEXT)};
constexpr std::string_view kStyleLabel[] = {PAPERSHELF_CITATION_STYLES(PAPERSHELF_STYLE_LABEL)};
#undef PAPERSHELF_STYLE_TEXT
#undef PAPERSHELF_STYLE_LABEL

}  // namespace

std::string_view csl_style_id(CitationStyle s) {
  switch (s) {
    case CitationStyle::Apa:
      return "apa";
    case CitationStyle::Ieee:
      return "ieee";
    case CitationStyle::Acm:
      return "association-for-computing-machinery";
    case CitationStyle::Chicago:
      return "chicago-author-date";
    case CitationStyle::Mla:
      return "modern-language-association";
    case CitationStyle::Harvard:
      return "harvard-cite-them-right";
    case CitationStyle::Compact:
      break;
  }
  return {};
}

std::string_view to_string(CitationStyle s) { return kStyleText[static_cast<int>(s)]; }
std::string_view label(CitationStyle s) { return kStyleLabel[static_cast<int>(s)]; }

std::vector<CitationStyle> citation_styles_from_list(std::string_view list,
                                                     std::vector<std::string>* unknown) {
  std::vector<CitationStyle> out;
  std::size_t i = 0;
  while (i < list.size()) {
    while (i < list.size() &&
           (list[i] == ' ' || list[i] == ',' || list[i] == '\t' || list[i] == '\n'))
      ++i;
    const std::size_t b = i;
    while (i < list.size() &&
           !(list[i] == ' ' || list[i] == ',' || list[i] == '\t' || list[i] == '\n'))
      ++i;
    if (i == b) break;
    const std::string_view name = list.substr(b, i - b);
    const auto style = citation_style_from_string(name);
    if (!style) {
      if (unknown) unknown->emplace_back(name);
    } else if (std::find(out.begin(), out.end(), *style) == out.end()) {
      out.push_back(*style);
    }
  }
  if (out.empty())
    for (int k = 0; k < kCitationStyleCount; ++k) out.push_back(static_cast<CitationStyle>(k));
  return out;
}

std::optional<CitationStyle> citation_style_from_string(std::string_view s) {
  const std::string f = unicode::fold(s);
  if (f.empty()) return kDefaultCitationStyle;
  if (f == "homepage" || f == "short") return CitationStyle::Compact;  // (its label is "Short")
  for (int i = 0; i < kCitationStyleCount; ++i)
    if (f == kStyleText[i]) return static_cast<CitationStyle>(i);
  return std::nullopt;
}

}  // namespace papershelf
