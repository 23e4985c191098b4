// Readers for CSL-JSON (a bare array, as Zotero, pandoc and citation.js export it) and the
// papershelf JSON document ({"profile": {...}, "publications": [CSL items + papershelf fields]}).
//
// papershelf/json.hpp parses; when the whole document is not valid JSON we report the first
// syntax error at its line:column and then recover record by record: the publications array is
// split into its top-level elements by a string-aware scan, and each element is parsed on its
// own, so one broken record never loses the others.
#include <algorithm>
#include <charconv>
#include <climits>

#include "biblio/bibtex_fields.hpp"
#include "biblio/csl_variables.hpp"
#include "biblio/identifiers.hpp"
#include "biblio/pub_types.hpp"
#include "biblio/record_keys.hpp"
#include "latex/markup.hpp"
#include "model/dates.hpp"
#include "papershelf/json.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/names.hpp"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "read/json_note_fields.hpp"
#include "read/json_scan.hpp"
#include "read/settle.hpp"
#include "text/ascii.hpp"
#include "text/index_sort.hpp"
#include "text/string_ids.hpp"

namespace papershelf {
namespace {

using json::Value;
namespace csl_json = biblio::csl_json;

void shift_offsets(Value& v, std::size_t base) {
  v.offset += static_cast<std::uint32_t>(base);
  for (auto& item : v.items) shift_offsets(item, base);
  for (auto& m : v.members) shift_offsets(m.value, base);
}

struct Context {
  const ReadOptions& options;
  std::string_view text;
  LineMap lines;
  std::vector<Diagnostic>& diagnostics;
  detail::UniqueKeys keys;               // the records' keys so far
  std::vector<std::size_t> key_offsets;  // by key id: where that record's id is

  void report(std::size_t offset, Severity severity, DiagnosticKind kind, std::string message) {
    const auto pos = lines.position(offset);
    diagnostics.push_back(
        {options.source_name, pos.line, pos.column, severity, kind, std::move(message)});
  }
};

// The offsets of the syntax errors reported so far, ascending (a sorted vector, not a std::set:
// no tree code in the WASM build).
using Reported = std::vector<std::size_t>;

// Parses `text` (a slice of the input starting at `base`) into `out`, whose offsets are then
// offsets in the whole input; on a syntax error reports it once and returns false.
bool parse_or_report(Context& ctx, std::string_view text, std::size_t base, Value& out,
                     Reported& reported, std::size_t* error_at = nullptr,
                     json::RecordSink* sink = nullptr) {
  json::ParseError error;
  json::ParseNotes notes;
  if (json::parse(text, out, &error, &notes, sink)) {
    if (base != 0) shift_offsets(out, base);
    if (notes.lone_surrogates)
      ctx.report(base + notes.first_lone_surrogate, Severity::Warning, DiagnosticKind::Encoding,
                 std::to_string(notes.lone_surrogates) +
                     " lone UTF-16 surrogate escape(s) (\\ud800-\\udfff) replaced with U+FFFD");
    if (notes.nuls)
      ctx.report(base + notes.first_nul, Severity::Warning, DiagnosticKind::Encoding,
                 std::to_string(notes.nuls) + " NUL character(s) (\\u0000) in strings");
    return true;
  }
  const std::size_t offset = base + error.offset;
  if (error_at) *error_at = offset;
  const auto at = std::lower_bound(reported.begin(), reported.end(), offset);
  if (at == reported.end() || *at != offset) {
    reported.insert(at, offset);
    std::string message = "JSON syntax error";
    if (!error.token.empty() && error.token.size() < 40) message += " near '" + error.token + "'";
    ctx.report(offset, Severity::Error, DiagnosticKind::Syntax, message);
  }
  return false;
}

// ---- value helpers: check types before reading (the core has no exceptions) ----

std::string string_of(const Value& j) {
  if (j.is_string() && unicode::might_be_double_encoded(j.text)) {  // (UTF-8 once read as Latin-1)
    std::string repaired = j.text;
    unicode::repair_double_encoding(repaired);
    return repaired;
  }
  if (j.is_string() || j.is_number()) return j.text;  // numbers as written
  if (j.is_array() && !j.items.empty())
    return string_of(j.items.front());  // container-title as an array
  return {};
}

std::string field(const Value& obj, const char* key) {
  const Value* v = obj.find(key);
  return v ? string_of(*v) : std::string();
}

std::optional<std::int64_t> int_of(const Value& j) {
  if (j.is_number()) return j.to_int();
  if (j.is_string()) {
    const auto& s = j.text;
    std::int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec == std::errc() && p != s.data()) return v;
  }
  return std::nullopt;
}

bool bool_of(const Value& j) {
  if (j.is_bool()) return j.boolean;
  if (j.is_number()) return int_of(j).value_or(0) != 0;
  if (j.is_string()) {
    std::string s = unicode::fold(j.text);
    return s == "true" || s == "yes" || s == "1";
  }
  return false;
}

// The TeX math runs in a CSL-JSON value: its unescaped dollars paired left to right, as TeX pairs
// them, a pair being math when, by pandoc's rule for $...$, its first and last characters are
// not spaces. Titles converted from BibTeX keep their math so ("Hecke $L$-series",
// "$\mathbb{Q}$", "($\approx$100K"), and "$5 and $10" has none. Each run is read by the LaTeX
// decoder, as in BibTeX; the rest stays as written.
std::string with_math_read(const std::string& text, std::vector<Span>& spans) {
  std::string out;
  std::size_t copied = 0;
  const auto next_dollar = [&](std::size_t from) {
    std::size_t at = text.find('$', from);
    while (at != std::string::npos && at > 0 && text[at - 1] == '\\') at = text.find('$', at + 1);
    return at;
  };
  for (std::size_t open = next_dollar(0); open != std::string::npos;) {
    const std::size_t close = next_dollar(open + 1);
    if (close == std::string::npos) break;
    if (close == open + 1 || ascii::is_blank(text[open + 1]) || ascii::is_blank(text[close - 1])) {
      open = next_dollar(close + 1);  // (a pair that is not math: both stay text)
      continue;
    }
    out.append(text, copied, open - copied);
    RichText math = latex::decode(std::string_view(text).substr(open, close + 1 - open));
    const auto base = static_cast<std::uint32_t>(out.size());
    for (Span span : math.spans) {
      span.begin += base;
      span.end += base;
      spans.push_back(std::move(span));
    }
    out += math.text;
    copied = close + 1;
    open = next_dollar(copied);
  }
  if (copied == 0) return text;
  out.append(text, copied, std::string::npos);
  return out;
}

// CSL rich-text markup (<i>, <b>, <sc>, <sup>, <sub>, <span class="nocase">, small-caps spans),
// read by the core's one inline-markup reader (latex/markup.hpp), and TeX math (with_math_read).
RichText csl_rich_text(const std::string& raw, bool math = true) {
  RichText out;
  out.text = unicode::to_nfc(raw);  // (markup is ASCII: NFC of the whole equals NFC of the pieces)
  std::vector<Span> spans;
  if (math && out.text.find('$') != std::string::npos) out.text = with_math_read(out.text, spans);
  detail::apply_inline_markup(out.text, spans);
  detail::sort_values(spans, [](const Span& a, const Span& b) { return a.begin < b.begin; });
  out.spans = SpanList(std::move(spans));
  return out;
}

Person person_of(const Value& j) {
  if (j.is_string()) {
    std::string name = j.text;
    std::string marks = take_marks(name);
    Person p = parse_name(name);
    marks += p.marks();
    p.set_marks(marks);
    return p;
  }
  if (!j.is_object()) return Person();
  std::string family = unicode::to_nfc(field(j, "family"));
  std::string given = unicode::to_nfc(field(j, "given"));
  std::string literal = unicode::to_nfc(field(j, "literal"));
  std::string particle = field(j, "non-dropping-particle");
  const std::string dropping = field(j, "dropping-particle");
  if (!dropping.empty()) particle = particle.empty() ? dropping : dropping + " " + particle;
  std::string marks;
  if (const Value* m = j.find("marks")) {
    if (m->is_string())
      marks = m->text;
    else if (m->is_array())
      for (const auto& item : m->items) marks += string_of(item);
  }
  // Markers typed into the name itself ("Hu*") are moved to marks as in BibTeX.
  for (std::string* part : {&family, &given, &literal}) marks += take_marks(*part);
  if (literal.empty() && family.empty() && !given.empty()) std::swap(family, given);
  return Person(given, family, particle, field(j, "suffix"), literal, marks);
}

Date date_of(const Value& j) {
  Date d;
  if (!j.is_object()) {
    if (auto y = int_of(j)) d.year = static_cast<int>(*y);
    return d;
  }
  const Value* parts = j.find("date-parts");
  if (parts && parts->is_array() && !parts->items.empty() && parts->items[0].is_array()) {
    const auto& first = parts->items[0].items;
    if (first.size() > 0) d.year = static_cast<int>(int_of(first[0]).value_or(0));
    if (first.size() > 1) d.month = static_cast<int>(int_of(first[1]).value_or(0));
    if (first.size() > 2) d.day = static_cast<int>(int_of(first[2]).value_or(0));
  } else {
    std::string raw = field(j, "raw");
    if (raw.empty()) raw = field(j, "literal");
    int* slots[] = {&d.year, &d.month, &d.day};
    const char* p = raw.data();
    const char* end = raw.data() + raw.size();
    for (int k = 0; k < 3 && p < end; ++k) {
      while (p < end && (*p < '0' || *p > '9')) ++p;
      long long v = 0;  // not from_chars<int>: one parser (long long) in the WASM build
      auto r = std::from_chars(p, end, v);
      if (r.ec != std::errc() || v > INT_MAX) break;
      *slots[k] = static_cast<int>(v);
      p = r.ptr;
      if (p < end && *p != '-' && *p != '/') break;
    }
  }
  if (d.month < 0 || d.month > 12) d.month = 0;
  if (d.day < 0 || d.day > 31) d.day = 0;
  return d;
}

void add_links(std::vector<Link>& links, const Value& j) {
  auto add = [&](const std::string& label, std::string url) {
    if (url.empty()) return;
    links.push_back({unicode::to_lower(label), std::move(url)});
  };
  if (j.is_object()) {
    for (const auto& m : j.members) add(m.key, string_of(m.value));
  } else if (j.is_array()) {
    for (const auto& item : j.items)
      if (item.is_object()) add(field(item, "label"), field(item, "url"));
  }
}

std::vector<std::string> string_list(const Value& j) {
  std::vector<std::string> out;
  auto push = [&](std::string s) {
    // trim
    std::size_t a = 0, b = s.size();
    while (a < b && ascii::is_blank(s[a])) ++a;
    while (b > a && ascii::is_blank(s[b - 1])) --b;
    if (b > a) out.push_back(unicode::to_nfc(s.substr(a, b - a)));
  };
  if (j.is_array()) {
    for (const auto& item : j.items) push(string_of(item));
  } else if (j.is_string()) {
    const std::string& s = j.text;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i) {
      if (i == s.size() || s[i] == ',' || s[i] == ';') {
        push(s.substr(start, i - start));
        start = i + 1;
      }
    }
  }
  return out;
}

// Fields the mapping below consumes; everything else is kept verbatim in Publication::extra.
bool is_mapped_field(const std::string& k) {
  static const char* kMapped[] = {"id",         "citation-key", "type",
                                  "title",      "author",       "editor",
                                  "issued",     "year",         "container-title",
                                  "DOI",        "doi",          "URL",
                                  "url",        "note",         "abstract",
                                  "keyword",    "keywords",     "tags",
                                  "status",     "badge",        "abbr",
                                  "award",      "award_name",   "award_label",
                                  "awardLabel", "selected",     "links",
                                  "citations",  "thumbnail",    "preview",
                                  "arxiv"};
  return std::any_of(std::begin(kMapped), std::end(kMapped), [&](const char* m) { return k == m; });
}

// Every member the mapping above does not consume goes to Publication::extra, as BibTeX text
// under its BibTeX name where it has one (biblio/csl_variables.hpp): "page": "1-21" becomes pages,
// and the CSL-JSON writer turns it back into "page".
void keep_details(const Value& item, Publication& p) {
  const bool in_series = item.find("collection-title") != nullptr;
  const std::string_view number = csl_json::number_variable(p.type, in_series);
  detail::StringIds
      kept;  // the names in p.extra (looking through it for each member was quadratic)
  for (const ExtraField& f : p.extra) kept.insert(f.name);
  for (const auto& m : item.members) {
    if (is_mapped_field(m.key)) continue;
    if (m.key == "publisher" && p.venue_field >= VenueField::School &&
        p.venue_field <= VenueField::Publisher)
      continue;
    if (m.key == "event-title" && p.venue_field == VenueField::EventTitle) continue;
    std::string_view name = m.key;
    csl_json::Kind kind = csl_json::Kind::Text;
    if (m.key == number) {
      name = "number";
    } else if (const csl_json::Variable* v = csl_json::by_csl(m.key)) {
      name = v->bibtex;
      kind = v->kind;
    } else {
      csl_json::is_variable(m.key, &kind);
    }
    if (kept.find(name) != detail::StringIds::kAbsent)
      name = m.key;  // (two variables for one field: the second keeps its own name)
    std::string value;
    if (kind == csl_json::Kind::Date) {
      Date end;  // (a range: "event-date": {"date-parts": [[2018, 12, 3], [2018, 12, 6]]})
      const Value* parts = m.value.is_object() ? m.value.find("date-parts") : nullptr;
      if (parts && parts->is_array() && parts->items.size() > 1 && parts->items[1].is_array()) {
        const auto& e = parts->items[1].items;
        if (e.size() > 0) end.year = static_cast<int>(int_of(e[0]).value_or(0));
        if (e.size() > 1) end.month = static_cast<int>(int_of(e[1]).value_or(0));
        if (e.size() > 2) end.day = static_cast<int>(int_of(e[2]).value_or(0));
      }
      value = detail::date_text(date_of(m.value), end.year ? &end : nullptr);
    } else if (kind == csl_json::Kind::Names && m.value.is_array()) {
      std::vector<Person> people;
      for (const auto& a : m.value.items) people.push_back(person_of(a));
      value = format_bibtex_names(people, false);
    } else if (m.value.is_string() || m.value.is_number()) {
      value = latex::encode(RichText(unicode::to_nfc(m.value.text)));
    } else {
      value = json::Writer().value(m.value).take();
    }
    kept.insert(name);
    p.extra.push_back({std::string(name), std::move(value)});
  }
}

const char* kind_of(const Value& v) {
  return v.is_string()   ? "text"
         : v.is_number() ? "a number"
         : v.is_bool()   ? "true/false"
         : v.is_array()  ? "a list"
         : v.is_object() ? "an object"
                         : "null";
}

// The types the readers expect. A field of another type is still read as well as it can be (a
// number as its digits, a list by its first item), and the record is kept, with a warning at
// the value: a silently coerced "title": 42 or "author": "a string" hides a broken export.
void check_field_types(Context& ctx, const Value& item) {
  static constexpr const char* kText[] = {
      "title", "container-title", "event-title", "publisher", "note",      "abstract", "DOI",
      "URL",   "badge",           "abbr",        "award",     "award_name"};
  for (const char* name : kText) {
    const Value* v = item.find(name);
    const bool list_of_text = v && v->is_array() && std::string_view(name) == "container-title";
    if (v && !v->is_string() && !v->is_null() && !list_of_text)
      ctx.report(v->offset, Severity::Warning, DiagnosticKind::Value,
                 std::string("\"") + name + "\" should be text, not " + kind_of(*v) +
                     " (read as well as it can be)");
  }
  if (const Value* v = item.find("id"); v && !v->is_string() && !v->is_number())
    ctx.report(v->offset, Severity::Warning, DiagnosticKind::Value,
               std::string("\"id\" should be text or a number, not ") + kind_of(*v));
  for (const char* role : {"author", "editor"}) {
    const Value* v = item.find(role);
    if (!v || v->is_array() || v->is_null()) continue;
    ctx.report(v->offset, Severity::Warning, DiagnosticKind::Value,
               std::string("\"") + role + "\" should be a list of names, not " + kind_of(*v) +
                   (v->is_string() ? " (read as one name)" : " (ignored)"));
  }
  if (const Value* v = item.find("issued"); v && v->is_object()) {
    const Value* parts = v->find("date-parts");
    if (parts && !(parts->is_array() && (parts->items.empty() || parts->items[0].is_array())))
      ctx.report(parts->offset, Severity::Warning, DiagnosticKind::Value,
                 std::string("\"date-parts\" should be a list of [year, month, day] lists, not ") +
                     kind_of(*parts));
  }
}

// The record's key: its "id" when that is a key BibTeX can hold and no record before has it;
// else one that is (without the characters it cannot hold; "id-2", "id-3", ... for a copy), which
// is reported where the id is. A second record under one key would show the first one's BibTeX
// and citation, and share its DOM id.
std::string record_key(Context& ctx, const Value& item, std::size_t offset, std::size_t index) {
  const Value* id = item.find("id");
  const std::size_t at = id ? id->offset : offset;
  const std::string written = id ? string_of(*id) : std::string();
  std::string key = detail::is_safe_key(written) ? written : detail::safe_key(written);
  if (key.empty()) key = "item-" + std::to_string(index + 1);
  if (written.empty()) {
    ctx.report(at, Severity::Warning, DiagnosticKind::Value,
               "record has no \"id\"; using \"" + key + "\"");
  } else if (key != written) {
    ctx.report(at, Severity::Warning, DiagnosticKind::Value,
               "\"id\" \"" + detail::quoted(written) +
                   "\" has characters a BibTeX key cannot hold (spaces, braces, parentheses, "
                   "commas, quotes, # % = \\ ~); "
                   "it is kept as \"" +
                   key + "\"");
  }
  std::uint32_t holder = detail::UniqueKeys::kAbsent;
  const std::uint32_t given = ctx.keys.add(key, &holder);
  ctx.key_offsets.push_back(at);
  if (holder == detail::UniqueKeys::kAbsent) return key;
  std::string unique(ctx.keys.at(given));
  ctx.report(at, Severity::Warning, DiagnosticKind::Duplicate,
             "duplicate id \"" + key + "\" (also on line " +
                 std::to_string(ctx.lines.position(ctx.key_offsets[holder]).line) +
                 "): this record is kept as \"" + unique + "\"");
  return unique;
}

// The names of a record's "author" and "editor" lists, read as the parser completed them (see
// StreamedRecords): the lists in the record's tree are then empty.
struct StreamedNames {
  static constexpr const char* kRoles[] = {"author", "editor"};
  std::vector<Person> people[2];
  bool others[2] = {false, false};  // the list had {"literal": "others"}
  static int role_of(std::string_view key) {
    return key == kRoles[0] ? 0 : key == kRoles[1] ? 1 : -1;
  }
  void begin(int role) {
    std::vector<Person>().swap(people[role]);
    others[role] = false;
  }
  // One item of a name list, as publication_of() reads it.
  void add(int role, const Value& a) {
    if (a.is_object() && field(a, "literal") == "others") {
      others[role] = true;
      return;
    }
    Person person = person_of(a);
    if (!person.family().empty() || person.is_literal()) people[role].push_back(std::move(person));
  }
};

Publication publication_of(Context& ctx, const Value& written, std::size_t offset,
                           std::size_t index, StreamedNames* streamed = nullptr) {
  const std::optional<Value> completed = detail::with_note_fields(written);
  const Value& item = completed ? *completed : written;
  Publication p;
  p.source_index = ctx.options.source_index;
  p.line = ctx.lines.position(offset).line;
  check_field_types(ctx, item);
  p.key = record_key(ctx, item, offset, index);
  p.source_type = field(item, "type");
  p.type = biblio::type_of_csl(p.source_type);
  p.title = csl_rich_text(field(item, "title"));
  if (p.title.empty())
    ctx.report(offset, Severity::Warning, DiagnosticKind::LeftOut,
               "record \"" + excerpt(p.key) + "\" has no title: it is left out of the list");
  StreamedNames names;
  for (int role = 0; role < 2; ++role) {
    const Value* it = item.find(StreamedNames::kRoles[role]);
    if (!it) continue;
    if (it->is_array() && it->items.empty() &&
        streamed) {  // (a repeated key: the last list, as the tree keeps it;
                     // a list from the note is in the tree)
      names.people[role] = std::move(streamed->people[role]);
      names.others[role] = streamed->others[role];
    } else if (it->is_array()) {
      for (const auto& a : it->items) names.add(role, a);
    } else if (it->is_string()) {
      names.people[role].push_back(person_of(*it));
    }
    p.others = p.others || names.others[role];
  }
  p.authors = std::move(names.people[0]);
  p.set_editors(std::move(names.people[1]));
  // A year after kLatestYear is a placeholder (Hugo's 2999): no date, as in BibTeX.
  auto placeholder = [&](const Value& v, int year) {
    if (year <= kLatestYear) return false;
    ctx.report(v.offset, Severity::Warning, DiagnosticKind::LeftOut,
               "year " + std::to_string(year) +
                   " is a placeholder, not a publication's date: it is left out");
    return true;
  };
  if (const Value* it = item.find("issued")) {
    p.date = date_of(*it);
    if (placeholder(*it, p.date.year)) p.date = Date{};
  }
  if (const Value* it = item.find("year"); it && p.date.year == 0) {
    const int year = static_cast<int>(int_of(*it).value_or(0));
    if (!placeholder(*it, year)) p.date.year = year;
  }
  // The venue, from the field BibTeX would take it from (biblio::kVenueFields' order): the
  // container, else a thesis' school, a report's institution, a book's publisher.
  p.venue = csl_rich_text(field(item, "container-title"));
  const std::string_view own_field =
      biblio::names_of(p.type).bibtex_venue;  // (as BibTeX writes it)
  if (!p.venue.empty()) {
    p.venue_field = own_field == "booktitle" ? VenueField::BookTitle : VenueField::Journal;
  } else if (p.type == PubType::Thesis || p.type == PubType::Report || p.type == PubType::Book) {
    p.venue = csl_rich_text(field(item, "publisher"));
    if (!p.venue.empty()) p.venue_field = biblio::venue_field_named(own_field);
  }
  if (p.venue.empty()) {
    p.venue = csl_rich_text(field(item, "event-title"));
    p.venue_field = p.venue.empty() ? VenueField::Unknown : VenueField::EventTitle;
  }
  p.set_badge(field(item, "badge"));
  if (p.badge().empty()) p.set_badge(field(item, "abbr"));
  p.set_award(csl_rich_text(field(item, "award")));
  p.set_award_label(field(item, "award_name"));
  if (p.award_label().empty()) p.set_award_label(field(item, "award_label"));
  if (p.award_label().empty())
    p.set_award_label(field(item, "awardLabel"));  // (as the view model writes it)
  p.set_note(csl_rich_text(field(item, "note")));
  // (An abstract's dollars stay as written: arXiv's abstracts carry TeX that Zotero's BibTeX
  // export escapes, {\$}n{\$}-gram, and the CSL-JSON writer gives them back so.)
  p.set_abstract(csl_rich_text(field(item, "abstract"), false));
  if (const Value* it = item.find("selected")) p.selected = bool_of(*it);
  if (const Value* it = item.find("links")) add_links(p.links, *it);
  // DOI and arXiv id cleaned (their links are made with the record's other implied ones, below).
  p.set_doi(biblio::clean_doi(field(item, "DOI")));
  if (p.doi().empty()) p.set_doi(biblio::clean_doi(field(item, "doi")));
  p.set_arxiv(biblio::clean_arxiv(field(item, "arxiv")));
  std::string url = field(item, "URL");
  if (url.empty()) url = field(item, "url");
  if (!url.empty()) p.links.push_back({"url", url});
  detail::StringIds seen_tags;  // a linear find per tag was quadratic in the tag count
  std::vector<std::string> tags;
  for (const char* k : {"tags", "keyword", "keywords"}) {
    if (const Value* it = item.find(k)) {
      for (auto& t : string_list(*it))
        if (bool added = false; (seen_tags.insert(t, added), added)) tags.push_back(t);
    }
  }
  p.set_tags(std::move(tags));
  p.set_thumbnail(field(item, "thumbnail"));
  if (p.thumbnail().empty()) p.set_thumbnail(field(item, "preview"));
  if (const Value* it = item.find("citations")) {
    const std::optional<std::int64_t> count = int_of(*it);
    if (count && is_citation_count(*count))
      p.set_citations(count);
    else if (count || it->is_number())
      ctx.report(it->offset, Severity::Warning, DiagnosticKind::Value,
                 "\"citations\" " + excerpt(it->text) + " is not a citation count (0 to " +
                     std::to_string(kMostCitations) + "): it is left out");
  }

  // The rest as every reader does it (read/settle.hpp): the arXiv id and the links a record
  // implies, then its status from the same clues as in BibTeX (a stated status, else the badge,
  // the note, what the venue says, a preprint server as the venue or its DOI).
  detail::RecordClues clues;
  clues.venue = detail::venue_clues(p.venue.text);
  clues.typed = true;
  const std::string status = field(item, "status");
  if (!status.empty()) {
    clues.stated = status_from_string(status);
    if (!clues.stated)
      ctx.report(offset, Severity::Warning, DiagnosticKind::Unknown,
                 "unknown status \"" + excerpt(status) + "\" in \"" + excerpt(p.key) + "\"");
  }
  keep_details(item, p);  // (first: a preprint server's venue finds its id in the eprint fields)
  detail::settle_identifiers(p, clues);
  detail::settle_status(p, clues);
  return p;
}

void read_profile(Context& ctx, const Value& j, Profile& profile) {
  if (!j.is_object()) {
    ctx.report(0, Severity::Warning, DiagnosticKind::Value,
               "\"profile\" is not an object; ignored");
    return;
  }
  profile.name = unicode::to_nfc(field(j, "name"));
  if (const Value* it = j.find("aliases")) {
    profile.aliases = string_list(*it);
    if (profile.aliases.size() >= kMaxOwnerNames)
      ctx.report(it->offset, Severity::Warning, DiagnosticKind::Limit,
                 "the profile lists " + std::to_string(profile.aliases.size()) +
                     " aliases: only the name and the first " + std::to_string(kMaxOwnerNames - 1) +
                     " are matched against authors");
  }
  profile.position = unicode::to_nfc(field(j, "position"));
  profile.affiliation = unicode::to_nfc(field(j, "affiliation"));
  profile.photo = field(j, "photo");
  if (const Value* it = j.find("links")) add_links(profile.links, *it);
  // Shorthands beside "links" ("email": "...", "scholar": "..."), after them; a kind given in
  // "links" wins.
  for (const char* kind :
       {"homepage", "website", "email", "scholar", "dblp", "orcid", "github", "gitlab", "twitter",
        "linkedin", "semantic_scholar", "researchgate", "cv"}) {
    const std::string url = field(j, kind);
    const bool listed = std::any_of(profile.links.begin(), profile.links.end(),
                                    [&](const Link& l) { return l.label == kind; });
    if (!url.empty() && !listed) profile.links.push_back({kind, url});
  }
  if (const Value* it = j.find("interests")) profile.interests = string_list(*it);
  if (const Value* it = j.find("legend")) {
    if (it->is_object()) {
      for (const auto& e : it->members) profile.legend.push_back({e.key, string_of(e.value)});
    } else if (it->is_array()) {
      for (const auto& e : it->items)
        if (e.is_object()) profile.legend.push_back({field(e, "symbol"), field(e, "meaning")});
    }
    if (profile.legend.size() > kMaxLegendEntries) {
      ctx.report(it->offset, Severity::Warning, DiagnosticKind::Limit,
                 "the legend lists " + std::to_string(profile.legend.size()) +
                     " symbols: the first " + std::to_string(kMaxLegendEntries) + " are kept");
      profile.legend.resize(kMaxLegendEntries);
    }
  }
}

// Each item's offset (for its diagnostics and Publication::line) is where its value starts.
void read_item(Context& ctx, const Value& item, Library& lib, StreamedNames* streamed = nullptr) {
  if (!item.is_object()) {
    ctx.report(item.offset, Severity::Error, DiagnosticKind::Syntax,
               "publication is not a JSON object");
    return;
  }
  lib.publications.push_back(
      publication_of(ctx, item, item.offset, lib.publications.size(), streamed));
}

void read_items(Context& ctx, const std::vector<Value>& items, Library& lib) {
  for (const Value& item : items) read_item(ctx, item, lib);
}

// Records are read as the parser completes them, and their JSON freed: a large export was held
// as one tree of values (about 17x the file's size at its peak). So are the names of a record's
// author and editor lists: a record of 200,000 authors was a tree of 300 bytes per author.
struct StreamedRecords final : json::RecordSink {
  Context& ctx;
  Library& lib;
  StreamedNames names;
  StreamedRecords(Context& c, Library& l) : ctx(c), lib(l) {}
  void record(Value&& item) override {
    read_item(ctx, item, lib, &names);
    for (int role = 0; role < 2; ++role) names.begin(role);
  }
  void list_begins(std::string_view key) override {
    if (const int role = StreamedNames::role_of(key); role >= 0) names.begin(role);
  }
  bool list_item(std::string_view key, Value& v) override {
    const int role = StreamedNames::role_of(key);
    if (role >= 0) names.add(role, v);
    return role >= 0;
  }
};

// Record-by-record recovery after a syntax error (see the file comment). Elements are scanned one
// at a time, so many broken records cost one pass. Only a record that never closes makes each
// resync rescan the rest of the text; `budget` bounds that (quadratic) case.
void recover_items(Context& ctx, std::size_t open, Library& lib, Reported& reported) {
  std::size_t budget = 8 * ctx.text.size() + (1u << 20);  // bytes scanned, over all resyncs
  std::size_t i = open + 1, begin = 0, end = 0;
  while (detail::next_element(ctx.text, i, begin, end)) {
    const std::size_t scanned = i - begin;
    if (scanned > budget) {
      ctx.report(begin, Severity::Error, DiagnosticKind::Limit,
                 "too many broken records; the rest of the array is skipped");
      return;
    }
    budget -= scanned;
    std::size_t error_at = begin;
    Value item;
    if (!parse_or_report(ctx, ctx.text.substr(begin, end - begin), begin, item, reported,
                         &error_at)) {
      const std::size_t k = detail::resync_point(ctx.text, error_at, end);
      if (k != std::string_view::npos && k > begin) i = k;
      continue;
    }
    if (!item.is_object()) {
      ctx.report(begin, Severity::Error, DiagnosticKind::Syntax,
                 "publication is not a JSON object");
      continue;
    }
    lib.publications.push_back(publication_of(ctx, item, begin, lib.publications.size()));
  }
}

void finish(ReadResult& result) {
  auto& pubs = result.library.publications;
  for (std::size_t i = 0; i < pubs.size(); ++i) pubs[i].order = static_cast<std::uint32_t>(i);
}

ReadResult read_json(std::string_view input, const ReadOptions& options, bool papershelf_doc) {
  ReadResult result;
  std::string sanitized;
  std::string_view text = input;
  if (!unicode::is_valid_utf8(text)) {
    // Reported where the first bad byte is; each bad byte becomes one U+FFFD, so line:column
    // positions in the sanitized text still match the input.
    std::size_t first_bad = 0;
    for (std::size_t pos = 0; pos < text.size();) {
      const std::size_t start = pos;
      if (unicode::decode_utf8(text, pos) == unicode::kReplacement && pos - start != 3) {
        first_bad = start;
        break;
      }
    }
    const auto at = LineMap(text).position(first_bad);
    sanitized = std::string(text);
    const std::size_t n = unicode::sanitize_utf8(sanitized);
    text = sanitized;
    result.diagnostics.push_back(
        {options.source_name, at.line, at.column, Severity::Warning, DiagnosticKind::Encoding,
         std::to_string(n) + " invalid UTF-8 sequence(s) replaced with U+FFFD"});
  }
  Context ctx{options, text, LineMap(text), result.diagnostics, {}, {}};
  Reported reported;
  Value doc;
  StreamedRecords streamed(ctx, result.library);
  const std::size_t diagnostics_before = result.diagnostics.size();
  if (parse_or_report(ctx, text, 0, doc, reported, nullptr, &streamed)) {
    if (doc.is_array()) {
      read_items(ctx, doc.items, result.library);
    } else if (doc.is_object()) {
      if (const Value* it = doc.find("profile")) read_profile(ctx, *it, result.library.profile);
      const Value* pubs = doc.find("publications");
      if (pubs && pubs->is_array()) {
        read_items(ctx, pubs->items, result.library);
      } else if (!papershelf_doc && doc.find("id")) {
        // A single CSL item, reported at the start of the text as before.
        result.library.publications.push_back(publication_of(ctx, doc, 0, 0));
      } else {
        ctx.report(0, Severity::Error, DiagnosticKind::Syntax, "expected a \"publications\" array");
      }
    } else {
      ctx.report(0, Severity::Error, DiagnosticKind::Syntax, "expected a JSON array or object");
    }
    detail::sort_values(result.diagnostics, [](const Diagnostic& a, const Diagnostic& b) {
      return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
    finish(result);
    return result;
  }
  // Syntax error: the records streamed before it are read again, record by record, below; keep
  // only the syntax error of what was said about them.
  result.library.publications.clear();
  detail::UniqueKeys().swap(ctx.keys);
  ctx.key_offsets.clear();
  if (result.diagnostics.size() > diagnostics_before) {
    Diagnostic syntax = std::move(result.diagnostics.back());
    result.diagnostics.resize(diagnostics_before);
    result.diagnostics.push_back(std::move(syntax));
  }
  // Recover what we can.
  std::size_t i = 0;
  while (i < text.size() &&
         (ascii::is_blank(text[i]) || text[i] == '\xEF' || text[i] == '\xBB' || text[i] == '\xBF'))
    ++i;
  if (i < text.size() && text[i] == '[') {
    recover_items(ctx, i, result.library, reported);
  } else if (i < text.size() && text[i] == '{') {
    const std::size_t open = detail::find_publications_array(text);
    if (open != std::string_view::npos) recover_items(ctx, open, result.library, reported);
    // Recover the profile too when its own object parses.
    const std::size_t key = text.find("\"profile\"");
    if (key != std::string_view::npos) {
      std::size_t j = key + 9;
      while (j < text.size() && (ascii::is_blank(text[j]) || text[j] == ':')) ++j;
      if (j < text.size() && text[j] == '{') {
        const std::size_t k = detail::matching_close(text, j);
        if (k < text.size()) {
          Value profile;
          if (parse_or_report(ctx, text.substr(j, k + 1 - j), j, profile, reported))
            read_profile(ctx, profile, result.library.profile);
        }
      }
    }
  }
  detail::sort_values(result.diagnostics, [](const Diagnostic& a, const Diagnostic& b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
  finish(result);
  return result;
}

}  // namespace

ReadResult read_csl_json(std::string_view text, const ReadOptions& options) {
  return read_json(text, options, false);
}

ReadResult read_papershelf_json(std::string_view text, const ReadOptions& options) {
  return read_json(text, options, true);
}

}  // namespace papershelf
