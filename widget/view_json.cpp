#include "view_json.hpp"

#include <utility>

#include "papershelf/boundary.hpp"

namespace papershelf::widget {

namespace {

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

}  // namespace

Row row_from_json(const json::Value& e) {
  Row r;
  read_json(e, r);
  return r;
}

bool view_from_json(std::string_view json_text, std::vector<std::uint32_t> entries, ViewData& out) {
  json::Value v;
  if (!json::parse(json_text, v) || !v.is_object()) return false;
  out = ViewData{};
  out.entries = std::move(entries);
  for (const auto& g : array(v, "groups")) {
    Group group;
    read_json(g, group);
    // Groups must cover entries in order; anything else is dropped rather than trusted.
    if (group.begin + static_cast<std::uint64_t>(group.count) > out.entries.size()) continue;
    out.groups.push_back(std::move(group));
  }
  out.total = count(v, "total");
  if (const json::Value* f = v.find("facets")) read_json(*f, out.facets);
  out.has_citations = boolean(v, "hasCitations");
  // (an element that does not say keeps the Venue column, as before it could)
  out.has_badges = v.find("hasBadges") ? boolean(v, "hasBadges") : true;
  return true;
}

}  // namespace papershelf::widget
