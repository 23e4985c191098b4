// A language file's words for the core (core/lang/<code>.json; its "labels" are the element's).
#include "papershelf/json.hpp"
#include "papershelf/words.hpp"

namespace papershelf {

Words read_words(std::string_view text, std::string lang, std::vector<std::string>* problems) {
  Words words;
  words.set_lang(std::move(lang));
  const auto problem = [&](std::string message) {
    if (problems) problems->push_back(std::move(message));
  };
  json::Value root;
  json::ParseError error;
  if (!json::parse(text, root, &error)) {
    problem("the language file is not JSON (at byte " + std::to_string(error.offset) + ")");
    return words;
  }
  if (!root.is_object()) {
    problem("a language file is a JSON object");
    return words;
  }
  if (const json::Value* plural = root.find("plural"); plural && plural->is_string()) {
    const PluralRuleRow* named = nullptr;
    std::string names;
    for (const PluralRuleRow& row : kPluralRules) {
      if (row.name == plural->text) named = &row;
      names += (names.empty() ? "" : ", ") + std::string(row.name);
    }
    if (named)
      words.set_plural_rule(named->rule);
    else
      problem("plural: \"" + plural->text.substr(0, 40) + "\" is not one of " + names);
  }
  if (const json::Value* numbers = root.find("numbers"); numbers && numbers->is_object())
    if (const json::Value* group = numbers->find("group"); group && group->is_string())
      words.set_group_separator(group->text);
  const json::Value* table = root.find("words");
  if (!table) return words;
  if (!table->is_object()) {
    problem("words: an object of English phrases and their translations");
    return words;
  }
  for (const auto& [english, value] : table->members) {
    if (value.is_string()) {
      words.add(english, value.text);
      continue;
    }
    const json::Value* one = value.is_object() ? value.find("one") : nullptr;
    const json::Value* other = value.is_object() ? value.find("other") : nullptr;
    if (other && other->is_string() && (!one || one->is_string()))
      words.add(english, other->text, one ? one->text : "");
    else
      problem("words: \"" + english.substr(0, 40) +
              "\" must be a text or {\"one\": ..., \"other\": ...}");
  }
  return words;
}

}  // namespace papershelf
