// `papershelf pages` as Google Scholar and a reader meet it: the pages written from an example's
// file (the native CLI), opened in Debian's Chromium at 375 and 1280 px, light and dark, with no
// axe violation and no console error, no JavaScript needed; the Atom feed read by a real feed
// parser (npm `feedparser`); the screenshots of a paper page and of the list with thumbnails for
// docs/screenshots/. (Scholar's tags themselves are judged in tests/core/pages_test.cpp.)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import FeedParser from "feedparser";
import { serve } from "./support/server.mjs";
import { launch, live, open } from "./support/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const cli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");
const site = process.env.PAPERSHELF_SITE ?? join(repo, "build", "site");
const example = join(repo, "examples", "qizhen-weng");
const SITE_URL = "https://me.example/publications/";

let work, server, browser;
before(async () => {
  assert.ok(existsSync(cli), `${cli} is missing: run ./dev.sh test`);
  work = mkdtempSync(join(tmpdir(), "papershelf-pages-"));
  cpSync(join(example, "papers.bib"), join(work, "papers.bib"));
  // Pages for the browser (links relative, as a reader follows them), and with the site's address
  // for the feed and the sitemap.
  for (const [dir, extra] of [["out", []], ["public", ["--site", SITE_URL]]]) {
    execFileSync(cli, ["pages", "papers.bib", "-o", dir, "--owner", "Qizhen Weng", "--thumbnails", "previews/", ...extra], { cwd: work, stdio: "pipe" });
    cpSync(join(example, "previews"), join(work, dir, "previews"), { recursive: true });
  }
  writeFileSync(join(work, "favicon.ico"), "");  // (as a site has one: the pages link none of their own)
  server = await serve(work);
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); if (work) rmSync(work, { recursive: true, force: true }); });

async function axeViolations(page) {
  await page.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8") });
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length}`));
}

test("the index and every paper page read without JavaScript, with no axe violation, at 375 and 1280 px, light and dark", async () => {
  const pages = readdirSync(join(work, "out")).filter((f) => f.endsWith(".html"));
  assert.ok(pages.includes("index.html") && pages.length >= 10, pages.join(" "));
  const shots = join(repo, "docs", "screenshots");
  mkdirSync(shots, { recursive: true });
  for (const [width, height] of [[375, 812], [1280, 900]]) for (const scheme of ["light", "dark"]) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("response", (r) => { if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
    for (const file of pages) {
      // (Scripting off: the pages are for readers and crawlers that run none.)
      await page.goto(`${server.url}/out/${file}`);
      assert.equal(await page.locator("script:not([type='application/ld+json'])").count(), 0, `${file}: a script`);
      assert.ok(await page.locator("h1").first().isVisible(), `${file}: its heading`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(wide <= 0, `${file} at ${width} px is ${wide} px wider than the screen`);
      if (file === "index.html" || file === "weng2023fgd.html") {
        assert.deepEqual(await axeViolations(page), [], `${file} ${width} ${scheme}`);
      }
      if (file === "weng2023fgd.html") {
        // The paper's picture, its title as the heading, the owner marked.
        const img = page.locator("img.ps-thumbnail");
        await img.scrollIntoViewIfNeeded();
        await page.waitForFunction(() => document.querySelector("img.ps-thumbnail")?.complete);
        assert.ok((await img.evaluate((i) => i.naturalWidth)) > 0, "the thumbnail loads");
        assert.match(await page.locator("h1").first().innerText(), /Beware of Fragmentation/);
        assert.ok(await page.locator(".ps-owner").first().isVisible(), "the owner marked");
        if ((width === 1280) === (scheme === "light")) {  // (a desktop in light, a phone in dark)
          await page.evaluate(() => window.scrollTo(0, 0));
          const shot = join(shots, `paper-page-${width}-${scheme}.jpg`);
          await page.screenshot({ path: shot, type: "jpeg", quality: 80 });
          assert.ok(statSync(shot).size > 5000, shot);
        }
      }
    }
    assert.deepEqual(errors, [], `${width} ${scheme}`);
    await page.close();
  }
});

test("the index links every paper's page, and each page links back", async () => {
  const index = readFileSync(join(work, "out", "index.html"), "utf8");
  const linked = [...index.matchAll(/<cite class="ps-title"[^>]*><a href="([^"]+)"/g)].map((m) => m[1]);
  const written = readdirSync(join(work, "out")).filter((f) => f.endsWith(".html") && f !== "index.html");
  assert.deepEqual([...linked].sort(), [...written].sort());
  for (const file of written) assert.match(readFileSync(join(work, "out", file), "utf8"), /<a href="index.html">/, file);
});

/** The feed as `feedparser` reads it: its meta and items (an invalid feed rejects). */
function parseFeed(path) {
  return new Promise((resolve, reject) => {
    const parser = new FeedParser({ strict: true });
    const items = [];
    let meta;
    parser.on("error", reject);
    parser.on("meta", (m) => { meta = m; });
    parser.on("readable", () => { for (let item; (item = parser.read());) items.push(item); });
    parser.on("end", () => resolve({ meta, items }));
    createReadStream(path).pipe(parser);
  });
}

test("the Atom feed, read by a feed parser: every paper, newest first, linked to its page on the site", async () => {
  const { meta, items } = await parseFeed(join(work, "public", "feed.xml"));
  assert.equal(meta["#type"], "atom");
  assert.equal(meta.title, "Publications");
  const pages = readdirSync(join(work, "public")).filter((f) => f.endsWith(".html") && f !== "index.html");
  assert.equal(items.length, pages.length);
  assert.deepEqual(items.map((i) => i.link).sort(), pages.map((f) => SITE_URL + f).sort());
  const dates = items.map((i) => i.date.getTime());
  assert.deepEqual(dates, [...dates].sort((a, b) => b - a), "newest first");
  const fgd = items.find((i) => i.link.endsWith("/weng2023fgd.html"));
  assert.match(fgd.title, /Beware of Fragmentation/);
  assert.ok(fgd.author.includes("Qizhen Weng"), fgd.author);
  // The sitemap names the index and every page by its address on the site.
  const sitemap = readFileSync(join(work, "public", "sitemap.xml"), "utf8");
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.deepEqual(locs.sort(), [SITE_URL, ...pages.map((f) => SITE_URL + f)].sort());
});

// The example list with its thumbnails, for the README (docs/screenshots/).
test("screenshot: the list with thumbnails at 1280 px", { skip: !existsSync(join(site, "qizhen-weng", "index.html")) && "build/site is missing" }, async () => {
  const siteServer = await serve(site);
  try {
    const { page, errors } = await open(browser.context, "about:blank");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${siteServer.url}/qizhen-weng/`);
    await live(page);
    await page.evaluate(() => { document.querySelector("paper-shelf").shadowRoot.querySelector("[data-key=weng2023fgd]").scrollIntoView(); window.scrollBy(0, -60); });
    await page.waitForFunction(() => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll("img.ps-thumb")].slice(0, 2).every((i) => i.complete && i.naturalWidth > 0));
    const file = join(repo, "docs", "screenshots", "list-thumbnails-1280-light.jpg");
    await page.screenshot({ path: file, type: "jpeg", quality: 80 });
    assert.ok(statSync(file).size > 10000, file);
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await siteServer.close();
  }
});
