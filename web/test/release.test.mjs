// The release a researcher downloads (web/release/release.sh, run by ./dev.sh release):
// papershelf-VERSION-embed.zip holds exactly the files a page with the script tag fetches (the
// element, the page's core, the full core of the BibTeX and Cite panels, the canvas renderer), plus
// the static list's stylesheet and HOWTO.txt; and papershelf-VERSION.tgz installs into an empty
// folder, where `npx papershelf check` works with nothing but Node.
// Needs web/dist (./dev.sh test builds it).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { launch } from "./support/browser.mjs";
import { installTarball, run } from "./support/cli.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, "..");
const { version } = JSON.parse(readFileSync(join(web, "package.json"), "utf8"));
const BIB = `@inproceedings{hu2024, title={Characterization of {LLM} Development}, author={Hu, Qinghao and Ye, Zhisheng},
  booktitle={USENIX NSDI}, year=2024, bibtex_show={true}}
@article{ye2023, title={Deep Learning Workload Scheduling}, author={Ye, Zhisheng and Hu, Qinghao}, journal={ACM Computing Surveys}, year=2023}
`;

let work, zip, tarball;
before(() => {
  assert.ok(existsSync(join(web, "dist", "papershelf.js")), "web/dist is missing: run ./dev.sh test");
  work = mkdtempSync(join(tmpdir(), "papershelf-release-"));
  const written = execFileSync("bash", [join(web, "release", "release.sh"), join(work, "release")], { encoding: "utf8" }).trim().split("\n");
  [tarball, zip] = written;
  assert.equal(tarball, join(work, "release", `papershelf-${version}.tgz`));
  assert.equal(zip, join(work, "release", `papershelf-${version}-embed.zip`));
});
after(() => rmSync(work, { recursive: true, force: true }));

test("the embed zip holds exactly what the script tag fetches, the stylesheet and HOWTO.txt", async () => {
  const names = JSON.parse(execFileSync("python3", ["-c",
    "import json, sys, zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))", zip], { encoding: "utf8" }));
  assert.ok(names.every((name) => name.startsWith("papershelf/")), names.join());
  const unzipped = join(work, "site");
  execFileSync("python3", ["-m", "zipfile", "-e", zip, unzipped]);
  const folder = join(unzipped, "papershelf");
  const howto = readFileSync(join(folder, "HOWTO.txt"), "utf8");
  assert.match(howto, new RegExp(`papershelf ${version.replaceAll(".", "\\.")}`));
  assert.match(howto, /<script src="\/papershelf\/papershelf\.js" defer><\/script>/);
  // The stylesheet is the package's, for the static list (the element carries its own copy).
  assert.ok(readFileSync(join(folder, "papershelf.css")).equals(readFileSync(join(web, "dist", "papershelf.css"))));

  // A page as HOWTO.txt says, served from the unzipped folder: one list as HTML with its BibTeX
  // panel opened (the full core), one drawn on a canvas, one in German, one with a card (the card core). Every file it asks for is recorded.
  const server = await serve(unzipped);
  const browser = await launch();
  try {
    server.pages.set("/papers.bib", { body: BIB, headers: { "content-type": "text/plain; charset=utf-8" } });
    server.pages.set("/index.html", { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Release</title>
<script src="/papershelf/papershelf.js" defer></script></head><body>
<paper-shelf id="html" src="/papers.bib" owner="Qinghao Hu"></paper-shelf>
<paper-shelf id="canvas" src="/papers.bib" owner="Qinghao Hu" renderer="canvas" style="display:block;width:900px"></paper-shelf>
<div lang="de"><paper-shelf id="german" src="/papers.bib" owner="Qinghao Hu" cite-styles="harvard"></paper-shelf></div>
<paper-shelf id="card" src="/papers.bib" owner="Qinghao Hu" profile="compact"></paper-shelf>
</body></html>` });
    const page = await browser.context.newPage();
    const fetched = new Set(), failed = [], errors = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/papershelf/")) fetched.add(path.slice(1));
    });
    page.on("requestfailed", (request) => failed.push(request.url()));
    page.on("response", (response) => { if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`); });
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => document.querySelector("#html")?.visibleKeys?.length === 2, null, { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector("#canvas")?.canvasLayout?.rows?.length > 0, null, { timeout: 20000 });
    await page.locator("#card >> .ps-profile-name").waitFor({ timeout: 20000 });
    const summary = page.locator('#html >> li[data-key="hu2024"] details.ps-bibtex > summary');
    await summary.focus();
    await page.keyboard.press("Enter");
    const bibtex = await page.locator('#html >> li[data-key="hu2024"] details.ps-bibtex .ps-panel pre').textContent();
    assert.match(bibtex, /^@inproceedings\{hu2024,/);
    assert.deepEqual(failed, []);
    assert.deepEqual(errors, []);
    await page.waitForFunction(() => document.querySelector("#german")?.visibleKeys?.length === 2, null, { timeout: 20000 });
    // The German list's first Cite fetches its citation locale from the zip: the citation is
    // written in German (und, „…“), not in English.
    const cite = page.locator('#german >> li[data-key="hu2024"] details.ps-cite > summary');
    await cite.focus();
    await page.keyboard.press("Enter");
    const citation = page.locator('#german >> li[data-key="hu2024"] .ps-citation');
    await citation.waitFor({ timeout: 20000 });
    assert.match(await citation.textContent(), /^Hu, Q\. und Ye, Z\. \(2024\) „Characterization of LLM Development“/);
    assert.deepEqual(failed, []);
    // Of the language files, each shipped language's words and citation locale; the page fetched
    // those of the one language on it.
    const languages = names.filter((name) => name.endsWith(".json") && name.startsWith("papershelf/lang/")).map((name) => name.slice(16, -5));
    assert.ok(languages.length >= 8, names.join());
    for (const code of languages) assert.ok(names.includes(`papershelf/lang/${code}.csl.xml`), `${code}: no citation locale in the zip`);
    // (papershelf-worker.js reads files of 512 KB or more, which this page has not)
    const loaded = names.filter((name) => !["papershelf/HOWTO.txt", "papershelf/papershelf.css", "papershelf/papershelf-worker.js"].includes(name) &&
      (!name.startsWith("papershelf/lang/") || name === "papershelf/lang/de.json" || name === "papershelf/lang/de.csl.xml"));
    assert.deepEqual([...fetched].sort(), loaded.sort());
  } finally {
    await browser.close();
    await server.close();
  }
});

// The README's plain-page route, counted: from a folder holding only the researcher's .bib (a real
// one when ../shared is beside the repository), `npm install` and `npx papershelf setup page` make a
// page that shows every entry once it is served, and prerender fills it after the owner is named.
test("two commands from a folder with a .bib: a page that lists it", async () => {
  const realworld = join(process.env.PAPERSHELF_SHARED ?? join(web, "..", "..", "shared"), "corpus", "realworld");
  const real = existsSync(realworld) ? "0xtob__0xtob.github.io__papers.bib" : undefined;
  const site = join(work, "two-commands");
  mkdirSync(site);
  const name = real ?? "papers.bib";
  writeFileSync(join(site, name), real ? readFileSync(join(realworld, real)) : BIB);
  // (The corpus README's table: file | repository | path | entries | ...)
  const row = real && readFileSync(join(realworld, "README.md"), "utf8").split("\n").find((line) => line.startsWith(`| ${real} |`));
  const expected = real ? Number(row.split("|")[4]) : 2;
  assert.ok(expected > 0, row);
  installTarball(site, tarball);                                                              // 1
  const setup = await run("npx", ["--offline", "papershelf", "setup", "page"], { cwd: site }); // 2
  assert.equal(setup.status, 0, setup.stderr.toString());
  const page = readFileSync(join(site, "index.html"), "utf8");
  assert.ok(page.includes(`src="${name}"`) && page.includes('name="viewport"'), page);
  const server = await serve(site);
  const browser = await launch();
  try {
    const tab = await browser.context.newPage();
    await tab.goto(`${server.url}/index.html`);
    await tab.waitForFunction((n) => document.querySelector("paper-shelf")?.visibleKeys?.length === n, expected);
    await tab.close();
  } finally {
    await browser.close();
    await server.close();
  }
  // The placeholder owner bolds no one: prerender says whom to name instead (and exits 1).
  const prerender = await run("npx", ["--offline", "papershelf", "prerender", "index.html", "-o", "index.html"], { cwd: site });
  assert.equal(prerender.status, 1, prerender.stderr.toString());
  assert.match(prerender.stderr.toString(), /the owner "Your Name; Y\. Name" is on none of the papers, so no name is set in bold; .+ owner="/);
  assert.equal((readFileSync(join(site, "index.html"), "utf8").match(/<li class="ps-entry/g) ?? []).length, expected);
  // Setup again keeps the page the researcher has edited since.
  writeFileSync(join(site, "index.html"), "edited");
  assert.equal((await run("npx", ["--offline", "papershelf", "setup", "page"], { cwd: site })).status, 0);
  assert.equal(readFileSync(join(site, "index.html"), "utf8"), "edited");
});

test("npm install ./papershelf-VERSION.tgz, then npx papershelf check, in an empty folder", async () => {
  const site = join(work, "empty");
  mkdirSync(site);
  installTarball(site, tarball);
  writeFileSync(join(site, "x.bib"), BIB);
  const ok = await run("npx", ["--offline", "papershelf", "check", "x.bib"], { cwd: site });
  assert.deepEqual({ status: ok.status, stdout: ok.stdout.toString(), stderr: ok.stderr.toString() },
    { status: 0, stdout: "", stderr: "2 record(s), 0 error(s), 0 warning(s)\n" });
  writeFileSync(join(site, "broken.bib"), "@article{a, title={Unclosed\n");
  const broken = await run("npx", ["--offline", "papershelf", "check", "broken.bib"], { cwd: site });
  assert.equal(broken.status, 1);
  assert.match(broken.stdout.toString(), /^broken\.bib:\d+:\d+: error: /m);
});

// HOWTO.txt's static list, followed as written: its commands in the site's folder, its page
// lines in index.html with a src from the site's root; then the .bib changes and prerender runs
// again, and the list is the new one (not the old one kept, nor both).
test("HOWTO.txt's static list: install in the site's folder, prerender with --root ., again after the .bib changed", async () => {
  const howto = readFileSync(join(web, "release", "HOWTO.txt"), "utf8").replaceAll("@VERSION@", version);
  const section = howto.slice(howto.indexOf("The static list and the command-line tool"));
  const commands = section.split("\n").filter((line) => /^ {2}(npm|npx) /.test(line)).map((line) => line.trim().split(/\s+\(/)[0].trim());
  const pageLines = section.split("\n").filter((line) => /^ {2}</.test(line)).map((line) => line.trim());
  assert.equal(commands.length, 3, commands.join("\n"));
  assert.equal(pageLines.length, 3, pageLines.join("\n"));
  const site = join(work, "howto-site");
  mkdirSync(site);
  writeFileSync(join(site, "papers.bib"), BIB);
  assert.match(pageLines[1], /^<script src="\/papershelf\/papershelf\.js" defer><\/script>$/);
  const page = (lines) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Papers</title>\n${lines[0]}\n` +
    `${lines[1]}</head><body>\n${lines[2]}\n</body></html>\n`;
  // (The researcher puts their own name where HOWTO says "Your Name"; prerender would say so.)
  const written = page(pageLines).replaceAll("Your Name", "Qinghao Hu");
  writeFileSync(join(site, "index.html"), written);
  const runCommand = async (command) => {
    const [tool, ...args] = command.split(" ").map((word) => word === `/path/to/papershelf-${version}.tgz` ? tarball : word);
    if (tool === "npm") args.push("--no-audit", "--no-fund", "--offline");
    else args.unshift("--offline");
    return run(tool, args, { cwd: site });
  };
  for (const command of commands) {
    const result = await runCommand(command);
    assert.equal(result.status, 0, `${command}\n${result.stderr}`);
  }
  const prerender = commands.find((command) => command.includes(" prerender "));
  const filled = readFileSync(join(site, "index.html"), "utf8");
  assert.match(filled, /Characterization of LLM Development/);
  assert.equal(filled.split('<li class="ps-entry').length - 1, 2);
  // The researcher adds a paper and runs the same command again: the list is written anew.
  writeFileSync(join(site, "papers.bib"), BIB + "@misc{new2025, title={A Paper Added Later}, author={Hu, Qinghao}, year=2025}\n");
  const again = await runCommand(prerender);
  assert.equal(again.status, 0, again.stderr.toString());
  assert.match(again.stderr.toString(), /^index\.html:\d+:\d+: note: <paper-shelf> filled from \/papers\.bib: 3 entries$/m);
  const refilled = readFileSync(join(site, "index.html"), "utf8");
  assert.equal(refilled.split('<li class="ps-entry').length - 1, 3, "the new list, once");
  assert.match(refilled, /A Paper Added Later/);
  assert.equal(refilled.split("papershelf:prerender").length - 1, 2, "one marker and one end marker");
  // Everything outside the markers is the page as it was.
  const outside = (html) => html.replace(/<!-- papershelf:prerender -->[^]*?(<!-- \/papershelf:prerender -->|(?=<\/paper-shelf>))/, "");
  assert.equal(outside(refilled), outside(written));
});

// HOWTO.txt's site served under a path (a project site, /REPO/): the folder and the .bib under it,
// named from the site's root with the path, or relative to a page one folder down; each file is
// fetched from beside papershelf.js, and a paper's relative PDF follows base=.
test("HOWTO.txt under a path: /REPO/papershelf/ from the root, ../papershelf/ from a page below, base= for relative PDFs", async () => {
  const howto = readFileSync(join(web, "release", "HOWTO.txt"), "utf8");
  assert.match(howto, /\/REPO\/papershelf\/papershelf\.js and src="\/REPO\/papers\.bib"/);
  assert.match(howto, /\.\.\/papershelf\/papershelf\.js, src="\.\.\/papers\.bib"/);
  assert.match(howto, /base="\/assets\/pdf\/"/);
  const root = join(work, "sub-path");
  const repo = join(root, "repo");
  execFileSync("python3", ["-m", "zipfile", "-e", zip, repo]);
  writeFileSync(join(repo, "papers.bib"), BIB.replace("bibtex_show={true}", "bibtex_show={true}, pdf={hu2024.pdf}"));
  mkdirSync(join(repo, "assets", "pdf"), { recursive: true });
  writeFileSync(join(repo, "assets", "pdf", "hu2024.pdf"), "%PDF-1.4\n");
  const page = (script, src, extra = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Papers</title>
<script src="${script}" defer></script></head><body><paper-shelf src="${src}" owner="Qinghao Hu"${extra}></paper-shelf></body></html>\n`;
  writeFileSync(join(repo, "index.html"), page("/repo/papershelf/papershelf.js", "/repo/papers.bib", ' base="/repo/assets/pdf/"'));
  mkdirSync(join(repo, "pubs"));
  writeFileSync(join(repo, "pubs", "index.html"), page("../papershelf/papershelf.js", "../papers.bib"));
  const server = await serve(root);
  const browser = await launch();
  try {
    for (const path of ["/repo/index.html", "/repo/pubs/index.html"]) {
      const tab = await browser.context.newPage();
      const failed = [];
      tab.on("requestfailed", (request) => failed.push(request.url()));
      tab.on("response", (response) => { if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`); });
      await tab.goto(`${server.url}${path}`);
      await tab.waitForFunction(() => document.querySelector("paper-shelf")?.visibleKeys?.length === 2, null, { timeout: 20000 });
      assert.deepEqual(failed, [], path);
      if (path === "/repo/index.html") {
        const pdf = await tab.locator('paper-shelf >> li[data-key="hu2024"] a', { hasText: /pdf/i }).first().getAttribute("href");
        assert.equal(new URL(pdf, `${server.url}${path}`).pathname, "/repo/assets/pdf/hu2024.pdf");
        const response = await tab.request.get(new URL(pdf, `${server.url}${path}`).href);
        assert.equal(response.status(), 200);
      }
      await tab.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
});
