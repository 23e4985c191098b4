// The language files of core/lang, compiled in (see core/CMakeLists.txt): builtin_language().
#include <utility>

#include "papershelf/words.hpp"

namespace papershelf {
namespace {

const std::pair<std::string_view, std::string_view> kLanguages[] = {
#include "builtin_languages.inc"
};

}  // namespace

const std::vector<std::string_view>& builtin_languages() {
  static const std::vector<std::string_view> codes = [] {
    std::vector<std::string_view> out;
    for (const auto& [code, file] : kLanguages) out.push_back(code);
    return out;
  }();
  return codes;
}

std::string_view builtin_language(std::string_view lang) {
  // "pt-BR", "zh-Hans-CN": the language before the first '-' or '_', in any case.
  std::string code(lang.substr(0, lang.find_first_of("-_")));
  for (char& c : code)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  for (const auto& [known, file] : kLanguages)
    if (known == code) return file;
  return {};
}

}  // namespace papershelf
