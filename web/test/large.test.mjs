// Large inputs in Debian's Chromium: a file of 512 KB or more is read in a Web Worker (the
// script tag starts itself as one), the element shows a progress bar meanwhile, nothing is lost,
// and everything the element does (search, sort, groups, BibTeX, "+N more", the canvas renderer)
// works on the worker-held library. Without a worker (a CSP that forbids it) the same file is
// read on the page's thread. How long the page's thread is blocked is a benchmark
// (bench/web/longtasks.mjs), not asserted here. Needs ./dev.sh test first (web/dist and the
// generator build/native/bench/papershelf_gen_bib).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { serve } from "./support/server.mjs";
import { launch, open, ready, settled, canvasStill, pasteIntoCanvasWithFramesHeld } from "./support/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const dist = join(root, "web", "dist");
const gen = join(root, "build", "native", "bench", "papershelf_gen_bib");
const OWNER = "Qinghao Hu";

let server, browser, shelf, dir;
const files = {};
before(async () => {
  assert.ok(existsSync(join(dist, "papershelf.js")) && existsSync(gen), "build first: ./dev.sh test");
  dir = mkdtempSync(join(tmpdir(), "papershelf-large-"));
  cpSync(dist, dir, { recursive: true });
  for (const [name, entries] of [["medium", 2000], ["huge", 90000]]) {
    execFileSync(gen, [String(entries), join(dir, `${name}.bib`)]);
    const text = readFileSync(join(dir, `${name}.bib`), "utf8");
    // Counted without the parser: every entry the generator wrote starts a line with "@type{".
    files[name] = { text, count: (text.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length };
  }
  ({ load: shelf } = await import(pathToFileURL(join(dist, "node.js")).href));
  shelf = await shelf();
  server = await serve(dir);
  const page = (src, extra = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>large</title>
<link rel="icon" href="data:,"><script src="/papershelf.js"></script></head><body><main><h1>Publications</h1>
<paper-shelf src="/${src}" owner="${OWNER}" ${extra}></paper-shelf></main></body></html>`;
  server.pages.set("/huge.html", { body: page("huge.bib") });
  server.pages.set("/medium.html", { body: page("medium.bib", 'max-authors="3"') });
  // Served slowly: the worker is refused while the rest of the file is still downloading.
  server.pages.set("/no-worker.html", {
    body: page("slow/medium.bib"),
    headers: { "content-security-policy": "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'none'; connect-src 'self'" },
  });
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const shadow = (page, sel) => page.locator(`paper-shelf >> ${sel}`);
/** Whether the element's library lives in a worker (its methods answer with promises). */
const inWorker = (page) => page.evaluate(() => document.querySelector("paper-shelf").library.query({}) instanceof Promise);

test("a 54 MB file is read in a worker with a progress bar, and every record is shown in file-independent order", async (t) => {
  const { text, count } = files.huge;
  assert.ok(text.length > 50e6, `${text.length} bytes`);
  const { page, errors } = await open(browser.context, `${server.url}/huge.html`);
  // While the worker reads, the bar is shown and the status line says what is happening.
  await page.waitForFunction(() => {
    const bar = document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-progress");
    return bar && !bar.hidden;
  }, null, { timeout: 30000 });
  assert.match(await shadow(page, ".ps-toolbar .ps-count").textContent(), /^(Loading publications… [\d.]+( of [\d.]+)? MB|Reading 54 MB of publications…)$/);
  const t0 = Date.now();
  const keys = await ready(page);
  t.diagnostic(`${count} entries shown ${Date.now() - t0} ms after the bar appeared`);
  assert.equal(keys.length, count);
  const library = shelf.parse(text);
  assert.deepEqual(keys, library.query({ owner: OWNER }).keys);
  library.dispose();
  assert.equal(await shadow(page, ".ps-progress").isHidden(), true);
  assert.match(await shadow(page, ".ps-toolbar .ps-count").textContent(), new RegExp(`^${count.toLocaleString("en")} publications$`));
  assert.equal(await inWorker(page), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test("on a worker-held library: search, sort, groups, BibTeX, +N more and the canvas all work", async () => {
  const { text, count } = files.medium;
  assert.ok(text.length >= 1024 * 1024, `${text.length} bytes: too small to go to the worker`);
  const library = shelf.parse(text);
  const { page, errors } = await open(browser.context, `${server.url}/medium.html`);
  assert.equal((await ready(page)).length, count);
  assert.equal(await inWorker(page), true);

  await shadow(page, "select.ps-sort").selectOption("title-asc");
  await shadow(page, "input.ps-search").fill("scheduling");
  const want = library.query({ sort: "title-asc", search: "scheduling", owner: OWNER }).keys;
  assert.ok(want.length > 0 && want.length < count, `${want.length} matches`);
  assert.deepEqual(await settled(page), want);
  assert.match(await shadow(page, ".ps-toolbar .ps-count").textContent(), new RegExp(`^${want.length.toLocaleString("en")} of ${count.toLocaleString("en")} publications$`));
  assert.ok(await shadow(page, ".ps-results mark").count() > 0, "search matches are highlighted");

  await shadow(page, "select.ps-group-select").selectOption("year");
  await settled(page);
  const groups = library.query({ sort: "title-asc", search: "scheduling", group: "year", owner: OWNER }).groups.map((g) => g.label);
  assert.deepEqual(await shadow(page, ".ps-group-title > span:first-child").allTextContents(), groups);

  // The first entry's BibTeX comes from the worker.
  const first = page.locator("paper-shelf >> .ps-results li.ps-entry").first();
  const key = await first.getAttribute("data-key");
  await first.locator("details.ps-bibtex > summary").click();
  const index = library.keys().indexOf(key);
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector("details.ps-bibtex .ps-panel pre"));
  assert.equal(await first.locator("details.ps-bibtex .ps-panel pre").textContent(),
    await library.bibtex(index, [], true));

  // Long author lists are collapsed to three; "+N more" asks the worker for the whole list.
  const collapsed = page.locator("paper-shelf >> .ps-results li.ps-entry:has(summary.ps-more)").first();
  const moreKey = await collapsed.getAttribute("data-key");
  await collapsed.locator("summary.ps-more").click();
  const full = library.entries([library.keys().indexOf(moreKey)])[0].authors.length;
  await page.waitForFunction((k) => !document.querySelector("paper-shelf").shadowRoot.querySelector(`li[data-key="${k}"] .ps-more`), moreKey);
  assert.equal(await page.locator(`paper-shelf >> li[data-key="${moreKey}"] .ps-authors .ps-author`).count(), full);

  // The canvas renderer draws rows fetched from the worker.
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("renderer", "canvas"));
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout?.rows.length > 0, null, { timeout: 20000 });
  const layout = await page.evaluate(() => document.querySelector("paper-shelf").canvasLayout);
  const visible = await settled(page);
  const all = library.keys();
  assert.deepEqual(layout.rows.map((r) => all[r.record]).slice(0, 5), visible.filter((k) => layout.rows.some((r) => all[r.record] === k)).slice(0, 5));
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").diagnostics.filter((d) => d.source === "canvas")), []);
  // Text typed into the canvas: the query goes to the worker at once, and the rows of its first screen
  // come back with the view, so the next frame draws them (no placeholders, no second round trip).
  await canvasStill(page);  // (the layout the click meets)
  const search = layout.search;
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  await page.mouse.click(box.x + search.x + 20, box.y + search.y + search.h / 2);
  // The field is being edited: the keyboard belongs to the input over it.
  await page.waitForFunction(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className === "ps-canvas-input", null, { timeout: 20000 });
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.viewSearch === "");
  // A word from the title of the list's last entry: its matches were never on screen.
  const last = library.query({ sort: "title-asc", group: "year", owner: OWNER }).entries.at(-1);
  const word = library.entries([last])[0].title.split(/\W+/).sort((a, b) => b.length - a.length)[0].toLowerCase();
  const typed = library.query({ sort: "title-asc", search: word, group: "year", owner: OWNER }).keys;
  assert.ok(typed.length > 0 && typed.length < count, `${typed.length} matches for ${word}`);
  const { before, held, after } = await pasteIntoCanvasWithFramesHeld(page, word, typed);
  assert.equal(held.frames, before.frames);
  assert.equal(after.frames, before.frames + 1);
  assert.equal(after.viewSearch, word);
  assert.equal(after.rowsWaiting, 0);
  assert.ok(after.rows.length > 0 && after.rows.every((r) => typed.includes(all[r.record])));
  library.dispose();
  assert.deepEqual(errors, []);
  await page.close();
});

test("where no worker may start (CSP worker-src 'none'), the same file is read on the page's thread", async () => {
  const { count } = files.medium;
  const { page, errors } = await open(browser.context, `${server.url}/no-worker.html`);
  const keys = await ready(page);
  assert.equal(await shadow(page, ".ps-problems").textContent(), "", errors.join("\n"));
  assert.equal(keys.length, count);
  assert.equal(await inWorker(page), false);
  // The refused worker is reported by the browser as a CSP violation; nothing else went wrong.
  assert.deepEqual(errors.filter((e) => !/Content Security Policy|worker-src/i.test(e)), []);
  await page.close();
});
