// Storage class for the reader's reusable scratch (name caches, decoder stacks): one copy per
// thread, so that readers on several threads never share it.
#pragma once

// WebAssembly without threads: plain statics. (With bulk memory, LLVM 14's linker refuses
// thread-local storage unless atomics are on too, and without threads there is only one copy
// either way.)
#if defined(__wasm__) && !defined(__wasm_atomics__)
#define PAPERSHELF_SCRATCH static
#else
#define PAPERSHELF_SCRATCH static thread_local
#endif
