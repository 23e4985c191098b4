// What a <paper-shelf> does, apart from being an element: it builds its parts, loads the data,
// keeps the visitor's state (and the URL's), and shows each view in order through its parts. It
// is the host every part asks (host.ts); element.ts gives it the element's lifecycle and API.
import type { Diagnostic, FilterEdit, PageCores, Papershelf, View } from "../core.js";
import type { CanvasAssets } from "../canvas-assets.js";
import type { AnyLibrary } from "../worker.js";
import type { Prefetched } from "../prefetch.js";
import type { EventDetails } from "./api.js";
import { Adoption } from "./adoption.js";
import { CanvasRenderer } from "./canvas-renderer.js";
import { DataSource, dataInput, inlineData } from "./data-source.js";
import type { ShelfHost } from "./host.js";
import { checkedLabels, labelsFor, type Labels } from "./labels.js";
import { Speaker } from "./languages.js";
import { renderLegend } from "./legend.js";
import { carryOver, dropBrokenThumbnails, FIRST_CHUNK, ListView, tellMissingThumbnail } from "./list-view.js";
import { writeMetadata } from "./metadata.js";
import { coreKind, dataUrl, pageIdle, prerenderedKeys } from "./first-entry.js";
import { formatOptions, omitFields, queryOptions, stateDefaults } from "./options.js";
import { OwnerReport } from "./owner-report.js";
import { PageTheme } from "./page-theme.js";
import { readyState } from "./page-document.js";
import { Panels } from "./panels.js";
import { ProfileCard } from "./profile.js";
import { buildShell, labelShell, setShelfState, showProgress, wireShell, type ShelfParts } from "./shell.js";
import { Toolbar } from "./toolbar.js";
import { keepApplied, STATE_NAMES, UrlState, type VisitorState } from "./url-state.js";

/** The parts, made once the element is first connected. */
interface Parts { toolbar: Toolbar; list: ListView; panels: Panels; profile: ProfileCard; canvas: CanvasRenderer }

export class ShelfController implements ShelfHost {
  readonly element: HTMLElement;
  readonly root: ShadowRoot;
  #cores: PageCores;
  #canvasAssets?: CanvasAssets;
  #els?: ShelfParts;
  #parts?: Parts;
  #labelOverrides: Partial<Labels> = {};
  #library?: AnyLibrary;
  #view?: View;
  #data?: string | Uint8Array;
  #loadedSrc?: string;
  /** How many libraries were loaded: names the current one (the card and the toolbar's judgement are per library). */
  #loadCount = 0;
  #state: VisitorState = { search: "", filter: "", sort: "", group: "" };
  /** The state was read from the URL hash and not yet checked by the core (see QueryOptions.fromLink). */
  #fromLink = false;
  /** When the visitor last typed in the search box (performance.now()). */
  lastKeyAt = -Infinity;
  /** False once the full core that makes citations and exports is known not to load here:
   *  BibTeX, Cite and the download menu are then not offered at all. */
  #formatsOffered = true;
  /** Settles once a press that began on the prerendered list has been released (and clicked). */
  #press: () => Promise<void> | undefined = () => undefined;
  /** The list prerendered inside the element, adopted until the visitor first uses the page. */
  #adoption: Adoption;
  /** Settles when the core may load (see #whenWanted). */
  #wanted?: Promise<void>;
  #report = new OwnerReport();
  #url: UrlState;
  #theme: PageTheme;
  #source: DataSource;
  #speaker: Speaker;
  /** The work under way: a load, a render or a filter edit. */
  rendering: Promise<void> = Promise.resolve();

  constructor(element: HTMLElement, root: ShadowRoot, cores: PageCores, canvas?: CanvasAssets, worker?: () => Worker, prefetched?: Prefetched) {
    this.element = element;
    this.root = root;
    this.#cores = cores;
    this.#adoption = new Adoption(element, () => this.parts);
    const loader = () => this.#core();
    this.#canvasAssets = canvas;
    this.#url = new UrlState(element);
    this.#theme = new PageTheme(element, root, loader, () => { if (this.#parts?.canvas.live && this.#view) this.refresh(); });
    this.#speaker = new Speaker(() => this.#lang(), canvas?.locateFile, (message) => this.problem("lang", message));
    this.#source = new DataSource(loader, worker, prefetched, (done, total, text) => showProgress(this.parts, done, total, text), () => this.labels);
  }

  // ------------------------------------------------------------------ [SECTION] what parts ask

  /** The smallest core that shows this element: the list core, or with a card the card core;
   *  not before the element wants it. */
  async #core(): Promise<Papershelf> {
    await this.#whenWanted();
    return this.#cores[coreKind(this.element)]();
  }

  /** At once, or for a list prerendered inside the element, once the page is idle or the
   *  visitor reaches for the element (first-entry.ts, pageIdle). */
  #whenWanted(): Promise<void> {
    return (this.#wanted ??= prerenderedKeys(this.element).length ? pageIdle(this.element) : Promise.resolve());
  }

  get parts(): ShelfParts { return this.#els!; }
  get built(): boolean { return !!this.#parts; }
  /** The UI labels in effect: English, then the element's language, then `labels` overrides. */
  get labels(): Labels { return labelsFor(this.#lang(), this.#labelOverrides); }
  /** The language the element shows its words in: its own lang or the nearest one above it. */
  #lang(): string { return this.element.closest("[lang]")?.getAttribute("lang") ?? "en"; }
  set labels(value: Partial<Labels>) {
    this.#labelOverrides = checkedLabels(value, "labels");
    this.relabel();
  }
  get language(): { code: string; text: string } | undefined { return this.#speaker.language; }
  citationLocale(): Promise<{ lang: string; xml: string } | undefined> { return this.#speaker.citationLocale(); }
  get library(): AnyLibrary | undefined { return this.#library; }
  get view(): View | undefined { return this.#view; }
  get state(): VisitorState { return this.#state; }
  set state(value: VisitorState) {
    this.#state = value;
    this.#edits = [];  // (a whole new state: edits to the one before are void)
  }
  get formatsOffered(): boolean { return this.#formatsOffered; }
  get updateComplete(): Promise<void> {
    return (async () => {
      for (let p = this.rendering; ; p = this.rendering) {
        await p.catch(() => {});
        if (p === this.rendering) return;
      }
    })();
  }
  get diagnostics(): Diagnostic[] { return this.#report.all(this.#library?.diagnostics ?? []); }
  get canvas(): CanvasRenderer | undefined { return this.#parts?.canvas; }
  get data(): string | Uint8Array | undefined { return this.#data; }
  set data(value: unknown) {
    this.#report.data = [];
    const { input, refused } = dataInput(value);
    if (refused) this.#report.failed("data", `the data property takes text, bytes, a papershelf JSON object or a CSL-JSON array, not ${refused}`, "data");
    this.#data = input;
    if (refused) { this.showLoadProblem(); return; }
    this.reload();
  }
  omitFields(): string[] { return omitFields(this.element); }
  citeStyles(): string { return this.element.getAttribute("cite-styles") ?? ""; }
  emit<K extends keyof EventDetails>(name: K, detail: EventDetails[K]): void {
    this.element.dispatchEvent(new CustomEvent(name, { detail }));
  }
  problem(source: string, message: string): void {
    this.#report.renderer(source, "warning", message);
    this.showProblems();
  }

  // ------------------------------------------------------------------ [SECTION] lifecycle

  connected(): void {
    if (!this.#parts) this.build();
    else this.#theme.adopt();  // (moved to another page part: its links may look different)
    this.readHash();
    this.reload();
    // Back and Forward between this element's own entries fire popstate only; a typed or
    // linked hash fires hashchange.
    window.addEventListener("hashchange", this.onHash);
    window.addEventListener("popstate", this.onHash);
    this.#theme.connect();
  }

  disconnected(): void {
    this.#url.cancelTyped();
    window.removeEventListener("hashchange", this.onHash);
    window.removeEventListener("popstate", this.onHash);
    this.#theme.disconnect();
  }

  attributeChanged(name: string, value: string | null): void {
    if (!this.#parts) return;
    if (name === "src") { this.reload(); return; }
    // A list prerendered with other attributes is not the one they ask for now (the state's
    // attributes and the renderer are judged by #adopts).
    if (!["debug", "renderer", "search", "sort", "group", "filter"].includes(name)) this.#adoption.close();
    // A card asked for after the data was read into the list core: read it again into the card core.
    if (name === "profile" && this.#library?.hasCard === false && coreKind(this.element) === "card") {
      this.#loadedSrc = undefined;
      this.reload();
      return;
    }
    // `filter` is the page author's fixed scope (queryOptions), not visitor state: it narrows the
    // list under whatever the visitor chooses.
    if (name === "search" || name === "sort" || name === "group") this.#state[name] = value ?? "";
    if (name === "theme") this.#theme.apply();
    if (name === "debug") { this.showProblems(); return; }
    if (name === "lang") { this.relabel(); return; }
    this.refresh();
  }

  // ------------------------------------------------------------------ [SECTION] layout

  build(): void {
    const els = this.#els = buildShell(this.root, this.labels);
    this.#parts = { toolbar: new Toolbar(this), list: new ListView(this), panels: new Panels(this), profile: new ProfileCard(this), canvas: new CanvasRenderer(this, this.#canvasAssets) };
    this.#press = wireShell(this.element, els);
    // (the prerendered list, in the element's own children: the live list's are the ListView's)
    dropBrokenThumbnails(this.element, (img) => tellMissingThumbnail(this, img));
    this.#state = stateDefaults(this.element);
    this.#theme.apply();
    this.#relabelParts();
  }
  #relabelParts(): void {
    this.#parts!.toolbar.applyLabels();
    labelShell(this.parts, this.labels, this.#speaker.words);
  }

  /** The language or the label overrides changed: relabel, and render the entries again. */
  relabel(): void {
    if (!this.#parts) return;
    this.#adoption.close();  // (the prerendered list speaks the words it was made in)
    this.rendering = this.#speaker.speak(this.#library).then(() => {
      this.#relabelParts();
      this.#parts!.list.clear();  // entry rows carry labels (BibTeX, Cite): none is reused
      this.showProblems();
      this.refresh();
    });
  }

  // ------------------------------------------------------------------ [SECTION] data

  #loadToken = 0;

  async #load(): Promise<void> {
    if (!this.#parts) return;
    const token = ++this.#loadToken;  // a newer load (src changed meanwhile) wins
    const stale = () => token !== this.#loadToken;
    await this.#whenWanted();
    if (stale()) return;
    // Most files are small and read on this thread: fetch and compile the core while the data
    // downloads (a large file's worker loads its own; this one is then merely cached).
    void this.#core().then(async (core) => {
      if (this.#formatsOffered && !(await core.canFormat()))
        this.withoutFormats("papershelf-core-fast.mjs or .wasm cannot be loaded from beside the script");
    }).catch(() => {});
    // The page's language comes while the data downloads.
    const speaking = this.#speaker.speak(undefined).then(() => { if (!stale()) this.#relabelParts(); });
    const src = this.element.getAttribute("src");
    let input: string | Uint8Array | undefined = this.#data;
    let source = "data";
    let owned = false;  // bytes this element fetched may be handed to a worker without a copy
    try {
      if (input === undefined) {
        input = inlineData(this.element);
        if (input !== undefined) {
          source = "inline";
        } else if (src) {
          if (this.#loadedSrc === src && this.#library) return this.refresh();
          // (the address the script tag's loader prefetched, made by the same rule)
          input = await this.#source.download(dataUrl(this.element)!);
          if (stale()) return;
          owned = true;
          source = src;
          this.#loadedSrc = src;
        }
      }
      if (input === undefined) {
        // A synchronous script upgrades the element before its children are parsed; look
        // again for inline data once the document is complete.
        if (readyState() === "loading")
          // (EventTarget's own method: markup can hide document's, page-document.ts)
          EventTarget.prototype.addEventListener.call(document, "DOMContentLoaded", () => this.reload(), { once: true });
        return;
      }
      const library = await this.#source.parse(input, source, owned);
      await speaking;
      await this.#speaker.speak(library);
      if (stale()) return library.dispose();
      this.#library?.dispose();
      this.#library = library;
      this.#loadCount++;
      this.#report.load = [];
      OwnerReport.tell(library.diagnostics, source);
      this.showProblems();
      this.refresh();
    } catch (err) {
      if (stale()) return;
      this.#report.failed(src ?? "data", `could not load ${src ?? "the data"}: ${(err as Error).message}`, "load");
      this.showLoadProblem();
      this.emit("error", err);
    }
  }

  /**
   * No data to show. Whatever the page put inside the element (a list prerendered by
   * `papershelf render`) is still the best there is; without it a visitor reads one neutral
   * line. Why it failed is for the owner (the report: console, diagnostics, debug).
   */
  showLoadProblem(): void {
    if (!this.#parts) return;
    this.#loadToken++;  // a load still under way is stale now
    this.#library = undefined;
    this.#view = undefined;
    this.parts.count.textContent = "";
    setShelfState(this.element, this.parts, "failed");
    this.showProblems();
    // The line is always there and the stylesheet hides it beside a prerendered list: a
    // download can fail before the parser has reached the element's children.
    this.#parts.list.failed(this.labels.loadError);
  }

  /** The problems panel: only with the `debug` attribute (the owner's view of the page). */
  showProblems(): void {
    if (this.#parts) this.#report.show(this.parts.problems, this.element.hasAttribute("debug"), this.#library?.diagnostics ?? [], this.labels);
  }

  // ------------------------------------------------------------------ [SECTION] state

  /** What the attributes set the visitor's state to (the URL keeps only what differs). */
  readHash(): void {
    const read = this.#url.read(stateDefaults(this.element));
    if (!read) return;
    this.#state = read.state;
    this.#fromLink = read.fromLink;
  }

  onHash = (): void => {
    this.#url.cancelTyped();  // (the URL the visitor went to wins over a keystroke's)
    const before = JSON.stringify(this.#state);
    this.readHash();
    if (JSON.stringify(this.#state) !== before) this.refresh();
    else void this.#parts?.list.revealTarget();
  };

  /** Applies a change of the visitor's state: the URL (a history entry unless it continues a
   *  run of keystrokes), then the view. */
  commit(typing = false): void {
    this.#url.record(() => this.#state, () => stateDefaults(this.element), typing);
    this.refresh();
  }

  /** Edits made to the visitor's filter that no answer has applied yet. */
  #edits: FilterEdit[] = [];

  /** Applies one edit to the visitor's filter. The next query makes it (the core alone reads the
   *  filter language, once per change), and its answer's filter is committed like any change. */
  editFilter(edit: FilterEdit): Promise<void> {
    if (!this.#library) return Promise.resolve();
    this.#edits.push(edit);
    this.refresh();
    return this.rendering;
  }

  // ------------------------------------------------------------------ [SECTION] rendering

  formatOptions() { return formatOptions(this.element, this.#state.search, this.#formatsOffered); }

  #refreshToken = 0;

  refresh(): void { this.rendering = this.#render().catch((err: unknown) => this.#recover(err)); }
  reload(): void { this.rendering = this.#load(); }

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
    this.#report.renderer("core", "error", text);
    const lib = this.#library;
    this.#library = undefined;
    this.#view = undefined;
    this.#loadedSrc = undefined;
    try { lib?.dispose(); } catch { /* a dead core cannot free anything */ }
    this.#state = stateDefaults(this.element);
    this.#edits = [];
    this.#url.write(this.#state, stateDefaults(this.element), false);
    if (retry) { this.reload(); return; }
    this.showProblems();
    this.parts.count.textContent = "";
    setShelfState(this.element, this.parts, "failed");
    this.#parts!.list.failed();
  }

  // Async because a library in a worker answers with promises; one on this thread answers at
  // once, and then the whole render still happens in the task that asked for it.
  async #render(): Promise<void> {
    const lib = this.#library;
    const parts = this.#parts;
    if (!lib || !parts) return;
    const token = ++this.#refreshToken;
    // The list on screen is about to be replaced: its remaining chunks stop here, instead of
    // asking (a worker) for rows that no one will see while the new query runs.
    parts.list.stop();
    const fromLink = this.#fromLink;
    const edits = [...this.#edits];
    const view = await lib.query({ ...queryOptions(this.element, this.#state, fromLink), edits }, { count: FIRST_CHUNK, options: this.formatOptions(), rows: parts.canvas.wantsRows() });
    if (token !== this.#refreshToken || lib !== this.#library) return;  // a newer state or library won (with these edits)
    if (edits.length) {
      this.#edits.splice(0, edits.length);
      this.#state.filter = view.applied.filter;
      this.#url.record(() => this.#state, () => stateDefaults(this.element), false);
    }
    if (fromLink) {
      this.#fromLink = false;
      if (keepApplied(this.#state, view.applied)) this.#url.write(this.#state, stateDefaults(this.element), false);
    }
    const attribute = this.element.getAttribute("legend");
    const legend = attribute ? (await this.#core()).legend(attribute) : lib.profile.legend;
    if (token !== this.#refreshToken || lib !== this.#library) return;
    const shelf = this.parts.shelf;
    const takingOver = (shelf.dataset.state === "loading" || shelf.dataset.state === "adopted") && shelf.hasAttribute("data-prerendered");
    if (takingOver && this.#adopts(view, edits)) {
      this.#adopt(view);
      return;
    }
    const press = this.#press();
    if (takingOver && press) {
      await press;
      if (token !== this.#refreshToken || lib !== this.#library) return;
    }
    const settle = takingOver ? this.#adoption.end() : undefined;
    // What the visitor opened or focused in the prerendered list, before it is hidden.
    const focused = document.activeElement;
    const touched = takingOver ? [...this.element.querySelectorAll("li.ps-entry[data-key]")].filter((li) => li.contains(focused) || li.querySelector("details[open]")) : [];
    this.#showToolbar(view, view.total === 0 ? "empty" : "ready");
    renderLegend(this.parts.legend, legend, view);
    await Promise.all([parts.profile.render(lib, `${this.#loadCount} ${this.#speaker.spoken(lib)}`), parts.list.render(view), parts.canvas.sync(view, parts.toolbar.useful), writeMetadata(this.element, lib, view, () => this.#library)]);
    settle?.();
    if (token !== this.#refreshToken) return;
    this.element.toggleAttribute("data-shown", true);
    for (const li of touched) {
      const live = parts.list.rowOf((li as HTMLElement).dataset.key ?? "");
      if (live) carryOver(li, live, focused);
    }
    if (settle) this.#adoption.pressAgain(this.parts.profile);
    await parts.list.revealTarget();
    this.emit("change", { get keys() { return view.keys; } });
  }

  /** The view, its state and its toolbar (the part an adopted list shows live). */
  #showToolbar(view: View, state: "adopted" | "ready" | "empty"): void {
    const parts = this.#parts!;
    this.#view = view;
    this.#report.query(view.errors);
    setShelfState(this.element, this.parts, state);
    parts.toolbar.sync(view, String(this.#loadCount), `${this.element.getAttribute("filter") ?? ""}\u0001${this.element.getAttribute("owner") ?? ""}`);
    this.parts.count.textContent = this.labels.results(view.entries.length, view.total);
    parts.panels.labelDownloads(view.entries.length);
  }

  /** Whether the prerendered list is `view` for the state the page set: then it is adopted
   *  instead of painted again (not while a press or an edit is under way, nor for the canvas). */
  #adopts(view: View, edits: readonly FilterEdit[]): boolean {
    const set = stateDefaults(this.element);
    const asSet = STATE_NAMES.every((name) => this.#state[name] === set[name]);
    return !edits.length && !this.#press() && !this.#parts!.canvas.wanted && this.#adoption.fits(view, asSet);
  }

  /** Adopts the prerendered list: its toolbar live, the list as the page holds it. */
  #adopt(view: View): void {
    this.#adoption.begin(() => { if (this.parts.shelf.dataset.state === "adopted") this.refresh(); });
    this.#showToolbar(view, "adopted");
    this.element.toggleAttribute("data-shown", true);
    this.emit("change", { get keys() { return view.keys; } });
  }

  /**
   * The full core cannot be loaded here (its files are missing, or the page's policy blocks
   * them): the visitor is offered no BibTeX, Cite or download (rather than a panel that opens
   * to nothing), and the owner reads why in the console.
   */
  withoutFormats(reason: string): void {
    if (!this.#formatsOffered) return;
    this.#formatsOffered = false;
    console.warn(`papershelf: citations and downloads need papershelf-core-fast.mjs and .wasm beside the script (${reason}); BibTeX and Cite are not offered`);
    const download = this.parts.download;
    download.open = false;
    download.hidden = true;
    this.refresh();
  }
}
