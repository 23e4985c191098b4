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
//
// Its pieces are in openalex/: the command lines (args), the one call with its retries and limits
// (http), the works a run fetches (works), the day's budget (budget), errors and shown text
// (messages); this file runs the commands.
"use strict";
const { existsSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { SyncError, BudgetError, shown } = require("./openalex/messages.cjs");
const { newBudget, budgetLine, whenRenewed } = require("./openalex/budget.cjs");
const { flag, authorFilter, fileOf, apiKeyOf, withoutKey, doisOf } = require("./openalex/args.cjs");
const { collection, fetchWorks, fetchDois, worksForSync } = require("./openalex/works.cjs");

const BUDGET_SPENT = 3;   // the exit status when the day's budget is spent

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
