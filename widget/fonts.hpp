// The native preview's faces (regular and bold), subset at build time by hb-subset to
// PAPERSHELF_FONT_UNICODES (widget/CMakeLists.txt holds the one list) and rasterised at the
// device pixel ratio so text stays sharp on HiDPI screens. (The web canvas draws with the page's
// own fonts instead: widget/hosts/web/canvas_main.cpp.)
#pragma once

#include "imgui.h"

namespace papershelf::widget {

// The code point ranges baked into the atlas: the same list the subset was made from.
const ImWchar* glyph_ranges();

// Adds the face from memory. The bytes are not copied: keep them alive as long as the atlas.
// `px` is the size in CSS pixels, `scale` the device pixel ratio (io.FontGlobalScale = 1/scale).
// Without bytes, ImGui's built-in font is used (Latin-1 only).
ImFont* add_font(ImFontAtlas& atlas, void* data, int size, float px, float scale);

}  // namespace papershelf::widget
