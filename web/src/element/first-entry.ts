// What an element needs before its first entry, asked both by the script tag's loader
// (papershelf.js, before the element's own code has come) and by the element: whether the page
// holds its list already (prerendered), which core shows it, where its data is, and when a page
// whose list is prerendered may start on the rest.
import { inlineData } from "./data-source.js";
import { dataSource, profileMode } from "./options.js";
import { pageBase, readyState } from "./page-document.js";

/** The page's two cores: the list core, and for an element that shows a profile card the card core. */
export const CORE_FILES = { list: "papershelf-core.wasm", card: "papershelf-core-card.wasm" } as const;
export type CoreKind = keyof typeof CORE_FILES;

/** The smallest core that shows this element. */
export function coreKind(el: Element): CoreKind {
  return profileMode(el) === "none" ? "list" : "card";
}

/** The record keys of the list prerendered inside the element (`papershelf prerender`), in order. */
export function prerenderedKeys(el: Element): string[] {
  return [...el.querySelectorAll<HTMLElement>(":scope > .ps-shelf li.ps-entry[data-key]")].map((li) => li.dataset.key ?? "");
}

/** Where the element's data is downloaded from (none when it is inline). */
export function dataUrl(el: Element): URL | undefined {
  const src = dataSource(el);
  return src && inlineData(el) === undefined ? new URL(src, pageBase()) : undefined;
}

/**
 * A prerendered list is on screen already: what would show it again waits until the page has
 * loaded, its largest paint so far has been reported and two frames have passed since, and the
 * page is idle (the page's own resources and its first, largest paint come first), or until the
 * visitor reaches for `target` (a press, a key, the focus).
 */
export function pageIdle(target: EventTarget): Promise<void> {
  return new Promise((resolve) => {
    const events = ["pointerdown", "keydown", "focusin"];
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      for (const name of events) target.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of events) target.addEventListener(name, done, true);
    const idle = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() =>
      typeof requestIdleCallback === "function" ? requestIdleCallback(done, { timeout: 1000 }) : done())));
    const painted = largestPaint();
    const loaded = readyState() === "complete" ? Promise.resolve() : new Promise((ok) => window.addEventListener("load", ok, { once: true }));
    void Promise.all([loaded, painted]).then(idle);
  });
}

/** Settles once the browser has reported the page's largest paint so far (at most 3 s; at once
 *  where it reports none). */
function largestPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) return resolve();
    const observer = new PerformanceObserver(() => { observer.disconnect(); resolve(); });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(() => { observer.disconnect(); resolve(); }, 3000);
  });
}

/** Resolves in a later task (first in line where the browser has scheduler.yield): the page may
 *  answer input between two steps of work. A file's reading and its first query are two tasks,
 *  not one long one on a phone (Lighthouse's 4x slower CPU made them one of 90-150 ms). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}
