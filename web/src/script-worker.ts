// The Web Worker that reads large files for the script tag's elements (papershelf-worker.js,
// beside papershelf.js): with the -O3 core (papershelf-core-fast), worth its larger download for a
// large file, or where that cannot be loaded, the card core (the element may show a card).
import { makeLoader } from "./core.js";
import { coresBeside } from "./cores-beside.js";
import { serveLibrary, type WorkerScope } from "./worker.js";

const { cores, full } = coresBeside((file: string) => new URL(file, self.location.href).href);
serveLibrary(self as unknown as WorkerScope, makeLoader(async () => {
  try {
    return await full();
  } catch {
    return (await cores.card()).core;
  }
}));
