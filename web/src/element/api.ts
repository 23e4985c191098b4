// The element's public surface: its attributes, events and properties, as types (JSX props,
// HTMLElementTagNameMap, custom-elements.json are made from these) and the attribute names at run
// time. Nothing here runs in the page but the two name lists.
import type { Diagnostic } from "../core.js";
import type { AnyLibrary } from "../worker.js";
import type { Labels } from "./labels.js";

/**
 * The element's attributes and what each does, as JSX props (React 19, Preact, Solid...): strings;
 * a bare `debug` or `profile` is `true`. custom-elements.json is made from this and ATTRIBUTE_NAMES.
 */
export interface PaperShelfAttributeTypes {
  /** URL of a .bib, CSL-JSON or papershelf JSON file */
  src: string;
  /** the owner's names, ;-separated (default: the JSON profile's name and aliases) */
  owner: string;
  /** html (default: the accessible list) or canvas (the Dear ImGui table) */
  renderer: string;
  /** initial sort, as the CLI's --sort (year-desc,title-asc); a visitor can change it */
  sort: string;
  /** initial grouping: none, year, type, status or venue; a visitor can change it */
  group: string;
  /** the page author's fixed selection, as the CLI's --filter (selected, type:conference year:2020-); no visitor control removes it */
  filter: string;
  /** initial search text; a visitor can change it */
  search: string;
  /** auto (follows the page), light or dark */
  theme: string;
  /** the level of the group headings and the card's name, 1-6 (its sections one below); by default one below the page's nearest heading above the element, else 3 */
  "heading-level": string;
  /** marker meanings, e.g. *=equal contribution; †=corresponding author */
  legend: string;
  /** collapse longer author lists to "+N more" (the owner stays visible); by default only lists of more than 100 names, to their first 10 */
  "max-authors": string;
  /** prefix for relative links: an http(s) or relative URL */
  base: string;
  /** language of the UI labels (default: the nearest lang on the page) */
  lang: string;
  /** more BibTeX fields visitors never get, comma-separated */
  "omit-fields": string;
  /** the citation styles the Cite panel offers, in order, the first the default: apa ieee acm chicago mla harvard compact (default: all) */
  "cite-styles": string;
  /** full (search, sort, group, filters), search or none; by default none below 10 publications */
  toolbar: string;
  /** the older name of `toolbar` (an HTML minifier that collapses boolean attributes, as
   *  `<video controls>` has, writes it without its value) */
  controls: string;
  /** shows the data's problems (line:column) above the list, for the owner */
  debug: string | boolean;
  // The profile card: mode, and profile fields that override the data's profile.
  /** the profile card above the list: full (also the bare attribute), compact or none (default) */
  profile: string | boolean;
  /** the card's position line */
  position: string;
  /** the card's affiliation */
  affiliation: string;
  /** the card's photo URL */
  photo: string;
  /** the card's interests, ;-separated */
  interests: string;
  /** the card's links, kind=URL;... (homepage, scholar, dblp, orcid, github, linkedin, cv...) */
  links: string;
  /** the owner's address, shown as an Email button that builds the mailto: link on click */
  email: string;
  /** plain for a plain mailto: link, hidden for none */
  "email-display": string;
  /** the look of a site generator: al-folio, academicpages or hugo-blox */
  preset: string;
  /** where `papershelf pages` put a page per paper (publications/): each title links to its page */
  pages: string;
  /** each paper's thumbnail (al-folio's preview field): the folder relative ones are in (al-folio's preset: /assets/img/publication_preview/; otherwise base), or none */
  thumbnails: string;
  /** for `papershelf prerender`: write the static list into this element's content (kept by HTML minifiers that drop the marker comment) */
  prerender: string | boolean;
}
export type AttributeName = keyof PaperShelfAttributeTypes;
export type PaperShelfAttributes = Partial<PaperShelfAttributeTypes>;
/** `names`, which must be every attribute above (a compile error otherwise). */
function everyAttribute<T extends readonly AttributeName[]>(names: T & ([AttributeName] extends [T[number]] ? unknown : "every attribute must be listed")): T {
  return names;
}
/** The attribute names, at run time (the descriptions above stay out of the script). */
export const ATTRIBUTE_NAMES = everyAttribute(["src", "owner", "renderer", "sort", "group", "filter", "search", "theme", "heading-level", "legend", "max-authors", "base", "lang", "omit-fields", "cite-styles", "toolbar", "controls", "debug", "profile", "position", "affiliation", "photo", "interests", "links", "email", "email-display", "preset", "thumbnails", "pages", "prerender"] as const);
/** Attributes a change of which needs no work here: only `papershelf prerender` reads prerender;
 *  cite-styles is read when a Cite panel opens. (The stylesheet reads preset, and the core too:
 *  al-folio's thumbnails have their own folder.) */
const UNOBSERVED_ATTRIBUTES: readonly AttributeName[] = ["prerender", "cite-styles"];
/** The attributes a change of which the element handles (its observedAttributes). */
export const OBSERVED_ATTRIBUTES = ATTRIBUTE_NAMES.filter((name) => !UNOBSERVED_ATTRIBUTES.includes(name));

/** The events the element dispatches (custom-elements.json lists them), and their `detail`. */
export interface EventDetails {
  /** the list was rendered anew; detail.keys: the displayed keys in order */
  change: { readonly keys: readonly string[] };
  /** a visitor copied an entry's BibTeX or citation */
  copy: { key: string | undefined; text: string };
  /** the data could not be loaded; detail: the Error */
  error: unknown;
  /** renderer="canvas" could not draw here (no WebGL 2, or its files did not load): the HTML list
   *  is shown instead; detail.renderer: "html", detail.reason: why, for the owner */
  fallback: { renderer: "html"; reason: string };
}

/** The element's own properties (custom-elements.json lists them, with these comments). */
export interface PaperShelfElement extends HTMLElement {
  /** The UI labels in effect; assigning an object overrides single strings for this element. */
  get labels(): Labels;
  set labels(value: Partial<Labels>);
  /** Resolves once the element shows its current data and state. */
  readonly updateComplete: Promise<void>;
  /** Keys of the displayed entries, in display order. */
  readonly visibleKeys: string[];
  /** Problems found in the data (line:column), the query, the attributes, the labels and `data`. */
  readonly diagnostics: Diagnostic[];
  /** The data itself: text or bytes of any supported format, or a papershelf JSON object or
   *  CSL-JSON array (instead of `src` or an inline script). */
  get data(): string | Uint8Array | undefined;
  set data(value: unknown);
  /** The parsed library (advanced use). */
  readonly library: AnyLibrary | undefined;
  /** What draws the list now: "canvas" once the canvas renderer shows it, else "html" (also when
   *  renderer="canvas" fell back to the HTML list: a `fallback` event said so). */
  readonly renderedBy: "html" | "canvas";
  /** The canvas renderer's last frame layout (for tests and automation). */
  readonly canvasLayout: unknown;
  /** The words the canvas widget draws with (for tests and automation). */
  readonly canvasLabels: unknown;
}
/** `customElements.get("paper-shelf")`. */
export interface PaperShelfElementClass {
  new (): PaperShelfElement;
  readonly prototype: PaperShelfElement;
  readonly observedAttributes: string[];
  /** Registers UI labels for a language (`lang="de"` or `"de-CH"` then use them). */
  addLanguage(lang: string, labels: Partial<Labels>): void;
}
