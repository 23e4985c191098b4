// `npx papershelf sync FILE.bib --openalex ID | --orcid ID` and `npx papershelf import --orcid ID
// | --openalex ID | --doi DOI...`: fetches the works from OpenAlex (the only thing the C++ CLI
// cannot do: it has no network), and hands them to it as --from-file, as a saved response would
// be. All matching and writing is the C++'s. A sync asks for the file's DOIs in batches and for
// the rest one at a time (free), the author's list only where it adds something (worksForSync).
//
// As OpenAlex's API asks since February 2026: an API key (--api-key or OPENALEX_API_KEY) sent as
// its api_key parameter, never shown in a message; the day's budget of credits read from the
// X-RateLimit-* headers of every answer. A 429 whose budget is spent (X-RateLimit-Remaining below
// X-RateLimit-Credits-Required, or a wait of more than SHORT_WAIT_S) stops the run at once with
// exit status 3: nothing is written, so no count is lost; a 429 for going too fast is retried
// after the server's Retry-After, when that is short. Cursor paging of 200 works a page, only the
// fields the sync reads (select), one request at a time, retries with backoff on 5xx, a timeout
// on every request, --mailto sent as a contact when given.
// Distrust, as for any input: a body larger than MAX_BODY_BYTES or a page of more works than
// asked is refused, a redirect to another host is not followed, and what the API says is shown
// escaped. Every other failure exits with status 2, never 1 (which says the .bib has errors).
"use strict";
const { existsSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

const API = process.env.PAPERSHELF_OPENALEX_API || "https://api.openalex.org";
const TIMEOUT_MS = Number(process.env.PAPERSHELF_OPENALEX_TIMEOUT_MS) || 30000;
const BACKOFF_MS = Number(process.env.PAPERSHELF_OPENALEX_BACKOFF_MS) || 1000;
const ATTEMPTS = 5;
const SHORT_WAIT_S = 30;  // a 429 asking to wait longer is a spent budget (it says ~15 h then), never waited for
const BUDGET_SPENT = 3;   // the exit status when the day's budget is spent
const PER_PAGE = 200;
const MAX_PAGES = 250;  // 50,000 works: more than any one author has
const MAX_BODY_BYTES = Number(process.env.PAPERSHELF_OPENALEX_MAX_BYTES) || 32 * 1024 * 1024;  // a page of 200 works is ~1 MB
const MAX_REDIRECTS = 5;
const SELECT = ["id", "doi", "title", "display_name", "publication_year", "publication_date", "type", "primary_location",
  "locations", "best_oa_location", "authorships", "biblio", "cited_by_count"].join(",");

class SyncError extends Error {}
// The day's budget is spent: the run stops, and exits with BUDGET_SPENT.
class BudgetError extends SyncError {}

// What the run asked of OpenAlex, and what its answers say of the day's budget.
function newBudget(apiKey) {
  return { apiKey, calls: 0, listCalls: 0, credits: 0, remaining: undefined, limit: undefined, reset: undefined };
}
function headerNumber(response, name) {
  const text = response.headers.get(name);
  const n = text === null || text.trim() === "" ? NaN : Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}
function readBudget(budget, response) {
  const used = headerNumber(response, "x-ratelimit-credits-used");
  if (used !== undefined && response.ok) budget.credits += used;
  budget.remaining = headerNumber(response, "x-ratelimit-remaining") ?? budget.remaining;
  budget.limit = headerNumber(response, "x-ratelimit-limit") ?? budget.limit;
  // (seconds until the budget is renewed at midnight UTC, not a time of day)
  budget.reset = headerNumber(response, "x-ratelimit-reset") ?? budget.reset;
}
const plural = (n, one, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
// "12 calls (3 lists of works: 3 credits); 9,997 of 10,000 credits left today"
function budgetLine(budget) {
  let line = `${plural(budget.calls, "call")} to OpenAlex (${plural(budget.listCalls, "list")} of works, ${plural(budget.calls - budget.listCalls, "single lookup")}): ${plural(budget.credits, "credit")} used`;
  if (budget.remaining !== undefined) line += `; ${budget.remaining.toLocaleString("en-US")}${budget.limit !== undefined ? ` of ${budget.limit.toLocaleString("en-US")}` : ""} credits left today`;
  return line;
}
// "in 15 h 2 min (at 00:00 UTC)"
function whenRenewed(seconds) {
  if (seconds === undefined) return "at midnight UTC";
  const at = new Date(Date.now() + seconds * 1000);
  const h = Math.floor(seconds / 3600), min = Math.ceil((seconds % 3600) / 60);
  return `in ${h ? `${h} h ` : ""}${min} min (at ${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")} UTC)`;
}
// An address as messages show it: without the key.
function redacted(url) {
  const u = new URL(url);
  if (u.searchParams.has("api_key")) u.searchParams.set("api_key", "…");
  return shown(u.pathname + u.search);
}

// Text from the API or the network as the C++ CLI shows what it quotes (unicode::escape_controls):
// C0 controls and DEL as \x1b, C1 controls, line separators and bidirectional marks as \u202e,
// so that an answer can neither drive the terminal nor start a line of its own in a CI log.
function shown(text) {
  return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x80 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

// The body of `response` as text, refused past MAX_BODY_BYTES (read as it arrives, never whole first).
async function boundedText(response) {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new SyncError(`OpenAlex's answer is ${declared} bytes, more than a page of works can be (${MAX_BODY_BYTES}): refused`);
  if (!response.body) return "";
  const chunks = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SyncError(`OpenAlex's answer is more than ${MAX_BODY_BYTES} bytes, more than a page of works can be: refused`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

// fetch(), following redirects only within the API's own host.
async function fetchSameHost(url, init) {
  let at = new URL(url);
  for (let hop = 0; ; ++hop) {
    const response = await fetch(at, { ...init, redirect: "manual" });
    if (response.status < 300 || response.status >= 400 || !response.headers.get("location")) return response;
    let next = new URL(response.headers.get("location"), at);
    // A merged work's address (/works/W…) on OpenAlex's own host, asked of the API this run uses.
    if (next.host !== new URL(API).host && next.hostname === "api.openalex.org" && /^\/works\/W\d+$/.test(next.pathname))
      next = new URL(`${next.pathname}${at.search}`, at);
    if (next.host !== new URL(API).host || next.protocol !== at.protocol)
      throw new SyncError(`OpenAlex's answer redirects to another host (${shown(next.origin)}): not followed`);
    if (hop >= MAX_REDIRECTS) throw new SyncError(`OpenAlex's answers redirect more than ${MAX_REDIRECTS} times: not followed`);
    at = next;
  }
}

// The value of --name (as "--name V" or "--name=V") in `args`, or undefined.
function flag(args, name) {
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === name) return args[i + 1];
    if (args[i].startsWith(name + "=")) return args[i].slice(name.length + 1);
  }
  return undefined;
}

// ORCID's check digit (ISO 7064 11,2) over the first 15 digits.
function orcidValid(id) {
  const digits = id.replace(/-/g, "");
  let total = 0;
  for (const d of digits.slice(0, 15)) total = (total + Number(d)) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? "X" : String(check));
}

// The works filter for the author the flags name; throws a SyncError for a malformed id.
function authorFilter(args) {
  const openalex = flag(args, "--openalex"), orcid = flag(args, "--orcid");
  if (openalex !== undefined) {
    const m = /^(?:https?:\/\/openalex\.org\/(?:authors\/)?)?(A\d+)$/i.exec(openalex.trim());
    if (!m) throw new SyncError(`--openalex needs an OpenAlex author id such as A5023888391, not "${openalex}"`);
    return { filter: `author.id:${m[1].toUpperCase()}`, who: m[1].toUpperCase() };
  }
  const m = /^(?:https?:\/\/orcid\.org\/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i.exec((orcid || "").trim());
  if (!m || !orcidValid(m[1].toUpperCase()))
    throw new SyncError(`--orcid needs an ORCID iD such as 0000-0002-1825-0097, not "${orcid}" (its check digit must agree)`);
  return { filter: `author.orcid:https://orcid.org/${m[1].toUpperCase()}`, who: `ORCID ${m[1].toUpperCase()}` };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// One call, with retries; `list` for a list or filter (which costs credits; one work by its id
// or DOI is free). Resolves to the parsed response, or null for a 404 when `missing` allows it;
// throws a SyncError saying what went wrong, a BudgetError when the day's budget is spent.
async function request(url, budget, { list = true, missing = false } = {}) {
  const address = new URL(url);
  if (budget.apiKey) address.searchParams.set("api_key", budget.apiKey);
  let lastProblem = { text: "" };
  for (let attempt = 0; attempt < ATTEMPTS; ++attempt) {
    if (attempt > 0) await sleep(lastProblem.wait ?? BACKOFF_MS * 2 ** (attempt - 1));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    let response;
    try {
      response = await fetchSameHost(address, { signal: controller.signal, headers: { accept: "application/json" } });
      const body = await boundedText(response);
      clearTimeout(timer);
      budget.calls += 1;
      if (list) budget.listCalls += 1;
      readBudget(budget, response);
      if (response.ok) {
        try {
          return JSON.parse(body);
        } catch {
          throw new SyncError(`OpenAlex answered ${redacted(address)} with something that is not JSON`);
        }
      }
      if (response.status === 404 && missing) return null;
      let parsed = {};
      try {
        parsed = JSON.parse(body) ?? {};
      } catch { /* not JSON: the status says it */ }
      const message = [parsed.error, parsed.message].filter((t) => typeof t === "string" && t).join(": ");
      const retryAfter = headerNumber(response, "retry-after");
      if (response.status === 429) {
        const required = headerNumber(response, "x-ratelimit-credits-required");
        const left = headerNumber(response, "x-ratelimit-remaining");
        const spent = (required !== undefined && left !== undefined && left < required) || (retryAfter ?? 0) > SHORT_WAIT_S;
        if (spent) {
          const e = new BudgetError(`OpenAlex's budget for today is spent${required !== undefined ? ` (this call needs ${plural(required, "credit")}, ${left ?? 0} left)` : ""}`);
          e.renewed = headerNumber(response, "x-ratelimit-reset") ?? retryAfter;
          throw e;
        }
        // Too fast: waited for as the server asks (it is short), or with backoff.
        lastProblem = { text: `HTTP 429${message ? `: ${shown(message)}` : ""}`, wait: retryAfter !== undefined ? retryAfter * 1000 : undefined };
        continue;
      }
      if (response.status >= 500) {
        lastProblem = { text: `HTTP ${response.status}`, wait: retryAfter !== undefined && retryAfter <= SHORT_WAIT_S ? retryAfter * 1000 : undefined };
        continue;
      }
      if (response.status === 401 || response.status === 403)
        throw new SyncError(`OpenAlex refused the request (HTTP ${response.status}${message ? `: ${shown(message)}` : ""})${budget.apiKey ? ": is the API key (--api-key, OPENALEX_API_KEY) right?" : ""}`);
      throw new SyncError(`OpenAlex refused the request (HTTP ${response.status}${message ? `: ${shown(message)}` : ""})`);
    } catch (err) {
      clearTimeout(timer);
      if (err instanceof SyncError) throw err;
      const code = err.cause?.code ?? err.code ?? "";
      if (controller.signal.aborted) {
        lastProblem = { text: `no answer in ${TIMEOUT_MS / 1000} s` };
        continue;
      }
      // Offline (no name resolution, nothing listening): no use waiting for it.
      if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ECONNREFUSED")
        throw new SyncError(`cannot reach OpenAlex at ${API} (${code}): are you offline? Or save the works as its API returns them and pass --from-file FILE`);
      lastProblem = { text: shown(code || err.message) };
    }
  }
  throw new SyncError(`OpenAlex did not answer after ${ATTEMPTS} tries (${lastProblem.text}); try again later, or pass saved works with --from-file FILE`);
}

// Every work of a filter (the author's, a batch of DOIs), page after page.
async function fetchWorks(filter, mailto, who, budget) {
  const results = [];
  let cursor = "*";
  for (let page = 0; cursor && page < MAX_PAGES; ++page) {
    const params = new URLSearchParams({ filter, "per-page": String(PER_PAGE), cursor, select: SELECT });
    if (mailto) params.set("mailto", mailto);
    const data = await request(`${API}/works?${params}`, budget);
    if (!data || !Array.isArray(data.results)) throw new SyncError("OpenAlex's answer has no results: is this its works API?");
    if (data.results.length > PER_PAGE) throw new SyncError(`OpenAlex answered a page of ${PER_PAGE} works with ${data.results.length}: refused`);
    // (one by one: spreading an array of any length into push() overflows the stack)
    for (const work of data.results) results.push(work);
    const total = data.meta?.count;
    if (who) process.stderr.write(`papershelf: ${who}'s works from OpenAlex: ${results.length}${Number.isFinite(total) ? ` of ${total}` : ""}\n`);
    cursor = data.results.length && typeof data.meta?.next_cursor === "string" ? data.meta.next_cursor : null;
  }
  return results;
}

const DOI_BATCH = 50;  // DOIs a call (OpenAlex takes up to 100 values in one filter)

// One work by its id or DOI ("W123", "doi:10.1/x"): free, and found where a list misses it (a
// work OpenAlex merged into another answers with the other). null when OpenAlex has none.
async function fetchOne(id, mailto, budget) {
  const params = new URLSearchParams({ select: SELECT });
  if (mailto) params.set("mailto", mailto);
  const data = await request(`${API}/works/${encodeURIComponent(id).replace(/%2F/gi, "/").replace(/%3A/gi, ":")}?${params}`, budget, { list: false, missing: true });
  if (data !== null && (typeof data !== "object" || Array.isArray(data) || typeof data.id !== "string"))
    throw new SyncError("OpenAlex's answer for one work is not a work: is this its works API?");
  return data;
}

const bareDoi = (doi) => String(doi ?? "").replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").toLowerCase();

// The works fetched, each once (by its id), with their ids and DOIs for what is still to fetch.
function collection() {
  const works = [], ids = new Set(), dois = new Set();
  const keep = (w) => {
    const id = String(w?.id ?? "").replace(/^https?:\/\/openalex\.org\//i, "").toUpperCase();
    if (id && ids.has(id)) return;  // (a work found twice: once)
    if (id) ids.add(id);
    if (w?.doi) dois.add(bareDoi(w.doi));
    works.push(w);
  };
  return { works, ids, dois, keep };
}

// The works of `wanted` DOIs not yet in `got`: in batches of DOI_BATCH (a list call each), then
// each DOI no batch answered alone (free; the way to a work OpenAlex merged into another).
// Returns the DOIs OpenAlex has no work of.
async function fetchDois(wanted, got, mailto, budget) {
  const todo = [...new Set(wanted)].filter((d) => d && !got.dois.has(d));
  // (a DOI with "|" or "," cannot be a filter's value: looked up alone)
  const batchable = todo.filter((d) => !/[|,]/.test(d));
  for (let i = 0; i < batchable.length; i += DOI_BATCH)
    for (const w of await fetchWorks(`doi:${batchable.slice(i, i + DOI_BATCH).join("|")}`, mailto, "", budget)) got.keep(w);
  const none = [];
  for (const doi of todo)
    if (!got.dois.has(doi)) {
      const w = await fetchOne(`doi:${doi}`, mailto, budget);
      if (w) got.keep(w);
      else none.push(doi);
    }
  return none;
}

// The works a sync needs, in as few paid calls as it can: the entries' DOIs (fetchDois: one
// call's credits for 50 entries); an arXiv id or an OpenAlex id one at a time (free); the
// author's list (pages of 200) only where it adds something: for --add (the works the file
// lacks), and for entries the rules can find by their title only.
async function worksForSync(entries, { filter, who }, mailto, add, budget) {
  const got = collection();
  if (add || entries.some((e) => !e.doi && !e.arxiv && !e.openalex))
    for (const w of await fetchWorks(filter, mailto, who, budget)) got.keep(w);
  await fetchDois(entries.map((e) => e.doi), got, mailto, budget);
  for (const e of entries) {
    if (e.doi) continue;
    let found = false;
    if (e.arxiv) {
      const doi = `10.48550/arxiv.${e.arxiv}`;
      const w = got.dois.has(doi) ? true : await fetchOne(`doi:${doi}`, mailto, budget);
      if (w && w !== true) got.keep(w);
      found = Boolean(w);
    }
    if (!found && e.openalex && !got.ids.has(e.openalex)) {
      const w = await fetchOne(e.openalex, mailto, budget);
      if (w) got.keep(w);
    }
  }
  return got.works;
}

// Runs the C++ CLI's `command` on the works fetched, saved as one response in a temporary file
// (removed at exit) and passed as --from-file; the key left out.
function runWithWorks(command, args, works, budget, runCli) {
  process.stderr.write(`papershelf: ${budgetLine(budget)}\n`);
  const folder = mkdtempSync(join(tmpdir(), `papershelf-${command}-`));
  const saved = join(folder, "openalex-works.json");
  writeFileSync(saved, JSON.stringify({ results: works }));
  process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
  runCli([command, ...withoutKey(args), "--from-file", saved]);
  return true;
}

// The entries' DOIs, arXiv ids and OpenAlex ids, as the C++ rules read them (sync --lookups).
function lookupsOf(args) {
  const { spawnSync } = require("node:child_process");
  const r = spawnSync(process.execPath, [join(__dirname, "papershelf.cjs"), "sync", ...withoutKey(args), "--lookups"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    process.exit(r.status ?? 2);
  }
  return JSON.parse(r.stdout).lookups;
}

// The file named in `args` (the first argument that is neither a flag nor a flag's value).
function fileOf(args) {
  const alone = new Set(["--add", "--write", "-q", "--quiet", "--dry-run", "--lookups"]);
  for (let i = 0; i < args.length; ++i) {
    if (!args[i].startsWith("-")) return args[i];
    if (!alone.has(args[i]) && !args[i].includes("=")) ++i;
  }
  return undefined;
}

// The key: --api-key, or OPENALEX_API_KEY (where a workflow puts a repository secret).
function apiKeyOf(args) {
  const key = flag(args, "--api-key") ?? process.env.OPENALEX_API_KEY ?? "";
  return key.trim();
}

// `args` without --api-key and its value: the C++ CLI never sees the key.
function withoutKey(args) {
  const out = [];
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === "--api-key") ++i;
    else if (!args[i].startsWith("--api-key=")) out.push(args[i]);
  }
  return out;
}

// The message of a run stopped by OpenAlex (exit status 3 for a spent budget, 2 otherwise), and
// what the run had done: nothing is written, so the file keeps every count it had.
function stop(err, budget, file) {
  const say = (line) => process.stderr.write(`papershelf: ${line}\n`);
  if (err instanceof BudgetError) {
    say(`${err.message}: stopped after ${budgetLine(budget)}`);
    say(`nothing was written${file ? `: ${shown(file)} is as it was` : ""}`);
    say(`the budget is renewed ${whenRenewed(err.renewed)}: run again then${budget.apiKey ? "" : ", or now with a free API key (--api-key KEY or OPENALEX_API_KEY; see https://openalex.org/settings/api), which has a larger budget"}`);
    process.exit(BUDGET_SPENT);
  }
  // (whatever else went wrong, 2: status 1 would tell a workflow that the fetch worked and the .bib has errors)
  say(err instanceof SyncError ? err.message : `fetching from OpenAlex failed: ${shown(err?.message ?? err)}`);
  process.exit(2);
}

// Runs `npx papershelf sync ...`: when the flags name an author and no saved works, fetches them
// into a temporary file and runs the C++ CLI with --from-file. Returns false when the C++ CLI
// should run as it is (no fetch needed); exits on a problem.
async function syncFromOpenAlex(args, runCli) {
  if (flag(args, "--from-file") !== undefined || args.includes("--lookups") || args.includes("-h") || args.includes("--help")) return false;
  if (flag(args, "--openalex") === undefined && flag(args, "--orcid") === undefined) return false;
  const budget = newBudget(apiKeyOf(args));
  const file = fileOf(args);
  if (file === undefined) return false;  // (the C++ CLI says what is missing)
  let works;
  try {
    const author = authorFilter(args);
    works = await worksForSync(lookupsOf(args), author, flag(args, "--mailto"), args.includes("--add"), budget);
  } catch (err) {
    stop(err, budget, file);
  }
  return runWithWorks("sync", args, works, budget, runCli);
}

// The DOIs of --doi (repeated, or separated by commas), bare and in lower case.
function doisOf(args) {
  const out = [];
  for (let i = 0; i < args.length; ++i) {
    const value = args[i] === "--doi" ? args[++i] : args[i].startsWith("--doi=") ? args[i].slice(6) : undefined;
    if (value === undefined) continue;
    for (const doi of value.split(",")) {
      const bare = doi.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").replace(/^doi:/i, "").toLowerCase();
      if (bare && !/^10\.\d{4,9}\/\S+$/.test(bare)) throw new SyncError(`--doi needs a DOI such as 10.1145/3297858.3304046, not "${shown(doi)}"`);
      if (bare) out.push(bare);
    }
  }
  return out;
}

// Runs `npx papershelf import ...`: the author's works (--orcid, --openalex: their list) or the
// works of --doi (in batches of DOI_BATCH, a DOI no batch answered alone) fetched into a
// temporary file, then the C++ CLI's import with --from-file. Returns false when the C++ CLI
// should run as it is (saved works or a BibTeX file, help); exits on a problem.
async function importFromOpenAlex(args, runCli) {
  if (flag(args, "--from-file") !== undefined || args.includes("-h") || args.includes("--help")) return false;
  const budget = newBudget(apiKeyOf(args));
  const mailto = flag(args, "--mailto");
  let works = [];
  try {
    const dois = doisOf(args);
    const byAuthor = flag(args, "--openalex") !== undefined || flag(args, "--orcid") !== undefined;
    if (!byAuthor && !dois.length) return false;  // (the C++ CLI says what is missing)
    const got = collection();
    if (byAuthor) {
      const { filter, who } = authorFilter(args);
      for (const w of await fetchWorks(filter, mailto, who, budget)) got.keep(w);
    }
    for (const doi of await fetchDois(dois, got, mailto, budget))
      process.stderr.write(`papershelf: OpenAlex has no work of the DOI ${shown(doi)}\n`);
    works = got.works;
  } catch (err) {
    stop(err, budget, fileOf(args));
  }
  return runWithWorks("import", args, works, budget, runCli);
}

// `npx papershelf setup page [FOLDER] --orcid ID` (or --openalex ID): first the import of the
// author's works into FOLDER/papers.bib (where there is none yet), which the page to start from
// then lists: a live list from nothing in two commands. Returns setup's own arguments; exits on
// a problem (the import's status: 3 for a spent budget).
function importForSetup(args) {
  const orcid = flag(args, "--orcid"), openalex = flag(args, "--openalex");
  if (orcid === undefined && openalex === undefined) return args;
  const own = [];
  for (let i = 0; i < args.length; ++i) {
    if (["--orcid", "--openalex", "--api-key", "--mailto"].includes(args[i])) ++i;
    else if (!/^--(orcid|openalex|api-key|mailto)=/.test(args[i])) own.push(args[i]);
  }
  const [kind, folder = "."] = own.filter((a) => !a.startsWith("-"));
  if (kind !== "page") {
    process.stderr.write("papershelf: --orcid and --openalex are for setup page (a .bib from nothing); in a Jekyll or Hugo site run npx papershelf import --orcid ID FILE.bib\n");
    process.exit(2);
  }
  const target = join(folder, "papers.bib");
  if (existsSync(target)) {
    process.stderr.write(`papershelf: ${shown(target)} is there: not imported again (npx papershelf import ... ${shown(target)} adds the papers it lacks)\n`);
    return own;
  }
  const { spawnSync } = require("node:child_process");
  const who = orcid !== undefined ? ["--orcid", orcid] : ["--openalex", openalex];
  const extra = [];
  for (const name of ["--api-key", "--mailto"]) if (flag(args, name) !== undefined) extra.push(name, flag(args, name));
  const r = spawnSync(process.execPath, [join(__dirname, "papershelf.cjs"), "import", ...who, ...extra, target], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 2);
  return own;
}

module.exports = { syncFromOpenAlex, importFromOpenAlex, importForSetup };
