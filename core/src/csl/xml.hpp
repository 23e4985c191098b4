// A small XML reader for CSL styles and locales: elements, attributes and text, with the five
// named entities and character references. No DTDs, no namespaces beyond keeping the prefix in
// the name; comments, processing instructions and CDATA are understood. (Debian's expat or
// pugixml would add 40-60 KB to the Cite module for features CSL files never use.)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace papershelf::csl::xml {

struct Element {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<Element> children;  // elements only
  std::string text;               // the text directly inside, concatenated (CSL never mixes)
  std::uint32_t line = 0, column = 0;
  std::uint8_t kind = 0;  // for the reader's client: what the name means to it, set once

  // The attribute's value, or nullptr.
  const std::string* attribute(std::string_view key) const;
  std::string_view attribute_or(std::string_view key, std::string_view fallback) const;
  // The first child of that name, or nullptr.
  const Element* child(std::string_view child_name) const;
};

// The code point an entity names, without its & and ; ("amp", "lt", "#60", "#x3C"), or 0 for
// none: the XML reader's rule, which the processor also applies to escaped field text.
char32_t entity(std::string_view name);
// Text with its entities ("&lt;", "&amp;", "&#60;", "&#x3C;") decoded by entity(); an "&" that
// starts none stays. (CSL-JSON's escaped field text; OpenAlex's titles.)
std::string decode_entities(std::string_view s);

// Parses a document into its root element; false with "line:column: what" in `error`.
bool parse(std::string_view text, Element& root, std::string& error);

}  // namespace papershelf::csl::xml
