// Format detection, dispatch to the format readers, and merging of several inputs.
#include <algorithm>
#include <vector>

#include "biblio/record_keys.hpp"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "text/index_sort.hpp"
#include "text/string_ids.hpp"

namespace papershelf {

std::string_view to_string(Format f) {
  switch (f) {
    case Format::Auto:
      return "auto";
    case Format::BibTeX:
      return "bibtex";
    case Format::CslJson:
      return "csl-json";
    case Format::PapershelfJson:
      return "json";
  }
  return "auto";
}

Format format_from_string(std::string_view s) {
  const std::string lower = unicode::ascii_lower(s);  // (the names are ASCII)
  if (lower == "bibtex" || lower == "bib" || lower == "biblatex") return Format::BibTeX;
  if (lower == "csl-json" || lower == "csl" || lower == "csljson") return Format::CslJson;
  if (lower == "json" || lower == "papershelf") return Format::PapershelfJson;
  return Format::Auto;
}

Format detect_format(std::string_view text) {
  std::size_t i = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
    ++i;
  if (i < text.size() && text[i] == '{') return Format::PapershelfJson;
  if (i < text.size() && text[i] == '[') return Format::CslJson;
  return Format::BibTeX;
}

namespace {

// Whether `bytes` start with a UTF-16 byte order mark: little-endian (FF FE) or big-endian.
bool utf16_le(std::string_view bytes) { return bytes.substr(0, 2) == "\xFF\xFE"; }
bool utf16_be(std::string_view bytes) { return bytes.substr(0, 2) == "\xFE\xFF"; }

Format format_of(std::string_view text, const ReadOptions& options) {
  return options.format == Format::Auto ? detect_format(text) : options.format;
}

ReadResult read_utf8(std::string_view text, const ReadOptions& options) {
  switch (format_of(text, options)) {
    case Format::CslJson:
      return read_csl_json(text, options);
    case Format::PapershelfJson:
      return read_papershelf_json(text, options);
    case Format::BibTeX:
    case Format::Auto:
      break;
  }
  return read_bibtex(text, options);
}

// Text in the encodings people's tools still write, as UTF-8 for the readers. Each character
// becomes one code point and line ends stay where they were, so the readers' line:column
// positions (columns in characters) point into the original file.
struct Decoded {
  std::string text;
  std::size_t problem_at =
      std::string::npos;  // offset in `text` of the first character worth a warning
  std::size_t problems = 0;
};

// The byte order mark is no character of the text: without it, columns on line 1 are the ones an
// editor shows.
std::string_view without_byte_order_mark(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

// UTF-16 after its byte order mark (Windows "Unicode" text, some reference managers' exports).
// Unpaired surrogates and an odd last byte become U+FFFD.
Decoded decode_utf16(std::string_view bytes, bool big_endian) {
  Decoded d;
  d.text.reserve(bytes.size() + bytes.size() / 2);
  auto unit = [&](std::size_t at) {
    const auto hi = static_cast<unsigned char>(bytes[at + (big_endian ? 0 : 1)]);
    const auto lo = static_cast<unsigned char>(bytes[at + (big_endian ? 1 : 0)]);
    return static_cast<char32_t>(hi << 8 | lo);
  };
  auto replaced = [&] {
    if (d.problems++ == 0) d.problem_at = d.text.size();
    unicode::append_utf8(d.text, unicode::kReplacement);
  };
  std::size_t at = 0;
  for (; at + 2 <= bytes.size(); at += 2) {
    const char32_t u = unit(at);
    if (u >= 0xD800 && u <= 0xDBFF && at + 4 <= bytes.size() && unit(at + 2) >= 0xDC00 &&
        unit(at + 2) <= 0xDFFF) {
      unicode::append_utf8(d.text, 0x10000 + ((u - 0xD800) << 10) + (unit(at + 2) - 0xDC00));
      at += 2;
    } else if (u >= 0xD800 && u <= 0xDFFF) {
      replaced();
    } else {
      unicode::append_utf8(d.text, u);
    }
  }
  if (at < bytes.size()) replaced();
  return d;
}

// Text that is not all UTF-8: its UTF-8 sequences as they are, and every other byte read as
// Windows-1252 (which a browser also reads for "ISO-8859-1"; Latin-1 is its subset). A Latin-1
// file is then read right (its accented bytes are never valid UTF-8: an "é" is followed by an
// ASCII letter, not a continuation byte), and so is a UTF-8 file with a pasted Latin-1 line,
// which read as Windows-1252 throughout would turn every other accent into two characters. The
// five bytes Windows-1252 leaves undefined become U+FFFD.
// One step of that reading: the character the byte at `pos` is read as when it is not UTF-8
// (`pos` moves past it), or 0 when the bytes up to the new `pos` are kept as they are.
char32_t windows_1252_at(std::string_view bytes, std::size_t& pos) {
  static constexpr char16_t k80To9F[32] = {
      0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
      0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
      0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178};
  const auto b = static_cast<unsigned char>(bytes[pos]);
  if (b < 0x80) {
    ++pos;
    return 0;
  }
  const std::size_t start = pos;
  if (unicode::decode_utf8(bytes, pos) != unicode::kReplacement || pos - start != 1) return 0;
  return b < 0xA0 ? k80To9F[b - 0x80] : static_cast<char32_t>(b);
}

Decoded decode_utf8_or_windows_1252(std::string_view bytes) {
  Decoded d;
  d.text.reserve(bytes.size() + bytes.size() / 4);
  for (std::size_t pos = 0; pos < bytes.size();) {
    const std::size_t start = pos;
    if (const char32_t c = windows_1252_at(bytes, pos)) {
      if (d.problems++ == 0) d.problem_at = d.text.size();
      unicode::append_utf8(d.text, c);
    } else if (pos - start == 1) {
      d.text += bytes[start];
    } else {
      d.text.append(bytes, start, pos - start);
    }
  }
  return d;
}

// The records' spans moved from the text the reader read to `bytes`, what read() was given:
// `cut` bytes (a byte order mark) stood before that text, and when `decoded` it was `bytes` read
// as decode_utf8_or_windows_1252 reads them, which is walked again (rather than the place of every
// character that grew kept while the file is read: a hostile file is all such characters).
// Every '@', '}' and ')' is ASCII, one byte in both, so each end of a span has its place.
void trace_spans_back(std::vector<Publication>& records, std::string_view bytes, std::size_t cut,
                      bool decoded) {
  if (!decoded) {
    for (Publication& p : records)
      p.span = {static_cast<std::uint32_t>(p.span.begin + cut),
                static_cast<std::uint32_t>(p.span.end + cut)};
    return;
  }
  std::vector<std::uint32_t> in_text;  // every end of a span, in the decoded text
  in_text.reserve(2 * records.size());
  for (const Publication& p : records) {
    in_text.push_back(static_cast<std::uint32_t>(p.span.begin + cut));
    in_text.push_back(static_cast<std::uint32_t>(p.span.end + cut));
  }
  detail::sort_unique(in_text);
  std::vector<std::uint32_t> in_bytes(in_text.size());
  std::size_t pos = 0, at = 0;  // in `bytes` and in the decoded text
  for (std::size_t k = 0; k < in_text.size();) {
    if (at >= in_text[k] || pos >= bytes.size()) {
      in_bytes[k++] = static_cast<std::uint32_t>(pos);
      continue;
    }
    const std::size_t start = pos;
    const char32_t c = windows_1252_at(bytes, pos);
    at += c ? (c < 0x800 ? 2 : 3) : pos - start;  // (every such character is U+00A0 or above)
  }
  const auto traced = [&](std::uint32_t offset) {
    return in_bytes[static_cast<std::size_t>(
        std::lower_bound(in_text.begin(), in_text.end(), offset + cut) - in_text.begin())];
  };
  for (Publication& p : records) p.span = {traced(p.span.begin), traced(p.span.end)};
}

}  // namespace

ReadResult read(std::string_view bytes, const ReadOptions& options) {
  const bool utf16le = utf16_le(bytes), utf16be = utf16_be(bytes);
  Decoded decoded;
  std::string warning;
  if (utf16le || utf16be) {
    decoded = decode_utf16(bytes.substr(2), utf16be);
    warning = std::to_string(decoded.problems) +
              " unpaired UTF-16 surrogate(s) or odd byte(s) replaced with U+FFFD";
  } else if (!unicode::is_valid_utf8(bytes)) {
    decoded = decode_utf8_or_windows_1252(bytes);
    warning = "the file is not all UTF-8: " + std::to_string(decoded.problems) +
              " byte(s) read as Windows-1252 (Latin-1), the first here; save it as UTF-8 to be "
              "sure of its characters";
  } else {
    return read_utf8(without_byte_order_mark(bytes), options);
  }
  const std::string_view text = without_byte_order_mark(decoded.text);
  ReadResult r = read_utf8(text, options);
  if (decoded.problems) {
    const LineMap::Position at =
        LineMap(text).position(decoded.problem_at - (decoded.text.size() - text.size()));
    r.diagnostics.insert(r.diagnostics.begin(),
                         {options.source_name, at.line, at.column, Severity::Warning,
                          DiagnosticKind::Encoding, warning});
  }
  return r;
}

namespace {
// `more`'s items that `into` lacks by key(item), in order, each once. (A search of `into` for each
// item made a profile of many aliases, interests or legend symbols quadratic.)
template <typename T, typename Key>
void append_missing(std::vector<T>& into, std::vector<T>&& more, const Key& key) {
  detail::StringIds seen;
  for (const T& item : into) seen.insert(key(item));
  for (auto& item : more) {
    bool added = false;
    seen.insert(key(item), added);
    if (added) into.push_back(std::move(item));
  }
}
std::string_view itself(const std::string& s) { return s; }
}  // namespace

void merge(Library& into, Library&& more, std::vector<Diagnostic>* diagnostics,
           std::string_view source_name) {
  const auto base = static_cast<std::uint32_t>(into.publications.size());
  if (into.publications.empty()) {
    // The first input's records as they are: moving them one by one into a new vector held
    // both vectors at once (a 200,000-record file's model twice).
    into.publications = std::move(more.publications);
  } else {
    detail::UniqueKeys keys;
    for (const Publication& p : into.publications) keys.add(p.key);
    into.publications.reserve(into.publications.size() + more.publications.size());
    for (auto& p : more.publications) {
      std::uint32_t holder = detail::UniqueKeys::kAbsent;
      const std::uint32_t id = keys.add(p.key, &holder);
      if (holder != detail::UniqueKeys::kAbsent) {
        std::string unique(keys.at(id));
        if (diagnostics)
          diagnostics->push_back(
              {std::string(source_name), p.line, 1, Severity::Warning, DiagnosticKind::Duplicate,
               "key '" + p.key + "' is also in an earlier file: this record is kept as '" + unique +
                   "'"});
        p.key = std::move(unique);
      }
      into.publications.push_back(std::move(p));
    }
  }
  for (std::size_t i = base; i < into.publications.size(); ++i)
    into.publications[i].order = static_cast<std::uint32_t>(i);
  Profile& a = into.profile;
  Profile& b = more.profile;
  if (a.name.empty()) a.name = std::move(b.name);
  if (a.position.empty()) a.position = std::move(b.position);
  if (a.affiliation.empty()) a.affiliation = std::move(b.affiliation);
  if (a.photo.empty()) a.photo = std::move(b.photo);
  append_missing(a.aliases, std::move(b.aliases), itself);
  append_missing(a.links, std::move(b.links), [](const Link& l) {
    return std::to_string(l.label.size()) + ':' + l.label + l.url;
  });
  append_missing(a.interests, std::move(b.interests), itself);
  append_missing(a.legend, std::move(b.legend),
                 [](const LegendEntry& e) -> std::string_view { return e.symbol; });
}

void spans_in_bytes(std::vector<Publication>& records, std::string_view bytes,
                    const ReadOptions& options) {
  if (utf16_le(bytes) || utf16_be(bytes)) {
    // A span in UTF-16's bytes would be no place to write UTF-8 into: the records have none.
    for (Publication& p : records) p.span = {};
    return;
  }
  const std::string_view text = without_byte_order_mark(bytes);
  if (format_of(text, options) != Format::BibTeX) return;  // (no spans to move)
  const bool decoded = !unicode::is_valid_utf8(bytes);
  if (text.size() != bytes.size() || decoded)
    trace_spans_back(records, bytes, bytes.size() - text.size(), decoded);
}

}  // namespace papershelf
