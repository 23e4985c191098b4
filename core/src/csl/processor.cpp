// The processor's API: reading a style and its locales, the bibliography (sorting, numbering,
// year suffixes, the author substitute) and citations (positions, sorting, the cluster layout).
#include <algorithm>
#include <cstring>
#include <numeric>

#include "csl/engine.hpp"
#include "papershelf/csl.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

namespace {

// "de-AT" -> {"de-AT", "de-DE"(primary dialect), "en-US"}: the locale files to merge, last wins.
const std::pair<const char*, const char*> kPrimaryDialects[] = {
    {"af", "af-ZA"}, {"ar", "ar"},    {"bg", "bg-BG"}, {"ca", "ca-AD"}, {"cs", "cs-CZ"},
    {"cy", "cy-GB"}, {"da", "da-DK"}, {"de", "de-DE"}, {"el", "el-GR"}, {"en", "en-US"},
    {"es", "es-ES"}, {"et", "et-EE"}, {"eu", "eu"},    {"fa", "fa-IR"}, {"fi", "fi-FI"},
    {"fr", "fr-FR"}, {"he", "he-IL"}, {"hr", "hr-HR"}, {"hu", "hu-HU"}, {"id", "id-ID"},
    {"is", "is-IS"}, {"it", "it-IT"}, {"ja", "ja-JP"}, {"km", "km-KH"}, {"ko", "ko-KR"},
    {"la", "la"},    {"lt", "lt-LT"}, {"lv", "lv-LV"}, {"mn", "mn-MN"}, {"nb", "nb-NO"},
    {"nl", "nl-NL"}, {"nn", "nn-NO"}, {"pl", "pl-PL"}, {"pt", "pt-PT"}, {"ro", "ro-RO"},
    {"ru", "ru-RU"}, {"sk", "sk-SK"}, {"sl", "sl-SI"}, {"sr", "sr-RS"}, {"sv", "sv-SE"},
    {"th", "th-TH"}, {"tr", "tr-TR"}, {"uk", "uk-UA"}, {"vi", "vi-VN"}, {"zh", "zh-CN"}};

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

std::string primary_dialect(std::string_view lang) {
  const std::string_view primary = lang.substr(0, lang.find('-'));
  for (const auto& [p, d] : kPrimaryDialects)
    if (primary == p) return d;
  return std::string(lang);
}

std::unique_ptr<Processor> Processor::create(std::string_view style_xml,
                                             const LocaleLoader& locales, std::string_view lang,
                                             std::string* error) {
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
  if (e.citation) {
    // (citeproc-js's "numeric" mode: the citation, its macros included up to 20 calls deep,
    // shows citation-number.) Each macro is read once, at the fewest calls it is reached by
    // (what it reaches from there includes what it would reach from deeper): the macros a
    // style calls twice at every level made this scan exponential too.
    std::set<const xml::Element*> expanded;
    std::vector<const xml::Element*> level{e.citation}, next;
    for (int depth = 0; !level.empty() && !e.numeric_citations;
         ++depth, level.swap(next), next.clear()) {
      std::vector<const xml::Element*> stack = level;
      while (!stack.empty() && !e.numeric_citations) {
        const xml::Element* x = stack.back();
        stack.pop_back();
        if (x->attribute_or("variable", "") == "citation-number") e.numeric_citations = true;
        if (const std::string* m = x->attribute("macro"); m && depth < 20)
          if (auto it = e.macros.find(*m);
              it != e.macros.end() && expanded.insert(it->second).second)
            next.push_back(it->second);
        for (const xml::Element& k : x->children)
          if (k.name != "sort") stack.push_back(&k);
      }
    }
  }
  {
    std::vector<const xml::Element*> stack{&e.style};
    while (!stack.empty()) {
      const xml::Element* x = stack.back();
      stack.pop_back();
      if (x->name == "names")
        e.citation_names = true;  // (anywhere in the style: a macro may be the citation's)
      // (a citation label carries the year suffix itself)
      if (x->attribute_or("variable", "").find("year-suffix") != std::string_view::npos ||
          x->attribute_or("variable", "").find("citation-label") != std::string_view::npos)
        e.explicit_year_suffix = true;
      for (const xml::Element& k : x->children) stack.push_back(&k);
    }
  }
  // A style whose macros would expand past the rendering budget is read, its references cut
  // short where the budget runs out, and the owner told which macro (as a broken style is).
  if (std::string problem = e.budget_problem(); !problem.empty() && error)
    *error = std::move(problem);
  e.demote_non_dropping_particle =
      std::string(e.style.attribute_or("demote-non-dropping-particle", "display-and-sort"));
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
  return engine_->bibliography ? engine_->bibliography->attribute_or("second-field-align", "")
                               : std::string_view();
}

namespace {

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

// The number of a year suffix ("a" 0, "z" 25, "aa" 26): year_suffix's inverse.
long suffix_index(std::string_view s) {
  long n = 0;
  for (char ch : s) {
    if (ch < 'a' || ch > 'z' || n > 100000) return -2;
    n = n * 26 + (ch - 'a' + 1);
  }
  return n - 1;
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

// The initials of a given name as given-name disambiguation compares them ("John Paul" and
// "Jean-Pierre" both "JP").
std::string initials_of(std::string_view given) {
  std::string out;
  bool start = true;
  for (std::size_t i = 0; i < given.size();) {
    const std::size_t at = i;
    const char32_t cp = unicode::decode_utf8(given, i);
    if (cp == ' ' || cp == '-' || cp == '.') {
      start = true;
      continue;
    }
    if (start) out.append(given, at, i - at);
    start = false;
  }
  return out;
}

// Disambiguation (CSL 1.0.2 "Disambiguation"): first, by a givenname-disambiguation-rule other
// than "by-cite", given names (or initials) of every person shown whose family name another
// person shown shares, whether the cites are ambiguous or not. Then cites whose first citation
// reads the same get, as far as the style allows, more names, and with them (by-cite) given
// names or initials, one name at a time and only where that tells them apart; then the
// disambiguate="true" condition, then year suffixes ("a", "b"... in bibliography order).
void disambiguate(const Engine& e, const std::vector<Item>& items, std::vector<RenderState>& states,
                  const std::vector<std::size_t>& bib_order) {
  if (!e.citation || bib_order.size() < 2) return;  // (one reference is never ambiguous)
  auto on = [&](std::string_view attr) {
    return e.citation->attribute_or(attr, "false") == "true";
  };
  const bool add_names = on("disambiguate-add-names"), add_given = on("disambiguate-add-givenname"),
             add_suffix = on("disambiguate-add-year-suffix");
  const std::string_view rule =
      e.citation->attribute_or("givenname-disambiguation-rule", "by-cite");
  auto text = [&](std::size_t i) {
    RenderState s = states[i];
    s.position = "first";
    s.looking = true;
    return e.render(*e.citation, items[i], s).plain();
  };
  // The people a cite shows, in order (person_key).
  auto shown = [&](std::size_t i) {
    RenderState s = states[i];
    s.position = "first";
    std::vector<std::string> keys;
    s.shown_names = &keys;
    e.render(*e.citation, items[i], s);
    return keys;
  };
  if (add_given && rule != "by-cite") {
    const bool primary = rule.substr(0, 12) == "primary-name";
    const int most = rule.size() > 14 && rule.substr(rule.size() - 14) == "-with-initials" ? 1 : 2;
    auto family = [](const std::string& k) { return k.substr(0, k.find('\x1f')); };
    auto given = [](const std::string& k) {
      return k.find('\x1f') == std::string::npos ? std::string() : k.substr(k.find('\x1f') + 1);
    };
    // (spaces and periods aside: "J.J." and "J. J." are one person)
    auto squeeze = [](const std::string& g) {
      std::string out;
      for (char ch : g)
        if (ch != ' ' && ch != '.') out += ch;
      return out;
    };
    std::vector<std::vector<std::string>> keys(items.size());
    std::map<std::string, std::map<std::string, std::string>>
        givens;  // family name -> the given names shown with it
    for (std::size_t i : bib_order) {
      keys[i] = shown(i);
      if (primary && keys[i].size() > 1) keys[i].resize(1);
      for (const std::string& k : keys[i]) givens[family(k)].emplace(squeeze(given(k)), given(k));
    }
    for (std::size_t i : bib_order)
      for (const std::string& k : keys[i]) {
        const std::map<std::string, std::string>& others = givens[family(k)];
        if (others.size() < 2 || k.find('\x1f') == std::string::npos) continue;
        const std::string mine = initials_of(given(k));
        bool initials_tell = true;
        for (const auto& [squeezed, g] : others)
          if (squeezed != squeeze(given(k)) && initials_of(g) == mine) initials_tell = false;
        int& level = states[i].given_levels[k];
        level = std::max(level, std::min(most, initials_tell ? 1 : 2));
      }
  }
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
    std::sort(out.begin(), out.end());
    return out;
  };
  // A person as written, spaces and periods aside ("J.J." and "J. J." are one person).
  auto same_person = [](const std::string& a, const std::string& b) {
    auto squeeze = [](const std::string& k) {
      std::string out;
      for (char ch : k)
        if (ch != ' ' && ch != '.') out += ch;
      return out;
    };
    return squeeze(a) == squeeze(b);
  };
  for (const std::vector<std::size_t>& group : groups()) {
    // Each step (one more name, and with it given names where they tell people apart) is kept
    // only if it tells some members apart; those keep what told them apart, the others go on.
    std::vector<std::size_t> active = group;
    std::sort(active.begin(), active.end());
    int most = 0;
    if (add_names)
      for (std::size_t i : group)
        most = std::max(most, static_cast<int>(items[i].names("author").size() +
                                               items[i].names("editor").size()));
    for (int n = 0; n <= most && active.size() > 1; ++n) {
      std::map<std::size_t, RenderState> before;
      for (std::size_t i : active) before.emplace(i, states[i]);
      if (add_names)
        for (std::size_t i : active) states[i].add_names = n;
      std::vector<std::size_t> left = n == 0 ? active : still_ambiguous(active);
      if (add_given && rule == "by-cite" && left.size() > 1) {
        std::vector<std::vector<std::string>> keys;
        std::size_t positions = 0;
        for (std::size_t i : left) {
          keys.push_back(shown(i));
          positions = std::max(positions, keys.back().size());
        }
        for (std::size_t p = 0; p < positions && left.size() > 1; ++p) {
          // (only a name that is not the same person in every cite can tell them apart)
          bool differs = false;
          for (std::size_t k = 1; k < keys.size(); ++k)
            if (p >= keys[k].size() || p >= keys[0].size() || !same_person(keys[k][p], keys[0][p]))
              differs = true;
          if (!differs) continue;
          for (int level = 1; level <= 2 && left.size() > 1; ++level) {
            std::map<std::size_t, std::map<std::string, int>> saved;
            for (std::size_t i : left) {
              saved.emplace(i, states[i].given_levels);
              const std::vector<std::string> now = shown(i);
              if (p < now.size()) {
                int& l = states[i].given_levels[now[p]];
                l = std::max(l, level);
              }
            }
            std::vector<std::size_t> next = still_ambiguous(left);
            if (next.size() < left.size())
              left = std::move(next);
            else
              for (auto& [i, levels] : saved) states[i].given_levels = std::move(levels);
          }
        }
      }
      if (left.size() < active.size()) {
        active = std::move(left);
      } else {
        for (std::size_t i : active) states[i] = before.at(i);  // (a step that told none apart)
      }
    }
    if (active.size() > 1) {
      for (std::size_t i : active) states[i].disambiguate = true;
      active = still_ambiguous(active);
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
  for (RenderState& st : states) {
    st.add_names = st.givenname_level = 0;  // (those are for citations)
    st.given_levels.clear();
    st.term_first = true;
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
        c.state.position = "first";
      } else {
        const bool same_as_previous =
            previous_item == c.item && (k > 0 || cluster.size() == 1 || true);
        if (same_as_previous) {
          const bool prev_locator = previous && !previous->locator.empty();
          const bool locator = !c.cite->locator.empty();
          if (!locator && !prev_locator)
            c.state.position = "ibid";
          else if (locator && (!prev_locator || previous->locator != c.cite->locator ||
                               previous->label != c.cite->label))
            c.state.position = "ibid-with-locator";
          else if (!locator && prev_locator)
            c.state.position = "subsequent";
          else
            c.state.position = "ibid";
        } else {
          c.state.position = "subsequent";
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
