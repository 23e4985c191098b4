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
// What a page that shows the list loads: the script, the two cores, the static list's styles, the
// canvas renderer (fetched only by renderer="canvas") and the language files.
const BROWSER_FILES = ["papershelf.js", "papershelf-element.mjs", "papershelf-worker.js", "papershelf-core.wasm", "papershelf-core-card.wasm", "papershelf-core-fast.mjs", "papershelf-core-fast.wasm", "papershelf.css",
  "papershelf-canvas.mjs", "papershelf-canvas.wasm",
  // the list's words in the languages papershelf ships (fetched only by a page in that language)
  ...fs.readdirSync(path.join(dist, "lang")).map((file) => `lang/${file}`)];

const SITES = {
  page: {
    files: ".",
    next: `Then, where the list goes in your page (your .bib beside it, named by src; the page's <head>
needs <meta name="viewport" content="width=device-width, initial-scale=1"> for phones):

  <link rel="stylesheet" href="papershelf.css">
  <script src="papershelf.js" defer></script>
  <paper-shelf src="papers.bib" owner="Your Name; Y. Name"><!-- papershelf:prerender --></paper-shelf>

and after each change to the .bib (page.html being your page, index.html the one setup starts):
  npx papershelf prerender page.html -o page.html`,
  },
  jekyll: {
    files: "assets/js",
    include: ["site/jekyll/papershelf.html", "_includes/papershelf.html"],
    next: `Then, in your publications page (al-folio keeps its list in _bibliography/papers.bib):

  {% include papershelf.html bib="_bibliography/papers.bib" owner="Your Name; Y. Name" %}

and to build (prerender also publishes the .bib, which Jekyll leaves out; a site without a
Gemfile runs jekyll build alone):

  bundle exec jekyll build
  npx papershelf prerender _site`,
  },
  hugo: {
    files: "static/js",
    include: ["site/hugo/papershelf.html", "layouts/shortcodes/papershelf.html"],
    next: `Then, with your .bib at static/papers.bib, in a content page:

  {{< papershelf src="/papers.bib" owner="Your Name; Y. Name" >}}

and to build:

  hugo --minify
  npx papershelf prerender public`,
  },
};

const USAGE = `usage: papershelf setup page|jekyll|hugo [FOLDER] [--force]

Copies what a site needs from the installed package into FOLDER (default: this folder):
  page    papershelf.js, the two cores, papershelf.css and the canvas renderer beside your page
  jekyll  the same into assets/js/, and the include into _includes/ (al-folio, academicpages)
  hugo    the same into static/js/, and the shortcode into layouts/shortcodes/
A file already there with other contents is replaced when setup wrote it (an older
papershelf's; ${RECORD} in FOLDER records what setup wrote) and said so; any other is
kept and said so, unless --force. No file is written through a symbolic link, nor over a
file with other hard links. Then it says the one line for your page and the commands that
build the site. Exit status: 2 when a file was not written.
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
  if (site.include) copies.push(site.include);
  const record = readRecord(folder);
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
    const did = copyFile(path.join(folder, RECORD), Buffer.from(text), () => true);
    if (did.done === "failed") {
      say(`${RECORD}: not written: ${did.why} (the next setup will not know which files it wrote)`);
      notWritten++;
    }
  }
  const started = kind === "page" && starterPage(folder, say);
  process.stdout.write(`${started ? STARTED : site.next}\n`);
  return notWritten ? 2 : 0;
};

function digest(bytes) {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

function sortedKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** What an earlier setup wrote into `folder` (nothing, when its record is missing or unreadable). */
function readRecord(folder) {
  try {
    const file = path.join(folder, RECORD);
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
function starterPage(folder, say) {
  const target = path.join(folder, "index.html");
  // (lstat: a dangling link there is something there too, which the page must not be written through)
  const there = fs.lstatSync(target, { throwIfNoEntry: false });
  if (there) {
    if (there.isSymbolicLink() && !fs.existsSync(target)) say(`index.html: ${linkText(target)} to nothing: no page to start from is written through it`);
    return false;
  }
  const bibs = fs.readdirSync(folder).filter((name) => /^[^.].*\.(bib|json)$/i.test(name) && !/^package(-lock)?\.json$/.test(name));  // (not setup's own record)
  const src = bibs.length === 1 ? bibs[0] : "papers.bib";
  const attr = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Publications</title>
<link rel="stylesheet" href="papershelf.css">
<script src="papershelf.js" defer></script>
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

/** What comes next after the starting page was written. */
const STARTED = `Then, in index.html, set owner to your name as your papers spell it (spellings separated by ;),
and write the list into the page for search engines and readers without JavaScript (again after
every change to the .bib; it also says whom to name as owner, and which files the papers link to
are not beside the page):

  npx papershelf prerender index.html -o index.html

To look at it: python3 -m http.server (or any web server) in this folder, then open the address
it prints. The page's files and the .bib go to your site together.`;
