// How long the <paper-shelf> element blocks the main thread while it loads a large file, measured
// with the Long Tasks API in Debian's Chromium (issue 4's goal: no task over 50 ms for a 50 MB
// file). Prints, per size: the longest task, how many tasks exceeded 50 ms, the total blocking time
// (the sum of each task's time over 50 ms) and the time until the list was shown.
// Usage: node bench/web/longtasks.mjs [ENTRIES...]   (default 1000 10000 100000; 100,000 entries
// are about 60 MB). Needs ./dev.sh test first (web/dist, build/native/bench/papershelf_gen_bib).
//
// --deep-link: each size also opened at a link to its list's last paper, `#ps-KEY` (issue 51's
// goal: no task over 200 ms; the rows up to it were made in one go), and the time until that paper
// is in view.
// --before DIR: another build of web/dist (DIR) measured in the same run, page by page before this
// one (PAPERSHELF_DIST), so that both see the same machine.
//
// node bench/web/longtasks.mjs --hostile: the same for each hostile input of bench/pathological.py
// at 1 MB (issue 31's goal: no page task over 200 ms), each with its own search text in the
// element's search attribute, so that the page marks the matches as a visitor's search would.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, cpSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serve } from "../../web/test/support/server.mjs";
import { launch } from "../../web/test/support/browser.mjs";
import { dist, gen, requireBuilt, root } from "./built.mjs";

requireBuilt();
const args = process.argv.slice(2);
const hostile = args.includes("--hostile");
const deepLink = args.includes("--deep-link");
const beforeAt = args.indexOf("--before");
const before = beforeAt >= 0 ? resolve(args.splice(beforeAt, 2)[1]) : undefined;
const sizes = args.map(Number).filter(Boolean);
if (!sizes.length) sizes.push(1000, 10000, 100000);
// Each build in a folder of its own; the data files beside them.
const builds = before ? [{ name: "before", from: before }, { name: "after", from: dist }] : [{ name: "", from: dist }];
const dir = mkdtempSync(join(tmpdir(), "papershelf-longtasks-"));
for (const b of builds) cpSync(b.from, join(dir, b.name || "build"), { recursive: true });
const attribute = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const writePage = (name, file, attributes) => {
  for (const b of builds) writeFileSync(join(dir, b.name || "build", `${name}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><title>long tasks</title><script src="papershelf.js"></script></head><body>
<paper-shelf src="../${file}"${Object.entries(attributes).filter(([, v]) => v != null).map(([k, v]) => ` ${k}="${attribute(v)}"`).join("")}></paper-shelf></body></html>`);
};
// Each page: its name, its data file and what the table calls it (`deep`: opened at a link to the
// last paper of the list the page before it showed).
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
    if (deepLink) pages.push({ name: `page-${n}`, file: `gen-${n}.bib`, label: `${n.toLocaleString("en")}, #ps-LAST`, deep: true });
  }
}

// The list is shown, or the element has said why not (an empty or failed list is an answer too).
const shown = () => {
  const el = document.querySelector("paper-shelf");
  return el && (el.visibleKeys?.length > 0 || !!el.shadowRoot?.querySelector(".ps-empty, .ps-shelf[data-state=failed], .ps-shelf[data-state=empty]"));
};
// The linked paper is marked and on screen.
const revealed = (key) => {
  const li = document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-target");
  if (li?.dataset.key !== key) return false;
  const box = li.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight;
};

const server = await serve(dir);
const browser = await launch();
try {
  // A first page compiles the script and warms the browser up; its long task is not the file's.
  const warm = await browser.context.newPage();
  await warm.goto(`${server.url}/${builds.at(-1).name || "build"}/${pages[0].name}.html`);
  await warm.waitForFunction(shown, null, { timeout: 300000 });
  await warm.close();
  console.log(`| ${hostile ? "input (1 MB)" : "entries"} |${before ? " build |" : ""} file | longest task | tasks > 50 ms | total blocking | list shown |${deepLink ? " linked paper in view |" : ""}`);
  console.log(`|---|${before ? "---|" : ""}---|---|---|---|---|${deepLink ? "---|" : ""}`);
  const worst = new Map(builds.map((b) => [b.name, { longest: 0, label: "" }]));
  let last = "";
  for (const { name, file, label, deep } of pages) {
    for (const b of builds) {
      const page = await browser.context.newPage();
      await page.addInitScript(() => {
        window.__tasks = [];
        new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push(e.duration); })
          .observe({ type: "longtask", buffered: true });
      });
      await page.goto(`${server.url}/${b.name || "build"}/${name}.html${deep ? `#ps-${last}` : ""}`);
      await page.waitForFunction(shown, null, { timeout: 300000 });
      const at = await page.evaluate(() => performance.now());
      let inView;
      if (deep) {
        await page.waitForFunction(revealed, last, { timeout: 300000, polling: 50 });
        inView = await page.evaluate(() => performance.now());
      } else {
        last = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys?.at(-1) ?? "");
      }
      await page.waitForTimeout(1000);  // let the chunked rendering finish
      const tasks = await page.evaluate(() => window.__tasks);
      const longest = Math.max(0, ...tasks);
      if (longest > worst.get(b.name).longest) worst.set(b.name, { longest, label });
      const blocking = tasks.reduce((s, d) => s + Math.max(0, d - 50), 0);
      const mb = (statSync(join(dir, file)).size / 1e6).toFixed(hostile ? 2 : 1);
      console.log(`| ${label.replace("LAST", last)} |${before ? ` ${b.name} |` : ""} ${mb} MB | ${longest.toFixed(0)} ms | ${tasks.filter((d) => d > 50).length} | ${blocking.toFixed(0)} ms | ${(at / 1000).toFixed(1)} s |${deepLink ? ` ${inView ? `${(inView / 1000).toFixed(1)} s` : ""} |` : ""}`);
      await page.close();
    }
  }
  for (const [build, { longest, label }] of worst) console.log(`\nlongest task of all${build ? ` (${build})` : ""}: ${longest.toFixed(0)} ms (${label.replace("LAST", "last")})`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
