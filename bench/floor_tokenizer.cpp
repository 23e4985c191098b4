// The floor under the BibTeX reader's speed: a bare tokenizer that finds each entry, its key, its
// field names and the extents of their values (braced, quoted, bare, joined by '#'), and nothing
// more: no macros, LaTeX decoding, names, model, line numbers or diagnostics. Any reader pays at
// least this, so the benchmarks time it beside the real reader, in the same run, natively
// (papershelf_bench_bibtex) and in WebAssembly (bench/web/bibtex.mjs), to show how far a speed
// goal is from what a file's bytes alone cost on the machine at hand.
#include "floor_tokenizer.hpp"

#include <vector>

namespace {

struct Extent {
  std::uint32_t begin, end;
};

bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_word(unsigned char c) {
  return c > ' ' && c != '=' && c != ',' && c != '{' && c != '}' && c != '(' && c != ')' &&
         c != '#' && c != '"';
}

}  // namespace

extern "C" std::uint32_t papershelf_floor_tokenize(const char* text, std::size_t size,
                                                   std::uint32_t* entries) {
  // The extents are kept (a tokenizer hands them on), in a buffer reused from call to call.
  static std::vector<Extent> extents;
  extents.clear();
  const auto* s = reinterpret_cast<const unsigned char*>(text);
  const std::size_t n = size;
  std::size_t i = 0;
  std::uint32_t found = 0;
  auto skip_space = [&] {
    while (i < n && is_space(s[i])) ++i;
  };
  auto word = [&] {
    const std::size_t begin = i;
    while (i < n && is_word(s[i])) ++i;
    extents.push_back({static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(i)});
  };
  while (i < n) {
    while (i < n && s[i] != '@') ++i;
    if (i >= n) break;
    ++i;
    word();  // the entry type
    skip_space();
    if (i >= n || (s[i] != '{' && s[i] != '(')) continue;
    const unsigned char close = s[i] == '{' ? '}' : ')';
    ++found;
    ++i;
    skip_space();
    word();  // the key (or an @string's name)
    skip_space();
    while (i < n && s[i] == ',') {
      ++i;
      skip_space();
      if (i < n && s[i] == close) break;
      word();  // the field name
      skip_space();
      if (i >= n || s[i] != '=') break;
      ++i;
      skip_space();
      while (i < n) {
        const std::size_t begin = i;
        if (s[i] == '{') {
          int depth = 1;
          for (++i; i < n && depth; ++i) depth += (s[i] == '{') - (s[i] == '}');
        } else if (s[i] == '"') {
          int depth = 0;
          for (++i; i < n && !(s[i] == '"' && depth == 0); ++i)
            depth += (s[i] == '{') - (s[i] == '}');
          if (i < n) ++i;
        } else {
          while (i < n && is_word(s[i])) ++i;
        }
        extents.push_back({static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(i)});
        skip_space();
        if (i < n && s[i] == '#') {
          ++i;
          skip_space();
          continue;
        }
        break;
      }
    }
    if (i < n && s[i] == close) ++i;
  }
  if (entries) *entries = found;
  return static_cast<std::uint32_t>(extents.size());
}
