// What the sync tests share: an OpenAlex works response of our own, read back, and a sync's plan.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "papershelf/json.hpp"
#include "papershelf/read.hpp"
#include "papershelf/sync.hpp"

namespace papershelf::sync_testing {

// A works response of our own: one work per {id, doi, title, year, first author, type, count}.
struct W {
  W() = default;
  W(std::string id_, std::string doi_, std::string title_, int year_,
    std::vector<std::string> authors_, std::string type_ = "article", std::int64_t cited_ = 0,
    std::string arxiv_url_ = {}, std::string venue_ = {}, std::string venue_type_ = "journal")
      : id(std::move(id_)),
        doi(std::move(doi_)),
        title(std::move(title_)),
        year(year_),
        authors(std::move(authors_)),
        type(std::move(type_)),
        cited(cited_),
        arxiv_url(std::move(arxiv_url_)),
        venue(std::move(venue_)),
        venue_type(std::move(venue_type_)) {}
  std::string id, doi, title;
  int year = 0;
  std::vector<std::string> authors;
  std::string type = "article";
  std::int64_t cited = 0;
  std::string arxiv_url;  // a location on arXiv
  std::string venue, venue_type = "journal";
};
inline std::string response(const std::vector<W>& works) {
  json::Writer w;
  w.begin_object()
      .key("meta")
      .begin_object()
      .field("count", works.size())
      .end_object()
      .key("results")
      .begin_array();
  for (const W& work : works) {
    w.begin_object().field("id", "https://openalex.org/" + work.id);
    if (work.doi.empty())
      w.key("doi").null();
    else
      w.field("doi", "https://doi.org/" + work.doi);
    w.field("title", work.title).field("display_name", work.title);
    if (work.year) w.field("publication_year", work.year);
    w.field("type", work.type).field("cited_by_count", work.cited);
    w.key("authorships").begin_array();
    for (const std::string& a : work.authors)
      w.begin_object()
          .key("author")
          .begin_object()
          .field("display_name", a)
          .end_object()
          .end_object();
    w.end_array();
    w.key("primary_location").begin_object().key("source");
    if (work.venue.empty())
      w.null();
    else
      w.begin_object()
          .field("display_name", work.venue)
          .field("type", work.venue_type)
          .end_object();
    w.end_object();
    w.key("locations").begin_array();
    if (!work.arxiv_url.empty())
      w.begin_object().field("landing_page_url", work.arxiv_url).end_object();
    w.end_array();
    w.end_object();
  }
  w.end_array().end_object();
  return w.take();
}

inline std::vector<sync::Work> works_of(const std::string& json) {
  sync::WorksRead r = sync::read_openalex_works(json, "works.json");
  for (const Diagnostic& d : r.diagnostics) ADD_FAILURE() << format_diagnostic(d);
  return r.works;
}

inline sync::Plan plan_of(const std::string& bib, const std::vector<sync::Work>& works,
                          bool add = false) {
  sync::Options o;
  o.date = "2026-11-27";
  o.add = add;
  return sync::plan(bib, "papers.bib", works, o);
}

}  // namespace papershelf::sync_testing
