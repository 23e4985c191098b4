// Rendering <names>: each name's parts, initials and order, the list with its et al., and the
// substitute when the variables are empty.
#include <algorithm>
#include <cstdlib>

#include "csl/engine.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

namespace {

std::vector<std::string_view> split_spaces(std::string_view s) {
  std::vector<std::string_view> out;
  for_each_word(s, [&](std::string_view w) { out.push_back(w); });
  return out;
}

bool particle_joins(std::string_view particle) {
  // "d'", "al-" attach to what follows without a space ("de' " brings its own)
  if (particle.empty()) return false;
  const char last = particle.back();
  if (last == ' ') return true;
  return last == '\'' || last == '-' ||
         particle.substr(particle.size() >= 3 ? particle.size() - 3 : 0) == "\xE2\x80\x99";
}

void append_part(std::string& out, std::string_view part) {
  if (part.empty()) return;
  if (!out.empty() && !particle_joins(out)) out += ' ';
  out += part;
}

// A capital that starts a given name: an upper-case letter, and the Turkish dotted İ, which
// upper-cases to itself as citeproc-js tests it but has no one-letter lower case for the table
// to find (its lower case is "i" and a combining dot): "İpek" -> "İ.".
bool is_capital(char32_t cp) { return unicode::is_upper(cp) || cp == 0x0130; }

// Initials of given names: "John Paul" -> "J. P." with initialize-with ". "; "W.A." -> "W. A.";
// "Jean-Paul" -> "J.-P."; an abbreviation already written ("Ch.") stays. Without `all` (the
// style's initialize="false"), only names written as initials are reformatted.
std::string initialize(std::string_view given, std::string_view with, bool all, bool hyphen) {
  std::string trimmed_with(with);
  while (!trimmed_with.empty() && trimmed_with.back() == ' ') trimmed_with.pop_back();
  std::string out;
  bool was_initial = false;                               // (what `one` made of its part)
  auto one = [&](std::string_view part) -> std::string {  // a name without spaces or hyphens
    std::size_t p = 0;
    const char32_t cp = unicode::decode_utf8(part, p);
    const std::string_view rest = part.substr(p);
    std::string letter;
    unicode::append_utf8(letter, cp);
    // (a small letter alone is a word, Spanish "y", kept as it is: "A. y J.", as citeproc-js)
    was_initial = !rest.empty() || is_capital(cp);
    if (!was_initial) return std::string(part);
    if (rest.empty() || rest == ".") return letter + trimmed_with;  // "J" or "J."
    if (part.back() == '.')
      return std::string(part.substr(0, part.size() - 1)) + trimmed_with;  // "Ch."
    was_initial = false;
    if (!is_capital(cp)) return std::string(part);  // "de"
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
      std::size_t cut = std::min(dot == std::string_view::npos ? word.size() : dot + 1,
                                 hy == std::string_view::npos ? word.size() : hy);
      pieces.push_back(word.substr(k, cut - k));
      if (cut < word.size() && word[cut] == '-') {
        pieces.push_back("-");
        ++cut;
      }
      k = cut;
    }
    for (std::size_t n = 0; n < pieces.size(); ++n) {
      const std::string_view piece = pieces[n];
      if (piece == "-" && all && hyphen && was_initial && n + 1 < pieces.size() &&
          !pieces[n + 1].empty()) {
        // "Wen-tau" -> "W.": a lower-case part after a hyphen goes with the initial before it
        // (after a word kept whole it stays: "(co-first author)"; and without
        // initialize-with-hyphen the hyphen is a space, "W tau" in Vancouver, as citeproc-js)
        std::size_t q = 0;
        const char32_t next = unicode::decode_utf8(pieces[n + 1], q);
        if (!is_capital(next)) {
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
      while (!core.empty() && core.front() == '<' && core.find('>') != std::string_view::npos &&
             core.find('>') + 1 < core.size()) {
        lead = piece.substr(0, piece.size() - core.size() + core.find('>') + 1);
        core.remove_prefix(core.find('>') + 1);
      }
      while (core.size() > 1 && core.back() == '>' && core.rfind("</") != std::string_view::npos &&
             core.rfind("</") > 0) {
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

// A name's options, read once a list (name_opts), their words as types: a value CSL does not
// name acts as the default (contextual, long, no inversion), as it did when compared as text.
enum class DelimiterPrecedes : std::uint8_t { Contextual, AfterInvertedName, Always, Never };
enum class NameForm : std::uint8_t { Long, Short, Count };
enum class SortOrder : std::uint8_t { None, First, All };  // name-as-sort-order: who is inverted

DelimiterPrecedes delimiter_precedes(std::string_view v) {
  return v == "always"                ? DelimiterPrecedes::Always
         : v == "never"               ? DelimiterPrecedes::Never
         : v == "after-inverted-name" ? DelimiterPrecedes::AfterInvertedName
                                      : DelimiterPrecedes::Contextual;
}

struct NameOpts {
  std::string_view and_;
  std::string_view delimiter;
  DelimiterPrecedes delimiter_precedes_et_al = DelimiterPrecedes::Contextual;
  DelimiterPrecedes delimiter_precedes_last = DelimiterPrecedes::Contextual;
  int et_al_min = 0, et_al_use_first = -1;  // (-1: no et-al-use-first; 0 shows no names at all)
  bool et_al_use_last = false;
  NameForm form = NameForm::Long;
  bool initialize = true;
  bool has_initialize_with = false;
  std::string_view initialize_with;
  SortOrder name_as_sort_order = SortOrder::None;
  std::string_view sort_separator;
  bool inverted(std::size_t i) const {  // the i-th name of a list, family name first
    return name_as_sort_order == SortOrder::All ||
           (name_as_sort_order == SortOrder::First && i == 0);
  }
};

}  // namespace

int to_int(std::string_view s) { return s.empty() ? 0 : std::atoi(std::string(s).c_str()); }

namespace {

NameOpts name_opts(const Ctx& c, const xml::Element* name) {
  NameOpts o;
  o.and_ = name_option(c, name, "and");
  o.delimiter = name_option(c, name, "delimiter", "name-delimiter");
  if (!name || !name->attribute("delimiter")) {
    if (const std::string* v = c.mode.attribute("name-delimiter"))
      o.delimiter = *v;
    else if (const std::string* v2 = c.e.style.attribute("name-delimiter"))
      o.delimiter = *v2;
    else
      o.delimiter = ", ";
  }
  o.delimiter_precedes_et_al = delimiter_precedes(name_option(c, name, "delimiter-precedes-et-al"));
  o.delimiter_precedes_last = delimiter_precedes(name_option(c, name, "delimiter-precedes-last"));
  const bool subsequent = c.state.position != Position::None && c.state.position != Position::First;
  o.et_al_min = to_int(name_option(c, name, "et-al-min"));
  if (auto v = name_option(c, name, "et-al-use-first"); !v.empty()) o.et_al_use_first = to_int(v);
  if (subsequent) {
    if (auto v = name_option(c, name, "et-al-subsequent-min"); !v.empty()) o.et_al_min = to_int(v);
    if (auto v = name_option(c, name, "et-al-subsequent-use-first"); !v.empty())
      o.et_al_use_first = to_int(v);
  }
  o.et_al_use_last = name_option(c, name, "et-al-use-last") == "true";
  const std::string_view form = name_option(c, name, "form", "name-form");
  o.form = form == "short" ? NameForm::Short : form == "count" ? NameForm::Count : NameForm::Long;
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
  const std::string_view order = name_option(c, name, "name-as-sort-order");
  o.name_as_sort_order = order == "all"     ? SortOrder::All
                         : order == "first" ? SortOrder::First
                                            : SortOrder::None;
  o.sort_separator = name_option(c, name, "sort-separator");
  if (!name || !name->attribute("sort-separator")) {
    if (!c.mode.attribute("sort-separator") && !c.e.style.attribute("sort-separator"))
      o.sort_separator = ", ";
  }
  if (c.sort.active) {
    o.name_as_sort_order = SortOrder::All;
    if (c.sort.names_min) o.et_al_min = c.sort.names_min;
    if (c.sort.names_use_first) o.et_al_use_first = c.sort.names_use_first;
    if (c.sort.names_use_last >= 0) o.et_al_use_last = c.sort.names_use_last == 1;
  }
  return o;
}

}  // namespace

// Whether a character is of the scripts citeproc-js calls "romanesque" (its ROMANESQUE_REGEXP:
// Latin, Greek, Cyrillic, Hebrew, Arabic, Thai and a few marks).
bool is_romanesque(char32_t ch, bool digits_and_hyphen) {
  if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) return true;
  if (digits_and_hyphen && ((ch >= '0' && ch <= '9') || ch == '-')) return true;
  return (ch >= 0x0E01 && ch <= 0x0E5B) || (ch >= 0x00C0 && ch <= 0x017F) ||
         (ch >= 0x0370 && ch <= 0x03FF) || (ch >= 0x0400 && ch <= 0x052F) ||
         (ch >= 0x0590 && ch <= 0x05D4) || (ch >= 0x05D6 && ch <= 0x05FF) ||
         (ch >= 0x1F00 && ch <= 0x1FFF) || (ch >= 0x0600 && ch <= 0x06FF) || ch == 0x200C ||
         ch == 0x200D || ch == 0x200E || (ch >= 0x0218 && ch <= 0x021B) ||
         (ch >= 0x202A && ch <= 0x202E);
}

namespace {

// A name's script as citeproc-js orders it: 2, romanesque (given and family as the style
// says); 0, a family name with no romanesque letter (趙振江: family and given joined, never
// inverted or initialised); 1, such a family name with a romanesque given name (family first).
int romanesque(const Name& n) {
  bool any = false;
  for (std::size_t i = 0; i < n.family.size() && !any;)
    any = is_romanesque(unicode::decode_utf8(n.family, i), true);
  if (any) return 2;
  std::size_t i = 0;
  const bool given_latin =
      !n.given.empty() &&
      (n.given[0] == '&' || is_romanesque(unicode::decode_utf8(n.given, i), false));
  return given_latin ? 1 : 0;
}

// One name as an output tree, with the name-part formatting of <name-part> children.
Out render_name(const Name& n, const NameOpts& o, bool inverted, const xml::Element* name_el,
                Ctx& c, int givenname_level) {
  const xml::Element* given_part = nullptr;
  const xml::Element* family_part = nullptr;
  if (name_el)
    for (const xml::Element& p : name_el->children) {
      if (p.name != "name-part") continue;
      if (p.attribute_or("name", "") == "given")
        given_part = &p;
      else if (p.attribute_or("name", "") == "family")
        family_part = &p;
    }
  if (n.is_literal()) {
    Out f = rich(n.literal.empty() ? n.family : n.literal);
    return family_part ? decorate(std::move(f), *family_part, c) : f;
  }
  const bool demote_display = c.e.demote_non_dropping_particle == DemoteParticle::DisplayAndSort;
  const bool short_form = (o.form == NameForm::Short && givenname_level == 0) && !c.sort.active;
  // ("static-ordering": the item says family first, as citeproc-js reads it.)
  if (const int script = c.sort.active || n.family.empty() ? 2
                         : n.static_ordering               ? std::min(1, romanesque(n))
                                                           : romanesque(n);
      script < 2) {
    Out family_out =
        rich(n.non_dropping_particle.empty() ? n.family : n.non_dropping_particle + " " + n.family);
    if (family_part) family_out = decorate(std::move(family_out), *family_part, c);
    if (short_form || n.given.empty()) return family_out;
    // (a romanesque given name is initialised as the style says: ". JF" of a family name ".")
    const bool initials = script == 1 && o.has_initialize_with && givenname_level < 2;
    Out given_out = rich(
        initials ? initialize(n.given, o.initialize_with, o.initialize, c.e.initialize_with_hyphen)
                 : n.given);
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
  if (do_initials)
    given = initialize(given, o.initialize_with, o.initialize, c.e.initialize_with_hyphen);
  const bool short_form_key = o.form == NameForm::Short && givenname_level == 0;
  if (c.sort.active) {
    // A sort key as citeproc-js writes it: family then given, the particles before the family
    // name only when the style never demotes them (spaces separate the parts of the key).
    std::string key;
    const bool never_demoted = c.e.demote_non_dropping_particle == DemoteParticle::Never;
    if (short_form_key) {
      // (the short form: the family name alone, the particle before it when never demoted)
      if (never_demoted) append_part(key, n.non_dropping_particle);
      if (!key.empty() && key.back() != ' ') key += ' ';
      key += n.family;
      if (!never_demoted) append_part(key, n.non_dropping_particle);
      return rich(key);
    }
    if (never_demoted) {
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
    if (!n.non_dropping_particle.empty() && !(inverted && demote_display))
      particle = n.non_dropping_particle;
    // (a particle that joins the name, "d'", stays one piece with it)
    if (!particle.empty() && particle_joins(particle) && particle.back() != ' ')
      family_out = styled(family_part, {particle + n.family});
    else
      family_out = styled(family_part, {particle, n.family});
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
    if (demote_display && !n.non_dropping_particle.empty())
      append_part(trailing_particles, n.non_dropping_particle);
    while (!trailing_particles.empty() && trailing_particles.back() == ' ')
      trailing_particles.pop_back();
    if (!given_text.empty() && !trailing_particles.empty()) {
      append_part(given_text, trailing_particles);
      trailing_particles.clear();
    }
  }
  Out given_out;
  if (!given_text.empty()) {
    std::string particles = inverted ? n.dropping_particle : std::string();
    if (inverted && demote_display && !n.non_dropping_particle.empty())
      append_part(particles, n.non_dropping_particle);
    while (!particles.empty() && particles.back() == ' ') particles.pop_back();
    if (!inverted && !n.dropping_particle.empty()) particles = n.dropping_particle;
    if (given_part && !given.empty() && !particles.empty() && given_text.size() > given.size() &&
        given_text.compare(0, given.size(), given) == 0)
      given_out = styled(
          given_part,
          {given, given_text.substr(given.size() + (given_text[given.size()] == ' ' ? 1 : 0))});
    else
      given_out = styled(given_part, {given_text});
  }
  Out out;
  if (!inverted) {
    if (!given_out.empty()) {
      out.kids.push_back(std::move(given_out));
      const bool joins = particle_joins(n.dropping_particle) && !n.dropping_particle.empty() &&
                         n.non_dropping_particle.empty();
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
      if (!trailing_particles.empty())
        out.kids.push_back(leaf((given_text.empty() ? "" : " ") + trailing_particles));
    }
    if (!n.suffix.empty()) {
      out.kids.push_back(leaf(std::string(o.sort_separator)));
      out.kids.push_back(rich(n.suffix));
    }
  }
  return out;
}

}  // namespace

// A list of names joined as the style says ("A, B, and C", "A et al.").
Out render_name_list(const std::vector<Name>& names, const xml::Element* name_el,
                     const xml::Element* et_al_el, Ctx& c) {
  NameOpts o = name_opts(c, name_el);
  const std::size_t n = names.size();
  std::size_t shown = n;
  bool et_al = false;
  if (o.et_al_min > 0 && o.et_al_use_first >= 0 && static_cast<int>(n) >= o.et_al_min) {
    shown =
        static_cast<std::size_t>(o.et_al_use_first) + static_cast<std::size_t>(c.state.add_names);
    if (shown == 0) return Out();  // (et-al-use-first="0": the list is left out, "et al." too)
    if (shown < n)
      et_al = true;
    else
      shown = n;
  }
  if (o.form == NameForm::Count) {
    return leaf(std::to_string(shown));
  }
  std::vector<Out> parts;
  for (std::size_t i = 0; i < shown; ++i) {
    const bool inverted = o.inverted(i);
    int level = c.state.givenname_level;
    if (!c.sort.active && (c.state.shown_names || !c.state.given_levels.empty())) {
      const std::string key = person_key(names[i]);
      if (const auto it = c.state.given_levels.find(key);
          it != c.state.given_levels.end() &&
          !(c.state.given_levels_of_entry && o.form == NameForm::Short))
        level = std::max(level, it->second);
      if (c.state.shown_names) c.state.shown_names->push_back(key);
    }
    Out one = render_name(names[i], o, inverted, name_el, c, level);
    if (c.first_names.capturing) c.first_names.list.push_back(one.plain());
    if (c.first_names.to_substitute > 0) {
      --c.first_names.to_substitute;
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
    if (names[i].owner && !c.sort.active) {  // (the owner's name, marked for the page's stylesheet)
      Out w;
      w.kids.push_back(std::move(one));
      w.css_class = "ps-owner";
      one = std::move(w);
    }
    parts.push_back(std::move(one));
  }
  // (an organisation's name is never inverted)
  auto inverted_at = [&](std::size_t i) { return o.inverted(i) && names[i].literal.empty(); };
  std::string and_word;
  if (o.and_ == "text")
    and_word = c.e.locale.text("and");
  else if (o.and_ == "symbol")
    and_word = "&";
  Out list;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) {
      const bool last = i + 1 == parts.size() && !et_al;
      if (last && !and_word.empty()) {
        bool delim = false;
        const DelimiterPrecedes dpl = o.delimiter_precedes_last;
        if (dpl == DelimiterPrecedes::Always)
          delim = true;
        else if (dpl == DelimiterPrecedes::Never)
          delim = false;
        else if (dpl == DelimiterPrecedes::AfterInvertedName)
          delim = inverted_at(i - 1);
        else
          delim = parts.size() >= 3;
        // (citeproc-js: an organisation, a literal name, last is joined by cs:institution's "and",
        // whose delimiter-precedes-last is the mode's or the style's, never cs:name's: contextual
        // unless they say otherwise, "A, B, & Consortium" but "A & Consortium"; cs:name's
        // after-inverted-name still adds the delimiter after an inverted name. A family name alone
        // is a person's: "황성수, & 김도현")
        if (!names[i].literal.empty()) {
          const DelimiterPrecedes inherited =
              delimiter_precedes(name_option(c, nullptr, "delimiter-precedes-last"));
          if (inherited == DelimiterPrecedes::Always)
            delim = true;
          else if (inherited == DelimiterPrecedes::Never)
            delim = false;
          else
            delim = parts.size() >= 3;
          if (dpl == DelimiterPrecedes::AfterInvertedName && inverted_at(i - 1)) delim = true;
        }
        list.kids.push_back(
            leaf(delim ? std::string(o.delimiter) + and_word + " " : " " + and_word + " "));
      } else {
        list.kids.push_back(leaf(std::string(o.delimiter)));
      }
    }
    list.kids.push_back(std::move(parts[i]));
  }
  if (et_al) {
    if (o.et_al_use_last && shown + 1 < n) {
      const bool inverted = o.name_as_sort_order == SortOrder::All;
      list.kids.push_back(leaf(std::string(o.delimiter) + "\xE2\x80\xA6 "));
      list.kids.push_back(
          render_name(names.back(), o, inverted, name_el, c, c.state.givenname_level));
    } else if (!c.sort.active) {  // (sort keys leave "et al." out)
      std::string term = "et-al";
      if (et_al_el) term = std::string(et_al_el->attribute_or("term", "et-al"));
      Out et = leaf(c.e.locale.text(term));
      if (!et.empty()) {
        if (et_al_el) et = decorate(std::move(et), *et_al_el, c);
        bool delim = false;
        const DelimiterPrecedes dpe = o.delimiter_precedes_et_al;
        if (dpe == DelimiterPrecedes::Always)
          delim = true;
        else if (dpe == DelimiterPrecedes::Never)
          delim = false;
        else if (dpe == DelimiterPrecedes::AfterInvertedName)
          delim = inverted_at(shown - 1);
        else
          delim = shown >= 2;
        // (no space before a term that does not start with a romanesque letter: "Zither等")
        std::size_t at = 0;
        const std::string& term_text = et.kids.empty() ? et.text : et.plain();
        const bool spaced =
            !term_text.empty() && is_romanesque(unicode::decode_utf8(term_text, at), false);
        list.kids.push_back(leaf(delim    ? std::string(o.delimiter)
                                 : spaced ? std::string(" ")
                                          : std::string()));
        list.kids.push_back(std::move(et));
      }
    }
  }
  return list;
}

Out render_names(const xml::Element& el, Ctx& c) {
  // A <names> in <substitute> without children borrows the original's name, et-al and label.
  // (citeproc-js renders it as the original itself: the original's affixes, formatting and
  // delimiter go around it, in place of its own)
  const xml::Element* opts_from = &el;
  if (c.substitute.names && el.children.empty()) opts_from = c.substitute.names;
  const xml::Element& shown_as = *opts_from;
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
  const bool first_names = !c.written.names;
  const bool suppress = first_names && c.state.suppress_author;
  struct List {
    std::string var;
    std::vector<Name> names;
  };
  std::vector<List> lists;
  for (std::string_view v : vars) {
    ++c.vars.called;
    if (c.substitute.used.count(v)) continue;
    std::vector<Name> ns = c.item.names(v);
    if (!ns.empty()) lists.push_back({std::string(v), std::move(ns)});
  }
  // editor and translator the same people: one list, "editortranslator"
  if (lists.size() >= 2) {
    auto same = [](const std::vector<Name>& a, const std::vector<Name>& b) {
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].family != b[i].family || a[i].given != b[i].given || a[i].literal != b[i].literal)
          return false;
      return true;
    };
    for (std::size_t i = 0; i + 1 < lists.size(); ++i)
      if ((lists[i].var == "editor" && lists[i + 1].var == "translator") ||
          (lists[i].var == "translator" && lists[i + 1].var == "editor"))
        if (same(lists[i].names, lists[i + 1].names)) {
          lists[i].var = "editortranslator";
          lists.erase(lists.begin() + static_cast<long>(i) + 1);
        }
  }
  if (lists.empty()) {
    const xml::Element* substitute = el.child("substitute");
    if (!substitute) return Out();
    const xml::Element* saved = c.substitute.names;
    c.substitute.names = &el;
    Out result;
    for (const xml::Element& k : substitute->children) {
      const int rendered = c.vars.rendered, called = c.vars.called;
      const std::size_t vars_before = c.vars.rendered_vars.size();
      Out o = render_element(k, c);
      // (a term or a value of its own is a substitute too, and counts as shown; the substitution
      // ends at it even when it is empty, as citeproc-js has it)
      if (c.vars.called == called && k.name == "text" &&
          (k.attribute("term") || k.attribute("value"))) {
        if (o.empty()) break;
        if (c.vars.rendered == rendered) ++c.vars.rendered;
      }
      if (!o.empty() && c.vars.rendered > rendered) {
        // the variables it showed are empty from now on
        for (std::size_t v = vars_before; v < c.vars.rendered_vars.size(); ++v)
          c.substitute.used.insert(c.vars.rendered_vars[v]);
        result = std::move(o);
        break;
      }
    }
    c.substitute.names = saved;
    if (result.empty()) return Out();
    // (a names element in the substitute was the first names itself; a text stands for them)
    const bool by_text = first_names && !c.written.names;
    c.written.names = true;
    if (by_text && c.first_names.wanted && !c.first_names.captured) {
      c.first_names.list.push_back(result.plain());
      c.first_names.text = result.plain();
      c.first_names.captured = true;
    }
    if (by_text && c.state.substitute_names != 0)
      result = decorate(leaf(c.state.author_substitute), el, c, false);
    if (suppress) return Out();
    return result;
  }
  ++c.vars.rendered;
  for (const List& l : lists)
    c.vars.rendered_vars.push_back(l.var == "editortranslator" ? "editor" : l.var);
  if (lists.size() == 1 && lists[0].var == "editortranslator")
    c.vars.rendered_vars.push_back("translator");
  if (c.substitute.names)
    for (const List& l : lists) {
      if (l.var == "editortranslator") {
        c.substitute.used.insert("editor");
        c.substitute.used.insert("translator");
      } else {
        c.substitute.used.insert(l.var);
      }
    }
  // complete-all: the substitute stands for all the names (a label stays)
  const bool substitute_all = first_names && c.state.substitute_names < 0;
  const NameOpts top = name_opts(c, name_el);
  if (top.form == NameForm::Count) {
    std::size_t total = 0;
    for (const List& l : lists) {
      std::size_t n = l.names.size();
      if (top.et_al_min > 0 && top.et_al_use_first >= 0 && static_cast<int>(n) >= top.et_al_min)
        n = std::min(n, static_cast<std::size_t>(top.et_al_use_first + c.state.add_names));
      total += n;
    }
    c.written.names = true;
    return decorate(leaf(std::to_string(total)), shown_as, c, false);
  }
  std::vector<Out> outs;
  const bool capture = first_names && c.first_names.wanted && !c.first_names.captured;
  c.first_names.capturing = capture;
  if (first_names && c.state.substitute_names > 0)
    c.first_names.to_substitute = c.state.substitute_names;
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
    if (label_el && !c.sort.active) {  // (sort keys leave labels out)
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
  std::string delimiter(shown_as.attribute_or("delimiter", ""));
  if (!shown_as.attribute("delimiter")) {
    if (const std::string* v = c.mode.attribute("names-delimiter"))
      delimiter = *v;
    else if (const std::string* v2 = c.e.style.attribute("names-delimiter"))
      delimiter = *v2;
  }
  Out result = decorate(join(std::move(outs), delimiter), shown_as, c, false);
  c.written.names = true;
  c.first_names.capturing = false;
  c.first_names.to_substitute = 0;
  if (capture) {
    c.first_names.captured = true;
    c.first_names.text = result.plain();
  }
  if (suppress) return Out();
  return result;
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

}  // namespace papershelf::csl
