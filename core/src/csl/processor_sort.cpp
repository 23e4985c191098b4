// Sorting items by a <sort>'s keys, compared as citeproc-js compares them: what the bibliography
// and citations both do, apart from reading the style (processor.cpp).
#include <algorithm>

#include "csl/engine.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

namespace {

// A sort key as citeproc-js compares it: case, accents and punctuation are ignored (localeCompare
// with sensitivity "base" and ignorePunctuation), and spaces, which citeproc-js turns into a
// separator before comparing, sort before any letter. (Its strip_prepositions never strips a
// leading "A" or "The" for that reason: the key has no space left after it.)
std::string fold_key(std::string_view s) {
  const std::string f = unicode::fold(s);
  std::string out;
  for (std::size_t i = 0; i < f.size();) {
    const std::size_t at = i;
    const char32_t cp = unicode::decode_utf8(f, i);
    const bool keep = cp < 0x80
                          ? std::isalnum(static_cast<int>(cp)) != 0
                          : !(cp <= 0xBF || (cp >= 0x2000 && cp <= 0x206F) ||
                              (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF01 && cp <= 0xFF0F));
    if (cp == ' ' || cp == '\t') {
      if (!out.empty())
        out += '\x01';  // (a word boundary sorts before any letter: "Dale" < "Dalebout")
    } else if (keep)
      out.append(f, at, i - at);
  }
  return out;
}

// Compares folded keys with runs of digits by their value (localeCompare's numeric option:
// "Title 2" before "Title 10").
int compare_keys(const std::string& a, const std::string& b) {
  auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      while (i < a.size() && a[i] == '0') ++i;
      while (j < b.size() && b[j] == '0') ++j;
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      if (ei - i != ej - j) return ei - i < ej - j ? -1 : 1;
      if (const int c = a.compare(i, ei - i, b, j, ej - j); c != 0) return c < 0 ? -1 : 1;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j])
      return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]) ? -1 : 1;
    ++i;
    ++j;
  }
  if (i < a.size()) return 1;
  if (j < b.size()) return -1;
  return 0;
}

}  // namespace

// Sorts indices into `items` by the mode's <sort> keys; stable, so ties keep their order.
void sort_items(const Engine& e, const xml::Element& mode, const std::vector<Item>& items,
                std::vector<RenderState>& states, std::vector<std::size_t>& order) {
  const xml::Element* sort = mode.child("sort");
  if (!sort || order.size() < 2) return;  // (one reference, as Cite asks for: nothing to sort)
  std::vector<const xml::Element*> keys;
  for (const xml::Element& k : sort->children)
    if (k.name == "key") keys.push_back(&k);
  std::vector<std::vector<std::string>> values(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    for (const xml::Element* k : keys)
      values[i].push_back(fold_key(e.sort_key(*k, mode, items[i], states[i])));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::string& x = values[a][k];
      const std::string& y = values[b][k];
      if (x == y) continue;
      // empty values last, whichever the direction
      if (x.empty()) return false;
      if (y.empty()) return true;
      const int cmp = compare_keys(x, y);
      if (cmp == 0) continue;
      const bool descending = keys[k]->attribute_or("sort", "ascending") == "descending";
      return descending ? cmp > 0 : cmp < 0;
    }
    return false;
  });
}

bool sorts_by_citation_number(const xml::Element& mode) {
  const xml::Element* sort = mode.child("sort");
  if (!sort) return false;
  for (const xml::Element& k : sort->children)
    if (k.attribute_or("variable", "") == "citation-number") return true;
  return false;
}

}  // namespace papershelf::csl
