// Dates as ISO 8601 text (see dates.hpp).
#include "model/dates.hpp"

#include <charconv>

#include "text/ascii.hpp"

namespace papershelf::detail {

// YYYY, YYYY-MM, YYYY-MM-DD; `plain` is false for ranges and anything else (the
// start is used). A value that does not start with a year of four digits is not biblatex's
// (ISO 8601) date: year 0 ("16--20 May 2022" is no date of the year 16).
Date parse_iso_date(std::string_view s, bool& plain) {
  s = ascii::trim(s);
  Date d;
  auto number = [&](std::size_t& i, std::size_t max_digits) {
    int v = 0;
    std::size_t n = 0;
    while (i < s.size() && n < max_digits && s[i] >= '0' && s[i] <= '9') {
      v = v * 10 + (s[i++] - '0');
      ++n;
    }
    return n ? v : -1;
  };
  std::size_t i = 0;
  const int year = number(i, 4);
  if (year < 0 || i != 4) {
    plain = false;
    return d;
  }
  d.year = year;
  if (i + 1 < s.size() && s[i] == '-') {
    ++i;
    const int month = number(i, 2);
    if (month >= 1 && month <= 12) d.month = month;
    if (d.month && i + 1 < s.size() && s[i] == '-') {
      ++i;
      const int day = number(i, 2);
      if (day >= 1 && day <= 31) d.day = day;
    }
  }
  plain = i == s.size() && year >= 1000 && (d.month || s.size() == 4) && (s.size() <= 7 || d.day);
  return d;
}

std::string date_text(const Date& d, const Date* end) {
  if (d.year == 0) return {};
  auto two = [](int v) { return std::string(v < 10 ? "0" : "") + std::to_string(v); };
  std::string out = std::to_string(d.year);
  if (d.month) out += "-" + two(d.month);
  if (d.month && d.day) out += "-" + two(d.day);
  if (end && end->year) out += "/" + date_text(*end);
  return out;
}

Date parse_date_text(std::string_view text) {
  Date d;
  int* slots[] = {&d.year, &d.month, &d.day};
  const char* p = text.data();
  const char* end = text.data() + text.size();
  for (int k = 0; k < 3 && p < end; ++k) {
    long long v = 0;
    const auto r = std::from_chars(p, end, v);
    if (r.ec != std::errc() || v < 0 || v > 9999) break;
    *slots[k] = static_cast<int>(v);
    p = r.ptr;
    if (p < end && *p != '-' && *p != '/') break;
    ++p;
  }
  if (d.month > 12) d.month = 0;
  if (d.day > 31) d.day = 0;
  return d;
}

}  // namespace papershelf::detail
