// Person names: the BibTeX name grammar, author markers, and matching the owner's name in every
// variant people publish under.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"

namespace papershelf {

// Marker symbols that may be attached to an author's name: * ∗ † ‡ § ¶ ‖ # ^ (and ^{...}).
bool is_marker_symbol(char32_t cp);

// Removes markers from a decoded name ("Hu*†, Qinghao", "*Pang, Ce", "Qinghao Hu^{*‡}") and
// returns them in order; `name` is left without them.
std::string take_marks(std::string& name);

struct NameList {
  std::vector<Person> people;
  bool others = false;  // "and others"
  // What was repaired or left out, at byte offsets of the raw list ("and and", a trailing
  // comma, names separated by commas instead of "and").
  struct Issue {
    std::uint32_t offset = 0;
    std::string message;
  };
  std::vector<Issue> issues;
};

// Splits a raw BibTeX name list (LaTeX still encoded) on " and " at brace depth 0 and parses each
// name with the BibTeX grammar (First von Last / von Last, First / von Last, Jr, First).
// A fully braced name ({Barnes and Noble}) becomes a literal; BibLaTeX's extended form
// (family=Felice, given=Giovanni, prefix=de, useprefix=true) is read by its keys. Parts are
// LaTeX-decoded; markers are moved into Person::marks. What the writer obviously meant is
// recovered and reported in `issues`: an empty name ("and and"), a stray trailing comma
// ("Wall, W.A.,"), "First Last" names separated by commas.
NameList parse_bibtex_names(std::string_view raw);
// The inverse: "von Last, Jr, First and ..." (LaTeX-encoded; markers after the family name
// when `marks`), ending in "and others" when `others`.
std::string format_bibtex_names(const std::vector<Person>& people, bool others, bool marks = true);

// Parses one plain (already decoded) name with the same grammar: "Hu, Qinghao", "Q. Hu".
Person parse_name(std::string_view name);

// Matches authors against the owner's names ("Qinghao Hu; Q. Hu; Hu, Qinghao"). A name matches
// when the folded family names agree and the given names are compatible (full names equal, or
// initials agree), in either order ("HU Qinghao"); diacritics, case and markers are ignored.
// Every author is tried against every name, so only the first kMaxOwnerNames names are kept (a
// profile of 10,000 aliases made each render of as many authors take seconds).
inline constexpr std::size_t kMaxOwnerNames = 64;
class OwnerMatcher {
 public:
  OwnerMatcher() = default;
  explicit OwnerMatcher(const std::vector<std::string>& owner_names);
  bool empty() const { return owners_.empty(); }
  bool matches(const Person& p) const;

  // The folded comparison key of a name and the matching rule itself, public so that other
  // code (co-author statistics) groups name variants exactly the way the owner is matched.
  struct Key {
    std::vector<std::string> given;  // folded given-name words
    std::string family;              // folded family name incl. particle, no spaces
    std::string literal;             // folded whole name (for literals and fallback)
  };
  static Key key_of(const Person& p);
  // `a` is the reference name (an owner name), `b` the author; not symmetric for "FAMILY Given"
  // order and for a reference that has only a family name.
  static bool same_person(const Key& a, const Key& b);

 private:
  // Cheap rejection before folding: the lower-cased ASCII first letters any matching family
  // name (or, for "FAMILY Given" order, given name) can start with. Most authors are not the
  // owner, and matching runs for every author on every render.
  bool could_match(const Person& p) const;
  std::vector<Key> owners_;
  std::string first_letters_;
  bool any_non_ascii_start_ = false;
};

// Splits an owner list written as "Qinghao Hu; Q. Hu" (semicolons or newlines) into names.
std::vector<std::string> split_owner_list(std::string_view text);

}  // namespace papershelf
