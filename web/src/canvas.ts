// The canvas renderer's bridge: forwards input to the Dear ImGui widget compiled to WebAssembly
// (widget/hosts/web/canvas_main.cpp), hands it query results and rows computed by the core module,
// and carries its requests (a new query, open a link, copy an entry) back to the element. No data
// work happens here or in the widget: the element's Library does it.
import type { UsefulControls, View } from "./core.js";
import { rasterize, type FaceSpec } from "./canvas-glyphs.js";
import { resultText, withNumbers, withStrings } from "./canvas-heap.js";
import { listenForInput } from "./canvas-input.js";
import type { Actions, CanvasFactory, CanvasHost, CanvasModule, QueryState, Theme } from "./canvas-module.js";

// Drawn into the atlas before the first frame: ASCII, Latin-1 and Latin Extended-A (names across
// Europe) and common punctuation; others come as the widget meets them, a frame later (each time
// the atlas is rebuilt, which a scrolling frame would rather not pay).
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const BASE_CHARS = [...range(0x20, 0x7e), ...range(0xa0, 0x17f), ..."…–—•·†‡‘’“”→"];
// How long the canvas waits for a keystroke's answer before it draws the typed text alone: a
// frame takes 20-30 ms in a software-rendered browser, and would delay an answer that comes
// sooner.
const ANSWER_WAIT_MS = 80;

/** "rgb(26, 95, 180)" (or "color(srgb 0.1 0.37 0.71)", a relative colour's) -> IM_COL32
 *  (0xAABBGGRR); 0 when the colour is unknown or transparent. */
function imColor(css: string): number {
  const m = css.match(/(?:rgba?\(|color\(srgb)\s*([\d.]+)[ ,]+([\d.]+)[ ,]+([\d.]+)(?:[ ,/]+([\d.]+%?))?/);
  if (!m) return 0;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith("%") ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  if (alpha <= 0) return 0;
  const scale = css.startsWith("color(") ? 255 : 1;
  const [r, g, b] = [m[1], m[2], m[3]].map((v) => Math.round(Number(v) * scale) & 255);
  return ((Math.round(alpha * 255) << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** One canvas widget inside one element. */
export class CanvasView {
  #m: CanvasModule;
  #canvas: HTMLCanvasElement;
  #input: HTMLInputElement;
  #host: CanvasHost;
  #framesLeft = 0;
  #raf = 0;
  #resize: ResizeObserver;
  #disposed = false;
  #frameMs: number[] = [];  // the last frames' cost (draw + handling its requests), for benchmarks
  #pendingRows = new Set<number>();  // rows asked of a worker-held library, not yet answered
  #rowGeneration = 0;  // bumped when the library changes, so a late answer is dropped
  #frames = 0;  // frames drawn since creation (tests check that a still page draws none)
  #fling = 0;  // touch momentum, CSS px per ms down the list (0: none)
  #lastTime = 0;
  #touchX = 0;  // where the last touch began (CSS px in the canvas)
  #touchY = 0;
  // The page's fonts: the characters drawn into the widget's atlas so far, and for which family
  // and pixel ratio (a change redraws them all).
  #glyphChars = new Set(BASE_CHARS);
  #glyphsFor = "";
  #family = "sans-serif";
  #reportedMissing = new Set<string>();
  // A keystroke's query is out: the frame that shows the typed text waits for its answer (a frame
  // drawn meanwhile would hold up the answer on a slow GPU), or for this timer, whichever is first.
  #awaitingView = 0;
  #querySearch = "";  // the search text of the query last handed over, and of the view that answered it
  #viewSearch = "";
  #viewShownAt = 0;  // performance.now() after the first frame that drew the view with all its rows

  private constructor(m: CanvasModule, canvas: HTMLCanvasElement, host: CanvasHost) {
    this.#m = m;
    this.#canvas = canvas;
    this.#host = host;
    // The keyboard's target while the widget edits text (see #focusText): out of the tab order,
    // before the canvas (Tab from the search field goes on into the table), invisible.
    this.#input = Object.assign(document.createElement("input"), { className: "ps-canvas-input", tabIndex: -1, autocomplete: "off", spellcheck: false });
    this.#input.setAttribute("aria-hidden", "true");
    this.#input.setAttribute("autocapitalize", "off");
    canvas.before(this.#input);
    listenForInput({
      module: m,
      canvas,
      input: this.#input,
      kick: () => this.kick(),
      typed: (steps) => this.#typed(steps),
      withStrings: (texts, fn) => withStrings(m, texts, fn),
      touchStarted: (x, y) => {
        this.#fling = 0;
        [this.#touchX, this.#touchY] = [x, y];
      },
      fling: (speed) => {
        this.#fling = speed;
        this.kick();
      },
      handingFocus: () => this.#handingFocus,
    });
    this.#resize = new ResizeObserver(() => this.kick());
    this.#resize.observe(canvas);
    // A web font that finishes loading after the glyphs were drawn (in a fallback face) has them
    // drawn again.
    document.fonts?.addEventListener("loadingdone", this.#fontsLoaded);
    this.#watchPixelRatio();
  }

  /** A new pixel ratio (zoom, a move to another screen) redraws at once, at the new sharpness. */
  #watchPixelRatio(): void {
    matchMedia?.(`(resolution: ${window.devicePixelRatio || 1}dppx)`).addEventListener("change", () => {
      if (this.#disposed) return;
      this.kick();
      this.#watchPixelRatio();
    }, { once: true });
  }

  #fontsLoaded = (): void => {
    this.#glyphsFor = "";
    this.kick();
  };

  /** Loads the module (once per element); null when WebGL 2 is unavailable. */
  static async create(factory: CanvasFactory, locateFile: (file: string) => string, canvas: HTMLCanvasElement, host: CanvasHost): Promise<CanvasView | null> {
    const m = await factory({ canvas, locateFile, onCopyText: (text) => host.copyText(text) });
    if (!m._ps_canvas_init()) return null;
    return new CanvasView(m, canvas, host);
  }

  setQuery(q: QueryState): void {
    this.#querySearch = q.search;
    withStrings(this.#m, [q.search, q.filter, q.sort, q.group || "none"], (s, f, o, g) => this.#m._ps_canvas_set_query(s, f, o, g));
    this.kick();
  }

  /** The element's current view; `first` carries the rows of its first entries, so the frame that
   *  shows it needs no second round trip for them. `hasBadges`: some entry of the library has a
   *  venue abbreviation (else the table has no Venue column). */
  setView(view: View, hasCitations: boolean, first?: { records: number[]; rows: unknown[] }, hasBadges = true): void {
    clearTimeout(this.#awaitingView);
    this.#awaitingView = 0;
    this.#viewSearch = this.#querySearch;
    this.#viewShownAt = 0;
    if (first?.records.length) this.#setRows(first.records, first.rows);
    const { groups, total, facets } = view;
    const entries = view.entries as ArrayLike<number>;
    const m = this.#m;
    withNumbers(m, entries, (ptr) => withStrings(m, [JSON.stringify({ groups, total, facets, hasCitations, hasBadges })], (json) => m._ps_canvas_set_view(ptr, entries.length, json)));
    this.kick();
  }

  /** A link to one paper: the next frame scrolls `record`'s row into the middle and focuses it. */
  reveal(record: number): void {
    this.#m._ps_canvas_reveal(record);
    this.kick();
  }

  /** The library changed: rows are fetched again as they are drawn. */
  clearRows(): void {
    this.#rowGeneration++;
    this.#pendingRows.clear();
    this.#m._ps_canvas_clear_rows();
    this.kick();
  }

  setTheme(theme: Theme): void {
    // (a finger: controls a touch target tall)
    this.#m._ps_canvas_set_theme(theme.dark ? 1 : 0, imColor(theme.text), imColor(theme.background), imColor(theme.accent),
      matchMedia("(pointer: coarse)").matches ? 1 : 0);
    this.#family = theme.font || "sans-serif";
    this.kick();
  }

  setMaxAuthors(n: number): void {
    this.#m._ps_canvas_set_max_authors(n);
    this.kick();
  }

  /** Which filter controls can change the list (the element judges it for the whole list). */
  setControls(shown: UsefulControls): void {
    const bits = [shown.year, shown.type, shown.status, shown.venue, shown.selected, shown.award, shown.firstAuthor];
    this.#m._ps_canvas_set_controls(bits.reduce((mask, on, i) => mask | (on ? 1 << i : 0), 0));
    this.kick();
  }

  #labelsJson = "";
  /** The element's words for the widget (its keys: widget/shelf.hpp, PAPERSHELF_WIDGET_LABELS). */
  setLabels(labels: Record<string, string>): void {
    const json = JSON.stringify(labels);
    if (json === this.#labelsJson) return;
    this.#labelsJson = json;
    withStrings(this.#m, [json], (p) => this.#m._ps_canvas_set_labels(p));
    this.kick();
  }

  #wordsOf = "en";
  /** The core's words in the element's language (a language file's text; "{}" for English). */
  setWords(lang: string, file: string): void {
    if (lang === this.#wordsOf) return;
    this.#wordsOf = lang;
    withStrings(this.#m, [lang, file], (l, f) => this.#m._ps_canvas_set_words(l, f));
    this.kick();
  }

  /** The words the widget draws with now. */
  labels(): Record<string, string> {
    return JSON.parse(resultText(this.#m, this.#m._ps_canvas_labels())) as Record<string, string>;
  }

  /** The last frame's layout (CSS pixels inside the canvas), for tests and automation. */
  probe(): unknown {
    return { ...JSON.parse(resultText(this.#m, this.#m._ps_canvas_probe())), frameMs: [...this.#frameMs], frames: this.#frames,
      viewSearch: this.#viewSearch, viewShownAt: this.#viewShownAt };
  }

  /** Draws two frames: ImGui knows what lies under the pointer one frame late, so the second
   *  settles hover after a change. (A third would hold up the next keystroke's frame where
   *  frames are slow to present, as in a software-rendered browser.) */
  kick(frames = 2): void {
    if (this.#disposed) return;
    this.#framesLeft = Math.max(this.#framesLeft, frames);
    if (!this.#raf) this.#raf = requestAnimationFrame(this.#tick);
  }

  dispose(): void {
    this.#disposed = true;
    this.#resize.disconnect();
    document.fonts?.removeEventListener("loadingdone", this.#fontsLoaded);
    if (this.#raf) cancelAnimationFrame(this.#raf);
  }

  #tick = (time: number): void => {
    this.#raf = 0;
    const canvas = this.#canvas;
    const ratio = window.devicePixelRatio || 1;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (!w || !h) return;  // hidden: nothing to draw until the next resize
    const pw = Math.round(w * ratio), ph = Math.round(h * ratio);
    if (canvas.width !== pw || canvas.height !== ph) {
      canvas.width = pw;
      canvas.height = ph;
    }
    if (this.#fling) {
      // Momentum after a flick: the speed decays by half about every 230 ms (iOS-like), and ends
      // at the table's end.
      const dt = Math.min(50, Math.max(0, time - this.#lastTime));
      const dy = this.#fling * dt;
      if (Math.abs(this.#fling) < 0.02 || !this.#m._ps_canvas_can_scroll(this.#touchX, this.#touchY, -dy)) this.#fling = 0;
      else {
        this.#m._ps_canvas_scroll_by(dy);
        this.#fling *= Math.exp(-dt / 325);
        this.#framesLeft = Math.max(this.#framesLeft, 2);
      }
    }
    this.#lastTime = time;
    this.#frames++;
    if (this.#glyphsFor !== `${ratio} ${this.#family}`) {
      this.#glyphsFor = `${ratio} ${this.#family}`;
      this.#addGlyphs([...this.#glyphChars], true);
    }
    const start = performance.now();
    let drawn = this.#m._ps_canvas_frame(w, h, ratio, time / 1000);
    // Text with characters the atlas lacks (bit 4, nothing drawn): the page draws them, then the
    // frame, so that no frame shows ImGui's "?" in their place. (Each character is reported once.)
    for (let tries = 0; drawn & 4 && tries < 3; tries++) {
      this.#handle(this.#takeActions());
      drawn = this.#m._ps_canvas_frame(w, h, ratio, time / 1000);
    }
    if (drawn & 4) drawn |= 1;  // (still not drawn: the next frame will)
    const end = performance.now();
    if (!this.#viewShownAt && !(drawn & 2)) this.#viewShownAt = end;
    const busy = drawn & 1;
    const more = this.#handle(this.#takeActions());
    this.#frameMs.push(performance.now() - start);
    if (this.#frameMs.length > 240) this.#frameMs.shift();
    if (busy) this.#framesLeft = Math.max(this.#framesLeft, 2);
    if (more) this.#framesLeft = Math.max(this.#framesLeft, 2);
    if (--this.#framesLeft > 0) this.#raf = requestAnimationFrame(this.#tick);
  };

  /** Returns true when the widget needs another frame. */
  #handle(a: Actions): boolean {
    this.#canvas.style.cursor = a.cursor;
    this.#focusText(a.textInput);
    let more = false;
    const wanted = a.needRows.filter((r) => !this.#pendingRows.has(r));
    if (wanted.length) {
      const rows = this.#host.rows(wanted);
      if (rows instanceof Promise) {
        // The widget asks again every frame until rows arrive: ask the worker once.
        const generation = this.#rowGeneration;
        for (const r of wanted) this.#pendingRows.add(r);
        void rows.then((list) => {
          if (generation !== this.#rowGeneration || this.#disposed) return;
          for (const r of wanted) this.#pendingRows.delete(r);
          this.#setRows(wanted, list);
          this.kick();
        }, () => { for (const r of wanted) this.#pendingRows.delete(r); });
      } else {
        this.#setRows(wanted, rows);
        more = true;
      }
    }
    if (a.missingGlyphs) {
      // Characters the atlas lacks: the page draws them now, for the next frame.
      const chars = [...a.missingGlyphs].filter((c) => !this.#glyphChars.has(c));
      for (const c of chars) this.#glyphChars.add(c);
      if (chars.length) {
        this.#addGlyphs(chars, false);
        more = true;
      }
    }
    if (a.announce) this.#host.announce(a.announce);
    for (const url of a.open) this.#host.open(url);
    for (const c of a.copy) this.#host.copy(c.format, c.record);
    if (a.query) {
      this.#host.query(a.query);
      more = true;
    }
    return more;
  }

  /** Keyboard input waits in the widget's queue: it runs on it at once (`steps` frames at most),
   *  without drawing, so a typed character's query leaves for the core now rather than at the
   *  next animation frame. The frame that shows the character then waits for the answer and
   *  shows both. */
  #typed(steps = 1): void {
    for (let i = 0; i < steps && this.#m._ps_canvas_step(performance.now() / 1000); i++) {
      const a = this.#takeActions();
      this.#handle(a);
      if (a.query) {
        clearTimeout(this.#awaitingView);
        this.#awaitingView = window.setTimeout(() => { this.#awaitingView = 0; this.kick(); }, ANSWER_WAIT_MS);
      }
    }
    if (!this.#awaitingView) this.kick();
  }

  /** Draws `chars` in the page's family, regular and bold, into the widget's atlas (`replace`: instead
   *  of what it has, for a new pixel ratio or family). Characters no font here has, or that the
   *  atlas cannot hold, are reported to the owner once. */
  #addGlyphs(chars: string[], replace: boolean): void {
    const m = this.#m;
    const ratio = window.devicePixelRatio || 1;
    const missing: string[] = chars.filter((c) => c.codePointAt(0)! > 0xffff);
    ([{ style: "", family: this.#family }, { style: "bold", family: this.#family }] satisfies FaceSpec[]).forEach((face, index) => {
      const drawn = rasterize(chars, face, ratio);
      if (!drawn) return;
      const { codepoints, metrics, alpha } = drawn.batch;
      if (index === 0) missing.push(...drawn.batch.missing);
      const cp = m._malloc(codepoints.byteLength + 4), mt = m._malloc(metrics.byteLength + 4), al = m._malloc(alpha.byteLength + 1);
      m.HEAPU8.set(new Uint8Array(codepoints.buffer), cp);
      m.HEAPU8.set(new Uint8Array(metrics.buffer), mt);
      m.HEAPU8.set(alpha, al);
      m._ps_canvas_set_glyphs(index, drawn.size, ratio, replace ? 1 : 0, codepoints.length, cp, mt, al);
      m._free(cp);
      m._free(mt);
      m._free(al);
    });
    const fresh = missing.filter((c) => !this.#reportedMissing.has(c));
    for (const c of fresh) this.#reportedMissing.add(c);
    if (fresh.length) this.#host.missingGlyphs(fresh.join(""));
  }

  #setRows(records: number[], rows: unknown[]): void {
    const m = this.#m;
    withNumbers(m, records, (ptr) => withStrings(m, [JSON.stringify(rows)], (json) => m._ps_canvas_set_rows(ptr, records.length, json)));
  }

  #takeActions(): Actions {
    return JSON.parse(resultText(this.#m, this.#m._ps_canvas_take_actions())) as Actions;
  }

  // ------------------------------------------------------------------ input

  #handingFocus = false;
  /** The keyboard follows the widget: to the input while a text field is edited, back to the
   *  canvas after. Only while the widget has the focus at all. */
  #focusText(editing: boolean): void {
    const active = (this.#canvas.getRootNode() as Document | ShadowRoot).activeElement;
    const to = editing && active === this.#canvas ? this.#input : !editing && active === this.#input ? this.#canvas : null;
    if (!to) return;
    if (editing) {
      // Over the search field, so an input method's candidates show beside it.
      const r = (this.probe() as { search: { x: number; y: number; w: number; h: number } }).search;
      Object.assign(this.#input.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });
    }
    this.#handingFocus = true;
    to.focus({ preventScroll: true });
    this.#handingFocus = false;
  }
}
