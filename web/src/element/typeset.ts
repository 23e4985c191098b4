// Math in titles and abstracts: Unicode where Unicode can say it, typeset by the page's own KaTeX
// or MathJax where the page has one, and then only typesetting kept of what it made.
import { pageQueryAll } from "./page-document.js";

/**
 * The classes and ids KaTeX (0.16 to 0.19) and MathJax 3 give what they make of the math the core
 * lets through (latex::typesettable): KaTeX's own names, MathJax's `MathJax`, `mjx-`, `MJX-`.
 */
const TYPESETTER_OWN = /^(katex.*|mjx-.*|MJX-.*|MathJax|MathML-Unit|CtxtMenu_\w+|(reset-)?size\d+|(math|text)[a-z]*|m(bin|close|frac|inner|op|open|ord|punct|rel|space|supsub|tight)|vlist(-[rst]2?)?|(accent|overline|underline)(-[a-z]+)?|allowbreak|amsrm|base|boldsymbol|delim(center|sizing)|fix|frac-line|hide-tail|inner|large-op|[lr]lap|newline|nobreak|nulldelimiter|op-(limits|symbol)|overlay|pstrut|root|rule|sizing|small-op|sqrt|strut|svg-align|thinbox|vbox)$/;
/** Attribute values a browser would fetch from (CSS escapes can spell `url(` too). */
const FETCHES = /url\(|image(-set)?\(|src\(|@import|expression\(|\\/i;
/** Attributes that link, load or run something (href, xlink:href, src, on*...). */
const LINKS = /^on|^(src|srcset|srcdoc|action|formaction|ping|poster|background|data)$|href$/i;

/**
 * Keeps only typesetting in what the page's KaTeX or MathJax made of one math span: no link (an
 * <a> leaves its content; only MathJax's `<use href="#glyph">` keeps a reference, to the same
 * document), no attribute that fetches, runs or links, no class or id but the typesetter's own,
 * no script or style element. The core hands the typesetter only math it reads, so this is the
 * second line: MathJax 3 makes \href a javascript: link, \style and \color CSS that fetches, and
 * \class and \cssId the element's own classes and ids, from data.
 */
function keepTypesetting(root: Element): void {
  for (const e of root.querySelectorAll("*")) {
    if (e.localName === "a") e.replaceWith(...e.childNodes);
    if (/^(script|style)$/.test(e.localName)) e.remove();
    for (const { name, value } of [...e.attributes]) {
      const own = name === "class" ? value.split(/\s+/).filter((c) => TYPESETTER_OWN.test(c)).join(" ") : value;
      if (FETCHES.test(value) || (LINKS.test(name) && !(e.localName === "use" && value[0] === "#")) ||
          (name === "id" && !value.startsWith("MJX-")) || (name === "class" && !own)) e.removeAttribute(name);
      else if (own !== value) e.setAttribute(name, own);
    }
  }
}

/** Shadow roots that already link the page's KaTeX stylesheet. */
const styledRoots = new WeakSet<ShadowRoot>();

/**
 * Typesets the math spans under `root` (in the shadow root `shadow`): a page that loads KaTeX
 * (or MathJax with SVG output) gets them typeset from the TeX the core keeps in data-tex.
 * KaTeX's stylesheet, linked by the page, is linked into the shadow root too. If anything
 * fails, the Unicode text stays.
 */
export function typesetMath(root: ParentNode, shadow: ShadowRoot): void {
  const spans = root.querySelectorAll<HTMLElement>(".ps-math[data-tex]");
  if (!spans.length) return;
  const page = window as unknown as { katex?: { render(tex: string, el: HTMLElement, o: object): void }; MathJax?: { tex2svg?(tex: string, o: object): Element } };
  if (!page.katex?.render && !page.MathJax?.tex2svg) return;
  if (page.katex?.render && !styledRoots.has(shadow)) {
    styledRoots.add(shadow);
    for (const link of pageQueryAll<HTMLLinkElement>('link[rel="stylesheet"][href*="katex" i]')) shadow.append(link.cloneNode());
  }
  for (const span of spans) {
    const tex = span.dataset.tex ?? "";
    const unicode = [...span.childNodes];
    try {
      if (page.katex?.render) page.katex.render(tex, span, { throwOnError: false, displayMode: false });
      else span.replaceChildren(page.MathJax!.tex2svg!(tex, { display: false }));
      keepTypesetting(span);
    } catch {
      span.replaceChildren(...unicode);  // (nothing half typeset or unchecked stays)
    }
  }
}
