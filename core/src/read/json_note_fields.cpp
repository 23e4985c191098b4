// Fields written into a CSL-JSON note, read as the fields they name (see json_note_fields.hpp).
#include "read/json_note_fields.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "biblio/csl_variables.hpp"
#include "text/ascii.hpp"

namespace papershelf::detail {
namespace {

using json::Value;
namespace csl_json = biblio::csl_json;

// The variables with a slot in the model (csl_json::is_variable knows the others) and their kinds.
constexpr std::pair<std::string_view, csl_json::Kind> kSlotVariables[] = {
    {"type", csl_json::Kind::Text},
    {"title", csl_json::Kind::Text},
    {"container-title", csl_json::Kind::Text},
    {"DOI", csl_json::Kind::Text},
    {"URL", csl_json::Kind::Text},
    {"abstract", csl_json::Kind::Text},
    {"keyword", csl_json::Kind::Text},
    {"status", csl_json::Kind::Text},
    {"issued", csl_json::Kind::Date},
    {"author", csl_json::Kind::Names},
    {"editor", csl_json::Kind::Names},
};

// A name citeproc-js takes: lowercase with hyphens or underscores ("original-date", "_eprint"),
// or all capitals ("DOI", "OCLC"); not one of papershelf's own members ("links: …" in a note is
// prose to a CSL processor's reader too). Its kind in `kind`.
bool is_note_field_name(std::string_view name, csl_json::Kind& kind) {
  static constexpr std::string_view kOwn[] = {
      "id",          "note",     "badge",    "abbr",      "award",     "award_name",
      "award_label", "selected", "links",    "citations", "thumbnail", "preview",
      "arxiv",       "tags",     "keywords", "year",      "doi",       "url"};
  if (name.empty() || std::find(std::begin(kOwn), std::end(kOwn), name) != std::end(kOwn))
    return false;
  const bool lower = std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || c == '-' || c == '_';
  });
  const bool upper =
      std::all_of(name.begin(), name.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  if (!lower && !upper) return false;
  kind = csl_json::Kind::Text;
  for (const auto& [slot, slot_kind] : kSlotVariables)
    if (slot == name) kind = slot_kind;
  csl_json::is_variable(name, &kind);
  return true;
}

// `line` as `name: value` (citeproc-js's NOTE_FIELD_REGEXP: no `}` in the value; and not a URL,
// "http://…", which citeproc-js would take as a field named http).
bool note_field_of(std::string_view line, std::string_view& name, std::string_view& value,
                   csl_json::Kind& kind) {
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || !is_note_field_name(line.substr(0, colon), kind))
    return false;
  const std::string_view rest = ascii::trim(line.substr(colon + 1));
  if (rest.empty() || rest.find('}') != std::string_view::npos || line.substr(colon + 1, 2) == "//")
    return false;
  name = line.substr(0, colon);
  value = rest;
  return true;
}

// The note's lines, each `{:name: value}` group moved onto a line of its own where the text
// before it on its line is blank (or it is the note's first group).
std::vector<std::string> note_lines(std::string_view note) {
  std::vector<std::string> lines;
  bool first_group = true;
  std::size_t start = 0;
  while (start <= note.size()) {
    std::size_t end = note.find('\n', start);
    if (end == std::string_view::npos) end = note.size();
    std::string_view line = note.substr(start, end - start);
    std::string rest;
    for (std::size_t at = 0;;) {
      const std::size_t open = line.find("{:", at);
      const std::size_t close = open == std::string_view::npos ? open : line.find('}', open);
      std::string_view name, value;
      csl_json::Kind kind;
      if (close == std::string_view::npos ||
          !note_field_of(line.substr(open + 2, close - open - 2), name, value, kind)) {
        rest += line.substr(at);
        break;
      }
      const std::string_view before = line.substr(at, open - at);
      const bool blank = std::all_of(before.begin(), before.end(), ascii::is_blank);
      if (!blank && !first_group) {
        rest += line.substr(at);
        break;
      }
      first_group = false;
      if (!blank) lines.emplace_back(before);
      lines.emplace_back(line.substr(open + 2, close - open - 2));
      at = close + 1;
    }
    lines.push_back(std::move(rest));
    start = end + 1;
  }
  return lines;
}

Value text_value(std::string_view text, std::uint32_t offset) {
  Value v;
  v.kind = Value::Kind::String;
  v.text = std::string(text);
  v.offset = offset;
  return v;
}

Value* member(Value& object, std::string_view key) {
  for (json::Member& m : object.members)
    if (m.key == key) return &m.value;
  return nullptr;
}

}  // namespace

// `item` with the note's fields set, or nullopt when its note has none.
std::optional<Value> with_note_fields(const Value& item) {
  const Value* note = item.find("note");
  if (!note || !note->is_string() || note->text.find(':') == std::string::npos) return std::nullopt;
  const std::vector<std::string> lines = note_lines(note->text);
  std::vector<bool> taken(lines.size(), false);
  std::optional<Value> out;
  std::vector<std::pair<std::string, std::vector<Value>>>
      names;  // (a name variable over several lines)
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view name, value;
    csl_json::Kind kind = csl_json::Kind::Text;
    if (std::all_of(lines[i].begin(), lines[i].end(), ascii::is_blank)) continue;
    if (!note_field_of(lines[i], name, value, kind)) {
      if (i == 0) continue;
      break;
    }
    if (!out) out = item;
    const bool overrides = kind == csl_json::Kind::Date || name == "type";
    if (!overrides && item.find(name)) {
      taken[i] = true;
      continue;
    }
    Value field_value = text_value(value, note->offset);
    if (kind == csl_json::Kind::Date) {
      Value date;
      date.kind = Value::Kind::Object;
      date.offset = note->offset;
      date.members.push_back({"raw", std::move(field_value)});
      field_value = std::move(date);
    } else if (kind == csl_json::Kind::Names) {
      const std::size_t bars = value.find("||");
      Value person;
      person.kind = Value::Kind::Object;
      person.offset = note->offset;
      if (bars == std::string_view::npos) {
        person.members.push_back({"literal", text_value(value, note->offset)});
      } else {
        person.members.push_back(
            {"family", text_value(ascii::trim(value.substr(0, bars)), note->offset)});
        person.members.push_back(
            {"given", text_value(ascii::trim(value.substr(bars + 2)), note->offset)});
      }
      auto held =
          std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == name; });
      if (held == names.end()) held = names.insert(names.end(), {std::string(name), {}});
      held->second.push_back(std::move(person));
      taken[i] = true;
      continue;
    }
    if (Value* present = member(*out, name))
      *present = std::move(field_value);
    else
      out->members.push_back({std::string(name), std::move(field_value)});
    taken[i] = true;
  }
  if (!out) return std::nullopt;
  for (auto& [name, people] : names) {
    Value list;
    list.kind = Value::Kind::Array;
    list.offset = note->offset;
    list.items = std::move(people);
    out->members.push_back({name, std::move(list)});
  }
  std::string rest;  // (the lines not taken as fields)
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (!taken[i]) rest += (rest.empty() ? "" : "\n") + lines[i];
  member(*out, "note")->text = std::string(ascii::trim(rest));
  return out;
}

}  // namespace papershelf::detail
