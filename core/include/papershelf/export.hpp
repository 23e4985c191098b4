// A view as files other tools read: BibTeX, RIS, CSL-JSON, the view model's JSON, and the
// metadata reference managers and search engines read from a page (COinS, JSON-LD).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/diagnostics.hpp"
#include "papershelf/format_options.hpp"
#include "papershelf/model.hpp"
#include "papershelf/query.hpp"
#include "papershelf/view_model.hpp"

namespace papershelf {

// --- BibTeX ---
// Clean BibTeX for one entry that reads back to an equal model.
std::string format_bibtex(const Publication& p, const BibtexOptions& options = {});
// An identifier or address (a DOI, an arXiv or OpenAlex id, a URL, a count, a date) as the
// writer puts it between braces or quotes: braces, backslashes, quotes and control characters
// percent-encoded, so that the value can never end early and add fields or entries of its own.
std::string bibtex_identifier_value(std::string_view value);

// --- RIS ---
// The view's entries as RIS records (CRLF line ends, as the format wants), for Zotero, EndNote
// and Mendeley.
std::string format_ris(const Library& lib, const View& view);

// --- Exports: a view (or one entry) as a file a reference manager imports ---
// C++ name, text name, label, file extension, media type.
#define PAPERSHELF_EXPORT_FORMATS(X)                                 \
  X(Bibtex, "bibtex", "BibTeX", "bib", "application/x-bibtex")       \
  X(Ris, "ris", "RIS", "ris", "application/x-research-info-systems") \
  X(CslJson, "csl-json", "CSL-JSON", "json", "application/vnd.citationstyles.csl+json")
#define PAPERSHELF_ENUM_ITEM(name, text, label, extension, media) name,
enum class ExportFormat : std::uint8_t { PAPERSHELF_EXPORT_FORMATS(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM
inline constexpr int kExportFormatCount = static_cast<int>(ExportFormat::CslJson) + 1;
struct ExportFormatInfo {
  std::string_view name, label, extension, media_type;
};
const ExportFormatInfo& info(ExportFormat f);
std::optional<ExportFormat> export_format_from_string(
    std::string_view s);  // a name, or "bib"/"csl"
// The view's entries in that format; BibTeX entries as `bibtex` says (a visitor's or the owner's).
std::string format_export(const Library& lib, const View& view, ExportFormat format,
                          const BibtexOptions& bibtex = {});

// --- Metadata a reference manager or a search engine reads from the page ---
// A COinS span (an empty <span class="Z3988"> whose title is an OpenURL ContextObject): Zotero's,
// Mendeley's and other browser connectors save the paper from it.
std::string format_coins(const Publication& p);
// schema.org JSON-LD for the view (an ItemList of ScholarlyArticle, Book, Chapter, Thesis...),
// safe to put inside <script type="application/ld+json"> as it is.
std::string format_json_ld(const Library& lib, const View& view);

// --- JSON ---
// CSL-JSON array of the view's entries.
std::string format_csl_json(const Library& lib, const View& view);
// One record's CSL-JSON object, on one line: what the citation styles format. `escaped` is for
// papershelf's CSL processor: "<", ">" and "&" of the data as entities, so that only papershelf's
// own spans are markup (other readers of CSL-JSON would not decode them), and without the
// abstract and keywords, which no citation prints.
std::string format_csl_json(const Publication& p, bool escaped = false);

// The view model: an array in display order, one object per publication (camelCase keys; the
// schema, version 1, is in docs/json.md). Used by the CLI, JS and the canvas widget.
std::string format_view_json(const Library& lib, const View& view, const FormatOptions& options);
// One record as the view model has it (view_model.hpp): what format_view_json writes of each.
ViewEntry view_entry(const Publication& p, const FormatOptions& options);

// Diagnostics as a JSON array of {source, line, column, severity, kind, message, text}, `text`
// being the one line format_diagnostic() writes: the element's `diagnostics` and
// `papershelf check --format json`. `indent`: as json::Writer takes it (< 0: on one line).
std::string format_diagnostics_json(const std::vector<Diagnostic>& diagnostics, int indent = -1);

}  // namespace papershelf
