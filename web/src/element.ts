// The <paper-shelf> custom element and its accessible HTML renderer. Entry markup comes from the
// core's safe HTML formatter (the same markup as `papershelf render --format html`); this file
// adds the toolbar, interactivity, URL-hash state and lazy rendering of long lists.
import type { Diagnostic, FacetValue, FilterClause, FilterEdit, Papershelf, UsefulControls, View } from "./core.js";
import type { CanvasAssets, CanvasView, QueryState } from "./canvas.js";
import { RemoteLibrary, type Shelf } from "./worker.js";

type Loader = () => Promise<Papershelf>;
type PaperShelfElementTypes = PaperShelfElement;

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
export const ATTRIBUTE_NAMES = everyAttribute(["src", "owner", "renderer", "sort", "group", "filter", "search", "theme", "legend", "max-authors", "base", "lang", "omit-fields", "toolbar", "controls", "debug", "profile", "position", "affiliation", "photo", "interests", "links", "email", "email-display", "preset", "thumbnails", "pages", "prerender"] as const);
/** Attributes a change of which needs no work here: only `papershelf prerender` reads prerender.
 *  (The stylesheet reads preset, and the core too: al-folio's thumbnails have their own folder.) */
const UNOBSERVED_ATTRIBUTES: readonly AttributeName[] = ["prerender"];
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
}
const PROFILE_ATTRIBUTES = new Set(["owner", "profile", "position", "affiliation", "photo", "interests", "links", "email", "email-display", "base"]);

/**
 * UI labels. English is built in; other languages are registered with
 * `customElements.get("paper-shelf").addLanguage("de", {...})` and chosen by the element's `lang`
 * (or the nearest `lang` above it); one element's `labels` property overrides single strings.
 * Anything a language leaves out falls back to English.
 */
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
  readonly library: Shelf | undefined;
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

export const DEFAULT_LABELS = {
  search: "Search publications",
  year: "Year",
  type: "Type",
  status: "Status",
  venue: "Venue",
  sort: "Sort",
  group: "Group",
  clear: "Clear filters",
  /** The keyboard's way past the profile card's links and statistics. */
  skipToList: "Skip to the publications",
  /** The keyboard's way past every entry's links and buttons, to what follows the list. */
  skipPastList: "Skip past the publications",
  /** Where that lands (read by screen readers). */
  endOfList: "End of the publications",
  coauthor: "Co-author",
  tag: "Tag",
  /** An active filter's chip: what a screen reader hears for its remove button. */
  removeFilter: (what: string) => `Remove filter: ${what}`,
  /** The button that shows sort, group and filters on a narrow screen; `active` filters are set. */
  filters: (active: number) => (active ? `Filters (${active})` : "Filters"),
  results: (shown: number, total: number) => `${shown === total ? "" : `${count(shown)} of `}${count(total)} publication${total === 1 ? "" : "s"}`,
  empty: "No publications match.",
  nothing: "No publications yet.",
  loading: "Loading publications…",
  downloading: (received: number, total: number) => `Loading publications… ${megabytes(received)}${total ? ` of ${megabytes(total)}` : ""} MB`,
  reading: (size: number) => `Reading ${megabytes(size)} MB of publications…`,
  problems: (n: number) => `${n} problem${n === 1 ? "" : "s"} in the data`,
  bibtex: "BibTeX",
  cite: "Cite",
  copy: "Copy",
  copied: "Copied",
  /** The Cite panel's style menu. */
  citationStyle: "Style",
  /** The Cite panel's files of one entry, and the toolbar's of the whole list. */
  download: "Download",
  downloadShown: (shown: number) => `Download the ${count(shown)} shown`,
  downloadAs: (shown: number, format: string) => `Download the ${count(shown)} shown as ${format}`,
  selected: "Selected",
  award: "Award",
  firstAuthor: "First author",
  anyYear: "Any year",
  anyType: "Any type",
  anyStatus: "Any status",
  anyVenue: "Any venue",
  showMore: (n: number) => `+${n} more`,
  sortNames: { "year-desc": "Newest first", "year-asc": "Oldest first", "title-asc": "Title", "author-asc": "First author", "venue-asc": "Venue", "citations-desc": "Most cited", file: "File order" } as Record<string, string>,
  groupNames: { none: "No grouping", year: "By year", type: "By type", status: "By status", venue: "By venue" } as Record<string, string>,
  /** The canvas table's own words: its year range menus, column headers and row menu. */
  yearFrom: "From",
  yearTo: "To",
  publication: "Publication",
  links: "Links",
  cited: "Cited",
  copyCitation: "Copy citation",
  copyAs: "Copy as",
  open: "Open",
  /** What a visitor sees when the data cannot be read (the owner gets the reason in the console
   *  and `diagnostics`). */
  loadError: "Publications could not be loaded.",
};
export type Labels = typeof DEFAULT_LABELS;
const LANGUAGES = new Map<string, Partial<Labels>>([["en", {}]]);
/** What was wrong with registered labels; every element lists it in `diagnostics`. */
const LABEL_PROBLEMS: Diagnostic[] = [];

/**
 * The usable part of a label set: known keys whose value has the English label's kind (a string,
 * or a function that returns one). Anything else, a throwing getter included, is left out and
 * reported; a function label that throws or returns a non-string falls back to English.
 */
function checkedLabels(labels: unknown, where: string): Partial<Labels> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  if (labels === null || typeof labels !== "object") {
    problems.push(`${where}: labels must be an object, not ${labels === null ? "null" : typeof labels}`);
  } else {
    let keys: string[] = [];
    try { keys = Object.keys(labels); } catch (err) { problems.push(`${where}: labels could not be read (${(err as Error)?.message})`); }
    for (const key of keys) {
      if (!(key in DEFAULT_LABELS)) { problems.push(`${where}: unknown label "${key.slice(0, 40)}"`); continue; }
      let value: unknown;
      try { value = (labels as Record<string, unknown>)[key]; } catch (err) { problems.push(`${where}: label "${key}" could not be read (${(err as Error)?.message})`); continue; }
      const english = DEFAULT_LABELS[key as keyof Labels] as unknown;
      if (typeof english === "string" && typeof value === "string") out[key] = value;
      else if (typeof english === "function" && typeof value === "function") {
        const fn = value as (...a: unknown[]) => unknown, fallback = english as (...a: unknown[]) => string;
        out[key] = (...args: unknown[]) => {
          try { const text = fn(...args); if (typeof text === "string") return text; } catch { /* reported once below */ }
          return fallback(...args);
        };
      } else if (typeof english === "object" && value !== null && typeof value === "object") {
        // A menu's names (sortNames, groupNames): its known values, each a string.
        const names: Record<string, string> = {};
        for (const [name, text] of Object.entries(value as object)) {
          if (!(name in (english as object))) problems.push(`${where}: ${key}: unknown value "${name.slice(0, 40)}"`);
          else if (typeof text !== "string") problems.push(`${where}: ${key}.${name} must be a string, not ${text === null ? "null" : typeof text}`);
          else names[name] = text;
        }
        out[key] = names;
      } else problems.push(`${where}: label "${key}" must be ${typeof english === "object" ? "an" : "a"} ${typeof english}, not ${value === null ? "null" : typeof value}`);
    }
  }
  for (const message of problems) {
    console.warn(`papershelf: ${message}`);
    LABEL_PROBLEMS.push({ source: "labels", line: 0, column: 0, severity: "warning", message, text: `labels: warning: ${message}` });
  }
  return out as Partial<Labels>;
}
type GroupKey = "none" | "year" | "type" | "status" | "venue";

// Inputs at least this large are read in a Web Worker when the embed can start one. Below it
// (about 850 entries; the real files we know are under 200 KB but one) the page's own thread
// paints sooner, and each keystroke's query and markup cost no round trip to a worker. At 1 MB a
// hostile file took the page's thread 0.3-1.1 s to read (bench/web/longtasks.mjs --hostile).
const WORKER_THRESHOLD = 512 * 1024;

// Until the core has judged a list's scope (view.useful), every control is offered.
const EVERY_CONTROL: UsefulControls = { year: true, type: true, status: true, venue: true, selected: true, award: true, firstAuthor: true, byCitations: true };

const FIRST_CHUNK = 30;   // entries rendered before the first paint (and on a keystroke; more than a screenful)
const CHUNK = 100;        // entries per later idle period
const TYPING_PAUSE = 400; // ms without a key before the rest of a list is rendered, and the URL written

const englishNumber = new Intl.NumberFormat("en");
function count(n: number): string { return englishNumber.format(n); }

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
}

const darkScheme = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : undefined;

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
function seenBehind(el: Element): number[] {
  const painted = pageBackground(el);
  if (painted) return painted;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content ?? "";
  const allowsDark = /\bdark\b/.test(`${getComputedStyle(document.documentElement).colorScheme} ${meta}`);
  return allowsDark && darkScheme?.matches ? [18, 18, 18] : [255, 255, 255];
}
/**
 * What a visitor did to one entry that a new copy of it must keep: its open panels (a filled
 * panel moves along, so nothing is fetched again) and the control that has focus. A live list
 * taking over from a prerendered one, or a row made again, would otherwise close what the
 * visitor opened and drop the focus to the page.
 */
function carryOver(from: Element, to: Element, focused: Element | null): void {
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

function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The classes and ids KaTeX (0.16 to 0.19) and MathJax 3 give what they make of the math the core
 * lets through (latex::typesettable): KaTeX's own names, MathJax's `MathJax`, `mjx-`, `MJX-`.
 */
const TYPESETTER_OWN = /^(katex.*|mjx-.*|MJX-.*|MathJax|MathML-Unit|CtxtMenu_\w+|(reset-)?size\d+|(math|text)[a-z]*|m(bin|close|frac|inner|op|open|ord|punct|rel|space|supsub|tight)|vlist(-[rst]2?)?|(accent|overline|underline)(-[a-z]+)?|allowbreak|amsrm|base|boldsymbol|delim(center|sizing)|fix|frac-line|hide-tail|inner|large-op|[lr]lap|newline|nobreak|nulldelimiter|op-(limits|symbol)|overlay|pstrut|root|rule|sizing|small-op|sqrt|strut|svg-align|thinbox|vbox)$/;
/** Attribute values a browser would fetch from (CSS escapes can spell `url(` too). */
const FETCHES = /url\(|image(-set)?\(|src\(|@import|expression\(|\\/i;
/** Attributes that link, load or run something (href, xlink:href, src, on*...). */
const LINKS = /^on|^(src|srcset|srcdoc|action|formaction|ping|poster|background|data)$|href$/i;

/**
 * Keeps only typesetting in what the page's KaTeX or MathJax made of one math span: no link (an
 * <a> leaves its content; only MathJax's `<use href="#glyph">` keeps a reference, to the same
 * document), no attribute that fetches, runs or links, no class or id but the typesetter's own,
 * no script or style element. The core hands the typesetter only math it reads, so this is the
 * second line: MathJax 3 makes \href a javascript: link, \style and \color CSS that fetches, and
 * \class and \cssId the element's own classes and ids, from data.
 */
function keepTypesetting(root: Element): void {
  for (const e of root.querySelectorAll("*")) {
    if (e.localName === "a") e.replaceWith(...e.childNodes);
    if (/^(script|style)$/.test(e.localName)) e.remove();
    for (const { name, value } of [...e.attributes]) {
      const own = name === "class" ? value.split(/\s+/).filter((c) => TYPESETTER_OWN.test(c)).join(" ") : value;
      if (FETCHES.test(value) || (LINKS.test(name) && !(e.localName === "use" && value[0] === "#")) ||
          (name === "id" && !value.startsWith("MJX-")) || (name === "class" && !own)) e.removeAttribute(name);
      else if (own !== value) e.setAttribute(name, own);
    }
  }
}

/** The hash's `name=value` pairs, in order (a bare fragment such as a deep link has none). */
function hashParams(): [string, string][] {
  return location.hash.slice(1).split("&").filter((p) => p.includes("=")).map((p) => {
    const eq = p.indexOf("=");
    return [hashDecode(p.slice(0, eq)), hashDecode(p.slice(eq + 1))];
  });
}
/** Percent-encodes once, leaving what reads well in an address bar (`year:2023,2024`, `+` for a space). */
function hashEncode(s: string): string {
  return encodeURIComponent(s).replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%2F/g, "/").replace(/%20/g, "+");
}
function hashDecode(s: string): string {
  try { return decodeURIComponent(s.replace(/\+/g, " ")); } catch { return s; }
}

/**
 * Defines <paper-shelf>. `canvas` says where the Dear ImGui canvas renderer is loaded from; it is
 * fetched only when an element asks for renderer="canvas". `worker` starts a Web Worker that
 * serves a library (`serveLibrary`); large inputs are read there, off the page's thread.
 */
export function definePaperShelf(loader: Loader, css: string, canvas?: CanvasAssets, worker?: () => Worker): PaperShelfElementClass {
  const defined = customElements.get("paper-shelf");
  if (defined) return defined as unknown as PaperShelfElementClass;

  let sheet: CSSStyleSheet | undefined;
  function styleFor(root: ShadowRoot): void {
    try {
      sheet ??= new CSSStyleSheet();
      if (sheet.cssRules.length === 0) sheet.replaceSync(css);
      root.adoptedStyleSheets = [sheet];  // works under a strict CSP (no inline <style>)
    } catch {
      const style = document.createElement("style");
      style.textContent = css;
      root.append(style);
    }
  }

  class PaperShelfElement extends HTMLElement implements PaperShelfElementTypes {
    static observedAttributes = [...OBSERVED_ATTRIBUTES];
    #labelOverrides: Partial<Labels> = {};
    #root: ShadowRoot;
    #library?: Shelf;
    #view?: View;
    #data?: string | Uint8Array;
    #loadedSrc?: string;
    #renderToken = 0;
    #canvas?: CanvasView;
    #canvasLoading = false;
    #canvasFailed = false;
    #canvasLibrary?: Shelf;
    #hasCitations = false;
    #rendererProblems: Diagnostic[] = [];
    /** What the core said of the current query and attributes (a bad sort key, an unsafe base). */
    #queryProblems: Diagnostic[] = [];
    /** Why the last value given to `data` was refused. */
    #dataProblems: Diagnostic[] = [];
    /** Why the data could not be loaded (a failed download). */
    #loadProblems: Diagnostic[] = [];
    #loadCount = 0;
    #state = { search: "", filter: "", sort: "", group: "" };
    #metadataFor?: Shelf;
    #els!: { download: HTMLDetailsElement; search: HTMLInputElement; sort: HTMLSelectElement; group: HTMLSelectElement; year: HTMLSelectElement;
      type: HTMLSelectElement; status: HTMLSelectElement; venue: HTMLSelectElement; selected: HTMLInputElement;
      award: HTMLInputElement; first: HTMLInputElement; clear: HTMLButtonElement; filtersToggle: HTMLButtonElement; count: HTMLElement; progress: HTMLProgressElement;
      list: HTMLElement; active: HTMLElement; skip: HTMLButtonElement; skipPast: HTMLButtonElement; listEnd: HTMLElement; problems: HTMLElement; legend: HTMLElement; toolbar: HTMLElement; profile: HTMLElement };
    #profileKey = "";
    /** False once the full core that makes citations and exports is known not to load here:
     *  BibTeX, Cite and the download menu are then not offered at all. */
    #formatsOffered = true;

    #emit<K extends keyof EventDetails>(name: K, detail: EventDetails[K]): void {
      this.dispatchEvent(new CustomEvent(name, { detail }));
    }

    constructor() {
      super();
      this.#root = this.attachShadow({ mode: "open" });
      styleFor(this.#root);
    }

    /** Registers UI labels for a language (`lang="de"` or `"de-CH"` then use them). */
    static addLanguage(lang: string, labels: Partial<Labels>): void {
      LANGUAGES.set(String(lang).toLowerCase(), checkedLabels(labels, `addLanguage("${String(lang).slice(0, 20)}")`));
      for (const el of document.querySelectorAll("paper-shelf")) (el as PaperShelfElement).#relabel();
    }

    /** The UI labels in effect: English, then the element's language, then `labels` overrides. */
    get labels(): Labels {
      const lang = (this.closest("[lang]")?.getAttribute("lang") ?? "en").toLowerCase();
      const sets = [DEFAULT_LABELS, LANGUAGES.get(lang.split("-")[0]) ?? {}, LANGUAGES.get(lang) ?? {}, this.#labelOverrides];
      // A set may name some of a menu's values: the others keep the labels before it.
      const menu = (key: "sortNames" | "groupNames") => Object.assign({}, ...sets.map((set) => set[key] ?? {})) as Record<string, string>;
      return { ...Object.assign({}, ...sets) as Labels, sortNames: menu("sortNames"), groupNames: menu("groupNames") };
    }
    set labels(value: Partial<Labels>) {
      this.#labelOverrides = checkedLabels(value, "labels");
      this.#relabel();
    }

    #rendering: Promise<void> = Promise.resolve();
    /** Resolves once the element shows its current data and state (a large input is read in a
     *  worker, and then every change is rendered asynchronously). */
    get updateComplete(): Promise<void> {
      return (async () => {
        for (let p = this.#rendering; ; p = this.#rendering) {
          await p.catch(() => {});
          if (p === this.#rendering) return;
        }
      })();
    }

    /** Keys of the displayed entries, in display order. */
    get visibleKeys(): string[] { return this.#view ? [...this.#view.keys] : []; }
    /** Problems found in the data (line:column). */
    get diagnostics(): Diagnostic[] {
      return [...(this.#library?.diagnostics ?? []), ...this.#loadProblems, ...this.#dataProblems, ...this.#queryProblems, ...this.#rendererProblems, ...LABEL_PROBLEMS];
    }
    /** The canvas renderer's last frame layout (CSS px inside the canvas), for tests and automation. */
    get canvasLayout(): unknown { return this.#canvas?.probe(); }
    /** The words the canvas widget draws with (for tests and automation). */
    get canvasLabels(): unknown { return this.#canvas?.labels(); }
    /** The data itself, as text or bytes (instead of `src` or an inline script). */
    get data(): string | Uint8Array | undefined { return this.#data; }
    /**
     * Text or bytes of any supported format, or an already parsed papershelf JSON object
     * (`{profile, publications}`) or CSL-JSON array. Anything else is refused and reported in
     * `diagnostics`, before any work is done on it.
     */
    set data(value: unknown) {
      this.#dataProblems = [];
      const refuse = (what: string) => {
        const message = `the data property takes text, bytes, a papershelf JSON object or a CSL-JSON array, not ${what}`;
        console.warn(`papershelf: ${message}`);
        this.#dataProblems.push({ source: "data", line: 0, column: 0, severity: "error", message, text: `data: error: ${message}` });
        return undefined;
      };
      let input: string | Uint8Array | undefined;
      if (value === undefined || value === null || typeof value === "string" || value instanceof Uint8Array) input = value ?? undefined;
      else if (value instanceof ArrayBuffer) input = new Uint8Array(value);
      else if (ArrayBuffer.isView(value)) input = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      else if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) {
        try { input = JSON.stringify(value); } catch (err) { input = refuse(`an object that JSON cannot hold (${(err as Error)?.message})`); }
      } else input = refuse(typeof value === "object" ? `a ${Object.prototype.toString.call(value).slice(8, -1)}` : `a ${typeof value}`);
      this.#data = input;
      if (input === undefined && this.#dataProblems.length) { this.#showLoadProblem(); return; }
      this.#reload();
    }
    /** The parsed library (advanced use): a Library, or for large inputs read in a Web Worker an
     *  object with the same methods that return promises. */
    get library(): Shelf | undefined { return this.#library; }

    connectedCallback(): void {
      if (!this.#els) this.#build();
      else this.#adoptPage();  // (moved to another page part: its links may look different)
      this.#readHash();
      this.#reload();
      // Back and Forward between this element's own entries fire popstate only; a typed or
      // linked hash fires hashchange.
      window.addEventListener("hashchange", this.#onHash);
      window.addEventListener("popstate", this.#onHash);
      darkScheme?.addEventListener("change", this.#onScheme);
      // A page's own light/dark switch (al-folio's toggle sets data-theme on <html>; others a
      // class or a style) changes its background and links: judge them again.
      this.#pageSwitch ??= new MutationObserver(this.#onPageSwitch);
      for (const el of [document.documentElement, document.body].filter(Boolean))
        this.#pageSwitch.observe(el, { attributes: true, attributeFilter: ["class", "style", "data-theme", "data-bs-theme", "data-mode"] });
    }

    /** Settles once a press that began on the prerendered list has been released (and clicked). */
    #press?: Promise<void>;
    #pageSwitch?: MutationObserver;
    #pageSwitchTimer?: ReturnType<typeof setTimeout>;
    /** Judged at once and again once a transition of the page's colours (a few hundred ms) is over. */
    #onPageSwitch = (): void => {
      this.#adoptPage();
      clearTimeout(this.#pageSwitchTimer);
      this.#pageSwitchTimer = setTimeout(() => this.#adoptPage(), 600);
    };

    /** The page switched between light and dark: its links may have another colour now. */
    #onScheme = (): void => this.#adoptPage();

    disconnectedCallback(): void {
      this.#cancelTypedHash();
      window.removeEventListener("hashchange", this.#onHash);
      window.removeEventListener("popstate", this.#onHash);
      darkScheme?.removeEventListener("change", this.#onScheme);
      this.#pageSwitch?.disconnect();
      clearTimeout(this.#pageSwitchTimer);
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      if (!this.#els || old === value) return;
      if (name === "src") { this.#reload(); return; }
      // `filter` is the page author's fixed scope (#scope), not visitor state: it narrows the
      // list under whatever the visitor chooses.
      if (name === "search" || name === "sort" || name === "group") this.#state[name] = value ?? "";
      if (name === "theme") this.#applyTheme();
      if (name === "debug") { this.#showProblems(); return; }
      if (name === "lang") { this.#relabel(); return; }
      this.#refresh();
    }

    // ------------------------------------------------------------------ [SECTION] layout

    #build(): void {
      const r = this.#root;
      const L = this.labels;
      const wrap = document.createElement("div");
      wrap.className = "ps-shelf";
      wrap.setAttribute("part", "shelf");
      wrap.dataset.state = "loading";
      const sortOptions = Object.keys(L.sortNames).map((v) => `<option value="${v}"></option>`).join("");
      const groupOptions = Object.keys(L.groupNames).map((v) => `<option value="${v}"></option>`).join("");
      // What the page prerendered inside the element (\`papershelf render\`) is shown in the place
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
      r.append(wrap);
      const slot = wrap.querySelector("slot")!;
      slot.addEventListener("slotchange", () => wrap.toggleAttribute("data-prerendered", slot.assignedElements().some((n) => n.tagName !== "SCRIPT")));
      // A press on the prerendered list holds the live list back until the click has landed.
      this.addEventListener("pointerdown", (ev) => {
        if (!slot.assignedElements().some((n) => n.contains(ev.composedPath()[0] as Node))) return;
        this.#press ??= new Promise<void>((released) => {
          const done = () => {
            removeEventListener("pointerup", done, true);
            removeEventListener("pointercancel", done, true);
            // (the click of this press is dispatched before the next task)
            setTimeout(() => { this.#press = undefined; released(); });
          };
          addEventListener("pointerup", done, true);
          addEventListener("pointercancel", done, true);
        });
      });
      const q = <T extends Element>(sel: string) => wrap.querySelector(sel) as T;
      this.#els = {
        toolbar: q(".ps-toolbar"), search: q(".ps-search"), sort: q(".ps-sort"), group: q(".ps-group-select"),
        year: q(".ps-f-year"), type: q(".ps-f-type"), status: q(".ps-f-status"), venue: q(".ps-f-venue"),
        selected: q(".ps-f-selected"), award: q(".ps-f-award"), first: q(".ps-f-first"), clear: q(".ps-clear"), filtersToggle: q(".ps-filters-toggle"),
        count: q(".ps-count"), progress: q(".ps-progress"), list: q(".ps-results"), active: q(".ps-active-filters"), skip: q(".ps-skip"), skipPast: q(".ps-skip-list"), listEnd: q(".ps-list-end"), problems: q(".ps-problems"), legend: q(".ps-legend"),
        profile: q(".ps-profile-slot"), download: q(".ps-download"),
      };
      const e = this.#els;
      e.search.addEventListener("input", () => { this.#lastKeyAt = performance.now(); this.#state.search = e.search.value; this.#commit(true); });
      e.sort.addEventListener("change", () => { this.#state.sort = e.sort.value; this.#commit(); });
      e.group.addEventListener("change", () => { this.#state.group = e.group.value; this.#commit(); });
      // Each control sets the clause of its kind; the core edits the filter text.
      for (const [el, kind] of [[e.year, "year"], [e.type, "type"], [e.status, "status"], [e.venue, "venue"]] as const)
        el.addEventListener("change", () => void this.#editFilter({ kind, value: el.value }));
      for (const [el, kind] of [[e.selected, "selected"], [e.award, "award"], [e.first, "first-author"]] as const)
        el.addEventListener("change", () => void this.#editFilter({ kind, value: el.checked ? kind : "" }));
      // On a narrow screen sort, group and filters fold behind one button (CSS container query).
      e.filtersToggle.addEventListener("click", () => {
        const open = e.filtersToggle.getAttribute("aria-expanded") !== "true";
        e.filtersToggle.setAttribute("aria-expanded", String(open));
        e.toolbar.toggleAttribute("data-open", open);
      });
      e.clear.addEventListener("click", () => {
        this.#state = { search: "", filter: "", sort: this.#state.sort, group: this.#state.group };
        this.#commit();
        e.search.focus();
      });
      e.list.addEventListener("click", (ev) => void this.#onListClick(ev));
      // Past every entry, to the list's end: a tab stop of its own (the next Tab from an element
      // that is not one starts over in Chrome's shadow trees), from which Tab goes on to what
      // follows the element in the page.
      e.skipPast.addEventListener("click", () => {
        e.listEnd.focus();
        e.listEnd.scrollIntoView({ block: "nearest" });  // (focus() scrolled to it while it was still clipped away)
      });
      // Past the card: to the search field, or where there is none, to the first entry.
      e.skip.addEventListener("click", () => {
        if (e.search.getClientRects().length) { e.search.focus(); return; }
        const first = e.list.querySelector<HTMLElement>("li.ps-entry");
        if (first) { first.tabIndex = -1; first.focus(); }
      });
      e.active.addEventListener("click", (ev) => {
        const chip = (ev.target as Element).closest<HTMLElement>("button[data-clause]");
        if (!chip) return;
        const clause = chip.dataset.clause!;
        if (clause === "\u0000search") { this.#state.search = ""; this.#commit(); }
        else void this.#editFilter({ toggle: clause });
        // Focus stays in the toolbar: on the next chip, or else the search field or the count.
        void this.updateComplete.then(() => (e.active.querySelector<HTMLElement>("button") ?? (e.search.getClientRects().length ? e.search : e.count)).focus());
      });
      // Escape closes the panel that has focus, and focus goes back to its button.
      e.list.addEventListener("keydown", (ev) => {
        const open = (ev.target as Element).closest?.<HTMLDetailsElement>("details[open]");
        if (ev.key !== "Escape" || !open) return;
        open.open = false;
        open.querySelector<HTMLElement>(":scope > summary")?.focus();
      });
      // (toggle does not bubble: listened for on the way down)
      e.list.addEventListener("toggle", (ev) => void this.#onToggle(ev), true);
      // A thumbnail that does not load (a preview the site lacks) leaves no broken-image box: its
      // entry reads as one without a picture. (An error event does not bubble: caught on its way down.)
      e.list.addEventListener("error", (ev) => {
        const img = ev.target as HTMLElement;
        if (!img.matches?.("img.ps-thumb")) return;
        img.closest(".ps-entry")?.classList.remove("ps-has-thumb");
        img.remove();
      }, true);
      e.list.addEventListener("change", (ev) => void this.#onStyleChange(ev));
      e.download.addEventListener("toggle", () => void this.#fillDownloads());
      e.download.addEventListener("click", (ev) => void this.#onDownloadClick(ev));
      // Escape closes the download menu, as it does an entry's panels, with focus on its button.
      e.download.addEventListener("keydown", (ev) => {
        if (ev.key !== "Escape" || !e.download.open) return;
        e.download.open = false;
        e.download.querySelector("summary")?.focus();
        ev.stopPropagation();
      });
      e.profile.addEventListener("click", (ev) => this.#onProfileClick(ev));
      // The chart's year bars are toggles (role="button"): Space presses them as it does a button.
      e.profile.addEventListener("keydown", (ev) => {
        const bar = (ev.target as Element).closest?.<HTMLElement>('[role="button"][data-filter]');
        if (bar && ev.key === " ") { ev.preventDefault(); bar.click(); }
      });
      this.#resetState();
      this.#applyTheme();
      this.#applyLabels();
    }

    /** Puts the current labels on the toolbar (its structure never changes with the language). */
    #applyLabels(): void {
      const L = this.labels;
      const e = this.#els;
      const wrap = e.toolbar;
      e.search.placeholder = L.search;
      e.search.setAttribute("aria-label", L.search);
      e.progress.setAttribute("aria-label", L.loading);
      (wrap.querySelector(".ps-l-sort") as HTMLElement).textContent = L.sort;
      e.skip.textContent = L.skipToList;
      e.skipPast.textContent = L.skipPastList;
      e.listEnd.textContent = L.endOfList;
      (wrap.querySelector(".ps-l-group") as HTMLElement).textContent = L.group;
      for (const o of e.sort.options) if (L.sortNames[o.value]) o.textContent = L.sortNames[o.value];
      for (const o of e.group.options) if (L.groupNames[o.value]) o.textContent = L.groupNames[o.value];
      e.year.setAttribute("aria-label", L.year);
      e.type.setAttribute("aria-label", L.type);
      e.status.setAttribute("aria-label", L.status);
      e.venue.setAttribute("aria-label", L.venue);
      (e.selected.nextElementSibling as HTMLElement).textContent = L.selected;
      (e.award.nextElementSibling as HTMLElement).textContent = L.award;
      (e.first.nextElementSibling as HTMLElement).textContent = L.firstAuthor;
      e.clear.textContent = L.clear;
      if (!this.#view) e.count.textContent = L.loading;
    }

    /** The language or the label overrides changed: relabel, and render the entries again. */
    #relabel(): void {
      if (!this.#els) return;
      this.#applyLabels();
      this.#rows = new Map();  // entry rows carry labels (BibTeX, Cite): none is reused
      this.#els.list.replaceChildren();
      this.#showProblems();
      this.#refresh();
    }

    #applyTheme(): void {
      const theme = this.getAttribute("theme");
      const host = this.#root.host;
      // `auto` keeps the scheme last judged for the page until it is judged again.
      const judged = host.getAttribute("data-theme");
      host.setAttribute("data-theme", theme === "light" || theme === "dark" ? theme : judged === "light" || judged === "dark" ? judged : "auto");
      this.#adoptPage();
    }

    #accentSheet?: CSSStyleSheet;
    #pageAsked = 0;
    /**
     * The list takes its scheme and accent from the page it is on.
     * - `theme="auto"` follows the page, not only the reader's system setting: a page that stays
     *   light in a dark system keeps a light list (its light grey text would be unreadable on the
     *   page's white), and a dark page gets the dark colours. Until the core has judged it (or
     *   without a core), the stylesheet follows `prefers-color-scheme`.
     * - The accent is the colour of the page's links, for the list's links, buttons and focus
     *   ring: a list should look like the site it is on. Not with a `preset`, not when the page
     *   left links the browser's blue, and only when it reads at 4.5:1 on the page's background
     *   (else papershelf's own accent stays). The probe link lives for one synchronous moment,
     *   hidden, in this element's own light DOM: nothing shows and nothing outside the element
     *   changes.
     */
    #adoptPage(): void {
      const asked = ++this.#pageAsked;  // the last call wins
      const theme = this.getAttribute("theme");
      const fixed = theme === "light" || theme === "dark" ? theme : undefined;
      const link = this.hasAttribute("preset") ? undefined : this.#pageLinkColour();
      const background = seenBehind(this);
      // The core judges what reads (it is loading for the data anyway).
      void loader().then((core) => {
        if (asked !== this.#pageAsked) return;
        const host = this.#root.host;
        const scheme = fixed ?? (core.readable([255, 255, 255], background) ? "dark" : "light");
        const changed = host.getAttribute("data-theme") !== scheme;
        host.setAttribute("data-theme", scheme);
        const onAccent = link && core.readable([255, 255, 255], link) ? "#fff" : "#0b1220";
        this.#setAccentRule(link && core.readable(link, background) ? `:host(:not([preset])) .ps-shelf { --ps-accent: rgb(${link.join(", ")}); --ps-on-accent: ${onAccent}; }` : "");
        if (changed && this.#canvas && this.#view) this.#refresh();  // (the canvas draws in the scheme too)
      }, () => {});
    }
    /** The colour of the page's links here, unless it is the browser's own blue. */
    #pageLinkColour(): number[] | undefined {
      const probe = document.createElement("a");
      probe.href = "#";
      probe.hidden = true;  // (in the default slot: an element in no slot has no computed style)
      this.append(probe);
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

    // ------------------------------------------------------------------ [SECTION] data

    #loadToken = 0;

    async #load(): Promise<void> {
      if (!this.#els) return;
      const token = ++this.#loadToken;  // a newer load (src changed meanwhile) wins
      const stale = () => token !== this.#loadToken;
      // Most files are small and read on this thread: fetch and compile the core while the data
      // downloads (a large file's worker loads its own; this one is then merely cached).
      void loader().then(async (core) => {
        if (this.#formatsOffered && !(await core.canFormat()))
          this.#withoutFormats("papershelf-core-fast.mjs or .wasm cannot be loaded from beside the script");
      }).catch(() => {});
      const src = this.getAttribute("src");
      let input: string | Uint8Array | undefined = this.#data;
      let source = "data";
      let owned = false;  // bytes this element fetched may be handed to a worker without a copy
      try {
        if (input === undefined) {
          const inline = this.querySelector('script[type="text/x-bibtex"], script[type="application/json"], script[type="application/x-bibtex"]');
          if (inline) {
            input = inline.textContent ?? "";
            source = "inline";
          } else if (src) {
            if (this.#loadedSrc === src && this.#library) return this.#refresh();
            input = await this.#download(new URL(src, document.baseURI));
            if (stale()) return;
            owned = true;
            source = src;
            this.#loadedSrc = src;
          }
        }
        if (input === undefined) {
          // A synchronous script upgrades the element before its children are parsed; look
          // again for inline data once the document is complete.
          if (document.readyState === "loading")
            document.addEventListener("DOMContentLoaded", () => this.#reload(), { once: true });
          return;
        }
        const library = await this.#parse(input, source, owned);
        if (stale()) return library.dispose();
        this.#library?.dispose();
        this.#library = library;
        this.#loadCount++;
        this.#loadProblems = [];
        this.#tellOwner(library.diagnostics, source);
        this.#showProblems();
        this.#refresh();
      } catch (err) {
        if (stale()) return;
        const message = `could not load ${src ?? "the data"}: ${(err as Error).message}`;
        this.#loadProblems = [{ source: src ?? "data", line: 0, column: 0, severity: "error", message, text: `${src ?? "data"}: error: ${message}` }];
        console.error(`papershelf: ${message}`);
        this.#showLoadProblem();
        this.#emit("error", err);
      }
    }

    /** The data's problems go to the owner (the console, `diagnostics`, the `debug` panel), never to visitors. */
    #tellOwner(problems: readonly Diagnostic[], source: string): void {
      if (!problems.length) return;
      const shown = problems.slice(0, 20).map((d) => d.text).join("\n");
      console.warn(`papershelf: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${source} (the element's diagnostics property has them all; ` +
        `its debug attribute lists them on the page):\n${shown}${problems.length > 20 ? `\n… and ${problems.length - 20} more` : ""}`);
    }

    /**
     * No data to show. Whatever the page put inside the element (a list prerendered by
     * `papershelf render`) is still the best there is; without it a visitor reads one neutral
     * line. Why it failed is for the owner (#loadProblems, #dataProblems: console, diagnostics, debug).
     */
    #showLoadProblem(): void {
      if (!this.#els) return;
      this.#loadToken++;  // a load still under way is stale now
      this.#library = undefined;
      this.#view = undefined;
      this.#els.count.textContent = "";
      this.#setShelfState("failed");
      this.#showProblems();
      // The line is always there and the stylesheet hides it beside a prerendered list: a
      // download can fail before the parser has reached the element's children.
      const line = document.createElement("p");
      line.className = "ps-error";
      line.textContent = this.labels.loadError;
      this.#els.list.replaceChildren(line);
    }

    #setShelfState(state: "loading" | "ready" | "empty" | "failed"): void {
      (this.#els.toolbar.parentElement as HTMLElement).dataset.state = state;
      // (papershelf.css keeps an empty element's room until its list is shown; after the list's
      // first rows are in place, or the list failed)
      if (state === "failed") this.toggleAttribute("data-shown", true);
    }

    /** Fetches `url`, showing how much has arrived once it turns out to be large. */
    async #download(url: URL): Promise<Uint8Array> {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const total = Number(response.headers.get("content-length")) || 0;  // 0: not sent (chunked)
      if (!response.body || (total && total < WORKER_THRESHOLD)) return new Uint8Array(await response.arrayBuffer());
      // Each chunk is copied into place as it arrives: one copy of 50 MB at the end would be a
      // long task of its own. (A compressed response's length is smaller than its bytes: grow.)
      let bytes = new Uint8Array(total || WORKER_THRESHOLD);
      let received = 0;
      let large = false;
      const reader = response.body.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        if (received + r.value.length > bytes.length) {
          const grown = new Uint8Array(Math.max(bytes.length * 2, received + r.value.length));
          grown.set(bytes.subarray(0, received));
          bytes = grown;
        }
        bytes.set(r.value, received);
        received += r.value.length;
        if (!large && received >= WORKER_THRESHOLD) {
          large = true;
          this.#startWorker();  // it loads the core while the rest arrives
          this.#progress(received, total, this.labels.downloading(received, total));
        } else if (large) {
          this.#progress(received, total);
        }
      }
      return received === bytes.length ? bytes : bytes.subarray(0, received);
    }

    #nextWorker?: RemoteLibrary;

    /** Starts the worker for the next large input; false where none may start. */
    #startWorker(): boolean {
      try {
        this.#nextWorker ??= worker && RemoteLibrary.start(worker());
      } catch {
        // A script from another origin may not start a worker: this thread reads instead.
      }
      return !!this.#nextWorker;
    }

    /** Reads the input: a large one in a Web Worker (if one starts), otherwise on this thread. */
    async #parse(input: string | Uint8Array, source: string, owned: boolean): Promise<Shelf> {
      const size = input.length;
      if (size >= WORKER_THRESHOLD && this.#startWorker()) {
        const remote = this.#nextWorker!;
        this.#nextWorker = undefined;
        this.#progress(-1, 0, this.labels.reading(size));
        try {
          const bytes = typeof input === "string" ? new TextEncoder().encode(input) : owned ? input : input.slice();
          return await remote.read(bytes, { source });
        } catch {
          // The worker did not run (a CSP without worker-src, a bad URL): read on this thread.
        } finally {
          this.#progress(null);
        }
      }
      return (await loader()).parse(input, { source });
    }

    /**
     * The loading bar: `done` of `total` bytes, -1 for "busy" (no measure), null to hide it.
     * `text` goes to the live status line, which announces phases, not every chunk.
     */
    #progress(done: number | null, total = 0, text?: string): void {
      const bar = this.#els.progress;
      bar.hidden = done === null;
      if (done !== null && done >= 0 && total > 0) bar.value = Math.min(done / total, 1);
      else bar.removeAttribute("value");
      if (text) this.#els.count.textContent = text;
    }

    #setQueryProblems(errors: string[]): void {
      if (errors.join("\n") === this.#queryProblems.map((d) => d.message).join("\n")) return;
      this.#queryProblems = errors.map((message) => ({ source: "query", line: 0, column: 0, severity: "warning", message, text: `query: warning: ${message}` }));
      // For the owner only (console, `diagnostics`): the query may come from a link anyone can send.
      for (const d of this.#queryProblems) console.warn(`papershelf: ${d.text}`);
    }

    /** The problems panel: only with the `debug` attribute (the owner's view of the page). */
    #showProblems(): void {
      if (!this.#els) return;
      const d = [...(this.#library?.diagnostics ?? []), ...this.#loadProblems, ...this.#dataProblems, ...this.#rendererProblems];
      const box = this.#els.problems;
      box.hidden = d.length === 0 || !this.hasAttribute("debug");
      if (box.hidden) { box.innerHTML = ""; return; }
      box.innerHTML = `<details class="ps-diagnostics"${d.some((x) => x.severity === "error") ? " open" : ""}><summary>${escapeText(this.labels.problems(d.length))}</summary><ul>${d
        .map((x) => `<li class="ps-diagnostic ps-${x.severity}"><code>${escapeText(`${x.line}:${x.column}`)}</code> ${escapeText(x.severity)}: ${escapeText(x.message)}</li>`)
        .join("")}</ul></details>`;
    }

    // ------------------------------------------------------------------ [SECTION] state

    /** The visitor's state as the page author's attributes set it (`filter` is the scope instead). */
    #resetState(): void { this.#state = this.#defaults(); }
    /** What the attributes set the visitor's state to (the URL keeps only what differs). */
    #defaults(): { search: string; filter: string; sort: string; group: string } {
      return { search: this.getAttribute("search") ?? "", filter: "", sort: this.getAttribute("sort") ?? "", group: this.getAttribute("group") ?? "" };
    }

    /** The page author's fixed selection: every query is made within it, and no control clears it. */
    #scope(): string { return this.getAttribute("filter") ?? ""; }

    /**
     * The element's name in the URL hash: its id, or "ps" when it is the page's only
     * <paper-shelf>. Several elements without ids keep no URL state rather than share one name.
     */
    #hashKey(): string | undefined {
      if (this.id) return this.id;
      return document.querySelectorAll("paper-shelf").length === 1 ? "ps" : undefined;
    }

    #readHash(): void {
      const key = this.#hashKey();
      if (!key) return;
      const mine = hashParams().filter(([k]) => k.startsWith(`${key}:`));
      const saved = new Map(mine.map(([k, v]) => [k.slice(key.length + 1), v]));
      const defaults = this.#defaults();
      for (const name of ["search", "filter", "sort", "group"] as const) this.#state[name] = saved.get(name) ?? defaults[name];
      this.#fromLink = mine.length > 0;
    }
    /** The state was read from the URL hash and not yet checked by the core (see QueryOptions.fromLink). */
    #fromLink = false;

    #onHash = (): void => {
      this.#cancelTypedHash();  // (the URL the visitor went to wins over a keystroke's)
      const before = JSON.stringify(this.#state);
      this.#readHash();
      if (JSON.stringify(this.#state) !== before) this.#refresh();
      else this.#revealTarget();
    };

    /** The last state change was typing in the search box: further keys replace its history entry. */
    #typing = false;
    /** When the visitor last typed in the search box (performance.now()). */
    #lastKeyAt = -Infinity;

    /**
     * Writes the visitor's state into the hash as `id:name=value` pairs (other elements' pairs are
     * kept). A change is a history entry, so Back undoes it; a run of keystrokes is one entry.
     */
    #writeHash(push = true): void {
      const key = this.#hashKey();
      if (!key) return;
      const pairs = hashParams().filter(([k]) => !k.startsWith(`${key}:`));
      const defaults = this.#defaults();
      for (const name of ["search", "filter", "sort", "group"] as const)
        if (this.#state[name] && this.#state[name] !== defaults[name]) pairs.push([`${key}:${name}`, this.#state[name]]);
      const hash = pairs.map(([k, v]) => `${hashEncode(k)}=${hashEncode(v)}`).join("&");
      const url = hash ? `#${hash}` : location.pathname + location.search;
      if (`#${hash}` === location.hash || (!hash && !location.hash)) return;
      if (push) history.pushState(null, "", url);
      else history.replaceState(null, "", url);
    }

    /** Applies a change of the visitor's state: the URL (a new history entry unless it
     *  continues a run of keystrokes), then the view. A keystroke's URL is written when typing
     *  pauses: history.pushState and replaceState cost 5-7 ms each, in the frame that the key is
     *  waiting for. */
    #commit(typing = false): void {
      const push = !(typing && this.#typing) || this.#typedHashPush;
      this.#typing = typing;
      this.#cancelTypedHash();
      if (typing) {
        this.#typedHashPush = push;
        this.#typedHash = setTimeout(() => { this.#typedHash = undefined; this.#typedHashPush = false; this.#writeHash(push); }, TYPING_PAUSE);
      } else {
        this.#writeHash(push);
      }
      this.#refresh();
    }
    /** The pending URL write of the last keystrokes, and whether it starts a history entry. */
    #typedHash?: ReturnType<typeof setTimeout>;
    #typedHashPush = false;
    #cancelTypedHash(): void {
      if (this.#typedHash === undefined) return;
      clearTimeout(this.#typedHash);
      this.#typedHash = undefined;
      this.#typedHashPush = false;
    }

    /** Applies one edit to the visitor's filter. The core makes it (it alone reads the filter
     *  language), then the change is committed like any other. */
    #editFilter(edit: FilterEdit): Promise<void> {
      const lib = this.#library;
      if (!lib) return Promise.resolve();
      const done = (async () => {
        const { filter } = await lib.editFilter(this.#state.filter, edit);
        if (lib !== this.#library) return;
        this.#state.filter = filter;
        this.#commit();
        await this.#rendering;
      })();
      this.#rendering = done.catch((err: unknown) => this.#recover(err));
      return this.#rendering;
    }

    #syncControls(view: View): void {
      const e = this.#els;
      // The controls show the filter as the core read it, clause by clause.
      const clause = (kind: string) => view.clauses.find((c) => c.kind === kind);
      if (e.search.value !== this.#state.search) e.search.value = this.#state.search;
      const sort = this.#state.sort || "year-desc";
      if (![...e.sort.options].some((o) => o.value === sort)) e.sort.add(new Option(sort, sort));
      e.sort.value = sort;
      e.group.value = this.#state.group || "none";
      // A keystroke changes the counts, rarely the values: relabel the options in place then,
      // and rebuild them only when the values change (a rebuild costs the select its layout).
      const fill = (sel: HTMLSelectElement, any: string, values: FacetValue[], set: FilterClause | undefined) => {
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
      };
      const facets = view.facets!;
      fill(e.year, this.labels.anyYear, facets.years, clause("year"));
      fill(e.type, this.labels.anyType, facets.types, clause("type"));
      fill(e.status, this.labels.anyStatus, facets.statuses, clause("status"));
      fill(e.venue, this.labels.anyVenue, facets.venues, clause("venue"));
      const chip = (box: HTMLInputElement, word: string, count: number) => {
        box.checked = view.clauses.some((c) => c.kind === word);
        (box.nextElementSibling as HTMLElement).dataset.count = String(count);
      };
      chip(e.selected, "selected", facets.selected);
      chip(e.award, "award", facets.awards);
      chip(e.first, "first-author", facets.ownerFirst);
      e.clear.hidden = !this.#state.search && !this.#state.filter;
      e.filtersToggle.textContent = this.labels.filters(view.clauses.length);
      // How much UI the list gets (the core decides from `controls` and the list's length). An
      // active filter (from a link or the profile card) always shows the count and "Clear filters".
      const wrap = e.toolbar.parentElement as HTMLElement;
      wrap.dataset.controls = view.controls;
      wrap.toggleAttribute("data-active", !!(this.#state.search || this.#state.filter));
      // Controls that cannot change the list are left out, as the core judges the whole scope
      // (view.useful: only an unfiltered view carries it). That is kept per library, scope and
      // owner, so that nothing comes and goes while a visitor types; a list opened with a filter
      // (a shared link) shows every control until it is unfiltered and can be judged.
      const judged = `${this.#loadCount}\u0001${this.#scope()}\u0001${this.getAttribute("owner") ?? ""}`;
      if (judged !== this.#usefulFor && view.useful) {
        this.#usefulFor = judged;
        this.#useful = view.useful;
      } else if (!this.#usefulFor.startsWith(`${this.#loadCount}\u0001`)) {
        this.#useful = EVERY_CONTROL;
      }
      const u = this.#useful;
      e.year.hidden = !u.year && !e.year.value;
      e.type.hidden = !u.type && !e.type.value;
      e.status.hidden = !u.status && !e.status.value;
      e.venue.hidden = !u.venue && !e.venue.value;
      e.selected.parentElement!.hidden = !u.selected && !e.selected.checked;
      e.award.parentElement!.hidden = !u.award && !e.award.checked;
      e.first.parentElement!.hidden = !u.firstAuthor && !e.first.checked;
      const byCitations = [...e.sort.options].find((o) => o.value === "citations-desc");
      if (byCitations) byCitations.hidden = !u.byCitations && e.sort.value !== "citations-desc";
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
      const L = this.labels;
      // A clause with a value reads "Kind: its label" (the core's), a flag reads its name.
      const kinds: Record<string, string> = { year: L.year, type: L.type, status: L.status, venue: L.venue, author: L.coauthor, tag: L.tag };
      const flags: Record<string, string> = { selected: L.selected, award: L.award, "first-author": L.firstAuthor };
      const chips: [string, string][] = view.clauses.map(({ kind, label, text: clause }) =>
        [clause, kind in kinds ? `${kinds[kind]}: ${label}` : flags[kind] ?? clause]);
      // Without a search field on screen, a search from a link is an active filter too.
      if (this.#state.search && (this.#els.toolbar.parentElement as HTMLElement).dataset.controls === "none")
        chips.unshift(["\u0000search", `${L.search}: ${this.#state.search}`]);
      const html = chips.map(([clause, text]) => `<button type="button" class="ps-active-chip" data-clause="${escapeText(clause)}" aria-label="${escapeText(L.removeFilter(text))}"><span dir="auto">${escapeText(text)}</span> <span aria-hidden="true">\u00D7</span></button>`).join("");
      if (this.#els.active.innerHTML !== html) this.#els.active.innerHTML = html;
      this.#els.active.hidden = chips.length === 0;
    }

    #usefulFor = "";
    #useful: UsefulControls = EVERY_CONTROL;

    // ------------------------------------------------------------------ [SECTION] rendering

    #formatOptions() {
      const max = Number(this.getAttribute("max-authors") ?? "0");
      return {
        owner: this.getAttribute("owner") ?? undefined,
        maxAuthors: Number.isFinite(max) && max > 0 ? Math.floor(max) : 0,
        base: this.getAttribute("base") ?? undefined,
        thumbnails: this.getAttribute("thumbnails") ?? undefined,
        pages: this.getAttribute("pages") ?? undefined,
        preset: this.getAttribute("preset") ?? undefined,
        search: this.#state.search,
        panels: this.#formatsOffered,
      };
    }

    /** How the canvas widget's rows are formatted (it cuts author lists and marks matches itself). */
    #rowOptions() {
      return { owner: this.getAttribute("owner") ?? undefined, base: this.getAttribute("base") ?? undefined };
    }

    #refreshToken = 0;

    #refresh(): void { this.#rendering = this.#render().catch((err: unknown) => this.#recover(err)); }

    #recoveries = 0;
    /**
     * A render failed: the core (or its worker) died, e.g. out of memory. The owner is told, the
     * state is reset to the attributes (the URL hash that may have caused it is cleared) and the
     * data is read again into a new core; after a second failure the element gives up and says so.
     */
    #recover(err: unknown): void {
      const message = `the core failed (${err instanceof Error ? err.message : String(err)})`;
      const retry = this.#recoveries++ < 2;
      const text = `${message}${retry ? "; the data is read again and the view reset" : ""}`;
      this.#rendererProblems.push({ source: "core", line: 0, column: 0, severity: "error", message: text, text: `core: error: ${text}` });
      console.error(`papershelf: ${text}`);
      const lib = this.#library;
      this.#library = undefined;
      this.#view = undefined;
      this.#loadedSrc = undefined;
      try { lib?.dispose(); } catch { /* a dead core cannot free anything */ }
      this.#resetState();
      this.#writeHash(false);
      if (retry) { this.#reload(); return; }
      this.#showProblems();
      this.#els.count.textContent = "";
      this.#setShelfState("failed");
      this.#els.list.replaceChildren();
    }
    #reload(): void { this.#rendering = this.#load(); }

    // Async because a library in a worker answers with promises; one on this thread answers at
    // once, and then the whole render still happens in the task that asked for it.
    async #render(): Promise<void> {
      const lib = this.#library;
      if (!lib || !this.#els) return;
      const token = ++this.#refreshToken;
      // The list on screen is about to be replaced: its remaining chunks stop here, instead of
      // asking (a worker) for rows that no one will see while the new query runs.
      this.#renderToken++;
      const fromLink = this.#fromLink;
      const view = await lib.query({ ...this.#state, scope: this.#scope(), group: (this.#state.group || "none") as GroupKey, owner: this.getAttribute("owner") ?? undefined,
        base: this.getAttribute("base") ?? undefined, controls: this.getAttribute("toolbar") ?? this.getAttribute("controls") ?? undefined, facets: true, fromLink },
        { count: FIRST_CHUNK, options: this.#formatOptions(), rows: this.#canvas && this.getAttribute("renderer") === "canvas" ? this.#rowOptions() : undefined });
      if (token !== this.#refreshToken || lib !== this.#library) return;  // a newer state or library won
      if (fromLink) this.#keepApplied(view);
      const wrap = this.#els.toolbar.parentElement as HTMLElement;
      const takingOver = wrap.dataset.state === "loading" && wrap.hasAttribute("data-prerendered");
      if (takingOver && this.#press) {
        await this.#press;
        if (token !== this.#refreshToken || lib !== this.#library) return;
      }
      // What the visitor opened or focused in the prerendered list, before it is hidden.
      const focused = document.activeElement;
      const touched = takingOver ? [...this.querySelectorAll("li.ps-entry[data-key]")].filter((li) => li.contains(focused) || li.querySelector("details[open]")) : [];
      this.#view = view;
      this.#setQueryProblems(view.errors);
      this.#setShelfState(view.total === 0 ? "empty" : "ready");
      this.#syncControls(view);
      this.#els.count.textContent = this.labels.results(view.entries.length, view.total);
      this.#labelDownloads(view.entries.length);
      this.#renderLegend(view);
      await Promise.all([this.#renderProfile(lib), this.#renderList(view), this.#syncCanvas(view), this.#writeMetadata(lib, view)]);
      if (token !== this.#refreshToken) return;
      this.toggleAttribute("data-shown", true);
      for (const li of touched) {
        const live = [...this.#rows.values()].find((row) => row.li.dataset.key === (li as HTMLElement).dataset.key)?.li;
        if (live) carryOver(li, live, focused);
      }
      await this.#revealTarget();
      this.#emit("change", { get keys() { return view.keys; } });
    }

    /** A link's state as the core applied it: what it did not know (reported in `errors`) is
     *  dropped from the state and from the URL, so no control shows a link's own words. */
    #keepApplied(view: View): void {
      this.#fromLink = false;
      let changed = false;
      for (const name of ["search", "sort", "group", "filter"] as const) {
        const applied = view.applied[name];
        const asked = this.#state[name];
        if (asked && asked !== applied && !(name === "group" && applied === "none" && asked === "")) {
          this.#state[name] = applied;
          changed = true;
        }
      }
      if (changed) this.#writeHash(false);
    }

    /** The profile card (core markup), rebuilt only when the data or its attributes change. */
    async #renderProfile(lib: Shelf): Promise<void> {
      const box = this.#els.profile;
      const modeAttr = this.getAttribute("profile");
      const mode = modeAttr === null ? "none" : modeAttr === "" || modeAttr === "profile" ? "full" : modeAttr;
      const key = [...PROFILE_ATTRIBUTES].map((a) => this.getAttribute(a) ?? "\u0000").join("\u0001");
      if (mode === "none") {
        box.hidden = true;
        this.#els.skip.hidden = true;
        box.innerHTML = "";
        this.#profileKey = "";
        return;
      }
      if (key !== this.#profileKey || box.dataset.library !== String(this.#loadCount)) {
        const links = (this.getAttribute("links") ?? "").split(/[;\n]/).map((s) => s.trim()).filter(Boolean).flatMap((s) => {
          const eq = s.indexOf("=");
          return eq > 0 ? [{ label: s.slice(0, eq).trim().toLowerCase(), url: s.slice(eq + 1).trim() }] : [];
        });
        const email = this.getAttribute("email");
        if (email) links.push({ label: "email", url: email });
        const attr = (name: string) => this.getAttribute(name) ?? undefined;
        const display = this.getAttribute("email-display");
        const html = await lib.profileHtml({
          owner: attr("owner"),
          mode: mode === "compact" ? "compact" : "full",
          email: display === "plain" || display === "hidden" ? display : "obfuscated",
          base: attr("base"),
          profile: { position: attr("position"), affiliation: attr("affiliation"), photo: attr("photo"), interests: attr("interests"), links },
        });
        if (lib !== this.#library) return;
        box.innerHTML = html;
        box.hidden = box.innerHTML === "";
        this.#els.skip.hidden = box.hidden;
        box.dataset.library = String(this.#loadCount);
        this.#profileKey = key;
      }
      // The card counts the whole record: while the list is narrowed, it says so.
      const scope = box.querySelector<HTMLElement>(".ps-stats-scope");
      if (scope) scope.hidden = !this.#state.filter && !this.#state.search;
      // Which statistics are applied now: the card's clauses are in the core's canonical form.
      const clauses = new Set((this.#view?.clauses ?? []).map((c) => c.text.toLowerCase()));
      for (const el of box.querySelectorAll<HTMLElement>("[data-filter]")) {
        const c = (el.dataset.filter ?? "").toLowerCase();
        const on = c ? clauses.has(c) : clauses.size === 0 && !this.#state.search;
        if (el.tagName === "BUTTON" || el.getAttribute("role") === "button") el.setAttribute("aria-pressed", String(on));
        else if (on) el.setAttribute("aria-current", "true");
        else el.removeAttribute("aria-current");
      }
    }

    #onProfileClick(ev: Event): void {
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
      if (clause) void this.#editFilter({ toggle: clause });
      else { this.#state.filter = this.#state.search = ""; this.#commit(); }
      // The list may start below the fold: bring its count line into view, so the click shows
      // what it did (and a screen reader hears the new count there).
      void this.updateComplete.then(() => {
        const count = this.#els.count;
        // The toolbar with the new chip and the count, or the list where there is no toolbar.
        const top = count.getClientRects().length ? this.#els.toolbar : this.#els.list;
        const y = top.getBoundingClientRect().top;
        if (y < 0 || y > innerHeight * 0.6) top.scrollIntoView({ block: "start" });
        if (top !== this.#els.list) { count.tabIndex = -1; count.focus({ preventScroll: true }); }
      });
    }

    // ------------------------------------------------------------------ [SECTION] canvas renderer

    /** renderer="canvas": the ImGui widget draws; the HTML list stays for screen readers, visually hidden. */
    async #syncCanvas(view: View): Promise<void> {
      const wrap = this.#root.querySelector(".ps-shelf") as HTMLElement;
      const host = wrap.querySelector(".ps-canvas-host") as HTMLElement;
      const want = this.getAttribute("renderer") === "canvas" && !!canvas && !this.#canvasFailed;
      wrap.classList.toggle("ps-mode-canvas", want && !!this.#canvas);
      host.hidden = !want;
      // Under the canvas the marks' legend reads as its footnote, and a search that hides it
      // moves nothing the visitor is looking at.
      const legend = this.#els.legend;
      if (want && this.#canvas) { if (host.nextElementSibling !== legend) host.after(legend); }
      else if (legend.nextElementSibling !== host) host.before(legend);
      if (!want) return;
      if (!this.#canvas) {
        if (!this.#canvasLoading) void this.#startCanvas(host.querySelector("canvas")!);
        return;
      }
      const lib = this.#library!;
      const canvasView = this.#canvas;
      if (this.#canvasLibrary !== lib) {
        this.#canvasLibrary = lib;
        canvasView.clearRows();
        // Citation counts get their own column only when the data has them: the most-cited entry tells.
        const top = (await lib.query({ sort: "citations-desc" })).entries.slice(0, 1);
        this.#hasCitations = top.length > 0 && (await lib.entries(top))[0].citations !== null;
        if (lib !== this.#library) return;
      }
      const style = getComputedStyle(wrap);
      const scheme = this.getAttribute("data-theme");  // (as the page was judged: #adoptPage)
      canvasView.setTheme({
        dark: scheme === "dark" || (scheme === "auto" && !!darkScheme?.matches),
        text: style.color,
        background: `rgb(${seenBehind(this).join(", ")})`,
        accent: getComputedStyle(host).color,  // the stylesheet gives the host var(--ps-accent)
        font: style.fontFamily,
      });
      canvasView.setMaxAuthors(this.#formatOptions().maxAuthors || 10);
      canvasView.setLabels(this.#canvasLabels());
      canvasView.setControls(this.#useful);  // (the toolbar's rule: the controls that can change the list)
      // The first screen's rows go with the view (a worker sent them with it), so its first frame
      // draws them instead of placeholders.
      const records = view.entries.slice(0, FIRST_CHUNK);
      const rows = await lib.entries(records, this.#rowOptions());
      if (lib !== this.#library || view !== this.#view) return;
      canvasView.setQuery({ ...this.#state });
      canvasView.setView(view, this.#hasCitations, { records, rows });
    }

    /** The widget's words from this element's labels (its `lang`, addLanguage, `labels`): one
     *  table for both renderers. Counts go as templates, "{shown}" and "{total}" for the numbers. */
    #canvasLabels(): Record<string, string> {
      const L = this.labels;
      const [a, b] = [987654321, 123456789];  // (numbers no label text contains)
      const template = (text: string) => text.replace(count(a), "{total}").replace(count(b), "{shown}");
      return {
        search: L.search, anyType: L.anyType, anyStatus: L.anyStatus, anyVenue: L.anyVenue,
        groupNone: L.groupNames.none, groupYear: L.groupNames.year, groupType: L.groupNames.type,
        groupStatus: L.groupNames.status, groupVenue: L.groupNames.venue,
        yearFrom: L.yearFrom, yearTo: L.yearTo, selected: L.selected, award: L.award, firstAuthor: L.firstAuthor, clear: L.clear,
        countOne: L.results(1, 1), countAll: template(L.results(a, a)), countSome: template(L.results(b, a)),
        year: L.year, venue: L.venue, publication: L.publication, links: L.links, cited: L.cited,
        copyCitation: L.copyCitation, copyAs: L.copyAs, open: L.open,
      };
    }

    async #startCanvas(element: HTMLCanvasElement): Promise<void> {
      this.#canvasLoading = true;
      const problem = (message: string) => {
        this.#rendererProblems.push({ source: "canvas", line: 0, column: 0, severity: "warning", message, text: `canvas: warning: ${message}` });
        console.warn(`papershelf: canvas: ${message}`);
        this.#showProblems();
      };
      try {
        const bundle = await canvas!.load();
        this.#canvas = (await bundle.CanvasView.create(bundle.default, canvas!, element, {
          rows: (records) => this.#library?.entries(records, this.#rowOptions()) ?? [],
          query: (q: QueryState) => {
            // Typing in the widget's search field is typing, as in the HTML one: one history entry
            // for the word, and the hidden list's tail waits for a pause instead of taking the
            // canvas's frames.
            const typing = q.search !== this.#state.search;
            if (typing) this.#lastKeyAt = performance.now();
            // The widget writes the core's canonical text; the defaults stay out of the URL hash.
            this.#state = { search: q.search, filter: q.filter, sort: q.sort === "year-desc" && !this.getAttribute("sort") ? "" : q.sort, group: q.group === "none" ? "" : q.group };
            this.#commit(typing);
          },
          open: (url) => {
            const target = new URL(url, document.baseURI);
            if (["http:", "https:", "mailto:"].includes(target.protocol)) window.open(target.href, "_blank", "noopener,noreferrer");
          },
          copy: async (format, record) => {
            const lib = this.#library;
            if (!lib) return;
            let text: string;
            try {
              const isExport = (await lib.formats()).exports.some((f) => f.name === format);
              text = await (isExport ? lib.export(format, { indices: [record], forVisitors: true, omitFields: this.#omitFields() }) : lib.cite(record, format));
            } catch (err) {
              this.#withoutFormats((err as Error).message);
              return;
            }
            void navigator.clipboard?.writeText(text).catch(() => {});
            this.#emit("copy", { key: (await lib.entries([record]))[0]?.key, text });
          },
          copyText: (text) => void navigator.clipboard?.writeText(text).catch(() => {}),
          missingGlyphs: (chars) => problem(`the canvas has no glyph for ${[...chars].join(" ")} (no font on this system draws them); those characters show as boxes`),
          announce: (text) => { element.parentElement!.querySelector(".ps-canvas-live")!.textContent = text; },
        })) ?? undefined;
        if (this.#canvas) this.#canvasFocus(element);
        if (!this.#canvas) {
          this.#canvasFailed = true;
          problem("WebGL 2 is not available: showing the HTML list instead");
        }
      } catch (err) {
        this.#canvasFailed = true;
        problem(`the canvas renderer could not load (${(err as Error).message}): showing the HTML list instead`);
      }
      this.#canvasLoading = false;
      this.#refresh();
    }

    /** The canvas is one tab stop. While it has focus the hidden list is inert, so Tab leaves for
     *  the page's next control in one press (the list's links would come first); the rest of the
     *  time the list stays readable and findable. Shift+Tab from after the element lands on the
     *  canvas, not in the invisible list. */
    #canvasFocus(canvasEl: HTMLCanvasElement): void {
      const list = this.#els.list;
      // (the canvas and the input it hands the keyboard to while its search field is edited)
      const widget = canvasEl.parentElement!;
      widget.addEventListener("focusin", () => { list.inert = true; });
      widget.addEventListener("focusout", (e) => { if (!(e.relatedTarget instanceof Node && widget.contains(e.relatedTarget))) list.inert = false; });
      list.addEventListener("focusin", (e) => {
        const from = e.relatedTarget;
        if (!list.parentElement!.classList.contains("ps-mode-canvas") || !(from instanceof Node) || this.contains(from)) return;
        if (this.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) canvasEl.focus();
      });
    }

    #renderLegend(view: View): void {
      const legend = this.getAttribute("legend");
      const entries = legend
        ? legend.split(/[;\n]/).map((s) => s.trim()).filter(Boolean).map((s) => {
            const [symbol, ...rest] = s.split(/[=:]/);
            return { symbol: symbol.trim(), meaning: rest.join("=").trim() };
          })
        : this.#library!.profile.legend;
      const marks = new Set([...view.marks]);
      const used = entries.filter((e) => e.symbol && [...e.symbol].every((c) => marks.has(c)));
      this.#els.legend.hidden = used.length === 0;
      this.#els.legend.innerHTML = used.map((e) => `<span class="ps-legend-item" dir="auto"><sup>${escapeText(e.symbol)}</sup> ${escapeText(e.meaning)}</span>`).join(" ");
    }

    // The rows of the current list by record index, with the markup each was made from: a
    // re-render (a keystroke) moves a row whose markup is unchanged instead of rebuilding it.
    #rows = new Map<number, { html: string; li: HTMLElement }>();
    /** Renders the current list's rows up to a position at once (a deep link to a later paper). */
    #renderUpTo?: (limit: number) => Promise<boolean>;
    /** The fragment last scrolled to, so that a re-render does not scroll again. */
    #revealed = "";

    /**
     * A link to `#ps-KEY` (the id each entry has in the static list) or `#KEY` brings that paper
     * into view and marks it, as the browser does for the static list's ids.
     */
    async #revealTarget(): Promise<void> {
      const view = this.#view;
      const fragment = hashDecode(location.hash.slice(1));
      if (!view || !fragment || fragment.includes("=") || fragment === this.#revealed) return;
      let k = view.keys.indexOf(fragment);
      if (k < 0 && fragment.startsWith("ps-")) k = view.keys.indexOf(fragment.slice(3));
      if (k < 0) return;
      this.#revealed = fragment;
      const index = view.entries[k];
      if (!this.#rows.has(index) && this.#renderUpTo) await this.#renderUpTo(k + 1);
      const li = this.#rows.get(index)?.li;
      if (!li || view !== this.#view) return;
      for (const old of this.#els.list.querySelectorAll(".ps-target")) old.classList.remove("ps-target");
      li.classList.add("ps-target");
      li.tabIndex = -1;
      li.scrollIntoView({ block: "center" });
      li.focus({ preventScroll: true });
    }

    async #renderList(view: View): Promise<void> {
      const token = ++this.#renderToken;
      const list = this.#els.list;
      const lib = this.#library!;
      const options = this.#formatOptions();
      const old = this.#rows;
      const rows = new Map<number, { html: string; li: HTMLElement }>();
      this.#rows = rows;
      this.#renderUpTo = undefined;
      this.#els.skipPast.hidden = this.#els.listEnd.hidden = view.entries.length === 0;
      if (view.entries.length === 0) {
        list.innerHTML = `<p class="ps-empty">${escapeText(view.total === 0 ? this.labels.nothing : this.labels.empty)}</p>`;
        return;
      }
      // Groups become sections; entries are rendered in chunks so a long list paints at once.
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
          const h = document.createElement("h3");
          h.className = "ps-group-title";
          h.innerHTML = `<span dir="auto">${escapeText(g.label)}</span> <span class="ps-count">${g.count}</span>`;
          section.append(h, ol);
          frag.append(section);
        } else {
          frag.append(ol);
        }
        lists.push({ ol, begin: g.begin, end: g.begin + g.count });
      }
      let next = 0;
      let target = 0;
      // False when a newer render started while this one waited for its markup.
      const renderUpTo = async (limit: number): Promise<boolean> => {
        if (next >= limit) return true;
        const indices = view.entries.slice(next, limit);
        const html = await lib.html(indices, options);
        if (token !== this.#renderToken) return false;
        // Only the rows whose markup changed are parsed (in one go) and decorated.
        const tpl = document.createElement("template");
        tpl.innerHTML = html.filter((h, k) => old.get(indices[k])?.html !== h).join("");
        const made = [...tpl.content.children] as HTMLElement[];
        let m = 0;
        for (let k = 0; k < indices.length; k++) {
          while (lists[target].end <= next + k) target++;
          const prev = old.get(indices[k]);
          let li: HTMLElement;
          if (prev && prev.html === html[k]) {
            li = prev.li;
          } else {
            li = made[m++];
            this.#decorate(li);
            const focused = this.#root.activeElement;
            if (prev && (prev.li.contains(focused) || prev.li.querySelector("details[open]"))) carried.push([prev.li, li, focused]);
          }
          rows.set(indices[k], { html: html[k], li });
          lists[target].ol.append(li);
        }
        next = limit;
        if (list.contains(lists[0].ol)) for (const pair of carried.splice(0)) carryOver(...pair);
        return true;
      };
      // Rows made again while the visitor had one open or focused: carried over once in the page.
      const carried: [Element, Element, Element | null][] = [];
      if (!(await renderUpTo(Math.min(FIRST_CHUNK, view.entries.length)))) return;
      list.replaceChildren(frag);
      for (const pair of carried.splice(0)) carryOver(...pair);
      // Later chunks and a deep link's jump ahead take turns, so no row is made twice.
      let turn = Promise.resolve(true);
      const inTurn = (limit: number) => (turn = turn.then(() => renderUpTo(limit)));
      this.#renderUpTo = inTurn;
      // The rest follows a chunk at a time when the page is idle, and not while the visitor types:
      // a key's frame then holds its own query and first screen, never the tail of the last
      // key's list (each chunk is a round trip, markup to parse and rows to lay out).
      const idle = (f: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(f, { timeout: 250 }) : requestAnimationFrame(f));
      const more = async () => {
        if (token !== this.#renderToken || next >= view.entries.length) return;
        const typing = this.#lastKeyAt + TYPING_PAUSE - performance.now();
        if (typing > 0) { setTimeout(() => idle(() => void more()), typing); return; }
        if (await inTurn(Math.min(next + CHUNK, view.entries.length))) idle(() => void more());
      };
      requestAnimationFrame(() => idle(() => void more()));
    }

    /** Puts this element's labels on one entry's controls (the core's markup is in English). */
    #decorate(li: HTMLElement): void {
      li.dataset.ready = "";
      const L = this.labels;
      const bibtex = li.querySelector("details.ps-bibtex > summary");
      if (bibtex) bibtex.textContent = L.bibtex;
      const cite = li.querySelector("details.ps-cite > summary");
      if (cite) cite.textContent = L.cite;
      const more = li.querySelector<HTMLElement>("summary.ps-more");
      if (more) more.textContent = L.showMore(Number(more.dataset.hidden));
      this.#typeset(li);
    }

    #pageMathStyles = false;
    /**
     * Math is Unicode where Unicode can say it; a page that loads KaTeX (or MathJax with SVG
     * output) gets it typeset from the TeX the core keeps in data-tex. KaTeX's stylesheet, linked
     * by the page, is linked into this shadow root too. If anything fails, the Unicode text stays.
     */
    #typeset(root: ParentNode): void {
      const spans = root.querySelectorAll<HTMLElement>(".ps-math[data-tex]");
      if (!spans.length) return;
      const page = window as unknown as { katex?: { render(tex: string, el: HTMLElement, o: object): void }; MathJax?: { tex2svg?(tex: string, o: object): Element } };
      if (!page.katex?.render && !page.MathJax?.tex2svg) return;
      if (page.katex?.render && !this.#pageMathStyles) {
        this.#pageMathStyles = true;
        for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href*="katex" i]')) this.#root.append(link.cloneNode());
      }
      for (const span of spans) {
        const tex = span.dataset.tex ?? "";
        const unicode = [...span.childNodes];
        try {
          if (page.katex?.render) page.katex.render(tex, span, { throwOnError: false, displayMode: false });
          else span.replaceChildren(page.MathJax!.tex2svg!(tex, { display: false }));
          keepTypesetting(span);
        } catch {
          span.replaceChildren(...unicode);  // (nothing half typeset or unchecked stays)
        }
      }
    }

    /** BibTeX fields "BibTeX" and "Copy" leave out beside the owner's own (the core's list). */
    #omitFields(): string[] {
      return (this.getAttribute("omit-fields") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    }

    #indexOfKey(key: string): number {
      const view = this.#view!;
      const k = view.keys.indexOf(key);
      return k < 0 ? -1 : view.entries[k];
    }

    async #onListClick(ev: Event): Promise<void> {
      const target = (ev.target as Element).closest("button.ps-copy, button.ps-export");
      const li = target?.closest("li.ps-entry") as HTMLElement | null;
      const lib = this.#library;
      if (!target || !li || !lib) return;
      const index = this.#indexOfKey(li.dataset.key ?? "");
      if (target.classList.contains("ps-export")) {
        const format = (target as HTMLElement).dataset.format ?? "bibtex";
        await this.#save(lib, format, [index], li.dataset.key ?? "publication");
        return;
      }
      const panel = target.closest(".ps-panel");
      // The Cite panel copies its citation as plain text (the panel shows it with italics).
      const style = panel?.querySelector<HTMLSelectElement>("select.ps-cite-style")?.value;
      const text = style !== undefined ? await lib.cite(index, style) : panel?.querySelector("pre")?.textContent ?? "";
      void navigator.clipboard?.writeText(text).then(() => {
        target.textContent = this.labels.copied;
        setTimeout(() => { target.textContent = this.labels.copy; }, 2000);
      }, () => {});
      this.#emit("copy", { key: li.dataset.key, text });
    }

    /**
     * Machine-readable metadata of the list as the page shows it first, in this element's own
     * light DOM (a shadow root is invisible to reference managers' connectors and to search
     * engines): a COinS span per paper and schema.org JSON-LD. Written once per data, for at most
     * the first 500 papers; a prerendered list (papershelf render) already carries its own.
     */
    async #writeMetadata(lib: Shelf, view: View): Promise<void> {
      if (this.#metadataFor === lib) return;
      this.#metadataFor = lib;
      this.querySelector(":scope > [slot=ps-metadata]")?.remove();
      if (this.querySelector(':scope > .ps-shelf script[type="application/ld+json"]') || view.entries.length === 0) return;
      const { coins, jsonLd } = await lib.metadata(view.entries.slice(0, 500));
      if (lib !== this.#library) return;
      const box = document.createElement("div");
      box.slot = "ps-metadata";  // (no such slot: never shown)
      box.hidden = true;
      box.innerHTML = coins.join("");  // (the core's spans: escaped attribute text only)
      const script = document.createElement("script");
      script.type = "application/ld+json";  // a data block: never run
      script.textContent = jsonLd;
      box.append(script);
      this.append(box);
    }

    /** The citation style a visitor chose last (on this site), else the core's default. */
    #citeStyle(): string {
      try {
        return localStorage.getItem("papershelf-cite-style") ?? "";
      } catch {
        return "";  // (storage blocked: the default)
      }
    }

    /** Another style in a Cite panel: its citation, and the choice remembered. */
    async #onStyleChange(ev: Event): Promise<void> {
      const select = ev.target as HTMLSelectElement;
      const li = select.closest?.("li.ps-entry") as HTMLElement | null;
      const lib = this.#library;
      if (!select.classList?.contains("ps-cite-style") || !li || !lib) return;
      try {
        localStorage.setItem("papershelf-cite-style", select.value);
      } catch { /* storage blocked: not remembered */ }
      const html = await lib.cite(this.#indexOfKey(li.dataset.key ?? ""), select.value, "html");
      const out = select.closest(".ps-panel")?.querySelector(".ps-citation");
      if (out) out.innerHTML = html;  // (the core's escaped citation HTML)
    }

    /** The toolbar's download menu says how many records it downloads. */
    #labelDownloads(shown: number): void {
      const summary = this.#els.download.querySelector("summary")!;
      summary.textContent = this.labels.downloadShown(shown);
      this.#els.download.hidden = shown === 0 || !this.#formatsOffered;
      for (const b of this.#els.download.querySelectorAll<HTMLButtonElement>("button[data-format]"))
        b.setAttribute("aria-label", this.labels.downloadAs(shown, b.textContent ?? ""));
    }

    /** The export formats, from the core, the first time the download menu opens. */
    async #fillDownloads(): Promise<void> {
      const box = this.#els.download.querySelector(".ps-download-formats")!;
      const lib = this.#library;
      if (!this.#els.download.open || box.childElementCount || !lib) return;
      try {
        const formats = await lib.formats();
        box.innerHTML = formats.exports.map((f) => `<button type="button" class="ps-action" data-format="${escapeText(f.name)}">${escapeText(f.label)}</button>`).join("");
        this.#labelDownloads(this.#view?.entries.length ?? 0);
      } catch (err) {
        this.#withoutFormats((err as Error).message);
      }
    }

    async #onDownloadClick(ev: Event): Promise<void> {
      const button = (ev.target as Element).closest?.("button[data-format]") as HTMLElement | null;
      const lib = this.#library;
      if (!button || !lib || !this.#view) return;
      await this.#save(lib, button.dataset.format ?? "bibtex", this.#view.entries, this.id || "publications");
    }

    /** Saves records as a file (the BibTeX a visitor should get). */
    async #save(lib: Shelf, format: string, indices: readonly number[], name: string): Promise<void> {
      try {
        const [text, formats] = await Promise.all([lib.export(format, { indices, forVisitors: true, omitFields: this.#omitFields() }), lib.formats()]);
        const info = formats.exports.find((f) => f.name === format);
        const url = URL.createObjectURL(new Blob([text], { type: `${info?.mediaType ?? "text/plain"};charset=utf-8` }));
        const a = document.createElement("a");
        a.href = url;
        a.download = `${name.replace(/[^\w.-]+/g, "-")}.${info?.extension ?? "txt"}`;
        a.hidden = true;
        this.#els.download.append(a);  // (inside the element: the host page's document is not touched)
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch (err) {
        console.error(`papershelf: the download could not be made (${(err as Error).message})`);
      }
    }

    /**
     * The full core cannot be loaded here (its files are missing, or the page's policy blocks
     * them): the visitor is offered no BibTeX, Cite or download (rather than a panel that opens
     * to nothing), and the owner reads why in the console.
     */
    #withoutFormats(reason: string): void {
      if (!this.#formatsOffered) return;
      this.#formatsOffered = false;
      console.warn(`papershelf: citations and downloads need papershelf-core-fast.mjs and .wasm beside the script (${reason}); BibTeX and Cite are not offered`);
      this.#els.download.open = false;
      this.#els.download.hidden = true;
      this.#refresh();
    }

    /**
     * A panel or "+N more" opened. The core's <details> work without JavaScript; here the BibTeX
     * and Cite panels are filled when first opened (with a Copy button), and "+N more" shows the
     * whole author list in order, with focus on it.
     */
    async #onToggle(ev: Event): Promise<void> {
      const details = ev.target as HTMLDetailsElement;
      const li = details.closest?.("li.ps-entry") as HTMLElement | null;
      const lib = this.#library;
      if (!details.open || !li || !lib) return;
      const index = this.#indexOfKey(li.dataset.key ?? "");
      if (index < 0) return;
      if (details.classList.contains("ps-more-authors")) {
        const [html] = await lib.html([index], { ...this.#formatOptions(), maxAuthors: 0 });
        const tmp = document.createElement("template");
        tmp.innerHTML = html;
        const authors = tmp.content.querySelector<HTMLElement>(".ps-authors");
        if (!authors) return;
        authors.tabIndex = -1;
        li.querySelector(".ps-authors")?.replaceWith(authors);
        authors.focus();
        return;
      }
      const panel = details.dataset.panel;
      if (!panel || details.querySelector(".ps-panel")) return;
      const div = document.createElement("div");
      div.className = "ps-panel";
      const L = this.labels;
      try {
        if (panel === "bibtex") {
          const text = await lib.export("bibtex", { indices: [index], forVisitors: true, omitFields: this.#omitFields() });
          div.innerHTML = `<pre>${escapeText(text)}</pre><button type="button" class="ps-action ps-copy">${escapeText(L.copy)}</button>`;
        } else {
          // Cite: the styles and the files, from the core; the last style chosen is kept.
          const formats = await lib.formats();
          const remembered = this.#citeStyle();
          const style = formats.styles.some((f) => f.name === remembered) ? remembered : formats.styles[0]?.name ?? "";
          const html = await lib.cite(index, style, "html");
          const options = formats.styles.map((f) => `<option value="${escapeText(f.name)}"${f.name === style ? " selected" : ""}>${escapeText(f.label)}</option>`).join("");
          const files = formats.exports.map((f) => `<button type="button" class="ps-action ps-export" data-format="${escapeText(f.name)}">${escapeText(f.label)}</button>`).join("");
          div.classList.add("ps-cite-panel");
          div.innerHTML = `<p class="ps-citation" dir="auto" aria-live="polite">${html}</p><div class="ps-cite-tools"><label class="ps-cite-label">${escapeText(L.citationStyle)} <select class="ps-cite-style">${options}</select></label><button type="button" class="ps-action ps-copy">${escapeText(L.copy)}</button><span class="ps-cite-files" role="group" aria-labelledby="ps-dl-${index}"><span class="ps-cite-label" id="ps-dl-${index}">${escapeText(L.download)}</span>${files}</span></div>`;
        }
      } catch (err) {
        details.open = false;
        this.#withoutFormats((err as Error).message);
        return;
      }
      if (details.querySelector(".ps-panel")) return;  // another toggle filled it meanwhile
      details.append(div);
    }
  }

  customElements.define("paper-shelf", PaperShelfElement);
  return PaperShelfElement;
}
