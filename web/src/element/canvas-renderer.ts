// renderer="canvas": the Dear ImGui widget draws the list, loaded on first use; the HTML list stays
// for screen readers and find-in-page, visually hidden. The widget asks the element for rows and
// hands back the visitor's query, opens and copies.
import type { UsefulControls, View } from "../core.js";
import type { CanvasView } from "../canvas.js";
import type { CanvasAssets } from "../canvas-assets.js";
import type { QueryState } from "../canvas-module.js";
import type { AnyLibrary } from "../worker.js";
import type { ShelfHost } from "./host.js";
import { canvasWords } from "./labels.js";
import { FIRST_CHUNK } from "./list-view.js";
import { asksForCanvas, chosen, pinnedTheme, rowOptions } from "./options.js";
import { darkScheme, seenBehind } from "./page-theme.js";
import { pageBase } from "./page-document.js";
import { linkedEntry } from "./url-state.js";

export class CanvasRenderer {
  #host: ShelfHost;
  #assets?: CanvasAssets;
  #canvas?: CanvasView;
  #loading = false;
  #failed = false;
  /** The library the widget's rows came from, and whether it has citation counts. */
  #library?: AnyLibrary;
  #hasCitations = false;
  /** Whether some entry has a venue abbreviation (the widget's Venue column shows its badge). */
  #hasBadges = false;
  /** The last link to one paper the widget was shown. */
  #revealed = "";

  constructor(host: ShelfHost, assets: CanvasAssets | undefined) {
    this.#host = host;
    this.#assets = assets;
  }

  /** The element asks for the widget (and it can be loaded). */
  get wanted(): boolean { return asksForCanvas(this.#host.element) && !!this.#assets && !this.#failed; }
  /** The widget is drawing (it loaded and the element asks for it). */
  get live(): boolean { return !!this.#canvas; }
  /** The widget's last frame layout and its words (for tests and automation). */
  probe(): unknown { return this.#canvas?.probe(); }
  labels(): unknown { return this.#canvas?.labels(); }

  rowOptions() { return rowOptions(this.#host.element); }

  /** A link to one paper (`#ps-KEY`): the widget scrolls to its row and focuses it, once per
   *  link, as the HTML list does. */
  reveal(view: View): void {
    if (!this.#canvas || !this.wanted || location.hash === this.#revealed) return;
    const k = linkedEntry(view);
    if (k < 0) return;
    this.#revealed = location.hash;
    this.#canvas.reveal(view.entries[k]);
  }

  /** The rows' options for a query, when the canvas draws (a worker sends them with the view). */
  wantsRows() { return this.#canvas && asksForCanvas(this.#host.element) ? this.rowOptions() : undefined; }

  /** Shows `view` in the widget (loading it first), or the HTML list where it is not wanted. */
  async sync(view: View, useful: UsefulControls): Promise<void> {
    const host = this.#host;
    const { shelf: wrap, canvasHost, legend } = host.parts;
    const want = this.wanted;
    wrap.classList.toggle("ps-mode-canvas", want && !!this.#canvas);
    canvasHost.hidden = !want;
    // Under the canvas the marks' legend reads as its footnote, and a search that hides it
    // moves nothing the visitor is looking at.
    if (want && this.#canvas) { if (canvasHost.nextElementSibling !== legend) canvasHost.after(legend); }
    else if (legend.nextElementSibling !== canvasHost) canvasHost.before(legend);
    if (!want) return;
    if (!this.#canvas) {
      if (!this.#loading) void this.#start(canvasHost.querySelector("canvas")!);
      return;
    }
    const lib = host.library!;
    const canvasView = this.#canvas;
    if (this.#library !== lib) {
      this.#library = lib;
      canvasView.clearRows();
      // Citation counts get their own column only when the data has them: the most-cited entry tells.
      const top = (await lib.query({ sort: "citations-desc" })).entries.slice(0, 1);
      this.#hasCitations = top.length > 0 && (await lib.entries(top))[0].citations !== null;
      this.#hasBadges = false;
      if (lib !== host.library) return;
      void this.#findBadges(lib);
    }
    const style = getComputedStyle(wrap);
    const scheme = host.element.getAttribute("data-theme");  // (as the page was judged: PageTheme)
    canvasView.setTheme({
      dark: scheme === "dark" || (scheme === "auto" && !!darkScheme?.matches),
      text: style.color,
      // (a pinned theme's own background, else the page's)
      background: pinnedTheme(host.element) ? style.backgroundColor : `rgb(${seenBehind(host.element).join(", ")})`,
      accent: getComputedStyle(canvasHost).color,  // the stylesheet gives the host var(--ps-accent)
      font: style.fontFamily,
    });
    canvasView.setMaxAuthors(host.formatOptions().maxAuthors || 10);
    canvasView.setLabels(canvasWords(host.labels));
    canvasView.setWords(host.language?.code ?? "en", host.language?.text ?? "{}");
    canvasView.setControls(useful);  // (the toolbar's rule: the controls that can change the list)
    // The first screen's rows go with the view (a worker sent them with it), so its first frame
    // draws them instead of placeholders.
    const records = view.entries.slice(0, FIRST_CHUNK);
    const rows = await lib.entries(records, this.rowOptions());
    if (lib !== host.library || view !== host.view) return;
    if (!this.#hasBadges && rows.some((e) => e.badge !== "")) this.#hasBadges = true;
    canvasView.setQuery({ ...host.state });
    canvasView.setView(view, this.#hasCitations, { records, rows }, this.#hasBadges);
    this.reveal(view);
  }

  /** The table has a Venue column only when some entry has a venue abbreviation (else it stands
   *  empty). The first screen's rows tell at once for most lists (sync); the rest of the library
   *  is read in the background, a small chunk at a time when the page is idle (reading 5,000
   *  entries takes seconds), and the column comes as soon as one has a badge. */
  async #findBadges(lib: AnyLibrary): Promise<void> {
    const all = Array.from((await lib.query({})).entries as ArrayLike<number>);
    const idle = () => new Promise<void>((done) => { if ("requestIdleCallback" in window) requestIdleCallback(() => done()); else setTimeout(done); });
    for (let at = 0; at < all.length && !this.#hasBadges; at += 100) {
      await idle();
      if (lib !== this.#host.library || this.#hasBadges) return;
      if ((await lib.entries(all.slice(at, at + 100))).some((e) => e.badge !== "")) {
        this.#hasBadges = true;
        if (lib === this.#host.library) this.#host.refresh();
      }
    }
  }

  async #start(element: HTMLCanvasElement): Promise<void> {
    const host = this.#host;
    const assets = this.#assets!;
    this.#loading = true;
    const problem = (message: string) => host.problem("canvas", message);
    let fellBack: string | undefined;
    try {
      const bundle = await assets.load();
      this.#canvas = (await bundle.CanvasView.create(bundle.default, assets.locateFile, element, {
        rows: (records) => host.library?.entries(records, this.rowOptions()) ?? [],
        query: (q: QueryState) => {
          // Typing in the widget's search field is typing, as in the HTML one: one history entry
          // for the word, and the hidden list's tail waits for a pause instead of taking the
          // canvas's frames.
          const typing = q.search !== host.state.search;
          if (typing) host.lastKeyAt = performance.now();
          // The widget writes the core's canonical text; the defaults stay out of the URL hash.
          host.state = { search: q.search, filter: q.filter, sort: chosen(host.element, "sort", q.sort, host.view?.defaults), group: chosen(host.element, "group", q.group, host.view?.defaults) };
          host.commit(typing);
        },
        open: (url) => {
          const target = new URL(url, pageBase());
          if (["http:", "https:", "mailto:"].includes(target.protocol)) window.open(target.href, "_blank", "noopener,noreferrer");
        },
        copy: async (format, record) => {
          const lib = host.library;
          if (!lib) return;
          let text: string;
          try {
            const isExport = (await lib.formats()).exports.some((f) => f.name === format);
            text = await (isExport ? lib.export(format, { indices: [record], forVisitors: true, omitFields: host.omitFields() }) : lib.cite(record, format, "text", await host.citationLocale()));
          } catch (err) {
            host.withoutFormats((err as Error).message);
            return;
          }
          void navigator.clipboard?.writeText(text).catch(() => {});
          host.emit("copy", { key: (await lib.entries([record]))[0]?.key, text });
        },
        copyText: (text) => void navigator.clipboard?.writeText(text).catch(() => {}),
        missingGlyphs: (chars) => problem(`the canvas has no glyph for ${[...chars].join(" ")} (no font on this system draws them); those characters show as boxes`),
        announce: (text) => { element.parentElement!.querySelector(".ps-canvas-live")!.textContent = text; },
      })) ?? undefined;
      if (this.#canvas) this.#keyboard(element);
      if (!this.#canvas) fellBack = "WebGL 2 is not available: showing the HTML list instead";
    } catch (err) {
      fellBack = `the canvas renderer could not load (${(err as Error).message}): showing the HTML list instead`;
    }
    this.#loading = false;
    if (fellBack) {
      this.#failed = true;
      problem(fellBack);
    }
    host.refresh();
    // The owner's page learns of it (its own "table" button can follow), once the list is shown.
    if (fellBack) void host.updateComplete.then(() => host.emit("fallback", { renderer: "html", reason: fellBack! }));
  }

  /** The canvas is one tab stop. While it has focus the hidden list is inert, so Tab leaves for
   *  the page's next control in one press (the list's links would come first); the rest of the
   *  time the list stays readable and findable. Shift+Tab from after the element meets the list's
   *  end first (the shadow tree's last stop), which hands focus to the canvas: no invisible
   *  entry's "Cite" takes it on the way. */
  #keyboard(canvasEl: HTMLCanvasElement): void {
    const el = this.#host.element;
    const { list, listEnd } = this.#host.parts;
    // (the canvas and the input it hands the keyboard to while its search field is edited)
    const widget = canvasEl.parentElement!;
    widget.addEventListener("focusin", () => { list.inert = listEnd.inert = true; });
    widget.addEventListener("focusout", (e) => { if (!(e.relatedTarget instanceof Node && widget.contains(e.relatedTarget))) list.inert = listEnd.inert = false; });
    const back = (e: FocusEvent) => {
      const from = e.relatedTarget;
      if (!list.parentElement!.classList.contains("ps-mode-canvas") || !(from instanceof Node) || el.contains(from)) return;
      if (el.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) canvasEl.focus();
    };
    list.addEventListener("focusin", back);
    listEnd.addEventListener("focus", back);
  }
}
