// papershelf-preview: the canvas widget in a native GLFW/OpenGL window.
//
//   papershelf-preview FILE... [--owner NAME]... [--sort S] [--group G] [--search Q] [--filter F]
//                      [--dark] [--size WxH] [--frames N --screenshot out.png]
//
// Implemented: the same Shelf as the web, fed by the core in-process (CoreSource); links are
// printed ("open: URL") rather than launched; "Copy BibTeX" goes to the system clipboard and
// stdout. --frames/--screenshot render a fixed number of frames and write a PNG (headless runs
// under Xvfb).
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core_source.hpp"
#include "fonts.hpp"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "papershelf/read.hpp"
#include "shelf.hpp"

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace {

using namespace papershelf;

struct Options {
  std::vector<std::string> files;
  std::vector<std::string> owners;
  std::string sort, group, search, filter, screenshot;
  int frames = 0;
  int width = 1200, height = 800;
  bool dark = false;
};

int usage() {
  std::cerr
      << "usage: papershelf-preview FILE... [--owner NAME]... [--sort S] [--group G] [--search Q]\n"
         "                          [--filter F] [--dark] [--size WxH] [--frames N --screenshot "
         "out.png]\n";
  return 2;
}

std::vector<char> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

bool write_screenshot(const std::string& path, int w, int h) {
  std::vector<unsigned char> pixels(static_cast<std::size_t>(w) * h * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  return stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4) != 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](std::string& out) {
      if (i + 1 >= argc) return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--owner" && value(v)) {
      for (auto& name : split_owner_list(v)) o.owners.push_back(name);
    } else if (a == "--sort" && value(o.sort)) {
    } else if (a == "--group" && value(o.group)) {
    } else if (a == "--search" && value(o.search)) {
    } else if (a == "--filter" && value(o.filter)) {
    } else if (a == "--screenshot" && value(o.screenshot)) {
    } else if (a == "--frames" && value(v)) {
      o.frames = std::atoi(v.c_str());
    } else if (a == "--size" && value(v)) {
      if (std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height) != 2) return usage();
    } else if (a == "--dark") {
      o.dark = true;
    } else if (a == "--help" || a == "-h" || (!a.empty() && a[0] == '-')) {
      return usage();
    } else {
      o.files.push_back(a);
    }
  }
  if (o.files.empty()) return usage();

  // Data: every file read by the core; problems printed as file:line:col, valid records kept.
  Library library;
  for (std::size_t k = 0; k < o.files.size(); ++k) {
    const std::vector<char> bytes = read_bytes(o.files[k]);
    ReadOptions ro;
    ro.source_name = o.files[k];
    ro.source_index = static_cast<std::uint32_t>(k);
    ReadResult r = read(std::string_view(bytes.data(), bytes.size()), ro);
    for (const auto& d : r.diagnostics) std::cerr << format_diagnostic(d) << "\n";
    merge(library, std::move(r.library));
  }
  const widget::CoreSource source(std::move(library), o.owners);
  Query query;
  std::string error;
  query.filter = parse_filter(o.filter, &error);
  if (!error.empty()) std::cerr << "papershelf-preview: " << error << "\n";
  if (auto sort = parse_sort(o.sort, &error))
    query.sort = *sort;
  else
    std::cerr << "papershelf-preview: " << error << "\n";
  if (auto g = group_from_string(o.group.empty() ? "none" : o.group)) query.group = *g;
  query.search = o.search;

  if (!glfwInit()) {
    std::cerr << "papershelf-preview: cannot initialise GLFW (no display?)\n";
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  GLFWwindow* window = glfwCreateWindow(o.width, o.height, "papershelf preview", nullptr, nullptr);
  if (!window) {
    std::cerr << "papershelf-preview: cannot open an OpenGL 3.0 window\n";
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  int fb_w = 0, win_w = 0, fb_h = 0, win_h = 0;
  glfwGetFramebufferSize(window, &fb_w, &fb_h);
  glfwGetWindowSize(window, &win_w, &win_h);
  const float scale = win_w > 0 ? static_cast<float>(fb_w) / static_cast<float>(win_w) : 1.0f;
  std::vector<char> regular = read_bytes(PAPERSHELF_FONT_DIR "/papershelf-sans.ttf");
  std::vector<char> bold_bytes = read_bytes(PAPERSHELF_FONT_DIR "/papershelf-sans-bold.ttf");
  ImFont* font =
      widget::add_font(*io.Fonts, regular.data(), static_cast<int>(regular.size()), 15.0f, scale);
  ImFont* bold = bold_bytes.empty()
                     ? nullptr
                     : widget::add_font(*io.Fonts, bold_bytes.data(),
                                        static_cast<int>(bold_bytes.size()), 15.0f, scale);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");

  widget::Shelf shelf;
  shelf.set_font(font, bold);
  widget::Theme theme;
  theme.dark = o.dark;
  theme.accent = o.dark ? IM_COL32(110, 168, 254, 255) : IM_COL32(13, 94, 175, 255);
  shelf.set_theme(theme);
  shelf.set_query(query);
  shelf.set_view(source.run(query));

  int frame = 0;
  int status = 0;
  while (!glfwWindowShouldClose(window)) {
    if (o.frames > 0)
      glfwPollEvents();
    else
      glfwWaitEventsTimeout(0.25);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    // The keyboard's context menu (GLFW's key codes index KeysDown here): Menu, or Shift+F10.
    if (ImGui::IsKeyPressed(GLFW_KEY_MENU, false) ||
        (ImGui::GetIO().KeyShift && ImGui::IsKeyPressed(GLFW_KEY_F10, false)))
      shelf.open_row_menu();
    shelf.draw();
    ImGui::Render();
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    glViewport(0, 0, fb_w, fb_h);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    const widget::Actions actions = shelf.take_actions();
    for (const auto& url : actions.open) std::cout << "open: " << url << std::endl;
    for (const auto& c : actions.copy) {
      const std::string text = source.copy_text(c.record, c.format);
      glfwSetClipboardString(window, text.c_str());
      std::cout << text << std::endl;
    }
    if (!actions.missing_glyphs.empty())
      std::cerr << "papershelf-preview: the font has no glyph for: " << actions.missing_glyphs
                << "\n";
    if (source.serve(shelf, actions)) glfwPostEmptyEvent();

    ++frame;
    if (o.frames > 0 && frame >= o.frames) {
      if (!o.screenshot.empty()) {
        if (write_screenshot(o.screenshot, fb_w, fb_h)) {
          std::cout << "screenshot: " << o.screenshot << " (" << fb_w << "x" << fb_h << ")"
                    << std::endl;
        } else {
          std::cerr << "papershelf-preview: cannot write " << o.screenshot << "\n";
          status = 1;
        }
      }
      break;
    }
    glfwSwapBuffers(window);
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return status;
}
