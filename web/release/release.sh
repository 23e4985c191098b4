#!/usr/bin/env bash
# Writes the release files into OUT_DIR from web/dist (built by ./dev.sh):
#   papershelf-VERSION.tgz        the npm package (`npm install ./papershelf-VERSION.tgz`, then
#                                 `npx papershelf`), exactly what `npm pack` makes of web/
#   papershelf-VERSION-embed.zip  papershelf/: what the one-line script tag loads (with lang/: the
#                                 list's words and the citation locale of each shipped language),
#                                 the stylesheet for the static list, and HOWTO.txt
# web/test/release.test.mjs checks the zip against what a page really fetches.
set -euo pipefail
web="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
version="$(node -p 'require(process.argv[1]).version' "$web/package.json")"
rm -f "$out/papershelf-$version.tgz" "$out/papershelf-$version-embed.zip"
(cd "$web" && npm pack --silent --pack-destination "$out" >/dev/null)
# The zip by Python's zipfile (zip itself may not be installed), with fixed times so the same
# files make the same zip.
python3 - "$web" "$out/papershelf-$version-embed.zip" "$version" <<'PY'
import json, sys, zipfile
from pathlib import Path
web, target, version = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
# (the files a page loads: the build's one list)
EMBED = json.loads((web / "dist" / "browser-files.json").read_text())["files"]
def add(archive, name, data):
    info = zipfile.ZipInfo(f"papershelf/{name}", date_time=(2024, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)
# Each shipped language: the list's words (CODE.json) and the locale its citations are written in
# (CODE.csl.xml, fetched at a visitor's first Cite on a page in that language).
EMBED += sorted(f"lang/{file.name}" for file in (web / "dist" / "lang").iterdir() if file.name.endswith((".json", ".csl.xml")))
with zipfile.ZipFile(target, "w") as archive:
    for name in EMBED:
        add(archive, name, (web / "dist" / name).read_bytes())
    add(archive, "HOWTO.txt", (web / "release" / "HOWTO.txt").read_text().replace("@VERSION@", version))
PY
echo "$out/papershelf-$version.tgz"
echo "$out/papershelf-$version-embed.zip"
