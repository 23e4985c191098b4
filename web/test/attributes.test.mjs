// An attribute means the same to `papershelf prerender` and to the live element: both read it
// through the core's one table (papershelf/attributes.hpp, web/src/generated/attributes.ts) by the
// same rules. For each attribute, with a usable value, an edge of its rule and a value neither can
// use, the static list the CLI writes and the list the element shows live (in Debian's Chromium,
// from the same page without the static list) say the same: the same entries with the same
// authors cut, the same card (mode, links, email), the same heading levels. Every wait is on a
// condition. Needs the built site (for papershelf.js) and the native CLI.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ready } from "./support/browser.mjs";
import { useSite } from "./support/site.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const cli = process.env.PAPERSHELF_CLI ?? join(here, "..", "..", "build", "native", "cli", "papershelf");
const env = useSite();

// Papers with long author lists (max-authors cuts them) in two years (groups and their headings).
const bib = `${Array.from({ length: 4 }, (_, i) => `@inproceedings{p${i},
  title = {On Scheduling ${i}},
  author = {${Array.from({ length: 3 + i * 2 }, (_, k) => (k === 2 ? "Doe, Jane" : `Author${k}, Some`)).join(" and ")}},
  booktitle = {Proceedings of the Symposium ${i}}, year = {${2020 + (i % 2)}}, pdf = {https://example.org/p${i}.pdf}
}`).join("\n")}`;

// Each case: the attributes beside src and owner. Usable values, the edges of each kind's rule
// (spaces, a fraction, a bare attribute, XHTML's name="name", upper-case kinds) and values neither
// can use (the element shows the list without them, prerender says so).
const CASES = [
  'max-authors="2"', 'max-authors=" 3.7 "', 'max-authors="lots"', 'max-authors="-1"', 'max-authors="1e3"',
  'group="year" heading-level="2"', 'group="year" heading-level=" 5 "', 'group="year" heading-level="9"', 'group="year"',
  "profile", 'profile="profile"', 'profile="compact"', 'profile="none"', 'profile="huge"',
  'profile links="GitHub = https://github.com/jane; nourl; =https://nokind.example/\nScholar=https://scholar.example/"',
  'profile email="me@example.com"', 'profile email="me@example.com" email-display="plain"',
  'profile email="me@example.com" email-display="hidden"', 'profile email-display="loud"',
  'profile position="Professor" affiliation="A University" interests="systems; scheduling, compilers"',
  'preset="al-folio"', 'preset="wordpress"', 'theme="dark"', 'theme="neon"',
  'sort="title-asc"', 'sort="bogus"', 'filter="year:2021"', 'filter="year:2021 nonsense:1"',
];

let work;
const statics = [];  // per case: the element with the static list the CLI wrote
before(() => {
  assert.ok(existsSync(cli), `${cli} is missing: build the native CLI`);
  work = mkdtempSync(join(tmpdir(), "papershelf-attributes-"));
  writeFileSync(join(work, "papers.bib"), bib);
  // One page of every case: one prerender run fills them all.
  const shelf = (attrs) => `<paper-shelf src="papers.bib" owner="Jane Doe" ${attrs}><!-- papershelf:prerender --></paper-shelf>`;
  writeFileSync(join(work, "page.html"), `<!doctype html><html lang="en"><body><main>\n${CASES.map((c) => `<section><h1>List</h1>${shelf(c)}</section>`).join("\n")}\n</main></body></html>`);
  try {
    execFileSync(cli, ["prerender", join(work, "page.html"), "-o", join(work, "out.html")], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (err) {
    if (err.status !== 1) throw err;  // (1: the unusable values were said)
  }
  const out = readFileSync(join(work, "out.html"), "utf8");
  for (let at = out.indexOf("<paper-shelf"); at >= 0; at = out.indexOf("<paper-shelf", at + 1))
    statics.push(out.slice(at, out.indexOf("</paper-shelf>", at) + "</paper-shelf>".length));
  assert.equal(statics.length, CASES.length);
});
after(() => rmSync(work, { recursive: true, force: true }));

/** What a list says, from its .ps-shelf: its look, the entries (each one's authors as shown), the
 *  headings' levels and the card (its mode, its text, its links and email). */
function project(shelf) {
  const words = (node) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
  const card = shelf.querySelector(".ps-profile");
  // (the look a preset or a theme gives: the live list takes it from the element's attribute, the
  // static one from its own data-preset and data-theme)
  const look = (node) => { const s = getComputedStyle(node); return `${s.color} ${s.backgroundColor} ${s.fontSize} ${s.fontWeight} ${s.fontStyle}`; };
  return {
    look: [shelf, shelf.querySelector(".ps-title"), shelf.querySelector(".ps-authors"), shelf.querySelector(".ps-meta")].map(look),
    entries: [...shelf.querySelectorAll("li.ps-entry")].map((li) => `${li.dataset.key}: ${words(li.querySelector(".ps-authors"))}`),
    headings: [...shelf.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => `${h.tagName} ${words(h)}`),
    card: card && {
      mode: card.className,
      text: [...card.querySelectorAll(".ps-profile-main > :not(.ps-profile-links)")].map(words),
      // (an obfuscated email is text in a static list, a button that builds the link in a live one)
      links: [...card.querySelectorAll(".ps-profile-link")].map((a) => (a.matches(".ps-email:not(a)") ? "email, obfuscated" : `${a.getAttribute("href")} ${words(a)}`)),
    },
  };
}

test("each attribute gives the same list in prerender and in the live element: its usable values, the edges of its rule and the values neither can use", async () => {
  const page = await env.browser.context.newPage();
  try {
    env.server.pages.set("/attributes/papers.bib", { body: bib, headers: { "content-type": "text/plain; charset=utf-8" } });
    const serve = (name, body) => {
      env.server.pages.set(`/attributes/${name}`, { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Attributes</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/papershelf.css"><script src="/papershelf.js" defer></script></head><body><main><h1>List</h1>${body}</main></body></html>` });
      return `${env.server.url}/attributes/${name}`;
    };
    for (const [i, attrs] of CASES.entries()) {
      // The static list as prerender wrote it (no script).
      await page.route(/papershelf\.js$/, (route) => route.abort());
      await page.goto(serve(`static-${i}.html`, statics[i]), { waitUntil: "load" });
      const written = await page.evaluate(`(${project})(document.querySelector("paper-shelf > .ps-shelf"))`);
      await page.unroute(/papershelf\.js$/);
      // The live list of the same element, from the page without the static list.
      const live = statics[i].replace(/<!-- papershelf:prerender -->[\s\S]*<!-- \/papershelf:prerender -->/, "");
      await page.goto(serve(`live-${i}.html`, live), { waitUntil: "load" });
      await ready(page);
      if (/profile(?!="none")/.test(attrs))
        await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-shelf[data-state] .ps-profile"));
      const shown = await page.evaluate(`(${project})(document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf[data-state]"))`);
      assert.ok(written.entries.length > 0, `${attrs}: the static list has entries`);
      assert.deepEqual(shown, written, `${attrs}: the live list (actual) is not the prerendered one (expected)`);
    }
  } finally {
    await page.close();
  }
});
