#include "read/json_scan.hpp"

namespace papershelf::detail {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

// Scans the next top-level element of an array from `i` (just after the '[' or a previous
// element). Elements end at a comma at array depth, or when a balanced object/array closes (so a
// missing comma between two records still yields two elements). Returns false at the array's
// ']' or the end of the text; otherwise [start, end) is the element and `i` is where to go on.
bool next_element(std::string_view t, std::size_t& i, std::size_t& start, std::size_t& end) {
  while (i < t.size()) {
    while (i < t.size() && (is_space(t[i]) || t[i] == ',')) ++i;
    if (i >= t.size() || t[i] == ']') return false;
    start = i;
    int depth = 0;
    bool in_string = false;
    for (; i < t.size(); ++i) {
      const char c = t[i];
      if (in_string) {
        if (c == '\\')
          ++i;
        else if (c == '"' || c == '\n')
          in_string = false;
        continue;
      }
      if (c == '"')
        in_string = true;
      else if (c == '{' || c == '[')
        ++depth;
      else if (c == '}' || c == ']') {
        if (depth == 0) break;  // the array's own ']' (or a stray closer)
        if (--depth == 0) {
          ++i;
          break;
        }
      } else if (c == ',' && depth == 0)
        break;
    }
    i = std::min(i, t.size());  // a '\\' as the very last byte stepped past the end
    if (i == start) {
      ++i;  // a stray '}' where an element should start: skip it (staying put would loop forever)
      continue;
    }
    end = i;
    while (end > start && is_space(t[end - 1])) --end;
    return true;
  }
  return false;
}

// The offset of the '}' or ']' that closes the object or array opening at `open`, or npos.
std::size_t matching_close(std::string_view t, std::size_t open) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t k = open; k < t.size(); ++k) {
    const char c = t[k];
    if (in_string) {
      if (c == '\\')
        ++k;
      else if (c == '"' || c == '\n')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      return k;
    }
  }
  return std::string_view::npos;
}

// Finds the '[' that starts the value of "publications" in a papershelf document (depth 1).
std::size_t find_publications_array(std::string_view t) {
  int depth = 0;
  bool in_string = false;
  std::size_t key_start = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"') {
        in_string = false;
        if (depth == 1 && t.substr(key_start, i - key_start) == "publications") {
          std::size_t j = i + 1;
          while (j < t.size() && (is_space(t[j]) || t[j] == ':')) ++j;
          if (j < t.size() && t[j] == '[') return j;
        }
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
      key_start = i + 1;
    } else if (c == '{' || c == '[')
      ++depth;
    else if (c == '}' || c == ']')
      --depth;
  }
  return std::string_view::npos;
}

// Where to resume after a record that does not parse: the next line inside it that starts with
// '{' (pretty-printed records start lines), so a broken string or bracket loses only its record.
std::size_t resync_point(std::string_view t, std::size_t error_at, std::size_t end) {
  t = t.substr(0, end);  // (a minified file has no line end after the record: no scan to the end)
  for (std::size_t nl = t.find('\n', error_at); nl < end; nl = t.find('\n', nl + 1)) {
    std::size_t k = nl + 1;
    while (k < end && is_space(t[k])) ++k;
    if (k < end && t[k] == '{') return k;
  }
  return std::string_view::npos;
}

}  // namespace papershelf::detail
