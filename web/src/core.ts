// The papershelf JavaScript API: a thin TypeScript layer over the WebAssembly core's flat C ABI
// (binding/papershelf_wasm.cpp). All data work happens in the core; this file moves bytes and
// JSON across the boundary and manages lifetimes.

export * from "./schema.js";
import type { Diagnostic, EditedFilter, Entry, ExportOptions, FilterEdit, LegendEntry, FormatOptions, Formats, ParseOptions, Profile, ProfileCardOptions, QueryOptions, Stats, StatsOptions, View } from "./schema.js";

/** The raw Emscripten module (internal). */
export interface CoreModule {
  HEAPU8: Uint8Array;
  UTF8ToString(ptr: number, maxBytes?: number): string;
  _malloc(n: number): number;
  _free(p: number): void;
  _ps_result_length(): number;
  _ps_read(bytes: number, length: number, format: number, source: number): number;  // format: a NUL-terminated name
  _ps_library_free(h: number): void;
  _ps_library_keys(h: number): number;
  _ps_view_entries(h: number): number;
  _ps_view_size(h: number): number;
  _ps_library_size(h: number): number;
  _ps_library_diagnostics(h: number): number;
  _ps_library_profile(h: number): number;
  _ps_query(h: number, request: number): number;
  _ps_entries(h: number, request: number): number;
  _ps_entries_html(h: number, request: number): number;
  _ps_metadata(h: number, request: number): number;
  _ps_filter_edit(request: number): number;
  _ps_readable(r1: number, g1: number, b1: number, r2: number, g2: number, b2: number): number;
  _ps_legend(text: number): number;
  // Citations and exports: only in the full core (papershelf-core-fast), see Papershelf.formats.
  _ps_formats?(request: number): number;
  _ps_cite?(h: number, request: number): number;
  _ps_export?(h: number, request: number): number;
  // The profile card and its statistics: the list core (papershelf-core) answers them with
  // nothing, see Papershelf.hasCard.
  _ps_has_card(): number;
  _ps_stats(h: number, request: number): number;
  _ps_profile_html(h: number, request: number): number;
  _ps_set_words(h: number, request: number): number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Frees libraries the program forgot to dispose. */
const registry =
  typeof FinalizationRegistry !== "undefined"
    ? new FinalizationRegistry<{ shelf: Papershelf; handle: number }>(({ shelf, handle }) => {
        if (!shelf.failed) shelf.core._ps_library_free(handle);
      })
    : undefined;

/** The loaded core. Create it with `load()`. */
export class Papershelf {
  /** True once the WebAssembly module aborted (out of memory, a bug): every later call would
   *  fail too, so the loader makes a new one and libraries must be read again. */
  failed = false;
  #formats?: () => Promise<Papershelf>;
  #formatsReachable?: () => Promise<boolean>;

  /**
   * @internal `formats` loads the full core, for a core built without citations and exports
   * (the page's papershelf-core): a Library read here reads its data there on first use.
   * `formatsReachable` says, without downloading it, whether the full core can be loaded.
   */
  constructor(readonly core: CoreModule, formats?: () => Promise<Papershelf>, formatsReachable?: () => Promise<boolean>) {
    this.#formats = formats;
    this.#formatsReachable = formatsReachable;
  }

  /** True when this core makes the profile card and statistics: the card core and the full one
   *  do, the list core a page without a card loads does not. */
  get hasCard(): boolean {
    return this.core._ps_has_card() === 1;
  }

  /** True when this core formats citations and exports itself. */
  get hasFormats(): boolean {
    return typeof this.core._ps_cite === "function";
  }

  /** Whether citations and exports can be made: by this core, or by the full core, whose files
   *  are then checked to be reachable (without downloading its .wasm). */
  canFormat(): Promise<boolean> {
    if (this.hasFormats) return Promise.resolve(true);
    if (!this.#formats) return Promise.resolve(false);
    return this.#formatsReachable?.() ?? Promise.resolve(true);
  }

  /** @internal The core that formats citations and exports: this one, or the full one. */
  formatsCore(): Promise<Papershelf> {
    if (this.hasFormats) return Promise.resolve(this);
    if (!this.#formats) return Promise.reject(new Error("papershelf: this core has no citations or exports, and no full core to load"));
    return this.#formats();
  }

  /** @internal Runs a call into the module; an abort marks this core failed. */
  guard<T>(fn: () => T): T {
    if (this.failed) throw new Error("papershelf: the core failed earlier; read the data again");
    try {
      return fn();
    } catch (err) {
      if (err instanceof WebAssembly.RuntimeError) {
        this.failed = true;
        throw new Error(`papershelf: the core failed (${err.message})`);
      }
      throw err;
    }
  }

  /** True when `text` reads on `background` (the WCAG 2 contrast ratio of AA body text, 4.5:1);
   *  colours are sRGB [r, g, b], 0-255. */
  readable(text: readonly number[], background: readonly number[]): boolean {
    return this.guard(() => this.core._ps_readable(text[0], text[1], text[2], background[0], background[1], background[2]) === 1);
  }

  /** The marks' meanings an element's `legend` attribute gives ("*=equal contribution; \u2020=corresponding
   *  author"), read as `papershelf prerender` reads it. */
  legend(text: string): LegendEntry[] {
    return this.guard(() => JSON.parse(this.withString(text, (p) => this.result(this.core._ps_legend(p))))) as LegendEntry[];
  }

  /** Parses publication data (text or UTF-8 bytes) into a Library. Never throws on bad data. */
  parse(input: string | Uint8Array | ArrayBuffer, options: ParseOptions = {}): Library {
    const bytes =
      typeof input === "string" ? encoder.encode(input) : input instanceof Uint8Array ? input : new Uint8Array(input);
    const core = this.core;
    const handle = this.guard(() => {
      const ptr = core._malloc(bytes.length + 1);
      core.HEAPU8.set(bytes, ptr);
      core.HEAPU8[ptr + bytes.length] = 0;
      // The format goes by name: the core's table reads it (an unknown one is "auto").
      const h = this.withString(options.source ?? "-", (s) =>
        this.withString(options.format ?? "auto", (f) => core._ps_read(ptr, bytes.length, f, s)),
      );
      core._free(ptr);
      return h;
    });
    // A core without citations keeps the input, for the full core to read on first use.
    return this.guard(() => new Library(this, handle, this.hasFormats ? undefined : { bytes: bytes.slice(), options }));
  }

  /** @internal Passes `text` as a NUL-terminated UTF-8 string for the duration of `fn`. */
  withString<T>(text: string, fn: (ptr: number) => T): T {
    return this.guard(() => {
      const bytes = encoder.encode(text);
      const ptr = this.core._malloc(bytes.length + 1);
      this.core.HEAPU8.set(bytes, ptr);
      this.core.HEAPU8[ptr + bytes.length] = 0;
      try {
        return fn(ptr);
      } finally {
        if (!this.failed) this.core._free(ptr);
      }
    });
  }

  /** @internal Reads the shared result buffer. */
  result(ptr: number): string {
    const length = this.core._ps_result_length();
    return decoder.decode(this.core.HEAPU8.subarray(ptr, ptr + length));
  }
}

/** Parsed records and their diagnostics, held in WebAssembly memory. */
export class Library {
  #shelf: Papershelf;
  #handle: number;
  readonly size: number;
  readonly diagnostics: Diagnostic[];
  readonly profile: Profile;
  #keys?: string[];
  #source?: { bytes: Uint8Array; options: ParseOptions };
  #formatter?: Promise<Library>;
  #lastView: readonly number[] = [];

  /** @internal */
  constructor(shelf: Papershelf, handle: number, source?: { bytes: Uint8Array; options: ParseOptions }) {
    this.#shelf = shelf;
    this.#handle = handle;
    this.#source = source;
    const core = shelf.core;
    this.size = core._ps_library_size(handle);
    this.diagnostics = JSON.parse(shelf.result(core._ps_library_diagnostics(handle))) as Diagnostic[];
    this.profile = JSON.parse(shelf.result(core._ps_library_profile(handle))) as Profile;
    registry?.register(this, { shelf, handle }, this);
  }

  /** Filters, searches, sorts and groups the records. */
  query(options: QueryOptions = {}): View {
    const view = this.#call("_ps_query", options) as View;
    // The record indices come as binary data from WebAssembly memory (valid until the next
    // query), and the keys from a table read once per library: no per-query JSON for them.
    const core = this.#shelf.core;
    const ptr = core._ps_view_entries(this.#handle);
    const entries = Array.from(new Uint32Array(core.HEAPU8.buffer, ptr, core._ps_view_size(this.#handle)));
    const all = this.keys();
    let keys: string[] | undefined;
    view.entries = entries;
    this.#lastView = entries;
    return Object.defineProperty(view, "keys", { get: () => (keys ??= entries.map((i) => all[i])), enumerable: true });
  }

  /** Every record's key, in record (file) order; read from the core once. */
  keys(): string[] {
    const shelf = this.#alive();
    return (this.#keys ??= JSON.parse(shelf.guard(() => shelf.result(shelf.core._ps_library_keys(this.#handle)))) as string[]);
  }

  /** View-model objects for the given record indices. */
  entries(indices: readonly number[], options: FormatOptions = {}): Entry[] {
    return this.#call("_ps_entries", { ...options, indices }) as Entry[];
  }

  /** Safe HTML (`<li class="ps-entry">`) for the given record indices. */
  html(indices: readonly number[], options: FormatOptions = {}): string[] {
    return this.#call("_ps_entries_html", { ...options, indices }) as string[];
  }

  /** `filter` with one edit applied, in canonical form, and its clauses. Front ends edit filters
   *  only through this, so the filter language is read in one place. */
  editFilter(filter: string, edit: FilterEdit): EditedFilter {
    const shelf = this.#alive();
    const json = JSON.stringify({ filter, ...edit });
    return JSON.parse(shelf.withString(json, (p) => shelf.result(shelf.core._ps_filter_edit(p)))) as EditedFilter;
  }

  /** Machine-readable metadata for records: a COinS span each (reference managers' browser
   *  connectors save the paper from it) and schema.org JSON-LD for them all (search engines). */
  metadata(indices: readonly number[]): { coins: string[]; jsonLd: string } {
    return this.#call("_ps_metadata", { indices }) as { coins: string[]; jsonLd: string };
  }

  /** The citation styles and export formats the core offers; `styles` is the owner's choice of
   *  styles and their order ("apa mla"; the element's `cite-styles`), names that are none in
   *  `unknown`. */
  async formats(styles = ""): Promise<Formats> {
    const lib = await this.#formatting();
    const shelf = lib.#alive();
    return JSON.parse(shelf.guard(() => shelf.withString(JSON.stringify({ styles }), (p) => shelf.result(shelf.core._ps_formats!(p))))) as Formats;
  }

  /** One record's citation in a style (`formats().styles`; with none named, or a name that is
   *  none, the core's default: APA, the first it offers), as text or safe HTML;
   *  `locale` writes it in another language: its code and the package's lang/<code>.csl.xml. */
  async cite(index: number, style = "", as: "text" | "html" = "text", locale?: CitationLocale): Promise<string> {
    const lib = await this.#formatting();
    return lib.#text("_ps_cite", { index, style, html: as === "html", lang: locale?.lang ?? "", locale: locale?.xml ?? "" });
  }

  /** Records as a file in an export format (`formats().exports`: bibtex, ris, csl-json). */
  async export(format: string, options: ExportOptions = {}): Promise<string> {
    const indices = options.indices ?? this.#lastView;
    const lib = await this.#formatting();
    return lib.#text("_ps_export", { format, indices, visitors: options.forVisitors ?? false, omit: options.omitFields ?? [] });
  }

  /** BibTeX for one record: the owner's whole record, or (`forVisitors`) what a visitor copies. */
  bibtex(index: number, omitFields: readonly string[] = [], forVisitors = false): Promise<string> {
    return this.export("bibtex", { indices: [index], omitFields, forVisitors });
  }

  /** A plain-text citation for one record (the core's default style: APA). */
  citation(index: number, style = ""): Promise<string> {
    return this.cite(index, style, "text");
  }

  /** This library where citations and exports are made: itself, or the same data read once by
   *  the full core. */
  #formatting(): Promise<Library> {
    const shelf = this.#alive();
    if (shelf.hasFormats) return Promise.resolve(this);
    const source = this.#source!;
    return (this.#formatter ??= shelf.formatsCore().then((full) => full.parse(source.bytes, source.options)));
  }

  #text(fn: "_ps_cite" | "_ps_export", request: object): string {
    const shelf = this.#alive();
    return shelf.withString(JSON.stringify(request), (p) => shelf.result(shelf.core[fn]!(this.#handle, p)));
  }

  /** True when this library's core makes the profile card and statistics (Papershelf.hasCard). */
  get hasCard(): boolean {
    return this.#shelf.hasCard;
  }

  /** The owner's statistics (owner: ";"-separated names; defaults to the data's profile). */
  stats(owner?: string, options: StatsOptions = {}): Stats {
    this.#card();
    return this.#call("_ps_stats", { ...options, owner }) as Stats;
  }

  /** The profile card as safe HTML; its statistics are buttons/links with `data-filter` clauses. */
  profileHtml(options: ProfileCardOptions = {}): string {
    const shelf = this.#card();
    return shelf.withString(JSON.stringify(options), (p) => shelf.result(shelf.core._ps_profile_html(this.#handle, p)));
  }

  #card(): Papershelf {
    const shelf = this.#alive();
    if (!shelf.hasCard) throw new Error("papershelf: this core (the list core) has no profile card; load() gives one that has");
    return shelf;
  }

  /** The list's language: `file` is a language file's text (the package's lang/<code>.json).
   *  Group headings, the type and status names and the HTML after this are in it; what could
   *  not be read is returned. */
  setWords(lang: string, file: string): string[] {
    return this.#call("_ps_set_words", { lang, file }) as string[];
  }

  /** Frees the WebAssembly memory now (otherwise the garbage collector does it). */
  dispose(): void {
    if (!this.#handle) return;
    registry?.unregister(this);
    if (!this.#shelf.failed) this.#shelf.core._ps_library_free(this.#handle);
    this.#handle = 0;
    void this.#formatter?.then((lib) => lib.dispose(), () => {});
  }

  #alive(): Papershelf {
    if (!this.#handle) throw new Error("papershelf: this Library was disposed");
    return this.#shelf;
  }

  #call(fn: "_ps_query" | "_ps_entries" | "_ps_entries_html" | "_ps_metadata" | "_ps_stats" | "_ps_set_words", request: object): unknown {
    const shelf = this.#alive();
    const json = JSON.stringify(request);
    return JSON.parse(shelf.withString(json, (p) => shelf.result(shelf.core[fn](this.#handle, p))));
  }
}

/** A language's CSL locale for citations: its code ("de") and its locale file's text. */
export interface CitationLocale { lang: string; xml: string }

export type CoreFactory = (options: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (f: string) => string;
  /** Instantiates the module itself (from one compiled ahead); returns {} and calls `receive`. */
  instantiateWasm?: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
}) => Promise<CoreModule>;

/** The cores an element chooses from before its first entry: the list core, and for an element
 *  that shows a profile card the card core (the list core and the card). */
export interface PageCores { list: () => Promise<Papershelf>; card: () => Promise<Papershelf> }

/** @internal Instantiates the core once per loader. */
export function makeLoader(create: () => Promise<CoreModule>, formats?: () => Promise<Papershelf>,
  formatsReachable?: () => Promise<boolean>): () => Promise<Papershelf> {
  let loading: Promise<Papershelf> | undefined;
  let current: Papershelf | undefined;
  let reachable: Promise<boolean> | undefined;  // asked once, for every core this loader makes
  const reachableOnce = formatsReachable && (() => (reachable ??= formatsReachable()));
  return () => {
    if (current?.failed) loading = current = undefined;  // an aborted module is replaced
    return (loading ??= create().then((core) => (current = new Papershelf(core, formats, reachableOnce))));
  };
}

/**
 * @internal Whether the full core (papershelf-core-fast) can be loaded, without downloading its .wasm: its
 * Emscripten module loads (it exists, and the page's policy lets it run) and its .wasm answers
 * a HEAD request (it exists and the policy lets the page fetch it).
 */
export async function fullCoreReachable(module: () => Promise<unknown>, wasmUrl: string): Promise<boolean> {
  try {
    await module();
    const answer = await fetch(wasmUrl, { method: "HEAD" });
    // (Read to its empty end: a HEAD left unread is cancelled, and the browser logs that.)
    await answer.arrayBuffer();
    return answer.ok;
  } catch {
    return false;
  }
}
