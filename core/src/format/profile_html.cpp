// The profile card as safe HTML: shared by the CLI's static output and the <paper-shelf> element
// (which asks for the interactive variant, whose statistics are buttons carrying filter clauses).
#include <algorithm>

#include "format/entry_html.hpp"
#include "format/html_out.hpp"
#include "papershelf/html.hpp"
#include "papershelf/query.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/unicode.hpp"
#include "text/bytes.hpp"

namespace papershelf {
namespace {

using detail::dir_attribute;
using detail::HtmlOut;

// A profile link's label as a class name: lower-case ASCII letters, digits, '-' and '_'. (Its own
// name: html.cpp's class_safe keeps upper case, and the unity build may put both in one file.)
std::string link_kind_class(std::string_view s) {
  std::string out;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (ok)
      out += c;
    else if (c >= 'A' && c <= 'Z')
      out += static_cast<char>(c + 32);
    else
      out += '-';
  }
  return out;
}

// "user@example.org" (optionally written as "mailto:user@example.org"); "" when it is not an
// address we would show.
std::string email_address(const Link& l) {
  std::string_view url = l.url;
  while (!url.empty() && static_cast<unsigned char>(url.front()) <= 0x20) url.remove_prefix(1);
  while (!url.empty() && static_cast<unsigned char>(url.back()) <= 0x20) url.remove_suffix(1);
  if (bytes::starts_with_ci(url, "mailto:")) url.remove_prefix(7);
  const std::size_t at = url.find('@');
  if (at == std::string_view::npos || at == 0 || at + 1 >= url.size() ||
      url.find('@', at + 1) != std::string_view::npos)
    return "";
  for (char c : url)
    if (static_cast<unsigned char>(c) <= 0x20 || c == '<' || c == '>' || c == '"' || c == '\'' ||
        c == '\\' || c == '?' || c == '&' || c == ':' || c == '/')
      return "";
  return std::string(url);
}

bool is_email_link(const Link& l) {
  return l.label == "email" || l.label == "mail" || l.label == "e-mail" ||
         bytes::starts_with_ci(l.url, "mailto:");
}

// A bare ORCID iD ("0000-0002-1825-0097") becomes its orcid.org URL.
std::string profile_url(const Link& l) {
  if (l.label == "orcid" && l.url.size() == 19 && l.url[4] == '-' && l.url[9] == '-' &&
      l.url[14] == '-') {
    bool digits = true;
    for (std::size_t i = 0; i < 19; ++i)
      if (i % 5 != 4 && !(l.url[i] >= '0' && l.url[i] <= '9') &&
          !(i == 18 && (l.url[i] == 'X' || l.url[i] == 'x')))
        digits = false;
    if (digits) return "https://orcid.org/" + l.url;
  }
  return l.url;
}

// Reversed by code points (stays valid UTF-8); the element reverses it back.
std::string reversed(const std::string& s) {
  std::string out;
  std::size_t end = s.size();
  while (end > 0) {
    std::size_t begin = end - 1;
    while (begin > 0 && (static_cast<unsigned char>(s[begin]) & 0xC0) == 0x80) --begin;
    out.append(s, begin, end - begin);
    end = begin;
  }
  return out;
}

// A count that filters the list: a button in interactive markup, plain text otherwise. The
// caller writes the content between stat_open and stat_close.
void stat_open(HtmlOut& h, const ProfileCardOptions& o, std::string_view filter,
               std::string_view cls) {
  if (!o.interactive) {
    h << "<span class=\"" << cls << "\">";
    return;
  }
  h << "<button type=\"button\" class=\"" << cls << " ps-stat-filter\" data-filter=\"";
  h.escaped(filter) << "\" aria-pressed=\"false\">";
}

void stat_close(HtmlOut& h, const ProfileCardOptions& o) {
  h << (o.interactive ? "</button>" : "</span>");
}

std::string num(std::uint64_t n) { return std::to_string(n); }

const Words& words_of(const ProfileCardOptions& o) { return o.words ? *o.words : english_words(); }

// "13 publications", or "論文 13" where the language puts the noun first.
void count_html(HtmlOut& h, const ProfileCardOptions& o, std::uint64_t n, std::string_view label) {
  const Words& w = words_of(o);
  const std::string number = "<span class=\"ps-stat-n\">" + w.number(n) + "</span>";
  if (w.noun_first())
    h << "<span class=\"ps-stat-label\">";
  else
    h << number << " <span class=\"ps-stat-label\">";
  h.escaped(label) << "</span>";
  if (w.noun_first()) h << " " << number;
}

// Lower-case plural labels for the type counts ("3 conference papers").
std::string_view type_noun(PubType t, std::uint32_t n, const Words& w) {
  const auto plural = [&](std::string_view one, std::string_view other) {
    return w.count(n, one, other);
  };
  switch (t) {
    case PubType::Conference:
      return plural("conference paper", "conference papers");
    case PubType::Journal:
      return plural("journal article", "journal articles");
    case PubType::Preprint:
      return plural("preprint", "preprints");
    case PubType::Thesis:
      return plural("thesis", "theses");
    case PubType::Book:
      return plural("book", "books");
    case PubType::Chapter:
      return plural("chapter", "chapters");
    case PubType::Report:
      return plural("report", "reports");
    case PubType::Talk:
      return plural("talk", "talks");
    case PubType::Patent:
      return plural("patent", "patents");
    case PubType::Dataset:
      return plural("dataset", "datasets");
    case PubType::Software:
      return plural("software release", "software releases");
    case PubType::Misc:
      return plural("other", "other");
  }
  return "";
}

void append_links(std::string& out, const Profile& p, const ProfileCardOptions& o) {
  std::string items;
  HtmlOut h(items);
  for (const Link& l : p.links) {
    const std::string kind = link_kind_class(l.label.empty() ? "link" : l.label);
    const std::string label(words_of(o)(profile_link_label(l.label)));
    if (is_email_link(l)) {
      const std::string address = email_address(l);
      if (address.empty() || o.email == EmailDisplay::Hidden) continue;
      const std::size_t at = address.find('@');
      if (o.email == EmailDisplay::Plain) {
        h << "<li><a class=\"ps-profile-link ps-profile-link-email\" href=\"mailto:";
        h.escaped(address) << "\">";
        h.escaped(words_of(o).labelled(label, address)) << "</a></li>";
      } else if (o.interactive) {
        // Assembled by the element on click; the address is not in the markup as written.
        h << "<li><button type=\"button\" class=\"ps-profile-link ps-profile-link-email ps-email\" "
             "data-u=\"";
        h.escaped(reversed(address.substr(0, at))) << "\" data-d=\"";
        h.escaped(reversed(address.substr(at + 1))) << "\">";
        h.escaped(label) << "</button></li>";
      } else {
        h << "<li><span class=\"ps-profile-link ps-profile-link-email ps-email\">";
        const std::string shown = address.substr(0, at) + " [at] " + address.substr(at + 1);
        h.escaped(words_of(o).labelled(label, shown)) << "</span></li>";
      }
      continue;
    }
    const std::string href = resolve_url(profile_url(l), o.base);
    if (href.empty()) continue;
    h << "<li><a class=\"ps-profile-link ps-profile-link-" << kind << "\" href=\"";
    h.escaped(href) << "\" rel=\"noopener me\">";
    h.escaped(label) << "</a></li>";
  }
  if (!items.empty())
    HtmlOut(out) << "<ul class=\"ps-profile-links\" aria-label=\""
                 << escape_html(words_of(o)("Links")) << "\">" << items << "</ul>";
}

// One <li> with a filtering count: stat_open, the count, stat_close.
void counted_item(HtmlOut& h, const ProfileCardOptions& o, std::string_view filter,
                  std::string_view cls, std::uint64_t n, std::string_view label) {
  h << "<li>";
  stat_open(h, o, filter, cls);
  count_html(h, o, n, label);
  stat_close(h, o);
  h << "</li>";
}

// Counts: total, per type, first-author, awards, citations.
void append_counts(std::string& out, const Stats& s, const ProfileCardOptions& o, bool compact) {
  HtmlOut h(out);
  const Words& w = words_of(o);
  h << "<ul class=\"ps-stat-counts\">";
  counted_item(h, o, "", "ps-stat ps-stat-total ps-stat-all", s.total,
               w.count(s.total, "publication", "publications"));
  if (!compact) {
    for (int t = 0; t < kPubTypeCount; ++t) {
      if (!s.by_type[t]) continue;
      const auto type = static_cast<PubType>(t);
      counted_item(h, o, "type:" + std::string(to_string(type)),
                   "ps-stat ps-stat-type ps-type-" + std::string(to_string(type)), s.by_type[t],
                   type_noun(type, s.by_type[t], w));
    }
  }
  if (s.first_author)
    counted_item(h, o, "first-author", "ps-stat ps-stat-first", s.first_author,
                 w.count(s.first_author, "first-author", "first-author"));
  if (s.awards)
    counted_item(h, o, "award", "ps-stat ps-stat-awards", s.awards,
                 w.count(s.awards, "award", "awards"));
  if (s.citations) {
    h << "<li><span class=\"ps-stat ps-stat-citations\">";
    const auto citations =
        static_cast<std::uint64_t>(std::max<std::int64_t>(0, s.citations->total));
    count_html(h, o, citations, w.count(citations, "citation", "citations"));
    h << "</span></li><li><span class=\"ps-stat ps-stat-h\">";
    count_html(h, o, s.citations->h_index, w("h-index"));
    h << "</span></li>";
  }
  h << "</ul>";
  // When the counts were brought up to date (by `papershelf sync`): a count is only as fresh as
  // that.
  if (s.citations && s.citations->updated) {
    // (the source named where the sync wrote the counts: visitors used to Google Scholar's
    // counts would wonder why these differ)
    const std::string_view phrase =
        w(s.citations->from_openalex ? "Citation counts from OpenAlex as of {date}"
                                     : "Citation counts as of {date}");
    const std::size_t slot = phrase.find("{date}");
    const std::string& iso =
        *s.citations->updated;  // YYYY-MM-DD (stats checks it: detail::is_iso_date)
    const std::string date = Words::fill(
        w("{year}-{month}-{day}"),
        {{"year", iso.substr(0, 4)}, {"month", iso.substr(5, 2)}, {"day", iso.substr(8, 2)}});
    h << "<p class=\"ps-stat-updated\">";
    h.escaped(phrase.substr(0, slot));
    if (slot != std::string_view::npos) {
      h << "<time datetime=\"" << iso << "\">";
      h.escaped(date) << "</time>";
      h.escaped(phrase.substr(slot + 6));
    }
    h << "</p>";
  }
}

// Per-year bars stacked by type, one inline SVG; a table is its text alternative.
void append_chart(std::string& out, const Stats& s, const ProfileCardOptions& o) {
  if (s.years.empty()) return;
  HtmlOut h(out);
  std::uint32_t max = 1;
  for (const auto& y : s.years) max = std::max(max, y.total);
  const int n = static_cast<int>(s.years.size());
  // Years far apart (Stats::years leaves out a long gap) get a column of their own between them
  // that says so: the chart draws only what the records name.
  const auto gap_before = [&](int k) {
    return k > 0 && s.years[static_cast<std::size_t>(k)].year >
                        s.years[static_cast<std::size_t>(k - 1)].year + 1;
  };
  int gaps = 0;
  for (int k = 1; k < n; ++k) gaps += gap_before(k);
  const int columns = n + gaps;
  // Wide bars with full years for a short career; narrow ones labelled '19 for a long one.
  const int bar = columns <= 12 ? 28 : 18, gap = columns <= 12 ? 8 : 6, top = 14, plot = 72,
            bottom = 16;
  const int width = columns * (bar + gap) + gap, height = top + plot + bottom;
  const int label_every = n <= 12 ? 1 : n <= 24 ? 2 : 5;
  const Words& w = words_of(o);
  const std::string summary = stats_summary(s, w);
  h << "<figure class=\"ps-chart\"><svg class=\"ps-chart-svg\" "
       "xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "
    << width << " " << height << "\" width=\"" << width << "\" height=\"" << height << "\"";
  if (o.interactive) {
    h << " role=\"group\" aria-label=\"";
    h.escaped(w("Publications per year")) << "\">";
  } else {
    h << " role=\"img\" aria-label=\"";
    h.escaped(w.labelled(w("Publications per year"), summary)) << "\">";
  }
  for (int k = 0, slot = 0; k < n; ++k, ++slot) {
    const YearStats& y = s.years[static_cast<std::size_t>(k)];
    const bool after_gap = gap_before(k);
    if (after_gap) {
      h << "<text class=\"ps-bar-year ps-bar-gap\" x=\"" << gap + slot * (bar + gap) + bar / 2
        << "\" y=\"" << top + plot
        << "\" text-anchor=\"middle\" aria-hidden=\"true\">\xE2\x80\xA6</text>";
      ++slot;
    }
    const int x = gap + slot * (bar + gap);
    std::string column, labels;  // bars; the count and year texts (outside any link)
    HtmlOut c(column), l(labels);
    int y0 = top + plot;
    for (int t = 0; t < kPubTypeCount; ++t) {
      if (!y.by_type[t]) continue;
      const int bh = std::max(
          static_cast<int>((static_cast<long long>(y.by_type[t]) * plot + max / 2) / max), 1);
      y0 -= bh;
      c << "<rect class=\"ps-bar-seg ps-type-" << to_string(static_cast<PubType>(t)) << "\" x=\""
        << x << "\" y=\"" << y0 << "\" width=\"" << bar << "\" height=\"" << bh << "\"/>";
    }
    if (y.total)
      l << "<text class=\"ps-bar-n\" x=\"" << x + bar / 2 << "\" y=\"" << y0 - 3
        << "\" text-anchor=\"middle\">" << y.total << "</text>";
    if (k % label_every == 0 || k == n - 1 || after_gap) {
      l << "<text class=\"ps-bar-year\" x=\"" << x + bar / 2 << "\" y=\"" << height - 4
        << "\" text-anchor=\"middle\">";
      if (n > 12)
        l << "\xE2\x80\x99" << y.year % 100 / 10 << y.year % 10;
      else
        l << y.year;
      l << "</text>";
    }
    const std::string name =
        w.labelled(num(y.year), Words::fill(w.count(y.total, "{n} publication", "{n} publications"),
                                            "n", w.number(y.total)));
    if (o.interactive && y.total) {
      // The link holds only shapes (its name is the label); a transparent hit area makes the
      // whole column, texts included, clickable.
      // A toggle (the element sets aria-pressed), focusable through its href.
      h << "<a class=\"ps-bar\" href=\"#\" role=\"button\" data-filter=\"year:" << y.year
        << "\" aria-label=\"";
      h.escaped(name) << "\"><title>";
      h.escaped(name) << "</title><rect class=\"ps-bar-hit\" x=\"" << x - gap / 2
                      << "\" y=\"0\" width=\"" << bar + gap << "\" height=\"" << height
                      << "\" fill=\"transparent\"/>" << column << "</a>";
      // After the link, so CSS can mark the current year's label (a.ps-bar[aria-pressed] + g).
      h << "<g class=\"ps-bar-labels\" aria-hidden=\"true\">" << labels << "</g>";
    } else {
      h << "<g class=\"ps-bar\"" << (o.interactive ? " aria-hidden=\"true\"" : "") << ">" << column
        << labels << "</g>";
    }
  }
  h << "</svg><figcaption class=\"ps-chart-summary\">";
  h.escaped(summary) << "</figcaption>";
  // The table: every year with its total and per-type counts (types that occur at all).
  std::vector<int> types;
  for (int t = 0; t < kPubTypeCount; ++t)
    if (std::any_of(s.years.begin(), s.years.end(),
                    [&](const YearStats& y) { return y.by_type[t] > 0; }))
      types.push_back(t);
  // The wrapper, not the table, is visually hidden: a table keeps its content width whatever its
  // own width says, and would make a phone screen scroll sideways.
  h << "<div class=\"ps-visually-hidden\"><table class=\"ps-chart-table\"><caption>"
    << escape_html(w("Publications per year")) << "</caption><thead><tr><th scope=\"col\">"
    << escape_html(w("Year")) << "</th><th scope=\"col\">" << escape_html(w("Total")) << "</th>";
  for (int t : types)
    h << "<th scope=\"col\">" << escape_html(w(label(static_cast<PubType>(t)))) << "</th>";
  h << "</tr></thead><tbody>";
  for (const auto& y : s.years) {
    h << "<tr><th scope=\"row\">" << y.year << "</th><td>" << y.total << "</td>";
    for (int t : types) h << "<td>" << y.by_type[static_cast<std::size_t>(t)] << "</td>";
    h << "</tr>";
  }
  h << "</tbody></table></div>";
  // Which colour is which type.
  if (types.size() > 1) {
    h << "<ul class=\"ps-chart-legend\" aria-hidden=\"true\">";
    for (int t : types)
      h << "<li><span class=\"ps-swatch ps-type-" << to_string(static_cast<PubType>(t))
        << "\"></span>" << escape_html(w(label(static_cast<PubType>(t)))) << "</li>";
    h << "</ul>";
  }
  h << "</figure>";
}

// One top venue or co-author: name, count, and the most recent year when known.
void top_item(HtmlOut& h, const ProfileCardOptions& o, const std::string& filter, const char* cls,
              std::string_view name, std::uint32_t count, int last_year) {
  h << "<li>";
  stat_open(h, o, filter, cls);
  h << "<span class=\"ps-top-name\"" << dir_attribute(name) << ">";
  const Words& w = words_of(o);
  h.escaped(name) << "</span> <span class=\"ps-top-n\">" << w.number(count)
                  << "</span><span class=\"ps-visually-hidden\"> "
                  << w.count(count, "publication", "publications") << "</span>";
  if (last_year)
    h << " <span class=\"ps-top-year\"><span class=\"ps-visually-hidden\">"
      << escape_html(w("most recently")) << " </span>" << last_year << "</span>";
  stat_close(h, o);
  h << "</li>";
}

void append_top(std::string& out, const Stats& s, const ProfileCardOptions& o) {
  HtmlOut h(out);
  const std::string section = detail::heading_tag(o.heading_level + 1);
  if (!s.venues.empty()) {
    h << "<div class=\"ps-top ps-top-venues\"><" << section << " class=\"ps-top-title\">"
      << escape_html(words_of(o)("Top venues")) << "</" << section << "><ul>";
    for (const auto& v : s.venues)
      top_item(h, o, clause_text("venue", v.key), "ps-top-item ps-venue-stat", v.key, v.count, 0);
    h << "</ul></div>";
  }
  if (!s.coauthors.empty()) {
    h << "<div class=\"ps-top ps-top-coauthors\"><" << section << " class=\"ps-top-title\">"
      << escape_html(words_of(o)("Frequent co-authors")) << "</" << section << "><ul>";
    for (const auto& c : s.coauthors)
      top_item(h, o, clause_text("author", c.name), "ps-top-item ps-coauthor-stat", c.name, c.count,
               c.last_year);
    h << "</ul></div>";
  }
}

}  // namespace

std::string profile_link_label(std::string_view kind) {
  static const std::pair<const char*, const char*> kLabels[] = {
      {"homepage", "Homepage"},
      {"website", "Website"},
      {"scholar", "Google Scholar"},
      {"google_scholar", "Google Scholar"},
      {"googlescholar", "Google Scholar"},
      {"dblp", "DBLP"},
      {"orcid", "ORCID"},
      {"github", "GitHub"},
      {"gitlab", "GitLab"},
      {"email", "Email"},
      {"mail", "Email"},
      {"e-mail", "Email"},
      {"twitter", "Twitter"},
      {"x", "X"},
      {"linkedin", "LinkedIn"},
      {"cv", "CV"},
      {"semantic_scholar", "Semantic Scholar"},
      {"semanticscholar", "Semantic Scholar"},
      {"researchgate", "ResearchGate"},
      {"mastodon", "Mastodon"},
      {"bluesky", "Bluesky"},
      {"blog", "Blog"}};
  for (const auto& [k, v] : kLabels)
    if (kind == k) return v;
  if (kind.empty()) return "Link";
  // The first letter capitalised, as a code point (byte by byte, "écode" became invalid UTF-8).
  std::size_t first = 0;
  const char32_t cp = unicode::decode_utf8(kind, first);
  std::string out;
  if (cp == unicode::kReplacement) return std::string(kind);
  unicode::append_utf8(out, unicode::to_upper(cp));
  out.append(kind.substr(first));
  return out;
}

Profile overlay_profile(const Profile& base, const Profile& over) {
  Profile p = base;
  if (!over.name.empty()) p.name = over.name;
  if (!over.aliases.empty()) p.aliases = over.aliases;
  if (!over.position.empty()) p.position = over.position;
  if (!over.affiliation.empty()) p.affiliation = over.affiliation;
  if (!over.photo.empty()) p.photo = over.photo;
  if (!over.interests.empty()) p.interests = over.interests;
  if (!over.legend.empty()) p.legend = over.legend;
  for (const Link& l : over.links) {
    auto it = std::find_if(p.links.begin(), p.links.end(),
                           [&](const Link& b) { return b.label == l.label; });
    if (l.url.empty()) {
      if (it != p.links.end()) p.links.erase(it);
    } else if (it != p.links.end()) {
      it->url = l.url;
    } else {
      p.links.push_back(l);
    }
  }
  return p;
}

Profile card_profile(const Profile& data, const Profile& over, std::string_view owner_names) {
  Profile p = overlay_profile(data, over);
  if (p.name.empty())
    if (const auto owners = split_owner_list(owner_names); !owners.empty()) p.name = owners.front();
  return p;
}

std::string format_profile_html(const Profile& p, const Stats& s, const ProfileCardOptions& o) {
  if (o.mode == ProfileMode::None) return "";
  const bool has_link = std::any_of(p.links.begin(), p.links.end(), [&](const Link& l) {
    return is_email_link(l) ? !email_address(l).empty()
                            : !resolve_url(profile_url(l), o.base).empty();
  });
  const std::string photo = p.photo.empty() ? std::string() : resolve_url(p.photo, o.base);
  if (p.name.empty() && p.position.empty() && p.affiliation.empty() && p.interests.empty() &&
      !has_link && photo.empty() && s.total == 0)
    return "";  // nothing to show (no profile, no records): no empty box
  const bool compact = o.mode == ProfileMode::Compact;
  std::string out;
  HtmlOut h(out);
  h << "<section class=\"ps-profile ps-profile-" << (compact ? "compact" : "full")
    << "\" aria-label=\"";
  const Words& w = words_of(o);
  h.escaped(p.name.empty() ? std::string(w("Profile")) : w.labelled(w("Profile"), p.name))
      << "\"><div class=\"ps-profile-head\">";
  if (!photo.empty()) {
    const int size = compact ? 56 : 96;
    h << "<img class=\"ps-photo\" src=\"";
    h.escaped(photo) << "\" alt=\"";
    h.escaped(p.name.empty() ? std::string(w("Photo"))
                             : Words::fill(w("Photo of {name}"), "name", p.name))
        << "\" width=\"" << size << "\" height=\"" << size
        << "\" loading=\"lazy\" decoding=\"async\">";
  }
  h << "<div class=\"ps-profile-main\">";
  auto paragraph = [&](const std::string& text, const char* open, const char* close) {
    if (text.empty()) return;
    h << open << dir_attribute(text) << ">";
    h.escaped(text) << close;
  };
  const std::string name = detail::heading_tag(o.heading_level);
  paragraph(p.name, ("<" + name + " class=\"ps-profile-name\"").c_str(),
            ("</" + name + ">").c_str());
  paragraph(p.position, "<p class=\"ps-position\"", "</p>");
  paragraph(p.affiliation, "<p class=\"ps-affiliation\"", "</p>");
  if (!compact && !p.interests.empty()) {
    // A list, so that a screen reader says where one interest ends (the dots are drawn by CSS).
    h << "<div class=\"ps-interests\"><span class=\"ps-interests-label\">"
      << escape_html(w("Interests:")) << "</span> <ul class=\"ps-interest-list\">";
    for (const auto& interest : p.interests) {
      h << "<li class=\"ps-interest\"" << dir_attribute(interest) << ">";
      h.escaped(interest) << "</li>";
    }
    h << "</ul></div>";
  }
  append_links(out, p, o);
  out += "</div></div>";
  if (s.total) {
    out += "<div class=\"ps-stats\">";
    if (o.interactive) {
      // The card describes the whole record, whatever the list is filtered to; the element shows
      // this line while a filter or search is active, so a number that does not change says why.
      out += "<p class=\"ps-stats-scope\" hidden>" +
             escape_html(Words::fill(w.count(s.total, "Counts for all {n} publication",
                                             "Counts for all {n} publications"),
                                     "n", w.number(s.total))) +
             "</p>";
    }
    append_counts(out, s, o, compact);
    if (!compact) {
      append_chart(out, s, o);
      append_top(out, s, o);
    }
    out += "</div>";
  }
  out += "</section>";
  return out;
}

}  // namespace papershelf
