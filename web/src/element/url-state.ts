// The visitor's state in the page's URL hash, as `id:name=value` pairs beside other elements' (and
// anything else the page keeps there): a link shares a search, and Back undoes a change.
import type { View } from "../core.js";
import { pageQueryAll } from "./page-document.js";

/** What a visitor chooses (the page author's `filter` is the scope, never here). */
export interface VisitorState { search: string; filter: string; sort: string; group: string }
export const STATE_NAMES = ["search", "filter", "sort", "group"] as const;

/** A link's state as the core applied it: what it did not know (reported in `errors`) is dropped
 *  from `state`, so no control shows a link's own words. True when `state` changed. */
export function keepApplied(state: VisitorState, applied: VisitorState): boolean {
  let changed = false;
  for (const name of STATE_NAMES) {
    const asked = state[name];
    if (asked && asked !== applied[name] && !(name === "group" && applied[name] === "none" && asked === "")) {
      state[name] = applied[name];
      changed = true;
    }
  }
  return changed;
}

/** ms without a key before a run of keystrokes is written to the URL (and the rest of a list rendered). */
export const TYPING_PAUSE = 400;

/** The hash's `name=value` pairs, in order (a bare fragment such as a deep link has none). */
function hashParams(): [string, string][] {
  return location.hash.slice(1).split("&").filter((p) => p.includes("=")).map((p) => {
    const eq = p.indexOf("=");
    return [hashDecode(p.slice(0, eq)), hashDecode(p.slice(eq + 1))];
  });
}
/** Percent-encodes once, leaving what reads well in an address bar (`year:2023,2024`, `+` for a space). */
function hashEncode(s: string): string {
  return encodeURIComponent(s).replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%2F/g, "/").replace(/%20/g, "+");
}
export function hashDecode(s: string): string {
  try { return decodeURIComponent(s.replace(/\+/g, " ")); } catch { return s; }
}

/** The entry of `view` (its position there) that the URL's fragment links to: `#ps-KEY`, the id
 *  each entry has in the static list, or `#KEY`; -1 for none (or for the visitor's state). */
export function linkedEntry(view: View): number {
  const fragment = hashDecode(location.hash.slice(1));
  if (!fragment || fragment.includes("=")) return -1;
  const k = view.keys.indexOf(fragment);
  return k < 0 && fragment.startsWith("ps-") ? view.keys.indexOf(fragment.slice(3)) : k;
}

/** One element's pairs in the hash. */
export class UrlState {
  #element: HTMLElement;
  /** The last state change was typing in the search box: further keys replace its history entry. */
  #typing = false;
  /** The pending URL write of the last keystrokes, and whether it starts a history entry. */
  #typedHash?: ReturnType<typeof setTimeout>;
  #typedHashPush = false;

  constructor(element: HTMLElement) { this.#element = element; }

  /**
   * The element's name in the URL hash: its id, or "ps" when it is the page's only
   * <paper-shelf>. Several elements without ids keep no URL state rather than share one name.
   */
  #key(): string | undefined {
    if (this.#element.id) return this.#element.id;
    return pageQueryAll("paper-shelf").length === 1 ? "ps" : undefined;
  }

  /** The state the hash holds (`defaults` for what it leaves out), and whether it held any;
   *  undefined where the element keeps no URL state. */
  read(defaults: VisitorState): { state: VisitorState; fromLink: boolean } | undefined {
    const key = this.#key();
    if (!key) return undefined;
    const mine = hashParams().filter(([k]) => k.startsWith(`${key}:`));
    const saved = new Map(mine.map(([k, v]) => [k.slice(key.length + 1), v]));
    const state = { ...defaults };
    for (const name of STATE_NAMES) state[name] = saved.get(name) ?? defaults[name];
    return { state, fromLink: mine.length > 0 };
  }

  /**
   * Writes the state into the hash, leaving out what equals `defaults` (other elements' pairs are
   * kept). A change is a history entry (`push`), so Back undoes it.
   */
  write(state: VisitorState, defaults: VisitorState, push = true): void {
    const key = this.#key();
    if (!key) return;
    const pairs = hashParams().filter(([k]) => !k.startsWith(`${key}:`));
    for (const name of STATE_NAMES)
      if (state[name] && state[name] !== defaults[name]) pairs.push([`${key}:${name}`, state[name]]);
    const hash = pairs.map(([k, v]) => `${hashEncode(k)}=${hashEncode(v)}`).join("&");
    const url = hash ? `#${hash}` : location.pathname + location.search;
    if (`#${hash}` === location.hash || (!hash && !location.hash)) return;
    if (push) history.pushState(null, "", url);
    else history.replaceState(null, "", url);
  }

  /** Records a change of the visitor's state: a new history entry unless it continues a run of
   *  keystrokes. A keystroke's URL is written when typing pauses: history.pushState and
   *  replaceState cost 5-7 ms each, in the frame that the key is waiting for. */
  record(state: () => VisitorState, defaults: () => VisitorState, typing: boolean): void {
    const push = !(typing && this.#typing) || this.#typedHashPush;
    this.#typing = typing;
    this.cancelTyped();
    if (typing) {
      this.#typedHashPush = push;
      this.#typedHash = setTimeout(() => { this.#typedHash = undefined; this.#typedHashPush = false; this.write(state(), defaults(), push); }, TYPING_PAUSE);
    } else {
      this.write(state(), defaults(), push);
    }
  }
  /** Drops a keystroke's pending write (the URL the visitor went to wins over it). */
  cancelTyped(): void {
    if (this.#typedHash === undefined) return;
    clearTimeout(this.#typedHash);
    this.#typedHash = undefined;
    this.#typedHashPush = false;
  }
}
