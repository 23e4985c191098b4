// `npx papershelf sync` on 1,000 entries against 1,000 works: the whole command as a researcher
// runs it under Node (start, the WebAssembly CLI, reading the .bib and the works, matching,
// planning the edits, the diff), with the works saved as a file (--from-file) so that no network
// is timed. Three inputs in one run:
//   - the real files of ../shared/corpus/realworld, whole, until they hold 1,000 entries (data
//     nobody here wrote), with a works response made from the first 1,000 as OpenAlex describes
//     works: the DOI where the entry has one, its title with OpenAlex's own capitals every third,
//     authors as display names, every seventh a year later (a preprint published);
//   - 1,000 synthetic entries (bench/gen_bib.cpp) with a response made the same way;
//   - Jason Priem's recorded OpenAlex works against tests/fixtures/openalex/priem.bib.
//
//   node bench/web/sync.mjs [RUNS]
//
// Needs web/dist (./dev.sh test) and, for the synthetic list, build/native/bench/papershelf_gen_bib.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const runs = Number(process.argv[2] ?? 5);
const bin = join(repo, "web", "bin", "papershelf.cjs");
const gen = join(repo, "build", "native", "bench", "papershelf_gen_bib");
if (!existsSync(join(repo, "web", "dist", "papershelf-cli.cjs"))) {
  console.error("web/dist is missing: ./dev.sh test builds it");
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), "papershelf-bench-sync-"));

// The entries of a .bib as the CLI reads them (the view model), in file order.
function entries(bib) {
  const json = execFileSync(process.execPath, [bin, "render", "--format", "json", "--sort", "file", bib], { maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "ignore"] });
  return JSON.parse(json);
}

// A title with a letter dropped from its longest word: a typo on one side.
function typo(title) {
  const words = title.split(" ");
  const k = words.reduce((best, w, i) => (w.length > words[best].length ? i : best), 0);
  if (words[k].length >= 6) words[k] = words[k].slice(0, 3) + words[k].slice(4);
  return words.join(" ");
}

// A works response for `list`: one work per entry with a title, as OpenAlex would give it (a
// conference paper's source a conference, anything else's a journal). The hard case,
// `titlesOnly`: no DOIs, and every other title with a typo in its longest word, so that every
// entry goes through the title rules, half of them through the near fit.
function worksFor(list, count, titlesOnly = false) {
  const works = list.filter((e) => e.title).slice(0, count).map((e, i) => ({
    id: `https://openalex.org/W${9000000 + i}`,
    doi: e.doi && !titlesOnly ? `https://doi.org/${e.doi}` : null,
    title: titlesOnly && i % 2 ? typo(e.title)
      : i % 3 === 0 ? e.title.toUpperCase().slice(0, 1) + e.title.slice(1).toLowerCase().replace(/[.:]$/, "") : e.title,
    publication_year: e.year ? e.year + (i % 7 === 0 ? 1 : 0) : null,
    type: e.type === "preprint" ? "preprint" : "article",
    authorships: e.authors.map((a) => ({ author: { display_name: a.name } })),
    primary_location: { source: e.venue ? { display_name: e.venue, type: e.type === "conference" ? "conference" : "journal" } : null },
    cited_by_count: (i * 37) % 500,
  }));
  // Works of the author that the file lacks, up to `count`.
  for (let i = works.length; i < count; ++i)
    works.push({ id: `https://openalex.org/W${8000000 + i}`, doi: null, title: `A work the file does not have, number ${i}`, publication_year: 2000 + (i % 25), type: "article", authorships: [{ author: { display_name: "Ada Lovelace" } }], cited_by_count: i % 50 });
  return { results: works };
}

function time(bib, worksFile) {
  const times = [];
  let report;
  for (let r = 0; r < runs; ++r) {
    const start = performance.now();
    const out = spawnSync(process.execPath, [bin, "sync", bib, "--from-file", worksFile, "--format", "json", "--date", "2026-11-27"], { maxBuffer: 1 << 28 });
    times.push(performance.now() - start);
    if (out.status !== 0) throw new Error(`sync failed (${out.status}): ${out.stderr}`);
    report = JSON.parse(out.stdout);
  }
  times.sort((a, b) => a - b);
  const matched = Object.values(report.matched).reduce((a, b) => a + b, 0);
  return { median: times[Math.floor(times.length / 2)], min: times[0], max: times[times.length - 1], entries: report.entries, works: report.works, matched };
}

const rows = [];
try {
  const realworld = join(process.env.PAPERSHELF_SHARED ?? join(repo, "..", "shared"), "corpus", "realworld");
  if (existsSync(realworld)) {
    // The real files in name order, whole, until they hold 1,000 entries, as one .bib.
    let text = "", taken = 0;
    for (const name of readdirSync(realworld).filter((f) => f.endsWith(".bib")).sort()) {
      if (taken >= 1000) break;
      const file = join(realworld, name);
      text += readFileSync(file, "utf8") + "\n";
      taken += entries(file).length;
    }
    const bib = join(work, "realworld.bib");
    writeFileSync(bib, text);
    writeFileSync(join(work, "realworld-works.json"), JSON.stringify(worksFor(entries(bib), 1000)));
    rows.push(["real files (../shared/corpus/realworld)", time(bib, join(work, "realworld-works.json"))]);
  } else {
    console.error("../shared/corpus/realworld is absent: the real list is skipped");
  }
  if (existsSync(gen)) {
    const bib = join(work, "synthetic.bib");
    execFileSync(gen, ["1000", bib], { stdio: "ignore" });
    writeFileSync(join(work, "synthetic-works.json"), JSON.stringify(worksFor(entries(bib), 1000)));
    rows.push(["synthetic (bench/gen_bib.cpp)", time(bib, join(work, "synthetic-works.json"))]);
    writeFileSync(join(work, "synthetic-titles.json"), JSON.stringify(worksFor(entries(bib), 1000, true)));
    rows.push(["synthetic, titles only (no DOI; half with a typo in a long word)", time(bib, join(work, "synthetic-titles.json"))]);
  } else {
    console.error(`${gen} is missing: the synthetic list is skipped`);
  }
  const recorded = join(repo, "tests", "fixtures", "openalex");
  rows.push(["recorded OpenAlex works (Jason Priem, 50) against priem.bib", time(join(recorded, "priem.bib"), join(recorded, "priem-A5023888391-page1.json"))]);
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`npx papershelf sync, the whole command under Node ${process.version}, ${runs} runs each (median, min-max):`);
for (const [name, r] of rows)
  console.log(`  ${name}: ${r.entries} entries x ${r.works} works, ${r.matched} matched: ${r.median.toFixed(0)} ms (${r.min.toFixed(0)}-${r.max.toFixed(0)})`);
