// How much a homepage moves while its list loads (Cumulative Layout Shift, the browser's own
// measure), in Debian's Chromium at 375 and 1280 px: a page with a heading, a paragraph, the
// element and a footer, the list not prerendered, once with papershelf.css linked in the head (as
// the README's embed has it) and once with the script tag alone; the example homepage's 13 papers
// (with a toolbar) and zhisheng-ye's 8 (without). The prerendered pages' figure is a test
// (web/test/visitor.test.mjs: CLS < 0.05 and the first paper within a pixel).
// Usage: node bench/web/cls.mjs   (after ./dev.sh test: uses web/dist and the examples' data)
// Environment: RUNS (loads per page and width, default 3; the median is printed).
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "../../web/test/support/server.mjs";
import { launch, ready } from "../../web/test/support/browser.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dist = join(root, "web", "dist");
if (!existsSync(join(dist, "papershelf.js"))) throw new Error("web/dist is missing: run ./dev.sh test first");
const runs = Number(process.env.RUNS ?? 3);

const dir = mkdtempSync(join(tmpdir(), "papershelf-cls-"));
for (const f of ["papershelf.js", "papershelf-element.mjs", "papershelf-worker.js", "papershelf-core.wasm", "papershelf-core-card.wasm", "papershelf-core-fast.mjs", "papershelf-core-fast.wasm", "papershelf.css"])
  cpSync(join(dist, f), join(dir, f));
const lists = { homepage: "13 papers, toolbar", "zhisheng-ye": "8 papers, no toolbar" };
for (const name of Object.keys(lists)) cpSync(join(root, "examples", name, "papers.bib"), join(dir, `${name}.bib`));
const server = await serve(dir);
const page = (name, css) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>cls</title><link rel="icon" href="data:,">
${css ? '<link rel="stylesheet" href="/papershelf.css">' : ""}<script src="/papershelf.js" defer></script>
<style>body { font-family: sans-serif; max-width: 900px; margin: 0 auto; padding: 1em } footer { padding: 2em; background: #eee }</style></head>
<body><h1>A researcher</h1><p>A paragraph about the research, as a homepage has one.</p><h2>Publications</h2>
<paper-shelf src="/${name}.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf><footer>Contact and copyright</footer></body></html>`;
for (const name of Object.keys(lists))
  for (const css of [true, false]) server.pages.set(`/${name}-${css ? "css" : "plain"}.html`, { body: page(name, css) });

const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
try {
  for (const name of Object.keys(lists)) for (const css of [true, false]) {
    const figures = [];
    for (const width of [375, 1280]) {
      const values = [];
      for (let i = 0; i < runs; i++) {
        const tab = await browser.context.newPage();
        await tab.setViewportSize({ width, height: 800 });
        await tab.addInitScript(() => {
          window.__cls = 0;
          new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
            .observe({ type: "layout-shift", buffered: true });
        });
        await tab.goto(`${server.url}/${name}-${css ? "css" : "plain"}.html`);
        await ready(tab);
        // (a frame's shifts are reported after it)
        await tab.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        values.push(await tab.evaluate(() => window.__cls));
        await tab.close();
      }
      figures.push(median(values).toFixed(3));
    }
    rows.push(`| ${name} (${lists[name]}) | ${css ? "papershelf.css linked" : "script tag alone"} | ${figures.join(" / ")} |`);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`CLS while the list loads, no prerendered list (median of ${runs}; goal < 0.05)\n`);
console.log("| list | page | 375 / 1280 px |\n|---|---|---|");
for (const row of rows) console.log(row);
