// A CSL-JSON item as the processor reads it: text and number variables, names and dates.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/json.hpp"

namespace papershelf::csl {

struct Name {
  std::string family, given, dropping_particle, non_dropping_particle, suffix, literal;
  bool comma_suffix = false;
  bool static_ordering = false;
  bool owner = false;  // papershelf's mark: the list's owner (a CV page shows the name apart)
  bool is_literal() const {
    return !literal.empty() || (given.empty() && !family.empty() && institution);
  }
  bool institution = false;  // (a family name alone, no given name: kept whole)
};

struct DatePart {
  long year = 0;
  int month = 0, day = 0, season = 0;
  bool empty() const { return year == 0 && month == 0 && day == 0 && season == 0; }
};

struct DateValue {
  DatePart from, to;
  bool range = false;
  bool open = false;  // a range with no end yet
  bool circa = false;
  std::string literal;
  bool empty() const { return from.empty() && literal.empty(); }
};

class Item {
 public:
  // Reads the variables written into the note field too ("event-date: 2004-10-01", one a line
  // at the note's start), as citeproc-js does: they count where the item has no such variable,
  // and leave the note.
  explicit Item(const json::Value* v);
  const json::Value* json() const { return v_; }
  std::string id() const;
  std::string type() const;
  // A text or number variable as text ("" when absent).
  std::string text(std::string_view name) const;
  bool has(std::string_view name) const;
  std::vector<Name> names(std::string_view name) const;
  DateValue date(std::string_view name) const;
  std::string language() const { return text("language"); }

 private:
  // The note's variables, in order (a name variable may come once per name), and the note
  // without them; `note_read` when the note held any.
  const std::string* note_field(std::string_view name) const;
  const json::Value* v_;
  std::vector<std::pair<std::string, std::string>> note_fields_;
  std::string note_rest_;
  bool note_read_ = false;
};

bool is_name_variable(std::string_view name);
// Every name of the item, of each name variable in turn.
std::vector<Name> all_names(const Item& item);
bool is_date_variable(std::string_view name);
bool is_number_variable(std::string_view name);

}  // namespace papershelf::csl
