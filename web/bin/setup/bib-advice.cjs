// What setup tells the owner about the site's .bib files: a legend or base= for a page's element,
// and front matter that Jekyll reads as a page.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { bibsIn } = require("./starter-page.cjs");

/**
 * What the page's element may want, read from the FOLDER's one .bib by the package's own CLI (the
 * core reads it): a legend when its authors carry markers, base= when its papers name their files
 * by relative paths that are not beside the page. "" when nothing.
 */
function suggestions(folder) {
  const bibs = bibsIn(folder);
  if (bibs.length !== 1) return "";
  const run = require("node:child_process").spawnSync(process.execPath, [path.join(__dirname, "..", "papershelf.cjs"), "render", bibs[0], "--format", "json"],
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

module.exports = { suggestions, frontMatterBibs };
