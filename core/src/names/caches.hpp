// The name parser's caches (decoded words, parsed names; bibtex_names.cpp), for the checks that
// a cached answer equals a fresh one (fuzz/harness.hpp).
#pragma once

namespace papershelf::detail {

// Empties this thread's caches: the next parse of any name starts from its source text.
void forget_cached_names();

}  // namespace papershelf::detail
