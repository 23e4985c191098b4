// The <paper-shelf> custom element: its attributes, properties and lifecycle. What it does lives
// in element/, one concern a file, with element/controller.ts ordering them:
//   controller      the data, the visitor's state, a view shown part by part
//   shell           the shadow tree and its parts    toolbar          search, sort, group, filters
//   list-view       the list, in chunks              panels           BibTeX, Cite, downloads
//   profile         the profile card                 canvas-renderer  the Dear ImGui canvas
//   legend          the authors' marks explained     metadata         COinS and JSON-LD
//   page-theme      the page's light/dark and accent url-state        the state in the URL hash
//   data-source     download, worker, `data`         owner-report     the owner's diagnostics
//   labels          the words, in any language       typeset          the page's KaTeX or MathJax
//   api             the public types and names       host             what a part may ask
//   first-entry     what the first entries need      adoption         a prerendered list, adopted
// Entry markup comes from the core's safe HTML formatter (the same markup as `papershelf render
// --format html`).
import type { Diagnostic, PageCores } from "./core.js";
import type { CanvasAssets } from "./canvas-assets.js";
import type { AnyLibrary } from "./worker.js";
import type { Prefetched } from "./prefetch.js";
import { OBSERVED_ATTRIBUTES, type PaperShelfElementClass, type PaperShelfElement as PaperShelfElementTypes } from "./element/api.js";
import { ShelfController } from "./element/controller.js";
import { pageQueryAll } from "./element/page-document.js";
import { asksForCanvas } from "./element/options.js";
import { addLanguage, type Labels } from "./element/labels.js";

export * from "./element/api.js";
export { DEFAULT_LABELS, type Labels } from "./element/labels.js";

/**
 * Defines <paper-shelf>. `cores` loads the list core, or the card core for an element that shows
 * a profile card. `canvas` says where the Dear ImGui canvas renderer is loaded from; it is
 * fetched only when an element asks for renderer="canvas". `worker` starts a Web Worker that
 * serves a library (`serveLibrary`); large inputs are read there, off the page's thread.
 * `prefetched`: what the script tag's loader started fetching for the first entries.
 */
export function definePaperShelf(cores: PageCores, css: string, canvas?: CanvasAssets, worker?: () => Worker, prefetched?: Prefetched): PaperShelfElementClass {
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
    #shelf: ShelfController;

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      styleFor(root);
      this.#shelf = new ShelfController(this, root, cores, canvas, worker, prefetched);
    }

    /** Registers UI labels for a language (`lang="de"` or `"de-CH"` then use them). */
    static addLanguage(lang: string, labels: Partial<Labels>): void {
      addLanguage(lang, labels);
      for (const el of pageQueryAll("paper-shelf")) (el as PaperShelfElement).#shelf.relabel();
    }

    /** The UI labels in effect: English, then the element's language, then `labels` overrides. */
    get labels(): Labels { return this.#shelf.labels; }
    set labels(value: Partial<Labels>) { this.#shelf.labels = value; }
    /** Resolves once the element shows its current data and state (a large input is read in a
     *  worker, and then every change is rendered asynchronously). */
    get updateComplete(): Promise<void> { return this.#shelf.updateComplete; }
    /** Keys of the displayed entries, in display order. */
    get visibleKeys(): string[] { return this.#shelf.view ? [...this.#shelf.view.keys] : []; }
    /** Problems found in the data (line:column). */
    get diagnostics(): Diagnostic[] { return this.#shelf.diagnostics; }
    /** What draws the list now: "canvas" once the canvas renderer shows it, else "html". */
    get renderedBy(): "html" | "canvas" { return this.#shelf.canvas?.live && asksForCanvas(this) ? "canvas" : "html"; }
    /** The canvas renderer's last frame layout (CSS px inside the canvas), for tests and automation. */
    get canvasLayout(): unknown { return this.#shelf.canvas?.probe(); }
    /** The words the canvas widget draws with (for tests and automation). */
    get canvasLabels(): unknown { return this.#shelf.canvas?.labels(); }
    /** The data itself, as text or bytes (instead of `src` or an inline script). */
    get data(): string | Uint8Array | undefined { return this.#shelf.data; }
    /**
     * Text or bytes of any supported format, or an already parsed papershelf JSON object
     * (`{profile, publications}`) or CSL-JSON array. Anything else is refused and reported in
     * `diagnostics`, before any work is done on it.
     */
    set data(value: unknown) { this.#shelf.data = value; }
    /** The parsed library (advanced use): a Library, or for large inputs read in a Web Worker an
     *  object with the same methods that return promises. */
    get library(): AnyLibrary | undefined { return this.#shelf.library; }

    connectedCallback(): void { this.#shelf.connected(); }
    disconnectedCallback(): void { this.#shelf.disconnected(); }
    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      if (old !== value) this.#shelf.attributeChanged(name, value);
    }
  }

  customElements.define("paper-shelf", PaperShelfElement);
  return PaperShelfElement;
}
