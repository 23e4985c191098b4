#!/usr/bin/env bash
# papershelf developer entry point. The README's two quick-start commands are:
#   ./dev.sh serve   build everything, then serve examples/ on 127.0.0.1 and print the URL
#   ./dev.sh test    build everything with -Werror and run the whole test suite (one ctest run)
#   ./dev.sh check [FILTER]   the loop of seconds: build the native core suite and run it in one
#                     process (a GoogleTest FILTER such as 'Bibtex*' runs only those)
#   ./dev.sh fuzz [SECONDS]   run every libFuzzer target for SECONDS each (default 60)
#   ./dev.sh release  build the web package, then write build/release/papershelf-VERSION.tgz (npm
#                     pack) and papershelf-VERSION-embed.zip (the script-tag files + HOWTO.txt)
# Each first runs toolchains/bootstrap.sh, which installs whatever is missing (Debian + npm only).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$root"
jobs="${PAPERSHELF_JOBS:-2}"

# The build trees are CMakePresets.json's (build/<preset>); the web package is web's `npm run build`.
preset() {
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" -j "$jobs"
}

build_wasm() {
  # The page's core (-Oz) and the canvas; then the same core at -O3 (about 3x faster, 60 KB gzip
  # larger: for Node, citations and the worker that reads large files) and the CLI for Node
  # (`npx papershelf`).
  preset wasm
  preset wasm-fast
}

build_web() {
  # web/dist: the npm package and the one-file script-tag bundle (web/scripts/build.mjs).
  (cd web && npm run --silent build)
}

build_sanitized() {
  # The one sanitized tree (clang, ASan + UBSan): the libFuzzer targets, which ctest runs briefly
  # (fuzz_* tests; ./dev.sh fuzz runs them longer), and the core suite once more (core_tests_asan_ubsan).
  preset fuzz
}

build_native() {
  preset native
}

site() {
  # The example site: examples/ plus the built web package and pre-rendered fallbacks.
  rm -rf build/site && mkdir -p build/site
  cp -r examples/. build/site/
  # The pages' shared head and navigation (examples/shared).
  node examples/shared/apply.mjs build/site && rm -r build/site/shared
  # What a page loads (the web build's one list, web/dist/browser-files.json), and lang/.
  node -e 'const l = require("./web/dist/browser-files.json"); for (const f of [...l.files, ...l.folders]) console.log(`web/dist/${f}`)' |
    xargs cp -r -t build/site/
  # The lab page's list: 5,000 deterministic synthetic entries (generated, never committed).
  build/native/bench/papershelf_gen_bib 5000 build/site/lab/papers.bib >/dev/null
  # Each page's static list, rendered by the CLI from the page's own <paper-shelf> attributes,
  # so the list does not change when the element takes over (exit 1: some data had errors).
  for page in build/site/*/index.html; do
    grep -q "papershelf:prerender" "$page" || continue
    build/native/cli/papershelf prerender "$page" -o "$page" || [ $? -eq 1 ]
  done
}

case "${1:-}" in
  serve)
    bash toolchains/bootstrap.sh
    build_wasm
    build_web
    build_native
    site
    port="${PORT:-8000}"
    echo
    echo "papershelf example homepage: http://127.0.0.1:${port}/homepage/"
    echo "(Ctrl+C to stop)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory build/site
    ;;
  test)
    bash toolchains/bootstrap.sh
    build_wasm
    build_web
    build_sanitized
    build_native
    site
    ctest --preset native -j "$jobs"
    ;;
  check)
    # No installs and no other tree: the native core suite (about 15 s for all of it), rebuilt
    # for what changed. `ctest --preset native -L core` runs the same tests one process each.
    cmake --preset native >/dev/null
    cmake --build --preset native -j "$jobs" --target core_tests
    exec build/native/tests/core_tests --gtest_brief=1 ${2:+"--gtest_filter=$2"}
    ;;
  fuzz)
    # Each target for SECONDS (not deterministic: a fresh random seed each run). Findings land in
    # build/fuzz/findings/; see fuzz/run.sh for what to do with them.
    bash toolchains/bootstrap.sh
    build_sanitized
    failed=0
    for target in bibtex csl json latex names query sync; do
      bash fuzz/run.sh build/fuzz "$target" "${2:-60}" || failed=1
    done
    exit "$failed"
    ;;
  release)
    bash toolchains/bootstrap.sh
    build_wasm
    build_web
    bash web/release/release.sh build/release
    ;;
  *)
    echo "usage: ./dev.sh serve | test | check [filter] | fuzz [seconds] | release" >&2
    exit 2
    ;;
esac
