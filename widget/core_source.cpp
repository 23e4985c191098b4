#include "core_source.hpp"

#include <utility>

#include "papershelf/json.hpp"
#include "view_json.hpp"

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
  owner_first_ = owner_first_flags(library_, owner_);
  facet_keys_ = facet_keys(library_);
  for (const auto& p : library_.publications)
    has_citations_ = has_citations_ || p.citations.has_value();
}

ViewData CoreSource::run(const Query& query) const {
  if (order_.empty() || order_keys_ != query.sort) {
    order_ = sorted_order(library_, query.sort);
    order_keys_ = query.sort;
  }
  QueryCache cache;
  cache.index = &index_;
  cache.order = &order_;
  cache.owner_first = &owner_first_;
  cache.facet_keys = &facet_keys_;
  ViewData out;
  View view = run_query(library_, query, owner_, cache, &out.facets);
  out.entries = std::move(view.entries);
  out.groups = std::move(view.groups);
  out.total = view.total;
  out.has_citations = has_citations_;
  return out;
}

Row CoreSource::row(std::uint32_t record) const {
  // Through the same JSON view model the web path uses, so both renderers see identical rows.
  if (record >= library_.publications.size()) return Row{};
  View one;
  one.entries = {record};
  FormatOptions options;
  options.owner = owner_;
  options.base = base_;
  json::Value list;
  if (!json::parse(format_view_json(library_, one, options), list) || list.items.empty())
    return Row{};
  return row_from_json(list.items[0]);
}

std::string CoreSource::copy_text(std::uint32_t record, std::string_view format) const {
  if (record >= library_.publications.size()) return {};
  if (const auto exported = export_format_from_string(format)) {
    View one;
    one.entries = {record};
    BibtexOptions o;
    o.for_visitors = true;  // (what a visitor copies: no markers, none of the owner's fields)
    return format_export(library_, one, *exported, o);
  }
  return format_citation(library_.publications[record], citation_style_from_string(format).value_or(CitationStyle{}));
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
