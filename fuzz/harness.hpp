// What each fuzz target does with one input, shared by the libFuzzer entry points (fuzz_*.cpp)
// and by the core test suite, which replays every file in tests/fixtures/fuzz/<target>/ (the
// fuzzers' past findings) through the same function on every build, WASM and sanitizers included.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/format.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "names/caches.hpp"  // (core/src: the fuzzers and the tests see these internals)
#include "text/bytes.hpp"

namespace papershelf::fuzz {

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
  }
}

// Braces balanced as in a BibTeX field value (the reader's grammar guarantees it; a `\{` does
// not count).
inline bool balanced_braces(std::string_view text) {
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') ++i;
    else if (text[i] == '{') ++depth;
    else if (text[i] == '}' && --depth < 0) return false;
  }
  return depth == 0;
}

// The LaTeX decoder and the HTML of what it decodes; the BibTeX writer's encoding of it reads
// back as the same text and spans, for every value a reader hands the decoder: UTF-8, braces
// balanced, and read without a warning (no unclosed math, no unknown command).
inline void latex(std::string_view text) {
  std::vector<latex::DecodeWarning> warnings;
  const RichText decoded = latex::decode(text, &warnings);
  (void)rich_text_html(decoded);  // (which asks latex::typesettable of each math run's source)
  (void)latex::typesettable(text);  // and of any bytes as a source
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
)").library;
  std::string error;
  Query q;
  q.filter = parse_filter(text, &error);
  if (auto sort = parse_sort(text, &error)) q.sort = *sort;
  (void)group_from_string(text);
  q.search = std::string(text);
  // The bounds that make any link's query cheap (query.hpp) hold for every text.
  if (q.sort.size() > 9 || search_terms(text).size() > kMaxSearchTerms || q.filter.venues.size() > kMaxQueryText ||
      error.size() > 40 * kMaxQueryText)
    __builtin_trap();
  // The same text as the element's URL hash state: "search=...&filter=...&sort=...&group=...".
  for (std::string_view rest = text; !rest.empty();) {
    const std::size_t amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view key = pair.substr(0, eq), value = pair.substr(eq + 1);
    if (key == "search") q.search = std::string(value);
    else if (key == "filter") q.filter = parse_filter(value, &error);
    else if (key == "sort") q.sort = parse_sort(value, &error).value_or(default_sort());
    else if (key == "group") q.group = group_from_string(value).value_or(GroupBy::None);
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

}  // namespace papershelf::fuzz
