// Authors as the rows, the tooltip and the "+N" list draw them (the owner in bold, markers
// raised), and the tooltip: apart from the table. Everything drawn from data goes through
// TextUnformatted / AddText.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>

#include "imgui.h"
#include "imgui_internal.h"
#include "papershelf/html.hpp"  // collapse_authors
#include "shelf.hpp"
#include "shelf_draw.hpp"

namespace papershelf::widget {

namespace {

Rect window_rect() {
  const ImVec2 p = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  return {p.x, p.y, size.x, size.y};
}

// How wide a tooltip or popup's text may run (window-local, as ImGui's wrap positions are): `ems`
// font sizes, or less on a narrow canvas so that the box fits it.
float wrap_position(float ems) {
  const float pad = ImGui::GetStyle().WindowPadding.x;
  return std::min(ImGui::GetFontSize() * ems, ImGui::GetIO().DisplaySize.x - pad * 3);
}

}  // namespace

// Markers ("*", "†") are set small and raised, as superscripts, by these fractions of the font
// size (little enough not to touch the line above).
constexpr float kMarkScale = 0.72f, kMarkRaise = 0.13f;

// One author as rows, tooltips and the "+N" list show them: the owner in bold and the accent
// colour, markers raised and small. Returns the width drawn (and the name's alone in
// `name_width`); with `dl` null it only measures.
float Shelf::put_author(ImDrawList* dl, ImVec2 pos, const ViewAuthor& a, float* name_width) const {
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  float w = 0;
  if (a.owner) {
    w = bold_width(size, a.name);
    if (dl) add_bold_text(dl, size, pos, accent_, a.name);
  } else {
    w = font->CalcTextSizeA(size, FLT_MAX, 0, a.name.c_str()).x;
    if (dl) dl->AddText(font, size, pos, ImGui::GetColorU32(ImGuiCol_Text), a.name.c_str());
  }
  if (name_width) *name_width = w;
  if (!a.marks.empty()) {
    if (dl)
      dl->AddText(font, size * kMarkScale, ImVec2(pos.x + w, pos.y - size * kMarkRaise),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled), a.marks.c_str());
    w += font->CalcTextSizeA(size * kMarkScale, FLT_MAX, 0, a.marks.c_str()).x;
  }
  return w;
}

// Authors on one line; those that do not fit (or are beyond the element's maxAuthors) collapse to
// "+N" (a click opens the whole list).
void Shelf::draw_authors(const Row& row, float max_x) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  std::vector<std::uint8_t> owner(row.authors.size());
  for (std::size_t i = 0; i < row.authors.size(); ++i) owner[i] = row.authors[i].owner;
  const AuthorLine line = collapse_authors(std::move(owner), max_authors_);
  ImVec2 pos = ImGui::GetCursorScreenPos();
  auto width = [&](const char* str) { return font->CalcTextSizeA(size, FLT_MAX, 0, str).x; };
  auto put = [&](const char* str) {
    dl->AddText(font, size, pos, dim, str);
    pos.x += width(str);
  };
  const float more_w = width("  +999");
  // Between two authors ", "; where authors are left out between them (or before the first one
  // shown) ", …, " as the HTML list writes it, so that "A, Owner" never reads as a two-author
  // paper.
  auto separator = [](std::size_t v, const std::vector<std::uint32_t>& list) {
    const std::uint32_t before = v ? list[v - 1] + 1 : 0;
    return list[v] > before ? (v ? ", \u2026, " : "\u2026, ") : v ? ", " : "";
  };
  // Each author's width, measured once (the fitting below tries several lines).
  std::vector<float> author_w(row.authors.size(), -1.0f);
  auto author_width = [&](std::uint32_t i) {
    if (author_w[i] < 0) author_w[i] = put_author(nullptr, pos, row.authors[i]);
    return author_w[i];
  };
  auto line_width = [&](const std::vector<std::uint32_t>& list) {
    float w = 0;
    for (std::size_t v = 0; v < list.size(); ++v)
      w += width(separator(v, list)) + author_width(list[v]);
    return w;
  };
  // The authors that fit the line, in order; as the core collapses a long list, the owner keeps
  // a place: when the line would end before the first owner, the owner takes the last place that
  // fits (the authors before it give way, the first one last).
  std::vector<std::uint32_t> visible;
  std::size_t k = 0;
  for (; k < line.shown.size(); ++k) {
    const bool last = k + 1 == line.shown.size() && !line.hidden;
    visible.push_back(line.shown[k]);
    const float w = line_width(visible) + (last && row.et_al ? width(" et al.") : 0);
    if (k && pos.x + w + (last ? 0 : more_w) > max_x) {
      visible.pop_back();
      break;
    }
  }
  std::size_t first_owner = k;
  while (first_owner < line.shown.size() && !row.authors[line.shown[first_owner]].owner)
    ++first_owner;
  const bool owner_shown = std::any_of(visible.begin(), visible.end(),
                                       [&](std::uint32_t i) { return row.authors[i].owner; });
  if (first_owner < line.shown.size() && !owner_shown) {
    visible.push_back(line.shown[first_owner]);
    while (visible.size() > 1 && pos.x + line_width(visible) + more_w > max_x)
      visible.erase(visible.end() - 2);
  }
  const auto hidden = static_cast<unsigned>(line.shown.size() - visible.size()) + line.hidden;
  // A name that still does not fit (a phone's narrow card) ends in "…" before the "+N".
  const float name_end = max_x - (hidden ? more_w : 0);
  std::string laid_out;
  for (std::size_t v = 0; v < visible.size(); ++v) {
    put(separator(v, visible));
    const ViewAuthor& a = row.authors[visible[v]];
    laid_out.append(separator(v, visible)).append(a.name);
    if (pos.x + author_width(visible[v]) <= name_end) {
      pos.x += put_author(dl, pos, a);
      continue;
    }
    const float dots = width("\u2026");
    dl->PushClipRect(ImVec2(pos.x, pos.y - size),
                     ImVec2(std::max(pos.x, name_end - dots), pos.y + size * 2), true);
    put_author(dl, pos, a);
    dl->PopClipRect();
    pos.x = std::max(pos.x, name_end - dots);
    put("\u2026");
    laid_out += "\u2026";
    break;
  }
  if (!probe_.owner_shown.empty() && std::any_of(row.authors.begin(), row.authors.end(),
                                                 [](const ViewAuthor& a) { return a.owner; }))
    probe_.owner_shown.back() = std::any_of(visible.begin(), visible.end(),
                                            [&](std::uint32_t i) { return row.authors[i].owner; })
                                    ? 1
                                    : 0;
  if (row.et_al && !hidden) put(" et al.");
  if (hidden) {
    char more[32];
    ImFormatString(more, sizeof more, "  +%u", hidden);
    ImGui::SetCursorScreenPos(pos);
    const ImVec2 sz = ImGui::CalcTextSize(more);
    ImGui::PushItemFlag(ImGuiItemFlags_NoNav, true);
    if (ImGui::InvisibleButton("more", ImVec2(std::max(1.0f, std::min(sz.x, max_x - pos.x)), sz.y)))
      ImGui::OpenPopup("authors");
    ImGui::PopItemFlag();
    if (!probe_.more.empty()) probe_.more.back() = Rect{pos.x, pos.y, sz.x, sz.y};
    laid_out += more + 1;  // (" +N")
    dl->AddText(pos, accent_, more);
    // A list taller than the canvas (hundreds of authors) scrolls inside it.
    const float pad = ImGui::GetStyle().WindowPadding.y;
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0),
                                        ImVec2(FLT_MAX, ImGui::GetIO().DisplaySize.y - pad * 2));
    if (ImGui::BeginPopup("authors")) {
      draw_all_authors(row, wrap_position(30) - ImGui::GetStyle().WindowPadding.x);
      probe_.popup = window_rect();
      ImGui::EndPopup();
    }
  }
  if (!probe_.author_lines.empty()) probe_.author_lines.back() = laid_out;
}

// The whole author list, wrapped between authors at `wrap_width` (a name wider than that keeps
// its own line), drawn as in the row: for the tooltip and the "+N" popup.
void Shelf::draw_all_authors(const Row& row, float wrap_width) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const float line_height = ImGui::GetTextLineHeightWithSpacing();
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 pos = origin;
  float right = origin.x;
  auto put = [&](const char* str) {
    dl->AddText(font, size, pos, dim, str);
    pos.x += font->CalcTextSizeA(size, FLT_MAX, 0, str).x;
  };
  for (std::size_t i = 0; i < row.authors.size(); ++i) {
    const ViewAuthor& a = row.authors[i];
    if (i) put(", ");
    if (i && pos.x + put_author(nullptr, pos, a) > origin.x + wrap_width) {
      right = std::max(right, pos.x);
      pos = ImVec2(origin.x, pos.y + line_height);
    }
    float name_w = 0;
    const float w = put_author(dl, pos, a, &name_w);
    probe_.popup_names.push_back({pos.x, pos.y, name_w, size});
    probe_.popup_marks.push_back(
        w > name_w ? Rect{pos.x + name_w, pos.y - size * kMarkRaise, w - name_w, size * kMarkScale}
                   : Rect{});
    pos.x += w;
  }
  if (row.et_al) put(" et al.");
  right = std::max(right, pos.x);
  ImGui::Dummy(ImVec2(right - origin.x, pos.y + ImGui::GetTextLineHeight() - origin.y));
}

void Shelf::draw_tooltip(const Row& row) {
  ImGui::BeginTooltip();
  const float wrap = wrap_position(34);
  ImGui::PushTextWrapPos(wrap);
  ImGui::TextUnformatted(row.title.c_str());
  draw_all_authors(row, wrap - ImGui::GetStyle().WindowPadding.x);
  if (!row.award.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(award_), "%s", row.award.c_str());
  if (!row.abstract.empty()) {
    ImGui::Separator();
    // The start of the abstract, cut at a character boundary.
    std::size_t cut = std::min<std::size_t>(row.abstract.size(), 420);
    while (cut < row.abstract.size() &&
           (static_cast<unsigned char>(row.abstract[cut]) & 0xC0) == 0x80)
      ++cut;
    std::string start = row.abstract.substr(0, cut);
    if (cut < row.abstract.size()) start += "…";
    ImGui::TextDisabled("%s", start.c_str());
  }
  ImGui::PopTextWrapPos();
  probe_.popup = window_rect();
  ImGui::EndTooltip();
}

}  // namespace papershelf::widget
