// One sort for the whole core. Every std::sort / std::stable_sort call with its own comparator
// is its own copy of introsort or merge sort (1.5-3 KB of WebAssembly each, 16 KB in all before
// this); here the sort is one non-template function over uint32 indices, and each call site adds
// only a small comparator thunk. Internal to the core (not an installed header).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace papershelf::detail {

using IndexLess = bool (*)(const void* context, std::uint32_t a, std::uint32_t b);

// Stable merge sort of the n values at `first` by less(context, a, b).
void sort_indices(std::uint32_t* first, std::size_t n, IndexLess less, const void* context);

// Sorts `v` (indices, or plain uint32 values) stably by less(a, b).
template <class Less>
void sort_indices(std::vector<std::uint32_t>& v, const Less& less) {
  sort_indices(
      v.data(), v.size(),
      [](const void* c, std::uint32_t a, std::uint32_t b) {
        return (*static_cast<const Less*>(c))(a, b);
      },
      &less);
}

// Sorts `v` ascending and drops repeated values.
void sort_unique(std::vector<std::uint32_t>& v);

// 0, 1, ..., n-1 stably sorted by less(a, b).
template <class Less>
std::vector<std::uint32_t> sorted_indices(std::size_t n, const Less& less) {
  std::vector<std::uint32_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  sort_indices(order, less);
  return order;
}

// Sorts `items` stably by less(const T&, const T&): the indices are sorted, then the items moved
// into place once.
template <class T, class Less>
void sort_values(std::vector<T>& items, const Less& less) {
  const auto order = sorted_indices(
      items.size(), [&](std::uint32_t a, std::uint32_t b) { return less(items[a], items[b]); });
  std::vector<T> out;
  out.reserve(items.size());
  for (const auto i : order) out.push_back(std::move(items[i]));
  items = std::move(out);
}

}  // namespace papershelf::detail
