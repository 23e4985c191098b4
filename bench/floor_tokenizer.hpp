// A bare BibTeX tokenizer, the floor the reader's speed is measured against (see the .cpp).
#pragma once

#include <cstddef>
#include <cstdint>

// Tokenizes `text` (entries, keys, field names, value extents) and returns how many extents it
// found; `*entries` (when not null) gets the number of entries, @string and @comment included.
extern "C" std::uint32_t papershelf_floor_tokenize(const char* text, std::size_t size,
                                                   std::uint32_t* entries);
