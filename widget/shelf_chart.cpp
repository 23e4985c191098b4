// The shelf's chart of papers per year, and the phone's line that folds it: apart from the table
// it stands above. Everything drawn from data goes through TextUnformatted / AddText.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>

#include "imgui.h"
#include "imgui_internal.h"
#include "shelf.hpp"
#include "shelf_draw.hpp"

namespace papershelf::widget {

namespace {

constexpr float kChartHeight = 44.0f;

}  // namespace

// A phone's line above the list: the chart folded under its title ("Publications per year", the
// core's words), and the count at the line's end. The chart is folded until the visitor opens it:
// on a phone the list needs the height more.
void Shelf::draw_chart_line() {
  // (a control a finger can hit when it folds the chart; a line of text when it is the count alone)
  const float frame = controls_.year ? ImGui::GetFrameHeight() : ImGui::GetTextLineHeight();
  const float avail = ImGui::GetContentRegionAvail().x;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 count_size = ImGui::CalcTextSize(count_.c_str());
  const float text_y = at.y + std::floor((frame - count_size.y) / 2);
  if (controls_.year) {
    const bool open = chart_open_ > 0;
    const std::string title(words_("Publications per year"));
    const float arrow = ImGui::GetFontSize();
    const float title_w =
        arrow + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(title.c_str()).x + 8;
    if (ImGui::InvisibleButton(
            "##chart", ImVec2(std::max(1.0f, std::min(title_w, avail - count_size.x - 8)), frame)))
      chart_open_ = open ? 0 : 1;
    probe_.chart_toggle = last_item_rect();
    probe_.controls.push_back(probe_.chart_toggle);
    probe_.control_names.emplace_back("chart");
    const ImRect whole(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    if (ImGui::IsItemHovered())
      dl->AddRectFilled(whole.Min, whole.Max, ImGui::GetColorU32(ImGuiCol_FrameBgHovered),
                        ImGui::GetStyle().FrameRounding);
    ImGui::RenderNavHighlight(whole, ImGui::GetItemID());
    ImGui::RenderArrow(dl, ImVec2(at.x + 4, text_y), ImGui::GetColorU32(ImGuiCol_Text),
                       open ? ImGuiDir_Down : ImGuiDir_Right, 0.8f);
    ImGui::RenderTextClipped(ImVec2(at.x + 4 + arrow, at.y), ImVec2(whole.Max.x, whole.Max.y),
                             title.c_str(), nullptr, nullptr, ImVec2(0, 0.5f));
  }
  // The count at the line's end (on its own line when there is no chart).
  ImGui::SetCursorScreenPos(ImVec2(controls_.year ? at.x + avail - count_size.x : at.x, text_y));
  ImGui::TextDisabled("%s", count_.c_str());
  ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + frame));
  ImGui::Dummy(ImVec2(0, 0));  // (the line ends with the usual spacing below it)
}

// Papers per year (the year facet: counts under the rest of the query), oldest on the left.
// Clicking a bar filters to that year; clicking it again clears the year.
void Shelf::draw_chart() {
  const auto& years = view_.facets.years;
  // The chart is there when the whole list spans years (the controls' judgement), also while a
  // search leaves one year or none: the rows below do not jump as a visitor types.
  if (!controls_.year || (narrow_ && chart_open_ <= 0)) return;
  const float label_h = ImGui::GetFontSize() * 0.8f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float avail = ImGui::GetContentRegionAvail().x;
  probe_.chart = {origin.x, origin.y, avail, kChartHeight + label_h};
  if (years.empty()) {
    ImGui::Dummy(ImVec2(1, kChartHeight + label_h));
    return;
  }
  std::uint32_t most = 1;
  for (const auto& y : years) most = std::max(most, y.count);
  const float slot = std::clamp(avail / static_cast<float>(years.size()), 6.0f, 34.0f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 bar = ImGui::GetColorU32(ImGuiCol_PlotHistogram);
  const ImU32 active = ImGui::GetColorU32(ImGuiCol_PlotHistogramHovered);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  Filter& f = query_.filter;
  // Year labels whole, as the core writes them ("2024", never "24"): under every bar when they
  // fit, else under every second, third... counted from the newest year, which always has one.
  ImFont* font = ImGui::GetFont();
  float widest = 0;
  for (const auto& y : years)
    widest = std::max(widest, font->CalcTextSizeA(label_h, FLT_MAX, 0, y.label.c_str()).x);
  const auto every = static_cast<std::size_t>(std::max(1.0f, std::ceil((widest + 6) / slot)));
  const float chart_end = origin.x + slot * static_cast<float>(years.size());
  float label_end = -FLT_MAX;  // the right edge of the label drawn last
  probe_.bars.resize(years.size());
  for (std::size_t i = years.size(); i-- > 0;) {
    const FacetValue& y = years[i];
    const int year = std::atoi(y.key.c_str());
    const bool on = year && f.year_from == year && f.year_to == year;
    ImGui::PushID(static_cast<int>(i));
    if (i != years.size() - 1) ImGui::SameLine(0, 0);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    if (ImGui::InvisibleButton("bar", ImVec2(slot, kChartHeight + label_h)) && year) {
      f.year_from = f.year_to = on ? 0 : year;
      query_edited();
    }
    const bool hovered = ImGui::IsItemHovered();
    probe_.bars[i] = last_item_rect();
    const float h = kChartHeight * static_cast<float>(y.count) / static_cast<float>(most);
    dl->AddRectFilled(ImVec2(p.x + 1, p.y + kChartHeight - h),
                      ImVec2(p.x + slot - 1, p.y + kChartHeight), on || hovered ? active : bar,
                      2.0f);
    if (i % every == 0) {
      // Centred under its bar, kept inside the chart, never over its neighbour's.
      const float w = font->CalcTextSizeA(label_h, FLT_MAX, 0, y.label.c_str()).x;
      const float x = std::max(origin.x, std::min(p.x + slot / 2 - w / 2, chart_end - w));
      if (x >= label_end + 4) {
        dl->AddText(nullptr, label_h, ImVec2(x, p.y + kChartHeight + 1), dim, y.label.c_str());
        probe_.axis_labels.push_back(y.label);
        probe_.axis_label_rects.push_back({x, p.y + kChartHeight + 1, w, label_h});
        label_end = x + w;
      }
    }
    if (hovered) {
      // "2024: 3 publications", as the core writes a year's count.
      const std::string tip = words_.labelled(
          y.label, Words::fill(words_.count(y.count, "{n} publication", "{n} publications"), "n",
                               words_.number(y.count)));
      ImGui::SetTooltip("%s", tip.c_str());
    }
    ImGui::PopID();
  }
}

}  // namespace papershelf::widget
