// The words the core writes for a visitor to read (type and status names, link labels, group
// headings, the profile card's counts), in the page's language. The core writes English, and each
// phrase is looked up by its English text, as gettext does: whoever translates sees the phrase
// itself. A language replaces the phrases it knows; the rest stay English.
//
// The languages papershelf ships are data, core/lang/<code>.json, one file per language holding
// the core's words and the element's labels. The command line compiles them in
// (builtin_language()); a page fetches only the file its `lang` asks for and hands the words to
// its catalog, so a visitor never downloads a language the page is not written in.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace papershelf {

// How a language chooses between "1 publication" and "2 publications".
enum class PluralRule : std::uint8_t {
  OneIsOne,        // one: n = 1 (English, German, Spanish, Italian)
  OneIsZeroOrOne,  // one: n = 0 or 1 (French, Brazilian Portuguese)
  None,            // one form for every number (Chinese, Japanese, Korean)
};

// Each rule by its name in a language file ("plural": "one-is-one") and the counts that take a
// phrase's singular form, from `one_from` to `one_to` (none when from > to). The core reads
// language files and counts by this table, and the element's copy is generated from it
// (web/src/generated/boundary.ts, PLURAL_RULES): one rule, wherever a count is written.
struct PluralRuleRow {
  PluralRule rule;
  std::string_view name;
  std::uint64_t one_from, one_to;
};
inline constexpr PluralRuleRow kPluralRules[] = {
    {PluralRule::OneIsOne, "one-is-one", 1, 1},
    {PluralRule::OneIsZeroOrOne, "one-is-zero-or-one", 0, 1},
    {PluralRule::None, "none", 1, 0},
};

// Whether `n` takes the singular form under `rule`.
constexpr bool takes_singular(PluralRule rule, std::uint64_t n) {
  for (const PluralRuleRow& row : kPluralRules)
    if (row.rule == rule) return row.one_from <= n && n <= row.one_to;
  return false;
}

class Words {
 public:
  // The phrase in this language, or `english` when it has none.
  std::string_view operator()(std::string_view english) const;
  // A noun for `n` things: `one` or `other` in English; a translation is found by `other` and
  // may have both forms.
  std::string_view count(std::uint64_t n, std::string_view one, std::string_view other) const;
  // `n` with the language's digit grouping (12,345; 12.345; 12 345).
  std::string number(std::uint64_t n) const;
  // `text` with "{name}" replaced by `value` (a phrase's number or name), in one pass: a value
  // (data, as a title may be) is never read for slots itself.
  static std::string fill(std::string_view text, std::string_view name, std::string_view value);
  static std::string fill(
      std::string_view text,
      std::initializer_list<std::pair<std::string_view, std::string_view>> slots);
  // "Email: ada@example.org", "2021: 3 publications": a thing and what it is, as the language
  // joins them ("{what}: {value}").
  std::string labelled(std::string_view what, std::string_view value) const;
  // Whether a count reads noun first in this language ("{count} {noun}" as 論文 13).
  bool noun_first() const;

  // One phrase: `other` is the translation (of a count's plural form); `one` its singular, when
  // the language's nouns change with the number ("" otherwise).
  void add(std::string english, std::string other, std::string one = {});
  void set_plural_rule(PluralRule rule) { plural_ = rule; }
  void set_group_separator(std::string separator) { group_separator_ = std::move(separator); }
  // The language these words are in ("" for English).
  const std::string& lang() const { return lang_; }
  void set_lang(std::string lang) { lang_ = std::move(lang); }
  bool empty() const { return phrases_.empty(); }

 private:
  struct Phrase {
    std::string english, other, one;
  };
  const Phrase* find(std::string_view english) const;
  std::vector<Phrase> phrases_;  // sorted by English
  PluralRule plural_ = PluralRule::OneIsOne;
  std::string group_separator_ = ",";
  std::string lang_;
};

// No translations: every phrase in English (what a formatter uses without words of its own).
const Words& english_words();

// Words from a language file's JSON (core/lang/<code>.json): its "words" object ({"Abstract":
// "Zusammenfassung", "publications": {"one": "Publikation", "other": "Publikationen"}}), "plural"
// ("one-is-one", "one-is-zero-or-one", "none") and "numbers" ({"group": "."}). What cannot be read
// is described in `problems` and left out; the rest is kept.
Words read_words(std::string_view json, std::string lang,
                 std::vector<std::string>* problems = nullptr);

// The languages built into this program (the command line's; a page's core has none): their
// codes, and the file of one ("de", "pt-BR" falls back to "pt"), or "" when there is none.
const std::vector<std::string_view>& builtin_languages();
std::string_view builtin_language(std::string_view lang);

}  // namespace papershelf
