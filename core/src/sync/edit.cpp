// The sync's changes to the owner's file, as edits of its bytes: a field whose value changes
// gets the new value between its own delimiters, new fields go in after the entry's last field,
// written as that field is (indent, spacing around '=', braces or quotes, upper-case names, line
// ends), and new entries go at the end of the file. Nothing else is touched, so that the owner's
// diff shows only what the sync says.
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "biblio/identifiers.hpp"
#include "biblio/kinds.hpp"
#include "biblio/pub_types.hpp"
#include "model/calendar.hpp"
#include "papershelf/export.hpp"
#include "papershelf/names.hpp"
#include "papershelf/read.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/unicode.hpp"
#include "read/bibtex/mapping.hpp"
#include "read/bibtex/raw.hpp"
#include "text/ascii.hpp"

namespace papershelf::sync {
namespace {

using bibtex::PieceKind;
using bibtex::RawEntry;
using bibtex::RawField;
using bibtex::RawFile;

bool delimited(PieceKind k) { return k == PieceKind::Braced || k == PieceKind::Quoted; }

// Where a field's whole value is, delimiters included ("{a} # b": from the '{' to the 'b').
struct Span {
  std::uint32_t begin = 0, end = 0;
};
Span value_span(const RawFile& raw, const RawField& f) {
  const bibtex::Piece& first = raw.pieces[f.first_piece];
  const bibtex::Piece& last = raw.pieces[f.first_piece + f.piece_count - 1];
  return {first.offset - (delimited(first.kind) ? 1u : 0u),
          static_cast<std::uint32_t>(last.offset + last.text.size() +
                                     (delimited(last.kind) ? 1u : 0u))};
}

const RawField* find_field(const RawFile& raw, const RawEntry& e, std::string_view lower_name) {
  for (std::uint32_t k = 0; k < e.field_count; ++k) {
    const RawField& f = raw.fields[e.first_field + k];
    if (f.piece_count > 0 && unicode::ascii_lower(f.name) == lower_name) return &f;
  }
  return nullptr;
}

// A value safe between braces or quotes as it is: what the sync writes (DOIs, ids, counts,
// dates) has no braces, backslashes or quotes, and a DOI that does is not written.
bool plain_value(std::string_view v) {
  return !v.empty() && v.find_first_of("{}\\\"\n\r@%#") == std::string_view::npos;
}

// How the entry's fields are written, learnt from its last field.
struct FieldStyle {
  std::string newline = "\n";
  std::string indent;                // before a field name, after the newline
  bool one_line = false;             // fields follow each other on one line: " name = {v}"
  std::string between_fields = " ";  // on one line: what follows a comma before the next field
  std::size_t name_width = 0;        // names padded to this width (aligned '='), 0: not aligned
  std::string before_equals = " ", after_equals = " ";
  char open = '{', close = '}';
  bool upper_names = false;
};

// (`delimiter`: how the entry's last braced or quoted value is delimited; a number says nothing)
FieldStyle style_of(std::string_view bib, const RawFile& raw, const RawEntry& e,
                    const RawField& last, PieceKind delimiter) {
  FieldStyle s;
  const std::size_t name = last.name_offset;
  const std::size_t line_start = bib.rfind('\n', name == 0 ? 0 : name - 1);
  const std::size_t from = line_start == std::string_view::npos ? 0 : line_start + 1;
  const std::string_view indent = bib.substr(from, name - from);
  const RawField* previous = nullptr;  // the field before the last
  for (std::uint32_t k = 0; k < e.field_count; ++k) {
    const RawField& f = raw.fields[e.first_field + k];
    if (&f != &last && f.piece_count > 0 && f.name_offset < last.name_offset) previous = &f;
  }
  if (line_start == std::string_view::npos ||
      indent.find_first_not_of(" \t") != std::string_view::npos) {
    s.one_line = true;
    // Between two fields as the entry writes it: ", " or "," (Zotero's compact style).
    if (previous) {
      const std::size_t after = value_span(raw, *previous).end;
      const std::string_view gap = bib.substr(after, name - after);
      const std::size_t comma = gap.find(',');
      if (comma != std::string_view::npos &&
          gap.find_first_not_of(" \t", comma + 1) == std::string_view::npos)
        s.between_fields = std::string(gap.substr(comma + 1));
    }
  } else {
    s.indent = std::string(indent);
    if (line_start > 0 && bib[line_start - 1] == '\r') s.newline = "\r\n";
  }
  // Names padded so that the '=' line up, as any field of the entry shows (DBLP aligns every
  // field but lets the longest, "bibsource", have one space); else the last field's spacing.
  for (std::uint32_t k = 0; k < e.field_count; ++k) {
    const RawField& f = raw.fields[e.first_field + k];
    if (f.piece_count == 0) continue;
    const std::size_t name_end = f.name_offset + f.name.size();
    const std::string_view between = bib.substr(name_end, value_span(raw, f).begin - name_end);
    const std::size_t equals = between.find('=');
    if (equals == std::string_view::npos) continue;
    const std::string_view before = between.substr(0, equals), after = between.substr(equals + 1);
    if (before.size() > 1 && before.find_first_not_of(' ') == std::string_view::npos)
      s.name_width = std::max(s.name_width, f.name.size() + before.size() - 1);
    if (&f == &last) {
      if (before.find_first_not_of(" \t") == std::string_view::npos)
        s.before_equals = std::string(before);
      if (after.find_first_not_of(" \t") == std::string_view::npos)
        s.after_equals = std::string(after);
    }
  }
  if (delimiter == PieceKind::Quoted) s.open = s.close = '"';
  bool lower = false, upper = false;
  for (const char c : last.name) {
    lower = lower || (c >= 'a' && c <= 'z');
    upper = upper || (c >= 'A' && c <= 'Z');
  }
  s.upper_names = upper && !lower;
  return s;
}

std::string written_field(const FieldStyle& s, std::string_view lower_name,
                          std::string_view value) {
  std::string name(lower_name);
  if (s.upper_names)
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string out = name;
  if (s.name_width > name.size()) out.append(s.name_width - name.size(), ' ');
  out += s.name_width ? " " : s.before_equals;
  out += '=';
  out += s.after_equals;
  out += s.open;
  out += value;
  out += s.close;
  return out;
}

// A field's new value, written between the delimiters it has.
std::string replaced_value(const RawFile& raw, const RawField& f, std::string_view value) {
  const bibtex::Piece& first = raw.pieces[f.first_piece];
  if (f.piece_count == 1 && first.kind == PieceKind::Quoted)
    return "\"" + std::string(value) + "\"";
  if (f.piece_count == 1 && first.kind == PieceKind::Number &&
      value.find_first_not_of("0123456789") == std::string_view::npos)
    return std::string(value);
  return "{" + std::string(value) + "}";
}

// The fields one entry gets: set (replaced where it has the field) or added. Every value is
// written as the BibTeX writer writes an identifier (bibtex_identifier_value): what a work
// brings can never end the value early and add a field or an entry.
struct FieldChange {
  FieldChange(std::string_view name_, std::string_view value_)
      : name(name_), value(bibtex_identifier_value(value_)) {}
  std::string_view name;
  std::string value;
};

void edit_entry(std::string_view bib, const RawFile& raw, const RawEntry& e,
                const std::vector<FieldChange>& changes, std::vector<Edit>& edits) {
  std::vector<const FieldChange*> added;
  for (const FieldChange& c : changes) {
    if (const RawField* f = find_field(raw, e, c.name)) {
      const Span span = value_span(raw, *f);
      edits.push_back({span.begin, span.end - span.begin, replaced_value(raw, *f, c.value)});
    } else {
      added.push_back(&c);
    }
  }
  if (added.empty()) return;
  const RawField* last = nullptr;
  for (std::uint32_t k = 0; k < e.field_count; ++k)
    if (raw.fields[e.first_field + k].piece_count > 0) last = &raw.fields[e.first_field + k];
  if (!last) {
    // An entry of no fields ("@misc{key}", "@misc{key,}"): they go in before its end.
    FieldStyle s;
    s.indent = "  ";
    std::size_t comma = e.key_offset + e.key.size();
    while (comma < e.close_offset &&
           (bib[comma] == ' ' || bib[comma] == '\t' || bib[comma] == '\r' || bib[comma] == '\n'))
      ++comma;
    std::string text = comma < e.close_offset && bib[comma] == ',' ? "" : ",";
    for (std::size_t i = 0; i < added.size(); ++i)
      text += s.newline + s.indent + written_field(s, added[i]->name, added[i]->value) +
              (i + 1 < added.size() ? "," : "");
    edits.push_back({e.close_offset, 0, text + s.newline});
    return;
  }
  PieceKind delimiter = PieceKind::Braced;
  for (std::uint32_t k = e.field_count; k-- > 0;) {
    const RawField& f = raw.fields[e.first_field + k];
    if (f.piece_count > 0 && delimited(raw.pieces[f.first_piece].kind)) {
      delimiter = raw.pieces[f.first_piece].kind;
      break;
    }
  }
  const FieldStyle s = style_of(bib, raw, e, *last, delimiter);
  const std::string between = s.one_line ? s.between_fields : s.newline + s.indent;
  // A comma after the last value (before the entry's end, spaces aside) stays the last thing:
  // the new fields go after it, each with its comma. Otherwise they go right after the value,
  // each after a comma, and the entry still ends without one.
  const Span value = value_span(raw, *last);
  std::size_t after = value.end;
  while (after < e.close_offset &&
         (bib[after] == ' ' || bib[after] == '\t' || bib[after] == '\r' || bib[after] == '\n'))
    ++after;
  std::string text;
  if (after < e.close_offset && bib[after] == ',') {
    for (const FieldChange* c : added) text += between + written_field(s, c->name, c->value) + ",";
    edits.push_back({static_cast<std::uint32_t>(after + 1), 0, std::move(text)});
  } else {
    for (const FieldChange* c : added) text += "," + between + written_field(s, c->name, c->value);
    edits.push_back({value.end, 0, std::move(text)});
  }
}

// The DOI an entry is given: none with braces or the like, and a preprint server's only for a
// preprint, and not arXiv's for an entry that has its arXiv id (it says the same).
std::string doi_to_write(const Work& w, bool preprint, bool has_arxiv) {
  if (w.doi.empty() || !plain_value(w.doi)) return {};
  if (biblio::preprint_doi(w.doi) &&
      (!preprint || (has_arxiv && !biblio::arxiv_from_doi(w.doi).empty())))
    return {};
  return w.doi;
}

// A key for a new entry as al-folio's are made: the first author's family name, the year, the
// title's first long word ("hu2024characterization"), unique in the file.
std::string new_key(const Work& w, const Person* first, std::unordered_set<std::string>& keys) {
  std::string base;
  const auto ascii_letters = [](std::string_view text, std::size_t at_most) {
    std::string out;
    for (const char c : unicode::fold(text)) {
      if (out.size() >= at_most) break;
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out.push_back(c);
    }
    return out;
  };
  if (first) base = ascii_letters(first->is_literal() ? first->literal() : first->family(), 20);
  if (base.empty()) base = "openalex";
  if (w.year) base += std::to_string(w.year);
  std::size_t start = 0;
  const std::string folded = unicode::fold(w.title);
  while (start < folded.size()) {
    std::size_t end = start;
    while (end < folded.size() && std::isalnum(static_cast<unsigned char>(folded[end]))) ++end;
    if (end - start >= 4) {
      base += folded.substr(start, std::min<std::size_t>(end - start, 16));
      break;
    }
    start = end + 1;
  }
  std::string key = base;
  for (char suffix = 'b'; keys.count(key); ++suffix)
    key = base + (suffix <= 'z' ? std::string(1, suffix) : std::to_string(keys.size()));
  keys.insert(key);
  return key;
}

}  // namespace

Publication new_entry(const Work& w, const Options& options,
                      std::unordered_set<std::string>& keys) {
  Publication p;
  for (const std::string& name : w.authors) p.authors.push_back(parse_name(name));
  p.key = new_key(w, p.authors.empty() ? nullptr : &p.authors.front(), keys);
  p.title = RichText(w.title);
  p.date.year = w.year;
  if (w.date.size() >= 7 && w.date[4] == '-') p.date.month = std::atoi(w.date.substr(5, 2).c_str());
  if (p.date.month < 1 || p.date.month > 12) p.date.month = 0;
  if (!w.arxiv.empty()) p.set_arxiv(w.arxiv);
  p.set_doi(doi_to_write(w, w.preprint(), !w.arxiv.empty()));
  const bool server = w.venue.empty() || biblio::is_preprint_server(w.venue);
  // The record's type from OpenAlex's; the BibTeX writer picks the entry type and the venue's
  // field for it, as for every record (a preprint as arXiv's own exports have it: @misc).
  p.type = w.venue_type == biblio::names_of(PubType::Conference).openalex_source
               ? PubType::Conference
           : server ? PubType::Misc
                    : PubType::Journal;
  for (const biblio::TypeNames& row : biblio::kTypeNames)
    if (!row.openalex.empty() && w.type == row.openalex) p.type = row.type;
  if (w.preprint()) {
    p.type = PubType::Preprint;
    p.status = Status::Preprint;
    p.source_type = "misc";
  }
  if (!server && p.type != PubType::Preprint && p.type != PubType::Dataset)
    p.venue = RichText(w.venue);
  if (!w.volume.empty() && plain_value(w.volume)) p.extra.push_back({"volume", w.volume});
  if (!w.issue.empty() && plain_value(w.issue)) p.extra.push_back({"number", w.issue});
  if (!w.first_page.empty() && plain_value(w.first_page))
    p.extra.push_back(
        {"pages", w.first_page + (w.last_page.empty() || w.last_page == w.first_page ||
                                          !plain_value(w.last_page)
                                      ? ""
                                      : "--" + w.last_page)});
  if (w.cited_by_count >= 0) p.set_citations(w.cited_by_count);
  if (w.cited_by_count >= 0 && is_date(options.date))
    p.extra.push_back({"citations_updated", options.date});
  if (!w.id.empty()) p.extra.push_back({"openalex", w.id});
  return p;
}

namespace {

// The raw entry a record was read from, parsed again from its own bytes (the reader keeps only
// the span) with its offsets moved to the file's, so that the edits are made in the file; false
// when the entry was never closed (a syntax error ended it) or the record has no span. The entry
// alone parses as it did in the file: the scanner starts an entry at its '@' whatever came before.
bool parse_entry(std::string_view bib, SourceSpan span, RawFile& raw) {
  if (!span.closed() || span.end > bib.size()) return false;
  raw = bibtex::parse_raw(bib.substr(span.begin, span.size()));
  if (raw.entries.size() != 1) return false;
  RawEntry& e = raw.entries[0];
  if (e.kind != bibtex::EntryKind::Regular || !e.close_offset) return false;
  e.offset += span.begin;
  e.key_offset += span.begin;
  e.close_offset += span.begin;
  for (std::size_t k = 0; k < raw.fields.size(); ++k) raw.fields[k].name_offset += span.begin;
  for (std::size_t k = 0; k < raw.pieces.size(); ++k) raw.pieces[k].offset += span.begin;
  return true;
}

std::string line_end_of(std::string_view bib) {
  const std::size_t nl = bib.find('\n');
  return nl != std::string_view::npos && nl > 0 && bib[nl - 1] == '\r' ? "\r\n" : "\n";
}

// The changed stretch's lines as a line diff: the longest common subsequence kept as context,
// the rest removed and added. (A stretch too long for the table, which a file of one-line
// entries edited throughout could be, keeps only its common first and last lines.)
void append_line_diff(std::string& out, const std::vector<std::string>& a,
                      const std::vector<std::string>& b) {
  std::size_t front = 0;
  while (front < a.size() && front < b.size() && a[front] == b[front])
    out += " " + a[front++] + "\n";
  std::size_t back = 0;
  while (back < a.size() - front && back < b.size() - front &&
         a[a.size() - 1 - back] == b[b.size() - 1 - back])
    ++back;
  const std::size_t n = a.size() - front - back, m = b.size() - front - back;
  constexpr std::size_t kMaxCells = std::size_t{1} << 22;
  if (n && m && (n + 1) * (m + 1) <= kMaxCells) {
    // lcs[i][j]: the common lines of a[front+i..] and b[front+j..]
    std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
    const auto at = [&](std::size_t i, std::size_t j) -> std::uint32_t& {
      return lcs[i * (m + 1) + j];
    };
    for (std::size_t i = n; i-- > 0;)
      for (std::size_t j = m; j-- > 0;)
        at(i, j) = a[front + i] == b[front + j] ? at(i + 1, j + 1) + 1
                                                : std::max(at(i + 1, j), at(i, j + 1));
    std::size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[front + i] == b[front + j]) {
        out += " " + a[front + i] + "\n";
        ++i, ++j;
      } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
        out += "-" + a[front + i++] + "\n";
      } else {
        out += "+" + b[front + j++] + "\n";
      }
    }
  } else {
    for (std::size_t i = 0; i < n; ++i) out += "-" + a[front + i] + "\n";
    for (std::size_t j = 0; j < m; ++j) out += "+" + b[front + j] + "\n";
  }
  for (std::size_t k = a.size() - back; k < a.size(); ++k) out += " " + a[k] + "\n";
}

}  // namespace

Plan plan(std::string_view bib, std::string_view name, const std::vector<Work>& works,
          const Options& options) {
  Plan out;
  ReadOptions read_options;
  read_options.format = Format::BibTeX;
  read_options.source_name = std::string(name);
  ReadResult r = read(bib, read_options);
  spans_in_bytes(r.library.publications, bib, read_options);
  for (Diagnostic& d : r.diagnostics)
    if (d.severity == Severity::Error) out.diagnostics.push_back(std::move(d));
  out.entries = std::move(r.library.publications);
  const LineMap lines(bib);

  // (a date is written only as the sync writes one; the CLI checks --date before it gets here)
  const bool dated = is_date(options.date);
  if (!options.date.empty() && !dated)
    out.diagnostics.push_back({std::string(name), 0, 0, Severity::Warning, DiagnosticKind::Sync,
                               "the date '" + excerpt(options.date) +
                                   "' is not YYYY-MM-DD: no citations_updated is written"});

  out.decisions = match(out.entries, works);
  std::vector<bool> taken(works.size(), false);
  for (const Decision& d : out.decisions) {
    if (d.work < 0) continue;
    taken[d.work] = true;
    ++out.matched[static_cast<int>(d.rule)];
    const Publication& p = out.entries[d.entry];
    const Work& w = works[d.work];
    RawFile raw;
    if (!parse_entry(bib, p.span, raw)) {
      // (a record with no span at all: at its line, as the reader counted them)
      const LineMap::Position at =
          p.span.begin || p.span.end ? lines.position(p.span.begin) : LineMap::Position{p.line, 1};
      out.diagnostics.push_back({std::string(name), at.line, at.column, Severity::Warning,
                                 DiagnosticKind::Sync,
                                 "entry '" + excerpt(p.key) + "' matches " + w.id +
                                     " but is left as it is: its syntax is broken"});
      continue;
    }
    const RawEntry& e = raw.entries[0];
    std::vector<FieldChange> changes;
    // A DOI where the entry has none (not a preprint server's, for a published entry).
    if (!find_field(raw, e, "doi") && p.doi().empty())
      if (std::string doi = doi_to_write(
              w, p.type == PubType::Preprint || p.status == Status::Preprint, !p.arxiv().empty());
          !doi.empty()) {
        changes.push_back({"doi", std::move(doi)});
        ++out.dois_added;
      }
    // (the works reader passes only OpenAlex's own ids, "W" and digits)
    const std::string* had_id = p.extra_field("openalex");
    if (!had_id || ascii::trim(*had_id) != w.id) changes.push_back({"openalex", w.id});
    if (w.cited_by_count >= 0) {
      const RawField* field = find_field(raw, e, "citations");
      const std::optional<long long> had =
          field ? bibtex::parse_integer(p.citations() ? std::to_string(*p.citations()) : "")
                : std::nullopt;
      if (!had || *had != w.cited_by_count) {
        (had ? out.counts_changed : out.counts_new) += 1;
        // A count no sync wrote (no citations_updated): the owner's, from Google Scholar perhaps.
        if (field && !p.extra_field("citations_updated"))
          out.owner_counts.push_back({d.entry, p.citations().value_or(-1)});
        changes.push_back({"citations", std::to_string(w.cited_by_count)});
        if (dated) changes.push_back({"citations_updated", options.date});
      }
    }
    edit_entry(bib, raw, e, changes, out.edits);
  }
  const std::vector<std::int32_t> version = versions(out.entries, works, out.decisions);
  for (std::size_t k = 0; k < works.size(); ++k) {
    if (taken[k]) continue;
    if (version[k] >= 0)
      out.other_versions.emplace_back(static_cast<std::uint32_t>(k),
                                      static_cast<std::uint32_t>(version[k]));
    else
      out.missing.push_back(static_cast<std::uint32_t>(k));
  }

  // An entry the file breaks may be one of the works: it is said, and --add appends nothing
  // while the file has errors (it would add a paper the file has, broken).
  for (Decision& d : out.decisions)
    if (d.work < 0 && !out.entries[d.entry].span.closed())
      d.why = "its entry has a syntax error (see the errors above)";
  if (options.add && has_errors(out.diagnostics)) {
    out.diagnostics.push_back({std::string(name), 0, 0, Severity::Warning, DiagnosticKind::Sync,
                               "--add appends nothing while the file has errors: a broken entry "
                               "may be one of the works"});
  } else if (options.add && !out.missing.empty()) {
    const std::string nl = line_end_of(bib);
    std::unordered_set<std::string> keys;
    for (const Publication& p : out.entries) keys.insert(p.key);
    std::string text;
    if (!bib.empty() && bib.back() != '\n') text += nl;
    text += nl + (options.imported ? "% papershelf import" : "% papershelf sync") +
            (dated ? ", " + options.date : "") +
            ": works OpenAlex lists for this author that this file did not have." + nl +
            "% Check each one: keep it (and add your own fields), correct it, or delete it." + nl;
    std::unordered_set<std::string_view>
        dois;  // (OpenAlex's own duplicates: one work of a DOI is added)
    for (const std::uint32_t k : out.missing) {
      if (works[k].title.empty()) continue;  // (nothing to show for it; it stays listed)
      if (!works[k].doi.empty() && !dois.insert(works[k].doi).second) continue;
      std::string entry = format_bibtex(new_entry(works[k], options, keys));
      if (nl != "\n") {
        std::string crlf;
        for (const char c : entry) crlf += c == '\n' ? nl : std::string(1, c);
        entry.swap(crlf);
      }
      text += nl + entry;
      ++out.added;
    }
    out.edits.push_back({static_cast<std::uint32_t>(bib.size()), 0, std::move(text)});
  }
  std::stable_sort(out.edits.begin(), out.edits.end(),
                   [](const Edit& a, const Edit& b) { return a.offset < b.offset; });
  return out;
}

bool is_date(std::string_view d) { return detail::is_iso_date(d); }

std::string apply(std::string_view bib, const std::vector<Edit>& edits) {
  std::string out;
  std::size_t size = bib.size();
  for (const Edit& e : edits) size += e.inserted.size();
  out.reserve(size);
  std::size_t at = 0;
  for (const Edit& e : edits) {
    out.append(bib.substr(at, e.offset - at));
    out += e.inserted;
    at = e.offset + e.removed;
  }
  out.append(bib.substr(std::min(at, bib.size())));
  return out;
}

std::string unified_diff(std::string_view bib, const std::vector<Edit>& edits,
                         std::string_view name) {
  if (edits.empty()) return {};
  // The lines each edit touches, merged into hunks with two lines of context.
  std::vector<std::size_t> starts{0};  // where each line begins
  for (std::size_t i = 0; i < bib.size(); ++i)
    if (bib[i] == '\n') starts.push_back(i + 1);
  if (starts.back() == bib.size() && starts.size() > 1) starts.pop_back();
  const std::size_t line_count = bib.empty() ? 0 : starts.size();
  const auto line_of = [&](std::size_t offset) {
    return static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), offset) -
                                    starts.begin()) -
           1;
  };
  const auto line_text = [&](std::size_t line) {
    const std::size_t from = starts[line];
    const std::size_t to = line + 1 < starts.size() ? starts[line + 1] : bib.size();
    return bib.substr(from, to - from);
  };
  constexpr std::size_t kContext = 2;
  std::string out = "--- " + std::string(name) + "\n+++ " + std::string(name) + "\n";
  std::size_t i = 0;
  while (i < edits.size()) {
    // The edits of one hunk: those whose lines are within 2 * kContext of the last one's.
    std::size_t j = i;
    std::size_t first = std::min(line_of(edits[i].offset), line_count ? line_count - 1 : 0);
    std::size_t last = line_of(std::max<std::size_t>(edits[i].offset + edits[i].removed, 1) -
                               (edits[i].removed ? 1 : 0));
    if (bib.empty()) first = last = 0;
    while (j + 1 < edits.size() && line_of(edits[j + 1].offset) <= last + 2 * kContext + 1) {
      ++j;
      last =
          std::max(last, line_of(edits[j].offset + (edits[j].removed ? edits[j].removed - 1 : 0)));
    }
    last = std::min(last, line_count ? line_count - 1 : 0);
    // The old lines [first, last] become the new text of the same stretch.
    const std::size_t from = line_count ? starts[first] : 0;
    const std::size_t to =
        line_count ? (last + 1 < starts.size() ? starts[last + 1] : bib.size()) : 0;
    std::vector<Edit> local;
    for (std::size_t k = i; k <= j; ++k)
      local.push_back({static_cast<std::uint32_t>(edits[k].offset - from), edits[k].removed,
                       edits[k].inserted});
    const std::string old_text(bib.substr(from, to - from));
    const std::string new_text = sync::apply(old_text, local);
    const auto split = [](const std::string& text) {
      std::vector<std::string> lines;
      std::size_t at = 0;
      while (at < text.size()) {
        std::size_t nl = text.find('\n', at);
        if (nl == std::string::npos) nl = text.size();
        std::string line = text.substr(at, nl - at);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
        at = nl + 1;
      }
      return lines;
    };
    const std::vector<std::string> old_lines = split(old_text), new_lines = split(new_text);
    const std::size_t before_from = first >= kContext ? first - kContext : 0;
    const std::size_t after_to = std::min(line_count, last + 1 + kContext);
    const std::size_t old_count =
        (first - before_from) + old_lines.size() + (after_to - std::min(after_to, last + 1));
    const std::size_t new_count = old_count - old_lines.size() + new_lines.size();
    out += "@@ -" + std::to_string(before_from + 1) + "," + std::to_string(old_count) + " +" +
           std::to_string(before_from + 1) + "," + std::to_string(new_count) + " @@\n";
    const auto context = [&](std::size_t line) {
      std::string text(line_text(line));
      while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
      out += " " + text + "\n";
    };
    for (std::size_t l = before_from; l < first; ++l) context(l);
    append_line_diff(out, old_lines, new_lines);
    for (std::size_t l = last + 1; l < after_to; ++l) context(l);
    i = j + 1;
  }
  return out;
}

}  // namespace papershelf::sync
