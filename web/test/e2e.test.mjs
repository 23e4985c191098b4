// End to end in Debian's Chromium: the example homepage served on 127.0.0.1 with the one-line
// embed. Needs the built site (./dev.sh builds build/site before running the tests).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { serve } from "./support/server.mjs";
import { launch, open, ready } from "./support/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const site = join(here, "..", "..", "build", "site");
const bibText = readFileSync(join(here, "..", "..", "examples", "homepage", "papers.bib"), "utf8");
// The number of entries in the example file, counted independently of the parser.
const exampleCount = (bibText.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;

let server, browser;
before(async () => {
  assert.ok(existsSync(join(site, "papershelf.js")), "build/site is missing: run ./dev.sh test");
  server = await serve(site);
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

// Playwright CSS pierces open shadow roots; .ps-results and the toolbar exist only in the shadow
// root (the light DOM holds the pre-rendered fallback list with the same entry classes).
const shadow = (page, sel) => page.locator(`paper-shelf >> ${sel}`);

test("the example homepage shows every entry, newest first, with the owner highlighted", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/homepage/`);
  const keys = await ready(page);
  assert.equal(keys.length, exampleCount);
  const years = await shadow(page, ".ps-results .ps-entry .ps-year").allTextContents();
  assert.deepEqual(years.map(Number), [...years.map(Number)].sort((a, b) => b - a));
  const owners = await shadow(page, ".ps-results .ps-owner").allTextContents();
  assert.ok(owners.length >= exampleCount - 1);
  assert.ok(owners.every((t) => t.startsWith("Qinghao Hu")), owners.join("|"));
  assert.deepEqual(errors, []);
  await page.close();
});

test("sort, search with highlighting, filters, grouping, and the change event", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/homepage/`);
  await ready(page);
  await shadow(page, "select.ps-sort").selectOption("year-asc");
  let keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.equal(keys[0], "hu2021characterization");

  await page.evaluate(() => { window.changes = 0; document.querySelector("paper-shelf").addEventListener("change", () => window.changes++); });
  await shadow(page, "input.ps-search").fill("hydro");
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["hu2023hydro"]);
  assert.equal(await shadow(page, ".ps-results .ps-title mark").first().textContent(), "Hydro");
  assert.ok(await page.evaluate(() => window.changes) > 0);

  await shadow(page, "input.ps-search").fill("");
  await shadow(page, "input.ps-f-award").check();
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["hu2023lucid"]);
  await shadow(page, "button.ps-clear").click();

  await shadow(page, "select.ps-f-type").selectOption("journal");
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["ye2024survey"]);
  await shadow(page, "button.ps-clear").click();

  await shadow(page, "select.ps-group-select").selectOption("year");
  const groups = await shadow(page, ".ps-results .ps-group-title").allTextContents();
  // The sort is still year-asc, so year groups run oldest first.
  assert.ok(groups.length >= 3 && groups[0].startsWith("2021"), groups.join("|"));
  // Attributes update the view at once.
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("search", "LoongTrain"));
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["gu2024loongtrain"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("state lives in the URL hash and survives a reload", async () => {
  const { page } = await open(browser.context, `${server.url}/homepage/`);
  await ready(page);
  await shadow(page, "input.ps-search").fill("datacenter");
  await shadow(page, "select.ps-sort").selectOption("title-asc");
  const before = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.ok(page.url().includes("#"));
  await page.reload();
  await ready(page);
  const afterKeys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(afterKeys, before);
  assert.equal(await shadow(page, "input.ps-search").inputValue(), "datacenter");
  await page.close();
});

test("BibTeX toggle, copy, and keyboard use", async () => {
  const { page } = await open(browser.context, `${server.url}/homepage/`);
  await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  await ready(page);
  const first = shadow(page, ".ps-results li.ps-entry").first();
  const toggle = first.locator("button.ps-toggle[data-panel=bibtex]");
  await toggle.click();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true");
  const bib = await first.locator(".ps-panel pre").textContent();
  assert.match(bib, /^@\w+\{/);
  assert.doesNotMatch(bib, /\babbr\b/);
  await first.locator("button.ps-copy").click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), bib);
  // Keyboard: focus the search box, type, Tab onward.
  await shadow(page, "input.ps-search").focus();
  await page.keyboard.type("lucid");
  const keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["hu2023lucid"]);
  await page.close();
});

test("bad data: an inline panel with line:column, valid entries still shown", async () => {
  server.pages.set("/homepage/broken.html", { body: `<!doctype html><html lang="en"><title>t</title><link rel="icon" href="data:,">
<script src="../papershelf.js"></script>
<paper-shelf><script type="text/x-bibtex">
@article{good1, title={First}, author={A, B}, year=2020}
@article{bad, title={Unclosed, author={C, D}, year=2021
@article{good2, title={Second}, author={E, F}, year=2022}
</script></paper-shelf>
<paper-shelf id="missing" src="nope.bib"></paper-shelf>` });
  const { page } = await open(browser.context, `${server.url}/homepage/broken.html`);
  const keys = await ready(page);
  assert.ok(keys.includes("good1") && keys.includes("good2"), keys.join());
  const text = await page.locator("paper-shelf >> .ps-problems").first().textContent();
  assert.match(text, /\d+:\d+/);
  await ready(page, "#missing");
  assert.match(await page.locator("#missing >> .ps-error").textContent(), /nope\.bib/);
  await page.close();
});

test("axe-core finds no accessibility violations", async () => {
  const require = createRequire(import.meta.url);
  const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const { page } = await open(browser.context, `${server.url}/homepage/`);
  await ready(page);
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length}`));
  assert.deepEqual(violations, []);
  await page.close();
});
