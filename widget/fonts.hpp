// The widget's two faces (regular and bold), subset at build time by hb-subset to
// PAPERSHELF_FONT_UNICODES (widget/CMakeLists.txt holds the one list) and rasterised at the
// device pixel ratio so text stays sharp on HiDPI screens.
#pragma once

#include "imgui.h"

namespace papershelf::widget {

struct Fonts {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;
};

// The code point ranges baked into the atlas: the same list the subset was made from.
const ImWchar* glyph_ranges();

// Adds both faces from memory. The bytes are not copied: keep them alive as long as the atlas.
// `px` is the size in CSS pixels, `scale` the device pixel ratio (io.FontGlobalScale = 1/scale).
// A face whose bytes are missing falls back to ImGui's built-in font.
Fonts add_fonts(ImFontAtlas& atlas, void* regular, int regular_size, void* bold, int bold_size,
                float px, float scale);

}  // namespace papershelf::widget
