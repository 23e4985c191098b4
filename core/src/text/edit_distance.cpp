#include "text/edit_distance.hpp"

#include <algorithm>
#include <vector>

namespace papershelf::detail {

std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t limit) {
  const std::size_t n = a.size(), m = b.size();
  if ((n > m ? n - m : m - n) > limit) return limit + 1;
  std::vector<std::size_t> row(m + 1), next(m + 1);
  for (std::size_t j = 0; j <= m; ++j) row[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    const std::size_t from = i > limit ? i - limit : 1, to = std::min(m, i + limit);
    next[0] = i;
    if (from > 1) next[from - 1] = limit + 1;
    std::size_t best = limit + 1;
    for (std::size_t j = from; j <= to; ++j) {
      std::size_t cost = row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      if (j < i + limit) cost = std::min(cost, row[j] + 1);
      if (j > from) cost = std::min(cost, next[j - 1] + 1);
      next[j] = cost;
      best = std::min(best, cost);
    }
    if (to < m) next[to + 1] = limit + 1;
    if (best > limit) return limit + 1;
    row.swap(next);
  }
  return std::min(row[m], limit + 1);
}

}  // namespace papershelf::detail
