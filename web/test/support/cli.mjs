// Running the CLI as a user does: the package installed from a tarball into an empty folder, and
// each command a process of its own, its standard output, standard error and exit status kept
// as bytes.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";

// Installs `tarball` (an `npm pack` of web/) into `dir`, an empty folder, from npm's cache only.
export function installTarball(dir, tarball) {
  // (A folder without package.json would let npm install into a parent folder's node_modules.)
  if (!existsSync(join(dir, "package.json"))) writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", tarball], { cwd: dir, stdio: "pipe" });
}

// `npm pack` of web/ into `dir`; returns the tarball's path.
export function packWeb(webDir, dir) {
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: webDir, encoding: "utf8" });
  return join(dir, name.trim().split("\n").pop());
}

// Runs `command args` in `cwd` with `input` (bytes or none) on standard input. Resolves to
// { status, stdout, stderr } (Buffers; status is the exit code, or the signal's name).
export function run(command, args, { cwd, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    const out = [], err = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => err.push(b));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ status: code ?? signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }));
    if (input !== undefined) child.stdin.end(input);
  });
}

// Calls `job` on each item with at most one job per processor at a time (PAPERSHELF_TEST_JOBS
// when set: ctest sets 1, as it counts a test as one processor and runs another beside it);
// resolves to the results in order.
export async function eachInParallel(items, job) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await job(items[i], i);
    }
  };
  const jobs = Number(process.env.PAPERSHELF_TEST_JOBS) || availableParallelism();
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

// "" when two runs printed the same bytes and ended with the same status, else where they differ
// first (stream, byte offset and the text around it).
export function difference(expected, actual) {
  if (expected.status !== actual.status) return `exit status ${actual.status}, expected ${expected.status}`;
  for (const stream of ["stdout", "stderr"]) {
    const a = expected[stream], b = actual[stream];
    if (a.equals(b)) continue;
    let at = 0;
    while (at < a.length && at < b.length && a[at] === b[at]) ++at;
    const around = (buffer) => JSON.stringify(buffer.subarray(Math.max(0, at - 40), at + 40).toString("latin1"));
    return `${stream} differs at byte ${at} (${b.length} bytes, expected ${a.length}): ${around(b)}, expected ${around(a)}`;
  }
  return "";
}
