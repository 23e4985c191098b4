// Citations: positions, sorting and grouping inside a cluster, collapsing and ranges, and the
// cluster's layout. The bibliography is processor_bibliography.cpp's.
#include <algorithm>
#include <cstring>
#include <numeric>

#include "csl/engine.hpp"
#include "papershelf/csl.hpp"

namespace papershelf::csl {

namespace {

// The number of a year suffix ("a" 0, "z" 25, "aa" 26): year_suffix's inverse.
long suffix_index(std::string_view s) {
  long n = 0;
  for (char ch : s) {
    if (ch < 'a' || ch > 'z' || n > 100000) return -2;
    n = n * 26 + (ch - 'a' + 1);
  }
  return n - 1;
}

// Whether a cite's prefix ends a sentence, so that a term after it is capitalised: it ends in
// . : ; ! or ? (markup and closing quotes aside) and is more than one word (citeproc-js: a one-word
// "Cf." or "Nocapsafter." is an abbreviation).
bool ends_sentence(std::string_view prefix) {
  std::string t;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (prefix[i] == '<') {
      const std::size_t close = prefix.find('>', i);
      if (close != std::string_view::npos) {
        i = close;
        continue;
      }
    }
    t += prefix[i];
  }
  auto trailing = [&t] {
    if (t.empty()) return std::size_t(0);
    const char ch = t.back();
    if (ch == '"' || ch == '\'' || ch == ' ') return std::size_t(1);
    for (const char* mark :
         {"\xE2\x80\x9D", "\xE2\x80\x99", "\xC2\xBB", "\xE2\x80\xAF", "\xC2\xA0"})
      if (t.size() >= std::strlen(mark) &&
          t.compare(t.size() - std::strlen(mark), std::strlen(mark), mark) == 0)
        return std::strlen(mark);
    return std::size_t(0);
  };
  while (const std::size_t n = trailing()) t.erase(t.size() - n);
  if (t.empty() || std::string_view(".:;!?").find(t.back()) == std::string_view::npos) return false;
  const std::size_t b = std::string_view(prefix).find_first_not_of(" \t\n");
  const std::size_t e = std::string_view(prefix).find_last_not_of(" \t\n");
  return b != std::string_view::npos &&
         prefix.substr(b, e - b + 1).find(' ') != std::string_view::npos;
}

}  // namespace

std::vector<std::string> Processor::citations(const std::vector<const json::Value*>& registry,
                                              const std::vector<std::vector<CiteItem>>& clusters,
                                              Markup markup) {
  std::vector<std::string> out;
  const Engine& e = *engine_;
  if (!e.citation) return out;
  // Citation numbers: the registry's order (a document's items in the order first cited),
  // unless the bibliography sorts otherwise (then its order).
  std::vector<Item> items;
  std::map<const json::Value*, std::size_t> index;
  for (const json::Value* v : registry)
    if (v && v->is_object() && !index.count(v)) {
      index[v] = items.size();
      items.emplace_back(v);
    }
  for (const auto& cluster : clusters)
    for (const CiteItem& ci : cluster)
      if (ci.item && ci.item->is_object() && !index.count(ci.item)) {
        index[ci.item] = items.size();
        items.emplace_back(ci.item);
      }
  std::vector<RenderState> base(items.size());
  // (as citeproc-js numbers its registry: in the order the items were registered, the
  // registry's first, then items only the clusters name, in the order they are cited)
  std::vector<std::size_t> first_cited(items.size());
  std::iota(first_cited.begin(), first_cited.end(), 0);
  for (std::size_t k = 0; k < first_cited.size(); ++k)
    base[first_cited[k]].citation_number = static_cast<int>(k + 1);
  std::vector<std::size_t> bib_order = first_cited;
  if (e.bibliography && !sorts_by_citation_number(*e.bibliography) &&
      e.bibliography->child("sort")) {
    sort_items(e, *e.bibliography, items, base, bib_order);
    for (std::size_t k = 0; k < bib_order.size(); ++k)
      base[bib_order[k]].citation_number = static_cast<int>(k + 1);
  }
  disambiguate(e, items, base, bib_order);
  const xml::Element* layout = e.citation->child("layout");
  SerializeOptions so{markup, e.links, e.page_safe};
  std::map<std::size_t, int> last_cluster;  // item -> cluster it was last cited in
  const std::string_view collapse = e.citation->attribute_or("collapse", "");
  const bool year_collapse =
      collapse == "year" || collapse == "year-suffix" || collapse == "year-suffix-ranged";
  const bool suffix_collapse = collapse == "year-suffix" || collapse == "year-suffix-ranged";
  const std::string* group_delimiter = e.citation->attribute("cite-group-delimiter");
  const std::string* after_collapse_delimiter = e.citation->attribute("after-collapse-delimiter");
  const std::string_view layout_delimiter =
      layout ? layout->attribute_or("delimiter", "") : std::string_view();
  const std::string year_suffix_delimiter(e.citation->attribute("year-suffix-delimiter")
                                              ? *e.citation->attribute("year-suffix-delimiter")
                                          : group_delimiter ? *group_delimiter
                                                            : std::string(layout_delimiter));
  const bool in_text = e.style.attribute_or("class", "") == "in-text";
  // (cites by the same authors are put together where they would collapse; not by number)
  const bool grouping = (year_collapse || group_delimiter) && !e.numeric_citations;
  const CiteItem* previous = nullptr;
  std::size_t previous_item = static_cast<std::size_t>(-1);
  for (std::size_t ci_index = 0; ci_index < clusters.size(); ++ci_index) {
    const auto& cluster = clusters[ci_index];
    struct Cited {
      std::size_t item;
      const CiteItem* cite;
      RenderState state;
    };
    std::vector<Cited> cited;
    for (const CiteItem& ci : cluster) {
      auto it = index.find(ci.item);
      if (it == index.end()) continue;
      Cited c{it->second, &ci, base[it->second]};
      c.state.cite = &ci;
      c.state.suppress_author = ci.suppress_author;
      c.state.author_only = ci.author_only;
      cited.push_back(std::move(c));
    }
    // sort within the cluster
    if (e.citation->child("sort") && cited.size() > 1) {
      std::vector<Item> cluster_items;
      std::vector<RenderState> states;
      for (const Cited& c : cited) {
        cluster_items.push_back(items[c.item]);
        states.push_back(c.state);
      }
      std::vector<std::size_t> order(cited.size());
      std::iota(order.begin(), order.end(), 0);
      sort_items(e, *e.citation, cluster_items, states, order);
      std::vector<Cited> sorted;
      for (std::size_t k : order) sorted.push_back(cited[k]);
      cited = std::move(sorted);
      if (grouping) {
        // Cites by the same authors go together, in the order their first cite sorted to
        // (citeproc-js's grouped sort).
        std::vector<std::string> authors;
        for (Cited& c : cited) {
          std::string a;
          RenderState st = c.state;
          e.render(*e.citation, items[c.item], st, nullptr, &a);
          authors.push_back(std::move(a));
        }
        std::vector<bool> taken(cited.size());
        std::vector<Cited> grouped;
        for (std::size_t k = 0; k < cited.size(); ++k) {
          if (taken[k]) continue;
          for (std::size_t m = k; m < cited.size(); ++m)
            if (!taken[m] && (m == k || (!authors[k].empty() && authors[m] == authors[k]))) {
              taken[m] = true;
              grouped.push_back(cited[m]);
            }
        }
        cited = std::move(grouped);
      }
    }
    // positions
    for (std::size_t k = 0; k < cited.size(); ++k) {
      Cited& c = cited[k];
      auto last = last_cluster.find(c.item);
      if (last == last_cluster.end()) {
        c.state.position = Position::First;
      } else {
        if (previous_item == c.item) {
          const bool prev_locator = previous && !previous->locator.empty();
          const bool locator = !c.cite->locator.empty();
          if (!locator && !prev_locator)
            c.state.position = Position::Ibid;
          else if (locator && (!prev_locator || previous->locator != c.cite->locator ||
                               previous->label != c.cite->label))
            c.state.position = Position::IbidWithLocator;
          else if (!locator && prev_locator)
            c.state.position = Position::Subsequent;
          else
            c.state.position = Position::Ibid;
        } else {
          c.state.position = Position::Subsequent;
        }
        c.state.near_note = static_cast<int>(ci_index) - last->second <= 5;
      }
      previous = c.cite;
      previous_item = c.item;
      // (an item cited twice in one citation is subsequent, or ibid, the second time)
      last_cluster[c.item] = static_cast<int>(ci_index);
    }
    // Each cite's output and the delimiter before it; collapsing (CSL's collapse,
    // cite-group-delimiter, after-collapse-delimiter, year-suffix-delimiter) decides both, as
    // citeproc-js does.
    struct Piece {
      Out out;
      std::string delimiter;
      int number = 0;            // citation-number ranges
      std::string suffix;        // year-suffix ranges
      bool rangeable = false;    // no locator or affixes of its own
      bool suffix_only = false;  // shows its year suffix alone ("2000a, b")
    };
    std::vector<Piece> pieces;
    std::string previous_author, previous_year;
    bool previous_same = false, previous_locator = false, previous_rangeable = false;
    for (std::size_t k = 0; k < cited.size(); ++k) {
      Cited& c = cited[k];
      Piece piece;
      piece.rangeable = c.cite->locator.empty() && c.cite->prefix.empty() && c.cite->suffix.empty();
      c.state.term_first = c.cite->prefix.empty() ? k == 0 : ends_sentence(c.cite->prefix);
      piece.number = c.state.citation_number;
      piece.suffix = c.state.year_suffix;
      std::string author;
      Out o = e.render(*e.citation, items[c.item], c.state, nullptr,
                       year_collapse || group_delimiter ? &author : nullptr);
      // (a style that shows no names at all collapses by year alone: "(1965a, b)")
      const bool no_names = author.empty() && !e.citation_names;
      const bool same = (year_collapse || group_delimiter) && k > 0 &&
                        (!author.empty() || no_names) && author == previous_author;
      std::string year;
      if (year_collapse && (!author.empty() || no_names)) {
        // the cite without its authors and year suffix: what must match for "2000a, b"
        RenderState st = c.state;
        st.suppress_author = true;
        st.year_suffix.clear();
        year = e.render(*e.citation, items[c.item], st).plain();
      }
      if (same && year_collapse) {
        RenderState st = c.state;
        st.suppress_author = true;
        o = e.render(*e.citation, items[c.item], st);
        if (suffix_collapse && !c.state.year_suffix.empty() && piece.rangeable &&
            previous_rangeable && year == previous_year) {
          o = leaf(c.state.year_suffix);
          piece.suffix_only = true;
        }
      }
      if (k > 0) {
        if (piece.suffix_only)
          piece.delimiter = year_suffix_delimiter;
        else if (after_collapse_delimiter) {
          piece.delimiter =
              previous_locator || (!same && (previous_same || collapse != "year-suffix"))
                  ? *after_collapse_delimiter
                  : std::string(layout_delimiter);
        } else if (group_delimiter && same) {
          piece.delimiter = *group_delimiter;
        } else if (same && year_collapse && in_text) {
          piece.delimiter = ", ";
        } else {
          piece.delimiter = std::string(layout_delimiter);
        }
      }
      if ((!c.cite->prefix.empty() || !c.cite->suffix.empty()) && !o.empty()) {
        // (the citing text's affixes may hold markup and quotes: "<i>See</i> ", ' and "so it
        // goes"')
        Out w;
        if (!c.cite->prefix.empty()) w.kids.push_back(rich_affix(c.cite->prefix, false));
        w.kids.push_back(std::move(o));
        if (!c.cite->suffix.empty()) w.kids.push_back(rich_affix(c.cite->suffix, true));
        o = std::move(w);
      }
      piece.out = std::move(o);
      previous_author = author;
      previous_year = year;
      previous_same = same;
      previous_locator = !c.cite->locator.empty();
      previous_rangeable = piece.rangeable;
      pieces.push_back(std::move(piece));
    }
    // Runs of three or more consecutive numbers ("[1]–[3]") or year suffixes ("2000a–c").
    auto ranges = [&](auto follows) {
      std::vector<Piece> merged;
      for (std::size_t k = 0; k < pieces.size();) {
        std::size_t end = k + 1;
        while (end < pieces.size() && follows(pieces[end - 1], pieces[end])) ++end;
        if (end - k >= 3) {
          Piece run = std::move(pieces[k]);
          Out both;
          both.kids.push_back(std::move(run.out));
          both.kids.push_back(leaf("\xE2\x80\x93"));
          both.kids.push_back(std::move(pieces[end - 1].out));
          run.out = std::move(both);
          merged.push_back(std::move(run));
          k = end;
        } else {
          merged.push_back(std::move(pieces[k++]));
        }
      }
      pieces = std::move(merged);
    };
    if (collapse == "citation-number")
      ranges([](const Piece& a, const Piece& b) {
        return a.rangeable && b.rangeable && a.number > 0 && b.number == a.number + 1;
      });
    else if (collapse == "year-suffix-ranged")
      ranges([](const Piece& a, const Piece& b) {
        return b.suffix_only && !a.suffix.empty() &&
               suffix_index(b.suffix) == suffix_index(a.suffix) + 1;
      });
    Out cluster_out;
    for (Piece& piece : pieces) {
      if (piece.out.empty()) continue;
      if (!cluster_out.kids.empty() && !piece.delimiter.empty())
        cluster_out.kids.push_back(leaf(piece.delimiter));
      cluster_out.kids.push_back(std::move(piece.out));
    }
    if (layout) {
      // (citeproc-js: the layout's formatting goes around its affixes)
      Out w;
      w.kids.push_back(std::move(cluster_out));
      w.prefix = layout->attribute_or("prefix", "");
      w.suffix = layout->attribute_or("suffix", "");
      Out f;
      f.kids.push_back(std::move(w));
      f.fmt = Formatting::of(*layout);
      cluster_out = std::move(f);
    }
    out.push_back(serialize(cluster_out, e.locale, so));
  }
  return out;
}

}  // namespace papershelf::csl
