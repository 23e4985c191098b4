// Where the browser benchmarks find what ./dev.sh built: the repository, the generator of
// synthetic .bib files, and the web package (PAPERSHELF_DIST: another build of it, to compare).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const gen = join(root, "build", "native", "bench", "papershelf_gen_bib");
export const dist = process.env.PAPERSHELF_DIST ?? join(root, "web", "dist");

/** Exits with the command to run unless the generator, the package and `more` files are built. */
export function requireBuilt(...more) {
  if ([gen, join(dist, "papershelf.js"), ...more].every(existsSync)) return;
  console.error("build first: ./dev.sh test");
  process.exit(1);
}
