// A keystroke in the search field until the frame that shows its result, on the lab page (5,000
// entries, read in a worker), for the canvas renderer and the HTML list in the same run, in
// Debian's Chromium (headless). Per key, from the key event (its timeStamp):
// - HTML list: to the first requestAnimationFrame callback after the element rendered the edit
//   (its change event), i.e. the start of the frame that paints it;
// - canvas: to the end of the first canvas frame that drew the view answering the typed text with
//   every visible row's data (canvasLayout.viewSearch / viewShownAt: a frame that still shows
//   placeholders does not count).
// The same words are typed character by character and cleared with Backspace, several rounds.
// Usage: node bench/web/canvas-keys.mjs   (after ./dev.sh test). Environment: ROUNDS (default 3).
import { existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../web/test/support/server.mjs";
import { launch } from "../../web/test/support/browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const site = process.env.PAPERSHELF_SITE ?? join(root, "build", "site");  // (another build of the site: to compare)
if (!existsSync(join(site, "lab", "papers.bib"))) {
  console.error("build/site is missing the lab page's list: run ./dev.sh test first");
  process.exit(1);
}
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const WORDS = ["sys", "data", "learn"];
const server = await serve(site);
const browser = await launch();

function recorder() {
  const el = document.querySelector("paper-shelf");
  const f = (window.__keys = { recs: [] });
  window.addEventListener("keydown", (ev) => {
    const rec = { start: ev.timeStamp > 0 ? ev.timeStamp : performance.now(), end: null };
    f.recs.push(rec);
    rec.done = new Promise((ok) => {
      if (el.canvasLayout) {
        // The search text the key makes: the widget's field holds it after the key.
        rec.until = (search) => {
          const check = () => {
            const l = el.canvasLayout;
            if (l.viewSearch === search && l.viewShownAt > rec.start) { rec.end = l.viewShownAt; ok(); } else setTimeout(check, 16);  // (viewShownAt keeps the frame's time: polling need not be fast)
          };
          check();
        };
        return;
      }
      el.addEventListener("change", () => requestAnimationFrame(() => { rec.end = performance.now(); ok(); }), { once: true });
    });
  }, true);
}

async function run(renderer) {
  const page = await browser.context.newPage();
  page.setDefaultTimeout(120000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/lab/${renderer === "canvas" ? "?renderer=canvas" : ""}`);
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.visibleKeys?.length === 5000, null, { timeout: 120000 });
  if (renderer === "canvas") {
    await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout?.rows.length > 0);
    const s = await page.evaluate(() => document.querySelector("paper-shelf").canvasLayout.search);
    await page.locator("paper-shelf >> canvas").click({ position: { x: s.x + 10, y: s.y + s.h / 2 } });
  } else {
    await page.locator("paper-shelf >> input.ps-search").focus();
  }
  await page.waitForTimeout(500);
  await page.evaluate(recorder);
  const times = [];
  let text = "";
  for (let r = 0; r < ROUNDS; r++) for (const w of WORDS) for (const key of [...w, ...Array(w.length).fill("Backspace")]) {
    text = key === "Backspace" ? text.slice(0, -1) : text + key;
    const i = await page.evaluate(() => window.__keys.recs.length);
    await page.keyboard.press(key);
    times.push(await page.evaluate(async ([i, text]) => {
      const f = window.__keys;
      for (let k = 0; !f.recs[i] && k < 200; k++) await new Promise((ok) => setTimeout(ok, 10));
      f.recs[i].until?.(text);
      await f.recs[i].done;
      return f.recs[i].end - f.recs[i].start;
    }, [i, text]));
  }
  const shown = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys.length);
  await page.close();
  if (shown !== 5000) throw new Error(`${renderer}: ${shown} entries shown after clearing the search`);
  return times;
}

const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
console.log("| lab page, 5,000 entries: key to the frame showing its result | median | first key | max | keys |\n|---|---|---|---|---|");
for (const renderer of ["html", "canvas"]) {
  const t = await run(renderer);
  console.log(`| ${renderer === "canvas" ? "canvas renderer" : "HTML list"} | ${median(t).toFixed(1)} ms | ${t[0].toFixed(1)} ms | ${Math.max(...t).toFixed(1)} ms | ${t.length} |`);
}
await browser.close();
await server.close();
