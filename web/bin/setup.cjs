// `npx papershelf setup page|jekyll|hugo [FOLDER] [--force]`: puts what a site needs from the
// installed package where that kind of site keeps it, so that setting up is one command, not a
// list of copies to type. It only copies files (the CLI's work is the C++'s: check, render,
// prerender), and says what it did and what to do next.
//
// It changes nothing but its own files inside FOLDER: no file is written through a symbolic link
// (a file's or a folder's: lang -> ../elsewhere) nor over a file with other hard links (whose
// other names would change too), and a file that differs from the package's copy is replaced only
// when setup wrote it (an older papershelf's: .papershelf-setup.json keeps a digest of each file
// it wrote) or with --force; otherwise it is kept, and said.
//
// Its pieces are in setup/: the kinds of site (sites), the careful writing (safe-write), the page
// to start from (starter-page) and what it says about the .bib (bib-advice).
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const { SITES } = require("./setup/sites.cjs");
const { folderProblem, copyFile } = require("./setup/safe-write.cjs");
const { starterPage, prerenderStarter, PRERENDERED, STARTED } = require("./setup/starter-page.cjs");
const { suggestions, frontMatterBibs } = require("./setup/bib-advice.cjs");

// What setup wrote, by path inside FOLDER: the digest of each file's bytes.
const RECORD = ".papershelf-setup.json";

const dist = path.join(__dirname, "..", "dist");
// What a page that shows the list loads (the build's one list, dist/browser-files.json), and
// lang/, the list's words and citation locale in each shipped language (fetched only by a page in
// that language).
const pageFiles = JSON.parse(fs.readFileSync(path.join(dist, "browser-files.json"), "utf8"));
const BROWSER_FILES = [...pageFiles.files,
  ...pageFiles.folders.flatMap((folder) => fs.readdirSync(path.join(dist, folder)).map((file) => `${folder}/${file}`))];

const USAGE = `usage: papershelf setup page|jekyll|hugo [FOLDER] [--force]
       papershelf setup page [FOLDER] --orcid ID | --openalex AUTHOR_ID   (no .bib yet: your
          works imported into FOLDER/papers.bib first, as papershelf import writes them)

Copies what a site needs from the installed package into FOLDER (default: this folder):
  page    into papershelf/: papershelf.js (the one file a page names), the element, the worker,
          the three cores (the page's, the profile card's, the full one of the BibTeX and Cite
          panels), papershelf.css, the canvas renderer and lang/ (the list's words and citation
          locale in each shipped language); in a FOLDER without an index.html, also a page to
          start from that lists the FOLDER's .bib
  jekyll  the same into assets/js/, the include into _includes/ and the plugin that publishes
          _bibliography/*.bib into _plugins/ (al-folio, academicpages)
  hugo    the same into static/js/, and the shortcode into layouts/shortcodes/
A file already there with other contents is replaced when setup wrote it (an older
papershelf's; ${RECORD} in FOLDER, or in papershelf/ for page, records what
setup wrote) and said so; any other is kept and said so, unless --force. No file is written
through a symbolic link, nor over a file with other hard links. Then it says the one line for
your page and the commands that build the site (for a page, also a legend when the .bib's
authors carry markers and base= when its PDFs are relative paths not beside the page).
Exit status: 2 when a file was not written.
`;

/** Runs `setup` with its arguments; returns the exit status. */
module.exports = function setup(args) {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(USAGE);
    return 0;
  }
  const force = args.includes("--force");
  const [kind, folder = ".", ...rest] = args.filter((arg) => arg !== "--force");
  const site = SITES[kind];
  if (!site || rest.length) {
    process.stderr.write(`papershelf: ${site ? "setup takes one FOLDER" : `setup needs page, jekyll or hugo${kind ? `, not "${kind}"` : ""}`}\n\n${USAGE}`);
    return 2;
  }
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    process.stderr.write(`papershelf: ${folder}: no such folder\n`);
    return 2;
  }
  const say = (line) => process.stderr.write(`papershelf: ${line}\n`);
  const copies = BROWSER_FILES.map((name) => [name, path.posix.join(site.files, name)]);
  for (const extra of site.include ?? []) copies.push(extra);
  const recordFile = site.record ?? RECORD;
  const record = readRecord(folder, recordFile);
  const recorded = JSON.stringify(record);
  const languages = { wrote: 0, replaced: 0 };  // (said in one line: lang/ holds eight files)
  const folders = new Map();  // a folder inside FOLDER -> why nothing goes into it ("" when fine)
  let notWritten = 0;
  for (const [from, to] of copies) {
    const bytes = fs.readFileSync(path.join(dist, from));
    const where = path.posix.dirname(to);
    if (!folders.has(where)) {
      folders.set(where, folderProblem(folder, where));
      if (folders.get(where)) say(`${where}/: ${folders.get(where)}: nothing is written into it`);
    }
    if (folders.get(where)) {
      notWritten++;
      continue;
    }
    const did = copyFile(path.join(folder, to), bytes, (before) => force || record[to] === digest(before));
    if (did.done === "failed") {
      say(`${to}: not written: ${did.why}`);
      notWritten++;
      continue;
    }
    if (did.done === "kept") {
      say(`${to}: kept: ${did.why}`);
      notWritten++;
      continue;
    }
    record[to] = digest(bytes);
    if (did.done === "same") continue;
    if (from.startsWith("lang/")) {
      if (from.endsWith(".json")) languages[did.done]++;  // (each with its citation locale, <code>.csl.xml)
    } else say(`${did.done} ${to}`);
  }
  for (const [did, n] of Object.entries(languages))
    if (n) say(`${did} ${path.posix.join(site.files, "lang")}/ (the list's words and citation locales in ${n} language${n === 1 ? "" : "s"})`);
  if (JSON.stringify(record) !== recorded) {
    const text = `${JSON.stringify({ what: "the files npx papershelf setup wrote, by the SHA-256 of their bytes: it replaces only these (or with --force)", files: sortedKeys(record) }, null, 1)}\n`;
    const did = copyFile(path.join(folder, recordFile), Buffer.from(text), () => true);
    if (did.done === "failed") {
      say(`${recordFile}: not written: ${did.why} (the next setup will not know which files it wrote)`);
      notWritten++;
    }
  }
  const started = kind === "page" && starterPage(folder, site.files, say);
  const prerendered = started && prerenderStarter(folder, say);
  if (kind === "jekyll") frontMatterBibs(folder, say);
  process.stdout.write(`${prerendered ? PRERENDERED : started ? STARTED : site.next}\n`);
  if (kind === "page") {
    const advice = suggestions(folder);
    if (advice) process.stdout.write(`\n${advice}\n`);
  }
  return notWritten ? 2 : 0;
};

function digest(bytes) {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

function sortedKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** What an earlier setup wrote into `folder` (nothing, when its record is missing or unreadable). */
function readRecord(folder, recordFile) {
  try {
    const file = path.join(folder, recordFile);
    if (!fs.lstatSync(file).isFile()) return {};
    const files = JSON.parse(fs.readFileSync(file, "utf8")).files;
    return files && typeof files === "object" && !Array.isArray(files) ? { ...files } : {};
  } catch {
    return {};
  }
}
