#include "csl/item.hpp"

#include <cstdlib>

#include "papershelf/unicode.hpp"

namespace papershelf::csl {

namespace {

constexpr std::string_view kNameVariables[] = {"author",
                                               "chair",
                                               "collection-editor",
                                               "compiler",
                                               "composer",
                                               "container-author",
                                               "contributor",
                                               "curator",
                                               "director",
                                               "editor",
                                               "editorial-director",
                                               "editor-translator",
                                               "executive-producer",
                                               "guest",
                                               "host",
                                               "illustrator",
                                               "interviewer",
                                               "narrator",
                                               "organizer",
                                               "original-author",
                                               "performer",
                                               "producer",
                                               "recipient",
                                               "reviewed-author",
                                               "script-writer",
                                               "series-creator",
                                               "translator"};
constexpr std::string_view kDateVariables[] = {"accessed", "available-date", "event-date",
                                               "issued",   "original-date",  "submitted"};
constexpr std::string_view kNumberVariables[] = {"chapter-number",
                                                 "citation-number",
                                                 "collection-number",
                                                 "edition",
                                                 "first-reference-note-number",
                                                 "issue",
                                                 "locator",
                                                 "number",
                                                 "number-of-pages",
                                                 "number-of-volumes",
                                                 "page",
                                                 "page-first",
                                                 "part-number",
                                                 "printing-number",
                                                 "section",
                                                 "supplement-number",
                                                 "version",
                                                 "volume"};

template <std::size_t N>
bool in(const std::string_view (&list)[N], std::string_view s) {
  for (std::string_view x : list)
    if (x == s) return true;
  return false;
}

std::string value_text(const json::Value& v) {
  if (v.is_string() || v.is_number()) return v.text;
  return {};
}

long to_long(const json::Value& v) {
  if (v.is_number()) return static_cast<long>(v.to_int().value_or(0));
  if (v.is_string()) return std::strtol(v.text.c_str(), nullptr, 10);
  return 0;
}

DatePart part(const json::Value& parts) {
  DatePart p;
  if (!parts.is_array()) return p;
  if (parts.items.size() > 0) p.year = to_long(parts.items[0]);
  if (parts.items.size() > 1) p.month = static_cast<int>(to_long(parts.items[1]));
  if (parts.items.size() > 2) p.day = static_cast<int>(to_long(parts.items[2]));
  if (p.month > 12 && p.month <= 24) {
    // (CSL-JSON: months 21-24 are the seasons, 13-16 in older data; citeproc-js takes 13-24
    // round the four of them)
    p.season = (p.month - 13) % 4 + 1;
    p.month = 0;
  } else if (p.month < 0 || p.month > 12) {
    p.month = 0;
  }
  if (p.day < 0 || p.day > 31) p.day = 0;
  return p;
}

// "2004-06-12", "2004-06", "2004", "2004/2006", "2004-06-12/2004-06-14".
DatePart raw_part(std::string_view s) {
  DatePart p;
  int field = 0;
  long value = 0;
  bool any = false, negative = false;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const char c = i < s.size() ? s[i] : '-';
    if (c >= '0' && c <= '9') {
      value = value * 10 + (c - '0');
      any = true;
      if (value > 100000) return DatePart();
    } else if (i == 0 && c == '-') {
      negative = true;
    } else if (any) {
      if (field == 0)
        p.year = negative ? -value : value;
      else if (field == 1)
        p.month = static_cast<int>(value);
      else if (field == 2)
        p.day = static_cast<int>(value);
      ++field;
      value = 0;
      any = false;
    }
  }
  if (p.month > 12) p.month = 0;
  if (p.day > 31) p.day = 0;
  return p;
}

// ---- Particles in names, as citeproc-js's parseParticles finds them ---------------------------
// A name given as family and given parts may still carry its particles there: "van der Berg",
// "d'Alembert", "al-One" (non-dropping, at the front of the family name) and "Gustav von"
// (dropping, at the end of the given name). A word is a particle when its first letter is lower
// case.

// Whether the word's first character, after leading apostrophes, hyphens and spaces, is a
// lower-case letter (one whose upper case differs).
bool lower_first(std::string_view word) {
  std::size_t i = 0;
  while (i < word.size()) {
    std::size_t next = i;
    const char32_t cp = unicode::decode_utf8(word, next);
    if (cp == '-' || cp == '\'' || cp == 0x2BB || cp == 0x2019 || cp == ' ') {
      i = next;
      continue;
    }
    return unicode::to_upper(cp) != cp;
  }
  return false;
}

// The length of a particle separator at `at` ("-", "'", " ", U+02BB, U+2019), or 0.
std::size_t separator_at(std::string_view s, std::size_t at) {
  if (s[at] == '-' || s[at] == '\'' || s[at] == ' ') return 1;
  if (s.compare(at, 2, "\xCA\xBB") == 0) return 2;
  if (s.compare(at, 3, "\xE2\x80\x99") == 0) return 3;
  return 0;
}

// Leading particles of a family name: "in 't Horvath" -> "in 't ", "Horvath". A particle ending in
// an apostrophe before a space keeps that space ("de' Frinkle": "de' "), which says it is written
// apart from the family name.
std::string family_particles(std::string& family) {
  std::string particles;
  std::string_view rest = family;
  for (;;) {
    // the longest run without spaces that ends before a separator, with text after it
    const std::size_t space = std::min(rest.find(' '), rest.size());
    std::size_t cut = std::string_view::npos, sep = 0;
    for (std::size_t k = std::min(space, rest.size() - 1); k >= 1; --k) {
      if (const std::size_t n = separator_at(rest, k); n && k + n < rest.size()) {
        cut = k;
        sep = n;
        break;
      }
    }
    if (cut == std::string_view::npos) break;
    std::size_t end = cut + sep;
    while (end + 1 < rest.size() && rest[end] == ' ') ++end;
    const std::string_view word = rest.substr(0, end);
    if (!lower_first(word)) break;
    particles += word;
    rest.remove_prefix(end);
  }
  if (particles.empty()) return {};
  family = std::string(rest);
  const bool spaced = particles.back() == ' ';
  while (!particles.empty() && particles.back() == ' ') particles.pop_back();
  const bool apostrophe =
      !particles.empty() &&
      (particles.back() == '\'' ||
       (particles.size() >= 3 && particles.compare(particles.size() - 3, 3, "\xE2\x80\x99") == 0));
  if (spaced && apostrophe) particles += ' ';
  return particles;
}

// Trailing particles of a given name: "Gustav von" -> "Gustav", "von".
std::string given_particles(std::string& given) {
  std::string_view rest = given;
  std::size_t start = rest.size();
  for (;;) {
    const std::string_view head = rest.substr(0, start);
    const std::size_t space = head.rfind(' ');
    if (space == std::string_view::npos || space == 0 || space + 1 >= head.size()) break;
    if (!lower_first(head.substr(space + 1))) break;
    std::size_t b = space;
    while (b > 0 && head[b - 1] == ' ') --b;
    if (b == 0) break;
    start = b;
  }
  if (start == rest.size()) return {};
  std::string particles(rest.substr(start));
  given = std::string(rest.substr(0, start));
  const std::size_t lead = particles.find_first_not_of(' ');
  return lead == std::string::npos ? std::string() : particles.substr(lead);
}

// "John, Jr." in the given name: the suffix after the comma ("John,! Jr." keeps the comma).
void given_suffix(Name& x) {
  const std::size_t comma = x.given.find(',');
  if (comma == std::string::npos || !x.suffix.empty()) return;
  std::size_t b = comma;
  while (b > 0 && x.given[b - 1] == ' ') --b;
  std::size_t e = comma + 1;
  bool bang = false;
  while (e < x.given.size() && x.given[e] == '!') {
    bang = true;
    ++e;
  }
  while (e < x.given.size() && x.given[e] == ' ') ++e;
  std::string suffix = x.given.substr(e);
  std::string undotted;
  for (char ch : suffix)
    if (ch != '.') undotted += ch;
  if (undotted == "et al" && x.dropping_particle.empty()) {
    x.dropping_particle = suffix;
  } else {
    x.comma_suffix = x.comma_suffix || bang;
    x.suffix = suffix;
  }
  x.given.erase(b);
}

// A note line that sets a variable: "key: value", the key in lower case with - and _, or all
// upper case (citeproc-js's NOTE_FIELD_REGEXP); false for any other line.
bool note_line(std::string_view line, std::string& key, std::string& value) {
  std::size_t k = 0;
  const bool upper = !line.empty() && line[0] >= 'A' && line[0] <= 'Z';
  while (k < line.size() &&
         (upper ? (line[k] >= 'A' && line[k] <= 'Z')
                : ((line[k] >= 'a' && line[k] <= 'z') || line[k] == '-' || line[k] == '_')))
    ++k;
  if (k == 0 || k >= line.size() || line[k] != ':') return false;
  std::string_view rest = line.substr(k + 1);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r'))
    rest.remove_suffix(1);
  if (rest.empty() || rest.find('}') != std::string_view::npos) return false;
  key = std::string(line.substr(0, k));
  value = std::string(rest);
  return true;
}

}  // namespace

Item::Item(const json::Value* v) : v_(v) {
  const json::Value* note = v_ ? v_->find("note") : nullptr;
  if (!note || !note->is_string() || note->text.find(':') == std::string::npos) return;
  std::vector<std::string> lines;
  for (std::size_t at = 0, end = 0; at <= note->text.size(); at = end + 1) {
    end = std::min(note->text.find('\n', at), note->text.size());
    lines.push_back(note->text.substr(at, end - at));
  }
  std::string key, value;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find_first_not_of(" \t\r") == std::string::npos) continue;
    if (!note_line(lines[i], key, value)) {
      if (i == 0) continue;  // (a first line of text is kept, and variables may follow it)
      break;
    }
    // (a variable the item has stays as it is, and its line in the note)
    if (key != "type" && !is_name_variable(key) && v_->find(key)) continue;
    if (is_name_variable(key)) {
      if (const json::Value* list = v_->find(key); list && list->is_array() && !list->items.empty())
        continue;
    }
    note_fields_.emplace_back(key, value);
    lines[i].clear();
    note_read_ = true;
  }
  if (!note_read_) return;
  for (const std::string& line : lines) {
    if (!note_rest_.empty() || !line.empty()) note_rest_ += (note_rest_.empty() ? "" : "\n") + line;
  }
  while (!note_rest_.empty() && (note_rest_.back() == '\n' || note_rest_.back() == ' '))
    note_rest_.pop_back();
  std::size_t lead = 0;
  while (lead < note_rest_.size() && (note_rest_[lead] == '\n' || note_rest_[lead] == ' ')) ++lead;
  note_rest_.erase(0, lead);
}

const std::string* Item::note_field(std::string_view name) const {
  for (const auto& [k, value] : note_fields_)
    if (k == name) return &value;
  return nullptr;
}

bool is_name_variable(std::string_view name) { return in(kNameVariables, name); }

std::vector<Name> all_names(const Item& item) {
  std::vector<Name> out;
  for (std::string_view variable : kNameVariables)
    for (Name& n : item.names(variable)) out.push_back(std::move(n));
  return out;
}
bool is_date_variable(std::string_view name) { return in(kDateVariables, name); }
bool is_number_variable(std::string_view name) { return in(kNumberVariables, name); }

std::string Item::id() const {
  const json::Value* id = v_->find("id");
  return id ? value_text(*id) : std::string();
}

std::string Item::type() const { return text("type"); }

std::string Item::text(std::string_view name) const {
  if (note_read_) {
    if (name == "note") return note_rest_;
    if (const std::string* f = note_field(name); f && (name == "type" || !v_->find(name)))
      return *f;
  }
  const json::Value* v = v_->find(name);
  // (Zotero's names of the short forms, which citeproc-js reads as CSL's)
  if (!v && name == "container-title-short") v = v_->find("journalAbbreviation");
  if (!v && name == "title-short") v = v_->find("shortTitle");
  return v ? value_text(*v) : std::string();
}

bool Item::has(std::string_view name) const {
  if (note_read_) {
    if (name == "note") return !note_rest_.empty();
    if (note_field(name)) return true;
  }
  const json::Value* v = v_->find(name);
  if (!v && name == "container-title-short") v = v_->find("journalAbbreviation");
  if (!v && name == "title-short") v = v_->find("shortTitle");
  if (!v) return false;
  if (v->is_string()) return !v->text.empty();
  if (v->is_number()) return true;
  if (v->is_array()) return !v->items.empty();
  if (v->is_object()) return is_date_variable(name) ? !date(name).empty() : !v->members.empty();
  return false;
}

std::vector<Name> Item::names(std::string_view name) const {
  std::vector<Name> out;
  const json::Value* list = v_->find(name);
  if ((!list || !list->is_array() || list->items.empty()) && note_read_) {
    // "reviewed-author: Hall || W.C." a person, "editor: Some Institute" a literal name
    for (const auto& [k, value] : note_fields_) {
      if (k != name) continue;
      Name x;
      const std::size_t bars = value.find("||");
      if (bars == std::string::npos) {
        x.literal = value;
      } else {
        if (value.find("||", bars + 2) != std::string::npos) continue;
        x.family = value.substr(0, bars);
        x.given = value.substr(bars + 2);
        while (!x.family.empty() && x.family.back() == ' ') x.family.pop_back();
        while (!x.given.empty() && x.given.front() == ' ') x.given.erase(0, 1);
        if (!x.family.empty() && !x.given.empty()) {
          x.non_dropping_particle = family_particles(x.family);
          given_suffix(x);
          if (std::string dp = given_particles(x.given); !dp.empty()) x.dropping_particle = dp;
        }
      }
      x.institution =
          x.given.empty() && x.dropping_particle.empty() && x.non_dropping_particle.empty();
      if (x.family.empty() && x.literal.empty() && x.given.empty()) continue;
      out.push_back(std::move(x));
    }
    return out;
  }
  if (!list || !list->is_array()) return out;
  for (const json::Value& n : list->items) {
    if (!n.is_object()) continue;
    Name x;
    auto field = [&](const char* key) {
      const json::Value* f = n.find(key);
      return f ? value_text(*f) : std::string();
    };
    x.family = field("family");
    x.given = field("given");
    x.dropping_particle = field("dropping-particle");
    x.non_dropping_particle = field("non-dropping-particle");
    x.suffix = field("suffix");
    x.literal = field("literal");
    if (const json::Value* f = n.find("comma-suffix"))
      x.comma_suffix = f->is_bool() ? f->boolean : !value_text(*f).empty();
    if (const json::Value* f = n.find("static-ordering"))
      x.static_ordering = f->is_bool() ? f->boolean : !value_text(*f).empty();
    if (const json::Value* f = n.find("papershelf-owner")) x.owner = f->is_bool() && f->boolean;
    // A family name in quotes is kept as written; otherwise particles and a suffix written into
    // the family and given names are found (as citeproc-js does unless told not to).
    const json::Value* parse = n.find("parse-names");
    bool parse_names = !(parse && ((parse->is_bool() && !parse->boolean) ||
                                   value_text(*parse) == "false" || value_text(*parse) == "0"));
    if (const json::Value* f = n.find("static-particles"); f && f->is_bool() && f->boolean)
      parse_names = false;
    if (x.family.size() >= 2 && x.family.front() == '"' && x.family.back() == '"') {
      x.family = x.family.substr(1, x.family.size() - 2);
      parse_names = false;
    }
    if (parse_names && !x.family.empty() && !x.given.empty() && x.non_dropping_particle.empty()) {
      x.non_dropping_particle = family_particles(x.family);
      given_suffix(x);
      if (std::string dp = given_particles(x.given); !dp.empty())
        x.dropping_particle = x.dropping_particle.empty() ? dp : dp + " " + x.dropping_particle;
    }
    x.institution =
        x.given.empty() && x.dropping_particle.empty() && x.non_dropping_particle.empty();
    if (x.family.empty() && x.literal.empty() && x.given.empty()) continue;
    out.push_back(std::move(x));
  }
  return out;
}

DateValue Item::date(std::string_view name) const {
  DateValue d;
  const json::Value* v = v_->find(name);
  const std::string* from_note = v || !note_read_ ? nullptr : note_field(name);
  if (!v && !from_note) return d;
  if (from_note || v->is_string()) {
    const std::string& text = from_note ? *from_note : v->text;
    const std::size_t slash = text.find('/');
    d.from = raw_part(std::string_view(text).substr(0, slash));
    if (slash != std::string::npos) {
      d.to = raw_part(std::string_view(text).substr(slash + 1));
      d.range = !d.to.empty();
    }
    if (d.from.empty()) d.literal = text;
    return d;
  }
  if (!v->is_object()) return d;
  if (const json::Value* parts = v->find("date-parts");
      parts && parts->is_array() && !parts->items.empty()) {
    d.from = part(parts->items[0]);
    if (parts->items.size() > 1) {
      d.to = part(parts->items[1]);
      d.range = !d.to.empty();
      // ([[1987], [0]]: a range still open, "1987–")
      d.open = d.to.empty() && !d.from.empty() && parts->items[1].is_array() &&
               !parts->items[1].items.empty();
    }
  } else if (const json::Value* raw = v->find("raw"); raw && raw->is_string()) {
    const std::size_t slash = raw->text.find('/');
    d.from = raw_part(std::string_view(raw->text).substr(0, slash));
    if (slash != std::string::npos) {
      d.to = raw_part(std::string_view(raw->text).substr(slash + 1));
      d.range = !d.to.empty();
    }
    if (d.from.empty()) d.literal = raw->text;
  }
  if (const json::Value* season = v->find("season")) {
    const long s = to_long(*season);
    if (s >= 1 && s <= 4)
      d.from.season = static_cast<int>(s);
    else if (season->is_string() && !season->text.empty() && d.literal.empty() && d.from.empty())
      d.literal = season->text;
  }
  if (const json::Value* circa = v->find("circa"))
    d.circa = circa->is_bool() ? circa->boolean
                               : !value_text(*circa).empty() && value_text(*circa) != "0";
  if (const json::Value* literal = v->find("literal"); literal && literal->is_string())
    d.literal = literal->text;
  return d;
}

}  // namespace papershelf::csl
