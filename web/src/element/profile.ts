// The profile card above the list (the core's markup): made again only when the data or its
// attributes change; its statistics are filters a visitor can press, and its email button
// assembles the address only when pressed.
import type { AnyLibrary } from "../worker.js";
import type { ShelfHost } from "./host.js";
import { headingLevel, PROFILE_ATTRIBUTES, profileMode, profileOptions } from "./options.js";

export class ProfileCard {
  #host: ShelfHost;
  /** The attributes and library the card on screen was made from. */
  #madeFrom = "";

  constructor(host: ShelfHost) {
    this.#host = host;
    const box = host.parts.profile;
    box.addEventListener("click", (ev) => this.#onClick(ev));
    // The chart's year bars are toggles (role="button"): Space presses them as it does a button.
    // (A bar is an SVG <a>, which has no click(): the click is dispatched.)
    box.addEventListener("keydown", (ev) => {
      const bar = (ev.target as Element).closest?.('[role="button"][data-filter]');
      if (bar && ev.key === " ") { ev.preventDefault(); bar.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, composed: true })); }
    });
  }

  /** Shows the card for `lib` (`library` names it: the card is kept while it is the same). */
  async render(lib: AnyLibrary, library: string): Promise<void> {
    const host = this.#host;
    const el = host.element;
    const { profile: box, skip } = host.parts;
    // (no card in the list core: the controller reads the data again into the card core)
    if (profileMode(el) === "none" || !lib.hasCard) {
      box.hidden = true;
      skip.hidden = true;
      box.innerHTML = "";
      this.#madeFrom = "";
      return;
    }
    const key = [library, headingLevel(el), ...PROFILE_ATTRIBUTES.map(([name]) => el.getAttribute(name) ?? "\u0000")].join("\u0001");
    if (key !== this.#madeFrom) {
      const html = await lib.profileHtml(profileOptions(el));
      if (lib !== host.library) return;
      box.innerHTML = html;
      box.hidden = box.innerHTML === "";
      skip.hidden = box.hidden;
      this.#madeFrom = key;
    }
    // The card counts the whole record: while the list is narrowed, it says so.
    const state = host.state;
    const scope = box.querySelector<HTMLElement>(".ps-stats-scope");
    if (scope) scope.hidden = !state.filter && !state.search;
    // Which statistics are applied now: the card's clauses are in the core's canonical form.
    const clauses = new Set((host.view?.clauses ?? []).map((c) => c.text.toLowerCase()));
    for (const stat of box.querySelectorAll<HTMLElement>("[data-filter]")) {
      const c = (stat.dataset.filter ?? "").toLowerCase();
      const on = c ? clauses.has(c) : clauses.size === 0 && !state.search;
      if (stat.tagName === "BUTTON" || stat.getAttribute("role") === "button") stat.setAttribute("aria-pressed", String(on));
      else if (on) stat.setAttribute("aria-current", "true");
      else stat.removeAttribute("aria-current");
    }
  }

  #onClick(ev: Event): void {
    const host = this.#host;
    const target = (ev.target as Element).closest("[data-filter], button.ps-email");
    if (!target) return;
    ev.preventDefault();
    if (target.classList.contains("ps-email")) {
      // Assembled only now, so the address is never in the page as written.
      const rev = (s: string | undefined) => [...(s ?? "")].reverse().join("");
      const address = `${rev((target as HTMLElement).dataset.u)}@${rev((target as HTMLElement).dataset.d)}`;
      const a = document.createElement("a");
      a.className = target.className;
      a.href = `mailto:${address}`;
      a.textContent = address;
      target.replaceWith(a);
      a.focus();
      return;
    }
    const clause = (target as HTMLElement).dataset.filter ?? "";
    if (clause) void host.editFilter({ toggle: clause });
    else { host.state.filter = host.state.search = ""; host.commit(); }
    // The list may start below the fold: bring its count line into view, so the click shows
    // what it did (and a screen reader hears the new count there).
    void host.updateComplete.then(() => {
      const { count, toolbar, list } = host.parts;
      // The toolbar with the new chip and the count, or the list where there is no toolbar.
      const top = count.getClientRects().length ? toolbar : list;
      const y = top.getBoundingClientRect().top;
      if (y < 0 || y > innerHeight * 0.6) top.scrollIntoView({ block: "start" });
      if (top !== list) { count.tabIndex = -1; count.focus({ preventScroll: true }); }
    });
  }
}
