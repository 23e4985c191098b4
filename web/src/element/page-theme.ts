// The list looks like the page it is on: light or dark as the page is (not only as the reader's
// system is), with the page's link colour as its accent where that reads. Judged again when the
// page switches its own theme or the system does.
import type { Papershelf } from "../core.js";
import { pinnedTheme } from "./options.js";
import { pageQueryAll } from "./page-document.js";

export const darkScheme = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : undefined;

/** An opaque rgb()/rgba() colour as [r, g, b]; undefined for a transparent or unknown one. */
function opaqueRgb(css: string): number[] | undefined {
  const m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(css.trim());
  return m && (m[4] === undefined || Number(m[4]) === 1) ? [m[1], m[2], m[3]].map(Number) : undefined;
}
/** The background the page paints behind `el`: the first opaque one of it and its ancestors, as
 *  [r, g, b]; undefined when the page sets none (the browser's canvas colour shows). */
function pageBackground(el: Element): number[] | undefined {
  for (let at: Element | null = el; at; at = at.parentElement) {
    const rgb = opaqueRgb(getComputedStyle(at).backgroundColor);
    if (rgb) return rgb;
  }
  return undefined;
}
/** What a visitor sees behind `el`: the page's background, or where the page paints none the
 *  browser's canvas, dark only when the page allows a dark scheme (`color-scheme`, as a property
 *  or a meta tag) and the reader's system prefers it. */
export function seenBehind(el: Element): number[] {
  const painted = pageBackground(el);
  if (painted) return painted;
  const meta = pageQueryAll<HTMLMetaElement>('meta[name="color-scheme"]')[0]?.content ?? "";
  const allowsDark = /\bdark\b/.test(`${getComputedStyle(document.documentElement).colorScheme} ${meta}`);
  return allowsDark && darkScheme?.matches ? [18, 18, 18] : [255, 255, 255];
}

/**
 * One element's scheme and accent, set as its `data-theme` and an adopted rule.
 * - `theme="auto"` follows the page, not only the reader's system setting: a page that stays
 *   light in a dark system keeps a light list (its light grey text would be unreadable on the
 *   page's white), and a dark page gets the dark colours. The HTML list's colours are the
 *   stylesheet's, from the page's text colour (as the static list's are); this judgement is the
 *   canvas's scheme, and the list's in engines without relative colours (which, until it is
 *   made, follow `prefers-color-scheme`).
 * - The accent is the colour of the page's links, for the list's links, buttons and focus
 *   ring: a list should look like the site it is on. Not with a `preset`, not for a list
 *   prerendered in the page (which keeps the look it was first painted with), not when the page
 *   left links the browser's blue, and only when it reads at 4.5:1 on the page's background
 *   (else papershelf's own accent stays). The probe link lives for one synchronous moment,
 *   hidden, in this element's own light DOM: nothing shows and nothing outside the element
 *   changes.
 */
export class PageTheme {
  #host: HTMLElement;
  #root: ShadowRoot;
  #loader: () => Promise<Papershelf>;
  #onSchemeChange: () => void;
  #accentSheet?: CSSStyleSheet;
  #asked = 0;
  #pageSwitch?: MutationObserver;
  #pageSwitchTimer?: ReturnType<typeof setTimeout>;

  /** `onSchemeChange` runs when the judged scheme changes (the canvas draws in it too). */
  constructor(host: HTMLElement, root: ShadowRoot, loader: () => Promise<Papershelf>, onSchemeChange: () => void) {
    this.#host = host;
    this.#root = root;
    this.#loader = loader;
    this.#onSchemeChange = onSchemeChange;
  }

  /** The `theme` attribute changed (or the element was built). */
  apply(): void {
    // `auto` keeps the scheme last judged for the page until it is judged again.
    const judged = this.#host.getAttribute("data-theme");
    this.#host.setAttribute("data-theme", pinnedTheme(this.#host) ?? (judged === "light" || judged === "dark" ? judged : "auto"));
    this.adopt();
  }

  /** Judges the page again: the last call wins. */
  adopt(): void {
    const asked = ++this.#asked;
    const host = this.#host;
    const fixed = pinnedTheme(host);
    // The core judges what reads (it is loading for the data anyway). The page's colours are read
    // then, not now: reading a computed style makes the browser style the whole page at once,
    // and while the element is being built that doubled the task building it (a long task on a
    // phone); by the time the core is there the page has been styled for its frame.
    void this.#loader().then((core) => {
      if (asked !== this.#asked) return;
      // (Not for a list prerendered in the page: its static list, painted before any script,
      // cannot know the page's links, and the live list must look as it did.)
      const link = host.hasAttribute("preset") || host.querySelector(":scope > .ps-shelf") ? undefined : this.#pageLinkColour();
      const background = seenBehind(host);
      const scheme = fixed ?? (core.readable([255, 255, 255], background) ? "dark" : "light");
      const changed = host.getAttribute("data-theme") !== scheme;
      host.setAttribute("data-theme", scheme);
      const onAccent = link && core.readable([255, 255, 255], link) ? "#fff" : "#0b1220";
      this.#setAccentRule(link && core.readable(link, background) ? `:host(:not([preset])) .ps-shelf { --ps-accent: rgb(${link.join(", ")}); --ps-accent-fill: var(--ps-accent); --ps-on-accent: ${onAccent}; }` : "");
      if (changed) this.#onSchemeChange();
    }, () => {});
  }

  /** Follows the system's scheme and the page's own light/dark switch (al-folio's toggle sets
   *  data-theme on <html>; others a class or a style), which change its background and links. */
  connect(): void {
    darkScheme?.addEventListener("change", this.#onScheme);
    this.#pageSwitch ??= new MutationObserver(this.#onPageSwitch);
    for (const el of [document.documentElement, document.body].filter(Boolean))
      this.#pageSwitch.observe(el, { attributes: true, attributeFilter: ["class", "style", "data-theme", "data-bs-theme", "data-mode"] });
  }
  disconnect(): void {
    darkScheme?.removeEventListener("change", this.#onScheme);
    this.#pageSwitch?.disconnect();
    clearTimeout(this.#pageSwitchTimer);
  }

  /** The page switched between light and dark: its links may have another colour now. */
  #onScheme = (): void => this.adopt();
  /** Judged at once and again once a transition of the page's colours (a few hundred ms) is over. */
  #onPageSwitch = (): void => {
    this.adopt();
    clearTimeout(this.#pageSwitchTimer);
    this.#pageSwitchTimer = setTimeout(() => this.adopt(), 600);
  };

  /** The colour of the page's links here, unless it is the browser's own blue. */
  #pageLinkColour(): number[] | undefined {
    const probe = document.createElement("a");
    probe.href = "#";
    probe.hidden = true;  // (in the default slot: an element in no slot has no computed style)
    this.#host.append(probe);
    const colour = opaqueRgb(getComputedStyle(probe).color);
    probe.remove();
    return colour?.join() === "0,0,238" ? undefined : colour;
  }
  #setAccentRule(rule: string): void {
    try {
      this.#accentSheet ??= new CSSStyleSheet();
      this.#accentSheet.replaceSync(rule);
      const sheets = this.#root.adoptedStyleSheets;
      if (!sheets.includes(this.#accentSheet)) this.#root.adoptedStyleSheets = [...sheets, this.#accentSheet];
    } catch {
      // (no constructable style sheets: papershelf's own accent)
    }
  }
}
