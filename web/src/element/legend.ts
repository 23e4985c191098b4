// The line that explains the authors' marks (*, †, ‡): the `legend` attribute's meanings, else
// the data's; only the marks the view shows.
import type { View } from "../core.js";
import { escapeText } from "./escape.js";

export function renderLegend(box: HTMLElement, attribute: string | null, fromData: readonly { symbol: string; meaning: string }[], view: View): void {
  const entries = attribute
    ? attribute.split(/[;\n]/).map((s) => {
        // (as the core reads it for prerender: parse_legend)
        const at = s.search(/[=:]/);
        return { symbol: (at < 0 ? s : s.slice(0, at)).trim(), meaning: at < 0 ? "" : s.slice(at + 1).trim() };
      })
    : fromData;
  const marks = new Set([...view.marks]);
  const used = entries.filter((e) => e.symbol && [...e.symbol].every((c) => marks.has(c)));
  box.hidden = used.length === 0;
  box.innerHTML = used.map((e) => `<span class="ps-legend-item" dir="auto"><sup>${escapeText(e.symbol)}</sup> ${escapeText(e.meaning)}</span>`).join(" ");
}
