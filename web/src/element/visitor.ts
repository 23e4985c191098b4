// The visitor's state (search, filter, sort, group) as the element keeps it: set by the
// attributes, read from a link (the URL hash), changed by the parts, its filter's edits held until
// the core has applied them, and each change written back to the URL (url-state.ts).
import type { FilterEdit, View } from "../core.js";
import { stateDefaults } from "./options.js";
import { keepApplied, STATE_NAMES, UrlState, type VisitorState } from "./url-state.js";

/** What one query asks of the state: the edits to make, and whether it came from a link. */
export interface StateRequest { edits: FilterEdit[]; fromLink: boolean }

export class Visitor {
  #element: HTMLElement;
  #url: UrlState;
  #state: VisitorState = { search: "", filter: "", sort: "", group: "" };
  /** The state was read from the URL hash and not yet checked by the core (see QueryOptions.fromLink). */
  #fromLink = false;
  /** Edits made to the visitor's filter that no answer has applied yet. */
  #edits: FilterEdit[] = [];

  constructor(element: HTMLElement) {
    this.#element = element;
    this.#url = new UrlState(element);
  }

  get state(): VisitorState { return this.#state; }
  set state(value: VisitorState) {
    this.#state = value;
    this.#edits = [];  // (a whole new state: edits to the one before are void)
  }

  /** The state the attributes set (the URL keeps only what differs). */
  #set(): VisitorState { return stateDefaults(this.#element); }

  /** The state as the attributes set it. */
  reset(): void { this.state = this.#set(); }

  /** Reads the URL hash (a link, Back or Forward); returns whether the state changed. */
  readHash(): boolean {
    const before = JSON.stringify(this.#state);
    const read = this.#url.read(this.#set());
    if (read) {
      this.#state = read.state;
      this.#fromLink = read.fromLink;
    }
    return JSON.stringify(this.#state) !== before;
  }

  /** A keystroke's URL still to be written is not (the URL the visitor went to wins). */
  cancelTyped(): void { this.#url.cancelTyped(); }

  /** Writes a change to the URL: a history entry, unless it continues a run of keystrokes. */
  record(typing: boolean): void { this.#url.record(() => this.#state, () => this.#set(), typing); }

  /** One more edit to the filter, for the next query to make. */
  edit(edit: FilterEdit): void { this.#edits.push(edit); }

  /** What the next query asks. */
  request(): StateRequest { return { edits: [...this.#edits], fromLink: this.#fromLink }; }

  /** The core answered `request` with `view`: the edits it made are the filter now (committed like
   *  any change), and of a link's state what the core kept stays in the URL. */
  answered(view: View, request: StateRequest): void {
    if (request.edits.length) {
      this.#edits.splice(0, request.edits.length);
      this.#state.filter = view.applied.filter;
      this.record(false);
    }
    if (request.fromLink) {
      this.#fromLink = false;
      if (keepApplied(this.#state, view.applied)) this.#url.write(this.#state, this.#set(), false);
    }
  }

  /** Whether the state is the one the page set (a prerendered list shows that one). */
  asSet(): boolean {
    const set = this.#set();
    return STATE_NAMES.every((name) => this.#state[name] === set[name]);
  }

  /** Back to the attributes' state, the URL's too (its hash may be what broke the core). */
  clear(): void {
    this.reset();
    this.#url.write(this.#state, this.#set(), false);
  }
}
