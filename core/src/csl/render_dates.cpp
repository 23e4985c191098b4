// Rendering <date>: the locale's localized dates or the style's own date-parts, and ranges.
#include <algorithm>
#include <cstdlib>

#include "csl/engine.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

namespace {

struct PartSpec {
  const xml::Element* el;  // the date-part (locale's or style's)
  const xml::Element* override_el =
      nullptr;  // the style's date-part of the same name in a localized date
  std::string name;
};

std::string_view part_attr(const PartSpec& p, std::string_view attr, std::string_view fallback) {
  if (p.override_el)
    if (const std::string* v = p.override_el->attribute(attr)) return *v;
  return p.el->attribute_or(attr, fallback);
}

Out render_date_part(const PartSpec& p, const DatePart& d, Ctx& c, bool drop_prefix,
                     bool drop_suffix) {
  std::string text;
  const std::string_view form = part_attr(p, "form",
                                          p.name == "year"    ? "long"
                                          : p.name == "month" ? "long"
                                                              : "numeric");
  if (p.name == "year") {
    if (d.year == 0) return Out();
    long y = d.year;
    // (Eras as citeproc-js writes them: "AD" only below the year 500, a word of its own after a
    // year alone ("250 BC"), joined to one with a month ("44BC-3-15").)
    const std::string era_space = d.month ? "" : " ";
    if (y < 0)
      text = std::to_string(-y) + era_space + c.e.locale.text("bc");
    else if (y < 500)
      text = std::to_string(y) + era_space + c.e.locale.text("ad");
    else
      text = form == "short"
                 ? std::to_string(y % 100 < 10 ? 0 : y % 100 / 10) + std::to_string(y % 10)
                 : std::to_string(y);
    // The year suffix ("2006a") goes after the first year of the issued date, when the style
    // does not place the year-suffix variable itself.
    if (!c.state.year_suffix.empty() && !c.e.explicit_year_suffix && !c.dates.year_suffix_written &&
        c.dates.variable == "issued") {
      text += c.state.year_suffix;
      c.dates.year_suffix_written = true;
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
      const std::string key =
          std::string("month-") + (d.month < 10 ? "0" : "") + std::to_string(d.month);
      text = c.e.locale.text(key, form == "short" ? TermForm::Short : TermForm::Long);
    }
  } else if (p.name == "day") {
    if (d.day == 0 || d.month == 0) return Out();
    if (form == "numeric-leading-zeros")
      text = (d.day < 10 ? "0" : "") + std::to_string(d.day);
    else if (form == "ordinal" && (!c.e.locale.limit_day_ordinals_to_day_1 || d.day == 1))
      text =
          std::to_string(d.day) +
          c.e.locale.ordinal(d.day, gender_of(c, "month-" + std::string(d.month < 10 ? "0" : "") +
                                                     std::to_string(d.month)));
    else
      text = std::to_string(d.day);
  }
  Out o = leaf(text);
  if (p.name == "month" && part_attr(p, "strip-periods", "false") == "true") strip_periods(o, true);
  if (auto tc = part_attr(p, "text-case", ""); !tc.empty())
    apply_text_case(o, tc, english(c.item, c.e.locale));
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

}  // namespace

Out render_date(const xml::Element& el, Ctx& c) {
  const std::string var(el.attribute_or("variable", ""));
  ++c.vars.called;
  if (c.substitute.used.count(var) || (c.state.looking && var == "accessed")) return Out();
  const DateValue d = c.item.date(var);
  if (d.empty()) return Out();
  ++c.vars.rendered;
  c.vars.rendered_vars.push_back(var);
  if (c.sort.active) {
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
      std::snprintf(buf, sizeof buf, "%05ld%02d%02d", p.year + 10000,
                    !month     ? 0
                    : p.month  ? p.month
                    : p.season ? 12 + p.season
                               : 0,
                    day ? p.day : 0);
      return std::string(buf);
    };
    if (!d.literal.empty() && d.from.empty()) return leaf(d.literal);
    return leaf(key(d.from) + (d.range ? key(d.to) : std::string()));
  }
  if (!d.literal.empty() && d.from.year == 0) return decorate(rich(d.literal), el, c);
  c.dates.variable = var;
  std::vector<PartSpec> parts;
  std::string delimiter;
  const xml::Element* affix_source = &el;
  if (const std::string* form = el.attribute("form")) {
    const xml::Element* fmt = c.e.locale.date_format(*form);
    if (!fmt) return Out();
    // (the locale's parts, each looked for among the element's own: a style's locale may have many)
    if (!spend(c, static_cast<long long>(fmt->children.size() * (1 + el.children.size()))))
      return Out();
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
      if (p.name == "date-part")
        parts.push_back({&p, nullptr, std::string(p.attribute_or("name", ""))});
    delimiter = std::string(el.attribute_or("delimiter", ""));
  }
  auto render_parts = [&](const DatePart& dp, std::size_t from, std::size_t to,
                          bool drop_first_prefix, bool drop_last_suffix) {
    // (the affixes dropped at a range's dash are those of the parts shown: "Spring–Summer 1999"
    // of a season, whose day is empty)
    auto shown = [&](std::size_t i) {
      const std::string& n = parts[i].name;
      return n == "year"    ? dp.year != 0
             : n == "month" ? (dp.month != 0 || dp.season != 0)
                            : (dp.day != 0 && dp.month != 0);
    };
    std::size_t first_shown = from, last_shown = to;
    while (first_shown + 1 < to && !shown(first_shown)) ++first_shown;
    while (last_shown > from + 1 && !shown(last_shown - 1)) --last_shown;
    std::vector<Out> outs;
    for (std::size_t i = from; i < to; ++i)
      outs.push_back(render_date_part(parts[i], dp, c, drop_first_prefix && i == first_shown,
                                      drop_last_suffix && i + 1 == last_shown));
    return join(std::move(outs), delimiter);
  };
  Out out;
  if (d.range && !d.to.empty()) {
    // the largest part that differs, and the run of parts at or below it
    int differ = 0;
    if (d.from.year != d.to.year)
      differ = 3;
    else if (d.from.month != d.to.month || d.from.season != d.to.season)
      differ = 2;
    else if (d.from.day != d.to.day)
      differ = 1;
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
          if (rank(p.name) == differ)
            range_delim = std::string(part_attr(p, "range-delimiter", kEnDash));
        Out a = render_parts(d.from, first, last, false, true);
        Out b = render_parts(d.to, first, last, true, false);
        std::vector<Out> seq;
        if (first > 0) seq.push_back(render_parts(d.from, 0, first, false, false));
        Out mid;
        mid.kids.push_back(std::move(a));
        mid.kids.push_back(leaf(range_delim));
        mid.kids.push_back(std::move(b));
        seq.push_back(std::move(mid));
        if (last < parts.size())
          seq.push_back(render_parts(d.from, last, parts.size(), false, false));
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
    --c.vars.rendered;
    c.vars.rendered_vars.pop_back();
    return Out();
  }
  return decorate(std::move(out), *affix_source, c);
}

}  // namespace papershelf::csl
