// The list: the core's markup for each entry, grouped into sections, the first screen at once and
// the rest in idle chunks (a deep link's paper and its screen first); a row whose markup is
// unchanged is moved, not made again, and keeps what the visitor opened or focused.
import type { View } from "../core.js";
import { escapeText } from "./escape.js";
import type { ShelfHost } from "./host.js";
import { typesetMath } from "./typeset.js";
import { headingLevel } from "./options.js";
import { linkedEntry, TYPING_PAUSE } from "./url-state.js";

export const FIRST_CHUNK = 30;   // entries rendered before the first paint (and on a keystroke; more than a screenful)
const CHUNK = 100;               // entries per later idle period
const ABOVE = 10;                // entries made above a deep link's paper, with the FIRST_CHUNK from it

/**
 * What a visitor did to one entry that a new copy of it must keep: its open panels (a filled
 * panel moves along, so nothing is fetched again) and the control that has focus. A live list
 * taking over from a prerendered one, or a row made again, would otherwise close what the
 * visitor opened and drop the focus to the page.
 */
export function carryOver(from: Element, to: Element, focused: Element | null): void {
  const twin = (el: Element) => {
    const same = (root: Element) => [...root.querySelectorAll(el.tagName)].filter((x) => x.className === el.className);
    return same(to)[same(from).indexOf(el)];
  };
  for (const open of from.querySelectorAll<HTMLDetailsElement>("details[open]")) {
    const mate = twin(open) as HTMLDetailsElement | undefined;
    if (!mate || mate.open) continue;
    // (A live row's panel was filled for this record; a prerendered one has no Copy button.)
    const panel = from.hasAttribute("data-ready") ? open.querySelector(":scope > .ps-panel") : null;
    if (panel && !mate.querySelector(":scope > .ps-panel") && mate.dataset.panel) mate.append(panel);
    mate.open = true;
  }
  if (focused && from.contains(focused)) ((focused === from ? to : twin(focused)) as HTMLElement | undefined)?.focus({ preventScroll: true });
}

/**
 * Rows made above `row` (those before a deep link's paper) push what is in view down when `row`
 * is above the view's top: where the browser keeps what is in view in place itself (CSS scroll
 * anchoring) nothing is done, elsewhere (Safari) the page is scrolled back by as much. Returns
 * what to call once the rows are in.
 */
function keepInView(row: Element): (() => void) | undefined {
  if (CSS.supports("overflow-anchor", "auto")) return undefined;
  const top = row.getBoundingClientRect().top;
  return top < 0 ? () => window.scrollBy(0, row.getBoundingClientRect().top - top) : undefined;
}

/**
 * A thumbnail that does not load (a preview the site lacks) leaves no broken-image box: its entry
 * reads as one without a picture, in the live list and in a prerendered one the element adopted
 * (whose pictures may have failed before the element's code came). `dropped` hears of each.
 */
export function dropBrokenThumbnails(root: ParentNode & EventTarget, dropped: (img: HTMLImageElement) => void): void {
  const drop = (img: HTMLImageElement) => {
    if (!img.isConnected) return;
    dropped(img);
    img.closest(".ps-entry")?.classList.remove("ps-has-thumb");
    img.remove();
  };
  // (An error event does not bubble: caught on its way down.)
  root.addEventListener("error", (ev) => {
    const img = ev.target as HTMLImageElement;
    if (img.matches?.("img.ps-thumb")) drop(img);
  }, true);
  // Those already settled: decode() fails for a picture that could not be loaded. (Only settled
  // ones: a lazy picture not yet asked for is left to load, or fail, when it comes into view.)
  for (const img of root.querySelectorAll<HTMLImageElement>("img.ps-thumb"))
    if (img.complete && img.getAttribute("src")) img.decode().catch(() => drop(img));
}

/** The owner hears of the first missing thumbnail of an element (the `thumbnails` folder may be
 *  wrong for all of them). */
const toldThumbnails = new WeakSet<ShelfHost>();
export function tellMissingThumbnail(host: ShelfHost, img: HTMLImageElement): void {
  if (toldThumbnails.has(host)) return;
  toldThumbnails.add(host);
  host.problem("thumbnails", `${img.src} could not be loaded: papers whose picture is missing are shown without one (the thumbnails attribute names the folder of relative ones)`);
}

type Row = { html: string; li: HTMLElement };

export class ListView {
  #host: ShelfHost;
  // The rows of the current list by record index, with the markup each was made from: a
  // re-render (a keystroke) moves a row whose markup is unchanged instead of rebuilding it.
  #rows = new Map<number, Row>();
  /** Makes the current list's row at a position, and a screen around it, ahead of the rows before
   *  it (a deep link to a later paper). */
  #makeAround?: (position: number) => Promise<boolean>;
  /** The fragment last scrolled to, so that a re-render does not scroll again. */
  #revealed = "";
  #token = 0;

  constructor(host: ShelfHost) {
    this.#host = host;
    const list = host.parts.list;
    // Escape closes the panel that has focus, and focus goes back to its button.
    list.addEventListener("keydown", (ev) => {
      const open = (ev.target as Element).closest?.<HTMLDetailsElement>("details[open]");
      if (ev.key !== "Escape" || !open) return;
      open.open = false;
      open.querySelector<HTMLElement>(":scope > summary")?.focus();
    });
    dropBrokenThumbnails(list, (img) => tellMissingThumbnail(host, img));
  }

  /** The list on screen is about to be replaced: its remaining chunks stop. */
  stop(): void { this.#token++; }

  /** Forgets every row (they carry labels: after a change of language none is reused). */
  clear(): void {
    this.#rows = new Map();
    this.#host.parts.list.replaceChildren();
  }

  /** No list: `text` in its place (the stylesheet hides it beside a prerendered list), or nothing. */
  failed(text?: string): void {
    this.#rows = new Map();
    if (text === undefined) { this.#host.parts.list.replaceChildren(); return; }
    const line = document.createElement("p");
    line.className = "ps-error";
    line.textContent = text;
    this.#host.parts.list.replaceChildren(line);
  }

  /** The live row of a record key, if it is made. */
  rowOf(key: string): HTMLElement | undefined {
    return [...this.#rows.values()].find((row) => row.li.dataset.key === key)?.li;
  }

  /**
   * A link to `#ps-KEY` (the id each entry has in the static list) or `#KEY` brings that paper
   * into view and marks it, as the browser does for the static list's ids.
   */
  async revealTarget(): Promise<void> {
    const view = this.#host.view;
    if (!view || location.hash === this.#revealed) return;
    const k = linkedEntry(view);
    if (k < 0) return;
    this.#revealed = location.hash;
    const index = view.entries[k];
    if (!this.#rows.has(index) && this.#makeAround) await this.#makeAround(k);
    const li = this.#rows.get(index)?.li;
    if (!li || view !== this.#host.view) return;
    for (const old of this.#host.parts.list.querySelectorAll(".ps-target")) old.classList.remove("ps-target");
    li.classList.add("ps-target");
    li.tabIndex = -1;
    li.scrollIntoView({ block: "center" });
    li.focus({ preventScroll: true });
  }

  async render(view: View): Promise<void> {
    const host = this.#host;
    const token = ++this.#token;
    const { list, skipPast, listEnd } = host.parts;
    const lib = host.library!;
    const options = host.formatOptions();
    const old = this.#rows;
    const rows = new Map<number, Row>();
    this.#rows = rows;
    this.#makeAround = undefined;
    skipPast.hidden = listEnd.hidden = view.entries.length === 0;
    if (view.entries.length === 0) {
      list.innerHTML = `<p class="ps-empty">${escapeText(view.total === 0 ? host.labels.nothing : host.labels.empty)}</p>`;
      return;
    }
    // Groups become sections; entries are rendered in chunks so a long list paints at once.
    const level = headingLevel(host.element);
    const groups = view.groups.length ? view.groups : [{ key: "", label: "", begin: 0, count: view.entries.length }];
    const frag = document.createDocumentFragment();
    const lists: { ol: HTMLOListElement; begin: number; end: number }[] = [];
    for (const g of groups) {
      const ol = document.createElement("ol");
      ol.className = "ps-list";
      if (view.groups.length) {
        const section = document.createElement("section");
        section.className = "ps-group";
        section.dataset.group = g.key;
        const h = document.createElement(`h${level}`);
        h.className = "ps-group-title";
        // (seen as "2024 331", heard as "2024: 331 publications", as the core's static list has it)
        h.innerHTML = `<span dir="auto" aria-hidden="true">${escapeText(g.label)}</span> <span class="ps-count" aria-hidden="true">${g.count}</span><span class="ps-visually-hidden">${escapeText(host.labels.groupHeading(g.label, g.count))}</span>`;
        section.append(h, ol);
        frag.append(section);
      } else {
        frag.append(ol);
      }
      lists.push({ ol, begin: g.begin, end: g.begin + g.count });
    }
    // Rows [0, next) are made, and the spans in `ahead` (a deep link's paper and its screen, made
    // before the rows above them: making every row up to the 20,000th held the page for seconds,
    // and laying them out took longer the more there were), in order and apart.
    let next = 0;
    const ahead: { begin: number; end: number }[] = [];
    const listOf = (position: number) => {
      let lo = 0, hi = lists.length - 1;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (lists[mid].end <= position) lo = mid + 1; else hi = mid; }
      return lists[lo];
    };
    // Rows made again while the visitor had one open or focused: carried over once in the page.
    const carried: [Element, Element, Element | null][] = [];
    // Makes the rows [begin, end), each in its list before the first row made after them (so a
    // list stays in order); false when a newer render started while this one waited for markup.
    const make = async (begin: number, end: number): Promise<boolean> => {
      if (token !== this.#token) return false;  // (a chunk queued before a newer render: asking for it is wasted)
      const indices = view.entries.slice(begin, end);
      const html = await lib.html(indices, options);
      if (token !== this.#token) return false;
      // Only the rows whose markup changed are parsed (in one go) and decorated.
      const tpl = document.createElement("template");
      tpl.innerHTML = html.filter((h, k) => old.get(indices[k])?.html !== h).join("");
      const made = [...tpl.content.children] as HTMLElement[];
      const after = ahead.find((span) => span.begin >= end)?.begin;
      const afterRow = after === undefined ? undefined : rows.get(view.entries[after])!.li;
      const shifted = afterRow && keepInView(afterRow);
      let m = 0;
      for (let k = 0; k < indices.length; k++) {
        const at = listOf(begin + k);
        const prev = old.get(indices[k]);
        let li: HTMLElement;
        if (prev && prev.html === html[k]) {
          li = prev.li;
        } else {
          li = made[m++];
          this.#decorate(li);
          const focused = host.root.activeElement;
          if (prev && (prev.li.contains(focused) || prev.li.querySelector("details[open]"))) carried.push([prev.li, li, focused]);
        }
        rows.set(indices[k], { html: html[k], li });
        at.ol.insertBefore(li, after !== undefined && after < at.end ? afterRow! : null);
      }
      shifted?.();
      if (list.contains(lists[0].ol)) for (const pair of carried.splice(0)) carryOver(...pair);
      return true;
    };
    const skipAhead = () => { while (ahead.length && ahead[0].begin <= next) next = Math.max(next, ahead.shift()!.end); };
    const renderUpTo = async (limit: number): Promise<boolean> => {
      skipAhead();
      const end = Math.min(limit, ahead[0]?.begin ?? limit);
      if (next >= end) return true;
      if (!(await make(next, end))) return false;
      next = end;
      skipAhead();
      return true;
    };
    const makeAround = async (position: number): Promise<boolean> => {
      if (position < next || ahead.some((span) => span.begin <= position && position < span.end)) return true;
      let begin = Math.max(next, position - ABOVE);
      let end = Math.min(view.entries.length, position + FIRST_CHUNK);
      for (const span of ahead) {
        if (span.end <= position) begin = Math.max(begin, span.end);
        else end = Math.min(end, span.begin);
      }
      if (!(await make(begin, end))) return false;
      ahead.push({ begin, end });
      ahead.sort((a, b) => a.begin - b.begin);
      return true;
    };
    if (!(await renderUpTo(Math.min(FIRST_CHUNK, view.entries.length)))) return;
    list.replaceChildren(frag);
    for (const pair of carried.splice(0)) carryOver(...pair);
    // Later chunks and a deep link's jump ahead take turns, so no row is made twice.
    let turn = Promise.resolve(true);
    const inTurn = (limit: number) => (turn = turn.then(() => renderUpTo(limit)));
    this.#makeAround = (position) => (turn = turn.then(() => makeAround(position)));
    // The rest follows a chunk at a time when the page is idle, and not while the visitor types:
    // a key's frame then holds its own query and first screen, never the tail of the last
    // key's list (each chunk is a round trip, markup to parse and rows to lay out).
    const idle = (f: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(f, { timeout: 250 }) : requestAnimationFrame(f));
    const more = async () => {
      if (token !== this.#token || next >= view.entries.length) return;
      const typing = host.lastKeyAt + TYPING_PAUSE - performance.now();
      if (typing > 0) { setTimeout(() => idle(() => void more()), typing); return; }
      if (await inTurn(Math.min(next + CHUNK, view.entries.length))) idle(() => void more());
    };
    requestAnimationFrame(() => idle(() => void more()));
  }

  /** Puts this element's labels on one entry's controls (the core's markup is in English). */
  #decorate(li: HTMLElement): void {
    li.dataset.ready = "";
    const L = this.#host.labels;
    const bibtex = li.querySelector("details.ps-bibtex > summary");
    if (bibtex) bibtex.textContent = L.bibtex;
    const cite = li.querySelector("details.ps-cite > summary");
    if (cite) cite.textContent = L.cite;
    const more = li.querySelector<HTMLElement>("summary.ps-more");
    if (more) more.textContent = L.showMore(Number(more.dataset.hidden));
    typesetMath(li, this.#host.root);
  }
}
