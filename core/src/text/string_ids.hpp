// Distinct strings numbered 0, 1, 2, ... in first-seen order: the core's one hash table. Every
// "have I seen this string / which slot is it" lookup (macros, entry keys, lower-cased names,
// tags, groups, facets, statistics) uses it, where std::unordered_map and unordered_set came in
// several instantiations (each with its node and rehash code in the WASM build) and allocated a
// node per key. Values live in the caller's vector, indexed by id. Internal to the core.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace papershelf::detail {

class StringIds {
 public:
  static constexpr std::uint32_t kAbsent = 0xFFFFFFFFu;

  // The id of `s`, adding it (ids are dense: a new one is size() before the call).
  std::uint32_t insert(std::string_view s) {
    bool added = false;
    return insert(s, added);
  }
  std::uint32_t insert(std::string_view s, bool& added);
  std::uint32_t find(std::string_view s) const;  // kAbsent when `s` was never inserted
  // The string with this id: a copy owned by the table, valid as long as the table.
  std::string_view at(std::uint32_t id) const { return {keys_[id].data, keys_[id].size}; }
  std::uint32_t size() const { return static_cast<std::uint32_t>(keys_.size()); }
  bool empty() const { return keys_.empty(); }
  void swap(StringIds& other) noexcept;

 private:
  struct Key {
    const char* data;
    std::uint32_t size;
    std::uint32_t hash;
  };
  std::size_t slot_of(std::string_view s, std::uint32_t hash) const;
  void grow();
  const char* copy(std::string_view s);

  std::vector<Key> keys_;             // by id
  std::vector<std::uint32_t> slots_;  // id + 1, or 0 when empty; a power of two, under half full
  // Key bytes in blocks that never move, so at() views stay valid while the table grows.
  std::vector<std::unique_ptr<char[]>> blocks_;
  char* free_ = nullptr;
  std::size_t free_size_ = 0;
};

}  // namespace papershelf::detail
