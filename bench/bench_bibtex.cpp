// Native throughput and peak memory of read_bibtex on a file (use papershelf_gen_bib to make
// one). Peak memory counts the bytes the reader allocates on top of the input, via a counting
// operator new in this binary only.
//
//   papershelf_bench_bibtex FILE.bib... [REPEATS]   (e.g. the 10k and the 100k file)
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "floor_tokenizer.hpp"
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

namespace {

struct Row {
  std::string file;
  double mb = 0;
  std::size_t records = 0, diagnostics = 0;
  double best = 0, median = 0;  // seconds
  double memory = 0;            // peak reader allocations / input size
  double floor_best = 0;        // seconds: the bare tokenizer (floor_tokenizer.cpp), same runs
  std::uint32_t floor_entries = 0;
};

Row measure(const char* path, int repeats) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  Row row;
  row.file = path;
  row.mb = static_cast<double>(text.size()) / 1e6;
  std::vector<double> seconds;
  std::size_t peak = 0;
  for (int i = 0; i < repeats; ++i) {
    const std::size_t before = g_current;
    g_peak = before;
    const auto start = std::chrono::steady_clock::now();
    {
      papershelf::ReadOptions options;
      options.source_name = path;
      const papershelf::ReadResult r = papershelf::read_bibtex(text, options);
      row.records = r.library.publications.size();
      row.diagnostics = r.diagnostics.size();
      seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    peak = std::max(peak, g_peak - before);
    // The floor, in turns with the reader so that both see the same machine.
    const auto floor_start = std::chrono::steady_clock::now();
    papershelf_floor_tokenize(text.data(), text.size(), &row.floor_entries);
    const double floor_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - floor_start).count();
    row.floor_best = i == 0 ? floor_seconds : std::min(row.floor_best, floor_seconds);
  }
  std::sort(seconds.begin(), seconds.end());
  row.best = seconds.front();
  row.median = seconds[seconds.size() / 2];
  row.memory = text.empty() ? 0 : static_cast<double>(peak) / static_cast<double>(text.size());
  return row;
}

bool is_number(const char* s) {
  if (!*s) return false;
  for (; *s; ++s)
    if (*s < '0' || *s > '9') return false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<const char*> files;
  int repeats = 10;
  for (int i = 1; i < argc; ++i) {
    if (is_number(argv[i])) {
      repeats = std::max(1, std::atoi(argv[i]));
    } else {
      files.push_back(argv[i]);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: %s FILE.bib... [REPEATS]\n", argv[0]);
    return 2;
  }
  std::vector<Row> rows;
  for (const char* f : files) {
    const Row r = measure(f, repeats);
    std::printf("file            %s\n", r.file.c_str());
    std::printf("input           %.2f MB, %zu records, %zu diagnostics\n", r.mb, r.records,
                r.diagnostics);
    std::printf("time            best %.1f ms, median %.1f ms (%d runs)\n", r.best * 1e3,
                r.median * 1e3, repeats);
    std::printf("throughput      %.0f MB/s best, %.0f MB/s median (goal: 200 MB/s)\n",
                r.mb / r.best, r.mb / r.median);
    std::printf("peak memory     %.2f x input (reader allocations; goal: under 3x)\n", r.memory);
    std::printf(
        "floor           a bare tokenizer (%u entries): best %.1f ms; the reader takes %.1f "
        "times as long\n\n",
        r.floor_entries, r.floor_best * 1e3, r.floor_best > 0 ? r.best / r.floor_best : 0.0);
    rows.push_back(r);
  }
  // The README table.
  std::printf(
      "| file | MB | records | best ms | median ms | MB/s best | MB/s median | peak memory |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  for (const Row& r : rows)
    std::printf("| %s | %.1f | %zu | %.1f | %.1f | %.0f | %.0f | %.2fx |\n", r.file.c_str(), r.mb,
                r.records, r.best * 1e3, r.median * 1e3, r.mb / r.best, r.mb / r.median, r.memory);
  return 0;
}
