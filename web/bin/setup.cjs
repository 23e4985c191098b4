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
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");

// What setup wrote, by path inside FOLDER: the digest of each file's bytes.
const RECORD = ".papershelf-setup.json";
// (Windows has no O_NOFOLLOW: there the lstat checks stand alone.)
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

const dist = path.join(__dirname, "..", "dist");
// What a page that shows the list loads (the build's one list, dist/browser-files.json), and
// lang/, the list's words and citation locale in each shipped language (fetched only by a page in
// that language).
const pageFiles = JSON.parse(fs.readFileSync(path.join(dist, "browser-files.json"), "utf8"));
const BROWSER_FILES = [...pageFiles.files,
  ...pageFiles.folders.flatMap((folder) => fs.readdirSync(path.join(dist, folder)).map((file) => `${folder}/${file}`))];

const SITES = {
  page: {
    // (one folder: the site's root keeps only the page and the .bib)
    files: "papershelf",
    record: "papershelf/.papershelf-setup.json",
    next: `Then, where the list goes in your page (your .bib beside it, named by src; the page's <head>
needs <meta name="viewport" content="width=device-width, initial-scale=1"> for phones):

  <link rel="stylesheet" href="papershelf/papershelf.css">
  <script src="papershelf/papershelf.js" defer></script>
  <paper-shelf src="papers.bib" owner="Your Name; Y. Name"><!-- papershelf:prerender --></paper-shelf>

and after each change to the .bib (page.html being your page):
  npx papershelf prerender page.html -o page.html`,
  },
  jekyll: {
    files: "assets/js",
    include: [["site/jekyll/papershelf.html", "_includes/papershelf.html"], ["site/jekyll/papershelf.rb", "_plugins/papershelf.rb"]],
    next: `Then, in your publications page (al-folio keeps its list in _bibliography/papers.bib):

  {% include papershelf.html bib="_bibliography/papers.bib" owner="Your Name; Y. Name" %}

_plugins/papershelf.rb publishes _bibliography/*.bib at /assets/bibliography/, where the element
fetches it, so that jekyll serve shows the list too. To build (a site without a Gemfile runs
jekyll build alone):

  bundle exec jekyll build
  npx papershelf prerender _site`,
  },
  hugo: {
    files: "static/js",
    include: [["site/hugo/papershelf.html", "layouts/shortcodes/papershelf.html"]],
    next: `Then, with your .bib at static/papers.bib, in a content page:

  {{< papershelf src="/papers.bib" owner="Your Name; Y. Name" >}}

and to build:

  hugo --minify
  npx papershelf prerender public`,
  },
};

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

/** The link at `file` as "a symbolic link (to TARGET)". */
function linkText(file) {
  let target = "?";
  try {
    target = fs.readlinkSync(file);
  } catch {}
  return `it is a symbolic link (to ${target})`;
}

/**
 * Makes the folders of `relative` (posix, inside `root`) one by one; why not ("" when they are
 * real folders now): a folder that is a symbolic link would take the files out of `root`.
 */
function folderProblem(root, relative) {
  let at = root;
  for (const part of relative.split("/").filter((p) => p && p !== ".")) {
    at = path.join(at, part);
    let info;
    try {
      info = fs.lstatSync(at);
    } catch (error) {
      if (error.code !== "ENOENT") return error.message;
      try {
        fs.mkdirSync(at);
        continue;
      } catch (made) {
        return made.message;
      }
    }
    if (info.isSymbolicLink()) return `${path.relative(root, at).split(path.sep).join("/")} ${linkText(at).slice(3)}`;
    if (!info.isDirectory()) return `${path.relative(root, at).split(path.sep).join("/")} is not a folder`;
  }
  return "";
}

/**
 * Writes `bytes` to `file` unless it holds them already. An existing file is replaced only when
 * it is a regular file of one link and `mayReplace(itsBytes)`; returns { done: "wrote" |
 * "replaced" | "same" | "kept" | "failed", why }. The checks are made again on what was opened,
 * before a byte of it changes.
 */
function copyFile(file, bytes, mayReplace) {
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o644);  // (O_EXCL follows no link)
  } catch (error) {
    if (error.code !== "EEXIST") return { done: "failed", why: error.message };
  }
  try {
    if (fd !== undefined) {
      writeAll(fd, bytes);
      return { done: "wrote" };
    }
    let info = fs.lstatSync(file);
    if (info.isSymbolicLink()) {
      // (A link to the package's own copy is fine as it is: nothing to write.)
      const target = fs.statSync(file, { throwIfNoEntry: false });
      if (target?.isFile() && target.size === bytes.length && fs.readFileSync(file).equals(bytes)) return { done: "same" };
      return { done: "failed", why: `${linkText(file)}; setup writes no file through a link` };
    }
    if (!info.isFile()) return { done: "failed", why: "it is not a regular file" };
    fd = fs.openSync(file, fs.constants.O_RDWR | NO_FOLLOW);
    info = fs.fstatSync(fd);
    if (!info.isFile()) return { done: "failed", why: "it is not a regular file" };
    const before = fs.readFileSync(fd);
    if (before.equals(bytes)) return { done: "same" };
    if (info.nlink > 1)
      return { done: "failed", why: `it has ${info.nlink} hard links; setup writes no file that has other names, which it would change too` };
    if (!mayReplace(before))
      return { done: "kept", why: "it differs from the package's copy and is not one setup wrote (yours, or changed since); --force replaces it" };
    fs.ftruncateSync(fd, 0);
    writeAll(fd, bytes);
    return { done: "replaced" };
  } catch (error) {
    return { done: "failed", why: error.code === "ELOOP" ? `${linkText(file)}; setup writes no file through a link` : error.message };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Writes all of `bytes` at the start of the open file `fd`. */
function writeAll(fd, bytes) {
  for (let at = 0; at < bytes.length;) at += fs.writeSync(fd, bytes, at, bytes.length - at, at);
}

/**
 * In a folder with no index.html yet, a whole page to start from: the viewport a phone needs, the
 * stylesheet, the script and the element, listing the folder's .bib when it has one.
 */
function starterPage(folder, files, say) {
  const target = path.join(folder, "index.html");
  // (lstat: a dangling link there is something there too, which the page must not be written through)
  const there = fs.lstatSync(target, { throwIfNoEntry: false });
  if (there) {
    if (there.isSymbolicLink() && !fs.existsSync(target)) say(`index.html: ${linkText(target)} to nothing: no page to start from is written through it`);
    return false;
  }
  const bibs = bibsIn(folder);
  const src = bibs.length === 1 ? bibs[0] : "papers.bib";
  const attr = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Publications</title>
<link rel="stylesheet" href="${files}/papershelf.css">
<script src="${files}/papershelf.js" defer></script>
</head>
<body>
<h1>Publications</h1>
<paper-shelf src="${attr}" owner="Your Name; Y. Name"><!-- papershelf:prerender --></paper-shelf>
</body>
</html>
`;
  try {
    fs.writeFileSync(target, page, { flag: "wx" });  // (wx: only where nothing is, even a dangling link)
  } catch (error) {
    if (error.code === "EEXIST") return false;  // (made meanwhile: the owner's)
    say(`index.html: not written: ${error.message}`);
    return false;
  }
  say(`wrote index.html, a page to start from that lists ${src}${bibs.length === 1 ? "" : " (put your .bib there, or change src)"}`);
  return true;
}

/**
 * The starting page with its list written in (`papershelf prerender`, by the package's CLI), when
 * the folder has its .bib: the first page an owner opens shows its first entry as soon as the HTML
 * has come, downloading nothing of papershelf's before it, and readers without JavaScript and
 * search engines see the list. The element takes over from it, and shows the .bib as it is then
 * if it has changed since. What prerender says (whom to name as owner, files the papers name that
 * are not there) is passed on. False when there is no .bib yet or prerender could not write.
 */
function prerenderStarter(folder, say) {
  if (bibsIn(folder).length !== 1) return false;
  const run = require("node:child_process").spawnSync(process.execPath, [path.join(__dirname, "papershelf.cjs"), "prerender", "index.html", "-o", "index.html"],
    { cwd: folder, encoding: "utf8", maxBuffer: 1 << 30 });
  // (exit 1: written, with something the owner should know; 2: not written)
  for (const line of String(run.stderr ?? "").split("\n")) if (line.trim()) process.stderr.write(`${line}\n`);
  if (run.status !== 0 && run.status !== 1) {
    say("index.html: the list was not written into it (above: why); the element shows it once the page runs");
    return false;
  }
  say("wrote the list into index.html (papershelf prerender): the page shows it before any script has run");
  return true;
}

/** What comes next after the starting page was written with its list in it. */
const PRERENDERED = `Then, in index.html, set owner to your name as your papers spell it (spellings separated by ;,
prerender above says whom it finds on them), and write the list into the page again after that
and after every change to the .bib (the page shows the list from the .bib in any case, a moment
later without it):

  npx papershelf prerender index.html -o index.html

To look at it, start a web server in this folder (setup started none), e.g.
  python3 -m http.server
then open the address it prints. index.html, the .bib and papershelf/ go to your site together.`;

/** What comes next after the starting page was written. */
const STARTED = `Then, in index.html, set owner to your name as your papers spell it (spellings separated by ;),
and write the list into the page for search engines and readers without JavaScript (again after
every change to the .bib; it also says whom to name as owner, and which files the papers link to
are not beside the page):

  npx papershelf prerender index.html -o index.html

To look at it, start a web server in this folder (setup started none), e.g.
  python3 -m http.server
then open the address it prints. index.html, the .bib and papershelf/ go to your site together.`;

/** The .bib files of the FOLDER (not setup's record, not package.json). */
function bibsIn(folder) {
  return fs.readdirSync(folder).filter((name) => /^[^.].*\.(bib|json)$/i.test(name) && !/^package(-lock)?\.json$/.test(name));
}

/**
 * What the page's element may want, read from the FOLDER's one .bib by the package's own CLI (the
 * core reads it): a legend when its authors carry markers, base= when its papers name their files
 * by relative paths that are not beside the page. "" when nothing.
 */
function suggestions(folder) {
  const bibs = bibsIn(folder);
  if (bibs.length !== 1) return "";
  const run = require("node:child_process").spawnSync(process.execPath, [path.join(__dirname, "papershelf.cjs"), "render", bibs[0], "--format", "json"],
    { cwd: folder, encoding: "utf8", maxBuffer: 1 << 30 });
  let entries;
  try {
    entries = JSON.parse(run.stdout);  // (exit status 1: some entries had errors; the rest are there)
  } catch {
    return "";
  }
  const marks = new Set();
  const missing = new Set();
  for (const entry of entries) {
    for (const author of entry.authors ?? []) for (const mark of author.marks ?? "") marks.add(mark);
    for (const link of entry.links ?? []) {
      const url = String(link.url ?? "");
      if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(url) || !url) continue;
      if (!fs.existsSync(path.join(folder, url.split(/[?#]/)[0]))) missing.add(url);
    }
  }
  const said = [];
  if (marks.size) {
    const meaning = { "*": "equal contribution", "†": "corresponding author", "‡": "equal advising" };
    const legend = [...marks].map((mark) => `${mark}=${meaning[mark] ?? "what it means"}`).join("; ");
    said.push(`Your papers mark authors with ${[...marks].join(" ")}: say what the marks mean under the list with
  legend="${legend}"`);
  }
  if (missing.size) {
    const some = [...missing].slice(0, 2).join(", ");
    said.push(`${missing.size} of your papers' files ${missing.size === 1 ? "is named" : "are named"} by a relative path that is not beside the page (${some}):
name the folder they are in with base=, e.g. base="/assets/pdf/" (al-folio's)`);
  }
  return said.length ? `On the element, ${said.length === 1 ? "perhaps" : "perhaps also"}:\n${said.join("\n")}` : "";
}

/**
 * A .bib with front matter in a folder Jekyll publishes is read by Jekyll as a page, and Liquid
 * run on it stops at its first {{: _plugins/papershelf.rb publishes it as it is; said, for GitHub
 * Pages' own build, which runs no plugins.
 */
function frontMatterBibs(folder, say) {
  const found = [];
  const look = (dir, depth) => {
    let names = [];
    try {
      names = fs.readdirSync(path.join(folder, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of names) {
      if (/^[._#~]/.test(entry.name) || entry.name === "node_modules" || entry.name === "vendor") continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory() && depth < 3) look(relative, depth + 1);
      else if (entry.isFile() && /\.bib$/i.test(entry.name)) {
        const fd = fs.openSync(path.join(folder, relative), "r");
        const head = Buffer.alloc(4);
        fs.readSync(fd, head, 0, 4, 0);
        fs.closeSync(fd);
        if (/^---(\r|\n)/.test(head.toString("latin1").replace(/^\ufeff/, ""))) found.push(relative);
      }
    }
  };
  look("", 0);
  for (const file of found)
    say(`${file} starts with front matter (---): Jekyll reads it as a page and runs Liquid on it; _plugins/papershelf.rb publishes it as it is, but GitHub Pages' own build ("Deploy from a branch") runs no plugins: there take the front matter out (papershelf reads the file without it) or publish with the workflow of docs/static-sites.md`);
}
