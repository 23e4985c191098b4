// Every example in examples/, exercised: the researcher homepages and the lab page in Debian's
// Chromium (build/site, made by ./dev.sh), the Node script against the packed npm package, and the
// static-site guide (its shell blocks run in scratch sites built by the real jekyll and hugo, and
// its GitHub Actions workflows held to the same commands). Expected lists come from the core itself
// (web/dist), not from hard-coded strings. Also writes docs/screenshot.png for the README.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { load } from "../dist/node.js";
import { serve } from "./support/server.mjs";
import { launch, live, open, painted, ready, settled } from "./support/browser.mjs";
import { shadow } from "./support/site.mjs";
import { fencedBlocks, shellCommands } from "./support/markdown.mjs";
import { installTarball, packWeb } from "./support/cli.mjs";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(webDir, "..");
const examples = join(repo, "examples");
const site = process.env.PAPERSHELF_SITE ?? join(repo, "build", "site");   // override: another site build
const RESEARCHERS = ["homepage", "qizhen-weng", "zhisheng-ye"];

let server, browser, shelf;
before(async () => {
  assert.ok(existsSync(join(site, "papershelf.js")), "build/site is missing: run ./dev.sh test");
  server = await serve(site);
  browser = await launch();
  shelf = await load();
});
after(async () => { await browser?.close(); await server?.close(); });

const decode = (s) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The attributes of the first <paper-shelf> tag in an HTML text. */
function shelfAttributes(html) {
  const tag = html.match(/<paper-shelf\b([^>]*)>/);
  assert.ok(tag, "no <paper-shelf> element");
  // (quoted or, after a minifier, not)
  return Object.fromEntries([...tag[1].matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)].map((m) => [m[1], decode(m[2] ?? m[3] ?? m[4] ?? "")]));
}

/** What the core says the element should show for these attributes (and state). */
function expected(bibText, attrs, state = {}) {
  const library = shelf.parse(bibText);
  const view = library.query({ sort: attrs.sort, group: attrs.group ?? "none", filter: attrs.filter, search: attrs.search, ...state });
  const entries = library.entries(view.entries, { owner: attrs.owner, maxAuthors: Number(attrs["max-authors"] ?? 0) });
  const owners = entries.map((e) => e.authors.filter((a) => a.owner).map((a) => a.name + a.marks));
  const result = { library, view, keys: view.keys, owners, groups: view.groups.map((g) => g.label) };
  return result;
}

/** axe-core's accessibility violations on the page, as "rule: node count". */
async function axeViolations(page) {
  await page.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8") });
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length}`));
}

/** Calls fn on the first match of sel inside the element's shadow root. */
function inShadow(page, sel, fn) {
  return page.evaluate(([s, f]) => (0, eval)(f)(document.querySelector("paper-shelf").shadowRoot.querySelector(s)), [sel, fn.toString()]);
}

/** Whether the pre-rendered light-DOM list is displayed (while the element has adopted it, not once the live list took over). */
function fallbackShown(page) {
  return page.evaluate(() => document.querySelector("paper-shelf > .ps-shelf")?.getClientRects().length > 0);
}

/** Keys and owner names (with marks) of the entries the element shows, in order. */
async function shown(page, limit = Infinity) {
  return page.evaluate((max) => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-results li.ps-entry")]
    .slice(0, max).map((li) => ({ key: li.dataset.key, owners: [...li.querySelectorAll(".ps-owner")].map((o) => o.textContent) })), limit);
}

test("researcher homepages: each shows its list with its own owner highlighted, pre-rendered and live", async () => {
  const ownerOf = {};
  for (const name of RESEARCHERS) {
    const source = readFileSync(join(examples, name, "index.html"), "utf8");
    const attrs = shelfAttributes(source);
    const bibText = readFileSync(join(examples, name, "papers.bib"), "utf8");
    const want = expected(bibText, attrs);
    assert.ok(want.keys.length >= 8, `${name}: ${want.keys.length} entries`);
    // Owner highlighting follows the owner: every entry on a researcher's page has them in bold.
    want.owners.forEach((o, i) => assert.ok(o.length >= 1, `${name}: ${want.keys[i]} has no owner`));
    // The page is about the owner: the heading is the first owner name.
    const h1 = source.match(/<h1>([^<]*)<\/h1>/)[1];
    assert.equal(attrs.owner.split(";")[0].trim(), h1, name);
    // al-folio features the showcase promises, present in the data.
    assert.ok(want.library.entries(want.view.entries).some((e) => e.badge), `${name}: venue badges`);
    assert.ok(want.library.entries(want.view.entries).some((e) => e.selected), `${name}: selected subset`);
    assert.ok(want.view.marks.includes("*") && want.library.profile.legend.length > 0, `${name}: markers with a legend`);
    assert.ok(want.library.entries(want.view.entries).some((e) => e.links.length), `${name}: links`);
    assert.ok(want.library.entries(want.view.entries).some((e) => e.status !== "published"), `${name}: under review / preprint`);
    assert.deepEqual(want.library.diagnostics, [], name);

    // Served by ./dev.sh with the CLI's pre-rendered list inside the element (no JavaScript needed).
    const served = await (await fetch(`${server.url}/${name}/`)).text();
    const fallback = served.slice(served.indexOf("<paper-shelf"), served.indexOf("</paper-shelf>"));
    assert.deepEqual([...fallback.matchAll(/<li class="ps-entry[^"]*" id="ps-([^"]+)"/g)].map((m) => m[1]).sort(), [...want.keys].sort(), name);
    assert.ok((fallback.match(/ps-owner/g) ?? []).length >= want.keys.length, `${name}: owner bold in the fallback`);

    const { page, errors } = await open(browser.context, `${server.url}/${name}/`);
    // The element adopts its prerendered list until the visitor first uses the page.
    assert.deepEqual(await ready(page), want.keys, name);
    assert.equal(await fallbackShown(page), true, name);
    assert.deepEqual(await live(page), want.keys, name);
    const got = await shown(page);
    assert.deepEqual(got.map((e) => e.owners), want.owners, name);
    if (want.groups.length > 1) assert.deepEqual(await shadow(page, ".ps-results .ps-group-title > span:first-child").allTextContents(), want.groups, name);
    const legend = await inShadow(page, ".ps-legend", (el) => (el.hidden ? "" : el.textContent));
    assert.match(legend, /\*/, `${name}: legend`);
    assert.equal(await fallbackShown(page), false, name);
    // The selected subset, through the toolbar (behind its "Filters" button where the list is
    // narrow; a list of fewer than 10 has no toolbar unless the page asks for one).
    if (want.keys.length < 10) {
      assert.equal(await shadow(page, ".ps-toolbar").isVisible(), false, name);
      await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("toolbar", "full"));
      await settled(page);
    }
    if (await shadow(page, "button.ps-filters-toggle").isVisible()) await shadow(page, "button.ps-filters-toggle").click();
    await shadow(page, "input.ps-f-selected").check();
    assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys),
      expected(bibText, attrs, { filter: "selected" }).keys, name);
    // Every page links to the others, and the links work.
    const links = await page.locator(".site-nav a").evaluateAll((as) => as.map((a) => a.href));
    assert.ok(links.length >= RESEARCHERS.length + 1, name);
    for (const href of links) assert.equal((await fetch(href)).status, 200, href);
    assert.deepEqual(await axeViolations(page), [], name);
    assert.deepEqual(errors, [], name);

    if (name === "homepage") {
      // The README's screenshot, kept current by this test.
      await shadow(page, "input.ps-f-selected").uncheck();
      // From the "Publications" heading: the profile card, the toolbar and the first entries.
      await page.setViewportSize({ width: 1000, height: 1150 });
      await page.evaluate(() => document.querySelector("main h2").scrollIntoView());
      const file = join(repo, "docs", "screenshot.png");
      mkdirSync(dirname(file), { recursive: true });
      await page.screenshot({ path: file });
      assert.ok(statSync(file).size > 20000);
    }
    ownerOf[name] = Object.fromEntries(got.map((e) => [e.key, e.owners]));
    await page.close();
  }
  // The same paper on two pages: the bold name is each page's owner.
  assert.deepEqual(ownerOf.homepage.hu2024characterization, ["Qinghao Hu*"]);
  assert.deepEqual(ownerOf["zhisheng-ye"].hu2024characterization, ["Zhisheng Ye*"]);
});

// What a visitor sees, for readers of the README (docs/screenshots/, referenced there): every
// example page on a phone and a desktop, light and dark, from the top of the list; and axe-core
// in both schemes, on the page's real background.
test("every example page at 375 and 1280 px, light and dark: screenshots for the README, no axe violations", async () => {
  const dir = join(repo, "docs", "screenshots");
  mkdirSync(dir, { recursive: true });
  for (const name of [...RESEARCHERS, "lab"]) for (const [width, height] of [[375, 812], [1280, 900]]) for (const scheme of ["light", "dark"]) {
    const { page, errors } = await open(browser.context, "about:blank");
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/${name}/`);
    await ready(page);
    assert.deepEqual(await axeViolations(page), [], `${name} ${width} ${scheme}`);
    // From the start of the element (the profile card, or the toolbar and the first entries).
    await page.evaluate(() => { document.querySelector("paper-shelf").scrollIntoView(); window.scrollBy(0, -8); });
    await painted(page);  // (the scrolled page, painted)
    const file = join(dir, `${name}-${width}-${scheme}.jpg`);
    await page.screenshot({ path: file, type: "jpeg", quality: 80 });
    assert.ok(statSync(file).size > 10000, file);
    assert.deepEqual(errors, [], `${name} ${width} ${scheme}`);
    await page.close();
  }
});

// The homepage's list in two of the languages papershelf ships (the page's own text stays English):
// what a German or Japanese visitor reads, with no axe violation.
test("the homepage's list in German and Japanese: screenshots, no axe violations", async () => {
  const dir = join(repo, "docs", "screenshots");
  for (const [lang, width, height, scheme] of [["de", 1280, 900, "light"], ["ja", 375, 812, "dark"]]) {
    const { page, errors } = await open(browser.context, "about:blank");
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}/homepage/`);
    await ready(page);
    await page.evaluate((code) => { document.documentElement.lang = code; document.querySelector("paper-shelf").setAttribute("lang", code); }, lang);
    await settled(page);
    const words = JSON.parse(readFileSync(join(repo, "core", "lang", `${lang}.json`), "utf8")).words;
    assert.equal(await page.locator("paper-shelf >> .ps-shelf[data-state] .ps-search").getAttribute("placeholder"), words["Search publications"]);
    assert.deepEqual(await axeViolations(page), [], `${lang} ${width} ${scheme}`);
    await page.evaluate(() => { document.querySelector("paper-shelf").scrollIntoView(); window.scrollBy(0, -8); });
    const file = join(dir, `homepage-${lang}-${width}-${scheme}.jpg`);
    await page.screenshot({ path: file, type: "jpeg", quality: 80 });
    assert.ok(statSync(file).size > 10000, file);
    assert.deepEqual(errors, [], `${lang} ${width} ${scheme}`);
    await page.close();
  }
});

test("the examples index links every example page, and every page is listed", async () => {
  const html = await (await fetch(`${server.url}/`)).text();
  const hrefs = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
  for (const name of [...RESEARCHERS, "lab"]) assert.ok(hrefs.includes(`${name}/`), `${name} not linked from examples/index.html`);
  for (const href of hrefs) assert.equal((await fetch(`${server.url}/${href}`)).status, 200, href);
  for (const dir of ["static-site", "node", "npm-vite"]) assert.match(html, new RegExp(`<code>${dir}/</code>`));
  // Every page has the site's shared head and navigation (examples/shared), its own link current.
  for (const name of [...RESEARCHERS, "lab"]) {
    const page = await (await fetch(`${server.url}/${name}/`)).text();
    assert.match(page, /<meta name="viewport" content="width=device-width, initial-scale=1">/, name);
    assert.deepEqual([...page.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]), [`../${name}/`], name);
    assert.doesNotMatch(page, /<!-- example (head|nav) -->/, name);
  }
});

test("lab page: thousands of generated entries, sorted and searched in the browser", async (t) => {
  assert.ok(!existsSync(join(examples, "lab", "papers.bib")), "the lab's papers.bib is generated by ./dev.sh, not committed");
  const bibText = readFileSync(join(site, "lab", "papers.bib"), "utf8");
  const count = (bibText.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;
  assert.ok(count >= 2000, `only ${count} entries`);
  const attrs = shelfAttributes(readFileSync(join(examples, "lab", "index.html"), "utf8"));
  const element = () => settled(page);

  const { page, errors } = await open(browser.context, `${server.url}/lab/`);
  let keys = await ready(page);
  assert.equal(keys.length, count);
  let want = expected(bibText, attrs);
  assert.deepEqual(keys, want.keys);
  // Lazy rendering: the first entries are in the DOM with the lab members in bold.
  const first = await shown(page, 40);
  assert.deepEqual(first.map((e) => e.owners), want.owners.slice(0, first.length));
  assert.ok(first.some((e) => e.owners.length), "no lab member among the first entries");
  // The authors' marks are explained: each mark the list shows has its line in the legend.
  const legend = await inShadow(page, ".ps-legend", (el) => (el.hidden ? "" : el.textContent));
  for (const mark of new Set(want.view.marks)) assert.ok(legend.includes(mark), `the legend explains "${mark}": ${legend}`);

  for (const [sort, search] of [["title-asc", ""], ["author-asc", ""], ["year-asc", "gpu scheduling"], ["year-desc", "Łukasiewicz llm"]]) {
    const t0 = Date.now();
    await shadow(page, "select.ps-sort").selectOption(sort);
    await shadow(page, "input.ps-search").fill(search);
    keys = await element();
    const ms = Date.now() - t0;
    want = expected(bibText, attrs, { sort, search });
    assert.deepEqual(keys, want.keys, `${sort} / ${search}`);
    if (search) {
      assert.ok(keys.length > 0 && keys.length < count, `${search}: ${keys.length}`);
      assert.match(await inShadow(page, ".ps-count", (el) => el.textContent), new RegExp(`^${keys.length.toLocaleString("en")} of ${count.toLocaleString("en")}\\b`));
    }
    t.diagnostic(`${count} entries, sort ${sort}, search "${search}": ${keys.length} shown, ${ms} ms`);
    assert.ok(ms < 10000, `${sort} / ${search} took ${ms} ms`);
  }
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Runs `npm pack` for the package into `dir` and installs it there offline. */
function installPackage(dir) {
  installTarball(dir, packWeb(webDir, dir));
}

test("examples/node: the documented commands, run against the packed package, print what the core computes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "papershelf-node-example-"));
  try {
    cpSync(join(examples, "node"), dir, { recursive: true });
    installPackage(dir);
    const bibPath = join(examples, "homepage", "papers.bib");
    const bibText = readFileSync(bibPath, "utf8");
    const commands = fencedBlocks(readFileSync(join(examples, "node", "README.md"), "utf8"))
      .filter((b) => b.lang === "sh").flatMap((b) => shellCommands(b.code)).filter((c) => c.startsWith("node "));
    assert.ok(commands.length >= 2, commands.join("\n"));
    for (const command of commands) {
      const args = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]).slice(1)
        .map((a) => (a === "../homepage/papers.bib" ? bibPath : a));
      const opt = (name, fallback) => { const i = args.indexOf(`--${name}`); return i < 0 ? fallback : args[i + 1]; };
      const out = execFileSync("node", args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      const library = shelf.parse(bibText);
      const view = library.query({ filter: opt("filter", ""), search: opt("search", ""), sort: opt("sort", "year-desc") });
      assert.ok(view.entries.length > 0, command);
      const citations = await Promise.all(view.entries.map(async (index, i) => `[${i + 1}] ${await library.cite(index, opt("style", "ieee"))}`));
      assert.deepEqual(out.trimEnd().split("\n"), citations, command);
      if (opt("json")) {
        const written = JSON.parse(readFileSync(join(dir, opt("json")), "utf8"));
        assert.deepEqual(written, library.entries(view.entries, { owner: opt("owner", "") }));
        assert.ok(written.every((e) => e.authors.some((a) => a.owner)), "owner flagged");
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// ------------------------------------------------------------------ static-site guide

const guide = readFileSync(join(repo, "docs", "static-sites.md"), "utf8");
const guideBlocks = fencedBlocks(guide);

/**
 * Runs a guide section's shell blocks in a scratch site, in order, with the package installed from
 * its `npm pack` tarball (offline: the guide's `npm install papershelf` stands for that), so the
 * commands see only what a researcher gets: node_modules/papershelf and `npx papershelf`. The first
 * block sets the site up once; `beforeBuild` then writes the site's pages, and the last block
 * builds it (`bundle exec` left out: Debian's jekyll runs without Bundler).
 */
function runGuideShell(section, dir, beforeBuild) {
  const blocks = guideBlocks.filter((b) => b.section.startsWith(section) && b.lang === "sh");
  assert.equal(blocks.length, 2, `${section}: a block to set up, a block to build`);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "site", private: true }));
  const tarball = packWeb(webDir, dir);
  installTarball(dir, tarball);
  rmSync(tarball);
  const [setUp, build] = blocks;
  const code = setUp.code.replace(/^npm install papershelf\n/m, "");
  assert.notEqual(code, setUp.code, `${section}: the guide installs the package first`);
  for (const step of [code, build.code]) {
    assert.doesNotMatch(step, /PAPERSHELF|build\/|web\/dist/, `${section}: only the installed package`);
    if (step === build.code) beforeBuild();
    try {
      execFileSync("bash", ["-euo", "pipefail", "-c", step.replaceAll("bundle exec jekyll", "jekyll")], { cwd: dir, stdio: "pipe" });
    } catch (error) {
      assert.fail(`${section}: ${step}\n${error.stderr}`);
    }
  }
  return shellCommands(build.code);
}

/**
 * The `run` steps of a workflow in examples/static-site/github-actions/, as commands, without the
 * base path GitHub Pages gives the build (web/test/workflows.test.mjs runs them with it).
 */
function workflowRuns(name) {
  const yml = readFileSync(join(examples, "static-site", "github-actions", name), "utf8");
  return [...yml.matchAll(/^\s*- run: (.*)$/gm)].map((m) => m[1].trim().replace(/ --base(url|URL) "\$BASE_(PATH|URL)\/?"$/, ""));
}

/** The one-line include/shortcode of a guide section (its non-sh block). */
function guideLine(section, lang) {
  const b = guideBlocks.find((x) => x.section.startsWith(section) && x.lang === lang);
  assert.ok(b, `${section}: no ${lang} block`);
  const lines = b.code.split("\n").filter((l) => l.trim());
  assert.equal(lines.length, 1, "the include is one line");
  return lines[0];
}

// The include and the shortcode take the element's other attributes by the element's names.
// (toolbar, not the older name controls: hugo --minify writes controls="search" as controls, the
// boolean attribute of <video>.)
const options = { "max-authors": "2", group: "year", sort: "year-asc", toolbar: "search" };
const withOptions = (line, end) => line.replace(end, `${Object.entries(options).map(([k, v]) => ` ${k}="${v}"`).join("")}${end}`);

/** A generated page whose one line sets `options`: they reach the element and its prerendered list. */
async function checkOptions(root, path, bibText, owner) {
  const attrs = shelfAttributes(readFileSync(join(root, path, "index.html"), "utf8"));
  assert.deepEqual(Object.fromEntries(Object.keys(options).map((k) => [k, attrs[k]])), options, path);
  await checkGeneratedPage(root, path, bibText, owner);
}

/** Checks a generated page: the pre-rendered list in its HTML, then the element taking over. */
async function checkGeneratedPage(root, path, bibText, owner) {
  const html = readFileSync(join(root, path, "index.html"), "utf8");
  const attrs = shelfAttributes(html);
  assert.equal(attrs.owner, owner);
  const want = expected(bibText, attrs);
  const fallback = html.slice(html.indexOf("<paper-shelf"), html.indexOf("</paper-shelf>"));
  assert.deepEqual([...fallback.matchAll(/<li class="ps-entry[^"]*" id="ps-([^"]+)"/g)].map((m) => m[1]), want.keys);
  assert.equal((fallback.match(/class="ps-author ps-owner"/g) ?? []).length, want.owners.flat().length);
  assert.doesNotMatch(fallback, /\{% *(end)?raw/);
  const local = await serve(root);
  try {
    // Without JavaScript the prerendered list is styled by the page's papershelf.css: a list
    // without numbers, the owner in bold.
    const still = await browser.context.newPage();
    await still.route(/papershelf\.js$/, (route) => route.abort());
    await still.goto(`${local.url}/${path}/`);
    const look = await still.evaluate(() => ({ owner: Number(getComputedStyle(document.querySelector("paper-shelf .ps-owner")).fontWeight),
      list: getComputedStyle(document.querySelector("paper-shelf .ps-list")).listStyleType }));
    assert.deepEqual({ bold: look.owner >= 600, list: look.list }, { bold: true, list: "none" }, `${path} without JavaScript`);
    await still.close();
    // With scripts on, the list stands where the live one will (the toolbar's room above it).
    const firstTitleTop = (root) => (root === "live" ? document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results")
      : document.querySelector("paper-shelf")).querySelector(".ps-entry .ps-title").getBoundingClientRect().top + scrollY;
    const loading = await browser.context.newPage();
    await loading.route(/papershelf\.js$/, (route) => route.abort());
    await loading.goto(`${local.url}/${path}/`);
    const before = await loading.evaluate(firstTitleTop, "static");
    await loading.close();
    const { page, errors } = await open(browser.context, `${local.url}/${path}/`);
    // The element adopts the prerendered list (the live toolbar in its room): nothing moves.
    assert.deepEqual(await ready(page), want.keys);
    assert.equal(await fallbackShown(page), true);
    const adopted = await page.evaluate(firstTitleTop, "static");
    assert.ok(Math.abs(adopted - before) < 1, `${path}: the first paper moved from ${before} to ${adopted} when the element adopted it`);
    // The visitor's first input: the live list takes over, where the prerendered one was.
    assert.deepEqual(await live(page), want.keys);
    const after = await page.evaluate(firstTitleTop, "live");
    assert.ok(Math.abs(after - before) < 1, `${path}: the first paper moved from ${before} to ${after} when the element took over`);
    assert.deepEqual((await shown(page)).map((e) => e.owners), want.owners);
    assert.equal(await fallbackShown(page), false);
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await local.close();
  }
}

/** `jekyll serve` in the site `dir` (into a folder of its own): the element at /PATH/ lists the .bib. */
async function checkServed(dir, path, bibText) {
  const { spawn } = await import("node:child_process");
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => { const { port } = probe.address(); probe.close(() => resolve(port)); });
  });
  const served = join(dir, "_served");
  const jekyll = spawn("jekyll", ["serve", "--no-watch", "--host", "127.0.0.1", "--port", String(port), "--destination", served], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let said = "";
  jekyll.stdout.on("data", (b) => { said += b; });
  jekyll.stderr.on("data", (b) => { said += b; });
  try {
    await new Promise((resolve, reject) => {
      jekyll.once("exit", (code) => reject(new Error(`jekyll serve exited (${code}):\n${said}`)));
      const check = () => { if (said.includes("Server running")) resolve(); };
      jekyll.stdout.on("data", check);
      jekyll.stderr.on("data", check);
    });
    // (no prerendered list there: the element makes it from the .bib the site published)
    assert.doesNotMatch(readFileSync(join(served, path, "index.html"), "utf8"), /<li class="ps-entry/);
    const want = expected(bibText, shelfAttributes(readFileSync(join(served, path, "index.html"), "utf8")));
    const { page, errors } = await open(browser.context, `http://127.0.0.1:${port}/${path}/`);
    assert.deepEqual(await ready(page), want.keys, `jekyll serve: ${said}`);
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    jekyll.kill();
  }
}

test("static-site guide, Jekyll (al-folio): set up once, the one-line include, built by jekyll, prerendered, element takes over", async () => {
  execFileSync("jekyll", ["--version"], { stdio: "pipe" });   // installed by toolchains/bootstrap.sh
  const dir = mkdtempSync(join(tmpdir(), "papershelf-jekyll-"));
  try {
    // An al-folio-shaped site: the list in _bibliography/ (with front matter), pages in _pages/.
    mkdirSync(join(dir, "_bibliography"), { recursive: true });
    const bibText = readFileSync(join(examples, "homepage", "papers.bib"), "utf8");
    writeFileSync(join(dir, "_bibliography", "papers.bib"), bibText);
    const line = guideLine("Jekyll", "liquid");
    const owner = line.match(/owner="([^"]*)"/)[1];
    const commands = runGuideShell("Jekyll", dir, () => {
      writeFileSync(join(dir, "_config.yml"), 'title: A researcher\ninclude: ["_pages"]\nexclude: ["package.json", "package-lock.json"]\n');
      mkdirSync(join(dir, "_layouts"));
      writeFileSync(join(dir, "_layouts", "default.html"),
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ page.title }}</title><link rel="icon" href="data:,"></head><body><main>{{ content }}</main></body></html>\n');
      mkdirSync(join(dir, "_pages"));
      writeFileSync(join(dir, "_pages", "publications.md"), `---\nlayout: default\ntitle: Publications\npermalink: /publications/\n---\n\nSome text before.\n\n${line}\n\nSome text after.\n`);
      writeFileSync(join(dir, "_pages", "grouped.md"), `---\nlayout: default\ntitle: Grouped\npermalink: /grouped/\n---\n\n${withOptions(line, " %}")}\n`);
    });
    // The site's source is left as it was; the plugin setup wrote and prerender published the
    // .bib (which Jekyll leaves out of _site) where the element fetches it, byte for byte.
    assert.equal(existsSync(join(dir, "assets", "bibliography")), false);
    assert.ok(existsSync(join(dir, "_plugins", "papershelf.rb")));
    assert.equal(readFileSync(join(dir, "_site", "assets", "bibliography", "papers.bib"), "utf8"), bibText);
    // The workflow builds with the same commands.
    assert.deepEqual(workflowRuns("jekyll.yml"), ["npm ci", ...commands]);
    await checkGeneratedPage(join(dir, "_site"), "publications", bibText, owner);
    await checkOptions(join(dir, "_site"), "grouped", bibText, owner);
    // Everyone's preview, `jekyll serve`, with no prerender step: the list loads.
    await checkServed(dir, "publications", bibText);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("static-site guide, Hugo: set up once, the one-line shortcode, built by hugo --minify, prerendered, element takes over", async () => {
  execFileSync("hugo", ["version"], { stdio: "pipe" });   // installed by toolchains/bootstrap.sh
  const dir = mkdtempSync(join(tmpdir(), "papershelf-hugo-"));
  try {
    const bibText = readFileSync(join(examples, "homepage", "papers.bib"), "utf8");
    mkdirSync(join(dir, "static"), { recursive: true });
    writeFileSync(join(dir, "static", "papers.bib"), bibText);
    const line = guideLine("Hugo", "md");
    const commands = runGuideShell("Hugo", dir, () => {
      // A bare Hugo site standing in for the theme.
      writeFileSync(join(dir, "hugo.toml"), 'baseURL = "/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n');
      mkdirSync(join(dir, "layouts", "_default"), { recursive: true });
      writeFileSync(join(dir, "layouts", "_default", "single.html"),
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title><link rel="icon" href="data:,"></head><body><main>{{ .Content }}</main></body></html>\n');
      mkdirSync(join(dir, "content"));
      writeFileSync(join(dir, "content", "publications.md"), `---\ntitle: Publications\n---\n\nSome text before.\n\n${line}\n\nSome text after.\n`);
      writeFileSync(join(dir, "content", "grouped.md"), `---\ntitle: Grouped\n---\n\n${withOptions(line, " >}}")}\n`);
    });
    assert.deepEqual(workflowRuns("hugo.yml"), ["npm ci", ...commands]);
    await checkGeneratedPage(join(dir, "public"), "publications", bibText, line.match(/owner="([^"]*)"/)[1]);
    await checkOptions(join(dir, "public"), "grouped", bibText, line.match(/owner="([^"]*)"/)[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
