#include "csl/item.hpp"

#include <cstdlib>

namespace papershelf::csl {

namespace {

constexpr std::string_view kNameVariables[] = {
    "author", "chair", "collection-editor", "compiler", "composer", "container-author", "contributor", "curator",
    "director", "editor", "editorial-director", "editor-translator", "executive-producer", "guest", "host",
    "illustrator", "interviewer", "narrator", "organizer", "original-author", "performer", "producer",
    "recipient", "reviewed-author", "script-writer", "series-creator", "translator"};
constexpr std::string_view kDateVariables[] = {"accessed", "available-date", "event-date", "issued", "original-date", "submitted"};
constexpr std::string_view kNumberVariables[] = {
    "chapter-number", "citation-number", "collection-number", "edition", "first-reference-note-number", "issue",
    "locator", "number", "number-of-pages", "number-of-volumes", "page", "page-first", "part-number", "printing-number",
    "section", "supplement-number", "version", "volume"};

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
  if (p.month > 12 && p.month <= 16) {  // (CSL-JSON: months 13-16 are the seasons)
    p.season = p.month - 12;
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
      if (field == 0) p.year = negative ? -value : value;
      else if (field == 1) p.month = static_cast<int>(value);
      else if (field == 2) p.day = static_cast<int>(value);
      ++field;
      value = 0;
      any = false;
    }
  }
  if (p.month > 12) p.month = 0;
  if (p.day > 31) p.day = 0;
  return p;
}

}  // namespace

bool is_name_variable(std::string_view name) { return in(kNameVariables, name); }
bool is_date_variable(std::string_view name) { return in(kDateVariables, name); }
bool is_number_variable(std::string_view name) { return in(kNumberVariables, name); }

std::string Item::id() const {
  const json::Value* id = v_->find("id");
  return id ? value_text(*id) : std::string();
}

std::string Item::type() const { return text("type"); }

std::string Item::text(std::string_view name) const {
  const json::Value* v = v_->find(name);
  return v ? value_text(*v) : std::string();
}

bool Item::has(std::string_view name) const {
  const json::Value* v = v_->find(name);
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
    if (const json::Value* f = n.find("comma-suffix")) x.comma_suffix = f->is_bool() ? f->boolean : !value_text(*f).empty();
    if (const json::Value* f = n.find("static-ordering")) x.static_ordering = f->is_bool() ? f->boolean : !value_text(*f).empty();
    x.institution = x.given.empty() && x.dropping_particle.empty() && x.non_dropping_particle.empty();
    if (x.family.empty() && x.literal.empty() && x.given.empty()) continue;
    out.push_back(std::move(x));
  }
  return out;
}

DateValue Item::date(std::string_view name) const {
  DateValue d;
  const json::Value* v = v_->find(name);
  if (!v) return d;
  if (v->is_string()) {
    const std::size_t slash = v->text.find('/');
    d.from = raw_part(std::string_view(v->text).substr(0, slash));
    if (slash != std::string::npos) {
      d.to = raw_part(std::string_view(v->text).substr(slash + 1));
      d.range = !d.to.empty();
    }
    if (d.from.empty()) d.literal = v->text;
    return d;
  }
  if (!v->is_object()) return d;
  if (const json::Value* parts = v->find("date-parts"); parts && parts->is_array() && !parts->items.empty()) {
    d.from = part(parts->items[0]);
    if (parts->items.size() > 1) {
      d.to = part(parts->items[1]);
      d.range = !d.to.empty();
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
    if (s >= 1 && s <= 4) d.from.season = static_cast<int>(s);
    else if (season->is_string() && !season->text.empty() && d.literal.empty() && d.from.empty()) d.literal = season->text;
  }
  if (const json::Value* circa = v->find("circa")) d.circa = circa->is_bool() ? circa->boolean : !value_text(*circa).empty() && value_text(*circa) != "0";
  if (const json::Value* literal = v->find("literal"); literal && literal->is_string()) d.literal = literal->text;
  return d;
}

}  // namespace papershelf::csl
