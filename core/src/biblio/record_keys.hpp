// Record keys as every reader gives them out and the BibTeX writer writes them: only characters a
// BibTeX key may hold, and each key once in a library. Internal to the core.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/string_ids.hpp"

namespace papershelf::detail {

// True when BibTeX, biber and LaTeX's \cite take `key` as it is: valid UTF-8, not empty, and no
// whitespace, control or invisible character, nor any of " # % ( ) , = { } \ ~ (BibTeX's syntax,
// and LaTeX's specials that break a \cite or run a command).
bool is_safe_key(std::string_view key);
// `key` with each run of other characters replaced by one '-' (none at either end); "" when no
// safe character is left.
std::string safe_key(std::string_view key);
// The same for a field name, which BibTeX also ends at ' and @; a run at either end is a '-'
// too, so that no name becomes another one that means something ("date\x02" is not "date").
bool is_safe_field_name(std::string_view name);
std::string safe_field_name(std::string_view name);
// A key or value as a diagnostic quotes it: at most 60 bytes, what a terminal would act on made
// visible as every diagnostic shows it (unicode::escape_controls: a message must not start a new
// line or send escape sequences to the owner's terminal).
std::string quoted(std::string_view text);

// The keys given out so far, each once. A record whose key is taken gets "key-2", "key-3", ...:
// the first free one, counting on from the last suffix given for that key (one counter per key,
// so n copies of a key cost n steps, not n²).
class UniqueKeys {
 public:
  static constexpr std::uint32_t kAbsent = StringIds::kAbsent;

  // The id of the key the next record gets (ids count the records: 0, 1, 2, ...). `*holder`
  // receives the id of the record that has `key` when it was taken, else kAbsent.
  std::uint32_t add(std::string_view key, std::uint32_t* holder = nullptr);
  std::uint32_t find(std::string_view key) const { return ids_.find(key); }
  std::string_view at(std::uint32_t id) const { return ids_.at(id); }
  std::uint32_t size() const { return ids_.size(); }
  bool empty() const { return ids_.empty(); }
  void swap(UniqueKeys& other) noexcept {
    ids_.swap(other.ids_);
    next_suffix_.swap(other.next_suffix_);
  }

 private:
  StringIds ids_;
  std::vector<std::uint32_t> next_suffix_;  // by id: the suffix to try next for a copy of that key
};

}  // namespace papershelf::detail
