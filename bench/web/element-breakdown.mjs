// Where the element's module (papershelf-element.mjs, which a page without a prerendered list
// waits for before its first entry) spends its bytes: the module bundled as the web build bundles
// it, then again with each part left out (its exports stubbed), gzip -9 each time. What a part
// saves is what moving it after the first entry could save at most (the rest of the module is
// what the first entry needs, and its stylesheet). Run after ./dev.sh test (it compiles web/src
// with the package's tsc into a temporary folder; web/dist is read, never written):
//   node bench/web/element-breakdown.mjs
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "./built.mjs";

const web = join(root, "web");
const dist = join(web, "dist");
if (!existsSync(join(dist, "papershelf-core.mjs"))) {
  console.error("build first: ./dev.sh test");
  process.exit(1);
}
const { build } = await import(join(web, "node_modules", "esbuild", "lib", "main.js"));

// The element's parts that its first entry could do without, each one file of web/src/element.
const PARTS = [
  ["toolbar", "search, sort, group and the filters (their menus filled per view)"],
  ["canvas-renderer", "the bridge to the Dear ImGui canvas (renderer=\"canvas\" only)"],
  ["panels", "BibTeX, Cite, Copy and the downloads (filled when a visitor opens one)"],
  ["languages", "the words of a page in another language (fetched lang/xx.json)"],
  ["profile", "the profile card's glue (pages with a card)"],
  ["owner-report", "the owner's diagnostics (console, debug, diagnostics)"],
  ["metadata", "COinS and JSON-LD for reference managers and crawlers"],
];

const out = mkdtempSync(join(tmpdir(), "papershelf-element-"));
try {
  execFileSync(process.execPath, [join(web, "node_modules", "typescript", "bin", "tsc"), "-p", web, "--outDir", out], { stdio: "inherit" });
  // What the web build puts beside the compiled glue before it bundles the element.
  for (const file of readdirSync(dist).filter((f) => f.endsWith(".mjs") || f === "papershelf.css")) cpSync(join(dist, file), join(out, file));

  const bundle = async (left = "") => {
    const stub = {
      name: "stub",
      setup(b) {
        b.onResolve({ filter: /\.js$/ }, (a) => (left && basename(a.path) === `${left}.js` ? { path: join(a.resolveDir, a.path), namespace: "stub" } : undefined));
        b.onLoad({ filter: /.*/, namespace: "stub" }, (a) => {
          const names = [...readFileSync(a.path, "utf8").matchAll(/export (?:async )?(?:function|class|const|let) (\w+)/g)].map((m) => m[1]);
          return { contents: names.map((n) => `export const ${n} = 0;`).join("\n"), loader: "js" };
        });
      },
    };
    const r = await build({ entryPoints: [join(out, "script-element.js")], bundle: true, format: "esm", minify: true, loader: { ".css": "text" }, write: false, outfile: join(out, "x.mjs"), plugins: [stub], logLevel: "silent" });
    return gzipSync(r.outputFiles[0].contents, { level: 9 }).length;
  };
  const kb = (n) => (n / 1024).toFixed(1);
  const whole = await bundle();
  const css = gzipSync(readFileSync(join(dist, "papershelf.css")), { level: 9 }).length;
  console.log(`| part of papershelf-element.mjs | what it does | KB gzip it adds |\n|---|---|---|`);
  let parts = 0;
  for (const [part, what] of PARTS) {
    const saved = whole - (await bundle(part));
    parts += saved;
    console.log(`| \`element/${part}.ts\` | ${what} | ${kb(saved)} |`);
  }
  console.log(`| these parts together (each measured alone) | | ${kb(parts)} |`);
  console.log(`| the stylesheet (papershelf.css, inside the module; alone) | | ${kb(css)} |`);
  console.log(`| **the module, bundled here as the web build bundles it** | | **${kb(whole)}** |`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
