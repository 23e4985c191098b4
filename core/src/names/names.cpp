// Names: the BibTeX name grammar (First von Last / von Last, First / von Last, Jr, First) and
// name lists split on a top-level "and". Author markers (* † ‡ ...) are taken out of names by
// marks.cpp; the owner matcher lives in owner.cpp.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "names/caches.hpp"
#include "names/list_words.hpp"
#include "names/marks.hpp"
#include "papershelf/diagnostics.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/names.hpp"
#include "papershelf/unicode.hpp"
#include "text/ascii.hpp"
#include "text/bytes.hpp"
#include "text/scratch.hpp"

namespace papershelf {
namespace {

// One word of a name, decoded, with what the grammar needs to know about it.
struct Word {
  std::string text;
  bool lower = false;  // starts with a lower-case letter: a "von" word
};

// Words of a name, split into the comma-separated parts.
using Part = std::vector<Word>;

// The parts of one name. The vectors are reused from name to name (only `count` are in use),
// so a long author list does not allocate per name.
struct Parts {
  std::vector<Part> list;
  std::size_t count = 0;
  std::size_t size() const { return count; }
  Part& operator[](std::size_t i) { return list[i]; }
  const Part& operator[](std::size_t i) const { return list[i]; }
  Part* begin() { return list.data(); }
  Part* end() { return list.data() + count; }
  const Part* begin() const { return list.data(); }
  const Part* end() const { return list.data() + count; }
  Part& back() { return list[count - 1]; }
  // The third part starts with one word that holds the parts after it, folded (fold_tail()).
  bool folded = false;
  void reset() {
    for (std::size_t i = 0; i < count; ++i) list[i].clear();
    count = 0;
    folded = false;
    add();
  }
  void add() {
    if (count == list.size()) {
      list.emplace_back();
      list.back().reserve(4);
    }
    list[count++].clear();
  }
};

// Bytes of a name word that decodes to itself with no markers in it: ASCII
// letters, digits and '.', and UTF-8 letters from U+00C0..U+017F (lead bytes
// C3-C5; no combining marks, spaces or marker symbols there). Input is valid
// UTF-8 by the time names are parsed.
struct PlainWordBytes {
  bool table[256] = {};
  constexpr PlainWordBytes() {
    for (int c = 'a'; c <= 'z'; ++c) table[c] = true;
    for (int c = 'A'; c <= 'Z'; ++c) table[c] = true;
    for (int c = '0'; c <= '9'; ++c) table[c] = true;
    table[static_cast<unsigned char>('.')] = true;
    for (int c = 0x80; c <= 0xBF; ++c) table[c] = true;
    for (int c = 0xC3; c <= 0xC5; ++c) table[c] = true;
  }
};
constexpr PlainWordBytes kPlainWord;

bool is_plain_word(std::string_view token) {
  for (char c : token)
    if (!kPlainWord.table[static_cast<unsigned char>(c)]) return false;
  return true;
}

bool starts_lower(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    const char32_t cp = unicode::decode_utf8(text, pos);
    if (cp < 0x80) {
      if (cp >= 'a' && cp <= 'z') return true;
      if (cp >= 'A' && cp <= 'Z') return false;
      continue;
    }
    if (unicode::is_letter(cp)) return unicode::to_upper(cp) != cp;
  }
  return false;
}

std::string join(const Part& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) {
    if (!out.empty()) out.push_back(' ');
    out += words[i].text;
  }
  return out;
}

// Drops the words the grammar does not count: those that became empty once their markers were
// removed, and DBLP's homonym number ("Wei Wang 0002" is Wei Wang).
void drop_uncounted_words(Part& part, std::size_t from = 0) {
  part.erase(std::remove_if(part.begin() + static_cast<std::ptrdiff_t>(from), part.end(),
                            [](const Word& w) { return w.text.empty(); }),
             part.end());
  if (part.size() < from + 2) return;
  const std::string& last = part.back().text;
  if (last.size() == 4 &&
      std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; }))
    part.pop_back();
}

// A name has at most three parts (von Last, Jr, First): the grammar joins the third and any
// after it into the given name, ", " between those that have words. Here, at each comma past the
// third part, the words written since are joined onto the first word of the third part, so that
// ",,,,,," costs nothing per comma (a part per comma took 160 bytes each).
void fold_tail(Parts& parts) {
  Part& tail = parts[2];
  const std::size_t from = parts.folded ? 1 : 0;
  drop_uncounted_words(tail, from);
  Word folded;
  if (parts.folded) folded = std::move(tail[0]);
  bool lower = true;  // (for the grammar's "all in lower case" test: every word counted)
  for (std::size_t i = from; i < tail.size(); ++i) lower = lower && tail[i].lower;
  if (tail.size() > from) {
    if (!folded.text.empty()) folded.text += ", ";
    folded.lower = (folded.text.empty() || folded.lower) && lower;
    folded.text += join(tail, from, tail.size());
  }
  tail.clear();
  tail.push_back(std::move(folded));
  parts.folded = true;
}

// A name's parts while the grammar assigns words to them.
struct NameParts {
  std::string given, family, particle, suffix;
  Person person() const { return Person(given, family, particle, suffix); }
};

// Splits "von Last" into particle and family; the last word is always part of
// the family.
void split_von_last(const Part& words, NameParts& p) {
  std::size_t last_lower = words.size();
  for (std::size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i].lower) last_lower = i;
  if (last_lower == words.size() || !words[0].lower) {
    p.family = join(words, 0, words.size());
    return;
  }
  p.particle = join(words, 0, last_lower + 1);
  p.family = join(words, last_lower + 1, words.size());
}

Person apply_grammar(Parts& parts) {
  NameParts p;
  for (Part& part : parts) drop_uncounted_words(part);
  // "Vera Pérez," has an empty First part that still makes "Vera Pérez" the
  // Last part.
  bool any = false;
  for (const Part& part : parts) any = any || !part.empty();
  if (!any) return Person();
  // A name written all in lower case ("qinghao hu") has no "von": case carries
  // no signal there.
  bool all_lower = true;
  for (const Part& part : parts)
    for (const Word& w : part) all_lower = all_lower && w.lower;
  if (all_lower)
    for (Part& part : parts)
      for (Word& w : part) w.lower = false;
  if (parts.size() == 1) {
    const Part& words = parts[0];
    const std::size_t n = words.size();
    std::size_t first_lower = n;
    for (std::size_t i = 0; i + 1 < n; ++i) {
      if (words[i].lower) {
        first_lower = i;
        break;
      }
    }
    if (first_lower == n) {
      p.given = join(words, 0, n - 1);
      p.family = words[n - 1].text;
      return p.person();
    }
    p.given = join(words, 0, first_lower);
    Part rest(words.begin() + static_cast<std::ptrdiff_t>(first_lower), words.end());
    split_von_last(rest, p);
    return p.person();
  }
  if (!parts[0].empty()) split_von_last(parts[0], p);
  if (parts.size() == 2) {
    p.given = join(parts[1], 0, parts[1].size());
  } else {
    p.suffix = join(parts[1], 0, parts[1].size());
    for (std::size_t i = 2; i < parts.size(); ++i) {
      if (!p.given.empty() && !parts[i].empty()) p.given += ", ";
      p.given += join(parts[i], 0, parts[i].size());
    }
  }
  return p.person();
}

// A call back to a lambda through one plain function: the loops below that call it are then one
// copy each in the WebAssembly build, not one per lambda.
class PieceCallback {
 public:
  template <class F>
  PieceCallback(F&& f)  // NOLINT: made from a lambda where one is passed (it outlives the call)
      : context_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* c, std::string_view piece) {
          return static_cast<bool>((*static_cast<std::remove_reference_t<F>*>(c))(piece));
        }) {}
  bool operator()(std::string_view piece) const { return call_(context_, piece); }

 private:
  void* context_;
  bool (*call_)(void*, std::string_view);
};

// Calls `name` with each piece of `raw` between top-level " and " (any case); braces and
// backslash escapes are respected. One scan, eight positions at a time, stops only at the bytes
// that matter: braces and backslashes (for the depth) and the 'd' of a possible "and", whose other
// bytes are checked where one is found. (A byte loop stopping at every space was a third of the
// names' time.) Nothing is kept between calls: a list of a million names costs no memory here.
void each_and(std::string_view raw, PieceCallback name) {
  const char* const s = raw.data();
  const std::size_t n = raw.size();
  int depth = 0;
  std::size_t start = 0;
  std::size_t escaped = std::string_view::npos;  // the byte after a backslash: taken literally
  auto stop = [&](std::size_t j) {
    if (j == escaped) return;
    const char c = s[j];
    if (c == '\\') {
      escaped = j + 1;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (depth > 0) --depth;
    } else if (depth == 0 && j >= 3 && j - 3 >= start && j + 1 < n && j - 3 != escaped &&
               ascii::is_blank(s[j - 3]) && (s[j - 2] | 0x20) == 'a' && (s[j - 1] | 0x20) == 'n' &&
               ascii::is_blank(s[j + 1])) {  // 'd' or 'D' ending " and "
      name(raw.substr(start, j - 3 - start));
      start = j + 1;
    }
  };
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const std::uint64_t w = bytes::load_word(s + i);
    std::uint64_t flagged = bytes::bytes_equal_to(w, '{') | bytes::bytes_equal_to(w, '}') |
                            bytes::bytes_equal_to(w, '\\') |
                            bytes::bytes_equal_to(w | 0x2020202020202020ull, 'd');
    for (; flagged; flagged &= flagged - 1) stop(i + bytes::first_flagged(flagged));
  }
  for (; i < n; ++i)
    if (s[i] == '{' || s[i] == '}' || s[i] == '\\' || (s[i] | 0x20) == 'd') stop(i);
  name(raw.substr(start));
}

// True when `raw` is one brace group from its first to its last byte: {Barnes
// and Noble}.
bool is_fully_braced(std::string_view raw) {
  if (raw.size() < 2 || raw.front() != '{' || raw[1] == '\\') return false;
  int depth = 0;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\') {
      ++i;
    } else if (raw[i] == '{') {
      ++depth;
    } else if (raw[i] == '}' && --depth == 0) {
      return i + 1 == raw.size();
    }
  }
  return false;
}

// A decoded name word, cached by its source text (a small direct-mapped table per thread:
// bounded memory, and the result depends on nothing but the source).
struct DecodedWord {
  std::string source;
  bool latex_input = false;
  std::string text;  // decoded, markers removed
  std::string marks;
  bool lower = false;  // starts_lower(text)
};
constexpr std::size_t kWordCacheSize = 1024;
DecodedWord* decoded_word_cache() {
  PAPERSHELF_SCRATCH DecodedWord cache[kWordCacheSize];
  return cache;
}
std::uint64_t word_hash(std::string_view s) {
  // Eight bytes a step (multiply and fold).
  std::uint64_t h = 0x9E3779B97F4A7C15ull ^ s.size();
  std::size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  if (i < s.size()) {
    // The last 1-7 bytes as one more word: the string's last eight bytes when it has eight
    // (overlapping the word before; a fixed-size load, where a variable-size copy is a memcpy
    // call per name), else zero-padded.
    std::uint64_t w = 0;
    if (s.size() >= 8)
      std::memcpy(&w, s.data() + s.size() - 8, 8);
    else
      std::memcpy(&w, s.data(), s.size());
    h = (h ^ w) * 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  h ^= h >> 29;
  return h;
}

// Parsed (non-literal) names, cached by their source text: an open-addressing table (a name
// looks at up to kNameProbes slots from its hash's), so that a few thousand distinct names stay
// in it together. (Direct-mapped, a third of the 1,520 distinct names of the 10k benchmark file
// shared a slot with another and evicted it in turn: one name in seven was parsed again.) Each
// slot's tag (the hash's upper bits, 0 when empty) sits in a separate array, so a lookup reads
// the names it compares and nothing else. When the probed slots are all taken, the home slot is
// replaced: memory stays bounded whatever is read.
struct ParsedName {
  std::string source;
  Person person;
};
constexpr std::size_t kNameCacheSize = 4096;  // a power of two
constexpr std::size_t kNameProbes = 8;
struct NameCache {
  std::uint32_t tags[kNameCacheSize] = {};
  ParsedName names[kNameCacheSize];
};
NameCache& name_cache() {
  PAPERSHELF_SCRATCH NameCache cache;
  return cache;
}

// Decodes one raw name into parts of words; marks found on any word are
// appended to `marks`.
void words_of(std::string_view raw, std::string& marks, bool latex_input, Parts& parts) {
  parts.reset();
  int depth = 0;
  std::size_t start = 0;
  auto flush = [&](std::size_t end) {
    const std::string_view token = raw.substr(start, end - start);
    if (token.empty()) return;
    Word w;
    // A word that starts with a protective group (not {\"u}) is caseless, never
    // a von word.
    const bool caseless = token[0] == '{' && (token.size() < 2 || token[1] != '\\');
    if (is_plain_word(token)) {  // fast path: nothing to decode, no marks
      w.text.assign(token.data(), token.size());
      std::size_t i = 0;
      while (i < token.size() && !(token[i] >= 'a' && token[i] <= 'z') &&
             !(token[i] >= 'A' && token[i] <= 'Z') && static_cast<unsigned char>(token[i]) < 0x80)
        ++i;
      w.lower = i < token.size() &&
                (static_cast<unsigned char>(token[i]) >= 0x80 ? starts_lower(token.substr(i))
                                                              : token[i] >= 'a');
      parts.back().push_back(std::move(w));
      return;
    }
    // The same LaTeX words come back in every entry (co-authors, the owner): decoded words are
    // remembered by their source text.
    DecodedWord& cached = decoded_word_cache()[word_hash(token) % kWordCacheSize];
    if (!(cached.latex_input == latex_input && bytes::same_bytes(cached.source, token))) {
      cached.source.assign(token.data(), token.size());
      cached.latex_input = latex_input;
      cached.text = latex_input ? latex::decode(token).text : std::string(token);
      if (latex_input && cached.text.find('\\') != std::string::npos)
        detail::spell_math_markers(cached.text);
      cached.marks = take_marks(cached.text);
      cached.lower = starts_lower(cached.text);
    }
    w.text = cached.text;
    marks += cached.marks;
    w.lower = !caseless && cached.lower;
    parts.back().push_back(std::move(w));
  };
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c == '\\' && latex_input) {
      // An accent or letter command (\\v, \\c, \\H, \\i, \\ss, \\AA: one or two letters) takes the
      // spaces after it, as TeX does: "Luk\\'a\\v cov\\'a", "Sa\\"\\i d" and "\\AA ngstr\\"om" are
      // one word each.
      std::size_t j = i + 1;
      while (j < raw.size() &&
             ((raw[j] >= 'a' && raw[j] <= 'z') || (raw[j] >= 'A' && raw[j] <= 'Z')))
        ++j;
      if (j == i + 1) {
        ++i;
        continue;
      }
      while (j - i <= 3 && j < raw.size() && ascii::is_blank(raw[j]) && j + 1 < raw.size() &&
             !ascii::is_blank(raw[j + 1]) && raw[j + 1] != ',')
        ++j;
      i = j - 1;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (depth > 0) --depth;
    } else if (depth == 0 && (ascii::is_blank(c) || c == '~' || c == ',')) {
      flush(i);
      start = i + 1;
      if (c == ',') {
        if (parts.size() < 3)
          parts.add();
        else
          fold_tail(parts);
      }
    }
  }
  flush(raw.size());
  if (parts.folded) fold_tail(parts);
}

// Calls `part` with each piece of `chunk` between top-level `separator`s (outside braces,
// escapes respected), the first and the last included, until it returns false; returns how
// many pieces it was given. (Offsets of every separator took 8 bytes per byte of ",,,,".)
std::size_t each_part(std::string_view chunk, char separator, PieceCallback part) {
  std::size_t parts = 0;
  std::size_t from = 0;
  int depth = 0;
  for (std::size_t i = 0; i < chunk.size(); ++i) {
    const char c = chunk[i];
    if (c == '\\') {
      ++i;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (depth > 0) --depth;
    } else if (c == separator && depth == 0) {
      ++parts;
      if (!part(chunk.substr(from, i - from))) return parts;
      from = i + 1;
    }
  }
  part(chunk.substr(from));
  return parts + 1;
}

// How many pieces `chunk` has between top-level `separator`s.
std::size_t count_parts(std::string_view chunk, char separator) {
  return each_part(chunk, separator, [](std::string_view) { return true; });
}

std::size_t word_count(std::string_view s) {
  std::size_t words = 0;
  bool in_word = false;
  for (char c : s) {
    const bool space = ascii::is_blank(c) || c == '~';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

// BibLaTeX's extended name format: "family=Felice, given=Giovanni, prefix=de, useprefix=true".
// False when `chunk` is not in that form.
bool parse_extended_name(std::string_view chunk, Person& out) {
  std::string given, family, prefix, suffix;
  bool any = false, valid = true;
  each_part(chunk, ',', [&](std::string_view part) {
    const std::string_view item = ascii::trim(part);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) return valid = false;
    const std::string key =
        unicode::ascii_lower(ascii::trim(item.substr(0, eq)));  // (ASCII keywords)
    std::string_view value = ascii::trim(item.substr(eq + 1));
    if (value.size() >= 2 && ((value.front() == '{' && value.back() == '}') ||
                              (value.front() == '"' && value.back() == '"')))
      value = value.substr(1, value.size() - 2);
    const std::string text = latex::decode(value).text;
    if (key == "family") {
      family = text;
    } else if (key == "given") {
      given = text;
    } else if (key == "prefix") {
      prefix = text;
    } else if (key == "suffix") {
      suffix = text;
    } else if (key != "useprefix" && key != "given-i" && key != "giveni" && key != "family-i" &&
               key != "familyi" && key != "prefix-i" && key != "suffix-i") {
      return valid = false;  // not a name key: "x=y" in a literal is left to the grammar
    }
    return any = true;
  });
  if (!valid) return false;
  if (!any || (family.empty() && given.empty())) return false;
  std::string marks = take_marks(family);
  marks += take_marks(given);
  out = Person(given, family, prefix, suffix);
  out.set_marks(marks);
  return true;
}

// Whole names repeat too (the owner, co-authors): parsed names are remembered by source, up to
// this size.
constexpr std::size_t kCachedNameSize = 256;
const Person& cached_name(std::string_view chunk, Parts& parts) {
  NameCache& cache = name_cache();
  const std::uint64_t hash = word_hash(chunk);
  const std::uint32_t tag = static_cast<std::uint32_t>(hash >> 32) | 1;
  const std::size_t home = static_cast<std::size_t>(hash) & (kNameCacheSize - 1);
  std::size_t slot = home;
  bool found = false;
  for (std::size_t probe = 0; probe < kNameProbes; ++probe) {
    const std::size_t at = (home + probe) & (kNameCacheSize - 1);
    if (cache.tags[at] == 0) {
      slot = at;
      break;
    }
    if (cache.tags[at] == tag && bytes::same_bytes(cache.names[at].source, chunk)) {
      slot = at;
      found = true;
      break;
    }
  }
  ParsedName& cached = cache.names[slot];
  if (!found) {
    std::string marks;
    words_of(chunk, marks, true, parts);
    cached.person = apply_grammar(parts);
    cached.person.set_marks(marks);
    cached.source.assign(chunk.data(), chunk.size());
    cache.tags[slot] = tag;
  }
  return cached.person;
}

}  // namespace

void detail::forget_cached_names() {
  for (std::size_t i = 0; i < kWordCacheSize; ++i) decoded_word_cache()[i] = DecodedWord{};
  NameCache& cache = name_cache();
  for (std::size_t i = 0; i < kNameCacheSize; ++i) {
    cache.tags[i] = 0;
    cache.names[i] = ParsedName{};
  }
}

NameList parse_bibtex_names(std::string_view raw) {
  NameList list;
  // One author list at a time per thread: the words' parts are reused, not allocated per field.
  PAPERSHELF_SCRATCH Parts parts;
  // The names are walked twice (counted, then parsed) rather than listed: a list of every
  // name's place took 16 bytes per name ("A and A and ..." is 6).
  std::size_t count = 0;
  each_and(raw, [&](std::string_view) { return ++count > 0; });
  // "Smith, J.; Doe, J.; Lee, K.": one chunk holding names separated by semicolons.
  bool by_semicolons = false;
  if (count == 1 && raw.find(';') != std::string_view::npos) {
    const std::size_t pieces = count_parts(raw, ';');
    if (pieces > 1) {
      std::size_t first = 0;
      each_part(raw, ';', [&](std::string_view piece) {
        first = piece.size();
        return false;
      });
      list.issues.push_back({static_cast<std::uint32_t>(first),
                             "names separated by semicolons, not \"and\": read as " +
                                 std::to_string(pieces) + " names"});
      by_semicolons = true;
      count = pieces;
    }
  }
  list.people.reserve(count);
  const auto offset_of = [&](std::string_view part) {
    return static_cast<std::uint32_t>(part.data() - raw.data());
  };
  std::size_t i = 0;
  bool reported_empty = false;
  const auto one_name = [&](std::string_view raw_chunk) {
    const std::size_t index = i++;
    std::string_view chunk = ascii::trim(raw_chunk);
    if (chunk.empty()) {
      if (count > 1 && !reported_empty) {
        list.issues.push_back(
            {offset_of(raw_chunk), "empty name in the list (\"and and\"?): left out"});
        reported_empty = true;
      }
      return true;
    }
    // "et al." as a name ({et al.} from ADS) or after the last one ("Ye, Zhisheng et al.").
    {
      const bool braced = chunk.size() >= 2 && chunk.front() == '{' && chunk.back() == '}';
      const std::string_view bare = braced ? ascii::trim(chunk.substr(1, chunk.size() - 2)) : chunk;
      if (const std::size_t n = detail::et_al_suffix(bare)) {
        list.others = true;
        const std::string_view before = ascii::trim(bare.substr(0, bare.size() - n));
        if (before.empty() || braced) return true;
        chunk = before;
      }
      if ((braced || index + 1 == count) && index > 0 && detail::is_et_al_phrase(bare)) {
        list.others = true;
        return true;
      }
      if ((braced || index + 1 == count) && detail::is_others_count(bare)) {
        list.others = true;
        return true;
      }
    }
    if (chunk.find('=') != std::string_view::npos) {
      Person extended;
      if (parse_extended_name(chunk, extended)) {
        list.people.push_back(std::move(extended));
        return true;
      }
    }
    // (Most names have one comma or none: the repairs below cost nothing for them.)
    const std::size_t first_comma = chunk.find(',');
    if (chunk.back() == ',' || (first_comma != std::string_view::npos &&
                                chunk.find(',', first_comma + 1) != std::string_view::npos)) {
      // "Wall, W.A.," : a stray comma at the end.
      if (chunk.back() == ',') {
        list.issues.push_back({offset_of(chunk) + static_cast<std::uint32_t>(chunk.size() - 1),
                               "stray comma after the name '" +
                                   excerpt(ascii::trim(chunk.substr(0, chunk.size() - 1))) +
                                   "' (left out)"});
        chunk = ascii::trim(chunk.substr(0, chunk.size() - 1));
      }
      // "Francesc Net, Adrià Molina, Sofia Llacer-Caro": three or more parts, each of several
      // words and none a suffix, are names separated by commas, not one name's parts.
      bool comma_list = true;
      const std::size_t names = each_part(chunk, ',', [&](std::string_view part) {
        return comma_list = word_count(part) >= 2 && !detail::is_suffix_word(part);
      });
      if (comma_list && names >= 3) {
        list.issues.push_back(
            {offset_of(chunk), "names separated by commas, not \"and\": read as " +
                                   std::to_string(names) + " names"});
        list.people.reserve(list.people.size() + names + (count - index - 1));
        each_part(chunk, ',', [&](std::string_view part) {
          std::string marks;
          // "Rasthofer U., Wall W.A.": a family name before its initials is "Rasthofer, U.".
          std::string_view piece = ascii::trim(part);
          std::string reordered;
          const std::size_t space = piece.find_last_of(" ~");
          if (space != std::string_view::npos && detail::is_initials(piece.substr(space + 1))) {
            reordered = std::string(ascii::trim(piece.substr(0, space))) + ", " +
                        std::string(piece.substr(space + 1));
            piece = reordered;
          }
          words_of(piece, marks, true, parts);
          Person p = apply_grammar(parts);
          p.set_marks(marks);
          if (!p.family().empty() || !p.given().empty()) list.people.push_back(std::move(p));
          return true;
        });
        return true;
      }
      // "Tieu, Lyn, Kazuko Yatsushiro, Di Bacco, Federica": three or more parts, none a suffix
      // nor empty (BibTeX would join parts after the third to the given name, and say "too many
      // commas"), with names written "Last, First" among them: a part followed by a one-word part,
      // or a one-word part followed by any, is a "Last, First" pair; any other part a whole name.
      std::vector<std::string_view> pieces;
      bool odd_part = false;  // a suffix (BibTeX's "Last, Jr, First") or an empty part
      each_part(chunk, ',', [&](std::string_view part) {
        pieces.push_back(ascii::trim(part));
        odd_part = odd_part || detail::is_suffix_word(part) || ascii::trim(part).empty();
        return true;
      });
      // (Three parts with a one-word last are BibTeX's "Last, Jr, First" as written, however odd.)
      const bool shaped = pieces.size() >= 4 || (pieces.size() == 3 && word_count(pieces[2]) >= 2);
      if (!odd_part && shaped) {
        std::vector<Person> found;
        for (std::size_t k = 0; k < pieces.size(); ++k) {
          std::string marks;
          std::string name(pieces[k]);
          // (A lone family name is no whole name: it takes the next part as its given names.)
          if (k + 1 < pieces.size() &&
              (word_count(pieces[k + 1]) == 1 || word_count(pieces[k]) == 1))
            name += ", " + std::string(pieces[++k]);
          words_of(name, marks, true, parts);
          Person p = apply_grammar(parts);
          p.set_marks(marks);
          if (!p.family().empty() || !p.given().empty()) found.push_back(std::move(p));
        }
        list.issues.push_back(
            {offset_of(chunk),
             "names separated by commas (\"Last, First, Last, First\"), not \"and\": read as " +
                 std::to_string(found.size()) + " names"});
        for (Person& p : found) list.people.push_back(std::move(p));
        return true;
      }
    }
    if (index + 1 == count && index > 0 && chunk.size() == 6) {
      if (unicode::ascii_lower(chunk) == "others") {
        list.others = true;
        return true;
      }
    }
    // Markers after a braced organisation: "{Barnes and Noble}*".
    std::string_view core = chunk;
    std::string trailing;
    while (!core.empty() && (core.back() == '*' || core.back() == '#' || core.back() == '^')) {
      trailing.insert(trailing.begin(), core.back());
      core.remove_suffix(1);
    }
    if (is_fully_braced(core) && (trailing.empty() || detail::is_marker_text(trailing))) {
      const std::string literal = latex::decode(core.substr(1, core.size() - 2)).text;
      trailing.erase(std::remove(trailing.begin(), trailing.end(), '^'), trailing.end());
      if (!literal.empty()) list.people.emplace_back("", "", "", "", literal, trailing);
      return true;
    }
    const Person* p = nullptr;
    Person uncached;
    if (chunk.size() > kCachedNameSize) {
      // (A name this long is not a co-author's that comes back: the cache would only hold it.)
      std::string marks;
      words_of(chunk, marks, true, parts);
      uncached = apply_grammar(parts);
      uncached.set_marks(marks);
      p = &uncached;
    } else {
      p = &cached_name(chunk, parts);
    }
    if (p->family().empty() && p->given().empty() && p->particle().empty() && p->suffix().empty())
      return true;
    list.people.push_back(*p);
    return true;
  };
  if (by_semicolons)
    each_part(raw, ';', one_name);
  else
    each_and(raw, one_name);
  return list;
}

Person parse_name(std::string_view name) {
  std::string marks;
  Parts parts;
  words_of(ascii::trim(name), marks, false, parts);
  Person p = apply_grammar(parts);
  p.set_marks(marks);
  return p;
}

}  // namespace papershelf
