// Exports: one place that knows the formats a view can be downloaded in.
#include "papershelf/export.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {
namespace {

#define PAPERSHELF_EXPORT_INFO(name, text, label, extension, media) {text, label, extension, media},
constexpr ExportFormatInfo kFormats[] = {PAPERSHELF_EXPORT_FORMATS(PAPERSHELF_EXPORT_INFO)};
#undef PAPERSHELF_EXPORT_INFO

}  // namespace

const ExportFormatInfo& info(ExportFormat f) { return kFormats[static_cast<int>(f)]; }

std::optional<ExportFormat> export_format_from_string(std::string_view s) {
  const std::string f = unicode::ascii_lower(s);
  if (f == "bib") return ExportFormat::Bibtex;
  if (f == "csl") return ExportFormat::CslJson;
  for (int i = 0; i < kExportFormatCount; ++i)
    if (f == kFormats[i].name) return static_cast<ExportFormat>(i);
  return std::nullopt;
}

std::string format_export(const Library& lib, const View& view, ExportFormat format,
                          const BibtexOptions& bibtex) {
  switch (format) {
    case ExportFormat::Ris:
      return format_ris(lib, view);
    case ExportFormat::CslJson:
      return format_csl_json(lib, view);
    case ExportFormat::Bibtex:
      break;
  }
  std::string out;
  for (std::uint32_t i : view.entries) {
    if (!out.empty()) out += '\n';
    out += format_bibtex(lib.publications[i], bibtex);
  }
  return out;
}

}  // namespace papershelf
