// The element's attributes as the core's options: one place in the glue where an attribute
// becomes a query, format, row or profile-card option. (The core checks every value: an unsafe
// base or an unknown sort is reported, never used.)
import type { FormatOptions, ProfileCardOptions, QueryOptions, View } from "../core.js";
import { pageQueryAll } from "./page-document.js";
import type { VisitorState } from "./url-state.js";

const attr = (el: Element, name: string) => el.getAttribute(name) ?? undefined;

/** What the attributes set the visitor's state to (the URL keeps only what differs). */
export function stateDefaults(el: Element): VisitorState {
  return { search: el.getAttribute("search") ?? "", filter: "", sort: el.getAttribute("sort") ?? "", group: el.getAttribute("group") ?? "" };
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
  const attribute = el.getAttribute(name) ?? "";
  return value === shownChoice(name, attribute, unchosen) ? attribute : value;
}

/** The query for the visitor's state within the page author's fixed selection (`filter`, which no control clears). */
export function queryOptions(el: Element, state: VisitorState, fromLink: boolean): QueryOptions {
  return {
    ...state, scope: el.getAttribute("filter") ?? "", owner: attr(el, "owner"),
    base: attr(el, "base"), controls: attr(el, "toolbar") ?? attr(el, "controls"), facets: true, fromLink,
  };
}

/** How the list's entries are formatted: the attributes, the search (marked) and whether the
 *  BibTeX and Cite panels are offered. */
export function formatOptions(el: Element, search: string, panels: boolean): FormatOptions & { maxAuthors: number } {
  const max = Number(el.getAttribute("max-authors") ?? "0");
  return {
    owner: attr(el, "owner"),
    maxAuthors: Number.isFinite(max) && max > 0 ? Math.floor(max) : 0,
    base: attr(el, "base"),
    thumbnails: attr(el, "thumbnails"),
    pages: attr(el, "pages"),
    preset: attr(el, "preset"),
    search,
    panels,
  };
}

/** How the canvas widget's rows are formatted (it cuts author lists and marks matches itself). */
export function rowOptions(el: Element): FormatOptions {
  return { owner: attr(el, "owner"), base: attr(el, "base") };
}

/** BibTeX fields visitors never get beside the owner's own (`omit-fields`). */
export function omitFields(el: Element): string[] {
  return (el.getAttribute("omit-fields") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}

/**
 * The level of the list's headings (its groups', the card's name; the card's sections one below):
 * `heading-level` (1 to 6), else one below the page's nearest heading above the element (<h2>
 * under al-folio's <h1>; another list's own headings are passed), else 3, as `papershelf
 * prerender` places them in the static list.
 */
export function headingLevel(el: Element): number {
  const n = Number(el.getAttribute("heading-level") ?? "");
  if (el.hasAttribute("heading-level") && Number.isInteger(n) && n >= 1 && n <= 6) return n;
  let above = 0;
  for (const h of pageQueryAll("h1, h2, h3, h4, h5, h6")) {
    if (!(h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    if (!h.closest("paper-shelf")) above = Number(h.tagName[1]);
  }
  return above ? Math.min(above + 1, 6) : 3;
}

/** The attributes the profile card is made from. */
export const PROFILE_ATTRIBUTES = ["owner", "profile", "position", "affiliation", "photo", "interests", "links", "email", "email-display", "base", "heading-level"];

/** The card's mode: none without `profile`, full for a bare one. */
export function profileMode(el: Element): string {
  const mode = el.getAttribute("profile");
  return mode === null ? "none" : mode === "" || mode === "profile" ? "full" : mode;
}

/** The card's options: the owner, its mode, how the email shows, and the fields that override
 *  the data's profile (`links` as kind=URL;..., `email` as one more link). */
export function profileOptions(el: Element): ProfileCardOptions {
  const links = (el.getAttribute("links") ?? "").split(/[;\n]/).map((s) => s.trim()).filter(Boolean).flatMap((s) => {
    const eq = s.indexOf("=");
    return eq > 0 ? [{ label: s.slice(0, eq).trim().toLowerCase(), url: s.slice(eq + 1).trim() }] : [];
  });
  const email = el.getAttribute("email");
  if (email) links.push({ label: "email", url: email });
  const display = el.getAttribute("email-display");
  return {
    owner: attr(el, "owner"),
    mode: profileMode(el) === "compact" ? "compact" : "full",
    email: display === "plain" || display === "hidden" ? display : "obfuscated",
    base: attr(el, "base"),
    headingLevel: headingLevel(el),
    profile: { position: attr(el, "position"), affiliation: attr(el, "affiliation"), photo: attr(el, "photo"), interests: attr(el, "interests"), links },
  };
}
