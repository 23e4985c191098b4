// What a page downloads before its first entry, for the script-tag embed (gzip -9 and brotli):
// the loader a page links (papershelf.js), the element's code (which carries the stylesheet as
// text) and one core, the list core for an element without a profile card, the card core for one
// with; and what a visitor's first BibTeX, Cite or download fetches (the fast core). One
// measurement for the benchmark (sizes.mjs) and the test that holds the README's figures to it
// (web/test/sizes.test.mjs).
import { readFileSync, existsSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";
import { join } from "node:path";

export const LOADER = "papershelf.js", ELEMENT = "papershelf-element.mjs";
export const LIST_CORE = "papershelf-core.wasm", CARD_CORE = "papershelf-core-card.wasm";
export const FIRST_USE = ["papershelf-core-fast.mjs", "papershelf-core-fast.wasm"];
/** Before the first entry, per page kind: the files, and the budget in KB gzip. */
export const PAGES = {
  "a list (no card)": { files: [LOADER, ELEMENT, LIST_CORE], budget: 100 },
  "a list with a profile card": { files: [LOADER, ELEMENT, CARD_CORE], budget: 112 },
};
// papershelf.css is a separate download only for pages that style a prerendered list with it.
export const OPTIONAL = ["papershelf.css"];
export const FILES = [LOADER, ELEMENT, LIST_CORE, CARD_CORE];

/** KB as the README writes them (1 KB = 1,024 bytes). */
export const kb = (bytes) => bytes / 1024;

/** Sizes of the built package in `dist`: per file and per page kind ({raw, gzip, brotli} bytes),
 *  and the first-use download (gzip bytes); undefined when dist is not built. */
export function embedSizes(dist) {
  if (![...FILES, ...OPTIONAL, ...FIRST_USE].every((f) => existsSync(join(dist, f)))) return undefined;
  const measure = (f) => {
    const raw = readFileSync(join(dist, f));
    return { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length,
      brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
  };
  const file = Object.fromEntries([...FILES, ...OPTIONAL].map((f) => [f, measure(f)]));
  const sum = (list) => {
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const f of list) for (const k of Object.keys(total)) total[k] += file[f][k];
    return total;
  };
  const page = Object.fromEntries(Object.entries(PAGES).map(([name, { files }]) => [name, sum(files)]));
  // (the first-use figure as `gzip -9c papershelf-core-fast.{mjs,wasm} | wc -c` gives it: one stream)
  const firstUse = gzipSync(Buffer.concat(FIRST_USE.map((f) => readFileSync(join(dist, f)))), { level: 9 }).length;
  return { file, page, firstUse };
}
