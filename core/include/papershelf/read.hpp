// Readers: text in, records and diagnostics out. A reader never throws and never stops early:
// every valid record in the input is kept, and each problem is reported at its line:column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/diagnostics.hpp"
#include "papershelf/model.hpp"

namespace papershelf {

enum class Format : std::uint8_t { Auto, BibTeX, CslJson, PapershelfJson };
std::string_view to_string(Format f);
// "bibtex"/"bib"/"biblatex", "csl-json"/"csl", "json"/"papershelf"; Auto when unknown.
Format format_from_string(std::string_view s);

// Guesses the format from the content: JSON object -> papershelf, JSON array -> CSL-JSON,
// otherwise BibTeX (which tolerates Jekyll front matter and leading comments).
Format detect_format(std::string_view text);

struct ReadOptions {
  Format format = Format::Auto;
  std::string source_name = "-";   // used in diagnostics
  std::uint32_t source_index = 0;  // stored in each Publication::source_index
};

struct ReadResult {
  Library library;
  std::vector<Diagnostic> diagnostics;
};

// `bytes` is UTF-8, or UTF-16 with its byte order mark, or Windows-1252/Latin-1: each byte that is
// not part of a UTF-8 sequence is read as Windows-1252, said in one warning. Lines and columns (in
// characters) of the diagnostics point into the file as written.
ReadResult read(std::string_view bytes, const ReadOptions& options = {});

// The records' spans (Publication::span) made places in `bytes`, what read() was given: the
// readers' are in the text they read, after a byte order mark and, for a file that is not all
// UTF-8, in its Windows-1252 reading (each such character two or three bytes for one). Only
// `papershelf sync` writes into a file, so only it asks: a page's core never carries this.
// Records read from UTF-16 get no span (UTF-8 edits have no place in its bytes).
void spans_in_bytes(std::vector<Publication>& records, std::string_view bytes,
                    const ReadOptions& options = {});

// Format-specific entry points (read() dispatches to these).
ReadResult read_bibtex(std::string_view text, const ReadOptions& options);
ReadResult read_csl_json(std::string_view text, const ReadOptions& options);
ReadResult read_papershelf_json(std::string_view text, const ReadOptions& options);

// Appends `more` to `into`: publications keep their order, `order` is renumbered, and the first
// non-empty profile wins (later profiles only add aliases, links and legend entries). A record of
// `more` whose key `into` already has is kept as "key-2" (as a reader does within one file), and
// reported in `diagnostics` (when given) at its line, under `source_name`.
void merge(Library& into, Library&& more, std::vector<Diagnostic>* diagnostics = nullptr,
           std::string_view source_name = "-");

}  // namespace papershelf
