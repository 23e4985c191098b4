// Format detection, dispatch to the format readers, and merging of several inputs.
#include <algorithm>

#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {

std::string_view to_string(Format f) {
  switch (f) {
    case Format::Auto: return "auto";
    case Format::BibTeX: return "bibtex";
    case Format::CslJson: return "csl-json";
    case Format::PapershelfJson: return "json";
  }
  return "auto";
}

Format format_from_string(std::string_view s) {
  std::string lower;
  for (char c : s) lower += static_cast<char>(unicode::to_lower(static_cast<unsigned char>(c)));
  if (lower == "bibtex" || lower == "bib" || lower == "biblatex") return Format::BibTeX;
  if (lower == "csl-json" || lower == "csl" || lower == "csljson") return Format::CslJson;
  if (lower == "json" || lower == "papershelf") return Format::PapershelfJson;
  return Format::Auto;
}

Format detect_format(std::string_view text) {
  std::size_t i = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
    ++i;
  if (i < text.size() && text[i] == '{') return Format::PapershelfJson;
  if (i < text.size() && text[i] == '[') return Format::CslJson;
  return Format::BibTeX;
}

ReadResult read(std::string_view text, const ReadOptions& options) {
  const Format format = options.format == Format::Auto ? detect_format(text) : options.format;
  switch (format) {
    case Format::CslJson: return read_csl_json(text, options);
    case Format::PapershelfJson: return read_papershelf_json(text, options);
    case Format::BibTeX:
    case Format::Auto: break;
  }
  return read_bibtex(text, options);
}

namespace {
template <typename T>
void append_missing(std::vector<T>& into, std::vector<T>&& more) {
  for (auto& item : more)
    if (std::find(into.begin(), into.end(), item) == into.end()) into.push_back(std::move(item));
}
}  // namespace

void merge(Library& into, Library&& more) {
  const auto base = static_cast<std::uint32_t>(into.publications.size());
  if (into.publications.empty()) {
    // The first input's records as they are: moving them one by one into a new vector held
    // both vectors at once (a 200,000-record file's model twice).
    into.publications = std::move(more.publications);
  } else {
    into.publications.reserve(into.publications.size() + more.publications.size());
    for (auto& p : more.publications) into.publications.push_back(std::move(p));
  }
  for (std::size_t i = base; i < into.publications.size(); ++i)
    into.publications[i].order = static_cast<std::uint32_t>(i);
  Profile& a = into.profile;
  Profile& b = more.profile;
  if (a.name.empty()) a.name = std::move(b.name);
  if (a.position.empty()) a.position = std::move(b.position);
  if (a.affiliation.empty()) a.affiliation = std::move(b.affiliation);
  if (a.photo.empty()) a.photo = std::move(b.photo);
  append_missing(a.aliases, std::move(b.aliases));
  append_missing(a.links, std::move(b.links));
  append_missing(a.interests, std::move(b.interests));
  for (auto& entry : b.legend) {
    const bool known = std::any_of(a.legend.begin(), a.legend.end(),
                                   [&](const LegendEntry& e) { return e.symbol == entry.symbol; });
    if (!known) a.legend.push_back(std::move(entry));
  }
}

}  // namespace papershelf
