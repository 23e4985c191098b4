// The shelf's table with the sort in its header, and its rows: group headings and entries with
// their badges and links (the chart above it is in shelf_chart.cpp, the authors and the tooltip in
// shelf_authors.cpp). Everything drawn from data goes through TextUnformatted / AddText (never a
// format string).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>

#include "imgui.h"
#include "imgui_internal.h"
#include "papershelf/citation.hpp"
#include "papershelf/export.hpp"
#include "papershelf/record_text.hpp"
#include "shelf.hpp"
#include "shelf_draw.hpp"

namespace papershelf::widget {

namespace {

SortField field_of(Column c) {
  switch (c) {
    case Column::Year:
      return SortField::Year;
    case Column::Venue:
      return SortField::Badge;
    case Column::Title:
      return SortField::Title;
    case Column::Citations:
      return SortField::Citations;
    default:
      return SortField::Year;
  }
}

int column_of(SortField f) {
  switch (f) {
    case SortField::Year:
      return static_cast<int>(Column::Year);
    case SortField::Badge:
    case SortField::Venue:
      return static_cast<int>(Column::Venue);
    case SortField::Title:
      return static_cast<int>(Column::Title);
    case SortField::Citations:
      return static_cast<int>(Column::Citations);
    default:
      return -1;
  }
}

ImU32 with_alpha(ImU32 c, float alpha) {
  ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  v.w *= alpha;
  return ImGui::ColorConvertFloat4ToU32(v);
}

// A card's lines below its badge line: the title's one or two (as draw_text wraps it at `width`),
// the authors', the venue's with the links; each only when there is something to show.
constexpr int kMostCardLines = 4;
int card_lines(const Row& row, float width) {
  const int title =
      ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0, row.title.c_str()).x > width
          ? 2
          : 1;
  const bool authors = !row.authors.empty() || row.et_al;
  const bool venue = !row.venue.empty() || !row.note.empty() || !row.links.empty();
  return title + (authors ? 1 : 0) + (venue ? 1 : 0);
}

// Draws `text` in at most `lines` lines of `width` pixels, wrapped at spaces, the last line cut
// with an ellipsis when the text goes on. Returns how many characters were drawn;
// `line_widths` (`lines` floats, or null) gets each line's width (0: not used).
std::uint32_t draw_text(ImDrawList* dl, ImVec2 pos, float width, int lines, ImU32 col,
                        const std::string& text, float* line_widths) {
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeight();
  auto measure = [&](const char* a, const char* b) {
    return font->CalcTextSizeA(size, FLT_MAX, 0, a, b).x;
  };
  const char* s = text.data();
  const char* const end = s + text.size();
  std::uint32_t chars = 0;
  if (line_widths) std::fill(line_widths, line_widths + lines, 0.0f);
  for (int l = 0; l < lines && s < end; ++l) {
    const char* stop = end;
    bool ellipsis = false;
    if (measure(s, end) > width) {
      if (l + 1 < lines) {
        // (the font is rasterized at the pixel ratio: its scale to the drawn size is not 1)
        stop = font->CalcWordWrapPositionA(size / font->FontSize, s, end, width);
      } else {
        const float room = width - measure("…", nullptr);
        float x = 0;
        for (stop = s; stop < end;) {
          const char* next = stop;
          next_codepoint(next, end);
          x += measure(stop, next);
          if (x > room) break;
          stop = next;
        }
        ellipsis = true;
      }
      if (stop <= s) next_codepoint(stop = s, end);  // at least one character per line
    }
    ImVec2 at(pos.x, pos.y + line * static_cast<float>(l));
    dl->AddText(font, size, at, col, s, stop);
    at.x += measure(s, stop);
    if (ellipsis) dl->AddText(font, size, at, col, "…"), at.x += measure("…", nullptr);
    if (line_widths) line_widths[l] = at.x - pos.x;
    for (const char* c = s; c < stop; ++chars) next_codepoint(c, stop);
    for (s = stop; s < end && *s == ' ';) ++s;
  }
  return chars;
}

}  // namespace

// ---------------------------------------------------------------- [SECTION] Table

void Shelf::sync_table_sort() {
  ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
  if (!specs) return;
  if (sort_from_host_) {
    sort_from_host_ = false;
    bool first = true;
    for (const SortKey& k : query_.sort) {
      const int of = column_of(k.field);
      const int col = of < 0 ? -1 : col_[of];  // (a column not shown sorts nothing)
      if (col < 0 || col >= ImGui::TableGetColumnCount()) continue;
      ImGui::TableSetColumnSortDirection(
          col, k.descending ? ImGuiSortDirection_Descending : ImGuiSortDirection_Ascending, !first);
      first = false;
    }
    specs->SpecsDirty = false;
    return;
  }
  if (!specs->SpecsDirty) return;
  specs->SpecsDirty = false;
  std::vector<SortKey> keys;
  for (int i = 0; i < specs->SpecsCount; ++i) {
    const ImGuiTableColumnSortSpecs& s = specs->Specs[i];
    keys.push_back({field_of(static_cast<Column>(s.ColumnUserID)),
                    s.SortDirection == ImGuiSortDirection_Descending});
  }
  // Setting the sort from the host marks the specs dirty one frame later: no new query then.
  if (keys.empty() || keys == query_.sort) return;
  query_.sort = std::move(keys);
  query_edited();
}

bool Shelf::can_scroll(float x, float y, float dy) const {
  const Rect& t = probe_.table;
  if (x < t.x || y < t.y || x >= t.x + t.w || y >= t.y + t.h) return false;
  return dy > 0 ? probe_.scroll_y > 0.5f : dy < 0 && probe_.scroll_y < probe_.scroll_max_y - 0.5f;
}

void Shelf::draw_table() {
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  probe_.table = {origin.x, origin.y, avail.x, avail.y};
  // Below this width the columns leave a title a few characters: one card per row instead.
  const bool cards = probe_.cards = avail.x < 640.0f;
  const bool cites = view_.has_citations && !cards;
  // The columns shown, in order: a Venue column only when some entry has a venue abbreviation
  // (it would stand empty), Cited only with citation counts.
  int columns = 0;
  for (int c = 0; c < static_cast<int>(Column::Count); ++c) {
    const auto column = static_cast<Column>(c);
    const bool shown = cards                     ? column == Column::Title
                       : column != Column::Venue ? column != Column::Citations || cites
                                                 : view_.has_badges;
    col_[c] = shown ? columns++ : -1;
  }
  const ImGuiTableFlags flags =
      (cards ? 0
             : ImGuiTableFlags_Sortable | ImGuiTableFlags_SortMulti | ImGuiTableFlags_Resizable |
                   ImGuiTableFlags_SizingFixedFit) |
      ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerH |
      // (text clear of the focus ring at the row's edge)
      ImGuiTableFlags_PadOuterX;
  // Arrow keys that land on the table (ImGui focuses the scrolling box as one item) go on into
  // its first row: the rows are what a keyboard user came for.
  enter_rows_ = (table_id_ && ImGui::GetFocusID() == table_id_) || focus_rows_;
  focus_rows_ = false;
  const bool up = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow));
  // (a table of other columns is another table: ImGui keeps each one's widths and sort)
  const char* id = cards ? "cards" : view_.has_badges ? "publications" : "publications-no-venue";
  if (!ImGui::BeginTable(id, columns, flags, ImVec2(0, avail.y))) return;
  table_id_ = ImGui::GetCurrentWindow()->ChildId;
  if (pending_scroll_ != 0) {
    ImGui::SetScrollY(ImGui::GetScrollY() + pending_scroll_);
    pending_scroll_ = 0;
  }
  const float em = ImGui::GetFontSize();
  const float line = ImGui::GetTextLineHeight();
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  // Rows' heights: the table's three lines; a card's badge and year, then its lines (card_lines);
  // a group heading as tall as a table row.
  const float table_row = line * 3.0f + spacing;
  if (cards) {
    ImGui::TableSetupColumn(labels_.publication.c_str(), ImGuiTableColumnFlags_WidthStretch);
  } else {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(labels_.year.c_str(),
                            ImGuiTableColumnFlags_DefaultSort |
                                ImGuiTableColumnFlags_PreferSortDescending |
                                ImGuiTableColumnFlags_WidthFixed,
                            em * 3.2f, static_cast<ImGuiID>(Column::Year));
    if (view_.has_badges)
      ImGui::TableSetupColumn(labels_.venue.c_str(), ImGuiTableColumnFlags_WidthFixed, em * 6.0f,
                              static_cast<ImGuiID>(Column::Venue));
    ImGui::TableSetupColumn(labels_.publication.c_str(), ImGuiTableColumnFlags_WidthStretch, 0.0f,
                            static_cast<ImGuiID>(Column::Title));
    if (cites)
      ImGui::TableSetupColumn(
          labels_.cited.c_str(),
          ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_PreferSortDescending, em * 3.5f,
          static_cast<ImGuiID>(Column::Citations));
    sync_table_sort();

    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < columns; ++c) {
      ImGui::TableSetColumnIndex(c);
      ImGui::TableHeader(ImGui::TableGetColumnName(c));
      probe_.headers.push_back(last_item_rect());
      probe_.header_names.emplace_back(ImGui::TableGetColumnName(c));
      if (up && ImGui::IsItemFocused()) focus_search_ = true;
    }
  }
  body_top_ = cards ? origin.y : origin.y + (probe_.headers.empty() ? 0 : probe_.headers[0].h);

  if (display_.empty()) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(cards ? 0 : col_[static_cast<int>(Column::Title)]);
    // (the core's words, in the list's language, as the HTML list says it)
    probe_.empty_message = words_(view_.total ? "No publications match." : "No publications.");
    ImGui::TextDisabled("%s", probe_.empty_message.c_str());
  }

  // Each row's height and top. A card is as tall as its lines (a one-line title leaves no blank
  // line), measured once per record and width; a record whose data has not come yet counts as
  // the most lines a card has until it does.
  if (std::fabs(title_width_ - card_lines_width_) > 0.5f) {
    card_lines_.clear();
    card_lines_width_ = title_width_;
  }
  auto lines_of = [&](std::uint32_t record) -> int {
    if (const auto it = card_lines_.find(record); it != card_lines_.end()) return it->second;
    const auto row = rows_.find(record);
    if (row == rows_.end() || card_lines_width_ <= 0) return kMostCardLines;
    const int lines = card_lines(row->second, card_lines_width_);
    card_lines_[record] = static_cast<std::uint8_t>(lines);
    return lines;
  };
  auto height = [&](std::size_t i) {
    const std::uint32_t d = display_[i];
    if (!cards || d >= 0x80000000u) return table_row;
    return line * static_cast<float>(1 + lines_of(view_.entries[d])) + spacing * 2;
  };
  // (ImGui adds the cell padding above and below each row)
  const float pad = ImGui::GetStyle().CellPadding.y * 2;
  const std::size_t n = display_.size();
  row_tops_.assign(n + 1, 0.0f);
  for (std::size_t i = 0; i < n; ++i) row_tops_[i + 1] = row_tops_[i] + height(i) + pad;

  ImGuiWindow* window = ImGui::GetCurrentWindow();
  ImGuiTable* table = ImGui::GetCurrentTable();
  if (table->IsInsideRow) ImGui::TableEndRow(table);  // (the header: the rows scroll below it)
  const float start_y = window->DC.CursorPos.y;
  // A linked paper: its row in the middle of the rows' area (ImGui scrolls at the next frame),
  // focused when it is drawn there.
  if (reveal_record_ >= 0) {
    for (std::size_t i = 0; i < n; ++i)
      if (display_[i] < 0x80000000u &&
          view_.entries[display_[i]] == static_cast<std::uint32_t>(reveal_record_)) {
        const float rows_height = window->InnerRect.Max.y - body_top_;
        const float row_height = row_tops_[i + 1] - row_tops_[i];
        ImGui::SetScrollY(std::max(0.0f, row_tops_[i] - (rows_height - row_height) * 0.5f));
        focus_record_ = reveal_record_;
        anchor_row_ = -1;  // (the row kept in place is the linked one, from the next frame)
        break;
      }
    reveal_record_ = -1;
  }
  // The row on top stays where it is when rows above it change height (their data came).
  if (anchor_row_ >= 0 && static_cast<std::size_t>(anchor_row_) < n && ImGui::GetScrollY() > 0) {
    const float moved = row_tops_[static_cast<std::size_t>(anchor_row_)] - anchor_y_;
    if (std::fabs(moved) > 0.5f) ImGui::SetScrollY(ImGui::GetScrollY() + moved);
  }
  // The rows to submit (ImGui's list clipper assumes one height for all): those on screen and
  // one more each side, where the arrow keys go next; the row with keyboard focus; and those a
  // keyboard move is scoring.
  auto row_at = [&](float y) {
    const auto it = std::upper_bound(row_tops_.begin(), row_tops_.end(), y - start_y);
    return static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, it - row_tops_.begin() - 1));
  };
  std::vector<std::pair<std::size_t, std::size_t>> ranges;  // [first, end)
  auto add_range = [&](float y0, float y1, std::size_t before, std::size_t after) {
    if (n == 0 || y1 < y0) return;
    const std::size_t a = row_at(y0), b = std::min(n, row_at(y1) + 1 + after);
    ranges.emplace_back(a > before ? a - before : 0, b);
  };
  const float view_top = window->InnerRect.Min.y, view_bottom = window->InnerRect.Max.y;
  add_range(view_top, view_bottom, 1, 1);
  ImGuiContext& g = *GImGui;
  if (g.NavId && window->NavLastIds[0] == g.NavId) {
    const ImRect nav = ImGui::WindowRectRelToAbs(window, window->NavRectRel[0]);
    add_range(nav.Min.y, nav.Max.y, 0, 0);
  }
  if (g.NavMoveScoringItems && g.NavWindow &&
      g.NavWindow->RootWindowForNav == window->RootWindowForNav)
    add_range(g.NavScoringNoClipRect.Min.y, g.NavScoringNoClipRect.Max.y, 0, 0);
  std::sort(ranges.begin(), ranges.end());
  // Rows skipped: the cursor moves past them as if they had been drawn (and the stripes count
  // them).
  std::size_t next = 0;
  auto seek = [&](std::size_t to) {
    if (table->IsInsideRow) ImGui::TableEndRow(table);
    if (to == next) return;
    const float y = start_y + row_tops_[to];
    window->DC.CursorPos.y = y;
    window->DC.CursorMaxPos.y = std::max(window->DC.CursorMaxPos.y, y);
    table->RowPosY2 = y;
    table->RowBgColorCounter += static_cast<int>(to) - static_cast<int>(next);
    next = to;
  };
  top_item_id_ = 0;
  for (const auto& [first, end] : ranges) {
    if (end <= next) continue;
    seek(std::max(first, next));
    for (std::size_t i = next; i < end; ++i) {
      const std::uint32_t d = display_[i];
      const float h = height(i);
      ImGui::TableNextRow(ImGuiTableRowFlags_None, h);
      if (d >= 0x80000000u)
        draw_group_row(~d, h);
      else
        draw_entry_row(view_.entries[d], h);
      if (i == 0) top_item_id_ = row_item_id_;
    }
    next = end;
  }
  if (n) seek(n);
  const std::size_t top_row = row_at(view_top);
  anchor_row_ = n ? static_cast<std::int64_t>(top_row) : -1;
  anchor_y_ = n ? row_tops_[top_row] : 0;
  // (the table's first line: the header, above the first row; the first card)
  if (cards && up && top_item_id_ && ImGui::GetFocusID() == top_item_id_) focus_search_ = true;
  probe_.scroll_y = ImGui::GetScrollY();
  probe_.scroll_max_y = ImGui::GetScrollMaxY();
  ImGui::EndTable();
}

// ---------------------------------------------------------------- [SECTION] Rows

void Shelf::draw_group_row(std::size_t g, float row_height) {
  const Group& group = view_.groups[g];
  const bool collapsed = collapsed_.count(group.key) > 0;
  ImGui::TableSetColumnIndex(0);
  ImGui::PushID(static_cast<int>(g));
  ImGui::PushID("group");
  const bool toggled = ImGui::Selectable("##group", false, ImGuiSelectableFlags_SpanAllColumns,
                                         ImVec2(0, row_height));
  row_item_id_ = ImGui::GetItemID();
  if (toggled) {
    if (collapsed)
      collapsed_.erase(group.key);
    else
      collapsed_.insert(group.key);
    rebuild_display();
  }
  probe_.group_headers.push_back(last_item_rect());
  ImGui::PopID();
  ImGui::PopID();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 top = ImGui::GetItemRectMin();
  const float line = ImGui::GetTextLineHeight();
  // Cards are taller: the header sits in the middle of its row.
  if (probe_.cards) top.y += row_height * 0.5f - line * 1.3f;
  ImGui::RenderArrow(dl, ImVec2(top.x, top.y + line), ImGui::GetColorU32(ImGuiCol_Text),
                     collapsed ? ImGuiDir_Right : ImGuiDir_Down, 0.8f);
  ImGui::TableSetColumnIndex(col_[static_cast<int>(Column::Title)]);
  ImVec2 p = ImGui::GetCursorScreenPos();
  // (one column: the cursor is below the row, and the arrow shares the column)
  if (probe_.cards) p = ImVec2(top.x + line * 1.4f, top.y);
  char count[48];
  ImFormatString(count, sizeof count, "  %u", group.count);
  const float size = ImGui::GetFontSize() * 1.15f;
  add_bold_text(dl, size, ImVec2(p.x, p.y + line * 0.8f), ImGui::GetColorU32(ImGuiCol_Text),
                group.label);
  const float w = bold_width(size, group.label);
  dl->AddText(ImVec2(p.x + w, p.y + line * 0.9f), ImGui::GetColorU32(ImGuiCol_TextDisabled), count);
}

void Shelf::draw_entry_row(std::uint32_t record, float row_height) {
  ++probe_.rows_drawn;
  ImGui::TableSetColumnIndex(0);
  ImGui::PushID(static_cast<int>(record));
  const bool pressed = ImGui::Selectable(
      "##row", false, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
      ImVec2(0, row_height));
  row_item_id_ = ImGui::GetItemID();
  ImGui::SetItemAllowOverlap();
  // (a row under the pointer while the search field is edited is still hovered: its card shows)
  const bool hovered = ImGui::IsItemHovered(
      ImGui::GetActiveID() == search_id_ ? ImGuiHoveredFlags_AllowWhenBlockedByActiveItem : 0);
  // Space activates a Selectable; Enter (ImGui's "input" key) should open the row too.
  const bool focused = ImGui::IsItemFocused();
  if (focused) probe_.focused_record = record;
  const bool enter = focused && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
  const Rect row_rect = last_item_rect();
  probe_.rows.push_back(row_rect);
  probe_.row_records.push_back(record);
  probe_.title_chars.push_back(0);
  probe_.owner_shown.push_back(-1);
  probe_.author_lines.emplace_back();
  probe_.more.emplace_back();
  probe_.content_bottom.push_back(0);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const bool in_view =
      row_rect.y >= body_top_ - 1 && row_rect.y + row_rect.h <= probe_.table.y + probe_.table.h;
  const bool linked = focus_record_ == static_cast<std::int64_t>(record) &&
                      row_rect.y >= body_top_ - 1 && row_rect.y < probe_.table.y + probe_.table.h;
  if ((enter_rows_ && in_view) || linked) {
    enter_rows_ = false;
    if (linked) focus_record_ = -1;
    ImGui::SetFocusID(ImGui::GetItemID(), ImGui::GetCurrentWindow());
    GImGui->NavDisableHighlight = false;
  }
  if (focused && ImGui::GetIO().NavVisible) {
    // A focus ring a keyboard user can see (ImGui's own is one pixel), over the whole row and
    // clipped to the rows' area so it never covers the header.
    const ImVec2 ring_min(row_rect.x + 1, row_rect.y + 1);
    const ImVec2 ring_max(row_rect.x + row_rect.w - 1, row_rect.y + row_rect.h - 1);
    dl->PushClipRect(ImVec2(probe_.table.x, std::max(body_top_, ring_min.y - 1)),
                     ImVec2(probe_.table.x + probe_.table.w, probe_.table.y + probe_.table.h),
                     false);
    dl->AddRect(ring_min, ring_max, accent_, 3.0f, 0, 2.0f);
    dl->PopClipRect();
  }

  auto it = rows_.find(record);
  if (it == rows_.end()) {
    ++probe_.rows_waiting;
    actions_.need_rows.push_back(record);
    ImGui::TableSetColumnIndex(col_[static_cast<int>(Column::Title)]);
    ImGui::TextDisabled("…");
    ImGui::PopID();
    return;
  }
  const Row& row = it->second;
  if (focused && announced_ != record) {
    announced_ = record;
    actions_.announce = row.title;
  }

  if (menu_asked_ && focused) {
    menu_asked_ = false;
    ImGui::OpenPopup("##entry");
    // Under the row's start, as a keyboard's menu opens at its item (ImGui would take the pointer's
    // last place, which the keyboard's user has left anywhere).
    ImGui::SetNextWindowPos(ImVec2(row_rect.x + 24, row_rect.y + row_rect.h), ImGuiCond_Appearing);
  }
  if (ImGui::BeginPopupContextItem("##entry")) {
    probe_.menu = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowSize().x,
                   ImGui::GetWindowSize().y};
    // The styles and formats are the core's (one table, the same the HTML list's Cite offers).
    if (ImGui::MenuItem("Copy BibTeX"))
      actions_.copy.push_back({record, std::string(info(ExportFormat::Bibtex).name)});
    if (ImGui::BeginMenu(labels_.copy_citation.c_str())) {
      for (int i = 0; i < kCitationStyleCount; ++i) {
        const auto style = static_cast<CitationStyle>(i);
        if (ImGui::MenuItem(std::string(label(style)).c_str()))
          actions_.copy.push_back({record, std::string(to_string(style))});
      }
      ImGui::EndMenu();
    }
    if (ImGui::BeginMenu(labels_.copy_as.c_str())) {
      for (int i = 0; i < kExportFormatCount; ++i) {
        const ExportFormatInfo& f = info(static_cast<ExportFormat>(i));
        if (ImGui::MenuItem(std::string(f.label).c_str()))
          actions_.copy.push_back({record, std::string(f.name)});
      }
      ImGui::EndMenu();
    }
    if (!row.url.empty() && ImGui::MenuItem(labels_.open.c_str())) actions_.open.push_back(row.url);
    for (const ViewLink& l : row.links) {
      ImGui::PushID(&l);
      if (ImGui::MenuItem((labels_.open + " " + std::string(words_(link_label(l.label)))).c_str()))
        actions_.open.push_back(l.url);
      ImGui::PopID();
    }
    ImGui::EndPopup();
  }

  const float line = ImGui::GetTextLineHeight();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 accent = accent_;
  const ImVec2 top = ImGui::GetItemRectMin();
  char year[16] = "";
  if (row.year) ImFormatString(year, sizeof year, "%lld", static_cast<long long>(*row.year));
  // The core's badge (the venue's abbreviation), or none, as in the HTML list: the whole venue is
  // on its own line, and cut into a badge it only repeated it.
  const std::string& badge = row.badge;
  std::string venue = row.venue;
  if (!row.note.empty()) venue += venue.empty() ? row.note : " · " + row.note;
  // Coloured labels: the badge, the status ("Under review"; "published" draws none), the award.
  auto pill = [&](float& x, float y, float max_w, const std::string& label, ImU32 colour) {
    const float w = std::min(ImGui::CalcTextSize(label.c_str()).x + 8, max_w);
    if (w <= 8) return;
    dl->AddRectFilled(ImVec2(x, y), ImVec2(x + w, y + line), with_alpha(colour, kTint), 3.0f);
    draw_text(dl, ImVec2(x + 4, y), w - 8, 1, colour, label, nullptr);  // (cut with "…")
    x += w + 6;
  };
  auto pills = [&](float& x, float y, float max_x) {
    if (!row.status.empty() && row.status != "published") {
      const auto st = status_from_string(row.status);
      const std::string status_label = st ? std::string(words_(label(*st))) : row.status;
      if (status_label != badge) pill(x, y, max_x - x, status_label, status_);  // ("Preprint" once)
    }
    if (!row.award.empty() || !row.award_label.empty())
      pill(x, y, max_x - x, row.award_label.empty() ? labels_.award : row.award_label, award_);
  };
  // Link buttons, flat; arrow keys move row by row, so they stay out of keyboard navigation (the
  // context menu lists the same links).
  auto links = [&]() {
    ImGui::PushItemFlag(ImGuiItemFlags_NoNav, true);
    for (std::size_t k = 0; k < row.links.size(); ++k) {
      if (k) ImGui::SameLine(0, 4);
      ImGui::PushID(static_cast<int>(k));
      if (ImGui::SmallButton(std::string(words_(link_label(row.links[k].label))).c_str()))
        actions_.open.push_back(row.links[k].url);
      probe_.controls.push_back(last_item_rect());
      probe_.control_names.emplace_back("link");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.links[k].url.c_str());
      ImGui::PopID();
    }
    ImGui::PopItemFlag();
  };

  // The links sit at the end of the venue line (a column of their own stood mostly empty).
  float links_w = 0;
  for (const ViewLink& l : row.links)
    links_w += ImGui::CalcTextSize(std::string(words_(link_label(l.label))).c_str()).x +
               ImGui::GetStyle().FramePadding.x * 2 + 4;
  Rect title_rect;
  float title_lines[2] = {0, 0};  // each title line's width
  if (probe_.cards) {
    // One card: badge, year, status; the title in one or two lines; authors; venue with the links.
    // (the row's selectable moved the cursor below the row: draw from its top)
    const ImVec2 p(ImGui::GetCursorScreenPos().x, top.y + ImGui::GetStyle().ItemSpacing.y);
    const float max_x = p.x + ImGui::GetContentRegionAvail().x;
    float x = p.x;
    if (!badge.empty()) pill(x, p.y, std::min(max_x - x, ImGui::GetFontSize() * 9), badge, accent);
    if (*year) {
      dl->AddText(ImVec2(x, p.y), dim, year);
      x += ImGui::CalcTextSize(year).x + 8;
    }
    pills(x, p.y, max_x);
    probe_.title_chars.back() = draw_text(dl, ImVec2(p.x, p.y + line), max_x - p.x, 2,
                                          row.url.empty() ? text : accent, row.title, title_lines);
    // The lines below follow the title's last line (draw_table gave the card that height), and
    // a line with nothing to show takes no room.
    const float lines = title_lines[1] > 0 ? 2.0f : 1.0f;
    title_width_ = max_x - p.x;
    if (std::fabs(title_width_ - card_lines_width_) <= 0.5f)
      card_lines_[record] = static_cast<std::uint8_t>(card_lines(row, title_width_));
    title_rect = {p.x, p.y + line, std::max(title_lines[0], title_lines[1]), line * lines};
    float y = p.y + line * (1 + lines);
    if (!row.authors.empty() || row.et_al) {
      ImGui::SetCursorScreenPos(ImVec2(p.x, y));
      draw_authors(row, max_x);
      y += line;
    }
    if (!venue.empty() || !row.links.empty()) {
      draw_text(dl, ImVec2(p.x, y), max_x - p.x - links_w - 8, 1, dim, venue, nullptr);
      ImGui::SetCursorScreenPos(ImVec2(max_x - links_w + 4, y));
      links();
      y += line;
    }
    probe_.content_bottom.back() = y;
  } else {
    if (*year) {
      ImGui::TableSetColumnIndex(col_[static_cast<int>(Column::Year)]);
      dl->AddText(ImVec2(ImGui::GetCursorScreenPos().x, top.y), dim, year);
    }
    if (col_[static_cast<int>(Column::Venue)] >= 0) {
      ImGui::TableSetColumnIndex(col_[static_cast<int>(Column::Venue)]);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      float x = p.x;
      if (!badge.empty()) pill(x, p.y, ImGui::GetContentRegionAvail().x, badge, accent);
    }
    // Title, authors, venue line
    ImGui::TableSetColumnIndex(col_[static_cast<int>(Column::Title)]);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float max_x = p.x + ImGui::GetContentRegionAvail().x;
    probe_.title_chars.back() =
        draw_text(dl, p, max_x - p.x, 1, row.url.empty() ? text : accent, row.title, title_lines);
    title_rect = {p.x, p.y, title_lines[0], line};
    ImGui::SetCursorScreenPos(ImVec2(p.x, p.y + line));
    draw_authors(row, max_x);
    float x = p.x;
    pills(x, p.y + line * 2, max_x);
    draw_text(dl, ImVec2(x, p.y + line * 2), max_x - x - links_w - 8, 1, dim, venue, nullptr);
    ImGui::SetCursorScreenPos(ImVec2(max_x - links_w + 4, p.y + line * 2));
    links();
    probe_.content_bottom.back() = p.y + line * 3;
    if (col_[static_cast<int>(Column::Citations)] >= 0 &&
        ImGui::TableSetColumnIndex(col_[static_cast<int>(Column::Citations)]) && row.citations)
      ImGui::TextDisabled("%lld", static_cast<long long>(*row.citations));
  }

  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool over_title = hovered && !row.url.empty() && mouse.x >= title_rect.x &&
                          mouse.x < title_rect.x + title_rect.w && mouse.y >= title_rect.y &&
                          mouse.y < title_rect.y + title_rect.h;
  if (over_title) {
    // Each line of the title underlined, as a wrapped link is.
    for (int l = 0; l < 2 && title_lines[l] > 0; ++l) {
      const float y = title_rect.y + line * static_cast<float>(l + 1);
      dl->AddLine(ImVec2(title_rect.x, y), ImVec2(title_rect.x + title_lines[l], y), accent);
    }
    ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }
  // A click on the title (or Enter / Space on the focused row) opens the title's link.
  if (!row.url.empty() && ((pressed && (over_title || !ImGui::GetIO().MouseReleased[0])) || enter))
    actions_.open.push_back(row.url);
  // The hover card follows the pointer, not the keyboard: while arrow keys move the focus, ImGui
  // counts the focused row as hovered, and a card there would cover the rows being read.
  // (nor while something is dragged or pressed; the search field being edited is no reason)
  const bool busy = ImGui::IsAnyItemActive() && ImGui::GetActiveID() != search_id_;
  if (hovered && !GImGui->NavDisableMouseHover && !busy &&
      !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
    draw_tooltip(row);
  ImGui::PopID();
}

}  // namespace papershelf::widget
