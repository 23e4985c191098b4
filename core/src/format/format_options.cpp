// The options' values as the element's attributes give them (preset, theme, legend), read for the
// static list that `papershelf prerender` writes by the element's rules, and a thumbnail's
// address as the options place it.
#include "papershelf/format_options.hpp"

#include <algorithm>

#include "papershelf/urls.hpp"

namespace papershelf {

bool is_preset(std::string_view name) {
  return name == "al-folio" || name == "academicpages" || name == "hugo-blox";
}

namespace {
std::string_view trimmed(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n\f"), e = s.find_last_not_of(" \t\r\n\f");
  return b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1);
}
}  // namespace

bool is_theme(std::string_view name) { return name == "auto" || name == "light" || name == "dark"; }

std::vector<LegendEntry> parse_legend(std::string_view text) {
  std::vector<LegendEntry> legend;
  while (!text.empty()) {
    const std::size_t end = text.find_first_of(";\n");
    const std::string_view item = trimmed(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    const std::size_t split = item.find_first_of("=:");
    LegendEntry entry;
    entry.symbol = std::string(trimmed(item.substr(0, split)));
    if (split != std::string_view::npos)
      entry.meaning = std::string(trimmed(item.substr(split + 1)));
    if (!entry.symbol.empty() && legend.size() < kMaxLegendEntries)
      legend.push_back(std::move(entry));
  }
  return legend;
}

std::string thumbnail_src(const Publication& p, const FormatOptions& o) {
  if (p.thumbnail().empty() || o.thumbnails == "none") return {};
  // al-folio's bib.liquid puts a bare file name after this folder (relative_url'd from the root).
  const std::string_view folder = !o.thumbnails.empty() ? std::string_view(o.thumbnails)
                                  : o.preset == "al-folio"
                                      ? std::string_view("/assets/img/publication_preview/")
                                      : std::string_view(o.base);
  std::string src = image_url(p.thumbnail(), folder);
  if (o.missing_thumbnails &&
      std::binary_search(o.missing_thumbnails->begin(), o.missing_thumbnails->end(), src))
    src.clear();
  return src;
}

}  // namespace papershelf
