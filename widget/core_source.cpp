#include "core_source.hpp"

#include <utility>

#include "papershelf/citation.hpp"
#include "papershelf/export.hpp"

namespace papershelf::widget {

CoreSource::CoreSource(Library library, const std::vector<std::string>& owner_names,
                       std::string base)
    : catalog_(std::move(library)), base_(std::move(base)) {
  for (const auto& name : owner_names) owner_names_ += (owner_names_.empty() ? "" : "; ") + name;
  for (const auto& p : catalog_.library().publications) {
    has_citations_ = has_citations_ || p.citations().has_value();
    has_badges_ = has_badges_ || !p.badge().empty();
  }
}

ViewData CoreSource::run(const Query& query) const {
  ViewData out;
  View view = catalog_.query(query, owner_names_, &out.facets);
  out.entries = std::move(view.entries);
  out.groups = std::move(view.groups);
  out.total = view.total;
  out.has_citations = has_citations_;
  out.has_badges = has_badges_;
  return out;
}

Row CoreSource::row(std::uint32_t record) const {
  // The core's view model itself: the web's rows are the same structs read back from its JSON.
  if (record >= library().publications.size()) return Row{};
  FormatOptions options;
  options.owner = catalog_.owner(owner_names_);
  options.base = base_;
  return view_entry(library().publications[record], options);
}

std::string CoreSource::copy_text(std::uint32_t record, std::string_view format) const {
  if (record >= library().publications.size()) return {};
  if (const auto exported = export_format_from_string(format)) {
    View one;
    one.entries = {record};
    BibtexOptions o;
    o.for_visitors = true;  // (what a visitor copies: no markers, none of the owner's fields)
    return format_export(library(), one, *exported, o);
  }
  return format_citation(library().publications[record], citation_style_or_default(format));
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
