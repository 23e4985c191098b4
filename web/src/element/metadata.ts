// Machine-readable metadata of the list as the page shows it first, in the element's own light DOM
// (a shadow root is invisible to reference managers' connectors and to search engines): a COinS
// span per paper and schema.org JSON-LD.
import type { View } from "../core.js";
import type { AnyLibrary } from "../worker.js";

/** The library each element's metadata was written for. */
const writtenFor = new WeakMap<Element, AnyLibrary>();

/** Writes it for `lib`'s first 500 papers of `view`, once per library (`current()` tells whether
 *  `lib` is still the element's); a prerendered list (papershelf render) already carries its own. */
export async function writeMetadata(element: HTMLElement, lib: AnyLibrary, view: View, current: () => AnyLibrary | undefined): Promise<void> {
  if (writtenFor.get(element) === lib) return;
  writtenFor.set(element, lib);
  element.querySelector(":scope > [slot=ps-metadata]")?.remove();
  if (element.querySelector(':scope > .ps-shelf script[type="application/ld+json"]') || view.entries.length === 0) return;
  const { coins, jsonLd } = await lib.metadata(view.entries.slice(0, 500));
  if (lib !== current()) return;
  const box = document.createElement("div");
  box.slot = "ps-metadata";  // (no such slot: never shown)
  box.hidden = true;
  box.innerHTML = coins.join("");  // (the core's spans: escaped attribute text only)
  const script = document.createElement("script");
  script.type = "application/ld+json";  // a data block: never run
  script.textContent = jsonLd;
  box.append(script);
  element.append(box);
}
