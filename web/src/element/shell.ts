// The element's shadow tree: where the prerendered list, the profile card, the toolbar, the
// problems, the legend, the canvas and the list sit, made once; its parts by name.
import { escapeText } from "./escape.js";
import type { Labels } from "./labels.js";
import { pageBody, pageWalker } from "./page-document.js";

/** The parts of the shadow tree the element's modules work on. */
export interface ShelfParts {
  /** The whole shelf (data-state, data-controls, data-prerendered...). */
  shelf: HTMLElement; toolbar: HTMLElement;
  search: HTMLInputElement; sort: HTMLSelectElement; group: HTMLSelectElement;
  year: HTMLSelectElement; yearTo: HTMLSelectElement; type: HTMLSelectElement; status: HTMLSelectElement; venue: HTMLSelectElement;
  selected: HTMLInputElement; award: HTMLInputElement; first: HTMLInputElement;
  clear: HTMLButtonElement; filtersToggle: HTMLButtonElement; active: HTMLElement;
  count: HTMLElement; download: HTMLDetailsElement; progress: HTMLProgressElement;
  problems: HTMLElement; legend: HTMLElement; profile: HTMLElement; canvasHost: HTMLElement;
  list: HTMLElement; skip: HTMLButtonElement; skipPast: HTMLButtonElement; listEnd: HTMLElement;
  /** The light DOM's children (a prerendered list) are shown here until the live list replaces them. */
  slot: HTMLSlotElement;
}

/** Makes the shadow tree in `root` (the menus' options come from the labels' names). */
export function buildShell(root: ShadowRoot, L: Labels): ShelfParts {
  const wrap = document.createElement("div");
  wrap.className = "ps-shelf";
  wrap.setAttribute("part", "shelf");
  wrap.dataset.state = "loading";
  const sortOptions = Object.keys(L.sortNames).map((v) => `<option value="${v}"></option>`).join("");
  const groupOptions = Object.keys(L.groupNames).map((v) => `<option value="${v}"></option>`).join("");
  // What the page prerendered inside the element (`papershelf render`) is shown in the place
  // where the live card and list will be, until they replace it, so nothing on screen moves.
  wrap.innerHTML = `
<div class="ps-prerendered"><slot></slot></div>
<button type="button" class="ps-skip" hidden></button>
<div class="ps-profile-slot" part="profile" hidden></div>
<div class="ps-toolbar" part="toolbar" role="search">
  <input class="ps-search" type="search" part="search">
  <button type="button" class="ps-filters-toggle" aria-expanded="false"></button>
  <label class="ps-control"><span class="ps-l-sort"></span> <select class="ps-sort">${sortOptions}</select></label>
  <label class="ps-control"><span class="ps-l-group"></span> <select class="ps-group-select">${groupOptions}</select></label>
  <div class="ps-filters" part="filters">
    <select class="ps-f-year"></select>
    <select class="ps-f-year-to" hidden></select>
    <select class="ps-f-type"></select>
    <select class="ps-f-status"></select>
    <select class="ps-f-venue"></select>
    <label class="ps-chip"><input type="checkbox" class="ps-f-selected"> <span class="ps-chip-label"></span></label>
    <label class="ps-chip"><input type="checkbox" class="ps-f-award"> <span class="ps-chip-label"></span></label>
    <label class="ps-chip"><input type="checkbox" class="ps-f-first"> <span class="ps-chip-label"></span></label>
    <button type="button" class="ps-clear"></button>
  </div>
  <div class="ps-active-filters" part="active-filters" hidden></div>
  <div class="ps-count-line">
    <p class="ps-count" part="count" role="status" aria-live="polite">${escapeText(L.loading)}</p>
    <details class="ps-download" part="download"><summary></summary><div class="ps-download-formats"></div></details>
  </div>
  <progress class="ps-progress" part="progress" max="1" hidden></progress>
</div>
<div class="ps-problems" part="problems" hidden></div>
<p class="ps-legend" part="legend" hidden></p>
<div class="ps-canvas-host" part="canvas" hidden><canvas class="ps-canvas" tabindex="0" role="application" aria-label="Publications table (drawn on a canvas; the same list follows as text for screen readers)"></canvas><p class="ps-visually-hidden ps-canvas-live" role="status" aria-live="polite"></p></div>
<button type="button" class="ps-skip-list" hidden></button>
<div class="ps-results" part="list"></div>
<span class="ps-list-end" tabindex="0" hidden></span>`;
  root.append(wrap);
  const q = <T extends Element>(sel: string) => wrap.querySelector(sel) as T;
  return {
    shelf: wrap, toolbar: q(".ps-toolbar"), search: q(".ps-search"), sort: q(".ps-sort"), group: q(".ps-group-select"),
    year: q(".ps-f-year"), yearTo: q(".ps-f-year-to"), type: q(".ps-f-type"), status: q(".ps-f-status"), venue: q(".ps-f-venue"),
    selected: q(".ps-f-selected"), award: q(".ps-f-award"), first: q(".ps-f-first"), clear: q(".ps-clear"), filtersToggle: q(".ps-filters-toggle"),
    active: q(".ps-active-filters"), count: q(".ps-count"), download: q(".ps-download"), progress: q(".ps-progress"),
    problems: q(".ps-problems"), legend: q(".ps-legend"), profile: q(".ps-profile-slot"), canvasHost: q(".ps-canvas-host"),
    list: q(".ps-results"), skip: q(".ps-skip"), skipPast: q(".ps-skip-list"), listEnd: q(".ps-list-end"), slot: q("slot"),
  };
}

/**
 * The shell's own behaviour: whether a prerendered list is shown, the two skip links, and a press
 * on the prerendered list, which holds the live list back until its click has landed. Returns
 * that press while it lasts.
 */
export function wireShell(element: HTMLElement, els: ShelfParts): () => Promise<void> | undefined {
  const { slot, shelf } = els;
  slot.addEventListener("slotchange", () => shelf.toggleAttribute("data-prerendered", slot.assignedElements().some((n) => n.tagName !== "SCRIPT")));
  let press: Promise<void> | undefined;
  element.addEventListener("pointerdown", (ev) => {
    if (!slot.assignedElements().some((n) => n.contains(ev.composedPath()[0] as Node))) return;
    press ??= new Promise<void>((released) => {
      const done = () => {
        removeEventListener("pointerup", done, true);
        removeEventListener("pointercancel", done, true);
        // (the click of this press is dispatched before the next task)
        setTimeout(() => { press = undefined; released(); });
      };
      addEventListener("pointerup", done, true);
      addEventListener("pointercancel", done, true);
    });
  });
  // Past every entry: to what follows the element in the page (its next tab stop), or where
  // nothing does, to the list's end (a tab stop of its own: the next Tab from an element that is
  // not one starts over in Chrome's shadow trees). Rows still being made push it down: the view
  // follows it while it keeps the focus.
  els.skipPast.addEventListener("click", () => {
    const target = nextTabStop(element) ?? els.listEnd;
    target.focus({ preventScroll: true });
    followFocus(target, els.list);
  });
  // Past the card: to the search field, or where there is none, to the first entry.
  els.skip.addEventListener("click", () => {
    if (els.search.getClientRects().length) { els.search.focus(); return; }
    const first = els.list.querySelector<HTMLElement>("li.ps-entry");
    if (first) { first.tabIndex = -1; first.focus(); }
  });
  return () => press;
}

// What takes the keyboard's focus by Tab: links, controls, summaries and tabindex >= 0.
const TAB_STOP = "a[href], area[href], button, input:not([type=hidden]), select, textarea, summary, iframe, [contenteditable], [tabindex]";

/** The first tab stop of the page after `element` and all it holds (in the document's order), if
 *  any is shown. */
function nextTabStop(element: HTMLElement): HTMLElement | undefined {
  const top = pageBody();
  const walker = pageWalker(top);
  // (past the element's own light-DOM children: its prerendered list)
  let node: Node | null = null;
  for (let up: HTMLElement | null = element; !node && up && up !== top; up = up.parentElement) { walker.currentNode = up; node = walker.nextSibling(); }
  for (; node; node = walker.nextNode()) {
    const el = node as HTMLElement;
    // (Element's own matches: a page's <form> may hide its members under its fields' names)
    if (!Element.prototype.matches.call(el, TAB_STOP) || el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest("[inert]")) continue;
    if (el.matches("summary") && el.parentElement?.firstElementChild !== el) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    return el;
  }
  return undefined;
}

/** Keeps `target` in view while `list`, above it, grows (its rows still being made), until focus
 *  leaves it. */
function followFocus(target: HTMLElement, list: HTMLElement): void {
  const show = () => target.scrollIntoView({ block: "nearest" });
  show();
  if (typeof ResizeObserver !== "function") return;
  const watch = new ResizeObserver(() => {
    const root = target.getRootNode() as Document | ShadowRoot;
    if (root.activeElement !== target) { watch.disconnect(); return; }
    show();
  });
  watch.observe(list);
  target.addEventListener("blur", () => watch.disconnect(), { once: true });
}

/** The skip links' words, the canvas table's name, and the language the list speaks (`words`). */
export function labelShell(els: ShelfParts, L: Labels, words: string | undefined): void {
  els.skip.textContent = L.skipToList;
  els.skipPast.textContent = L.skipPastList;
  els.listEnd.textContent = L.endOfList;
  els.canvasHost.querySelector("canvas")?.setAttribute("aria-label", L.canvasTable);
  // The language the list speaks, for the stylesheet (its menus are wider than English ones).
  if (words) els.shelf.dataset.words = words;
  else delete els.shelf.dataset.words;
}

/**
 * The loading bar: `done` of `total` bytes, -1 for "busy" (no measure), null to hide it.
 * `text` goes to the live status line, which announces phases, not every chunk.
 */
export function showProgress(els: ShelfParts, done: number | null, total = 0, text?: string): void {
  const bar = els.progress;
  bar.hidden = done === null;
  if (done !== null && done >= 0 && total > 0) bar.value = Math.min(done / total, 1);
  else bar.removeAttribute("value");
  if (text) els.count.textContent = text;
}

/** The shelf's state, for the stylesheet: papershelf.css keeps an empty element's room until its
 *  list is shown (after the list's first rows are in place, or the list failed). "adopted": the
 *  prerendered list is shown, with the live toolbar (lendToolbar). */
export function setShelfState(element: HTMLElement, els: ShelfParts, state: "loading" | "adopted" | "ready" | "empty" | "failed"): void {
  els.shelf.dataset.state = state;
  if (state === "failed") element.toggleAttribute("data-shown", true);
}
