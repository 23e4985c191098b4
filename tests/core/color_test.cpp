// The readability rule both renderers ask: WCAG 2 contrast, checked against values the WCAG
// documents and the greys everyone quotes (#767676 is the lightest grey that passes on white).
#include <gtest/gtest.h>

#include "papershelf/color.hpp"

namespace {

using papershelf::contrast_ratio;
using papershelf::kReadableContrast;
using papershelf::Rgb;

Rgb grey(int v) { return {v / 255.0, v / 255.0, v / 255.0}; }

TEST(Color, BlackOnWhiteIsTwentyOneAndAColourOnItselfIsOne) {
  EXPECT_DOUBLE_EQ(contrast_ratio({0, 0, 0}, {1, 1, 1}), 21.0);
  EXPECT_DOUBLE_EQ(contrast_ratio({0.3, 0.5, 0.7}, {0.3, 0.5, 0.7}), 1.0);
}

TEST(Color, TheOrderOfTheTwoColoursDoesNotMatter) {
  const Rgb a{0.1, 0.4, 0.9}, b{0.95, 0.9, 0.8};
  EXPECT_DOUBLE_EQ(contrast_ratio(a, b), contrast_ratio(b, a));
}

TEST(Color, LuminanceFollowsTheSrgbCurve) {
  EXPECT_DOUBLE_EQ(papershelf::relative_luminance({0, 0, 0}), 0.0);
  EXPECT_DOUBLE_EQ(papershelf::relative_luminance({1, 1, 1}), 1.0);
  EXPECT_NEAR(papershelf::relative_luminance(grey(0x80)), 0.2158605,
              1e-7);  // ((128/255 + 0.055) / 1.055)^2.4
  EXPECT_NEAR(papershelf::relative_luminance(grey(0x0a)), 10 / 255.0 / 12.92,
              1e-12);  // the linear foot
}

TEST(Color, TheAaGreysOnWhite) {
  EXPECT_NEAR(contrast_ratio(grey(0x76), grey(0xff)), 4.54, 0.01);
  EXPECT_GE(contrast_ratio(grey(0x76), grey(0xff)), kReadableContrast);
  EXPECT_LT(contrast_ratio(grey(0x77), grey(0xff)), kReadableContrast);
}

TEST(Color, GreenWeighsMostInLuminance) {
  // Pure primaries on black: green 15.3, red 5.25, blue 2.44.
  EXPECT_NEAR(contrast_ratio({0, 1, 0}, {0, 0, 0}), 15.3, 0.01);
  EXPECT_NEAR(contrast_ratio({1, 0, 0}, {0, 0, 0}), 5.25, 0.01);
  EXPECT_NEAR(contrast_ratio({0, 0, 1}, {0, 0, 0}), 2.44, 0.01);
}

}  // namespace
