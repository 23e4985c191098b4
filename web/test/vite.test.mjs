// A Vite consumer build of examples/npm-vite against the packed npm package, then run in Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch, open } from "./support/browser.mjs";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const example = join(webDir, "..", "examples", "npm-vite");

test("Vite bundles the package (wasm emitted as an asset) and the page works", async () => {
  const dir = mkdtempSync(join(tmpdir(), "papershelf-vite-"));
  try {
    cpSync(example, dir, { recursive: true });
    const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: webDir, encoding: "utf8" }).trim().split("\n").pop();
    // Install only the package (offline); Vite itself comes from the repo's dev dependencies.
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", join(dir, tarball)], { cwd: dir, stdio: "pipe" });
    execFileSync(join(webDir, "node_modules", ".bin", "vite"), ["build", "--logLevel", "error"], { cwd: dir, stdio: "pipe" });
    const assets = readdirSync(join(dir, "dist", "assets"));
    assert.ok(assets.some((f) => f.endsWith(".wasm")), assets.join());
    const server = await serve(join(dir, "dist"));
    const browser = await launch();
    try {
      const { page, errors } = await open(browser.context, `${server.url}/`);
      await page.waitForFunction(() => window.visibleKeys?.length === 3, null, { timeout: 15000 });
      assert.deepEqual(await page.evaluate(() => window.visibleKeys), ["ye2024survey", "hu2023hydro", "hu2023lucid"]);
      await page.fill("#search", "lucid");
      assert.deepEqual(await page.evaluate(() => window.visibleKeys), ["hu2023lucid"]);
      assert.equal(await page.locator(".ps-owner").first().textContent(), "Qinghao Hu*");
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
