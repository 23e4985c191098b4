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

Fonts add_fonts(ImFontAtlas& atlas, void* regular, int regular_size, void* bold, int bold_size,
                float px, float scale) {
  Fonts fonts;
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;
  config.OversampleH = 2;
  config.OversampleV = 1;
  const float size = px * scale;
  if (regular && regular_size > 0)
    fonts.regular =
        atlas.AddFontFromMemoryTTF(regular, regular_size, size, &config, glyph_ranges());
  if (bold && bold_size > 0)
    fonts.bold = atlas.AddFontFromMemoryTTF(bold, bold_size, size, &config, glyph_ranges());
  if (!fonts.regular) {
    ImFontConfig fallback;
    fallback.SizePixels = 13.0f * scale;
    fonts.regular = atlas.AddFontDefault(&fallback);
  }
  ImGui::GetIO().FontGlobalScale = 1.0f / scale;
  return fonts;
}

}  // namespace papershelf::widget
