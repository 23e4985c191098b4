// The processor's inside: a parsed style with its locale, and the rendering of one item by a
// citation or bibliography layout. processor.cpp builds on it (sorting, positions,
// disambiguation, the bibliography's and citations' own options).
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "csl/item.hpp"
#include "csl/locale.hpp"
#include "csl/output.hpp"
#include "csl/xml.hpp"
#include "papershelf/csl.hpp"

namespace papershelf::csl {

// One rendering (a layout for one item, or one sort key) may take this many steps: an element
// rendered costs one, and one more per child and per 64 bytes of its attributes; a piece of
// output one, and one more per 64 bytes of its text. Macros that call a macro twice, each level
// down, make the work exponential in a style's length (twenty levels, a style of a few hundred
// bytes: a million copies of the innermost, 5 s and 900 MB); the budget keeps time and memory
// linear in it.
// The official styles (Debian's 2,548) cost at most 20,238 with every branch of every choose
// taken (apa 14,416, chicago-fullnote-bibliography 4,805) and at most 704 rendering an entry of
// the test corpus, so none comes near it. A rendering
// that runs out stops there and keeps what it made; Engine::budget_problem names the macro
// when the style is read. (The fuzz and sanitizer builds take a twentieth: the same paths, run
// out sooner.)
#ifndef PAPERSHELF_CSL_RENDER_BUDGET
#define PAPERSHELF_CSL_RENDER_BUDGET 200000
#endif
constexpr long long kRenderBudget = PAPERSHELF_CSL_RENDER_BUDGET;
// Macros calling macros deeper than this render nothing (a macro that calls itself).
constexpr int kMaxMacroDepth = 50;

// Per-item state that citations and disambiguation set before rendering.
struct RenderState {
  const CiteItem* cite = nullptr;       // the cited item's locator, label, affixes
  std::string position;                 // "first", "subsequent", "ibid", "ibid-with-locator" ("" in a bibliography)
  bool near_note = false;
  int citation_number = 0;
  std::string year_suffix;              // "a", "b" when disambiguation added one
  bool disambiguate = false;            // the condition disambiguate="true"
  bool looking = false;                 // rendering to compare cites: an accessed date is left out (citeproc-js)
  int add_names = 0;                    // names shown beyond et-al-use-first
  int givenname_level = 0;              // 1: initials added, 2: full given names
  // The same, for one person of the item (person_key): what disambiguation found they need.
  std::map<std::string, int> given_levels;
  // When set, receives the person_key of each name rendered, in order.
  std::vector<std::string>* shown_names = nullptr;
  bool suppress_author = false;         // leave out the first names element
  bool author_only = false;             // only the first names element
  // A term rendered before anything else of the entry or citation is capitalised ("Ibid."), as
  // citeproc-js does: set for a bibliography's entry, a citation's first cite, and a cite whose
  // prefix ends a sentence ("This has been said. Ibid.").
  bool term_first = false;
  // The bibliography's subsequent-author-substitute replaces names of the first names element
  // with `author_substitute`: all of them as one (-1, "complete-all"), or the first n each.
  int substitute_names = 0;
  std::string author_substitute;
};

struct Engine {
  xml::Element style;
  Locale locale;
  std::map<std::string, const xml::Element*, std::less<>> macros;
  const xml::Element* citation = nullptr;
  const xml::Element* bibliography = nullptr;
  std::string demote_non_dropping_particle = "display-and-sort";
  bool initialize_with_hyphen = true;
  std::string page_range_format;
  bool links = false;
  bool page_safe = false;
  bool citation_numbers = true;
  bool explicit_year_suffix = false;  // the style places the year-suffix variable itself
  bool numeric_citations = false;     // the citation shows citation-number
  bool citation_names = false;        // the style has a names element (collapsing compares names)

  // Renders one item by a layout (the citation's or the bibliography's). `sorting` renders
  // sort keys instead (names as sorted, dates and numbers comparable as text).
  // `first_names`, when given, receives the names of the first names element rendered (what the
  // bibliography's subsequent-author-substitute compares), `first_names_text` that element's
  // whole text (what citations group and collapse by).
  Out render(const xml::Element& layout_parent, const Item& item, RenderState& state, std::vector<std::string>* first_names = nullptr,
             std::string* first_names_text = nullptr) const;
  // A sort key of `key` (a <key> element) for the item.
  std::string sort_key(const xml::Element& key, const xml::Element& mode, const Item& item, RenderState& state) const;
  // "" when every rendering the style can make (its layouts and sort keys, every branch of every
  // choose taken) fits in kRenderBudget; otherwise "line:column: what", naming the macro where
  // the expansion passes it. Linear in the style's length, whatever its macros do.
  std::string budget_problem() const;
};

bool is_numeric(std::string_view s);
// A person as given-name disambiguation tells them apart: the family name with its particle,
// then (after '\x1f') the given name.
std::string person_key(const Name& n);

// The rendering elements, marked on the style's tree once (xml::Element::kind) so that rendering
// does not compare names.
enum class ElementKind : std::uint8_t { Other, Text, Names, Date, Number, Label, Group, Choose };
void mark_kinds(xml::Element& el);

}  // namespace papershelf::csl
