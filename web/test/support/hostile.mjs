// Hostile documents for browser tests: every payload of tests/fixtures/hostile/payloads.json in
// every field of a BibTeX, a CSL-JSON and a papershelf JSON document. The same layout as
// tests/core/hostile_test.cpp (which checks the core's HTML at the parse level); each record
// carries a marker (M1000Q, M1001Q, ...) that must stay visible as text.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const payloads = JSON.parse(readFileSync(join(repo, "tests", "fixtures", "hostile", "payloads.json"), "utf8"));
export const marker = (i) => `M${1000 + i}Q`;

// Brace-balanced payloads go into braced values as they are (LaTeX included); others get their
// braces escaped so the value does not end early.
function bibValue(p) {
  let depth = 0, balanced = true;
  for (const c of p) { depth += c === "{" ? 1 : c === "}" ? -1 : 0; balanced &&= depth >= 0; }
  return balanced && depth === 0 ? p : p.replace(/[{}]/g, (c) => `\\${c}`);
}
const bibKey = (i, p) => `k${i}${[...p].filter((c) => c > " " && !",{}()=#%@\\".includes(c)).join("")}`;

export function bibtexDocument(ps = payloads) {
  let out = `@string{hostile = {${bibValue(ps[0])}}}\n`;
  ps.forEach((p, i) => {
    const v = bibValue(p), m = marker(i);
    out += `@inproceedings{${bibKey(i, p)},\n`;
    for (const f of ["title", "booktitle", "journal", "note", "abstract", "award", "award_name", "abbr", "publisher",
      "school", "series", "annotation", "pubstate", "keywords", "month"]) out += `  ${f} = {${m} ${v}},\n`;
    out += `  author = {${m} {${v}} and Hu, Qinghao and {${v}}, ${m}},\n  editor = {{${v}}},\n`;
    for (const f of ["url", "pdf", "code", "slides", "poster", "video", "website", "html", "doi", "eprint", "preview",
      "url_extra", "supp", "blog"]) out += `  ${f} = {${v}},\n`;
    out += "  year = {2020},\n  selected = {true},\n  bibtex_show = {true},\n  tags = hostile\n}\n";
  });
  return out;
}

function cslItem(i, p) {
  const m = `${marker(i)} ${p}`;
  const item = { id: `${p} ${i}`, type: "paper-conference" };
  for (const f of ["title", "container-title", "event-title", "publisher", "note", "abstract", "genre"]) item[f] = m;
  item.author = [{ family: m, given: p, marks: p }, { literal: m }, { family: "Hu", given: "Qinghao" }];
  item.editor = [{ literal: p }];
  Object.assign(item, { URL: p, DOI: p, keyword: p, issued: { raw: p }, language: p });
  return item;
}

export function cslDocument(ps = payloads) {
  return JSON.stringify(ps.map((p, i) => cslItem(i, p)), null, 1);
}

export function papershelfDocument(ps = payloads) {
  const links = {}, legend = {};
  const publications = ps.map((p, i) => {
    const item = cslItem(i, p);
    item.issued = { "date-parts": [[2020]] };
    for (const f of ["badge", "award", "award_name", "status"]) item[f] = `${marker(i)} ${p}`;
    Object.assign(item, { arxiv: p, thumbnail: p, selected: true, tags: [p, marker(i)],
      links: [{ label: p, url: p }, { label: "pdf", url: p }] });
    links[p] = p;
    legend[p.slice(0, 8)] = p;
    return item;
  });
  const profile = { name: `Qinghao Hu ${ps[0]}`, aliases: [ps[1], "Q. Hu"], position: ps[2], affiliation: ps[3],
    photo: ps[26], interests: ps, links, legend, email: ps[20] };
  return JSON.stringify({ profile, publications }, null, 1);
}

export const documents = (ps = payloads) => [
  { name: "bibtex", file: "hostile.bib", type: "text/plain; charset=utf-8", text: bibtexDocument(ps) },
  { name: "csl-json", file: "hostile-csl.json", type: "application/json", text: cslDocument(ps) },
  { name: "papershelf-json", file: "hostile.json", type: "application/json", text: papershelfDocument(ps) },
];

/**
 * Runs in the page: what a hostile document managed to do in the element matching `selector` (its
 * shadow root) or, without one, in the page body; `text` is innerText, or textContent for a
 * renderer whose list is visually hidden. Returns the forbidden tags present, attributes that run
 * code, inline styles, links whose protocol (as this browser parsed it) is not http(s)/mailto, and
 * the text.
 */
export function inspectInPage({ selector, text: how = "innerText" }) {
  // Elements that run code, load content, restyle the page or change how URLs resolve. (The
  // profile card's chart is an inline <svg> with rect/text/g only, so svg itself is allowed.)
  const FORBIDDEN = ["script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "math", "base",
    "meta", "link", "form", "template", "noscript", "video", "audio", "source", "track", "marquee", "body", "html",
    "head", "animate", "set", "animatetransform", "animatemotion", "foreignobject", "use", "image", "portal"];
  const host = selector ? document.querySelector(selector) : null;
  const root = host ? host.shadowRoot : document.body;
  const all = [...root.querySelectorAll("*")];
  // A static list's schema.org JSON-LD is a data block (browsers never run it); its text may not
  // close it early, so it holds no "<" at all.
  const dataBlock = (e) => e.localName === "script" && e.getAttribute("type") === "application/ld+json" && e.attributes.length === 1 && !e.textContent.includes("<");
  const tags = [...new Set(all.filter((e) => !dataBlock(e)).map((e) => e.localName))].sort().filter((t) => FORBIDDEN.includes(t));
  const badAttributes = [], styles = [];
  for (const e of all)
    for (const a of e.attributes) {
      if (/^on/i.test(a.name) || a.name === "srcdoc" || a.name === "formaction" || /:href$/.test(a.name))
        badAttributes.push(`<${e.localName} ${a.name}="${a.value.slice(0, 60)}">`);
      // A renderer may set styles from script (the canvas cursor); data must never add any.
      if (a.name === "style") styles.push(`<${e.localName} style="${a.value.slice(0, 60)}">`);
    }
  const badLinks = [];
  for (const e of root.querySelectorAll("[href], [src], [action], [data]")) {
    for (const name of ["href", "src", "action", "data"]) {
      if (!e.hasAttribute(name)) continue;
      const url = new URL(e.getAttribute(name), document.baseURI);
      if (!["http:", "https:", "mailto:"].includes(url.protocol)) badLinks.push(`<${e.localName} ${name}="${e.getAttribute(name).slice(0, 60)}">`);
    }
  }
  const text = (host ? host.shadowRoot.querySelector("[part=shelf]") : document.body)?.[how] ?? "";
  return { pwned: window.__pwned, tags, badAttributes, styles, badLinks, text };
}
