// The pages `papershelf pages` writes: one per paper with the Highwire Press tags Google Scholar
// reads (https://scholar.google.com/intl/en/scholar/inclusion.html#indexing), an index, an Atom
// feed and a sitemap. Every data string is escaped for where it goes; only safe URLs become links.
#include "papershelf/pages.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>

#include "biblio/pub_types.hpp"
#include "format/entry_html.hpp"
#include "format/html_out.hpp"
#include "format/metadata.hpp"
#include "model/calendar.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/export.hpp"
#include "papershelf/json.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"
#include "text/bytes.hpp"
#include "text/string_ids.hpp"

namespace papershelf {
namespace {

using detail::HtmlOut;

bool is_http(std::string_view url) {
  return bytes::starts_with_ci(url, "http://") || bytes::starts_with_ci(url, "https://");
}

// The site's URL ending in "/", so that page names join it ("" without a site).
std::string site_folder(const PagesOptions& o) {
  if (o.site.empty() || !site_problem(o.site).empty()) return {};
  std::string site = o.site;
  if (const std::size_t cut = site.find_first_of("?#"); cut != std::string::npos) site.resize(cut);
  if (site.back() != '/') site += '/';
  return site;
}

// "https://host" of a site folder "https://host/path/".
std::string origin_of(const std::string& site) {
  const std::size_t host = site.find("//") + 2;
  return site.substr(0, std::min(site.find('/', host), site.size()));
}

// A page of the folder (a file name, or "" for the index) as its link: absolute with a site.
std::string own_url(std::string_view file_name, const PagesOptions& o) {
  const std::string site = site_folder(o);
  if (site.empty()) return file_name.empty() ? "index.html" : std::string(file_name);
  return site + std::string(file_name);
}

// Text for XML (Atom, the sitemap): escaped as HTML is, and without the characters XML 1.0 does
// not allow (C0 controls but tab and line ends, U+FFFE, U+FFFF), which a reader would reject the
// whole feed for.
void append_xml(std::string& out, std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool control = c < 0x20 && c != '\t' && c != '\n' && c != '\r';
    const bool nonchar = c == 0xEF && i + 2 < text.size() &&
                         static_cast<unsigned char>(text[i + 1]) == 0xBF &&
                         (static_cast<unsigned char>(text[i + 2]) == 0xBE ||
                          static_cast<unsigned char>(text[i + 2]) == 0xBF);
    if (control || nonchar) {
      clean += "\xEF\xBF\xBD";
      if (nonchar) i += 2;
    } else {
      clean += static_cast<char>(c);
    }
  }
  detail::append_escaped_html(out, clean);
}

void meta(HtmlOut& h, std::string_view name, std::string_view content) {
  if (content.empty()) return;
  h << "<meta name=\"" << name << "\" content=\"";
  h.escaped(content) << "\">\n";
}

// An author as Scholar reads one: "Family, Given" (the particle and suffix with the family name,
// "van der Berg Jr., Ana"), or an organisation's name as it is.
std::string scholar_name(const Person& a) {
  if (a.is_literal() || a.given().empty()) return display_name(a);
  std::string family(a.particle());
  if (!family.empty()) family += ' ';
  family += a.family();
  if (!a.suffix().empty()) family.append(" ").append(a.suffix());
  return family + ", " + std::string(a.given());
}

// The date as RFC 3339 (Atom's updated): the day, else the month's or the year's first.
std::string rfc3339(const Date& d) {
  if (d.year < 1 || d.year > 9999) return "1970-01-01T00:00:00Z";  // (undated: Atom needs one)
  const int month = d.month >= 1 && d.month <= 12 ? d.month : 1;
  const int day = d.month >= 1 && d.month <= 12 && d.day >= 1
                      ? std::min(d.day, detail::days_in_month(d.year, month))
                      : 1;
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT00:00:00Z", d.year, month, day);
  return buffer;
}

// The standalone page's own look (papershelf.css styles only its ps- classes): a readable column,
// dark where the reader's system is (papershelf.css follows the system too).
constexpr std::string_view kStandaloneStyle =
    "<style>:root{color-scheme:light dark;background:Canvas;color:CanvasText}"
    "body{max-width:48rem;margin:2rem auto;padding:0 "
    "1rem;font-family:system-ui,sans-serif;line-height:1.5}"
    ".ps-paper-page h1{font-size:1.6em;line-height:1.25;margin:0.5em 0 0.3em}.ps-paper-page "
    "h2{font-size:1.05em;margin:1.2em 0 0.3em}</style>\n";

// The opening of the .ps-shelf each page's content is in, as every version has written it: it
// marks the page as papershelf's own (pages_file_marks).
constexpr std::string_view kPaperPageOpening = "<div class=\"ps-shelf ps-paper-page ";
constexpr std::string_view kIndexOpening = "<div class=\"ps-shelf ps-pages-index ";
constexpr std::string_view kFeedGenerator = "<generator>papershelf</generator>";
constexpr std::string_view kSitemapOpening =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset "
    "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
// (web/src/papershelf.css, which the CLI writes beside the pages, has opened so from the start.)
constexpr std::string_view kStylesheetOpening = "/* papershelf";

// The opening of the .ps-shelf every page's content is in (the preset as the list carries it).
void open_shelf(HtmlOut& h, std::string_view opening, const PagesOptions& o) {
  h << opening << "mathjax_ignore tex2jax_ignore\"";
  if (is_preset(o.format.preset)) h << " data-preset=\"" << o.format.preset << "\"";
  h << ">\n";
}

// The <head> tags every page has: its canonical URL, the stylesheet and the feed.
void common_head(HtmlOut& h, std::string_view file_name, const PagesOptions& o) {
  h << "<link rel=\"canonical\" href=\"";
  h.escaped(own_url(file_name, o)) << "\">\n<link rel=\"stylesheet\" href=\"";
  h.escaped(o.stylesheet) << "\">\n<link rel=\"alternate\" type=\"application/atom+xml\" href=\"";
  h.escaped(own_url("feed.xml", o)) << "\" title=\"";
  h.escaped(o.title) << "\">\n";
}

// What a link to the page shows when it is shared (Open Graph): its kind, title, description and
// absolute URL (none without --site).
void open_graph(HtmlOut& h, std::string_view type, std::string_view title,
                std::string_view description, const std::string& url) {
  const auto property = [&](std::string_view name, std::string_view content) {
    if (content.empty()) return;
    h << "<meta property=\"" << name << "\" content=\"";
    h.escaped(content) << "\">\n";
  };
  property("og:type", type);
  property("og:title", title);
  property("og:description", description);
  if (is_http(url)) property("og:url", url);
}

// A page's section: a heading and a panel.
void section(HtmlOut& h, std::string_view name, std::string_view heading) {
  h << "<section class=\"ps-paper-" << name << "\"><h2>";
  h.escaped(heading) << "</h2><div class=\"ps-panel\">";
}

}  // namespace

std::string site_problem(std::string_view site) {
  if (!is_http(site))
    return "\"" + std::string(site) + "\" is not an absolute http(s) URL (https://host/path/)";
  if (const std::string problem = base_problem(site); !problem.empty()) return problem;
  return {};
}

bool is_windows_device_name(std::string_view name) {
  if (!name.empty() && (name.back() == '.' || name.back() == ' ')) return true;
  std::string stem = unicode::ascii_lower(name.substr(0, name.find('.')));
  while (!stem.empty() && stem.back() == ' ') stem.pop_back();  // ("con .txt" is CON too)
  if (stem == "con" || stem == "prn" || stem == "aux" || stem == "nul") return true;
  if (stem.rfind("com", 0) != 0 && stem.rfind("lpt", 0) != 0) return false;
  const std::string_view number = std::string_view(stem).substr(3);
  return (number.size() == 1 && number[0] >= '0' && number[0] <= '9') || number == "\xC2\xB9" ||
         number == "\xC2\xB2" || number == "\xC2\xB3";  // (¹ ² ³)
}

std::string page_file_name(std::string_view key) {
  constexpr std::size_t kMaxStem = 100;
  std::string stem;
  for (char c : unicode::fold(key)) {
    const bool keep =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
    const char put = keep ? c : '-';
    if (put == '-' && !stem.empty() && stem.back() == '-') continue;  // ("a / b" -> "a-b")
    if ((put == '-' || put == '.') && stem.empty()) continue;         // (no hidden file, no option)
    if (put == '.' && stem.back() == '.') continue;                   // (no "..")
    stem += put;
    if (stem.size() >= kMaxStem) break;
  }
  while (!stem.empty() && (stem.back() == '-' || stem.back() == '.')) stem.pop_back();
  // A device with an extension ("con.x") is a device still: its first dot becomes '-'. (A bare
  // device, "con", is taken by page_file_names and so gets "-2".)
  if (const std::size_t dot = stem.find('.');
      dot != std::string::npos && is_windows_device_name(stem.substr(0, dot)))
    stem[dot] = '-';
  return (stem.empty() ? "paper" : stem) + ".html";
}

bool has_page(const Publication& p) { return !p.title.text.empty(); }

std::vector<std::string> page_file_names(const Library& lib) {
  // The index's name and the devices Windows finds in any folder are taken from the start.
  // (StringIds, the core's own table: the page's core carries no second hash set for this.)
  detail::StringIds taken;
  for (const char* name : {"index.html", "con.html", "prn.html", "aux.html", "nul.html"})
    taken.insert(name);
  for (const char* device : {"com", "lpt"})
    for (char digit = '0'; digit <= '9'; ++digit)
      taken.insert(std::string(device) + digit + ".html");
  // Each repeated name's next number to try, so that n records whose keys make one name (keys
  // in Chinese all make "paper.html") cost n tries, not n * n / 2.
  detail::StringIds repeated;
  std::vector<int> next_number;
  std::vector<std::string> names;
  names.reserve(lib.publications.size());
  for (const Publication& p : lib.publications) {
    if (!has_page(p)) {
      names.emplace_back();
      continue;
    }
    std::string name = page_file_name(p.key);
    bool added = false;
    taken.insert(name, added);
    if (!added) {
      const std::string stem = name.substr(0, name.size() - 5);
      const std::uint32_t id = repeated.insert(stem);
      if (id == next_number.size()) next_number.push_back(2);
      do name = stem + "-" + std::to_string(next_number[id]++) + ".html";
      while (taken.insert(name, added), !added);
    }
    names.push_back(std::move(name));
  }
  return names;
}

std::vector<std::string> page_file_names(const Library& lib, const View& view) {
  const std::vector<std::string> all = page_file_names(lib);
  std::vector<std::string> names;
  names.reserve(view.entries.size());
  for (const std::uint32_t i : view.entries) names.push_back(all[i]);
  return names;
}

std::string scholar_date(const Date& d) {
  if (d.year < 1 || d.year > 9999) return {};
  char buffer[48];
  if (d.month >= 1 && d.month <= 12 && d.day >= 1 &&
      d.day <= detail::days_in_month(d.year, d.month))
    std::snprintf(buffer, sizeof buffer, "%04d/%02d/%02d", d.year, d.month, d.day);
  else
    std::snprintf(buffer, sizeof buffer, "%04d", d.year);
  return buffer;
}

std::string page_link(std::string_view url, const PagesOptions& o) {
  std::string href = resolve_url(url, o.format.base);
  const std::string site = site_folder(o);
  if (href.empty() || site.empty() || is_http(href)) return href;
  // A scheme before any path (a safe one: mailto:) is not a path under the site.
  if (const std::size_t colon = href.find(':');
      colon != std::string::npos && colon < href.find_first_of("/?#"))
    return href;
  if (href.rfind("//", 0) == 0) return site.substr(0, site.find("//")) + href;
  if (href.front() == '/') return origin_of(site) + href;
  return site + href;
}

std::string scholar_gap(const Publication& p) {
  if (p.title.text.empty()) return "no title";
  if (credited_names(p).empty()) return "no author";
  if (scholar_date(p.date).empty()) return "no year";
  return {};
}

std::string format_scholar_meta(const Publication& p, const PagesOptions& o) {
  std::string out;
  if (!scholar_gap(p).empty())
    return out;  // (a course, a talk without its speaker: no paper to Scholar)
  HtmlOut h(out);
  meta(h, "citation_title", full_title(p));
  for (const Person& a : credited_names(p)) meta(h, "citation_author", scholar_name(a));
  meta(h, "citation_publication_date", scholar_date(p.date));
  const std::string venue = p.venue.text;
  if (const std::string_view venue_tag = biblio::names_of(p.type).highwire; !venue_tag.empty())
    meta(h, venue_tag, venue);
  if (p.type == PubType::Report)
    meta(h, "citation_technical_report_number", latex::decoded_field(p, "number"));
  meta(h, "citation_volume", latex::decoded_field(p, "volume"));
  if (p.type != PubType::Report) {
    const std::string issue = latex::decoded_field(p, "number");
    meta(h, "citation_issue", issue.empty() ? latex::decoded_field(p, "issue") : issue);
  }
  const auto [first, last] = detail::page_range(latex::decoded_field(p, "pages"));
  meta(h, "citation_firstpage", first);
  meta(h, "citation_lastpage", last);
  meta(h, "citation_publisher",
       p.venue_is_publisher() && p.type != PubType::Thesis && p.type != PubType::Report
           ? venue
           : latex::decoded_field(p, "publisher"));
  meta(h, "citation_doi", p.doi());
  meta(h, "citation_isbn", latex::decoded_field(p, "isbn"));
  meta(h, "citation_issn", latex::decoded_field(p, "issn"));
  for (const Link& l : p.links)
    if (l.label == "pdf") {
      // Only an absolute web address: Scholar fetches it (never a javascript: or data: one, and
      // a relative one, without --site, means nothing to it).
      const std::string pdf = page_link(l.url, o);
      if (is_http(pdf)) {
        meta(h, "citation_pdf_url", pdf);
        break;
      }
    }
  return out;
}

PageParts paper_page(const Publication& p, const PagesOptions& o, std::string_view file_name) {
  PageParts parts;
  parts.title = full_title(p);
  HtmlOut head(parts.head);
  parts.head += format_scholar_meta(p, o);
  std::string description;
  if (!p.abstract().empty()) {
    // (At most 300 bytes, cut after a whole word.)
    description = unicode::truncate_utf8(p.abstract().text, 300);
    if (description.size() < p.abstract().text.size()) {
      const std::size_t space = description.find_last_of(' ');
      if (space != std::string::npos && space > 150) description.resize(space);
      description += "\u2026";
    }
    meta(head, "description", description);
  }
  common_head(head, file_name, o);
  const std::string canonical = own_url(file_name, o);
  open_graph(head, "article", parts.title, description, canonical);
  head << "<script type=\"application/ld+json\">"
       << detail::work_json_ld(p, is_http(canonical) ? canonical : std::string()) << "</script>\n";

  std::string& out = parts.body;
  HtmlOut h(out);
  open_shelf(h, kPaperPageOpening, o);
  h << "<article class=\"ps-paper\" data-key=\"";
  h.escaped(p.key) << "\" data-type=\"" << to_string(p.type) << "\" data-status=\""
                   << to_string(p.status) << "\">\n";
  h << "<p class=\"ps-paper-nav\"><a href=\"index.html\">";
  h.escaped(o.title) << "</a></p>\n";
  if (const std::string src = thumbnail_src(p, o.format); !src.empty()) {
    h << "<img class=\"ps-thumbnail\" src=\"";
    h.escaped(src) << "\" alt=\"\">\n";
  }
  const std::string no_link;
  detail::append_entry_head(out, p, o.format, "h1", &no_link);
  detail::append_entry_authors(out, p, o.format);
  detail::append_entry_meta(out, p, words_of(o.format));
  detail::MarkSymbols marks;  // (what the authors' "*" and "\u2020" mean, when the legend says)
  marks.add(p);
  out += marks.legend_html(o.format.legend);
  const std::size_t row = out.size();
  h << "\n<div class=\"ps-actions\">";
  if (detail::append_entry_links(out, p, o.format))
    h << "</div>";
  else
    out.resize(row);
  h << "\n";
  if (!p.abstract().empty()) {
    section(h, "abstract", words_of(o.format)("Abstract"));
    h << "<p" << detail::dir_attribute(p.abstract().text) << ">" << rich_text_html(p.abstract())
      << "</p></div></section>\n";
  }
  section(h, "bibtex", words_of(o.format)("BibTeX"));
  h << "<pre>";
  h.escaped(format_bibtex(p, o.format.bibtex)) << "</pre></div></section>\n";
  section(h, "cite", words_of(o.format)("Cite"));
  h << "<p class=\"ps-citation\" dir=\"auto\">" << format_citation_html(p, kDefaultCitationStyle)
    << "</p></div></section>\n";
  h << format_coins(p) << "\n</article>\n</div>\n";
  return parts;
}

namespace {

// The index's head tags (its canonical link, the stylesheet, the feed, the JSON-LD of every
// paper) and its list, each handed to `sink` in pieces of some 64 KB as they are made: the index
// of 100,000 papers is some 200 MB, which is never held whole.
void write_index_head(const Library& lib, const View& view, const PagesOptions& o, TextSink& sink) {
  std::string out;
  HtmlOut head(out);
  common_head(head, "", o);
  open_graph(head, "website", o.title, {}, own_url("", o));
  head << "<script type=\"application/ld+json\">";
  sink.write(out);
  detail::write_json_ld(lib, view.entries.data(), view.entries.size(), sink);
  sink.write("</script>\n");
}

void write_index_body(const Library& lib, const View& view,
                      const std::vector<std::string>& file_names, const PagesOptions& o,
                      TextSink& sink) {
  std::string out;
  HtmlOut h(out);
  open_shelf(h, kIndexOpening, o);
  h << "<h1>";
  h.escaped(o.title) << "</h1>\n<ol class=\"ps-list\">\n";
  FormatOptions relative =
      o.format;  // (the page names are the folder's, not under the data's base)
  relative.base.clear();
  for (std::size_t k = 0; k < view.entries.size() && k < file_names.size(); ++k) {
    if (file_names[k].empty()) continue;
    const Publication& p = lib.publications[view.entries[k]];
    h << "<li class=\"ps-entry\" data-key=\"";
    h.escaped(p.key) << "\" data-type=\"" << to_string(p.type) << "\" data-status=\""
                     << to_string(p.status) << "\">";
    detail::append_entry_head(out, p, relative, "div", &file_names[k]);
    detail::append_entry_authors(out, p, o.format);
    detail::append_entry_meta(out, p, words_of(o.format));
    h << "</li>\n";
    detail::pass_on_full(out, &sink);
  }
  h << "</ol>\n</div>\n";
  sink.write(out);
}

// A page as it is written: its title (plain text), and what writes its head tags and its body's
// content into a sink.
struct PageWriters {
  std::string_view title;
  std::function<void(TextSink&)> head, body;
};

// Where the page's parts go in a skeleton, and what of the skeleton is left out.
enum class Part { Title, TitleInScript, Head, Body, Drop };
struct Place {
  std::size_t at, length;
  Part part;
};

// The value of attribute `name` in the start tag `tag` (lower-cased, as `tag` is), "" without it.
std::string_view attribute_of(std::string_view tag, std::string_view name) {
  for (std::size_t at = tag.find(name); at != std::string_view::npos; at = tag.find(name, at + 1)) {
    const char before = at > 0 ? tag[at - 1] : '<';
    if (before != ' ' && before != '\t' && before != '\n' && before != '\r' && before != '/')
      continue;
    std::size_t k = at + name.size();
    while (k < tag.size() && (tag[k] == ' ' || tag[k] == '\t' || tag[k] == '\n' || tag[k] == '\r'))
      ++k;
    if (k >= tag.size() || tag[k] != '=') continue;
    ++k;
    while (k < tag.size() && (tag[k] == ' ' || tag[k] == '\t' || tag[k] == '\n' || tag[k] == '\r'))
      ++k;
    if (k < tag.size() && (tag[k] == '"' || tag[k] == '\'')) {
      const std::size_t close = tag.find(tag[k], k + 1);
      return close == std::string_view::npos ? tag.substr(k + 1) : tag.substr(k + 1, close - k - 1);
    }
    const std::size_t end = tag.find_first_of(" \t\r\n>", k);
    return tag.substr(k, end == std::string_view::npos ? std::string_view::npos : end - k);
  }
  return {};
}

// What a site's page says about itself in its <head> and what each paper page says about its
// paper instead (it writes its own): the canonical link, the description, Open Graph's and
// Twitter's title, description, type and URL, and the page's JSON-LD (jekyll-seo-tag's "WebPage"
// of /paper-template/).
bool says_who_the_page_is(std::string_view tag) {
  if (tag.substr(0, 5) == "<link") {
    const std::string_view rel = attribute_of(tag, "rel");
    return rel == "canonical";
  }
  if (tag.substr(0, 7) == "<script") return attribute_of(tag, "type") == "application/ld+json";
  std::string_view name = attribute_of(tag, "property");
  if (name.empty()) name = attribute_of(tag, "name");
  for (const std::string_view own :
       {"description", "og:title", "og:description", "og:url", "og:type", "twitter:title",
        "twitter:description", "twitter:url"})
    if (name == own) return true;
  return false;
}

// Whether a byte after a word ends it: white space or ASCII punctuation ("Paper |", "Paper:").
bool is_word_end(unsigned char c) {
  return c < 0x80 && !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

// The text of an element (its tags left out, white space as one space, trimmed).
std::string element_text(std::string_view html) {
  std::string text;
  bool in_tag = false, space = false;
  for (const char c : html) {
    if (c == '<')
      in_tag = true;
    else if (c == '>')
      in_tag = false;
    else if (!in_tag && (c == ' ' || c == '\t' || c == '\n' || c == '\r'))
      space = !text.empty();
    else if (!in_tag) {
      if (space) text += ' ';
      space = false;
      text += c;
    }
  }
  return text;
}

// The places of a skeleton (a page of the owner's site with the markers; `lower` is it
// lower-cased), in order: the body at its marker; the head tags at theirs or before </head>; the
// title at each <!-- papershelf-title --> and each papershelf-title (a template page titled so
// names the paper everywhere its layout writes the title: <title>, og:title, a nav item, JSON in a
// script), else in place of the <title>'s text; and left out, the head tags that say which page
// this is (says_who_the_page_is) and the layout's own heading, which repeats the page's title
// above the paper's: an <h1> before the body that says papershelf-title, or with which the
// <title>'s text begins.
std::vector<Place> template_places(std::string_view skeleton, const std::string& lower) {
  std::vector<Place> places;
  const std::size_t body = skeleton.find(kPageBodyMarker);
  if (body != std::string_view::npos) places.push_back({body, kPageBodyMarker.size(), Part::Body});
  const std::size_t head_end = lower.find("</head");
  if (const std::size_t at = skeleton.find(kPageHeadMarker); at != std::string_view::npos)
    places.push_back({at, kPageHeadMarker.size(), Part::Head});
  else if (head_end != std::string::npos)
    places.push_back({head_end, 0, Part::Head});

  constexpr std::string_view kTitleWord = "papershelf-title";
  bool titled = false;
  for (std::size_t at = skeleton.find(kPageTitleMarker); at != std::string_view::npos;
       at = skeleton.find(kPageTitleMarker, at + 1))
    places.push_back({at, kPageTitleMarker.size(), Part::Title}), titled = true;
  for (std::size_t at = skeleton.find(kTitleWord); at != std::string_view::npos;
       at = skeleton.find(kTitleWord, at + 1)) {
    if (at >= 5 && skeleton.substr(at - 5, 5) == "<!-- ") continue;  // (the marker's own word)
    const std::size_t script = lower.rfind("<script", at), script_end = lower.rfind("</script", at);
    const bool in_script =
        script != std::string::npos && (script_end == std::string::npos || script_end < script);
    places.push_back({at, kTitleWord.size(), in_script ? Part::TitleInScript : Part::Title});
    titled = true;
  }
  std::string layout_title;
  if (const std::size_t open = lower.find("<title"); open != std::string::npos) {
    const std::size_t text = lower.find('>', open), close = lower.find("</title", open);
    if (text != std::string::npos && close != std::string::npos && text < close) {
      layout_title = element_text(skeleton.substr(text + 1, close - text - 1));
      // Without a title place the page's title takes the place of the layout's own <title> text
      // (every page titled "My Site" would be one page to a reader's tabs and to Scholar).
      if (!titled) places.push_back({text + 1, close - text - 1, Part::Title});
    }
  }

  // The head's tags that name the template page.
  const std::size_t head_limit =
      head_end == std::string::npos ? std::min(body, lower.size()) : head_end;
  for (std::size_t at = lower.find('<'); at != std::string::npos && at < head_limit;
       at = lower.find('<', at + 1)) {
    const std::string_view rest = std::string_view(lower).substr(at);
    const bool link = rest.substr(0, 6) == "<link ", meta = rest.substr(0, 6) == "<meta ",
               script = rest.substr(0, 8) == "<script ";
    if (!link && !meta && !script) continue;
    const std::size_t close = lower.find('>', at);
    if (close == std::string::npos) break;
    if (!says_who_the_page_is(std::string_view(lower).substr(at, close - at))) continue;
    std::size_t end = close + 1;
    if (script) {
      const std::size_t script_close = lower.find("</script", close);
      if (script_close == std::string::npos) continue;
      end = lower.find('>', script_close);
      end = end == std::string::npos ? lower.size() : end + 1;
    }
    if (end < lower.size() && lower[end] == '\n') ++end;  // (and its line)
    places.push_back({at, end - at, Part::Drop});
  }
  // The layout's heading (an <h1> before the body) that only repeats the page's title.
  for (std::size_t open = lower.find("<h1"); body != std::string_view::npos && open < body;
       open = lower.find("<h1", open + 1)) {
    const std::size_t text = lower.find('>', open), close = lower.find("</h1", open);
    if (text == std::string::npos || close == std::string::npos || text > close || close > body)
      break;
    const std::string heading = element_text(skeleton.substr(text + 1, close - text - 1));
    // ("Paper | Jane Doe" and "Paper - Jane Doe" are the page's title first, as al-folio,
    // academicpages and Hugo's themes write it; a masthead's "Jane Doe" is not the title.)
    const bool begins_title =
        !heading.empty() && layout_title.compare(0, heading.size(), heading) == 0 &&
        (layout_title.size() == heading.size() ||
         is_word_end(static_cast<unsigned char>(layout_title[heading.size()])));
    const std::size_t end = lower.find('>', close);
    if ((heading == kTitleWord || begins_title) && end != std::string::npos) {
      places.push_back({open, end + 1 - open, Part::Drop});
      break;
    }
  }
  std::sort(places.begin(), places.end(),
            [](const Place& a, const Place& b) { return a.at < b.at; });
  return places;
}

// The whole page into `out`: the parts put into `skeleton` at its markers, or a minimal complete
// page when `skeleton` is "" (page_html's rules).
void write_page(const PageWriters& page, const PagesOptions& o, std::string_view skeleton,
                TextSink& out) {
  std::string title;
  detail::append_escaped_html(title, page.title);
  if (skeleton.empty()) {
    std::string opening;
    HtmlOut h(opening);
    h << "<!DOCTYPE html>\n<html lang=\"";
    h.escaped(o.lang)
        << "\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        << title << "</title>\n";
    out.write(opening);
    page.head(out);
    out.write(kStandaloneStyle);
    out.write("</head>\n<body>\n<main>\n");
    page.body(out);
    out.write("</main>\n</body>\n</html>\n");
    return;
  }
  // Each place once, where the skeleton has it: what is put in is never searched again, so data
  // that spells a marker (escaped anyway) places nothing.
  const std::string lower = unicode::ascii_lower(skeleton);
  const std::vector<Place> places = template_places(skeleton, lower);
  // (A <title> goes before the head tags when the skeleton has none.)
  const std::string title_tag =
      lower.find("<title") == std::string::npos ? "<title>" + title + "</title>\n" : std::string();
  std::size_t copied = 0;
  for (const Place& place : places) {
    if (place.at < copied) continue;  // (places that overlap: the first wins)
    out.write(skeleton.substr(copied, place.at - copied));
    switch (place.part) {
      case Part::Title:
        out.write(title);
        break;
      case Part::TitleInScript: {
        json::Writer w;
        w.string(page.title);
        std::string quoted;
        detail::append_script_safe(quoted, w.str());
        out.write(std::string_view(quoted).substr(1, quoted.size() - 2));
        break;
      }
      case Part::Head:
        out.write(title_tag), page.head(out);
        break;
      case Part::Body:
        page.body(out);
        break;
      case Part::Drop:
        break;
    }
    copied = place.at + place.length;
  }
  out.write(skeleton.substr(copied));
}

}  // namespace

PageParts pages_index(const Library& lib, const View& view,
                      const std::vector<std::string>& file_names, const PagesOptions& o) {
  StringSink head, body;
  write_index_head(lib, view, o, head);
  write_index_body(lib, view, file_names, o, body);
  return {o.title, std::move(head.text), std::move(body.text)};
}

void write_pages_index(const Library& lib, const View& view,
                       const std::vector<std::string>& file_names, const PagesOptions& o,
                       std::string_view skeleton, TextSink& out) {
  write_page({o.title, [&](TextSink& sink) { write_index_head(lib, view, o, sink); },
              [&](TextSink& sink) { write_index_body(lib, view, file_names, o, sink); }},
             o, skeleton, out);
}

std::string template_problem(std::string_view skeleton) {
  if (skeleton.find(kPageBodyMarker) == std::string_view::npos)
    return "it has no " + std::string(kPageBodyMarker) + " marker where the page's content goes";
  if (skeleton.find(kPageHeadMarker) == std::string_view::npos &&
      unicode::ascii_lower(skeleton).find("</head") == std::string::npos)
    return "it has neither a " + std::string(kPageHeadMarker) +
           " marker nor a </head>: the Scholar tags would have no place";
  return {};
}

std::string page_html(const PageParts& parts, const PagesOptions& o, std::string_view skeleton) {
  StringSink page;
  page.text.reserve(parts.head.size() + parts.body.size() + skeleton.size() + 1024);
  write_page({parts.title, [&](TextSink& sink) { sink.write(parts.head); },
              [&](TextSink& sink) { sink.write(parts.body); }},
             o, skeleton, page);
  return std::move(page.text);
}

std::string format_atom(const Library& lib, const View& view,
                        const std::vector<std::string>& file_names, const PagesOptions& o) {
  StringSink feed;
  write_atom(lib, view, file_names, o, feed);
  return std::move(feed.text);
}

void write_atom(const Library& lib, const View& view, const std::vector<std::string>& file_names,
                const PagesOptions& o, TextSink& sink) {
  std::vector<std::size_t> order;
  std::vector<std::string> dates(
      std::min(view.entries.size(), file_names.size()));  // (each made once, not per comparison)
  for (std::size_t k = 0; k < dates.size(); ++k)
    if (!file_names[k].empty()) {
      order.push_back(k);
      dates[k] = rfc3339(lib.publications[view.entries[k]].date);
    }
  const auto date_of = [&](std::size_t k) -> const std::string& { return dates[k]; };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return date_of(a) > date_of(b); });
  const std::string site = site_folder(o);
  std::string out;
  HtmlOut h(out);
  const auto xml = [&](std::string_view text) -> HtmlOut& {
    append_xml(out, text);
    return h;
  };
  h << "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" "
       "xml:lang=\"";
  xml(o.lang) << "\">\n<title>";
  xml(o.title) << "</title>\n<id>";
  xml(site.empty() ? std::string("urn:papershelf:feed") : site)
      << "</id>\n<updated>" << (order.empty() ? rfc3339(Date{}) : date_of(order.front()))
      << "</updated>\n";
  if (!site.empty()) {
    h << "<link rel=\"self\" type=\"application/atom+xml\" href=\"";
    xml(site + "feed.xml") << "\"/>\n";
  }
  h << "<link rel=\"alternate\" type=\"text/html\" href=\"";
  xml(own_url("", o)) << "\"/>\n<author><name>";
  xml(o.author.empty() ? o.title : o.author) << "</name></author>\n" << kFeedGenerator << "\n";
  for (const std::size_t k : order) {
    const Publication& p = lib.publications[view.entries[k]];
    const std::string url = own_url(file_names[k], o);
    h << "<entry>\n<id>";
    // (An Atom id is an absolute IRI: without a site, a URN of the page's name.)
    xml(site.empty() ? "urn:papershelf:page:" + file_names[k] : url)
        << "</id>\n<title type=\"text\">";
    xml(full_title(p)) << "</title>\n<link rel=\"alternate\" type=\"text/html\" href=\"";
    xml(url) << "\"/>\n<updated>" << date_of(k) << "</updated>\n";
    for (const Person& a : credited_names(p)) {
      h << "<author><name>";
      xml(display_name(a)) << "</name></author>\n";
    }
    if (!p.abstract().empty()) {
      h << "<summary type=\"text\">";
      xml(p.abstract().text) << "</summary>\n";
    }
    h << "</entry>\n";
    detail::pass_on_full(out, &sink);
  }
  h << "</feed>\n";
  sink.write(out);
}

std::vector<std::string_view> pages_file_marks(std::string_view file_name) {
  if (file_name == "feed.xml") return {kFeedGenerator};
  if (file_name == "sitemap.xml") return {kSitemapOpening};
  if (file_name == "papershelf.css") return {kStylesheetOpening};
  if (file_name.size() > 5 && file_name.substr(file_name.size() - 5) == ".html")
    return {kPaperPageOpening, kIndexOpening};
  return {};
}

std::string format_sitemap(const std::vector<std::string>& file_names, const PagesOptions& o) {
  const std::string site = site_folder(o);
  if (site.empty()) return {};
  std::string out(kSitemapOpening);
  const auto url = [&](const std::string& loc) {
    out += "<url><loc>";
    append_xml(out, loc);
    out += "</loc></url>\n";
  };
  url(site);
  for (const std::string& name : file_names)
    if (!name.empty()) url(site + name);
  out += "</urlset>\n";
  return out;
}

}  // namespace papershelf
