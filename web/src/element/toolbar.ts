// The toolbar: search, sort, group, the filter menus and flags, the active filters as chips, and
// the count line. It shows the filter as the core read it and hands every change to the core.
import type { FacetValue, FilterClause, UsefulControls, View } from "../core.js";
import { escapeText } from "./escape.js";
import type { ShelfHost } from "./host.js";
import { chosen, shownChoice } from "./options.js";

// Until the core has judged a list's scope (view.useful), every control is offered.
export const EVERY_CONTROL: UsefulControls = { year: true, type: true, status: true, venue: true, selected: true, award: true, firstAuthor: true, byCitations: true };

export class Toolbar {
  #host: ShelfHost;
  /** Which controls can change the list, and for which library, scope and owner it was judged. */
  #useful: UsefulControls = EVERY_CONTROL;
  #usefulFor = "";

  constructor(host: ShelfHost) {
    this.#host = host;
    const e = host.parts;
    const state = () => host.state;
    e.search.addEventListener("input", () => { host.lastKeyAt = performance.now(); state().search = e.search.value; host.commit(true); });
    e.sort.addEventListener("change", () => { state().sort = chosen(host.element, "sort", e.sort.value, host.view?.defaults); host.commit(); });
    e.group.addEventListener("change", () => { state().group = chosen(host.element, "group", e.group.value, host.view?.defaults); host.commit(); });
    // Each control sets the clause of its kind; the core edits the filter text.
    for (const [el, kind] of [[e.year, "year"], [e.type, "type"], [e.status, "status"], [e.venue, "venue"]] as const)
      el.addEventListener("change", () => void host.editFilter({ kind, value: el.value }));
    // Once a year is chosen, a second menu runs the range to a later year (year:2022-2024), as
    // the canvas's From and To menus do; the same year again is that year alone.
    e.yearTo.addEventListener("change", () => {
      const from = e.year.value, to = e.yearTo.value;
      void host.editFilter({ kind: "year", value: !to || to === from ? from : Number(to) < Number(from) ? `${to}-${from}` : `${from}-${to}` });
    });
    for (const [el, kind] of [[e.selected, "selected"], [e.award, "award"], [e.first, "first-author"]] as const)
      el.addEventListener("change", () => void host.editFilter({ kind, value: el.checked ? kind : "" }));
    // On a narrow screen sort, group and filters fold behind one button (CSS container query).
    e.filtersToggle.addEventListener("click", () => {
      const open = e.filtersToggle.getAttribute("aria-expanded") !== "true";
      e.filtersToggle.setAttribute("aria-expanded", String(open));
      e.toolbar.toggleAttribute("data-open", open);
    });
    // Escape folds them again from inside, with focus back on the button, as it closes an
    // entry's panels (the search field keeps Escape for its own text).
    e.toolbar.addEventListener("keydown", (ev) => {
      if (ev.key !== "Escape" || !e.toolbar.hasAttribute("data-open") || ev.target === e.search || !e.filtersToggle.getClientRects().length) return;
      e.filtersToggle.setAttribute("aria-expanded", "false");
      e.toolbar.removeAttribute("data-open");
      e.filtersToggle.focus();
      ev.stopPropagation();
    });
    e.clear.addEventListener("click", () => {
      host.state = { search: "", filter: "", sort: state().sort, group: state().group };
      host.commit();
      e.search.focus();
    });
    e.active.addEventListener("click", (ev) => {
      const chip = (ev.target as Element).closest<HTMLElement>("button[data-clause]");
      if (!chip) return;
      const clause = chip.dataset.clause!;
      if (clause === "\u0000search") { state().search = ""; host.commit(); }
      else void host.editFilter({ toggle: clause });
      // Focus stays in the toolbar: on the next chip, or else the search field or the count.
      void host.updateComplete.then(() => (e.active.querySelector<HTMLElement>("button") ?? (e.search.getClientRects().length ? e.search : e.count)).focus());
    });
  }

  /** Which controls can change the list (the canvas offers the same). */
  get useful(): UsefulControls { return this.#useful; }

  /** Puts the current labels on the toolbar (its structure never changes with the language). */
  applyLabels(): void {
    const L = this.#host.labels;
    const e = this.#host.parts;
    e.search.placeholder = L.search;
    e.search.setAttribute("aria-label", L.search);
    e.progress.setAttribute("aria-label", L.loading);
    (e.toolbar.querySelector(".ps-l-sort") as HTMLElement).textContent = L.sort;
    (e.toolbar.querySelector(".ps-l-group") as HTMLElement).textContent = L.group;
    for (const o of e.sort.options) if (L.sortNames[o.value]) o.textContent = L.sortNames[o.value];
    for (const o of e.group.options) if (L.groupNames[o.value]) o.textContent = L.groupNames[o.value];
    e.year.setAttribute("aria-label", L.year);
    e.yearTo.setAttribute("aria-label", L.yearTo);
    e.type.setAttribute("aria-label", L.type);
    e.status.setAttribute("aria-label", L.status);
    e.venue.setAttribute("aria-label", L.venue);
    (e.selected.nextElementSibling as HTMLElement).textContent = L.selected;
    (e.award.nextElementSibling as HTMLElement).textContent = L.award;
    (e.first.nextElementSibling as HTMLElement).textContent = L.firstAuthor;
    e.clear.textContent = L.clear;
    if (!this.#host.view) e.count.textContent = L.loading;
  }

  /**
   * The controls show `view`: the filter as the core read it, clause by clause. `judged` names the
   * library, scope and owner: the controls that cannot change the list are left out as the core
   * judges the whole scope (view.useful: only an unfiltered view carries it), kept per `judged` so
   * that nothing comes and goes while a visitor types; a list opened with a filter (a shared
   * link) shows every control until it is unfiltered and can be judged. `library` is the first
   * part of `judged`.
   */
  sync(view: View, library: string, judged: string): void {
    const e = this.#host.parts;
    const L = this.#host.labels;
    const state = this.#host.state;
    const clause = (kind: string) => view.clauses.find((c) => c.kind === kind);
    if (e.search.value !== state.search) e.search.value = state.search;
    const sort = shownChoice("sort", state.sort, view.defaults);
    if (![...e.sort.options].some((o) => o.value === sort)) e.sort.add(new Option(sort, sort));
    e.sort.value = sort;
    e.group.value = shownChoice("group", state.group, view.defaults);
    const facets = view.facets!;
    // A range (year:2022-2024, year:2020-) shows its first year here and its last in the To menu.
    const years = clause("year");
    const [from, to = from] = years?.value.split("-") ?? [];
    fillMenu(e.year, L.anyYear, facets.years, years && years.value.includes("-") ? { ...years, value: from, label: from } : years);
    fillYearTo(e.yearTo, facets.years, from ?? "", to ?? "");
    fillMenu(e.type, L.anyType, facets.types, clause("type"));
    fillMenu(e.status, L.anyStatus, facets.statuses, clause("status"));
    fillMenu(e.venue, L.anyVenue, facets.venues, clause("venue"));
    const chip = (box: HTMLInputElement, word: string, count: number) => {
      box.checked = view.clauses.some((c) => c.kind === word);
      (box.nextElementSibling as HTMLElement).dataset.count = String(count);
    };
    chip(e.selected, "selected", facets.selected);
    chip(e.award, "award", facets.awards);
    chip(e.first, "first-author", facets.ownerFirst);
    e.clear.hidden = !state.search && !state.filter;
    e.filtersToggle.textContent = L.filters(view.clauses.length);
    // How much UI the list gets (the core decides from `controls` and the list's length). An
    // active filter (from a link or the profile card) always shows the count and "Clear filters".
    e.shelf.dataset.controls = view.controls;
    e.shelf.toggleAttribute("data-active", !!(state.search || state.filter));
    const key = `${library}\u0001${judged}`;
    if (key !== this.#usefulFor && view.useful) {
      this.#usefulFor = key;
      this.#useful = view.useful;
    } else if (!this.#usefulFor.startsWith(`${library}\u0001`)) {
      this.#useful = EVERY_CONTROL;
    }
    const u = this.#useful;
    e.year.hidden = !u.year && !e.year.value;
    e.yearTo.hidden = e.year.hidden || !e.year.value;
    e.type.hidden = !u.type && !e.type.value;
    e.status.hidden = !u.status && !e.status.value;
    e.venue.hidden = !u.venue && !e.venue.value;
    e.selected.parentElement!.hidden = !u.selected && !e.selected.checked;
    e.award.parentElement!.hidden = !u.award && !e.award.checked;
    e.first.parentElement!.hidden = !u.firstAuthor && !e.first.checked;
    const byCitations = [...e.sort.options].find((o) => o.value === "citations-desc");
    // (Disabled as well: WebKit on iOS lists hidden options.)
    if (byCitations) byCitations.hidden = byCitations.disabled = !u.byCitations && e.sort.value !== "citations-desc";
    // The file's order means something to its owner (sort="file"), nothing to a visitor.
    const fileOrder = [...e.sort.options].find((o) => o.value === "file");
    if (fileOrder) fileOrder.hidden = e.sort.value !== "file";
    this.#renderActiveFilters(view);
  }

  /**
   * Every active filter as a chip that removes it, whatever set it (a control, the profile card,
   * a link): a co-author or tag has no control of its own, and a short list has no toolbar.
   */
  #renderActiveFilters(view: View): void {
    const L = this.#host.labels;
    const e = this.#host.parts;
    const search = this.#host.state.search;
    // A clause with a value reads "Kind: its label" (the core's), a flag reads its name.
    const kinds: Record<string, string> = { year: L.year, type: L.type, status: L.status, venue: L.venue, author: L.coauthor, tag: L.tag };
    const flags: Record<string, string> = { selected: L.selected, award: L.award, "first-author": L.firstAuthor };
    const chips: [string, string][] = view.clauses.map(({ kind, label, text: clause }) =>
      [clause, kind in kinds ? L.filterChip(kinds[kind], label) : flags[kind] ?? clause]);
    // Without a search field on screen, a search from a link is an active filter too.
    if (search && e.shelf.dataset.controls === "none")
      chips.unshift(["\u0000search", L.filterChip(L.search, search)]);
    const html = chips.map(([clause, text]) => `<button type="button" class="ps-active-chip" data-clause="${escapeText(clause)}" aria-label="${escapeText(L.removeFilter(text))}"><span dir="auto">${escapeText(text)}</span> <span aria-hidden="true">\u00D7</span></button>`).join("");
    if (e.active.innerHTML !== html) e.active.innerHTML = html;
    e.active.hidden = chips.length === 0;
  }
}

/** Fills the To menu of a year range from `from`: each year of the data from `from` on (the
 *  latest first, as the year menu), `to` chosen ("" for an open range: "…"). */
function fillYearTo(sel: HTMLSelectElement, years: FacetValue[], from: string, to: string): void {
  const later = years.map((y) => y.key).filter((y) => /^\d+$/.test(y) && Number(y) >= Number(from));
  if (from && !later.includes(from)) later.push(from);
  if (to && !later.includes(to)) later.unshift(to);
  later.sort((a, b) => Number(b) - Number(a));
  const items: [string, string][] = later.map((y) => [y, y]);
  if (!to) items.unshift(["", "\u2026"]);
  const options = sel.options;
  if (!(options.length === items.length && items.every(([value], k) => options[k].value === value)))
    sel.replaceChildren(...items.map(([value, text]) => new Option(text, value)));
  sel.value = to;
}

/**
 * Fills a filter menu: "any", then each value with its count. A keystroke changes the counts,
 * rarely the values: the options are relabelled in place then, and rebuilt only when the values
 * change (a rebuild costs the select its layout).
 */
function fillMenu(sel: HTMLSelectElement, any: string, values: FacetValue[], set: FilterClause | undefined): void {
  const items: [string, string][] = [["", any], ...values.map((v): [string, string] => [v.key, `${v.label} (${v.count})`])];
  // A value the menu does not offer: a year range or a list of values from a link reads
  // as the core labels it (its count is in the count line); one value has no publications.
  const current = set?.value ?? "";
  if (set && !values.some((v) => v.key === current))
    items.push([current, (set.kind === "year" ? current.includes("-") : current.includes(",")) ? set.label : `${set.label} (0)`]);
  const options = sel.options;
  if (options.length === items.length && items.every(([value], k) => options[k].value === value)) {
    items.forEach(([, text], k) => { if (options[k].text !== text) options[k].text = text; });
  } else {
    sel.replaceChildren(...items.map(([value, text]) => new Option(text, value)));
  }
  sel.value = current;
  // A chosen value is shown whole (papershelf.css sizes the menu to it, within the row).
  sel.toggleAttribute("data-chosen", current !== "");
}
