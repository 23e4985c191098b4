// A CSL locale: the terms, date formats and options a style renders with, merged from the
// locale files and the style's own <locale> sections in CSL's order of precedence.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "csl/xml.hpp"

namespace papershelf::csl {

enum class TermForm : std::uint8_t { Long, Short, Verb, VerbShort, Symbol };
TermForm term_form(std::string_view s);

struct Term {
  std::string single, multiple;
  std::string gender;  // a noun's gender ("masculine", "feminine"), for ordinals that agree
  std::string match;   // ordinals: last-digit (default), last-two-digits, whole-number
};

class Locale {
 public:
  // Adds a <locale> element's content over what is there (later calls win).
  void merge(const xml::Element& locale);

  // A term in a form, falling back as CSL says (symbol -> short -> long, verb-short -> verb ->
  // long, short -> long); nullptr when the locale has none. `gender_form` picks a gendered
  // variant ("masculine", "feminine") where there is one.
  const Term* term(std::string_view name, TermForm form, std::string_view gender_form = {}) const;
  // The term's text, singular or plural; "" when there is none.
  std::string text(std::string_view name, TermForm form = TermForm::Long,
                   bool plural = false) const;
  // An ordinal suffix ("st", "nd") or long ordinal ("first") for n, agreeing with `gender`.
  std::string ordinal(long n, std::string_view gender) const;
  std::string long_ordinal(long n, std::string_view gender) const;

  const xml::Element* date_format(std::string_view form) const;

  bool punctuation_in_quote = false;
  bool limit_day_ordinals_to_day_1 = false;
  std::string lang;

 private:
  struct Variant {
    TermForm form;
    std::string gender_form;
    Term term;
  };
  // By name (looked up without copying it), then the few forms and genders of that name.
  std::map<std::string, std::vector<Variant>, std::less<>> terms_;
  std::map<std::string, xml::Element, std::less<>> dates_;
};

}  // namespace papershelf::csl
