// The Dear ImGui shelf: one immediate-mode function draws the current view each frame and turns
// input (header clicks, typing, filter controls) into core queries. It never parses, filters or
// sorts: the host runs the query in the core and hands back the result (natively through
// core_source.hpp, on the web through the <paper-shelf> element and the core's WASM module).
//
// Data flow per frame:   host input -> ImGui -> Shelf::draw() -> Actions -> host
//                        host: Actions::query_changed -> core run_query -> Shelf::set_view()
//                              Actions::need_rows     -> core view model -> Shelf::set_row()
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "papershelf/query.hpp"
#include "papershelf/view_model.hpp"
#include "papershelf/words.hpp"

struct ImFont;
struct ImDrawList;
struct ImVec2;

namespace papershelf::widget {

// One publication as drawn: the core's view model (view_model.hpp), plain display text prepared
// by the core (decoded, owner marked, links checked and resolved against the base).
using Row = ViewEntry;

// The result of the current query, as the core computed it.
struct ViewData {
  std::vector<std::uint32_t> entries;  // record indices in display order
  std::vector<Group> groups;           // empty when not grouped
  std::uint32_t total = 0;
  Facets facets;
  bool has_citations = false;  // some record carries a citation count: show the column
  // Some record of the whole list has a venue abbreviation (the core's badge): the table's Venue
  // column. Without one the column would stand empty.
  bool has_badges = true;
};

// Colours follow the page (the element reads them from its computed style). 0 = built-in default.
struct Theme {
  bool dark = false;
  std::uint32_t text = 0;  // ImU32 (IM_COL32 layout)
  std::uint32_t background = 0;
  std::uint32_t accent = 0;
  bool touch = false;  // a finger points (CSS pointer: coarse): controls as tall as a touch target
};

// What the host must do after a frame.
struct Actions {
  bool query_changed = false;     // run query() in the core, then set_view()
  std::vector<std::string> open;  // URLs to open (safe schemes only)
  // Records to copy: `format` is a citation style or an export format, by the core's text name
  // ("apa", "ieee", "bibtex", "ris"...: papershelf/citation.hpp's and export.hpp's tables).
  struct Copy {
    std::uint32_t record = 0;
    std::string format;
  };
  std::vector<Copy> copy;
  std::vector<std::uint32_t> need_rows;  // records drawn as placeholders this frame: set_row() them
  std::string missing_glyphs;            // characters the regular face lacks, each reported once
  std::string announce;  // title of the row that just took keyboard focus (for a live region)
  bool empty() const {
    return !query_changed && open.empty() && copy.empty() && need_rows.empty() &&
           missing_glyphs.empty() && announce.empty();
  }
};

// Screen rectangles of the last frame's controls, for tests and automation.
struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  float cx() const { return x + w * 0.5f; }
  float cy() const { return y + h * 0.5f; }
};
struct Probe {
  Rect search;
  std::vector<Rect> controls;  // the toolbar's fields, menus, checkboxes and buttons,
                               // and the rows' link buttons
  std::vector<std::string>
      control_names;          // and what each is: "search", "type", "first-author", "link"…
  std::vector<Rect> headers;  // table header cells, by column
  std::vector<std::string> header_names;   // and their words
  std::vector<Rect> group_headers;         // visible group header rows, in display order
  std::vector<Rect> rows;                  // visible entry rows, in display order
  std::vector<std::uint32_t> row_records;  // record index of each visible row
  std::vector<std::uint32_t> title_chars;  // characters of each visible row's title drawn (not cut)
  std::vector<std::int8_t> owner_shown;    // each visible row: 1 its owner's name is on its author
                                           // line, 0 it is not, -1 the row has no owner
  std::vector<std::string> author_lines;   // each visible row's author line as laid out: names
                                           // (a name cut to fit ends in "…"), ", …, " where
                                           // authors are left out, " +N"
  std::vector<Rect> more;                  // each visible row's "+N" (w = 0: none)
  std::vector<float> content_bottom;       // each visible row: where its last line of text ends
  Rect table;                              // the table's scrolling box (header included)
  float scroll_y = 0, scroll_max_y = 0;    // its scroll position and end, in pixels
  bool cards = false;                      // the narrow layout: one card per row
  std::vector<Rect> bars;                  // chart bars, one per year in facets.years order
  std::vector<std::string> axis_labels;    // the chart's year labels as drawn, left to right
  std::vector<Rect> axis_label_rects;      // and where
  Rect chart;                              // the chart (w = 0: folded or none)
  Rect chart_toggle;                       // the line that folds and unfolds it (w = 0: none)
  bool filters_open = true;                // the toolbar's filters show (a phone folds them)
  Rect canvas;                             // the whole widget
  std::string empty_message;               // what a list with no rows says ("": it has rows)
  std::string count;             // the toolbar's count as written ("12 of 40 publications")
  std::uint32_t rows_drawn = 0;  // entry rows submitted this frame (the clipper keeps it small)
  std::uint32_t rows_waiting =
      0;  // of those, rows drawn as a placeholder (their data not yet here)
  std::int64_t focused_record = -1;  // record of the row with keyboard focus
  Rect menu;                         // the open row menu, the right click's (w = 0: none)
  Rect popup;                        // the open tooltip or "+N" author list (w = 0: none)
  std::vector<Rect> popup_names;     // its authors' names, in order
  std::vector<Rect> popup_marks;     // and their markers (w = 0: none)
  // Frames so far that drew text before its characters were checked (ImGui's "?" in their place
  // until the host adds them); 0 when the host checks before each frame (check_new_texts).
  std::uint32_t late_glyph_frames = 0;
};

// The words the widget shows. These English ones serve the native preview; on the web the element
// hands over its own, in its `lang`, from its one label table (DEFAULT_LABELS and addLanguage in
// web/src/element.ts; web/test/canvas.test.mjs fails when these defaults drift from it). The
// counts are templates: "{shown}" and "{total}" stand for the numbers, which the widget writes as
// its words' language groups digits (Words::number).
#define PAPERSHELF_WIDGET_LABELS(X)                             \
  X(search, "search", "Search publications")                    \
  X(any_type, "anyType", "Any type")                            \
  X(any_status, "anyStatus", "Any status")                      \
  X(any_venue, "anyVenue", "Any venue")                         \
  X(group_none, "groupNone", "No grouping")                     \
  X(group_year, "groupYear", "By year")                         \
  X(group_type, "groupType", "By type")                         \
  X(group_status, "groupStatus", "By status")                   \
  X(group_venue, "groupVenue", "By venue")                      \
  X(year_from, "yearFrom", "From")                              \
  X(year_to, "yearTo", "To")                                    \
  X(selected, "selected", "Selected")                           \
  X(award, "award", "Award")                                    \
  X(first_author, "firstAuthor", "First author")                \
  X(clear, "clear", "Clear filters")                            \
  X(count_one, "countOne", "1 publication")                     \
  X(count_all, "countAll", "{total} publications")              \
  X(count_some, "countSome", "{shown} of {total} publications") \
  X(year, "year", "Year")                                       \
  X(venue, "venue", "Venue")                                    \
  X(publication, "publication", "Publication")                  \
  X(links, "links", "Links")                                    \
  X(cited, "cited", "Cited")                                    \
  X(copy_citation, "copyCitation", "Copy citation")             \
  X(copy_as, "copyAs", "Copy as")                               \
  X(open, "open", "Open")

struct Labels {
#define PAPERSHELF_LABEL_FIELD(member, key, english) std::string member = english;
  PAPERSHELF_WIDGET_LABELS(PAPERSHELF_LABEL_FIELD)
#undef PAPERSHELF_LABEL_FIELD
};

// Table columns (what a header click sorts by). Links go at the end of each row's venue line.
enum class Column : int { Year, Venue, Title, Citations, Count };

class Shelf {
 public:
  // The query the widget shows; the host sets it from attributes or the URL hash.
  void set_query(const Query& q);
  const Query& query() const { return query_; }
  void set_view(ViewData view);
  void set_row(std::uint32_t record, Row row);
  void clear_rows() { rows_.clear(); }
  const ViewData& view() const { return view_; }

  void set_theme(const Theme& theme);
  // The faces to draw with (null = ImGui's default; without a bold face, bold is the regular one
  // drawn twice). Text the widget will draw is checked against the regular face at each frame:
  // characters it lacks are reported once (Actions::missing_glyphs), so a host that can draw
  // glyphs on demand (the web host) adds them.
  void set_font(ImFont* regular, ImFont* bold = nullptr);
  // Checks what was set or typed since the last check (rows, labels, facets, the search text);
  // true when it found characters to report. draw() runs it too; a host that can add glyphs runs
  // it before the frame and adds them first, so that no frame draws ImGui's "?" in their place.
  bool check_new_texts();
  void set_max_authors(std::size_t n) { max_authors_ = n; }
  // Which filter controls can change the list (the core's useful_controls), as the host judged
  // them for the whole list (the element does, once per library: nothing comes and goes while a
  // visitor types). A control whose filter is set always shows. Until a host says, the widget
  // judges each unfiltered view itself and keeps that while a filter or a search is set.
  using Controls = UsefulControls;
  void set_controls(const Controls& c) {
    controls_ = c;
    controls_set_ = true;
  }
  void set_labels(Labels labels) {
    labels_ = std::move(labels);
    texts_unchecked_ = true;
  }
  const Labels& labels() const { return labels_; }
  // The core's words in the element's language (link labels, status names); English until set.
  void set_words(Words words) {
    words_ = std::move(words);
    texts_unchecked_ = true;
  }
  const Words& words() const { return words_; }

  // Draws the whole widget into the full ImGui viewport. Call between NewFrame() and Render().
  void draw();
  Actions take_actions();
  const Probe& probe() const { return probe_; }

  // Whether a wheel or a drag at (x, y) moving the content by dy (> 0: towards the top, ImGui's
  // MouseWheel sign) scrolls the table. False past either end, so the host lets the page scroll
  // instead (scroll chaining, as a native overflow box does). Uses the last frame's layout.
  bool can_scroll(float x, float y, float dy) const;
  // The keyboard arrived (Tab into the canvas): the first visible row takes focus at the next
  // frame, unless a row has it already.
  void focus_rows() { focus_rows_ = true; }
  // Scrolls the table by `pixels` (> 0: further down the list) at the next frame (touch drags).
  void scroll_by(float pixels) { pending_scroll_ += pixels; }
  // A link to one paper (the page's #ps-KEY): the next frame scrolls `record`'s row to the middle
  // of the list and gives it the keyboard focus, as the HTML list brings its entry into view.
  // Nothing happens when the view does not show it.
  void reveal(std::uint32_t record) { reveal_record_ = record; }
  // The keyboard's context-menu key (the host knows which: Menu, Shift+F10): the next frame opens
  // the focused row's menu, the one a right click on it opens.
  void open_row_menu() { menu_asked_ = true; }

 private:
  void apply_theme();
  void draw_toolbar();
  void draw_chart();
  void draw_chart_line();
  std::string count_text() const;
  void draw_table();
  void draw_group_row(std::size_t g, float row_height);
  void draw_entry_row(std::uint32_t record, float row_height);
  void draw_card(const Row& row, float row_height);
  void draw_authors(const Row& row, float max_x);
  void draw_all_authors(const Row& row, float wrap_width);
  void draw_tooltip(const Row& row);
  void sync_table_sort();
  void rebuild_display();
  void query_edited();
  void check_glyphs(const std::string& text);
  void check_glyphs(const Row& row);
  void check_texts();
  float put_author(ImDrawList* dl, ImVec2 pos, const ViewAuthor& a,
                   float* name_width = nullptr) const;
  float bold_width(float size, const std::string& text) const;
  void add_bold_text(ImDrawList* dl, float size, ImVec2 pos, std::uint32_t col,
                     const std::string& text) const;

  Query query_;
  ViewData view_;
  std::unordered_map<std::uint32_t, Row> rows_;  // by record index; rows never change per library
  // Display rows: entry positions in view_.entries, or ~g for the header of group g.
  std::vector<std::uint32_t> display_;
  std::unordered_set<std::string> collapsed_;  // group keys
  std::string search_buffer_;
  bool sort_from_host_ = true;  // the table must show query_.sort, not its own state
  std::size_t max_authors_ = 10;
  Labels labels_;
  Words words_;
  Theme theme_;
  bool theme_dirty_ = true;
  ImFont* regular_ = nullptr;
  ImFont* bold_ = nullptr;
  bool texts_unchecked_ =
      true;  // labels, facets or groups changed: their glyphs are checked at the next draw
  std::unordered_set<std::uint32_t> missing_seen_;
  std::uint32_t late_glyph_frames_ = 0;
  Controls controls_;
  bool controls_set_ = false;
  std::vector<std::uint32_t>
      unchecked_rows_;  // rows set since the last check, their glyphs not yet checked
  Actions actions_;
  Probe probe_;
  float pending_scroll_ = 0;
  std::int64_t reveal_record_ = -1;  // the record a link asked for, until the table scrolls to it
  std::int64_t focus_record_ = -1;   // then the row that takes the focus once it is drawn in view
  std::int64_t announced_ = -1;      // record last announced as focused
  unsigned table_id_ = 0;  // ImGuiID of the table's scrolling box, as an item of the window
  bool enter_rows_ = false;
  bool focus_rows_ = false;
  bool menu_asked_ = false;  // open_row_menu()
  // The phone's folds: -1 until the visitor chooses (folded when narrow), then 0 or 1.
  int chart_open_ = -1;
  int filters_open_ = -1;
  bool narrow_ = false;  // this frame's toolbar is a phone's
  // Cards are as tall as their lines (a one-line title's card is a line shorter): each card's
  // lines below its badge line, measured once per width (card_lines in shelf_table.cpp; a record
  // not yet here counts as the most a card has until it comes).
  std::unordered_map<std::uint32_t, std::uint8_t> card_lines_;
  float card_lines_width_ = -1;
  // The first row on screen and its place, to keep it still while rows above it change height.
  std::int64_t anchor_row_ = -1;
  float anchor_y_ = 0;
  std::vector<float> row_tops_;  // each display row's top in the table's content, and the end
  float title_width_ = -1;       // a card's title line, as last drawn
  int col_[static_cast<int>(Column::Count)] = {0, 1, 2, 3};  // each column's index (-1: not shown)
  std::string count_;  // the toolbar's "12 of 40 publications"
  // Up from the table's first line (its header, or the first card) goes on to the search field:
  // ImGui's arrows do not leave the table's scrolling box by themselves.
  bool focus_search_ = false;
  unsigned search_id_ = 0;    // ImGuiID of the search field
  unsigned row_item_id_ = 0;  // ImGuiID of the row (or group header) drawn last
  unsigned top_item_id_ = 0;  // and of the first one, when it was drawn this frame
  float body_top_ = 0;        // where rows show below the table header (screen y)
  // Colours resolved at theme time so every text reads at 4.5:1 or better on every background it
  // is drawn on (WCAG AA); see apply_theme.
  std::uint32_t accent_ = 0, status_ = 0, award_ = 0;
};

}  // namespace papershelf::widget
