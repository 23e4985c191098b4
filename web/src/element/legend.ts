// The line that explains the authors' marks (*, †, ‡): the `legend` attribute's meanings (as the
// core reads them), else the data's; only the marks the view shows.
import type { LegendEntry, View } from "../core.js";
import { escapeText } from "./escape.js";

export function renderLegend(box: HTMLElement, entries: readonly LegendEntry[], view: View): void {
  const marks = new Set([...view.marks]);
  const used = entries.filter((e) => e.symbol && [...e.symbol].every((c) => marks.has(c)));
  box.hidden = used.length === 0;
  box.innerHTML = used.map((e) => `<span class="ps-legend-item" dir="auto"><sup>${escapeText(e.symbol)}</sup> ${escapeText(e.meaning)}</span>`).join(" ");
}
