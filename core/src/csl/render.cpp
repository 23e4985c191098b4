// Rendering one item by a layout: CSL's rendering elements (text, number, label, names, date,
// group, choose) and what they share (affixes, formatting, text case, display).
#include <algorithm>
#include <cstdlib>

#include "csl/engine.hpp"
#include "papershelf/diagnostics.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

namespace {

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

std::vector<std::string_view> split_spaces(std::string_view s) {
  std::vector<std::string_view> out;
  for_each_word(s, [&](std::string_view w) { out.push_back(w); });
  return out;
}

// Whether title case applies (citeproc-js: the first two letters of the item's language, "en"
// of "english" too; else the locale's).
bool english(const Item& item, const Locale& locale) {
  const std::string lang = item.language();
  if (lang.empty()) return locale.lang.size() >= 2 && unicode::ascii_lower(locale.lang.substr(0, 2)) == "en";
  if (lang.size() < 2 || !std::isalpha(static_cast<unsigned char>(lang[0])) || !std::isalpha(static_cast<unsigned char>(lang[1])))
    return false;
  return unicode::ascii_lower(lang.substr(0, 2)) == "en";
}

std::string to_roman(long n) {
  if (n <= 0 || n >= 4000) return std::to_string(n);
  static const std::pair<int, const char*> kRoman[] = {{1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"},
                                                       {90, "xc"},  {50, "l"},   {40, "xl"}, {10, "x"},   {9, "ix"},
                                                       {5, "v"},    {4, "iv"},   {1, "i"}};
  std::string out;
  for (const auto& [v, s] : kRoman)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

const char* const kEnDash = "\xE2\x80\x93";

struct Ctx {
  Ctx(const Engine& engine, const Item& it, RenderState& st, const xml::Element& m) : e(engine), item(it), state(st), mode(m) {}
  const Engine& e;
  const Item& item;
  RenderState& state;
  const xml::Element& mode;  // <citation> or <bibliography>
  bool sorting = false;
  int sort_names_min = 0, sort_names_use_first = 0;
  int sort_names_use_last = -1;  // the key's names-use-last: -1 when it has none
  std::set<std::string, std::less<>> substituted;
  int called = 0, rendered = 0;  // variables asked for, and those that gave text
  std::vector<std::string> rendered_vars;  // those that gave text, by name
  int depth = 0;
  long long budget = kRenderBudget;  // steps left (see kRenderBudget); below 0 nothing more renders
  bool names_done = false;       // the first names element was rendered (suppress-author)
  bool predecessor = false;      // something was rendered before (a term then keeps its case)
  bool year_suffix_done = false;  // the implicit year suffix was written
  std::string date_var;           // the date being rendered
  const xml::Element* inherit_names = nullptr;  // a <names> whose <substitute> is running
  bool in_names_only = false;
  // The bibliography's subsequent-author-substitute: the names of the first names element as
  // rendered, one string each (a substitute <text> counts as one name), and how many of them
  // are still to be replaced by the substitute (RenderState::substitute_names > 0).
  bool want_first_names = false;
  std::vector<std::string> first_names_list;
  std::string first_names_text;  // (the whole names element, "et al." included: citations compare it)
  bool have_first_names = false;
  bool capturing_names = false;
  int names_to_substitute = 0;
};

// ---- The budget (kRenderBudget) ----------------------------------------------------------------

// What rendering an element once costs, its children's own rendering aside: the work of reading
// its attributes and looking through its children (a choose's branches, a date's parts).
long long element_cost(const xml::Element& el) {
  std::size_t bytes = 0;
  for (const auto& attribute : el.attributes) bytes += attribute.first.size() + attribute.second.size();
  return 1 + static_cast<long long>(el.children.size() + bytes / 64);
}

// What a piece of output costs: one a node, one more per 64 bytes of its text and affixes.
long long output_cost(const Out& o) {
  long long n = 1 + static_cast<long long>((o.text.size() + o.prefix.size() + o.suffix.size()) / 64);
  for (const Out& k : o.kids) n += output_cost(k);
  return n;
}

// Takes `steps` from the rendering's budget; false once it has run out.
bool spend(Ctx& c, long long steps) {
  c.budget -= std::min(steps, c.budget + 1);  // (stops at -1: the budget never wraps)
  return c.budget >= 0;
}

// An inheritable name option: the element's own, else the mode's (citation, bibliography),
// else the style's.
std::string_view name_option(const Ctx& c, const xml::Element* el, std::string_view attr, std::string_view inherited_as = {}) {
  if (el)
    if (const std::string* v = el->attribute(attr)) return *v;
  const std::string_view key = inherited_as.empty() ? attr : inherited_as;
  if (const std::string* v = c.mode.attribute(key)) return *v;
  if (const std::string* v = c.e.style.attribute(key)) return *v;
  return {};
}

// `linked_prefix`: the element's prefix is part of the link inside (a DOI's "https://doi.org/").
Out decorate(Out o, const xml::Element& el, Ctx& c, bool with_case = true, bool linked_prefix = false) {
  if (o.empty()) return Out();
  if (with_case) {
    const bool strip = el.attribute_or("strip-periods", "") == "true";
    const std::string* tc = el.attribute("text-case");
    // A case change goes through the whole piece, so it is paid for like the piece: macros each
    // calling themselves with a text-case went through the same pieces fifty levels over (43 s).
    if ((strip || tc) && c.budget >= 0 && spend(c, output_cost(o))) {
      // (a term's or a label's periods all go, a value's as citeproc-js strips them)
      if (strip) strip_periods(o, el.name == "label" || el.attribute("term") != nullptr);
      if (tc) apply_text_case(o, *tc, english(c.item, c.e.locale));
    }
  }
  Formatting f = Formatting::of(el);
  const bool quotes = el.attribute_or("quotes", "") == "true";
  const std::string_view display = el.attribute_or("display", "");
  const std::string_view prefix = linked_prefix ? std::string_view() : el.attribute_or("prefix", "");
  const std::string_view suffix = el.attribute_or("suffix", "");
  if (!f.any() && !quotes && display.empty() && prefix.empty() && suffix.empty()) return o;
  Out inner = std::move(o);
  if (f.any() || quotes) {
    if (inner.fmt.any() || inner.quotes || !inner.prefix.empty() || !inner.suffix.empty() || !inner.display.empty() || !inner.link.empty() || inner.nocase) {
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

Out render_element(const xml::Element& el, Ctx& c);

bool test_condition(const xml::Element& cond, Ctx& c);

// A choose is transparent to its parent's delimiter: the chosen branch's elements are the
// parent's children (as citeproc-js has it: "No." and "2" in a group delimited by " ").
void render_into(const xml::Element& el, Ctx& c, std::vector<Out>& kids) {
  for (const xml::Element& k : el.children) {
    if (c.budget < 0) return;
    if (static_cast<ElementKind>(k.kind) == ElementKind::Choose && !(c.state.author_only && c.names_done)) {
      if (!spend(c, element_cost(k))) return;
      for (const xml::Element& branch : k.children)
        if (!spend(c, element_cost(branch))) return;  // (a condition's words are read for each test)
        else if (branch.name == "else" || test_condition(branch, c)) {
          render_into(branch, c, kids);
          break;
        }
      continue;
    }
    kids.push_back(render_element(k, c));
  }
}

Out render_children(const xml::Element& el, Ctx& c, std::string_view delimiter) {
  std::vector<Out> kids;
  render_into(el, c, kids);
  if (!delimiter.empty()) {
    // (a delimiter is copied between every two pieces: a long one, many times)
    const auto shown = std::count_if(kids.begin(), kids.end(), [](const Out& k) { return !k.empty(); });
    if (shown > 1) spend(c, (shown - 1) * (1 + static_cast<long long>(delimiter.size() / 64)));
  }
  return join(std::move(kids), delimiter);
}

// ---- Variables --------------------------------------------------------------------------------

std::string page_range(std::string_view from, std::string_view to, std::string_view format, const std::string& delimiter) {
  // A shared letter prefix ("B421-B446", "N1-N10") is compared without it and not repeated.
  std::size_t pre = 0;
  while (pre < from.size() && !(from[pre] >= '0' && from[pre] <= '9')) ++pre;
  std::size_t pre_to = 0;
  while (pre_to < to.size() && !(to[pre_to] >= '0' && to[pre_to] <= '9')) ++pre_to;
  const std::string_view prefix = from.substr(0, pre);
  if (pre > 0 && pre < from.size() && pre_to < to.size() && from.substr(0, pre) == to.substr(0, pre_to) && !format.empty() &&
      format != "expanded") {
    from.remove_prefix(pre);
    to.remove_prefix(pre_to);
  } else if (pre_to > 0 || pre > 0) {
    return std::string(prefix) + std::string(from.substr(pre)) + delimiter + std::string(to);
  }
  auto digits = [](std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; }); };
  const std::string lead(pre > 0 && pre_to > 0 ? prefix : std::string_view());
  if (!digits(from) || !digits(to) || format.empty()) return lead + std::string(from) + delimiter + std::string(to);
  std::string f(from), t(to);
  if (t.size() < f.size()) t = f.substr(0, f.size() - t.size()) + t;  // "321-8" is 321-328
  // An end that is no later than the start, even written in full, is no range to shorten or
  // lengthen ("2023-09", a month): as written, as citeproc-js leaves it.
  if (t < f) return lead + std::string(from) + delimiter + std::string(to);
  if (format == "expanded" || f == t) return lead + f + delimiter + t;  // ("294-294" stays whole)
  auto minimal = [&](std::size_t keep_at_least) {
    if (f.size() != t.size()) return t;
    std::size_t i = 0;
    while (i < f.size() && f[i] == t[i]) ++i;
    std::size_t keep = t.size() - i;
    if (keep < keep_at_least) keep = std::min(keep_at_least, t.size());
    return t.substr(t.size() - keep);
  };
  if (format == "minimal") return lead + f + delimiter + minimal(1);
  if (format == "minimal-two") return lead + f + delimiter + (t.size() <= 2 ? t : minimal(2));
  if (format == "chicago" || format == "chicago-15" || format == "chicago-16") {
    const long n = std::strtol(f.c_str(), nullptr, 10);
    if (n < 100 || n % 100 == 0) return lead + f + delimiter + t;
    if (n % 100 < 10) return lead + f + delimiter + minimal(1);
    // (15th edition, CSL's "chicago": four digits of which three change are all kept)
    if (format != "chicago-16" && f.size() == 4 && minimal(1).size() >= 3) return lead + f + delimiter + t;
    return lead + f + delimiter + minimal(2);
  }
  return lead + f + delimiter + t;
}

// What joins the two ends of a range of numbers: the locale's page-range-delimiter (a style may
// set its own: AMA's is "-"), else an en dash.
std::string range_delimiter(const Ctx& c) {
  std::string dash = c.e.locale.text("page-range-delimiter", TermForm::Long, false);
  return dash.empty() ? std::string(kEnDash) : dash;
}

// Page ranges: "12-18" and "12--18" become "12–18" (the locale's page-range-delimiter: AMA's is
// "-"), shortened by the style's format.
std::string format_pages(std::string_view s, std::string_view format, const std::string& delimiter) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    // one part of a list "1-3, 5-8"
    std::size_t end = s.find_first_of(",&", i);
    if (end == std::string_view::npos) end = s.size();
    std::string_view part = s.substr(i, end - i);
    const std::size_t dash = part.find_first_of("-\xE2");
    // A range is two plain words of letters and digits ("12-18", "S12-S18", "xix-xx"):
    // "10:1-10:7", "1640-1647.e2" or "066704-1-066704-12" are left as written (citeproc-js too).
    auto simple = [](std::string_view x) {
      while (!x.empty() && x.front() == ' ') x.remove_prefix(1);
      while (!x.empty() && x.back() == ' ') x.remove_suffix(1);
      return !x.empty() && std::all_of(x.begin(), x.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; });
    };
    std::size_t after = dash;
    while (after < part.size() && (part[after] == '-' || part.substr(after, 3) == kEnDash)) after += part[after] == '-' ? 1 : 3;
    if (dash != std::string_view::npos && (part[dash] == '-' || part.substr(dash, 3) == kEnDash) && simple(part.substr(0, dash)) &&
        simple(part.substr(after))) {
      std::string_view a = part.substr(0, dash), b = part.substr(dash);
      while (!b.empty() && (b.front() == '-' || b.substr(0, 3) == kEnDash)) b.remove_prefix(b.front() == '-' ? 1 : 3);
      while (!a.empty() && a.back() == ' ') a.remove_suffix(1);
      while (!b.empty() && b.front() == ' ') b.remove_prefix(1);
      std::string_view lead = a;
      std::size_t lead_spaces = 0;
      while (lead_spaces < lead.size() && lead[lead_spaces] == ' ') ++lead_spaces;
      out += std::string(a.substr(0, lead_spaces));
      if (!b.empty()) out += page_range(a.substr(lead_spaces), b, format, delimiter);
      else out += std::string(part);
    } else {
      out += std::string(part);
    }
    if (end < s.size()) out += s[end];
    i = end + 1;
  }
  return out;
}

// A citation label ("Asth00", "RoNo78", "DEFG26") made as citeproc-js makes one by its
// trigraph "Aaaa00:AaAa00:AaAA00:AAAA00": for one, two, three and more people, how many letters
// of each family name, then two digits of the year ("0000" without one). Without names, the
// first letters of the title.
bool is_romanesque(char32_t ch, bool digits_and_hyphen);

std::string citation_label(const Item& item) {
  static const std::vector<int> kLetters[] = {{4}, {2, 2}, {2, 1, 1}, {1, 1, 1, 1}};
  auto letters = [](std::string_view word, int n) {
    std::string out;
    int taken = 0;
    for (std::size_t i = 0; i < word.size() && taken < n;) {
      const char32_t cp = unicode::decode_utf8(word, i);
      // (citeproc-js keeps romanesque letters only: no spaces, apostrophes or hyphens)
      if (!is_romanesque(cp, false) || cp == 0x200C || cp == 0x200D || cp == 0x200E || (cp >= 0x202A && cp <= 0x202E)) continue;
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
      std::string family = names[j].is_literal() ? (names[j].literal.empty() ? names[j].family : names[j].literal) : names[j].family;
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
  if (c.substituted.count(var)) return {};
  if (var == "citation-number") return c.state.citation_number ? std::to_string(c.state.citation_number) : std::string();
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

Out render_text(const xml::Element& el, Ctx& c) {
  if (const std::string* var = el.attribute("variable")) {
    std::string value = variable_text(c, *var, el.attribute_or("form", "long"));
    // (an empty year-suffix does not empty its group: APA's "n.d." beside it)
    if (value.empty() && *var == "year-suffix") return Out();
    ++c.called;
    if (value.empty()) return Out();
    ++c.rendered;
    c.rendered_vars.push_back(*var);
    // (inside a substitute, a variable shown is used up at once: a macro there showing the
    // editor twice shows them once)
    if (c.inherit_names) c.substituted.insert(*var);
    if (*var == "page" || *var == "locator" || (is_number_variable(*var) && is_numeric(value)))
      value = format_pages(value, *var == "page" ? std::string_view(c.e.page_range_format) : std::string_view(), range_delimiter(c));
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
        const std::string_view address = http == std::string_view::npos ? std::string_view() : prefix.substr(http);
        if ((address.substr(0, 7) == "http://" || address.substr(0, 8) == "https://") && address.find(' ') == std::string_view::npos) {
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
    if (it == c.e.macros.end() || c.depth > kMaxMacroDepth) return Out();
    // A macro is a group, as citeproc-js expands it: empty when it called variables and none
    // gave text, and when it shows terms alone, it counts as text for the group around it (APS's
    // "(n.d.)" beside an empty page).
    const int called = c.called, rendered = c.rendered;
    const bool predecessor = c.predecessor;
    ++c.depth;
    Out o = render_children(*it->second, c, "");
    --c.depth;
    if (c.called > called && c.rendered == rendered) {
      c.predecessor = predecessor;
      return Out();
    }
    if (!o.empty() && c.rendered == rendered) ++c.rendered;
    return decorate(std::move(o), el, c);
  }
  if (const std::string* term = el.attribute("term")) {
    const bool plural = el.attribute_or("plural", "false") == "true";
    Out o = leaf(c.e.locale.text(*term, term_form(el.attribute_or("form", "long")), plural));
    // (not in an in-text style's citation, where the term may run on in a sentence)
    if (!c.predecessor && !o.empty() && !(&c.mode == c.e.citation && c.e.style.attribute_or("class", "") == "in-text"))
      apply_text_case(o, "capitalize-first", true);
    return decorate(std::move(o), el, c);
  }
  if (const std::string* value = el.attribute("value")) return decorate(rich(*value), el, c);
  return Out();
}

// ---- Numbers and labels -----------------------------------------------------------------------

// One number with its letters ("2a", "L3", "12"): the numeric value, or -1.
long number_of(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && !(s[i] >= '0' && s[i] <= '9')) ++i;
  if (i == s.size()) return -1;
  long v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9' && v < 100000000) v = v * 10 + (s[i++] - '0');
  return v;
}

bool plural_content(std::string_view s, std::string_view and_term = {}) {
  // "1-3", "1, 3", "1 & 3", "xlviii-lii", "1 and 3": a separator with something on each side
  auto alnum = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; };
  // ... of which the first is a number as citeproc-js reads one: with digits ("12", "S12",
  // "1a"), or letters from a lower-case i, v or x on ("xlviii-l"); "liii-lv", "XII-XV" and
  // "c-d" are one page to it.
  std::size_t first_end = 0;
  while (first_end < s.size() && alnum(s[first_end])) ++first_end;
  const std::string_view first = s.substr(0, first_end);
  const bool numbered = first.find_first_of("0123456789") != std::string_view::npos ||
                        (!first.empty() && (first[0] == 'i' || first[0] == 'v' || first[0] == 'x'));
  if (!numbered && !first.empty()) return false;
  if (numbered && first_end + 1 == s.size() && s.back() == '-') return true;  // ("Vols. 2019-", an open range)
  bool before = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (alnum(ch)) {
      before = true;
    } else if ((ch == '-' || ch == ',' || ch == '&' || s.substr(i, 3) == kEnDash) && before) {
      for (std::size_t k = i + 1; k < s.size(); ++k)
        if (alnum(s[k])) return true;
    }
  }
  // (the locale's "and" too: "213 et 235")
  if (!and_term.empty() && and_term != "and" && s.find(" " + std::string(and_term) + " ") != std::string_view::npos) return true;
  return s.find(" and ") != std::string_view::npos;
}

std::string number_text(Ctx& c, std::string_view var) {
  if (c.substituted.count(var)) return {};
  if (var == "citation-number") return c.state.citation_number ? std::to_string(c.state.citation_number) : std::string();
  if (var == "locator") return locator_text(c);
  if (var == "page-first") return variable_text(c, var, "long");
  return c.item.text(var);
}

std::string gender_of(const Ctx& c, std::string_view var) {
  const Term* t = c.e.locale.term(var, TermForm::Long);
  return t ? t->gender : std::string();
}

Out render_number(const xml::Element& el, Ctx& c) {
  const std::string var(el.attribute_or("variable", ""));
  ++c.called;
  const std::string value = xml::decode_entities(number_text(c, var));
  if (value.empty()) return Out();
  ++c.rendered;
  c.rendered_vars.push_back(var);
  const std::string_view form = el.attribute_or("form", "numeric");
  if (!is_numeric(value)) return decorate(rich(value), el, c);
  // Each number in the value, with what is between them kept (a range's dash as "–").
  const std::string dash = range_delimiter(c);
  std::string out;
  std::size_t i = 0;
  const std::string gender = gender_of(c, var);
  while (i < value.size()) {
    const char ch = value[i];
    if (ch >= '0' && ch <= '9') {
      std::size_t j = i;
      while (j < value.size() && value[j] >= '0' && value[j] <= '9') ++j;
      // keep letters attached ("2a"): only a bare number takes the form
      const bool bare = (i == 0 || !std::isalpha(static_cast<unsigned char>(value[i - 1]))) &&
                        (j == value.size() || !std::isalpha(static_cast<unsigned char>(value[j])));
      const long n = std::strtol(value.substr(i, j - i).c_str(), nullptr, 10);
      if (!bare || form == "numeric") out += value.substr(i, j - i);
      else if (form == "ordinal") out += std::to_string(n) + c.e.locale.ordinal(n, gender);
      else if (form == "long-ordinal") out += c.e.locale.long_ordinal(n, gender);
      else if (form == "roman") out += to_roman(n);
      else out += value.substr(i, j - i);
      i = j;
    } else if (ch == '-') {
      std::size_t j = i;
      while (j < value.size() && value[j] == '-') ++j;
      // a hyphen between two numbers is a range
      out += dash;
      i = j;
    } else {
      out += ch;
      ++i;
    }
  }
  // (spaces around a range's dash go)
  for (std::size_t p = out.find(" " + dash); p != std::string::npos; p = out.find(" " + dash)) out.erase(p, 1);
  for (std::size_t p = out.find(dash + " "); p != std::string::npos; p = out.find(dash + " ")) out.erase(p + dash.size(), 1);
  return decorate(leaf(out), el, c);
}

Out render_label(const xml::Element& el, Ctx& c, std::string_view var, std::string_view content) {
  const std::string_view plural_attr = el.attribute_or("plural", "contextual");
  bool plural = false;
  if (plural_attr == "always") plural = true;
  else if (plural_attr == "contextual") {
    if (var == "number-of-pages" || var == "number-of-volumes") plural = number_of(content) > 1;
    else plural = plural_content(content, c.e.locale.text("and"));
  }
  std::string term(var);
  if (var == "locator") term = c.state.cite && !c.state.cite->label.empty() ? c.state.cite->label : "page";
  if (term == "sub verbo") term = "sub-verbo";
  std::string text = c.e.locale.text(term, term_form(el.attribute_or("form", "long")), plural);
  if (text.empty()) return Out();
  return decorate(leaf(std::move(text)), el, c);
}

Out render_label_element(const xml::Element& el, Ctx& c) {
  const std::string var(el.attribute_or("variable", ""));
  const std::string content = var == "locator" ? locator_text(c) : number_text(c, var);
  if (content.empty()) return Out();
  return render_label(el, c, var, content);
}

// ---- Names ------------------------------------------------------------------------------------

bool particle_joins(std::string_view particle) {
  // "d'", "al-" attach to what follows without a space ("de' " brings its own)
  if (particle.empty()) return false;
  const char last = particle.back();
  if (last == ' ') return true;
  return last == '\'' || last == '-' || particle.substr(particle.size() >= 3 ? particle.size() - 3 : 0) == "\xE2\x80\x99";
}

void append_part(std::string& out, std::string_view part) {
  if (part.empty()) return;
  if (!out.empty() && !particle_joins(out)) out += ' ';
  out += part;
}

// Initials of given names: "John Paul" -> "J. P." with initialize-with ". "; "W.A." -> "W. A.";
// "Jean-Paul" -> "J.-P."; an abbreviation already written ("Ch.") stays. Without `all` (the
// style's initialize="false"), only names written as initials are reformatted.
std::string initialize(std::string_view given, std::string_view with, bool all, bool hyphen) {
  std::string trimmed_with(with);
  while (!trimmed_with.empty() && trimmed_with.back() == ' ') trimmed_with.pop_back();
  std::string out;
  bool was_initial = false;  // (what `one` made of its part)
  auto one = [&](std::string_view part) -> std::string {  // a name without spaces or hyphens
    std::size_t p = 0;
    const char32_t cp = unicode::decode_utf8(part, p);
    const std::string_view rest = part.substr(p);
    std::string letter;
    unicode::append_utf8(letter, cp);
    was_initial = true;
    if (rest.empty() || rest == ".") return letter + trimmed_with;  // "J" or "J."
    if (part.back() == '.') return std::string(part.substr(0, part.size() - 1)) + trimmed_with;  // "Ch."
    was_initial = false;
    if (!unicode::is_upper(cp)) return std::string(part);  // "de"
    was_initial = all;
    // (two capitals before small letters are one initial, as in Mongolian names: "TSerendorjiin"
    // is "Ts.")
    std::size_t q = 0;
    const char32_t second = rest.empty() ? 0 : unicode::decode_utf8(rest, q);
    std::size_t r = q;
    const char32_t third = q < rest.size() ? unicode::decode_utf8(rest, r) : 0;
    if (all && second && unicode::is_upper(second) && third && unicode::to_upper(third) != third)
      unicode::append_utf8(letter, unicode::to_lower(second));
    return all ? letter + trimmed_with : std::string(part);
  };
  std::size_t i = 0;
  while (i < given.size()) {
    while (i < given.size() && given[i] == ' ') ++i;
    std::size_t j = i;
    while (j < given.size() && given[j] != ' ') ++j;
    std::string_view word = given.substr(i, j - i);
    i = j;
    if (word.empty()) continue;
    // "W.A." is two initials
    std::vector<std::string_view> pieces;
    std::size_t k = 0;
    while (k < word.size()) {
      std::size_t dot = word.find('.', k);
      std::size_t hy = word.find('-', k);
      std::size_t cut = std::min(dot == std::string_view::npos ? word.size() : dot + 1, hy == std::string_view::npos ? word.size() : hy);
      pieces.push_back(word.substr(k, cut - k));
      if (cut < word.size() && word[cut] == '-') {
        pieces.push_back("-");
        ++cut;
      }
      k = cut;
    }
    for (std::size_t n = 0; n < pieces.size(); ++n) {
      const std::string_view piece = pieces[n];
      if (piece == "-" && all && n + 1 < pieces.size() && !pieces[n + 1].empty()) {
        // "Wen-tau" -> "W.": a lower-case part after a hyphen goes with it
        std::size_t q = 0;
        const char32_t next = unicode::decode_utf8(pieces[n + 1], q);
        if (!unicode::is_upper(next)) {
          ++n;
          continue;
        }
      }
      if (piece == "-") {
        // Without initialize-with-hyphen the parts are initials like any other: "Chih-Yun" is
        // "C. Y." with ". " and "CY" with "" (AMA, Vancouver), as citeproc-js writes them.
        if (!hyphen) {
          if (!was_initial && !out.empty() && out.back() != ' ') out += ' ';
          continue;
        }
        while (!out.empty() && out.back() == ' ') out.pop_back();
        out += '-';
        continue;
      }
      if (piece.empty()) continue;
      // Markup around a name ("<b>John</b>") stays around its initial ("<b>J.</b>").
      std::string_view core = piece;
      std::string_view lead, trail;
      while (!core.empty() && core.front() == '<' && core.find('>') != std::string_view::npos && core.find('>') + 1 < core.size()) {
        lead = piece.substr(0, piece.size() - core.size() + core.find('>') + 1);
        core.remove_prefix(core.find('>') + 1);
      }
      while (core.size() > 1 && core.back() == '>' && core.rfind("</") != std::string_view::npos && core.rfind("</") > 0) {
        core = core.substr(0, core.rfind("</"));
        trail = piece.substr(lead.size() + core.size());
      }
      const std::string formatted = one(core);
      // (a word kept whole after initials joined without spaces stands apart: "J.B. de C.M.")
      if (!was_initial && !out.empty() && out.back() != ' ' && out.back() != '-') out += ' ';
      out += lead;
      out += formatted;
      if (was_initial) {
        out.erase(out.size() - trimmed_with.size());
        out += trimmed_with;
        out += trail;
        out += with.substr(trimmed_with.size());
      } else {
        out += trail;
        out += ' ';
      }
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

struct NameOpts {
  std::string_view and_;
  std::string_view delimiter;
  std::string_view delimiter_precedes_et_al;
  std::string_view delimiter_precedes_last;
  int et_al_min = 0, et_al_use_first = -1;  // (-1: no et-al-use-first; 0 shows no names at all)
  bool et_al_use_last = false;
  std::string_view form;
  bool initialize = true;
  bool has_initialize_with = false;
  std::string_view initialize_with;
  std::string_view name_as_sort_order;
  std::string_view sort_separator;
};

int to_int(std::string_view s) { return s.empty() ? 0 : std::atoi(std::string(s).c_str()); }

NameOpts name_opts(const Ctx& c, const xml::Element* name) {
  NameOpts o;
  o.and_ = name_option(c, name, "and");
  o.delimiter = name_option(c, name, "delimiter", "name-delimiter");
  if (!name || !name->attribute("delimiter")) {
    if (const std::string* v = c.mode.attribute("name-delimiter")) o.delimiter = *v;
    else if (const std::string* v2 = c.e.style.attribute("name-delimiter")) o.delimiter = *v2;
    else o.delimiter = ", ";
  }
  o.delimiter_precedes_et_al = name_option(c, name, "delimiter-precedes-et-al");
  o.delimiter_precedes_last = name_option(c, name, "delimiter-precedes-last");
  const bool subsequent = !c.state.position.empty() && c.state.position != "first";
  o.et_al_min = to_int(name_option(c, name, "et-al-min"));
  if (auto v = name_option(c, name, "et-al-use-first"); !v.empty()) o.et_al_use_first = to_int(v);
  if (subsequent) {
    if (auto v = name_option(c, name, "et-al-subsequent-min"); !v.empty()) o.et_al_min = to_int(v);
    if (auto v = name_option(c, name, "et-al-subsequent-use-first"); !v.empty()) o.et_al_use_first = to_int(v);
  }
  o.et_al_use_last = name_option(c, name, "et-al-use-last") == "true";
  o.form = name_option(c, name, "form", "name-form");
  if (o.form.empty()) o.form = "long";
  o.initialize = name_option(c, name, "initialize") != "false";
  if (name && name->attribute("initialize-with")) {
    o.has_initialize_with = true;
    o.initialize_with = *name->attribute("initialize-with");
  } else if (const std::string* v = c.mode.attribute("initialize-with")) {
    o.has_initialize_with = true;
    o.initialize_with = *v;
  } else if (const std::string* v2 = c.e.style.attribute("initialize-with")) {
    o.has_initialize_with = true;
    o.initialize_with = *v2;
  }
  o.name_as_sort_order = name_option(c, name, "name-as-sort-order");
  o.sort_separator = name_option(c, name, "sort-separator");
  if (!name || !name->attribute("sort-separator")) {
    if (!c.mode.attribute("sort-separator") && !c.e.style.attribute("sort-separator")) o.sort_separator = ", ";
  }
  if (c.sorting) {
    o.name_as_sort_order = "all";
    if (c.sort_names_min) o.et_al_min = c.sort_names_min;
    if (c.sort_names_use_first) o.et_al_use_first = c.sort_names_use_first;
    if (c.sort_names_use_last >= 0) o.et_al_use_last = c.sort_names_use_last == 1;
  }
  return o;
}

// Whether a character is of the scripts citeproc-js calls "romanesque" (its ROMANESQUE_REGEXP:
// Latin, Greek, Cyrillic, Hebrew, Arabic, Thai and a few marks).
bool is_romanesque(char32_t ch, bool digits_and_hyphen) {
  if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) return true;
  if (digits_and_hyphen && ((ch >= '0' && ch <= '9') || ch == '-')) return true;
  return (ch >= 0x0E01 && ch <= 0x0E5B) || (ch >= 0x00C0 && ch <= 0x017F) || (ch >= 0x0370 && ch <= 0x03FF) ||
         (ch >= 0x0400 && ch <= 0x052F) || (ch >= 0x0590 && ch <= 0x05D4) || (ch >= 0x05D6 && ch <= 0x05FF) ||
         (ch >= 0x1F00 && ch <= 0x1FFF) || (ch >= 0x0600 && ch <= 0x06FF) || ch == 0x200C || ch == 0x200D || ch == 0x200E ||
         (ch >= 0x0218 && ch <= 0x021B) || (ch >= 0x202A && ch <= 0x202E);
}

// A name's script as citeproc-js orders it: 2, romanesque (given and family as the style
// says); 0, a family name with no romanesque letter (趙振江: family and given joined, never
// inverted or initialised); 1, such a family name with a romanesque given name (family first).
int romanesque(const Name& n) {
  bool any = false;
  for (std::size_t i = 0; i < n.family.size() && !any;) any = is_romanesque(unicode::decode_utf8(n.family, i), true);
  if (any) return 2;
  std::size_t i = 0;
  const bool given_latin = !n.given.empty() && (n.given[0] == '&' || is_romanesque(unicode::decode_utf8(n.given, i), false));
  return given_latin ? 1 : 0;
}

// One name as an output tree, with the name-part formatting of <name-part> children.
Out render_name(const Name& n, const NameOpts& o, bool inverted, const xml::Element* name_el, Ctx& c, int givenname_level) {
  const xml::Element* given_part = nullptr;
  const xml::Element* family_part = nullptr;
  if (name_el)
    for (const xml::Element& p : name_el->children) {
      if (p.name != "name-part") continue;
      if (p.attribute_or("name", "") == "given") given_part = &p;
      else if (p.attribute_or("name", "") == "family") family_part = &p;
    }
  if (n.is_literal()) {
    Out f = rich(n.literal.empty() ? n.family : n.literal);
    return family_part ? decorate(std::move(f), *family_part, c) : f;
  }
  const bool demote_display = c.e.demote_non_dropping_particle == "display-and-sort";
  const bool short_form = (o.form == "short" && givenname_level == 0) && !c.sorting;
  // ("static-ordering": the item says family first, as citeproc-js reads it.)
  if (const int script = c.sorting || n.family.empty() ? 2 : n.static_ordering ? std::min(1, romanesque(n)) : romanesque(n); script < 2) {
    Out family_out = rich(n.non_dropping_particle.empty() ? n.family : n.non_dropping_particle + " " + n.family);
    if (family_part) family_out = decorate(std::move(family_out), *family_part, c);
    if (short_form || n.given.empty()) return family_out;
    // (a romanesque given name is initialised as the style says: ". JF" of a family name ".")
    const bool initials = script == 1 && o.has_initialize_with && givenname_level < 2;
    Out given_out = rich(initials ? initialize(n.given, o.initialize_with, o.initialize, c.e.initialize_with_hyphen) : n.given);
    if (given_part) given_out = decorate(std::move(given_out), *given_part, c);
    Out out;
    out.kids.push_back(std::move(family_out));
    if (script == 1) out.kids.push_back(leaf(" "));
    out.kids.push_back(std::move(given_out));
    return out;
  }
  std::string given = n.given;
  // (a given name alone, with no family name, is the whole name: "Banksy")
  bool do_initials = o.has_initialize_with && givenname_level < 2 && !n.family.empty();
  if (givenname_level == 1 && !o.has_initialize_with) {
    // (disambiguation: initials of a short name)
  }
  if (do_initials) given = initialize(given, o.initialize_with, o.initialize, c.e.initialize_with_hyphen);
  const bool short_form_key = o.form == "short" && givenname_level == 0;
  if (c.sorting) {
    // A sort key as citeproc-js writes it: family then given, the particles before the family
    // name only when the style never demotes them (spaces separate the parts of the key).
    std::string key;
    if (short_form_key) {
      // (the short form: the family name alone, the particle before it when never demoted)
      if (c.e.demote_non_dropping_particle == "never") append_part(key, n.non_dropping_particle);
      if (!key.empty() && key.back() != ' ') key += ' ';
      key += n.family;
      if (c.e.demote_non_dropping_particle != "never") append_part(key, n.non_dropping_particle);
      return rich(key);
    }
    if (c.e.demote_non_dropping_particle == "never") {
      append_part(key, n.non_dropping_particle);
      if (!key.empty() && key.back() != ' ') key += ' ';
      key += n.family;
      append_part(key, n.dropping_particle);
      append_part(key, given);
    } else {
      key = n.family;
      append_part(key, given);
      append_part(key, n.dropping_particle);
      append_part(key, n.non_dropping_particle);
    }
    append_part(key, n.suffix);
    return rich(key);
  }
  // A name part with its particles: each in the name-part's formatting, its affixes around them
  // all, as citeproc-js writes them ("<b>van</b> <b>Roe</b>", "<i>Givenname</i> <i>al</i>").
  auto styled = [&](const xml::Element* part, std::vector<std::string> pieces) -> Out {
    pieces.erase(std::remove(pieces.begin(), pieces.end(), std::string()), pieces.end());
    if (!part || pieces.size() < 2) {
      std::string joined;
      for (const std::string& p : pieces) {
        if (!joined.empty() && !particle_joins(joined)) joined += ' ';
        joined += p;
      }
      Out whole = rich(joined);
      return part ? decorate(std::move(whole), *part, c) : whole;
    }
    Out inner;
    const std::string* tc = part->attribute("text-case");
    const Formatting f = Formatting::of(*part);
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (i > 0 && !particle_joins(pieces[i - 1])) inner.kids.push_back(leaf(" "));
      Out piece = rich(pieces[i]);
      if (tc) apply_text_case(piece, *tc, english(c.item, c.e.locale));
      if (f.any()) {
        Out w;
        w.kids.push_back(std::move(piece));
        w.fmt = f;
        piece = std::move(w);
      }
      inner.kids.push_back(std::move(piece));
    }
    inner.prefix = part->attribute_or("prefix", "");
    inner.suffix = part->attribute_or("suffix", "");
    return inner;
  };
  // family with its non-dropping particle, given with its dropping particle
  Out family_out;
  {
    std::string particle;
    if (!n.non_dropping_particle.empty() && !(inverted && demote_display)) particle = n.non_dropping_particle;
    // (a particle that joins the name, "d'", stays one piece with it)
    if (!particle.empty() && particle_joins(particle) && particle.back() != ' ') family_out = styled(family_part, {particle + n.family});
    else family_out = styled(family_part, {particle, n.family});
  }
  if (short_form) return family_out;
  std::string given_text = given;
  std::string trailing_particles;  // inverted: "given dropping [non-dropping]"
  if (!inverted) {
    std::string g = given;
    if (!n.dropping_particle.empty()) append_part(g, n.dropping_particle);
    given_text = g;
  } else {
    // (citeproc-js: the particles after an inverted name go inside the given name's affixes)
    trailing_particles = n.dropping_particle;
    if (demote_display && !n.non_dropping_particle.empty()) append_part(trailing_particles, n.non_dropping_particle);
    while (!trailing_particles.empty() && trailing_particles.back() == ' ') trailing_particles.pop_back();
    if (!given_text.empty() && !trailing_particles.empty()) {
      append_part(given_text, trailing_particles);
      trailing_particles.clear();
    }
  }
  Out given_out;
  if (!given_text.empty()) {
    std::string particles = inverted ? n.dropping_particle : std::string();
    if (inverted && demote_display && !n.non_dropping_particle.empty()) append_part(particles, n.non_dropping_particle);
    while (!particles.empty() && particles.back() == ' ') particles.pop_back();
    if (!inverted && !n.dropping_particle.empty()) particles = n.dropping_particle;
    if (given_part && !given.empty() && !particles.empty() && given_text.size() > given.size() &&
        given_text.compare(0, given.size(), given) == 0)
      given_out = styled(given_part, {given, given_text.substr(given.size() + (given_text[given.size()] == ' ' ? 1 : 0))});
    else
      given_out = styled(given_part, {given_text});
  }
  Out out;
  if (!inverted) {
    if (!given_out.empty()) {
      out.kids.push_back(std::move(given_out));
      const bool joins = particle_joins(n.dropping_particle) && !n.dropping_particle.empty() && n.non_dropping_particle.empty();
      if (!joins) out.kids.push_back(leaf(" "));
    }
    out.kids.push_back(std::move(family_out));
    if (!n.suffix.empty()) {
      out.kids.push_back(leaf(n.comma_suffix ? ", " : " "));
      out.kids.push_back(rich(n.suffix));
    }
  } else {
    const bool family_shown = !family_out.empty();
    out.kids.push_back(std::move(family_out));
    std::string rest;
    if (!given_out.empty() || !trailing_particles.empty()) {
      // (a given name alone, without a family name, takes no separator before it)
      if (family_shown) out.kids.push_back(leaf(std::string(o.sort_separator)));
      if (!given_out.empty()) out.kids.push_back(std::move(given_out));
      if (!trailing_particles.empty()) out.kids.push_back(leaf((given_text.empty() ? "" : " ") + trailing_particles));
    }
    if (!n.suffix.empty()) {
      out.kids.push_back(leaf(std::string(o.sort_separator)));
      out.kids.push_back(rich(n.suffix));
    }
  }
  return out;
}

// A list of names joined as the style says ("A, B, and C", "A et al.").
Out render_name_list(const std::vector<Name>& names, const xml::Element* name_el, const xml::Element* et_al_el, Ctx& c) {
  NameOpts o = name_opts(c, name_el);
  const std::size_t n = names.size();
  std::size_t shown = n;
  bool et_al = false;
  if (o.et_al_min > 0 && o.et_al_use_first >= 0 && static_cast<int>(n) >= o.et_al_min) {
    shown = static_cast<std::size_t>(o.et_al_use_first) + static_cast<std::size_t>(c.state.add_names);
    if (shown == 0) return Out();  // (et-al-use-first="0": the list is left out, "et al." too)
    if (shown < n) et_al = true;
    else shown = n;
  }
  if (o.form == "count") {
    return leaf(std::to_string(shown));
  }
  std::vector<Out> parts;
  for (std::size_t i = 0; i < shown; ++i) {
    const bool inverted = o.name_as_sort_order == "all" || (o.name_as_sort_order == "first" && i == 0);
    int level = c.state.givenname_level;
    if (!c.sorting && (c.state.shown_names || !c.state.given_levels.empty())) {
      const std::string key = person_key(names[i]);
      if (const auto it = c.state.given_levels.find(key); it != c.state.given_levels.end()) level = std::max(level, it->second);
      if (c.state.shown_names) c.state.shown_names->push_back(key);
    }
    Out one = render_name(names[i], o, inverted, name_el, c, level);
    if (c.capturing_names) c.first_names_list.push_back(one.plain());
    if (c.names_to_substitute > 0) {
      --c.names_to_substitute;
      one = leaf(c.state.author_substitute);
    }
    if (name_el) {
      // the name element's formatting applies to each name
      Formatting f = Formatting::of(*name_el);
      if (f.any()) {
        Out w;
        w.kids.push_back(std::move(one));
        w.fmt = f;
        one = std::move(w);
      }
    }
    if (names[i].owner && !c.sorting) {  // (the owner's name, marked for the page's stylesheet)
      Out w;
      w.kids.push_back(std::move(one));
      w.css_class = "ps-owner";
      one = std::move(w);
    }
    parts.push_back(std::move(one));
  }
  auto inverted_at = [&](std::size_t i) { return o.name_as_sort_order == "all" || (o.name_as_sort_order == "first" && i == 0); };
  std::string and_word;
  if (o.and_ == "text") and_word = c.e.locale.text("and");
  else if (o.and_ == "symbol") and_word = "&";
  Out list;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) {
      const bool last = i + 1 == parts.size() && !et_al;
      if (last && !and_word.empty()) {
        bool delim = false;
        const std::string_view dpl = o.delimiter_precedes_last.empty() ? "contextual" : o.delimiter_precedes_last;
        if (dpl == "always") delim = true;
        else if (dpl == "never") delim = false;
        else if (dpl == "after-inverted-name") delim = inverted_at(i - 1);
        else delim = parts.size() >= 3;
        // (citeproc-js: two names of which the second is an organisation take no delimiter)
        if (parts.size() == 2 && names[i].is_literal()) delim = false;
        list.kids.push_back(leaf(delim ? std::string(o.delimiter) + and_word + " " : " " + and_word + " "));
      } else {
        list.kids.push_back(leaf(std::string(o.delimiter)));
      }
    }
    list.kids.push_back(std::move(parts[i]));
  }
  if (et_al) {
    if (o.et_al_use_last && shown + 1 < n) {
      const bool inverted = o.name_as_sort_order == "all";
      list.kids.push_back(leaf(std::string(o.delimiter) + "\xE2\x80\xA6 "));
      list.kids.push_back(render_name(names.back(), o, inverted, name_el, c, c.state.givenname_level));
    } else if (!c.sorting) {  // (sort keys leave "et al." out)
      std::string term = "et-al";
      if (et_al_el) term = std::string(et_al_el->attribute_or("term", "et-al"));
      Out et = leaf(c.e.locale.text(term));
      if (!et.empty()) {
        if (et_al_el) et = decorate(std::move(et), *et_al_el, c);
        bool delim = false;
        const std::string_view dpe = o.delimiter_precedes_et_al.empty() ? "contextual" : o.delimiter_precedes_et_al;
        if (dpe == "always") delim = true;
        else if (dpe == "never") delim = false;
        else if (dpe == "after-inverted-name") delim = inverted_at(shown - 1);
        else delim = shown >= 2;
        // (no space before a term that does not start with a romanesque letter: "Zither等")
        std::size_t at = 0;
        const std::string& term_text = et.kids.empty() ? et.text : et.plain();
        const bool spaced = !term_text.empty() && is_romanesque(unicode::decode_utf8(term_text, at), false);
        list.kids.push_back(leaf(delim ? std::string(o.delimiter) : spaced ? std::string(" ") : std::string()));
        list.kids.push_back(std::move(et));
      }
    }
  }
  return list;
}

Out render_names(const xml::Element& el, Ctx& c) {
  // A <names> in <substitute> without children borrows the original's name, et-al and label.
  const xml::Element* opts_from = &el;
  if (c.inherit_names && el.children.empty()) opts_from = c.inherit_names;
  const xml::Element* name_el = opts_from->child("name");
  const xml::Element* et_al_el = opts_from->child("et-al");
  const xml::Element* label_el = opts_from->child("label");
  bool label_first = false;
  for (const xml::Element& k : opts_from->children) {
    if (k.name == "label") {
      label_first = true;
      break;
    }
    if (k.name == "name") break;
  }
  const std::vector<std::string_view> vars = split_spaces(el.attribute_or("variable", ""));
  const bool first_names = !c.names_done;
  const bool suppress = first_names && c.state.suppress_author;
  struct List {
    std::string var;
    std::vector<Name> names;
  };
  std::vector<List> lists;
  for (std::string_view v : vars) {
    ++c.called;
    if (c.substituted.count(v)) continue;
    std::vector<Name> ns = c.item.names(v);
    if (!ns.empty()) lists.push_back({std::string(v), std::move(ns)});
  }
  // editor and translator the same people: one list, "editortranslator"
  if (lists.size() >= 2) {
    auto same = [](const std::vector<Name>& a, const std::vector<Name>& b) {
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].family != b[i].family || a[i].given != b[i].given || a[i].literal != b[i].literal) return false;
      return true;
    };
    for (std::size_t i = 0; i + 1 < lists.size(); ++i)
      if ((lists[i].var == "editor" && lists[i + 1].var == "translator") || (lists[i].var == "translator" && lists[i + 1].var == "editor"))
        if (same(lists[i].names, lists[i + 1].names)) {
          lists[i].var = "editortranslator";
          lists.erase(lists.begin() + static_cast<long>(i) + 1);
        }
  }
  if (lists.empty()) {
    const xml::Element* substitute = el.child("substitute");
    if (!substitute) return Out();
    const xml::Element* saved = c.inherit_names;
    c.inherit_names = &el;
    Out result;
    for (const xml::Element& k : substitute->children) {
      const int rendered = c.rendered, called = c.called;
      const std::size_t vars_before = c.rendered_vars.size();
      Out o = render_element(k, c);
      // (a term or a value of its own is a substitute too, and counts as shown; the substitution
      // ends at it even when it is empty, as citeproc-js has it)
      if (c.called == called && k.name == "text" && (k.attribute("term") || k.attribute("value"))) {
        if (o.empty()) break;
        if (c.rendered == rendered) ++c.rendered;
      }
      if (!o.empty() && c.rendered > rendered) {
        // the variables it showed are empty from now on
        for (std::size_t v = vars_before; v < c.rendered_vars.size(); ++v) c.substituted.insert(c.rendered_vars[v]);
        result = std::move(o);
        break;
      }
    }
    c.inherit_names = saved;
    if (result.empty()) return Out();
    // (a names element in the substitute was the first names itself; a text stands for them)
    const bool by_text = first_names && !c.names_done;
    c.names_done = true;
    if (by_text && c.want_first_names && !c.have_first_names) {
      c.first_names_list.push_back(result.plain());
      c.first_names_text = result.plain();
      c.have_first_names = true;
    }
    if (by_text && c.state.substitute_names != 0) result = decorate(leaf(c.state.author_substitute), el, c, false);
    if (suppress) return Out();
    return result;
  }
  ++c.rendered;
  for (const List& l : lists) c.rendered_vars.push_back(l.var == "editortranslator" ? "editor" : l.var);
  if (lists.size() == 1 && lists[0].var == "editortranslator") c.rendered_vars.push_back("translator");
  if (c.inherit_names)
    for (const List& l : lists) {
      if (l.var == "editortranslator") {
        c.substituted.insert("editor");
        c.substituted.insert("translator");
      } else {
        c.substituted.insert(l.var);
      }
    }
  // complete-all: the substitute stands for all the names (a label stays)
  const bool substitute_all = first_names && c.state.substitute_names < 0;
  const NameOpts top = name_opts(c, name_el);
  if (top.form == "count") {
    std::size_t total = 0;
    for (const List& l : lists) {
      std::size_t n = l.names.size();
      if (top.et_al_min > 0 && top.et_al_use_first >= 0 && static_cast<int>(n) >= top.et_al_min)
        n = std::min(n, static_cast<std::size_t>(top.et_al_use_first + c.state.add_names));
      total += n;
    }
    c.names_done = true;
    return decorate(leaf(std::to_string(total)), el, c, false);
  }
  std::vector<Out> outs;
  const bool capture = first_names && c.want_first_names && !c.have_first_names;
  c.capturing_names = capture;
  if (first_names && c.state.substitute_names > 0) c.names_to_substitute = c.state.substitute_names;
  for (const List& l : lists) {
    Out names = render_name_list(l.names, name_el, et_al_el, c);
    if (substitute_all) {
      if (&l != &lists.front()) continue;
      names = leaf(c.state.author_substitute);
    }
    if (name_el && !names.empty()) {
      // (the name element's formatting went on each name; its affixes go around the list)
      Out w;
      w.kids.push_back(std::move(names));
      w.prefix = name_el->attribute_or("prefix", "");
      w.suffix = name_el->attribute_or("suffix", "");
      names = std::move(w);
    }
    if (label_el && !c.sorting) {  // (sort keys leave labels out)
      std::string content = l.names.size() > 1 ? "1-2" : "1";
      Out label = render_label(*label_el, c, l.var, content);
      Out both;
      if (label_first) {
        both.kids.push_back(std::move(label));
        both.kids.push_back(std::move(names));
      } else {
        both.kids.push_back(std::move(names));
        both.kids.push_back(std::move(label));
      }
      names = std::move(both);
    }
    outs.push_back(std::move(names));
  }
  std::string delimiter(el.attribute_or("delimiter", ""));
  if (!el.attribute("delimiter")) {
    if (const std::string* v = c.mode.attribute("names-delimiter")) delimiter = *v;
    else if (const std::string* v2 = c.e.style.attribute("names-delimiter")) delimiter = *v2;
  }
  Out result = decorate(join(std::move(outs), delimiter), el, c, false);
  c.names_done = true;
  c.capturing_names = false;
  c.names_to_substitute = 0;
  if (capture) {
    c.have_first_names = true;
    c.first_names_text = result.plain();
  }
  if (suppress) return Out();
  return result;
}

// ---- Dates ------------------------------------------------------------------------------------

struct PartSpec {
  const xml::Element* el;                 // the date-part (locale's or style's)
  const xml::Element* override_el = nullptr;  // the style's date-part of the same name in a localized date
  std::string name;
};

std::string_view part_attr(const PartSpec& p, std::string_view attr, std::string_view fallback) {
  if (p.override_el)
    if (const std::string* v = p.override_el->attribute(attr)) return *v;
  return p.el->attribute_or(attr, fallback);
}

Out render_date_part(const PartSpec& p, const DatePart& d, Ctx& c, bool drop_prefix, bool drop_suffix) {
  std::string text;
  const std::string_view form = part_attr(p, "form", p.name == "year" ? "long" : p.name == "month" ? "long" : "numeric");
  if (p.name == "year") {
    if (d.year == 0) return Out();
    long y = d.year;
    // (Eras as citeproc-js writes them: "AD" only below the year 500, a word of its own after a
    // year alone ("250 BC"), joined to one with a month ("44BC-3-15").)
    const std::string era_space = d.month ? "" : " ";
    if (y < 0) text = std::to_string(-y) + era_space + c.e.locale.text("bc");
    else if (y < 500) text = std::to_string(y) + era_space + c.e.locale.text("ad");
    else text = form == "short" ? std::to_string(y % 100 < 10 ? 0 : y % 100 / 10) + std::to_string(y % 10) : std::to_string(y);
    // The year suffix ("2006a") goes after the first year of the issued date, when the style
    // does not place the year-suffix variable itself.
    if (!c.state.year_suffix.empty() && !c.e.explicit_year_suffix && !c.year_suffix_done && c.date_var == "issued") {
      text += c.state.year_suffix;
      c.year_suffix_done = true;
    }
  } else if (p.name == "month") {
    if (d.month == 0 && d.season == 0) return Out();
    if (d.month == 0) {
      text = c.e.locale.text("season-0" + std::to_string(d.season));
    } else if (form == "numeric") {
      text = std::to_string(d.month);
    } else if (form == "numeric-leading-zeros") {
      text = (d.month < 10 ? "0" : "") + std::to_string(d.month);
    } else {
      const std::string key = std::string("month-") + (d.month < 10 ? "0" : "") + std::to_string(d.month);
      text = c.e.locale.text(key, form == "short" ? TermForm::Short : TermForm::Long);
    }
  } else if (p.name == "day") {
    if (d.day == 0 || d.month == 0) return Out();
    if (form == "numeric-leading-zeros") text = (d.day < 10 ? "0" : "") + std::to_string(d.day);
    else if (form == "ordinal" && (!c.e.locale.limit_day_ordinals_to_day_1 || d.day == 1))
      text = std::to_string(d.day) + c.e.locale.ordinal(d.day, gender_of(c, "month-" + std::string(d.month < 10 ? "0" : "") + std::to_string(d.month)));
    else text = std::to_string(d.day);
  }
  Out o = leaf(text);
  if (p.name == "month" && part_attr(p, "strip-periods", "false") == "true") strip_periods(o, true);
  if (auto tc = part_attr(p, "text-case", ""); !tc.empty()) apply_text_case(o, tc, english(c.item, c.e.locale));
  Formatting f = Formatting::of(*p.el);
  if (p.override_el) {
    const Formatting g = Formatting::of(*p.override_el);
    if (!g.font_style.empty()) f.font_style = g.font_style;
    if (!g.font_variant.empty()) f.font_variant = g.font_variant;
    if (!g.font_weight.empty()) f.font_weight = g.font_weight;
    if (!g.text_decoration.empty()) f.text_decoration = g.text_decoration;
    if (!g.vertical_align.empty()) f.vertical_align = g.vertical_align;
  }
  if (f.any()) {
    Out w;
    w.kids.push_back(std::move(o));
    w.fmt = f;
    o = std::move(w);
  }
  Out w;
  w.kids.push_back(std::move(o));
  if (!drop_prefix) w.prefix = p.el->attribute_or("prefix", "");
  if (!drop_suffix) w.suffix = p.el->attribute_or("suffix", "");
  return w;
}

int rank(const std::string& name) { return name == "year" ? 3 : name == "month" ? 2 : 1; }

Out render_date(const xml::Element& el, Ctx& c) {
  const std::string var(el.attribute_or("variable", ""));
  ++c.called;
  if (c.substituted.count(var) || (c.state.looking && var == "accessed")) return Out();
  const DateValue d = c.item.date(var);
  if (d.empty()) return Out();
  ++c.rendered;
  c.rendered_vars.push_back(var);
  if (c.sorting) {
    // Only the parts the element shows count ("2002" of a book sorts before "2002-10-25"); a
    // key naming the variable itself takes them all.
    bool month = true, day = true;
    if (el.attribute("form")) {
      const std::string_view which = el.attribute_or("date-parts", "year-month-day");
      month = which != "year";
      day = which == "year-month-day";
    } else if (el.child("date-part")) {
      month = day = false;
      for (const xml::Element& p : el.children) {
        if (p.name != "date-part") continue;
        month = month || p.attribute_or("name", "") == "month";
        day = day || p.attribute_or("name", "") == "day";
      }
    }
    auto key = [&](const DatePart& p) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%05ld%02d%02d", p.year + 10000, !month ? 0 : p.month ? p.month : p.season ? 12 + p.season : 0,
                    day ? p.day : 0);
      return std::string(buf);
    };
    if (!d.literal.empty() && d.from.empty()) return leaf(d.literal);
    return leaf(key(d.from) + (d.range ? key(d.to) : std::string()));
  }
  if (!d.literal.empty() && d.from.year == 0) return decorate(rich(d.literal), el, c);
  c.date_var = var;
  std::vector<PartSpec> parts;
  std::string delimiter;
  const xml::Element* affix_source = &el;
  if (const std::string* form = el.attribute("form")) {
    const xml::Element* fmt = c.e.locale.date_format(*form);
    if (!fmt) return Out();
    // (the locale's parts, each looked for among the element's own: a style's locale may have many)
    if (!spend(c, static_cast<long long>(fmt->children.size() * (1 + el.children.size())))) return Out();
    const std::string_view which = el.attribute_or("date-parts", "year-month-day");
    for (const xml::Element& p : fmt->children) {
      if (p.name != "date-part") continue;
      const std::string name(p.attribute_or("name", ""));
      if (name == "day" && which != "year-month-day") continue;
      if (name == "month" && which == "year") continue;
      PartSpec spec{&p, nullptr, name};
      for (const xml::Element& o : el.children)
        if (o.name == "date-part" && o.attribute_or("name", "") == name) spec.override_el = &o;
      parts.push_back(spec);
    }
    delimiter = std::string(fmt->attribute_or("delimiter", ""));
  } else {
    for (const xml::Element& p : el.children)
      if (p.name == "date-part") parts.push_back({&p, nullptr, std::string(p.attribute_or("name", ""))});
    delimiter = std::string(el.attribute_or("delimiter", ""));
  }
  auto render_parts = [&](const DatePart& dp, std::size_t from, std::size_t to, bool drop_first_prefix, bool drop_last_suffix) {
    // (the affixes dropped at a range's dash are those of the parts shown: "Spring–Summer 1999"
    // of a season, whose day is empty)
    auto shown = [&](std::size_t i) {
      const std::string& n = parts[i].name;
      return n == "year" ? dp.year != 0 : n == "month" ? (dp.month != 0 || dp.season != 0) : (dp.day != 0 && dp.month != 0);
    };
    std::size_t first_shown = from, last_shown = to;
    while (first_shown + 1 < to && !shown(first_shown)) ++first_shown;
    while (last_shown > from + 1 && !shown(last_shown - 1)) --last_shown;
    std::vector<Out> outs;
    for (std::size_t i = from; i < to; ++i)
      outs.push_back(render_date_part(parts[i], dp, c, drop_first_prefix && i == first_shown, drop_last_suffix && i + 1 == last_shown));
    return join(std::move(outs), delimiter);
  };
  Out out;
  if (d.range && !d.to.empty()) {
    // the largest part that differs, and the run of parts at or below it
    int differ = 0;
    if (d.from.year != d.to.year) differ = 3;
    else if (d.from.month != d.to.month || d.from.season != d.to.season) differ = 2;
    else if (d.from.day != d.to.day) differ = 1;
    if (differ == 0) {
      out = render_parts(d.from, 0, parts.size(), false, false);
    } else {
      std::size_t first = parts.size(), last = 0;
      for (std::size_t i = 0; i < parts.size(); ++i)
        if (rank(parts[i].name) <= differ) {
          first = std::min(first, i);
          last = i + 1;
        }
      if (first >= last) {
        out = render_parts(d.from, 0, parts.size(), false, false);
      } else {
        std::string range_delim(kEnDash);
        for (const PartSpec& p : parts)
          if (rank(p.name) == differ) range_delim = std::string(part_attr(p, "range-delimiter", kEnDash));
        Out a = render_parts(d.from, first, last, false, true);
        Out b = render_parts(d.to, first, last, true, false);
        std::vector<Out> seq;
        if (first > 0) seq.push_back(render_parts(d.from, 0, first, false, false));
        Out mid;
        mid.kids.push_back(std::move(a));
        mid.kids.push_back(leaf(range_delim));
        mid.kids.push_back(std::move(b));
        seq.push_back(std::move(mid));
        if (last < parts.size()) seq.push_back(render_parts(d.from, last, parts.size(), false, false));
        out = join(std::move(seq), delimiter);
      }
    }
  } else {
    out = render_parts(d.from, 0, parts.size(), false, false);
    if (d.open && !out.empty()) {
      std::string range_delim(kEnDash);
      for (const PartSpec& p : parts)
        if (p.name == "year") range_delim = std::string(part_attr(p, "range-delimiter", kEnDash));
      Out with;
      with.kids.push_back(std::move(out));
      with.kids.push_back(leaf(range_delim));
      out = std::move(with);
    }
  }
  // (a date whose parts shown are all empty, a month of a date with a year alone, shows
  // nothing: the group around it goes, as for an empty variable)
  if (out.empty()) {
    --c.rendered;
    c.rendered_vars.pop_back();
    return Out();
  }
  return decorate(std::move(out), *affix_source, c);
}

// ---- Conditions -------------------------------------------------------------------------------

bool test_condition(const xml::Element& cond, Ctx& c) {
  const std::string_view match = cond.attribute_or("match", "all");
  int tests = 0, passed = 0;
  for (const auto& attribute : cond.attributes) {
    const std::string& attr = attribute.first;  // (lambdas cannot capture structured bindings in C++17)
    if (attr == "match") continue;
    for_each_word(attribute.second, [&](std::string_view v) {
      bool r = false;
      if (attr == "type") {
        r = c.item.type() == v;
      } else if (attr == "variable") {
        if (v == "locator") r = c.state.cite && !c.state.cite->locator.empty();
        else if (v == "citation-number") r = c.state.citation_number > 0;
        else if (v == "year-suffix") r = !c.state.year_suffix.empty();
        else r = !c.substituted.count(v) && c.item.has(v);
      } else if (attr == "is-numeric") {
        const std::string t = v == "locator" ? locator_text(c) : number_text(c, v);
        r = is_numeric(t);
      } else if (attr == "is-uncertain-date") {
        r = c.item.date(v).circa;
      } else if (attr == "locator") {
        std::string label = c.state.cite && !c.state.cite->locator.empty() ? (c.state.cite->label.empty() ? "page" : c.state.cite->label) : std::string();
        if (label == "sub verbo") label = "sub-verbo";
        r = !label.empty() && label == v;
      } else if (attr == "position") {
        const std::string& p = c.state.position;
        if (v == "first") r = p == "first";
        else if (v == "subsequent") r = p == "subsequent" || p == "ibid" || p == "ibid-with-locator";
        else if (v == "ibid") r = p == "ibid" || p == "ibid-with-locator";
        else if (v == "ibid-with-locator") r = p == "ibid-with-locator";
        else if (v == "near-note") r = c.state.near_note && !p.empty() && p != "first";
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
  const int called = c.called, rendered = c.rendered;
  const bool predecessor = c.predecessor;
  Out o = render_children(el, c, el.attribute_or("delimiter", ""));
  if (c.called > called && c.rendered == rendered) {
    c.predecessor = predecessor;  // (what it rendered is not shown)
    return Out();
  }
  // A group of terms alone that shows keeps the group around it (citeproc-js: IEEE's
  // "[Online]" beside an empty "Accessed" date).
  if (!o.empty() && c.rendered == rendered) ++c.rendered;
  return decorate(std::move(o), el, c, false);
}

Out render_element(const xml::Element& el, Ctx& c) {
  const auto kind = static_cast<ElementKind>(el.kind);
  if (c.state.author_only && c.names_done && kind != ElementKind::Group && kind != ElementKind::Choose) return Out();
  if (!spend(c, element_cost(el))) return Out();
  // What an element makes of the item itself (a variable's text, a names list as long as the
  // item's) is paid for once it is made; a group's, a choose's or a macro's pieces were paid
  // for as each was made.
  auto made = [&c](Out o) {
    spend(c, output_cost(o));
    if (!o.empty()) c.predecessor = true;
    return o;
  };
  switch (kind) {
    case ElementKind::Text:
      if (el.attribute("macro") && !el.attribute("variable")) return render_text(el, c);
      return made(render_text(el, c));
    case ElementKind::Names: return made(render_names(el, c));
    case ElementKind::Date: return made(render_date(el, c));
    case ElementKind::Number: return made(render_number(el, c));
    case ElementKind::Label: return made(render_label_element(el, c));
    case ElementKind::Group: return render_group(el, c);
    case ElementKind::Choose: return render_choose(el, c);
    case ElementKind::Other: break;
  }
  return Out();
}

}  // namespace

void mark_kinds(xml::Element& el) {
  static const std::pair<std::string_view, ElementKind> kKinds[] = {
      {"text", ElementKind::Text},   {"names", ElementKind::Names}, {"date", ElementKind::Date},
      {"number", ElementKind::Number}, {"label", ElementKind::Label}, {"group", ElementKind::Group},
      {"choose", ElementKind::Choose}};
  el.kind = static_cast<std::uint8_t>(ElementKind::Other);
  for (const auto& [name, kind] : kKinds)
    if (el.name == name) el.kind = static_cast<std::uint8_t>(kind);
  for (xml::Element& k : el.children) mark_kinds(k);
}

std::string person_key(const Name& n) {
  if (n.is_literal()) return n.literal.empty() ? n.family : n.literal;
  std::string key = n.non_dropping_particle;
  if (!key.empty()) key += ' ';
  key += n.family;
  key += '\x1f';
  key += n.given;
  return key;
}

bool is_numeric(std::string_view s) {
  // numbers with letters attached ("2a", "L3"), joined by - , & or "and"
  if (s.empty()) return false;
  bool digit_in_token = false;
  bool any = false;
  std::size_t i = 0;
  while (i < s.size()) {
    const char ch = s[i];
    if (ch >= '0' && ch <= '9') {
      digit_in_token = true;
      any = true;
      ++i;
    } else if (std::isalpha(static_cast<unsigned char>(ch))) {
      // letters are allowed only next to digits (a prefix or suffix of one or two letters)
      std::size_t j = i;
      while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]))) ++j;
      const bool near_digit = (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') || (j < s.size() && s[j] >= '0' && s[j] <= '9');
      if (!near_digit || j - i > 2) {
        if (s.substr(i, j - i) == "and" && digit_in_token) {
          i = j;
          digit_in_token = false;
          continue;
        }
        return false;
      }
      i = j;
    } else if (ch == '-' || ch == ',' || ch == '&' || ch == ' ') {
      if (ch != ' ') digit_in_token = false;
      ++i;
    } else if (s.substr(i, 3) == kEnDash) {
      digit_in_token = false;
      i += 3;
    } else {
      return false;
    }
  }
  return any;
}

Out Engine::render(const xml::Element& mode, const Item& item, RenderState& state, std::vector<std::string>* first_names,
                   std::string* first_names_text) const {
  const xml::Element* layout = mode.child("layout");
  if (!layout) return Out();
  Ctx c(*this, item, state, mode);
  c.predecessor = !state.term_first;
  c.want_first_names = first_names != nullptr || first_names_text != nullptr;
  std::vector<Out> kids;
  for (const xml::Element& k : layout->children) kids.push_back(render_element(k, c));
  if (first_names) *first_names = std::move(c.first_names_list);
  if (first_names_text) *first_names_text = std::move(c.first_names_text);
  return join(std::move(kids), "");
}

namespace {

// The most rendering `el` can cost at macro depth `depth`, every branch of every choose taken
// (at least what render_element, render_into and render_choose spend; the output left aside),
// capped at `cap`. `called[d]` holds each macro's cost at depth d, by macro_index.
long long expansion(const Engine& e, const xml::Element& el, int depth, const std::vector<std::vector<long long>>& called,
                    const std::map<const xml::Element*, std::size_t>& macro_index, long long cap) {
  long long n = std::min(element_cost(el), cap);
  for (const xml::Element& k : el.children) n = std::min(n + expansion(e, k, depth, called, macro_index, cap), cap);
  if (static_cast<ElementKind>(el.kind) == ElementKind::Text && depth <= kMaxMacroDepth)
    if (const std::string* m = el.attribute("macro"))
      if (auto it = e.macros.find(*m); it != e.macros.end()) n = std::min(n + called[depth + 1][macro_index.at(it->second)], cap);
  return n;
}

// The first <text macro> under `el` (in document order) whose macro costs more than `limit` at
// that depth, or nullptr.
const xml::Element* costly_call(const Engine& e, const xml::Element& el, int depth, const std::vector<std::vector<long long>>& called,
                                const std::map<const xml::Element*, std::size_t>& macro_index, long long limit) {
  if (static_cast<ElementKind>(el.kind) == ElementKind::Text && depth <= kMaxMacroDepth)
    if (const std::string* m = el.attribute("macro"))
      if (auto it = e.macros.find(*m); it != e.macros.end() && called[depth + 1][macro_index.at(it->second)] > limit) return it->second;
  for (const xml::Element& k : el.children)
    if (const xml::Element* found = costly_call(e, k, depth, called, macro_index, limit)) return found;
  return nullptr;
}

}  // namespace

std::string Engine::budget_problem() const {
  // Each macro's cost at each depth a rendering can reach it, deepest first (a macro at depth d
  // calls others at d + 1): linear in the style's length, however its macros call each other.
  std::map<const xml::Element*, std::size_t> macro_index;
  for (const auto& named : macros) macro_index.emplace(named.second, macro_index.size());
  const long long cap = kRenderBudget + 1;
  std::vector<std::vector<long long>> called(kMaxMacroDepth + 2, std::vector<long long>(macro_index.size(), 0));
  for (int depth = kMaxMacroDepth + 1; depth >= 0; --depth) {
    // A level the same as the one below it makes every level above it the same too: macros that
    // call no deeper than a few levels (every official style) are read a few times, not fifty.
    if (depth + 2 <= kMaxMacroDepth && called[depth + 1] == called[depth + 2]) {
      called[depth] = called[depth + 1];
      continue;
    }
    for (const auto& [macro, index] : macro_index) {
      long long n = 0;
      for (const xml::Element& k : macro->children) n = std::min(n + expansion(*this, k, depth, called, macro_index, cap), cap);
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
    if (const xml::Element* layout = mode->child("layout")) roots.push_back({layout, mode == citation ? "citation's layout" : "bibliography's layout", false});
    if (const xml::Element* sort = mode->child("sort"))
      for (const xml::Element& key : sort->children)
        if (const std::string* m = key.attribute("macro"))
          if (auto it = macros.find(*m); it != macros.end()) roots.push_back({it->second, "sort key", true});
  }
  for (const Root& root : roots) {
    long long n = 0;
    for (const xml::Element& k : root.el->children) n = std::min(n + expansion(*this, k, 0, called, macro_index, cap), cap);
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
    std::string what = culprit ? "macro \"" + excerpt(culprit->attribute_or("name", "")) + "\"" : std::string("the ") + root.what;
    return std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + what +
           " expands past what one rendering may take (" + std::to_string(kRenderBudget) +
           " steps; macros calling macros several times over): references are cut short there";
  }
  return {};
}

std::string Engine::sort_key(const xml::Element& key, const xml::Element& mode, const Item& item, RenderState& state) const {
  Ctx c(*this, item, state, mode);
  c.sorting = true;
  c.sort_names_min = to_int(key.attribute_or("names-min", ""));
  c.sort_names_use_first = to_int(key.attribute_or("names-use-first", ""));
  if (const std::string* last = key.attribute("names-use-last")) c.sort_names_use_last = *last == "true" ? 1 : 0;
  if (const std::string* var = key.attribute("variable")) {
    if (is_name_variable(*var)) {
      std::vector<Name> names = item.names(*var);
      if (names.empty()) return {};
      xml::Element fake;
      return render_name_list(names, nullptr, nullptr, c).plain();
    }
    if (is_date_variable(*var)) {
      xml::Element d;
      d.name = "date";
      d.attributes.emplace_back("variable", *var);
      return render_date(d, c).plain();
    }
    std::string v = *var == "citation-number" ? std::to_string(state.citation_number) : item.text(*var);
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
