// A list prerendered inside the element (`papershelf prerender`), adopted: the page keeps showing
// it, since its card and entries are the nodes the browser painted first and a live copy painted
// later would become the page's largest paint, until the visitor first uses the page. Meanwhile
// the live toolbar stands in the room the prerender kept for it.
import type { View } from "../core.js";
import { prerenderedKeys } from "./first-entry.js";
import { carryOver } from "./list-view.js";
import type { ShelfParts } from "./shell.js";

// The prerendered card is the live card's markup with its statistics as text, item for item
// (the core's profile card, not interactive): the k-th of these is the k-th [data-filter] there.
const STATIC_STATISTICS = ".ps-stat-counts > li, .ps-top-item, .ps-bar";

export class Adoption {
  #element: HTMLElement;
  #els: () => ShelfParts;
  #open = true;
  /** The prerendered card's statistic the visitor pressed, by its place (see STATIC_STATISTICS). */
  #pressed = -1;

  /** `els`: the shadow tree's parts (made when the element is first connected). */
  constructor(element: HTMLElement, els: () => ShelfParts) {
    this.#element = element;
    this.#els = els;
  }

  /** Settles once a press that began on the prerendered list has been released (and clicked). */
  press: () => Promise<void> | undefined = () => undefined;

  /** Whether the live list now takes over from a prerendered one (showing while loading, or adopted). */
  takingOver(shelf: HTMLElement): boolean {
    return (shelf.dataset.state === "loading" || shelf.dataset.state === "adopted") && shelf.hasAttribute("data-prerendered");
  }

  /** What the visitor opened or focused in the prerendered list, taken before it is hidden: the
   *  returned function carries it over to the live rows (`rowOf` a key) once they are in place. */
  touched(): (rowOf: (key: string) => HTMLElement | undefined) => void {
    const focused = document.activeElement;
    const touched = [...this.#element.querySelectorAll<HTMLElement>("li.ps-entry[data-key]")].filter((li) => li.contains(focused) || li.querySelector("details[open]"));
    return (rowOf) => {
      for (const li of touched) {
        const live = rowOf(li.dataset.key ?? "");
        if (live) carryOver(li, live, focused);
      }
    };
  }

  /** Nothing more is adopted: the visitor reached into the list, or the element changed. */
  close(): void { this.#open = false; }

  /** Whether the prerendered list is `view` as it is, for the visitor's state as the page set it
   *  (`asSet`), so that it can be adopted; a link to one paper is the live list's to reveal. */
  fits(view: View, asSet: boolean): boolean {
    if (!this.#open || !asSet || this.press() || location.hash.length > 1) return false;
    const keys = prerenderedKeys(this.#element);
    return keys.length === view.keys.length && keys.every((key, i) => key === view.keys[i]);
  }

  /**
   * Adopts the prerendered list (once), and calls `takeOver` after the visitor's first use of the
   * page (a press, a key, a wheel or a scroll anywhere), after that input's own action (a press's
   * click, a key's toggle): a paint after input is not the page's largest, and the live list (Copy
   * buttons, the card's statistics as filters) is in place by the time the visitor reaches it.
   */
  begin(takeOver: () => void): void {
    if (this.#els().shelf.dataset.state === "adopted") return;
    lendToolbar(this.#element, this.#els());
    const events = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"];
    const used = (event: Event) => {
      for (const name of events) removeEventListener(name, used, true);
      this.#open = false;
      if (event.type === "pointerdown") this.#pressed = this.#statistics().findIndex((item) => item.contains(event.target as Node));
      setTimeout(takeOver);
    };
    for (const name of events) addEventListener(name, used, { capture: true, passive: true });
  }

  /** The prerendered card's statistics, in order. */
  #statistics(): Element[] {
    return [...this.#element.querySelectorAll(`:scope > .ps-shelf .ps-profile :is(${STATIC_STATISTICS})`)];
  }

  /**
   * Once the live card is in place: the statistic the visitor pressed on the prerendered card is
   * pressed on the live one (where the prerendered text did nothing), if the two cards count the
   * same statistics.
   */
  pressAgain(card: HTMLElement): void {
    const k = this.#pressed;
    this.#pressed = -1;
    const live = card.querySelectorAll<HTMLElement>("[data-filter]");
    if (k < 0 || live.length !== this.#statistics().length) return;
    live[k].focus({ preventScroll: true });
    live[k].click();
  }

  /**
   * The live list takes over from the prerendered one (adopted or still loading): the toolbar goes
   * back to its place in the shadow tree, with the focus and the caret it had (moving a node drops
   * its focus). Returns what to call once the live list is in place: the page stays scrolled where
   * it was. Meanwhile the browser's scroll anchoring is off in the element: with the toolbar moved
   * and the prerendered list hidden, it would scroll the page by the toolbar's height, and a
   * layout may find the page shorter and clamp it (the visitor's first scroll is what lets an
   * adopted list be taken over).
   */
  end(): () => void {
    this.#open = false;
    const element = this.#element;
    const scrolled = { left: scrollX, top: scrollY };
    const anchoring = element.style.getPropertyValue("overflow-anchor");
    const styled = element.hasAttribute("style");
    element.style.setProperty("overflow-anchor", "none");
    element.querySelector(":scope > .ps-shelf[data-adopted]")?.removeAttribute("data-adopted");
    const { toolbar, problems } = this.#els();
    if (toolbar.getRootNode() !== problems.getRootNode()) {
      const focused = document.activeElement;
      const had = focused instanceof HTMLElement && toolbar.contains(focused) ? focused : undefined;
      const caret = had instanceof HTMLInputElement && had.type === "search" ? [had.selectionStart, had.selectionEnd] as const : undefined;
      problems.before(toolbar);
      had?.focus({ preventScroll: true });
      if (caret && caret[0] !== null && caret[1] !== null) (had as HTMLInputElement).setSelectionRange(caret[0], caret[1]);
    }
    return () => {
      if (scrollX !== scrolled.left || scrollY !== scrolled.top) scrollTo(scrolled);
      // (the element's own style attribute as the page wrote it)
      if (anchoring) element.style.setProperty("overflow-anchor", anchoring);
      else element.style.removeProperty("overflow-anchor");
      if (!styled && !element.getAttribute("style")) element.removeAttribute("style");
    };
  }
}

/** The live toolbar in the room the prerender kept for it (`.ps-toolbar[data-room]`), styled there
 *  by the page's papershelf.css like the list around it; the prerendered shelf says it is adopted
 *  (data-adopted) until the live list takes over. */
function lendToolbar(element: HTMLElement, els: ShelfParts): void {
  const shelf = element.querySelector<HTMLElement>(":scope > .ps-shelf");
  if (!shelf) return;
  shelf.toggleAttribute("data-adopted", true);
  const room = shelf.querySelector<HTMLElement>(":scope > .ps-toolbar[data-room]");
  if (!room) return;  // (a list shown without a toolbar)
  room.removeAttribute("data-room");  // (hidden now, as every [hidden] in the shelf)
  room.after(els.toolbar);
}
