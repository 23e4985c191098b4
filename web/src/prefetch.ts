// What the script tag's loader (papershelf.js) starts fetching for the first entries while the
// element's own code (papershelf-element.mjs) is still on its way: each element's core, compiled
// as it downloads, and its data. The element takes each once, by address; what it never takes
// cost only the download it would have made anyway.
export class Prefetched {
  #cores = new Map<string, Promise<WebAssembly.Module | undefined>>();
  #data = new Map<string, Promise<Response>>();

  /** Starts downloading and compiling the core at `url`. */
  core(url: string): void {
    if (this.#cores.has(url) || typeof WebAssembly?.compileStreaming !== "function") return;
    // (A failure, such as a server's wrong type for .wasm, leaves it to the core's own loader.)
    this.#cores.set(url, WebAssembly.compileStreaming(fetch(url, { credentials: "same-origin" })).catch(() => undefined));
  }

  /** Starts downloading the data at `url`. */
  data(url: string): void {
    if (this.#data.has(url)) return;
    const response = fetch(url);
    response.catch(() => {});  // (the element reports a failed download when it takes it)
    this.#data.set(url, response);
  }

  /** The core compiled from `url`, if it was started here (undefined: load it as usual). */
  takeCore(url: string): Promise<WebAssembly.Module | undefined> | undefined {
    const core = this.#cores.get(url);
    this.#cores.delete(url);
    return core;
  }

  /** The response for `url`, if it was started here. */
  takeData(url: string): Promise<Response> | undefined {
    const response = this.#data.get(url);
    this.#data.delete(url);
    return response;
  }
}
