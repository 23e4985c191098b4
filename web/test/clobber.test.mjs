// DOM clobbering of the script tag's loader, in Debian's Chromium: markup a page lets in (a
// comment, a CMS's "safe" HTML) such as <img name="currentScript" src="https://elsewhere/x.png">,
// <embed name=…> or <form name=…> hides document.currentScript, and papershelf.js took the image's
// folder on the other site for its own and imported the element's code from there. The loader must
// find its own <script> for certain (or load nothing), say so in the console for the owner, and
// never reach the other origin (a second loopback address, 127.0.0.2, whose papershelf-element.mjs
// would set window.__evil). Each case is tried with the script in a folder of the site's and under
// a CDN-like path. Needs web/dist (./dev.sh test builds it); PAPERSHELF_DIST=DIR tries another
// build (the control: the loader before the fix fails each clobbering case).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch, ready } from "./support/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const dist = process.env.PAPERSHELF_DIST ?? join(repo, "web", "dist");  // (another build: the control run)
const bibText = readFileSync(join(repo, "examples", "homepage", "papers.bib"), "utf8");
const count = (bibText.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;

// What an attacker's files would do if imported: the element's code and the loader itself.
const EVIL_MODULE = "window.__evil = (window.__evil ?? []).concat(import.meta.url); export function start() { window.__evil.push('started'); }";
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

// The script's folder (not the page's): a site's own, and as an npm CDN lays the package out.
const LAYOUTS = [
  { name: "from the site's /assets/js/", script: "/assets/js/papershelf.js", folder: "/assets/js/" },
  { name: "under a CDN-like path", script: "/npm/papershelf@0.1.0/dist/papershelf.js", folder: "/npm/papershelf@0.1.0/dist/" },
];

let work, site, evil, browser;
const evilRequests = [];
before(async () => {
  assert.ok(existsSync(join(dist, "papershelf.js")), "web/dist is missing: run ./dev.sh test");
  // The site: the package's files in both layouts, and in the pages' own folder an impostor
  // papershelf-element.mjs (a wrong guess of the script's folder would run it).
  work = mkdtempSync(join(tmpdir(), "papershelf-clobber-"));
  mkdirSync(join(work, "npm", "papershelf@0.1.0"), { recursive: true });
  symlinkSync(dist, join(work, "npm", "papershelf@0.1.0", "dist"));
  mkdirSync(join(work, "assets"));
  symlinkSync(dist, join(work, "assets", "js"));
  mkdirSync(join(work, "pages"));
  writeFileSync(join(work, "pages", "papershelf-element.mjs"), EVIL_MODULE);
  site = await serve(work);
  site.pages.set("/papers.bib", { body: bibText, headers: { "content-type": "text/plain; charset=utf-8" } });
  site.pages.set("/favicon.ico", { body: "", headers: { "content-type": "image/x-icon" } });
  // The other origin: it answers with CORS, as a real attacker's server would, so that an import
  // from it would succeed.
  evil = createServer((req, res) => {
    evilRequests.push(req.url);
    const cors = { "access-control-allow-origin": "*" };
    if (req.url.endsWith(".png")) return res.writeHead(200, { "content-type": "image/png", ...cors }).end(PIXEL);
    if (req.url.endsWith(".mjs") || req.url.endsWith(".js")) return res.writeHead(200, { "content-type": "text/javascript", ...cors }).end(EVIL_MODULE);
    res.writeHead(404, cors).end();
  });
  await new Promise((ok) => evil.listen(0, "127.0.0.2", ok));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((ok) => (evil ? (evil.close(ok), evil.closeAllConnections()) : ok()));
  if (work) rmSync(work, { recursive: true, force: true });
});

const evilOrigin = () => `http://127.0.0.2:${evil.address().port}`;

/** Serves `body` (with `{EVIL}` standing for the other origin) at /pages/NAME.html and opens it,
 *  recording console messages and every request the page makes. */
async function openPage(name, body) {
  site.pages.set(`/pages/${name}.html`, { body: `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>clobbered</title></head><body>
${body.replaceAll("{EVIL}", evilOrigin())}
</body></html>` });
  const page = await browser.context.newPage();
  const errors = [], warnings = [], requests = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); else if (m.type() === "warning") warnings.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => requests.push(r.url()));
  evilRequests.length = 0;
  await page.goto(`${site.url}/pages/${name}.html`);
  return { page, errors, warnings, requests };
}

/** Resolves once the console has said something that matches `pattern`. */
async function said(page, messages, pattern) {
  while (!messages.some((m) => pattern.test(m))) await page.evaluate(() => new Promise(requestAnimationFrame));
}

// The markup that hides document.currentScript: an image and an embedded object whose `src` is on
// the other origin (what the loader used to take as its own address), and a form (no `src`: the
// loader fell back to the page's folder, where the impostor module waits).
const CLOBBERS = [
  { name: "img", markup: '<img name="currentScript" src="{EVIL}/evil/pixel.png" alt="">', loads: ["/evil/pixel.png"] },
  { name: "embed", markup: '<embed name="currentScript" src="{EVIL}/evil/pixel.png" type="image/png">', loads: ["/evil/pixel.png"] },
  { name: "form", markup: '<form name="currentScript" action="{EVIL}/evil/"></form>', loads: [] },
];

for (const layout of LAYOUTS) {
  for (const clobber of CLOBBERS) {
    test(`<${clobber.name} name="currentScript"> does not move the loader, ${layout.name}`, async () => {
      const { page, errors, warnings, requests } = await openPage(`${clobber.name}-${layout.folder.length}`,
        `${clobber.markup}\n<script src="${layout.script}" defer></script>\n<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf>`);
      // The list loads, from the script's own folder.
      assert.equal((await ready(page)).length, count);
      for (const file of ["papershelf-element.mjs", "papershelf-core.wasm"])
        assert.ok(requests.includes(`${site.url}${layout.folder}${file}`), `${file} from ${layout.folder}: ${requests.join(" ")}`);
      // Nothing of papershelf's from anywhere else: the other origin saw only the page's own markup.
      assert.deepEqual(requests.filter((url) => /papershelf/.test(url) && !url.startsWith(`${site.url}${layout.folder}`)), []);
      assert.deepEqual(evilRequests, clobber.loads);
      assert.equal(await page.evaluate(() => window.__evil), undefined);
      // The owner reads why, in the console; the visitor sees the list and nothing else.
      assert.ok(warnings.some((m) => /^papershelf: the page has elements named "currentScript"/.test(m) && m.includes(`${site.url}${layout.script}`)), warnings.join("\n"));
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test("several clobbered members at once (querySelectorAll, baseURI, readyState, currentScript): nothing breaks or moves", async () => {
  const { page, errors, warnings, requests } = await openPage("many", `<img name="querySelectorAll" src="{EVIL}/evil/pixel.png" alt="">
<form name="baseURI" action="{EVIL}/evil/"></form><form name="readyState"></form><img name="currentScript" src="{EVIL}/evil/pixel.png" alt="">
<script src="${LAYOUTS[1].script}" defer></script>
<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf>`);
  assert.equal((await ready(page)).length, count);
  assert.ok(requests.includes(`${site.url}/papers.bib`));
  assert.deepEqual(evilRequests.filter((url) => url !== "/evil/pixel.png"), []);
  assert.equal(await page.evaluate(() => window.__evil), undefined);
  assert.ok(warnings.some((m) => ["querySelectorAll", "baseURI", "readyState", "currentScript"].every((name) => m.includes(`"${name}"`))), warnings.join("\n"));
  // The visitor's search still runs (it writes the URL hash, which counts the page's elements).
  await page.locator("paper-shelf >> input.ps-search").fill("hydro");
  await page.waitForFunction(() => document.body.querySelector("paper-shelf").visibleKeys.join() === "hu2023hydro", null, { timeout: 15000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("loaded as a module (no current script), the loader finds its <script> by its file name", async () => {
  const { page, errors, requests } = await openPage("module", `<img name="currentScript" src="{EVIL}/evil/pixel.png" alt="">
<script type="module" src="${LAYOUTS[1].script}"></script>
<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf>`);
  assert.equal((await ready(page)).length, count);
  assert.ok(requests.includes(`${site.url}${LAYOUTS[1].folder}papershelf-element.mjs`));
  assert.deepEqual(evilRequests, ["/evil/pixel.png"]);
  assert.equal(await page.evaluate(() => window.__evil), undefined);
  assert.deepEqual(errors, []);
  await page.close();
});

test("no certain script (a module, and a second papershelf.js that never ran): nothing is loaded, and the console says why", async () => {
  // A <script> of another type is never fetched or run, but is markup a page could let in.
  const { page, errors, requests } = await openPage("uncertain", `<script type="text/plain" src="{EVIL}/evil/papershelf.js"></script>
<script type="module" src="${LAYOUTS[1].script}"></script>
<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf>`);
  await said(page, errors, /^papershelf: papershelf\.js loads nothing: it cannot tell which <script> is its own/);
  // (The loader stops where it says so: the page has fetched the script and nothing after it.)
  assert.deepEqual(requests.filter((url) => /papershelf-|papers\.bib/.test(url)), []);
  assert.deepEqual(evilRequests, []);
  assert.equal(await page.evaluate(() => window.__evil ?? customElements.get("paper-shelf")), undefined);
  assert.equal(errors.length, 1, errors.join("\n"));
  await page.close();
});
