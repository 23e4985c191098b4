// citeproc-js (npm `citeproc`), the reference CSL processor, as an oracle for papershelf's
// citations: one CSL-JSON item formatted with an official style as a one-entry bibliography, the
// way a visitor's Cite button formats one paper. The styles and locales are the CSL project's own
// files, as Debian ships them (citation-style-language-styles / -locales).
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

// citeproc-js is a CommonJS module.
const CSL = createRequire(import.meta.url)("citeproc");

/** Where Debian installs the CSL styles and locales (styles/*.csl, locales/locales-*.xml). */
export const CSL_DIR = process.env.PAPERSHELF_CSL_DIR ?? "/usr/share/citation-style-language";

/** Why the oracle cannot run here ("" when it can): the folder of styles or locales is absent. */
export function cslMissing(dir = CSL_DIR) {
  const locale = join(dir, "locales", "locales-en-US.xml");
  if (existsSync(join(dir, "styles")) && existsSync(locale)) return "";
  return `${dir} has no CSL styles or en-US locale: install the Debian packages ` +
    "citation-style-language-styles and citation-style-language-locales";
}

// A single paper has no place in a list, so the citation number that numeric styles (IEEE, ACM)
// put in a bibliography's left margin ("[1] ") means nothing on its own, and papershelf does not
// write one. These two output formats are citeproc's own "text" and "html" with that margin
// marked, for format() to cut out (citeproc-js keeps the margin's text when its decoration
// returns nothing, so it cannot simply be dropped there); the HTML is also the entry's content
// without its <div class="csl-entry"> wrapper, as papershelf's cite(…, "html") gives it. They are
// added to citeproc's table of formats under names of their own, so its stock formats stay as
// they are.
const MARGIN = /\u0002[^\u0003]*\u0003/;  // (STX … ETX: control characters no citation contains)
const markMargin = (state, str) => `\u0002${str}\u0003`;
const UNNUMBERED = {
  text: "papershelf-oracle-text",
  html: "papershelf-oracle-html",
};
CSL.Output.Formats[UNNUMBERED.text] = {
  ...CSL.Output.Formats.text,
  "@display/left-margin": markMargin,
};
CSL.Output.Formats[UNNUMBERED.html] = {
  ...CSL.Output.Formats.html,
  "@bibliography/entry": (state, str) => str,
  "@display/left-margin": markMargin,
  "@display/right-inline": (state, str) => str,
};

/**
 * One citeproc-js engine for one style, reused for every item (building an engine parses the
 * style, which costs far more than formatting one entry).
 *
 * `styleFile`: a .csl file. `lang`: the locale asked for; citeproc-js lets a style's own
 * default-locale win over it (Cite Them Right is British English), and a locale the folder lacks
 * falls back to en-US. `numbered`: keep the citation number of numeric styles (default: left out, see
 * above).
 */
export class CiteprocOracle {
  #engine;
  #formats;
  #mode = "";
  #serial = 0;
  #item = null;

  constructor(styleFile, { dir = CSL_DIR, lang = "en-US", numbered = false } = {}) {
    const locale = (tag) => join(dir, "locales", `locales-${tag}.xml`);
    const sys = {
      retrieveLocale: (tag) => readFileSync(existsSync(locale(tag)) ? locale(tag) : locale("en-US"), "utf8"),
      // The engine only ever holds the item being formatted.
      retrieveItem: (id) => (this.#item && this.#item.id === id ? this.#item : undefined),
    };
    this.#engine = new CSL.Engine(sys, readFileSync(styleFile, "utf8"), lang);
    // A one-entry bibliography has nothing to sort, yet citeproc-js renders the style's sort keys
    // for every item it registers: a quarter of the time. Without them the entries are the same
    // (all of ../shared/corpus/realworld in the six styles was checked both ways).
    this.#engine.bibliography_sort.tokens = [];
    this.#engine.citation_sort.tokens = [];
    this.#formats = numbered ? { text: "text", html: "html" } : UNNUMBERED;
  }

  /** `item` (a CSL-JSON object, left untouched) as a one-entry bibliography in `format` ("text"
   *  or "html"), without the trailing newline. Throws what citeproc-js throws. */
  format(item, format = "text") {
    const mode = this.#formats[format];
    if (!mode) throw new Error(`unknown output format "${format}" (use text or html)`);
    if (mode !== this.#mode) this.#engine.setOutputFormat((this.#mode = mode));
    // A fresh id per call: citeproc-js caches items by id in its registry, and papershelf's
    // files have duplicate keys (different papers), so the item's own id could bring back an
    // earlier paper. citeproc-js also writes into the items it is given, hence the copy.
    const id = `item-${++this.#serial}`;
    this.#item = { ...structuredClone(item), id };
    this.#engine.updateItems([id]);  // (drops the previous item from the registry)
    const bibliography = this.#engine.makeBibliography();
    if (!bibliography) throw new Error("the style has no bibliography");
    const [, entries] = bibliography;
    return entries.join("").replace(MARGIN, "").trim();
  }
}

/**
 * Formats every item of `items` with each of `styleFiles` (options as for CiteprocOracle, and
 * `format`). citeproc-js takes about a millisecond an entry, all of it on one processor, so the
 * styles are shared out among worker threads, one per processor: each worker formats one style
 * after another, the code citeproc-js compiled for the first serving the next. Resolves to one
 * array per style, in order, of one { citation } or { error } (what citeproc-js threw) per item.
 */
export async function formatStyles(styleFiles, items, { format = "text", ...options } = {}) {
  const results = new Array(styleFiles.length);
  let next = 0;
  const worker = () => new Promise((resolve, reject) => {
    const thread = new Worker(new URL(import.meta.url), { workerData: { citeprocOracle: { items, format, options } } });
    let current;
    // A style at a time; null when there are none left, on which the worker ends.
    const give = () => thread.postMessage(next < styleFiles.length ? styleFiles[(current = next++)] : null);
    thread.on("message", (formatted) => {
      results[current] = formatted;
      give();
    });
    thread.once("error", reject);
    thread.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`a citeproc-js worker exited with status ${code}`))));
    give();
  });
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), styleFiles.length) }, worker));
  return results;
}

// This module is also formatStyles's worker: it formats the items in each style it is sent, and
// closes its port (so its thread ends) on null.
if (!isMainThread && workerData?.citeprocOracle) {
  const { items, format, options } = workerData.citeprocOracle;
  parentPort.on("message", (styleFile) => {
    if (styleFile === null) return parentPort.close();
    const oracle = new CiteprocOracle(styleFile, options);
    parentPort.postMessage(items.map((item) => {
      try {
        return { citation: oracle.format(item, format) };
      } catch (err) {
        return { error: String(err?.message ?? err) };
      }
    }));
  });
}
