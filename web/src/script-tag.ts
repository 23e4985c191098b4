// The one-line embed: <script src=".../papershelf.js" defer></script> defines <paper-shelf>. This
// file is small, so that it costs a page little before its own first paint: it starts at once,
// in parallel, what the first entries need (the element's code, papershelf-element.mjs; each
// element's core, compiled while it downloads; its data), and the element's code defines the
// element when it comes. Where every element holds a list prerendered by `papershelf prerender`,
// nothing is fetched before the page has loaded and painted, or the visitor reaches for it.
import { CORE_FILES, coreKind, dataUrl, pageIdle, prerenderedKeys } from "./element/first-entry.js";
import { Prefetched } from "./prefetch.js";

const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? document.baseURI;
const beside = (file: string) => new URL(file, scriptUrl).href;
const prefetched = new Prefetched();
const load = () => (import(/* @vite-ignore */ beside("papershelf-element.mjs")) as Promise<typeof import("./script-element.js")>)
  .then((module) => module.start(scriptUrl, prefetched))
  .catch((err: unknown) => console.error(`papershelf: papershelf-element.mjs could not be loaded from beside papershelf.js (${err instanceof Error ? err.message : String(err)})`));

// (No element yet: a script that runs before the page's body, or elements added later.)
const shelves = [...document.querySelectorAll("paper-shelf")];
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
