// Words in a name list that are no one's name, and the small words a name's grammar asks about
// (see list_words.hpp).
#include "names/list_words.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "text/ascii.hpp"

namespace papershelf::detail {

// "U.", "W.A.", "WA", "J.-P.": initials only (capital letters, dots and hyphens).
bool is_initials(std::string_view s) {
  if (s.empty() || s.size() > 6) return false;
  bool capital = false;
  for (char c : s) {
    if (c >= 'A' && c <= 'Z') {
      capital = true;
    } else if (c != '.' && c != '-') {
      return false;
    }
  }
  return capital && (s.size() <= 2 || s.find('.') != std::string_view::npos);
}

// The length of a trailing "et al." or "et al" that is a word of its own (any case), or 0.
std::size_t et_al_suffix(std::string_view s) {
  for (std::string_view form : {"et al.", "et al"}) {
    if (s.size() < form.size()) continue;
    const std::size_t at = s.size() - form.size();
    bool same = at == 0 || s[at - 1] == ' ';
    for (std::size_t i = 0; same && i < form.size(); ++i) same = (s[at + i] | 0x20) == form[i];
    if (same) return form.size();
  }
  return 0;
}

// "et al." in the languages lists are written in, as a whole name: "{others}" (braced, which
// BibTeX would make a person), "и др.", "u. a.", "等", "ほか", "e outros", "y otros"... Spaces,
// dots and ties do not count.
bool is_et_al_phrase(std::string_view s) {
  std::string bare;
  for (const char c : s)
    if (c != ' ' && c != '.' && c != '~' && c != '{' && c != '}')
      bare.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c);
  static constexpr std::string_view kPhrases[] = {"others",
                                                  "etal",
                                                  "ua",
                                                  "mfl",
                                                  "etautres",
                                                  "yotros",
                                                  "eoutros",
                                                  "ealtri",
                                                  "ualii",
                                                  "\xD0\xB8\xD0\xB4\xD1\x80",  // и др
                                                  "\xE7\xAD\x89",
                                                  "\xE7\xAD\x89\xE4\xBA\xBA",  // 等, 等人
                                                  "\xE3\x81\xBB\xE3\x81\x8B",
                                                  "\xE4\xBB\x96",  // ほか, 他
                                                  "\xEC\x99\xB8",
                                                  "\xEB\x93\xB1"};  // 외, 등
  return std::find(std::begin(kPhrases), std::end(kPhrases), bare) != std::end(kPhrases);
}

// "8 other authors", "5 more", "many others", "and 12 co-authors": a count of authors left out,
// which means et al. (it names no person: no citation or export may list it as one).
bool is_others_count(std::string_view s) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : s) {
    if (c == ' ' || c == '\t' || c == '~') {
      if (!word.empty()) words.push_back(std::exchange(word, {}));
    } else if (c != '{' && c != '}' && c != '.') {
      word.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c);
    }
    if (words.size() > 4) return false;
  }
  if (!word.empty()) words.push_back(word);
  std::size_t k = 0;
  if (k < words.size() && (words[k] == "and" || words[k] == "&" || words[k] == "+")) ++k;
  if (k >= words.size()) return false;
  const std::string& n = words[k];
  const bool number =
      std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; }) && n.size() <= 5;
  if (!number && n != "many" && n != "several") return false;
  ++k;
  // What follows the count: "others", "more", or a word such as "other" and then "authors".
  const auto who = [](const std::string& w) {
    return w == "authors" || w == "author" || w == "co-authors" || w == "coauthors";
  };
  if (k + 1 == words.size()) return words[k] == "others" || words[k] == "more" || who(words[k]);
  if (k + 2 != words.size()) return false;
  const std::string& which = words[k];
  return (which == "other" || which == "more" || which == "additional" || which == "further") &&
         who(words[k + 1]);
}

bool is_suffix_word(std::string_view s) {
  std::string w;
  for (char c : ascii::trim(s))
    if (c != '.')
      w.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c);  // (ASCII words)
  return w == "jr" || w == "sr" || w == "ii" || w == "iii" || w == "iv" || w == "v";
}

}  // namespace papershelf::detail
