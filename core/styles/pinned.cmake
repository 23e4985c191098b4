# The official CSL files the core compiles in (the six styles, en-US and en-GB) and the package
# ships (lang/<code>.csl.xml), each by its SHA-256 as Debian's citation-style-language-styles
# 0~20230209.153790a-1 and citation-style-language-locales 0~20230122.9b9366b-1 hold it. The
# files are read from the package at build time, never committed (they are not ours); the hashes
# pin them, so a newer package cannot change every citation unnoticed: configuring warns and the
# test csl_files_are_pinned fails, naming each file. To take a new package, build with it, read
# what the CSL tests and `node web/test/csl-styles.mjs` then say, and write its hashes here.
set(PAPERSHELF_CSL_PINS
  styles/apa.csl=5c8d7e6e96f2cb1c0e0bfdf3d6cf835ad33ae32e7c5ab67403c86f497b78794c
  styles/ieee.csl=d8a7b3984a56bfb923ee5c4210f83d9be39382afee4397fe3d90a29cf61310ed
  styles/association-for-computing-machinery.csl=4b5426a50a3840728b9e184ccaa27c4922bf1cdc21587937bc4fb753f55b60f4
  styles/chicago-author-date.csl=7a27e330d0943f1e378e339a1a6954149715080f6c4ce117c4af947b532c8e6d
  styles/modern-language-association.csl=59c11c1a4344e029d5055e1283fec5b13ac59a9508ec50ecbe38f658cf31f2d8
  styles/harvard-cite-them-right.csl=5e62d5143adfb209040986806dda8cec2b4f9f1a2282a7c62a1c97f6a9d84c9d
  locales/locales-en-US.xml=8e771dcbee36edaab02b5c479edb5c16a2eb982f83e00cdfd0991282b9c1cfc6
  locales/locales-en-GB.xml=9c29d247ef911fa2cc6b863712d3a8289aebb50e89bf7e00b63536d53badf8a6
  locales/locales-de-DE.xml=ceaa874a27e739d5134c508b3d66992f2a268d5df009fff1fd2d579f322b82dc
  locales/locales-es-ES.xml=f16a9b8c8d23ade76e16f757d7174775154183e6be6a0e6ea67b04c3d7e84b99
  locales/locales-fr-FR.xml=1a02b25790403c6a7acf9576c9ca41612b2d70a2706e7cc76a6387bafbd7a82a
  locales/locales-it-IT.xml=6654527ca6cc1c1a56a2b00a03fb440a2e381255efbf2f83e45ae36517f0a8f2
  locales/locales-ja-JP.xml=93a278caf3f5359bfe54ffcd0f61ebc66fd7fdf6489f8400520b0bb286468016
  locales/locales-ko-KR.xml=6f370ddaaeed62f0f67c4e035d6ea07f7f4942c2f96745da079105fee4bc675a
  locales/locales-pt-PT.xml=a69ff1b4847241903f38b471a90ee9c668325ae6cea52691b6b8c984e302aa6f
  locales/locales-zh-CN.xml=85cade24d6ef21cb08c98c022f8c0d49c33a0a842e2233518c7c19cc773eab65)

# Sets `out_var` to one line per file under `dir` that is missing or differs from its pin.
function(papershelf_csl_pin_differences dir out_var)
  set(differences "")
  foreach(pin IN LISTS PAPERSHELF_CSL_PINS)
    string(REPLACE "=" ";" pin "${pin}")
    list(GET pin 0 file)
    list(GET pin 1 pinned)
    if(NOT EXISTS "${dir}/${file}")
      string(APPEND differences "  ${dir}/${file}: missing\n")
      continue()
    endif()
    file(SHA256 "${dir}/${file}" actual)
    if(NOT actual STREQUAL pinned)
      string(APPEND differences "  ${dir}/${file}: SHA-256 ${actual}, pinned ${pinned}\n")
    endif()
  endforeach()
  set(${out_var} "${differences}" PARENT_SCOPE)
endfunction()

# cmake -DPAPERSHELF_CSL_DIR=... -P pinned.cmake: fails when a file differs (the test).
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  papershelf_csl_pin_differences("${PAPERSHELF_CSL_DIR}" differences)
  if(differences)
    message(FATAL_ERROR "The CSL files differ from those core/styles/pinned.cmake pins:\n${differences}"
                        "Citations may change; see core/styles/pinned.cmake")
  endif()
  message(STATUS "The CSL files are the pinned ones")
endif()
