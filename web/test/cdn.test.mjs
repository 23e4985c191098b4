// The one-line embed served as an npm CDN serves the package: papershelf.js, the cores, the canvas
// renderer and the stylesheet from ANOTHER origin than the page (a second loopback server that
// answers `access-control-allow-origin: *`), under a strict Content-Security-Policy on the page
// that allows scripts from that origin only (no 'unsafe-inline', no 'unsafe-eval'). A worker may
// not be started from another origin's script: large files are then read on the page's thread.
// Where papershelf-core-fast cannot be loaded, BibTeX, Cite and downloads are not offered.
// Needs web/dist (./dev.sh test builds it).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch, ready } from "./support/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const dist = join(repo, "web", "dist");
const bibText = readFileSync(join(repo, "examples", "homepage", "papers.bib"), "utf8");
const count = (bibText.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;
// Over the element's worker threshold (512 KB): generated, plain entries.
const LARGE = 4000;
const largeBib = Array.from({ length: LARGE }, (_, i) =>
  `@article{large${i}, title = {A Study of Scheduling Number ${i} in Shared GPU Datacenters}, author = {Hu, Qinghao and Doe, Jane and Roe, Richard},\n  journal = {Journal of Systems ${i % 40}}, volume = {${i % 90}}, pages = {${i}--${i + 12}}, year = ${2000 + (i % 25)}}\n`).join("");

let cdn, cdnWithoutFast, site, browser;
before(async () => {
  assert.ok(existsSync(join(dist, "papershelf.js")), "web/dist is missing: run ./dev.sh test");
  const cors = { "access-control-allow-origin": "*" };
  cdn = await serve(dist, { headers: cors });
  cdnWithoutFast = await serve(dist, { headers: cors, missing: /^\/papershelf-core-fast\./ });
  site = await serve(dist, { missing: /./ });  // the page's origin has no papershelf file at all
  site.pages.set("/papers.bib", { body: bibText, headers: { "content-type": "text/plain; charset=utf-8" } });
  site.pages.set("/favicon.ico", { body: "", headers: { "content-type": "image/x-icon" } });  // (a 404 would be a console error)
  site.pages.set("/large.bib", { body: largeBib, headers: { "content-type": "text/plain; charset=utf-8" } });
  browser = await launch();
});
after(async () => { await browser?.close(); for (const s of [cdn, cdnWithoutFast, site]) await s?.close(); });

/** What docs/safety.md documents for the script tag from an npm CDN: scripts and fetches from
 *  that origin only, WebAssembly compiled, nothing inline, nothing evaluated. */
const policy = (origin) => `default-src 'none'; script-src ${origin} 'wasm-unsafe-eval'; connect-src 'self' ${origin}; ` +
  "img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";

/** Serves a page at `path` on the site's origin that embeds the script from `from`, and opens it,
 *  recording CSP violations, console errors, requests and workers. */
async function openPage(path, from, body) {
  site.pages.set(path, { headers: { "content-security-policy": policy(from.url) }, body: `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>CDN</title>
<script src="${from.url}/papershelf.js"></script></head><body>
${body}
</body></html>` });
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"}`));
  });
  const errors = [], warnings = [], requests = [], workers = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); else if (m.type() === "warning") warnings.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => requests.push(r.url()));
  page.on("worker", (w) => workers.push(w.url()));
  await page.goto(`${site.url}${path}`);
  return { page, errors, warnings, requests, workers };
}

const entry = (page, key, what) => page.locator(`paper-shelf >> li[data-key="${key}"] ${what}`);

test("from another origin under a strict policy: list, search, BibTeX and Cite (fast core), all from the CDN", async () => {
  const { page, errors, requests } = await openPage("/cdn.html", cdn, `<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf>`);
  assert.equal((await ready(page)).length, count);
  // The stylesheet applies (papershelf.js carries it; adopted, so no style-src is needed).
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-title")).fontWeight), "600");
  await page.locator("paper-shelf >> input.ps-search").fill("hydro");
  await page.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys.join() === "hu2023hydro", null, { timeout: 15000 });
  await entry(page, "hu2023hydro", "details.ps-bibtex > summary").click();
  await entry(page, "hu2023hydro", "details.ps-bibtex .ps-panel pre").waitFor({ timeout: 15000 });
  assert.match(await entry(page, "hu2023hydro", "details.ps-bibtex .ps-panel pre").textContent(), /^@inproceedings\{hu2023hydro,/);
  await entry(page, "hu2023hydro", "details.ps-cite > summary").click();
  await entry(page, "hu2023hydro", "details.ps-cite .ps-citation").waitFor({ timeout: 15000 });
  assert.match(await entry(page, "hu2023hydro", "details.ps-cite .ps-citation").textContent(), /Hydro/);
  const fromCdn = (file) => requests.some((url) => url === `${cdn.url}/${file}`);
  for (const file of ["papershelf.js", "papershelf-element.mjs", "papershelf-core.wasm", "papershelf-core-fast.mjs", "papershelf-core-fast.wasm"]) assert.ok(fromCdn(file), file);
  // (a list without a card needs no card core)
  assert.ok(!fromCdn("papershelf-core-card.wasm"));
  assert.deepEqual(requests.filter((url) => url.startsWith(site.url) && !/\/(cdn\.html|papers\.bib)$/.test(url)), []);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("from another origin: an element with a profile card loads the card core instead of the list core", async () => {
  const { page, errors, requests } = await openPage("/cdn-card.html", cdn, `<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu" profile></paper-shelf>`);
  assert.equal((await ready(page)).length, count);
  await page.locator("paper-shelf >> .ps-profile-name").waitFor({ timeout: 15000 });
  assert.match(await page.locator("paper-shelf >> .ps-profile-name").textContent(), /Qinghao Hu/);
  assert.ok(requests.includes(`${cdn.url}/papershelf-core-card.wasm`));
  assert.ok(!requests.includes(`${cdn.url}/papershelf-core.wasm`));
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await page.close();
  // A card asked for after the list was read into the list core: read again into the card core.
  const later = await openPage("/cdn-card-later.html", cdn, `<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf>`);
  assert.equal((await ready(later.page)).length, count);
  assert.equal(await later.page.locator("paper-shelf >> .ps-profile-name").count(), 0);
  await later.page.evaluate(() => document.querySelector("paper-shelf").setAttribute("profile", ""));
  await later.page.locator("paper-shelf >> .ps-profile-name").waitFor({ timeout: 15000 });
  assert.ok(later.requests.includes(`${cdn.url}/papershelf-core-card.wasm`));
  assert.equal((await ready(later.page)).length, count);
  assert.deepEqual(later.errors, []);
  await later.page.close();
});

test("from another origin: the canvas renderer loads from the CDN too", async () => {
  const { page, errors, requests } = await openPage("/cdn-canvas.html", cdn, `<paper-shelf src="/papers.bib" owner="Qinghao Hu" renderer="canvas"></paper-shelf>`);
  assert.equal((await ready(page)).length, count);
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout?.rows?.length > 0, null, { timeout: 20000 });
  for (const file of ["papershelf-canvas.mjs", "papershelf-canvas.wasm"]) assert.ok(requests.includes(`${cdn.url}/${file}`), file);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("from another origin no worker may start: a large file is read on the page's thread", async () => {
  const { page, errors, workers } = await openPage("/cdn-large.html", cdn, `<paper-shelf src="/large.bib" owner="Qinghao Hu"></paper-shelf>`);
  assert.equal((await ready(page)).length, LARGE);
  assert.deepEqual(workers, []);
  await page.locator("paper-shelf >> input.ps-search").fill("Number 3999");
  await page.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys.join() === "large3999", null, { timeout: 15000 });
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("without papershelf-core-fast, BibTeX, Cite and downloads are not offered, and the owner reads why", async () => {
  const { page, errors, warnings } = await openPage("/no-fast.html", cdnWithoutFast, `<paper-shelf src="/papers.bib" owner="Qinghao Hu"></paper-shelf>`);
  assert.equal((await ready(page)).length, count);
  // The element learns it from a probe (the module and a HEAD request), not from a visitor's click.
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-download")?.hidden &&
    !document.querySelector("paper-shelf").shadowRoot.querySelector("details.ps-bibtex, details.ps-cite"), null, { timeout: 15000 });
  const offered = await page.evaluate(async () => {
    const el = document.querySelector("paper-shelf");
    await el.updateComplete;
    const root = el.shadowRoot;
    return { entries: root.querySelectorAll("li.ps-entry").length, panels: root.querySelectorAll("details.ps-bibtex, details.ps-cite").length,
      download: root.querySelector(".ps-download").hidden, links: root.querySelectorAll("li.ps-entry a.ps-link").length };
  });
  assert.deepEqual({ ...offered, links: offered.links > 0 }, { entries: count, panels: 0, download: true, links: true });
  // For the owner: the console says which files are missing (a warning: the list works), and the
  // browser logs the 404s.
  assert.ok(warnings.some((e) => /papershelf: citations and downloads need papershelf-core-fast\.mjs and \.wasm/.test(e)), warnings.join("\n"));
  assert.deepEqual(errors.filter((e) => !/ 404 /.test(e)), []);
  await page.close();
});
