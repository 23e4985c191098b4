// Lighthouse on the example homepage (Qinghao Hu's: a card and 13 papers), in one run:
//   element      the page as it ships: <paper-shelf> holding its list prerendered by
//                `papershelf prerender` (./dev.sh site), and the script tag;
//   static       the same page without papershelf's script: the prerendered list as static HTML;
//   unprendered  the element with nothing prerendered in it (the list appears when the core has
//                read the .bib).
// Lighthouse's mobile preset (simulated slow 4G, 4x CPU slowdown), performance only, Debian's
// Chromium headless, a static server without compression on 127.0.0.1. The pages are measured in
// turn, RUNS times each (default 5); medians.
// Usage: npm install --prefix bench/web/lighthouse && node bench/web/lighthouse.mjs   (after ./dev.sh test)
// Environment: RUNS, CHROME_PATH (default /usr/bin/chromium), VERBOSE=1 (each run, and the LCP
// element), LONG_TASKS=1 (each run's long tasks: where TBT comes from), PAGES (comma-separated
// names, to measure only some), GZIP=1 (files sent gzip-compressed, as GitHub Pages and the npm
// CDNs send them), PAPERSHELF_SITE (another build of the example site, to compare; default build/site).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { serve } from "../../web/test/support/server.mjs";
import { root } from "./built.mjs";

const site = process.env.PAPERSHELF_SITE ?? join(root, "build", "site");
const here = join(root, "bench", "web", "lighthouse");
if (!existsSync(join(site, "homepage", "index.html"))) {
  console.error("build first: ./dev.sh test (or ./dev.sh site)");
  process.exit(1);
}
if (!existsSync(join(here, "node_modules", "lighthouse"))) {
  console.error("npm install --prefix bench/web/lighthouse");
  process.exit(1);
}
const require = createRequire(join(here, "package.json"));
const { default: lighthouse } = await import(require.resolve("lighthouse"));
const chromeLauncher = await import(require.resolve("chrome-launcher"));

const RUNS = Number(process.env.RUNS ?? 5);
const page = readFileSync(join(site, "homepage", "index.html"), "utf8");
const withoutScripts = page.replace(/<script src="\.\.\/papershelf\.js"[^>]*><\/script>\n?/g, "");
if (withoutScripts === page) throw new Error("the homepage's script tag was not found");
const prerendered = /<!-- papershelf:prerender -->[\s\S]*?(?=<\/paper-shelf>)/;
if (!prerendered.test(page)) throw new Error("the homepage holds no prerendered list: ./dev.sh site");
const unrendered = page.replace(prerendered, "");

const server = await serve(site, { gzip: Boolean(process.env.GZIP) });
server.pages.set("/homepage/static.html", { body: withoutScripts });
server.pages.set("/homepage/unrendered.html", { body: unrendered });
const allPages = { element: "/homepage/index.html", static: "/homepage/static.html", unrendered: "/homepage/unrendered.html" };
const pages = Object.fromEntries(Object.entries(allPages).filter(([name]) => !process.env.PAGES || process.env.PAGES.split(",").includes(name)));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const results = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [name, path] of Object.entries(pages)) {
      const { lhr } = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      const a = lhr.audits;
      const row = {
        score: Math.round(lhr.categories.performance.score * 100),
        fcp: a["first-contentful-paint"].numericValue,
        lcp: a["largest-contentful-paint"].numericValue,
        tbt: a["total-blocking-time"].numericValue,
        cls: a["cumulative-layout-shift"].numericValue,
        kb: a["total-byte-weight"].numericValue / 1024,
        // (the node's path: "#document-fragment" in it is the element's shadow tree)
        lcpElement: a["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node")?.path ?? "",
      };
      results[name].push(row);
      if (process.env.VERBOSE) console.log(name, run, JSON.stringify(row));
      if (process.env.LONG_TASKS)
        for (const t of a["long-tasks"]?.details?.items ?? [])
          console.log(`${name} ${run}: long task at ${t.startTime.toFixed(0)} ms, ${t.duration.toFixed(0)} ms, ${t.url}`);
    }
  }
} finally {
  await chrome.kill();
  await server.close();
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const stat = (name, key) => median(results[name].map((r) => r[key]));
console.log(`Lighthouse ${lhVersion()} mobile preset, the example homepage, medians of ${RUNS} runs (one run, pages in turn)\n`);
console.log("| page | score | FCP ms | LCP ms | TBT ms | CLS | transferred KB |");
console.log("|---|---|---|---|---|---|---|");
for (const name of Object.keys(pages))
  console.log(`| ${name} | ${stat(name, "score")} | ${stat(name, "fcp").toFixed(0)} | ${stat(name, "lcp").toFixed(0)} | ${stat(name, "tbt").toFixed(0)} | ${stat(name, "cls").toFixed(3)} | ${stat(name, "kb").toFixed(0)} |`);
if (pages.element && pages.static) console.log(`\nelement - static: LCP ${(stat("element", "lcp") - stat("static", "lcp")).toFixed(0)} ms, TBT ${(stat("element", "tbt") - stat("static", "tbt")).toFixed(0)} ms (goals: within 50 and 30)`);
for (const name of Object.keys(pages)) console.log(`LCP element (${name}, first run): ${results[name][0].lcpElement.slice(0, 120)}`);

function lhVersion() {
  return JSON.parse(readFileSync(join(here, "node_modules", "lighthouse", "package.json"), "utf8")).version;
}
