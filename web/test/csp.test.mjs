// The script-tag embed under a strict Content-Security-Policy, in Debian's Chromium: no inline
// script, no eval, no inline style. The one exception the embed needs is 'wasm-unsafe-eval' (to
// compile papershelf-core.wasm); the control case without it must fail, so the test can fail.
// Needs web/dist (./dev.sh test builds it).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch, painted } from "./support/browser.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const dist = join(repo, "web", "dist");
const bibText = readFileSync(join(repo, "examples", "homepage", "papers.bib"), "utf8");
const count = (bibText.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;

// What docs/safety.md documents: the embed needs exactly this much.
const STRICT = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; " +
  "img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";

let server, browser;
before(async () => {
  assert.ok(existsSync(join(dist, "papershelf.js")), "web/dist is missing: run ./dev.sh test");
  server = await serve(dist);
  server.pages.set("/papers.bib", { body: bibText, headers: { "content-type": "text/plain; charset=utf-8" } });
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); });

function serveWithPolicy(path, policy, body) {
  server.pages.set(path, { headers: { "content-security-policy": policy }, body: `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>CSP</title>
<script src="/papershelf.js"></script></head><body>
${body}
</body></html>` });
}

/** Opens `path`, recording CSP violations (the recorder is injected by the browser, not the page). */
async function openRecording(path) {
  const page = await browser.context.newPage();
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"}${e.sourceFile ? ` at ${e.sourceFile.split("/").pop()}:${e.lineNumber}:${e.columnNumber}` : ""}${e.sample ? ` "${e.sample}"` : ""}`));
  });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${server.url}${path}`);
  return { page, errors };
}

async function rendered(page) {
  await page.waitForFunction(() => {
    const el = document.querySelector("paper-shelf");
    return el && (el.visibleKeys?.length > 0 || el.shadowRoot?.querySelector(".ps-error"));
  }, null, { timeout: 20000 });
  // The element has rendered what it shows, and the page has painted it: what the policy would
  // block (a style, a handler) has been tried by now.
  await page.evaluate(() => document.querySelector("paper-shelf").updateComplete);
  await painted(page);
}

test("the script-tag embed renders the list under a strict policy, styles included", async () => {
  serveWithPolicy("/strict.html", STRICT, `<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu" profile></paper-shelf>`);
  const { page, errors } = await openRecording("/strict.html");
  await rendered(page);
  const keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.equal(keys.length, count);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  // The stylesheet applies (adopted by the shadow root, so no inline <style> is needed).
  const styled = await page.evaluate(() => {
    const root = document.querySelector("paper-shelf").shadowRoot;
    return { weight: getComputedStyle(root.querySelector(".ps-title")).fontWeight,
      listStyle: getComputedStyle(root.querySelector(".ps-list")).listStyleType,
      adopted: root.adoptedStyleSheets.length, inlineStyles: root.querySelectorAll("style").length };
  });
  // (two sheets: papershelf.css, and the page's own accent when it has one)
  assert.deepEqual(styled, { weight: "600", listStyle: "none", adopted: 2, inlineStyles: 0 });
  // Interaction still works (no handler is an inline attribute).
  await page.locator("paper-shelf >> input.ps-search").fill("hydro");
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys), ["hu2023hydro"]);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

test("the canvas renderer works under the same strict policy", async () => {
  serveWithPolicy("/strict-canvas.html", STRICT, `<paper-shelf src="/papers.bib" owner="Qinghao Hu" renderer="canvas"></paper-shelf>`);
  const { page, errors } = await openRecording("/strict-canvas.html");
  await rendered(page);
  await page.waitForFunction(() => document.querySelector("paper-shelf").canvasLayout?.rows?.length > 0, null, { timeout: 20000 });
  assert.equal((await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys)).length, count);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("style-src 'none' still styles the element: adopted stylesheets are not inline styles", async () => {
  serveWithPolicy("/no-styles.html", STRICT.replace("style-src 'self'", "style-src 'none'"),
    `<paper-shelf src="/papers.bib" owner="Qinghao Hu"></paper-shelf>`);
  const { page } = await openRecording("/no-styles.html");
  await rendered(page);
  assert.equal((await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys)).length, count);
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-title")).fontWeight), "600");
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

test("control: without 'wasm-unsafe-eval' the core cannot compile, and the policy reports it", async () => {
  serveWithPolicy("/no-wasm.html", STRICT.replace(" 'wasm-unsafe-eval'", ""),
    `<paper-shelf src="/papers.bib"></paper-shelf>`);
  const { page } = await openRecording("/no-wasm.html");
  await rendered(page);
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys ?? []), []);
  const violations = await page.evaluate(() => window.__violations);
  assert.ok(violations.some((v) => v.startsWith("script-src")), violations.join("; "));
  await page.close();
});
