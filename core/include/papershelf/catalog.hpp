// A loaded library with its catalogue: the indices and orders its queries keep between calls.
// The one object a front end holds per file. The WebAssembly binding, the canvas host, the CLI and
// the benchmarks ask it; none of them keeps an index, a sorted order or an owner of its own. Each
// cache is built the first time a query needs it and remembers what it was built for (the sort
// keys, the owner's names), so it can never answer for another query.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/diagnostics.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/words.hpp"

namespace papershelf {

// A query as text, as it arrives from an element's attributes, a URL or a command line.
struct QueryText {
  PAPERSHELF_QUERY_TEXT_FIELDS(PAPERSHELF_MEMBER)  // (fields.hpp)
};

struct QueryAnswer {
  View view;
  Facets facets;                               // when asked for
  std::vector<FilterClause> clauses;           // the visitor's filter, clause by clause
  std::vector<std::string> errors;             // what was wrong with the text, for the owner
  ControlsMode controls = ControlsMode::Full;  // how much toolbar the list gets
  // With facets, when neither a search nor a filter narrows the scope: which controls can change
  // the list (useful_controls), judged on the whole scope.
  std::optional<UsefulControls> useful;
  // What was applied, in canonical form: the state a front end keeps and shows.
  std::string search, sort, group, filter;
};

// A QueryAnswer as a front end is told it (the binding's JSON; fields.hpp).
struct QueryApplied {
  PAPERSHELF_QUERY_APPLIED_FIELDS(PAPERSHELF_MEMBER)  // search, sort, group, filter
};
struct QueryDefaults {
  PAPERSHELF_QUERY_DEFAULTS_FIELDS(PAPERSHELF_MEMBER)  // sort, group
};
struct ViewAnswer {
  PAPERSHELF_VIEW_ANSWER_FIELDS(PAPERSHELF_MEMBER)
};

class Catalog {
 public:
  explicit Catalog(Library library, std::vector<Diagnostic> diagnostics = {});
  ~Catalog();
  Catalog(Catalog&&) noexcept;
  Catalog& operator=(Catalog&&) noexcept;

  const Library& library() const { return library_; }
  // The language the list is shown in: group headings, the type and status menus and chips come
  // out in it (English until set); formatters take the same words (FormatOptions::words).
  const Words& words() const { return words_; }
  void set_words(Words words) { words_ = std::move(words); }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }

  // The owner named by `names` ("A; B"), or when that is empty the profile's name and aliases:
  // the one place that default is decided.
  const OwnerMatcher& owner(std::string_view names = {});
  // Filter, search, sort and group; with `facets`, the facet counts from the same pass.
  View query(const Query& query, std::string_view owner_names = {}, Facets* facets = nullptr);
  // The same from text; problems in the text are reported in `errors`, and the rest still runs.
  QueryAnswer query(const QueryText& text);
  // What a front end is told of `a`, made of its parts (moved out: all but `a.view.entries`,
  // which cross another way), with the author markers of its records and the sort and group a
  // list has by default; the facets when `with_facets` (the query asked for them).
  ViewAnswer answer(QueryAnswer& a, bool with_facets);
  // The author marker symbols the records at `entries` carry (each once, in first-seen order), so
  // a legend lists only what is shown.
  std::string marks(const std::vector<std::uint32_t>& entries);
  Stats stats(std::string_view owner_names = {}, const StatsOptions& options = {},
              const std::vector<std::uint32_t>* only = nullptr);

 private:
  // `q.filter` without the clauses that match no record of `q.scope` (each reported).
  Filter known_to_scope(const Query& q, std::string_view owner, std::vector<std::string>& errors);
  struct Caches;
  Library library_;
  std::vector<Diagnostic> diagnostics_;
  Words words_;
  std::unique_ptr<Caches> caches_;
};

}  // namespace papershelf
