// Twenty widely used official CSL styles beyond the six built in, papershelf against citeproc-js
// on the real files of ../shared/corpus/realworld and realworld2 (BibTeX and CSL-JSON). The
// built-in six are compared through the npm package by csl-differential.mjs; a style by name is
// the CLI's (`render --style nature`, the same core), so this side asks the native CLI: per file,
// `render --format csl-json --sort file` gives the items citeproc-js formats, and
// `render --format text --style S --sort file` papershelf's citations, one line per entry.
//
//   PAPERSHELF_CLI=build/native/cli/papershelf node web/test/csl-styles.mjs [--report FILE.json] [--styles a,b]
//
// prints, per style and per corpus, how many citations are identical.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CSL_DIR, cslMissing, formatStyles } from "./support/citeproc-oracle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const shared = process.env.PAPERSHELF_SHARED ?? join(repo, "..", "shared");

/** The corpora: each a folder of real files as their owners keep them. */
export const CORPORA = { realworld: join(shared, "corpus", "realworld"), realworld2: join(shared, "corpus", "realworld2") };

/** The twenty styles (file names in Debian's citation-style-language-styles, without .csl). */
export const STYLES = [
  "nature", "science", "cell", "pnas", "bmj", "vancouver", "american-medical-association", "american-chemical-society",
  "american-physics-society", "american-sociological-association", "american-political-science-association",
  "apa-6th-edition", "elsevier-harvard", "elsevier-with-titles", "springer-basic-author-date",
  "springer-lecture-notes-in-computer-science", "ieee-with-url", "frontiers", "multidisciplinary-digital-publishing-institute",
  "chicago-note-bibliography",
];

/** The native CLI (PAPERSHELF_CLI, default build/native's). */
export const CLI = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");

/** Why the comparison cannot run here ("" when it can). */
export function skipReason({ styles = STYLES, cslDir = CSL_DIR } = {}) {
  if (!Object.values(CORPORA).some((dir) => existsSync(dir))) return `${shared}/corpus is absent`;
  if (!existsSync(CLI)) return `${CLI} is missing (PAPERSHELF_CLI names the native CLI)`;
  const missing = cslMissing(cslDir);
  if (missing) return missing;
  const style = styles.find((name) => !existsSync(join(cslDir, "styles", `${name}.csl`)));
  return style ? `${join(cslDir, "styles", style)}.csl is missing (Debian package citation-style-language-styles)` : "";
}

const cli = (args) => execFileSync(CLI, args, { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "ignore"] });

/**
 * Runs the comparison. Resolves to { entries, seconds, styles: { [style]: { [corpus]: { identical,
 * total } } }, differences: [{ corpus, file, id, type, style, papershelf, citeproc }], skipped:
 * [files whose lines did not pair with their items] }.
 */
export async function runStyles({ styles = STYLES, cslDir = CSL_DIR } = {}) {
  const started = performance.now();
  const entries = [];  // { corpus, file, item, cites: { [style]: text } }
  const skipped = [];
  for (const [corpus, dir] of Object.entries(CORPORA)) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((name) => /\.(bib|json)$/.test(name)).sort()) {
      const path = join(dir, file);
      let items;
      try {
        items = JSON.parse(cli(["render", path, "--format", "csl-json", "--sort", "file"]));
      } catch {
        skipped.push(`${corpus}/${file}: not read`);
        continue;
      }
      const cites = styles.map((style) => cli(["render", path, "--format", "text", "--style", style, "--sort", "file"]).split("\n").filter((l) => l !== ""));
      const paired = cites.every((lines) => lines.length === items.length);
      if (!paired) {
        skipped.push(`${corpus}/${file}: ${items.length} items, ${cites.map((l) => l.length).join("/")} lines`);
        continue;
      }
      items.forEach((item, n) => entries.push({ corpus, file, item, cites: Object.fromEntries(styles.map((s, k) => [s, cites[k][n].trim()])) }));
    }
  }
  const formatted = await formatStyles(styles.map((style) => join(cslDir, "styles", `${style}.csl`)), entries.map((e) => e.item), { dir: cslDir });
  const result = { entries: entries.length, seconds: 0, styles: {}, differences: [], skipped };
  styles.forEach((style, k) => {
    const counts = (result.styles[style] = {});
    entries.forEach(({ corpus, file, item, cites }, n) => {
      const { citation, error } = formatted[k][n];
      // (Line breaks of display blocks as spaces; a no-break space is kept, as the text has it.)
      const citeproc = error === undefined ? citation.replace(/[ \t\r\n]+/g, " ").trim() : `(error: ${error})`;
      const papershelf = cites[style];
      const tally = (counts[corpus] ??= { identical: 0, total: 0 });
      tally.total++;
      if (papershelf === citeproc) tally.identical++;
      else result.differences.push({ corpus, file, id: item.id, type: item.type, style, papershelf, citeproc });
    });
  });
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export const percent = ({ identical, total }) => (total ? (100 * identical) / total : 100);

export function formatTable(result) {
  const corpora = Object.keys(CORPORA);
  const lines = [`papershelf vs citeproc-js, ${result.entries} entries, ${result.seconds.toFixed(1)} s`, "",
    `${"style".padEnd(46)}${corpora.map((c) => c.padStart(22)).join("")}`];
  for (const [style, counts] of Object.entries(result.styles))
    lines.push(`${style.padEnd(46)}${corpora.map((c) => (counts[c] ? `${counts[c].identical}/${counts[c].total} ${percent(counts[c]).toFixed(1)}%` : "-").padStart(22)).join("")}`);
  if (result.skipped.length) lines.push("", `not compared: ${result.skipped.join("; ")}`);
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { report: { type: "string" }, styles: { type: "string" } } });
  const styles = values.styles ? values.styles.split(",") : STYLES;
  const reason = skipReason({ styles });
  if (reason) {
    console.log(`skipped: ${reason}`);
    process.exit(0);
  }
  const result = await runStyles({ styles });
  console.log(formatTable(result));
  if (values.report) {
    writeFileSync(values.report, JSON.stringify(result.differences, null, 2) + "\n");
    console.log(`\n${result.differences.length} differences written to ${values.report}`);
  }
}
