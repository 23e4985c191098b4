// JSON output: CSL-JSON for other tools, and the view model the CLI and the JS glue read.
#include <nlohmann/json.hpp>

#include "papershelf/format.hpp"

namespace papershelf {
namespace {

using json = nlohmann::ordered_json;

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

json csl_name(const Person& a) {
  json n = json::object();
  if (a.is_literal()) {
    n["literal"] = a.literal;
    return n;
  }
  n["family"] = a.family;
  if (!a.given.empty()) n["given"] = a.given;
  if (!a.particle.empty()) n["non-dropping-particle"] = a.particle;
  if (!a.suffix.empty()) n["suffix"] = a.suffix;
  return n;
}

json date_parts(const Date& d) {
  json parts = json::array({d.year});
  if (d.month) parts.push_back(d.month);
  if (d.month && d.day) parts.push_back(d.day);
  return json{{"date-parts", json::array({parts})}};
}

// Invalid UTF-8 must never reach nlohmann's dump (it would abort without exceptions).
std::string dump(const json& j) { return j.dump(2, ' ', false, json::error_handler_t::replace); }

}  // namespace

std::string format_csl_json(const Library& lib, const View& view) {
  json out = json::array();
  for (auto i : view.entries) {
    const Publication& p = lib.publications[i];
    json item = json::object();
    item["id"] = p.key;
    item["type"] = csl_type(p.type);
    item["title"] = p.title.text;
    if (!p.authors.empty()) {
      json& authors = item["author"] = json::array();
      for (const auto& a : p.authors) authors.push_back(csl_name(a));
    }
    if (!p.editors.empty()) {
      json& editors = item["editor"] = json::array();
      for (const auto& a : p.editors) editors.push_back(csl_name(a));
    }
    if (p.date.year) item["issued"] = date_parts(p.date);
    if (!p.venue.empty()) item["container-title"] = p.venue.text;
    if (!p.doi.empty()) item["DOI"] = p.doi;
    if (const Link* l = best_link(p)) item["URL"] = l->url;
    if (!p.note.empty()) item["note"] = p.note.text;
    if (!p.abstract.empty()) item["abstract"] = p.abstract.text;
    if (!p.tags.empty()) {
      std::string k;
      for (const auto& t : p.tags) k += (k.empty() ? "" : ", ") + t;
      item["keyword"] = k;
    }
    if (p.status == Status::Accepted) item["status"] = "forthcoming";
    else if (p.status != Status::Published) item["status"] = std::string(to_string(p.status));
    out.push_back(std::move(item));
  }
  return dump(out);
}

std::string format_view_json(const Library& lib, const View& view, const FormatOptions& o) {
  json out = json::array();
  for (auto i : view.entries) {
    const Publication& p = lib.publications[i];
    json item = json::object();
    item["key"] = p.key;
    item["type"] = std::string(to_string(p.type));
    item["title"] = p.title.text;
    item["year"] = p.date.year ? json(p.date.year) : json(nullptr);
    item["month"] = p.date.month ? json(p.date.month) : json(nullptr);
    item["venue"] = p.venue.text;
    item["badge"] = p.badge;
    item["status"] = std::string(to_string(p.status));
    item["selected"] = p.selected;
    item["award"] = p.award.text;
    item["award_label"] = p.award_label;
    item["note"] = p.note.text;
    const AuthorLine line = author_line(p, o.owner, 0);
    json authors = json::array();
    for (std::size_t k = 0; k < p.authors.size(); ++k) {
      authors.push_back({{"name", display_name(p.authors[k])},
                         {"owner", static_cast<bool>(line.is_owner[k])},
                         {"marks", p.authors[k].marks}});
    }
    item["authors"] = std::move(authors);
    item["et_al"] = p.others;
    json links = json::array();
    for (const auto& l : p.links)
      if (is_safe_url(l.url)) links.push_back({{"label", l.label}, {"url", resolve_url(l.url, o.base)}});
    item["links"] = std::move(links);
    const Link* best = best_link(p);
    item["url"] = best && is_safe_url(best->url) ? resolve_url(best->url, o.base) : std::string();
    item["abstract"] = p.abstract.text;
    item["doi"] = p.doi;
    item["arxiv"] = p.arxiv;
    item["tags"] = p.tags;
    item["citations"] = p.citations ? json(*p.citations) : json(nullptr);
    out.push_back(std::move(item));
  }
  return dump(out);
}

}  // namespace papershelf
