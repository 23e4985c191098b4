// Large files are read in a Web Worker, so a 50 MB bibliography never freezes the page: the worker
// holds the core and the Library, and the element talks to it through RemoteLibrary, which has
// the Library's methods but answers with promises. The same script serves as the worker (the
// script tag starts itself as one), so no second file has to be deployed or allowed by a CSP.
import type { CitationLocale, Diagnostic, EditedFilter, Entry, ExportOptions, FilterEdit, FormatOptions, Formats, Library, Papershelf, ParseOptions, Profile, ProfileCardOptions, QueryOptions, View } from "./core.js";

/** What the element asks of its data, by name: the signatures are Library's own (core.ts). */
type Asked = "size" | "diagnostics" | "profile" | "hasCard" | "entries" | "html" | "metadata" | "formats" | "cite" | "export" | "profileHtml" | "editFilter" | "setWords" | "dispose";
/** A Library method answered at once or with a promise of the same answer. */
type AtOnceOrLater<F> = F extends (...args: infer A) => infer R ? (...args: A) => R | Promise<Awaited<R>> : F;

/**
 * A Library wherever it lives, as the element asks of its data: a Library on this thread answers
 * at once, a RemoteLibrary (worker) with promises, so every caller awaits. Made from Library's
 * signatures, so a method is written once; `query` takes `firstRows` besides, the markup the
 * caller will ask for next (a worker sends it with the view; a Library on this thread ignores it).
 */
export type AnyLibrary = { readonly [K in Asked]: AtOnceOrLater<Library[K]> } & {
  query(options?: QueryOptions, firstRows?: FirstRows): View | Promise<View>;
};

type Method = "parse" | "query" | "entries" | "html" | "metadata" | "formats" | "cite" | "export" | "profileHtml" | "editFilter" | "setWords";
/** The first `count` displayed entries' markup, formatted with `options`, and with `rows` their
 *  view-model objects (Library.entries) formatted with those options (the canvas draws them). */
export interface FirstRows { count: number; options: FormatOptions; rows?: FormatOptions }
interface Request { id: number; method: Method; args: unknown[] }
type Reply = { id: number; result: unknown } | { id: number; error: string };
// The keys travel as one JSON text, parsed on first use: cloning 100,000 separate strings would
// cost the page's thread a long task right when the list is about to appear.
interface Opened { size: number; diagnostics: Diagnostic[]; profile: Profile; hasCard: boolean; keys: string }
/** A View as it crosses threads: record indices as one transferred buffer, keys left out, and
 *  the first rows' markup and view-model objects when asked for. */
type WireView = Omit<View, "entries" | "keys"> & { entries: Uint32Array; html?: string[]; rows?: Entry[] };

/** The worker's global scope, as far as this file uses it (the project compiles against the DOM lib). */
export interface WorkerScope {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Reply, transfer?: Transferable[]): void;
}

/** What came with the last view for the call that will follow it, keyed by that call's arguments. */
interface Prefetched<T> { key: string; value: T }
/** The prefetched answer when `args` are the ones it was made for. */
function answerFrom<T>(prefetched: Prefetched<T> | undefined, args: unknown[]): Promise<T> | undefined {
  return prefetched && prefetched.key === JSON.stringify(args) ? Promise.resolve(prefetched.value) : undefined;
}

/** A Library that lives in a Web Worker. */
export class RemoteLibrary implements AnyLibrary {
  #worker: Worker;
  #calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #nextId = 1;
  #started: Promise<unknown>;
  #keysJson = "[]";
  // Markup and rows that came with the last view: the element's next html() and entries() calls
  // are answered from them, saving a second round trip on every keystroke.
  #prefetched?: Prefetched<string[]>;
  #prefetchedRows?: Prefetched<Entry[]>;
  #keys?: string[];
  size = 0;
  diagnostics: Diagnostic[] = [];
  profile!: Profile;
  hasCard = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // The worker says "ready" (id 0) once it runs: only then are the bytes handed over, because
    // a transfer to a worker the browser refused (CSP, a bad URL) would lose them.
    this.#started = new Promise((resolve, reject) => this.#calls.set(0, { resolve, reject }));
    // A worker the browser refuses fails while the file is still downloading, before read()
    // awaits this: handled here, it is not also reported as an unhandled rejection.
    this.#started.catch(() => {});
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const call = this.#calls.get(event.data.id);
      if (!call) return;
      this.#calls.delete(event.data.id);
      if ("error" in event.data) call.reject(new Error(event.data.error));
      else call.resolve(event.data.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.#failAll(new Error(event.message || "the worker failed"));
    };
  }

  /** Takes a just-started worker, which loads the core at once (while the file downloads). */
  static start(worker: Worker): RemoteLibrary {
    return new RemoteLibrary(worker);
  }

  /** Hands the bytes over (transferred, not copied) and waits for the parse; disposes on failure. */
  async read(bytes: Uint8Array, options: ParseOptions): Promise<RemoteLibrary> {
    try {
      await this.#started;
      const opened = (await this.#call("parse", [bytes, options], [bytes.buffer])) as Opened;
      this.size = opened.size;
      this.diagnostics = opened.diagnostics;
      this.profile = opened.profile;
      this.hasCard = opened.hasCard;
      this.#keysJson = opened.keys;
      return this;
    } catch (err) {
      this.dispose();
      throw err;
    }
  }

  async query(options: QueryOptions = {}, firstRows?: FirstRows): Promise<View> {
    const { html, rows, ...wire } = (await this.#call("query", [options, firstRows])) as WireView;
    const entries = Array.from(wire.entries);
    const first = entries.slice(0, firstRows?.count ?? 0);
    this.#prefetched = html && firstRows ? { key: JSON.stringify([first, firstRows.options]), value: html } : undefined;
    this.#prefetchedRows = rows && firstRows ? { key: JSON.stringify([first, firstRows.rows]), value: rows } : undefined;
    let keys: string[] | undefined;
    const view = { ...wire, entries } as unknown as View;
    return Object.defineProperty(view, "keys", { get: () => (keys ??= ((all) => entries.map((i) => all[i]))(this.keys())), enumerable: true });
  }
  /** Every record's key, in record (file) order. */
  keys(): string[] {
    return (this.#keys ??= JSON.parse(this.#keysJson) as string[]);
  }
  entries(indices: readonly number[], options: FormatOptions = {}): Promise<Entry[]> {
    const prefetched = this.#prefetchedRows;
    this.#prefetchedRows = undefined;
    return answerFrom(prefetched, [indices, options]) ?? (this.#call("entries", [indices, options]) as Promise<Entry[]>);
  }
  html(indices: readonly number[], options: FormatOptions = {}): Promise<string[]> {
    const prefetched = this.#prefetched;
    this.#prefetched = undefined;
    return answerFrom(prefetched, [indices, options]) ?? (this.#call("html", [indices, options]) as Promise<string[]>);
  }
  metadata(indices: readonly number[]): Promise<{ coins: string[]; jsonLd: string }> {
    return this.#call("metadata", [indices]) as Promise<{ coins: string[]; jsonLd: string }>;
  }
  formats(styles = ""): Promise<Formats> {
    return this.#call("formats", [styles]) as Promise<Formats>;
  }
  cite(index: number, style = "", as: "text" | "html" = "text", locale?: CitationLocale): Promise<string> {
    return this.#call("cite", [index, style, as, locale]) as Promise<string>;
  }
  export(format: string, options: ExportOptions = {}): Promise<string> {
    return this.#call("export", [format, options]) as Promise<string>;
  }
  profileHtml(options: ProfileCardOptions = {}): Promise<string> {
    return this.#call("profileHtml", [options]) as Promise<string>;
  }
  editFilter(filter: string, edit: FilterEdit): Promise<EditedFilter> {
    return this.#call("editFilter", [filter, edit]) as Promise<EditedFilter>;
  }

  setWords(lang: string, file: string): Promise<string[]> {
    return this.#call("setWords", [lang, file]) as Promise<string[]>;
  }

  /** Ends the worker (and with it the library's memory). */
  dispose(): void {
    this.#worker.terminate();
    this.#failAll(new Error("papershelf: this Library was disposed"));
  }

  #call(method: Method, args: unknown[], transfer: Transferable[] = []): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#calls.set(id, { resolve, reject });
      this.#worker.postMessage({ id, method, args } satisfies Request, transfer);
    });
  }

  #failAll(error: Error): void {
    for (const call of this.#calls.values()) call.reject(error);
    this.#calls.clear();
  }
}

/** The worker side: one Library per worker, each request answered in order. */
export function serveLibrary(scope: WorkerScope, loader: () => Promise<Papershelf>): void {
  let library: Library | undefined;
  const answer = async ({ method, args }: Request): Promise<[unknown, Transferable[]]> => {
    if (method === "parse") {
      library?.dispose();
      library = (await loader()).parse(args[0] as Uint8Array, args[1] as ParseOptions);
      const opened: Opened = { size: library.size, diagnostics: library.diagnostics, profile: library.profile, hasCard: library.hasCard, keys: JSON.stringify(library.keys()) };
      return [opened, []];
    }
    if (!library) throw new Error("no library: parse first");
    if (method === "query") {
      // Built field by field: spreading the View would run its lazy `keys` getter.
      const { entries, groups, total, facets, controls, useful, marks, clauses, errors, applied, defaults } = library.query(args[0] as QueryOptions);
      const first = args[1] as FirstRows | undefined;
      const firstEntries = first ? entries.slice(0, first.count) : [];
      const wire: WireView = { entries: Uint32Array.from(entries), groups, total, facets, controls, useful, marks, clauses, errors, applied, defaults,
        html: first ? library.html(firstEntries, first.options) : undefined,
        rows: first?.rows ? library.entries(firstEntries, first.rows) : undefined };
      return [wire, [wire.entries.buffer]];
    }
    const fn = library[method] as (...a: unknown[]) => unknown;
    return [await fn.apply(library, args), []];
  };
  scope.postMessage({ id: 0, result: "ready" });
  void loader().catch(() => {});  // compile the core while the page is still downloading the file
  // One at a time, in arrival order: a query sent while the parse is still loading the core
  // waits for it.
  let queue = Promise.resolve();
  scope.onmessage = (event) => {
    const request = event.data;
    queue = queue.then(() => answer(request)).then(
      ([result, transfer]) => scope.postMessage({ id: request.id, result }, transfer),
      (err: unknown) => scope.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) }),
    );
  };
}
