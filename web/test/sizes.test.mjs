// The size ratchet: the download figures the README states are the built package's, within
// MARGIN_KB. A change that makes the embed bigger (or smaller) fails here until the README says
// so, with the figures of `node bench/web/sizes.mjs`; the budgets themselves are the README's
// "goal" column and its "Not met" list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { embedSizes, kb, LOADER, ELEMENT, LIST_CORE, CARD_CORE } from "../../bench/web/embed-sizes.mjs";

const MARGIN_KB = 1.0;
const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const readme = readFileSync(join(webDir, "..", "README.md"), "utf8");
const sizes = embedSizes(join(webDir, "dist"));

/** The README's figures table row whose first cell starts with `start`: its cells. */
function row(start) {
  const line = readme.split("\n").find((l) => l.startsWith(`| ${start}`));
  assert.ok(line, `README.md has no figures row starting "${start}"`);
  return line.split(" | ").map((cell) => cell.replace(/^\| |\|$/g, "").trim());
}
const number = (text, pattern, what) => {
  const m = text.match(pattern);
  assert.ok(m, `README.md: ${what} is not stated as expected (${pattern}) in: ${text}`);
  return Number(m[1].replace(/,/g, ""));
};
const near = (stated, bytes, what) => assert.ok(Math.abs(stated - kb(bytes)) <= MARGIN_KB,
  `README.md says ${what} is ${stated} KB gzip; the built package's is ${kb(bytes).toFixed(1)} KB (node bench/web/sizes.mjs): update the README's figure`);

test("the README's embed sizes are the built package's", { skip: !sizes && "web/dist is not built" }, () => {
  const [what, figure] = row("script-tag embed before the first entry");
  near(number(what, /`papershelf\.js` ([\d.]+) KB/, "the loader"), sizes.file[LOADER].gzip, LOADER);
  near(number(what, /`papershelf-element\.mjs` ([\d.]+) KB/, "the element"), sizes.file[ELEMENT].gzip, ELEMENT);
  near(number(what, /the list core ([\d.]+) KB/, "the list core"), sizes.file[LIST_CORE].gzip, "the list core");
  near(number(what, /the card core ([\d.]+) KB/, "the card core"), sizes.file[CARD_CORE].gzip, "the card core");
  near(number(figure, /^([\d.]+) \//, "a list's total"), sizes.page["a list (no card)"].gzip, "a list's download before its first entry");
  near(number(figure, /^[\d.]+ \/ ([\d.]+) KB/, "a card's total"), sizes.page["a list with a profile card"].gzip, "a list with a card's");
});

test("the README's first-use download is the built fast core's", { skip: !sizes && "web/dist is not built" }, () => {
  const [, figure] = row("fetched on a visitor's first BibTeX, Cite or download");
  near(number(figure, /^([\d.]+) KB/, "the fast core"), sizes.firstUse, "papershelf-core-fast");
});
