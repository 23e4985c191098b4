#!/usr/bin/env bash
# papershelf developer entry point. The README's two quick-start commands are:
#   ./dev.sh serve   build everything, then serve examples/ on 127.0.0.1 and print the URL
#   ./dev.sh test    build everything with -Werror and run the whole test suite (one ctest run)
#   ./dev.sh fuzz [SECONDS]   run every libFuzzer target for SECONDS each (default 60)
#   ./dev.sh release  build the web package, then write build/release/papershelf-VERSION.tgz (npm
#                     pack) and papershelf-VERSION-embed.zip (the script-tag files + HOWTO.txt)
# Each first runs toolchains/bootstrap.sh, which installs whatever is missing (Debian + npm only).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$root"
jobs="${PAPERSHELF_JOBS:-2}"
emscripten_toolchain=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake

build_wasm() {
  cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel -DPAPERSHELF_WERROR=ON \
    -DCMAKE_TOOLCHAIN_FILE="$emscripten_toolchain" -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
  cmake --build build/wasm -j "$jobs"
  # The same core at -O3 (about 3x faster, 60 KB gzip larger): for Node, and for the worker that
  # reads large files in the browser.
  cmake -S . -B build/wasm-fast -G Ninja -DCMAKE_BUILD_TYPE=Release -DPAPERSHELF_WERROR=ON \
    -DPAPERSHELF_TESTS=OFF -DPAPERSHELF_CORE_NAME=papershelf-core-fast \
    -DCMAKE_TOOLCHAIN_FILE="$emscripten_toolchain" >/dev/null
  # With it, the benchmark floor (a bare tokenizer) that bench/web/bibtex.mjs times beside it, and
  # the CLI for Node (papershelf-cli.cjs + .wasm: the package's `npx papershelf`).
  cmake --build build/wasm-fast -j "$jobs" --target papershelf_wasm papershelf_floor_wasm papershelf
}

build_web() {
  # web/dist: the npm package (compiled TypeScript + the WebAssembly core + the stylesheet; its
  # element entry, element-entry.js, for bundlers) and the one-file script-tag bundle
  # papershelf.js (which fetches papershelf-core.wasm from beside it).
  (
    cd web
    rm -rf dist
    npx tsc -p .
    cp ../build/wasm/web/papershelf-core.mjs ../build/wasm/web/papershelf-core.wasm dist/
    cp ../build/wasm-fast/web/papershelf-core-fast.mjs ../build/wasm-fast/web/papershelf-core-fast.wasm dist/
    # The CLI for Node, which bin/papershelf.cjs runs.
    cp ../build/wasm-fast/cli/papershelf-cli.cjs ../build/wasm-fast/cli/papershelf-cli.wasm dist/
    # Minified: the script tag carries the stylesheet inside papershelf.js.
    npx esbuild src/papershelf.css --minify --log-level=error --outfile=dist/papershelf.css
    # The same stylesheet as a module, for `import "papershelf/element"` (bundlers differ in how
    # they import CSS as text; a string module is the same everywhere).
    node -e 'const fs = require("fs"); fs.writeFileSync("dist/papershelf-css.js",
      `export default ${JSON.stringify(fs.readFileSync("dist/papershelf.css", "utf8"))};\n`)'
    # <paper-shelf> in React 19's JSX (types only), and the Custom Elements Manifest, made from
    # the element's own types (its attributes, events and properties, with their comments).
    cp types/react.d.ts dist/
    # The static-site guide's Jekyll include and Hugo shortcode (examples/static-site), so that a
    # site copies them out of node_modules/papershelf like every other file.
    mkdir -p dist/site/jekyll dist/site/hugo
    cp ../examples/static-site/jekyll/_includes/papershelf.html dist/site/jekyll/
    cp ../examples/static-site/hugo/layouts/shortcodes/papershelf.html dist/site/hugo/
    # The guide itself and its GitHub Actions workflows, for a reader of node_modules/papershelf.
    cp ../examples/static-site/README.md dist/site/README.md
    cp -r ../examples/static-site/github-actions dist/site/
    node scripts/custom-elements.mjs
    # The canvas renderer, loaded on demand: the ImGui module (its Emscripten glue and the
    # element's bridge, canvas.ts, bundled and minified). It draws with the page's own fonts.
    cp ../build/wasm/widget/papershelf-canvas.mjs dist/papershelf-canvas-glue.mjs
    npx esbuild dist/canvas-bundle.js --bundle --minify --format=esm --log-level=error \
      --outfile=dist/papershelf-canvas.mjs
    rm dist/papershelf-canvas-glue.mjs dist/canvas-bundle.js dist/canvas-bundle.d.ts
    cp ../build/wasm/widget/papershelf-canvas.wasm dist/
    # The list's words in the languages papershelf ships, each fetched only by a page in it
    # (en.json is the list of phrases, not needed by a page).
    mkdir -p dist/lang
    cp ../core/lang/*.json dist/lang/ && rm dist/lang/en.json
    npx esbuild dist/script-tag.js --bundle --format=iife --minify --loader:.css=text \
      --log-level=error --outfile=dist/papershelf.js
    rm -f dist/script-tag.js dist/script-tag.d.ts
  )
}

build_sanitized() {
  # The core suite once more under AddressSanitizer + UndefinedBehaviorSanitizer (run by the
  # native ctest below).
  cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DPAPERSHELF_WERROR=ON \
    -DPAPERSHELF_SANITIZE=ON >/dev/null
  cmake --build build/asan -j "$jobs" --target core_tests
}

build_fuzz() {
  # The libFuzzer targets (clang, ASan+UBSan); ctest runs each briefly (fuzz_* tests), and
  # ./dev.sh fuzz runs them longer.
  cmake -S . -B build/fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DPAPERSHELF_FUZZ=ON \
    -DPAPERSHELF_TESTS=OFF -DPAPERSHELF_WERROR=ON >/dev/null
  cmake --build build/fuzz -j "$jobs" --target fuzz_bibtex fuzz_json fuzz_latex fuzz_names fuzz_query
}

build_native() {
  cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release -DPAPERSHELF_WERROR=ON \
    -DPAPERSHELF_WASM_BUILD_DIR="$root/build/wasm" -DPAPERSHELF_ASAN_BUILD_DIR="$root/build/asan" \
    -DPAPERSHELF_FUZZ_BUILD_DIR="$root/build/fuzz" >/dev/null
  cmake --build build/native -j "$jobs"
}

site() {
  # The example site: examples/ plus the built web package and pre-rendered fallbacks.
  rm -rf build/site && mkdir -p build/site
  cp -r examples/. build/site/
  cp web/src/papershelf.css web/dist/papershelf.js web/dist/papershelf-core.wasm web/dist/papershelf-canvas.mjs \
    web/dist/papershelf-canvas.wasm web/dist/papershelf-core-fast.mjs \
    web/dist/papershelf-core-fast.wasm build/site/
  cp -r web/dist/lang build/site/
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
    build_fuzz
    build_native
    site
    cd build/native
    ctest --output-on-failure -j "$jobs"
    ;;
  fuzz)
    # Each target for SECONDS (not deterministic: a fresh random seed each run). Findings land in
    # build/fuzz/findings/; see fuzz/run.sh for what to do with them.
    bash toolchains/bootstrap.sh
    build_fuzz
    failed=0
    for target in bibtex json latex names query; do
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
    echo "usage: ./dev.sh serve | test | fuzz [seconds] | release" >&2
    exit 2
    ;;
esac
