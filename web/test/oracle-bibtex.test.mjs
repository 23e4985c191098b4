// An independent oracle for the BibTeX reader: Better BibTeX's parser (@retorquere/bibtex-parser,
// a dev dependency, the parser behind Zotero's Better BibTeX imports) reads every .bib file of
// ../shared/corpus/realworld and realworld2, papershelf's native CLI reads them too (`render
// --format json`, one process a file), and the two are compared entry by entry: (a) the set of
// keys, (b) the title (NFC, case-folded, letters and digits only), (c) the number of authors,
// (d) the year. Each figure must stay at or above its floor (FLOORS, just below what was
// measured), so that a regression in the reader fails here; the figures are printed whatever the
// outcome, and PAPERSHELF_ORACLE_REPORT=1 prints every disagreement and every exclusion.
//
// Where the two readers differ by one of papershelf's rules (docs/data.md, or the reader's own
// comment where data.md has none), the oracle's side is read by that rule, or the comparison is
// left out and counted as excluded; each place below names its rule. Where the oracle itself says
// it could not read a value (its parse errors), that value is left out too. What remains is
// compared as it is: a disagreement there is either the oracle's or papershelf's, and the floors
// hold the count where it is.
//
// Skipped without ../shared (PAPERSHELF_SHARED), the native CLI (PAPERSHELF_CLI) or the oracle
// (`npm install` in web/). The oracle is slow on large files (a whole file goes through its LaTeX
// grammar), so the files are read in worker threads while the CLI runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const shared = process.env.PAPERSHELF_SHARED || join(repo, "..", "shared");
const cli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");
const report = Boolean(process.env.PAPERSHELF_ORACLE_REPORT);
const CORPORA = ["realworld", "realworld2"];

// The floors, in percent of the entries compared, a corpus and a criterion. Measured when set:
// realworld  keys 1886/1886, titles 1885/1885, authors 1886/1886, years 1886/1886 (all 100%);
// realworld2 keys 4686/4686 (100%), titles 4683/4684 (99.98%), authors 4684/4685 (99.98%),
// years 4685/4685 (100%). The two that differ are the oracle's: ALRhub's deair ("Yagmurlu,
// Atalay Donat, {\"O}mer Erdin{\c{c}}" is two people, papershelf counts 13) and astroweaver's
// Price2024 (\raisebox{-0.5ex}{\~{}}700 is "~700"; the oracle shows the length).
const FLOORS = {
  realworld: { keys: 99.9, titles: 99.9, authors: 99.9, years: 99.9 },
  realworld2: { keys: 99.9, titles: 99.9, authors: 99.9, years: 99.9 },
};

let oracleUrl = null;
try {
  oracleUrl = import.meta.resolve("@retorquere/bibtex-parser");
} catch {
  // not installed: skipped below
}

function skipReason() {
  if (!existsSync(join(shared, "corpus"))) return `no shared corpus at ${join(shared, "corpus")} (set PAPERSHELF_SHARED)`;
  if (!existsSync(cli)) return `no native CLI at ${cli} (set PAPERSHELF_CLI)`;
  if (!oracleUrl) return "no @retorquere/bibtex-parser in web/node_modules (npm install in web/)";
  return false;
}

// ---- The oracle, in worker threads ---------------------------------------------------------------
// Each worker parses whole files and hands back, an entry, only what is compared: the key as
// written (from the entry's source), the fields below, and whether the oracle reported an error
// on it. Options: no sentence casing or case protection (titles are compared case-folded), an
// unknown command shows its name (docs/data.md, LaTeX: "an unknown command shows its argument,
// or its name when it has none"; the argument stays in the text either way), crossref applied
// (docs/data.md: crossref follows biblatex's inheritance).
const WORKER = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const FIELDS = ["title", "booktitle", "maintitle", "eventtitle", "series", "author", "authors", "editor", "editors",
  "collaboration", "year", "date", "eventdate", "eprint", "archiveprefix", "eprinttype", "arxiv", "url", "howpublished"];
// TeX kernel and textcomp symbols the oracle does not know (docs/data.md: "the textcomp and math
// symbols"; toolchains/gen/latex_symbols.txt), and plain TeX's font switch \cal, whose letter
// follows it (docs/data.md: "{\cal B} (ℬ)", the same letter once folded below).
const SYMBOLS = { textquotesingle: "'", cal: "" };
import(workerData.oracle).then(({ parse }) => {
  parentPort.on("message", (file) => {
    const unsupported = (node, tex, entry) => {
      if (node.type !== "macro") return "";
      if (SYMBOLS[node.content] !== undefined) return SYMBOLS[node.content];
      // With an argument, the argument (which the oracle keeps); without, the command's name.
      const escaped = tex.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
      return new RegExp(escaped + "(?![a-zA-Z])\\s*\\{").test(entry?.input ?? "") ? "" : node.content;
    };
    const library = parse(readFileSync(file, "utf8"), { english: false, sentenceCase: false, caseProtection: false,
      unsupported, applyCrossRef: true });
    const errors = library.errors.map((e) => e.error);
    const entries = library.entries.map((e) => {
      const written = /^@\s*\w+\s*[{(]\s*([^,]*?)\s*,/.exec(e.input);
      const fields = {};
      for (const name of FIELDS) if (e.fields[name] !== undefined) fields[name] = e.fields[name];
      const failed = errors.filter((m) => m.startsWith("@" + e.key + ":") || e.input && m.includes(e.input.slice(0, 30)));
      return { key: written ? written[1] : e.key, fields, empty: Object.keys(e.fields).length === 0, errors: failed };
    });
    parentPort.postMessage({ file, entries });
  });
});
`;

function oraclePool(files) {
  const size = Math.max(1, Math.min(files.length, availableParallelism() || 1));
  const results = new Map(files.map((f) => [f, null]));
  const waiting = new Map();
  const queue = [...files];
  const workers = [];
  let failure = null;
  const done = new Promise((resolve, reject) => {
    let finished = 0;
    for (let i = 0; i < size; i++) {
      // (A larger young generation: the oracle makes garbage fast, and collects a third less so.)
      const worker = new Worker(WORKER, { eval: true, workerData: { oracle: oracleUrl }, resourceLimits: { maxYoungGenerationSizeMb: 96 } });
      workers.push(worker);
      const next = () => (queue.length ? worker.postMessage(queue.shift()) : worker.terminate());
      worker.on("message", ({ file, entries }) => {
        results.set(file, entries);
        waiting.get(file)?.(entries);
        if (++finished === files.length) resolve();
        next();
      });
      worker.on("error", (error) => {
        failure = error;
        for (const [, settle] of waiting) settle(Promise.reject(error));
        reject(error);
      });
      next();
    }
  });
  return {
    get: (file) => failure ? Promise.reject(failure) : results.get(file) ?? new Promise((resolve) => waiting.set(file, resolve)),
    done,
    stop: () => workers.forEach((w) => w.terminate()),
  };
}

// ---- papershelf ------------------------------------------------------------------------------------
function papershelf(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, ["render", "--format", "json", file], { stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    const err = [];
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => err.push(d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`papershelf render ${file}: exit ${code}: ${Buffer.concat(err)}`));
      else resolve(JSON.parse(Buffer.concat(out).toString("utf8")));
    });
  });
}

// ---- Reading the oracle's values by papershelf's rules ----------------------------------------------
// Character references are the characters they stand for (docs/data.md: "&amp;, &nbsp;, &#x2013;
// are read as the characters they stand for in every text field"); the oracle keeps them, and
// writes `&\#x..;` for an escaped hash.
const ENTITIES = { amp: "&", nbsp: " ", lt: "<", gt: ">", quot: '"', apos: "'" };
const entities = (s) => s.replace(/&(?:\\?#x([0-9a-f]+)|\\?#(\d+)|([a-z]+));/gi, (m, hex, dec, name) =>
  hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : ENTITIES[name.toLowerCase()] ?? m);
// Inline HTML in titles is styling, not text (docs/data.md, "Inline HTML"): the oracle's own markup
// (<i>, <sup>, nocase spans), and HTML that Web of Science wrote in a title, which the oracle reads
// in TeX's text encoding as ¡i¿ (`<` and `>` in OT1).
const markup = (s) => s.replace(/<\/?[a-z][^<>]*>|¡\/?[a-z]+¿/gi, "");
// The letters and digits of the NFC, case-folded text. (`\'\i` is í: the oracle writes a dotless ı
// and a combining accent, which NFC leaves apart; the accent, a mark, would then be dropped.)
const fold = (s) => (s ?? "").normalize("NFC").replace(/ı(?=\p{M})/gu, "i").normalize("NFC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
// Math is read as Unicode (docs/data.md: `$\ell_p$` is ℓₚ, `$x^2$` x², the math alphabets are
// Unicode's letters, mhchem's \ce{Cu2ZnSnS4} is Cu₂ZnSnS₄, {\cal B} is ℬ): where the oracle writes
// math with markup (x<sup>2</sup>) or math italic letters (𝜇), the two agree by their
// compatibility forms (NFKC: ² is 2, 𝜇 is μ, ℬ is B).
const foldMath = (s) => fold((s ?? "").normalize("NFKC"));

// "et al." as the last name, in the languages lists are written in, is et al., not a person
// (docs/data.md, Authors; `{8 other authors}` too).
const ET_AL = /^(others|et\.? ?al\.?|u\. ?a\.?|и др\.?|等|ほか|e outros|y otros|et autres|e altri|\d+ other authors)$/i;
const creatorText = (c) => (c.name ?? [c.firstName, c.prefix, c.lastName, c.suffix].filter(Boolean).join(" ")).replace(/[{}]/g, "").trim();
const persons = (list) => (Array.isArray(list) ? list : []).filter((c) => !ET_AL.test(creatorText(c)));
// Names separated by commas ("Rasthofer U., Wall W.A., Gravemeier V.", "Francesc Net, Adrià
// Molina", "Tieu, Lyn, Bill, Cory"), and an `and` at the start of a line in a quoted value, are
// read as meant by papershelf (docs/data.md, "What real files get wrong"); the oracle reads such
// a name as one of three parts (last, suffix, first), or reports a name of more parts and drops
// the rest. Its count is then taken from that name as written: a part followed by a one-word part
// is "Last, First", any other part a full name. (A real third part is a suffix: Jr., Sr., III.)
function commaPersons(name) {
  let n = 0;
  for (const one of name.split(/\s+and\s+/)) {
    const parts = one.split(",").map((p) => p.trim()).filter(Boolean);
    for (let i = 0; i < parts.length; i++, n++) if (i + 1 < parts.length && !/\s/.test(parts[i + 1])) i++;
  }
  return n;
}
// What a name of the oracle's, of these parts (last, suffix, first), counts for.
function partsPersons(parts) {
  const commaNames = parts.length === 3 && !/^(jr|sr|[ivx]+)\.?$/i.test(parts[1]) && parts.every((p) => /\s/.test(p));
  return commaNames ? commaPersons(parts.join(", ")) : 1;
}
function oracleAuthorCount(list, errors) {
  let n = 0;
  for (const c of list) n += partsPersons([[c.prefix, c.lastName].filter(Boolean).join(" "), c.suffix, c.firstName].filter(Boolean).map((p) => p.trim()));
  // A name of more than three parts: the oracle kept its first three as one name (counted above).
  for (const error of errors) {
    const name = /unexpected \d+-part name "(.*)", dropping/s.exec(error);
    // (Only a name of this list: the errors are the entry's, an editor's too.)
    if (name && list.some((c) => c.lastName && name[1].includes(c.lastName)))
      n += commaPersons(name[1]) - partsPersons(name[1].split(",").map((p) => p.trim()).slice(0, 3));
  }
  return n;
}

const YEAR = /(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)/;
// biblatex's date: ISO 8601, ranges with `/`.
const ISO_DATE = /^\s*(\d{4})(?:-\d\d(?:-\d\d)?)?(?:\/\S*)?\s*$/;
// New-style arXiv identifiers begin with their year and month (2403.03883 is March 2024); papershelf
// dates a record that has no year by its arXiv identifier (core/src/read/bibtex/mapping.cpp,
// arxiv_year), in an eprint or a link.
function arxivYear(f) {
  const id = /^\s*(?:arxiv:)?(\d{4})\.\d{4,5}/i.exec(f.eprint ?? f.arxiv ?? "") ??
    /arxiv\.org\/(?:abs|pdf|html)\/(\d{4})\.\d{4,5}/i.exec([f.url, f.howpublished].filter(Boolean).join(" "));
  if (!id) return null;
  const yy = Number(id[1].slice(0, 2)), mm = Number(id[1].slice(2));
  return yy >= 7 && mm >= 1 && mm <= 12 ? 2000 + yy : null;
}

// The oracle's reading of one entry, by papershelf's rules where the two differ by design; a value
// is null where it is excluded (the reason in `excluded`).
function oracleView(entry, ours) {
  const f = entry.fields;
  const excluded = {};
  // The oracle could not read the entry at all (e.g. "Unclosed math section" at a lone `$225`,
  // which papershelf reads as a price: docs/data.md, "a lone \$225").
  if (entry.empty) return { title: null, authors: null, year: null, excluded: { all: entry.errors.join("; ") || "no fields read" } };

  // A record without a title takes its booktitle, maintitle, eventtitle or series (docs/data.md:
  // "a @book with only a booktitle takes it as its title"; core/src/read/bibtex/map_entry.cpp).
  let title = [f.title, f.booktitle, f.maintitle, f.eventtitle, f.series].find((t) => t && t.trim()) ?? "";
  title = markup(entities(title));
  // Math that Zotero and Mendeley escaped (`\$x{\textasciicircum}2\$`) is read as math when the
  // pair of dollars holds TeX (docs/data.md); the oracle keeps the dollars and the TeX.
  if (/\$[^$]*[\\^_\u0302][^$]*\$/.test(title) && !(ours.title ?? "").includes("$")) {
    excluded.titles = "escaped math read as math (docs/data.md)";
    title = null;
  }

  // INSPIRE's collaboration on a paper without an author list is its author; an entry without
  // authors shows its editors (docs/data.md, Authors and "What real files get wrong").
  let list = persons(f.author ?? f.authors);
  let errors = entry.errors;
  if (list.length === 0 && f.collaboration) list = [{ name: f.collaboration }];
  if (list.length === 0) {
    list = persons(f.editor ?? f.editors);
    errors = [];  // (the errors would be the authors')
  }
  const authors = oracleAuthorCount(list, errors);

  // biblatex's date wins over year (docs/data.md, the year/date row); a date that is no ISO date
  // is none, and the year is then the year in `year`. A talk or a course dated only by its event
  // (biblatex's eventdate) is of that year (core/src/read/bibtex/map_entry.cpp). Otherwise the year
  // of an arXiv identifier (above).
  let year = null;
  const date = ISO_DATE.exec(f.date ?? "");
  const event = ISO_DATE.exec(f.eventdate ?? "");
  if (date) year = Number(date[1]);
  else if (YEAR.test(f.year ?? "")) year = Number(YEAR.exec(f.year)[1]);
  else if (YEAR.test(f.date ?? "")) year = Number(YEAR.exec(f.date)[1]);
  else if (event) year = Number(event[1]);
  else year = arxivYear(f);
  return { title, authors, year, excluded };
}

// Keys: a second entry under a used key is kept as key-2 (docs/data.md, "What real files get
// wrong"); a key with characters keys cannot hold (a space...) is kept without them, a run of
// spaces as a hyphen (core/src/read/bibtex/reader.cpp, unique_key; the oracle stops the key at the
// space, so it is taken here as written in the entry).
function oracleByKey(entries) {
  const byKey = new Map();
  for (const entry of entries) {
    const written = entry.key.replace(/\s+/g, "-");
    let key = written;
    for (let n = 2; byKey.has(key); n++) key = `${written}-${n}`;
    byKey.set(key, entry);
  }
  return byKey;
}

// ---- The comparison --------------------------------------------------------------------------------
const CRITERIA = ["keys", "titles", "authors", "years"];
const pct = ({ agree, total }) => (total ? (100 * agree) / total : 100);

async function compareCorpus(name, pool, files) {
  const counts = Object.fromEntries(CRITERIA.map((c) => [c, { agree: 0, total: 0, excluded: 0 }]));
  const differences = [];
  const exclusions = [];
  const ourRuns = files.map((path) => papershelf(path));
  for (const [i, path] of files.entries()) {
    const file = path.split("/").pop();
    const ours = new Map((await ourRuns[i]).map((item) => [item.key, item]));
    const theirs = oracleByKey(await pool.get(path));
    // A key with a space (`@CONFERENCE{De Vita2022,`) is kept with a hyphen (De-Vita2022: above);
    // the oracle stops the key at the space and reads no field of the entry. The two are the same
    // entry, and nothing else of it can be compared.
    const paired = new Set();
    for (const [key, entry] of [...theirs]) {
      if (!entry.empty || ours.has(key)) continue;
      const meant = [...ours.keys()].find((k) => k.startsWith(`${key}-`) && !theirs.has(k));
      if (!meant) continue;
      theirs.delete(key);
      theirs.set(meant, entry);
      paired.add(meant);
      counts.keys.excluded++;
      exclusions.push({ criterion: "keys", file, key: meant, reason: `the oracle read the key as '${key}' and no field of it` });
    }
    for (const key of new Set([...ours.keys(), ...theirs.keys()])) {
      if (!paired.has(key)) counts.keys.total++;
      if (!ours.has(key) || !theirs.has(key)) {
        differences.push({ criterion: "keys", file, key, papershelf: ours.has(key), oracle: theirs.has(key) });
        continue;
      }
      if (!paired.has(key)) counts.keys.agree++;
      const item = ours.get(key);
      const b = oracleView(theirs.get(key), item);
      const a = { titles: item.title, authors: item.authors.length, years: item.year ?? null };
      const values = { titles: b.title, authors: b.authors, years: b.year };
      for (const criterion of ["titles", "authors", "years"]) {
        const reason = b.excluded.all ?? b.excluded[criterion];
        if (values[criterion] === null && reason) {
          counts[criterion].excluded++;
          exclusions.push({ criterion, file, key, reason, papershelf: a[criterion] });
          continue;
        }
        counts[criterion].total++;
        const same = criterion === "titles"
          ? fold(a.titles) === fold(values.titles) || foldMath(a.titles) === foldMath(values.titles)
          : a[criterion] === values[criterion];
        if (same) counts[criterion].agree++;
        else differences.push({ criterion, file, key, papershelf: a[criterion], oracle: values[criterion] });
      }
    }
  }
  return { counts, differences, exclusions };
}

const skip = skipReason();
const corpusDir = (name) => join(shared, "corpus", name);
const filesOf = (name) => existsSync(corpusDir(name))
  ? readdirSync(corpusDir(name)).filter((f) => f.endsWith(".bib")).sort().map((f) => join(corpusDir(name), f)) : [];

test("Better BibTeX's parser reads the real files as papershelf does", { skip, timeout: 300_000 }, async (t) => {
  const corpora = CORPORA.filter((name) => filesOf(name).length > 0);
  if (corpora.length === 0) return t.skip(`no .bib files in ${CORPORA.map(corpusDir).join(" or ")}`);
  const files = corpora.flatMap(filesOf);
  const pool = oraclePool(files);
  pool.done.catch(() => {});  // (a worker's error fails the file that waits for it)
  try {
    for (const name of corpora) {
      const { counts, differences, exclusions } = await compareCorpus(name, pool, filesOf(name));
      console.log(`${name}: ` + CRITERIA.map((c) => {
        const n = counts[c];
        return `${c} ${n.agree}/${n.total} (${pct(n).toFixed(2)}%${n.excluded ? `, ${n.excluded} excluded` : ""})`;
      }).join(", "));
      if (report) {
        for (const d of differences) console.log("differs  " + JSON.stringify(d));
        for (const x of exclusions) console.log("excluded " + JSON.stringify(x));
      }
      assert.ok(counts.keys.total > 0, `no entries in ${name}`);
      for (const criterion of CRITERIA) {
        const floor = FLOORS[name][criterion];
        await t.test(`${name} ${criterion}: at least ${floor}% agree`, () => {
          const n = counts[criterion];
          assert.ok(pct(n) >= floor, `${name} ${criterion}: ${n.agree} / ${n.total} agree (${pct(n).toFixed(2)}%), below ${floor}%; ` +
            differences.filter((d) => d.criterion === criterion).slice(0, 8).map((d) => JSON.stringify(d)).join(" "));
        });
      }
    }
    await pool.done;
  } finally {
    pool.stop();
  }
});
