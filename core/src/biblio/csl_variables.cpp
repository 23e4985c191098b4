// CSL-JSON variables in the model (see csl_variables.hpp).
#include "biblio/csl_variables.hpp"

namespace papershelf::biblio::csl_json {
namespace {

struct Named {
  std::string_view name;
  Kind kind;
};
// CSL 1.0.2's variables that have no slot and no BibTeX field of their own.
constexpr Named kOtherVariables[] = {
    {"annote", Kind::Text},
    {"archive", Kind::Text},
    {"archive_collection", Kind::Text},
    {"archive_location", Kind::Text},
    {"archive-place", Kind::Text},
    {"authority", Kind::Text},
    {"call-number", Kind::Text},
    {"citation-label", Kind::Text},
    {"collection-number", Kind::Text},
    {"dimensions", Kind::Text},
    {"division", Kind::Text},
    {"event", Kind::Text},
    {"event-place", Kind::Text},
    {"issue", Kind::Text},
    {"jurisdiction", Kind::Text},
    {"license", Kind::Text},
    {"medium", Kind::Text},
    {"number", Kind::Text},
    {"part", Kind::Text},
    {"part-title", Kind::Text},
    {"printing", Kind::Text},
    {"references", Kind::Text},
    {"reviewed-genre", Kind::Text},
    {"reviewed-title", Kind::Text},
    {"scale", Kind::Text},
    {"section", Kind::Text},
    {"source", Kind::Text},
    {"supplement", Kind::Text},
    {"volume-title", Kind::Text},
    {"volume-title-short", Kind::Text},
    {"year-suffix", Kind::Text},
    {"page-first", Kind::Text},
    {"container-title-short", Kind::Text},
    {"available-date", Kind::Date},
    {"submitted", Kind::Date},
    {"chair", Kind::Names},
    {"collection-editor", Kind::Names},
    {"compiler", Kind::Names},
    {"composer", Kind::Names},
    {"contributor", Kind::Names},
    {"curator", Kind::Names},
    {"director", Kind::Names},
    {"editorial-director", Kind::Names},
    {"editor-translator", Kind::Names},
    {"executive-producer", Kind::Names},
    {"guest", Kind::Names},
    {"host", Kind::Names},
    {"illustrator", Kind::Names},
    {"interviewer", Kind::Names},
    {"narrator", Kind::Names},
    {"organizer", Kind::Names},
    {"original-author", Kind::Names},
    {"performer", Kind::Names},
    {"producer", Kind::Names},
    {"recipient", Kind::Names},
    {"reviewed-author", Kind::Names},
    {"script-writer", Kind::Names},
    {"series-creator", Kind::Names},
    {"custom", Kind::Json},
    {"categories", Kind::Json},
};

}  // namespace

const Variable* by_bibtex(std::string_view bibtex_field) {
  for (const Variable& v : kVariables)
    if (v.bibtex == bibtex_field) return &v;
  return nullptr;
}

const Variable* by_csl(std::string_view csl_variable) {
  for (const Variable& v : kVariables)
    if (v.csl == csl_variable) return &v;
  return nullptr;
}

std::string_view number_variable(PubType type, bool in_series) {
  if (type == PubType::Journal) return "issue";  // (a preprint's is its number: "arXiv:2401.09149")
  if (in_series) return "collection-number";     // (a volume of a series: a book, a proceedings)
  return "number";
}

bool is_variable(std::string_view name, Kind* kind) {
  for (const Named& n : kOtherVariables) {
    if (n.name != name) continue;
    if (kind) *kind = n.kind;
    return true;
  }
  if (const Variable* v = by_csl(name)) {
    if (kind) *kind = v->kind;
    return true;
  }
  return false;
}

}  // namespace papershelf::biblio::csl_json
