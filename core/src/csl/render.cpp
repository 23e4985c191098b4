// Rendering one item by a layout: the driver, and what every rendering element shares (affixes,
// formatting, text case, display, the budget). Each kind of element has its own file, so that
// one concern of CSL can be read and changed in one place:
//   render.cpp          this: the layout and sort-key driver (Engine::render, Engine::sort_key),
//                       render_element's dispatch, decorate (affixes, formatting, case)
//   render_text.cpp     <text> (variables, macros, terms, values), the conditions of <choose>,
//                       <choose> and <group>
//   render_numbers.cpp  <number>, <label>, page ranges and their formats, is_numeric
//   render_names.cpp    <names>, <name>, <et-al>, initials, substitutes, person_key
//   render_dates.cpp    <date> and its parts, localized or the style's own, date ranges
//   render_budget.cpp   Engine::budget_problem: whether a style's macros can pass kRenderBudget
// What the files share is declared in engine.hpp ("Inside rendering"); the rest stays in each.
#include <algorithm>
#include <cstdlib>

#include "csl/engine.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

// Whether title case applies (citeproc-js: the first two letters of the item's language, "en"
// of "english" too; else the locale's).
bool english(const Item& item, const Locale& locale) {
  const std::string lang = item.language();
  if (lang.empty())
    return locale.lang.size() >= 2 && unicode::ascii_lower(locale.lang.substr(0, 2)) == "en";
  if (lang.size() < 2 || !std::isalpha(static_cast<unsigned char>(lang[0])) ||
      !std::isalpha(static_cast<unsigned char>(lang[1])))
    return false;
  return unicode::ascii_lower(lang.substr(0, 2)) == "en";
}

// ---- The budget (kRenderBudget) ----------------------------------------------------------------

// What rendering an element once costs, its children's own rendering aside: the work of reading
// its attributes and looking through its children (a choose's branches, a date's parts).
long long element_cost(const xml::Element& el) {
  std::size_t bytes = 0;
  for (const auto& attribute : el.attributes)
    bytes += attribute.first.size() + attribute.second.size();
  return 1 + static_cast<long long>(el.children.size() + bytes / 64);
}

// What a piece of output costs: one a node, one more per 64 bytes of its text and affixes.
long long output_cost(const Out& o) {
  long long n =
      1 + static_cast<long long>((o.text.size() + o.prefix.size() + o.suffix.size()) / 64);
  for (const Out& k : o.kids) n += output_cost(k);
  return n;
}

// An inheritable name option: the element's own, else the mode's (citation, bibliography),
// else the style's.
std::string_view name_option(const Ctx& c, const xml::Element* el, std::string_view attr,
                             std::string_view inherited_as) {
  if (el)
    if (const std::string* v = el->attribute(attr)) return *v;
  const std::string_view key = inherited_as.empty() ? attr : inherited_as;
  if (const std::string* v = c.mode.attribute(key)) return *v;
  if (const std::string* v = c.e.style.attribute(key)) return *v;
  return {};
}

// `linked_prefix`: the element's prefix is part of the link inside (a DOI's "https://doi.org/").
Out decorate(Out o, const xml::Element& el, Ctx& c, bool with_case, bool linked_prefix) {
  if (o.empty()) return Out();
  if (with_case) {
    const bool strip = el.attribute_or("strip-periods", "") == "true";
    const std::string* tc = el.attribute("text-case");
    // A case change goes through the whole piece, so it is paid for like the piece: macros each
    // calling themselves with a text-case went through the same pieces fifty levels over (43 s).
    if ((strip || tc) && c.limits.budget >= 0 && spend(c, output_cost(o))) {
      // (a term's or a label's periods all go, a value's as citeproc-js strips them)
      if (strip) strip_periods(o, el.name == "label" || el.attribute("term") != nullptr);
      // (citeproc-js asks the item's language of a variable's title case only: a term's or a
      // label's is the style's, "Eds." in a Turkish entry)
      const bool of_term = el.name == "label" || el.attribute("term") != nullptr;
      if (tc) apply_text_case(o, *tc, of_term || english(c.item, c.e.locale));
    }
  }
  Formatting f = Formatting::of(el);
  const bool quotes = el.attribute_or("quotes", "") == "true";
  const std::string_view display = el.attribute_or("display", "");
  const std::string_view prefix =
      linked_prefix ? std::string_view() : el.attribute_or("prefix", "");
  const std::string_view suffix = el.attribute_or("suffix", "");
  if (!f.any() && !quotes && display.empty() && prefix.empty() && suffix.empty()) return o;
  Out inner = std::move(o);
  if (f.any() || quotes) {
    if (inner.fmt.any() || inner.quotes || !inner.prefix.empty() || !inner.suffix.empty() ||
        !inner.display.empty() || !inner.link.empty() || inner.nocase) {
      Out wrap;
      wrap.kids.push_back(std::move(inner));
      inner = std::move(wrap);
    }
    inner.fmt = f;
    inner.quotes = quotes;
  }
  if (!prefix.empty() || !suffix.empty() || !display.empty()) {
    Out wrap;
    wrap.kids.push_back(std::move(inner));
    wrap.prefix = prefix;
    wrap.suffix = suffix;
    wrap.display = display;
    return wrap;
  }
  return inner;
}

namespace {

// A choose is transparent to its parent's delimiter: the chosen branch's elements are the
// parent's children (as citeproc-js has it: "No." and "2" in a group delimited by " ").
void render_into(const xml::Element& el, Ctx& c, std::vector<Out>& kids) {
  for (const xml::Element& k : el.children) {
    if (c.limits.budget < 0) return;
    if (static_cast<ElementKind>(k.kind) == ElementKind::Choose &&
        !(c.state.author_only && c.written.names)) {
      if (!spend(c, element_cost(k))) return;
      for (const xml::Element& branch : k.children)
        if (!spend(c, element_cost(branch)))
          return;  // (a condition's words are read for each test)
        else if (branch.name == "else" || test_condition(branch, c)) {
          render_into(branch, c, kids);
          break;
        }
      continue;
    }
    kids.push_back(render_element(k, c));
  }
}

}  // namespace

Out render_children(const xml::Element& el, Ctx& c, std::string_view delimiter) {
  std::vector<Out> kids;
  render_into(el, c, kids);
  if (!delimiter.empty()) {
    // (a delimiter is copied between every two pieces: a long one, many times)
    const auto shown =
        std::count_if(kids.begin(), kids.end(), [](const Out& k) { return !k.empty(); });
    if (shown > 1) spend(c, (shown - 1) * (1 + static_cast<long long>(delimiter.size() / 64)));
  }
  return join(std::move(kids), delimiter);
}

Out render_element(const xml::Element& el, Ctx& c) {
  const auto kind = static_cast<ElementKind>(el.kind);
  if (c.state.author_only && c.written.names && kind != ElementKind::Group &&
      kind != ElementKind::Choose)
    return Out();
  if (!spend(c, element_cost(el))) return Out();
  // What an element makes of the item itself (a variable's text, a names list as long as the
  // item's) is paid for once it is made; a group's, a choose's or a macro's pieces were paid
  // for as each was made.
  auto made = [&c](Out o) {
    spend(c, output_cost(o));
    if (!o.empty()) c.written.predecessor = true;
    return o;
  };
  switch (kind) {
    case ElementKind::Text:
      if (el.attribute("macro") && !el.attribute("variable")) return render_text(el, c);
      return made(render_text(el, c));
    case ElementKind::Names:
      return made(render_names(el, c));
    case ElementKind::Date:
      return made(render_date(el, c));
    case ElementKind::Number:
      return made(render_number(el, c));
    case ElementKind::Label:
      return made(render_label_element(el, c));
    case ElementKind::Group:
      return render_group(el, c);
    case ElementKind::Choose:
      return render_choose(el, c);
    case ElementKind::Other:
      break;
  }
  return Out();
}

void mark_kinds(xml::Element& el) {
  static const std::pair<std::string_view, ElementKind> kKinds[] = {
      {"text", ElementKind::Text},     {"names", ElementKind::Names}, {"date", ElementKind::Date},
      {"number", ElementKind::Number}, {"label", ElementKind::Label}, {"group", ElementKind::Group},
      {"choose", ElementKind::Choose}};
  el.kind = static_cast<std::uint8_t>(ElementKind::Other);
  for (const auto& [name, kind] : kKinds)
    if (el.name == name) el.kind = static_cast<std::uint8_t>(kind);
  for (xml::Element& k : el.children) mark_kinds(k);
}

Out Engine::render(const xml::Element& mode, const Item& item, RenderState& state,
                   std::vector<std::string>* first_names, std::string* first_names_text) const {
  const xml::Element* layout = mode.child("layout");
  if (!layout) return Out();
  Ctx c(*this, item, state, mode);
  c.written.predecessor = !state.term_first;
  c.first_names.wanted = first_names != nullptr || first_names_text != nullptr;
  std::vector<Out> kids;
  for (const xml::Element& k : layout->children) kids.push_back(render_element(k, c));
  if (first_names) *first_names = std::move(c.first_names.list);
  if (first_names_text) *first_names_text = std::move(c.first_names.text);
  return join(std::move(kids), "");
}

std::string Engine::sort_key(const xml::Element& key, const xml::Element& mode, const Item& item,
                             RenderState& state) const {
  Ctx c(*this, item, state, mode);
  c.sort.active = true;
  c.sort.names_min = to_int(key.attribute_or("names-min", ""));
  c.sort.names_use_first = to_int(key.attribute_or("names-use-first", ""));
  if (const std::string* last = key.attribute("names-use-last"))
    c.sort.names_use_last = *last == "true" ? 1 : 0;
  if (const std::string* var = key.attribute("variable")) {
    if (is_name_variable(*var)) {
      std::vector<Name> names = item.names(*var);
      if (names.empty()) return {};
      return render_name_list(names, nullptr, nullptr, c).plain();
    }
    if (is_date_variable(*var)) {
      xml::Element d;
      d.name = "date";
      d.attributes.emplace_back("variable", *var);
      return render_date(d, c).plain();
    }
    std::string v =
        *var == "citation-number" ? std::to_string(state.citation_number) : item.text(*var);
    if (*var == "citation-label" && v.empty()) v = citation_label(item);
    if (is_number_variable(*var) || *var == "citation-number") {
      const long n = number_of(v);
      if (n >= 0) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%012ld", n);
        return buf;
      }
    }
    return rich(v).plain();
  }
  if (const std::string* m = key.attribute("macro")) {
    auto it = macros.find(*m);
    if (it == macros.end()) return {};
    return render_children(*it->second, c, "").plain();
  }
  return {};
}

}  // namespace papershelf::csl
