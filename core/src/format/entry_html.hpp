// The pieces of an entry's HTML (format_entry_html), for the pages that show one paper or link to
// each (paper pages, their index): the same markup and class names, so papershelf.css styles them
// as it styles the list. Internal to the core's formatters.
#pragma once

#include <string>
#include <string_view>

#include "papershelf/format_options.hpp"
#include "text/string_ids.hpp"

namespace papershelf::detail {

// .ps-head in a <`element`> ("div", "h1"): the badge and the title, linked to `title_url`
// (resolved against options.base), or to the record's best link when it is null; "" links nowhere.
void append_entry_head(std::string& out, const Publication& p, const FormatOptions& options,
                       std::string_view element, const std::string* title_url);
// .ps-authors, the owner marked.
void append_entry_authors(std::string& out, const Publication& p, const FormatOptions& options);
// .ps-meta (venue, year, status, award) and .ps-note.
void append_entry_meta(std::string& out, const Publication& p,
                       const Words& words = english_words());
// The link buttons of .ps-actions (safe URLs only); returns whether there was any.
bool append_entry_links(std::string& out, const Publication& p, const FormatOptions& options);

// A group's heading (<h3 class="ps-group-title">): its label and count as seen, and both as
// heard, "2024: 331 publications" in the list's language (the element's live list says the same).
std::string group_heading(std::string_view label, std::size_t count, const Words& words,
                          int level = 3);
// "h1".."h6" for a heading level (clamped).
inline std::string heading_tag(int level) {
  return "h" + std::to_string(level < 1 ? 1 : level > 6 ? 6 : level);
}

// The marker symbols entries' authors carry ("*", "\u2020"), gathered to say which meanings of a
// legend apply, as the element judges it: a symbol whose every character is among them.
class MarkSymbols {
 public:
  void add(const Publication& p);
  // <p class="ps-legend"> of the legend's entries whose symbols are here; "" when none is.
  std::string legend_html(const std::vector<LegendEntry>& legend) const;

 private:
  StringIds marked_;
};

}  // namespace papershelf::detail
