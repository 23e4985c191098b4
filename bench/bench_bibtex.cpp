// Native throughput and peak memory of read_bibtex on a file (use papershelf_gen_bib to make
// one). Peak memory counts the bytes the reader allocates on top of the input, via a counting
// operator new in this binary only.
//
//   papershelf_bench_bibtex FILE.bib [REPEATS]
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>
#include <vector>

#include "papershelf/read.hpp"

namespace {
std::size_t g_current = 0;
std::size_t g_peak = 0;
}  // namespace

void* operator new(std::size_t size) {
  // Remember the size in front of the block so delete can subtract it.
  void* block = std::malloc(size + sizeof(std::max_align_t));
  if (!block) std::abort();
  *static_cast<std::size_t*>(block) = size;
  g_current += size;
  g_peak = std::max(g_peak, g_current);
  return static_cast<char*>(block) + sizeof(std::max_align_t);
}
void operator delete(void* p) noexcept {
  if (!p) return;
  void* block = static_cast<char*>(p) - sizeof(std::max_align_t);
  g_current -= *static_cast<std::size_t*>(block);
  std::free(block);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.bib [REPEATS]\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 10;
  const double mb = static_cast<double>(text.size()) / 1e6;

  std::vector<double> seconds;
  std::size_t records = 0, diagnostics = 0, peak = 0;
  for (int i = 0; i < repeats; ++i) {
    const std::size_t before = g_current;
    g_peak = before;
    const auto start = std::chrono::steady_clock::now();
    {
      papershelf::ReadOptions options;
      options.source_name = argv[1];
      const papershelf::ReadResult r = papershelf::read_bibtex(text, options);
      records = r.library.publications.size();
      diagnostics = r.diagnostics.size();
      seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    peak = std::max(peak, g_peak - before);
  }
  std::sort(seconds.begin(), seconds.end());
  const double best = seconds.front();
  const double median = seconds[seconds.size() / 2];
  std::printf("file            %s\n", argv[1]);
  std::printf("input           %.2f MB, %zu records, %zu diagnostics\n", mb, records, diagnostics);
  std::printf("time            best %.1f ms, median %.1f ms (%d runs)\n", best * 1e3, median * 1e3,
              repeats);
  std::printf("throughput      %.0f MB/s best, %.0f MB/s median (goal: 200 MB/s)\n", mb / best,
              mb / median);
  std::printf("peak memory     %.2f x input (reader allocations; goal: under 3x)\n",
              static_cast<double>(peak) / static_cast<double>(text.size()));
  return 0;
}
