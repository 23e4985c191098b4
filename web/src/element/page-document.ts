// The page's document read through the DOM's own getters and methods, not as `document.name`:
// markup a page lets in (a comment, a CMS's "safe" HTML) such as
// <img name="currentScript" src="https://elsewhere/x.png"> or <form name="querySelectorAll"> is a
// named property of `document` that hides the member of that name ("DOM clobbering"). Read here is
// what decides where papershelf loads code and data from, and what would stop it if hidden.
// (Looked up at each call: the worker's bundle imports this module's neighbours, and has no Document.)

const getter = <T>(proto: object, name: string): T =>
  (Object.getOwnPropertyDescriptor(proto, name)!.get! as () => T).call(document);

/** The classic script running now, or null (a module, a script in a shadow tree, a callback). */
export const currentScript = () => getter<HTMLOrSVGScriptElement | null>(Document.prototype, "currentScript");
/** The base URL that relative addresses in the page resolve against. */
export const pageBase = () => getter<string>(Node.prototype, "baseURI");
export const readyState = () => getter<DocumentReadyState>(Document.prototype, "readyState");
/** The page's <body> (or its root element where it has none). */
export const pageBody = (): HTMLElement => getter<HTMLElement | null>(Document.prototype, "body") ?? getter<HTMLElement>(Document.prototype, "documentElement");
/** A walker over the page's elements from `root`. */
export const pageWalker = (root: Node): TreeWalker => Document.prototype.createTreeWalker.call(document, root, NodeFilter.SHOW_ELEMENT);

export function pageQueryAll<E extends Element = Element>(selector: string): E[] {
  return [...(Document.prototype.querySelectorAll.call(document, selector) as NodeListOf<E>)];
}

/**
 * The members of `document` that the page's markup hides under its elements' names (an
 * <img name="currentScript">), for the owner's console: papershelf reads none of them, but
 * markup that names them is seldom the owner's.
 */
export function clobberedNames(): string[] {
  return Object.getOwnPropertyNames(document).filter((name) => {
    if (!(name in Document.prototype)) return false;
    const value: unknown = Reflect.get(document, name);
    return value instanceof Element || value instanceof HTMLCollection || (value as Window | null)?.window === value;
  });
}
