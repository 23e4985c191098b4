// The canvas widget draws with the page's own fonts: the browser rasterizes each glyph the widget
// asks for (regular and bold, at the screen's pixel ratio) into coverage bitmaps, which the widget
// packs into its Dear ImGui font atlas (widget/hosts/web/canvas_main.cpp, ps_canvas_set_glyphs).
// Nothing is downloaded for it, and the table reads in the family of the text around it.

/** Glyphs ready for ps_canvas_set_glyphs: per glyph its codepoint, five metrics (width, height,
 *  x0, y0, advance in device pixels from the pen at the top of the line) and its coverage bytes. */
export interface GlyphBatch {
  codepoints: Uint32Array;
  metrics: Float32Array;
  alpha: Uint8Array;
  /** The characters no font on this system has (drawn as the browser's "missing" box). */
  missing: string[];
}

/** A face as the page names it: `font` is a CSS font shorthand without its size. */
export interface FaceSpec {
  style: string;  // "" or "bold"
  family: string;  // the page's computed font-family
}

/** The line height in CSS pixels: the font is sized so that its ascent and descent fill it, as
 *  stb_truetype sizes the native preview's font. */
export const LINE_HEIGHT = 15;
const PROBE = 100;  // px, the size metrics are measured at
// A code point no font has: its drawing is the browser's "missing glyph" box.
const NO_GLYPH = "\u{10FFFD}";

let scratch: HTMLCanvasElement | undefined;
function context(width: number, height: number): CanvasRenderingContext2D | null {
  scratch ??= document.createElement("canvas");
  if (scratch.width < width) scratch.width = width;
  if (scratch.height < height) scratch.height = height;
  return scratch.getContext("2d", { willReadFrequently: true });
}

/** How the face is sized and where its baseline sits, for a line of LINE_HEIGHT * ratio device px. */
export function faceMetrics(face: FaceSpec, ratio: number): { font: string; size: number; ascent: number } | null {
  const ctx = context(1, 1);
  if (!ctx) return null;
  ctx.font = `${face.style} ${PROBE}px ${face.family}`;
  const m = ctx.measureText("Hg");
  const ascent = m.fontBoundingBoxAscent ?? m.actualBoundingBoxAscent;
  const descent = m.fontBoundingBoxDescent ?? m.actualBoundingBoxDescent;
  if (!(ascent + descent > 0)) return null;
  const px = (LINE_HEIGHT * ratio * PROBE) / (ascent + descent);
  return { font: `${face.style} ${px}px ${face.family}`, size: LINE_HEIGHT * ratio, ascent: (ascent * px) / PROBE };
}

/** Draws `chars` (one code point each) in `face` at `ratio` and returns their bitmaps. */
export function rasterize(chars: string[], face: FaceSpec, ratio: number): { size: number; batch: GlyphBatch } | null {
  const metrics = faceMetrics(face, ratio);
  if (!metrics) return null;
  const all = [...chars, NO_GLYPH];
  const probe = context(1, 1)!;
  probe.font = metrics.font;
  // Each glyph's ink box (one pixel of margin for antialiasing), laid out in rows on one canvas.
  const ROW = 1024;
  let x = 0, y = 0, rowHeight = 0;
  const boxes = all.map((ch) => {
    const m = probe.measureText(ch);
    // The ink's box relative to the pen on the baseline (x right, y down), with a pixel of margin.
    const left = Math.floor(-m.actualBoundingBoxLeft) - 1, right = Math.ceil(m.actualBoundingBoxRight) + 1;
    const top = Math.floor(-m.actualBoundingBoxAscent) - 1, bottom = Math.ceil(m.actualBoundingBoxDescent) + 1;
    const w = Math.max(1, right - left), h = Math.max(1, bottom - top);
    if (x + w > ROW) { x = 0; y += rowHeight; rowHeight = 0; }
    const box = { ch, x, y, w, h, left, top, advance: m.width };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return box;
  });
  const height = y + rowHeight;
  const ctx = context(ROW, height)!;
  ctx.clearRect(0, 0, ROW, height);
  ctx.font = metrics.font;
  ctx.fillStyle = "#fff";
  ctx.textBaseline = "alphabetic";
  for (const b of boxes) ctx.fillText(b.ch, b.x - b.left, b.y - b.top);
  const pixels = ctx.getImageData(0, 0, ROW, Math.max(1, height)).data;
  const coverage = (b: (typeof boxes)[number]) => {
    const out = new Uint8Array(b.w * b.h);
    for (let r = 0; r < b.h; r++)
      for (let c = 0; c < b.w; c++) out[r * b.w + c] = pixels[((b.y + r) * ROW + b.x + c) * 4 + 3];
    return out;
  };
  const bitmaps = boxes.map(coverage);
  const none = bitmaps.pop()!, noneBox = boxes.pop()!;
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);
  const n = boxes.length;
  const batch: GlyphBatch = {
    codepoints: new Uint32Array(n),
    metrics: new Float32Array(n * 5),
    alpha: new Uint8Array(bitmaps.reduce((sum, a) => sum + a.length, 0)),
    missing: [],
  };
  let at = 0;
  boxes.forEach((b, i) => {
    batch.codepoints[i] = b.ch.codePointAt(0)!;
    batch.metrics.set([b.w, b.h, b.left, metrics.ascent + b.top, b.advance], i * 5);
    batch.alpha.set(bitmaps[i], at);
    at += bitmaps[i].length;
    if (b.ch.trim() && b.advance === noneBox.advance && same(bitmaps[i], none)) batch.missing.push(b.ch);
  });
  return { size: metrics.size, batch };
}
