#include "text/string_ids.hpp"

#include <cstring>
#include <utility>

#include "text/bytes.hpp"

namespace papershelf::detail {
namespace {

std::uint32_t hash_of(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return static_cast<std::uint32_t>(h ^ (h >> 32));
}

}  // namespace

std::size_t StringIds::slot_of(std::string_view s, std::uint32_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const std::uint32_t entry = slots_[i];
    if (entry == 0) return i;
    const Key& k = keys_[entry - 1];
    if (k.hash == hash && bytes::same_bytes({k.data, k.size}, s)) return i;
  }
}

std::uint32_t StringIds::find(std::string_view s) const {
  if (slots_.empty()) return kAbsent;
  const std::uint32_t entry = slots_[slot_of(s, hash_of(s))];
  return entry == 0 ? kAbsent : entry - 1;
}

std::uint32_t StringIds::insert(std::string_view s, bool& added) {
  if ((keys_.size() + 1) * 2 > slots_.size()) grow();
  const std::uint32_t hash = hash_of(s);
  const std::size_t slot = slot_of(s, hash);
  added = slots_[slot] == 0;
  if (!added) return slots_[slot] - 1;
  keys_.push_back({copy(s), static_cast<std::uint32_t>(s.size()), hash});
  slots_[slot] = static_cast<std::uint32_t>(keys_.size());
  return slots_[slot] - 1;
}

void StringIds::grow() {
  slots_.assign(slots_.empty() ? 16 : slots_.size() * 2, 0);
  const std::size_t mask = slots_.size() - 1;
  for (std::uint32_t id = 0; id < keys_.size(); ++id) {
    std::size_t i = keys_[id].hash & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = id + 1;
  }
}

const char* StringIds::copy(std::string_view s) {
  constexpr std::size_t kBlock = 4096;
  if (s.size() > free_size_) {
    const std::size_t size = s.size() > kBlock / 4 ? s.size() : kBlock;  // long keys: a block each
    blocks_.push_back(std::unique_ptr<char[]>(new char[size == 0 ? 1 : size]));
    free_ = blocks_.back().get();
    free_size_ = size;
  }
  char* out = free_;
  if (!s.empty()) std::memcpy(out, s.data(), s.size());
  free_ += s.size();
  free_size_ -= s.size();
  return out;
}

void StringIds::swap(StringIds& other) noexcept {
  keys_.swap(other.keys_);
  slots_.swap(other.slots_);
  blocks_.swap(other.blocks_);
  std::swap(free_, other.free_);
  std::swap(free_size_, other.free_size_);
}

}  // namespace papershelf::detail
