#include "csl/locale.hpp"

namespace papershelf::csl {

TermForm term_form(std::string_view s) {
  if (s == "short") return TermForm::Short;
  if (s == "verb") return TermForm::Verb;
  if (s == "verb-short") return TermForm::VerbShort;
  if (s == "symbol") return TermForm::Symbol;
  return TermForm::Long;
}

namespace {
// A term written as nothing but line breaks and indentation is empty, as citeproc-js reads it (it
// drops the whitespace between two tags): GOST styles empty "and others" so.
std::string content(const std::string& text) {
  return text.find_first_not_of(" \t\r\n") == std::string::npos ? std::string() : text;
}
}  // namespace

void Locale::merge(const xml::Element& locale) {
  for (const xml::Element& section : locale.children) {
    if (section.name == "style-options") {
      if (const std::string* v = section.attribute("punctuation-in-quote"))
        punctuation_in_quote = *v == "true";
      if (const std::string* v = section.attribute("limit-day-ordinals-to-day-1"))
        limit_day_ordinals_to_day_1 = *v == "true";
    } else if (section.name == "date") {
      dates_[std::string(section.attribute_or("form", "text"))] = section;
    } else if (section.name == "terms") {
      // CSL 1.0.1: a locale that defines any ordinal term replaces all the ordinals before it.
      bool has_ordinal = false;
      for (const xml::Element& t : section.children)
        if (t.attribute_or("name", "").substr(0, 7) == "ordinal") has_ordinal = true;
      if (has_ordinal) {
        for (auto it = terms_.begin(); it != terms_.end();)
          it = it->first.compare(0, 7, "ordinal") == 0 ? terms_.erase(it) : std::next(it);
      }
      for (const xml::Element& t : section.children) {
        if (t.name != "term") continue;
        const TermForm form = term_form(t.attribute_or("form", "long"));
        const std::string_view gender_form = t.attribute_or("gender-form", "");
        Term term;
        term.gender = std::string(t.attribute_or("gender", ""));
        term.match = std::string(t.attribute_or("match", ""));
        if (const xml::Element* single = t.child("single")) {
          term.single = content(single->text);
          const xml::Element* multiple = t.child("multiple");
          term.multiple = multiple ? content(multiple->text) : term.single;
        } else {
          term.single = term.multiple = content(t.text);
        }
        std::vector<Variant>& variants = terms_[std::string(t.attribute_or("name", ""))];
        bool replaced = false;
        for (Variant& v : variants)
          if (v.form == form && v.gender_form == gender_form) {
            v.term = term;
            replaced = true;
          }
        if (!replaced) variants.push_back({form, std::string(gender_form), std::move(term)});
      }
    }
  }
}

const Term* Locale::term(std::string_view name, TermForm form, std::string_view gender_form) const {
  const auto it = terms_.find(name);
  if (it == terms_.end()) return nullptr;
  for (;;) {
    const Term* plain = nullptr;
    for (const Variant& v : it->second) {
      if (v.form != form) continue;
      if (v.gender_form == gender_form) return &v.term;
      if (v.gender_form.empty()) plain = &v.term;
    }
    if (plain) return plain;
    switch (form) {
      case TermForm::Symbol:
        form = TermForm::Short;
        break;
      case TermForm::VerbShort:
        form = TermForm::Verb;
        break;
      case TermForm::Short:
      case TermForm::Verb:
        form = TermForm::Long;
        break;
      case TermForm::Long:
        return nullptr;
    }
  }
}

std::string Locale::text(std::string_view name, TermForm form, bool plural) const {
  const Term* t = term(name, form);
  if (!t) return {};
  return plural ? t->multiple : t->single;
}

std::string Locale::ordinal(long n, std::string_view gender) const {
  const long abs = n < 0 ? -n : n;
  const long last_two = abs % 100, last = abs % 10;
  auto key = [](long v) {
    return std::string(v < 10 ? "ordinal-0" : "ordinal-") + std::to_string(v);
  };
  // ordinal-10..99 match the last two digits unless they say "whole-number"; ordinal-00..09 the
  // last digit unless they say otherwise; "ordinal" is for everything else.
  if (last_two >= 10) {
    const Term* t = term(key(last_two), TermForm::Long, gender);
    if (t && (t->match != "whole-number" || abs == last_two)) return t->single;
  }
  if (const Term* t = term(key(last), TermForm::Long, gender)) {
    if (t->match.empty() || t->match == "last-digit" ||
        (t->match == "last-two-digits" && last_two < 10) ||
        (t->match == "whole-number" && abs == last))
      return t->single;
  }
  const Term* t = term("ordinal", TermForm::Long, gender);
  return t ? t->single : std::string();
}

std::string Locale::long_ordinal(long n, std::string_view gender) const {
  if (n >= 1 && n <= 10) {
    const std::string key = n == 10 ? "long-ordinal-10" : "long-ordinal-0" + std::to_string(n);
    if (const Term* t = term(key, TermForm::Long, gender)) return t->single;
  }
  return std::to_string(n) + ordinal(n, gender);
}

const xml::Element* Locale::date_format(std::string_view form) const {
  auto it = dates_.find(form);
  return it == dates_.end() ? nullptr : &it->second;
}

}  // namespace papershelf::csl
