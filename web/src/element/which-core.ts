// Which core an element asks for, and from when: the smallest that shows it (the list core, or
// with a card the card core), at once, or for a list prerendered inside the element once the page
// is idle or the visitor reaches for the element (first-entry.ts, pageIdle).
import type { PageCores, Papershelf } from "../core.js";
import { coreKind, pageIdle, prerenderedKeys } from "./first-entry.js";

export interface WhichCore {
  /** Settles when the core may load. */
  wanted(): Promise<void>;
  /** The element's core, once it may load (its kind judged as the element is then: a card asked
   *  for later needs the card core). */
  core(): Promise<Papershelf>;
}

export function whichCore(element: HTMLElement, cores: PageCores): WhichCore {
  let wanted: Promise<void> | undefined;
  const when = () => (wanted ??= prerenderedKeys(element).length ? pageIdle(element) : Promise.resolve());
  return {
    wanted: when,
    core: async () => {
      await when();
      return cores[coreKind(element)]();
    },
  };
}
