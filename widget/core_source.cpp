#include "core_source.hpp"

#include <utility>

namespace papershelf::widget {

CoreSource::CoreSource(Library library, const std::vector<std::string>& owner_names,
                       std::string base)
    : library_(std::move(library)), base_(std::move(base)) {
  std::vector<std::string> names = owner_names;
  if (names.empty() && !library_.profile.name.empty()) {
    names.push_back(library_.profile.name);
    names.insert(names.end(), library_.profile.aliases.begin(), library_.profile.aliases.end());
  }
  owner_ = OwnerMatcher(names);
  index_ = SearchIndex(library_);
  for (const auto& p : library_.publications)
    has_citations_ = has_citations_ || p.citations.has_value();
}

ViewData CoreSource::run(const Query& query) const {
  View view = run_query(library_, query, owner_, &index_);
  ViewData out;
  out.entries = std::move(view.entries);
  out.groups = std::move(view.groups);
  out.total = view.total;
  out.facets = facet_counts(library_, query, owner_, &index_);
  out.has_citations = has_citations_;
  return out;
}

Row CoreSource::row(std::uint32_t record) const {
  Row r;
  if (record >= library_.publications.size()) return r;
  const Publication& p = library_.publications[record];
  r.key = p.key;
  r.title = p.title.text;
  if (const Link* best = best_link(p); best && is_safe_url(best->url))
    r.url = resolve_url(best->url, base_);
  r.venue = p.venue.text;
  r.badge = p.badge;
  r.status = std::string(to_string(p.status));
  r.award = p.award.text;
  r.award_label = p.award_label;
  r.note = p.note.text;
  r.abstract = p.abstract.text;
  r.year = p.date.year;
  r.citations = p.citations.value_or(-1);
  const AuthorLine line = author_line(p, owner_, 0);
  for (std::size_t k = 0; k < p.authors.size(); ++k)
    r.authors.push_back(
        {display_name(p.authors[k]), p.authors[k].marks, static_cast<bool>(line.is_owner[k])});
  r.et_al = p.others;
  for (const Link& l : p.links)
    if (is_safe_url(l.url)) r.links.push_back({l.label, resolve_url(l.url, base_)});
  return r;
}

std::string CoreSource::bibtex(std::uint32_t record) const {
  if (record >= library_.publications.size()) return {};
  BibtexOptions o;
  o.omit_fields = {"abbr", "selected", "preview", "bibtex_show"};
  return format_bibtex(library_.publications[record], o);
}

std::string CoreSource::citation(std::uint32_t record) const {
  if (record >= library_.publications.size()) return {};
  return format_citation(library_.publications[record], CitationStyle::Compact);
}

bool CoreSource::serve(Shelf& shelf, const Actions& actions) const {
  bool changed = false;
  if (actions.query_changed) {
    shelf.set_view(run(shelf.query()));
    changed = true;
  }
  for (std::uint32_t record : actions.need_rows) {
    shelf.set_row(record, row(record));
    changed = true;
  }
  return changed;
}

}  // namespace papershelf::widget
