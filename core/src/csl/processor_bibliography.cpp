// The bibliography: items sorted, numbered and disambiguated, then each entry rendered with the
// subsequent-author substitute and second-field-align. Citations are processor_citations.cpp's.
#include <algorithm>
#include <numeric>

#include "csl/engine.hpp"
#include "papershelf/csl.hpp"

namespace papershelf::csl {

std::vector<std::string> Processor::bibliography(const std::vector<const json::Value*>& input,
                                                 Markup markup) {
  std::vector<std::string> out;
  const Engine& e = *engine_;
  if (!e.bibliography) return out;
  std::vector<Item> items;
  for (const json::Value* v : input)
    if (v && v->is_object()) items.emplace_back(v);
  std::vector<RenderState> states(items.size());
  std::vector<std::size_t> order(items.size());
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t i = 0; i < items.size(); ++i)
    states[i].citation_number = static_cast<int>(i + 1);
  sort_items(e, *e.bibliography, items, states, order);
  if (!sorts_by_citation_number(*e.bibliography))
    for (std::size_t k = 0; k < order.size(); ++k)
      states[order[k]].citation_number = static_cast<int>(k + 1);
  disambiguate(e, items, states, order);
  for (std::size_t i = 0; i < states.size(); ++i) {
    RenderState& st = states[i];
    st.add_names = st.givenname_level = 0;  // (those are for citations)
    st.given_levels.clear();
    st.term_first = true;
    tell_apart_in_entry(e, items[i], st);
  }
  const xml::Element* layout = e.bibliography->child("layout");
  const std::string_view align = second_field_align();
  const std::string substitute(e.bibliography->attribute_or("subsequent-author-substitute", ""));
  const bool substitutes = e.bibliography->attribute("subsequent-author-substitute") != nullptr;
  const std::string_view rule =
      e.bibliography->attribute_or("subsequent-author-substitute-rule", "complete-all");
  std::vector<std::string> previous_names;
  SerializeOptions so{markup, e.links, e.page_safe, true};
  for (std::size_t i : order) {
    RenderState& st = states[i];
    std::vector<std::string> names;
    Out entry =
        e.render(*e.bibliography, items[i], st, substitutes && order.size() > 1 ? &names : nullptr);
    // (as citeproc-js: an entry without names leaves the names to compare with as they were)
    if (substitutes && order.size() > 1 && !names.empty()) {
      if (rule == "partial-each" || rule == "partial-first") {
        std::size_t same = 0;
        while (same < names.size() && same < previous_names.size() &&
               names[same] == previous_names[same])
          ++same;
        st.substitute_names =
            static_cast<int>(rule == "partial-first" ? std::min<std::size_t>(same, 1) : same);
      } else if (names == previous_names) {
        st.substitute_names = rule == "complete-each" ? static_cast<int>(names.size()) : -1;
      }
      if (st.substitute_names != 0) {
        st.author_substitute = substitute;
        entry = e.render(*e.bibliography, items[i], st);
      }
      previous_names = std::move(names);
    }
    if (!align.empty() && entry.kids.size() >= 2 && !e.citation_numbers) {
      // (and the blank pieces after it, erased at once: one at a time was quadratic in a layout's
      // length)
      std::size_t blank = 1;
      while (blank < entry.kids.size() &&
             entry.kids[blank].plain().find_first_not_of(' ') == std::string::npos)
        ++blank;
      entry.kids.erase(entry.kids.begin(), entry.kids.begin() + static_cast<std::ptrdiff_t>(blank));
    }
    if (!align.empty() && entry.kids.size() >= 2 && e.citation_numbers) {
      // the first field in the margin, the rest beside it
      Out left = std::move(entry.kids[0]);
      left.display = "left-margin";
      Out right;
      for (std::size_t k = 1; k < entry.kids.size(); ++k)
        right.kids.push_back(std::move(entry.kids[k]));
      right.display = "right-inline";
      if (layout) right.suffix = layout->attribute_or("suffix", "");
      Out both;
      both.kids.push_back(std::move(left));
      both.kids.push_back(std::move(right));
      if (layout) {
        both.prefix = layout->attribute_or("prefix", "");
        both.fmt = Formatting::of(*layout);
      }
      entry = std::move(both);
    } else if (layout) {
      Out w;
      // An entry that ends in a display block ends its layout's suffix there, inside the block
      // (citeproc-js: "<div class="csl-right-inline">... Here.</div>").
      std::string_view suffix = layout->attribute_or("suffix", "");
      if (!suffix.empty())
        for (Out* last = &entry;;) {
          auto it = std::find_if(last->kids.rbegin(), last->kids.rend(),
                                 [](const Out& k) { return !k.empty(); });
          if (!last->display.empty() && last->suffix.empty()) {
            last->kids.push_back(leaf(std::string(suffix)));
            last->kids.back().affix = 2;
            suffix = {};
            break;
          }
          if (it == last->kids.rend() || !last->suffix.empty() || !last->text.empty()) break;
          last = &*it;
        }
      w.kids.push_back(std::move(entry));
      w.prefix = layout->attribute_or("prefix", "");
      w.suffix = suffix;
      w.fmt = Formatting::of(*layout);
      entry = std::move(w);
    }
    std::string text = serialize(entry, e.locale, so);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    std::size_t lead = 0;
    while (lead < text.size() && text[lead] == ' ') ++lead;
    text.erase(0, lead);
    // An entry with no printed form is left out, as citeproc-js does; a numeric style says so
    // in its place, keeping the numbers in step.
    if (text.empty() && e.numeric_citations)
      text =
          std::to_string(out.size() + 1) + ". [CSL STYLE ERROR: reference with no printed form.]";
    if (!text.empty()) out.push_back(std::move(text));
  }
  return out;
}

}  // namespace papershelf::csl
