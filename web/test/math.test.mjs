// Math from data and the page's own typesetter, in Debian's Chromium, with the real MathJax 3
// (tex-svg-full.js, and tex-svg.js with the [tex]/html extension) and KaTeX. MathJax typesets
// \href as a javascript: link, \style, \bbox and \color as CSS that fetches from anywhere, \class
// and \cssId as the element's own classes and ids. The core hands a typesetter only math it reads
// (latex::typesettable: no data-tex for the rest), and the element keeps only typesetting in what
// the typesetter makes. Checked: nothing runs (sentinel, dialogs) even when every link is clicked,
// no request leaves the page's origin, no link, fetching style, data class or id in the math, and
// ordinary math is still typeset; for the element and for the CLI's static HTML.
// Needs web/dist, the native CLI and web/node_modules (mathjax, katex).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch } from "./support/browser.mjs";
import { payloads } from "./support/hostile.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const dist = join(repo, "web", "dist");
const nodeModules = join(repo, "web", "node_modules");
const cli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");

// Hostile math: the math payloads of tests/fixtures/hostile/payloads.json (each uses a command),
// and the report's own. Normal math must still be typeset.
const HOSTILE = [...payloads.filter((p) => /\$|\\\(|\\ensuremath/.test(p) && p.includes("\\")),
  "$\\href{javascript:alert(document.domain)}{\\text{x}}$"];
const NORMAL = ["$x^2$", "$\\alpha$", "$\\frac{a}{b}$", "$\\mathbb{R}$"];
const bib = [...HOSTILE.map((p, i) => `@misc{h${i}, title={H${i}Q ${p}}, year=2020}`),
  ...NORMAL.map((p, i) => `@misc{n${i}, title={Normal ${p}}, year=2021}`)].join("\n");
// The classes and ids the payloads ask for: none may appear in the math.
const DATA_NAMES = new Set(HOSTILE.flatMap((p) => [...p.matchAll(/\\(?:class|cssId|htmlClass|htmlId)\{([^}]*)\}/g)].map((m) => m[1])));

// The page's typesetter, loaded from web/node_modules as a site would load it from a CDN; the
// element (or the static list's own script) comes once it is ready.
// (tex-svg.js loads \bbox and \color on first use, which fails that first use: loaded up front.)
const MATHJAX = (file, extensions = []) => `<script>window.MathJax = { loader: { paths: { mathjax: "/vendor/mathjax/es5" }, load: ${JSON.stringify(extensions.map((e) => `[tex]/${e}`))} },
  tex: { packages: { "[+]": ${JSON.stringify(extensions)} } }, startup: { typeset: false, ready() { MathJax.startup.defaultReady(); MathJax.startup.promise.then(() => document.dispatchEvent(new Event("typesetter"))); } } };</script>
<script src="/vendor/mathjax/es5/${file}"></script>`;
const TYPESETTERS = [
  { name: "MathJax tex-svg-full", head: MATHJAX("tex-svg-full.js"), typeset: "svg" },
  { name: "MathJax tex-svg + [tex]/html", head: MATHJAX("tex-svg.js", ["html", "bbox", "color"]), typeset: "svg" },
  { name: "KaTeX", head: `<link rel="stylesheet" href="/vendor/katex/dist/katex.min.css"><script src="/vendor/katex/dist/katex.min.js"></script>
<script>addEventListener("DOMContentLoaded", () => document.dispatchEvent(new Event("typesetter")));</script>`, typeset: ".katex" },
];
// Once the typesetter is ready: the element's script, or (static list) what a site does with
// data-tex: typeset each span with the page's KaTeX or MathJax.
const AFTER_TYPESETTER = {
  element: `<script>document.addEventListener("typesetter", () => document.head.append(Object.assign(document.createElement("script"), { src: "/papershelf.js" })));</script>`,
  static: `<script>document.addEventListener("typesetter", () => {
  for (const span of document.querySelectorAll(".ps-math[data-tex]")) {
    try {
      if (window.katex) katex.render(span.dataset.tex, span, { throwOnError: false });
      else span.replaceChildren(MathJax.tex2svg(span.dataset.tex, { display: false }));
    } catch { /* the Unicode text stays */ }
  }
  document.body.dataset.typeset = "";
});</script>`,
};

let server, browser, work, staticList;
before(async () => {
  for (const f of [join(dist, "papershelf.js"), cli, join(nodeModules, "mathjax", "es5", "tex-svg-full.js"), join(nodeModules, "katex", "dist", "katex.min.js")])
    assert.ok(existsSync(f), `${f} is missing: run ./dev.sh test`);
  work = mkdtempSync(join(tmpdir(), "papershelf-math-"));
  server = await serve(dist);
  server.pages.set("/math/math.bib", { body: bib, headers: { "content-type": "text/plain; charset=utf-8" } });
  const file = join(work, "math.bib");
  writeFileSync(file, bib);
  try {
    staticList = execFileSync(cli, ["render", file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch (e) {
    staticList = e.stdout;  // exit 1: the data had problems (unknown commands); every record is rendered
  }
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); if (work) rmSync(work, { recursive: true, force: true }); });

const page = (head, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>math</title><link rel="icon" href="data:,">
${head}</head><body>${body}</body></html>`;

/** Runs in the page: what the math spans hold, in the element's shadow root or the static list. */
function inspectMath({ typeset, dataNames, scope }) {
  const root = document.querySelector("paper-shelf")?.shadowRoot ?? document;
  const seen = { links: [], fetching: [], names: [], handlers: [], typeset: [], untypeset: [], tex: [], elsewhere: [] };
  for (const math of root.querySelectorAll(scope)) {
    const key = math.closest("[data-key]")?.dataset.key ?? "";
    if (key.startsWith("h") && math.hasAttribute("data-tex")) seen.tex.push(`${key}: ${math.dataset.tex}`);
    if (key.startsWith("n")) (math.querySelector(typeset) ? seen.typeset : seen.untypeset).push(key);
    for (const e of math.querySelectorAll("*")) {
      if (e.localName === "a") seen.links.push(`${key}: <a>`);
      for (const a of e.attributes) {
        const what = `${key}: <${e.localName} ${a.name}="${a.value.slice(0, 60)}">`;
        if (/href$/i.test(a.name) && !(e.localName === "use" && a.value.startsWith("#"))) seen.links.push(what);
        if (/url\(|image-set|@import|expression\(/i.test(a.value) && a.name !== "title") seen.fetching.push(what);
        if (/^on/i.test(a.name)) seen.handlers.push(what);
        if ((a.name === "class" && [...e.classList].some((c) => dataNames.includes(c))) || (a.name === "id" && dataNames.includes(a.value))) seen.names.push(what);
      }
    }
  }
  // Math typeset outside the spans the core marks (a page's MathJax reading the list's text).
  seen.elsewhere = [...document.querySelectorAll(".ps-shelf mjx-container, .ps-shelf .katex")].filter((e) => !e.closest(".ps-math[data-tex]")).map((e) => e.textContent.slice(0, 60));
  return seen;
}

/**
 * Opens `path` (a page with the element, or with the static list) with every request recorded (any other origin is refused), waits until the math
 * is typeset, clicks whatever in it could be a link, then waits for a request the test makes
 * itself after all that (so a fetch that a style started has been seen), and reports.
 */
async function visit(path, typeset, element, scope = ".ps-math") {
  const p = await browser.context.newPage();
  const stray = [], dialogs = [], errors = [];
  p.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  p.on("pageerror", (e) => errors.push(String(e)));
  await p.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== server.url) { stray.push(url.href); return route.abort(); }
    if (url.pathname.startsWith("/vendor/")) return route.fulfill({ path: join(nodeModules, url.pathname.slice("/vendor/".length)) });
    return route.continue();
  });
  await p.goto(`${server.url}${path}`);
  await p.waitForFunction((element) => {
    if (!element) return document.body.dataset.typeset !== undefined;
    const el = document.querySelector("paper-shelf");
    return el?.visibleKeys?.length > 0 && el.shadowRoot.querySelectorAll("li.ps-entry[data-ready]").length === el.visibleKeys.length;
  }, element, { timeout: 30000 });
  if (element) await p.evaluate(() => document.querySelector("paper-shelf").updateComplete);
  // Click every link-like thing in the math, where it is drawn (a real, trusted click).
  const targets = await p.evaluate(() => {
    const root = document.querySelector("paper-shelf")?.shadowRoot ?? document;
    return [...root.querySelectorAll(".ps-shelf a, .ps-shelf [href], .ps-shelf [*|href]")].map((e) => e.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0).map((r) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 }));
  });
  for (const { x, y } of targets) {
    await p.mouse.click(x, y);
    await p.waitForLoadState();
  }
  // Two frames: what the math's styles fetch has been asked for; then a fetch of our own.
  await p.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const fence = p.waitForRequest((r) => r.url().endsWith("/math/fence.png"));
  await p.evaluate(() => document.body.append(Object.assign(document.createElement("img"), { src: "/math/fence.png" })));
  await fence;
  const seen = await p.evaluate(inspectMath, { typeset, dataNames: [...DATA_NAMES], scope });
  const pwned = await p.evaluate(() => window.__pwned);
  const ownTypeset = await p.evaluate(() => !!document.querySelector("#own mjx-container"));
  await p.close();
  return { ...seen, pwned, ownTypeset, stray, dialogs, errors, clicked: targets.length };
}

function assertHeld(seen, label) {
  assert.equal(seen.pwned, undefined, `${label}: a payload ran`);
  assert.deepEqual(seen.dialogs, [], `${label}: a dialog opened`);
  assert.deepEqual(seen.stray, [], `${label}: requests to another origin`);
  assert.deepEqual(seen.links, [], `${label}: links in the math`);
  assert.deepEqual(seen.fetching, [], `${label}: styles that fetch`);
  assert.deepEqual(seen.names, [], `${label}: classes and ids from data`);
  assert.deepEqual(seen.handlers, [], `${label}: event handlers`);
  assert.deepEqual(seen.tex, [], `${label}: hostile math handed to the typesetter`);
  assert.deepEqual(seen.untypeset, [], `${label}: ordinary math not typeset`);
  assert.deepEqual(seen.typeset, NORMAL.map((_, i) => `n${i}`), label);
  assert.deepEqual(seen.elsewhere, [], `${label}: math typeset from the list's text`);
  assert.deepEqual(seen.errors, [], label);
}

test("the payloads ask for classes and ids (the check for them can fail)", () => {
  assert.ok(DATA_NAMES.size >= 3, [...DATA_NAMES].join(" "));
  assert.ok(HOSTILE.length >= 20, `${HOSTILE.length} hostile math payloads`);
});

for (const t of TYPESETTERS) {
  for (const view of ["element", "static"]) {
    test(`${t.name}, ${view}: math from data links, fetches and names nothing; ordinary math is typeset`, async () => {
      const path = `/math/${view}-${t.name.replace(/\W+/g, "-")}.html`;
      const body = view === "element" ? `<paper-shelf src="/math/math.bib"></paper-shelf>` : staticList;
      server.pages.set(path, { body: page(`${t.head}\n${AFTER_TYPESETTER[view]}`, body) });
      assertHeld(await visit(path, t.typeset, view === "element"), `${t.name}, ${view}`);
    });
  }
}

// The second line: a page's typesetter that makes links, fetching styles, classes and ids out of
// ordinary math (MathJax with the page's own macros, KaTeX trusted) leaves none in the element.
const MADE_HOSTILE = "\\href{javascript:window.__pwned=1}{\\class{ps-visually-hidden}{\\cssId{ps-injected}{\\style{mask:url(//127.0.0.1:1/m.svg)}{\\color{url(//127.0.0.1:1/c.svg#x)}{\\bbox[background-image:url(//127.0.0.1:1/b.png)]{x}}}}}}";
const KATEX_MADE_HOSTILE = "\\href{javascript:window.__pwned=1}{\\htmlClass{ps-visually-hidden}{\\htmlId{ps-injected}{\\htmlStyle{background-image:url(//127.0.0.1:1/k.png)}{x}}}}";
for (const t of TYPESETTERS) {
  test(`${t.name}: a typesetter that links, fetches and names leaves none of it in the element`, async () => {
    const wrap = t.name === "KaTeX"
      ? `const render = katex.render; katex.render = (tex, el, o) => render(${JSON.stringify(KATEX_MADE_HOSTILE)} + tex, el, { ...o, trust: true });`
      : `const tex2svg = MathJax.tex2svg; MathJax.tex2svg = (tex, o) => tex2svg(${JSON.stringify(MADE_HOSTILE)} + tex, o);`;
    const path = `/math/made-${t.name.replace(/\W+/g, "-")}.html`;
    server.pages.set(path, { body: page(`${t.head}\n<script>document.addEventListener("typesetter", () => { ${wrap} });</script>\n${AFTER_TYPESETTER.element}`,
      `<paper-shelf src="/math/math.bib"></paper-shelf>`) });
    assertHeld(await visit(path, t.typeset, true), `${t.name}, made hostile`);
  });
}

// A page whose MathJax typesets all its text (al-folio's configuration: $...$ and \(...\)), with
// the CLI's static list (as `papershelf prerender` puts it inside the element): data holds TeX
// delimiters as plain text (a CSL-JSON title as written, BibTeX's {\textbackslash}), which that
// MathJax would typeset into links and styles. The list is marked for MathJax to leave alone.
test("MathJax typesetting the whole page finds no math in the CLI's static list; the page's own is typeset", async () => {
  const escaped = "{\\textbackslash}(\\textbackslash{}href\\{javascript:window.\\_\\_pwned=1\\}\\{y\\}{\\textbackslash})";
  const csl = JSON.stringify(HOSTILE.map((p, i) => ({ id: `h${i}`, type: "article-journal", title: `H${i}Q ${p}`, abstract: p })));
  const bibtex = `@misc{h0, title={${escaped}}, note={${escaped}}}`;
  for (const [name, data] of [["csl.json", csl], ["tb.bib", bibtex]]) {
    const file = join(work, name);
    writeFileSync(file, data);
    let list;
    try { list = execFileSync(cli, ["render", file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }); } catch (e) { list = e.stdout; }
    assert.match(list, /\\href/, `${name}: the list holds TeX as text`);
    const path = `/math/page-typeset-${name}.html`;
    server.pages.set(path, { body: page(`<script>window.MathJax = { tex: { inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]] }, loader: { paths: { mathjax: "/vendor/mathjax/es5" } },
  startup: { ready() { MathJax.startup.defaultReady(); MathJax.startup.promise.then(() => { document.body.dataset.typeset = ""; }); } } };</script>
<script src="/vendor/mathjax/es5/tex-svg-full.js"></script>`, `<p id="own">The page's own math: \\(x^2\\)</p>\n<paper-shelf>${list}</paper-shelf>`) });
    const seen = await visit(path, "svg", false, ".ps-shelf");
    assert.equal(seen.pwned, undefined, `${name}: a payload ran`);
    assert.deepEqual(seen.dialogs, [], name);
    assert.deepEqual(seen.stray, [], `${name}: requests to another origin`);
    assert.deepEqual([seen.links, seen.fetching, seen.handlers], [[], [], []], name);
    assert.deepEqual(seen.elsewhere, [], `${name}: math typeset from the list's text`);
    assert.equal(seen.ownTypeset, true, `${name}: the page's own math is typeset`);
  }
});
