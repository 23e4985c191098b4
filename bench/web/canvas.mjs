// The canvas renderer's costs: what it downloads beyond the HTML embed (gzip -9), and its frame
// time in headless Chromium while a 10,000- and a 100,000-entry list scrolls.
// Usage: node bench/web/canvas.mjs   (after ./dev.sh test has built build/site and build/native)
import { readFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../web/test/support/server.mjs";
import { launch } from "../../web/test/support/browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const site = process.env.PAPERSHELF_SITE ?? join(root, "build", "site");  // (another build of the site: to compare)
const gen = join(root, "build", "native", "bench", "papershelf_gen_bib");
if (!existsSync(join(site, "papershelf-canvas.wasm")) || !existsSync(gen)) {
  console.error("build/site or the generator is missing: run ./dev.sh test first");
  process.exit(1);
}

const kb = (n) => (n / 1024).toFixed(1);
const files = ["papershelf-canvas.mjs", "papershelf-canvas.wasm"];
let total = 0;
console.log("| canvas download | raw KB | gzip -9 KB |\n|---|---|---|");
for (const f of files) {
  const raw = readFileSync(join(site, f));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`| ${f} | ${kb(raw.length)} | ${kb(gz)} |`);
}
console.log(`| **total beyond the HTML embed** | | **${kb(total)}** (goal 170) |\n`);

const tmp = mkdtempSync(join(tmpdir(), "papershelf-canvas-bench-"));
const server = await serve(site);
const browser = await launch();
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
const p95 = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) * 0.95)];
console.log("| rows | frame while scrolling, median | p95 | goal |\n|---|---|---|---|");
try {
  for (const n of [10000, 100000]) {
    const bib = join(tmp, `${n}.bib`);
    execFileSync(gen, [String(n), bib]);
    server.pages.set(`/bench-${n}.html`, { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<link rel="icon" href="data:,"><script src="/papershelf.js"></script></head><body>
<paper-shelf src="/data-${n}.bib" renderer="canvas" style="display:block;width:1100px"></paper-shelf></body></html>` });
    server.pages.set(`/data-${n}.bib`, { body: readFileSync(bib) });
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto(`${server.url}/bench-${n}.html`);
    await page.waitForFunction(() => document.querySelector("paper-shelf")?.canvasLayout?.rows?.length > 0, null, { timeout: 120000 });
    const box = await page.locator("paper-shelf >> canvas").boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.7);
    for (let i = 0; i < 150; i++) {
      await page.mouse.wheel(0, 240);
      await page.waitForTimeout(16);
    }
    await page.waitForTimeout(300);
    const ms = await page.evaluate(() => document.querySelector("paper-shelf").canvasLayout.frameMs);
    console.log(`| ${n.toLocaleString("en")} | ${median(ms).toFixed(2)} ms | ${p95(ms).toFixed(2)} ms | 8 ms (10k), within 2x at 100k |`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(tmp, { recursive: true, force: true });
}
