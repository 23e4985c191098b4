// `npx papershelf` is the native CLI's own C++ compiled to WebAssembly for Node, so it must print
// what the native CLI prints. The package is packed and installed into an empty folder as a user
// installs it; then every command below runs once through each CLI, each run a process of its
// own, and standard output, standard error and exit status must be byte-identical: check, render
// in every format and stats on every fixture in tests/fixtures and every file in ../shared/corpus
// (skipped when that folder is absent), standard input, several files, usage errors, unreadable
// files, prerender of the example pages (to standard output and in place with -o), and the
// folder of pages `pages` writes.
// Needs web/dist and the native CLI (PAPERSHELF_CLI; ./dev.sh test builds both).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, cpSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync,
  writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { difference, eachInParallel, installTarball, packWeb, run } from "./support/cli.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const nativeCli = process.env.PAPERSHELF_CLI ?? join(repo, "build", "native", "cli", "papershelf");
const corpus = join(process.env.PAPERSHELF_SHARED ?? join(repo, "..", "shared"), "corpus");
const fixtures = join(repo, "tests", "fixtures");

// Every file under `dir` that a user could hand the CLI (not the expected outputs beside fixtures).
function inputsUnder(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...inputsUnder(path));
    else if (!/\.expect(ed\.json)?$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

// Each fixture is checked and rendered to HTML on its own (its own exit status: the invalid ones
// are there for it); the other formats and stats, and every command for the real files of
// ../shared/corpus (which all read), take all the files of a folder at once (merged, as several
// FILEs are; each message names its file), which keeps the number of processes, and so the test's
// time, down: starting Node is most of a small run.
const PER_FILE = [["check"], ["render", "--format", "html"]];
const PER_FOLDER = [
  ["check", "--format", "json"],
  ["render", "--format", "html", "--profile", "--group", "year", "--max-authors", "3", "--owner", "Qinghao Hu; Q. Hu"],
  ["render", "--format", "json"],
  ["render", "--format", "text", "--style", "apa"],
  ["render", "--format", "bibtex"],
  ["render", "--format", "csl-json"],
  ["render", "--format", "ris"],
  ["stats"],
  ["stats", "--format", "json", "--top", "0"],
];

let work, installed, bin;
before(() => {
  assert.ok(existsSync(nativeCli), `${nativeCli} is missing: run ./dev.sh test`);
  assert.ok(existsSync(join(repo, "web", "dist", "papershelf-cli.cjs")), "web/dist is missing: run ./dev.sh test");
  work = mkdtempSync(join(tmpdir(), "papershelf-cli-node-"));
  installed = join(work, "site");
  mkdirSync(installed);
  installTarball(installed, packWeb(join(repo, "web"), work));
  bin = join(installed, "node_modules", ".bin", "papershelf");
});
after(() => rmSync(work, { recursive: true, force: true }));

// Runs each case ({ args, input?, cwd? }) through both CLIs: `npx papershelf` when `viaNpx`,
// else the bin npx runs (the same file, without npm's start-up time). Returns what differed.
async function compare(cases, { viaNpx = false } = {}) {
  const results = await eachInParallel(cases, async ({ args, input, cwd = installed }) => {
    const native = await run(nativeCli, args, { cwd, input });
    const node = viaNpx ? await run("npx", ["--offline", "papershelf", ...args], { cwd, input })
                        : await run(bin, args, { cwd, input });
    const differs = difference(native, node);
    return differs && `papershelf ${args.map((a) => (a.startsWith(repo) ? relative(repo, a) : a)).join(" ")}: ${differs}`;
  });
  return results.filter(Boolean);
}

function casesFor(files, { eachFile = true } = {}) {
  const folders = new Map();
  for (const file of files) folders.set(dirname(file), [...(folders.get(dirname(file)) ?? []), file]);
  const perFolder = eachFile ? PER_FOLDER : [...PER_FILE, ...PER_FOLDER];
  return [...(eachFile ? files.flatMap((file) => PER_FILE.map((command) => ({ args: [...command, file] }))) : []),
    ...[...folders.values()].flatMap((inFolder) => perFolder.map((command) => ({ args: [...command, ...inFolder] })))];
}

test("the same output as the native CLI on every fixture", async () => {
  const files = inputsUnder(fixtures);
  assert.ok(files.length > 40, `only ${files.length} fixtures found`);
  assert.deepEqual(await compare(casesFor(files)), []);
});

test("the same output as the native CLI on every file in ../shared/corpus",
  { skip: !existsSync(corpus) && `${corpus} is absent` }, async () => {
    const files = inputsUnder(corpus);
    assert.ok(files.length > 0);
    assert.deepEqual(await compare(casesFor(files, { eachFile: false })), []);
  });

test("npx papershelf: standard input, several files, usage and unreadable files as natively", async () => {
  const bib = join(fixtures, "valid", "bib_alfolio.bib");
  const json = join(fixtures, "valid", "pandoc_csl.json");
  const broken = join(fixtures, "invalid", "bib_unclosed_brace.bib");
  const cases = [
    { args: ["render", "-", "--format", "bibtex"], input: readFileSync(bib) },
    { args: ["check", "-"], input: readFileSync(broken) },
    { args: ["stats", "-", "--format", "json"], input: Buffer.alloc(0) },
    { args: ["render", bib, json, broken, "--sort", "title-asc", "--format", "html"] },
    { args: ["check", bib, json, broken, "--quiet"] },
    { args: ["check", join(work, "no-such-file.bib")] },
    { args: ["check", fixtures] },  // a folder
    { args: ["render", "/dev/zero"] },  // endless: refused at the cap
    { args: ["render", "--format", "pdf", bib] },
    { args: ["render", "--sort", "nonsense", bib] },
    { args: ["render"] },
    { args: ["frobnicate"] },
    { args: [] },
    { args: ["--version"] },
    { args: ["help", "prerender"] },
  ];
  assert.deepEqual(await compare(cases, { viaNpx: true }), []);
});

test("npx papershelf prerender: the example pages, to standard output and in place", async () => {
  const pages = ["homepage", "qizhen-weng", "zhisheng-ye"];
  // Each CLI fills its own copy of the pages in place; the arguments (and so every path the
  // messages name) are the same.
  const copies = {};
  for (const cli of ["native", "node"]) {
    copies[cli] = join(installed, `prerender-${cli}`);  // (where npx finds the installed package)
    for (const page of pages) cpSync(join(repo, "examples", page), join(copies[cli], page), { recursive: true });
  }
  const inPlace = pages.map((page) => ["prerender", join(page, "index.html"), "-o", join(page, "index.html")]);
  const toStdout = pages.map((page) => ({ args: ["prerender", "--first", "3", join(repo, "examples", page, "index.html")] }));
  // A page indented with tabs (and a stray control character): written as it is to a pipe, as
  // natively, not escaped as for a terminal.
  const tabbed = join(installed, "tabbed");
  mkdirSync(tabbed);
  writeFileSync(join(tabbed, "papers.bib"), readFileSync(join(fixtures, "valid", "bib_alfolio.bib")));
  writeFileSync(join(tabbed, "index.html"), "<!doctype html>\n<body>\n\t<paper-shelf src=\"papers.bib\">\n\t\t<!-- papershelf:prerender -->\n\t</paper-shelf>\n\t<p>\x1b</p>\n</body>\n");
  toStdout.push({ args: ["prerender", join(tabbed, "index.html")] });
  assert.deepEqual(await compare(toStdout, { viaNpx: true }), []);
  for (const args of inPlace) {
    const native = await run(nativeCli, args, { cwd: copies.native });
    const node = await run("npx", ["--offline", "papershelf", ...args], { cwd: copies.node });
    assert.equal(difference(native, node), "", args.join(" "));
  }
  // The folder as a built site, once more: every page filled anew between its markers.
  const native = await run(nativeCli, ["prerender", "."], { cwd: copies.native });
  const node = await run("npx", ["--offline", "papershelf", "prerender", "."], { cwd: copies.node });
  assert.equal(difference(native, node), "", "prerender .");
  for (const page of pages) assert.match(native.stderr.toString(), new RegExp(`^\\./${page}/index\\.html:\\d+:\\d+: note: <paper-shelf> filled from papers\\.bib: \\d+ entries$`, "m"));
  for (const page of pages) {
    const filled = readFileSync(join(copies.native, page, "index.html"));
    assert.ok(!filled.equals(readFileSync(join(repo, "examples", page, "index.html"))), `${page}: nothing was filled in`);
    assert.ok(filled.equals(readFileSync(join(copies.node, page, "index.html"))), `${page}: the pages differ`);
  }
});

test("npx papershelf pages: the same pages, index, feed, sitemap and stylesheet as the native CLI", async () => {
  const args = ["pages", join(fixtures, "valid", "bib_alfolio.bib"), "-o", "out", "--site", "https://me.example/publications/",
    "--owner", "Qinghao Hu", "--base", "/assets/pdf/"];
  const folders = {};
  for (const cli of ["native", "node"]) {
    folders[cli] = join(installed, `pages-${cli}`);  // (where npx finds the installed package)
    mkdirSync(folders[cli]);
  }
  const native = await run(nativeCli, args, { cwd: folders.native });
  const node = await run("npx", ["--offline", "papershelf", ...args], { cwd: folders.node });
  assert.equal(difference(native, node), "", args.join(" "));
  assert.equal(native.status, 0, native.stderr.toString());
  const files = readdirSync(join(folders.native, "out")).sort();
  assert.ok(files.includes("index.html") && files.includes("feed.xml") && files.includes("sitemap.xml") && files.includes("papershelf.css"));
  assert.deepEqual(readdirSync(join(folders.node, "out")).sort(), files);
  for (const file of files)
    assert.ok(readFileSync(join(folders.native, "out", file)).equals(readFileSync(join(folders.node, "out", file))), `${file} differs`);
});

// The owner points setup at a folder whose files are links elsewhere, or their own: setup changes
// nothing outside the folder and none of the owner's files, and says which and why.
test("npx papershelf setup writes through no link, over no hard link and over none of the owner's files without --force", async () => {
  const dist = join(installed, "node_modules", "papershelf", "dist");
  const box = mkdtempSync(join(work, "setup-links-"));
  const site = join(box, "site"), outside = join(box, "outside");
  mkdirSync(join(site, "papershelf"), { recursive: true });  // (setup page's one folder)
  mkdirSync(outside);
  const own = join(site, "papershelf");
  writeFileSync(join(outside, "theme.css"), "/* the owner's theme */");
  writeFileSync(join(outside, "linked.js"), "// the owner's script");
  symlinkSync(join("..", "..", "outside", "theme.css"), join(own, "papershelf.css"));  // a file's link
  symlinkSync(join("..", "..", "outside"), join(own, "lang"));                          // a folder's link
  symlinkSync(join("..", "outside", "made-here.html"), join(site, "index.html"));       // a dangling link
  linkSync(join(outside, "linked.js"), join(own, "papershelf-worker.js"));             // a hard link
  writeFileSync(join(own, "papershelf-canvas.mjs"), "// the owner's own canvas");       // a file of the owner's
  const r = await run(bin, ["setup", "page", site], { cwd: installed });
  const said = r.stderr.toString();
  assert.equal(r.status, 2, said);
  assert.match(said, /^papershelf: papershelf\/papershelf\.css: not written: it is a symbolic link \(to \.\.\/\.\.\/outside\/theme\.css\); setup writes no file through a link$/m);
  assert.match(said, /^papershelf: papershelf\/lang\/: papershelf\/lang is a symbolic link \(to \.\.\/\.\.\/outside\): nothing is written into it$/m);
  assert.match(said, /^papershelf: index\.html: it is a symbolic link \(to \.\.\/outside\/made-here\.html\) to nothing: no page to start from is written through it$/m);
  assert.match(said, /^papershelf: papershelf\/papershelf-worker\.js: not written: it has 2 hard links; /m);
  assert.match(said, /^papershelf: papershelf\/papershelf-canvas\.mjs: kept: it differs from the package's copy and is not one setup wrote .*--force replaces it$/m);
  assert.doesNotMatch(said, /wrote index\.html|replaced|lang\/ \(/);
  // Outside the folder nothing changed, and nothing was added.
  assert.deepEqual(readdirSync(outside).sort(), ["linked.js", "theme.css"]);
  assert.equal(readFileSync(join(outside, "theme.css"), "utf8"), "/* the owner's theme */");
  assert.equal(readFileSync(join(outside, "linked.js"), "utf8"), "// the owner's script");
  assert.ok(lstatSync(join(site, "index.html")).isSymbolicLink());
  assert.equal(readFileSync(join(own, "papershelf-canvas.mjs"), "utf8"), "// the owner's own canvas");
  // The rest is set up.
  assert.ok(readFileSync(join(own, "papershelf.js")).equals(readFileSync(join(dist, "papershelf.js"))));
  // --force replaces the owner's own file, and still writes through no link.
  const forced = await run(bin, ["setup", "page", site, "--force"], { cwd: installed });
  assert.equal(forced.status, 2, forced.stderr.toString());
  assert.match(forced.stderr.toString(), /^papershelf: replaced papershelf\/papershelf-canvas\.mjs$/m);
  assert.ok(readFileSync(join(own, "papershelf-canvas.mjs")).equals(readFileSync(join(dist, "papershelf-canvas.mjs"))));
  assert.equal(readFileSync(join(outside, "theme.css"), "utf8"), "/* the owner's theme */");
  assert.equal(readFileSync(join(outside, "linked.js"), "utf8"), "// the owner's script");
  assert.deepEqual(readdirSync(outside).sort(), ["linked.js", "theme.css"]);
  // A link to the package's own copy is already right: nothing to write, nothing to say.
  const linked = join(box, "linked-site");
  mkdirSync(join(linked, "papershelf"), { recursive: true });
  symlinkSync(join(dist, "papershelf.css"), join(linked, "papershelf", "papershelf.css"));
  const ok = await run(bin, ["setup", "page", linked], { cwd: installed });
  assert.equal(ok.status, 0, ok.stderr.toString());
  assert.doesNotMatch(ok.stderr.toString(), /papershelf\.css/);
  // jekyll: a link in the path of its folders (assets -> elsewhere) takes nothing out either.
  const jekyll = join(box, "jekyll");
  mkdirSync(jekyll);
  symlinkSync(outside, join(jekyll, "assets"));
  const j = await run(bin, ["setup", "jekyll", jekyll], { cwd: installed });
  assert.equal(j.status, 2, j.stderr.toString());
  assert.match(j.stderr.toString(), /^papershelf: assets\/js\/: assets is a symbolic link \(to .*outside\): nothing is written into it$/m);
  assert.deepEqual(readdirSync(outside).sort(), ["linked.js", "theme.css"]);
  assert.ok(existsSync(join(jekyll, "_includes", "papershelf.html")));
});

// The files pages writes, under Node as natively: never through a link, never over a hard link,
// never over the site's own files (unless --force); and sync's new file, made where no link can
// wait for it, with the .bib's mode.
test("npx papershelf pages and sync --write change no file but their own, as natively", async () => {
  const bib = "@article{a, title={A Paper}, author={Hu, Qinghao}, journal={J}, year=2020}\n" +
    "@article{b, title={B Paper}, author={Hu, Qinghao}, journal={J}, year=2021}\n" +
    "@article{c, title={C Paper}, author={Hu, Qinghao}, journal={J}, year=2022}\n";
  const results = {};
  for (const cli of ["native", "node"]) {
    const dir = join(installed, `owned-${cli}`);  // (where npx finds the installed package)
    mkdirSync(join(dir, "out"), { recursive: true });
    writeFileSync(join(dir, "papers.bib"), bib);
    writeFileSync(join(dir, "outside.txt"), "keep me");
    linkSync(join(dir, "outside.txt"), join(dir, "out", "a.html"));
    symlinkSync(join(dir, "made-outside.html"), join(dir, "out", "b.html"));
    writeFileSync(join(dir, "out", "index.html"), "<html>my own</html>");
    const command = cli === "native" ? [nativeCli] : ["npx", "--offline", "papershelf"];
    const pages = await run(command[0], [...command.slice(1), "pages", "papers.bib", "-o", "out"], { cwd: dir });
    const forced = await run(command[0], [...command.slice(1), "pages", "papers.bib", "-o", "out", "--force"], { cwd: dir });
    results[cli] = { dir, pages, forced };
  }
  assert.equal(difference(results.native.pages, results.node.pages), "");
  assert.equal(difference(results.native.forced, results.node.forced), "");
  for (const { dir, pages, forced } of Object.values(results)) {
    const said = pages.stderr.toString();
    assert.equal(pages.status, 2, said);
    assert.match(said, /cannot write out\/a\.html: it has 2 hard links/);
    assert.match(said, /cannot write out\/b\.html: a symbolic link is there/);
    assert.match(said, /cannot write out\/index\.html: it is not a file papershelf wrote \(--force replaces it\)/);
    assert.match(said, /^papershelf: wrote 1 paper page, feed\.xml, papershelf\.css into out; not written: 2 paper pages, index\.html$/m);
    assert.equal(forced.status, 2);
    assert.match(forced.stderr.toString(), /^papershelf: wrote 1 paper page, index\.html, feed\.xml, papershelf\.css into out; not written: 2 paper pages$/m);
    assert.equal(readFileSync(join(dir, "outside.txt"), "utf8"), "keep me");
    assert.ok(!existsSync(join(dir, "made-outside.html")));
    assert.match(readFileSync(join(dir, "out", "index.html"), "utf8"), /ps-pages-index/);
  }
  // sync --write under Node: the old fixed name of its new file, planted as a hard link, receives
  // nothing; the .bib keeps its mode (group-writable, which a umask would take from a new file).
  const dir = join(installed, "sync-write");
  mkdirSync(dir);
  writeFileSync(join(dir, "papers.bib"), bib);
  chmodSync(join(dir, "papers.bib"), 0o664);
  writeFileSync(join(dir, "outside.txt"), "keep me");
  linkSync(join(dir, "outside.txt"), join(dir, "papers.bib.papershelf-sync"));
  writeFileSync(join(dir, "works.json"), JSON.stringify({ results: [{ id: "W1", title: "A Paper", publication_year: 2020,
    authorships: [{ author: { display_name: "Qinghao Hu" } }], cited_by_count: 5 }] }));
  const sync = await run("npx", ["--offline", "papershelf", "sync", "papers.bib", "--from-file", "works.json", "--write"], { cwd: dir });
  assert.equal(sync.status, 0, sync.stderr.toString());
  assert.match(readFileSync(join(dir, "papers.bib"), "utf8"), /citations=\{5\}/);
  assert.equal(readFileSync(join(dir, "outside.txt"), "utf8"), "keep me");
  assert.equal(statSync(join(dir, "papers.bib")).mode & 0o7777, 0o664);
  assert.deepEqual(readdirSync(dir).sort(), ["outside.txt", "papers.bib", "papers.bib.papershelf-sync", "works.json"]);
});

// setup is the package's own command (it copies the package's files): the native CLI points to it.
test("npx papershelf setup page|jekyll|hugo puts the browser files where each site keeps them", async () => {
  const dist = join(installed, "node_modules", "papershelf", "dist");
  const languages = readdirSync(join(dist, "lang")).map((f) => `lang/${f}`);
  assert.ok(languages.includes("lang/de.json"), languages.join());
  const browserFiles = ["papershelf.js", "papershelf-element.mjs", "papershelf-worker.js", "papershelf-core.wasm", "papershelf-core-card.wasm", "papershelf-core-fast.mjs", "papershelf-core-fast.wasm", "papershelf.css", "papershelf-canvas.mjs", "papershelf-canvas.wasm",
    ...languages];
  const same = (a, b) => readFileSync(a).equals(readFileSync(b));
  // (a page's files in one folder, papershelf/, beside it; Jekyll's include and the plugin that
  // publishes _bibliography/*.bib, for jekyll serve)
  for (const [kind, folder, includes] of [["page", "papershelf", []],
    ["jekyll", "assets/js", [["site/jekyll/papershelf.html", "_includes/papershelf.html"], ["site/jekyll/papershelf.rb", "_plugins/papershelf.rb"]]],
    ["hugo", "static/js", [["site/hugo/papershelf.html", "layouts/shortcodes/papershelf.html"]]]]) {
    const site = mkdtempSync(join(work, `setup-${kind}-`));
    const r = kind === "page" ? await run(bin, ["setup", kind], { cwd: site })  // (this folder)
      : await run("npx", ["--offline", "papershelf", "setup", kind, site], { cwd: installed });
    assert.equal(r.status, 0, `${kind}: ${r.stderr}`);
    for (const f of browserFiles) assert.ok(same(join(dist, f), join(site, folder, f)), `${kind}: ${folder}/${f}`);
    for (const include of includes) assert.ok(same(join(dist, include[0]), join(site, include[1])), `${kind}: ${include[1]}`);
    if (kind === "page") assert.deepEqual(readdirSync(site).sort(), ["index.html", "papershelf"], "the site's root keeps the page alone");
    // It says what it wrote, and then the line for the page and the commands that build the site.
    // (and for a page, in a folder without one, the index.html to start from)
    assert.equal(r.stderr.toString().split("\n").filter((l) => l.startsWith("papershelf: wrote ")).length, browserFiles.length - languages.length + 1 + (kind === "page" ? 1 : includes.length), kind);
    assert.match(r.stderr.toString(), /papershelf: wrote .*lang\/ \(the list's words and citation locales in 8 languages\)/);
    if (kind === "page") assert.match(readFileSync(join(site, "index.html"), "utf8"), /<paper-shelf src="papers\.bib" owner="Your Name; Y\. Name"><!-- papershelf:prerender -->/);
    assert.match(r.stdout.toString(), kind === "hugo" ? /\{\{< papershelf src=.*npx papershelf prerender public/s
      : kind === "jekyll" ? /\{% include papershelf\.html bib=.*npx papershelf prerender _site/s
        : /set owner to your name.*npx papershelf prerender index\.html -o index\.html/s, kind);  // (after the page it started)
    // Again: nothing changed, nothing is written.
    const again = await run(bin, ["setup", kind, site], { cwd: installed });
    assert.equal(again.status, 0);
    assert.equal(again.stderr.toString(), "", kind);
    // A copy an older papershelf's setup wrote is replaced and said so.
    const older = join(work, `older-${kind}`);
    cpSync(join(installed, "node_modules", "papershelf"), older, { recursive: true });
    writeFileSync(join(older, "dist", "papershelf.css"), "/* an older papershelf */");
    assert.equal((await run("node", [join(older, "bin", "papershelf.cjs"), "setup", kind, site])).status, 0);
    assert.equal(readFileSync(join(site, folder, "papershelf.css"), "utf8"), "/* an older papershelf */");
    const updated = await run(bin, ["setup", kind, site], { cwd: installed });
    assert.equal(updated.status, 0, updated.stderr.toString());
    assert.equal(updated.stderr.toString(), `papershelf: replaced ${join(folder, "papershelf.css")}\n`, kind);
    assert.ok(same(join(dist, "papershelf.css"), join(site, folder, "papershelf.css")));
  }
  const wrong = await run(bin, ["setup", "wordpress"], { cwd: work });
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr.toString(), /setup needs page, jekyll or hugo, not "wordpress"/);
  const native = await run(nativeCli, ["setup", "page"], { cwd: work });
  assert.equal(native.status, 2);
  assert.match(native.stderr.toString(), /npx papershelf setup/);
});

// A folder with several data files: the page lists papers.bib among them, written in, and names
// the others; without a papers.bib it names them all and asks which (nothing is written in).
test("npx papershelf setup page in a folder of several data files says which one the page lists", async () => {
  const bib = (title) => `@article{k, title = {${title}}, author = {Lovelace, Ada}, journal = {J}, year = {2020}}\n`;
  const withPapers = mkdtempSync(join(work, "several-"));
  writeFileSync(join(withPapers, "papers.bib"), bib("The Listed One"));
  writeFileSync(join(withPapers, "old.bib"), bib("An Old One"));
  const r = await run(bin, ["setup", "page"], { cwd: withPapers });
  assert.equal(r.status, 0, r.stderr.toString());
  assert.match(r.stderr.toString(), /wrote index\.html, a page to start from that lists papers\.bib \(not old\.bib, also here: change src to list another\)/);
  assert.match(r.stderr.toString(), /wrote the list into index\.html/);
  const page = readFileSync(join(withPapers, "index.html"), "utf8");
  assert.match(page, /The Listed One/);
  assert.doesNotMatch(page, /An Old One/);
  const withoutPapers = mkdtempSync(join(work, "several-"));
  writeFileSync(join(withoutPapers, "mine.bib"), bib("Mine"));
  writeFileSync(join(withoutPapers, "theirs.bib"), bib("Theirs"));
  const unsure = await run(bin, ["setup", "page"], { cwd: withoutPapers });
  assert.equal(unsure.status, 0, unsure.stderr.toString());
  assert.match(unsure.stderr.toString(), /lists papers\.bib \(this folder holds 2 data files, mine\.bib, theirs\.bib: set src to the one to list\)/);
  assert.doesNotMatch(unsure.stderr.toString(), /wrote the list into/);
});

// What setup says next is read from the owner's own files (by the package's CLI): a legend for the
// markers their author lists carry, base= for papers whose PDFs are relative paths not beside the
// page; and for Jekyll, a .bib with front matter in a published folder, which Liquid would stop on
// without the plugin.
test("npx papershelf setup suggests legend and base from the .bib, and names a published .bib with front matter", async () => {
  const site = mkdtempSync(join(work, "setup-advice-"));
  writeFileSync(join(site, "papers.bib"), "@inproceedings{a, title={A}, author={Hu, Qinghao* and Ye, Zhisheng$^\\dagger$}, booktitle={B}, year=2024, pdf={a.pdf}}\n" +
    "@article{b, title={B}, author={Hu, Qinghao}, journal={J}, year=2023, pdf={https://example.org/b.pdf}}\n");
  const r = await run(bin, ["setup", "page", site], { cwd: installed });
  assert.equal(r.status, 0, r.stderr.toString());
  const out = r.stdout.toString();
  assert.match(out, /mark authors with \* †: .*\n {2}legend="\*=equal contribution; †=corresponding author"/);
  assert.match(out, /1 of your papers' files is named by a relative path that is not beside the page \(a\.pdf\)[^\n]*\nname the folder they are in with base=, e\.g\. base="\/assets\/pdf\/"/);
  // setup starts no server, and says so where it tells how to look at the page.
  assert.match(out, /start a web server in this folder \(setup started none\)/);
  assert.doesNotMatch(out, /the one setup starts/);
  assert.match(readFileSync(join(site, "index.html"), "utf8"), /<link rel="stylesheet" href="papershelf\/papershelf\.css">\n<script src="papershelf\/papershelf\.js" defer><\/script>/);
  // The starting page holds its list already (prerender by the package's CLI): its first entry
  // needs no script; what prerender says to the owner (whom to name as owner) is passed on.
  const page = readFileSync(join(site, "index.html"), "utf8");
  assert.equal(page.match(/<li class="ps-entry[^"]*" id="ps-[ab]"/g)?.length, 2, page);
  assert.match(r.stderr.toString(), /the owner "Your Name; Y\. Name" is on none of the papers.*owner="Qinghao Hu/);
  assert.match(r.stderr.toString(), /wrote the list into index\.html \(papershelf prerender\)/);
  assert.match(out, /write the list into the page again after that\nand after every change to the \.bib/);
  // With the PDF beside the page and no markers: nothing to suggest.
  const plain = mkdtempSync(join(work, "setup-plain-"));
  writeFileSync(join(plain, "papers.bib"), "@article{b, title={B}, author={Hu, Qinghao}, journal={J}, year=2023, pdf={b.pdf}}\n");
  writeFileSync(join(plain, "b.pdf"), "%PDF");
  const quiet = await run(bin, ["setup", "page", plain], { cwd: installed });
  assert.doesNotMatch(quiet.stdout.toString(), /legend=|base=/);
  // Jekyll: academicpages' files/ holding an al-folio .bib with its front matter.
  const jekyll = mkdtempSync(join(work, "setup-front-matter-"));
  mkdirSync(join(jekyll, "files"));
  writeFileSync(join(jekyll, "files", "papers.bib"), "---\n---\n@article{b, title={{B}}, author={Hu, Qinghao}, journal={J}, year=2023}\n");
  mkdirSync(join(jekyll, "_bibliography"));
  writeFileSync(join(jekyll, "_bibliography", "papers.bib"), "---\n---\n@article{b, title={B}, author={Hu, Qinghao}, journal={J}, year=2023}\n");
  const j = await run(bin, ["setup", "jekyll", jekyll], { cwd: installed });
  assert.equal(j.status, 0, j.stderr.toString());
  const said = j.stderr.toString().split("\n").filter((l) => /front matter/.test(l));
  assert.equal(said.length, 1, said.join("\n"));  // (not _bibliography/, which Jekyll does not publish)
  assert.match(said[0], /^papershelf: files\/papers\.bib starts with front matter \(---\): .*_plugins\/papershelf\.rb publishes it as it is.*take the front matter out/);
  assert.ok(existsSync(join(jekyll, "_plugins", "papershelf.rb")));
});
