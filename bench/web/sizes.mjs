// Size benchmark of what a page downloads before its first entry, for the script-tag embed
// (gzip -9 and brotli; the files each page kind needs are in embed-sizes.mjs).
// Usage: node bench/web/sizes.mjs   (after ./dev.sh test or serve has built web/dist)
// web/test/sizes.test.mjs (ctest web_sizes) holds the README's figures to this measurement.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { embedSizes, kb, FILES, OPTIONAL, PAGES } from "./embed-sizes.mjs";

const dist = process.env.PAPERSHELF_DIST ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..", "web", "dist");
const sizes = embedSizes(dist);
if (!sizes) {
  console.error("web/dist is not built: run ./dev.sh test first");
  process.exit(1);
}
const f1 = (n) => kb(n).toFixed(1);
const row = (s) => `${f1(s.raw)} | ${f1(s.gzip)} | ${f1(s.brotli)}`;
console.log("| file | raw KB | gzip -9 KB | brotli KB |\n|---|---|---|---|");
for (const f of FILES) console.log(`| ${f} | ${row(sizes.file[f])} |`);
for (const f of OPTIONAL) console.log(`| (${f}, only for a prerendered list) | ${row(sizes.file[f])} |`);
console.log("\n| before the first entry, a page with | raw KB | gzip -9 KB (bytes) | brotli KB | budget, gzip |\n|---|---|---|---|---|");
for (const [page, { budget }] of Object.entries(PAGES)) {
  const s = sizes.page[page];
  console.log(`| ${page} | ${f1(s.raw)} | **${f1(s.gzip)}** (${s.gzip}) | ${f1(s.brotli)} | ${budget} KB |`);
}
console.log(`\nOn a visitor's first BibTeX, Cite or download (papershelf-core-fast): ${f1(sizes.firstUse)} KB gzip.`);
console.log(`A list prerendered inside the element needs none of it before its first entry (it is in the page).`);
console.log(`Anchors: bib-publication-list + jQuery 61 KB, citation.js 605 KB.`);
