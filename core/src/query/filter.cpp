// The filter text syntax ("year:2020-2024 type:conference,journal selected") and its inverse.
#include <algorithm>
#include <charconv>
#include <climits>

#include "papershelf/diagnostics.hpp"
#include "papershelf/query.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {
namespace {

// The names a type or status clause takes, for its message: "conference, journal, ... or misc".
// ("" when `error` lists them already: two unknown types are one list.)
template <class Enum, int Count>
std::string names_to_use(const std::string* error) {
  std::string out = " (use ";
  for (int i = 0; i < Count; ++i)
    out += (i == 0 ? "" : i + 1 == Count ? " or " : ", ") + std::string(to_string(Enum(i)));
  out += ")";
  return error && error->find(out) != std::string::npos ? std::string() : out;
}

// Splits on spaces outside double quotes; quotes are removed.
std::vector<std::string> clauses_of(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  bool quoted = false;
  for (char c : text) {
    if (c == '"') {
      quoted = !quoted;
    } else if (!quoted && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      if (!current.empty()) out.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

// A list's values ("conference,journal"). A venue or a tag is a name that may hold ", " itself
// (DBLP's "ICDE 2020, Dallas, TX, USA"): for `names`, only a comma without a space after it
// separates two of them, as the lists this file writes do.
std::vector<std::string> values_of(std::string_view v, bool names = false) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= v.size(); ++i) {
    if (i == v.size() || (v[i] == ',' && !(names && i + 1 < v.size() && v[i + 1] == ' '))) {
      if (i > start) out.emplace_back(v.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  // Read as long long: from_chars<int> would be a second copy of the parser in the WASM build.
  long long v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v < INT_MIN || v > INT_MAX)
    return false;
  out = static_cast<int>(v);
  return true;
}

// "2020-2024", "2020..2024", "2020-", "-2024", "2020". Years are not negative (a leading '-'
// opens the range), and `from`/`to` change only when the whole value reads.
bool parse_years(std::string_view v, int& from, int& to) {
  auto year = [](std::string_view s, int& out) { return parse_int(s, out) && out >= 0; };
  std::size_t sep = v.find("..");
  std::size_t sep_len = 2;
  if (sep == std::string_view::npos) {
    sep = v.find('-', 1);
    sep_len = 1;
    if (!v.empty() && v.front() == '-') sep = 0;
  }
  int a_year = 0, b_year = 0;
  if (sep == std::string_view::npos) {
    if (!year(v, a_year)) return false;
    from = to = a_year;
    return true;
  }
  const auto a = v.substr(0, sep);
  const auto b = v.substr(sep + sep_len);
  if ((a.empty() && b.empty()) || (!a.empty() && !year(a, a_year)) ||
      (!b.empty() && !year(b, b_year)))
    return false;
  from = a_year;
  to = b_year;
  return true;
}

void add_error(std::string* error, const std::string& message) {
  if (!error) return;
  if (!error->empty()) *error += "; ";
  *error += message;
}

template <class T>
void add_once(std::vector<T>& list, T value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(std::move(value));
}

}  // namespace

bool Filter::empty() const {
  return year_from == 0 && year_to == 0 && types.empty() && statuses.empty() && venues.empty() &&
         tags.empty() && !selected_only && !has_award && author.empty() && !owner_first;
}

Filter parse_filter(std::string_view text, std::string* error) {
  Filter f;
  if (text.size() > kMaxQueryText) {
    text = unicode::truncate_utf8(text, kMaxQueryText);
    add_error(error, "filter text longer than " + std::to_string(kMaxQueryText) +
                         " bytes: the rest is ignored");
  }
  for (const std::string& clause : clauses_of(text)) {
    const std::size_t colon = clause.find(':');
    std::string key = unicode::ascii_lower(clause.substr(0, colon));  // keys are ASCII keywords
    const std::string value = colon == std::string::npos ? "" : clause.substr(colon + 1);
    if (key == "selected") {
      f.selected_only = true;
    } else if (key == "award" || key == "awards") {
      f.has_award = true;
    } else if (key == "first-author" || key == "owner-first" || key == "first") {
      f.owner_first = true;
    } else if (key == "year" || key == "years") {
      if (!parse_years(value, f.year_from, f.year_to))
        add_error(error, "bad year range \"" + value + "\" (use 2020-2024, 2020- or -2024)");
    } else if (key == "type") {
      for (const auto& v : values_of(value)) {
        if (auto t = pub_type_from_string(v))
          add_once(f.types, *t);
        else
          add_error(error, "unknown type \"" + excerpt(v) + "\"" +
                               names_to_use<PubType, kPubTypeCount>(error));
      }
    } else if (key == "status") {
      for (const auto& v : values_of(value)) {
        if (auto s = status_from_string(v))
          add_once(f.statuses, *s);
        else
          add_error(error, "unknown status \"" + excerpt(v) + "\"" +
                               names_to_use<Status, kStatusCount>(error));
      }
    } else if (key == "venue" || key == "badge") {
      for (auto& v : values_of(value, true)) add_once(f.venues, std::move(v));
    } else if (key == "tag" || key == "tags") {
      for (auto& v : values_of(value, true)) add_once(f.tags, std::move(v));
    } else if (key == "author") {
      f.author = value;
    } else {
      add_error(error, "unknown filter \"" + clause + "\"");
    }
  }
  return f;
}

std::vector<FilterClause> filter_clauses(const Filter& f) {
  std::vector<FilterClause> out;
  auto add = [&](std::string kind, std::string value, std::string label) {
    std::string text = clause_text(kind, value);
    out.push_back({std::move(kind), std::move(value), std::move(text), std::move(label)});
  };
  if (f.year_from || f.year_to) {
    const std::string from = f.year_from ? std::to_string(f.year_from) : "",
                      to = f.year_to ? std::to_string(f.year_to) : "";
    if (f.year_from == f.year_to)
      add("year", from, from);
    else
      add("year", from + "-" + to, from + "\u2013" + to);  // (an en dash for a range)
  }
  auto list = [&](const char* kind, const std::vector<std::string>& values,
                  const std::vector<std::string_view>& labels) {
    if (values.empty()) return;
    std::string value, label;
    for (std::size_t i = 0; i < values.size(); ++i) {
      value += (i ? "," : "") + values[i];
      label += (i ? ", " : "") + std::string(labels.empty() ? values[i] : labels[i]);
    }
    add(kind, std::move(value), std::move(label));
  };
  std::vector<std::string> names;
  std::vector<std::string_view> labels;
  for (auto t : f.types) names.emplace_back(to_string(t)), labels.push_back(label(t));
  list("type", names, labels);
  names.clear(), labels.clear();
  for (auto s : f.statuses) names.emplace_back(to_string(s)), labels.push_back(label(s));
  list("status", names, labels);
  list("venue", f.venues, {});
  list("tag", f.tags, {});
  if (f.selected_only) add("selected", "", "");
  if (f.has_award) add("award", "", "");
  if (!f.author.empty()) add("author", f.author, f.author);
  if (f.owner_first) add("first-author", "", "");
  return out;
}

std::string to_string(const Filter& f) {
  std::string out;
  for (const auto& c : filter_clauses(f)) out += (out.empty() ? "" : " ") + c.text;
  return out;
}

std::string clause_text(std::string_view kind, std::string_view value) {
  if (kind == "selected" || kind == "award" || kind == "first-author") return std::string(kind);
  std::string text(kind);
  text += ':';
  for (char c : value)
    if (c != '"') text += c;
  return text.find_first_of(" \t\n\r") == std::string::npos ? text : "\"" + text + "\"";
}

namespace {

// Puts the clause of `kind` of `from` in place of the one `to` has (none in `from`: none in `to`).
void take_kind(Filter& to, Filter&& from, std::string_view kind) {
  if (kind == "year") {
    to.year_from = from.year_from;
    to.year_to = from.year_to;
  } else if (kind == "type") {
    to.types = std::move(from.types);
  } else if (kind == "status") {
    to.statuses = std::move(from.statuses);
  } else if (kind == "venue") {
    to.venues = std::move(from.venues);
  } else if (kind == "tag") {
    to.tags = std::move(from.tags);
  } else if (kind == "selected") {
    to.selected_only = from.selected_only;
  } else if (kind == "award") {
    to.has_award = from.has_award;
  } else if (kind == "author") {
    to.author = std::move(from.author);
  } else if (kind == "first-author") {
    to.owner_first = from.owner_first;
  }
}

}  // namespace

void apply_edit(Filter& f, const FilterEdit& edit) {
  if (!edit.toggle.empty()) {
    Filter one = parse_filter(edit.toggle);
    const std::vector<FilterClause> wanted = filter_clauses(one);
    if (wanted.size() != 1) return;
    const FilterClause& clause = wanted.front();
    bool had = false;
    for (const FilterClause& c : filter_clauses(f))
      if (c.kind == clause.kind)
        had = unicode::ascii_lower(c.value) == unicode::ascii_lower(clause.value);
    take_kind(f, had ? Filter{} : std::move(one), clause.kind);
    return;
  }
  take_kind(f, edit.value.empty() ? Filter{} : parse_filter(clause_text(edit.kind, edit.value)),
            edit.kind);
}

std::string set_clause(std::string_view filter, std::string_view kind, std::string_view value) {
  Filter f = parse_filter(filter);
  apply_edit(f, {{}, std::string(kind), std::string(value)});
  return to_string(f);
}

std::string toggle_clause(std::string_view filter, std::string_view clause) {
  Filter f = parse_filter(filter);
  apply_edit(f, {std::string(clause), {}, {}});
  return to_string(f);
}

}  // namespace papershelf
