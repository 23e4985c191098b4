// Rendering <number> and <label>, and page ranges ("12-18" to "12–18", shortened by the style's
// page-range-format): what reads a value as numbers.
#include <algorithm>
#include <cstdlib>

#include "csl/engine.hpp"

namespace papershelf::csl {

namespace {

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

}  // namespace

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

// One number with its letters ("2a", "L3", "12"): the numeric value, or -1.
long number_of(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && !(s[i] >= '0' && s[i] <= '9')) ++i;
  if (i == s.size()) return -1;
  long v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9' && v < 100000000) v = v * 10 + (s[i++] - '0');
  return v;
}

namespace {

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

}  // namespace

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

}  // namespace papershelf::csl
