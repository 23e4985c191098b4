// The Node CLI (`npx papershelf`: web/bin/papershelf.cjs, the CLI compiled to WebAssembly) beside
// the native one, on the same files in one run: the fastest of RUNS wall-clock times of each
// command, native and Node alternating, and the ratio.
//   node bench/web/cli.mjs [RUNS] [FILE...]
// Without files: every .bib in ../shared/corpus/realworld (one process per file, summed) and
// /tmp/bib5k.bib and /tmp/bib20k.bib when present (build/native/bench/papershelf_gen_bib 5000
// /tmp/bib5k.bib). Needs build/native and web/dist (./dev.sh test builds both).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const native = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");
const nodeCli = join(repo, "web", "bin", "papershelf.cjs");
const runs = Number(process.argv[2] ?? 3);
let files = process.argv.slice(3);
const groups = [];
if (files.length) {
  groups.push(...files.map((file) => ({ name: basename(file), files: [file] })));
} else {
  const realworld = join(repo, "..", "shared", "corpus", "realworld");
  if (existsSync(realworld)) {
    files = readdirSync(realworld).filter((f) => f.endsWith(".bib")).map((f) => join(realworld, f));
    groups.push({ name: `corpus/realworld (${files.length} files, one process each)`, files });
  }
  for (const generated of ["/tmp/bib5k.bib", "/tmp/bib20k.bib"])
    if (existsSync(generated)) groups.push({ name: basename(generated), files: [generated] });
}

// Wall-clock milliseconds of one process per file, summed.
function time(command, args, groupFiles) {
  let total = 0;
  for (const file of groupFiles) {
    const start = process.hrtime.bigint();
    const r = spawnSync(command, [...args, file], { stdio: ["ignore", "ignore", "ignore"] });
    total += Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0 && r.status !== 1) throw new Error(`${command} ${args.join(" ")} ${file}: exit ${r.status}`);
  }
  return total;
}

const mb = (groupFiles) => groupFiles.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;
console.log(`| input | MB | command | native | node (npx papershelf) | node / native |`);
console.log(`|---|---|---|---|---|---|`);
for (const group of groups) {
  for (const command of [["check"], ["render", "--format", "html"]]) {
    let best = { native: Infinity, node: Infinity };
    for (let i = 0; i < runs; ++i) {
      best.native = Math.min(best.native, time(native, command, group.files));
      best.node = Math.min(best.node, time(process.execPath, [nodeCli, ...command], group.files));
    }
    console.log(`| ${group.name} | ${mb(group.files).toFixed(1)} | ${command.join(" ")} | ${best.native.toFixed(0)} ms | ` +
      `${best.node.toFixed(0)} ms | ${(best.node / best.native).toFixed(1)}x |`);
  }
}
// Starting Node alone, for scale: most of a small file's time under Node.
let bare = Infinity;
for (let i = 0; i < runs; ++i) {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, ["-e", "0"]);
  bare = Math.min(bare, Number(process.hrtime.bigint() - start) / 1e6);
}
console.log(`\n(node -e 0 alone: ${bare.toFixed(0)} ms)`);
