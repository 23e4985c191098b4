// CSL-JSON's types read back into the model (see pub_types.hpp).
#include "biblio/pub_types.hpp"

#include <utility>

namespace papershelf::biblio {

PubType type_of_csl(std::string_view t) {
  if (auto own = pub_type_from_string(t)) return *own;
  for (const TypeNames& row : kTypeNames)
    if (t == row.csl) return row.type;
  // CSL's types that the model has no type of its own for.
  static constexpr std::pair<std::string_view, PubType> kCloseTo[] = {
      {"article-magazine", PubType::Journal},
      {"article-newspaper", PubType::Journal},
      {"entry-encyclopedia", PubType::Chapter},
      {"entry-dictionary", PubType::Chapter},
      {"presentation", PubType::Talk},
      {"manuscript", PubType::Preprint},
      {"webpage", PubType::Misc}};
  for (const auto& [name, type] : kCloseTo)
    if (t == name) return type;
  return PubType::Misc;
}

}  // namespace papershelf::biblio
