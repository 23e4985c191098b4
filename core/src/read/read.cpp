// Format detection, dispatch to the format readers, and merging of several inputs.
#include <algorithm>

#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "read/record_keys.hpp"
#include "text/string_ids.hpp"

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
  const std::string lower = unicode::ascii_lower(s);  // (the names are ASCII)
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
// `more`'s items that `into` lacks by key(item), in order, each once. (A search of `into` for each
// item made a profile of many aliases, interests or legend symbols quadratic.)
template <typename T, typename Key>
void append_missing(std::vector<T>& into, std::vector<T>&& more, const Key& key) {
  detail::StringIds seen;
  for (const T& item : into) seen.insert(key(item));
  for (auto& item : more) {
    bool added = false;
    seen.insert(key(item), added);
    if (added) into.push_back(std::move(item));
  }
}
std::string_view itself(const std::string& s) { return s; }
}  // namespace

void merge(Library& into, Library&& more, std::vector<Diagnostic>* diagnostics, std::string_view source_name) {
  const auto base = static_cast<std::uint32_t>(into.publications.size());
  detail::UniqueKeys keys;
  if (base > 0)
    for (const Publication& p : into.publications) keys.add(p.key);
  into.publications.reserve(into.publications.size() + more.publications.size());
  for (auto& p : more.publications) {
    if (base > 0) {
      std::uint32_t holder = detail::UniqueKeys::kAbsent;
      const std::uint32_t id = keys.add(p.key, &holder);
      if (holder != detail::UniqueKeys::kAbsent) {
        std::string unique(keys.at(id));
        if (diagnostics)
          diagnostics->push_back({std::string(source_name), p.line, 1, Severity::Warning,
                                  "key '" + p.key + "' is also in an earlier file: this record is kept as '" + unique + "'"});
        p.key = std::move(unique);
      }
    }
    into.publications.push_back(std::move(p));
    into.publications.back().order = base + static_cast<std::uint32_t>(into.publications.size() - 1 - base);
  }
  Profile& a = into.profile;
  Profile& b = more.profile;
  if (a.name.empty()) a.name = std::move(b.name);
  if (a.position.empty()) a.position = std::move(b.position);
  if (a.affiliation.empty()) a.affiliation = std::move(b.affiliation);
  if (a.photo.empty()) a.photo = std::move(b.photo);
  append_missing(a.aliases, std::move(b.aliases), itself);
  append_missing(a.links, std::move(b.links),
                 [](const Link& l) { return std::to_string(l.label.size()) + ':' + l.label + l.url; });
  append_missing(a.interests, std::move(b.interests), itself);
  append_missing(a.legend, std::move(b.legend), [](const LegendEntry& e) -> std::string_view { return e.symbol; });
}

}  // namespace papershelf
