// How the element reads one attribute, by its kind in the core's table (generated/attributes.ts,
// from papershelf/attributes.hpp, whose reader `papershelf prerender` uses): the same rules, so
// that a prerendered list is the one the element shows. Absent, a text is undefined (the options
// leave it out); the other kinds have the table's value.
import type { Attribute } from "../generated/attributes.js";

const value = (el: Element, a: Attribute) => el.getAttribute(a[0]);

/** Whether the element has it, whatever its value (as HTML's boolean attributes). */
export function flag(el: Element, a: Attribute<"flag">): boolean {
  return el.hasAttribute(a[0]);
}

/** As written (undefined when absent). */
export function text(el: Element, a: Attribute<"text">): string | undefined {
  return value(el, a) ?? undefined;
}

/** A number, rounded down ("3.7": 3), at most 999999999; anything else: the table's value. */
export function count(el: Element, a: Attribute<"count">): number {
  const v = value(el, a)?.trim() ?? "";
  return /^\d+(\.\d*)?$/.test(v) ? Math.min(Math.floor(Number(v)), 999999999) : Number(a[2]);
}

/** One digit 1 to 6 (spaces around it passed); else 0 (the page decides). */
export function level(el: Element, a: Attribute<"level">): number {
  const v = value(el, a)?.trim() ?? "";
  return /^[1-6]$/.test(v) ? Number(v) : 0;
}

/** One of the choices; absent: the table's value; empty, the attribute's own name or unknown: the first choice. */
export function choice(el: Element, a: Attribute<"choice">): string {
  const v = value(el, a);
  const choices = a[3]!.split("|");
  return v === null ? a[2] : v !== a[0] && choices.includes(v) ? v : choices[0];
}

/** Split at each of the table's separators, each item trimmed, empty ones dropped. */
export function list(el: Element, a: Attribute<"list">): string[] {
  return (value(el, a) ?? "").split(new RegExp(`[${a[3]}]`)).map((s) => s.trim()).filter(Boolean);
}

/** KIND=URL separated by ';' or new lines, each trimmed, KIND lower-cased; an item without KIND= is left out. */
export function links(el: Element, a: Attribute<"links">): { label: string; url: string }[] {
  return (value(el, a) ?? "").split(/[;\n]/).map((s) => s.trim()).flatMap((s) => {
    const eq = s.indexOf("="), kind = s.slice(0, Math.max(eq, 0)).trim();
    return kind ? [{ label: kind.toLowerCase(), url: s.slice(eq + 1).trim() }] : [];
  });
}
