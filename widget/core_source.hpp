// The widget's data from the core in the same process: the native preview and the headless tests
// use it. (On the web the <paper-shelf> element plays this part through the core's WASM module.)
#pragma once

#include <string>
#include <vector>

#include "papershelf/catalog.hpp"
#include "papershelf/html.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "shelf.hpp"

namespace papershelf::widget {

class CoreSource {
 public:
  CoreSource(Library library, const std::vector<std::string>& owner_names, std::string base = "");

  ViewData run(const Query& query) const;
  // One record as the widget draws it (the same view model the core gives JavaScript).
  Row row(std::uint32_t record) const;
  // A record as a visitor copies it: in a citation style or an export format (by text name).
  std::string copy_text(std::uint32_t record, std::string_view format) const;
  const Library& library() const { return catalog_.library(); }

  // The native host loop's half of a frame: runs the query the shelf asked for and hands it the
  // rows it drew as placeholders. Returns true when the shelf changed (draw another frame).
  bool serve(Shelf& shelf, const Actions& actions) const;

 private:
  // The core's caches (search index, sort order, owner flags) change as queries run; what the
  // widget sees of the source does not.
  mutable Catalog catalog_;
  std::string owner_names_;  // "A; B", as the catalog takes them
  std::string base_;
  bool has_citations_ = false;
  bool has_badges_ = false;
};

}  // namespace papershelf::widget
