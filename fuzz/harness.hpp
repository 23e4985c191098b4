// What each fuzz target does with one input, shared by the libFuzzer entry points (fuzz_*.cpp)
// and by the core test suite, which replays every file in tests/fixtures/fuzz/<target>/ (the
// fuzzers' past findings) through the same function on every build, WASM and sanitizers included.
#pragma once

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "names/caches.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/unicode.hpp"
#include "read/bibtex/raw.hpp"  // (core/src: the fuzzers and the tests see these internals)
#include "text/bytes.hpp"

namespace papershelf::fuzz {

inline void require(bool holds) {
  if (!holds) __builtin_trap();
}

// ---- What the writers promise for whatever a reader made of an input ----

// A braced value as BibTeX itself reads it: every brace counts, `\}` too, so its braces must
// balance without a backslash's help, or the value ends early and the rest is read as fields
// or entries (an @preamble that runs commands).
inline bool balanced_for_bibtex(std::string_view value) {
  int depth = 0;
  for (const char c : value) {
    if (c == '{') ++depth;
    if (c == '}' && --depth < 0) return false;
  }
  return depth == 0;
}

struct WrittenEntry {
  std::string key;
  std::vector<std::string> fields;  // lower-case names, sorted
};

// The entries of the BibTeX the writer made, by the core's scanner; null when the scanner
// reported anything or a value does not balance for BibTeX.
inline std::optional<std::vector<WrittenEntry>> scan_written_bibtex(std::string_view text) {
  const bibtex::RawFile raw = bibtex::parse_raw(text);
  if (!raw.issues.empty()) return std::nullopt;
  std::vector<WrittenEntry> out;
  for (std::size_t i = 0; i < raw.entries.size(); ++i) {
    const bibtex::RawEntry& e = raw.entries[i];
    if (e.kind != bibtex::EntryKind::Regular)
      return std::nullopt;  // (it writes no @string or @preamble)
    WrittenEntry w{std::string(e.key), {}};
    for (std::uint32_t f = 0; f < e.field_count; ++f) {
      const bibtex::RawField& field = raw.fields[e.first_field + f];
      for (std::uint32_t k = 0; k < field.piece_count; ++k) {
        const bibtex::Piece& piece = raw.pieces[field.first_piece + k];
        if (piece.kind == bibtex::PieceKind::Braced && !balanced_for_bibtex(piece.text))
          return std::nullopt;
      }
      w.fields.push_back(unicode::ascii_lower(field.name));
    }
    std::sort(w.fields.begin(), w.fields.end());  // (the order they are written in may change)
    out.push_back(std::move(w));
  }
  return out;
}

// How many records an RIS text holds, when every line is a tag line ("TY  - ...") or empty and
// each record opens with TY and closes with ER; npos otherwise.
inline std::size_t ris_records(std::string_view ris) {
  std::size_t records = 0;
  bool open = false;
  while (!ris.empty()) {
    const std::size_t end = ris.find("\r\n");
    if (end == std::string_view::npos) return std::string_view::npos;  // (every line ends in CRLF)
    const std::string_view line = ris.substr(0, end);
    ris.remove_prefix(end + 2);
    if (line.empty()) continue;
    const bool tag = line.size() >= 6 && line[0] >= 'A' && line[0] <= 'Z' &&
                     ((line[1] >= 'A' && line[1] <= 'Z') || (line[1] >= '0' && line[1] <= '9')) &&
                     line.substr(2, 4) == "  - ";
    if (!tag || line.find_first_of("\r\n") != std::string_view::npos) return std::string_view::npos;
    if (line.substr(0, 2) == "TY") {
      if (open) return std::string_view::npos;
      open = true;
    } else if (line.substr(0, 2) == "ER") {
      if (!open) return std::string_view::npos;
      open = false;
      ++records;
    } else if (!open) {
      return std::string_view::npos;
    }
  }
  return open ? std::string_view::npos : records;
}

// An entry that names a crossref or xdata parent: reading it again applies the inheritance again,
// and a parent in a cycle then lends it fields it had lent to the others.
inline bool inherits(const WrittenEntry& e) {
  for (const std::string& f : e.fields)
    if (f == "crossref" || f == "xdata") return true;
  return false;
}

inline View every_record(const Library& lib) {
  View all;
  for (std::uint32_t i = 0; i < lib.publications.size(); ++i) all.entries.push_back(i);
  return all;
}

// One trip through BibTeX: `lib` written as `options` say (into `written`: valid UTF-8, it scans
// clean, every value balances for BibTeX, one entry per record, under its key) and read back
// (into `back`: as many records, under the same keys). Returns what does not hold, "" when all
// does.
inline std::string bibtex_trip(const Library& lib, const BibtexOptions& options,
                               std::vector<WrittenEntry>& written, Library& back) {
  const std::size_t n = lib.publications.size();
  const std::string text = format_export(lib, every_record(lib), ExportFormat::Bibtex, options);
  if (!unicode::is_valid_utf8(text)) return "invalid UTF-8";
  auto entries = scan_written_bibtex(text);
  if (!entries) return "a syntax problem or a value that does not balance for BibTeX:\n" + text;
  if (entries->size() != n)
    return std::to_string(entries->size()) + " entries for " + std::to_string(n) + " records";
  ReadOptions as_bibtex;
  as_bibtex.format = Format::BibTeX;
  back = read(text, as_bibtex).library;
  if (back.publications.size() != n)
    return "read back as " + std::to_string(back.publications.size()) + " records";
  for (std::size_t i = 0; i < n; ++i)
    if ((*entries)[i].key != lib.publications[i].key ||
        back.publications[i].key != lib.publications[i].key)
      return "key '" + lib.publications[i].key + "' written as '" + (*entries)[i].key +
             "', read back as '" + back.publications[i].key + "'";
  written = std::move(*entries);
  return {};
}

// BibTeX, the owner's and a visitor's: each trip through it (bibtex_trip) keeps every record
// whole, under its key, and once a record has been through BibTeX, another trip writes the same
// fields. (The first trip of a JSON reader's record may write others: read from BibTeX, a URL
// that is its DOI's address is one link less.) RIS: one record per publication, every line a
// tag line. Every output is valid UTF-8.
// Returns what does not hold, "" when all does (the core suite reports it, the fuzzers trap).
inline std::string writers_problem(const Library& lib, bool from_bibtex) {
  const View all = every_record(lib);
  const std::size_t n = lib.publications.size();
  for (const bool visitors : {false, true}) {
    const std::string who = visitors ? "visitor's BibTeX: " : "owner's BibTeX: ";
    BibtexOptions options;
    options.for_visitors = visitors;
    Library trips[3];
    std::vector<WrittenEntry> written[3];
    const int needed = from_bibtex ? 2 : 3;
    for (int t = 0; t < needed; ++t)
      if (std::string problem = bibtex_trip(t ? trips[t - 1] : lib, options, written[t], trips[t]);
          !problem.empty())
        return who + "trip " + std::to_string(t + 1) + ": " + problem;
    for (std::size_t i = 0; i < n; ++i) {
      const WrittenEntry& before = written[needed - 2][i];
      const WrittenEntry& after = written[needed - 1][i];
      if (after.fields != before.fields && !inherits(before)) {
        std::string names;
        for (const auto* e : {&before, &after}) {
          names += "\n ";
          for (const std::string& f : e->fields) names += " " + f;
        }
        return who + "entry '" + before.key + "' has other fields after another trip:" + names;
      }
    }
  }
  const std::string ris = format_ris(lib, all);
  if (!unicode::is_valid_utf8(ris)) return "RIS: invalid UTF-8";
  if (ris_records(ris) != n)
    return "RIS: not " + std::to_string(n) + " records of tag lines:\n" + ris;
  FormatOptions fo;
  fo.owner = OwnerMatcher({"Qinghao Hu"});
  const std::pair<const char*, std::string> outputs[] = {
      {"CSL-JSON", format_csl_json(lib, all)},
      {"JSON-LD", format_json_ld(lib, all)},
      {"view JSON", format_view_json(lib, all, fo)},
      {"HTML", format_html(lib, all, fo)},
      {"profile HTML",
       format_profile_html(lib.profile, compute_stats(lib, fo.owner), ProfileCardOptions{})}};
  for (const auto& [name, text] : outputs)
    if (!unicode::is_valid_utf8(text)) return std::string(name) + ": invalid UTF-8";
  for (std::size_t i = 0; i < n; ++i) {
    const Publication& p = lib.publications[i];
    if (!unicode::is_valid_utf8(format_coins(p))) return "COinS: invalid UTF-8";
    // (One style per record, in turn: all of them for each would be most of a fuzz run's time.)
    const auto style = static_cast<CitationStyle>((i + n) % kCitationStyleCount);
    if (!unicode::is_valid_utf8(format_citation_html(p, style)) ||
        !unicode::is_valid_utf8(format_citation(p, style)))
      return "citation: invalid UTF-8";
  }
  return {};
}

// The BibTeX reader and everything downstream of a parsed record (query, HTML, citations).
inline void bibtex(std::string_view text) {
  ReadOptions options;
  options.format = Format::BibTeX;
  const ReadResult r = read(text, options);
  FormatOptions fo;
  fo.owner = OwnerMatcher({"Qinghao Hu"});
  fo.max_authors = 3;
  const View view = run_query(r.library, Query{}, fo.owner);
  (void)format_html(r.library, view, fo);
  for (const auto& p : r.library.publications) (void)format_citation(p, CitationStyle::Ieee);
  require(writers_problem(r.library, true).empty());
}

// The CSL-JSON and papershelf JSON readers (syntax errors, recovery, type confusion).
inline void json(std::string_view text) {
  for (Format f : {Format::CslJson, Format::PapershelfJson}) {
    ReadOptions options;
    options.format = f;
    const ReadResult r = read(text, options);
    const View view = run_query(r.library, Query{});
    (void)format_view_json(r.library, view, FormatOptions{});
    (void)format_csl_json(r.library, view);
    require(writers_problem(r.library, false).empty());
  }
}

// Braces balanced as in a BibTeX field value (the reader's grammar guarantees it; a `\{` does
// not count).
inline bool balanced_braces(std::string_view text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\')
      ++i;
    else if (text[i] == '{')
      ++depth;
    else if (text[i] == '}' && --depth < 0)
      return false;
  }
  return depth == 0;
}

// The LaTeX decoder and the HTML of what it decodes; the BibTeX writer's encoding of it reads
// back as the same text and spans, for every value a reader hands the decoder: UTF-8, braces
// balanced, and read without a warning (no unclosed math, no unknown command).
inline void latex(std::string_view text) {
  std::vector<latex::DecodeWarning> warnings;
  const RichText decoded = latex::decode(text, &warnings);
  (void)rich_text_html(decoded);    // (which asks latex::typesettable of each math run's source)
  (void)latex::typesettable(text);  // and of any bytes as a source
  require(!unicode::is_valid_utf8(text) || unicode::is_valid_utf8(decoded.text));
  if (warnings.empty() && unicode::is_valid_utf8(text) && balanced_braces(text) &&
      !(latex::decode(latex::encode(decoded)) == decoded))
    __builtin_trap();
}

// BibTeX name lists, marker extraction and owner matching. A list read again, every name now
// from the caches, equals the list read with empty caches.
inline void names(std::string_view text) {
  detail::forget_cached_names();
  const NameList list = parse_bibtex_names(text);
  if (!(parse_bibtex_names(text).people == list.people)) __builtin_trap();
  const OwnerMatcher owner(split_owner_list(text));
  for (const auto& p : list.people) (void)owner.matches(p);
  std::string s(text);
  (void)take_marks(s);
  (void)parse_name(s);
}

// The query text parsers (filter, sort, group, search), run over a small fixed library. The
// input is used as every kind of query text at once, so its size bounds each step.
inline void query(std::string_view text) {
  static const Library lib = read(R"(
@inproceedings{a, title={Z{\"u}rich Systems}, author={Hu*, Qinghao and S{\'a}nchez, Ana}, year=2024, abbr={NSDI}, keywords={llm, systems}}
@article{b, title={Data}, author={Ye, Z.}, journal={J}, year=2021, award={Best}, selected={true}}
@misc{c, title={Pre}, author={Other, O.}, eprint={2401.00001}, archivePrefix={arXiv}}
)")
                                 .library;
  std::string error;
  Query q;
  q.filter = parse_filter(text, &error);
  if (auto sort = parse_sort(text, &error)) q.sort = *sort;
  (void)group_from_string(text);
  q.search = std::string(text);
  // The bounds that make any link's query cheap (query.hpp) hold for every text.
  if (q.sort.size() > 9 || search_terms(text).size() > kMaxSearchTerms ||
      q.filter.venues.size() > kMaxQueryText || error.size() > 40 * kMaxQueryText)
    __builtin_trap();
  // The same text as the element's URL hash state: "search=...&filter=...&sort=...&group=...".
  for (std::string_view rest = text; !rest.empty();) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view key = pair.substr(0, eq), value = pair.substr(eq + 1);
    if (key == "search")
      q.search = std::string(value);
    else if (key == "filter")
      q.filter = parse_filter(value, &error);
    else if (key == "sort")
      q.sort = parse_sort(value, &error).value_or(default_sort());
    else if (key == "group")
      q.group = group_from_string(value).value_or(GroupBy::None);
  }
  const OwnerMatcher owner({std::string(text)});
  const SearchIndex index(lib);
  (void)run_query(lib, q, owner, &index);
  (void)facet_counts(lib, q, owner, &index);
  (void)find_matches(text, search_terms(text));
  // The word-at-a-time search agrees with the standard one, for a needle taken from the input.
  const std::string_view needle = text.substr(text.size() / 3, text.size() % 7);
  for (std::size_t from : {std::size_t{0}, text.size() / 2, text.size()})
    if (bytes::find(text, needle, from) != text.find(needle, from)) __builtin_trap();
  // The canonical text reads back as the same filter, and the edits a front end makes keep it
  // so: a clause toggled off leaves none of its kind, and toggled on again gives the text back.
  const std::string canonical = to_string(q.filter);
  if (canonical.size() > kMaxQueryText) return;  // (read back, it would be cut)
  if (to_string(parse_filter(canonical)) != canonical) __builtin_trap();
  for (const FilterClause& c : filter_clauses(q.filter)) {
    const std::string off = toggle_clause(canonical, c.text);
    for (const FilterClause& left : filter_clauses(parse_filter(off)))
      if (left.kind == c.kind) __builtin_trap();
    if (toggle_clause(off, c.text) != canonical) __builtin_trap();
  }
}

// OpenAlex's works response for a library's own records, as OpenAlex would describe them
// (the title, the DOI, the year, the authors' display names; counts 0-6): what fuzz_sync and the
// corpus round trip of tests/core/sync_test.cpp sync a file with.
inline std::string works_of_records(const Library& lib) {
  // (JSON written by hand: papershelf/json.hpp's namespace would clash with nlohmann's `json`
  // in the tests that include this file)
  const auto quoted = [](std::string_view v) {
    std::string out = "\"";
    for (const char c : v) {
      if (c == '"' || c == '\\')
        out += '\\', out += c;
      else if (static_cast<unsigned char>(c) < 0x20)
        out += "\\u00" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
      else
        out += c;
    }
    return out + "\"";
  };
  std::string response = "{\"results\": [";
  std::size_t n = 0;
  for (const Publication& p : lib.publications) {
    response += std::string(n ? "," : "");
    ++n;
    response += "{\"id\": \"W" + std::to_string(n) + "\", \"title\": " + quoted(p.title.text) +
                ", \"doi\": " + quoted(p.doi()) +
                ", \"publication_year\": " + std::to_string(p.date.year) +
                ", \"cited_by_count\": " + std::to_string(n % 7) + ", \"authorships\": [";
    for (std::size_t a = 0; a < p.authors.size(); ++a)
      response += std::string(a ? "," : "") +
                  "{\"author\": {\"display_name\": " + quoted(display_name(p.authors[a])) + "}}";
    response += "]}";
  }
  response += "]}";
  return response;
}

// The field names of each record, in order: the extra fields and the model's DOI and count.
inline std::vector<std::vector<std::string>> record_field_names(const Library& lib) {
  std::vector<std::vector<std::string>> out;
  for (const Publication& p : lib.publications) {
    std::vector<std::string> names;
    for (const auto& [name, value] : p.extra) {
      std::string lower = name;
      for (char& c : lower) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
      names.push_back(std::move(lower));
    }
    if (!p.doi().empty()) names.emplace_back("doi");
    if (p.citations()) names.emplace_back("citations");
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    out.push_back(std::move(names));
  }
  return out;
}

// What sync promises whatever the works say (hostile ids, titles, DOIs, counts): the synced file
// reads back as the input's records, each with no field lost and none gained but those the sync
// writes, then (with --add) the new entries, of a new entry's fields only; all of it UTF-8.
inline void sync_writes_only_its_fields(std::string_view text, const Library& before,
                                        const std::vector<sync::Work>& works) {
  static const std::vector<std::string> kWritten = {"citations", "citations_updated", "doi",
                                                    "openalex"};
  static const std::vector<std::string> kNew = {
      "citations", "citations_updated", "doi", "number", "openalex", "pages", "volume"};
  const auto within = [](const std::vector<std::string>& names,
                         const std::vector<std::string>& allowed) {
    return std::all_of(names.begin(), names.end(), [&](const std::string& n) {
      return std::binary_search(allowed.begin(), allowed.end(), n);
    });
  };
  ReadOptions options;
  options.format = Format::BibTeX;
  const auto names_before = record_field_names(before);
  for (const bool add : {false, true}) {
    sync::Options o;
    o.date = "2026-11-27";
    o.add = add;
    const sync::Plan plan = sync::plan(text, "papers.bib", works, o);
    const std::string synced = sync::apply(text, plan.edits);
    require(unicode::is_valid_utf8(synced) || !unicode::is_valid_utf8(text));
    const auto names_after = record_field_names(read(synced, options).library);
    require(names_after.size() == names_before.size() + plan.added);
    for (std::size_t i = 0; i < names_after.size(); ++i) {
      if (i >= names_before.size()) {
        require(within(names_after[i], kNew));
        continue;
      }
      std::vector<std::string> gained;
      std::set_difference(names_after[i].begin(), names_after[i].end(), names_before[i].begin(),
                          names_before[i].end(), std::back_inserter(gained));
      require(within(gained, kWritten));
      require(std::includes(names_after[i].begin(), names_after[i].end(), names_before[i].begin(),
                            names_before[i].end()));
    }
  }
}

// papershelf sync on any BibTeX file, with a works response made from its own records (and the
// same bytes read as a works response): the edits are in order, inside the file and apart; the
// synced file reads back to as many records; and a second sync with the same works changes nothing.
// Then with hostile works: the records' own text (braces, quotes, newlines) as titles and DOIs,
// the bytes as a works response, and ids and counts that are not OpenAlex's.
inline void sync(std::string_view text) {
  const std::vector<sync::Work> as_works = sync::read_openalex_works(text, "works.json").works;
  ReadOptions options;
  options.format = Format::BibTeX;
  const ReadResult r = read(text, options);
  const std::vector<sync::Work> works =
      sync::read_openalex_works(works_of_records(r.library), "works.json").works;
  std::vector<sync::Work> hostile = works;
  for (std::size_t k = 0; k < hostile.size(); ++k) {
    const Publication& p = r.library.publications[k % r.library.publications.size()];
    hostile[k].doi = k % 2 ? p.title.text : "10.1/" + p.key;
    hostile[k].title = k % 3 ? p.title.text + "}\n@misc{x," : std::string(p.venue.text);
    hostile[k].cited_by_count = static_cast<std::int64_t>(k * 7919 % 5);
  }
  hostile.insert(hostile.end(), as_works.begin(), as_works.end());
  sync_writes_only_its_fields(text, r.library, hostile);
  sync::Options o;
  o.date = "2026-11-27";
  const sync::Plan plan = sync::plan(text, "papers.bib", works, o);
  std::size_t at = 0;
  for (const sync::Edit& e : plan.edits) {
    require(e.offset >= at && e.offset + e.removed <= text.size());
    at = e.offset + e.removed;
  }
  const std::string synced = sync::apply(text, plan.edits);
  (void)sync::unified_diff(text, plan.edits, "papers.bib");
  require(read(synced, options).library.publications.size() == r.library.publications.size());
  require(sync::plan(synced, "papers.bib", works, o).edits.empty());
}

}  // namespace papershelf::fuzz
