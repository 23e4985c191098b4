#include "text/index_sort.hpp"

namespace papershelf::detail {

// Insertion sort of runs of 16, then bottom-up merges between `first` and a buffer. Ties take the
// left element, so the sort is stable: callers need no index tie-breaks.
void sort_indices(std::uint32_t* first, std::size_t n, IndexLess less, const void* context) {
  constexpr std::size_t kRun = 16;
  for (std::size_t lo = 0; lo < n; lo += kRun) {
    const std::size_t hi = n - lo < kRun ? n : lo + kRun;
    for (std::size_t i = lo + 1; i < hi; ++i) {
      const std::uint32_t v = first[i];
      std::size_t j = i;
      for (; j > lo && less(context, v, first[j - 1]); --j) first[j] = first[j - 1];
      first[j] = v;
    }
  }
  if (n <= kRun) return;
  std::vector<std::uint32_t> buffer(n);
  std::uint32_t* from = first;
  std::uint32_t* to = buffer.data();
  for (std::size_t width = kRun; width < n; width *= 2) {
    for (std::size_t lo = 0; lo < n; lo += 2 * width) {
      const std::size_t mid = n - lo < width ? n : lo + width;
      const std::size_t hi = n - mid < width ? n : mid + width;
      std::size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) to[k++] = less(context, from[j], from[i]) ? from[j++] : from[i++];
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    std::swap(from, to);
  }
  if (from != first)
    for (std::size_t k = 0; k < n; ++k) first[k] = from[k];
}

void sort_unique(std::vector<std::uint32_t>& v) {
  sort_indices(v, [](std::uint32_t a, std::uint32_t b) { return a < b; });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < v.size(); ++i)
    if (kept == 0 || v[i] != v[kept - 1]) v[kept++] = v[i];
  v.erase(v.begin() + static_cast<std::ptrdiff_t>(kept), v.end());
}

}  // namespace papershelf::detail
