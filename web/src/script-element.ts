// The element's code for the script tag (papershelf-element.mjs), which papershelf.js loads and
// starts: <paper-shelf> with its stylesheet, the cores beside the script (taking what the loader
// prefetched), the canvas renderer (papershelf-canvas.mjs + .wasm) only when an element asks for
// it, and the worker that reads large files (papershelf-worker.js).
import type { CanvasBundle } from "./canvas-assets.js";
import { coresBeside } from "./cores-beside.js";
import { definePaperShelf } from "./element.js";
import { clobberedNames } from "./element/page-document.js";
import type { Prefetched } from "./prefetch.js";
// @ts-ignore -- bundled as text by esbuild (--loader:.css=text)
import css from "./papershelf.css";

/** Defines <paper-shelf> for the script at `scriptUrl`. */
export function start(scriptUrl: string, prefetched: Prefetched): void {
  const beside = (file: string) => new URL(file, scriptUrl).href;
  // Markup that hides document's own members is seldom the owner's (papershelf.js found itself
  // without reading them): the owner hears of it.
  const hidden = clobberedNames();
  if (hidden.length)
    console.warn(`papershelf: the page has elements named ${hidden.map((n) => `"${n}"`).join(", ")} (such as <img name="${hidden[0]}">), which hide document's own members of those names; ` +
      `papershelf does not read them, and loaded its files from beside ${scriptUrl}. Markup from visitors or from data may be getting into the page.`);
  definePaperShelf(
    coresBeside(beside, prefetched).cores,
    css as string,
    {
      // A runtime URL, so the bundler leaves the canvas module out of this file.
      load: async () => (await import(/* @vite-ignore */ beside("papershelf-canvas.mjs"))) as CanvasBundle,
      locateFile: beside,
    },
    // A worker must come from the page's origin; from elsewhere (a CDN) this throws and the
    // element reads on the page's thread instead.
    () => new Worker(beside("papershelf-worker.js")),
    prefetched,
  );
}
