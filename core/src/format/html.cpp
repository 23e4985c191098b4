// Safe HTML: every data string is escaped, only safe URL schemes become links (urls.cpp). The
// markup and class names are shared by the CLI's static output and the <paper-shelf> element. Its
// pieces are below it: escaped and rich text (html_out.cpp), a record's text (record_text.cpp), the
// options.
#include <algorithm>

#include "format/entry_html.hpp"
#include "format/html_out.hpp"
#include "format/metadata.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "text/string_ids.hpp"

namespace papershelf {

namespace {

// The address of the record's own page (FormatOptions::pages), or "".
std::string page_url(const Publication& p, const FormatOptions& o) {
  if (o.pages.empty() || !o.page_names || p.order >= o.page_names->size() ||
      (*o.page_names)[p.order].empty())
    return {};
  return o.pages + (o.pages.back() == '/' ? "" : "/") + (*o.page_names)[p.order];
}

using detail::append_rich_text_html;
using detail::dir_attribute;
using detail::drawn_part;
using detail::HtmlOut;
using detail::kMaxElementsPerRun;
using detail::kMaxRunBytes;
using detail::link_open;

// The most link buttons an entry's row draws (append_link_buttons says why).
constexpr std::size_t kMaxLinksPerEntry = 64;

// A link kind as a class name: ASCII letters, digits, '-' and '_'.
std::string class_safe(std::string_view key) {
  std::string out;
  for (char c : key) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    out += ok ? c : '-';
  }
  return out;
}

// Where the search terms occur in `text` (none without a search).
std::vector<Match> marks_in(std::string_view text, const std::vector<std::string>* terms) {
  return terms && !terms->empty() ? find_matches(text, *terms) : std::vector<Match>();
}

void append_marked(std::string& out, const RichText& text, const std::vector<std::string>* terms) {
  const std::vector<Match> m = marks_in(text.text, terms);
  append_rich_text_html(out, text, m.empty() ? nullptr : &m);
}

void append_name(HtmlOut& h, std::string& out, const Person& a, bool owner,
                 const std::vector<std::string>* terms) {
  // (Its dir isolates it: a bidi control in one name cannot reorder the names after it.)
  const std::string name = display_name(a);
  h << (owner ? "<span class=\"ps-author ps-owner\"" : "<span class=\"ps-author\"")
    << dir_attribute(name) << ">";
  if (terms && !terms->empty())
    append_marked(out, RichText(name), terms);
  else if (name.size() > kMaxRunBytes)
    h.escaped(drawn_part(name)) << "\u2026";
  else
    h.escaped(name);
  if (!a.marks().empty()) {
    h << "<sup class=\"ps-marks\">";
    h.escaped(a.marks()) << "</sup>";
  }
  h << "</span>";
}

void append_authors(HtmlOut& h, std::string& out, const Publication& p, const FormatOptions& o,
                    const std::vector<std::string>* terms, TextSink* sink) {
  bool editors = false;
  const std::vector<Person>& names = credited_names(p, &editors);
  if (names.empty()) return;
  const AuthorLine line = author_line(p, o.owner, o.max_authors);
  h << "<div class=\"ps-authors\">";
  // Past kMaxElementsPerRun names (a hostile list: real ones end near 3,000 for a few physics
  // papers), the rest are plain text, as a run's spans are.
  std::size_t drawn = 0;
  const auto name = [&](std::uint32_t i) {
    if (drawn++ < kMaxElementsPerRun) {
      append_name(h, out, names[i], line.is_owner[i], terms);
    } else {
      const std::string plain = display_name(names[i]);
      h.escaped(drawn_part(plain));
      h.escaped(names[i].marks());
    }
    detail::pass_on_full(out, sink);
  };
  std::uint32_t previous = 0;
  for (std::size_t k = 0; k < line.shown.size(); ++k) {
    const std::uint32_t i = line.shown[k];
    if (k > 0) h << (i == previous + 1 ? ", " : ", \xE2\x80\xA6, ");  // gap before a moved owner
    name(i);
    previous = i;
  }
  if (line.hidden > 0) {
    // The names left out are in the page too, behind a <details> that opens without JavaScript
    // (and for search engines); the element shows the whole list in order instead.
    h << ", <details class=\"ps-more-authors\"><summary class=\"ps-more\" data-hidden=\""
      << line.hidden << "\">+" << line.hidden << " more</summary><span class=\"ps-more-names\">";
    std::size_t next = 0;
    bool first = true;
    for (std::uint32_t i = 0; i < names.size(); ++i) {
      while (next < line.shown.size() && line.shown[next] < i) ++next;
      if (next < line.shown.size() && line.shown[next] == i) continue;
      if (!first) h << ", ";
      first = false;
      name(i);
    }
    h << "</span></details>";
  } else if (p.others && !editors) {
    h << ", <span class=\"ps-etal\">et al.</span>";
  }
  if (editors) h << " <span class=\"ps-eds\">" << editors_label(names.size()) << "</span>";
  h << "</div>";
}

}  // namespace

// A trophy drawn inline (an emoji is an empty box without an emoji font).
constexpr const char* kAwardIcon =
    "<svg class=\"ps-icon\" width=\"16\" height=\"16\" viewBox=\"0 0 16 16\" aria-hidden=\"true\" "
    "focusable=\"false\"><path d=\"M4 1.5h8V6a4 4 0 0 1-3 "
    "3.87V12h2.5v2h-7v-2H7V9.87A4 4 0 0 1 4 6zM1.5 2.5H4V4H3v.5a1.5 1.5 0 0 0 1.2 1.47l-.3 1.47A3 "
    "3 0 0 1 1.5 4.5zm13 "
    "0H12V4h1v.5a1.5 1.5 0 0 1-1.2 1.47l.3 1.47a3 3 0 0 0 2.4-2.94z\"/></svg>\xE2\x81\xA0";  // (a
                                                                                             // word
                                                                                             // joiner:
                                                                                             // the
                                                                                             // icon
                                                                                             // stays
                                                                                             // with
                                                                                             // the
                                                                                             // award's
                                                                                             // first
                                                                                             // word)

namespace {

// .ps-head in a <`element`>: the badge and the title, linked to `title_url` (resolved against
// o.base) or, when it is null, to the record's best link; "" links it nowhere.
void append_head(HtmlOut& h, std::string& out, const Publication& p, const FormatOptions& o,
                 const std::vector<std::string>* terms, std::string_view element,
                 const std::string* title_url) {
  h << "<" << element << " class=\"ps-head\">";
  if (!p.badge().empty()) {
    h << "<span class=\"ps-badge\"" << dir_attribute(p.badge()) << ">";
    h.escaped(p.badge()) << "</span> ";
  }
  h << "<cite class=\"ps-title\"" << dir_attribute(p.title.text) << ">";
  const Link* best = best_link(p);
  const bool title_has_link = std::any_of(p.title.spans.begin(), p.title.spans.end(),
                                          [](const Span& s) { return s.style == SpanStyle::Link; });
  const std::string_view target = title_url ? std::string_view(*title_url)
                                  : best    ? std::string_view(best->url)
                                            : std::string_view();
  // (A given title_url is a page's own address, which the data's base does not prefix.)
  const bool linked =
      !target.empty() && !title_has_link &&
      link_open(h, target, "", title_url ? std::string_view() : std::string_view(o.base));
  append_marked(out, p.title, terms);
  if (linked) h << "</a>";
  h << "</cite></" << element << ">";
}

// .ps-meta (venue, year, status, award, selected) and .ps-note.
void append_meta_and_note(HtmlOut& h, std::string& out, const Publication& p,
                          const std::vector<std::string>* terms, const Words& words) {
  h << "<div class=\"ps-meta\">";
  const RichText venue = shown_venue(p);
  if (!venue.empty()) {
    h << "<span class=\"ps-venue\"" << dir_attribute(venue.text) << ">";
    append_marked(out, venue, terms);
    h << "</span>";
  }
  if (p.date.year && !venue_ends_with_year(p, venue.text)) {
    if (!venue.empty()) h << ", ";
    h << "<span class=\"ps-year\">" << p.date.year << "</span>";
  }
  // (A badge that already says it, "Preprint" as al-folio's abbr, is not said twice.)
  if (p.status != Status::Published && !badge_repeats_status(p))
    h << " <span class=\"ps-status ps-status-" << to_string(p.status) << "\">"
      << escape_html(words(label(p.status))) << "</span>";
  if (!p.award().empty() || !p.award_label().empty()) {
    // A short label ("Distinguished Paper") opens to the whole award ("...Award at ASPLOS '23")
    // by a press or a key, not only a pointer's hover (title); the icon keeps to the first word.
    const bool both = !p.award_label().empty() && !p.award().empty();
    h << " ";
    if (both)
      h << "<details class=\"ps-award-more\"><summary class=\"ps-award\"";
    else
      h << "<span class=\"ps-award\"";
    h << dir_attribute(p.award_label().empty() ? std::string_view(p.award().text)
                                               : std::string_view(p.award_label()));
    if (both) {
      h << " title=\"";
      h.escaped(p.award().text) << "\"";
    }
    h << ">" << kAwardIcon;
    if (p.award_label().empty())
      append_marked(out, p.award(), terms);
    else
      append_marked(out, RichText(p.award_label()), terms);
    if (both) {
      h << "</summary><span class=\"ps-award ps-award-full\"" << dir_attribute(p.award().text)
        << ">" << kAwardIcon;
      append_marked(out, p.award(), terms);
      h << "</span></details>";
    } else {
      h << "</span>";
    }
  }
  // The star is decoration; the word is what a screen reader says. (A no-break space: the star
  // never starts a line of its own.)
  if (p.selected)
    h << "\xC2\xA0<span class=\"ps-selected\"><span aria-hidden=\"true\">\xE2\x98\x85</span><span "
         "class=\"ps-visually-hidden\">"
      << escape_html(words("Selected")) << "</span></span>";
  // The data's citation count (al-folio's citations field, or what `papershelf sync` wrote), last
  // (after the star, which is the owner's pick, not a count's badge). None for 0: a row of zeros
  // on blog posts and datasets reads as noise, and "Most cited" still places them. A dot that
  // never starts a line sets it apart; a screen reader hears a comma.
  if (p.citations() && *p.citations() > 0) {
    const auto n = static_cast<std::uint64_t>(*p.citations());
    h << "\xC2\xA0<span class=\"ps-sep\" aria-hidden=\"true\">\xC2\xB7</span><span "
         "class=\"ps-visually-hidden\">,</span> <span class=\"ps-cited\">";
    h.escaped(Words::fill(words.count(n, "{n} citation", "{n} citations"), "n", words.number(n)));
    h << "</span>";
  }
  h << "</div>";
  if (!p.note().empty() && !note_repeats_status(p)) {
    h << "<div class=\"ps-note\"" << dir_attribute(p.note().text) << ">";
    append_marked(out, p.note(), terms);
    h << "</div>";
  }
}

// The link buttons of .ps-actions; returns whether there was any.
bool append_link_buttons(HtmlOut& h, const Publication& p, const FormatOptions& o) {
  bool any = false;
  // (At most kMaxLinksPerEntry buttons: a hostile record of 44,000 links was a row the page
  // laid out for 1.5 s; the rest are counted, and all are in its BibTeX.)
  std::size_t links = 0, more_links = 0;
  for (const auto& l : p.links) {
    if (resolve_url(l.url, o.base).empty()) continue;
    any = true;
    if (links++ >= kMaxLinksPerEntry) {
      ++more_links;
      continue;
    }
    link_open(h, l.url, "ps-action ps-link ps-link-" + class_safe(l.label), o.base);
    const std::string label = link_label(l.label);
    h.escaped(words_of(o)(label)) << "</a>";
  }
  if (more_links)
    h << "<span class=\"ps-more-links\">+" << more_links << " "
      << escape_html(words_of(o).count(more_links, "link", "links")) << "</span>";
  return any;
}

}  // namespace

PanelTexts panel_texts(const Publication& p, const FormatOptions& o) {
  PanelTexts t;
  if (o.panels == Panels::Filled) {
    t.bibtex = format_bibtex(p, o.bibtex);
    t.citation_html = format_citation_html(p, kDefaultCitationStyle);
  }
  t.coins = format_coins(p);
  return t;
}

namespace {

// format_entry_html(), appended to `out`. With a `sink`, the markup is handed on in pieces as it
// grows (one record of a million authors is 100 MB of HTML) and the panels are made here, one
// at a time, as panel_texts() would make them. (Nothing is handed on before the actions row is
// known to stay: only a row with an action can grow past a piece.)
void append_entry_html(std::string& out, const Publication& p, const FormatOptions& o,
                       const std::vector<std::string>* terms, const PanelTexts* panels,
                       TextSink* sink) {
  HtmlOut h(out);
  // The id is "ps-" and the key as it is: keys hold no space (the readers make them so), and the
  // element finds a paper by "#ps-KEY". (Keys changed to ids of a few characters made "a.b",
  // "a:b" and "a-b" one id.)
  const std::string thumbnail = thumbnail_src(p, o);
  h << (thumbnail.empty() ? "<li class=\"ps-entry\" id=\"ps-"
                          : "<li class=\"ps-entry ps-has-thumb\" id=\"ps-");
  h.escaped(p.key) << "\" data-key=\"";
  h.escaped(p.key) << "\" data-type=\"" << to_string(p.type) << "\" data-status=\""
                   << to_string(p.status) << "\">";
  // The title says what the picture shows (an empty alt); its box is sized by papershelf.css
  // before it loads, and a phone's narrow list hides it (then it is never fetched).
  if (!thumbnail.empty()) {
    h << "<img class=\"ps-thumb\" src=\"";
    h.escaped(thumbnail) << "\" alt=\"\" loading=\"lazy\" decoding=\"async\">";
  }
  const std::string page = page_url(p, o);
  if (o.references) {  // (the reference in its style instead of title, authors and venue)
    h << "<p class=\"ps-reference\" dir=\"auto\">" << o.references(p, o) << "</p>";
  } else {
    append_head(h, out, p, o, terms, "div", page.empty() ? nullptr : &page);
    detail::pass_on_full(out, sink);
    append_authors(h, out, p, o, terms, sink);
    append_meta_and_note(h, out, p, terms, words_of(o));
  }
  detail::pass_on_full(out, sink);
  // One row of equal actions: the links, then the panels (Abstract, BibTeX, Cite) as <details>
  // that open below the row and need no JavaScript.
  const std::size_t row = out.size();
  h << "<div class=\"ps-actions\">";
  bool any_action = append_link_buttons(h, p, o);
  if (!p.abstract().empty()) {
    any_action = true;
    h << "<details class=\"ps-action ps-abstract\"><summary>"
      << escape_html(words_of(o)("Abstract")) << "</summary><div class=\"ps-panel\"><p"
      << dir_attribute(p.abstract().text) << ">";
    append_rich_text_html(out, p.abstract());
    h << "</p></div></details>";
    detail::pass_on_full(out, sink);
  }
  if (o.panels != Panels::None) {
    any_action = true;
    const bool filled = o.panels == Panels::Filled && (panels || sink);
    h << "<details class=\"ps-action ps-bibtex\" data-panel=\"bibtex\"><summary>"
      << escape_html(words_of(o)("BibTeX")) << "</summary>";
    if (filled) {
      h << "<div class=\"ps-panel\"><pre>";
      if (panels)
        h.escaped(panels->bibtex);
      else
        h.escaped(format_bibtex(p, o.bibtex));
      h << "</pre></div>";
      detail::pass_on_full(out, sink);
    }
    h << "</details><details class=\"ps-action ps-cite\" data-panel=\"cite\"><summary>"
      << escape_html(words_of(o)("Cite")) << "</summary>";
    if (filled) {  // (the core's citation HTML: escaped text, <i>, safe links)
      h << "<div class=\"ps-panel\"><p class=\"ps-citation\" dir=\"auto\">";
      if (panels)
        h << panels->citation_html;
      else
        h << format_citation_html(p, kDefaultCitationStyle);
      h << "</p></div>";
    }
    h << "</details>";
  }
  if (any_action)
    h << "</div>";
  else
    out.resize(row);
  if (panels)
    h << panels->coins;
  else if (sink)
    detail::append_coins(out, p, sink);
  h << "</li>";
}

}  // namespace

std::string format_entry_html(const Publication& p, const FormatOptions& o,
                              const std::vector<std::string>* terms, const PanelTexts* panels) {
  std::string out;
  out.reserve(1024);
  append_entry_html(out, p, o, terms, panels, nullptr);
  return out;
}

void detail::append_entry_head(std::string& out, const Publication& p, const FormatOptions& o,
                               std::string_view element, const std::string* title_url) {
  HtmlOut h(out);
  append_head(h, out, p, o, nullptr, element, title_url);
}
void detail::append_entry_authors(std::string& out, const Publication& p, const FormatOptions& o) {
  HtmlOut h(out);
  append_authors(h, out, p, o, nullptr, nullptr);
}
void detail::append_entry_meta(std::string& out, const Publication& p, const Words& words) {
  HtmlOut h(out);
  append_meta_and_note(h, out, p, nullptr, words);
}
bool detail::append_entry_links(std::string& out, const Publication& p, const FormatOptions& o) {
  HtmlOut h(out);
  return append_link_buttons(h, p, o);
}

namespace {

// The element's toolbar (web/src/element/toolbar.ts) as it stands once the list is shown, in
// the list's words, for its size only: hidden, inert, with empty menus (their widths are fixed)
// and the same controls left out. papershelf.css turns it into an invisible box of the live
// toolbar's height at every width, so the list below it does not move when the element takes over.
std::string toolbar_room(const ToolbarRoom& t, std::size_t shown, const Words& w) {
  const UsefulControls& u = t.useful;
  const auto hidden = [](bool useful) { return useful ? "" : " hidden"; };
  const auto chip = [&](bool useful, std::uint32_t count, const char* label) {
    return std::string("<label class=\"ps-chip\"") + hidden(useful) +
           "><input type=\"checkbox\"> <span class=\"ps-chip-label\" data-count=\"" +
           std::to_string(count) + "\">" + escape_html(w(label)) + "</span></label>";
  };
  const auto label = [&](const char* english) { return escape_html(w(english)); };
  const std::string n = w.number(shown);
  return std::string(
             "<div class=\"ps-toolbar\" data-room hidden inert><input class=\"ps-search\" "
             "type=\"search\">") +
         "<button type=\"button\" class=\"ps-filters-toggle\">" + label("Filters") +
         "</button>"
         "<label class=\"ps-control\"><span>" +
         label("Sort") +
         "</span> <select class=\"ps-sort\"></select></label>"
         "<label class=\"ps-control\"><span>" +
         label("Group") +
         "</span> <select class=\"ps-group-select\"></select></label>"
         "<div class=\"ps-filters\"><select class=\"ps-f-year\"" +
         hidden(u.year) + "></select><select class=\"ps-f-type\"" + hidden(u.type) +
         "></select><select class=\"ps-f-status\"" + hidden(u.status) +
         "></select><select class=\"ps-f-venue\"" + hidden(u.venue) + "></select>" +
         chip(u.selected, t.selected, "Selected") + chip(u.award, t.awards, "Award") +
         chip(u.first_author, t.owner_first, "First author") +
         "</div><div class=\"ps-count-line\"><p class=\"ps-count\">" +
         escape_html(Words::fill(w.count(shown, "{n} publication", "{n} publications"), "n", n)) +
         "</p><details class=\"ps-download\"><summary>" +
         escape_html(Words::fill(w.count(shown, "Download the one shown", "Download the {n} shown"),
                                 "n", n)) +
         "</summary></details></div></div>";
}

}  // namespace

namespace {
// Calls f with each UTF-8 character of `s`.
template <class F>
void each_character(std::string_view s, F&& f) {
  for (std::size_t k = 0; k < s.size();) {
    std::size_t length = 1;
    while (k + length < s.size() && (static_cast<unsigned char>(s[k + length]) & 0xC0) == 0x80)
      ++length;
    f(s.substr(k, length));
    k += length;
  }
}
}  // namespace

void detail::MarkSymbols::add(const Publication& p) {
  for (const Person& a : p.authors)
    each_character(a.marks(), [&](std::string_view c) { marked_.insert(c); });
}

std::string detail::MarkSymbols::legend_html(const std::vector<LegendEntry>& legend) const {
  std::string items;
  for (const auto& e : legend) {
    bool used = !e.symbol.empty();
    each_character(e.symbol, [&](std::string_view c) {
      used = used && marked_.find(c) != StringIds::kAbsent;
    });
    if (!used) continue;
    items += "<span class=\"ps-legend-item\"" + std::string(dir_attribute(e.meaning)) + "><sup>" +
             escape_html(e.symbol) + "</sup> " + escape_html(e.meaning) + "</span> ";
  }
  return items.empty() ? items : "<p class=\"ps-legend\">" + items + "</p>";
}

std::string detail::group_heading(std::string_view label, std::size_t count, const Words& w,
                                  int level) {
  // Seen as "2024 331"; heard as "2024: 331 publications", in the list's language.
  const std::string tag = heading_tag(level);
  return "<" + tag + " class=\"ps-group-title\"><span" + std::string(dir_attribute(label)) +
         " aria-hidden=\"true\">" + escape_html(label) +
         "</span> <span class=\"ps-count\" aria-hidden=\"true\">" + std::to_string(count) +
         "</span><span class=\"ps-visually-hidden\">" +
         escape_html(
             w.labelled(label, Words::fill(w.count(count, "{n} publication", "{n} publications"),
                                           "n", w.number(count)))) +
         "</span></" + tag + ">";
}

void write_html(const Library& lib, const View& view, const FormatOptions& o, TextSink& sink,
                std::string_view header) {
  // Written in pieces of about detail::kTextPiece bytes: the whole list's HTML may be many times
  // the input.
  // A page's MathJax typesets TeX delimiters in its text (al-folio's \(...\) and $...$): data
  // may hold both as plain text (a CSL-JSON title, BibTeX's {\textbackslash}), which MathJax
  // would make into links and styles. Its ignore classes (MathJax 3, MathJax 2) keep it out.
  std::string out = "<div class=\"ps-shelf mathjax_ignore tex2jax_ignore\"";
  const auto pass_on = [&] {
    sink.write(out);
    out.clear();
  };
  if (is_preset(o.preset)) out += " data-preset=\"" + o.preset + "\"";
  if (o.theme == "light" || o.theme == "dark") out += " data-theme=\"" + o.theme + "\"";
  // The language the list speaks, as the element marks it (papershelf.css widens its menus).
  if (const std::string& lang = words_of(o).lang(); !lang.empty() && !words_of(o).empty()) {
    const std::string code = lang.substr(0, lang.find_first_of("-_"));
    if (!code.empty() && code != "en") out += " data-words=\"" + escape_html(code) + "\"";
  }
  if (o.toolbar.mode != ControlsMode::None)
    out += " data-controls=\"" + std::string(to_string(o.toolbar.mode)) + "\"";
  out += ">";
  out += header;
  const Words& w = words_of(o);
  if (o.toolbar.mode != ControlsMode::None) out += toolbar_room(o.toolbar, view.entries.size(), w);
  // Legend: only the symbols that appear in the shown entries, judged as the element judges them
  // (every character of the symbol is among the marks of the entries' authors). The characters
  // are gathered once: looking through every author for every symbol was quadratic.
  const auto& legend = o.legend.empty() ? lib.profile.legend : o.legend;
  detail::MarkSymbols marks;
  if (!legend.empty())
    for (const std::uint32_t i : view.entries) marks.add(lib.publications[i]);
  out += marks.legend_html(legend);
  if (view.entries.empty())
    out += "<p class=\"ps-empty\">" + escape_html(w("No publications match.")) + "</p>";
  const std::size_t shown = o.first ? std::min(o.first, view.entries.size()) : view.entries.size();
  auto entries = [&](std::uint32_t begin, std::uint32_t count) {
    out += "<ol class=\"ps-list\">";
    for (std::uint32_t k = begin; k < begin + count && k < shown; ++k) {
      append_entry_html(out, lib.publications[view.entries[k]], o, nullptr, nullptr, &sink);
      detail::pass_on_full(out, &sink);
    }
    out += "</ol>";
  };
  if (view.groups.empty()) {
    if (!view.entries.empty()) entries(0, static_cast<std::uint32_t>(view.entries.size()));
  } else {
    for (const auto& g : view.groups) {
      if (g.begin >= shown) break;
      out += "<section class=\"ps-group\" data-group=\"" + escape_html(g.key) + "\">" +
             detail::group_heading(g.label, g.count, w, o.heading_level);
      entries(g.begin, g.count);
      out += "</section>";
    }
  }
  if (shown < view.entries.size()) {
    const std::string line =
        Words::fill(w.count(view.entries.size(), "The first {shown} of {total} publication.",
                            "The first {shown} of {total} publications."),
                    {{"shown", w.number(shown)}, {"total", w.number(view.entries.size())}});
    out += "<p class=\"ps-more-entries\">" + escape_html(line) + "</p>";
  }
  // What the list is, for search engines (not run: a data block): the entries shown.
  if (shown > 0) {
    out += "<script type=\"application/ld+json\">";
    pass_on();
    detail::write_json_ld(lib, view.entries.data(), shown, sink);
    out += "</script>";
  }
  out += "</div>";
  pass_on();
}

std::string format_html(const Library& lib, const View& view, const FormatOptions& o) {
  StringSink html;
  write_html(lib, view, o, html);
  return std::move(html.text);
}

}  // namespace papershelf
