// Engine::budget_problem: whether any rendering a style can make passes kRenderBudget, found
// once when the style is read, in time linear in its length.
#include <algorithm>

#include "csl/engine.hpp"
#include "papershelf/diagnostics.hpp"

namespace papershelf::csl {

namespace {

// The most rendering `el` can cost at macro depth `depth`, every branch of every choose taken
// (at least what render_element, render_into and render_choose spend; the output left aside),
// capped at `cap`. `called[d]` holds each macro's cost at depth d, by macro_index.
long long expansion(const Engine& e, const xml::Element& el, int depth,
                    const std::vector<std::vector<long long>>& called,
                    const std::map<const xml::Element*, std::size_t>& macro_index, long long cap) {
  long long n = std::min(element_cost(el), cap);
  for (const xml::Element& k : el.children)
    n = std::min(n + expansion(e, k, depth, called, macro_index, cap), cap);
  if (static_cast<ElementKind>(el.kind) == ElementKind::Text && depth <= kMaxMacroDepth)
    if (const std::string* m = el.attribute("macro"))
      if (auto it = e.macros.find(*m); it != e.macros.end())
        n = std::min(n + called[depth + 1][macro_index.at(it->second)], cap);
  return n;
}

// The first <text macro> under `el` (in document order) whose macro costs more than `limit` at
// that depth, or nullptr.
const xml::Element* costly_call(const Engine& e, const xml::Element& el, int depth,
                                const std::vector<std::vector<long long>>& called,
                                const std::map<const xml::Element*, std::size_t>& macro_index,
                                long long limit) {
  if (static_cast<ElementKind>(el.kind) == ElementKind::Text && depth <= kMaxMacroDepth)
    if (const std::string* m = el.attribute("macro"))
      if (auto it = e.macros.find(*m);
          it != e.macros.end() && called[depth + 1][macro_index.at(it->second)] > limit)
        return it->second;
  for (const xml::Element& k : el.children)
    if (const xml::Element* found = costly_call(e, k, depth, called, macro_index, limit))
      return found;
  return nullptr;
}

}  // namespace

std::string Engine::budget_problem() const {
  // Each macro's cost at each depth a rendering can reach it, deepest first (a macro at depth d
  // calls others at d + 1): linear in the style's length, however its macros call each other.
  std::map<const xml::Element*, std::size_t> macro_index;
  for (const auto& named : macros) macro_index.emplace(named.second, macro_index.size());
  const long long cap = kRenderBudget + 1;
  std::vector<std::vector<long long>> called(kMaxMacroDepth + 2,
                                             std::vector<long long>(macro_index.size(), 0));
  for (int depth = kMaxMacroDepth + 1; depth >= 0; --depth) {
    // A level the same as the one below it makes every level above it the same too: macros that
    // call no deeper than a few levels (every official style) are read a few times, not fifty.
    if (depth + 2 <= kMaxMacroDepth && called[depth + 1] == called[depth + 2]) {
      called[depth] = called[depth + 1];
      continue;
    }
    for (const auto& [macro, index] : macro_index) {
      long long n = 0;
      for (const xml::Element& k : macro->children)
        n = std::min(n + expansion(*this, k, depth, called, macro_index, cap), cap);
      called[depth][index] = n;
    }
  }
  // What each rendering renders: a layout's elements at depth 0, a sort key's macro's at depth 0.
  struct Root {
    const xml::Element* el;
    const char* what;
    bool is_macro;
  };
  std::vector<Root> roots;
  for (const xml::Element* mode : {citation, bibliography}) {
    if (!mode) continue;
    if (const xml::Element* layout = mode->child("layout"))
      roots.push_back(
          {layout, mode == citation ? "citation's layout" : "bibliography's layout", false});
    if (const xml::Element* sort = mode->child("sort"))
      for (const xml::Element& key : sort->children)
        if (const std::string* m = key.attribute("macro"))
          if (auto it = macros.find(*m); it != macros.end())
            roots.push_back({it->second, "sort key", true});
  }
  for (const Root& root : roots) {
    long long n = 0;
    for (const xml::Element& k : root.el->children)
      n = std::min(n + expansion(*this, k, 0, called, macro_index, cap), cap);
    if (n <= kRenderBudget) continue;
    // Down through the calls that alone pass the budget, to where it is passed: the macro whose
    // calls are each within it (a macro calling the next one twice, twenty times over, is named
    // at the level where the copies add up past the budget).
    const xml::Element* culprit = root.is_macro ? root.el : nullptr;
    int depth = 0;
    for (const xml::Element* at = root.el;;) {
      const xml::Element* next = nullptr;
      for (const xml::Element& k : at->children)
        if ((next = costly_call(*this, k, depth, called, macro_index, kRenderBudget))) break;
      if (!next) break;
      culprit = at = next;
      ++depth;
    }
    const xml::Element& where = culprit ? *culprit : *root.el;
    std::string what = culprit ? "macro \"" + excerpt(culprit->attribute_or("name", "")) + "\""
                               : std::string("the ") + root.what;
    return std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + what +
           " expands past what one rendering may take (" + std::to_string(kRenderBudget) +
           " steps; macros calling macros several times over): references are cut short there";
  }
  return {};
}

}  // namespace papershelf::csl
