// What users really get: `npm pack`, install the tarball into an empty folder, import it from ESM
// and from CommonJS (dynamic import), and use it; its README is the npm page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { installTarball, packWeb } from "./support/cli.mjs";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");

test("npm pack -> install -> import from ESM and CommonJS", () => {
  const dir = mkdtempSync(join(tmpdir(), "papershelf-pack-"));
  try {
    installTarball(dir, packWeb(webDir, dir));
    // The npm page: the package's README (web/README.md, its blocks run by readme.test.mjs).
    assert.match(readFileSync(join(dir, "node_modules", "papershelf", "README.md"), "utf8"), /^# papershelf\n/);
    const esm = `import { load } from "papershelf";
const ps = await load();
const lib = ps.parse("@article{k, title={T{\\\\'e}st}, author={Hu, Qinghao}, year=2020}");
console.log(JSON.stringify(lib.entries(lib.query().entries)));`;
    writeFileSync(join(dir, "esm.mjs"), esm);
    const out = JSON.parse(execFileSync("node", ["esm.mjs"], { cwd: dir, encoding: "utf8" }));
    assert.equal(out[0].title, "Tést");
    const cjs = `import("papershelf").then(async ({ load }) => {
  const lib = (await load()).parse('[{"id":"x","title":"CJS"}]');
  console.log(lib.query().keys.join());
});`;
    writeFileSync(join(dir, "cjs.cjs"), cjs);
    assert.equal(execFileSync("node", ["cjs.cjs"], { cwd: dir, encoding: "utf8" }).trim(), "x");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
