// The page to start from that `setup page` writes in a folder without an index.html, its list
// prerendered into it, and what to do next after it; the folder's .bib files.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { linkText } = require("./safe-write.cjs");

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
  const src = listedData(bibs) ?? "papers.bib";
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
  const others = bibs.filter((name) => name !== src);
  const shown = (names) => (names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", "));
  say(`wrote index.html, a page to start from that lists ${src}${bibs.length === 0 ? " (put your .bib there, or change src)"
    : !bibs.includes(src) ? ` (this folder holds ${bibs.length} data files, ${shown(bibs)}: set src to the one to list)`
      : others.length ? ` (not ${shown(others)}, also here: change src to list another)` : ""}`);
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
  if (!listedData(bibsIn(folder))) return false;
  const run = require("node:child_process").spawnSync(process.execPath, [path.join(__dirname, "..", "papershelf.cjs"), "prerender", "index.html", "-o", "index.html"],
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

/** Which of a folder's data files the starting page lists: the only one, or papers.bib among
 *  several (the name the page would give it); undefined when the owner must choose. */
function listedData(bibs) {
  return bibs.length === 1 ? bibs[0] : bibs.includes("papers.bib") ? "papers.bib" : undefined;
}

/** The .bib files of the FOLDER (not setup's record, not package.json). */
function bibsIn(folder) {
  return fs.readdirSync(folder).filter((name) => /^[^.].*\.(bib|json)$/i.test(name) && !/^package(-lock)?\.json$/.test(name));
}

module.exports = { starterPage, prerenderStarter, PRERENDERED, STARTED, bibsIn };
