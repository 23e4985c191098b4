// What a visitor feels, in Debian's Chromium (headless, 127.0.0.1), all in one run:
//  1. Keystroke -> painted frame, 1,000 / 10,000 / 100,000 entries: a page with
//     <paper-shelf src="gen-N.bib" owner="Qinghao Hu"> (large files are read in a worker); once the
//     list is ready, real keys are typed into the search field (page.keyboard.press, one at a
//     time: "sys", "d", "da", "data" character by character, each cleared with Backspace, several
//     rounds). Per key: from the key event (its event.timeStamp, else performance.now() in a
//     capturing keydown listener on window) to the first requestAnimationFrame callback after the
//     list's DOM (.ps-results in the shadow root) changed; a key whose result leaves the DOM as it
//     was resolves at the first frame after el.updateComplete settles. "frame done" is the same
//     key to a message posted from that rAF callback (it runs after the frame's style, layout and
//     paint). Beside it, on the same page: the element's own figure, el.setAttribute("search", text)
//     -> el.updateComplete -> next rAF (as bench/web/browser.mjs), for the same texts.
//  2. Navigation -> first entry painted, 30 / 1,000 / 10,000 entries: the element page as above
//     against the same list as static HTML (papershelf render gen-N.bib --owner "Qinghao Hu", in a
//     page linking papershelf.css). Each run opens a new page (same browser, so the HTTP cache is
//     warm after the first run: "cold-ish"); an inline script at the top of the page polls with
//     requestAnimationFrame until the first li.ps-entry is in the DOM (the light DOM for static,
//     the shadow root for the element) and laid out, and records performance.now() in that rAF
//     callback (milliseconds since navigation start, performance.timeOrigin). A third page is the
//     recommended one: the element holding that static list (what 'papershelf prerender' puts in
//     it); its first entry is compared with static HTML, and the frame after the element adopted
//     it (its live toolbar in place; the live list takes over at the visitor's first input) is
//     reported beside it. A fourth page holds only the first 50 entries (papershelf prerender
//     --first 50, for lists longer than that), where the live list takes over once it is ready.
// Prints a Markdown table of medians and minimums beside the goals, and where a keystroke's time goes.
// Usage: node bench/web/felt.mjs   (after ./dev.sh test; uses build/native/bench/papershelf_gen_bib
//   and build/native/cli/papershelf)
// Environment: RUNS (navigations per page and size, default 5), ROUNDS (rounds of typing, default 3),
//   PAPERSHELF_DIST (another build of the package to measure, default web/dist), VERBOSE=1 (every key),
//   KEY_SIZES and NAV_SIZES (comma-separated entry counts, to measure only some).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, cpSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "../../web/test/support/server.mjs";
import { launch } from "../../web/test/support/browser.mjs";
import { dist, gen, requireBuilt, root } from "./built.mjs";

const cli = join(root, "build", "native", "cli", "papershelf");
const css = join(root, "web", "src", "papershelf.css");
requireBuilt(cli);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 5));
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));
const VERBOSE = Boolean(process.env.VERBOSE);
const sizes = (name, fallback) => (process.env[name] ? process.env[name].split(",").map(Number).filter((n) => n > 0) : fallback);
const KEY_SIZES = sizes("KEY_SIZES", [1000, 10000, 100000]);
const NAV_SIZES = sizes("NAV_SIZES", [30, 1000, 10000]);
const OWNER = "Qinghao Hu";
const KEY_GOAL = { 1000: 16, 10000: 50, 100000: 120 };   // ms, keystroke -> painted frame
const NAV_GOAL = { 30: 50, 10000: 250 };                  // ms, element - static, first entry painted
const WORDS = ["sys", "d", "da", "data"];
const FIRST_SCREEN = 50;  // entries in a prerendered first screen (papershelf prerender --first 50)

// ---------- cleanup: always close the browser and the server and remove the temporary directory
let dir, server, browser;
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  try { await browser?.close(); } catch (err) { console.error(`closing the browser: ${err.message}`); }
  try { await server?.close(); } catch (err) { console.error(`closing the server: ${err.message}`); }
  if (dir) rmSync(dir, { recursive: true, force: true });
}
const LIMIT_MS = Number(process.env.FELT_TIMEOUT_MS ?? 30 * 60 * 1000);
const watchdog = setTimeout(() => {
  console.error(`felt.mjs: gave up after ${LIMIT_MS / 1000} s`);
  cleanup().finally(() => process.exit(2));
}, LIMIT_MS);
for (const sig of ["SIGINT", "SIGTERM"]) process.once(sig, () => { cleanup().finally(() => process.exit(130)); });

/** `promise`, or an error after `ms` (page.evaluate has no timeout of its own). */
function within(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, fail) => { timer = setTimeout(() => fail(new Error(`timed out after ${ms} ms: ${what}`)), ms); })])
    .finally(() => clearTimeout(timer));
}
const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const min = (xs) => (xs.length ? Math.min(...xs) : NaN);
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1) : "—");
const count = (n) => n.toLocaleString("en");

// ---------- the pages
// The probe: at the top of <head>, before any stylesheet or script, so its rAF loop runs from the
// first frame the page can render. It records the first frame in which the first entry is laid out.
const probe = (kind) => `<script>(function () {
  var find = ${kind === "static"
    ? `function () { return document.querySelector("li.ps-entry"); }`
    : kind === "prerendered"
    // The list the page holds (slotted into the element until the live one replaces it), or the live one.
    ? `function () { var el = document.querySelector("paper-shelf"); var li = el && el.querySelector("li.ps-entry"); return li && li.getBoundingClientRect().height > 0 ? li : el && el.shadowRoot && el.shadowRoot.querySelector("li.ps-entry"); }`
    : `function () { var el = document.querySelector("paper-shelf"); return el && el.shadowRoot && el.shadowRoot.querySelector("li.ps-entry"); }`};
  function tick() {
    var li = find();
    if (li && li.getBoundingClientRect().height > 0 && (!li.checkVisibility || li.checkVisibility({ visibilityProperty: true }))) {
      window.__first = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();</script>`;
const elementPage = (n) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>felt: element, ${n}</title>
${probe("element")}
<script src="papershelf.js" defer></script></head><body>
<paper-shelf src="gen-${n}.bib" owner="${OWNER}"></paper-shelf>
<script>document.querySelector("paper-shelf").addEventListener("change", () => { window.__changed = true; }, { once: true });</script>
</body></html>`;
const staticPage = (n, fragment) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>felt: static, ${n}</title>
${probe("static")}
<link rel="stylesheet" href="papershelf.css"></head><body>
${fragment}
</body></html>`;

// The recommended page: the element holding the static list that 'papershelf prerender' puts in
// it. The first entry is the prerendered one; __live is the frame after the element's first
// change event: it adopted the whole list (its live toolbar in place, the list the page's), or
// its live list took over from a first screen.
const prerenderedPage = (n, fragment) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>felt: prerendered, ${n}</title>
${probe("prerendered")}
<link rel="stylesheet" href="papershelf.css">
<script src="papershelf.js" defer></script></head><body>
<paper-shelf src="gen-${n}.bib" owner="${OWNER}">${fragment}</paper-shelf>
<script>document.querySelector("paper-shelf").addEventListener("change", () => requestAnimationFrame(() => { window.__live = performance.now(); }), { once: true });</script>
</body></html>`;

// ---------- in the page: the keystroke recorder
// Installed once the list is ready. Every keydown opens a record; the first mutation of the list
// after it that shows something is that key's DOM change, and the first rAF after that its
// painted frame. A key that
// leaves the list unchanged resolves at the first rAF after updateComplete settles (the setTimeout
// runs after the key's input event, which starts the element's render).
function installRecorder() {
  const el = document.querySelector("paper-shelf");
  const results = el.shadowRoot.querySelector(".ps-results");
  const input = el.shadowRoot.querySelector("input.ps-search");
  const felt = (window.__felt = { recs: [], cur: null });
  const paint = (rec, via) => {
    if (rec.paint !== null) return;
    rec.paint = performance.now();
    rec.via = via;
    const ch = new MessageChannel();   // delivered after this frame's style, layout and paint
    ch.port1.onmessage = () => { rec.after = performance.now(); ch.port1.close(); };
    ch.port2.postMessage(0);
  };
  window.addEventListener("keydown", (ev) => {
    const rec = { key: ev.key, t: performance.now(), stamp: ev.timeStamp, mutated: null, paint: null, after: null, via: null, value: null };
    let settle;
    rec.done = new Promise((ok) => { settle = ok; });
    felt.recs.push(rec);
    felt.cur = rec;
    setTimeout(() => {
      el.updateComplete.then(() => requestAnimationFrame(() => {
        paint(rec, "settled");
        rec.value = input.value;
        // One more frame: the message from the painting rAF has arrived. (The list's later chunks
        // may still be coming, as when a visitor types on.)
        requestAnimationFrame(() => setTimeout(settle, 0));
      }));
    }, 0);
  }, true);
  // Only records that put something on show count (rows the new list reuses are first moved out
  // of the old one; the new list then replaces it).
  new MutationObserver((records) => {
    const rec = felt.cur;
    if (!rec || rec.mutated !== null) return;
    if (!records.some((m) => m.type === "characterData" || m.addedNodes.length > 0)) return;
    rec.mutated = performance.now();
    requestAnimationFrame(() => paint(rec, "mutation"));
  }).observe(results, { subtree: true, childList: true, characterData: true, attributes: true });
}

async function openReady(url, errors) {
  const p = await browser.context.newPage();
  p.setDefaultTimeout(120000);
  p.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  p.on("pageerror", (e) => errors.push(String(e)));
  await p.goto(url, { timeout: 120000 });
  await p.waitForFunction(() => window.__changed, null, { timeout: 180000 });
  await within(p.evaluate(() => document.querySelector("paper-shelf").updateComplete.then(() => undefined)), 120000, "updateComplete");
  return p;
}

// ---------- measurement 1: keystrokes
async function keystrokes(n, errors) {
  const p = await openReady(`${server.url}/el-${n}.html`, errors);
  try {
    const total = await p.evaluate(() => document.querySelector("paper-shelf").visibleKeys.length);
    if (total !== n) errors.push(`${n} entries: the element shows ${total}`);
    await p.evaluate(installRecorder);
    await p.locator("paper-shelf >> input.ps-search").focus();
    const keys = [];
    for (let r = 0; r < ROUNDS; r++)
      for (const w of WORDS) { keys.push(...w); keys.push(...Array(w.length).fill("Backspace")); }
    const recs = [];
    const texts = [];   // the field's value after each key, for the setAttribute figure
    for (const key of keys) {
      const i = await p.evaluate(() => window.__felt.recs.length);
      await p.keyboard.press(key);
      const rec = await within(p.evaluate(async (i) => {
        const f = window.__felt;
        for (let k = 0; !f.recs[i] && k < 200; k++) await new Promise((ok) => setTimeout(ok, 10));
        const r = f.recs[i];
        if (!r) return null;
        await r.done;
        return { key: r.key, t: r.t, stamp: r.stamp, mutated: r.mutated, paint: r.paint, after: r.after, via: r.via, value: r.value };
      }, i), 120000, `key ${key} on ${n} entries`);
      if (!rec) throw new Error(`no keydown seen for ${key} on ${n} entries`);
      // event.timeStamp: when the browser received the key (so its queueing is counted); used when sane.
      rec.start = rec.stamp > 0 && rec.stamp <= rec.t + 0.5 && rec.t - rec.stamp < 5000 ? rec.stamp : rec.t;
      recs.push(rec);
      texts.push(rec.value);
      if (VERBOSE) console.error(`${n} ${JSON.stringify(key)} -> ${JSON.stringify(rec.value)}: ${fmt(rec.paint - rec.start)} ms (${rec.via})`);
    }
    if (texts.at(-1) !== "") errors.push(`${n} entries: the search field holds ${JSON.stringify(texts.at(-1))} after typing`);
    await p.evaluate(() => { window.__felt.cur = null; });
    // The element's own figure, same page, same texts.
    const internal = [];
    for (const text of texts) {
      internal.push(await within(p.evaluate((text) => new Promise((ok) => {
        const el = document.querySelector("paper-shelf");
        const s = performance.now();
        el.setAttribute("search", text);
        el.updateComplete.then(() => requestAnimationFrame(() => ok(performance.now() - s)));
      }), text), 120000, `setAttribute search=${text} on ${n} entries`));
    }
    return { recs, internal };
  } finally {
    await p.close().catch(() => {});
  }
}

// ---------- measurement 2: navigation to the first entry painted
async function firstEntry(url, errors, live = null) {
  const p = await browser.context.newPage();
  p.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  p.on("pageerror", (e) => errors.push(String(e)));
  try {
    await p.goto(url, { waitUntil: "commit", timeout: 120000 });
    await p.waitForFunction(() => window.__first, null, { timeout: 120000 });
    if (live) {  // (the prerendered page: also when the live list took over)
      await p.waitForFunction(() => window.__live, null, { timeout: 120000 });
      live.push(await p.evaluate(() => window.__live));
    }
    return await p.evaluate(() => window.__first);
  } finally {
    await p.close().catch(() => {});
  }
}

// ---------- run
const errors = [];
const keyResults = new Map();
const navResults = new Map();
try {
  dir = mkdtempSync(join(tmpdir(), "papershelf-felt-"));
  for (const f of ["papershelf.js", "papershelf-element.mjs", "papershelf-worker.js", "papershelf-core.wasm", "papershelf-core-card.wasm", "papershelf-core-fast.mjs", "papershelf-core-fast.wasm"])
    if (existsSync(join(dist, f))) cpSync(join(dist, f), join(dir, f));
  cpSync(css, join(dir, "papershelf.css"));
  for (const n of new Set([...KEY_SIZES, ...NAV_SIZES])) {
    const bib = join(dir, `gen-${n}.bib`);
    execFileSync(gen, [String(n), bib]);
    writeFileSync(join(dir, `el-${n}.html`), elementPage(n));
    if (NAV_SIZES.includes(n)) {
      const fragment = execFileSync(cli, ["render", bib, "--owner", OWNER], { maxBuffer: 1 << 30, encoding: "utf8" });
      if (!fragment.includes("ps-entry")) throw new Error(`papershelf render gen-${n}.bib printed no entries`);
      writeFileSync(join(dir, `static-${n}.html`), staticPage(n, fragment));
      writeFileSync(join(dir, `pre-${n}.html`), prerenderedPage(n, fragment));
      // Its first screen only (papershelf prerender --first): what a long list should prerender.
      if (n > FIRST_SCREEN) {
        const first = execFileSync(cli, ["render", bib, "--owner", OWNER, "--first", String(FIRST_SCREEN)], { maxBuffer: 1 << 30, encoding: "utf8" });
        writeFileSync(join(dir, `first-${n}.html`), prerenderedPage(n, first));
      }
    }
  }
  server = await serve(dir);
  browser = await launch();

  for (const n of KEY_SIZES) {
    process.stderr.write(`keystrokes, ${count(n)} entries...\n`);
    keyResults.set(n, await keystrokes(n, errors));
  }
  for (const n of NAV_SIZES) {
    process.stderr.write(`navigation, ${count(n)} entries...\n`);
    const el = [], st = [], pre = [], live = [], first = [], firstLive = [];
    for (let r = 0; r < RUNS; r++) {   // interleaved, so a busy moment hits all alike
      el.push(await firstEntry(`${server.url}/el-${n}.html`, errors));
      st.push(await firstEntry(`${server.url}/static-${n}.html`, errors));
      pre.push(await firstEntry(`${server.url}/pre-${n}.html`, errors, live));
      if (n > FIRST_SCREEN) first.push(await firstEntry(`${server.url}/first-${n}.html`, errors, firstLive));
    }
    if (VERBOSE) console.error(`${n}: element ${el.map(fmt).join(" ")}; static ${st.map(fmt).join(" ")}; prerendered ${pre.map(fmt).join(" ")}; first screen ${first.map(fmt).join(" ")}`);
    navResults.set(n, { el, st, pre, live, first, firstLive });
  }
} catch (err) {
  console.error(`felt.mjs: ${err.stack ?? err}`);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
if (process.exitCode) process.exit(process.exitCode);

// ---------- report
const rows = [];
const row = (what, xs, goal, med = median(xs), lo = min(xs)) =>
  rows.push(`| ${what} | ${fmt(med)} | ${fmt(lo)} | ${goal ?? ""} | ${goal ? (med <= Number(goal.match(/[\d.]+/)[0]) ? "yes" : "**no**") : ""} |`);
for (const n of KEY_SIZES) {
  const { recs, internal } = keyResults.get(n);
  row(`keystroke -> painted frame (next rAF), ${count(n)} entries, ${recs.length} keys`, recs.map((r) => r.paint - r.start), `≤ ${KEY_GOAL[n]} ms`);
  row(`keystroke -> frame done (style, layout, paint), ${count(n)} entries`, recs.filter((r) => r.after !== null).map((r) => r.after - r.start));
  row(`element: setAttribute("search") -> updateComplete -> rAF, ${count(n)} entries`, internal);
}
for (const n of NAV_SIZES) {
  const { el, st, pre, live, first, firstLive } = navResults.get(n);
  row(`navigation -> first entry painted, ${count(n)} entries, <paper-shelf>`, el);
  row(`navigation -> first entry painted, ${count(n)} entries, static HTML`, st);
  row(`first entry: element − static, ${count(n)} entries (median − median, min − min)`, [], undefined, median(el) - median(st), min(el) - min(st));
  row(`navigation -> first entry painted, ${count(n)} entries, <paper-shelf> holding its prerendered list`, pre);
  row(`first entry: prerendered element − static, ${count(n)} entries`, [], NAV_GOAL[n] ? `≤ ${NAV_GOAL[n]} ms` : undefined,
    median(pre) - median(st), min(pre) - min(st));
  row(`navigation -> element ready: the prerendered list adopted, its toolbar live, ${count(n)} entries`, live);
  if (!first.length) continue;
  row(`first entry: element holding its prerendered first ${FIRST_SCREEN} − static (whole list), ${count(n)} entries`, [], NAV_GOAL[n] ? `≤ ${NAV_GOAL[n]} ms` : undefined,
    median(first) - median(st), min(first) - min(st));
  row(`navigation -> live list in place over the prerendered first ${FIRST_SCREEN}, ${count(n)} entries`, firstLive);
}
console.log(`| measurement (headless Chromium; RUNS=${RUNS}, ROUNDS=${ROUNDS}) | median ms | min ms | goal | met (median) |\n|---|---|---|---|---|`);
for (const r of rows) console.log(r);

// Where a keystroke's time goes (medians): the key waiting for the page's main thread, the
// element's work until the list changed, the wait for the next frame, the frame's own work.
console.log(`\n| keystroke breakdown, median ms | key queued (timeStamp -> keydown) | keydown -> list changed | list changed -> rAF | rAF -> frame done | keys with an unchanged list |\n|---|---|---|---|---|---|`);
for (const n of KEY_SIZES) {
  const { recs } = keyResults.get(n);
  const m = recs.filter((r) => r.mutated !== null && r.via === "mutation");
  console.log(`| ${count(n)} entries | ${fmt(median(recs.map((r) => r.t - r.start)))} | ${fmt(median(m.map((r) => r.mutated - r.t)))} | ${fmt(median(m.map((r) => r.paint - r.mutated)))} | ${fmt(median(recs.filter((r) => r.after !== null).map((r) => r.after - r.paint)))} | ${recs.length - m.length} of ${recs.length} |`);
}
if (errors.length) {
  console.error(`\n${errors.length} problem(s) in the pages:`);
  for (const e of [...new Set(errors)].slice(0, 20)) console.error(`  ${e}`);
}
