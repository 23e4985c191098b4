// What crosses between the element and the canvas widget: the raw module of
// papershelf-canvas.wasm (widget/hosts/web/canvas_main.cpp), what the element hands it, and what
// the widget asks back. Types only: canvas.ts is the bridge itself.
/** The raw Emscripten module of papershelf-canvas.wasm (internal). */
export interface CanvasModule {
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  UTF8ToString(ptr: number, maxBytes?: number): string;
  _malloc(n: number): number;
  _free(p: number): void;
  _ps_canvas_init(): number;
  _ps_canvas_set_glyphs(face: number, size: number, scale: number, replace: number, count: number, codepoints: number, metrics: number, alpha: number): void;
  _ps_canvas_set_query(search: number, filter: number, sort: number, group: number): void;
  _ps_canvas_set_view(entries: number, count: number, json: number): number;
  _ps_canvas_set_rows(records: number, count: number, json: number): number;
  _ps_canvas_clear_rows(): void;
  _ps_canvas_set_theme(dark: number, text: number, background: number, accent: number, touch: number): void;
  _ps_canvas_set_max_authors(n: number): void;
  _ps_canvas_set_controls(shown: number): void;
  _ps_canvas_set_labels(json: number): void;
  _ps_canvas_set_words(lang: number, file: number): void;
  _ps_canvas_labels(): number;
  _ps_canvas_mouse(x: number, y: number, buttons: number): void;
  _ps_canvas_wheel(dx: number, dy: number): number;
  _ps_canvas_can_scroll(x: number, y: number, dy: number): number;
  _ps_canvas_scroll_by(pixels: number): void;
  _ps_canvas_reveal(record: number): void;
  _ps_canvas_mods(ctrl: number, shift: number, alt: number, meta: number): void;
  _ps_canvas_key(name: number, down: number): number;
  _ps_canvas_text(utf8: number): void;
  _ps_canvas_focus(focused: number): void;
  _ps_canvas_frame(width: number, height: number, ratio: number, time: number): number;
  _ps_canvas_step(time: number): number;
  _ps_canvas_take_actions(): number;
  _ps_canvas_probe(): number;
  _ps_canvas_result_length(): number;
}

export type CanvasFactory = (options: {
  canvas: HTMLCanvasElement;
  locateFile?: (file: string) => string;
  onCopyText?: (text: string) => void;
}) => Promise<CanvasModule>;

export interface QueryState {
  search: string;
  filter: string;
  sort: string;
  group: string;
}

/** What the widget asks of the element. */
export interface CanvasHost {
  /** View-model objects (Library.entries) for these record indices; a promise when the library
   *  lives in a worker. */
  rows(records: number[]): unknown[] | Promise<unknown[]>;
  /** The user changed the query inside the canvas. */
  query(state: QueryState): void;
  open(url: string): void;
  /** Copy a record in a citation style or an export format (the core's text names). */
  copy(format: string, record: number): void;
  copyText(text: string): void;
  missingGlyphs(chars: string): void;
  /** A row took keyboard focus: its title, for a live region. */
  announce(text: string): void;
}

export interface Theme {
  dark: boolean;
  /** CSS colours; empty = the widget's default. */
  text: string;
  background: string;
  accent: string;
  /** The CSS font-family the widget draws with (the page's); empty = sans-serif. */
  font: string;
}

export interface Actions {
  query: QueryState | null;
  open: string[];
  copy: { record: number; format: string }[];
  needRows: number[];
  missingGlyphs: string;
  announce: string;
  textInput: boolean;
  cursor: string;
}
