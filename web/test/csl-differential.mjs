// A differential test of papershelf's citations against citeproc-js, the reference CSL processor,
// on real publication lists (../shared/corpus/realworld/*.bib). For every entry of every file,
// papershelf's CSL-JSON export of the entry is formatted by citeproc-js with the official CSL style
// (test/support/citeproc-oracle.mjs) and compared, exactly, with papershelf's own text citation in
// the same style. Both come from the npm package's Node API (web/dist), which is the native CLI's
// core compiled to WebAssembly: `cite(index, style)` and `export("csl-json", { indices: [index] })`
// name the entry by its index in the file, so the two sides pair up even where a file repeats a
// key, and no citation has to be split out of a listing.
//
//   node web/test/csl-differential.mjs [--report FILE.json] [--min PERCENT]
//
// prints, per style, how many citations are identical, overall and per CSL type; --report writes
// every difference to FILE.json; --min makes the exit status 1 when a style's identical share is
// below PERCENT. test/csl-differential.test.mjs runs the same comparison under node:test.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CSL_DIR, cslMissing, formatStyles } from "./support/citeproc-oracle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");

/** The real files: PAPERSHELF_SHARED/corpus/realworld (default ../shared, beside the repository). */
export const REALWORLD = join(process.env.PAPERSHELF_SHARED ?? join(repo, "..", "shared"), "corpus", "realworld");

/** papershelf's style names and the official CSL style each one follows. */
export const STYLES = {
  apa: "apa.csl",                                  // APA 7th edition
  ieee: "ieee.csl",
  acm: "association-for-computing-machinery.csl",
  chicago: "chicago-author-date.csl",              // 17th edition, author-date
  mla: "modern-language-association.csl",          // 9th edition
  harvard: "harvard-cite-them-right.csl",          // Cite Them Right, 12th edition (en-GB)
};

/** Why the comparison cannot run here ("" when it can): no real files, or no CSL styles. */
export function skipReason({ corpus = REALWORLD, cslDir = CSL_DIR } = {}) {
  if (!existsSync(corpus)) return `${corpus} is absent`;
  const missing = cslMissing(cslDir);
  if (missing) return missing;
  const style = Object.values(STYLES).find((file) => !existsSync(join(cslDir, "styles", file)));
  return style ? `${join(cslDir, "styles", style)} is missing (Debian package citation-style-language-styles)` : "";
}

// identical / total, kept per style, and per CSL type within it.
const tally = () => ({ identical: 0, total: 0 });

/**
 * Runs the comparison. Resolves to { files, entries, seconds, styles, differences }: `styles` maps
 * each style name to { identical, total, types: { [cslType]: { identical, total } } };
 * `differences` lists every citation that differs as { file, id, type, style, papershelf, citeproc,
 * index } (`index`: the entry's place in its file, as keys repeat; `citeproc` is "(error: …)"
 * when citeproc-js threw).
 */
export async function runDifferential({ corpus = REALWORLD, cslDir = CSL_DIR, styles = Object.keys(STYLES) } = {}) {
  const started = performance.now();
  const dist = join(repo, "web", "dist", "node.js");
  if (!existsSync(dist)) throw new Error(`${dist} is missing: run ./dev.sh test (or cd web && npm run build)`);
  const { load } = await import(pathToFileURL(dist).href);
  const shelf = await load();

  // papershelf's side, entry by entry: its CSL-JSON item and its citation in each style.
  const files = readdirSync(corpus).filter((name) => name.endsWith(".bib")).sort();
  if (files.length === 0) throw new Error(`${corpus} has no .bib files`);
  const entries = [];  // { file, index, item, cites: { [style]: text } }
  for (const file of files) {
    const library = shelf.parse(readFileSync(join(corpus, file)), { source: file });
    try {
      for (let index = 0; index < library.size; ++index) {
        const exported = JSON.parse(await library.export("csl-json", { indices: [index] }));
        // One record, one CSL-JSON item: anything else would pair citations with the wrong paper.
        if (exported.length !== 1) throw new Error(`${file}: entry ${index} exported as ${exported.length} CSL-JSON items`);
        const cites = {};
        for (const style of styles) cites[style] = (await library.cite(index, style, "text")).trim();
        entries.push({ file, index, item: exported[0], cites });
      }
    } finally {
      library.dispose();
    }
  }

  // citeproc-js's side, the same items in the same order (most of the run's time: it is shared
  // out among the processors).
  const formatted = await formatStyles(styles.map((style) => join(cslDir, "styles", STYLES[style])),
                                       entries.map((entry) => entry.item), { dir: cslDir });
  const oracle = Object.fromEntries(styles.map((style, i) => [style, formatted[i]]));

  const result = { files: files.length, entries: entries.length, seconds: 0, styles: {}, differences: [] };
  for (const style of styles) {
    const counts = (result.styles[style] = { ...tally(), types: {} });
    entries.forEach(({ file, index, item, cites }, n) => {
      const papershelf = cites[style];
      const { citation, error } = oracle[style][n];
      const citeproc = error === undefined ? citation : `(error: ${error})`;
      const ofType = (counts.types[item.type] ??= tally());
      counts.total++, ofType.total++;
      if (papershelf === citeproc) counts.identical++, ofType.identical++;
      else result.differences.push({ file, id: item.id, type: item.type, style, papershelf, citeproc, index });
    });
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** A style's identical share in percent (100 for no citations: nothing differed). */
export const percent = ({ identical, total }) => (total ? (100 * identical) / total : 100);

/** The result as a table: per style, identical / total and percent; then the percent per CSL type
 *  (with how many entries have that type), most frequent type first. */
export function formatTable(result) {
  const styles = Object.keys(result.styles);
  const pct = (counts) => (counts ? `${percent(counts).toFixed(1)}%` : "-");
  const lines = [`papershelf vs citeproc-js: ${result.entries} entries in ${result.files} files, ` +
    `${result.seconds.toFixed(1)} s`, ""];
  const overall = { identical: 0, total: 0 };
  for (const style of styles) {
    const counts = result.styles[style];
    overall.identical += counts.identical, overall.total += counts.total;
    lines.push(`${style.padEnd(16)}${`${counts.identical} / ${counts.total}`.padStart(13)}  ${pct(counts).padStart(6)}`);
  }
  lines.push(`${"all styles".padEnd(16)}${`${overall.identical} / ${overall.total}`.padStart(13)}  ${pct(overall).padStart(6)}`, "");

  // Every entry is cited in every style, so a type has the same number of entries in each.
  const types = new Map();
  for (const style of styles)
    for (const [type, counts] of Object.entries(result.styles[style].types)) types.set(type, counts.total);
  const width = Math.max(10, ...[...types.keys()].map((type) => type.length + 2));
  lines.push(`${"CSL type".padEnd(width)}${"entries".padStart(8)}${styles.map((s) => s.padStart(9)).join("")}`);
  for (const [type, entries] of [...types].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])))
    lines.push(`${type.padEnd(width)}${String(entries).padStart(8)}${styles.map((s) => pct(result.styles[s].types[type]).padStart(9)).join("")}`);
  return lines.join("\n");
}

/** The styles whose identical share is below `min` percent, as messages. */
export function belowMinimum(result, min) {
  return Object.entries(result.styles)
    .filter(([, counts]) => percent(counts) < min)
    .map(([style, counts]) => `${style}: ${counts.identical} / ${counts.total} identical (${percent(counts).toFixed(1)}%), below ${min}%`);
}

// As a script: the table on standard output, the report if asked, and the exit status.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { report: { type: "string" }, min: { type: "string" } } });
  const min = values.min === undefined ? undefined : Number(values.min);
  if (min !== undefined && !(min >= 0 && min <= 100)) {
    console.error(`--min: "${values.min}" is not a percentage`);
    process.exit(2);
  }
  const reason = skipReason();
  if (reason) {
    console.log(`skipped: ${reason}`);
    process.exit(0);
  }
  const result = await runDifferential();
  console.log(formatTable(result));
  if (values.report) {
    writeFileSync(values.report, JSON.stringify(result.differences, null, 2) + "\n");
    console.log(`\n${result.differences.length} differences written to ${values.report}`);
  }
  const below = min === undefined ? [] : belowMinimum(result, min);
  for (const message of below) console.error(message);
  process.exitCode = below.length ? 1 : 0;
}
