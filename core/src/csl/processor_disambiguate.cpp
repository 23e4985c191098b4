// Disambiguation: the names, given names, condition and year suffixes that tell items' cites
// apart. The bibliography and citations both run it; it is their longest step, so it is apart.
#include <algorithm>

#include "csl/engine.hpp"
#include "papershelf/unicode.hpp"
#include "text/index_sort.hpp"

namespace papershelf::csl {

namespace {

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

}  // namespace

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
    s.position = Position::First;
    s.looking = true;
    return e.render(*e.citation, items[i], s).plain();
  };
  // The people a cite shows, in order (person_key).
  auto shown = [&](std::size_t i) {
    RenderState s = states[i];
    s.position = Position::First;
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

// citeproc-js tells apart, inside one entry too, two people of one family whose initials read
// the same ("Yu, Dian, Mi, H., Yu, Dong") when the citation adds given names by the rule by-cite
// or all-names: each is shown with the given name in full.
void tell_apart_in_entry(const Engine& e, const Item& item, RenderState& st) {
  if (!e.citation || !e.bibliography ||
      e.citation->attribute_or("disambiguate-add-givenname", "false") != "true")
    return;
  const std::string_view rule =
      e.citation->attribute_or("givenname-disambiguation-rule", "by-cite");
  if (rule != "by-cite" && rule != "all-names") return;
  // Only two people of one family (with its particle: person_key's part before the given name)
  // whose given names differ but have the same initials can read alike: an entry without such a
  // pair is not rendered a second time to see which names it shows (MLA's bibliography of 2,000
  // synthetic entries took 1.5x as long when every entry was).
  // (each person as family, initials and given name; sorted by the core's one index sort, which
  // adds no sort of its own to the WebAssembly module)
  std::vector<std::string> people;
  for (const Name& n : all_names(item)) {
    if (n.is_literal()) continue;
    const std::string key = person_key(n);
    const std::size_t cut = key.find('\x1f');
    people.push_back(key.substr(0, cut) + '\x1f' +
                     initials_of(std::string_view(key).substr(cut + 1)) + key.substr(cut));
  }
  const std::vector<std::uint32_t> order = detail::sorted_indices(
      people.size(), [&](std::uint32_t a, std::uint32_t b) { return people[a] < people[b]; });
  auto alike = [&](const std::string& a, const std::string& b) {  // (family and initials)
    const std::size_t cut = a.find('\x1f', a.find('\x1f') + 1);
    return a != b && a.compare(0, cut, b, 0, cut) == 0 && b.size() > cut && b[cut] == '\x1f';
  };
  bool namesakes = false;
  for (std::size_t i = 1; i < order.size() && !namesakes; ++i)
    namesakes = alike(people[order[i - 1]], people[order[i]]);
  if (!namesakes) return;
  std::vector<std::string> keys;
  RenderState s = st;
  s.shown_names = &keys;
  e.render(*e.bibliography, item, s);
  for (const std::string& k : keys) {
    const std::size_t cut = k.find('\x1f');
    if (cut == std::string::npos) continue;
    for (const std::string& other : keys) {
      const std::size_t other_cut = other.find('\x1f');
      if (other == k || other_cut != cut || other.compare(0, cut, k, 0, cut) != 0) continue;
      if (initials_of(std::string_view(other).substr(cut + 1)) ==
          initials_of(std::string_view(k).substr(cut + 1))) {
        st.given_levels[k] = 2;
        st.given_levels_of_entry = true;
      }
    }
  }
}

}  // namespace papershelf::csl
