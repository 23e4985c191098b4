// Size benchmark of what a page downloads before its first entry, for the script-tag embed
// (gzip -9 and brotli): the loader a page links (papershelf.js), the element's code (which carries
// the stylesheet as text) and one core, the list core for an element without a profile card, the
// card core for one with.
// Usage: node bench/web/sizes.mjs   (after ./dev.sh test or serve has built web/dist)
import { readFileSync, existsSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const dist = process.env.PAPERSHELF_DIST ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");
const files = ["papershelf.js", "papershelf-element.mjs", "papershelf-core.wasm", "papershelf-core-card.wasm"];
const script = ["papershelf.js", "papershelf-element.mjs"];
const pages = { "a list (no card)": [...script, "papershelf-core.wasm"], "a list with a profile card": [...script, "papershelf-core-card.wasm"] };
const budget = { "a list (no card)": 100, "a list with a profile card": 112 };
// papershelf.css is a separate download only for pages that style a prerendered list with it.
const optional = ["papershelf.css"];
if (![...files, ...optional].every((f) => existsSync(join(dist, f)))) {
  console.error("web/dist is not built: run ./dev.sh test first");
  process.exit(1);
}
const measure = (f) => {
  const raw = readFileSync(join(dist, f));
  return { file: f, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
};
const size = Object.fromEntries([...files, ...optional].map((f) => [f, measure(f)]));
const kb = (n) => (n / 1024).toFixed(1);
console.log("| file | raw KB | gzip -9 KB | brotli KB |\n|---|---|---|---|");
for (const f of files) console.log(`| ${f} | ${kb(size[f].raw)} | ${kb(size[f].gzip)} | ${kb(size[f].brotli)} |`);
for (const f of optional) console.log(`| (${f}, only for a prerendered list) | ${kb(size[f].raw)} | ${kb(size[f].gzip)} | ${kb(size[f].brotli)} |`);
console.log("\n| before the first entry, a page with | raw KB | gzip -9 KB (bytes) | brotli KB | budget, gzip |\n|---|---|---|---|---|");
for (const [page, list] of Object.entries(pages)) {
  const sum = (k) => list.reduce((t, f) => t + size[f][k], 0);
  console.log(`| ${page} | ${kb(sum("raw"))} | **${kb(sum("gzip"))}** (${sum("gzip")}) | ${kb(sum("brotli"))} | ${budget[page]} KB |`);
}
console.log(`\nA list prerendered inside the element needs none of it before its first entry (it is in the page).`);
console.log(`Anchors: bib-publication-list + jQuery 61 KB, citation.js 605 KB.`);
