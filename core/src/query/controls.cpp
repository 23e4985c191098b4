// The toolbar's rules (query.hpp, "What a list's toolbar offers").
#include "papershelf/query.hpp"

namespace papershelf {

std::string_view to_string(ControlsMode mode) {
  switch (mode) {
    case ControlsMode::Full:
      return "full";
    case ControlsMode::Search:
      return "search";
    case ControlsMode::None:
      return "none";
  }
  return "full";
}

ControlsMode controls_mode(std::string_view attribute, std::size_t total) {
  if (attribute == "full") return ControlsMode::Full;
  if (attribute == "search") return ControlsMode::Search;
  if (attribute == "none") return ControlsMode::None;
  return total >= kSmallList ? ControlsMode::Full : ControlsMode::None;
}

UsefulControls useful_controls(const Facets& whole, std::uint32_t total) {
  const auto narrows = [total](std::uint32_t n) { return n > 0 && n < total; };
  UsefulControls u;
  u.year = whole.years.size() > 1;
  u.type = whole.types.size() > 1;
  u.status = whole.statuses.size() > 1;
  u.venue = whole.venues.size() > 1;
  u.selected = narrows(whole.selected);
  u.award = narrows(whole.awards);
  u.first_author = narrows(whole.owner_first);  // (no owner: none is first author)
  u.by_citations = whole.cited > 0;
  return u;
}

}  // namespace papershelf
