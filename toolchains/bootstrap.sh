#!/usr/bin/env bash
# Installs everything papershelf's build and tests need on a Debian bookworm machine (run as root).
# Idempotent: on a ready machine it only checks and returns in seconds.
# Sources: Debian packages and the npm registry only. Nothing third-party is committed; fetched
# sources land in third_party/ (git-ignored).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

apt_packages=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev nlohmann-json3-dev
  emscripten
  libimgui-dev libglfw3-dev libstb-dev
  clang libclang-rt-14-dev clang-format  # (clang-format: the C++ files are held to .clang-format)
  chromium xvfb xdotool
  firefox-esr webkit2gtk-driver  # the visitor's session in Firefox and WebKit (web/test/engines.test.mjs)
  libharfbuzz-bin fonts-dejavu-core brotli
  fonts-noto-cjk  # the Chinese, Japanese and Korean lists are measured as their visitors see them
  python3 dpkg-dev
  citation-style-language-styles citation-style-language-locales  # the official CSL styles citations are formatted by
  hugo jekyll  # examples/static-site: the guide's sites are built by the real hugo and jekyll in the tests
  shellcheck  # the workflows' shell steps are checked by it (web/test/workflows.test.mjs)
)

missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node 20+ and npm: the machine image usually ships them; fall back to Debian's.
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm  >/dev/null 2>&1 || missing+=(npm)

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)

apt_updated=0
apt_update() {
  if [ "$apt_updated" -eq 0 ]; then
    "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
}

if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  apt_update
  "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui sources (the WASM widget compiles them with em++). Needs a deb-src entry, which we
# derive from the machine's own Debian source list so no mirror name is written anywhere here.
imgui_dir="$here/third_party/imgui"
if [ ! -f "$imgui_dir/imgui.cpp" ]; then
  if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
        "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/debian-src.sources >/dev/null
    elif [ -f /etc/apt/sources.list ]; then
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
        "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/debian-src.list >/dev/null
    fi
    apt_updated=0
  fi
  apt_update
  tmp="$(mktemp -d)"
  (cd "$tmp" && apt-get source -qq --download-only imgui >/dev/null 2>&1 || apt-get source -qq imgui >/dev/null)
  (cd "$tmp" && { ls -d imgui-*/ >/dev/null 2>&1 || dpkg-source -x ./*.dsc >/dev/null; })
  src="$(ls -d "$tmp"/imgui-*/ | head -1)"
  mkdir -p "$here/third_party"
  rm -rf "$imgui_dir"
  cp -r "$src" "$imgui_dir"
  rm -rf "$tmp"
fi

# JS tooling (TypeScript, esbuild, playwright-core, axe-core, vite) is pinned in
# web/package-lock.json. `npm install --no-save` rather than `npm ci`: this npm records only the
# current platform's optional packages (rollup, esbuild) in the lock, which `npm ci` rejects.
web="$here/web"
if [ -f "$web/package.json" ] && { [ ! -f "$web/node_modules/.package-lock.json" ] ||
    [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; }; then
  (cd "$web" && npm install --no-save --no-audit --no-fund --loglevel=error)
fi
echo "bootstrap: ready"
