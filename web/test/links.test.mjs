// Every relative link in the docs resolves: in the repository (README.md, docs/, every README of
// examples/) and in the package as npm packs it (its README and every Markdown file it ships, read
// where the package puts them): the file is there, and an anchor (#section) names one of its
// headings as GitHub and npm make them.
// Needs web/dist (./dev.sh test builds it: the package ships the docs that build.mjs copies).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(web, "..");

/** The anchors of a Markdown file's headings, as GitHub makes them (lower case, punctuation out, spaces as -). */
function anchors(markdown) {
  const seen = new Map();
  const out = new Set();
  for (const [, text] of markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = text.replace(/`/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").toLowerCase().trim()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The relative links of a Markdown file (code blocks and code spans left out): [{ target, line }]. */
function links(markdown) {
  const text = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, (block) => block.replace(/[^\n]/g, " "))
    .replace(/`[^`\n]*`/g, (span) => " ".repeat(span.length));
  const out = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;  // (http:, https:, mailto:)
    out.push({ target, line: text.slice(0, match.index).split("\n").length });
  }
  return out;
}

/**
 * The links of `files` (paths relative to `base`, posix) that do not resolve among `exists` (a
 * relative path -> true), as "file:line: target (why)".
 */
function broken(files, exists, read) {
  const problems = [];
  for (const file of files) {
    const markdown = read(file);
    for (const { target, line } of links(markdown)) {
      const [pathPart, anchor] = target.split("#");
      const to = pathPart ? posix.normalize(posix.join(posix.dirname(file), decodeURI(pathPart))).replace(/\/$/, "") : file;
      if (to.startsWith("..") || !exists(to)) {
        problems.push(`${file}:${line}: ${target} (no ${to})`);
        continue;
      }
      if (anchor !== undefined && to.endsWith(".md") && !anchors(read(to)).has(anchor.toLowerCase()))
        problems.push(`${file}:${line}: ${target} (${to} has no heading #${anchor})`);
    }
  }
  return problems;
}

/** The Markdown files under `dir` (relative to the repository), node_modules left out. */
function markdownUnder(dir) {
  return readdirSync(join(repo, dir), { recursive: true }).map((name) => posix.join(dir, String(name).split("\\").join("/")))
    .filter((name) => name.endsWith(".md") && !name.includes("node_modules/"));
}

test("links resolve in the repository: README.md, docs/, the examples' READMEs, CHANGELOG.md and SECURITY.md", () => {
  const files = ["README.md", "CHANGELOG.md", "SECURITY.md", ...markdownUnder("docs"), ...markdownUnder("examples")];
  assert.ok(files.includes("docs/static-sites.md") && files.includes("examples/static-site/README.md"), files.join());
  const exists = (relative) => existsSync(join(repo, relative));
  const read = (relative) => readFileSync(join(repo, relative), "utf8");
  const problems = broken(files, exists, read);
  assert.deepEqual(problems, []);
  // (the checker finds what it should: a file that is not there, a heading that is not there)
  assert.equal(broken(["docs/x.md"], () => true, () => "[a](nowhere.md) [b](#here)\n# Here\n").length, 0);
  assert.deepEqual(broken(["docs/x.md"], (f) => f === "docs/x.md", () => "[a](nowhere.md) [b](#there) `[c](not-a-link.md)`\n# Here\n"),
    ["docs/x.md:1: nowhere.md (no docs/nowhere.md)", "docs/x.md:1: #there (docs/x.md has no heading #there)"]);
});

test("links resolve in the package as npm packs it: its README, the static-site guide and what it links to, dist/site/README.md", () => {
  assert.ok(existsSync(join(web, "dist", "papershelf.js")), "web/dist is missing: run ./dev.sh test");
  const [{ files: packed }] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: web, encoding: "utf8" }));
  const names = new Set(packed.map((f) => f.path));
  const folders = new Set([...names].flatMap((name) => name.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
  const markdown = [...names].filter((name) => name.endsWith(".md"));
  for (const needed of ["README.md", "LICENSE", "docs/static-sites.md", "dist/site/README.md", "examples/static-site/github-actions/jekyll.yml"])
    assert.ok(names.has(needed), `the package has no ${needed}`);
  const problems = broken(markdown, (relative) => names.has(relative) || folders.has(relative), (relative) => readFileSync(join(web, relative), "utf8"));
  assert.deepEqual(problems, []);
  // The package's README leads to the guide it ships, and LICENSE is the repository's.
  assert.ok(links(readFileSync(join(web, "README.md"), "utf8")).some((l) => l.target === "docs/static-sites.md"), "web/README.md links docs/static-sites.md");
  assert.equal(readFileSync(join(web, "LICENSE"), "utf8"), readFileSync(join(repo, "LICENSE"), "utf8"));
  assert.ok(statSync(join(web, "docs", "static-sites.md")).isFile());
});

// The element's attributes are documented where the package's own docs link to them: every
// attribute of the table the element and prerender read them by (generated from the core's
// attributes.hpp) has its row, or shares one, in docs/element.md's "Attributes" table, which the
// package ships.
test("every attribute the element reads has its place in docs/element.md's table", () => {
  const generated = readFileSync(join(web, "src", "generated", "attributes.ts"), "utf8");
  const names = [...generated.matchAll(/^export const \w+ = \["([a-z-]+)"/gm)].map((m) => m[1]);
  assert.ok(names.length >= 20, `only ${names.length} attributes read from attributes.ts`);
  const doc = readFileSync(join(repo, "docs", "element.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Attributes"), doc.indexOf("\n## ", doc.indexOf("## Attributes") + 1));
  const documented = new Set([...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1].matchAll(/`([a-z-]+)`/g)].map((c) => c[1])));
  // (`controls` is the older name of `toolbar`, explained in its row)
  const missing = names.filter((name) => !documented.has(name) && !(name === "controls" && section.includes("`controls` is its older name")));
  assert.deepEqual(missing, [], "attributes without a row in docs/element.md");
});
