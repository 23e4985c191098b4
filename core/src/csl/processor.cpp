// The processor's API: reading a style and its locales, the bibliography (sorting, numbering,
// year suffixes, the author substitute) and citations (positions, sorting, the cluster layout).
#include <algorithm>
#include <numeric>

#include "csl/engine.hpp"
#include "papershelf/csl.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

namespace {

// "de-AT" -> {"de-AT", "de-DE"(primary dialect), "en-US"}: the locale files to merge, last wins.
const std::pair<const char*, const char*> kPrimaryDialects[] = {
    {"af", "af-ZA"}, {"ar", "ar"},    {"bg", "bg-BG"}, {"ca", "ca-AD"}, {"cs", "cs-CZ"}, {"cy", "cy-GB"}, {"da", "da-DK"},
    {"de", "de-DE"}, {"el", "el-GR"}, {"en", "en-US"}, {"es", "es-ES"}, {"et", "et-EE"}, {"eu", "eu"},    {"fa", "fa-IR"},
    {"fi", "fi-FI"}, {"fr", "fr-FR"}, {"he", "he-IL"}, {"hr", "hr-HR"}, {"hu", "hu-HU"}, {"id", "id-ID"}, {"is", "is-IS"},
    {"it", "it-IT"}, {"ja", "ja-JP"}, {"km", "km-KH"}, {"ko", "ko-KR"}, {"la", "la"},    {"lt", "lt-LT"}, {"lv", "lv-LV"},
    {"mn", "mn-MN"}, {"nb", "nb-NO"}, {"nl", "nl-NL"}, {"nn", "nn-NO"}, {"pl", "pl-PL"}, {"pt", "pt-PT"}, {"ro", "ro-RO"},
    {"ru", "ru-RU"}, {"sk", "sk-SK"}, {"sl", "sl-SI"}, {"sr", "sr-RS"}, {"sv", "sv-SE"}, {"th", "th-TH"}, {"tr", "tr-TR"},
    {"uk", "uk-UA"}, {"vi", "vi-VN"}, {"zh", "zh-CN"}};

std::string primary_dialect(std::string_view lang) {
  const std::string_view primary = lang.substr(0, lang.find('-'));
  for (const auto& [p, d] : kPrimaryDialects)
    if (primary == p) return d;
  return std::string(lang);
}

std::string fold_key(std::string_view s) {
  // Sort keys compare without case, accents and leading punctuation ("[", quotes).
  std::string f = unicode::fold(s);
  std::size_t i = 0;
  while (i < f.size() && !std::isalnum(static_cast<unsigned char>(f[i])) && static_cast<unsigned char>(f[i]) < 0x80) ++i;
  return f.substr(i);
}

}  // namespace

std::unique_ptr<Processor> Processor::create(std::string_view style_xml, const LocaleLoader& locales,
                                             std::string_view lang, std::string* error) {
  auto engine = std::make_unique<Engine>();
  std::string message;
  if (!xml::parse(style_xml, engine->style, message)) {
    if (error) *error = message;
    return nullptr;
  }
  Engine& e = *engine;
  if (e.style.name != "style") {
    if (error) *error = "1:1: not a CSL style (the root element is <" + e.style.name + ">)";
    return nullptr;
  }
  mark_kinds(e.style);
  for (const xml::Element& k : e.style.children) {
    if (k.name == "macro") {
      if (const std::string* n = k.attribute("name")) e.macros.emplace(*n, &k);
    } else if (k.name == "citation") {
      e.citation = &k;
    } else if (k.name == "bibliography") {
      e.bibliography = &k;
    }
  }
  {
    std::vector<const xml::Element*> stack{&e.style};
    while (!stack.empty()) {
      const xml::Element* x = stack.back();
      stack.pop_back();
      if (x->attribute_or("variable", "").find("year-suffix") != std::string_view::npos) e.explicit_year_suffix = true;
      for (const xml::Element& k : x->children) stack.push_back(&k);
    }
  }
  e.demote_non_dropping_particle = std::string(e.style.attribute_or("demote-non-dropping-particle", "display-and-sort"));
  e.initialize_with_hyphen = e.style.attribute_or("initialize-with-hyphen", "true") != "false";
  e.page_range_format = std::string(e.style.attribute_or("page-range-format", ""));
  // The locale: en-US, then the language's primary dialect and the language itself, then the
  // style's own sections (without xml:lang, the primary language, the exact tag).
  std::string tag(lang.empty() ? e.style.attribute_or("default-locale", "en-US") : lang);
  if (tag.find('-') == std::string::npos) tag = primary_dialect(tag);
  e.locale.lang = tag;
  std::vector<std::string> files{"en-US"};
  if (primary_dialect(tag) != "en-US") files.push_back(primary_dialect(tag));
  if (tag != files.back()) files.push_back(tag);
  for (const std::string& f : files) {
    const std::string text = locales ? locales(f) : std::string();
    if (text.empty()) continue;
    xml::Element root;
    if (xml::parse(text, root, message)) e.locale.merge(root);
  }
  const std::string primary = tag.substr(0, tag.find('-'));
  for (int pass = 0; pass < 3; ++pass) {
    for (const xml::Element& k : e.style.children) {
      if (k.name != "locale") continue;
      const std::string_view l = k.attribute_or("xml:lang", "");
      const bool take = pass == 0 ? l.empty() : pass == 1 ? (l == primary && l != tag) : l == tag;
      if (take) e.locale.merge(k);
    }
  }
  return std::unique_ptr<Processor>(new Processor(std::move(engine)));
}

Processor::Processor(std::unique_ptr<Engine> engine) : engine_(std::move(engine)) {}
Processor::~Processor() = default;

bool Processor::has_bibliography() const { return engine_->bibliography != nullptr; }
void Processor::set_links(bool on) { engine_->links = on; }
void Processor::set_citation_numbers(bool on) { engine_->citation_numbers = on; }
void Processor::set_page_safe(bool on) { engine_->page_safe = on; }
std::string_view Processor::second_field_align() const {
  return engine_->bibliography ? engine_->bibliography->attribute_or("second-field-align", "") : std::string_view();
}

namespace {

// Sorts indices into `items` by the mode's <sort> keys; stable, so ties keep their order.
void sort_items(const Engine& e, const xml::Element& mode, const std::vector<Item>& items, std::vector<RenderState>& states,
                std::vector<std::size_t>& order) {
  const xml::Element* sort = mode.child("sort");
  if (!sort || order.size() < 2) return;  // (one reference, as Cite asks for: nothing to sort)
  std::vector<const xml::Element*> keys;
  for (const xml::Element& k : sort->children)
    if (k.name == "key") keys.push_back(&k);
  std::vector<std::vector<std::string>> values(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    for (const xml::Element* k : keys) values[i].push_back(fold_key(e.sort_key(*k, mode, items[i], states[i])));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const std::string& x = values[a][k];
      const std::string& y = values[b][k];
      if (x == y) continue;
      // empty values last, whichever the direction
      if (x.empty()) return false;
      if (y.empty()) return true;
      const bool descending = keys[k]->attribute_or("sort", "ascending") == "descending";
      return descending ? y < x : x < y;
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

std::string year_suffix(int n) {
  // a..z, then aa, ab, ...
  std::string s;
  ++n;
  while (n > 0) {
    --n;
    s.insert(s.begin(), static_cast<char>('a' + n % 26));
    n /= 26;
  }
  return s;
}

// Disambiguation (CSL 1.0.2 "Disambiguation"): cites whose first citation reads the same get,
// as far as the style allows, more names, then given names or initials, then the
// disambiguate="true" condition, then year suffixes ("a", "b"... in bibliography order).
void disambiguate(const Engine& e, const std::vector<Item>& items, std::vector<RenderState>& states,
                  const std::vector<std::size_t>& bib_order) {
  if (!e.citation || bib_order.size() < 2) return;  // (one reference is never ambiguous)
  auto on = [&](std::string_view attr) { return e.citation->attribute_or(attr, "false") == "true"; };
  const bool add_names = on("disambiguate-add-names"), add_given = on("disambiguate-add-givenname"),
             add_suffix = on("disambiguate-add-year-suffix");
  auto text = [&](std::size_t i) {
    RenderState s = states[i];
    s.position = "first";
    return e.render(*e.citation, items[i], s).plain();
  };
  auto groups = [&] {
    std::map<std::string, std::vector<std::size_t>> by_text;
    for (std::size_t i : bib_order) by_text[text(i)].push_back(i);
    std::vector<std::vector<std::size_t>> out;
    for (auto& [t, g] : by_text)
      if (g.size() > 1) out.push_back(std::move(g));
    return out;
  };
  // The members of `group` that still read like another member.
  auto still_ambiguous = [&](const std::vector<std::size_t>& group) {
    std::map<std::string, std::vector<std::size_t>> by_text;
    for (std::size_t i : group) by_text[text(i)].push_back(i);
    std::vector<std::size_t> out;
    for (auto& [t, g] : by_text)
      if (g.size() > 1) out.insert(out.end(), g.begin(), g.end());
    return out;
  };
  // Raises one knob on the ambiguous members step by step, keeping the first step at which the
  // fewest of them are still ambiguous; a knob that resolves nothing goes back to where it was.
  auto raise = [&](std::vector<std::size_t> group, int RenderState::*knob, int most) {
    const std::vector<std::size_t> start = group;
    std::size_t best_count = group.size();
    int best_step = 0;
    std::vector<std::size_t> best = group;
    for (int step = 1; step <= most; ++step) {
      for (std::size_t i : start) states[i].*knob = step;
      const std::vector<std::size_t> left = still_ambiguous(start);
      if (left.size() < best_count) {
        best_count = left.size();
        best_step = step;
        best = left;
      }
      if (left.empty()) break;
    }
    for (std::size_t i : start) states[i].*knob = best_step;
    return best;
  };
  for (std::vector<std::size_t> group : groups()) {
    if (add_names) {
      int most = 0;
      for (std::size_t i : group) most = std::max(most, static_cast<int>(items[i].names("author").size() + items[i].names("editor").size()));
      group = raise(group, &RenderState::add_names, most);
    }
    if (add_given && group.size() > 1) group = raise(group, &RenderState::givenname_level, 2);
    if (group.size() > 1) {
      for (std::size_t i : group) states[i].disambiguate = true;
      group = still_ambiguous(group);
    }
  }
  if (add_suffix) {
    for (const std::vector<std::size_t>& group : groups()) {
      int n = 0;
      for (std::size_t i : group) states[i].year_suffix = year_suffix(n++);
    }
  }
}

}  // namespace

std::vector<std::string> Processor::bibliography(const std::vector<const json::Value*>& input, Markup markup) {
  std::vector<std::string> out;
  const Engine& e = *engine_;
  if (!e.bibliography) return out;
  std::vector<Item> items;
  for (const json::Value* v : input)
    if (v && v->is_object()) items.emplace_back(v);
  std::vector<RenderState> states(items.size());
  std::vector<std::size_t> order(items.size());
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t i = 0; i < items.size(); ++i) states[i].citation_number = static_cast<int>(i + 1);
  sort_items(e, *e.bibliography, items, states, order);
  if (!sorts_by_citation_number(*e.bibliography))
    for (std::size_t k = 0; k < order.size(); ++k) states[order[k]].citation_number = static_cast<int>(k + 1);
  disambiguate(e, items, states, order);
  for (RenderState& st : states) st.add_names = st.givenname_level = 0;  // (those are for citations)
  const xml::Element* layout = e.bibliography->child("layout");
  const std::string_view align = second_field_align();
  const std::string substitute(e.bibliography->attribute_or("subsequent-author-substitute", ""));
  const bool substitutes = e.bibliography->attribute("subsequent-author-substitute") != nullptr;
  std::string previous_names;
  SerializeOptions so{markup, e.links, e.page_safe};
  for (std::size_t i : order) {
    RenderState& st = states[i];
    std::string names;
    Out entry = e.render(*e.bibliography, items[i], st, substitutes && order.size() > 1 ? &names : nullptr);
    if (substitutes && order.size() > 1) {
      if (!names.empty() && names == previous_names) {
        st.author_substitute = substitute;
        st.substitute_author = true;
        entry = e.render(*e.bibliography, items[i], st);
      }
      previous_names = names;
    }
    if (!align.empty() && entry.kids.size() >= 2 && !e.citation_numbers) {
      entry.kids.erase(entry.kids.begin());
      while (!entry.kids.empty() && entry.kids.front().plain().find_first_not_of(' ') == std::string::npos) entry.kids.erase(entry.kids.begin());
    }
    if (!align.empty() && entry.kids.size() >= 2 && e.citation_numbers) {
      // the first field in the margin, the rest beside it
      Out left = std::move(entry.kids[0]);
      left.display = "left-margin";
      Out right;
      for (std::size_t k = 1; k < entry.kids.size(); ++k) right.kids.push_back(std::move(entry.kids[k]));
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
      w.kids.push_back(std::move(entry));
      w.prefix = layout->attribute_or("prefix", "");
      w.suffix = layout->attribute_or("suffix", "");
      w.fmt = Formatting::of(*layout);
      entry = std::move(w);
    }
    std::string text = serialize(entry, e.locale, so);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    std::size_t lead = 0;
    while (lead < text.size() && text[lead] == ' ') ++lead;
    out.push_back(text.substr(lead));
  }
  return out;
}

std::vector<std::string> Processor::citations(const std::vector<const json::Value*>& registry,
                                              const std::vector<std::vector<CiteItem>>& clusters, Markup markup) {
  std::vector<std::string> out;
  const Engine& e = *engine_;
  if (!e.citation) return out;
  // Citation numbers: the order items are first cited in, unless the bibliography sorts
  // otherwise (then its order).
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
  std::vector<std::size_t> first_cited;
  {
    std::vector<bool> seen(items.size());
    for (const auto& cluster : clusters)
      for (const CiteItem& ci : cluster) {
        auto it = index.find(ci.item);
        if (it != index.end() && !seen[it->second]) {
          seen[it->second] = true;
          first_cited.push_back(it->second);
        }
      }
    for (std::size_t i = 0; i < items.size(); ++i)
      if (!seen[i]) first_cited.push_back(i);
  }
  for (std::size_t k = 0; k < first_cited.size(); ++k) base[first_cited[k]].citation_number = static_cast<int>(k + 1);
  std::vector<std::size_t> bib_order = first_cited;
  if (e.bibliography && !sorts_by_citation_number(*e.bibliography) && e.bibliography->child("sort")) {
    sort_items(e, *e.bibliography, items, base, bib_order);
    for (std::size_t k = 0; k < bib_order.size(); ++k) base[bib_order[k]].citation_number = static_cast<int>(k + 1);
  }
  disambiguate(e, items, base, bib_order);
  const xml::Element* layout = e.citation->child("layout");
  SerializeOptions so{markup, e.links, e.page_safe};
  std::map<std::size_t, int> last_cluster;  // item -> cluster it was last cited in
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
    }
    // positions
    for (std::size_t k = 0; k < cited.size(); ++k) {
      Cited& c = cited[k];
      auto last = last_cluster.find(c.item);
      if (last == last_cluster.end()) {
        c.state.position = "first";
      } else {
        const bool same_as_previous = previous_item == c.item && (k > 0 || cluster.size() == 1 || true);
        if (same_as_previous) {
          const bool prev_locator = previous && !previous->locator.empty();
          const bool locator = !c.cite->locator.empty();
          if (!locator && !prev_locator) c.state.position = "ibid";
          else if (locator && (!prev_locator || previous->locator != c.cite->locator || previous->label != c.cite->label))
            c.state.position = "ibid-with-locator";
          else if (!locator && prev_locator) c.state.position = "subsequent";
          else c.state.position = "ibid";
        } else {
          c.state.position = "subsequent";
        }
        c.state.near_note = static_cast<int>(ci_index) - last->second <= 5;
      }
      previous = c.cite;
      previous_item = c.item;
    }
    for (const Cited& c : cited) last_cluster[c.item] = static_cast<int>(ci_index);
    std::vector<Out> parts;
    for (Cited& c : cited) {
      Out o = e.render(*e.citation, items[c.item], c.state);
      if (!c.cite->prefix.empty() || !c.cite->suffix.empty()) {
        Out w;
        w.kids.push_back(std::move(o));
        w.prefix = c.cite->prefix;
        w.suffix = c.cite->suffix;
        o = std::move(w);
      }
      parts.push_back(std::move(o));
    }
    Out cluster_out = join(std::move(parts), layout ? layout->attribute_or("delimiter", "") : "");
    if (layout) {
      Out w;
      w.kids.push_back(std::move(cluster_out));
      w.prefix = layout->attribute_or("prefix", "");
      w.suffix = layout->attribute_or("suffix", "");
      w.fmt = Formatting::of(*layout);
      cluster_out = std::move(w);
    }
    out.push_back(serialize(cluster_out, e.locale, so));
  }
  return out;
}

}  // namespace papershelf::csl
