// How long the <paper-shelf> element blocks the main thread while it loads a large file, measured
// with the Long Tasks API in Debian's Chromium (issue 4's goal: no task over 50 ms for a 50 MB
// file). Prints, per size: the longest task, how many tasks exceeded 50 ms, the total blocking time
// (the sum of each task's time over 50 ms) and the time until the list was shown.
// Usage: node bench/web/longtasks.mjs [ENTRIES...]   (default 1000 10000 100000; 100,000 entries
// are about 60 MB). Needs ./dev.sh test first (web/dist, build/native/bench/papershelf_gen_bib).
//
// node bench/web/longtasks.mjs --hostile: the same for each hostile input of bench/pathological.py
// at 1 MB (issue 31's goal: no page task over 200 ms), each with its own search text in the
// element's search attribute, so that the page marks the matches as a visitor's search would.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, cpSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "../../web/test/support/server.mjs";
import { launch } from "../../web/test/support/browser.mjs";
import { dist, gen, requireBuilt, root } from "./built.mjs";

requireBuilt();
const hostile = process.argv.includes("--hostile");
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
if (!sizes.length) sizes.push(1000, 10000, 100000);
const dir = mkdtempSync(join(tmpdir(), "papershelf-longtasks-"));
cpSync(dist, dir, { recursive: true });
const attribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const writePage = (name, file, attributes) => writeFileSync(join(dir, `${name}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>long tasks</title><script src="papershelf.js"></script></head><body>
<paper-shelf src="${file}"${Object.entries(attributes).filter(([, v]) => v != null).map(([k, v]) => ` ${k}="${attribute(v)}"`).join("")}></paper-shelf></body></html>`);
// Each page: its name, its data file and what the table calls it.
const pages = [];
if (hostile) {
  execFileSync("python3", [join(root, "bench", "pathological.py"), "--write", dir]);
  for (const c of JSON.parse(readFileSync(join(dir, "cases.json"), "utf8"))) {
    const name = `hostile-${c.file.replace(/\W/g, "-")}`;
    writePage(name, c.file, { owner: c.owner, search: c.search });
    pages.push({ name, file: c.file, label: c.name });
  }
} else {
  for (const n of sizes) {
    execFileSync(gen, [String(n), join(dir, `gen-${n}.bib`)]);
    writePage(`page-${n}`, `gen-${n}.bib`, { owner: "Qinghao Hu" });
    pages.push({ name: `page-${n}`, file: `gen-${n}.bib`, label: n.toLocaleString("en") });
  }
}

// The list is shown, or the element has said why not (an empty or failed list is an answer too).
const shown = () => {
  const el = document.querySelector("paper-shelf");
  return el && (el.visibleKeys?.length > 0 || !!el.shadowRoot?.querySelector(".ps-empty, .ps-shelf[data-state=failed], .ps-shelf[data-state=empty]"));
};

const server = await serve(dir);
const browser = await launch();
try {
  // A first page compiles the script and warms the browser up; its long task is not the file's.
  const warm = await browser.context.newPage();
  await warm.goto(`${server.url}/${pages[0].name}.html`);
  await warm.waitForFunction(shown, null, { timeout: 300000 });
  await warm.close();
  console.log(`| ${hostile ? "input (1 MB)" : "entries"} | file | longest task | tasks > 50 ms | total blocking | list shown |`);
  console.log("|---|---|---|---|---|---|");
  let worst = { longest: 0, label: "" };
  for (const { name, file, label } of pages) {
    const page = await browser.context.newPage();
    await page.addInitScript(() => {
      window.__tasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push(e.duration); })
        .observe({ type: "longtask", buffered: true });
    });
    await page.goto(`${server.url}/${name}.html`);
    await page.waitForFunction(shown, null, { timeout: 300000 });
    const at = await page.evaluate(() => performance.now());
    await page.waitForTimeout(1000);  // let the chunked rendering finish
    const tasks = await page.evaluate(() => window.__tasks);
    const longest = Math.max(0, ...tasks);
    if (longest > worst.longest) worst = { longest, label };
    const blocking = tasks.reduce((s, d) => s + Math.max(0, d - 50), 0);
    const mb = (statSync(join(dir, file)).size / 1e6).toFixed(hostile ? 2 : 1);
    console.log(`| ${label} | ${mb} MB | ${longest.toFixed(0)} ms | ${tasks.filter((d) => d > 50).length} | ${blocking.toFixed(0)} ms | ${(at / 1000).toFixed(1)} s |`);
    await page.close();
  }
  console.log(`\nlongest task of all: ${worst.longest.toFixed(0)} ms (${worst.label})`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
