// The words of the list: English built in, languages registered with addLanguage, one element's
// overrides. Every label set is checked once, where it comes in; the canvas gets the same words.
import type { Diagnostic } from "../core.js";

/** A count as English writes it ("12,345"): its digits in threes. (Not Intl.NumberFormat: its
 *  first use loads the browser's locale data, 7-9 ms of the page's thread before the first entry,
 *  for what a counted number needs of it.) */
export function count(n: number): string { return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
}

/**
 * UI labels. English is built in; other languages are registered with
 * `customElements.get("paper-shelf").addLanguage("de", {...})` and chosen by the element's `lang`
 * (or the nearest `lang` above it); one element's `labels` property overrides single strings.
 * Anything a language leaves out falls back to English.
 */
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
  /** A group's heading as a screen reader says it ("2024: 331 publications"; seen as "2024 331"). */
  groupHeading: (group: string, n: number) => `${group}: ${count(n)} publication${n === 1 ? "" : "s"}`,
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
  downloadShown: (shown: number) => (shown === 1 ? "Download the one shown" : `Download the ${count(shown)} shown`),
  downloadAs: (shown: number, format: string) => (shown === 1 ? `Download the one shown as ${format}` : `Download the ${count(shown)} shown as ${format}`),
  /** An active filter's chip: what it filters by, and the value. */
  filterChip: (what: string, value: string) => `${what}: ${value}`,
  /** The Cite panel's style names that are words (the others are names: APA, IEEE...). */
  citationStyles: { compact: "Short" } as Record<string, string>,
  /** What a screen reader hears for the canvas renderer's table. */
  canvasTable: "Publications table (drawn on a canvas; the same list follows as text for screen readers)",
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
/** The languages papershelf ships, as fetched (languages.ts); addLanguage's labels go over them. */
const SHIPPED = new Map<string, Partial<Labels>>();
/** What was wrong with registered labels; every element lists it in `diagnostics`. */
export const LABEL_PROBLEMS: Diagnostic[] = [];

/**
 * The usable part of a label set: known keys whose value has the English label's kind (a string,
 * or a function that returns one). Anything else, a throwing getter included, is left out and
 * reported; a function label that throws or returns a non-string falls back to English.
 */
export function checkedLabels(labels: unknown, where: string): Partial<Labels> {
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
    LABEL_PROBLEMS.push({ source: "labels", line: 0, column: 0, severity: "warning", kind: "page", message, text: `labels: warning: ${message}` });
  }
  return out as Partial<Labels>;
}

/** A shipped language's labels, once its file has come (languages.ts). */
export function addShippedLanguage(code: string, labels: Partial<Labels>): void {
  SHIPPED.set(code, checkedLabels(labels, `lang/${code}.json`));
  merged.clear();
}

/** The language a `lang` is in, without its region or script: "de-CH" → "de", "zh_Hant" → "zh". */
export function baseLanguage(lang: string): string {
  return lang.toLowerCase().split(/[-_]/)[0];
}

/** Registers a language's labels (`lang="de"` or `"de-CH"` then use them). */
export function addLanguage(lang: string, labels: Partial<Labels>): void {
  LANGUAGES.set(String(lang).toLowerCase(), checkedLabels(labels, `addLanguage("${String(lang).slice(0, 20)}")`));
  merged.clear();
}

/** labelsFor's answers by `lang` and by the overrides object (each element's): a render asks for
 *  the labels several times a keystroke, and the merge cost more than the rest of its
 *  bookkeeping. (Emptied when a language is added; the labels are never changed in place.) */
const merged = new Map<string, WeakMap<Partial<Labels>, Labels>>();

/** The labels in effect for a language (`lang` as written on the page): English, then the
 *  language as papershelf ships it, then as addLanguage registered it, then its region's, then
 *  `overrides`. A set may name some of a menu's values: the others keep the labels before it. */
export function labelsFor(lang: string, overrides: Partial<Labels>): Labels {
  const known = merged.get(lang)?.get(overrides);
  if (known) return known;
  const code = lang.toLowerCase(), base = baseLanguage(lang);
  const sets = [DEFAULT_LABELS, SHIPPED.get(base) ?? {}, LANGUAGES.get(base) ?? {}, LANGUAGES.get(code) ?? {}, overrides];
  const menu = (key: "sortNames" | "groupNames" | "citationStyles") => Object.assign({}, ...sets.map((set) => set[key] ?? {})) as Record<string, string>;
  const labels = { ...Object.assign({}, ...sets) as Labels, sortNames: menu("sortNames"), groupNames: menu("groupNames"), citationStyles: menu("citationStyles") };
  if (!merged.has(lang)) merged.set(lang, new WeakMap());
  merged.get(lang)!.set(overrides, labels);
  return labels;
}

/** The canvas widget's words from the same labels: one table for both renderers. Counts go as
 *  templates, "{shown}" and "{total}" for the numbers. */
export function canvasWords(L: Labels): Record<string, string> {
  // (Numbers no label text contains, found whatever the language groups their digits with.)
  const [a, b] = [987654321, 123456789];
  const digits = (n: number) => new RegExp(String(n).replace(/(\d{3})(?=\d)/g, "$1\\D{0,3}"));
  const template = (text: string) => text.replace(digits(a), "{total}").replace(digits(b), "{shown}");
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
