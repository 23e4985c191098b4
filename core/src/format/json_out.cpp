// JSON output: CSL-JSON for other tools, and the view model the CLI and the JS glue read.
#include <algorithm>

#include "biblio/csl_variables.hpp"
#include "biblio/kinds.hpp"
#include "biblio/pub_types.hpp"
#include "format/csl_item.hpp"
#include "model/dates.hpp"
#include "papershelf/boundary.hpp"
#include "papershelf/diagnostics.hpp"
#include "papershelf/export.hpp"
#include "papershelf/json.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/names.hpp"
#include "papershelf/record_text.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/urls.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"

namespace papershelf {
namespace {

using json::Writer;
namespace csl_json = biblio::csl_json;

// Text for the CSL processor inside papershelf (`escaped`): "<", ">" and "&" as entities, so that
// a title that says "<b>" is not read as markup, which only papershelf's own spans become.
std::string data(std::string_view s, bool escaped) {
  if (!escaped || s.find_first_of("<>&") == std::string_view::npos) return std::string(s);
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

template <class W>
void csl_name(W& w, const Person& a, bool escaped = false) {
  w.begin_object();
  if (a.is_literal()) {
    w.field("literal", data(a.literal(), escaped));
  } else {
    w.field("family", data(a.family(), escaped));
    if (!a.given().empty()) w.field("given", data(a.given(), escaped));
    if (!a.particle().empty()) w.field("non-dropping-particle", data(a.particle(), escaped));
    if (!a.suffix().empty()) w.field("suffix", data(a.suffix(), escaped));
  }
  w.end_object();
}

template <class W>
void date_parts(W& w, const Date& d, const Date* end = nullptr) {
  w.begin_object().key("date-parts").begin_array();
  for (const Date* part : {&d, end}) {
    if (!part) continue;
    w.begin_array().number(part->year);
    if (part->month) w.number(part->month);
    if (part->month && part->day) w.number(part->day);
    w.end_array();
  }
  w.end_array().end_object();
}

// Rich text as CSL-JSON's own markup (<i>, <b>, small caps, <span class="nocase">), which the
// CSL-JSON reader reads back; other styles (math, links) stay plain text.
std::string csl_markup(const RichText& t, bool escaped = false) {
  auto open_tag = [](SpanStyle s) -> const char* {
    switch (s) {
      case SpanStyle::Italic:
        return "<i>";
      case SpanStyle::Bold:
        return "<b>";
      case SpanStyle::SmallCaps:
        return "<span style=\"font-variant:small-caps;\">";
      case SpanStyle::NoCase:
        return "<span class=\"nocase\">";
      case SpanStyle::Superscript:
        return "<sup>";
      case SpanStyle::Subscript:
        return "<sub>";
      default:
        return nullptr;
    }
  };
  auto close_tag = [](SpanStyle s) {
    switch (s) {
      case SpanStyle::Italic:
        return "</i>";
      case SpanStyle::Bold:
        return "</b>";
      case SpanStyle::Superscript:
        return "</sup>";
      case SpanStyle::Subscript:
        return "</sub>";
      default:
        return "</span>";
    }
  };
  // BibTeX's braces protect case only: around text without a letter (Scopus's "Tradition{'}s")
  // they protect nothing, and a nocase span there would keep a CSL processor from writing the
  // apostrophe as ’, as papershelf's own citations do. (Any non-ASCII byte may be a letter.)
  auto has_case = [&](const Span& sp) {
    for (std::uint32_t at = sp.begin; at < sp.end; ++at) {
      const auto ch = static_cast<unsigned char>(t.text[at]);
      const auto lower = static_cast<unsigned char>(ch | 0x20);
      if (ch >= 0x80 || (lower >= 'a' && lower <= 'z')) return true;
    }
    return false;
  };
  std::vector<std::uint32_t> spans;  // by where they begin, a longer one first (it opens first)
  for (std::uint32_t i = 0; i < t.spans.size(); ++i) {
    const Span& sp = t.spans[i];
    if (open_tag(sp.style) && sp.begin < sp.end && sp.end <= t.text.size() &&
        (sp.style != SpanStyle::NoCase || has_case(sp)))
      spans.push_back(i);
  }
  if (spans.empty()) return data(t.text, escaped);
  detail::sort_indices(spans, [&](std::uint32_t a, std::uint32_t b) {
    return t.spans[a].begin != t.spans[b].begin ? t.spans[a].begin < t.spans[b].begin
                                                : t.spans[a].end > t.spans[b].end;
  });
  std::string out;
  std::vector<const Span*> open;  // innermost last
  std::size_t next = 0;           // (going through every span at every byte was quadratic)
  for (std::size_t at = 0; at <= t.text.size(); ++at) {
    while (!open.empty() && open.back()->end == at) {
      out += close_tag(open.back()->style);
      open.pop_back();
    }
    for (; next < spans.size() && t.spans[spans[next]].begin == at; ++next) {
      const Span* sp = &t.spans[spans[next]];
      if (open.empty() ||
          sp->end <= open.back()->end) {  // (one that would cross the open one is left out)
        out += open_tag(sp->style);
        open.push_back(sp);
      }
    }
    if (at < t.text.size()) {
      const char ch = t.text[at];
      if (escaped && (ch == '<' || ch == '>' || ch == '&'))
        out += ch == '<' ? "&lt;" : ch == '>' ? "&gt;" : "&amp;";
      else
        out += ch;
    }
  }
  return out;
}

// Where CSL-JSON keeps a record's venue.
std::string_view venue_variable(const Publication& p) {
  if (p.venue_is_publisher()) return "publisher";
  return p.venue_field == VenueField::EventTitle ? "event-title" : "container-title";
}

// biblatex's type keys as the words a thesis or report is called by.
std::string genre_text(const std::string& type) {
  const std::string key = unicode::ascii_lower(type);
  if (key == "phdthesis") return "PhD thesis";
  if (key == "mathesis" || key == "mastersthesis") return "Master\xE2\x80\x99s thesis";
  if (key == "techreport") return "Technical report";
  return type;
}

// A whole work's single page number is its length, not a page of it.
bool pages_are_a_total(const Publication& p, const std::string& pages) {
  if (p.type != PubType::Book && p.type != PubType::Thesis && p.type != PubType::Report)
    return false;
  if (p.extra_field("pagetotal") || p.extra_field("numpages")) return false;
  return !pages.empty() && pages.find_first_not_of("0123456789 ") == std::string::npos;
}

// Publication::extra's details as the CSL-JSON variables they are (biblio/csl_variables.hpp);
// fields CSL has no variable for (al-folio's, the owner's own) are left out. Pages get CSL's plain
// hyphen.
template <class W>
void csl_details(W& w, const Publication& p, bool escaped) {
  const bool in_series = p.extra_field("series") != nullptr;
  std::vector<std::string_view> written{venue_variable(p)};
  for (const ExtraField& f : p.extra) {
    std::string_view name;
    csl_json::Kind kind = csl_json::Kind::Text;
    if (f.name == "number") {
      name = csl_json::number_variable(p.type, in_series);
    } else if (f.name == "pages" && pages_are_a_total(p, f.value)) {
      name = "number-of-pages";  // (a book's "pages = {321}" is how long it is)
    } else if (const csl_json::Variable* v = csl_json::by_bibtex(f.name)) {
      name = v->csl;
      kind = v->kind;
    } else if (csl_json::is_variable(f.name, &kind)) {
      name = f.name;
    } else if (f.name == "eprint" && p.extra_field("eprinttype") &&
               unicode::ascii_lower(*p.extra_field("eprinttype")) == "pubmed") {
      name = "PMID";
    } else {
      continue;
    }
    if (std::find(written.begin(), written.end(), name) != written.end()) continue;
    if (kind == csl_json::Kind::Date ? detail::parse_date_text(f.value).year == 0
                                     : latex::decode(f.value).text.empty())
      continue;  // (no empty "volume": "" nor a date of year 0)
    written.push_back(name);
    w.key(name);
    switch (kind) {
      case csl_json::Kind::Date: {
        const std::size_t slash = f.value.find('/');
        const Date end = slash == std::string::npos
                             ? Date()
                             : detail::parse_date_text(std::string_view(f.value).substr(slash + 1));
        date_parts(w, detail::parse_date_text(f.value), end.year ? &end : nullptr);
      } break;
      case csl_json::Kind::Names: {
        w.begin_array();
        for (const Person& a : parse_bibtex_names(f.value).people) csl_name(w, a, escaped);
        w.end_array();
        break;
      }
      case csl_json::Kind::Json: {
        json::Value v;
        if (json::parse(f.value, v))
          w.value(v);
        else
          w.string(f.value);
        break;
      }
      case csl_json::Kind::Text: {
        std::string text = latex::decode(f.value).text;
        if (name == "page") text = bytes::replaced(text, "\xE2\x80\x93", "-");
        if (name == "genre") text = genre_text(text);
        w.string(data(text, escaped));
        break;
      }
    }
  }
}

template <class W>
void write_csl_item(W& w, const Publication& p, bool escaped = false) {
  // (BibTeX's @unpublished is CSL's manuscript: a draft, not a preprint)
  const std::string source = unicode::ascii_lower(p.source_type);
  const bool manuscript = source == "unpublished" || source == "manuscript";
  w.begin_object()
      .field("id", p.key)
      .field("citation-key", p.key)
      .field("type", manuscript ? "manuscript" : biblio::names_of(p.type).csl)
      .field("title", p.extra_field("subtitle")
                          ? data(full_title(p), escaped)
                          : csl_markup(p.title, escaped));  // (CSL has no subtitle)
  if (!p.authors.empty()) {
    w.key("author").begin_array();
    for (const auto& a : p.authors) csl_name(w, a, escaped);
    w.end_array();
  }
  if (!p.editors().empty()) {
    w.key("editor").begin_array();
    for (const auto& a : p.editors()) csl_name(w, a, escaped);
    w.end_array();
  }
  if (p.date.year) date_parts(w.key("issued"), p.date);
  // (an event's name is not a title: its text without the case protection titles carry, as
  // citation-js and the CSL-JSON of other tools write it)
  if (!p.venue.empty())
    w.field(venue_variable(p),
            csl_markup(p.venue_field == VenueField::EventTitle ? RichText(p.venue.text) : p.venue,
                       escaped));
  csl_details(w, p, escaped);
  // What a thesis is, when the data does not say (BibTeX says it by its entry type).
  if (p.type == PubType::Thesis && !p.extra_field("type") &&
      (source == "mastersthesis" || source == "phdthesis")) {
    w.field("genre", source == "mastersthesis" ? "Master\xE2\x80\x99s thesis" : "PhD thesis");
  }
  // An arXiv preprint as reference managers keep it: its identifier as the number, arXiv as
  // the publisher when nothing else publishes it.
  if (p.type == PubType::Preprint && !manuscript && !p.arxiv().empty()) {
    if (!p.extra_field("number")) w.field("number", "arXiv:" + p.arxiv());
    if (p.venue.empty() && !p.extra_field("publisher")) w.field("publisher", "arXiv");
  }
  if (!p.doi().empty()) w.field("DOI", data(p.doi(), escaped));
  if (const std::string url = record_address(p); !url.empty()) w.field("URL", data(url, escaped));
  if (!p.note().empty()) w.field("note", data(p.note().text, escaped));
  // (the citation styles print neither abstracts nor keywords: a citation is spared them)
  if (!p.abstract().empty() && !escaped) w.field("abstract", p.abstract().text);
  if (!p.tags().empty() && !escaped) {
    std::string k;
    for (const auto& t : p.tags()) k += (k.empty() ? "" : ", ") + t;
    w.field("keyword", k);
  }
  if (p.status == Status::Accepted)
    w.field("status", "forthcoming");
  else if (manuscript && (p.status == Status::Preprint || p.status == Status::Published)) {
  }  // (said by its type)
  else if (p.status != Status::Published)
    w.field("status", to_string(p.status));
  // (else read back as a preprint's, or as the details' words say: volume = "In press")
  else if (p.type == PubType::Preprint || biblio::details_status(p))
    w.field("status", "published");
  w.end_object();
}

// One item as a value (written out by Writer::value: one copy of the code above, not two).
json::Value csl_item(const Publication& p, bool escaped) {
  json::Builder b;
  write_csl_item(b, p, escaped);
  return b.take();
}

}  // namespace

// Pretty-printed with two spaces, as before (nlohmann's dump(2)); invalid UTF-8 becomes U+FFFD.
std::string format_csl_json(const Library& lib, const View& view) {
  Writer w(2);
  w.begin_array();
  for (auto i : view.entries) w.value(csl_item(lib.publications[i], false));
  w.end_array();
  return w.take();
}

std::string format_csl_json(const Publication& p, bool escaped) {
  Writer w;
  w.value(csl_item(p, escaped));
  return w.take();
}

json::Value csl_json_item(const Publication& p, const OwnerMatcher* owner) {
  json::Value item = csl_item(p, true);
  if (!owner) return item;
  json::Value mark;
  mark.kind = json::Value::Kind::Bool;
  mark.boolean = true;
  for (const auto& [key, people] :
       {std::pair<const char*, const std::vector<Person>*>{"author", &p.authors},
        {"editor", &p.editors()}})
    for (json::Member& m : item.members)
      if (m.key == key && m.value.items.size() == people->size())
        for (std::size_t i = 0; i < people->size(); ++i)
          if (owner->matches((*people)[i]))
            m.value.items[i].members.push_back({"papershelf-owner", mark});
  return item;
}

ViewEntry view_entry(const Publication& p, const FormatOptions& o) {
  ViewEntry e;
  e.key = p.key;
  e.type = std::string(to_string(p.type));
  e.title = p.title.text;
  if (p.date.year) e.year = p.date.year;
  if (p.date.month) e.month = p.date.month;
  e.venue = shown_venue(p).text;
  e.badge = p.badge();
  e.status = std::string(to_string(p.status));
  e.selected = p.selected;
  e.award = p.award().text;
  e.award_label = p.award_label();
  if (!note_repeats_status(p)) e.note = p.note().text;
  const AuthorLine line = author_line(p, o.owner, 0);
  bool editors = false;
  const std::vector<Person>& names = credited_names(p, &editors);
  e.authors.reserve(names.size());
  for (std::size_t k = 0; k < names.size(); ++k)
    e.authors.push_back({display_name(names[k]), static_cast<bool>(line.is_owner[k]),
                         std::string(names[k].marks())});
  e.et_al = p.others && !editors;
  if (editors) e.editors = true;
  for (const auto& l : p.links)
    if (std::string href = resolve_url(l.url, o.base); !href.empty())
      e.links.push_back({l.label, std::move(href)});
  if (const Link* best = best_link(p)) e.url = resolve_url(best->url, o.base);
  e.abstract = p.abstract().text;
  e.doi = p.doi();
  e.arxiv = p.arxiv();
  e.tags = p.tags();
  e.citations = p.citations();
  return e;
}

std::string format_view_json(const Library& lib, const View& view, const FormatOptions& o) {
  Writer w(2);
  w.begin_array();
  for (auto i : view.entries) write_json(w, view_entry(lib.publications[i], o));
  w.end_array();
  return w.take();
}

std::string format_diagnostics_json(const std::vector<Diagnostic>& diagnostics, int indent) {
  Writer w(indent);
  w.begin_array();
  for (const Diagnostic& d : diagnostics)
    w.begin_object()
        .field("source", d.source)
        .field("line", d.line)
        .field("column", d.column)
        .field("severity", to_string(d.severity))
        .field("kind", to_string(d.kind))
        .field("message", d.message)
        .field("text", format_diagnostic(d))
        .end_object();
  w.end_array();
  return w.take();
}

}  // namespace papershelf
