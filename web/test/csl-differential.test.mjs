// papershelf's citations against citeproc-js, the reference CSL processor, with the official
// styles, on every entry of ../shared/corpus/realworld (see csl-differential.mjs, which this runs):
// each of the six styles must give the same text as citeproc-js for at least PAPERSHELF_CSL_MIN
// percent of the entries (default 97). The table of figures is printed whatever the outcome, and
// `node test/csl-differential.mjs --report FILE.json` lists every difference.
// Skipped without the real files or without the CSL styles and locales (Debian's
// citation-style-language-styles and -locales); needs web/dist (./dev.sh test builds it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { formatTable, percent, runDifferential, skipReason } from "./csl-differential.mjs";

const min = Number(process.env.PAPERSHELF_CSL_MIN || 97);

test("papershelf's citations are citeproc-js's in the official CSL styles", { skip: skipReason() || false }, async (t) => {
  assert.ok(min >= 0 && min <= 100, `PAPERSHELF_CSL_MIN="${process.env.PAPERSHELF_CSL_MIN}" is not a percentage`);
  const result = await runDifferential();
  console.log(formatTable(result));
  assert.ok(result.entries > 0, "no entries were compared");
  // One subtest a style, so that each style's figure passes or fails on its own line.
  for (const [style, counts] of Object.entries(result.styles)) {
    await t.test(`${style}: at least ${min}% identical`, () => {
      assert.ok(percent(counts) >= min, `${style}: ${counts.identical} / ${counts.total} identical ` +
        `(${percent(counts).toFixed(1)}%), below ${min}%`);
    });
  }
});

// The project's own records of every kind a list holds (tests/fixtures/citations/records.bib):
// every one exactly as citeproc-js formats it, in every style. Needs only the CSL styles.
const fixtures = new URL("../../tests/fixtures/citations/", import.meta.url).pathname;
test("every kind of record in the fixtures is cited exactly as citeproc-js cites it", { skip: skipReason({ corpus: fixtures }) || false }, async () => {
  const result = await runDifferential({ corpus: fixtures });
  console.log(formatTable(result));
  assert.ok(result.entries >= 16, `only ${result.entries} fixture records were compared`);
  assert.deepEqual(result.differences.map(({ style, id, papershelf, citeproc }) => ({ style, id, papershelf, citeproc })), []);
});
