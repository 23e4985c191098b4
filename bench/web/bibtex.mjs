// BibTeX parsing time in WebAssembly under Node (the npm package in web/dist), and citation.js
// on the same bytes in the same run when it is installed outside the repo.
//
//   build/perf/bench/papershelf_gen_bib 10000 /tmp/bib10k.bib
//   node bench/web/bibtex.mjs /tmp/bib10k.bib [RUNS]
//
// web/dist is built by ./dev.sh test. citation.js (optional, never committed):
//   mkdir -p /tmp/bench-cjs && cd /tmp/bench-cjs && npm init -y &&
//   npm install @citation-js/core @citation-js/plugin-bibtex
// Another folder can be given with CITATION_JS_DIR=...; without it the comparison is skipped.
// PAPERSHELF_CORE_DIR=build/x/web also times that build's core. When it is built (`cmake --build
// --preset wasm-fast --target papershelf_floor_wasm`; the test build leaves it out), the floor
// (bench/floor_tokenizer.cpp: a bare tokenizer, compiled like the fast core) takes its turns too:
// what the file's bytes alone cost on this machine.
import { readFileSync, existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "..", "..", "web", "dist");
const file = process.argv[2];
const runs = Number(process.argv[3] ?? 10);
if (!file) {
  console.error("usage: node bench/web/bibtex.mjs FILE.bib [RUNS]");
  process.exit(2);
}
if (!existsSync(join(dist, "node.js"))) {
  console.error("web/dist is not built: run ./dev.sh test first");
  process.exit(1);
}
// Each core behind the same package API: the -O3 one Node loads (papershelf-core-fast), the
// -Oz one a page downloads (papershelf-core), and PAPERSHELF_CORE_DIR=build/x/web for another
// build (the papershelf-core*.mjs found there).
const { makeLoader } = await import(pathToFileURL(join(dist, "core.js")).href);
function loaderFor(dir, name) {
  return makeLoader(async () => {
    const create = (await import(pathToFileURL(join(dir, `${name}.mjs`)).href)).default;
    return create({ wasmBinary: readFileSync(join(dir, `${name}.wasm`)) });
  });
}
const cores = [
  ["fast core, -O3 (Node, worker)", (await import(pathToFileURL(join(dist, "node.js")).href)).load],
  ["page core, -Oz (script tag)", loaderFor(dist, "papershelf-core")],
];
const coreDir = process.env.PAPERSHELF_CORE_DIR;
if (coreDir) {
  const name = readdirSync(coreDir).find((f) => /^papershelf-core.*\.mjs$/.test(f))?.replace(/\.mjs$/, "");
  if (!name) throw new Error(`no papershelf-core*.mjs in ${coreDir}`);
  cores.push([`${coreDir}/${name}`, loaderFor(coreDir, name)]);
}

const floorDir = join(here, "..", "..", "build", "wasm-fast", "web");
let floor = null;
if (existsSync(join(floorDir, "papershelf-floor.mjs"))) {
  const create = (await import(pathToFileURL(join(floorDir, "papershelf-floor.mjs")).href)).default;
  const module = await create({ wasmBinary: readFileSync(join(floorDir, "papershelf-floor.wasm")) });
  // Like parse(): the bytes are copied into WebAssembly memory, then read.
  floor = {
    ms: [],
    entries: 0,
    run(input) {
      const ptr = module._malloc(input.length);
      module.HEAPU8.set(input, ptr);
      const counts = module._malloc(4);
      module._papershelf_floor_tokenize(ptr, input.length, counts);
      this.entries = new Uint32Array(module.HEAPU8.buffer, counts, 1)[0];
      module._free(counts);
      module._free(ptr);
    },
  };
}

const bytes = new Uint8Array(readFileSync(file));
const mb = bytes.length / 1e6;

function summary(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  return { best: sorted[0], median: sorted[Math.floor(sorted.length / 2)] };
}
function time(fn, n) {
  const ms = [];
  let last;
  for (let i = 0; i < n; ++i) {
    const start = process.hrtime.bigint();
    last = fn();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ...summary(ms), last };
}

// The cores take turns, one parse each per round, so that a busy stretch of this shared machine
// slows them all alike and their ratio holds (timed one after the other, the same build measured
// 15% apart between runs).
console.log(`file             ${file} (${mb.toFixed(2)} MB)`);
const shelves = [];
for (const [label, load] of cores) shelves.push({ label, shelf: await load(), ms: [], last: null });
for (let i = 0; i < runs; ++i) {
  for (const s of shelves) {
    const start = process.hrtime.bigint();
    const library = s.shelf.parse(bytes, { format: "bibtex", source: file });
    s.last = { size: library.size, diagnostics: library.diagnostics.length };
    library.dispose();
    s.ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  if (floor) {
    const start = process.hrtime.bigint();
    floor.run(bytes);
    floor.ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
let ps;  // the first (fast) core's figures, for the citation.js ratio
for (const s of shelves) {
  const result = summary(s.ms);
  ps ??= result;
  console.log(`papershelf ${s.label}: best ${result.best.toFixed(1)} ms, median ${result.median.toFixed(1)} ms ` +
    `(${runs} runs; ${(mb / (result.best / 1e3)).toFixed(0)} MB/s; ${s.last.size} records, ` +
    `${s.last.diagnostics} diagnostics; goal: <= 40 ms on the 10k file)`);
}

// The first view as the element asks for it: the query with facets and the first screen's markup,
// right after the parse (the catalog's caches are built then). Goal: parse + first view within
// 1.3x the parse alone.
{
  const { shelf, label } = shelves[0];
  const parseMs = [], viewMs = [];
  for (let i = 0; i < runs; ++i) {
    let start = process.hrtime.bigint();
    const library = shelf.parse(bytes, { format: "bibtex", source: file });
    parseMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    start = process.hrtime.bigint();
    const view = library.query({ facets: true });
    library.html(view.entries.slice(0, 30), {});
    viewMs.push(Number(process.hrtime.bigint() - start) / 1e6);
    library.dispose();
  }
  const p = summary(parseMs).median, v = summary(viewMs).median;
  console.log(`first view       ${label}: parse ${p.toFixed(1)} ms, then query + facets + 30 entries ${v.toFixed(1)} ms ` +
    `(medians of ${runs}): ${((p + v) / p).toFixed(2)}x the parse (goal: <= 1.3x)`);
}

if (floor) {
  const result = summary(floor.ms);
  console.log(`floor            a bare tokenizer in WASM (${floor.entries} entries): best ${result.best.toFixed(1)} ms, ` +
    `median ${result.median.toFixed(1)} ms; the fast core takes ${(ps.best / result.best).toFixed(1)} times as long`);
}

// citation.js, when installed (it takes seconds per run: fewer runs).
const cjsDir = process.env.CITATION_JS_DIR ?? "/tmp/bench-cjs";
let Cite = null;
try {
  const require = createRequire(join(cjsDir, "package.json"));
  Cite = require("@citation-js/core").Cite;
  require("@citation-js/plugin-bibtex");
} catch {
  Cite = null;
}
if (!Cite) {
  console.log(`citation.js      not installed in ${cjsDir} (comparison skipped)`);
} else {
  const text = new TextDecoder().decode(bytes);  // citation.js takes a string
  const cjsRuns = Math.max(1, Math.min(3, runs));
  const cjs = time(() => new Cite(text).data.length, cjsRuns);
  console.log(`citation.js      best ${cjs.best.toFixed(0)} ms, median ${cjs.median.toFixed(0)} ms ` +
    `(${cjsRuns} runs; ${cjs.last} records)`);
  console.log(`ratio            papershelf (fast core) is ${(cjs.best / ps.best).toFixed(1)}x faster (best vs best; goal: >= 40x)`);
}
