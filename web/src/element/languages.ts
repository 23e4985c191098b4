// The languages papershelf ships: core/lang/<code>.json, one file per language, published beside
// the script as lang/<code>.json. A page fetches only the file its `lang` names. The file's
// phrases are keyed by their English text, as the core looks them up; the element's labels are
// the same phrases, so one file serves the core (the list, headings, menus, the card) and the
// element (the toolbar, counts, panels) alike.
import { PLURAL_RULES } from "../generated/boundary.js";
import type { AnyLibrary } from "../worker.js";
import { addShippedLanguage, baseLanguage, count, DEFAULT_LABELS, type Labels } from "./labels.js";

/** The codes of the files in core/lang (a test checks the two agree). */
export const SHIPPED_LANGUAGES = ["de", "es", "fr", "it", "ja", "ko", "pt", "zh"] as const;

type Phrase = string | { one?: string; other: string };
/** A language file as core/lang holds it. */
export interface LanguageFile {
  language?: string;
  plural?: keyof typeof PLURAL_RULES;
  numbers?: { group?: string; decimal?: string };
  words?: Record<string, Phrase>;
}

/** The shipped language `lang` ("de-CH" → "de") falls back to, if any. */
export function shippedLanguage(lang: string): string | undefined {
  const code = baseLanguage(lang);
  return (SHIPPED_LANGUAGES as readonly string[]).includes(code) ? code : undefined;
}

/**
 * The element's labels in a language file's words. A string label is the phrase of its English
 * text; a label with numbers fills the phrase's {slots}, choosing the singular by the file's
 * plural rule and grouping digits as the file says. What the file lacks stays English.
 */
export function labelsFromFile(file: LanguageFile): Partial<Labels> {
  const words = file.words ?? {};
  const group = file.numbers?.group ?? ",", decimal = file.numbers?.decimal ?? ".";
  const number = (n: number) => count(n).replace(/,/g, group);
  const megabytes = (bytes: number) => (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0).replace(".", decimal);
  const [oneFrom, oneTo] = PLURAL_RULES[file.plural ?? "one-is-one"] ?? PLURAL_RULES["one-is-one"];
  const singular = (n: number) => oneFrom <= n && n <= oneTo;
  const phrase = (english: string, n = 0): string | undefined => {
    const p = words[english];
    if (typeof p === "string") return p;
    if (p && typeof p.other === "string") return singular(n) && typeof p.one === "string" ? p.one : p.other;
    return undefined;
  };
  // A phrase with its slots filled; undefined (the English label then) when the file lacks it.
  const fill = (english: string, n: number, slots: Record<string, string>) =>
    phrase(english, n)?.replace(/\{(\w+)\}/g, (slot, name: string) => slots[name] ?? slot);
  const out: Record<string, unknown> = {};
  for (const [key, english] of Object.entries(DEFAULT_LABELS)) {
    if (typeof english === "string") {
      const text = phrase(english);
      if (text !== undefined) out[key] = text;
    } else if (typeof english === "object") {
      out[key] = Object.fromEntries(Object.entries(english).flatMap(([value, text]) => {
        const translated = phrase(text);
        return translated === undefined ? [] : [[value, translated]];
      }));
    }
  }
  const labels: { [K in keyof Labels]?: (...args: never[]) => string | undefined } = {
    removeFilter: (what: string) => fill("Remove filter: {what}", 0, { what }),
    filters: (active: number) => (active ? fill("Filters ({n})", active, { n: number(active) }) : phrase("Filters")),
    results: (shown: number, total: number) => shown === total
      ? fill("{n} publications", total, { n: number(total) })
      : fill("{shown} of {total} publications", total, { shown: number(shown), total: number(total) }),
    downloading: (received: number, total: number) => total
      ? fill("Loading publications… {received} of {total} MB", 0, { received: megabytes(received), total: megabytes(total) })
      : fill("Loading publications… {received} MB", 0, { received: megabytes(received) }),
    reading: (size: number) => fill("Reading {size} MB of publications…", 0, { size: megabytes(size) }),
    problems: (n: number) => fill("{n} problems in the data", n, { n: number(n) }),
    downloadShown: (shown: number) => fill("Download the {n} shown", shown, { n: number(shown) }),
    filterChip: (what: string, value: string) => fill("{what}: {value}", 0, { what, value }),
    groupHeading: (group: string, n: number) => {
      const counted = fill("{n} publications", n, { n: number(n) });
      return counted === undefined ? undefined : fill("{what}: {value}", 0, { what: group, value: counted });
    },
    downloadAs: (shown: number, format: string) => fill("Download the {n} shown as {format}", shown, { n: number(shown), format }),
    showMore: (n: number) => fill("+{n} more", n, { n: number(n) }),
  };
  // (checkedLabels falls back to English where one of these returns no text.)
  return { ...out, ...labels } as Partial<Labels>;
}

const loaded = new Map<string, Promise<{ code: string; text: string; file: LanguageFile } | undefined>>();

/**
 * The shipped language file for `lang`, fetched once per page from `locate("lang/<code>.json")`;
 * undefined for English and languages papershelf does not ship. A file that cannot be fetched
 * rejects (the list stays in English; the owner is told).
 */
export function fetchLanguage(lang: string, locate: (file: string) => string): Promise<{ code: string; text: string; file: LanguageFile } | undefined> {
  const code = shippedLanguage(lang);
  if (!code) return Promise.resolve(undefined);
  let file = loaded.get(code);
  if (!file) {
    file = (async () => {
      const url = locate(`lang/${code}.json`);
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`${url}: ${answer.status} ${answer.statusText}`);
      const text = await answer.text();
      return { code, text, file: JSON.parse(text) as LanguageFile };
    })();
    file.catch(() => loaded.delete(code));  // (tried again by the next element or language change)
    loaded.set(code, file);
  }
  return file;
}

const citationLocales = new Map<string, Promise<string>>();

/**
 * The CSL locale citations are written in for a shipped language (the package's
 * lang/<code>.csl.xml), fetched once per page when a visitor first cites; rejects when it cannot
 * be fetched (the citation is then English).
 */
export function fetchCitationLocale(code: string, locate: (file: string) => string): Promise<string> {
  let xml = citationLocales.get(code);
  if (!xml) {
    xml = (async () => {
      const url = locate(`lang/${code}.csl.xml`);
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`${url}: ${answer.status} ${answer.statusText}`);
      return answer.text();
    })();
    xml.catch(() => citationLocales.delete(code));
    citationLocales.set(code, xml);
  }
  return xml;
}

/**
 * The element's language, for its labels and its library's words: the shipped file for its `lang`
 * (fetched once per page, beside the script) gives the element its labels and the core its words.
 * English needs no file; a language papershelf does not ship stays English unless the page
 * registered it (addLanguage).
 */
export class Speaker {
  /** The language file in effect (undefined: English). */
  language?: { code: string; text: string };
  /** The language the core's words are in, per library (a new library starts in English). */
  #spoken = new WeakMap<AnyLibrary, string>();
  #unspoken = new Set<string>();

  constructor(
    readonly lang: () => string,
    readonly locate: ((file: string) => string) | undefined,
    readonly problem: (message: string) => void,
  ) {}

  /** The language the list speaks, for the stylesheet (its menus are wider than English ones);
   *  undefined for English. */
  get words(): string | undefined {
    const code = baseLanguage(this.lang());
    return code && code !== "en" ? code : undefined;
  }

  /** The CSL locale citations are written in (undefined: English); a locale that cannot be
   *  fetched is said to the owner, and the citation is English. */
  async citationLocale(): Promise<{ lang: string; xml: string } | undefined> {
    const code = this.language?.code;
    if (!code || !this.locate) return undefined;
    try {
      return { lang: code, xml: await fetchCitationLocale(code, this.locate) };
    } catch (err) {
      this.problem(`the citation locale for lang="${code}" could not be loaded (${(err as Error).message}); citations are in English`);
      return undefined;
    }
  }

  /** The language `library`'s words are in. */
  spoken(library: AnyLibrary): string { return this.#spoken.get(library) ?? "en"; }

  /** Fetches the element's language (once per page), then gives `library`, if any, its words. */
  async speak(library: AnyLibrary | undefined): Promise<void> {
    if (!this.locate) return;
    const lang = this.lang();
    let language;
    try {
      language = await fetchLanguage(lang, this.locate);
    } catch (err) {
      if (!this.#unspoken.has(lang)) {
        this.#unspoken.add(lang);
        this.problem(`the words for lang="${lang.slice(0, 20)}" could not be loaded (${(err as Error).message}); the list's own words are in English`);
      }
    }
    if (language) addShippedLanguage(language.code, labelsFromFile(language.file));
    this.language = language ? { code: language.code, text: language.text } : undefined;
    const code = language?.code ?? "en";
    if (!library || this.spoken(library) === code) return;
    const problems = await library.setWords(code, language?.text ?? "{}");
    this.#spoken.set(library, code);
    for (const message of problems) this.problem(`lang/${code}.json: ${message}`);
  }
}
