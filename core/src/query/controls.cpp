// The toolbar's rules (query.hpp, "What a list's toolbar offers").
#include <iterator>
#include <string_view>

#include "papershelf/query.hpp"

namespace papershelf {

namespace {
#define PAPERSHELF_TEXT(mode, text) text,
constexpr std::string_view kModeText[] = {PAPERSHELF_CONTROLS_MODES(PAPERSHELF_TEXT)};
#undef PAPERSHELF_TEXT
}  // namespace

std::string_view to_string(ControlsMode mode) { return kModeText[static_cast<int>(mode)]; }

ControlsMode controls_mode(std::string_view attribute, std::size_t total) {
  for (std::size_t i = 0; i < std::size(kModeText); ++i)
    if (attribute == kModeText[i]) return static_cast<ControlsMode>(i);
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
