// Blanks around a value, as every reader and writer trims them: space, tab, CR and LF (the
// bibliographic vocabulary, the BibTeX reader and sync all cut the same four).
#pragma once

#include <string_view>

namespace papershelf::ascii {

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace papershelf::ascii
