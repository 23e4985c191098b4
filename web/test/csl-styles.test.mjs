// Twenty widely used official CSL styles, papershelf against citeproc-js on every entry of
// ../shared/corpus/realworld and realworld2 (csl-styles.mjs, which this runs). Each style and
// corpus is held at the floor below: the goal, 97% identical, where it is met, else just under
// what it measures now, so that a style can only get closer to citeproc-js. Skipped without the
// real files, the native CLI or Debian's CSL styles and locales.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STYLES, formatTable, percent, runStyles, skipReason } from "./csl-styles.mjs";

const GOAL = 97;
// Where a style is still below the goal: [realworld, realworld2] floors in percent. None is now
// (the lowest, American Sociological Association, measures 98.3% on realworld); what is left is listed in
// docs/citations.md.
const BELOW_GOAL = {};

test("twenty official CSL styles give citeproc-js's citations", { skip: skipReason() || false }, async (t) => {
  const result = await runStyles();
  console.log(formatTable(result));
  assert.ok(result.entries > 6000, `only ${result.entries} entries were compared`);
  assert.deepEqual(result.skipped, [], "every file's citations pair with its items");
  for (const style of STYLES) {
    await t.test(style, () => {
      ["realworld", "realworld2"].forEach((corpus, k) => {
        const counts = result.styles[style][corpus];
        const floor = BELOW_GOAL[style]?.[k] ?? GOAL;
        assert.ok(percent(counts) >= floor, `${style} on ${corpus}: ${counts.identical} / ${counts.total} identical ` +
          `(${percent(counts).toFixed(1)}%), below ${floor}%`);
      });
    });
  }
});
