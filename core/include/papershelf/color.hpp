// When text is readable on its background: the WCAG 2 contrast ratio. The HTML element (which
// adopts the page's link colour only when it reads well) and the canvas widget (which nudges its
// colours until they do) both ask here.
#pragma once

namespace papershelf {

/// An sRGB colour, each channel in [0, 1].
struct Rgb {
  double r = 0, g = 0, b = 0;
};

/// The ratio WCAG 2 (level AA) asks of body text against its background.
inline constexpr double kReadableContrast = 4.5;
/// And of what shows a control or a chart (outlines, bars: "non-text contrast").
inline constexpr double kGraphicContrast = 3.0;

/// WCAG 2 relative luminance, 0 (black) to 1 (white).
double relative_luminance(Rgb c);

/// WCAG 2 contrast ratio of two colours, 1 (the same luminance) to 21 (black on white); symmetric.
double contrast_ratio(Rgb a, Rgb b);

/// True when `text` reads on `background` (kReadableContrast or more).
inline bool readable_on(Rgb text, Rgb background) {
  return contrast_ratio(text, background) >= kReadableContrast;
}

}  // namespace papershelf
