// The citation styles by name, apart from the formatter: the options of a list (FormatOptions)
// name a style, and that alone must not pull in the CSL processor (citation.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace papershelf {

// The styles a visitor can paste a reference in (the first is the default) and the homepage's
// own short form: C++ name, text name, label.
#define PAPERSHELF_CITATION_STYLES(X) \
  X(Apa, "apa", "APA")                \
  X(Ieee, "ieee", "IEEE")             \
  X(Acm, "acm", "ACM")                \
  X(Chicago, "chicago", "Chicago")    \
  X(Mla, "mla", "MLA")                \
  X(Harvard, "harvard", "Harvard")    \
  X(Compact, "compact", "Short")
#define PAPERSHELF_ENUM_ITEM(name, text, label) name,
enum class CitationStyle : std::uint8_t { PAPERSHELF_CITATION_STYLES(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM
inline constexpr int kCitationStyleCount = static_cast<int>(CitationStyle::Compact) + 1;
std::string_view to_string(CitationStyle s);
std::string_view label(CitationStyle s);
// The styles an owner lets visitors choose from ("apa mla", "ieee, compact"), in that order (the
// first is the default); names that are not styles go to `unknown`. "" is every style.
std::vector<CitationStyle> citation_styles_from_list(std::string_view list,
                                                     std::vector<std::string>* unknown = nullptr);
// The official CSL style behind a style ("apa", "association-for-computing-machinery"...; "" for
// the short style, which is papershelf's own).
std::string_view csl_style_id(CitationStyle s);
// The style a citation is in when none is named: APA, the first the Cite panel offers. Every front
// end asks this (the element's panel and the API's cite(), the canvas's copy, the paper pages, the
// filled panels of a static list); a list written out as text (`render --format text`) is in the
// list's own short style instead, unless one is named.
inline constexpr CitationStyle kDefaultCitationStyle = CitationStyle::Apa;
inline constexpr CitationStyle kListTextStyle = CitationStyle::Compact;
static_assert(static_cast<int>(kDefaultCitationStyle) == 0,
              "the Cite panel offers the default style first");
// A text name (case-insensitive; "" is the default style, "short" and "homepage" the short one);
// nullopt when unknown.
std::optional<CitationStyle> citation_style_from_string(std::string_view s);
// The same, with the default style for a name that is none (a visitor's request, not the owner's).
inline CitationStyle citation_style_or_default(std::string_view s) {
  return citation_style_from_string(s).value_or(kDefaultCitationStyle);
}

}  // namespace papershelf
