// Every fenced code block in README.md and web/README.md (the package's) is tested here, or marked as mirrored by a tested example:
//   sh    commands are run when safe (`papershelf ...` with the built CLI on sample data,
//         `npm install papershelf` against the packed package); others (builds, ./dev.sh, benches)
//         are checked: bash syntax, ./dev.sh subcommands, repository paths and CMake targets exist
//   html  loaded in Chromium next to the built script, the .wasm and a sample papers.bib; every
//         <paper-shelf> must render what the core computes, with the owner highlighted
//   js    run as an ES module under Node against the built package (`bibText` = a sample .bib)
//   json  parsed, and read by `papershelf check` without errors
// Any other block needs `<!-- snippet: mirrored by examples/NAME -->` right above it, naming an
// example that a test in web/test exercises. A block that is neither fails the test.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { load } from "../dist/node.js";
import { serve } from "./support/server.mjs";
import { launch, open, ready } from "./support/browser.mjs";
import { fencedBlocks, shellCommands } from "./support/markdown.mjs";
import { installTarball, packWeb } from "./support/cli.mjs";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(webDir, "..");
const cli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");   // override: another build
const readme = readFileSync(join(repo, "README.md"), "utf8");
// The package's own README (the npm page) is held to the same rules.
const blocks = [["README.md", readme], ["web/README.md", readFileSync(join(webDir, "README.md"), "utf8")]]
  .flatMap(([file, text]) => fencedBlocks(text).map((block) => ({ ...block, file })));
const sampleBib = readFileSync(join(repo, "examples", "homepage", "papers.bib"), "utf8");
const where = (b) => `${b.file}:${b.line} (${b.section})`;

let sandbox, shelf, browser, openalex, openalexApi;
before(async () => {
  // `npx papershelf sync --openalex ...` fetches from OpenAlex: here a recorded response replayed
  // on 127.0.0.1 by a process of its own (the snippets run synchronously).
  const { spawn } = await import("node:child_process");
  openalex = spawn(process.execPath, [join(webDir, "test", "support", "openalex-replay.mjs"), join(repo, "tests", "fixtures", "openalex", "priem-A5023888391-page1.json")], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise((resolve, reject) => {
    openalex.stdout.once("data", (b) => resolve(String(b).trim()));
    openalex.once("exit", (code) => reject(new Error(`the OpenAlex replay exited (${code})`)));
  });
  openalexApi = `http://127.0.0.1:${port}`;
  assert.ok(existsSync(cli), "build/native is missing: run ./dev.sh test");
  assert.ok(existsSync(join(webDir, "dist", "papershelf.js")), "web/dist is missing: run ./dev.sh test");
  shelf = await load();
  // Sample data the snippets name: papers.bib (the example homepage's) and refs.json (its CSL-JSON).
  sandbox = mkdtempSync(join(tmpdir(), "papershelf-readme-"));
  writeFileSync(join(sandbox, "papers.bib"), sampleBib);
  // A page for `papershelf prerender` to fill.
  writeFileSync(join(sandbox, "page.html"), `<!doctype html><paper-shelf src="papers.bib" owner="Qinghao Hu"><!-- papershelf:prerender --></paper-shelf>\n`);
  writeFileSync(join(sandbox, "refs.json"), execFileSync(cli, ["render", "papers.bib", "--format", "csl-json"], { cwd: sandbox }));
  mkdirSync(join(sandbox, ".bin"));
  symlinkSync(cli, join(sandbox, ".bin", "papershelf"));
  // `npx papershelf` runs the package's own CLI (WebAssembly under Node), installed from the
  // packed package as a researcher installs it.
  writeFileSync(join(sandbox, "package.json"), JSON.stringify({ name: "site", private: true }));
  installTarball(sandbox, packWeb(webDir, sandbox));
});
after(async () => { openalex?.kill(); await browser?.close(); if (sandbox) rmSync(sandbox, { recursive: true, force: true }); });

test("the README comes to the researcher first: picture, add it to a site with Node alone, then how to build from source", () => {
  const head = (title) => readme.indexOf(`\n## ${title}\n`);
  const addIt = head("Add it to your site"), quickStart = head("Quick start: build from source");
  assert.ok(addIt > 0 && quickStart > addIt, "Add it to your site, then Quick start: build from source");
  assert.match(readme.slice(0, addIt), /!\[[^\]]*\]\(docs\/screenshot\.png\)/, "screenshot made by web/test/examples.test.mjs");
  assert.ok(existsSync(join(repo, "docs", "screenshot.png")));
  const routes = readme.slice(addIt, quickStart);
  for (const needed of [/npm install papershelf/, /<paper-shelf src=/, /npx papershelf prerender/, /import "papershelf\/element"/, /docs\/static-sites\.md/])
    assert.match(routes, needed);
  assert.doesNotMatch(routes, /\.\/dev\.sh (serve|test)|build\/native/, "a researcher's route needs no build");
  // Build from source: exactly the two commands (serve the example, run the whole test suite).
  const quick = fencedBlocks(readme.slice(quickStart, readme.indexOf("\n## ", quickStart + 1)));
  assert.deepEqual(quick.flatMap((b) => shellCommands(b.code)).map((c) => c.split(/\s+#/)[0].trim()), ["./dev.sh serve", "./dev.sh test"]);
  assert.ok(blocks.length >= 5, `${blocks.length} blocks`);
});

// ------------------------------------------------------------------ sh

const cmakeTargets = (() => {
  const names = new Set();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory() && !["build", "node_modules", "third_party", ".git"].includes(e.name)) walk(join(dir, e.name));
      else if (e.name === "CMakeLists.txt")
        for (const m of readFileSync(join(dir, e.name), "utf8").matchAll(/add_(?:executable|library|custom_target)\(\s*([\w-]+)/g)) names.add(m[1]);
    }
  };
  walk(repo);
  return names;
})();
const REPO_DIRS = /^(bench|cli|core|docs|examples|fuzz|tests|toolchains|web|widget)\//;

/** Checks a command that is not run: programs, subcommands, paths and targets it names exist. */
function checkCommand(command, at) {
  for (const simple of command.replace(/\\\n/g, " ").split(/&&|\|\||[;|()]/)) {
    const words = [...simple.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
    while (words.length && /^\w+=/.test(words[0])) words.shift();   // VAR=value prefixes
    if (!words.length) continue;
    const [program, ...args] = words;
    if (program === "./dev.sh") {
      const dev = readFileSync(join(repo, "dev.sh"), "utf8");
      assert.match(dev, new RegExp(`^  ${args[0]}\\)`, "m"), `${at}: ./dev.sh has no "${args[0]}"`);
      if (args[0] === "serve") assert.match(dev, /homepage\//, `${at}: serve prints the homepage URL`);
    } else if (program.startsWith("build/")) {
      const name = program.split("/").pop();
      assert.ok(cmakeTargets.has(name), `${at}: no CMake target ${name}`);
    } else {
      assert.ok(spawnSync("bash", ["-c", `command -v ${program}`]).status === 0 || existsSync(join(repo, program)), `${at}: unknown program ${program}`);
    }
    args.forEach((a, i) => {
      if (REPO_DIRS.test(a)) assert.ok(existsSync(join(repo, a)), `${at}: ${a} does not exist`);
      if (args[i - 1] === "--target") assert.ok(cmakeTargets.has(a), `${at}: no CMake target ${a}`);
      if (args[i - 1] === "-S") assert.ok(existsSync(join(repo, a, "CMakeLists.txt")), `${at}: -S ${a}`);
    });
  }
}

/** Runs `npm install papershelf` against the package as packed from web/ (offline), then imports it. */
function runNpmInstall() {
  const dir = mkdtempSync(join(tmpdir(), "papershelf-readme-npm-"));
  try {
    installTarball(dir, packWeb(webDir, dir));
    const out = execFileSync("node", ["--input-type=module", "-e", 'const { load } = await import("papershelf"); console.log(typeof (await load()).parse)'], { cwd: dir, encoding: "utf8" });
    assert.equal(out.trim(), "function");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const block of blocks.filter((b) => b.lang === "sh" || b.lang === "bash" || b.lang === "shell")) {
  test(`sh block at ${where(block)}`, () => {
    assert.equal(spawnSync("bash", ["-n", "-c", block.code]).status, 0, `${where(block)}: bash syntax`);
    for (const command of shellCommands(block.code)) {
      const at = `${where(block)}: ${command.split("\n")[0]}`;
      if (/^(npx )?papershelf\s/.test(command)) {
        // Safe: the built CLI on the sample data, in the sandbox (npx: the installed package's).
        const r = spawnSync("bash", ["-euo", "pipefail", "-c", command], { cwd: sandbox, encoding: "utf8",
          env: { ...process.env, PAPERSHELF_OPENALEX_API: openalexApi, PATH: command.startsWith("npx ") ? process.env.PATH : `${join(sandbox, ".bin")}:${process.env.PATH}` } });
        assert.equal(r.status, 0, `${at}\n${r.stderr}`);
        const redirect = command.match(/(?:>|\s-o)\s*(\S+)\s*$/);
        const output = redirect ? readFileSync(join(sandbox, redirect[1]), "utf8") : r.stdout + r.stderr;
        assert.ok(output.trim().length > 0, `${at}: no output`);
        if (/^(npx )?papershelf (render|prerender)/.test(command) && !/--format/.test(command)) assert.match(output, /class="ps-author ps-owner"|class="ps-entry"/, at);
      } else if (/^npm install papershelf$/.test(command)) {
        runNpmInstall();
      } else if (/^cp node_modules\/papershelf\//.test(command)) {
        // Copies out of the installed package: run in the sandbox, where it is installed.
        const r = spawnSync("bash", ["-euo", "pipefail", "-c", command], { cwd: sandbox, encoding: "utf8" });
        assert.equal(r.status, 0, `${at}\n${r.stderr}`);
      } else {
        checkCommand(command, at);
      }
    }
  });
}

// ------------------------------------------------------------------ html

for (const block of blocks.filter((b) => b.lang === "html")) {
  test(`html block at ${where(block)} renders in Chromium`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "papershelf-readme-html-"));
    const server = await serve(dir);
    try {
      // (in papershelf/, where `setup page` puts them, when the snippet names them there)
      const into = block.code.includes('src="papershelf/papershelf.js"') ? join(dir, "papershelf") : dir;
      mkdirSync(into, { recursive: true });
      // (what a page loads: the build's list)
      for (const f of JSON.parse(readFileSync(join(webDir, "dist", "browser-files.json"), "utf8")).files) copyFileSync(join(webDir, "dist", f), join(into, f));
      writeFileSync(join(dir, "papers.bib"), sampleBib);
      writeFileSync(join(dir, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>README snippet</title><link rel="icon" href="data:,"></head><body><main>\n${block.code}\n</main></body></html>`);
      browser ??= await launch();
      const { page, errors } = await open(browser.context, `${server.url}/`);
      const count = await page.locator("paper-shelf").count();
      assert.ok(count >= 1, `${where(block)}: no <paper-shelf>`);
      for (let i = 0; i < count; i++) {
        const sel = `paper-shelf:nth-of-type(${i + 1})`;
        await ready(page, sel);
        const state = await page.evaluate((s) => {
          const el = document.querySelector(s);
          return { keys: el.visibleKeys, error: el.shadowRoot.querySelector(".ps-error")?.textContent ?? "",
            owners: [...el.shadowRoot.querySelectorAll(".ps-results .ps-owner")].length,
            src: el.getAttribute("src"), owner: el.getAttribute("owner") };
        }, sel);
        assert.equal(state.error, "", where(block));
        if (state.src === "papers.bib") {
          const library = shelf.parse(sampleBib);
          const view = library.query({ sort: await page.evaluate((s) => document.querySelector(s).getAttribute("sort") ?? undefined, sel) });
          assert.deepEqual(state.keys, view.keys, where(block));
          if (state.owner) {
            const want = library.entries(view.entries, { owner: state.owner }).flatMap((e) => e.authors.filter((a) => a.owner)).length;
            assert.ok(want > 0 && state.owners === want, `${where(block)}: ${state.owners} owner names in bold, core says ${want}`);
          }
        } else {
          assert.ok(state.keys.length > 0, `${where(block)}: empty list`);
        }
      }
      assert.deepEqual(errors, [], where(block));
      await page.close();
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// ------------------------------------------------------------------ js

for (const block of blocks.filter((b) => ["js", "javascript", "mjs"].includes(b.lang))) {
  test(`js block at ${where(block)} runs against the built package`, () => {
    const dir = mkdtempSync(join(tmpdir(), "papershelf-readme-js-"));
    try {
      mkdirSync(join(dir, "node_modules"));
      symlinkSync(webDir, join(dir, "node_modules", "papershelf"), "dir");
      // Free variables the snippets use for "your data".
      const prelude = /\bbibText\b/.test(block.code) && !/\b(const|let|var)\s+bibText\b/.test(block.code)
        ? `const bibText = ${JSON.stringify(sampleBib)};\n` : "";
      writeFileSync(join(dir, "snippet.mjs"), prelude + block.code + "\n");
      const r = spawnSync("node", ["snippet.mjs"], { cwd: dir, encoding: "utf8" });
      assert.equal(r.status, 0, `${where(block)}\n${r.stderr}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// ------------------------------------------------------------------ json

for (const block of blocks.filter((b) => b.lang === "json")) {
  test(`json block at ${where(block)} is read by papershelf check`, () => {
    JSON.parse(block.code);
    writeFileSync(join(sandbox, "snippet.json"), block.code);
    const r = spawnSync(cli, ["check", "snippet.json"], { cwd: sandbox, encoding: "utf8" });
    assert.equal(r.status, 0, `${where(block)}\n${r.stdout}${r.stderr}`);
    assert.match(r.stdout + r.stderr, /[1-9]\d* record\(s\), 0 error\(s\)/, where(block));
  });
}

// ------------------------------------------------------------------ everything else

const HANDLED = new Set(["sh", "bash", "shell", "html", "js", "javascript", "mjs", "json"]);
test("every other README block is mirrored by a tested example", () => {
  const tests = readdirSync(join(webDir, "test")).filter((f) => f.endsWith(".test.mjs"))
    .map((f) => readFileSync(join(webDir, "test", f), "utf8")).join("\n");
  for (const block of blocks.filter((b) => !HANDLED.has(b.lang))) {
    const m = (block.note ?? "").match(/^mirrored by (examples\/[\w./-]+)/);
    assert.ok(m, `${where(block)}: a \`${block.lang || "plain"}\` block is neither run nor marked <!-- snippet: mirrored by examples/NAME -->`);
    assert.ok(existsSync(join(repo, m[1])), `${where(block)}: ${m[1]} does not exist`);
    const name = m[1].replace(/^examples\//, "").split("/")[0];
    assert.ok(tests.includes(`examples/${name}`) || tests.includes(`"${name}"`), `${where(block)}: no web/test file exercises ${m[1]}`);
  }
});
