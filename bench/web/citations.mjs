// Formatting 1,000 references: papershelf's CSL processor (the npm package's fast core under Node,
// what the Cite module runs) against citeproc-js, the reference processor, with the same official
// style files, in one run. Two lists: the first 1,000 entries of ../shared/corpus/realworld (data
// nobody here wrote) and 1,000 synthetic entries (bench/gen_bib.cpp).
//
//   node bench/web/citations.mjs [RUNS]
//
// citeproc-js is timed two ways: one bibliography of all 1,000 (its best case: one call), and
// one reference at a time (what a Cite button asks for). papershelf is timed one reference at a
// time, through the package's API (CSL-JSON written and read inside the core for each one).
// web/dist is built by ./dev.sh test; citeproc is one of web's devDependencies.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const runs = Number(process.argv[2] ?? 3);
const cslDir = process.env.PAPERSHELF_CSL_DIR ?? "/usr/share/citation-style-language";
const STYLES = {
  apa: "apa", ieee: "ieee", acm: "association-for-computing-machinery", chicago: "chicago-author-date",
  mla: "modern-language-association", harvard: "harvard-cite-them-right",
};
for (const need of [join(repo, "web", "dist", "node.js"), join(cslDir, "styles", "apa.csl")]) {
  if (!existsSync(need)) {
    console.error(`${need} is missing (./dev.sh test builds web/dist; Debian's citation-style-language-styles has the styles)`);
    process.exit(1);
  }
}
const CSL = createRequire(join(repo, "web", "package.json"))("citeproc");
const { load } = await import(pathToFileURL(join(repo, "web", "dist", "node.js")).href);
const shelf = await load();

// The two lists, as BibTeX text.
const lists = [];
const realworld = join(process.env.PAPERSHELF_SHARED ?? join(repo, "..", "shared"), "corpus", "realworld");
if (existsSync(realworld)) {
  const text = readdirSync(realworld).filter((f) => f.endsWith(".bib")).sort().map((f) => readFileSync(join(realworld, f), "utf8")).join("\n");
  lists.push(["real files (corpus/realworld)", text]);
}
const gen = join(repo, "build", "native", "bench", "papershelf_gen_bib");
if (existsSync(gen)) {
  const out = join(mkdtempSync(join(tmpdir(), "ps-cite-")), "gen.bib");
  execFileSync(gen, ["1000", out], { stdio: "ignore" });
  lists.push(["synthetic (gen_bib)", readFileSync(out, "utf8")]);
}

const best = (times) => Math.min(...times);
const time = (fn) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
const timeAsync = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

console.log(`1,000 references, best of ${runs} runs, ms (ratio: citeproc-js time / papershelf time)`);
console.log("list / style".padEnd(40), "papershelf".padStart(11), "citeproc 1 call".padStart(16), "citeproc each".padStart(14), "ratio".padStart(14));
for (const [name, bib] of lists) {
  const library = shelf.parse(bib, { source: name });
  const count = Math.min(1000, library.size);
  const indices = Array.from({ length: count }, (_, i) => i);
  const items = JSON.parse(await library.export("csl-json", { indices })).map((item, i) => ({ ...item, id: `i${i}` }));
  for (const [style, file] of Object.entries(STYLES)) {
    const xml = readFileSync(join(cslDir, "styles", `${file}.csl`), "utf8");
    const byId = new Map(items.map((item) => [item.id, item]));
    const sys = {
      retrieveLocale: (tag) => readFileSync(join(cslDir, "locales", `locales-${existsSync(join(cslDir, "locales", `locales-${tag}.xml`)) ? tag : "en-US"}.xml`), "utf8"),
      retrieveItem: (id) => structuredClone(byId.get(id)),
    };
    const engine = new CSL.Engine(sys, xml, "en-US");
    engine.setOutputFormat("text");
    await library.cite(0, style, "text");  // (the style is read once, on first use)
    const ours = [], whole = [], each = [];
    for (let r = 0; r < runs; ++r) {
      ours.push(await timeAsync(async () => {
        for (const i of indices) await library.cite(i, style, "text");
      }));
      whole.push(time(() => {
        engine.updateItems(items.map((item) => item.id));
        engine.makeBibliography();
      }));
      each.push(time(() => {
        for (const item of items) {
          engine.updateItems([item.id]);
          engine.makeBibliography();
        }
      }));
    }
    const p = best(ours), w = best(whole), e = best(each);
    console.log(`${name} / ${style}`.padEnd(40), p.toFixed(1).padStart(11), w.toFixed(1).padStart(16), e.toFixed(1).padStart(14),
      `${(w / p).toFixed(1)}x / ${(e / p).toFixed(1)}x`.padStart(14));
  }
  library.dispose();
}
