// Vite consumer builds against the packed npm package (installed from the `npm pack` tarball, as a
// user would), then run in Chromium: the core API (examples/npm-vite), and the element from
// `import "papershelf/element"`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch, open, ready } from "./support/browser.mjs";
import { installTarball, packWeb } from "./support/cli.mjs";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(webDir, "..");
const example = join(repo, "examples", "npm-vite");

let work, tarball;
before(() => {
  work = mkdtempSync(join(tmpdir(), "papershelf-vite-"));
  tarball = packWeb(webDir, work);
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Installs only the package (offline) into a new app folder holding `files`; Vite itself comes
 *  from the repo's dev dependencies. Returns the folder. */
function app(name, files) {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    if (typeof body === "string") writeFileSync(join(dir, path), body);
    else cpSync(body.copy, join(dir, path), { recursive: true });
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  installTarball(dir, tarball);
  execFileSync(join(webDir, "node_modules", ".bin", "vite"), ["build", "--logLevel", "error"], { cwd: dir, stdio: "pipe" });
  return dir;
}

async function inBrowser(root, fn) {
  const server = await serve(root);
  const browser = await launch();
  try {
    await fn(browser, server);
  } finally {
    await browser.close();
    await server.close();
  }
}

test("Vite bundles the package (wasm emitted as an asset) and the page works", async () => {
  const dir = app("api", { ".": { copy: example } });
  const assets = readdirSync(join(dir, "dist", "assets"));
  assert.ok(assets.some((f) => f.endsWith(".wasm")), assets.join());
  await inBrowser(join(dir, "dist"), async (browser, server) => {
    const { page, errors } = await open(browser.context, `${server.url}/`);
    await page.waitForFunction(() => window.visibleKeys?.length === 3, null, { timeout: 15000 });
    assert.deepEqual(await page.evaluate(() => window.visibleKeys), ["ye2024survey", "hu2023hydro", "hu2023lucid"]);
    await page.fill("#search", "lucid");
    assert.deepEqual(await page.evaluate(() => window.visibleKeys), ["hu2023lucid"]);
    assert.equal(await page.locator(".ps-owner").first().textContent(), "Qinghao Hu*");
    assert.deepEqual(errors, []);
  });
});

test('import "papershelf/element": Vite emits both cores, and the element lists, searches and opens BibTeX and Cite', async () => {
  const bib = readFileSync(join(repo, "examples", "homepage", "papers.bib"), "utf8");
  const count = (bib.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;
  const dir = app("element", {
    "index.html": `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>papershelf element + Vite</title></head>
<body><main><h1>Publications</h1>
<paper-shelf src="/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf>
</main><script type="module" src="./main.js"></script></body></html>`,
    "main.js": `import "papershelf/element";\n`,
    "public/papers.bib": bib,
    "vite.config.js": { copy: join(example, "vite.config.js") },
  });
  // Only the element entry is imported, yet its cores (the page's, and the fast one that makes
  // citations) are assets of the build, found through new URL(..., import.meta.url).
  const assets = readdirSync(join(dir, "dist", "assets"));
  for (const core of ["papershelf-core", "papershelf-core-fast", "papershelf-canvas"])
    assert.ok(assets.some((f) => new RegExp(`^${core}-[\\w-]+\\.wasm$`).test(f) && !(core === "papershelf-core" && f.startsWith("papershelf-core-fast"))), `${core}: ${assets.join()}`);
  const manifest = JSON.parse(readFileSync(join(dir, "node_modules", "papershelf", "dist", "custom-elements.json"), "utf8"));
  const declared = manifest.modules[0].declarations.find((d) => d.tagName === "paper-shelf");

  await inBrowser(join(dir, "dist"), async (browser, server) => {
    const { page, errors } = await open(browser.context, `${server.url}/`);
    assert.equal((await ready(page)).length, count);
    // The manifest lists every attribute the element observes (and `prerender`, which only the
    // CLI reads, and `cite-styles`, read when a Cite panel opens).
    const observed = await page.evaluate(() => customElements.get("paper-shelf").observedAttributes);
    assert.deepEqual(declared.attributes.map((a) => a.name).filter((a) => !observed.includes(a)), ["cite-styles", "prerender"]);
    assert.deepEqual(observed.filter((a) => !declared.attributes.some((d) => d.name === a)), []);
    // The stylesheet is the package's (adopted by the shadow root).
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-list")).listStyleType), "none");

    await page.locator("paper-shelf >> input.ps-search").fill("hydro");
    await page.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys.join() === "hu2023hydro", null, { timeout: 15000 });
    // BibTeX and Cite come from the fast core, fetched now from the build's assets.
    await page.locator('paper-shelf >> li[data-key="hu2023hydro"] details.ps-bibtex > summary').click();
    const bibtex = page.locator('paper-shelf >> li[data-key="hu2023hydro"] details.ps-bibtex .ps-panel pre');
    await bibtex.waitFor({ timeout: 15000 });
    assert.match(await bibtex.textContent(), /^@inproceedings\{hu2023hydro,/);
    await page.locator('paper-shelf >> li[data-key="hu2023hydro"] details.ps-cite > summary').click();
    const citation = page.locator('paper-shelf >> li[data-key="hu2023hydro"] details.ps-cite .ps-citation');
    await citation.waitFor({ timeout: 15000 });
    assert.match(await citation.textContent(), /Hydro/);
    assert.deepEqual(errors, []);
  });
});

/** Starts Vite's dev server in `dir` on a free port; resolves to { url, close }. */
function devServer(dir) {
  const vite = spawn(join(webDir, "node_modules", ".bin", "vite"), ["--host", "127.0.0.1", "--port", "0", "--strictPort"],
    { cwd: dir, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  const closed = new Promise((ok) => vite.once("exit", ok));
  return new Promise((ok, fail) => {
    let out = "";
    vite.stdout.on("data", (chunk) => {
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out += chunk)?.[0];
      if (url) ok({ url, close: () => { vite.kill(); return closed; } });
    });
    vite.once("exit", (code) => fail(new Error(`vite exited (${code}): ${out}`)));
  });
}

test("the element in Vite's dev server, with the example's vite.config.js", async () => {
  const dir = join(work, "element");  // (installed and built by the test above)
  const vite = await devServer(dir);
  const browser = await launch();
  try {
    const { page, errors } = await open(browser.context, `${vite.url}/`);
    assert.ok((await ready(page)).length > 0);
    assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").diagnostics), []);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await vite.close();
  }
});
