// Frame time of the canvas widget, natively and headless (no window, no GL): a real ImGui context
// drawing the shelf over a .bib file while the list scrolls, as the preview and the web host do.
// Usage: papershelf_bench_widget FILE... [--frames N]
// Prints, per file: rows, median and 95th-percentile frame time (draw + the core serving rows),
// and the frame after a new query (typing one character).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core_source.hpp"
#include "imgui.h"
#include "papershelf/read.hpp"
#include "shelf.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using namespace papershelf;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  int frames = 300;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--frames" && i + 1 < argc)
      frames = std::max(10, std::atoi(argv[++i]));
    else
      files.push_back(a);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: papershelf_bench_widget FILE... [--frames N]\n");
    return 2;
  }
  std::printf(
      "| file | rows | frame, median | frame, p95 | frame after a keystroke (query + draw) |\n");
  std::printf("|---|---|---|---|---|\n");
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const widget::CoreSource source(read(buffer.str()).library, {"Qinghao Hu"});

    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1200, 800);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    widget::Shelf shelf;
    shelf.set_font(io.Fonts->Fonts[0]);
    shelf.set_query(Query{});
    shelf.set_view(source.run(Query{}));
    auto frame = [&] {
      ImGui::NewFrame();
      shelf.draw();
      ImGui::Render();
      source.serve(shelf, shelf.take_actions());
    };
    for (int i = 0; i < 5; ++i) frame();

    // Scrolling: every frame shows new rows, which the core formats on demand.
    io.MousePos = ImVec2(600, 500);
    std::vector<double> times;
    for (int i = 0; i < frames; ++i) {
      io.MouseWheel = -3.0f;
      const auto t = Clock::now();
      frame();
      times.push_back(ms_since(t));
    }
    // A keystroke: the query runs in the core, then one frame draws the result.
    std::vector<double> keystrokes;
    const char* words[] = {"l", "le", "lea", "lear", "learn"};
    for (int round = 0; round < 4; ++round)
      for (const char* word : words) {
        Query q = shelf.query();
        q.search = word;
        const auto t = Clock::now();
        shelf.set_query(q);
        shelf.set_view(source.run(q));
        frame();
        keystrokes.push_back(ms_since(t));
      }
    std::printf("| %s | %zu | %.2f ms | %.2f ms | %.2f ms |\n", file.c_str(),
                source.library().publications.size(), percentile(times, 0.5),
                percentile(times, 0.95), percentile(keystrokes, 0.5));
    ImGui::DestroyContext();
  }
  return 0;
}
