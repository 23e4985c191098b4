// OpenAlex's works API on 127.0.0.1, replaying responses recorded from the real API
// (tests/fixtures/openalex) as the API serves them since February 2026:
//   /works?filter=author.id:A…&cursor=…   a list, paged by an opaque cursor in meta.next_cursor
//   /works?filter=doi:a|b|…               the works of up to 100 DOIs (any order, DOIs as URLs)
//   /works/W…, /works/doi:10.…            one work (404 for none); a work OpenAlex merged into
//                                         another answers 301 to the other's address
// Every answer has the budget headers (X-RateLimit-*: a list costs 1 credit, one work 0), and a
// call the day's budget cannot pay answers 429 as the API does (Retry-After: the seconds until
// midnight UTC, the body's "Insufficient budget" message). A key (api_key) the API does not know
// answers 401.
//   openAlexReplay({ worksFor, works, merged, pageSize, before, budget, keys })   an http.Server
//     (not yet listening): worksFor(filter) gives an author filter's works (undefined: 404);
//     works are the works the DOI and id lookups find; merged maps a merged work's id (W…) or
//     DOI (doi:10.…) to the id it was merged into (tests/fixtures/openalex/merged.json); before(url, res) may answer a request first
//     (true); budget = { limit, remaining } for the keyless caller and keys = { KEY: { limit,
//     remaining } } (both mutated as credits are spent; no budget: unlimited)
//   node openalex-replay.mjs RECORDED.json            serves that file's works for any filter in a
//     process of its own (for tests that run `npx papershelf sync` synchronously), printing its port
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bareDoi = (doi) => String(doi ?? "").replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").replace(/^doi:/i, "").toLowerCase();
const bareId = (id) => String(id ?? "").replace(/^https?:\/\/openalex\.org\//i, "").toUpperCase();

export function openAlexReplay({ worksFor, works = [], merged = {}, pageSize = 25, before = () => false, budget, keys = {} }) {
  const secondsToMidnight = () => {
    const now = new Date();
    return Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now) / 1000);
  };
  return createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (before(url, res)) return;
    const key = url.searchParams.get("api_key");
    if (key !== null && !keys[key]) {
      res.writeHead(401, { "content-type": "application/json" });
      return res.end(JSON.stringify({ error: "Invalid or missing API key", message: "API key not found" }));
    }
    const single = /^\/works\/(.+)$/.exec(url.pathname);
    const cost = single ? 0 : 1;
    const account = key !== null ? keys[key] : budget;
    const headers = { "content-type": "application/json" };
    if (account) {
      const reset = String(secondsToMidnight());
      if (account.remaining < cost) {
        res.writeHead(429, { ...headers, "retry-after": reset, "x-ratelimit-limit": String(account.limit), "x-ratelimit-remaining": String(account.remaining),
          "x-ratelimit-credits-required": String(cost), "x-ratelimit-reset": reset, "x-ratelimit-limit-usd": String(account.limit / 10000),
          "x-ratelimit-remaining-usd": String(account.remaining / 10000), "x-ratelimit-cost-required-usd": String(cost / 10000), "x-ratelimit-onetime-remaining": "0",
          "x-ratelimit-prepaid-remaining-usd": "0" });
        return res.end(JSON.stringify({ error: "Rate limit exceeded",
          message: `Insufficient budget. This request costs $${cost / 10000} but you only have $${account.remaining / 10000} remaining. Resets at midnight UTC. Need more? Add funds at https://openalex.org/pricing`,
          retryAfter: Number(reset), costUsd: cost / 10000, dailyRemainingUsd: account.remaining / 10000, prepaidRemainingUsd: 0,
          creditsRequired: cost, creditsRemaining: account.remaining, onetimeCreditsRemaining: 0 }));
      }
      account.remaining -= cost;
      Object.assign(headers, { "x-ratelimit-limit": String(account.limit), "x-ratelimit-remaining": String(account.remaining),
        "x-ratelimit-credits-used": String(cost), "x-ratelimit-reset": String(secondsToMidnight()), "x-ratelimit-cost-usd": String(cost / 10000),
        "x-ratelimit-limit-usd": String(account.limit / 10000), "x-ratelimit-remaining-usd": String(account.remaining / 10000), "x-ratelimit-onetime-remaining": "0",
        "x-ratelimit-prepaid-remaining-usd": "0" });
    }
    const select = (w) => w;  // (the recorded works already hold only what a select of them would)
    if (single) {
      const id = decodeURIComponent(single[1]);
      let found;
      const byDoi = /^doi:/i.test(id) || /^https?:\/\/(dx\.)?doi\.org\//i.test(id);
      const into = merged[byDoi ? `doi:${bareDoi(id)}` : bareId(id)];
      if (into) {
        res.writeHead(301, { ...headers, location: `/works/${into}${url.search}` });
        return res.end();
      }
      if (byDoi) found = works.find((w) => bareDoi(w.doi) === bareDoi(id));
      else found = works.find((w) => bareId(w.id) === bareId(id));
      if (!found) {
        res.writeHead(404, headers);
        return res.end(JSON.stringify({ error: "Not Found", message: `The requested resource was not found: ${id}` }));
      }
      res.writeHead(200, headers);
      return res.end(JSON.stringify(select(found)));
    }
    const filter = url.searchParams.get("filter") ?? "";
    let list;
    if (/^doi:/.test(filter)) {
      const dois = filter.slice(4).split("|").map(bareDoi);
      if (dois.length > 100) {
        res.writeHead(400, headers);
        return res.end(JSON.stringify({ error: "Invalid query parameters error.", message: "Maximum number of values exceeded for doi. Decrease values to 100 or below, or consider downloading the full dataset" }));
      }
      list = works.filter((w) => w.doi && dois.includes(bareDoi(w.doi)) && !merged[bareId(w.id)]);
    } else list = worksFor(filter);
    if (!list) {
      res.writeHead(404, headers);
      return res.end(JSON.stringify({ error: "Not found", message: "no such author" }));
    }
    const perPage = Number(url.searchParams.get("per-page") ?? url.searchParams.get("per_page") ?? 25);
    const size = /^doi:/.test(filter) ? perPage : Math.min(pageSize, perPage);  // (pageSize: an author's list's)
    const cursor = url.searchParams.get("cursor");
    const start = cursor === null || cursor === "*" ? 0 : Number(Buffer.from(cursor, "base64").toString());
    const next = cursor !== null && start + size < list.length ? Buffer.from(String(start + size)).toString("base64") : null;
    res.writeHead(200, headers);
    res.end(JSON.stringify({ meta: { count: list.length, db_response_time_ms: 12, page: cursor === null ? 1 : null, per_page: perPage, next_cursor: next, groups_count: null },
      results: list.slice(start, start + size).map(select) }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const works = JSON.parse(readFileSync(process.argv[2], "utf8")).results;
  const server = openAlexReplay({ worksFor: () => works, works });
  server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
}

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

// For a test file that runs the package's CLI against a replay: checks that web/dist and the
// native CLI (`nativeCli`, its oracle) are built, serves `server` on 127.0.0.1 and makes a work
// folder named after `prefix`; resolves to { api, work }. stopReplay closes and removes them.
export async function startReplay(server, { nativeCli, prefix }) {
  assert.ok(existsSync(join(repo, "web", "dist", "papershelf-cli.cjs")), "web/dist is missing: run ./dev.sh test");
  assert.ok(existsSync(nativeCli), `${nativeCli} is missing: run ./dev.sh test`);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { api: `http://127.0.0.1:${server.address().port}`, work: mkdtempSync(join(tmpdir(), prefix)) };
}
export function stopReplay(server, work) {
  server.closeAllConnections();
  server.close();
  rmSync(work, { recursive: true, force: true });
}

// `npx papershelf ARGS` as a user runs it (web/bin/papershelf.cjs) in `cwd` with `env`; resolves
// to { status, stdout, stderr } as text.
export function packageCli(args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repo, "web", "bin", "papershelf.cjs"), ...args], { cwd, env });
    const out = [], err = [];
    child.stdout.on("data", (b) => out.push(b));
    child.stderr.on("data", (b) => err.push(b));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
  });
}
