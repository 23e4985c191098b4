// `npx papershelf import`: a list from nothing, from the works OpenAlex has (an author's, by ORCID
// or id; a list of DOIs) fetched from a loopback server that replays responses recorded from the
// real API (tests/fixtures/openalex, support/openalex-replay.mjs), and from a DBLP file. Offline:
// nothing leaves 127.0.0.1. Needs web/dist and the native CLI (PAPERSHELF_CLI), whose import of
// the same works saved as a file must be the same.
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./support/cli.mjs";
import { openAlexReplay, packageCli, startReplay, stopReplay } from "./support/openalex-replay.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const bin = join(repo, "web", "bin", "papershelf.cjs");
const nativeCli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");
const recorded = join(repo, "tests", "fixtures", "openalex");
const priemWorks = JSON.parse(readFileSync(join(recorded, "priem-A5023888391-page1.json"), "utf8")).results;
const mearmanWorks = JSON.parse(readFileSync(join(recorded, "mearman-A5017898742.json"), "utf8")).results;

const requests = [];
let script = [];
const keyless = { limit: 100, remaining: 100 };
const server = openAlexReplay({
  worksFor: (filter) => ({ "author.id:A5017898742": mearmanWorks, "author.orcid:https://orcid.org/0000-0001-6187-6610": priemWorks })[filter],
  works: [...priemWorks, ...mearmanWorks],
  budget: keyless,
  pageSize: 20,
  before(url, res) {
    requests.push(url);
    const scripted = script.shift();
    if (!scripted) return false;
    res.writeHead(scripted.status, scripted.headers);
    res.end(JSON.stringify(scripted.body));
    return true;
  },
});

let work, api;
beforeEach(() => {
  keyless.remaining = keyless.limit;
  requests.length = 0;
  script = [];
});
before(async () => ({ api, work } = await startReplay(server, { nativeCli, prefix: "papershelf-import-" })));
after(() => stopReplay(server, work));

const npx = (args, extraEnv = {}) => packageCli(["import", ...args], {
  cwd: work, env: { ...process.env, PAPERSHELF_OPENALEX_API: api, PAPERSHELF_OPENALEX_BACKOFF_MS: "20", OPENALEX_API_KEY: "", ...extraEnv } });
const keysOf = (bib) => [...bib.matchAll(/^@\w+\{([^,]+),/gm)].map((m) => m[1]);
const idsOf = (bib) => [...bib.matchAll(/openalex = \{(W\d+)\}/g)].map((m) => m[1]);

test("an ORCID's works: one entry per paper, check clean, the native CLI's own output, the same keys every run", async () => {
  const r = await npx(["--orcid", "0000-0001-6187-6610", "papers.bib", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(requests.length, 3, "the author's list: three pages");
  assert.match(r.stderr, /50 works: 38 papers \(12 other versions merged into them\); wrote 38 entries to papers\.bib/);
  const bib = readFileSync(join(work, "papers.bib"), "utf8");
  // Each work once: as a paper's own record, or merged into one (the state of OA: its two PeerJ
  // preprint records into the article).
  const ids = idsOf(bib);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.includes("W2741809807"));
  assert.ok(!ids.includes("W4235038322") && !ids.includes("W4245410681"));
  assert.equal(new Set(keysOf(bib)).size, 38);
  const check = await run(nativeCli, ["check", "papers.bib"], { cwd: work });
  assert.equal(check.status, 0, check.stderr.toString());
  assert.match(check.stderr.toString(), /38 record\(s\), 0 error\(s\), 0 warning\(s\)/);
  // The native CLI on the same works saved as a file writes the same bytes.
  writeFileSync(join(work, "priem-saved.json"), JSON.stringify({ results: priemWorks }));
  const native = await run(nativeCli, ["import", "--from-file", "priem-saved.json", "--date", "2026-11-27"], { cwd: work });
  assert.equal(native.status, 0, native.stderr.toString());
  assert.equal(native.stdout.toString(), bib);
  // The works in another order (a later run): the same keys for the same works.
  writeFileSync(join(work, "priem-reversed.json"), JSON.stringify({ results: [...priemWorks].reverse() }));
  const again = await run(nativeCli, ["import", "--from-file", "priem-reversed.json", "--date", "2026-11-27"], { cwd: work });
  const pairs = (text) => new Map(text.split("\n@").map((e) => [e.match(/openalex = \{(W\d+)\}/)?.[1], e.match(/^@?\w+\{([^,]+),/)?.[1]]));
  assert.deepEqual(pairs(again.stdout.toString()), pairs(bib));
  // The list renders: every entry shown.
  const render = await run(nativeCli, ["render", "papers.bib", "--format", "json"], { cwd: work });
  assert.equal(JSON.parse(render.stdout.toString()).length, 38);
});

test("an author's arXiv preprint and its publication are one entry with the arXiv id; --since, --exclude, --dry-run", async () => {
  const dry = await npx(["--openalex", "A5017898742", "papers-m.bib", "--dry-run", "--since", "2015", "--exclude", "W2241997964"]);
  assert.equal(dry.status, 0, dry.stderr);
  assert.ok(!existsSync(join(work, "papers-m.bib")), "a dry run writes nothing");
  assert.match(dry.stdout, /would write papers-m\.bib 5 entries:\n {2}roberts2021visualisations {2}2021 {2}3D Visualisations Should Not be Displayed Alone/);
  assert.doesNotMatch(dry.stdout, /2014/);
  const r = await npx(["--openalex", "A5017898742", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  const entry = r.stdout.split("\n\n").find((e) => /W3187234764/.test(e));
  assert.match(entry, /arxiv = \{2108\.04680\}/);
  assert.doesNotMatch(r.stdout, /W3188841554/, "the arXiv record is merged into its publication");
});

test("on an existing file only the papers it lacks are added, found as sync finds them", async () => {
  copyFileSync(join(recorded, "mearman.bib"), join(work, "mearman.bib"));
  const original = readFileSync(join(work, "mearman.bib"), "utf8");
  const r = await npx(["--openalex", "A5017898742", "mearman.bib", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /6 already in mearman\.bib; wrote 2 entries at the end of mearman\.bib/);
  const written = readFileSync(join(work, "mearman.bib"), "utf8");
  assert.ok(written.startsWith(original), "nothing of the file changes");
  assert.deepEqual(idsOf(written.slice(original.length)).sort(), ["W2241997964", "W2782160524"]);
  // A second run adds nothing.
  const again = await npx(["--openalex", "A5017898742", "mearman.bib"]);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /nothing to add to mearman\.bib/);
  assert.equal(readFileSync(join(work, "mearman.bib"), "utf8"), written);
});

test("DOIs in one batch, a DOI the batch misses alone; a spent budget stops with exit 3 and writes nothing", async () => {
  const dois = priemWorks.filter((w) => w.doi).slice(0, 12).map((w) => w.doi.replace("https://doi.org/", ""));
  const r = await npx(["--doi", dois.slice(0, 6).join(","), "--doi", `https://doi.org/${dois.slice(6).join(",")}`, "--doi", "10.5555/not.in.openalex", "dois.bib"]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(requests.filter((u) => u.pathname === "/works").length, 1);
  assert.equal(requests.find((u) => u.pathname === "/works").searchParams.get("filter").split("|").length, 13);
  assert.deepEqual(requests.filter((u) => u.pathname !== "/works").map((u) => u.pathname), ["/works/doi:10.5555/not.in.openalex"]);
  assert.match(r.stderr, /OpenAlex has no work of the DOI 10\.5555\/not\.in\.openalex/);
  assert.match(r.stderr, /2 calls to OpenAlex \(1 list of works, 1 single lookup\): 1 credit used; 99 of 100 credits left today/);
  assert.ok(existsSync(join(work, "dois.bib")));
  const spent = JSON.parse(readFileSync(join(recorded, "429-budget-spent.json"), "utf8"));
  script = [spent];
  const stopped = await npx(["--orcid", "0000-0001-6187-6610", "spent.bib"]);
  assert.equal(stopped.status, 3, stopped.stderr);
  assert.match(stopped.stderr, /budget for today is spent/);
  assert.ok(!existsSync(join(work, "spent.bib")));
  const bad = await npx(["--doi", "not-a-doi"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--doi needs a DOI/);
});

test("a DBLP file: its CoRR record and its publication are one entry, kept as DBLP wrote it, with the arXiv id", async () => {
  const r = await npx(["--from-file", join(recorded, "dblp-mearman.bib")]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(requests.length, 0, "nothing is fetched");
  assert.deepEqual(keysOf(r.stdout), ["DBLP:conf/tpcg/RobertsMR21", "DBLP:conf/webxr/RitsosMJR17"]);
  assert.match(r.stdout, /arxiv = \{2108\.04680\}/);
  assert.match(r.stdout, /bibsource = \{dblp computer science bibliography/);
  assert.match(r.stderr, /3 works: 2 papers \(1 other versions merged into them\)/);
});

test("setup page --orcid: the author's works in papers.bib and the page that lists them, from nothing in one command", async () => {
  const { mkdirSync } = await import("node:fs");
  const site = join(work, "site");
  mkdirSync(site);
  const r = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "setup", "page", "site", "--orcid", "0000-0001-6187-6610"], {
      cwd: work, env: { ...process.env, PAPERSHELF_OPENALEX_API: api, OPENALEX_API_KEY: "" } });
    const out = [], err = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => err.push(b));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /wrote 38 entries to site\/papers\.bib/);
  assert.equal(keysOf(readFileSync(join(site, "papers.bib"), "utf8")).length, 38);
  assert.match(readFileSync(join(site, "index.html"), "utf8"), /<paper-shelf src="papers\.bib"/);
  assert.ok(existsSync(join(site, "papershelf", "papershelf.js")));
  // The list renders from what was written.
  const render = await run(nativeCli, ["render", join(site, "papers.bib"), "--format", "json"], { cwd: work });
  assert.equal(JSON.parse(render.stdout.toString()).length, 38);
  // Again: the .bib is there, and is not imported over.
  requests.length = 0;
  const again = spawn(process.execPath, [bin, "setup", "page", "site", "--orcid", "0000-0001-6187-6610"], { cwd: work, env: { ...process.env, PAPERSHELF_OPENALEX_API: api } });
  const status = await new Promise((resolve) => again.on("close", resolve));
  assert.equal(status, 0);
  assert.equal(requests.length, 0);
});
