// What the element needs to load the canvas renderer on demand: where its files are, and what the
// bundle (papershelf-canvas.mjs) gives once loaded.
import type { CanvasView } from "./canvas.js";
import type { CanvasFactory } from "./canvas-module.js";

/** What papershelf-canvas.mjs exports: the Emscripten factory and this file's bridge, so the
 *  bridge is downloaded with the renderer, not with every embed. */
export interface CanvasBundle {
  default: CanvasFactory;
  CanvasView: typeof CanvasView;
}

/** Where the canvas module comes from (the script tag knows its own URL). */
export interface CanvasAssets {
  load: () => Promise<CanvasBundle>;
  locateFile: (file: string) => string;
}
