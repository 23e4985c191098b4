// The element's attributes as the core's options: one place in the glue where an attribute
// becomes a query, format, row or profile-card option. (The core checks every value: an unsafe
// base or an unknown sort is reported, never used.)
// Each attribute is read through the core's table (attribute.*) by its kind's rules (attributes.ts),
// as `papershelf prerender` reads it.
import type { FormatOptions, ProfileCardOptions, QueryOptions, View } from "../core.js";
import * as attribute from "../generated/attributes.js";
import type { Attribute } from "../generated/attributes.js";
import { choice, count, flag, level, links, list, text } from "./attributes.js";
import { pageQueryAll } from "./page-document.js";
import type { VisitorState } from "./url-state.js";

/** What the attributes set the visitor's state to (the URL keeps only what differs). */
export function stateDefaults(el: Element): VisitorState {
  return { search: text(el, attribute.search) ?? "", filter: "", sort: text(el, attribute.sort) ?? "", group: text(el, attribute.group) ?? "" };
}

/** What the core shows without a sort or group (every view says: `View.defaults`). */
export type Unchosen = View["defaults"];

/** What a menu shows for the state's sort or group (before the first view: only a choice). */
export function shownChoice(name: "sort" | "group", value: string, unchosen: Unchosen | undefined): string { return value || (unchosen?.[name] ?? ""); }

/**
 * A visitor's choice of sort or group as state: choosing what the element shows without a choice
 * (its attribute, else the core's default) is no choice, and stays out of the URL.
 */
export function chosen(el: Element, name: "sort" | "group", value: string, unchosen: Unchosen | undefined): string {
  const set = text(el, name === "sort" ? attribute.sort : attribute.group) ?? "";
  return value === shownChoice(name, set, unchosen) ? set : value;
}

/** The query for the visitor's state within the page author's fixed selection (`filter`, which no control clears). */
export function queryOptions(el: Element, state: VisitorState, fromLink: boolean): QueryOptions {
  return {
    ...state, scope: text(el, attribute.filter) ?? "", owner: text(el, attribute.owner),
    base: text(el, attribute.base), controls: text(el, attribute.toolbar) ?? text(el, attribute.controls), facets: true, fromLink,
  };
}

/** How the list's entries are formatted: the attributes, the search (marked) and whether the
 *  BibTeX and Cite panels are offered. */
export function formatOptions(el: Element, search: string, panels: boolean): FormatOptions & { maxAuthors: number } {
  return {
    owner: text(el, attribute.owner),
    maxAuthors: count(el, attribute.maxAuthors),
    base: text(el, attribute.base),
    thumbnails: text(el, attribute.thumbnails),
    pages: text(el, attribute.pages),
    preset: choice(el, attribute.preset),
    search,
    panels,
  };
}

/** The scheme the `theme` attribute pins (none for auto: the page's). */
export function pinnedTheme(el: Element): "light" | "dark" | undefined {
  const theme = choice(el, attribute.theme);
  return theme === "light" || theme === "dark" ? theme : undefined;
}

/** Where the element's data is read from (`src`; undefined: none). */
export function dataSource(el: Element): string | undefined { return text(el, attribute.src); }

/** The legend the page gives the authors' marks (`legend`; undefined: the data's own). */
export function legendAttribute(el: Element): string | undefined { return text(el, attribute.legend); }

/** The Cite panel's styles, in order (`cite-styles`; empty: every style, APA first). */
export function citeStyles(el: Element): string { return text(el, attribute.citeStyles) ?? ""; }

/** Whether the owner asked to see the data's problems (`debug`). */
export function debugging(el: Element): boolean { return flag(el, attribute.debug); }

/** What a toolbar's judgement of its controls depends on beside the data: the page's fixed
 *  selection and the owner. */
export function scopeKey(el: Element): string { return `${text(el, attribute.filter) ?? ""}\u0001${text(el, attribute.owner) ?? ""}`; }

/** Whether the element asks for the canvas renderer (`renderer="canvas"`). */
export function asksForCanvas(el: Element): boolean { return choice(el, attribute.renderer) === "canvas"; }

/** How the canvas widget's rows are formatted (it cuts author lists and marks matches itself). */
export function rowOptions(el: Element): FormatOptions {
  return { owner: text(el, attribute.owner), base: text(el, attribute.base) };
}

/** BibTeX fields visitors never get beside the owner's own (`omit-fields`). */
export function omitFields(el: Element): string[] {
  return list(el, attribute.omitFields);
}

/**
 * The level of the list's headings (its groups', the card's name; the card's sections one below):
 * `heading-level` (1 to 6), else one below the page's nearest heading above the element (<h2>
 * under al-folio's <h1>; another list's own headings are passed), else 3, as `papershelf
 * prerender` places them in the static list.
 */
export function headingLevel(el: Element): number {
  const n = level(el, attribute.headingLevel);
  if (n) return n;
  let above = 0;
  for (const h of pageQueryAll("h1, h2, h3, h4, h5, h6")) {
    if (!(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    if (!h.closest("paper-shelf")) above = Number(h.tagName[1]);
  }
  return above ? Math.min(above + 1, 6) : 3;
}

/** The attributes the profile card is made from. */
export const PROFILE_ATTRIBUTES: readonly Attribute[] = [attribute.owner, attribute.profile, attribute.position, attribute.affiliation, attribute.photo,
  attribute.interests, attribute.links, attribute.email, attribute.emailDisplay, attribute.base, attribute.headingLevel];

/** The card's mode: none without `profile`, full for a bare one (or one it does not know). */
export function profileMode(el: Element): string {
  return choice(el, attribute.profile);
}

/** The card's options: the owner, its mode, how the email shows, and the fields that override
 *  the data's profile (`links` as kind=URL;..., `email` as one more link). */
export function profileOptions(el: Element): ProfileCardOptions {
  const shown = links(el, attribute.links);
  const email = text(el, attribute.email);
  if (email) shown.push({ label: "email", url: email });
  return {
    owner: text(el, attribute.owner),
    mode: profileMode(el) === "compact" ? "compact" : "full",
    email: choice(el, attribute.emailDisplay) as ProfileCardOptions["email"],
    base: text(el, attribute.base),
    headingLevel: headingLevel(el),
    profile: { position: text(el, attribute.position), affiliation: text(el, attribute.affiliation), photo: text(el, attribute.photo),
      interests: list(el, attribute.interests), links: shown },
  };
}
