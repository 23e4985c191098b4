// The canvas widget's input: pointer, wheel, touch (scrolling, flicks, a tap, a long press for
// the row's menu), keys, text from input methods, and focus, handed to the ImGui module as the
// events it reads. The view (canvas.ts) draws what they change.
import type { CanvasModule } from "./canvas-module.js";

// A finger held this long without moving opens the row's menu (Android's long press is 400-500 ms).
const LONG_PRESS_MS = 500;

/** What the input needs of the view. */
export interface InputTarget {
  readonly module: CanvasModule;
  readonly canvas: HTMLCanvasElement;
  /** The hidden input that holds the keyboard while the widget edits text. */
  readonly input: HTMLInputElement;
  /** Draw a few frames. */
  kick(): void;
  /** A key or text went in: draw now, and wait for its query's answer. */
  typed(steps?: number): void;
  withStrings<T>(texts: string[], fn: (...ptrs: number[]) => T): T;
  /** A finger touched the canvas here (CSS px): any momentum stops. */
  touchStarted(x: number, y: number): void;
  /** A flick left the table moving at this speed (CSS px per ms down the list). */
  fling(speed: number): void;
  /** True while the view itself moves the focus between the canvas and its input. */
  handingFocus(): boolean;
}

export function listenForInput(view: InputTarget): void {
  const c = view.canvas;
  const m = view.module;
  const mods = (e: KeyboardEvent | PointerEvent | WheelEvent) =>
    m._ps_canvas_mods(+e.ctrlKey, +e.shiftKey, +e.altKey, +e.metaKey);
  let clickFocus = false;
  const at = (e: { clientX: number; clientY: number }) => {
    const r = c.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top];
  };
  const pointer = (e: PointerEvent) => {
    if (e.pointerType === "touch") return;  // fingers scroll (below); a tap is a click
    mods(e);
    const [x, y] = at(e);
    m._ps_canvas_mouse(x, y, e.buttons & 7);
    view.kick();
  };
  c.addEventListener("pointermove", pointer);
  c.addEventListener("pointerdown", (e) => {
    clickFocus = true;
    c.focus({ preventScroll: true });
    clickFocus = false;
    // (synthetic events from automation have no active pointer to capture)
    if (e.pointerType !== "touch" && e.isTrusted) c.setPointerCapture(e.pointerId);
    pointer(e);
  });
  c.addEventListener("pointerup", pointer);
  c.addEventListener("pointerleave", (e) => {
    if (e.pointerType === "touch") return;
    m._ps_canvas_mouse(-1e6, -1e6, 0);
    view.kick();
  });
  c.addEventListener("contextmenu", (e) => e.preventDefault());
  // The wheel scrolls the table until its end, then the page (the widget says which).
  c.addEventListener("wheel", (e) => {
    if (e.ctrlKey) return;  // the browser's zoom
    const unit = e.deltaMode === 1 ? 3 : e.deltaMode === 2 ? 0.1 : 100;
    const [x, y] = at(e);
    m._ps_canvas_mouse(x, y, e.buttons & 7);
    if (!m._ps_canvas_wheel(-e.deltaX / unit, -e.deltaY / unit)) return;
    e.preventDefault();
    view.kick();
  }, { passive: false });
  // Touch: a vertical drag that the table can follow scrolls the table for the whole gesture
  // (its touchmoves are kept from the page); one it cannot (at an end, or sideways) is left to
  // the page from its start, as the browser chains a native overflow box. A tap is a click.
  // A finger held still is a right click there: the row's menu (copy, cite, open), as a long
  // press opens a link's menu in the browser.
  let touch: { x0: number; y0: number; y: number; t: number; v: number; mode: "" | "table" | "page" | "menu"; hold: number } | null = null;
  const release = () => { if (touch) clearTimeout(touch.hold); };
  c.addEventListener("touchstart", (e) => {
    release();
    if (e.touches.length !== 1) { touch = null; return; }
    const [x, y] = at(e.touches[0]);
    view.touchStarted(x, y);
    const held = { x0: x, y0: y, y, t: e.timeStamp, v: 0, mode: "" as const, hold: 0 };
    held.hold = window.setTimeout(() => {
      if (touch !== held || touch.mode) return;
      touch.mode = "menu";
      m._ps_canvas_mouse(x, y, 0);
      m._ps_canvas_mouse(x, y, 2);
      m._ps_canvas_mouse(x, y, 0);
      view.kick();
    }, LONG_PRESS_MS);
    touch = held;
  }, { passive: true });
  c.addEventListener("touchmove", (e) => {
    if (!touch || e.touches.length !== 1) return;
    const [x, y] = at(e.touches[0]);
    if (!touch.mode) {
      const dx = x - touch.x0, dy = y - touch.y0;
      if (Math.abs(dx) < 3 && Math.abs(dy) < 3) return;
      release();
      touch.mode = Math.abs(dy) > Math.abs(dx) && m._ps_canvas_can_scroll(touch.x0, touch.y0, dy) ? "table" : "page";
    }
    if (touch.mode !== "table") return;
    if (e.cancelable) e.preventDefault();
    const dt = Math.max(1, e.timeStamp - touch.t);
    touch.v = 0.8 * ((touch.y - y) / dt) + 0.2 * touch.v;  // px/ms, smoothed over the last moves
    m._ps_canvas_scroll_by(touch.y - y);
    [touch.y, touch.t] = [y, e.timeStamp];
    view.kick();
  }, { passive: false });
  c.addEventListener("touchend", (e) => {
    release();
    const t = touch;
    touch = null;
    if (!t) return;
    if (t.mode === "menu") {  // (the menu stays open; no mouse events for this touch)
      if (e.cancelable) e.preventDefault();
      return;
    }
    if (t.mode === "table") {
      if (e.timeStamp - t.t < 100 && Math.abs(t.v) > 0.1) {
        view.fling(t.v);
      }
      return;
    }
    if (t.mode) return;
    // A tap: press and release at the finger (the widget's input queue keeps them apart). The
    // browser's mouse events for it would come too late and focus the canvas again, taking the
    // keyboard from the search field the tap has just opened: they are not made.
    if (e.cancelable) e.preventDefault();
    const [x, y] = at(e.changedTouches[0]);
    m._ps_canvas_mouse(x, y, 0);
    m._ps_canvas_mouse(x, y, 1);
    m._ps_canvas_mouse(x, y, 0);
    m._ps_canvas_mouse(-1e6, -1e6, 0);
    // Run now, within the tap: a tap on the search field must focus the input while the
    // browser still counts it as the user's (phones open their keyboard only then).
    view.typed(4);
  }, { passive: false });
  c.addEventListener("touchcancel", () => { release(); touch = null; });
  const key = (down: number) => (e: KeyboardEvent) => {
    if (e.key === "Tab") return;  // Tab leaves the canvas, like any other control on the page
    if (e.isComposing || e.keyCode === 229) return;  // an input method's: its text comes as input
    mods(e);
    const used = view.withStrings([e.key], (k) => m._ps_canvas_key(k, down));
    const printable = down === 1 && [...e.key].length === 1;
    if (printable && !e.ctrlKey && !e.metaKey) view.withStrings([e.key], (t) => m._ps_canvas_text(t));
    if (used || (printable && !e.ctrlKey && !e.metaKey)) e.preventDefault();
    view.typed();
  };
  const text = (t: string) => {
    if (!t) return;
    view.withStrings([t], (p) => m._ps_canvas_text(p));
    view.typed();
  };
  const input = view.input;
  for (const target of [c, input] as HTMLElement[]) {
    target.addEventListener("keydown", key(1));
    target.addEventListener("keyup", key(0));
    target.addEventListener("paste", (e) => {
      e.preventDefault();
      text(e.clipboardData?.getData("text") ?? "");
    });
  }
  // While the widget edits text the keyboard is the input's, so that input methods, dead keys
  // and on-screen keyboards work: what they insert is handed to the widget (typed keys went as
  // keys, and their default was prevented), deletions go as keys.
  input.addEventListener("beforeinput", (e) => {
    if (e.isComposing) return;
    const name = e.inputType === "deleteContentBackward" ? "Backspace" : e.inputType === "deleteContentForward" ? "Delete" : "";
    if (!name) return;
    e.preventDefault();
    view.withStrings([name], (k) => { m._ps_canvas_key(k, 1); m._ps_canvas_key(k, 0); });
    view.typed();
  });
  const take = () => {
    const t = input.value;
    input.value = "";
    text(t);
  };
  input.addEventListener("input", (e) => { if (!(e as InputEvent).isComposing) take(); });
  input.addEventListener("compositionend", take);
  // Focus from the keyboard (not from a press, nor handed between the canvas and its input)
  // puts ImGui's focus on a row; focus that leaves both leaves the widget.
  c.addEventListener("focus", (e) => {
    if (e.relatedTarget === input && view.handingFocus()) return;
    if (!clickFocus) m._ps_canvas_focus(1);
    view.kick();
  });
  const blur = (e: FocusEvent) => {
    if (e.relatedTarget === c || e.relatedTarget === input) return;
    m._ps_canvas_focus(0);
    view.kick();
  };
  c.addEventListener("blur", blur);
  input.addEventListener("blur", blur);
}
