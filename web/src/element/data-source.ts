// Getting the data into a core: a download that shows its progress once it turns out to be
// large, and a large input read in a Web Worker (where one may start), a small one on the page's
// thread, which paints sooner and answers each keystroke without a round trip.
import type { Papershelf } from "../core.js";
import type { Prefetched } from "../prefetch.js";
import { RemoteLibrary, type AnyLibrary } from "../worker.js";
import type { Labels } from "./labels.js";
import { dataSource } from "./options.js";

// Inputs at least this large are read in a Web Worker when the embed can start one. Below it
// (about 850 entries; the real files we know are under 200 KB but one) the page's own thread
// paints sooner, and each keystroke's query and markup cost no round trip to a worker. At 1 MB a
// hostile file took the page's thread 0.3-1.1 s to read (bench/web/longtasks.mjs --hostile).
const WORKER_THRESHOLD = 512 * 1024;

/** The element's data found, and where it came from ("data", "inline" or its src). */
export interface Found { input: string | Uint8Array; source: string; owned: boolean }

/** The loading bar: `done` of `total` bytes, -1 for "busy" (no measure), null to hide it; `text`
 *  goes to the live status line. */
export type Progress = (done: number | null, total?: number, text?: string) => void;

export class DataSource {
  #loader: () => Promise<Papershelf>;
  #worker?: () => Worker;
  #prefetched?: Prefetched;
  #progress: Progress;
  #labels: () => Labels;
  /** The worker started for the next large input (while it downloads). */
  #nextWorker?: RemoteLibrary;

  constructor(loader: () => Promise<Papershelf>, worker: (() => Worker) | undefined, prefetched: Prefetched | undefined, progress: Progress, labels: () => Labels) {
    this.#loader = loader;
    this.#worker = worker;
    this.#prefetched = prefetched;
    this.#progress = progress;
    this.#labels = labels;
  }

  /**
   * Where the element's data is: the `data` property's (`data`), else inline in the element, else
   * its src downloaded from `address` (`owned`: bytes fetched here, which a worker may take
   * without a copy); "loaded" when that src is `loaded`, the one read already; none when it has
   * none of them yet.
   */
  async find(element: HTMLElement, data: string | Uint8Array | undefined, loaded: string | undefined, address: URL | undefined): Promise<Found | "loaded" | undefined> {
    if (data !== undefined) return { input: data, source: "data", owned: false };
    const inline = inlineData(element);
    if (inline !== undefined) return { input: inline, source: "inline", owned: false };
    const src = dataSource(element);
    if (!src || !address) return undefined;
    if (src === loaded) return "loaded";
    return { input: await this.download(address), source: src, owned: true };
  }

  /** Fetches `url` (or takes what the script tag's loader began fetching), showing how much has
   *  arrived once it turns out to be large. */
  async download(url: URL): Promise<Uint8Array> {
    const response = await (this.#prefetched?.takeData(url.href) ?? fetch(url));
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
        this.#progress(received, total, this.#labels().downloading(received, total));
      } else if (large) {
        this.#progress(received, total);
      }
    }
    return received === bytes.length ? bytes : bytes.subarray(0, received);
  }

  /** Reads the input: a large one in a Web Worker (if one starts), otherwise on this thread.
   *  `owned`: bytes this element fetched, handed to a worker without a copy. */
  async parse(input: string | Uint8Array, source: string, owned: boolean): Promise<AnyLibrary> {
    const size = input.length;
    if (size >= WORKER_THRESHOLD && this.#startWorker()) {
      const remote = this.#nextWorker!;
      this.#nextWorker = undefined;
      this.#progress(-1, 0, this.#labels().reading(size));
      try {
        const bytes = typeof input === "string" ? new TextEncoder().encode(input) : owned ? input : input.slice();
        return await remote.read(bytes, { source });
      } catch {
        // The worker did not run (a CSP without worker-src, a bad URL): read on this thread.
      } finally {
        this.#progress(null);
      }
    }
    return (await this.#loader()).parse(input, { source });
  }

  /** Starts the worker for the next large input; false where none may start. */
  #startWorker(): boolean {
    try {
      this.#nextWorker ??= this.#worker && RemoteLibrary.start(this.#worker());
    } catch {
      // A script from another origin may not start a worker: this thread reads instead.
    }
    return !!this.#nextWorker;
  }
}

/**
 * What the `data` property takes: text or bytes as they are, a papershelf JSON object
 * (`{profile, publications}`) or CSL-JSON array as JSON text. Anything else is refused, with what
 * it was, before any work is done on it.
 */
export function dataInput(value: unknown): { input?: string | Uint8Array; refused?: string } {
  if (value === undefined || value === null || typeof value === "string" || value instanceof Uint8Array) return { input: value ?? undefined };
  if (value instanceof ArrayBuffer) return { input: new Uint8Array(value) };
  if (ArrayBuffer.isView(value)) return { input: new Uint8Array(value.buffer, value.byteOffset, value.byteLength) };
  if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype) {
    try { return { input: JSON.stringify(value) }; } catch (err) { return { refused: `an object that JSON cannot hold (${(err as Error)?.message})` }; }
  }
  return { refused: typeof value === "object" ? `a ${Object.prototype.toString.call(value).slice(8, -1)}` : `a ${typeof value}` };
}

/** The data a page wrote inside the element, as a data block (never run). */
export function inlineData(element: Element): string | undefined {
  const inline = element.querySelector('script[type="text/x-bibtex"], script[type="application/json"], script[type="application/x-bibtex"]');
  return inline ? inline.textContent ?? "" : undefined;
}
