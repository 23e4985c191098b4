// What the element's parts (toolbar, list, panels, profile card, canvas) may ask of the element:
// its data, the visitor's state and the changes to it. The element alone owns these; each part
// owns its own piece of the shadow tree.
import type { FilterEdit, FormatOptions, View } from "../core.js";
import type { AnyLibrary } from "../worker.js";
import type { EventDetails } from "./api.js";
import type { Labels } from "./labels.js";
import type { ShelfParts } from "./shell.js";
import type { VisitorState } from "./url-state.js";

export interface ShelfHost {
  /** The <paper-shelf> itself, and its shadow root. */
  readonly element: HTMLElement;
  readonly root: ShadowRoot;
  readonly parts: ShelfParts;
  /** The labels in effect (English, the language, the overrides). */
  readonly labels: Labels;
  /** The shipped language file the list speaks (undefined: English or a language papershelf does not ship). */
  readonly language: { code: string; text: string } | undefined;
  /** The CSL locale of that language, for citations (fetched at the first; undefined: English). */
  citationLocale(): Promise<{ lang: string; xml: string } | undefined>;
  readonly library: AnyLibrary | undefined;
  /** The view on screen. */
  readonly view: View | undefined;
  /** The visitor's state; a part that changes it then calls commit(). */
  state: VisitorState;
  /** When the visitor last typed a search (performance.now()): the list's tail waits for a pause. */
  lastKeyAt: number;
  /** False once the full core (citations, exports) is known not to load here. */
  readonly formatsOffered: boolean;
  /** How the list's entries are formatted (the element's attributes and the search). */
  formatOptions(): FormatOptions & { maxAuthors: number };
  /** BibTeX fields visitors never get beside the owner's own (`omit-fields`). */
  omitFields(): string[];
  /** The citation styles a visitor may choose, in order (`cite-styles`; "" for all). */
  citeStyles(): string;
  /** Applies a change of the visitor's state: the URL, then the view. */
  commit(typing?: boolean): void;
  /** Applies one edit to the visitor's filter (the core makes it). */
  editFilter(edit: FilterEdit): Promise<void>;
  /** Renders the current state again. */
  refresh(): void;
  emit<K extends keyof EventDetails>(name: K, detail: EventDetails[K]): void;
  /** The full core cannot be loaded: BibTeX, Cite and downloads are no longer offered. */
  withoutFormats(reason: string): void;
  /** Reports a renderer's problem to the owner (console, `diagnostics`, `debug`). */
  problem(source: string, message: string): void;
  /** Settles once the element shows its current data and state. */
  readonly updateComplete: Promise<void>;
}
