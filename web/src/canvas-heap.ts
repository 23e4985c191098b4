// Values into and out of the canvas module's memory: texts as NUL-terminated UTF-8 and lists of
// record numbers, each copied in for one call and freed after it; and the text a call answers
// with (in the module's result buffer).
import type { CanvasModule } from "./canvas-module.js";

const encoder = new TextEncoder();

/** Calls `fn` with each of `texts` in the module's memory. */
export function withStrings<T>(m: CanvasModule, texts: string[], fn: (...ptrs: number[]) => T): T {
  const ptrs = texts.map((t) => {
    const bytes = encoder.encode(t);
    const p = m._malloc(bytes.length + 1);
    m.HEAPU8.set(bytes, p);
    m.HEAPU8[p + bytes.length] = 0;
    return p;
  });
  try {
    return fn(...ptrs);
  } finally {
    for (const p of ptrs) m._free(p);
  }
}

/** Calls `fn` with `values` as 32-bit numbers in the module's memory. */
export function withNumbers<T>(m: CanvasModule, values: ArrayLike<number>, fn: (ptr: number) => T): T {
  const ptr = m._malloc(Math.max(4, values.length * 4));
  try {
    m.HEAPU32.set(values, ptr >>> 2);
    return fn(ptr);
  } finally {
    m._free(ptr);
  }
}

/** The text a call answered with, from its pointer into the result buffer. */
export function resultText(m: CanvasModule, ptr: number): string {
  return m.UTF8ToString(ptr, m._ps_canvas_result_length());
}
