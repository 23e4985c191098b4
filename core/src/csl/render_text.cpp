// Rendering <text> (a variable, a macro, a term or a value), the conditions of <choose>, and
// <choose> and <group>: the elements that pick and group what the others render.
#include <algorithm>

#include "csl/engine.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

// A citation label ("Asth00", "RoNo78", "DEFG26") made as citeproc-js makes one by its
// trigraph "Aaaa00:AaAa00:AaAA00:AAAA00": for one, two, three and more people, how many letters
// of each family name, then two digits of the year ("0000" without one). Without names, the
// first letters of the title.

std::string citation_label(const Item& item) {
  static const std::vector<int> kLetters[] = {{4}, {2, 2}, {2, 1, 1}, {1, 1, 1, 1}};
  auto letters = [](std::string_view word, int n) {
    std::string out;
    int taken = 0;
    for (std::size_t i = 0; i < word.size() && taken < n;) {
      const char32_t cp = unicode::decode_utf8(word, i);
      // (citeproc-js keeps romanesque letters only: no spaces, apostrophes or hyphens)
      if (!is_romanesque(cp, false) || cp == 0x200C || cp == 0x200D || cp == 0x200E ||
          (cp >= 0x202A && cp <= 0x202E))
        continue;
      unicode::append_utf8(out, taken == 0 ? unicode::to_upper(cp) : unicode::to_lower(cp));
      ++taken;
    }
    return out;
  };
  std::string label;
  for (std::string_view var : {"author", "editor", "translator"}) {
    const std::vector<Name> names = item.names(var);
    if (names.empty()) continue;
    const std::vector<int>& config = kLetters[std::min<std::size_t>(names.size(), 4) - 1];
    for (std::size_t j = 0; j < names.size() && j < config.size(); ++j) {
      std::string family = names[j].is_literal()
                               ? (names[j].literal.empty() ? names[j].family : names[j].literal)
                               : names[j].family;
      const std::string lower = unicode::ascii_lower(family);
      for (std::string_view article : {"a ", "the ", "an "})
        if (lower.compare(0, article.size(), article) == 0) family.erase(0, article.size());
      const std::string part = letters(family, config[j]);
      if (part.empty()) break;
      label += part;
    }
    break;
  }
  if (label.empty()) label = letters(item.text("title"), 4);
  const long year = item.date("issued").from.year;
  std::string digits = year > 0 ? std::to_string(year) : "0000";
  return label + (digits.size() > 2 ? digits.substr(digits.size() - 2) : digits);
}

// The cite's locator without the spaces around it (" 666" is page 666, as citeproc-js reads it).
std::string locator_text(const Ctx& c) {
  if (!c.state.cite) return {};
  const std::string& l = c.state.cite->locator;
  const std::size_t b = l.find_first_not_of(" \t\n");
  if (b == std::string::npos) return {};
  return l.substr(b, l.find_last_not_of(" \t\n") - b + 1);
}

// The text of a variable as <text variable> renders it (before rich-text parsing).
std::string variable_text(Ctx& c, std::string_view var, std::string_view form) {
  if (c.substitute.used.count(var)) return {};
  if (var == "citation-number")
    return c.state.citation_number ? std::to_string(c.state.citation_number) : std::string();
  if (var == "year-suffix") return c.state.year_suffix;
  if (var == "citation-label") {
    std::string label = c.item.text(var);
    return (label.empty() ? citation_label(c.item) : label) + c.state.year_suffix;
  }
  if (var == "locator") return locator_text(c);
  if (var == "first-reference-note-number") return c.item.text(var);
  if (form == "short") {
    if (std::string s = c.item.text(std::string(var) + "-short"); !s.empty()) return s;
    if (var == "title") {
      if (std::string s = c.item.text("shortTitle"); !s.empty()) return s;
    }
    if (var == "container-title") {
      if (std::string s = c.item.text("journalAbbreviation"); !s.empty()) return s;
    }
  }
  if (var == "page-first") {
    std::string p = c.item.text("page-first");
    if (p.empty()) p = c.item.text("page");
    const std::size_t cut = p.find_first_of("-,&\xE2 ");
    return cut == std::string::npos ? p : p.substr(0, cut);
  }
  return c.item.text(var);
}

namespace {

bool is_link_variable(std::string_view var) { return var == "URL" || var == "DOI"; }

std::string link_for(std::string_view var, std::string_view value) {
  std::string href;
  if (var == "DOI") {
    std::string_view v = value;
    if (v.substr(0, 16) == "https://doi.org/") v.remove_prefix(16);
    href = "https://doi.org/" + std::string(v);
  } else {
    href = std::string(value);
  }
  if (href.compare(0, 7, "http://") != 0 && href.compare(0, 8, "https://") != 0) return {};
  std::string safe;
  for (char ch : href) {
    if (ch == '"' || ch == ' ' || ch == '<' || ch == '>') {
      static const char* hex = "0123456789ABCDEF";
      safe += '%';
      safe += hex[(static_cast<unsigned char>(ch) >> 4) & 15];
      safe += hex[static_cast<unsigned char>(ch) & 15];
    } else {
      safe += ch;
    }
  }
  return safe;
}

}  // namespace

Out render_text(const xml::Element& el, Ctx& c) {
  if (const std::string* var = el.attribute("variable")) {
    std::string value = variable_text(c, *var, el.attribute_or("form", "long"));
    // (an empty year-suffix does not empty its group: APA's "n.d." beside it)
    if (value.empty() && *var == "year-suffix") return Out();
    ++c.vars.called;
    if (value.empty()) return Out();
    ++c.vars.rendered;
    c.vars.rendered_vars.push_back(*var);
    // (inside a substitute, a variable shown is used up at once: a macro there showing the
    // editor twice shows them once)
    if (c.substitute.names) c.substitute.used.insert(*var);
    if (*var == "page" || *var == "locator" || (is_number_variable(*var) && is_numeric(value))) {
      // (the style's page-range-format for pages: the page variable, and a locator of pages)
      const bool pages =
          *var == "page" || (*var == "locator" && c.state.cite &&
                             (c.state.cite->label.empty() || c.state.cite->label == "page"));
      value =
          format_pages(value, pages ? std::string_view(c.e.page_range_format) : std::string_view(),
                       range_delimiter(c), ampersand(c));
    } else if (*var == "volume" || *var == "issue" || *var == "number" || *var == "edition" ||
               *var == "chapter-number" || *var == "collection-number" ||
               *var == "number-of-pages" || *var == "number-of-volumes") {
      value = hyphens_joined(value);  // (the variables citeproc-js reads as numbers)
    }
    const bool plain = *var == "URL" || *var == "DOI" || *var == "citation-number";
    if (plain) value = xml::decode_entities(value);
    Out o = plain ? leaf(value) : rich(value);
    bool linked_prefix = false;
    std::string_view text_before_link;  // the part of the prefix before an address it holds
    if (c.e.links && is_link_variable(*var)) {
      if (std::string href = link_for(*var, value); !href.empty()) {
        Out wrap;
        // A prefix that is the address's own start ("https://doi.org/" before a DOI) is linked
        // with it, so the whole address a reader sees is the link.
        // (ACM's "DOI:https://doi.org/": the address part of the prefix goes into the link)
        const std::string_view prefix = el.attribute_or("prefix", "");
        const std::size_t http = prefix.find("http");
        const std::string_view address =
            http == std::string_view::npos ? std::string_view() : prefix.substr(http);
        if ((address.substr(0, 7) == "http://" || address.substr(0, 8) == "https://") &&
            address.find(' ') == std::string_view::npos) {
          if (http > 0) text_before_link = prefix.substr(0, http);
          wrap.kids.push_back(leaf(std::string(address)));
          linked_prefix = true;
        }
        wrap.kids.push_back(std::move(o));
        wrap.link = std::move(href);
        o = std::move(wrap);
      }
    }
    if (!text_before_link.empty()) {
      Out with;
      with.kids.push_back(leaf(std::string(text_before_link)));
      with.kids.push_back(std::move(o));
      o = std::move(with);
    }
    return decorate(std::move(o), el, c, true, linked_prefix);
  }
  if (const std::string* name = el.attribute("macro")) {
    auto it = c.e.macros.find(*name);
    if (it == c.e.macros.end() || c.limits.macro_depth > kMaxMacroDepth) return Out();
    // A macro is a group, as citeproc-js expands it: empty when it called variables and none
    // gave text, and when it shows terms alone, it counts as text for the group around it (APS's
    // "(n.d.)" beside an empty page).
    const int called = c.vars.called, rendered = c.vars.rendered;
    const bool predecessor = c.written.predecessor;
    ++c.limits.macro_depth;
    Out o = render_children(*it->second, c, "");
    --c.limits.macro_depth;
    if (c.vars.called > called && c.vars.rendered == rendered) {
      c.written.predecessor = predecessor;
      return Out();
    }
    if (!o.empty() && c.vars.rendered == rendered) ++c.vars.rendered;
    return decorate(std::move(o), el, c);
  }
  if (const std::string* term = el.attribute("term")) {
    const bool plural = el.attribute_or("plural", "false") == "true";
    Out o = leaf(c.e.locale.text(*term, term_form(el.attribute_or("form", "long")), plural));
    // (not in an in-text style's citation, where the term may run on in a sentence)
    if (!c.written.predecessor && !o.empty() &&
        !(&c.mode == c.e.citation && c.e.style.attribute_or("class", "") == "in-text"))
      apply_text_case(o, "capitalize-first", true);
    return decorate(std::move(o), el, c);
  }
  if (const std::string* value = el.attribute("value")) return decorate(rich(*value), el, c);
  return Out();
}

bool test_condition(const xml::Element& cond, Ctx& c) {
  const std::string_view match = cond.attribute_or("match", "all");
  int tests = 0, passed = 0;
  for (const auto& attribute : cond.attributes) {
    const std::string& attr =
        attribute.first;  // (lambdas cannot capture structured bindings in C++17)
    if (attr == "match") continue;
    if (attr == "type") {
      // (a list of types is one test, true for any of them, whatever `match` says, as citeproc-js
      // reads it: APS's <else-if type="dataset manuscript speech ..."> has no match="any")
      bool any = false;
      for_each_word(attribute.second, [&](std::string_view v) { any = any || c.item.type() == v; });
      ++tests;
      if (any) ++passed;
      continue;
    }
    for_each_word(attribute.second, [&](std::string_view v) {
      bool r = false;
      if (attr == "variable") {
        if (v == "locator")
          r = c.state.cite && !c.state.cite->locator.empty();
        else if (v == "citation-number")
          r = c.state.citation_number > 0;
        else if (v == "year-suffix")
          r = !c.state.year_suffix.empty();
        else  // (a variable a substitute rendered still tests present, as in citeproc-js)
          r = c.item.has(v);
      } else if (attr == "is-numeric") {
        const std::string t = v == "locator" ? locator_text(c) : number_text(c, v);
        r = is_numeric(t);
      } else if (attr == "is-uncertain-date") {
        r = c.item.date(v).circa;
      } else if (attr == "locator") {
        std::string label = c.state.cite && !c.state.cite->locator.empty()
                                ? (c.state.cite->label.empty() ? "page" : c.state.cite->label)
                                : std::string();
        if (label == "sub verbo") label = "sub-verbo";
        r = !label.empty() && label == v;
      } else if (attr == "position") {
        // (an ibid is subsequent too, an ibid-with-locator an ibid)
        const Position p = c.state.position;
        const bool ibid = p == Position::Ibid || p == Position::IbidWithLocator;
        if (v == "first")
          r = p == Position::First;
        else if (v == "subsequent")
          r = p == Position::Subsequent || ibid;
        else if (v == "ibid")
          r = ibid;
        else if (v == "ibid-with-locator")
          r = p == Position::IbidWithLocator;
        else if (v == "near-note")
          r = c.state.near_note && p != Position::None && p != Position::First;
      } else if (attr == "disambiguate") {
        r = (v == "true") == c.state.disambiguate;
      } else {
        return;  // (unknown test: ignored)
      }
      ++tests;
      if (r) ++passed;
    });
  }
  if (tests == 0) return false;
  if (match == "any") return passed > 0;
  if (match == "none") return passed == 0;
  return passed == tests;
}

Out render_choose(const xml::Element& el, Ctx& c) {
  for (const xml::Element& branch : el.children) {
    if (!spend(c, element_cost(branch))) return Out();
    if (branch.name == "else" || test_condition(branch, c)) return render_children(branch, c, "");
  }
  return Out();
}

Out render_group(const xml::Element& el, Ctx& c) {
  const int called = c.vars.called, rendered = c.vars.rendered;
  const bool predecessor = c.written.predecessor;
  Out o = render_children(el, c, el.attribute_or("delimiter", ""));
  if (c.vars.called > called && c.vars.rendered == rendered) {
    c.written.predecessor = predecessor;  // (what it rendered is not shown)
    return Out();
  }
  // A group of terms alone that shows keeps the group around it (citeproc-js: IEEE's
  // "[Online]" beside an empty "Accessed" date).
  if (!o.empty() && c.vars.rendered == rendered) ++c.vars.rendered;
  return decorate(std::move(o), el, c, false);
}

}  // namespace papershelf::csl
