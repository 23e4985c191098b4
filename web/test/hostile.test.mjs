// Hostile input in Debian's Chromium: the payloads of tests/fixtures/hostile/payloads.json in every
// field of BibTeX, CSL-JSON and papershelf JSON documents, shown (1) as the CLI's static HTML and
// (2) by the <paper-shelf> element with each renderer. Nothing may run (the payloads set
// window.__pwned or open dialogs), no link may carry a scheme other than http(s)/mailto as the
// browser parsed it, no injected tag, handler or inline style may exist, no request may leave for
// anything the page did not ask for, and every record's marker text must be visible.
// Needs web/dist and the native CLI (./dev.sh test builds both).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch, painted } from "./support/browser.mjs";
import { documents, inspectInPage, marker, payloads } from "./support/hostile.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const dist = join(repo, "web", "dist");
const cli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");

// The element's renderers. A renderer is one line here; `text` says where its entries are read as
// text (the canvas renderer keeps an accessible HTML list in step with what it draws).
const RENDERERS = [
  { name: "html", attributes: "", text: "innerText" },
  { name: "canvas", attributes: 'renderer="canvas"', text: "textContent" },
];

// A benign corpus of the same shape: the tags it produces are the ones the renderers use.
const BENIGN = Array.from({ length: payloads.length }, (_, i) =>
  ["plain words", "https://example.org/paper.pdf", "papers/local.pdf", "mailto:someone@example.org",
    "\\emph{Emphasis} and \\url{https://example.org}", "more plain words"][i % 6]);  // [26]: the photo, local

let server, browser, work;
before(async () => {
  assert.ok(existsSync(join(dist, "papershelf.js")), "web/dist is missing: run ./dev.sh test");
  assert.ok(existsSync(cli), `${cli} is missing: run ./dev.sh test`);
  work = mkdtempSync(join(tmpdir(), "papershelf-hostile-"));
  server = await serve(dist);
  for (const [set, ps] of [["hostile", payloads], ["benign", BENIGN]]) {
    for (const doc of documents(ps)) {
      server.pages.set(`/${set}/${doc.file}`, { body: doc.text, headers: { "content-type": doc.type } });
      // The CLI's static HTML for the same document (profile card included).
      const file = join(work, `${set}-${doc.file}`);
      writeFileSync(file, doc.text);
      let html;
      try {
        html = execFileSync(cli, ["render", file, "--owner", "Qinghao Hu", "--max-authors", "3", "--profile"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      } catch (e) {
        html = e.stdout;  // exit 1 = the input had errors; the valid records are still rendered
      }
      assert.ok(html.includes("ps-entry"), `${set} ${doc.name}: the CLI rendered nothing`);
      server.pages.set(`/${set}/static-${doc.name}.html`, { body: page(`static ${doc.name}`, html) });
      for (const r of RENDERERS) {
        server.pages.set(`/${set}/element-${r.name}-${doc.name}.html`, { body: page(`element ${doc.name}`,
          `<script src="/papershelf.js"></script>\n<paper-shelf src="/${set}/${doc.file}" owner="Qinghao Hu" max-authors="3" profile ${r.attributes}></paper-shelf>`) });
      }
    }
  }
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); if (work) rmSync(work, { recursive: true, force: true }); });

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"></head><body>\n${body}\n</body></html>`;
}

/** Opens a page, lets it settle, and reports what happened there. */
async function visit(path, selector, text = "innerText") {
  const p = await browser.context.newPage();
  const dialogs = [], stray = [], errors = [];
  p.on("dialog", (d) => { dialogs.push(`${d.type()}: ${d.message()}`); d.dismiss().catch(() => {}); });
  p.on("pageerror", (e) => errors.push(String(e)));
  p.on("request", (req) => {
    const url = new URL(req.url());
    const expected = url.origin === server.url && (/^\/(hostile|benign)\//.test(url.pathname) || /^\/papershelf[\w-]*\.(js|mjs|wasm|ttf)$/.test(url.pathname));
    if (!expected && !req.url().startsWith("data:")) stray.push(`${req.resourceType()} ${req.url().slice(0, 80)}`);
  });
  await p.goto(`${server.url}${path}`);
  if (selector) {
    await p.waitForFunction((sel) => {
      const el = document.querySelector(sel);
      return el && el.visibleKeys?.length > 0 && el.shadowRoot.querySelectorAll(".ps-results li.ps-entry").length === el.visibleKeys.length;
    }, selector, { timeout: 30000 });
  }
  // Let any injected handler, timer or load event fire: the document has loaded (images and
  // frames included), the element has rendered, the page has painted, and a task queued by any of
  // them (a zero-delay timer) has run.
  await p.waitForLoadState("load");
  if (selector) await p.evaluate((sel) => document.querySelector(sel).updateComplete, selector);
  await painted(p);
  await p.evaluate(() => new Promise((ok) => setTimeout(ok)));
  // Hover and focus everything once: handlers such as onmouseover/onfocus would fire now.
  await p.evaluate((sel) => {
    const root = sel ? document.querySelector(sel).shadowRoot : document;
    for (const e of root.querySelectorAll("*")) {
      e.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      if (typeof e.focus === "function") e.focus();
    }
  }, selector);
  // (inline handlers run within dispatchEvent and focus(); what they would change, painted)
  await painted(p);
  await p.evaluate(() => new Promise((ok) => setTimeout(ok)));
  const seen = await p.evaluate(inspectInPage, { selector, text });
  const keys = selector ? await p.evaluate((sel) => document.querySelector(sel).visibleKeys, selector) : null;
  await p.close();
  return { ...seen, dialogs, stray, errors, keys };
}

const views = [
  { name: "static", path: (set, doc) => `/${set}/static-${doc}.html`, selector: null, text: "innerText" },
  ...RENDERERS.map((r) => ({ name: `element-${r.name}`, path: (set, doc) => `/${set}/element-${r.name}-${doc}.html`, selector: "paper-shelf", text: r.text })),
];

for (const view of views) {
  for (const doc of ["bibtex", "csl-json", "papershelf-json"]) {
    test(`${view.name}, ${doc}: nothing from data executes or links unsafely; the text is shown`, async () => {
      const benign = await visit(view.path("benign", doc), view.selector, view.text);
      const hostile = await visit(view.path("hostile", doc), view.selector, view.text);
      assert.equal(hostile.pwned, undefined, "a payload ran");
      assert.deepEqual(hostile.dialogs, [], "a dialog opened");
      assert.deepEqual(hostile.stray, [], "an injected element made a request");
      assert.deepEqual(hostile.badAttributes, []);
      assert.deepEqual(hostile.styles.filter((x) => !benign.styles.includes(x)), [], "inline styles from data");
      assert.deepEqual(hostile.badLinks, []);
      assert.deepEqual(hostile.tags, [], "elements that hostile data must never create");
      // The same page with benign data passes the same checks and shows its text.
      assert.equal(benign.pwned, undefined);
      // (The one request data may make is for a thumbnail it names, al-folio's preview: an http(s)
      // or relative image; the benign corpus names one on another host.)
      const named = benign.stray.filter((s) => s !== "image https://example.org/paper.pdf");
      assert.deepEqual([benign.tags, benign.badAttributes, benign.badLinks, named], [[], [], [], []]);
      assert.deepEqual(hostile.errors, []);
      if (hostile.keys) assert.equal(hostile.keys.length, payloads.length, "every record is kept");
      const missing = payloads.map((_, i) => marker(i)).filter((m) => !hostile.text.includes(m));
      assert.deepEqual(missing, [], "records whose text is not visible");
      // Plain payloads (no LaTeX syntax in BibTeX) appear as text: verbatim, but for their
      // character references, which every format reads as the characters they stand for
      // (latex/markup.hpp: "&#106;avascript:" is the text "javascript:", never a link).
      // (Dollars are TeX math in every format: docs/data.md.)
      const plain = payloads.filter((p) => !/[\u0000-\u001f$]/.test(p) && (doc !== "bibtex" || (!/[\\{}%~]/.test(p) && !p.includes("--"))) && !p.includes("<i>"));
      assert.ok(plain.length >= 20, `${plain.length} plain payloads`);
      const shown = hostile.text.replace(/\s+/g, " ");  // (a decoded &#x09; is a tab: whitespace as one space)
      // (Decoded where the field is text with markup, a title; as written where it is a plain
      // value, a tag in the filter menu: a list that renders rows as they scroll shows only some.)
      const seen = (t) => shown.includes(t.replace(/\s+/g, " ").trim());
      const notShown = plain.filter((p) => !seen(referencesDecoded(p)) && !seen(p));
      assert.deepEqual(notShown, [], "payloads not shown as text");
    });
  }
}

// The numeric references and XML's five names, as the core decodes them (enough for the payloads).
function referencesDecoded(p) {
  const names = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return p.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name) =>
    name[0] === "#" ? String.fromCodePoint(parseInt(name.slice(name[1].toLowerCase() === "x" ? 2 : 1), name[1].toLowerCase() === "x" ? 16 : 10))
      : names[name] ?? whole);
}

test("the checks can fail: a page that injects for real is caught", async () => {
  server.pages.set("/hostile/control.html", { body: page("control",
    `<a href="javascript:void 0">x</a><img src="/nothing.png" onerror="window.__pwned=1"><p style="color:red">${marker(0)}</p><svg><script>1</script></svg>`) });
  const seen = await visit("/hostile/control.html", null);
  assert.equal(seen.pwned, 1);
  assert.equal(seen.badLinks.length, 1);
  assert.equal(seen.badAttributes.length, 1);
  assert.equal(seen.stray.length, 1);
  assert.equal(seen.styles.length, 1);
  assert.deepEqual(seen.tags, ["script"]);
  assert.ok(seen.text.includes(marker(0)));
});

// The `base` attribute is joined with relative links: a script or data base must not make them
// unsafe (the core judges the joined URL), and the owner is told in `diagnostics`.
for (const r of RENDERERS) {
  test(`element-${r.name}: a javascript: or data: base builds no unsafe link and is reported`, async () => {
    const bib = "@article{rel, title={Relative links}, author={Hu, Qinghao}, journal={J}, year=2024, pdf={paper.pdf}, code={src/x.zip}}\n";
    server.pages.set("/hostile/rel.bib", { body: bib, headers: { "content-type": "text/plain" } });
    for (const [i, base] of ["javascript:void(window.__pwned=1)//", "java\tscript:void(window.__pwned=1)//", "data:text/html,<script>window.__pwned=1</script>//"].entries()) {
      server.pages.set(`/hostile/base-${r.name}-${i}.html`, { body: page("base",
        `<script src="/papershelf.js"></script>\n<paper-shelf src="/hostile/rel.bib" base="${base.replace(/"/g, "&quot;").replace(/</g, "&lt;")}" profile photo="me.jpg" links="cv=cv.pdf" ${r.attributes}></paper-shelf>`) });
      const seen = await visit(`/hostile/base-${r.name}-${i}.html`, "paper-shelf", r.text);
      assert.equal(seen.pwned, undefined, "a payload ran");
      assert.deepEqual(seen.badLinks, [], `base ${JSON.stringify(base)}`);
      const p = await browser.context.newPage();
      await p.goto(`${server.url}/hostile/base-${r.name}-${i}.html`);
      await p.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys?.length === 1);
      const { hrefs, problems } = await p.evaluate(() => {
        const el = document.querySelector("paper-shelf");
        return { hrefs: [...el.shadowRoot.querySelectorAll(".ps-actions a")].map((a) => a.getAttribute("href")),
          problems: el.diagnostics.filter((d) => d.source === "query").map((d) => d.message) };
      });
      await p.close();
      assert.deepEqual(hrefs, ["paper.pdf", "src/x.zip"], "relative links stay as written");
      assert.equal(problems.length, 1, "the refused base is reported to the owner");
      assert.match(problems[0], /not an http\(s\) or relative URL/);
    }
  });
}

test("CLI: --base with a script or data URL is refused", () => {
  const file = join(work, "rel.bib");
  writeFileSync(file, "@misc{a, title={T}, pdf={paper.pdf}}\n");
  for (const base of ["javascript:alert(1)//", "data:text/html,x", " JaVa\tScRiPt:x//"]) {
    let status = 0, stderr = "";
    try { execFileSync(cli, ["render", file, "--base", base], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }); }
    catch (e) { status = e.status; stderr = e.stderr; }
    assert.equal(status, 2, base);
    assert.match(stderr, /--base: link base/);
  }
  const ok = execFileSync(cli, ["render", file, "--base", "https://example.org/papers"], { encoding: "utf8" });
  assert.match(ok, /href="https:\/\/example\.org\/papers\/paper\.pdf"/);
});

// The query lives in the URL hash, so anyone can send a link with any query: 100 KB of sort keys
// froze a 770-entry page for 7 s, 1 MB aborted the core for good, a 1 MB search was a 13 s task,
// and in a worker a 100 KB sort left "Reading…" on screen forever. The core bounds what it reads.
function labBib(n, abstractBytes = 0) {
  let out = "";
  for (let i = 0; i < n; i++)
    out += `@inproceedings{p${i}, title={Paper ${String(i).padStart(5, "0")} on systems}, author={Hu, Qinghao and Author${i % 50}, Some}, booktitle={Conf ${i % 17}}, year=${2000 + (i % 25)}${abstractBytes ? `, abstract={${"word ".repeat(abstractBytes / 5)}}` : ""}}\n`;
  return out;
}

for (const [name, n, abstractBytes] of [["page thread", 770, 0], ["worker", 3000, 300]]) {
  test(`${name}: a link with megabytes of query text shows the list, bounded`, async () => {
    const bib = labBib(n, abstractBytes);
    if (name === "worker") assert.ok(bib.length >= 1024 * 1024, "large enough for the worker");
    server.pages.set(`/hostile/lab-${n}.bib`, { body: bib, headers: { "content-type": "text/plain" } });
    server.pages.set(`/hostile/lab-${n}.html`, { body: page("lab", `<script src="/papershelf.js"></script>\n<paper-shelf src="/hostile/lab-${n}.bib" owner="Qinghao Hu"></paper-shelf>`) });
    const sortKeys = (bytes) => "title-asc,author-desc,venue,year-asc,".repeat(Math.ceil(bytes / 36));
    const cases = [
      { state: { sort: sortKeys(100_000) }, first: "p0" },
      { state: { sort: sortKeys(1_000_000) }, first: "p0" },
      { state: { search: "systems ".repeat(1) + Array.from({ length: 120_000 }, (_, i) => `w${i}`).join(" ") }, first: undefined },
      { state: { filter: `venue:${"X,".repeat(150_000)}` }, first: undefined },  // (a URL holds 2 MB)
    ];
    for (const c of cases) {
      const p = await browser.context.newPage();
      const errors = [];
      p.on("pageerror", (e) => errors.push(String(e)));
      const hash = new URLSearchParams(Object.entries(c.state).map(([k, v]) => [`ps:${k}`, v])).toString();
      await p.goto(`${server.url}/hostile/lab-${n}.html#${hash}`);
      // Shown: every record. A link's search or filter that matches nothing is left out and
      // reported (a sort is cut to the keys the core reads).
      await p.waitForFunction((n) => {
        const el = document.querySelector("paper-shelf");
        return el?.visibleKeys?.length === n || el?.diagnostics?.some((d) => d.source === "query" || d.source === "core");
      }, n, { timeout: 20000 });
      await p.evaluate(() => document.querySelector("paper-shelf").updateComplete);
      const seen = await p.evaluate(() => {
        const el = document.querySelector("paper-shelf");
        return { keys: el.visibleKeys, problems: el.diagnostics.map((d) => `${d.source}: ${d.message}`), count: el.shadowRoot.querySelector("[part=count]")?.textContent };
      });
      await p.close();
      const label = `${Object.keys(c.state)[0]} of ${Object.values(c.state)[0].length} bytes`;
      assert.deepEqual(errors, [], label);
      assert.ok(!seen.problems.some((d) => d.startsWith("core:")), `${label}: the core failed: ${seen.problems}`);
      assert.equal(seen.keys.length, n, label);
      if (c.first) assert.equal(seen.keys[0], c.first, `${label}: sorted by title`);
      else assert.ok(seen.problems.some((d) => d.includes("matches no publication; left out")), `${label}: ${seen.problems}`);
      assert.ok(seen.problems.every((d) => d.length < 400), `${label}: short messages`);
    }
  });
}

// dir="auto" on a run with many children cost Chromium the square of their number as it parsed
// the list: one title of 90,000 math spans blocked the page for 60 s. The core writes out the
// direction dir="auto" would find; Chromium's own dir="auto" is the oracle, on titles, authors,
// venues and notes in several scripts, neutral text first.
test("each run's written-out direction is the one dir=\"auto\" finds, and no element left with dir=\"auto\" has many children", async () => {
  const runs = ["Deep Learning", "2024: \u05E9\u05DC\u05D5\u05DD \u05E2\u05D5\u05DC\u05DD", "\u0661\u0662 \u062A\u0639\u0644\u0645 \u0627\u0644\u0622\u0644\u0629",
    "\u0661\u0662 Deep", "\u2014 \u00C9tude", "\u201C\u041E \u0437\u0430\u0434\u0430\u0447\u0430\u0445\u201D", "(\u6DF1\u5EA6\u5B66\u4E60)", "\uD83D\uDCDA \u0645\u0643\u062A\u0628\u0629",
    "\u0710\u0720\u0726", "\u0915\u0943\u0924\u094D\u0930\u093F\u092E", "\u0E01\u0E32\u0E23", "\u00AA", "[1] \u202Bx", "\u200F abc", "3.14"];
  const bib = runs.map((text, i) => `@article{r${i}, title={${text}}, author={${text}, A.}, journal={${text}}, note={${text}}, year=2024}`).join("\n") + "\n";
  const file = join(work, "directions.bib");
  writeFileSync(file, bib);
  const html = execFileSync(cli, ["render", file, "--sort", "file"], { encoding: "utf8" });
  server.pages.set("/hostile/directions.html", { body: page("directions", html) });
  const p = await browser.context.newPage();
  await p.goto(`${server.url}/hostile/directions.html`);
  const differ = await p.evaluate(() => [...document.querySelectorAll(".ps-title, .ps-author, .ps-venue, .ps-note")].flatMap((el) => {
    const written = getComputedStyle(el).direction;
    const auto = el.cloneNode(true);
    auto.setAttribute("dir", "auto");
    el.after(auto);
    const found = getComputedStyle(auto).direction;
    auto.remove();
    return written === found || !/\p{L}/u.test(el.textContent) ? [] : [`${el.className} "${el.textContent}": ${written}, dir=auto finds ${found}`];
  }));
  assert.deepEqual(differ, []);
  assert.equal(await p.evaluate(() => document.querySelectorAll(".ps-title[dir=rtl]").length), 5, "the Hebrew, Arabic, emoji-then-Arabic, Syriac and RLM-first titles");
  // The hostile title (the time it takes is bench/web/longtasks.mjs --hostile's): every element
  // left with dir="auto" has few children, whatever the data.
  const title = "xy " + "$x^{2}_{3}$ \\emph{a} ".repeat(30000);
  const big = execFileSync(cli, ["render", "-"], { input: `@misc{big, title={${title}}, author={Hu, Qinghao}, note={${title}}}\n`, encoding: "utf8", maxBuffer: 1 << 30 });
  const parsed = await p.evaluate((markup) => {
    const template = document.createElement("template");
    template.innerHTML = markup;
    document.body.append(template.content);
    const title = [...document.querySelectorAll(".ps-title")].pop();
    return { math: title.textContent.split("x\u00B2\u2083").length - 1, elements: title.querySelectorAll("*").length, end: title.textContent.slice(-1),
      autoChildren: Math.max(0, ...[...document.querySelectorAll("[dir=auto]")].map((el) => el.childNodes.length)) };
  }, big);
  await p.close();
  // (A run is drawn up to its first 16 KB, then "…": about 1,800 of the 30,000; the record keeps all.)
  assert.ok(parsed.math > 1500 && parsed.math < 2000 && parsed.end === "\u2026", `${parsed.math} of the title's math drawn, ending in "${parsed.end}"`);
  assert.ok(parsed.elements <= 1000, `${parsed.elements} elements in one title`);
  assert.ok(parsed.autoChildren <= 8, `an element with dir="auto" has ${parsed.autoChildren} children`);
});

// A bidi control in one name (U+202E, right-to-left override) reversed every author after it
// ("uH oahgniQ"). Each data-derived run is isolated (its dir), in the element and the CLI's HTML.
test("a right-to-left override in one author does not reorder the next", async () => {
  const bib = "@article{rlo, title={Bidi \u202Etitle}, author={Mallory\u202E, Evil and Hu, Qinghao}, journal={J\u202E}, year=2024}\n";
  server.pages.set("/hostile/rlo.bib", { body: bib, headers: { "content-type": "text/plain; charset=utf-8" } });
  const file = join(work, "rlo.bib");
  writeFileSync(file, bib);
  const html = execFileSync(cli, ["render", file], { encoding: "utf8" });
  server.pages.set("/hostile/rlo-static.html", { body: page("rlo", html) });
  // (The canvas draws code points in order, with no bidi algorithm; its hidden list is this markup.)
  server.pages.set("/hostile/rlo-element.html", { body: page("rlo", `<script src="/papershelf.js"></script>\n<paper-shelf src="/hostile/rlo.bib"></paper-shelf>`) });
  for (const path of ["/hostile/rlo-static.html", "/hostile/rlo-element.html"]) {
    const p = await browser.context.newPage();
    await p.goto(`${server.url}${path}`);
    if (!path.includes("static")) await p.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys?.length === 1);
    // Where the browser draws the "Q" and the "H" of "Qinghao Hu": left to right, as written.
    const order = await p.evaluate(() => {
      const root = document.querySelector("paper-shelf")?.shadowRoot ?? document;
      const author = [...root.querySelectorAll(".ps-author")].find((e) => e.textContent.includes("Qinghao"));
      const text = author.firstChild;
      const at = (i) => { const range = document.createRange(); range.setStart(text, i); range.setEnd(text, i + 1); return range.getBoundingClientRect().left; };
      const s = text.textContent;
      return { q: at(s.indexOf("Q")), h: at(s.indexOf("H")) };
    });
    await p.close();
    assert.ok(order.q < order.h, `${path}: "Qinghao Hu" is drawn reversed (${JSON.stringify(order)})`);
  }
});

// The Cite panel: the citation was one isolated paragraph, so U+202E in one name reversed every
// field after it. Each data piece is isolated; the year after the names stays where it belongs.
test("a right-to-left override in one author does not reorder the Cite panel", async () => {
  const bib = "@article{rlo, title={Bidi title}, author={Mallory\u202E, Evil and Hu, Qinghao}, journal={Journal of Tests}, year=2024}\n";
  server.pages.set("/hostile/rlo-cite.bib", { body: bib, headers: { "content-type": "text/plain; charset=utf-8" } });
  server.pages.set("/hostile/rlo-cite.html", { body: page("rlo", `<script src="/papershelf.js"></script>\n<paper-shelf src="/hostile/rlo-cite.bib"></paper-shelf>`) });
  const p = await browser.context.newPage();
  await p.goto(`${server.url}/hostile/rlo-cite.html`);
  await p.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys?.length === 1);
  await p.locator("paper-shelf >> details.ps-cite > summary").click();
  await p.locator("paper-shelf >> .ps-citation").waitFor();
  // Where the browser draws "Qinghao" and "Tests": in reading order, left to right on one line.
  const at = await p.evaluate(() => {
    const cite = document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-citation");
    const walker = document.createTreeWalker(cite, NodeFilter.SHOW_TEXT);
    const where = (word) => {
      for (let n = walker.currentNode = cite; (n = walker.nextNode());) {
        const i = n.textContent.indexOf(word);
        if (i < 0) continue;
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const r = range.getBoundingClientRect();
        return { left: r.left, top: Math.round(r.top) };
      }
      return undefined;
    };
    return { text: cite.textContent, q: where("Q"), tests: where("Tests") };
  });
  await p.close();
  assert.ok(at.q && at.tests, JSON.stringify(at));
  assert.ok(at.tests.top > at.q.top || at.q.left < at.tests.left, `the citation is drawn reordered: ${JSON.stringify(at)}`);
});

// Anyone can write a page's URL hash: its sort, group and filter values reach the controls only
// when the core knows them (a sort it can apply, a clause that matches a record).
test("a link cannot put its own words into the controls or chips", async () => {
  const bib = "@inproceedings{a, title={One}, author={Hu, Qinghao}, booktitle={NSDI}, abbr={NSDI}, year=2024}\n" +
    "@article{b, title={Two}, author={Ye, Zhisheng}, journal={TPDS}, abbr={TPDS}, year=2023}\n";
  server.pages.set("/hostile/link.bib", { body: bib, headers: { "content-type": "text/plain; charset=utf-8" } });
  server.pages.set("/hostile/link.html", { body: page("link", `<script src="/papershelf.js"></script>\n<paper-shelf src="/hostile/link.bib" controls="full"></paper-shelf>`) });
  const evil = "Retracted - see https://evil.example";
  const hash = `#ps:search=${encodeURIComponent(evil)}&ps:sort=${encodeURIComponent(evil)}&ps:group=${encodeURIComponent(evil)}` +
    `&ps:filter=${encodeURIComponent(`"venue:${evil}" author:Mallory venue:NSDI`)}`;
  const p = await browser.context.newPage();
  const errors = [];
  p.on("pageerror", (e) => errors.push(String(e)));
  await p.goto(`${server.url}/hostile/link.html${hash}`);
  await p.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys?.length > 0);
  await p.evaluate(() => document.querySelector("paper-shelf").updateComplete);
  const seen = await p.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    const root = el.shadowRoot;
    return {
      keys: el.visibleKeys,
      shown: [...root.querySelectorAll("select option, .ps-active-chip, .ps-count")].map((o) => o.textContent).join(" | ") + root.querySelector(".ps-search").value,
      sort: root.querySelector(".ps-sort").value, group: root.querySelector(".ps-group-select").value,
      chips: [...root.querySelectorAll(".ps-active-chip")].map((c) => c.textContent),
      hash: decodeURIComponent(location.hash),
      problems: el.diagnostics.map((d) => d.message).join("\n"),
    };
  });
  await p.close();
  assert.deepEqual(errors, []);
  assert.doesNotMatch(seen.shown, /evil|Retracted|Mallory/i);
  assert.doesNotMatch(seen.hash, /evil|Retracted|Mallory/i);
  assert.deepEqual(seen.keys, ["a"]);  // (what the core knows of the link is applied: venue:NSDI)
  assert.equal(seen.group, "none");
  assert.match(seen.chips.join(), /NSDI/);
  assert.match(seen.problems, /matches no publication/);
});

// The `data` property and addLanguage() take whatever a page's script hands them.
test("data: odd values are validated up front; objects in papershelf JSON and CSL-JSON form are read", async () => {
  server.pages.set("/hostile/data.html", { body: page("data", `<script src="/papershelf.js"></script>\n<paper-shelf></paper-shelf>`) });
  const p = await browser.context.newPage();
  const errors = [];
  p.on("pageerror", (e) => errors.push(String(e)));
  await p.goto(`${server.url}/hostile/data.html`);
  await p.waitForFunction(() => customElements.get("paper-shelf"));
  const set = (value) => p.evaluate(async (code) => {
    const el = document.querySelector("paper-shelf");
    const started = performance.now();
    el.data = (0, eval)(`(${code})`);
    await el.updateComplete;
    return { ms: performance.now() - started, keys: el.visibleKeys,
      problems: el.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.source}: ${d.message}`) };
  }, value);
  const huge = await set("{ length: 2e9 }");
  assert.ok(huge.ms < 5000, `took ${huge.ms} ms`);
  assert.deepEqual(huge.keys, []);
  assert.ok(huge.problems.some((m) => /publications/.test(m)), huge.problems.join("; "));
  assert.deepEqual((await set(`{ publications: [{ id: "a", type: "article-journal", title: "From an object" }] }`)).keys, ["a"]);
  assert.deepEqual((await set(`[{ id: "c", type: "article-journal", title: "CSL array" }]`)).keys, ["c"]);
  assert.deepEqual((await set(`new DataView(new TextEncoder().encode("@misc{d, title={From a DataView}}").buffer)`)).keys, ["d"]);
  for (const bad of ["new Map()", "42", "() => 1", "new Date()"]) {
    const r = await set(bad);
    assert.deepEqual(r.keys, [], bad);
    assert.ok(r.problems.some((m) => m.startsWith("data: the data property takes")), `${bad}: ${r.problems}`);
  }
  await p.close();
  assert.deepEqual(errors, []);
});

test("addLanguage: labels of the wrong type, unknown keys and throwing getters are ignored and reported", async () => {
  server.pages.set("/hostile/labels.bib", { body: "@misc{a, title={T}, year=2020}\n", headers: { "content-type": "text/plain" } });
  server.pages.set("/hostile/labels.html", { body: page("labels", `<script src="/papershelf.js"></script>
<script>
  customElements.whenDefined("paper-shelf").then(() => customElements.get("paper-shelf").addLanguage("xx", {
    bibtex: 42, bogus: "x", search: "Suchen", get cite() { throw new Error("boom"); }, results: () => { throw new Error("bad"); } }));
</script>
<paper-shelf src="/hostile/labels.bib" lang="xx"></paper-shelf>`) });
  const p = await browser.context.newPage();
  const errors = [];
  p.on("pageerror", (e) => errors.push(String(e)));
  await p.goto(`${server.url}/hostile/labels.html`);
  await p.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys?.length === 1);
  await p.evaluate(() => document.querySelector("paper-shelf").updateComplete);
  const seen = await p.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    return { bibtex: el.labels.bibtex, search: el.shadowRoot.querySelector(".ps-search").getAttribute("placeholder") ?? el.shadowRoot.querySelector(".ps-search").getAttribute("aria-label"),
      count: el.shadowRoot.querySelector("[part=count]").textContent,
      problems: el.diagnostics.filter((d) => d.source === "labels").map((d) => d.message) };
  });
  await p.close();
  assert.deepEqual(errors, []);
  assert.equal(seen.bibtex, "BibTeX");
  assert.equal(seen.search, "Suchen");
  assert.match(seen.count, /1 publication/);
  assert.equal(seen.problems.length, 3, seen.problems.join("; "));
});
