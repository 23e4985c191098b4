// JSON output: CSL-JSON for other tools, and the view model the CLI and the JS glue read.
#include "papershelf/format.hpp"
#include "papershelf/json.hpp"

namespace papershelf {
namespace {

using json::Writer;

const char* csl_type(PubType t) {
  switch (t) {
    case PubType::Conference: return "paper-conference";
    case PubType::Journal: return "article-journal";
    case PubType::Preprint: return "article";
    case PubType::Thesis: return "thesis";
    case PubType::Book: return "book";
    case PubType::Chapter: return "chapter";
    case PubType::Report: return "report";
    case PubType::Talk: return "speech";
    case PubType::Patent: return "patent";
    case PubType::Dataset: return "dataset";
    case PubType::Software: return "software";
    case PubType::Misc: break;
  }
  return "document";
}

void csl_name(Writer& w, const Person& a) {
  w.begin_object();
  if (a.is_literal()) {
    w.field("literal", a.literal());
  } else {
    w.field("family", a.family());
    if (!a.given().empty()) w.field("given", a.given());
    if (!a.particle().empty()) w.field("non-dropping-particle", a.particle());
    if (!a.suffix().empty()) w.field("suffix", a.suffix());
  }
  w.end_object();
}

void date_parts(Writer& w, const Date& d) {
  w.begin_object().key("date-parts").begin_array().begin_array().number(d.year);
  if (d.month) w.number(d.month);
  if (d.month && d.day) w.number(d.day);
  w.end_array().end_array().end_object();
}

void optional_int(Writer& w, const char* key, std::optional<std::int64_t> v) {
  w.key(key);
  if (v) w.number(*v);
  else w.null();
}

}  // namespace

// Pretty-printed with two spaces, as before (nlohmann's dump(2)); invalid UTF-8 becomes U+FFFD.
std::string format_csl_json(const Library& lib, const View& view) {
  Writer w(2);
  w.begin_array();
  for (auto i : view.entries) {
    const Publication& p = lib.publications[i];
    w.begin_object().field("id", p.key).field("type", csl_type(p.type)).field("title", p.title.text);
    if (!p.authors.empty()) {
      w.key("author").begin_array();
      for (const auto& a : p.authors) csl_name(w, a);
      w.end_array();
    }
    if (!p.editors.empty()) {
      w.key("editor").begin_array();
      for (const auto& a : p.editors) csl_name(w, a);
      w.end_array();
    }
    if (p.date.year) date_parts(w.key("issued"), p.date);
    if (!p.venue.empty()) w.field("container-title", p.venue.text);
    if (!p.doi.empty()) w.field("DOI", p.doi);
    if (const Link* l = best_link(p)) w.field("URL", l->url);
    if (!p.note.empty()) w.field("note", p.note.text);
    if (!p.abstract.empty()) w.field("abstract", p.abstract.text);
    if (!p.tags.empty()) {
      std::string k;
      for (const auto& t : p.tags) k += (k.empty() ? "" : ", ") + t;
      w.field("keyword", k);
    }
    if (p.status == Status::Accepted) w.field("status", "forthcoming");
    else if (p.status != Status::Published) w.field("status", to_string(p.status));
    w.end_object();
  }
  w.end_array();
  return w.take();
}

std::string format_view_json(const Library& lib, const View& view, const FormatOptions& o) {
  Writer w(2);
  w.begin_array();
  for (auto i : view.entries) {
    const Publication& p = lib.publications[i];
    w.begin_object().field("key", p.key).field("type", to_string(p.type)).field("title", p.title.text);
    optional_int(w, "year", p.date.year ? std::optional<std::int64_t>(p.date.year) : std::nullopt);
    optional_int(w, "month", p.date.month ? std::optional<std::int64_t>(p.date.month) : std::nullopt);
    w.field("venue", p.venue.text).field("badge", p.badge).field("status", to_string(p.status))
        .field("selected", p.selected).field("award", p.award.text).field("award_label", p.award_label)
        .field("note", p.note.text);
    const AuthorLine line = author_line(p, o.owner, 0);
    bool editors = false;
    const std::vector<Person>& names = credited_names(p, &editors);
    w.key("authors").begin_array();
    for (std::size_t k = 0; k < names.size(); ++k) {
      w.begin_object().field("name", display_name(names[k]))
          .field("owner", static_cast<bool>(line.is_owner[k])).field("marks", names[k].marks())
          .end_object();
    }
    w.end_array().field("et_al", p.others && !editors);
    if (editors) w.field("editors", true);
    w.key("links").begin_array();
    for (const auto& l : p.links)
      if (std::string href = resolve_url(l.url, o.base); !href.empty())
        w.begin_object().field("label", l.label).field("url", href).end_object();
    w.end_array();
    const Link* best = best_link(p);
    w.field("url", best ? resolve_url(best->url, o.base) : std::string());
    w.field("abstract", p.abstract.text).field("doi", p.doi).field("arxiv", p.arxiv).key("tags").begin_array();
    for (const auto& t : p.tags) w.string(t);
    w.end_array();
    optional_int(w, "citations", p.citations);
    w.end_object();
  }
  w.end_array();
  return w.take();
}

}  // namespace papershelf
