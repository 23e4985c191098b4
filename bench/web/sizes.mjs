// Size benchmark of what a page downloads for the script-tag embed (gzip -9 and brotli).
// Usage: node bench/web/sizes.mjs   (after ./dev.sh test or serve has built web/dist)
import { readFileSync, existsSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");
// The embed is the script (which carries the stylesheet as text) and the core's .wasm;
// papershelf.css is a separate download only for pages that style a prerendered list with it.
const files = ["papershelf.js", "papershelf-core.wasm"];
const optional = ["papershelf.css"];
if (!files.every((f) => existsSync(join(dist, f)))) {
  console.error("web/dist is not built: run ./dev.sh test first");
  process.exit(1);
}
const rows = files.map((f) => {
  const raw = readFileSync(join(dist, f));
  return { file: f, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
});
const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const kb = (n) => (n / 1024).toFixed(1);
console.log("| file | raw KB | gzip -9 KB | brotli KB |\n|---|---|---|---|");
for (const r of rows) console.log(`| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.brotli)} |`);
console.log(`| **script-tag embed total** | ${kb(total.raw)} | ${kb(total.gzip)} | ${kb(total.brotli)} |`);
for (const f of optional) {
  const raw = readFileSync(join(dist, f));
  console.log(`| (${f}, only for a prerendered list) | ${kb(raw.length)} | ${kb(gzipSync(raw, { level: 9 }).length)} | ${kb(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length)} |`);
}
console.log(`\nGoal: <= 60 KB gzip. Anchors: bib-publication-list + jQuery 61 KB, citation.js 605 KB.`);
