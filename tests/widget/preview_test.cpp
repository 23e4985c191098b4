// The native preview app under a virtual X display: it opens the example homepage's data in a
// real OpenGL window and writes a screenshot (kept in build/.../artifacts/ for people to look at).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

namespace {

std::string run(const std::string& command, int* status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return out;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  *status = pclose(pipe);
  return out;
}

TEST(Preview, RendersTheExampleUnderXvfb) {
  if (std::system("command -v xvfb-run >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "xvfb-run is not installed";
  const std::string png = std::string(PAPERSHELF_ARTIFACTS) + "/preview.png";
  std::system(
      ("mkdir -p '" + std::string(PAPERSHELF_ARTIFACTS) + "' && rm -f '" + png + "'").c_str());
  int status = -1;
  const std::string out =
      run(std::string("xvfb-run -a -s '-screen 0 1280x900x24' '") + PAPERSHELF_PREVIEW + "' '" +
              PAPERSHELF_EXAMPLES + "/homepage/papers.bib' --owner 'Qinghao Hu' --size 1000x700" +
              " --frames 6 --screenshot '" + png + "' 2>&1",
          &status);
  ASSERT_EQ(status, 0) << out;
  EXPECT_NE(out.find("screenshot:"), std::string::npos) << out;

  int w = 0, h = 0, channels = 0;
  unsigned char* pixels = stbi_load(png.c_str(), &w, &h, &channels, 4);
  ASSERT_NE(pixels, nullptr) << "no PNG at " << png;
  EXPECT_EQ(w, 1000);
  EXPECT_EQ(h, 700);
  // Not blank: text, badges and bars give many distinct colours, and the owner's accent blue
  // (13, 94, 175) appears where "Qinghao Hu" is drawn in bold.
  std::set<unsigned> colours;
  std::size_t accent = 0;
  for (int i = 0; i < w * h; ++i) {
    const unsigned char* p = pixels + 4 * i;
    colours.insert(static_cast<unsigned>(p[0]) << 16 | static_cast<unsigned>(p[1]) << 8 | p[2]);
    if (std::abs(p[0] - 13) < 6 && std::abs(p[1] - 94) < 6 && std::abs(p[2] - 175) < 6) ++accent;
  }
  stbi_image_free(pixels);
  EXPECT_GT(colours.size(), 100u);
  EXPECT_GT(accent, 200u);
}

}  // namespace
