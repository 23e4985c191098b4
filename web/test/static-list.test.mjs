// The list prerendered in a page (papershelf prerender) against the live one that takes it over,
// in Debian's Chromium: on a light and a dark page, each under a light and a dark system, with a
// legend, in each preset, the static list (no script run yet), the adopted one and the live one
// are the same pixels; and a pinned theme reads on either page (axe finds nothing). Every wait is
// on a condition, never on time. Needs the built site (for papershelf.js) and the native CLI.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { live, ready } from "./support/browser.mjs";
import { useSite } from "./support/site.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const cli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");
const axe = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const env = useSite();

// Twelve papers (a full toolbar) with the marks a legend explains, badges, an award, a preprint,
// links and a note: every colour the list has at rest.
const bib = Array.from({ length: 12 }, (_, i) => `@inproceedings{p${i},
  title = {A Study of Scheduling Number ${i}},
  author = {Doe${i % 3 === 0 ? "*" : ""}, Jane and Roe${i % 4 === 1 ? "\u2020" : ""}, Rich and Poe, Edgar},
  booktitle = {Proceedings of the Symposium on Systems ${i}},
  abbr = {SYS${i}}, year = {${2013 + i}}, pdf = {https://example.org/p${i}.pdf}, code = {https://example.org/code/${i}}${i === 2 ? ",\n  award = {Best Paper Award}" : ""}${i === 5 ? ",\n  note = {Under review}" : ""}${i % 5 === 0 ? ",\n  selected = {true}" : ""}
}`).join("\n");
const LEGEND = "*=equal contribution; \u2020=corresponding author";
const PRESETS = ["", "al-folio", "academicpages", "hugo-blox"];
// A light and a dark site, each with links of its own colour (green), which a prerendered list
// does not take (it cannot know them before the script runs).
const PAGES = {
  light: "body { background: #fff; color: #222; margin: 0; padding: 24px 32px } a { color: #0a7d3b }",
  dark: "body { background: #1c1c1d; color: #ddd; margin: 0; padding: 24px 32px } a { color: #7fd88f }",
};

let work;
const shelves = new Map();  // "preset theme" -> the <paper-shelf> element with its static list
before(() => {
  assert.ok(existsSync(cli), `${cli} is missing: build the native CLI`);
  work = mkdtempSync(join(tmpdir(), "papershelf-static-"));
  writeFileSync(join(work, "papers.bib"), bib);
  for (const preset of PRESETS) for (const theme of ["", "light", "dark"]) {
    const attrs = `src="papers.bib" owner="Jane Doe" legend="${LEGEND}"${preset ? ` preset="${preset}"` : ""}${theme ? ` theme="${theme}"` : ""}`;
    writeFileSync(join(work, "page.html"), `<!doctype html><html lang="en"><body><paper-shelf ${attrs}><!-- papershelf:prerender --></paper-shelf></body></html>`);
    execFileSync(cli, ["prerender", join(work, "page.html"), "-o", join(work, "out.html")], { stdio: ["ignore", "ignore", "pipe"] });
    const out = readFileSync(join(work, "out.html"), "utf8");
    shelves.set(`${preset} ${theme}`, out.slice(out.indexOf("<paper-shelf"), out.indexOf("</paper-shelf>") + "</paper-shelf>".length));
  }
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Serves a page of `look` (light, dark) holding the static list of `preset` and `theme`. */
function servePage(look, preset, theme = "") {
  const path = `/static/${look}-${preset || "none"}-${theme || "auto"}.html`;
  env.server.pages.set("/static/papers.bib", { body: bib, headers: { "content-type": "text/plain; charset=utf-8" } });
  env.server.pages.set(path, { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Publications</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/papershelf.css"><script src="/papershelf.js" defer></script>
<style>${PAGES[look]}</style></head><body><main><h1>Publications</h1>${shelves.get(`${preset} ${theme}`)}</main></body></html>` });
  return `${env.server.url}${path}`;
}

/** A page at 1280 x 900 under the system's `scheme`; without the script when `still`. */
async function openPage(url, scheme, still) {
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
  if (still) await page.route(/papershelf\.js$/, (route) => route.abort());
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/** Two frames: what was laid out is painted. */
const frames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Where the list's legend and the element stand (page coordinates), from whichever list shows. */
function layout(page) {
  return page.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    const shelf = el.shadowRoot?.querySelector(".ps-shelf");
    const live = shelf && shelf.dataset.state !== "adopted" && shelf.dataset.state !== "loading";
    const legend = live ? shelf.querySelector(":scope > .ps-legend") : el.querySelector(":scope > .ps-shelf > .ps-legend");
    const box = (node) => { const r = node.getBoundingClientRect(); return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height }; };
    return { legend: legend && box(legend), legendShown: !!legend && legend.getClientRects().length > 0, element: box(el) };
  });
}

/** Pixels of two PNG screenshots of one size that differ by more than 8 in a channel. */
async function differing(page, a, b) {
  return page.evaluate(async ([a, b]) => {
    const pixels = async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext("2d");
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, image.width, image.height);
    };
    const [x, y] = await Promise.all([pixels(a), pixels(b)]);
    if (x.width !== y.width || x.height !== y.height) return { count: Infinity, total: 0, first: `sizes ${x.width}x${x.height} and ${y.width}x${y.height}` };
    let count = 0, first = "";
    const [p, q] = [x.data, y.data];  // (a plain loop: a million pixels a shot)
    for (let i = 0; i < p.length; i += 4) {
      if (Math.abs(p[i] - q[i]) <= 8 && Math.abs(p[i + 1] - q[i + 1]) <= 8 && Math.abs(p[i + 2] - q[i + 2]) <= 8) continue;
      if (!count++) first = `at ${(i / 4) % x.width},${Math.floor(i / 4 / x.width)}: rgb(${x.data.slice(i, i + 3)}) against rgb(${y.data.slice(i, i + 3)})`;
    }
    return { count, total: x.width * x.height, first };
  }, [a.toString("base64"), b.toString("base64")]);
}

const blank = async () => {
  const page = await env.browser.context.newPage();
  await page.goto(`${env.server.url}/papershelf.css`);
  return page;
};

test("the static list, the adopted one and the live one are the same pixels, with a legend, in every preset, on light and dark pages under either system, and with a pinned theme", async (t) => {
  const compare = await blank();
  const worst = [];
  // Each preset following the page; and a pinned theme (its own background) on either page.
  const cases = [...PRESETS.flatMap((preset) => ["light", "dark"].flatMap((look) => ["light", "dark"].map((scheme) => [preset, "", look, scheme]))),
    ...["light", "dark"].flatMap((theme) => ["light", "dark"].map((look) => ["", theme, look, look === "light" ? "dark" : "light"]))];
  for (const [preset, theme, look, scheme] of cases) {
    const what = `${preset || "no preset"}${theme ? `, theme ${theme}` : ""}, ${look} page, ${scheme} system`;
    const url = servePage(look, preset, theme);
    // The static list as the page first paints it: no script has run.
    const still = await openPage(url, scheme, true);
    const before = await layout(still);
    assert.ok(before.legendShown, `${what}: the static list has its legend`);
    // What the list shows below the toolbar's room (the legend and the entries in view).
    const clip = { x: before.element.x, y: before.legend.y, width: before.element.width, height: Math.min(900 - before.legend.y, before.element.height) };
    const staticShot = await still.screenshot({ clip });
    const staticWhole = await still.screenshot({ clip: { ...clip, y: before.element.y, height: clip.y + clip.height - before.element.y } });
    // Readable on the page whatever the system: each muted or accent text reads at 4.5:1 or more.
    await still.addScriptTag({ content: axe });
    const violations = await still.evaluate(async () => (await window.axe.run(document.querySelector("paper-shelf"))).violations.map((v) => `${v.id}: ${v.nodes.length}`));
    assert.deepEqual(violations, [], `${what}: axe on the static list`);
    await still.close();

    // Adopted: the element runs, keeps the static list and lends it the live toolbar.
    const page = await openPage(url, scheme, false);
    await ready(page);
    await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-shelf")?.dataset.state === "adopted");
    await frames(page);
    const adopted = await layout(page);
    assert.deepEqual(adopted.legend, before.legend, `${what}: the legend moved when adopted`);
    const adoptedShot = await page.screenshot({ clip });
    const adoptedWhole = await page.screenshot({ clip: { ...clip, y: before.element.y, height: clip.y + clip.height - before.element.y } });
    // The visitor's first input: the live list takes over.
    await live(page);
    await frames(page);
    const after = await layout(page);
    assert.ok(after.legendShown, `${what}: the live list shows the legend`);
    assert.deepEqual(after.legend, before.legend, `${what}: the legend moved when the live list took over`);
    const liveShot = await page.screenshot({ clip });
    const liveWhole = await page.screenshot({ clip: { ...clip, y: before.element.y, height: clip.y + clip.height - before.element.y } });
    await page.close();

    // The list below the toolbar: static = adopted = live; the whole element (the toolbar too,
    // which the static list only keeps room for): adopted = live. Within noise: 0.05% of the pixels.
    for (const [name, a, b] of [["static/adopted", staticShot, adoptedShot], ["static/live", staticShot, liveShot], ["adopted/live (with the toolbar)", adoptedWhole, liveWhole]]) {
      const diff = await differing(compare, a, b);
      worst.push(`${what}, ${name}: ${diff.count} of ${diff.total} px`);
      assert.ok(diff.count <= diff.total * 0.0005, `${what}, ${name}: ${diff.count} of ${diff.total} pixels differ (first ${diff.first})`);
    }
    assert.ok(staticWhole.length > 0);
  }
  await compare.close();
  t.diagnostic(worst.join("\n"));
});

/** The contrast of `a` on `b` (WCAG), each [r, g, b]. */
function contrast(a, b) {
  const l = (c) => {
    const [r, g, bl] = c.map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [l(a), l(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("a pinned theme reads on a light and a dark page, in every preset: axe finds nothing, with a panel open", async (t) => {
  const figures = [];
  for (const preset of PRESETS) for (const theme of ["light", "dark", "auto"]) for (const look of ["light", "dark"]) {
    const what = `theme ${theme}, ${preset || "no preset"}, ${look} page`;
    // The system prefers the other scheme than the page: what a pinned theme must not depend on.
    const page = await openPage(servePage(look, preset, theme === "auto" ? "" : theme), look === "light" ? "dark" : "light", false);
    await live(page);
    // The first paper's BibTeX panel open.
    const summary = page.locator("paper-shelf >> .ps-shelf[data-state] .ps-results details.ps-bibtex > summary").first();
    await summary.click();
    await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-results details.ps-bibtex[open] pre")?.textContent.includes("@"));
    await page.mouse.move(0, 0);
    await frames(page);
    await page.addScriptTag({ content: axe });
    const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length} (${v.nodes[0].failureSummary.split("\n").slice(1, 2).join()})`));
    assert.deepEqual(violations, [], what);
    // The muted text (a venue) against what is behind it.
    const [venue, behind] = await page.evaluate(() => {
      const rgb = (css) => css.match(/[\d.]+/g).slice(0, 3).map((v) => (css.startsWith("color(") ? Math.round(v * 255) : Number(v)));
      const el = document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results .ps-meta");
      let at = el;
      while (at && !/rgb\(|rgba\([^)]*, 1\)/.test(getComputedStyle(at).backgroundColor)) at = at.parentElement ?? at.getRootNode().host;
      return [rgb(getComputedStyle(el).color), rgb(getComputedStyle(at ?? document.body).backgroundColor)];
    });
    const ratio = contrast(venue, behind);
    figures.push(`${what}: venue rgb(${venue}) on rgb(${behind}), ${ratio.toFixed(2)}:1`);
    assert.ok(ratio >= 4.5, `${what}: the venue reads ${ratio.toFixed(2)}:1 (rgb(${venue}) on rgb(${behind}))`);
    await page.close();
  }
  t.diagnostic(figures.join("\n"));
});
