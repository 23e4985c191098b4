// `npx papershelf setup page|jekyll|hugo [FOLDER]`: puts what a site needs from the installed
// package where that kind of site keeps it, so that setting up is one command, not a list of
// copies to type. It only copies files (the CLI's work is the C++'s: check, render, prerender);
// it never overwrites a file that differs without saying so, and says what to do next.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

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

const USAGE = `usage: papershelf setup page|jekyll|hugo [FOLDER]

Copies what a site needs from the installed package into FOLDER (default: this folder):
  page    papershelf.js, the two cores, papershelf.css and the canvas renderer beside your page
  jekyll  the same into assets/js/, and the include into _includes/ (al-folio, academicpages)
  hugo    the same into static/js/, and the shortcode into layouts/shortcodes/
A file already there with other contents is replaced (an older papershelf's) and said so.
Then it says the one line for your page and the commands that build the site.
`;

/** Runs `setup` with its arguments; returns the exit status. */
module.exports = function setup(args) {
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [kind, folder = ".", ...rest] = args;
  const site = SITES[kind];
  if (!site || rest.length) {
    process.stderr.write(`papershelf: ${site ? "setup takes one FOLDER" : `setup needs page, jekyll or hugo${kind ? `, not "${kind}"` : ""}`}\n\n${USAGE}`);
    return 2;
  }
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) {
    process.stderr.write(`papershelf: ${folder}: no such folder\n`);
    return 2;
  }
  const copies = BROWSER_FILES.map((name) => [name, path.join(site.files, name)]);
  if (site.include) copies.push(site.include);
  fs.mkdirSync(path.join(folder, site.files), { recursive: true });
  const languages = { wrote: 0, replaced: 0 };  // (said in one line: lang/ holds eight files)
  for (const [from, to] of copies) {
    const source = path.join(dist, from);
    const target = path.join(folder, to);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const bytes = fs.readFileSync(source);
    const before = fs.existsSync(target) ? fs.readFileSync(target) : null;
    if (before && before.equals(bytes)) continue;
    fs.writeFileSync(target, bytes);
    if (from.startsWith("lang/")) {
      if (from.endsWith(".json")) languages[before ? "replaced" : "wrote"]++;  // (each with its citation locale, <code>.csl.xml)
    } else process.stderr.write(`papershelf: ${before ? "replaced" : "wrote"} ${to}\n`);
  }
  for (const [did, n] of Object.entries(languages))
    if (n) process.stderr.write(`papershelf: ${did} ${path.join(site.files, "lang")}/ (the list's words and citation locales in ${n} language${n === 1 ? "" : "s"})\n`);
  const started = kind === "page" && starterPage(folder);
  process.stdout.write(`${started ? STARTED : site.next}\n`);
  return 0;
};

/**
 * In a folder with no index.html yet, a whole page to start from: the viewport a phone needs, the
 * stylesheet, the script and the element, listing the folder's .bib when it has one.
 */
function starterPage(folder) {
  const target = path.join(folder, "index.html");
  if (fs.existsSync(target)) return false;
  const bibs = fs.readdirSync(folder).filter((name) => /\.(bib|json)$/i.test(name) && !/^package(-lock)?\.json$/.test(name));
  const src = bibs.length === 1 ? bibs[0] : "papers.bib";
  const attr = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  fs.writeFileSync(target, `<!doctype html>
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
`);
  process.stderr.write(`papershelf: wrote index.html, a page to start from that lists ${src}${bibs.length === 1 ? "" : " (put your .bib there, or change src)"}\n`);
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
