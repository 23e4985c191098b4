// What a <paper-shelf> does, apart from being an element: it builds its parts, loads the data, asks
// for the visitor's state (visitor.ts) and shows each view in order through its parts. It is the
// host every part asks (host.ts); element.ts gives it the element's lifecycle and API.
import type { Diagnostic, FilterEdit, PageCores, View } from "../core.js";
import type { CanvasAssets } from "../canvas-assets.js";
import type { AnyLibrary } from "../worker.js";
import type { Prefetched } from "../prefetch.js";
import type { EventDetails } from "./api.js";
import { Adoption } from "./adoption.js";
import { CanvasRenderer } from "./canvas-renderer.js";
import { DataSource, dataInput } from "./data-source.js";
import type { ShelfHost } from "./host.js";
import { checkedLabels, labelsFor, type Labels } from "./labels.js";
import { Speaker } from "./languages.js";
import { renderLegend } from "./legend.js";
import { dropBrokenThumbnails, FIRST_CHUNK, ListView, tellMissingThumbnail } from "./list-view.js";
import { writeMetadata } from "./metadata.js";
import { coreKind, dataUrl, nextTask } from "./first-entry.js";
import { citeStyles, dataSource, debugging, formatOptions, legendAttribute, omitFields, queryOptions, scopeKey } from "./options.js";
import { OwnerReport } from "./owner-report.js";
import { PageTheme } from "./page-theme.js";
import { readyState } from "./page-document.js";
import { Panels } from "./panels.js";
import { ProfileCard } from "./profile.js";
import { buildShell, labelShell, setShelfState, showProgress, wireShell, type ShelfParts } from "./shell.js";
import { Toolbar } from "./toolbar.js";
import type { VisitorState } from "./url-state.js";
import { Visitor } from "./visitor.js";
import { whichCore, type WhichCore } from "./which-core.js";

/** The parts that show the element, each with its piece of the shell (shell.ts), made when it is first connected. */
interface Components { toolbar: Toolbar; list: ListView; panels: Panels; profile: ProfileCard; canvas: CanvasRenderer }

export class ShelfController implements ShelfHost {
  readonly element: HTMLElement;
  readonly root: ShadowRoot;
  #cores: WhichCore;
  #canvasAssets?: CanvasAssets;
  #shell?: ShelfParts;
  #components?: Components;
  #labelOverrides: Partial<Labels> = {};
  #library?: AnyLibrary;
  #view?: View;
  #data?: string | Uint8Array;
  #loadedSrc?: string;
  /** How many libraries were loaded: names the current one (the card and the toolbar's judgement are per library). */
  #loadCount = 0;
  #visitor: Visitor;
  /** When the visitor last typed in the search box (performance.now()). */
  lastKeyAt = -Infinity;
  /** False once the full core that makes citations and exports is known not to load here:
   *  BibTeX, Cite and the download menu are then not offered at all. */
  #formatsOffered = true;
  /** The list prerendered inside the element, adopted until the visitor first uses the page. */
  #adoption: Adoption;
  #report = new OwnerReport();
  #theme: PageTheme;
  #source: DataSource;
  #speaker: Speaker;
  /** The work under way: a load, a render or a filter edit. */
  rendering: Promise<void> = Promise.resolve();

  constructor(element: HTMLElement, root: ShadowRoot, cores: PageCores, canvas?: CanvasAssets, worker?: () => Worker, prefetched?: Prefetched) {
    this.element = element;
    this.root = root;
    this.#cores = whichCore(element, cores);
    this.#adoption = new Adoption(element, () => this.parts);
    const loader = () => this.#cores.core();
    this.#canvasAssets = canvas;
    this.#visitor = new Visitor(element);
    this.#theme = new PageTheme(element, root, loader, () => { if (this.#components?.canvas.live && this.#view) this.refresh(); });
    this.#speaker = new Speaker(() => this.#lang(), canvas?.locateFile, (message) => this.problem("lang", message));
    this.#source = new DataSource(loader, worker, prefetched, (done, total, text) => showProgress(this.parts, done, total, text), () => this.labels);
  }

  // ------------------------------------------------------------------ [SECTION] what parts ask

  get parts(): ShelfParts { return this.#shell!; }
  get built(): boolean { return !!this.#components; }
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
  get state(): VisitorState { return this.#visitor.state; }
  set state(value: VisitorState) { this.#visitor.state = value; }
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
  get canvas(): CanvasRenderer | undefined { return this.#components?.canvas; }
  get data(): string | Uint8Array | undefined { return this.#data; }
  set data(value: unknown) {
    this.#report.data = [];
    const { input, refused } = dataInput(value);
    if (refused) this.#report.failed("data", `the data property takes text, bytes, a papershelf JSON object or a CSL-JSON array, not ${refused}`, "data");
    this.#data = input;
    if (refused) this.showLoadProblem();
    else this.reload();
  }
  omitFields(): string[] { return omitFields(this.element); }
  citeStyles(): string { return citeStyles(this.element); }
  emit<K extends keyof EventDetails>(name: K, detail: EventDetails[K]): void {
    this.element.dispatchEvent(new CustomEvent(name, { detail }));
  }
  problem(source: string, message: string): void {
    this.#report.renderer(source, "warning", message);
    this.showProblems();
  }

  // ------------------------------------------------------------------ [SECTION] lifecycle

  connected(): void {
    if (!this.#components) this.build();
    else this.#theme.adopt();  // (moved to another page part: its links may look different)
    this.#visitor.readHash();
    this.reload();
    // Back and Forward between this element's own entries fire popstate only; a typed or
    // linked hash fires hashchange.
    window.addEventListener("hashchange", this.onHash);
    window.addEventListener("popstate", this.onHash);
    this.#theme.connect();
  }

  disconnected(): void {
    this.#visitor.cancelTyped();
    window.removeEventListener("hashchange", this.onHash);
    window.removeEventListener("popstate", this.onHash);
    this.#theme.disconnect();
  }

  attributeChanged(name: string, value: string | null): void {
    if (!this.#components) return;
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
    if (name === "search" || name === "sort" || name === "group") this.#visitor.state[name] = value ?? "";
    if (name === "theme") this.#theme.apply();
    if (name === "debug") { this.showProblems(); return; }
    if (name === "lang") { this.relabel(); return; }
    this.refresh();
  }

  // ------------------------------------------------------------------ [SECTION] layout

  build(): void {
    const els = this.#shell = buildShell(this.root, this.labels);
    this.#components = { toolbar: new Toolbar(this), list: new ListView(this), panels: new Panels(this), profile: new ProfileCard(this), canvas: new CanvasRenderer(this, this.#canvasAssets) };
    this.#adoption.press = wireShell(this.element, els);
    // (the prerendered list, in the element's own children: the live list's are the ListView's)
    dropBrokenThumbnails(this.element, (img) => tellMissingThumbnail(this, img));
    this.#visitor.reset();
    this.#theme.apply();
    this.#relabelParts();
  }
  #relabelParts(): void {
    this.#components!.toolbar.applyLabels();
    labelShell(this.parts, this.labels, this.#speaker.words);
  }

  /** The language or the label overrides changed: relabel, and render the entries again. */
  relabel(): void {
    if (!this.#components) return;
    this.#adoption.close();  // (the prerendered list speaks the words it was made in)
    this.rendering = this.#speaker.speak(this.#library).then(() => {
      this.#relabelParts();
      this.#components!.list.clear();  // entry rows carry labels (BibTeX, Cite): none is reused
      this.showProblems();
      this.refresh();
    });
  }

  // ------------------------------------------------------------------ [SECTION] data

  #loadToken = 0;

  async #load(): Promise<void> {
    if (!this.#components) return;
    const token = ++this.#loadToken;  // a newer load (src changed meanwhile) wins
    const stale = () => token !== this.#loadToken;
    await this.#cores.wanted();
    if (stale()) return;
    // Most files are small and read on this thread: fetch and compile the core while the data
    // downloads (a large file's worker loads its own; this one is then merely cached).
    void this.#cores.core().then(async (core) => {
      if (this.#formatsOffered && !(await core.canFormat()))
        this.withoutFormats("papershelf-core-fast.mjs or .wasm cannot be loaded from beside the script");
    }).catch(() => {});
    // The page's language comes while the data downloads.
    const speaking = this.#speaker.speak(undefined).then(() => { if (!stale()) this.#relabelParts(); });
    const src = dataSource(this.element);
    try {
      // (the address the script tag's loader prefetched, made by the same rule)
      const found = await this.#source.find(this.element, this.#data, this.#library && this.#loadedSrc, dataUrl(this.element));
      if (stale()) return;
      if (found === "loaded") return this.refresh();
      if (!found) {
        // A synchronous script upgrades the element before its children are parsed; look
        // again for inline data once the document is complete.
        if (readyState() === "loading")
          // (EventTarget's own method: markup can hide document's, page-document.ts)
          EventTarget.prototype.addEventListener.call(document, "DOMContentLoaded", () => this.reload(), { once: true });
        return;
      }
      const { input, source, owned } = found;
      if (owned) this.#loadedSrc = source;
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
      if ((await nextTask(), stale())) return;
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
    if (!this.#components) return;
    this.#loadToken++;  // a load still under way is stale now
    this.#library = undefined;
    this.#view = undefined;
    this.parts.count.textContent = "";
    setShelfState(this.element, this.parts, "failed");
    this.showProblems();
    // The line is always there and the stylesheet hides it beside a prerendered list: a
    // download can fail before the parser has reached the element's children.
    this.#components.list.failed(this.labels.loadError);
  }

  /** The problems panel: only with the `debug` attribute (the owner's view of the page). */
  showProblems(): void {
    if (this.#components) this.#report.show(this.parts.problems, debugging(this.element), this.#library?.diagnostics ?? [], this.labels);
  }

  // ------------------------------------------------------------------ [SECTION] state

  onHash = (): void => {
    this.#visitor.cancelTyped();  // (the URL the visitor went to wins over a keystroke's)
    if (this.#visitor.readHash()) this.refresh();
    else if (this.#view) { void this.#components?.list.revealTarget(); this.#components?.canvas.reveal(this.#view); }
  };

  /** Applies a change of the visitor's state: the URL (a history entry unless it continues a
   *  run of keystrokes), then the view. */
  commit(typing = false): void {
    this.#visitor.record(typing);
    this.refresh();
  }

  /** Applies one edit to the visitor's filter. The next query makes it (the core alone reads the
   *  filter language, once per change), and its answer's filter is committed like any change. */
  editFilter(edit: FilterEdit): Promise<void> {
    if (!this.#library) return Promise.resolve();
    this.#visitor.edit(edit);
    this.refresh();
    return this.rendering;
  }

  // ------------------------------------------------------------------ [SECTION] rendering

  formatOptions() { return formatOptions(this.element, this.#visitor.state.search, this.#formatsOffered); }

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
    this.#visitor.clear();
    if (retry) { this.reload(); return; }
    this.showProblems();
    this.parts.count.textContent = "";
    setShelfState(this.element, this.parts, "failed");
    this.#components!.list.failed();
  }

  // Async because a library in a worker answers with promises; one on this thread answers at
  // once, and then the whole render still happens in the task that asked for it.
  async #render(): Promise<void> {
    const lib = this.#library;
    const parts = this.#components;
    if (!lib || !parts) return;
    const token = ++this.#refreshToken;
    // The list on screen is about to be replaced: its remaining chunks stop here, instead of
    // asking (a worker) for rows that no one will see while the new query runs.
    parts.list.stop();
    const request = this.#visitor.request();
    const view = await lib.query({ ...queryOptions(this.element, this.#visitor.state, request.fromLink), edits: request.edits },
      { count: FIRST_CHUNK, options: this.formatOptions(), rows: parts.canvas.wantsRows() });
    if (token !== this.#refreshToken || lib !== this.#library) return;  // a newer state or library won (with these edits)
    this.#visitor.answered(view, request);
    const asked = legendAttribute(this.element);
    const legend = asked ? (await this.#cores.core()).legend(asked) : lib.profile.legend;
    if (token !== this.#refreshToken || lib !== this.#library) return;
    const takingOver = this.#adoption.takingOver(this.parts.shelf);
    // (the prerendered list is `view` for the state the page set: adopted instead of painted again;
    // not while a press or an edit is under way, nor for the canvas)
    if (takingOver && !request.edits.length && !parts.canvas.wanted && this.#adoption.fits(view, this.#visitor.asSet())) return this.#adopt(view);
    const press = this.#adoption.press();
    if (takingOver && press) {
      await press;
      if (token !== this.#refreshToken || lib !== this.#library) return;
    }
    const settle = takingOver ? this.#adoption.end() : undefined;
    const carryOver = takingOver ? this.#adoption.touched() : undefined;
    this.#showToolbar(view, view.total === 0 ? "empty" : "ready");
    renderLegend(this.parts.legend, legend, view);
    await Promise.all([parts.profile.render(lib, `${this.#loadCount} ${this.#speaker.spoken(lib)}`), parts.list.render(view), parts.canvas.sync(view, parts.toolbar.useful), writeMetadata(this.element, lib, view, () => this.#library)]);
    settle?.();
    if (token !== this.#refreshToken) return;
    this.element.toggleAttribute("data-shown", true);
    carryOver?.((key) => parts.list.rowOf(key));
    if (settle) this.#adoption.pressAgain(this.parts.profile);
    await parts.list.revealTarget();
    this.emit("change", { get keys() { return view.keys; } });
  }

  /** The view, its state and its toolbar (the part an adopted list shows live). */
  #showToolbar(view: View, state: "adopted" | "ready" | "empty"): void {
    const parts = this.#components!;
    this.#view = view;
    this.#report.query(view.errors);
    setShelfState(this.element, this.parts, state);
    parts.toolbar.sync(view, String(this.#loadCount), scopeKey(this.element));
    this.parts.count.textContent = this.labels.results(view.entries.length, view.total);
    parts.panels.labelDownloads(view.entries.length);
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
    this.#components?.panels.withoutFormats(reason);
    this.refresh();
  }
}
