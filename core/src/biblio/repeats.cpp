#include "papershelf/repeats.hpp"

#include <string>
#include <unordered_map>

#include "biblio/identifiers.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {

std::vector<Diagnostic> repeated_records(const Library& library, std::string_view source) {
  std::vector<Diagnostic> said;
  // Each identity seen, with the record that had it first.
  std::unordered_map<std::string, std::uint32_t> first;
  const auto& records = library.publications;
  for (std::uint32_t i = 0; i < records.size(); ++i) {
    const Publication& p = records[i];
    const Publication* earlier = nullptr;  // the record this one repeats
    bool by_doi = false;
    if (!p.doi().empty()) {
      const auto [at, added] = first.emplace("doi " + unicode::ascii_lower(p.doi()), i);
      if (!added) earlier = &records[at->second], by_doi = true;
    }
    // (without a venue, a title alone is too little: the same talk given at two places)
    const std::string title = biblio::title_key(p.title.text),
                      venue = biblio::title_key(p.venue.text);
    if (!title.empty() && !venue.empty()) {
      const auto [at, added] =
          first.emplace("title " + title + '\x1f' + std::to_string(p.date.year) + '\x1f' +
                            std::string(to_string(p.type)) + '\x1f' + venue,
                        i);
      if (!added && !earlier) earlier = &records[at->second];
    }
    if (!earlier) continue;
    const std::string first_one =
        "'" + excerpt(earlier->key) + "' (line " + std::to_string(earlier->line) + ")";
    said.push_back(
        {std::string(source), p.line, 1, Severity::Warning, DiagnosticKind::Duplicate,
         "'" + excerpt(p.key) +
             (by_doi ? "' has the DOI of " + first_one +
                           ": the same paper twice, or a DOI copied by mistake; both are listed"
                     : "' repeats " + first_one +
                           ": the same title, year, type and venue; both are listed")});
  }
  return said;
}

}  // namespace papershelf
