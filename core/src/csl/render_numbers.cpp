// Rendering <number> and <label>, and page ranges ("12-18" to "12–18", shortened by the style's
// page-range-format): what reads a value as numbers.
#include <algorithm>
#include <cstdlib>

#include "csl/engine.hpp"

namespace papershelf::csl {

namespace {

std::string to_roman(long n) {
  if (n <= 0 || n >= 4000) return std::to_string(n);
  static const std::pair<int, const char*> kRoman[] = {
      {1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"}, {90, "xc"}, {50, "l"},
      {40, "xl"},  {10, "x"},   {9, "ix"},  {5, "v"},    {4, "iv"},  {1, "i"}};
  std::string out;
  for (const auto& [v, s] : kRoman)
    while (n >= v) {
      out += s;
      n -= v;
    }
  return out;
}

// The letters before a page's number, as citeproc-js reads them: "S" of "S12", "NM" of "NM5A",
// "S0" of "S05" (with the zeros after them), "123N" of "123N110"; "" for "12" or "12a".
std::string_view number_particle(std::string_view x) {
  std::size_t i = 0;
  while (i < x.size() && x[i] >= '0' && x[i] <= '9') ++i;
  const std::size_t digits = i;
  while (i < x.size() && std::isalpha(static_cast<unsigned char>(x[i]))) ++i;
  if (i == digits || i == x.size()) return {};
  while (i + 1 < x.size() && x[i] == '0' && x[i + 1] >= '0' && x[i + 1] <= '9') ++i;
  return x.substr(0, i);
}

std::string page_range(std::string_view from, std::string_view to, std::string_view format,
                       const std::string& delimiter) {
  // A shared letter prefix ("B421-B446", "N1-N10") is compared without it and not repeated
  // (but for the expanded format).
  std::size_t pre = number_particle(from).size();
  if (pre == 0 && !from.empty() && !(from[0] >= '0' && from[0] <= '9'))
    pre = from.size();  // (roman numerals)
  std::size_t pre_to = number_particle(to).size();
  if (pre_to == 0 && !to.empty() && !(to[0] >= '0' && to[0] <= '9')) pre_to = to.size();
  const std::string_view prefix = from.substr(0, pre);
  if (pre > 0 && pre < from.size() && pre_to < to.size() &&
      from.substr(0, pre) == to.substr(0, pre_to) && !format.empty()) {
    from.remove_prefix(pre);
    to.remove_prefix(pre_to);
  } else if (pre_to > 0 || pre > 0) {
    return std::string(prefix) + std::string(from.substr(pre)) + delimiter + std::string(to);
  }
  auto digits = [](std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  const std::string lead(pre > 0 && pre_to > 0 ? prefix : std::string_view());
  if (!digits(from) || !digits(to) || format.empty())
    return lead + std::string(from) + delimiter + std::string(to);
  std::string f(from), t(to);
  if (t.size() < f.size()) t = f.substr(0, f.size() - t.size()) + t;  // "321-8" is 321-328
  // An end that is no later than the start, even written in full, is no range to shorten or
  // lengthen ("2023-09", a month): as written, as citeproc-js leaves it.
  // (expanded, the end keeps the prefix too: "N110-N5" is "N110–N115")
  const std::string lead_to = format == "expanded" ? lead : std::string();
  if (t < f) return lead + std::string(from) + delimiter + lead_to + std::string(to);
  if (format == "expanded" || f == t)
    return lead + f + delimiter + lead_to + t;  // ("294-294" stays whole)
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
    if (format != "chicago-16" && f.size() == 4 && minimal(1).size() >= 3)
      return lead + f + delimiter + t;
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

namespace {

bool has_digit(std::string_view x) {
  return x.find_first_of("0123456789") != std::string_view::npos;
}

bool is_roman_letters(std::string_view x) {
  return !x.empty() && x.find_first_not_of("ivxlcmIVXLCM") == std::string_view::npos;
}

// Whether two words joined by a dash are the ends of one range: numbers with the same letters
// before them ("12-18", "S12-S18"), or roman numerals ("xix-xx"). Between anything else the dash
// is part of what is written: "NM5A-5", "EGU22-5361" and "LR-007" name one page each.
bool range_ends(std::string_view a, std::string_view b) {
  const bool numbers_a = has_digit(a), numbers_b = has_digit(b);
  if (numbers_a && numbers_b) return number_particle(a) == number_particle(b);
  return !numbers_a && !numbers_b && is_roman_letters(a) && is_roman_letters(b);
}

// How many bytes of hyphens and en dashes start at `i`.
std::size_t dash_run(std::string_view s, std::size_t i) {
  std::size_t j = i;
  while (j < s.size() && (s[j] == '-' || s.substr(j, 3) == kEnDash)) j += s[j] == '-' ? 1 : 3;
  return j - i;
}

// One piece of a page value (between a list's separators and label words): a chain of plain
// words of letters and digits joined by dashes. Its last two words are the range, as citeproc-js
// pairs them: "238102-1-238102-5" is page 238102-1 to 238102-5, written "238102-1-238102–5". A
// piece of anything else ("10:1-10:7", "1640-1647.e2", "38003 p1-38003 p6", an open "2016-") is
// left as written.
std::string format_chain(std::string_view piece, std::string_view format,
                         const std::string& delimiter) {
  const std::size_t begin = piece.find_first_not_of(' ');
  if (begin == std::string_view::npos) return std::string(piece);
  const std::size_t end = piece.find_last_not_of(' ') + 1;
  const std::string_view body = piece.substr(begin, end - begin);
  // (the words' starts and ends: the last two are the range)
  std::size_t words = 0, pos = 0, from = 0, from_end = 0, to = 0, to_end = 0;
  while (true) {
    std::size_t word_end = pos;
    while (word_end < body.size() && std::isalnum(static_cast<unsigned char>(body[word_end])))
      ++word_end;
    if (word_end == pos) return std::string(piece);
    ++words;
    from = to;
    from_end = to_end;
    to = pos;
    to_end = word_end;
    if (word_end == body.size()) break;
    std::size_t j = word_end;
    while (j < body.size() && body[j] == ' ') ++j;
    const std::size_t dashes = dash_run(body, j);
    if (dashes == 0) return std::string(piece);
    j += dashes;
    while (j < body.size() && body[j] == ' ') ++j;
    pos = j;
  }
  if (words < 2) return std::string(piece);
  const std::string_view a = body.substr(from, from_end - from), b = body.substr(to, to_end - to);
  if (!range_ends(a, b)) {
    // (no range: a dash joins the words without the spaces around it, "N110 - 5" as "N110-5")
    std::string joined(piece.substr(0, begin));
    for (std::size_t k = 0; k < body.size(); ++k) {
      const std::size_t dashes = dash_run(body, k);
      if (dashes > 0) {
        while (!joined.empty() && joined.back() == ' ') joined.pop_back();
        joined += body.substr(k, dashes);
        k += dashes;
        while (k < body.size() && body[k] == ' ') ++k;
        --k;
      } else {
        joined += body[k];
      }
    }
    return joined + std::string(piece.substr(end));
  }
  return std::string(piece.substr(0, begin)) + std::string(body.substr(0, from)) +
         page_range(a, b, format, delimiter) + std::string(piece.substr(end));
}

// Where a word of one to four lower-case letters followed by a period or a space starts in
// `part`, a label as citeproc-js reads one inside a page value ("066705-1 bis 066705-12"), or npos.
std::size_t label_word(std::string_view part, std::size_t from, std::size_t& length) {
  for (std::size_t p = from; p < part.size(); ++p) {
    if (p > 0 && part[p - 1] != ' ') continue;
    std::size_t q = p;
    while (q < part.size() && q - p < 5 && part[q] >= 'a' && part[q] <= 'z') ++q;
    if (q == p || q - p > 4 || q == part.size() || (part[q] != '.' && part[q] != ' ')) continue;
    // (not a word that a dash joins: "iv - xii" is a range)
    std::size_t after = q + 1;
    while (after < part.size() && part[after] == ' ') ++after;
    std::size_t before = p;
    while (before > 0 && part[before - 1] == ' ') --before;
    if (dash_run(part, after) > 0 ||
        (before > 0 &&
         (part[before - 1] == '-' || (before >= 3 && part.substr(before - 3, 3) == kEnDash))))
      continue;
    length = after - p;
    return p;
  }
  return std::string_view::npos;
}

// "\-" is a hyphen that joins no range ("327\-30", page 327-30): written without the backslash.
std::string without_escapes(std::string s) {
  for (std::size_t p = s.find("\\-"); p != std::string::npos; p = s.find("\\-", p + 1))
    s.erase(p, 1);
  return s;
}

}  // namespace

namespace {

// The length of the character entity that starts at s[i] ("&lt;", "&#38;"), or 0: the XML
// reader's rule (xml::entity), which the processor applies to escaped field text.
std::size_t entity_at(std::string_view s, std::size_t i) {
  if (i >= s.size() || s[i] != '&') return 0;
  // (a name is short: no scan to a far ';' from each '&' of a long value)
  const std::size_t semicolon = s.substr(0, i + 34).find(';', i);
  if (semicolon == std::string_view::npos) return 0;
  return xml::entity(s.substr(i + 1, semicolon - i - 1)) ? semicolon + 1 - i : 0;
}

// An item's text is rich text, citeproc-js's markup: the data's own "&" comes as "&amp;" (as the
// core hands its records over, escaped). What reads a value as numbers reads the ampersand
// itself, so "12 &amp; 15" is the two pages 12 and 15, not "12 & amp; 15". (Any other entity is
// left as it is: "&amp;lt;" stays text.)
std::string ampersands_bare(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t entity = entity_at(s, i);
    const std::string_view text = s.substr(i, entity);
    if (entity && xml::entity(text.substr(1, text.size() - 2)) == U'&') {
      // ("&amp;lt;" is the text "&lt;": a bare "&" there would start an entity, so it is kept)
      const std::string bare_then = "&" + std::string(s.substr(i + entity, 32));
      out += entity_at(bare_then, 0) ? text : std::string_view("&");
      i += entity;
    } else {
      out += s[i++];
    }
  }
  return out;
}

}  // namespace

// Page ranges: "12-18" and "12--18" become "12–18" (the locale's page-range-delimiter: AMA's is
// "-"), shortened by the style's format.
std::string ampersand(const Ctx& c) {
  // (the locale's symbol for "and", unless it is only the word again: then "&")
  std::string symbol = c.e.locale.text("and", TermForm::Symbol);
  return symbol.empty() || symbol == c.e.locale.text("and") ? std::string("&") : symbol;
}

std::string format_pages(std::string_view rich_value, std::string_view format,
                         const std::string& delimiter, std::string_view ampersand) {
  const std::string bare = ampersands_bare(rich_value);
  const std::string_view s = bare;
  // citeproc-js formats the ranges of a value whose first word is a number as it reads one
  // ("12", "S12", "xii", "3.1"); after a word of letters ("pp 1-54", "A-B, 5-7") or letters and
  // a period run into the number ("pp.1-54") every dash stays as written. (A label with its
  // period and a space, "pp. 1-54", is no first word.)
  std::size_t first = s.find_first_not_of(' ');
  if (first == std::string_view::npos) return without_escapes(std::string(s));
  std::size_t label_length = 0;
  if (label_word(s, first, label_length) == first &&
      s.substr(first, label_length).find(". ") != std::string_view::npos)
    first += label_length;
  std::size_t first_end = first;
  while (first_end < s.size() && s[first_end] != ' ' && s[first_end] != ',' &&
         !(s[first_end] == '&' && !entity_at(s, first_end)) && dash_run(s, first_end) == 0)
    ++first_end;
  const std::string_view first_word = s.substr(first, first_end - first);
  std::size_t leading_letters = 0;
  while (leading_letters < first_word.size() &&
         std::isalpha(static_cast<unsigned char>(first_word[leading_letters])))
    ++leading_letters;
  const bool letters_alone =
      !first_word.empty() && leading_letters == first_word.size() && !is_roman_letters(first_word);
  const bool letters_and_period = leading_letters > 0 && leading_letters < first_word.size() &&
                                  first_word[leading_letters] == '.';
  if (letters_alone || letters_and_period) return without_escapes(std::string(s));
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    // one part of a list "1-3, 5-8"
    // (an "&" that starts an entity, "&lt;", is text)
    std::size_t end = s.find_first_of(",&", i);
    while (end != std::string_view::npos && entity_at(s, end))
      end = s.find_first_of(",&", end + entity_at(s, end));
    if (end == std::string_view::npos) end = s.size();
    const std::string_view part = s.substr(i, end - i);
    // (label words inside it divide it: each side its own chain)
    std::size_t at = 0;
    for (std::size_t length = 0, word;
         (word = label_word(part, at, length)) != std::string_view::npos; at = word + length) {
      out += format_chain(part.substr(at, word - at), format, delimiter);
      out += std::string(part.substr(word, length));
    }
    out += format_chain(part.substr(at), format, delimiter);
    if (end < s.size() && s[end] == '&') {
      // "&" between numbers is the locale's symbol for "and", spaced unless letters touch it on
      // both sides ("213 & 235", "A&B"), as citeproc-js writes it
      std::size_t next = end + 1;
      while (next < s.size() && s[next] == ' ') ++next;
      while (!out.empty() && out.back() == ' ') out.pop_back();
      const bool letters = !out.empty() && std::isalpha(static_cast<unsigned char>(out.back())) &&
                           next < s.size() && std::isalpha(static_cast<unsigned char>(s[next]));
      out += letters ? std::string(ampersand) : " " + std::string(ampersand) + " ";
      i = next;
      continue;
    }
    if (end < s.size()) out += s[end];
    i = end + 1;
  }
  return without_escapes(std::move(out));
}

std::string hyphens_joined(std::string_view value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '-') {
      while (!out.empty() && out.back() == ' ') out.pop_back();
      out += '-';
      while (i + 1 < value.size() && value[i + 1] == ' ') ++i;
    } else {
      out += value[i];
    }
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
  // ... and is one word: what follows it joins it to the next ("10:1-10:7", "3.1-3.7" or
  // "38003 p1-38003 p6" is one page, as citeproc-js counts them: not a number it can read).
  if (!first.empty() && first_end < s.size()) {
    std::size_t j = first_end;
    while (j < s.size() && s[j] == ' ') ++j;
    const bool joined =
        j == s.size() || s[j] == '-' || s[j] == ',' || s[j] == '&' || s[j] == ';' ||
        s.substr(j, 3) == kEnDash ||
        (j > first_end && (s.substr(j, 4) == "and " ||
                           (!and_term.empty() && s.substr(j, and_term.size()) == and_term)));
    if (!joined) return false;
  }
  if (numbered && first_end + 1 == s.size() && s.back() == '-')
    return true;  // ("Vols. 2019-", an open range)
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
  if (!and_term.empty() && and_term != "and" &&
      s.find(" " + std::string(and_term) + " ") != std::string_view::npos)
    return true;
  return s.find(" and ") != std::string_view::npos;
}

}  // namespace

std::string number_text(Ctx& c, std::string_view var) {
  if (c.substitute.used.count(var)) return {};
  if (var == "citation-number")
    return c.state.citation_number ? std::to_string(c.state.citation_number) : std::string();
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
  ++c.vars.called;
  const std::string value = xml::decode_entities(number_text(c, var));
  if (value.empty()) return Out();
  ++c.vars.rendered;
  c.vars.rendered_vars.push_back(var);
  const std::string_view form = el.attribute_or("form", "numeric");
  if (!is_numeric(value))
    return decorate(rich(without_escapes(var == "page" ? value : hyphens_joined(value))), el, c);
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
      if (!bare || form == "numeric")
        out += value.substr(i, j - i);
      else if (form == "ordinal")
        out += std::to_string(n) + c.e.locale.ordinal(n, gender);
      else if (form == "long-ordinal")
        out += c.e.locale.long_ordinal(n, gender);
      else if (form == "roman")
        out += to_roman(n);
      else
        out += value.substr(i, j - i);
      i = j;
    } else if (ch == '-') {
      std::size_t j = i;
      while (j < value.size() && value[j] == '-') ++j;
      // a hyphen between two numbers is a range; one with nothing after it ("Vol. 2019-", a
      // series still running) stays as written, as citeproc-js leaves it
      std::size_t k = j;
      while (k < value.size() && value[k] == ' ') ++k;
      out += k == value.size() ? value.substr(i, j - i) : dash;
      i = j;
    } else {
      out += ch;
      ++i;
    }
  }
  // (spaces around a range's dash go)
  for (std::size_t p = out.find(" " + dash); p != std::string::npos; p = out.find(" " + dash))
    out.erase(p, 1);
  for (std::size_t p = out.find(dash + " "); p != std::string::npos; p = out.find(dash + " "))
    out.erase(p + dash.size(), 1);
  return decorate(leaf(out), el, c);
}

Out render_label(const xml::Element& el, Ctx& c, std::string_view var, std::string_view content) {
  const std::string_view plural_attr = el.attribute_or("plural", "contextual");
  bool plural = false;
  if (plural_attr == "always")
    plural = true;
  else if (plural_attr == "contextual") {
    if (var == "number-of-pages" || var == "number-of-volumes")
      plural = number_of(content) > 1;
    else
      plural = plural_content(ampersands_bare(content), c.e.locale.text("and"));
  }
  std::string term(var);
  if (var == "locator")
    term = c.state.cite && !c.state.cite->label.empty() ? c.state.cite->label : "page";
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

bool is_numeric(std::string_view rich_value) {
  // numbers with letters attached ("2a", "L3"), joined by - , & or "and"
  if (rich_value.empty()) return false;
  std::string bare;
  if (rich_value.find('&') != std::string_view::npos) bare = ampersands_bare(rich_value);
  const std::string_view s = bare.empty() ? rich_value : std::string_view(bare);
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
      // letters are allowed only next to digits, a prefix or suffix of any length: Oxford's
      // article numbers ("msac170") are numbers to citeproc-js, as the specification's "L2d"
      std::size_t j = i;
      while (j < s.size() && std::isalpha(static_cast<unsigned char>(s[j]))) ++j;
      const bool near_digit = (i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9') ||
                              (j < s.size() && s[j] >= '0' && s[j] <= '9');
      if (!near_digit) {
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
