#include "view_json.hpp"

#include <utility>

namespace papershelf::widget {

namespace {

std::string text(const json::Value& o, std::string_view key) {
  const json::Value* v = o.find(key);
  return v && v->is_string() ? v->text : std::string();
}

std::int64_t number(const json::Value& o, std::string_view key, std::int64_t fallback) {
  const json::Value* v = o.find(key);
  return v ? v->to_int().value_or(fallback) : fallback;
}

bool boolean(const json::Value& o, std::string_view key) {
  const json::Value* v = o.find(key);
  return v && v->is_bool() && v->boolean;
}

const std::vector<json::Value>& array(const json::Value& o, std::string_view key) {
  static const std::vector<json::Value> kEmpty;
  const json::Value* v = o.find(key);
  return v && v->is_array() ? v->items : kEmpty;
}

std::uint32_t count(const json::Value& o, std::string_view key) {
  const std::int64_t n = number(o, key, 0);
  return n > 0 ? static_cast<std::uint32_t>(n) : 0;
}

std::vector<FacetValue> facet_values(const json::Value& facets, std::string_view key) {
  std::vector<FacetValue> out;
  for (const auto& v : array(facets, key))
    out.push_back({text(v, "key"), text(v, "label"), count(v, "count")});
  return out;
}

}  // namespace

Row row_from_json(const json::Value& e) {
  Row r;
  r.key = text(e, "key");
  r.title = text(e, "title");
  r.url = text(e, "url");
  r.venue = text(e, "venue");
  r.badge = text(e, "badge");
  r.status = text(e, "status");
  r.award = text(e, "award");
  r.award_label = text(e, "awardLabel");
  r.note = text(e, "note");
  r.abstract = text(e, "abstract");
  r.year = static_cast<int>(number(e, "year", 0));
  r.citations = number(e, "citations", -1);
  for (const auto& a : array(e, "authors"))
    r.authors.push_back({text(a, "name"), text(a, "marks"), boolean(a, "owner")});
  r.et_al = boolean(e, "etAl");
  for (const auto& l : array(e, "links")) r.links.push_back({text(l, "label"), text(l, "url")});
  return r;
}

bool view_from_json(std::string_view json_text, std::vector<std::uint32_t> entries, ViewData& out) {
  json::Value v;
  if (!json::parse(json_text, v) || !v.is_object()) return false;
  out = ViewData{};
  out.entries = std::move(entries);
  for (const auto& g : array(v, "groups")) {
    Group group;
    group.key = text(g, "key");
    group.label = text(g, "label");
    group.begin = count(g, "begin");
    group.count = count(g, "count");
    // Groups must cover entries in order; anything else is dropped rather than trusted.
    if (group.begin + static_cast<std::uint64_t>(group.count) > out.entries.size()) continue;
    out.groups.push_back(std::move(group));
  }
  out.total = count(v, "total");
  if (const json::Value* f = v.find("facets"); f && f->is_object()) {
    out.facets.years = facet_values(*f, "years");
    out.facets.types = facet_values(*f, "types");
    out.facets.statuses = facet_values(*f, "statuses");
    out.facets.venues = facet_values(*f, "venues");
    out.facets.tags = facet_values(*f, "tags");
    out.facets.selected = count(*f, "selected");
    out.facets.awards = count(*f, "awards");
    out.facets.owner_first = count(*f, "ownerFirst");
  }
  out.has_citations = boolean(v, "hasCitations");
  return true;
}

}  // namespace papershelf::widget
