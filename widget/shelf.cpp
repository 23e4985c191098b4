// The immediate-mode shelf, its frame and toolbar (the chart, the table and its rows are in
// shelf_table.cpp). Index:
// [SECTION] State from the host
// [SECTION] Theme
// [SECTION] Frame
// [SECTION] Toolbar
//
// Everything drawn from data goes through TextUnformatted / AddText (never a format string), and
// only links the core marked safe are ever opened.
#include "shelf.hpp"
#include "shelf_draw.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>

#include "imgui.h"
#include "imgui_internal.h"  // TableSetColumnSortDirection: the host can set the sort too
#include "papershelf/color.hpp"
#include "papershelf/html.hpp"

namespace papershelf::widget {

namespace {

// The height of a control a finger can hit (CSS px).
constexpr float kTouchTarget = 44.0f;

ImVec4 mix(const ImVec4& a, const ImVec4& b, float t) {
  return ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, 1.0f);
}
ImVec4 opaque(const ImVec4& c, const ImVec4& under) { return mix(under, c, c.w); }

// The core's readability rule (WCAG 2 contrast), for ImGui's colours.
float contrast(const ImVec4& a, const ImVec4& b) {
  return static_cast<float>(papershelf::contrast_ratio({a.x, a.y, a.z}, {b.x, b.y, b.z}));
}
// What the widget's colours keep: the core's ratio and a little margin for the rounding of blends.
constexpr float kContrastWithMargin = static_cast<float>(papershelf::kReadableContrast) + 0.2f;
constexpr float kGraphicContrastWithMargin =
    static_cast<float>(papershelf::kGraphicContrast) + 0.2f;

// Without a bold face, bold is the regular text drawn twice, one device pixel apart.
float bold_offset() { return std::max(0.5f, 1.0f / ImGui::GetIO().DisplayFramebufferScale.x); }

// The side of a check box: the frame a desktop line of text gets, whatever a finger's frame is.
float check_box_side() { return ImGui::GetFontSize() + 6.0f; }

// A check box. On touch screens the frame is a finger's 44 px, and ImGui would draw the box that
// tall: here the box keeps its usual size, centred in a target of the frame's height that takes in
// the label too.
bool check_box(const char* label, bool* on, bool touch) {
  if (!touch) return ImGui::Checkbox(label, on);
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* end = ImGui::FindRenderedTextEnd(label);
  const ImVec2 text = ImGui::CalcTextSize(label, end);
  const float side = check_box_side(), height = ImGui::GetFrameHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool pressed =
      ImGui::InvisibleButton(label, ImVec2(side + style.ItemInnerSpacing.x + text.x, height));
  if (pressed) *on = !*on;
  const ImRect whole(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  ImGui::RenderNavHighlight(whole, ImGui::GetItemID());
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 box(at.x, at.y + std::floor((height - side) / 2));
  const ImGuiCol fill = ImGui::IsItemActive()    ? ImGuiCol_FrameBgActive
                        : ImGui::IsItemHovered() ? ImGuiCol_FrameBgHovered
                                                 : ImGuiCol_FrameBg;
  draw->AddRectFilled(box, ImVec2(box.x + side, box.y + side), ImGui::GetColorU32(fill),
                      style.FrameRounding);
  draw->AddRect(box, ImVec2(box.x + side, box.y + side), ImGui::GetColorU32(ImGuiCol_Border),
                style.FrameRounding, 0, style.FrameBorderSize);
  if (*on) {
    const float pad = std::max(1.0f, std::floor(side / 6));
    ImGui::RenderCheckMark(draw, ImVec2(box.x + pad, box.y + pad),
                           ImGui::GetColorU32(ImGuiCol_CheckMark), side - pad * 2);
  }
  draw->AddText(ImVec2(box.x + side + style.ItemInnerSpacing.x, at.y + (height - text.y) / 2),
                ImGui::GetColorU32(ImGuiCol_Text), label, end);
  return pressed;
}

// A single-choice facet menu: "Any type" plus "Conference (12)". Returns the picked key, or
// nullptr when nothing was picked this frame ("" = any).
const char* facet_combo(const char* id, const char* any, const std::vector<FacetValue>& values,
                        const std::string& current, float width) {
  std::string preview = any;
  for (const auto& v : values)
    if (v.key == current) preview = v.label;
  if (!current.empty() && preview == any) preview = current;
  const char* picked = nullptr;
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(id, preview.c_str())) {
    if (ImGui::Selectable(any, current.empty())) picked = "";
    char label[320];
    for (const auto& v : values) {
      ImFormatString(label, sizeof label, "%.280s (%u)", v.label.c_str(), v.count);
      ImGui::PushID(v.key.c_str());
      if (ImGui::Selectable(label, v.key == current)) picked = v.key.c_str();
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  return picked;
}

}  // namespace

// ---------------------------------------------------------------- [SECTION] State from the host

void Shelf::set_query(const Query& q) {
  query_ = q;
  search_buffer_ = q.search;
  sort_from_host_ = true;
}

void Shelf::set_view(ViewData view) {
  view_ = std::move(view);
  focus_record_ = -1;  // (a linked row not reached yet: the new view is not the one it was in)
  texts_unchecked_ = true;
  rebuild_display();
}

void Shelf::set_row(std::uint32_t record, Row row) {
  rows_[record] = std::move(row);
  // Checked at the next draw: the font's glyphs exist only once a frame has built its atlas, and
  // rows can come with the first view, before any frame.
  unchecked_rows_.push_back(record);
}

void Shelf::set_font(ImFont* regular, ImFont* bold) {
  regular_ = regular;
  bold_ = bold;
}

float Shelf::bold_width(float size, const std::string& text) const {
  if (bold_) return bold_->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
  return ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x + bold_offset();
}

void Shelf::add_bold_text(ImDrawList* dl, float size, ImVec2 pos, std::uint32_t col,
                          const std::string& text) const {
  if (bold_) {
    dl->AddText(bold_, size, pos, col, text.c_str());
    return;
  }
  ImFont* font = ImGui::GetFont();
  dl->AddText(font, size, pos, col, text.c_str());
  dl->AddText(font, size, ImVec2(pos.x + bold_offset(), pos.y), col, text.c_str());
}

void Shelf::rebuild_display() {
  display_.clear();
  anchor_row_ = -1;  // (other rows: nothing on screen to keep still)
  const auto n = static_cast<std::uint32_t>(view_.entries.size());
  if (view_.groups.empty()) {
    display_.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) display_[i] = i;
    return;
  }
  display_.reserve(n + view_.groups.size());
  for (std::uint32_t g = 0; g < view_.groups.size(); ++g) {
    const Group& group = view_.groups[g];
    display_.push_back(~g);
    if (collapsed_.count(group.key)) continue;
    for (std::uint32_t k = 0; k < group.count; ++k) display_.push_back(group.begin + k);
  }
}

void Shelf::query_edited() { actions_.query_changed = true; }

Actions Shelf::take_actions() {
  Actions out = std::move(actions_);
  actions_ = Actions{};
  return out;
}

void Shelf::check_glyphs(const std::string& text) {
  if (!regular_) return;
  const char* s = text.data();
  const char* end = s + text.size();
  while (s < end) {
    const char* start = s;
    const unsigned c = next_codepoint(s, end);
    if (c < 0x20 || missing_seen_.count(c)) continue;
    if (c <= IM_UNICODE_CODEPOINT_MAX && regular_->FindGlyphNoFallback(static_cast<ImWchar>(c)))
      continue;
    missing_seen_.insert(c);
    actions_.missing_glyphs.append(start, s);
  }
}

// Everything of a row the widget draws: the row, its card, its hover card.
void Shelf::check_glyphs(const Row& row) {
  for (const std::string* text :
       {&row.title, &row.venue, &row.badge, &row.award, &row.award_label, &row.note, &row.abstract})
    check_glyphs(*text);
  for (const auto& a : row.authors) {
    check_glyphs(a.name);
    check_glyphs(a.marks);
  }
  for (const auto& link : row.links) check_glyphs(link.label);
}

// The words around the rows: labels, menus (facet values), group headings, the search text.
void Shelf::check_texts() {
#define PAPERSHELF_LABEL_CHECK(member, key, english) check_glyphs(labels_.member);
  PAPERSHELF_WIDGET_LABELS(PAPERSHELF_LABEL_CHECK)
#undef PAPERSHELF_LABEL_CHECK
  const Facets& f = view_.facets;
  for (const auto* list : {&f.years, &f.types, &f.statuses, &f.venues})  // (no menu shows tags)
    for (const FacetValue& v : *list) check_glyphs(v.label);
  for (const Group& g : view_.groups) check_glyphs(g.label);
  // (the core's words the widget shows: a phone's folds)
  for (const char* phrase : {"Filters", "Filters ({n})", "Publications per year"})
    check_glyphs(std::string(words_(phrase)));
}

// ---------------------------------------------------------------- [SECTION] Theme

void Shelf::set_theme(const Theme& theme) {
  theme_ = theme;
  theme_dirty_ = true;
}

void Shelf::apply_theme() {
  theme_dirty_ = false;
  ImGuiStyle& style = ImGui::GetStyle();
  if (theme_.dark)
    ImGui::StyleColorsDark(&style);
  else
    ImGui::StyleColorsLight(&style);
  style.WindowPadding = ImVec2(8, 8);
  style.FrameRounding = 4;
  style.GrabRounding = 4;
  style.PopupRounding = 4;
  style.WindowBorderSize = 0;
  style.FrameBorderSize = 1;
  style.CellPadding = ImVec2(6, 4);
  // A finger needs a target 44 px tall (WCAG 2.5.5, the platforms' norm); ImGui's frames are a
  // line and 6 px (about 21).
  const float font =
      (regular_ ? regular_->FontSize : ImGui::GetFontSize()) * ImGui::GetIO().FontGlobalScale;
  style.FramePadding =
      ImVec2(4, theme_.touch ? std::max(3.0f, std::ceil((kTouchTarget - font) / 2)) : 3.0f);
  ImVec4* c = style.Colors;
  if (theme_.background) c[ImGuiCol_WindowBg] = ImGui::ColorConvertU32ToFloat4(theme_.background);
  if (theme_.text) c[ImGuiCol_Text] = ImGui::ColorConvertU32ToFloat4(theme_.text);
  // Without a page colour (the native preview): white or ImGui's dark grey.
  const ImVec4 bg = theme_.background || theme_.dark
                        ? opaque(c[ImGuiCol_WindowBg], ImVec4(0, 0, 0, 1))
                        : ImVec4(1, 1, 1, 1);
  const ImVec4 ink = c[ImGuiCol_Text] = opaque(c[ImGuiCol_Text], bg);
  const ImVec4 a = theme_.accent ? opaque(ImGui::ColorConvertU32ToFloat4(theme_.accent), bg)
                                 : c[ImGuiCol_CheckMark];
  // Flat controls in the page's colours: every surface is the background shaded a little towards
  // the text colour, so the pairs below can be checked.
  auto shade = [&](float t) { return mix(bg, ink, t); };
  c[ImGuiCol_WindowBg] = c[ImGuiCol_ChildBg] = bg;
  c[ImGuiCol_PopupBg] = shade(0.03f);
  c[ImGuiCol_FrameBg] = c[ImGuiCol_Button] = c[ImGuiCol_TableHeaderBg] = shade(0.06f);
  c[ImGuiCol_FrameBgHovered] = c[ImGuiCol_ButtonHovered] = c[ImGuiCol_HeaderHovered] = shade(0.1f);
  c[ImGuiCol_FrameBgActive] = c[ImGuiCol_ButtonActive] = c[ImGuiCol_HeaderActive] = shade(0.14f);
  c[ImGuiCol_Header] = mix(bg, a, 0.14f);
  c[ImGuiCol_TableRowBgAlt] = c[ImGuiCol_ScrollbarBg] = shade(0.03f);
  c[ImGuiCol_ScrollbarGrab] =
      shade(0.25f);  // (ImGui's own greys were a bright strip on a dark page)
  c[ImGuiCol_ScrollbarGrabHovered] = shade(0.35f);
  c[ImGuiCol_ScrollbarGrabActive] = shade(0.45f);
  c[ImGuiCol_TableBorderLight] = c[ImGuiCol_TableBorderStrong] = shade(0.18f);
  // What shows where a control is, and the chart's bars, against the page: WCAG asks 3:1 of
  // non-text (on a dark page a faint outline vanished, and the search field with it). A one-pixel
  // outline is smoothed into its neighbours, so its colour aims at text's 4.5:1 (browsers' own
  // field outline, #767676 on white); a bar is solid.
  auto visible_on_bg = [&](ImVec4 to, float t, float ratio) {
    while (t < 1.0f && contrast(mix(bg, to, t), bg) < ratio) t += 0.02f;
    return mix(bg, to, std::min(t, 1.0f));
  };
  c[ImGuiCol_Border] = visible_on_bg(ink, 0.3f, kContrastWithMargin);
  c[ImGuiCol_CheckMark] = c[ImGuiCol_SliderGrabActive] = c[ImGuiCol_NavHighlight] = a;
  c[ImGuiCol_PlotHistogram] = visible_on_bg(a, 0.45f, kGraphicContrastWithMargin);
  c[ImGuiCol_PlotHistogramHovered] = a;
  // Every background text is drawn on: the page, striped and hovered rows, headers, fields,
  // menus, and the tinted badges.
  // (A pressed control's shade lasts a click: not among them.)
  const ImVec4 grounds[] = {bg,
                            c[ImGuiCol_TableRowBgAlt],
                            c[ImGuiCol_FrameBg],
                            c[ImGuiCol_HeaderHovered],
                            c[ImGuiCol_PopupBg],
                            c[ImGuiCol_Header]};
  auto readable = [&](ImVec4 want) {
    ImVec4 out = want;
    // Towards the text colour (or black / white when even that is too faint) until each pair
    // reads (kContrastWithMargin).
    for (int i = 0; i <= 40; ++i) {
      const ImVec4 target = i <= 20 ? ink : (theme_.dark ? ImVec4(1, 1, 1, 1) : ImVec4(0, 0, 0, 1));
      out = i <= 20 ? mix(want, ink, i / 20.0f) : mix(ink, target, (i - 20) / 20.0f);
      // (a colour also labels its own tinted badge)
      bool ok = contrast(out, mix(bg, out, kTint)) >= kContrastWithMargin;
      for (const ImVec4& g : grounds) ok = ok && contrast(out, g) >= kContrastWithMargin;
      if (ok) break;
    }
    return out;
  };
  c[ImGuiCol_Text] = readable(ink);
  c[ImGuiCol_TextDisabled] = readable(mix(ink, bg, 0.45f));
  accent_ = ImGui::ColorConvertFloat4ToU32(readable(a));
  status_ = ImGui::ColorConvertFloat4ToU32(
      readable(theme_.dark ? ImVec4(0.95f, 0.6f, 0.2f, 1) : ImVec4(0.7f, 0.35f, 0, 1)));
  award_ = ImGui::ColorConvertFloat4ToU32(
      readable(theme_.dark ? ImVec4(0.95f, 0.78f, 0.2f, 1) : ImVec4(0.55f, 0.4f, 0, 1)));
}

// ---------------------------------------------------------------- [SECTION] Frame

bool Shelf::check_new_texts() {
  const std::size_t reported = actions_.missing_glyphs.size();
  for (const std::uint32_t record : unchecked_rows_)
    if (auto it = rows_.find(record); it != rows_.end()) check_glyphs(it->second);
  unchecked_rows_.clear();
  if (texts_unchecked_) check_texts();
  texts_unchecked_ = false;
  check_glyphs(search_buffer_);
  return actions_.missing_glyphs.size() > reported;
}

void Shelf::draw() {
  if (theme_dirty_) apply_theme();
  if (check_new_texts()) ++late_glyph_frames_;
  probe_ = Probe{};
  probe_.late_glyph_frames = late_glyph_frames_;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("papershelf", nullptr, flags);
  if (regular_) ImGui::PushFont(regular_);
  probe_.canvas = {0, 0, io.DisplaySize.x, io.DisplaySize.y};
  draw_toolbar();
  if (narrow_) draw_chart_line();
  draw_chart();
  draw_table();
  menu_asked_ = false;                             // (no row has focus: the key does nothing)
  if (probe_.focused_record < 0) announced_ = -1;  // focus left the rows: announce on return
  if (regular_) ImGui::PopFont();
  ImGui::End();
}

// ---------------------------------------------------------------- [SECTION] Toolbar

void Shelf::draw_toolbar() {
  const float avail = ImGui::GetContentRegionAvail().x;
  // On a phone: the search field and a "Filters" button on one line; the menus, three a line
  // (wide enough for "Any status"; two on a touch screen, where a menu's arrow is a finger's
  // width), show when the button opens them, as the HTML list's toolbar does: the list keeps the
  // screen.
  const bool narrow = narrow_ = avail < 640.0f;
  const bool filters_open = probe_.filters_open = filters_open_ >= 0 ? filters_open_ > 0 : !narrow;
  Filter& f = query_.filter;
  // "Filters (2)" when filters are set, in the core's words (the HTML list's button).
  const auto active = static_cast<unsigned>(f.types.size() + f.statuses.size() + f.venues.size() +
                                            (f.year_from || f.year_to ? 1 : 0) + f.selected_only +
                                            f.has_award + f.owner_first);
  const std::string filters_word =
      active ? Words::fill(words_("Filters ({n})"), "n", words_.number(active))
             : std::string(words_("Filters"));
  const std::string filters_label = filters_word + "###filters";
  const float filters_w =
      narrow ? ImGui::CalcTextSize(filters_word.c_str()).x + ImGui::GetStyle().FramePadding.x * 2
             : 0.0f;
  const float per_line = theme_.touch ? 2.0f : 3.0f;
  const float combo =
      narrow ? std::floor((avail - ImGui::GetStyle().ItemSpacing.x * (per_line - 1)) / per_line)
             : std::clamp(avail * 0.14f, 90.0f, 150.0f);
  // Controls flow onto a second line when the element is narrow.
  const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  auto flow = [&](float width) {
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right_edge)
      ImGui::SameLine();
  };
  auto checkbox_width = [&](const char* label) {
    return (theme_.touch ? check_box_side() : ImGui::GetFrameHeight()) +
           ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
  };

  // Search: the buffer is the widget's own; every edit becomes the query's search text.
  char buffer[256];
  ImFormatString(buffer, sizeof buffer, "%s", search_buffer_.c_str());
  ImGui::SetNextItemWidth(narrow ? avail - filters_w - ImGui::GetStyle().ItemSpacing.x
                                 : std::clamp(avail * 0.3f, 140.0f, 320.0f));
  if (focus_search_) {
    ImGui::SetKeyboardFocusHere();  // (the field is edited at once: typing goes in)
    focus_search_ = false;
  }
  // Escape leaves the field with its text (ImGui's own Escape would put back the text the edit
  // began with, and the list with it); the keyboard stays on the field, arrows go on from there.
  if (ImGui::GetActiveID() == ImGui::GetID("##search") &&
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
    ImGui::ClearActiveID();
  if (ImGui::InputTextWithHint("##search", labels_.search.c_str(), buffer, sizeof buffer)) {
    search_buffer_ = buffer;
    query_.search = search_buffer_;
    query_edited();
  }
  probe_.search = last_item_rect();
  search_id_ = ImGui::GetItemID();
  // (the outline of each control, for the probe; a menu that is open reports its list instead)
  auto control = [&](const char* name) {
    probe_.controls.push_back(last_item_rect());
    probe_.control_names.emplace_back(name);
  };
  control("search");

  if (narrow) {
    ImGui::SameLine();
    // (open, it is pressed: the selected rows' shade, one of the grounds apply_theme reads text on)
    if (filters_open)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_Header));
    if (ImGui::Button(filters_label.c_str())) filters_open_ = filters_open ? 0 : 1;
    if (filters_open) ImGui::PopStyleColor();
    control("filters");
  }
  if (filters_open) {
    flow(combo);
    ImGui::SetNextItemWidth(combo);
    auto group_label = [&](GroupBy by) -> const std::string& {
      switch (by) {
        case GroupBy::Year:
          return labels_.group_year;
        case GroupBy::Type:
          return labels_.group_type;
        case GroupBy::Status:
          return labels_.group_status;
        case GroupBy::Venue:
          return labels_.group_venue;
        case GroupBy::None:
          break;
      }
      return labels_.group_none;
    };
    const bool group_open = ImGui::BeginCombo("##group", group_label(query_.group).c_str());
    control("group");
    if (group_open) {
      for (int g = 0; g <= static_cast<int>(GroupBy::Venue); ++g) {
        const auto by = static_cast<GroupBy>(g);
        if (ImGui::Selectable(group_label(by).c_str(), by == query_.group) && by != query_.group) {
          query_.group = by;
          query_edited();
        }
      }
      ImGui::EndCombo();
    }

    const Facets& facets = view_.facets;
    // Each filter control shows when it can change the list (set_controls), or its filter is set.
    if (!controls_set_ && query_.search.empty() && f.empty())
      controls_ = useful_controls(facets, view_.total);
    const Controls& can = controls_;
    if (can.type || !f.types.empty()) {
      flow(combo);
      const std::string type = f.types.empty() ? "" : std::string(to_string(f.types[0]));
      const char* type_key =
          facet_combo("##type", labels_.any_type.c_str(), facets.types, type, combo);
      control("type");
      if (const char* k = type_key) {
        f.types.clear();
        if (auto t = pub_type_from_string(k)) f.types.push_back(*t);
        query_edited();
      }
    }
    if (can.status || !f.statuses.empty()) {
      flow(combo);
      const std::string status = f.statuses.empty() ? "" : std::string(to_string(f.statuses[0]));
      const char* status_key =
          facet_combo("##status", labels_.any_status.c_str(), facets.statuses, status, combo);
      control("status");
      if (const char* k = status_key) {
        f.statuses.clear();
        if (auto st = status_from_string(k)) f.statuses.push_back(*st);
        query_edited();
      }
    }
    if (can.venue || !f.venues.empty()) {
      flow(combo);
      const std::string venue = f.venues.empty() ? "" : f.venues[0];
      const char* venue_key =
          facet_combo("##venue", labels_.any_venue.c_str(), facets.venues, venue, combo);
      control("venue");
      if (const char* k = venue_key) {
        f.venues.clear();
        if (*k) f.venues.emplace_back(k);
        query_edited();
      }
    }

    // Year range: "from" and "to" menus over the years the facets know (newest first).
    std::vector<int> years;
    for (const auto& y : facets.years)
      if (const int year = std::atoi(y.key.c_str()); year > 0) years.push_back(year);
    if (can.year || f.year_from || f.year_to) {
      auto year_menu = [&](const char* id, const char* any, int& bound) {
        char preview[24];
        ImFormatString(preview, sizeof preview, bound ? "%s %d" : "%s", any, bound);
        ImGui::SetNextItemWidth(combo * 0.75f);
        const bool open = ImGui::BeginCombo(id, preview);
        control(id + 2);
        if (!open) return;
        if (ImGui::Selectable(any, bound == 0)) bound = 0, query_edited();
        for (int year : years) {
          char item[16];
          ImFormatString(item, sizeof item, "%d", year);
          if (ImGui::Selectable(item, bound == year)) bound = year, query_edited();
        }
        ImGui::EndCombo();
      };
      flow(combo * 0.75f);
      year_menu("##from", labels_.year_from.c_str(), f.year_from);
      flow(combo * 0.75f);
      year_menu("##to", labels_.year_to.c_str(), f.year_to);
    }

    auto flag = [&](const char* name, const std::string& word, std::uint32_t count, bool& on,
                    bool useful) {
      if (!useful && !on) return;
      char label[96];
      ImFormatString(label, sizeof label, "%s (%u)###%s", word.c_str(), count, name);
      flow(checkbox_width(label));  // (the "###" part is no text: it is not measured)
      if (check_box(label, &on, theme_.touch)) query_edited();
      control(name);
    };
    flag("selected", labels_.selected, facets.selected, f.selected_only, can.selected);
    flag("award", labels_.award, facets.awards, f.has_award, can.award);
    flag("first-author", labels_.first_author, facets.owner_first, f.owner_first, can.first_author);
    if (!f.empty() || !query_.search.empty()) {
      flow(ImGui::CalcTextSize(labels_.clear.c_str()).x + ImGui::GetStyle().FramePadding.x * 2);
      if (ImGui::Button(labels_.clear.c_str())) {
        query_.filter = Filter{};
        query_.search.clear();
        search_buffer_.clear();
        query_edited();
      }
      control("clear");
    }
  }
  count_ = probe_.count = count_text();
  if (narrow) return;  // (a phone's count goes on the chart's line, draw_chart_line)
  flow(ImGui::CalcTextSize(count_.c_str()).x);
  ImGui::TextDisabled("%s", count_.c_str());
}

std::string Shelf::count_text() const {
  const std::size_t shown = view_.entries.size();
  // The count from the label templates, the numbers grouped as the words' language groups them
  // (as the element writes them: "1.234 Publikationen").
  const std::string total = words_.number(view_.total);
  if (shown == view_.total)
    return shown == 1 ? labels_.count_one : Words::fill(labels_.count_all, "total", total);
  return Words::fill(labels_.count_some, {{"shown", words_.number(shown)}, {"total", total}});
}

}  // namespace papershelf::widget
