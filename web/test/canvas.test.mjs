// The canvas renderer end to end in Debian's Chromium (WebGL 2 through SwiftShader): the ImGui
// widget draws, header clicks and typing reach the core and come back as visibleKeys, resizes stay
// sharp, and the visually hidden HTML list keeps screen readers in step. Needs the built site.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { serve } from "./support/server.mjs";
import { launch, open, ready, pasteIntoCanvasWithFramesHeld, painted, canvasStill, canvasFrames, canvasDrewSince } from "./support/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
// (PAPERSHELF_SITE: another build of the site, e.g. one engineer's canvas module beside the shared one)
const site = process.env.PAPERSHELF_SITE ?? join(here, "..", "..", "build", "site");
const artifacts = join(here, "..", "..", "build", "artifacts");

let server, browser;
before(async () => {
  assert.ok(existsSync(join(site, "papershelf-canvas.wasm")), "build/site is missing the canvas renderer: run ./dev.sh test");
  server = await serve(site);
  server.pages.set("/canvas.html", {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>canvas</title>
<link rel="icon" href="data:,"><script src="/papershelf.js"></script></head>
<body style="margin:0;background:#fff;font-family:sans-serif"><main><h1>Canvas</h1>
<paper-shelf id="shelf" src="/homepage/papers.bib" owner="Qinghao Hu; Q. Hu" renderer="canvas" style="display:block;width:1000px"></paper-shelf>
</main></body></html>`,
  });
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

/** Waits until the canvas has drawn rows with data, returns its layout. */
async function drawn(page) {
  await page.waitForFunction(() => {
    const layout = document.querySelector("paper-shelf")?.canvasLayout;
    return layout && layout.rows.length > 0 && (layout.headers.length > 0 || layout.cards);
  }, null, { timeout: 20000 });
  // (rows arrive a frame after they are first drawn: until then they wait for their data)
  return canvasStill(page);
}

/** Waits until the canvas has drawn a frame `width` CSS pixels wide (after a resize), and is still. */
async function drawnAt(page, width) {
  await page.waitForFunction((w) => document.querySelector("paper-shelf").canvasLayout?.canvas.w === w, width, { timeout: 20000 });
  return canvasStill(page);
}

/** Clicks a point given in canvas CSS pixels. */
async function clickCanvas(page, x, y, options = {}) {
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  await page.mouse.move(box.x + x, box.y + y);
  // The press, drawn in a frame of its own before the release (a held button, not a tap).
  const frames = (await canvasStill(page)).frames;
  await page.mouse.down(options);
  await page.waitForFunction((f) => document.querySelector("paper-shelf").canvasLayout.frames > f, frames, { timeout: 20000 });
  const pressed = await canvasFrames(page);
  await page.mouse.up(options);
  await canvasDrewSince(page, pressed);
}

/**
 * Runs `fn(pixels, ...args)` in the page on a PNG screenshot that the page decodes (no image
 * library needed); `pixels` is its ImageData ({data, width, height}). `fn` travels as source: it
 * uses nothing but its arguments.
 */
async function inPixels(page, png, fn, ...args) {
  return page.evaluate(async ([b64, source, rest]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    [c.width, c.height] = [img.width, img.height];
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    return (0, eval)(`(${source})`)(g.getImageData(0, 0, c.width, c.height), ...rest);
  }, [png.toString("base64"), fn.toString(), args]);
}

/** Distinct colours in a PNG screenshot. */
async function distinctColours(page, png) {
  return inPixels(page, png, ({ data }) => {
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  });
}

test("the canvas draws the list and the hidden HTML list matches it", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  const keys = await ready(page);
  const layout = await drawn(page);
  const png = await page.locator("paper-shelf >> canvas").screenshot();
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, "canvas.png"), png);
  assert.ok(await distinctColours(page, png) > 50, "the canvas screenshot is blank");
  // The HTML toolbar gives way to the widget's; the list stays for screen readers, 1px and clipped.
  assert.equal(await page.locator("paper-shelf >> [part=toolbar]").isVisible(), false);
  const items = await page.evaluate(() => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-results li.ps-entry")].map((li) => li.dataset.key));
  assert.deepEqual(items, keys);
  const box = await page.locator("paper-shelf >> .ps-results").boundingBox();
  assert.ok(box.width <= 1 && box.height <= 1, JSON.stringify(box));
  // The widget draws the same records, in the same order, as the element reports.
  const lib = await page.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    return el.library.entries(el.canvasLayout.rows.map((r) => r.record)).map((e) => e.key);
  });
  assert.deepEqual(lib, keys.slice(0, lib.length));
  assert.ok(layout.rowsDrawn < 60);
  assert.deepEqual(errors, []);
  await page.close();
});

test("clicking a header sorts through the core; shift-click adds a key", async () => {
  const { page } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  let layout = await drawn(page);
  const title = layout.headers[2];
  await clickCanvas(page, title.x + title.w / 2, title.y + title.h / 2);
  await page.waitForFunction(() => location.hash.includes("sort"), null, { timeout: 5000 });
  const [shown, expected] = await page.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    return [el.visibleKeys, el.library.query({ sort: "title-asc", owner: el.getAttribute("owner") }).keys];
  });
  assert.deepEqual(shown, expected);
  layout = await drawn(page);
  const year = layout.headers[0];
  await page.keyboard.down("Shift");
  await clickCanvas(page, year.x + year.w / 2, year.y + year.h / 2);
  await page.keyboard.up("Shift");
  const sort = await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get("shelf:sort"));
  assert.match(sort, /^title-asc,year-(desc|asc)$/);
  const [shown2, expected2] = await page.evaluate((s) => {
    const el = document.querySelector("paper-shelf");
    return [el.visibleKeys, el.library.query({ sort: s, owner: el.getAttribute("owner") }).keys];
  }, sort);
  assert.deepEqual(shown2, expected2);
  await page.close();
});

test("typing in the canvas search field filters, and the state survives a reload", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  const layout = await drawn(page);
  await clickCanvas(page, layout.search.x + 20, layout.search.y + layout.search.h / 2);
  await page.keyboard.type("graph");
  await page.waitForFunction(() => location.hash.includes("graph"), null, { timeout: 5000 });
  const [shown, expected] = await page.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    return [el.visibleKeys, el.library.query({ search: "graph", owner: el.getAttribute("owner") }).keys];
  });
  assert.ok(expected.length > 0 && expected.length < 13);
  assert.deepEqual(shown, expected);
  // With the field still being edited, a result under the pointer shows its card.
  const found = await layoutOf(page);
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  await page.mouse.move(box.x + found.rows[0].x + found.rows[0].w / 2, box.y + found.rows[0].y + found.rows[0].h / 2);
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.popup !== null, null, { timeout: 3000 });
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className), "ps-canvas-input");
  await page.reload();
  await ready(page);
  await drawn(page);
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys), expected);
  assert.deepEqual(errors, []);
  await page.close();
});

test("typed text's query leaves without waiting for a frame, and the next frame draws its result whole", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  const layout = await drawn(page);
  await clickCanvas(page, layout.search.x + 20, layout.search.y + layout.search.h / 2);
  const expected = await page.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    return el.library.query({ search: "prediction", owner: el.getAttribute("owner") }).keys;
  });
  const { before, held, after } = await pasteIntoCanvasWithFramesHeld(page, "prediction", expected);
  // The element took the text and rendered its result while no frame was drawn.
  assert.equal(held.frames, before.frames);
  assert.equal(after.frames, before.frames + 1);
  // That one frame shows the typed text's view with every visible row's data, though these rows
  // were below the first screen, never drawn before.
  const all = await page.evaluate(() => document.querySelector("paper-shelf").library.keys());
  assert.ok(expected.every((k) => !before.rows.some((r) => all[r.record] === k)), "the matches were not on the first screen");
  assert.equal(after.viewSearch, "prediction");
  assert.equal(after.rowsWaiting, 0);
  assert.ok(after.viewShownAt > 0);
  assert.deepEqual(after.rows.map((r) => all[r.record]), expected.slice(0, after.rows.length));
  assert.ok(after.rows.length > 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("text from input methods and on-screen keyboards reaches the canvas search field; Tab goes on to the rows", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  const layout = await drawn(page);
  await clickCanvas(page, layout.search.x + 20, layout.search.y + layout.search.h / 2);
  // While the field is edited the keyboard belongs to an input over it (where a phone's keyboard
  // and an input method's candidates attach).
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className), "ps-canvas-input");
  const shown = (search) => page.waitForFunction((search) => {
    const el = document.querySelector("paper-shelf");
    return el.canvasLayout.viewSearch === search && JSON.stringify(el.visibleKeys) === JSON.stringify(el.library.query({ search, owner: el.getAttribute("owner") }).keys);
  }, search, { timeout: 15000 });
  // Inserted text (an on-screen keyboard, a character the key layout lacks), then keys.
  await page.keyboard.insertText("Large Lan");
  await shown("Large Lan");
  for (let i = 0; i < 4; i++) await page.keyboard.press("Backspace");
  await shown("Large");
  // An input method: what it composes is not text yet; what it commits is.
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(() => {
    window.__composing = false;
    document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-canvas-input")
      .addEventListener("compositionupdate", () => { window.__composing = true; }, { once: true });
  });
  await cdp.send("Input.imeSetComposition", { text: " mo", selectionStart: 3, selectionEnd: 3 });
  // The input has the composition, and the element and the widget have done what it caused.
  await page.waitForFunction(() => window.__composing, null, { timeout: 5000 });
  await page.evaluate(() => document.querySelector("paper-shelf").updateComplete);
  await canvasStill(page);
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").canvasLayout.viewSearch), "Large");
  await cdp.send("Input.insertText", { text: " Model" });
  await shown("Large Model");
  assert.ok((await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys)).length > 0);
  // Tab from the field goes on into the table: the canvas has the keyboard and a row its focus.
  await page.keyboard.press("Tab");
  // (the keyboard has left the field's input; then the widget's frames after it)
  await page.waitForFunction(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className !== "ps-canvas-input", null, { timeout: 5000 });
  await canvasStill(page);
  const after = await page.evaluate(() => [document.querySelector("paper-shelf").shadowRoot.activeElement?.className, document.querySelector("paper-shelf").canvasLayout.focusedRecord]);
  assert.equal(after[0], "ps-canvas");
  assert.ok(after[1] >= 0, "a row has the focus");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a tap on the canvas search field lets a phone type (the tap's mouse events leave the focus alone)", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  const layout = await drawn(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  const x = box.x + layout.search.x + 20, y = box.y + layout.search.y + layout.search.h / 2;
  const frames = await canvasFrames(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await canvasDrewSince(page, frames);  // (the widget has taken the tap)
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className), "ps-canvas-input");
  await page.keyboard.insertText("Large");
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.viewSearch === "Large", null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").canvasLayout.focusedRecord), -1, "no row took the focus");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the canvas follows resizes and stays sharp on a HiDPI screen", async () => {
  const { page } = await open(browser.context, `${server.url}/canvas.html`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setDeviceMetricsOverride", { width: 1200, height: 900, deviceScaleFactor: 2, mobile: false });
  await ready(page);
  await drawn(page);
  await page.evaluate(() => { document.querySelector("paper-shelf").style.width = "520px"; });
  await drawnAt(page, 520);
  const size = await page.evaluate(() => {
    const c = document.querySelector("paper-shelf").shadowRoot.querySelector("canvas");
    return { css: c.clientWidth, px: c.width, ratio: devicePixelRatio };
  });
  assert.equal(size.ratio, 2);
  assert.equal(size.css, 520);
  assert.equal(size.px, 1040, "the backing store follows the CSS size times the pixel ratio");
  const layout = await drawn(page);
  // Below 640 px the table gives way to one card per row, as wide as the canvas.
  assert.equal(layout.cards, true);
  assert.ok(layout.rows.every((r) => r.x + r.w <= 520 + 1), "the cards fit the new width");
  // The titles wrap where they do at a pixel ratio of 1 (the font is rasterized at 2x: wrapping
  // must measure at the drawn size).
  const { page: flat } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(flat);
  await flat.evaluate(() => { document.querySelector("paper-shelf").style.width = "520px"; });
  await drawnAt(flat, 520);
  const flatLayout = await drawn(flat);
  const shown = Math.min(layout.rows.length, flatLayout.rows.length);
  assert.deepEqual(layout.rows.slice(0, shown).map((r) => r.titleChars), flatLayout.rows.slice(0, shown).map((r) => r.titleChars));
  await flat.close();
  await page.close();
});

test("axe-core finds no violations with the canvas renderer", async () => {
  const { page } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  await drawn(page);
  const require = createRequire(import.meta.url);
  await page.addScriptTag({ content: readFileSync(require.resolve("axe-core/axe.min.js"), "utf8") });
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length}`));
  assert.deepEqual(violations, []);
  await page.close();
});

test("the example homepage switches between the HTML list and the canvas", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/homepage/`);
  const keys = await ready(page);
  assert.equal(await page.locator("paper-shelf >> [part=toolbar]").isVisible(), true);
  await page.getByRole("button", { name: "table (canvas)" }).click();
  await drawn(page);
  assert.equal(await page.locator("paper-shelf >> canvas").isVisible(), true);
  assert.equal(await page.locator("paper-shelf >> [part=toolbar]").isVisible(), false);
  assert.match(page.url(), /renderer=canvas/);
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys), keys);
  // The address opens the same view again.
  await page.reload();
  await ready(page);
  await drawn(page);
  await page.getByRole("button", { name: "list (HTML)" }).click();
  await page.waitForFunction(() => !document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").classList.contains("ps-mode-canvas"));
  assert.equal(await page.locator("paper-shelf >> canvas").isVisible(), false);
  assert.equal(await page.locator("paper-shelf >> [part=toolbar]").isVisible(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test("missing glyphs are reported once; a title click opens a tab; the context menu copies BibTeX", async () => {
  server.pages.set("/canvas-inline.html", {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>inline</title><link rel="icon" href="data:,">
<script src="/papershelf.js"></script></head><body><main>
<paper-shelf renderer="canvas" owner="Wei Zhang" style="display:block;width:900px">
<script type="text/x-bibtex">
@inproceedings{cjk2024, title = {ሰላም ዓለም at Scale}, author = {Zhang, Wei and Łukasz, Kowalski},
  booktitle = {OSDI}, year = {2024}, url = {https://example.org/cjk}}
@article{plain2023, title = {Plain Latin Title}, author = {Zhang, Wei}, journal = {TOCS}, year = {2023}}
@article{greek2022, title = {Ψηφιακά δίκτυα}, author = {Zhang, Wei and Иванов, Дмитрий}, journal = {TOCS}, year = {2022}}
</script></paper-shelf></main></body></html>`,
  });
  const { page, errors } = await open(browser.context, `${server.url}/canvas-inline.html`);
  await ready(page);
  const layout = await drawn(page);
  await page.waitForFunction(() => document.querySelector("paper-shelf").diagnostics.some((d) => /no glyph/.test(d.message)));
  const glyphs = await page.evaluate(() => document.querySelector("paper-shelf").diagnostics.filter((d) => /no glyph/.test(d.message)));
  assert.equal(glyphs.length, 1, JSON.stringify(glyphs));
  assert.match(glyphs[0].message, /ሰ/);  // (Ethiopic: in none of the machine's fonts; Chinese is, with fonts-noto-cjk)
  assert.doesNotMatch(glyphs[0].message, /Ł/, "Latin Extended-A is in the font");
  assert.doesNotMatch(glyphs[0].message, /[ΨД]/, "the page draws Greek and Cyrillic");
  // Characters beyond the first set were drawn by the page before any frame showed them: no
  // frame drew ImGui's "?" in their place.
  assert.equal((await page.evaluate(() => document.querySelector("paper-shelf").canvasLayout)).lateGlyphFrames, 0);
  await page.mouse.move(0, 0);

  // The first row is cjk2024 (newest first); its title starts at the Publication column (the
  // second: no entry here has a venue abbreviation, so there is no Venue column).
  const row = layout.rows[0];
  const title = layout.headers[layout.headerNames.indexOf("Publication")];
  await browser.context.route("https://example.org/**", (route) => route.fulfill({ contentType: "text/plain", body: "ok" }));
  const [popup] = await Promise.all([
    page.waitForEvent("popup", { timeout: 5000 }),
    clickCanvas(page, title.x + 12, row.y + 6),
  ]);
  assert.equal(popup.url(), "https://example.org/cjk");
  await popup.close();

  await page.evaluate(() => {
    window.__copied = [];
    document.querySelector("paper-shelf").addEventListener("copy", (e) => window.__copied.push(e.detail));
  });
  await clickCanvas(page, title.x + 300, row.y + row.h / 2, { button: "right" });
  // The menu opens at the pointer; "Copy BibTeX" is its first item.
  await clickCanvas(page, title.x + 330, row.y + row.h / 2 + 10);
  // (the BibTeX comes from the full core, loaded on this first use)
  await page.waitForFunction(() => window.__copied.length > 0);
  const copied = await page.evaluate(() => window.__copied);
  assert.equal(copied.length, 1);
  assert.equal(copied[0].key, "cjk2024");
  assert.match(copied[0].text, /@inproceedings\{cjk2024,/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the profile card filters the canvas too, and the canvas year chart and the card agree", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/homepage/?renderer=canvas`);
  const all = await ready(page);
  let layout = await drawn(page);
  const card = page.locator("paper-shelf >> .ps-profile-slot .ps-profile");
  assert.ok(await card.isVisible(), "the card stays above the canvas");
  // The widget's chart has one bar per year the card's chart links.
  assert.equal(layout.bars.length, await card.locator("a.ps-bar").count());
  await card.locator('a.ps-bar[data-filter="year:2023"]').click();
  // The list has changed (the filter's answer is in), and the canvas has drawn it.
  await page.waitForFunction((n) => document.querySelector("paper-shelf").visibleKeys.length !== n, all.length, { timeout: 20000 });
  await page.evaluate(() => document.querySelector("paper-shelf").updateComplete);
  await canvasStill(page);
  const [shown, expected] = await page.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    return [el.visibleKeys, el.library.query({ filter: "year:2023", owner: el.getAttribute("owner") }).keys];
  });
  assert.ok(expected.length > 0 && expected.length < all.length);
  assert.deepEqual(shown, expected);
  // The canvas draws the filtered records, in the same order.
  layout = await drawn(page);
  const drawnKeys = await page.evaluate((records) => document.querySelector("paper-shelf").library.entries(records).map((e) => e.key),
    layout.rows.map((r) => r.record));
  assert.deepEqual(drawnKeys, expected.slice(0, drawnKeys.length));
  assert.equal(drawnKeys.length, Math.min(expected.length, layout.rows.length));
  assert.deepEqual(errors, []);
  await page.close();
});

test("the canvas speaks the element's language: one label table for both renderers", async () => {
  // The widget's English defaults (widget/shelf.hpp, for the native preview) are exactly the
  // words the element hands it in English: a default that drifts from the element's fails here.
  const header = readFileSync(join(here, "..", "..", "widget", "shelf.hpp"), "utf8");
  const defaults = Object.fromEntries([...header.matchAll(/X\(\w+, "(\w+)", "([^"]*)"\)/g)].map((m) => [m[1], m[2]]));
  assert.ok(Object.keys(defaults).length >= 20, Object.keys(defaults).join());
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  await drawn(page);
  const { wordsLang, ...english } = await page.evaluate(() => document.querySelector("paper-shelf").canvasLabels);
  assert.deepEqual(english, defaults);
  assert.equal(wordsLang, "");
  // The element's own words (here its `labels` property) reach the canvas.
  await page.evaluate(() => { document.querySelector("paper-shelf").labels = { search: "Publikationen durchsuchen", year: "Jahr", clear: "Filter löschen" }; });
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLabels?.search === "Publikationen durchsuchen");
  const labels = await page.evaluate(() => document.querySelector("paper-shelf").canvasLabels);
  assert.equal(labels.year, "Jahr");
  assert.equal(labels.clear, "Filter löschen");
  assert.equal(labels.countSome, "{shown} of {total} publications");
  // A language papershelf ships: its file's words for the canvas's labels, counts (the number
  // templates found whatever the digit grouping) and the core's words (link labels, statuses).
  const de = JSON.parse(readFileSync(join(here, "..", "..", "core", "lang", "de.json"), "utf8")).words;
  await page.evaluate(() => { const el = document.querySelector("paper-shelf"); el.labels = {}; el.setAttribute("lang", "de"); });
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLabels?.wordsLang === "de");
  const german = await page.evaluate(() => document.querySelector("paper-shelf").canvasLabels);
  assert.equal(german.search, de["Search publications"]);
  assert.equal(german.countSome, de["{shown} of {total} publications"].other);
  assert.equal(german.countAll, de["{n} publications"].other.replace("{n}", "{total}"));
  assert.equal(german.open, de["Open"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the canvas follows the element's theme and the page's colours", async () => {
  const { page } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  await drawn(page);
  const luminance = async () => {
    const png = await page.locator("paper-shelf >> canvas").screenshot();
    return inPixels(page, png, ({ data: d }) => {
      let sum = 0;
      for (let i = 0; i < d.length; i += 4) sum += 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
      return sum / (d.length / 4);
    });
  };
  const light = await luminance();
  const frames = await canvasFrames(page);
  await page.evaluate(() => {
    document.body.style.background = "#111";
    document.body.style.color = "#eee";
    document.querySelector("paper-shelf").setAttribute("theme", "dark");
  });
  await canvasDrewSince(page, frames);  // (the widget has drawn in the new theme)
  const dark = await luminance();
  assert.ok(light > 180 && dark < 90, `light ${light.toFixed(0)}, dark ${dark.toFixed(0)}`);
  await page.close();
});

test("the hover card shows every author as the row does: markers raised and small, and it fits a phone's canvas", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  for (const width of [1000, 360]) {
    await page.evaluate((w) => { document.querySelector("paper-shelf").style.width = `${w}px`; }, width);
    await drawnAt(page, width);
    const layout = await drawn(page);
    const box = await page.locator("paper-shelf >> canvas").boundingBox();
    // The first row whose authors carry markers (co-first authors, "*").
    let popup = null;
    for (const row of layout.rows.slice(0, 4)) {
      const frames = await canvasFrames(page);
      await page.mouse.move(box.x + row.x + row.w / 2, box.y + row.y + row.h / 2);
      // (the card shows in the frames after the pointer moves, drawn until the widget is still)
      popup = (await canvasDrewSince(page, frames)).popup;
      if (popup?.marks.some((m) => m.w > 0)) break;
    }
    assert.ok(popup && popup.names.length > 3, `${width}px: a hover card with the author list`);
    const marked = popup.marks.map((m, i) => [popup.names[i], m]).filter(([, m]) => m.w > 0);
    assert.ok(marked.length > 0, `${width}px: some author has a marker`);
    for (const [name, mark] of marked) {
      assert.ok(mark.x >= name.x + name.w - 1, "the marker follows its name");
      assert.ok(mark.y < name.y && mark.h < name.h, `the marker is raised and smaller: ${JSON.stringify([name, mark])}`);
    }
    // Several lines, each inside the card, and the card inside the canvas.
    assert.ok(new Set(popup.names.map((n) => n.y)).size > 1, "the list wraps");
    for (const n of popup.names) assert.ok(n.x + n.w <= popup.rect.x + popup.rect.w, `${width}px: a name runs out of the card`);
    assert.ok(popup.rect.x >= 0 && popup.rect.x + popup.rect.w <= width, `${width}px: the card (${JSON.stringify(popup.rect)}) leaves the canvas`);
    await page.mouse.move(0, 0);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a \"+N\" list of hundreds of authors scrolls inside the canvas", async () => {
  const many = Array.from({ length: 400 }, (_, i) => `Author${i}, A.`).join(" and ");
  server.pages.set("/canvas-many.html", {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>many</title><link rel="icon" href="data:,">
<script src="/papershelf.js"></script></head><body style="margin:0"><main>
<paper-shelf renderer="canvas" style="display:block;width:900px;--ps-canvas-height:480px"><script type="text/x-bibtex">
@article{big, title = {A Report by Very Many People}, author = {${many}}, journal = {Physics Letters B}, year = {2024}}
@article{small, title = {A Paper}, author = {Doe, Jane}, journal = {Journal of Examples}, abbr = {JEx}, year = {2023}}
</script></paper-shelf><div style="height:2000px"></div></main></body></html>`,
  });
  const { page, errors } = await open(browser.context, `${server.url}/canvas-many.html`);
  await ready(page);
  const layout = await drawn(page);
  const row = layout.rows.find((r) => r.more);
  assert.ok(row, "the big paper's line ends in +N");
  await clickCanvas(page, row.more.x + row.more.w / 2, row.more.y + row.more.h / 2);
  const open1 = await layoutOf(page);
  const canvas = await page.locator("paper-shelf >> canvas").boundingBox();
  assert.ok(open1.popup, "the list opened");
  assert.ok(open1.popup.rect.y >= 0 && open1.popup.rect.y + open1.popup.rect.h <= canvas.height, `the list (${JSON.stringify(open1.popup.rect)}) fits the ${canvas.height} px canvas`);
  // The wheel scrolls the list, not the page.
  const r = open1.popup.rect;
  await page.mouse.move(canvas.x + r.x + r.w / 2, canvas.y + r.y + r.h / 2);
  const wheeled = await canvasFrames(page);
  await page.mouse.wheel(0, 400);
  await canvasDrewSince(page, wheeled);
  const open2 = await layoutOf(page);
  assert.ok(open2.popup, "the list stays open");
  assert.ok(open2.popup.names[0].y < open1.popup.names[0].y, "the list scrolled");
  assert.equal(await page.evaluate(() => scrollY), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

// A link to one paper (#ps-KEY, as the static list's ids and the HTML list take it) far down a
// long list: the canvas scrolls its row into view and focuses it, on load and when the hash
// changes; a link to no paper moves nothing.
test("a link to one paper (#ps-KEY) scrolls the canvas to its row and focuses it", async () => {
  const bib = Array.from({ length: 200 }, (_, i) => `@article{k${i}, title = {Linked Paper ${i}}, author = {Doe, Jane}, journal = {Journal ${i}}, year = {${1900 + i}}}`).join("\n");
  server.pages.set("/canvas-linked.html", {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>linked</title><link rel="icon" href="data:,">
<script src="/papershelf.js"></script></head><body style="margin:0"><main>
<paper-shelf renderer="canvas" style="display:block;width:900px;--ps-canvas-height:480px"><script type="text/x-bibtex">
${bib}
</script></paper-shelf></main></body></html>`,
  });
  // (record numbers are the file's order: k150 is record 150; the list shows the newest first)
  const { page, errors } = await open(browser.context, `${server.url}/canvas-linked.html#ps-k150`);
  await ready(page);
  const focusedOn = (record) => page.waitForFunction((r) => {
    const layout = document.querySelector("paper-shelf").canvasLayout;
    const row = layout?.rows.find((x) => x.record === r);
    return layout?.focusedRecord === r && row && row.y >= layout.table.y && row.y + row.h <= layout.table.y + layout.table.h;
  }, record, { timeout: 20000 });
  await focusedOn(150);
  const linked = await canvasStill(page);
  assert.ok(linked.scrollY > 0, "the table scrolled down to it");
  await page.evaluate(() => { location.hash = "#k20"; });
  await focusedOn(20);
  const moved = await canvasStill(page);
  assert.ok(moved.scrollY > linked.scrollY, "further down for an older paper");
  await page.evaluate(() => { location.hash = "#ps-no-such-paper"; });
  const still = await canvasStill(page);
  assert.equal(still.scrollY, moved.scrollY);
  assert.equal(still.focusedRecord, 20);
  assert.deepEqual(errors, []);
  await page.close();
});

function familyPage(family, head = "") {
  server.pages.set("/canvas-family.html", {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>family</title>
<link rel="icon" href="data:,">${head}<script src="/papershelf.js"></script></head>
<body style="margin:0;background:#fff;font-family:${family}"><main>
<paper-shelf src="/homepage/papers.bib" owner="Qinghao Hu; Q. Hu" renderer="canvas" style="display:block;width:1000px"></paper-shelf></main></body></html>`,
  });
  return `${server.url}/canvas-family.html`;
}

/**
 * Hovers the second row (the owner and several co-authors) and compares the hover card's name
 * widths with the browser's own widths of those names in `family`, regular and bold. Returns the
 * problems found (none: every co-author's name is set in the family, the owner's in its bold) and
 * how much wider the owner's name is in bold than in the regular face.
 */
async function namesSetIn(page, family) {
  const layout = await drawn(page);
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  const row = layout.rows[1];
  await page.mouse.move(0, 0);
  await canvasStill(page);
  const frames = await canvasFrames(page);
  await page.mouse.move(box.x + row.x + row.w / 2, box.y + row.y + row.h / 2);
  await canvasDrewSince(page, frames);  // (the hover card, drawn)
  const { popup, names, widths } = await page.evaluate(([record, family]) => {
    const el = document.querySelector("paper-shelf");
    const authors = el.library.entries([record], { owner: el.getAttribute("owner") })[0].authors;
    const ctx = document.createElement("canvas").getContext("2d");
    // Each name measured by the browser in this family at 100 px, regular and bold, glyph by
    // glyph (ImGui adds advances: no kerning).
    const width = (style, text) => { ctx.font = `${style} 100px ${family}`; return [...text].reduce((w, c) => w + ctx.measureText(c).width, 0); };
    return { popup: el.canvasLayout.popup, names: authors, widths: authors.map((a) => [width("", a.name), width("bold", a.name)]) };
  }, [row.record, family]);
  assert.ok(popup && popup.names.length === names.length, `${family}: the hover card lists every author`);
  const others = names.map((a, i) => i).filter((i) => !names[i].owner);
  const owner = names.findIndex((a) => a.owner);
  assert.ok(owner >= 0 && others.length >= 3);
  const problems = [];
  // One scale turns the browser's widths of the co-authors' names into the widget's: they are
  // set in this family.
  const scale = popup.names[others[0]].w / widths[others[0]][0];
  for (const i of others) {
    const want = widths[i][0] * scale;
    if (Math.abs(popup.names[i].w - want) > Math.max(2, want * 0.03)) problems.push(`${names[i].name} is ${popup.names[i].w} px wide, ${want.toFixed(1)} in ${family}`);
  }
  // The owner's name has the bold face's width.
  const bold = widths[owner][1] * scale, regular = widths[owner][0] * scale;
  if (Math.abs(popup.names[owner].w - bold) > Math.max(2, bold * 0.03)) problems.push(`the owner's name is ${popup.names[owner].w} px, bold ${bold.toFixed(1)}, regular ${regular.toFixed(1)}`);
  return { problems, boldGain: bold - regular };
}

test("the canvas draws in the page's font family, with its bold face for the owner, and downloads no font", async () => {
  for (const family of ["'DejaVu Serif', serif", "'DejaVu Sans Mono', monospace"]) {
    const { page, errors } = await open(browser.context, familyPage(family));
    const fonts = [];
    page.on("request", (r) => { if (r.resourceType() === "font" || /\.(ttf|otf|woff2?)$/.test(r.url())) fonts.push(r.url()); });
    await ready(page);
    const { problems, boldGain } = await namesSetIn(page, family);
    assert.deepEqual(problems, []);
    // In a proportional family the bold face is wider: a regular face drawn twice (as without a
    // bold face) would not pass. (A monospaced bold keeps the width.)
    if (family.includes("Serif")) assert.ok(boldGain > 3, `bold is ${boldGain} px wider`);
    assert.deepEqual(fonts, [], "no font file is fetched");
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("a web font that arrives after the first frame replaces the fallback the canvas drew with", async () => {
  // The page's family is a web font (DejaVu Sans Mono's files under another name), held back
  // until the first check is done; until it arrives the browser, and so the canvas, draws with the
  // fallback.
  const family = "'Late Face', 'DejaVu Serif', serif";
  const url = familyPage(family, `<style>@font-face { font-family: "Late Face"; src: url(/late-face.ttf); }
@font-face { font-family: "Late Face"; font-weight: bold; src: url(/late-face-bold.ttf); }</style><p style="font-weight:bold">warm</p>`);
  const page = await browser.context.newPage();
  let release;
  const held = new Promise((ok) => { release = ok; });
  for (const [path, file] of [["late-face.ttf", "DejaVuSansMono.ttf"], ["late-face-bold.ttf", "DejaVuSansMono-Bold.ttf"]]) {
    await page.route(`**/${path}`, async (route) => {
      await held;
      await route.fulfill({ contentType: "font/ttf", body: readFileSync(`/usr/share/fonts/truetype/dejavu/${file}`) });
    });
  }
  await page.goto(url, { waitUntil: "domcontentloaded" });  // ("load" waits for the fonts)
  await ready(page);
  assert.deepEqual((await namesSetIn(page, "'DejaVu Serif', serif")).problems, [], "before the font arrives: the fallback");
  const frames = await canvasFrames(page);
  release();
  await page.waitForFunction(() => document.fonts.check("16px 'Late Face'") && document.fonts.check("bold 16px 'Late Face'"), null, { timeout: 10000 });
  await canvasDrewSince(page, frames);  // (the fonts' arrival redraws the canvas in them)
  assert.deepEqual((await namesSetIn(page, family)).problems, [], "after: the web font");
  await page.close();
});

// A page that can scroll, with a control after the element: for scrolling and Tab.
/** Touch on for `page`; returns swipe(x, y0, y1): a finger drawn from y0 to y1 in ten moves,
 *  then lifted, resolving once the canvas has settled (momentum included). */
async function touchSwipes(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  return async (x, y0, y1) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: y0 }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y0 + ((y1 - y0) * i) / 10 }] });
      // A finger's moves come one a frame, as a touch screen delivers them.
      await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => ok())));
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    // The momentum has run out (the canvas is still), and what the page scrolled is painted.
    await canvasStill(page);
    await painted(page);
  };
}

/** A finger's tap at a point given in canvas CSS pixels (touch emulation on). */
async function tapCanvas(page, x, y) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: box.x + x, y: box.y + y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

function longPage() {
  server.pages.set("/canvas-long.html", {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>long</title>
<link rel="icon" href="data:,"><script src="/papershelf.js"></script></head>
<body style="margin:0;background:#fff;font-family:sans-serif"><main><h1>Canvas</h1>
<paper-shelf src="/homepage/papers.bib" owner="Qinghao Hu; Q. Hu" renderer="canvas" style="display:block;width:1000px;--ps-canvas-height:560px"></paper-shelf>
<button id="after">after</button><div style="height:3000px"></div></main></body></html>`,
  });
  return `${server.url}/canvas-long.html`;
}

const layoutOf = (page) => page.evaluate(() => document.querySelector("paper-shelf").canvasLayout);


test("the wheel scrolls the table, and the page once the table is at its end", async () => {
  const { page, errors } = await open(browser.context, longPage());
  await page.setViewportSize({ width: 1100, height: 800 });
  await ready(page);
  let layout = await drawn(page);
  assert.ok(layout.scrollMaxY > 100, `the table can scroll (${layout.scrollMaxY})`);
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  await page.evaluate((y) => window.scrollTo(0, y - 10), box.y);
  const canvasTop = await page.locator("paper-shelf >> canvas").evaluate((c) => c.getBoundingClientRect().top);
  const x = box.x + layout.table.x + layout.table.w / 2, y = canvasTop + layout.table.y + layout.table.h / 2;
  await page.mouse.move(x, y);
  const pageY = await page.evaluate(() => scrollY);
  await page.mouse.wheel(0, 100);
  await canvasStill(page);
  layout = await layoutOf(page);
  assert.ok(layout.scrollY > 0, "the table scrolled");
  assert.equal(await page.evaluate(() => scrollY), pageY, "the page did not");
  // Down to the table's end; from there the wheel moves the page.
  for (let i = 0; i < 40 && layout.scrollY < layout.scrollMaxY; i++) {
    await page.mouse.wheel(0, 100);
    await canvasStill(page);
    layout = await layoutOf(page);
  }
  assert.equal(layout.scrollY, layout.scrollMaxY);
  assert.equal(await page.evaluate(() => scrollY), pageY, "the page waits until the table's end");
  await page.mouse.wheel(0, 100);
  await page.waitForFunction((before) => scrollY > before, pageY, { timeout: 3000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a touch drag scrolls the table; at the table's top it scrolls the page", async () => {
  const { page, errors } = await open(browser.context, longPage());
  await page.setViewportSize({ width: 1100, height: 800 });
  await ready(page);
  let layout = await drawn(page);
  const swipe = await touchSwipes(page);
  await page.evaluate(() => window.scrollTo(0, 100));
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  const x = box.x + layout.table.x + layout.table.w / 2, y = box.y + layout.table.y + layout.table.h / 2;
  // Finger up: the list moves up under it; the page stays.
  await swipe(x, y + 100, y - 100);
  layout = await layoutOf(page);
  assert.ok(layout.scrollY >= 150, `the table followed the finger (${layout.scrollY})`);
  assert.equal(await page.evaluate(() => scrollY), 100);
  // Back to the top, then one more drag down: the table cannot follow, the page scrolls.
  await swipe(x, y - 150, y + 150);
  await swipe(x, y - 150, y + 150);
  layout = await layoutOf(page);
  assert.equal(layout.scrollY, 0);
  await swipe(x, y - 100, y + 100);
  assert.ok(await page.evaluate(() => scrollY) < 100, "the page scrolled at the table's top");
  // And at its bottom: drags up take the table to its end, the next one scrolls the page on.
  await page.evaluate(() => window.scrollTo(0, 100));
  for (let i = 0; ; i++) {
    assert.ok(i < 12, "the table reaches its end");
    const before = (await layoutOf(page)).scrollY;
    await swipe(x, y + 150, y - 150);
    layout = await layoutOf(page);
    if (layout.scrollY === before) break;
    assert.equal(await page.evaluate(() => scrollY), 100, "the page stays while the table scrolls");
  }
  assert.ok(layout.scrollY > 150, `the table is at its end (${layout.scrollY})`);
  assert.ok(await page.evaluate(() => scrollY) > 100, "the page scrolled at the table's bottom");
  assert.deepEqual(errors, []);
  await page.close();
});

// A finger (pointer: coarse) gets controls it can hit: 44 px tall, against ImGui's 21.
test("on a touch screen the canvas's search field, menus and buttons are 44 px tall", async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 375, height: 700 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  await page.goto(longPage());
  await page.evaluate(() => { document.querySelector("paper-shelf").style.width = "100%"; });
  await ready(page);
  let layout = await drawn(page);
  // (a phone's menus wait behind "Filters": a tap opens them)
  const filters = layout.controls.find((c) => c.name === "filters");
  assert.ok(filters, JSON.stringify(layout.controls));
  await tapCanvas(page, filters.x + filters.w / 2, filters.y + filters.h / 2);
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.filtersOpen, null, { timeout: 10000 });
  layout = await layoutOf(page);
  const heights = layout.controls.map((c) => [c.name, c.h]).filter(([name]) => name !== "link");
  assert.ok(heights.length >= 3, JSON.stringify(heights));
  for (const [name, h] of heights) assert.ok(h >= 44, `${name}: ${h} px`);
  assert.ok(layout.search.h >= 44, `search: ${layout.search.h} px`);
  // Two menus a line, not three: a menu's arrow is a finger's width, and "Any status" stays whole.
  const menus = layout.controls.filter((c) => ["group", "type", "status", "venue"].includes(c.name));
  assert.ok(menus.length >= 2 && menus.every((c) => c.w >= 150), JSON.stringify(menus));
  assert.deepEqual(errors, []);
  await page.close();
});

test("on a phone's cards, a touch drag at the table's bottom scrolls the page on", async () => {
  const { page, errors } = await open(browser.context, longPage());
  await page.setViewportSize({ width: 375, height: 700 });
  await page.evaluate(() => { document.querySelector("paper-shelf").style.width = "100%"; });
  await ready(page);
  await drawn(page);
  await canvasStill(page);
  const swipe = await touchSwipes(page);
  let layout = await layoutOf(page);
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  await page.evaluate((top) => window.scrollTo(0, top), Math.round(box.y));
  const start = await page.evaluate(() => scrollY);
  const now = await page.locator("paper-shelf >> canvas").boundingBox();
  const x = now.x + layout.table.x + layout.table.w / 2, y = now.y + layout.table.y + Math.min(layout.table.h, 500) / 2;
  for (let i = 0; ; i++) {
    assert.ok(i < 40, "the table reaches its end");
    const before = (await layoutOf(page)).scrollY;
    await swipe(x, y + 120, y - 120);
    layout = await layoutOf(page);
    if (layout.scrollY === before) break;
    assert.equal(await page.evaluate(() => scrollY), start, "the page stays while the table scrolls");
  }
  assert.ok(layout.scrollY > 150, `the table is at its end (${layout.scrollY})`);
  assert.ok(await page.evaluate(() => scrollY) > start, "the page scrolled at the table's bottom");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the canvas is one tab stop: Tab reaches the page's next control, and the focused row is announced and ringed", async () => {
  const { page, errors } = await open(browser.context, longPage());
  await ready(page);
  await drawn(page);
  await page.locator("paper-shelf >> canvas").focus();
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.id), "after", "one Tab leaves the widget");
  // Shift+Tab comes back to the canvas; nothing of the hidden list (an entry's Cite) has focus on the way.
  await page.evaluate(() => {
    window.__focused = [];
    document.querySelector("paper-shelf").shadowRoot.addEventListener("focusin", (e) => __focused.push(e.target.closest(".ps-results") ? "the hidden list" : e.target.className || e.target.tagName), true);
  });
  await page.keyboard.press("Shift+Tab");
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.tagName), "CANVAS");
  const path = await page.evaluate(() => window.__focused);
  assert.ok(!path.includes("the hidden list") && path.at(-1) === "ps-canvas", path.join(" > "));
  // The hidden list stays in the accessibility tree (not inert) once focus is elsewhere.
  await page.locator("#after").focus();
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results").inert), false);
  const tree = await page.locator("paper-shelf").ariaSnapshot();
  assert.match(tree, /TorchGT/, "screen readers still read the list");

  // Coming back by keyboard, the first row takes focus: a ring shows it and a live region says
  // which; arrow keys move on from there.
  await page.locator("#after").focus();
  const shot = async () => page.locator("paper-shelf >> canvas").screenshot();
  const before = await shot();
  await page.keyboard.press("Shift+Tab");
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.focusedRecord >= 0, null, { timeout: 3000 });
  const first = await layoutOf(page);
  assert.equal(first.focusedRecord, first.rows[0].record);
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction((r) => document.querySelector("paper-shelf").canvasLayout.focusedRecord === r, first.rows[1].record, { timeout: 3000 });
  const focused = first.rows[1].record;
  const row = first.rows[1];
  const title = await page.evaluate((r) => document.querySelector("paper-shelf").library.entries([r])[0].title, focused);
  await page.waitForFunction((t) => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-canvas-live")?.textContent === t, title);
  // No hover card follows the keyboard (it would cover the rows being read): the widget has drawn
  // every frame the key asked for (a card would show in them: it has no delay).
  await canvasStill(page);
  assert.equal((await layoutOf(page)).popup, null);
  const after = await shot();
  // The ring: the row's left edge turns to the accent, 3:1 or more against what was there.
  const fourPixels = ({ data, width }, x, y) => [...data.slice((y * width + x) * 4, (y * width + x + 4) * 4)];
  const [a, b] = [await inPixels(page, before, fourPixels, row.x, row.y + Math.round(row.h / 2)),
    await inPixels(page, after, fourPixels, row.x, row.y + Math.round(row.h / 2))];
  // (the four pixels from the row's left edge: the ring's core is one of them)
  const best = Math.max(...[0, 1, 2, 3].map((i) => contrast(a.slice(i * 4, i * 4 + 3), b.slice(i * 4, i * 4 + 3))));
  assert.ok(best >= 3, `ring ${b} on ${a}: ${best}`);
  assert.deepEqual(errors, []);
  await page.close();
});

// What a right click offers is reachable without a mouse: Shift+F10 or the Menu key on the
// focused row, and a finger held on a row.
test("a row's menu opens from the keyboard (Shift+F10, the Menu key) and by a long press, and copies", async () => {
  const { page, errors } = await open(browser.context, longPage());
  await ready(page);
  await drawn(page);
  await page.evaluate(() => {
    window.__copied = [];
    document.querySelector("paper-shelf").addEventListener("copy", (e) => window.__copied.push(e.detail));
  });
  const keyOf = (record) => page.evaluate((r) => document.querySelector("paper-shelf").library.entries([r])[0].key, record);
  const menuOpen = (open) => page.waitForFunction((o) => (document.querySelector("paper-shelf").canvasLayout.menu !== null) === o, open, { timeout: 5000 });
  await page.locator("#after").focus();
  await page.keyboard.press("Shift+Tab");
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.focusedRecord >= 0, null, { timeout: 3000 });
  const first = await layoutOf(page);
  await page.keyboard.press("Shift+F10");
  await menuOpen(true);
  const opened = (await layoutOf(page)).menu, focusedRow = first.rows.find((r) => r.record === first.focusedRecord);
  assert.ok(Math.abs(opened.y - (focusedRow.y + focusedRow.h)) < 4, `the menu opens under the row (${opened.y}, row ${focusedRow.y}+${focusedRow.h})`);
  // Escape closes it with focus back on the row; the Menu key opens it again; Enter on its
  // first item copies the row's BibTeX.
  await page.keyboard.press("Escape");
  await menuOpen(false);
  await page.keyboard.press("ContextMenu");
  await menuOpen(true);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.__copied.length === 1, null, { timeout: 10000 });
  let copied = await page.evaluate(() => window.__copied[0]);
  assert.equal(copied.key, await keyOf(first.focusedRecord));
  assert.match(copied.text, /^@\w+\{/);
  await menuOpen(false);

  // A finger held on the second row: its menu, at the finger; a tap on the first item copies.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  const row = first.rows[1];
  const [x, y] = [box.x + row.x + row.w / 2, box.y + row.y + row.h / 2];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await menuOpen(true);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const menu = (await layoutOf(page)).menu;
  assert.ok(Math.abs(box.y + menu.y - y) < 40, `the menu opens at the finger (${menu.y + box.y} for ${y})`);
  const [mx, my] = [box.x + menu.x + 30, box.y + menu.y + 12];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: mx, y: my }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await page.waitForFunction(() => window.__copied.length === 2, null, { timeout: 10000 });
  copied = await page.evaluate(() => window.__copied[1]);
  assert.equal(copied.key, await keyOf(row.record));
  assert.deepEqual(errors, []);
  await page.close();
});

test("arrow keys go up from the rows into the search field, in the table and in cards", async () => {
  for (const width of [1000, 360]) {
    const { page, errors } = await open(browser.context, longPage());
    await ready(page);
    await page.evaluate((w) => { document.querySelector("paper-shelf").style.width = `${w}px`; }, width);
    await drawn(page);
    await page.locator("#after").focus();
    await page.keyboard.press("Shift+Tab");
    await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.focusedRecord >= 0, null, { timeout: 3000 });
    const first = await layoutOf(page);
    assert.equal(first.cards, width < 640);
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction((r) => document.querySelector("paper-shelf").canvasLayout.focusedRecord === r, first.rows[1].record, { timeout: 3000 });
    // Up: the first row, (in the table) its header, then the search field, edited at once.
    const active = () => page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className);
    // (Each press is waited for until the focus has moved: where it is, in the page and in the
    // widget, differs from before it.)
    const where = () => { const el = document.querySelector("paper-shelf"); return `${el.shadowRoot.activeElement?.className} ${el.canvasLayout.navId}`; };
    let presses = 0;
    for (; presses < 4 && (await active()) !== "ps-canvas-input"; presses++) {
      const before = await page.evaluate(where);
      await page.keyboard.press("ArrowUp");
      await page.waitForFunction(([f, b]) => (0, eval)(f)() !== b, [where.toString(), before], { timeout: 5000 });
      // (The search field takes the keyboard a frame after the widget's focus reaches it.)
      await canvasStill(page);
    }
    assert.equal(await active(), "ps-canvas-input", `${width} px`);
    assert.equal(presses, width < 640 ? 2 : 3, `${width} px: presses from the second row`);
    await page.keyboard.type("TorchGT");
    await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.viewSearch === "TorchGT", null, { timeout: 5000 });
    assert.ok((await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys)).length >= 1);
    // Escape leaves the field with its text; arrows go on to the menus, and Enter opens one and
    // chooses in it, as Space does.
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className !== "ps-canvas-input", null, { timeout: 5000 });
    await canvasStill(page);
    assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").canvasLayout.viewSearch), "TorchGT");
    assert.equal(await active(), "ps-canvas");
    if (width > 640) {
      // (each key, taken by the widget and drawn, before the next)
      const key = async (name) => {
        const frames = await canvasFrames(page);
        await page.keyboard.press(name);
        await canvasDrewSince(page, frames);
      };
      await key("ArrowRight");  // the grouping menu, beside the field
      await key("Enter");
      await key("ArrowDown");  // "By year"
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => /group=year/.test(location.hash), null, { timeout: 3000 });
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("the canvas shows the filter controls the HTML toolbar shows, and typing moves nothing", async () => {
  const names = (layout) => layout.controls.filter((c) => c.name !== "link" && c.name !== "clear").map((c) => c.name);
  // The example homepage: its data makes every filter useful but the status menu (one status).
  const { page, errors } = await open(browser.context, longPage());
  await ready(page);
  const layout = await drawn(page);
  const html = await page.evaluate(() => {
    const root = document.querySelector("paper-shelf").shadowRoot;
    const shown = (sel) => !root.querySelector(sel).closest("[hidden]");
    return ["year", "type", "status", "venue"].filter((k) => shown(`.ps-f-${k}`))
      .concat([["selected", ".ps-f-selected"], ["award", ".ps-f-award"], ["first-author", ".ps-f-first"]].filter(([, sel]) => shown(sel)).map(([k]) => k));
  });
  const canvasShows = names(layout);
  for (const k of ["type", "status", "venue", "selected", "award", "first-author"])
    assert.equal(canvasShows.includes(k), html.includes(k), `${k}: canvas ${canvasShows}, HTML ${html}`);
  assert.equal(canvasShows.includes("from") && canvasShows.includes("to"), html.includes("year"));
  assert.ok(canvasShows.includes("first-author"), "the owner's first-author papers can be picked");
  // The marks' legend is under the canvas: nothing above the canvas comes and goes.
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-legend").previousElementSibling.className), "ps-canvas-host");
  const canvasTop = async () => page.locator("paper-shelf >> canvas").evaluate((c) => c.getBoundingClientRect().top);
  const top = await canvasTop();
  // A search that matches nothing keeps every control, the chart's place and the table's.
  await clickCanvas(page, layout.search.x + 20, layout.search.y + layout.search.h / 2);
  await page.keyboard.type("zzzzqqq");
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout.viewSearch === "zzzzqqq", null, { timeout: 5000 });
  await canvasStill(page);
  const after = await layoutOf(page);
  assert.deepEqual(names(after), canvasShows);
  assert.equal(after.table.y, layout.table.y);
  assert.equal(await canvasTop(), top);
  assert.deepEqual(errors, []);
  await page.close();
});

test("nothing is drawn while nothing changes, and a press and release in one frame still click", async () => {
  const { page, errors } = await open(browser.context, `${server.url}/canvas.html`);
  await ready(page);
  let layout = await drawn(page);
  const box = await page.locator("paper-shelf >> canvas").boundingBox();
  // The pointer rests on a row (hovered, with its tooltip).
  const moved = await canvasFrames(page);
  await page.mouse.move(box.x + layout.rows[1].x + 300, box.y + layout.rows[1].y + 10);
  await canvasDrewSince(page, moved);
  // Then 300 of the page's animation frames (5 s at 60 Hz; longer on a busy machine): the
  // canvas asks for none of them.
  const frames = (await layoutOf(page)).frames;
  await page.evaluate(() => new Promise((ok) => {
    let left = 300;
    const tick = () => (--left > 0 ? requestAnimationFrame(tick) : ok());
    requestAnimationFrame(tick);
  }));
  assert.equal((await layoutOf(page)).frames - frames, 0, "frames drawn in 300 animation frames of stillness");
  // Both halves of a click before the next frame: the header still sorts.
  layout = await layoutOf(page);
  const h = layout.headers[2];
  await page.evaluate(([x, y]) => {
    const c = document.querySelector("paper-shelf").shadowRoot.querySelector("canvas");
    const r = c.getBoundingClientRect();
    const init = { clientX: r.left + x, clientY: r.top + y, pointerId: 1, pointerType: "mouse", bubbles: true };
    c.dispatchEvent(new PointerEvent("pointermove", { ...init, buttons: 0 }));
    c.dispatchEvent(new PointerEvent("pointerdown", { ...init, button: 0, buttons: 1 }));
    c.dispatchEvent(new PointerEvent("pointerup", { ...init, button: 0, buttons: 0 }));
  }, [h.x + h.w / 2, h.y + h.h / 2]);
  await page.waitForFunction(() => location.hash.includes("sort"), null, { timeout: 5000 });
  assert.deepEqual(errors, []);
  await page.close();
});

/** WCAG 2 contrast ratio of two [r, g, b] colours (0-255). */
function contrast(a, b) {
  const lum = ([r, g, bl]) => [r, g, bl].map((v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const [la, lb] = [lum(a), lum(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

test("every text on the canvas reads at 4.5:1 or better, measured from its pixels, light and dark", async () => {
  for (const scheme of ["light", "dark"]) {
    const { page, errors } = await open(browser.context, "about:blank");
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/homepage/?renderer=canvas`);
    await ready(page);
    await drawn(page);
    // At twice the pixels a glyph's stems are solid, so its core shows its true colour. (The
    // pointer passing over the canvas draws it at the new ratio.)
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setDeviceMetricsOverride", { width: 1100, height: 900, deviceScaleFactor: 2, mobile: false });
    await page.locator("paper-shelf >> canvas").hover({ position: { x: 5, y: 5 } });
    await page.mouse.move(0, 0);
    // (drawn at the new ratio: the backing store is twice the CSS size, and the widget still)
    await page.waitForFunction(() => {
      const c = document.querySelector("paper-shelf").shadowRoot.querySelector("canvas");
      return devicePixelRatio === 2 && c.width === Math.round(c.clientWidth * 2);
    }, null, { timeout: 20000 });
    await canvasStill(page);
    const layout = await layoutOf(page);
    assert.equal(await page.evaluate(() => devicePixelRatio), 2);
    // (straight from the browser: Playwright's own screenshot would reset the pixel ratio)
    await page.locator("paper-shelf >> canvas").evaluate((c) => c.scrollIntoView({ block: "center" }));
    const clip = await page.locator("paper-shelf >> canvas").evaluate((c) => {
      const r = c.getBoundingClientRect();
      return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height, scale: 1 };
    });
    const png = Buffer.from((await cdp.send("Page.captureScreenshot", { format: "png", clip })).data, "base64");
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, `canvas-contrast-${scheme}.png`), png);
    // Text lines to check (CSS px): the toolbar's lines above the chart, the header, each row.
    const bands = [];
    const chartTop = layout.bars.length ? Math.min(...layout.bars.map((b) => b.y)) : layout.table.y;
    for (let y = layout.search.y; y + 8 <= chartTop; y += 8) bands.push([y, Math.min(16, chartTop - y)]);
    for (const r of [...layout.headers, ...layout.rows]) for (let y = r.y; y < r.y + r.h; y += 8) bands.push([y, Math.min(16, r.y + r.h - y)]);
    const right = layout.table.x + layout.table.w - 16;  // (not the scrollbar)
    const worst = await inPixels(page, png, (c, bandList, right, ratio, controls) => {
      const d = c.data;
      const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      const lum = (i) => 0.2126 * lin(d[i]) + 0.7152 * lin(d[i + 1]) + 0.0722 * lin(d[i + 2]);
      const found = [];
      // Small windows: the background is the commonest colour, the text the pixel that stands out
      // most from it. Windows whose strongest pixel is under 2:1 hold no text (row lines, field
      // borders, the faint row stripes).
      const w = 10 * ratio;
      for (const [y0, h0] of bandList) {
        const top = Math.round(y0 * ratio), h = Math.round(h0 * ratio);
        for (let x = 0; x + w <= right * ratio; x += w / 2) {
          const count = new Map();
          for (let y = top; y < top + h && y < c.height; y++) for (let xx = x; xx < x + w; xx++) {
            const i = (y * c.width + xx) * 4;
            const k = (d[i] << 16) | (d[i + 1] << 8) | d[i + 2];
            count.set(k, (count.get(k) ?? 0) + 1);
          }
          let bg = 0, most = 0;
          for (const [k, n] of count) if (n > most) [bg, most] = [k, n];
          const bgLum = 0.2126 * lin(bg >> 16) + 0.7152 * lin((bg >> 8) & 255) + 0.0722 * lin(bg & 255);
          // The strongest pixel in the window, and around it: a window may hold only the soft edge
          // of a glyph whose core lies a pixel or two outside.
          const strongest = (pad) => {
            let best = 1, at = null;
            for (let y = Math.max(0, top - pad); y < top + h + pad && y < c.height; y++)
              for (let xx = Math.max(0, x - pad); xx < x + w + pad && xx < c.width; xx++) {
                const l = lum((y * c.width + xx) * 4);
                const ratioHere = (Math.max(l, bgLum) + 0.05) / (Math.min(l, bgLum) + 0.05);
                if (ratioHere > best) [best, at] = [ratioHere, [xx / ratio, y / ratio]];
              }
            return [best, at];
          };
          if (strongest(0)[0] < 2) continue;
          // A control's outline is no text (it has its own check below): windows across one are skipped.
          const across = (r) => {
            const [l, t, rr, b] = [r.x * ratio, r.y * ratio, (r.x + r.w) * ratio, (r.y + r.h) * ratio];
            const overlaps = x < rr + 3 * ratio && x + w > l - 3 * ratio && top < b + 3 * ratio && top + h > t - 3 * ratio;
            const inside = x >= l + 3 * ratio && x + w <= rr - 3 * ratio && top >= t + 3 * ratio && top + h <= b - 3 * ratio;
            return overlaps && !inside;
          };
          if (controls.some(across)) continue;
          const [best, at] = strongest(3 * ratio);
          if (best < 4.5) found.push({ ratio: +best.toFixed(2), at, bg: bg.toString(16) });
        }
      }
      return found;
    }, bands, right, 2, layout.controls);
    // What shows a control, and the chart: 3:1 or more against the page (WCAG's non-text
    // contrast). The search field's outline, across its left edge; the tallest bar's middle.
    const counts = await page.evaluate(() => document.querySelector("paper-shelf").library.query({ facets: true }).facets.years.map((y) => y.count));
    assert.equal(counts.length, layout.bars.length);
    const tallest = layout.bars[counts.indexOf(Math.max(...counts))];
    const graphic = await inPixels(page, png, ({ data, width }, search, bar, ratio) => {
      const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      const lum = (x, y) => { const i = (Math.round(y * ratio) * width + Math.round(x * ratio)) * 4; return 0.2126 * lin(data[i]) + 0.7152 * lin(data[i + 1]) + 0.0722 * lin(data[i + 2]); };
      const vs = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const page = lum(search.x - 4, search.y + search.h / 2);
      let outline = 1;
      for (let dx = -1; dx <= 2; dx += 0.5) outline = Math.max(outline, vs(lum(search.x + dx, search.y + search.h / 2), page));
      return { outline: +outline.toFixed(2), bar: +vs(lum(bar.x + bar.w / 2, bar.y + bar.h * 0.3), page).toFixed(2) };
    }, layout.search, tallest, 2);
    assert.ok(graphic.outline >= 3, `${scheme}: the search field's outline ${graphic.outline}:1`);
    assert.ok(graphic.bar >= 3, `${scheme}: the chart's bar ${graphic.bar}:1`);
    assert.equal(png.readUInt32BE(16), Math.round(layout.table.w + 16) * 2, "a screenshot at twice the pixels");
    assert.deepEqual(worst.slice(0, 10), [], `${scheme}: ${worst.length} text windows under 4.5:1: ${JSON.stringify(worst.slice(0, 40))}`);
    assert.ok(bands.length > 50);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("phones get cards: at 375 px every visible title shows 20 characters or more (screenshots in docs/screenshots/)", async () => {
  const dir = join(here, "..", "..", "docs", "screenshots");
  mkdirSync(dir, { recursive: true });
  for (const site of ["homepage", "lab"]) for (const width of [375, 1280]) for (const scheme of ["light", "dark"]) {
    const { page, errors } = await open(browser.context, "about:blank");
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/${site}/?renderer=canvas`);
    await ready(page);
    const layout = await drawn(page);
    await page.locator("paper-shelf >> canvas").evaluate((c) => c.scrollIntoView({ block: "end" }));
    await painted(page);
    await page.screenshot({ path: join(dir, `canvas-${site}-${width}-${scheme}.jpg`), type: "jpeg", quality: 80 });
    assert.equal(layout.cards, width < 640, `${site} ${width}`);
    const titles = await page.evaluate(async (records) => (await document.querySelector("paper-shelf").library.entries(records)).map((e) => e.title), layout.rows.map((r) => r.record));
    assert.ok(layout.rows.length >= 3);
    layout.rows.forEach((r, i) => assert.ok(r.titleChars >= Math.min(20, [...titles[i]].length), `${site} ${width}: "${titles[i]}" shows ${r.titleChars} characters`));
    // A paper of the owner's names the owner, however few names fit the line.
    layout.rows.forEach((r, i) => assert.notEqual(r.ownerShown, false, `${site} ${width}: the owner is cut from "${titles[i]}"`));
    if (site === "homepage") assert.ok(layout.rows.every((r) => r.ownerShown === true));
    // The author line says what it leaves out: names in order, "…" wherever authors are skipped
    // (so "A, Owner" never reads as a two-author paper), "+N" for all of them, inside the canvas.
    const authors = await page.evaluate(async (records) => (await document.querySelector("paper-shelf").library.entries(records)).map((e) => e.authors.map((a) => a.name)), layout.rows.map((r) => r.record));
    layout.rows.forEach((r, i) => {
      const [, line, more] = /^(.*?)(?: \+(\d+))?$/.exec(r.authorLine);
      let at = -1, gap = false, shown = 0;
      for (const part of line.split(", ")) {
        if (part === "\u2026") { gap = true; continue; }
        const name = authors[i].includes(part) ? part : part.replace(/\u2026$/, "");
        const k = authors[i].indexOf(name, at + 1);
        assert.ok(k > at, `${site} ${width}: "${name}" out of order in "${r.authorLine}"`);
        assert.ok(gap || k === at + 1, `${site} ${width}: "${r.authorLine}" skips authors without "…"`);
        [at, gap, shown] = [k, false, shown + 1];
      }
      assert.equal(Number(more ?? 0), authors[i].length - shown, `${site} ${width}: "${r.authorLine}"`);
      if (more) assert.ok(r.more && r.more.x + r.more.w <= layout.table.x + layout.table.w + 1, `${site} ${width}: "+${more}" outside the canvas`);
    });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

/** The canvas's layout once `ok(layout)` holds (the widget draws only when something changes). */
async function layoutWhen(page, ok) {
  await page.waitForFunction(`(${ok})(document.querySelector("paper-shelf").canvasLayout)`, null, { timeout: 15000 });
  return layoutOf(page);
}

// A phone (375 x 812: the element's canvas is 640 px tall) showed the toolbar and the chart over
// half of the canvas and about 1½ cards. Now the menus wait behind "Filters" and the chart under
// its title, folded: the list keeps two thirds of the height or more, with a mouse and with a
// finger's 44 px controls. Cards are as tall as their lines, and the chart, opened, reads whole years.
test("on a phone the list keeps two thirds of the canvas; cards end at their last line; the chart opens to whole years", async () => {
  for (const touch of [false, true]) {
    const { page, errors } = await open(browser.context, "about:blank");
    await page.setViewportSize({ width: 375, height: 812 });
    if (touch) await (await page.context().newCDPSession(page)).send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
    await page.goto(`${server.url}/homepage/?renderer=canvas`);
    await ready(page);
    await drawn(page);
    let layout = await layoutWhen(page, (l) => l.rows.length > 0 && l.rows.every((r) => r.contentBottom > 0));
    const what = touch ? "touch" : "mouse";
    assert.ok(layout.cards, what);
    assert.ok(Math.abs(layout.canvas.h - 640) <= 1, `${what}: the canvas is ${layout.canvas.h} px tall`);
    const share = layout.table.h / layout.canvas.h;
    assert.ok(share >= 2 / 3, `${what}: the list has ${layout.table.h} of ${layout.canvas.h} px (${(share * 100).toFixed(0)}%)`);
    assert.equal(layout.chart, null, `${what}: the chart starts folded`);
    assert.ok(layout.chartToggle && layout.chartToggle.y + layout.chartToggle.h <= layout.table.y, JSON.stringify(layout.chartToggle));
    assert.equal(layout.filtersOpen, false);
    assert.ok(!layout.controls.some((c) => ["group", "type", "status", "venue", "from", "to"].includes(c.name)), JSON.stringify(layout.controls.map((c) => c.name)));
    const whole = layout.rows.filter((r) => r.y >= layout.table.y - 1 && r.y + r.h <= layout.table.y + layout.table.h + 1);
    assert.ok(whole.length >= 4, `${what}: ${whole.length} whole cards on the canvas`);
    // No blank line: each card ends with its last line of text (the row's padding below it).
    for (const r of layout.rows) {
      const slack = r.y + r.h - r.contentBottom;
      assert.ok(slack >= 0 && slack <= 8, `${what}: card of record ${r.record} ends ${slack} px below its last line`);
    }
    // The chart opens from its title, with whole years under its bars, none over another.
    const toggle = layout.chartToggle;
    await page.locator("paper-shelf >> canvas").evaluate((c) => c.scrollIntoView({ block: "center" }));  // (under the profile card)
    if (touch) await tapCanvas(page, toggle.x + toggle.w / 2, toggle.y + toggle.h / 2);
    else await clickCanvas(page, toggle.x + toggle.w / 2, toggle.y + toggle.h / 2);
    layout = await layoutWhen(page, (l) => l.chart !== null && l.axisLabels.length > 0);
    const years = await page.evaluate(async () => (await document.querySelector("paper-shelf").library.query({ facets: true })).facets.years.map((y) => y.label));
    assert.ok(layout.axisLabels.length >= 2, JSON.stringify(layout.axisLabels));
    layout.axisLabels.forEach((label, i) => {
      assert.match(label, /^\d{4}$/, `${what}: axis label "${label}"`);
      assert.ok(years.includes(label), `${what}: "${label}" is no year of the list (${years})`);
      const r = layout.axisLabelRects[i];
      assert.ok(r.x >= 0 && r.x + r.w <= layout.canvas.w, `${what}: "${label}" outside the canvas`);
      if (i) assert.ok(r.x > layout.axisLabelRects[i - 1].x + layout.axisLabelRects[i - 1].w, `${what}: "${label}" over its neighbour`);
    });
    assert.equal(layout.axisLabels.at(-1), years[0], "the newest year is labelled");
    assert.deepEqual(errors, []);
    await page.close();
  }
});

// The canvas at 375 and 1280 px, light and dark (build/artifacts/canvas-phone-*.png; at 375 also
// with the chart opened): at 1280 the chart shows at once and labels every year whole.
test("the canvas at 375 and 1280 px, light and dark: screenshots, whole years on a desktop's axis", async () => {
  mkdirSync(artifacts, { recursive: true });
  for (const width of [375, 1280]) for (const scheme of ["light", "dark"]) {
    const { page, errors } = await open(browser.context, "about:blank");
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/homepage/?renderer=canvas`);
    await ready(page);
    await drawn(page);
    let layout = await layoutWhen(page, (l) => l.rows.length > 0 && l.rows.every((r) => r.contentBottom > 0) && l.rowsWaiting === 0);
    const canvas = page.locator("paper-shelf >> canvas");
    writeFileSync(join(artifacts, `canvas-phone-${width}-${scheme}.png`), await canvas.screenshot());
    if (width === 1280) {
      assert.ok(layout.chart, "a desktop's chart shows");
      const years = await page.evaluate(async () => (await document.querySelector("paper-shelf").library.query({ facets: true })).facets.years.map((y) => y.label));
      assert.deepEqual(layout.axisLabels, [...years].reverse(), "every year labelled, whole, oldest first");
    } else {
      const toggle = layout.chartToggle;
      await clickCanvas(page, toggle.x + toggle.w / 2, toggle.y + toggle.h / 2);
      layout = await layoutWhen(page, (l) => l.chart !== null);
      await page.mouse.move(0, 0);
      writeFileSync(join(artifacts, `canvas-phone-${width}-${scheme}-chart.png`), await canvas.screenshot());
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

// No column stands empty: a list without venue abbreviations has no Venue column (it stood about
// 100 px wide and blank); a list with them keeps it.
test("the canvas table has no Venue column when no entry has a venue abbreviation", async () => {
  server.pages.set("/bare.bib", {
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: ["Scheduling Jobs", "Storing Blocks", "Routing Packets"].map((title, i) =>
      `@article{bare${i}, title = {${title}}, author = {Hu, Qinghao and Ye, Zhisheng}, journal = {Journal of Plain Venues ${i}}, year = {${2020 + i}}}`).join("\n"),
  });
  server.pages.set("/canvas-bare.html", {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,"><script src="/papershelf.js"></script></head>
<body style="margin:0;background:#fff;font-family:sans-serif"><main><h1>Canvas</h1>
<paper-shelf src="/bare.bib" owner="Qinghao Hu" renderer="canvas" style="display:block;width:1000px"></paper-shelf>
</main></body></html>`,
  });
  // Forty entries, newest first, and only the oldest with an abbreviation: beyond the first
  // screen's rows, which the element reads at once; it finds the badge reading the rest.
  server.pages.set("/late.bib", {
    headers: { "content-type": "text/plain; charset=utf-8" },
    body: Array.from({ length: 40 }, (_, i) => `@article{late${i}, title = {Paper ${i}}, author = {Hu, Qinghao}, journal = {Journal ${i}},${i === 0 ? " abbr = {OLD}," : ""} year = {${1980 + i}}}`).join("\n"),
  });
  server.pages.set("/canvas-late.html", { body: server.pages.get("/canvas-bare.html").body.replace("/bare.bib", "/late.bib") });
  const word = "Venue";  // (the pages are in English)
  for (const [url, venue] of [[`${server.url}/canvas-bare.html`, false], [`${server.url}/canvas.html`, true], [`${server.url}/canvas-late.html`, true]]) {
    const { page, errors } = await open(browser.context, url);
    await ready(page);
    let layout = await drawn(page);
    if (venue) layout = await layoutWhen(page, (l) => l.headerNames.includes("Venue"));
    assert.ok(layout.headerNames.length >= 2, JSON.stringify(layout.headerNames));
    assert.equal(layout.headerNames.includes(word), venue, `${url}: ${JSON.stringify(layout.headerNames)}`);
    assert.equal(layout.headers.length, layout.headerNames.length);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
