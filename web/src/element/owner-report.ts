// What the owner of the page is told: the data's problems (line:column), a failed download, a
// refused `data`, a query the core could not apply, a renderer that could not start. Visitors
// never see these; the owner reads them in the console, `diagnostics` and the `debug` panel.
import type { Diagnostic } from "../core.js";
import { escapeText } from "./escape.js";
import { LABEL_PROBLEMS, type Labels } from "./labels.js";

// (All of the element's own are the page's: its src, its data, its attributes and labels, what
// its renderers could not do there.)
function problem(source: string, severity: "error" | "warning", message: string): Diagnostic {
  return { source, line: 0, column: 0, severity, kind: "page", message, text: `${source}: ${severity}: ${message}` };
}

export class OwnerReport {
  /** Why the data could not be loaded (a failed download). */
  load: Diagnostic[] = [];
  /** Why the last value given to `data` was refused. */
  data: Diagnostic[] = [];
  /** What the renderers and the core reported (a canvas without WebGL, a core that died). */
  #renderer: Diagnostic[] = [];
  /** What the core said of the current query and attributes (a bad sort key, an unsafe base). */
  #query: Diagnostic[] = [];

  /** Everything, the data's own problems first. */
  all(data: readonly Diagnostic[]): Diagnostic[] {
    return [...data, ...this.load, ...this.data, ...this.#query, ...this.#renderer, ...LABEL_PROBLEMS];
  }

  /** A failed download or a refused `data`: told in the console now. */
  failed(source: string, message: string, onto: "load" | "data"): void {
    const d = problem(source, "error", message);
    if (onto === "load") { this.load = [d]; console.error(`papershelf: ${message}`); }
    else { this.data.push(d); console.warn(`papershelf: ${message}`); }
  }

  renderer(source: string, severity: "error" | "warning", message: string): void {
    this.#renderer.push(problem(source, severity, message));
    if (severity === "error") console.error(`papershelf: ${message}`);
    else console.warn(`papershelf: ${source}: ${message}`);
  }

  /** The query's problems, told once each time they change. For the owner only: the query may
   *  come from a link anyone can send. */
  query(errors: string[]): void {
    if (errors.join("\n") === this.#query.map((d) => d.message).join("\n")) return;
    this.#query = errors.map((message) => problem("query", "warning", message));
    for (const d of this.#query) console.warn(`papershelf: ${d.text}`);
  }

  /** The data's problems, in the console once they are read. */
  static tell(problems: readonly Diagnostic[], source: string): void {
    if (!problems.length) return;
    const shown = problems.slice(0, 20).map((d) => d.text).join("\n");
    console.warn(`papershelf: ${problems.length} problem${problems.length === 1 ? "" : "s"} in ${source} (the element's diagnostics property has them all; ` +
      `its debug attribute lists them on the page):\n${shown}${problems.length > 20 ? `\n… and ${problems.length - 20} more` : ""}`);
  }

  /** The problems panel: only with the `debug` attribute (the owner's view of the page). */
  show(box: HTMLElement, debug: boolean, data: readonly Diagnostic[], L: Labels): void {
    const d = [...data, ...this.load, ...this.data, ...this.#renderer];
    box.hidden = d.length === 0 || !debug;
    if (box.hidden) { box.innerHTML = ""; return; }
    box.innerHTML = `<details class="ps-diagnostics"${d.some((x) => x.severity === "error") ? " open" : ""}><summary>${escapeText(L.problems(d.length))}</summary><ul>${d
      .map((x) => `<li class="ps-diagnostic ps-${x.severity}"><code>${escapeText(`${x.line}:${x.column}`)}</code> ${escapeText(x.severity)}: ${escapeText(x.message)}</li>`)
      .join("")}</ul></details>`;
  }
}
