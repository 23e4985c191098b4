// The official CSL styles and locales compiled in (see core/CMakeLists.txt): builtin_csl_style()
// and builtin_csl_locale().
#include <utility>

#include "papershelf/csl.hpp"

namespace papershelf::csl {
namespace {

const std::pair<std::string_view, std::string_view> kStyles[] = {
#include "builtin_csl_styles.inc"
};
const std::pair<std::string_view, std::string_view> kLocales[] = {
#include "builtin_csl_locales.inc"
};

}  // namespace

std::string_view builtin_style(std::string_view id) {
  for (const auto& [name, text] : kStyles)
    if (name == id) return text;
  return {};
}

std::string_view builtin_locale(std::string_view tag) {
  for (const auto& [name, text] : kLocales)
    if (name == tag) return text;
  return {};
}

}  // namespace papershelf::csl
