// Reading an HTML page for `papershelf prerender`: where its <paper-shelf> elements are, what
// their attributes say, and where each wants its static list (the prerender marker). Only what a
// page author writes by hand is understood: quoted or bare attribute values, the common entities.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace papershelf::cli {

inline constexpr std::string_view kPrerenderMarker = "<!-- papershelf:prerender -->";

struct ShelfElement {
  std::vector<std::pair<std::string, std::string>> attributes;  // names lower-cased, values decoded
  std::size_t marker = std::string_view::npos;  // offset of the marker inside the element, if any
  const std::string* attribute(std::string_view name) const;
};

// Every <paper-shelf> start tag of `page`, in order, with the marker that follows it before its
// end tag.
std::vector<ShelfElement> find_shelves(std::string_view page);

}  // namespace papershelf::cli
