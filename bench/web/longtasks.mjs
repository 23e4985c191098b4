// How long the <paper-shelf> element blocks the main thread while it loads a large file, measured
// with the Long Tasks API in Debian's Chromium (issue 4's goal: no task over 50 ms for a 50 MB
// file). Prints, per size: the longest task, how many tasks exceeded 50 ms, the total blocking time
// (the sum of each task's time over 50 ms) and the time until the list was shown.
// Usage: node bench/web/longtasks.mjs [ENTRIES...]   (default 1000 10000 100000; 100,000 entries
// are about 60 MB). Needs ./dev.sh test first (web/dist, build/native/bench/papershelf_gen_bib).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, cpSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../web/test/support/server.mjs";
import { launch } from "../../web/test/support/browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const gen = join(root, "build", "native", "bench", "papershelf_gen_bib");
const dist = process.env.PAPERSHELF_DIST ?? join(root, "web", "dist");  // another build of the package to compare
if (!existsSync(gen) || !existsSync(join(dist, "papershelf.js"))) {
  console.error("build first: ./dev.sh test");
  process.exit(1);
}
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
if (!sizes.length) sizes.push(1000, 10000, 100000);
const dir = mkdtempSync(join(tmpdir(), "papershelf-longtasks-"));
cpSync(dist, dir, { recursive: true });
for (const n of sizes) {
  execFileSync(gen, [String(n), join(dir, `gen-${n}.bib`)]);
  writeFileSync(join(dir, `page-${n}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>long tasks</title><script src="papershelf.js"></script></head><body>
<paper-shelf src="gen-${n}.bib" owner="Qinghao Hu"></paper-shelf></body></html>`);
}

const server = await serve(dir);
const browser = await launch();
try {
  // A first page compiles the script and warms the browser up; its long task is not the file's.
  const warm = await browser.context.newPage();
  await warm.goto(`${server.url}/page-${sizes[0]}.html`);
  await warm.waitForFunction(() => document.querySelector("paper-shelf")?.visibleKeys?.length > 0, null, { timeout: 300000 });
  await warm.close();
  console.log("| entries | file | longest task | tasks > 50 ms | total blocking | list shown |");
  console.log("|---|---|---|---|---|---|");
  for (const n of sizes) {
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      window.__tasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push(e.duration); })
        .observe({ type: "longtask", buffered: true });
    });
    await page.goto(`${server.url}/page-${n}.html`);
    await page.waitForFunction(() => document.querySelector("paper-shelf")?.visibleKeys?.length > 0, null, { timeout: 300000 });
    const shown = await page.evaluate(() => performance.now());
    await page.waitForTimeout(1000);  // let the chunked rendering finish
    const tasks = await page.evaluate(() => window.__tasks);
    const longest = Math.max(0, ...tasks);
    const blocking = tasks.reduce((s, d) => s + Math.max(0, d - 50), 0);
    const mb = (statSync(join(dir, `gen-${n}.bib`)).size / 1e6).toFixed(1);
    console.log(`| ${n.toLocaleString("en")} | ${mb} MB | ${longest.toFixed(0)} ms | ${tasks.filter((d) => d > 50).length} | ${blocking.toFixed(0)} ms | ${(shown / 1000).toFixed(1)} s |`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
