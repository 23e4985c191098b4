// The one-line embed: <script src=".../papershelf.js" defer></script> defines <paper-shelf>. This
// file is small, so that it costs a page little before its own first paint: it starts at once,
// in parallel, what the first entries need (the element's code, papershelf-element.mjs; each
// element's core, compiled while it downloads; its data), and the element's code defines the
// element when it comes. Where every element holds a list prerendered by `papershelf prerender`,
// nothing is fetched before the page has loaded and painted, or the visitor reaches for it.
import { CORE_FILES, coreKind, dataUrl, pageIdle, prerenderedKeys } from "./element/first-entry.js";
import { currentScript, pageQueryAll } from "./element/page-document.js";
import { Prefetched } from "./prefetch.js";

/** The shipped name of this file: where no current script says which one is this. */
const FILE = "papershelf.js";

/**
 * The address of this script, from which everything else is loaded; undefined when it is not
 * certain. Read through the DOM's own getter (page-document.ts): an <img name="currentScript"
 * src="https://elsewhere/x.png"> in the page would otherwise be taken for this script, and the
 * element's code imported from beside that image, on another site.
 */
function ownAddress(): string | undefined {
  const current = currentScript();
  if (current instanceof HTMLScriptElement && current.src) return current.src;
  // None: loaded as a module, or from a shadow tree. A <script> whose file is papershelf.js then;
  // such scripts in different folders (one may be markup that never ran) leave it uncertain.
  const path = (url: string) => { try { return new URL(url).pathname; } catch { return ""; } };
  const candidates = pageQueryAll("script[src]").filter((s): s is HTMLScriptElement =>
    s instanceof HTMLScriptElement && path(s.src).endsWith(`/${FILE}`));
  const folders = new Set(candidates.map((s) => new URL(".", s.src).href));
  return folders.size === 1 ? candidates[0].src : undefined;
}

const scriptUrl = ownAddress();
if (!scriptUrl) {
  console.error(`papershelf: papershelf.js loads nothing: it cannot tell which <script> is its own (no document.currentScript, as for a module, and not one folder with a ${FILE}). Include it as <script src=".../${FILE}" defer></script>.`);
} else {
  const beside = (file: string) => new URL(file, scriptUrl).href;
  const prefetched = new Prefetched();
  const load = () => (import(/* @vite-ignore */ beside("papershelf-element.mjs")) as Promise<typeof import("./script-element.js")>)
    .then((module) => module.start(scriptUrl, prefetched))
    .catch((err: unknown) => console.error(`papershelf: papershelf-element.mjs could not be loaded from beside papershelf.js (${err instanceof Error ? err.message : String(err)})`));

  // (No element yet: a script that runs before the page's body, or elements added later.)
  const shelves = pageQueryAll("paper-shelf");
  if (shelves.length && shelves.every((el) => prerenderedKeys(el).length)) {
    void pageIdle(window).then(load);
  } else {
    for (const el of shelves) {
      if (prerenderedKeys(el).length) continue;
      prefetched.core(beside(CORE_FILES[coreKind(el)]));
      const data = dataUrl(el);
      if (data) prefetched.data(data.href);
    }
    void load();
  }
}
