// `npm run build`: web/dist, the npm package, from the TypeScript here and the WebAssembly modules
// CMake built (../build/wasm: the -Oz core and the canvas; ../build/wasm-fast: the -O3 core and the
// CLI for Node). Also the one-file script-tag bundle papershelf.js, which fetches its .wasm from
// beside it. `./dev.sh` builds the modules first (the CMake presets) and then runs this.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(web, "..");
const dist = join(web, "dist");
const wasm = join(root, "build", "wasm"), wasmFast = join(root, "build", "wasm-fast");
const copy = (from) => cpSync(from, join(dist, basename(from)));
const quiet = { logLevel: "error" };

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(web, "node_modules", "typescript", "bin", "tsc"), "-p", web], { stdio: "inherit" });

// The cores: -Oz for pages (papershelf-core the list, papershelf-core-card with the profile card),
// -O3 (papershelf-core-fast: about 3x faster, 100 KB gzip larger) for Node, citations and the
// worker that reads large files; and the CLI that bin/papershelf.cjs runs.
// The page's two cores have one glue (papershelf-core.mjs, which papershelf.js bundles): built
// with the same exports, Emscripten writes the same file for both but for the .wasm's name.
const glue = (name) => readFileSync(join(wasm, "web", `${name}.mjs`), "utf8").replaceAll(`${name}.wasm`, "CORE.wasm");
if (glue("papershelf-core") !== glue("papershelf-core-card"))
  throw new Error("papershelf-core.mjs and papershelf-core-card.mjs differ: the card core needs the list core's exports (web/binding)");
for (const file of ["papershelf-core.mjs", "papershelf-core.wasm", "papershelf-core-card.wasm"]) copy(join(wasm, "web", file));
for (const file of ["web/papershelf-core-fast.mjs", "web/papershelf-core-fast.wasm", "cli/papershelf-cli.cjs", "cli/papershelf-cli.wasm"])
  copy(join(wasmFast, file));

// The stylesheet, minified, and as a module for `import "papershelf/element"` (bundlers differ in
// how they import CSS as text; a string module is the same everywhere).
await build({ ...quiet, entryPoints: [join(web, "src", "papershelf.css")], minify: true, outfile: join(dist, "papershelf.css") });
writeFileSync(join(dist, "papershelf-css.js"), `export default ${JSON.stringify(readFileSync(join(dist, "papershelf.css"), "utf8"))};\n`);

// <paper-shelf> in React 19's JSX (types only).
copy(join(web, "types", "react.d.ts"));

// The static-site guide's Jekyll include and plugin and Hugo shortcode, so that a site copies them
// out of node_modules/papershelf like every other file (`setup`), with the folder's README.
const site = join(root, "examples", "static-site");
mkdirSync(join(dist, "site", "jekyll"), { recursive: true });
mkdirSync(join(dist, "site", "hugo"), { recursive: true });
cpSync(join(site, "jekyll", "_includes", "papershelf.html"), join(dist, "site", "jekyll", "papershelf.html"));
cpSync(join(site, "jekyll", "_plugins", "papershelf.rb"), join(dist, "site", "jekyll", "papershelf.rb"));
cpSync(join(site, "hugo", "layouts", "shortcodes", "papershelf.html"), join(dist, "site", "hugo", "papershelf.html"));
cpSync(join(site, "README.md"), join(dist, "site", "README.md"));

// The package's LICENSE, and the docs a site's owner follows from the package alone: the
// static-site guide and every file it links to, and they link to, at the paths they have in the
// repository (docs/, examples/static-site/github-actions/), so that each relative link resolves
// in both. (Generated: web/LICENSE, web/docs/ and web/examples/ are not in git.)
cpSync(join(root, "LICENSE"), join(web, "LICENSE"));
for (const folder of ["docs", "examples"]) rmSync(join(web, folder), { recursive: true, force: true });
const shipped = new Set();
// The screenshots stay in the repository (1.1 MB of pictures of its own examples): in the
// package a picture of one is left out (a line of pictures alone with it) and a link to one is
// its words alone.
const screenshotPicture = /^[ \t]*!\[[^\]]*\]\(screenshots\/[^)\s]+\)[ \t]*\n|!\[[^\]]*\]\(screenshots\/[^)\s]+\)/gm;
// (and a passage about them is marked in the docs, and left out whole)
const repositoryOnly = /^<!-- repository only[^\n]*-->\n[\s\S]*?^<!-- end of repository only -->\n\n?/gm;
const screenshot = /\[([^\]]*)\]\((screenshots\/[^)\s]+)\)/g;
const ship = (relative) => {
  if (shipped.has(relative)) return;
  shipped.add(relative);
  mkdirSync(dirname(join(web, relative)), { recursive: true });
  if (!relative.endsWith(".md")) return cpSync(join(root, relative), join(web, relative));
  // (and the package's README is its own, shorter one: a link into a section of the
  // repository's README leads to its top)
  const text = readFileSync(join(root, relative), "utf8").replace(repositoryOnly, "").replace(screenshotPicture, "").replace(screenshot, "$1").replace(/\]\(\.\.\/README\.md#[^)\s]*\)/g, "](../README.md)");
  writeFileSync(join(web, relative), text);
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target)) continue;
    const file = join(dirname(relative), decodeURI(target.split("#")[0])).split("\\").join("/");
    if (file.startsWith("docs/") || file.startsWith("examples/static-site/")) ship(file);
  }
};
// The guide for static sites, and the reference an owner reads beside it: the element's
// attributes, the command line, paper pages, the data, citations and safety.
for (const doc of ["static-sites", "element", "cli", "pages", "data", "citations", "safety"]) ship(`docs/${doc}.md`);

// The Custom Elements Manifest, made from the element's own types.
execFileSync(process.execPath, [join(web, "scripts", "custom-elements.mjs")], { cwd: web, stdio: "inherit" });

// The canvas renderer, loaded on demand: the ImGui module's Emscripten glue and the element's
// bridge (canvas.ts), bundled and minified, beside its .wasm.
cpSync(join(wasm, "widget", "papershelf-canvas.mjs"), join(dist, "papershelf-canvas-glue.mjs"));
await build({ ...quiet, entryPoints: [join(dist, "canvas-bundle.js")], bundle: true, minify: true, format: "esm", outfile: join(dist, "papershelf-canvas.mjs") });
for (const file of ["papershelf-canvas-glue.mjs", "canvas-bundle.js", "canvas-bundle.d.ts"]) rmSync(join(dist, file));
copy(join(wasm, "widget", "papershelf-canvas.wasm"));

// The list's words in the languages papershelf ships, each fetched only by a page in it (en.json
// is the list of phrases, not needed by a page).
mkdirSync(join(dist, "lang"));
for (const file of readdirSync(join(root, "core", "lang")))
  if (file.endsWith(".json") && file !== "en.json") cpSync(join(root, "core", "lang", file), join(dist, "lang", file));
// ... and the CSL locale citations are written in for each (core/CMakeLists.txt picks and
// minifies them from Debian's citation-style-language-locales), fetched at a visitor's first Cite.
for (const file of readdirSync(join(wasmFast, "csl-locales")))
  if (file.endsWith(".csl.xml")) cpSync(join(wasmFast, "csl-locales", file), join(dist, "lang", file));

// The script tag's files: papershelf.js, the small loader a page links; papershelf-element.mjs,
// the element with its stylesheet and the list's glue, which the loader imports; and
// papershelf-worker.js, the worker that reads large files.
await build({ ...quiet, entryPoints: [join(dist, "script-tag.js")], bundle: true, format: "iife", minify: true, outfile: join(dist, "papershelf.js") });
await build({ ...quiet, entryPoints: [join(dist, "script-element.js")], bundle: true, format: "esm", minify: true, loader: { ".css": "text" }, outfile: join(dist, "papershelf-element.mjs") });
await build({ ...quiet, entryPoints: [join(dist, "script-worker.js")], bundle: true, format: "iife", minify: true, outfile: join(dist, "papershelf-worker.js") });
for (const name of ["script-tag", "script-element", "script-worker", "cores-beside"]) for (const ext of [".js", ".d.ts"]) rmSync(join(dist, name + ext));

// What a page that shows the list loads, beside papershelf.js: the one list that `setup` copies
// (bin/setup.cjs), the embed zip carries (release/release.sh) and ./dev.sh puts in the example
// site. The element, the worker, the three cores (the page's, the card's, the full one of the
// BibTeX and Cite panels), the static list's styles and the canvas renderer (fetched only by
// renderer="canvas"); and lang/, the words and citation locale of each shipped language.
const BROWSER_FILES = ["papershelf.js", "papershelf-element.mjs", "papershelf-worker.js", "papershelf-core.wasm", "papershelf-core-card.wasm",
  "papershelf-core-fast.mjs", "papershelf-core-fast.wasm", "papershelf.css", "papershelf-canvas.mjs", "papershelf-canvas.wasm"];
for (const file of BROWSER_FILES) readFileSync(join(dist, file));  // (each is built: a missing one stops the build here)
writeFileSync(join(dist, "browser-files.json"), `${JSON.stringify({ what: "the files a page loads, beside papershelf.js (and lang/)", files: BROWSER_FILES, folders: ["lang"] }, null, 1)}\n`);
