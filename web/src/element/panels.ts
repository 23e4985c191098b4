// An entry's BibTeX and Cite panels, its "+N more" authors, the Copy buttons and the files a
// visitor downloads (one entry's, or the shown list's from the toolbar). The core's <details>
// work without JavaScript; here they are filled when first opened, from the full core.
import type { AnyLibrary } from "../worker.js";
import { escapeText } from "./escape.js";
import type { ShelfHost } from "./host.js";

export class Panels {
  #host: ShelfHost;
  #warnedStyles = false;

  constructor(host: ShelfHost) {
    this.#host = host;
    const { list, download } = host.parts;
    list.addEventListener("click", (ev) => void this.#onListClick(ev));
    // (toggle does not bubble: listened for on the way down)
    list.addEventListener("toggle", (ev) => void this.#onToggle(ev), true);
    list.addEventListener("change", (ev) => void this.#onStyleChange(ev));
    download.addEventListener("toggle", () => void this.#fillDownloads());
    download.addEventListener("click", (ev) => void this.#onDownloadClick(ev));
    // Escape closes the download menu, as it does an entry's panels, with focus on its button.
    download.addEventListener("keydown", (ev) => {
      if (ev.key !== "Escape" || !download.open) return;
      download.open = false;
      download.querySelector("summary")?.focus();
      ev.stopPropagation();
    });
  }

  /** The toolbar's download menu says how many records it downloads. */
  /** The full core cannot be loaded here: the download menu goes, and the owner reads why. */
  withoutFormats(reason: string): void {
    console.warn(`papershelf: citations and downloads need papershelf-core-fast.mjs and .wasm beside the script (${reason}); BibTeX and Cite are not offered`);
    const { download } = this.#host.parts;
    download.open = false;
    download.hidden = true;
  }

  labelDownloads(shown: number): void {
    const { download } = this.#host.parts;
    const L = this.#host.labels;
    download.querySelector("summary")!.textContent = L.downloadShown(shown);
    download.hidden = shown === 0 || !this.#host.formatsOffered;
    for (const b of download.querySelectorAll<HTMLButtonElement>("button[data-format]"))
      b.setAttribute("aria-label", L.downloadAs(shown, b.textContent ?? ""));
  }

  /** The record index of a displayed key (-1 if it is not displayed). */
  #indexOfKey(key: string): number {
    const view = this.#host.view!;
    const k = view.keys.indexOf(key);
    return k < 0 ? -1 : view.entries[k];
  }

  async #onListClick(ev: Event): Promise<void> {
    const target = (ev.target as Element).closest("button.ps-copy, button.ps-export");
    const li = target?.closest("li.ps-entry") as HTMLElement | null;
    const lib = this.#host.library;
    if (!target || !li || !lib) return;
    const index = this.#indexOfKey(li.dataset.key ?? "");
    if (target.classList.contains("ps-export")) {
      const format = (target as HTMLElement).dataset.format ?? "bibtex";
      await this.#save(lib, format, [index], li.dataset.key ?? "publication");
      return;
    }
    const panel = target.closest(".ps-panel");
    // The Cite panel copies its citation as plain text (the panel shows it with italics).
    const style = panel?.querySelector<HTMLSelectElement>("select.ps-cite-style")?.value;
    const text = style !== undefined ? await lib.cite(index, style, "text", await this.#host.citationLocale()) : panel?.querySelector("pre")?.textContent ?? "";
    void navigator.clipboard?.writeText(text).then(() => {
      target.textContent = this.#host.labels.copied;
      setTimeout(() => { target.textContent = this.#host.labels.copy; }, 2000);
    }, () => {});
    this.#host.emit("copy", { key: li.dataset.key, text });
  }

  /** The citation style a visitor chose last (on this site), else the core's default. */
  #citeStyle(): string {
    try {
      return localStorage.getItem("papershelf-cite-style") ?? "";
    } catch {
      return "";  // (storage blocked: the default)
    }
  }

  /** Another style in a Cite panel: its citation, and the choice remembered. */
  async #onStyleChange(ev: Event): Promise<void> {
    const select = ev.target as HTMLSelectElement;
    const li = select.closest?.("li.ps-entry") as HTMLElement | null;
    const lib = this.#host.library;
    if (!select.classList?.contains("ps-cite-style") || !li || !lib) return;
    try {
      localStorage.setItem("papershelf-cite-style", select.value);
    } catch { /* storage blocked: not remembered */ }
    const html = await lib.cite(this.#indexOfKey(li.dataset.key ?? ""), select.value, "html", await this.#host.citationLocale());
    const out = select.closest(".ps-panel")?.querySelector(".ps-citation");
    if (out) out.innerHTML = html;  // (the core's escaped citation HTML)
  }

  /** The export formats, from the core, the first time the download menu opens. */
  async #fillDownloads(): Promise<void> {
    const { download } = this.#host.parts;
    const box = download.querySelector(".ps-download-formats")!;
    const lib = this.#host.library;
    if (!download.open || box.childElementCount || !lib) return;
    try {
      const formats = await lib.formats();
      box.innerHTML = formats.exports.map((f) => `<button type="button" class="ps-action" data-format="${escapeText(f.name)}">${escapeText(f.label)}</button>`).join("");
      this.labelDownloads(this.#host.view?.entries.length ?? 0);
    } catch (err) {
      this.#host.withoutFormats((err as Error).message);
    }
  }

  async #onDownloadClick(ev: Event): Promise<void> {
    const button = (ev.target as Element).closest?.("button[data-format]") as HTMLElement | null;
    const lib = this.#host.library;
    const view = this.#host.view;
    if (!button || !lib || !view) return;
    await this.#save(lib, button.dataset.format ?? "bibtex", view.entries, this.#host.element.id || "publications");
  }

  /** Saves records as a file (the BibTeX a visitor should get). */
  async #save(lib: AnyLibrary, format: string, indices: readonly number[], name: string): Promise<void> {
    try {
      const [text, formats] = await Promise.all([lib.export(format, { indices, forVisitors: true, omitFields: this.#host.omitFields() }), lib.formats()]);
      const info = formats.exports.find((f) => f.name === format);
      const url = URL.createObjectURL(new Blob([text], { type: `${info?.mediaType ?? "text/plain"};charset=utf-8` }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `${name.replace(/[^\w.-]+/g, "-")}.${info?.extension ?? "txt"}`;
      a.hidden = true;
      this.#host.parts.download.append(a);  // (inside the element: the host page's document is not touched)
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      console.error(`papershelf: the download could not be made (${(err as Error).message})`);
    }
  }

  /**
   * A panel or "+N more" opened: the BibTeX and Cite panels are filled when first opened (with
   * a Copy button), and "+N more" shows the whole author list in order, with focus on it.
   */
  async #onToggle(ev: Event): Promise<void> {
    const details = ev.target as HTMLDetailsElement;
    const li = details.closest?.("li.ps-entry") as HTMLElement | null;
    const host = this.#host;
    const lib = host.library;
    if (!details.open || !li || !lib) return;
    const index = this.#indexOfKey(li.dataset.key ?? "");
    if (index < 0) return;
    if (details.classList.contains("ps-more-authors")) {
      const [html] = await lib.html([index], { ...host.formatOptions(), maxAuthors: 0 });
      const tmp = document.createElement("template");
      tmp.innerHTML = html;
      const authors = tmp.content.querySelector<HTMLElement>(".ps-authors");
      if (!authors) return;
      authors.tabIndex = -1;
      li.querySelector(".ps-authors")?.replaceWith(authors);
      authors.focus();
      return;
    }
    const panel = details.dataset.panel;
    if (!panel || details.querySelector(".ps-panel")) return;
    const div = document.createElement("div");
    div.className = "ps-panel";
    const L = host.labels;
    try {
      if (panel === "bibtex") {
        const text = await lib.export("bibtex", { indices: [index], forVisitors: true, omitFields: host.omitFields() });
        div.innerHTML = `<pre>${escapeText(text)}</pre><button type="button" class="ps-action ps-copy">${escapeText(L.copy)}</button>`;
      } else {
        // Cite: the styles (the owner's `cite-styles`, else all) and the files, from the core;
        // the last style chosen is kept.
        const formats = await lib.formats(host.citeStyles());
        if (formats.unknown?.length && !this.#warnedStyles) {
          this.#warnedStyles = true;  // (the owner's mistake, said once, in the console)
          const all = (await lib.formats()).styles.map((f) => f.name).join(", ");
          console.warn(`papershelf: cite-styles: ${formats.unknown.map((n) => `"${n}"`).join(", ")} ${formats.unknown.length > 1 ? "are not citation styles" : "is not a citation style"} (the styles: ${all})`);
        }
        const remembered = this.#citeStyle();
        const style = formats.styles.some((f) => f.name === remembered) ? remembered : formats.styles[0]?.name ?? "";
        const html = await lib.cite(index, style, "html", await host.citationLocale());
        const options = formats.styles.map((f) => `<option value="${escapeText(f.name)}"${f.name === style ? " selected" : ""}>${escapeText(L.citationStyles[f.name] ?? f.label)}</option>`).join("");
        const files = formats.exports.map((f) => `<button type="button" class="ps-action ps-export" data-format="${escapeText(f.name)}">${escapeText(f.label)}</button>`).join("");
        div.classList.add("ps-cite-panel");
        div.innerHTML = `<p class="ps-citation" dir="auto" aria-live="polite">${html}</p><div class="ps-cite-tools"><label class="ps-cite-label">${escapeText(L.citationStyle)} <select class="ps-cite-style">${options}</select></label><button type="button" class="ps-action ps-copy">${escapeText(L.copy)}</button><span class="ps-cite-files" role="group" aria-labelledby="ps-dl-${index}"><span class="ps-cite-label" id="ps-dl-${index}">${escapeText(L.download)}</span>${files}</span></div>`;
      }
    } catch (err) {
      details.open = false;
      host.withoutFormats((err as Error).message);
      return;
    }
    if (details.querySelector(".ps-panel")) return;  // another toggle filled it meanwhile
    details.append(div);
  }
}
