// What the pathological-input tests share: their inputs' scale, and BibTeX read with diagnostics.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "papershelf/read.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PAPERSHELF_SLOW_BUILD 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__EMSCRIPTEN__)
#define PAPERSHELF_SLOW_BUILD 1
#endif

namespace papershelf::pathological_testing {

#ifdef PAPERSHELF_SLOW_BUILD
inline constexpr std::size_t kScale = 5;  // sanitizer and WASM builds: a fifth of the size
#else
inline constexpr std::size_t kScale = 1;
#endif

inline ReadResult read_bib(std::string_view text) {
  ReadOptions o;
  o.source_name = "p.bib";
  o.format = Format::BibTeX;
  return read(text, o);
}

inline bool has(const ReadResult& r, Severity s, std::string_view words) {
  return std::any_of(r.diagnostics.begin(), r.diagnostics.end(), [&](const Diagnostic& d) {
    return d.severity == s && d.message.find(words) != std::string::npos && d.line > 0 &&
           d.column > 0;
  });
}

inline std::string all_diagnostics(const ReadResult& r) {
  std::string out;
  for (const auto& d : r.diagnostics) out += format_diagnostic(d) + "\n";
  return out;
}

}  // namespace papershelf::pathological_testing
