// What the shelf's two halves share (shelf.cpp: frame and toolbar; shelf_table.cpp: chart, table
// and rows): item rectangles for the probe, the badges' tint, and UTF-8 stepping.
#pragma once

#include "imgui.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8
#include "shelf.hpp"

namespace papershelf::widget {

// Badges and pills are their text colour at this opacity over the row.
constexpr float kTint = 0.16f;

// The last item's rectangle, in the canvas's CSS px (for the probe tests read).
inline Rect last_item_rect() {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  return {a.x, a.y, b.x - a.x, b.y - a.y};
}

// Decodes one UTF-8 sequence (invalid bytes count as U+FFFD).
inline unsigned next_codepoint(const char*& s, const char* end) {
  unsigned c = 0;
  const int n = ImTextCharFromUtf8(&c, s, end);
  s += n > 0 ? n : 1;
  return c;
}

}  // namespace papershelf::widget
