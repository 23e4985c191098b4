// The example site's shared parts, put into each page as ./dev.sh builds the site (build/site):
// `<!-- example head -->` becomes head.html (the doctype and the lines every page's <head> starts
// with, the site's stylesheet among them) and `<!-- example nav -->` becomes nav.html (the end of the head, then the links between
// the examples, the page's own marked aria-current), with addresses made relative to the page. The
// pages keep what is theirs: the title, papershelf's stylesheet and script, and the content.
//   node examples/shared/apply.mjs SITE_FOLDER
import { readFileSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const head = readFileSync(join(here, "head.html"), "utf8");
const nav = readFileSync(join(here, "nav.html"), "utf8");
const site = process.argv[2];
if (!site) throw new Error("usage: node examples/shared/apply.mjs SITE_FOLDER");

const pages = [["", join(site, "index.html")]];
for (const entry of readdirSync(site, { withFileTypes: true }))
  if (entry.isDirectory() && existsSync(join(site, entry.name, "index.html"))) pages.push([entry.name, join(site, entry.name, "index.html")]);

for (const [folder, file] of pages) {
  const root = folder ? "../" : "";
  const page = readFileSync(file, "utf8");
  const relative = (html) => html.replace(/href="([^"]*)"/g, (whole, href) => (/^([a-z]+:|\/|#)/i.test(href) ? whole : `href="${root}${href}"`));
  const filled = page
    .replace("<!-- example head -->\n", () => relative(head))
    .replace("<!-- example nav -->\n", () => relative(nav).replace(`href="${root}${folder}/">`, `href="${root}${folder}/" aria-current="page">`));
  if (filled !== page) writeFileSync(file, filled);
}
