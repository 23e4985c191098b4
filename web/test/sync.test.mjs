// `npx papershelf sync --openalex ID`: the works fetched from OpenAlex's API, here a loopback
// server that replays responses recorded from the real API (tests/fixtures/openalex, sources in
// its README) page by page as the API pages them, and the C++ CLI's sync on them. Offline:
// nothing leaves 127.0.0.1.
// Needs web/dist (./dev.sh test builds it) and the native CLI (PAPERSHELF_CLI), whose output on
// the same works saved as a file must be the same.
import { test, before, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
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

// The API as the tests need it (support/openalex-replay.mjs), in pages of 20; `script` answers
// requests before the normal ones (an error status, a hang), and `requests` keeps each one.
const requests = [];
let script = [];
let lastRequestAt = 0;
// Hostile works, as a compromised or spoofed API could send them: ids that would close a value
// or add fields and entries, titles that would end a code fence, start a workflow command or
// reverse a line, a count past int64.
const mearmanMatched = mearmanWorks.find((w) => w.id.endsWith("W2250748100"));
const hostileWorks = [
  { ...mearmanMatched, id: "https://openalex.org/W1}, note = {x" },
  { ...mearmanMatched, id: "W2\n  abbr = {Nature},\n  selected = {true}\n}\n@article{fake, title={Fake}" },
  { ...mearmanMatched, id: "https://openalex.org/W900", doi: null, title: "A work the file lacks\n```\n::error file=x::owned @someone \u202e reversed",
    cited_by_count: 1e300, primary_location: { ...mearmanMatched.primary_location, landing_page_url: null }, locations: [], best_oa_location: null },
];
const byFilter = {
  "author.id:A5000000666": hostileWorks,
  "author.id:A5023888391": priemWorks,
  "author.id:A5017898742": mearmanWorks,
  "author.orcid:https://orcid.org/0000-0001-6187-6610": priemWorks,
};
// 300 works with DOIs, for a file whose every entry has one: the 50 recorded works of a DOI
// query, each six times under a DOI and an id of its own.
const batchWorks = JSON.parse(readFileSync(join(recorded, "doi-batch-50.json"), "utf8")).results;
const manyWorks = [];
for (let copy = 0; copy < 6; ++copy)
  batchWorks.forEach((w, k) => manyWorks.push({ ...w, id: `https://openalex.org/W${990000000 + copy * 100 + k}`, doi: `${w.doi}.c${copy}` }));
// A preprint's record merged into its journal version (merged.json): the journal version.
const { merged, work: stateOfOa } = JSON.parse(readFileSync(join(recorded, "merged.json"), "utf8"));
// The day's budgets (support/openalex-replay.mjs): the keyless caller's, and one key's.
const keyless = { limit: 100, remaining: 100 };
const keys = { "k-owner-7Hq2": { limit: 10000, remaining: 10000 } };
const server = openAlexReplay({
  worksFor: (filter) => byFilter[filter],
  works: [stateOfOa, ...priemWorks, ...mearmanWorks, ...manyWorks],  // (the merged work's record first: it is the API's now)
  merged,
  budget: keyless,
  keys,
  pageSize: 20,
  before(url, res) {
    requests.push(url);
    lastRequestAt = Date.now();
    const scripted = script.shift();
    if (scripted === "hang") return true;  // never answers
    if (!scripted) return false;
    res.writeHead(scripted.status, scripted.headers ?? { "content-type": "application/json" });
    res.end(scripted.body ?? JSON.stringify({ error: "Scripted", message: `status ${scripted.status}` }));
    return true;
  },
});

let work, api;
beforeEach(() => {
  keyless.remaining = keyless.limit;
  keys["k-owner-7Hq2"].remaining = keys["k-owner-7Hq2"].limit;
});
before(async () => ({ api, work } = await startReplay(server, { nativeCli, prefix: "papershelf-sync-" })));
after(() => stopReplay(server, work));

const env = (extra = {}) => ({ ...process.env, PAPERSHELF_OPENALEX_API: api, PAPERSHELF_OPENALEX_BACKOFF_MS: "20", ...extra });
const sync = (args, extraEnv) => packageCli(["sync", ...args], { cwd: work, env: env(extraEnv) });
function fresh(name) {
  const path = join(work, name);
  copyFileSync(join(recorded, name), path);
  return path;
}

test("fetches every page politely and shows the dry run the native CLI shows for the same works", async () => {
  const bib = fresh("priem.bib");
  const before = readFileSync(bib);
  requests.length = 0;
  const r = await sync(["priem.bib", "--openalex", "https://openalex.org/A5023888391", "--mailto", "owner@example.org", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  // The author's list (the file has entries only a title finds): three pages of 20, 20 and 10,
  // each with the parameters; then, one at a time (free), the DOIs of entries the list lacks.
  const lists = requests.filter((url) => url.pathname === "/works" && url.searchParams.get("filter").startsWith("author"));
  assert.equal(lists.length, 3);
  // (the recorded page has 50 of Priem's 62 works: the DOIs of entries it lacks in one batch)
  const batches = requests.filter((url) => url.pathname === "/works" && url.searchParams.get("filter").startsWith("doi:"));
  assert.equal(batches.length, 1);
  for (const url of requests.filter((u) => u.pathname !== "/works")) assert.match(url.pathname, /^\/works\/doi:10\./);
  for (const url of lists) {
    assert.equal(url.pathname, "/works");
    assert.equal(url.searchParams.get("filter"), "author.id:A5023888391");
    assert.equal(url.searchParams.get("mailto"), "owner@example.org");
    assert.equal(url.searchParams.get("per-page"), "200");
    assert.match(url.searchParams.get("select"), /cited_by_count/);
  }
  assert.equal(requests[0].searchParams.get("cursor"), "*");
  assert.match(r.stderr, /50 of 50/);
  assert.equal(requests.length, 5);
  assert.match(r.stderr, /5 calls to OpenAlex \(4 lists of works, 1 single lookup\): 4 credits used; 96 of 100 credits left today/);
  assert.deepEqual(readFileSync(bib), before, "a dry run writes nothing");
  // The native CLI on the same works, saved as one response: the same diff and summary.
  writeFileSync(join(work, "saved.json"), JSON.stringify({ results: priemWorks }));
  const native = await run(nativeCli, ["sync", "priem.bib", "--from-file", "saved.json", "--openalex", "https://openalex.org/A5023888391", "--date", "2026-11-27"], { cwd: work });
  assert.equal(r.stdout, native.stdout.toString());
  assert.match(r.stdout, /^\+  openalex = \{W2741809807\},$/m);
  assert.match(r.stdout, /matched 34 entries: 11 by DOI, 6 by arXiv id, 17 by title, year and author/);
  assert.match(r.stdout, /a dry run: nothing was written/);
});

test("--write changes only the written fields, and a second run finds nothing to do", async () => {
  const bib = fresh("mearman.bib");
  const original = readFileSync(bib, "utf8");
  const r = await sync(["mearman.bib", "--openalex", "A5017898742", "--write", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  const written = readFileSync(bib, "utf8");
  assert.match(r.stdout, /wrote mearman\.bib/);
  // The native CLI writes the same bytes from the same works saved as a file (its byte-for-byte
  // keeping of the rest is tested on the whole corpus in tests/core/sync_test.cpp).
  copyFileSync(join(recorded, "mearman.bib"), join(work, "native.bib"));
  writeFileSync(join(work, "mearman-saved.json"), JSON.stringify({ results: mearmanWorks }));
  const native = await run(nativeCli, ["sync", "native.bib", "--from-file", "mearman-saved.json", "--write", "--date", "2026-11-27"], { cwd: work });
  assert.equal(native.status, 0, native.stderr.toString());
  assert.equal(written, readFileSync(join(work, "native.bib"), "utf8"));
  assert.notEqual(written, original);
  assert.match(written, /openalex += \{W3188841554\}/);  // the arXiv preprint, by its id
  assert.match(written, /openalex += \{W3187234764\}/);  // the published paper, by its title
  const again = await sync(["mearman.bib", "--openalex", "A5017898742", "--date", "2026-12-04"]);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /nothing to change: mearman\.bib is up to date/);
});

test("an ORCID iD finds the author's works; a mistyped one is refused before any request", async () => {
  fresh("priem.bib");
  requests.length = 0;
  const r = await sync(["priem.bib", "--orcid", "0000-0001-6187-6610", "--format", "json", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.works, 50);
  assert.equal(report.written, false);
  assert.equal(requests[0].searchParams.get("filter"), "author.orcid:https://orcid.org/0000-0001-6187-6610");
  requests.length = 0;
  const bad = await sync(["priem.bib", "--orcid", "0000-0001-6187-6611"]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /check digit/);
  assert.equal(requests.length, 0);
});

test("a busy API is retried with backoff, Retry-After honoured; a refusal is said", async () => {
  fresh("mearman.bib");
  requests.length = 0;
  script = [{ status: 503 }, { status: 429, headers: { "retry-after": "0", "content-type": "application/json" } }];
  const r = await sync(["mearman.bib", "--openalex", "A5017898742", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(requests.length, 3);
  assert.match(r.stdout, /matched 7 entries/);
  script = [];
  const missing = await sync(["mearman.bib", "--openalex", "A1"]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /OpenAlex refused the request \(HTTP 404: Not found: no such author\)/);
  script = Array(5).fill({ status: 500 });
  const down = await sync(["mearman.bib", "--openalex", "A5017898742"]);
  script = [];
  assert.equal(down.status, 2);
  assert.match(down.stderr, /did not answer after 5 tries \(HTTP 500\)/);
});

test("offline, or an API that never answers: a clear message and no change", async () => {
  const bib = fresh("mearman.bib");
  const before = readFileSync(bib);
  // Nothing listens on a port the system just gave back.
  const closed = await new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const port = probe.address().port;
      probe.close(() => resolve(port));
    });
  });
  const offline = await sync(["mearman.bib", "--openalex", "A5017898742", "--write"], { PAPERSHELF_OPENALEX_API: `http://127.0.0.1:${closed}` });
  assert.equal(offline.status, 2);
  assert.match(offline.stderr, /cannot reach OpenAlex .*ECONNREFUSED.*--from-file/);
  script = Array(5).fill("hang");
  const hung = await sync(["mearman.bib", "--openalex", "A5017898742", "--write"], { PAPERSHELF_OPENALEX_TIMEOUT_MS: "300" });
  script = [];
  assert.equal(hung.status, 2);
  assert.match(hung.stderr, /no answer in 0\.3 s/);
  assert.deepEqual(readFileSync(bib), before);
});

test("hostile works: ids refused and said, nothing but the sync's fields written, the summary one line per item", async () => {
  const bib = fresh("mearman.bib");
  const r = await sync(["mearman.bib", "--openalex", "A5000000666", "--write", "--add", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal((r.stderr.match(/is not an OpenAlex work id/g) ?? []).length, 2, r.stderr);
  assert.match(r.stderr, /cited_by_count '1e\+?300' is not a citation count/);  // (as JSON.stringify writes it)
  const written = readFileSync(bib, "utf8");
  assert.doesNotMatch(written, /note = \{x|abbr = \{Nature|selected = \{true|@article\{fake/);
  // The native CLI reads the file back without a problem, as one entry more than it had.
  const check = await run(nativeCli, ["check", "mearman.bib"], { cwd: work });
  assert.equal(check.status, 0, check.stderr.toString());
  // Each item of the summary stays on its line: no line of data starts a fence or a command.
  for (const line of r.stdout.split("\n")) {
    assert.doesNotMatch(line, /^\s*(```|::)/, line);
    assert.ok(!line.includes("\u202e"), line);
  }
  // (OpenAlex's line breaks in a title read as spaces; the bidi override is shown, not obeyed)
  assert.match(r.stdout, /W900 {2}\d{4} {2}A work the file lacks ``` ::error file=x::owned @someone \\u202e reversed/);
});

test("an API that misbehaves: its words escaped, oversized pages and bodies refused, other hosts not followed, exit 2", async () => {
  const bib = fresh("mearman.bib");
  const before = readFileSync(bib);
  script = [{ status: 400, body: JSON.stringify({ error: "Bad\u001b[2J\u001b]0;pwned\u0007", message: "x\n::error::owned \u202e" }) }];
  const refused = await sync(["mearman.bib", "--openalex", "A5017898742", "--write"]);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /HTTP 400: Bad\\x1b\[2J\\x1b\]0;pwned\\x07: x\\x0a::error::owned \\u202e/);
  assert.ok(!/[\u0000-\u0008\u000b-\u001f\u202e]/.test(refused.stderr), refused.stderr);
  // One page of 300,000 works (the API asked for 200).
  const many = JSON.stringify({ meta: { count: 300000, next_cursor: null }, results: Array.from({ length: 300000 }, (_, k) => ({ id: `W${k + 1}` })) });
  script = [{ status: 200, body: many }];
  const huge = await sync(["mearman.bib", "--openalex", "A5017898742", "--write"]);
  assert.equal(huge.status, 2, huge.stderr);
  assert.match(huge.stderr, /a page of 200 works with 300000: refused/);
  // A body past the cap, read as it arrives and refused.
  script = [{ status: 200, body: many }];
  const big = await sync(["mearman.bib", "--openalex", "A5017898742", "--write"], { PAPERSHELF_OPENALEX_MAX_BYTES: "100000" });
  assert.equal(big.status, 2, big.stderr);
  assert.match(big.stderr, /more than 100000 bytes.*refused/);
  // A redirect to another host (localhost is not 127.0.0.1) is not followed; one to the same host is.
  requests.length = 0;
  const port = new URL(api).port;
  script = [{ status: 302, headers: { location: `http://localhost:${port}/works?filter=author.id:A5017898742&cursor=*` } }];
  const away = await sync(["mearman.bib", "--openalex", "A5017898742", "--write"]);
  assert.equal(away.status, 2, away.stderr);
  assert.match(away.stderr, /redirects to another host \(http:\/\/localhost:\d+\): not followed/);
  assert.equal(requests.length, 1);
  script = [{ status: 301, headers: { location: `/works?filter=author.id:A5017898742&per-page=200&cursor=*` } }];
  const moved = await sync(["mearman.bib", "--openalex", "A5017898742"]);
  assert.equal(moved.status, 0, moved.stderr);
  assert.match(moved.stdout, /matched 7 entries/);
  script = [];
  assert.deepEqual(readFileSync(bib), before);
});

test("the API key is sent as OpenAlex asks and never shown; a key it does not know is said, exit 2", async () => {
  const bib = fresh("mearman.bib");
  const before = readFileSync(bib);
  requests.length = 0;
  const r = await sync(["mearman.bib", "--openalex", "A5017898742", "--api-key", "k-owner-7Hq2", "--date", "2026-11-27"]);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(requests.length > 0);
  for (const url of requests) assert.equal(url.searchParams.get("api_key"), "k-owner-7Hq2");
  assert.equal(requests[0].searchParams.get("mailto"), null, "--mailto is optional");
  assert.match(r.stdout, /matched 7 entries/);
  assert.doesNotMatch(r.stdout + r.stderr, /k-owner-7Hq2/);
  // The report of what the run asked and what is left, from the budget headers.
  assert.match(r.stderr, /1 call to OpenAlex \(1 list of works, 0 single lookups\): 1 credit used; 9,999 of 10,000 credits left today/);
  assert.equal(keys["k-owner-7Hq2"].remaining, 9999);
  // From the environment, as the workflow passes a repository secret.
  requests.length = 0;
  const fromEnv = await sync(["mearman.bib", "--openalex", "A5017898742"], { OPENALEX_API_KEY: "k-owner-7Hq2" });
  assert.equal(fromEnv.status, 0, fromEnv.stderr);
  assert.equal(requests[0].searchParams.get("api_key"), "k-owner-7Hq2");
  const wrong = await sync(["mearman.bib", "--openalex", "A5017898742", "--write", "--api-key=k-typo"]);
  assert.equal(wrong.status, 2, wrong.stderr);
  assert.match(wrong.stderr, /HTTP 401: Invalid or missing API key: API key not found\): is the API key \(--api-key, OPENALEX_API_KEY\) right\?/);
  assert.doesNotMatch(wrong.stderr, /k-typo/);
  assert.deepEqual(readFileSync(bib), before);
});

test("a spent budget stops the run at once: exit 3, what was done and when to retry, the file untouched", async () => {
  const bib = fresh("priem.bib");
  const before = readFileSync(bib);
  // One list call is left: the first page is paid for, the second is refused with a 429 whose
  // Retry-After is hours (as OpenAlex answers a spent budget), never waited for.
  keyless.remaining = 1;
  requests.length = 0;
  const started = Date.now();
  const r = await sync(["priem.bib", "--openalex", "A5023888391", "--write", "--add", "--date", "2026-11-27"]);
  const ended = Date.now();
  assert.equal(r.status, 3, r.stderr);
  // The whole run (two Node starts: the CLI and the lookups of the file's ids) is well under 2 s
  // on an idle machine; the stop itself, from OpenAlex's answer to the message and the exit, is
  // what the test holds on any machine.
  assert.ok(ended - lastRequestAt < 1000, `stopped ${ended - lastRequestAt} ms after the answer (the run took ${ended - started} ms)`);
  assert.equal(requests.length, 2, "no retry of a spent budget");
  assert.match(r.stderr, /OpenAlex's budget for today is spent \(this call needs 1 credit, 0 left\): stopped after 2 calls to OpenAlex \(2 lists of works, 0 single lookups\): 1 credit used; 0 of 100 credits left today/);
  assert.match(r.stderr, /nothing was written: priem\.bib is as it was/);
  assert.match(r.stderr, /the budget is renewed in (\d+ h )?\d+ min \(at 00:00 UTC\): run again then, or now with a free API key \(--api-key KEY or OPENALEX_API_KEY/);
  assert.equal(r.stdout, "");
  assert.deepEqual(readFileSync(bib), before, "no count dropped, nothing partial written");
  // The recorded shape of a spent budget's answer, to the first call: the same stop.
  const spent = JSON.parse(readFileSync(join(recorded, "429-budget-spent.json"), "utf8"));
  script = [{ status: spent.status, headers: spent.headers, body: JSON.stringify(spent.body) }];
  requests.length = 0;
  const first = await sync(["priem.bib", "--openalex", "A5023888391", "--write"]);
  script = [];
  assert.equal(first.status, 3, first.stderr);
  assert.equal(requests.length, 1);
  assert.match(first.stderr, /stopped after 1 call to OpenAlex \(1 list of works, 0 single lookups\): 0 credits used; 0 of 100 credits left today/);
  assert.match(first.stderr, /renewed in 15 h 1 min \(at \d\d:\d\d UTC\)/);
  assert.deepEqual(readFileSync(bib), before);
  // With a key, the same run is paid from the key's budget.
  const keyed = await sync(["priem.bib", "--openalex", "A5023888391", "--api-key", "k-owner-7Hq2", "--date", "2026-11-27"]);
  assert.equal(keyed.status, 0, keyed.stderr);
  // Going too fast (a 429 with credits left and a Retry-After of a second or less) is waited out.
  const tooFast = JSON.parse(readFileSync(join(recorded, "429-too-fast.json"), "utf8"));
  script = [{ status: tooFast.status, headers: tooFast.headers, body: JSON.stringify(tooFast.body) }];
  requests.length = 0;
  keyless.remaining = keyless.limit;
  fresh("mearman.bib");
  const fast = await sync(["mearman.bib", "--openalex", "A5017898742"]);
  script = [];
  assert.equal(fast.status, 0, fast.stderr);
  assert.equal(requests.length, 2);
});

test("a file whose entries have DOIs: batches of 50 DOIs, merged works one at a time, no author list", async () => {
  // 300 entries with DOIs, one of them a preprint's that OpenAlex merged into its journal version.
  const entries = manyWorks.map((w, k) => `@article{e${k},\n  title = {Entry ${k}},\n  author = {Someone, A.},\n  year = {${w.publication_year}},\n  doi = {${w.doi.replace("https://doi.org/", "")}}\n}\n`);
  entries[7] = "@misc{preprint2017,\n  title = {The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles},\n  author = {Piwowar, Heather and Priem, Jason},\n  year = {2017},\n  doi = {10.7287/peerj.preprints.3119v1}\n}\n";
  writeFileSync(join(work, "many.bib"), entries.join("\n"));
  requests.length = 0;
  const r = await sync(["many.bib", "--openalex", "A5023888391", "--format", "json", "--date", "2026-11-27"], { OPENALEX_API_KEY: "k-owner-7Hq2" });
  assert.equal(r.status, 0, r.stderr);
  const paid = requests.filter((url) => url.pathname === "/works");
  assert.equal(paid.length, 6, "300 DOIs in 6 calls");
  assert.ok(paid.length <= 10);
  for (const url of paid) {
    assert.match(url.searchParams.get("filter"), /^doi:10\.[^|]+(\|10\.[^|]+){0,49}$/);
    assert.equal(url.searchParams.get("api_key"), "k-owner-7Hq2");
  }
  assert.equal(paid.reduce((n, url) => n + url.searchParams.get("filter").split("|").length, 0), 300);
  // No author list: every entry has an identifier and --add is not asked.
  assert.ok(requests.every((url) => !/author/.test(url.searchParams.get("filter") ?? "")));
  // The merged DOI and the merged id, one at a time: each answers 301 to the work it became.
  const singles = requests.filter((url) => url.pathname !== "/works").map((url) => url.pathname);
  assert.deepEqual(singles, ["/works/doi:10.7287/peerj.preprints.3119v1", "/works/W2741809807"]);
  const report = JSON.parse(r.stdout);
  const decided = Object.fromEntries(report.decisions.map((d) => [d.key, d]));
  assert.equal(report.matched.doi, 300, JSON.stringify(report.decisions.filter((d) => d.rule !== "doi")));
  assert.equal(decided.preprint2017.work, "W2741809807");
  assert.equal(decided.e0.work, "W990000000");
  assert.equal(decided.e299.work, "W990000549");
  assert.match(r.stderr, /7 calls to OpenAlex \(6 lists of works, 1 single lookup\): 6 credits used; 9,994 of 10,000 credits left today/);
  // An entry that has only the id of the record OpenAlex merged: that id, alone, leads to the
  // work it became, which the entry's title finds, and the id is replaced.
  writeFileSync(join(work, "merged.bib"), "@misc{preprint2017,\n  title = {The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles},\n  author = {Piwowar, Heather},\n  year = {2017},\n  openalex = {W4235038322}\n}\n");
  requests.length = 0;
  const m = await sync(["merged.bib", "--openalex", "A5023888391", "--date", "2026-11-27"], { OPENALEX_API_KEY: "k-owner-7Hq2" });
  assert.equal(m.status, 0, m.stderr);
  assert.deepEqual(requests.map((url) => url.pathname), ["/works/W4235038322", "/works/W2741809807"]);
  // The API's own address of the work it became (https://api.openalex.org/works/W…) is asked of
  // the API this run uses.
  requests.length = 0;
  script = [{ status: 301, headers: { location: "https://api.openalex.org/works/W2741809807" } }];
  const absolute = await sync(["merged.bib", "--openalex", "A5023888391", "--date", "2026-11-27"], { OPENALEX_API_KEY: "k-owner-7Hq2" });
  script = [];
  assert.equal(absolute.status, 0, absolute.stderr);
  assert.deepEqual(requests.map((url) => url.pathname), ["/works/W4235038322", "/works/W2741809807"]);
  assert.equal(requests[1].searchParams.get("api_key"), "k-owner-7Hq2");
  assert.equal(absolute.stdout, m.stdout);
  assert.match(m.stdout, /^-  openalex = \{W4235038322\}$/m);
  assert.match(m.stdout, /^\+  openalex = \{W2741809807\},?$/m);
  assert.match(m.stderr, /1 call to OpenAlex \(0 lists of works, 1 single lookup\): 0 credits used/);
});

// The weekly workflow of examples/static-site/github-actions/papershelf-sync.yml, its shell steps
// run as GitHub's runner runs them (bash -e) in a site's git repository with a remote, `npx
// papershelf` being this package's bin and `gh` a stand-in that records what it is asked.
function workflowSteps() {
  const yml = readFileSync(join(repo, "examples", "static-site", "github-actions", "papershelf-sync.yml"), "utf8");
  const lines = yml.split("\n");
  const sync = lines.find((l) => /^\s*- run: npx papershelf sync /.test(l)).replace(/^\s*- run: /, "");
  const at = lines.findIndex((l) => /^\s*run: \|$/.test(l));
  const indent = lines[at + 1].match(/^\s*/)[0].length;
  const block = [];
  for (let i = at + 1; i < lines.length && (lines[i].trim() === "" || lines[i].match(/^\s*/)[0].length >= indent); ++i) block.push(lines[i].slice(indent));
  return { sync, pullRequest: block.join("\n") };
}

test("the weekly workflow: the sync's change goes to a pull request, opened once and then updated", async () => {
  const { execFileSync } = await import("node:child_process");
  const { mkdirSync, chmodSync } = await import("node:fs");
  const site = join(work, "site"), remote = join(work, "remote.git"), tools = join(work, "tools"), temp = join(work, "runner-temp");
  for (const dir of [site, tools, temp]) mkdirSync(dir, { recursive: true });
  const git = (...args) => execFileSync("git", args, { cwd: site, encoding: "utf8" });
  execFileSync("git", ["init", "-q", "--bare", remote]);
  git("init", "-q", "-b", "main");
  git("config", "user.name", "Owner");
  git("config", "user.email", "owner@example.org");
  mkdirSync(join(site, "_bibliography"));
  copyFileSync(join(recorded, "mearman.bib"), join(site, "_bibliography", "papers.bib"));
  git("add", "-A");
  git("commit", "-q", "-m", "The site");
  git("remote", "add", "origin", remote);
  git("push", "-q", "origin", "main");
  // npx papershelf: this package's bin; gh: records its arguments, with one open pull request
  // once one was created.
  writeFileSync(join(tools, "npx"), `#!/bin/sh\n[ "$1" = papershelf ] && shift\nexec "${process.execPath}" "${bin}" "$@"\n`);
  writeFileSync(join(tools, "gh"), `#!/bin/sh\necho "$@" >> "${join(work, "gh.log")}"\ncase "$1 $2" in\n  "pr list") cat "${join(work, "open-prs")}" 2>/dev/null || echo 0 ;;\n  "pr create") echo 1 > "${join(work, "open-prs")}"; cp "$(echo "$@" | sed 's/.*--body-file //')" "${join(work, "pr-body.md")}" ;;\nesac\n`);
  chmodSync(join(tools, "npx"), 0o755);
  chmodSync(join(tools, "gh"), 0o755);
  const steps = workflowSteps();
  // (a process of its own, waited for without blocking: this process answers its requests)
  const { spawn } = await import("node:child_process");
  const runStep = (script) => new Promise((resolve, reject) => {
    const child = spawn("bash", ["-e", "-c", script], {
      cwd: site, stdio: ["ignore", "pipe", "pipe"],
      env: env({ PATH: `${tools}:${process.env.PATH}`, RUNNER_TEMP: temp, GITHUB_REF_NAME: "main", OPENALEX_AUTHOR: "A5017898742", OPENALEX_API_KEY: "k-owner-7Hq2" }),
    });
    let err = "";
    child.stderr.on("data", (b) => (err += b));
    child.on("close", (status) => (status === 0 ? resolve() : reject(new Error(`${script}\nexit ${status}: ${err}`))));
  });
  const week = async () => {
    git("switch", "-q", "main");
    await runStep(steps.sync);
    await runStep(steps.pullRequest);
  };

  await week();
  assert.ok(existsSync(join(work, "gh.log")), readFileSync(join(temp, "sync.txt"), "utf8"));
  assert.match(readFileSync(join(work, "gh.log"), "utf8"), /^pr list .*\npr create --base main --head papershelf\/citations /);
  assert.match(readFileSync(join(work, "pr-body.md"), "utf8"), /matched 7 entries/);
  // The branch on the remote: one commit on main that changes only the .bib.
  const changed = execFileSync("git", ["--git-dir", remote, "diff", "--name-only", "main", "papershelf/citations"], { encoding: "utf8" });
  assert.equal(changed, "_bibliography/papers.bib\n");
  assert.match(execFileSync("git", ["--git-dir", remote, "show", "papershelf/citations:_bibliography/papers.bib"], { encoding: "utf8" }), /citations = \{28\}/);

  // A week later, a count has grown and the pull request is still open: it is updated.
  const miles = mearmanWorks.find((w) => w.id.endsWith("W2250748100"));
  const count = miles.cited_by_count;
  miles.cited_by_count = count + 3;
  try {
    await week();
  } finally {
    miles.cited_by_count = count;
  }
  assert.match(readFileSync(join(work, "gh.log"), "utf8").trim().split("\n").pop(), /^pr edit papershelf\/citations --body-file /);
  assert.match(execFileSync("git", ["--git-dir", remote, "show", "papershelf/citations:_bibliography/papers.bib"], { encoding: "utf8" }), new RegExp(`citations = \\{${count + 3}\\}`));

  // Merged, and nothing new in OpenAlex: no commit, no call to gh.
  git("switch", "-q", "main");
  git("merge", "-q", "--ff-only", "papershelf/citations");
  const calls = readFileSync(join(work, "gh.log"), "utf8");
  miles.cited_by_count = count + 3;
  try {
    await week();
  } finally {
    miles.cited_by_count = count;
  }
  assert.equal(readFileSync(join(work, "gh.log"), "utf8"), calls);
  assert.match(readFileSync(join(temp, "sync.txt"), "utf8"), /is up to date/);
});
