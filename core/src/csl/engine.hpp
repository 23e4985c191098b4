// The processor's inside: a parsed style with its locale, and the rendering of one item by a
// citation or bibliography layout. processor*.cpp build on it (sorting, positions,
// disambiguation, the bibliography's and citations' own options).
// Its last section is what the rendering files (render.cpp, render_*.cpp) share.
#pragma once

#include <algorithm>
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

// A cite's position, as citations find it (processor_citations.cpp) and CSL's position
// condition tests it (render_text.cpp); None in a bibliography.
enum class Position : std::uint8_t { None, First, Subsequent, Ibid, IbidWithLocator };

// Per-item state that citations and disambiguation set before rendering.
struct RenderState {
  const CiteItem* cite = nullptr;  // the cited item's locator, label, affixes
  Position position = Position::None;
  bool near_note = false;
  int citation_number = 0;
  std::string year_suffix;    // "a", "b" when disambiguation added one
  bool disambiguate = false;  // the condition disambiguate="true"
  bool looking = false;  // rendering to compare cites: an accessed date is left out (citeproc-js)
  int add_names = 0;     // names shown beyond et-al-use-first
  int givenname_level = 0;  // 1: initials added, 2: full given names
  // The same, for one person of the item (person_key): what disambiguation found they need.
  std::map<std::string, int> given_levels;
  // (in a bibliography entry they tell apart people of the entry only: a short name stays short)
  bool given_levels_of_entry = false;
  // When set, receives the person_key of each name rendered, in order.
  std::vector<std::string>* shown_names = nullptr;
  bool suppress_author = false;  // leave out the first names element
  bool author_only = false;      // only the first names element
  // A term rendered before anything else of the entry or citation is capitalised ("Ibid."), as
  // citeproc-js does: set for a bibliography's entry, a citation's first cite, and a cite whose
  // prefix ends a sentence ("This has been said. Ibid.").
  bool term_first = false;
  // The bibliography's subsequent-author-substitute replaces names of the first names element
  // with `author_substitute`: all of them as one (-1, "complete-all"), or the first n each.
  int substitute_names = 0;
  std::string author_substitute;
};

// The style's demote-non-dropping-particle, read once (processor.cpp): where a name's "van"
// goes (render_names.cpp). A value CSL does not name acts as sort-only.
enum class DemoteParticle : std::uint8_t { Never, SortOnly, DisplayAndSort };

struct Engine {
  xml::Element style;
  Locale locale;
  std::map<std::string, const xml::Element*, std::less<>> macros;
  const xml::Element* citation = nullptr;
  const xml::Element* bibliography = nullptr;
  DemoteParticle demote_non_dropping_particle = DemoteParticle::DisplayAndSort;
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
  Out render(const xml::Element& layout_parent, const Item& item, RenderState& state,
             std::vector<std::string>* first_names = nullptr,
             std::string* first_names_text = nullptr) const;
  // A sort key of `key` (a <key> element) for the item.
  std::string sort_key(const xml::Element& key, const xml::Element& mode, const Item& item,
                       RenderState& state) const;
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

// What the bibliography (processor_bibliography.cpp) and citations (processor_citations.cpp) both
// do to their items before rendering them.
// processor_sort.cpp: `order` (indices into `items`) sorted by the mode's <sort> keys.
void sort_items(const Engine& e, const xml::Element& mode, const std::vector<Item>& items,
                std::vector<RenderState>& states, std::vector<std::size_t>& order);
bool sorts_by_citation_number(const xml::Element& mode);
// processor_disambiguate.cpp: sets what tells the items' cites apart in `states` (names, given
// names, the disambiguate condition, year suffixes in `bib_order`).
void disambiguate(const Engine& e, const std::vector<Item>& items, std::vector<RenderState>& states,
                  const std::vector<std::size_t>& bib_order);
// Two people of one family whose initials read the same in one bibliography entry, shown with
// their given names in full (processor_disambiguate.cpp).
void tell_apart_in_entry(const Engine& e, const Item& item, RenderState& st);

// ---- Inside rendering ---------------------------------------------------------------------------
// What the rendering files (render.cpp and render_*.cpp) share: one item's rendering in progress
// and the functions one concern's file asks of another's. The rest of each file is its own.

inline constexpr const char* kEnDash = "\xE2\x80\x93";

// One rendering of one item (a layout, or one sort key) in progress: what it renders
// (e, item, state, mode) and its mutable state, one struct per concern, each saying which
// files use it.

// Engine::sort_key's settings (render.cpp sets them): a sort key renders names as sorted and
// dates as comparable text, without labels, "et al." or the owner's mark (render_names.cpp,
// render_dates.cpp).
struct SortKey {
  bool active = false;                     // rendering a sort key, not a layout
  int names_min = 0, names_use_first = 0;  // the key's names-min, names-use-first (0: none)
  int names_use_last = -1;                 // the key's names-use-last: -1 when it has none
};

// The variables asked for and those that gave text: a group, a macro and a substitute ask what
// their children rendered (render_text.cpp, render_names.cpp; each rendering file counts).
struct Variables {
  int called = 0, rendered = 0;            // variables asked for, and those that gave text
  std::vector<std::string> rendered_vars;  // those that gave text, by name
};

// What keeps a rendering finite: the budget (spend(), render.cpp) and the depth of macro calls
// (render_text.cpp).
struct Limits {
  long long budget = kRenderBudget;  // steps left (see kRenderBudget); below 0 nothing more renders
  int macro_depth = 0;
};

// What was written before, which later elements ask.
struct Written {
  bool names = false;  // a names element was rendered: the next is not the first names
                       // (suppress-author, author-only: render.cpp, render_names.cpp)
  // Something was rendered before, or the rendering is not the first of its entry or citation
  // (RenderState::term_first): a term then keeps its case (render_text.cpp).
  bool predecessor = false;
};

// The date being rendered (render_dates.cpp only).
struct Dates {
  std::string variable;
  bool year_suffix_written = false;  // the implicit year suffix was written
};

// A <names>' <substitute> (render_names.cpp; render_text.cpp, render_numbers.cpp and
// render_dates.cpp leave out what it used).
struct Substitute {
  const xml::Element* names = nullptr;  // the <names> whose <substitute> is running
  // The variables a substitute showed: empty for the rest of the rendering.
  std::set<std::string, std::less<>> used;
};

// The first names element as rendered (render_names.cpp; Engine::render hands it out): the
// bibliography's subsequent-author-substitute compares its names and replaces them with
// RenderState::author_substitute; citations group and collapse by its whole text.
struct FirstNames {
  bool wanted = false;            // Engine::render was asked for them
  bool captured = false;          // the first names element was rendered (or a substitute for it)
  bool capturing = false;         // its names are being rendered now: each goes into `list`
  std::vector<std::string> list;  // one string a name (a substitute <text> counts as one)
  std::string text;               // the whole element, "et al." included
  int to_substitute = 0;          // names still to be replaced (RenderState::substitute_names > 0)
};

struct Ctx {
  Ctx(const Engine& engine, const Item& it, RenderState& st, const xml::Element& m)
      : e(engine), item(it), state(st), mode(m) {}
  const Engine& e;
  const Item& item;
  RenderState& state;
  const xml::Element& mode;  // <citation> or <bibliography>
  SortKey sort;
  Variables vars;
  Limits limits;
  Written written;
  Dates dates;
  Substitute substitute;
  FirstNames first_names;
};

// Calls `f` with each space-separated word of `s` (no allocation: conditions are tested often).
template <typename F>
void for_each_word(std::string_view s, F&& f) {
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t b = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > b) f(s.substr(b, i - b));
  }
}

// Takes `steps` from the rendering's budget; false once it has run out.
inline bool spend(Ctx& c, long long steps) {
  long long& budget = c.limits.budget;
  budget -= std::min(steps, budget + 1);  // (stops at -1: the budget never wraps)
  return budget >= 0;
}

// render.cpp: the driver and what every element shares.
long long element_cost(const xml::Element& el);
long long output_cost(const Out& o);
std::string_view name_option(const Ctx& c, const xml::Element* el, std::string_view attr,
                             std::string_view inherited_as = {});
Out decorate(Out o, const xml::Element& el, Ctx& c, bool with_case = true,
             bool linked_prefix = false);
bool english(const Item& item, const Locale& locale);
Out render_element(const xml::Element& el, Ctx& c);
Out render_children(const xml::Element& el, Ctx& c, std::string_view delimiter);
// render_text.cpp: text, the variables' own texts, conditions, choose and group.
Out render_text(const xml::Element& el, Ctx& c);
Out render_choose(const xml::Element& el, Ctx& c);
Out render_group(const xml::Element& el, Ctx& c);
bool test_condition(const xml::Element& cond, Ctx& c);
std::string locator_text(const Ctx& c);
std::string variable_text(Ctx& c, std::string_view var, std::string_view form);
std::string citation_label(const Item& item);
// render_numbers.cpp: numbers, labels and page ranges.
Out render_number(const xml::Element& el, Ctx& c);
Out render_label(const xml::Element& el, Ctx& c, std::string_view var, std::string_view content);
Out render_label_element(const xml::Element& el, Ctx& c);
std::string number_text(Ctx& c, std::string_view var);
long number_of(std::string_view s);
std::string gender_of(const Ctx& c, std::string_view var);
std::string range_delimiter(const Ctx& c);
// A page value (or a locator, or a number variable written as numbers) with its ranges formatted:
// `ampersand` replaces "&" between its numbers (ampersand(c): the locale's symbol).
std::string format_pages(std::string_view s, std::string_view format, const std::string& delimiter,
                         std::string_view ampersand);
std::string ampersand(const Ctx& c);
// A number variable that is not numbers ("2 - Solids and Structures") joins words at a hyphen
// without the spaces around it ("2-Solids and Structures"), as citeproc-js parses it.
std::string hyphens_joined(std::string_view value);
// render_names.cpp: names.
Out render_names(const xml::Element& el, Ctx& c);
Out render_name_list(const std::vector<Name>& names, const xml::Element* name_el,
                     const xml::Element* et_al_el, Ctx& c);
bool is_romanesque(char32_t ch, bool digits_and_hyphen);
int to_int(std::string_view s);
// render_dates.cpp: dates.
Out render_date(const xml::Element& el, Ctx& c);

}  // namespace papershelf::csl
