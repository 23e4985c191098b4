// UTF-8 as bytes: decoding, encoding, character references, validity, double-encoding repair
// and escaping. None of it needs the character tables (unicode.cpp).
#include "papershelf/unicode.hpp"

#include <cstring>
#include <iterator>
#include <utility>

namespace papershelf::unicode {

char32_t decode_utf8(std::string_view s, std::size_t& pos) {
  const auto n = s.size();
  const auto b0 = static_cast<unsigned char>(s[pos]);
  if (b0 < 0x80) {
    ++pos;
    return b0;
  }
  int len = 0;
  char32_t cp = 0;
  char32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    ++pos;
    return kReplacement;
  }
  if (pos + len > n) {
    ++pos;
    return kReplacement;
  }
  for (int i = 1; i < len; ++i) {
    const auto b = static_cast<unsigned char>(s[pos + i]);
    if ((b & 0xC0) != 0x80) {
      ++pos;
      return kReplacement;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++pos;
    return kReplacement;
  }
  pos += len;
  return cp;
}

char32_t text_code_point(char32_t cp) {
  const bool control =
      (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0x7F && cp <= 0x9F);
  const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
  const bool noncharacter = (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
  return control || surrogate || noncharacter || cp > 0x10FFFF ? kReplacement : cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

char32_t character_reference(std::string_view name, References set) {
  static constexpr std::pair<std::string_view, char32_t> kNames[] = {
      {"amp", '&'},
      {"lt", '<'},
      {"gt", '>'},
      {"quot", '"'},
      {"apos", '\''},
      // (HTML only, from here)
      {"nbsp", 0xA0},
      {"ndash", 0x2013},
      {"mdash", 0x2014},
      {"hellip", 0x2026},
      {"lsquo", 0x2018},
      {"rsquo", 0x2019},
      {"ldquo", 0x201C},
      {"rdquo", 0x201D},
      {"shy", 0xAD},
      {"thinsp", 0x2009},
      {"ensp", 0x2002},
      {"emsp", 0x2003},
      {"copy", 0xA9},
      {"reg", 0xAE},
      {"trade", 0x2122},
      {"deg", 0xB0},
      {"times", 0xD7},
      {"minus", 0x2212},
      {"middot", 0xB7},
      {"laquo", 0xAB},
      {"raquo", 0xBB},
      {"euro", 0x20AC},
      {"pound", 0xA3},
      {"sect", 0xA7},
      {"para", 0xB6},
  };
  constexpr std::size_t kXmlNames = 5;
  if (name.size() >= 2 && name[0] == '#') {
    const bool hex = name[1] == 'x' || name[1] == 'X';
    const std::string_view digits = name.substr(hex ? 2 : 1);
    if (digits.empty() || digits.size() > 8) return 0;
    std::uint32_t cp = 0;
    for (char c : digits) {
      int d = -1;
      if (c >= '0' && c <= '9')
        d = c - '0';
      else if (hex && c >= 'a' && c <= 'f')
        d = c - 'a' + 10;
      else if (hex && c >= 'A' && c <= 'F')
        d = c - 'A' + 10;
      if (d < 0) return 0;
      cp = cp * (hex ? 16 : 10) + static_cast<std::uint32_t>(d);
    }
    if (cp == 0 || cp > 0x10FFFF) return set == References::Html ? kReplacement : 0;
    return text_code_point(cp);
  }
  const std::size_t names = set == References::Xml ? kXmlNames : std::size(kNames);
  for (std::size_t k = 0; k < names; ++k)
    if (kNames[k].first == name) return kNames[k].second;
  return 0;
}

std::string decode_references(std::string_view s, References set, std::vector<std::uint32_t>* at) {
  if (at) at->assign(s.size() + 1, 0);
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t semi = s[i] == '&' ? s.find(';', i) : std::string_view::npos;
    const char32_t cp = semi != std::string_view::npos && semi - i <= 12
                            ? character_reference(s.substr(i + 1, semi - i - 1), set)
                            : 0;
    if (at)
      for (std::size_t k = i; k <= (cp ? semi : i); ++k)
        (*at)[k] = static_cast<std::uint32_t>(out.size());
    if (cp) {
      append_utf8(out, cp);
      i = semi + 1;
    } else {
      out += s[i++];
    }
  }
  if (at) (*at)[s.size()] = static_cast<std::uint32_t>(out.size());
  return out;
}

namespace {

// The byte Windows-1252 (whose 0xA0-0xFF are Latin-1's) writes as `cp`, or -1.
int windows_1252_byte(char32_t cp) {
  if (cp >= 0xA0 && cp <= 0xFF) return static_cast<int>(cp);
  static constexpr char32_t k80[32] = {
      0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};
  if (cp >= 0x80 && cp <= 0x9F)
    return static_cast<int>(cp);  // (undefined in 1252: passed through as Latin-1)
  for (int k = 0; k < 32; ++k)
    if (k80[k] == cp) return 0x80 + k;
  return -1;
}

}  // namespace

bool might_be_double_encoded(std::string_view s) {
  // A lead byte read as 1252 is U+00C2-U+00F4 (UTF-8 C3 82..C3 B4), and a continuation byte
  // U+0080-U+00BF (C2 ..) or one of 1252's own (E2 80 .., C5 .., CB .., C6 92): "é" followed by
  // a letter is refused at once.
  for (std::size_t at = s.find('\xC3'); at != std::string_view::npos && at + 2 < s.size();
       at = s.find('\xC3', at + 1)) {
    const auto second = static_cast<unsigned char>(s[at + 1]),
               third = static_cast<unsigned char>(s[at + 2]);
    if (second >= 0x82 && second <= 0xB4 &&
        (third == 0xC2 || third == 0xE2 || third == 0xC5 || third == 0xCB || third == 0xC6))
      return true;
  }
  return false;
}

bool repair_double_encoding(std::string& s) {
  if (!might_be_double_encoded(s)) return false;
  std::string out;
  out.reserve(s.size());
  bool changed = false;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t next = i;
    const char32_t lead = decode_utf8(s, next);
    const std::size_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                               : lead >= 0xE0 && lead <= 0xEF ? 3
                               : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                              : 0;
    if (length) {
      std::string bytes(1, static_cast<char>(lead));
      std::size_t at = next;
      while (bytes.size() < length && at < s.size()) {
        std::size_t after = at;
        const int b = windows_1252_byte(decode_utf8(s, after));
        if (b < 0x80 || b > 0xBF) break;
        bytes += static_cast<char>(b);
        at = after;
      }
      std::size_t check = 0;
      if (bytes.size() == length && decode_utf8(bytes, check) != kReplacement && check == length) {
        out += bytes;
        i = at;
        changed = true;
        continue;
      }
    }
    out.append(s, i, next - i);
    i = next;
  }
  if (changed) s = std::move(out);
  return changed;
}

bool is_valid_utf8(std::string_view s) {
  std::size_t pos = 0;
  while (pos < s.size()) {
    // ASCII runs, 16 then 8 bytes at a time.
    while (pos + 16 <= s.size()) {
      std::uint64_t first, second;
      std::memcpy(&first, s.data() + pos, 8);
      std::memcpy(&second, s.data() + pos + 8, 8);
      if ((first | second) & 0x8080808080808080ull) break;
      pos += 16;
    }
    while (pos + 8 <= s.size()) {
      std::uint64_t word;
      std::memcpy(&word, s.data() + pos, 8);
      if (word & 0x8080808080808080ull) break;
      pos += 8;
    }
    if (pos >= s.size()) break;
    if (static_cast<unsigned char>(s[pos]) < 0x80) {
      ++pos;
      continue;
    }
    const std::size_t start = pos;
    if (decode_utf8(s, pos) == kReplacement &&
        !(pos - start == 3 && s.compare(start, 3, "\xEF\xBF\xBD") == 0)) {
      return false;
    }
  }
  return true;
}

std::size_t sanitize_utf8(std::string& s) {
  if (is_valid_utf8(s)) return 0;
  std::string out;
  out.reserve(s.size() + 8);
  std::size_t replaced = 0;
  std::size_t pos = 0;
  while (pos < s.size()) {
    const std::size_t start = pos;
    const char32_t cp = decode_utf8(s, pos);
    if (cp == kReplacement && pos - start != 3) ++replaced;
    append_utf8(out, cp);
  }
  s = std::move(out);
  return replaced;
}

std::size_t count_code_points(std::string_view s) {
  std::size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::string_view truncate_utf8(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  std::size_t n = max_bytes;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
    --n;  // s[n] starts the cut-off part
  return s.substr(0, n);
}

namespace {
bool is_bidi_control(char32_t cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

void append_escape(std::string& out, const char* prefix, unsigned value, int digits) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += prefix;
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(value >> shift) & 0xF];
}
}  // namespace

std::string escape_controls(std::string_view s, bool bidi) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t pos = 0; pos < s.size();) {
    const auto byte = static_cast<unsigned char>(s[pos]);
    if (byte >= 0x20 && byte < 0x7F) {
      out += s[pos++];
      continue;
    }
    if (byte < 0x80) {  // C0 or DEL
      append_escape(out, "\\x", byte, 2);
      ++pos;
      continue;
    }
    const std::size_t start = pos;
    const char32_t cp = decode_utf8(s, pos);
    if (cp == kReplacement && pos - start == 1) {
      append_escape(out, "\\x", byte, 2);
    } else if ((cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
               (bidi && is_bidi_control(cp))) {
      append_escape(out, "\\u", static_cast<unsigned>(cp), 4);
    } else {
      out.append(s, start, pos - start);
    }
  }
  return out;
}

}  // namespace papershelf::unicode
