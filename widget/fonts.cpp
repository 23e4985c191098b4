#include "fonts.hpp"

#include <cstdlib>
#include <vector>

namespace papershelf::widget {

const ImWchar* glyph_ranges() {
  // "20-7E,A0-24F,..." from CMake: parsed once into ImGui's zero-terminated pair list.
  static const std::vector<ImWchar> ranges = [] {
    std::vector<ImWchar> out;
    const char* s = PAPERSHELF_FONT_UNICODES;
    while (*s) {
      char* end = nullptr;
      const unsigned long lo = std::strtoul(s, &end, 16);
      unsigned long hi = lo;
      s = end;
      if (*s == '-') hi = std::strtoul(s + 1, &end, 16), s = end;
      if (*s == ',') ++s;
      if (lo <= IM_UNICODE_CODEPOINT_MAX && hi <= IM_UNICODE_CODEPOINT_MAX && lo <= hi && lo > 0) {
        out.push_back(static_cast<ImWchar>(lo));
        out.push_back(static_cast<ImWchar>(hi));
      }
    }
    out.push_back(0);
    return out;
  }();
  return ranges.data();
}

ImFont* add_font(ImFontAtlas& atlas, void* data, int size, float px, float scale) {
  ImFont* font = nullptr;
  if (data && size > 0) {
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;
    config.OversampleH = 2;
    config.OversampleV = 1;
    font = atlas.AddFontFromMemoryTTF(data, size, px * scale, &config, glyph_ranges());
  }
  if (!font) {
    ImFontConfig fallback;
    fallback.SizePixels = 13.0f * scale;
    font = atlas.AddFontDefault(&fallback);
  }
  ImGui::GetIO().FontGlobalScale = 1.0f / scale;
  return font;
}

}  // namespace papershelf::widget
