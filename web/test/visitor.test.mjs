// What a visitor of the homepage gets, in Debian's Chromium: the host page left alone, no
// developer messages, as much UI as the list needs, a URL that can be shared, Back that undoes,
// links to one paper. Needs the built site (./dev.sh builds build/site before the tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { live as takeOver, open, painted, ready, settled } from "./support/browser.mjs";
import { useSite, shadow } from "./support/site.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const css = readFileSync(join(here, "..", "src", "papershelf.css"), "utf8");
const bibText = readFileSync(join(here, "..", "..", "examples", "homepage", "papers.bib"), "utf8");
// Counted independently of the parser: entries, and those marked selected.
const exampleCount = (bibText.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;
const selectedCount = (bibText.match(/^\s*selected\s*=\s*\{true\}/gim) ?? []).length;

const env = useSite();
const html = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><link rel="icon" href="data:,"></head>
<body><script src="/papershelf.js"></script>${body}</body></html>`;
const bib = (n, extra = () => "") => Array.from({ length: n }, (_, i) =>
  `@article{p${i}, title={Paper ${i}}, author={Doe, Jane and Roe, Rich}, journal={J${i % 3}}, year=${2015 + (i % 6)}${extra(i)}}`).join("\n");
const inline = (attrs, data) => `<paper-shelf ${attrs}><script type="text/x-bibtex">\n${data}\n</script></paper-shelf>`;
const visible = (page, sel) => page.evaluate((s) => {
  const [host, inner] = s.split(" >> ");
  return [...document.querySelector(host).shadowRoot.querySelectorAll(inner)].filter((el) => el.getClientRects().length > 0).length;
}, sel);

// A computed colour as rgb(r, g, b): relative colours compute to color(srgb r g b) in 0-1.
const asRgb = (css) => {
  const m = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(css);
  return m ? `rgb(${m.slice(1).map((v) => Math.round(v * 255)).join(", ")})` : css;
};

test("papershelf.css styles nothing of the host page: every selector names a ps- class, :host or the element", () => {
  const rules = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/@(media|supports)[^{]*\{/g, "");
  const selectors = [...rules.matchAll(/([^{}]+)\{[^{}]*\}/g)].flatMap((m) => m[1].split(",")).map((s) => s.trim()).filter(Boolean);
  assert.ok(selectors.length > 50, `${selectors.length} selectors found`);
  // The first compound selector of each must be one of papershelf's own: a ps- class or :host.
  const unscoped = selectors.filter((sel) => !/^(paper-shelf[:[]|[\w-]*(\.ps-|:host))/.test(sel.split(/[\s>+~]/)[0]));
  assert.deepEqual(unscoped, []);
});

test("the host page keeps its own focus ring and marks with the stylesheet linked", async () => {
  const page = await env.browser.context.newPage();
  const probe = async () => {
    await page.keyboard.press("Tab");  // keyboard focus: :focus-visible applies
    return page.evaluate(() => {
      const a = document.activeElement, m = getComputedStyle(document.querySelector("mark"));
      const s = getComputedStyle(a);
      return { id: a.id, outline: `${s.outlineStyle} ${s.outlineColor} ${s.outlineWidth} ${s.outlineOffset}`, mark: m.backgroundColor };
    });
  };
  env.server.pages.set("/visitor/host-plain.html", { body: `<!doctype html><title>t</title><link rel="icon" href="data:,"><a id="home" href="#x">Home</a> <mark>m</mark>` });
  env.server.pages.set("/visitor/host-styled.html", { body: `<!doctype html><title>t</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/papershelf.css"><a id="home" href="#x">Home</a> <mark>m</mark>` });
  await page.goto(`${env.server.url}/visitor/host-plain.html`);
  const plain = await probe();
  await page.goto(`${env.server.url}/visitor/host-styled.html`);
  await page.waitForFunction(() => document.styleSheets.length > 0);
  const styled = await probe();
  assert.equal(plain.id, "home");
  assert.deepEqual(styled, plain);
  await page.close();
});

test("a visitor sees no developer messages; the owner gets them in the console, diagnostics and with debug", async () => {
  env.server.pages.set("/visitor/broken.html", { body: html(`
${inline('id="quiet"', "@article{good1, title={First}, author={A, B}, year=2020}\n@article{bad, title={Unclosed, author={C, D}, year=2021\n@article{good2, title={Second}, author={E, F}, year=2022}")}
${inline('id="loud" debug', "@article{good1, title={First}, author={A, B}, year=2020}\n@article{bad, title={Unclosed, author={C, D}, year=2021")}
<paper-shelf id="missing" src="nope.bib"></paper-shelf>
<paper-shelf id="prerendered" src="gone.bib"><ol class="ps-list"><li class="ps-entry" id="kept">A paper rendered ahead of time</li></ol></paper-shelf>
<paper-shelf id="empty" src="/visitor/empty.bib"></paper-shelf>`) });
  env.server.pages.set("/visitor/empty.bib", { body: "% nothing here yet\n", headers: { "content-type": "text/plain" } });
  const page = await env.browser.context.newPage();
  const console = [];
  page.on("console", (m) => console.push(`${m.type()}: ${m.text()}`));
  await page.goto(`${env.server.url}/visitor/broken.html`);
  for (const id of ["quiet", "loud", "missing", "prerendered", "empty"]) await ready(page, `#${id}`);

  // The valid entries are shown (the broken one lost its title to the unclosed brace, so it is
  // no publication to list) and nothing about the problem, to a visitor...
  assert.deepEqual((await settled(page, "#quiet")).sort(), ["good1", "good2"]);
  assert.equal(await visible(page, "#quiet >> .ps-problems, .ps-diagnostics, .ps-error"), 0);
  assert.doesNotMatch(await page.locator("#quiet").evaluate((el) => el.shadowRoot.textContent), /unclosed|\d+:\d+/i);
  // ...while the owner has it in diagnostics and the console, and on the page with `debug`.
  assert.ok(await page.locator("#quiet").evaluate((el) => el.diagnostics.some((d) => d.severity === "error" && d.line > 0)));
  assert.ok(console.some((t) => /^warning: papershelf: \d+ problems? in inline/.test(t) && /\d+:\d+/.test(t)), console.join("\n"));
  assert.match(await page.locator("#loud >> .ps-problems").textContent(), /\d+:\d+ error/);
  assert.ok(await page.locator("#loud >> .ps-problems").isVisible());

  // A download that fails: one neutral line and no toolbar; the reason for the owner only.
  assert.equal(await page.locator("#missing >> .ps-error").textContent(), "Publications could not be loaded.");
  assert.equal(await visible(page, "#missing >> select, input, button, .ps-count"), 0);
  assert.ok(console.some((t) => /^error: papershelf: could not load nope\.bib: HTTP 404/.test(t)), console.join("\n"));
  assert.match(await page.locator("#missing").evaluate((el) => el.diagnostics.map((d) => d.message).join()), /nope\.bib: HTTP 404/);
  // With a list prerendered inside, that list is all a visitor sees.
  assert.ok(await page.locator("#kept").isVisible());
  assert.equal(await visible(page, "#prerendered >> .ps-error, select, input"), 0);
  // The same when the download failed before the parser reached the prerendered list.
  await page.evaluate(() => {
    const el = document.createElement("paper-shelf");
    el.id = "late";
    el.setAttribute("src", "also-gone.bib");
    document.body.append(el);
  });
  await ready(page, "#late");
  assert.equal(await page.locator("#late >> .ps-error").isVisible(), true);
  await page.evaluate(() => document.querySelector("#late").insertAdjacentHTML("beforeend", '<ol class="ps-list"><li class="ps-entry" id="late-kept">Parsed late</li></ol>'));
  await page.locator("#late-kept").waitFor();
  assert.equal(await visible(page, "#late >> .ps-error, select, input"), 0);
  // An empty file: a calm line, no toolbar.
  assert.equal(await page.locator("#empty >> .ps-empty").textContent(), "No publications yet.");
  assert.equal(await visible(page, "#empty >> select, input, button, .ps-count"), 0);
  await page.close();
});

test("controls: none for a short list, search or full on request, and no control that can do nothing", async () => {
  env.server.pages.set("/visitor/controls.html", { body: html(`
${inline('id="short"', bib(3))}
${inline('id="search" toolbar="search"', bib(3))}
${inline('id="long"', bib(30, (i) => (i % 7 === 0 ? ", selected={true}" : "")))}
${inline('id="forced" controls="full"', bib(3))}`) });  // (controls: toolbar's older name)
  const { page, errors } = await open(env.browser.context, `${env.server.url}/visitor/controls.html`);
  for (const id of ["short", "search", "long", "forced"]) await ready(page, `#${id}`);
  assert.equal(await visible(page, "#short >> .ps-toolbar"), 0);
  assert.equal(await visible(page, "#short >> .ps-entry"), 3);
  assert.equal(await visible(page, "#search >> input.ps-search"), 1);
  assert.equal(await visible(page, "#search >> select"), 0);
  // The long list: year, venue and "Selected" can narrow it; there are no awards, statuses or
  // types to choose between, and no owner to be first author.
  assert.equal(await visible(page, "#long >> input.ps-search"), 1);
  const shown = (id) => page.evaluate((s) => [...document.querySelector(s).shadowRoot.querySelectorAll(".ps-filters > *")]
    .filter((el) => el.getClientRects().length > 0).map((el) => el.className.replace("ps-f-", "") + (el.querySelector("input")?.className.replace("ps-f-", ":") ?? "")), id);
  assert.deepEqual(await shown("#long"), ["year", "venue", "ps-chip:selected"]);
  assert.deepEqual(await shown("#forced"), ["year", "venue"]);
  // Counts read like numbers.
  assert.equal(await page.locator("#long >> .ps-toolbar .ps-count").textContent(), "30 publications");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page author's filter is a fixed scope: visitor filters narrow it, Clear never removes it", async () => {
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await ready(page);
  await page.evaluate(() => {
    const el = document.querySelector("paper-shelf");
    el.removeAttribute("profile");
    el.setAttribute("filter", "selected");
    el.setAttribute("toolbar", "full");
  });
  let keys = await settled(page);
  assert.equal(keys.length, selectedCount);
  assert.equal(await shadow(page, ".ps-toolbar .ps-count").textContent(), `${selectedCount} publications`);
  // Within the scope, "Selected" cannot narrow anything and is not offered.
  assert.equal(await visible(page, "paper-shelf >> .ps-f-selected"), 0);
  await shadow(page, "input.ps-search").fill("datacenter");
  keys = await settled(page);
  assert.ok(keys.length >= 1 && keys.length < selectedCount, keys.join());
  await shadow(page, "button.ps-clear").click();
  keys = await settled(page);
  assert.equal(keys.length, selectedCount);
  assert.doesNotMatch(decodeURIComponent(page.url()), /filter/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the URL: readable, one entry per change so Back undoes, a deep link scrolls to its paper", async () => {
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await takeOver(page);
  await shadow(page, "select.ps-f-type").selectOption("journal");
  await settled(page);
  assert.match(page.url(), /#publications:filter=type:journal$/);
  await shadow(page, "input.ps-search").pressSequentially("sur");
  await settled(page);
  // Typed text reaches the URL when typing pauses (not in the frame a key waits for).
  assert.match(page.url(), /#publications:filter=type:journal$/);
  await page.waitForURL(/#publications:search=sur&publications:filter=type:journal$/, { timeout: 3000 });
  // Back undoes the typed search in one step, then the filter.
  await page.goBack();
  assert.equal((await settled(page)).length, 1);
  assert.match(page.url(), /#publications:filter=type:journal$/);
  assert.equal(await shadow(page, "input.ps-search").inputValue(), "");
  await page.goBack();
  assert.equal((await settled(page)).length, exampleCount);
  assert.equal(await shadow(page, "select.ps-f-type").inputValue(), "");
  await page.close();

  // A link to one paper (the static list's id for it) brings it into view and marks it.
  const keys = bibText.match(/^@\w+\{([^,]+),/gm).map((l) => l.replace(/^@\w+\{|,$/g, ""));
  const last = (await (async () => {
    const p = await env.browser.context.newPage();
    await p.goto(`${env.server.url}/homepage/`);
    const k = await ready(p);
    await p.close();
    return k;
  })()).at(-1);
  assert.ok(keys.includes(last));
  const deep = await env.browser.context.newPage();
  await deep.setViewportSize({ width: 375, height: 700 });
  await deep.goto(`${env.server.url}/homepage/#ps-${last}`);
  await ready(deep);
  await deep.waitForFunction((k) => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(`li.ps-target[data-key="${k}"]`), last);
  const box = await deep.evaluate((k) => {
    const li = document.querySelector("paper-shelf").shadowRoot.querySelector(`li[data-key="${k}"]`);
    const r = li.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, focused: document.querySelector("paper-shelf").shadowRoot.activeElement === li };
  }, last);
  assert.ok(box.top >= 0 && box.top < 700, JSON.stringify(box));
  assert.ok(box.focused);
  assert.deepEqual(errors, []);
  await deep.close();
});

test("a deep link far down a long list: its paper and screen come first, and the rows above fill in without moving it", async () => {
  // (Before, every row up to the paper was made and laid out in one task: seconds at 20,000.)
  const total = 3000;
  for (const [name, attrs] of [["flat", ""], ["grouped", 'group="year"']]) {
    env.server.pages.set(`/visitor/deep-${name}.html`, { body: html(inline(`toolbar="full" ${attrs}`, bib(total))) });
    const first = await env.browser.context.newPage();
    await first.goto(`${env.server.url}/visitor/deep-${name}.html`);
    const keys = await ready(first);
    await first.close();
    assert.equal(keys.length, total);
    const last = keys.at(-1);
    const { page, errors } = await open(env.browser.context, `${env.server.url}/visitor/deep-${name}.html#ps-${last}`);
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.waitForFunction((k) => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(`li.ps-target[data-key="${k}"]`), last);
    const place = () => page.evaluate((k) => {
      const root = document.querySelector("paper-shelf").shadowRoot;
      const li = root.querySelector(`li[data-key="${k}"]`);
      return { top: Math.round(li.getBoundingClientRect().top), focused: root.activeElement === li, made: root.querySelectorAll("li.ps-entry").length };
    }, last);
    const shown = await place();
    assert.ok(shown.made < total / 2, `${name}: ${shown.made} rows made before the paper was shown`);
    assert.ok(shown.top >= 0 && shown.top < 700 && shown.focused, `${name}: ${JSON.stringify(shown)}`);
    // Every row comes, in the list's order, and the paper stays where the visitor was brought.
    await page.waitForFunction((n) => document.querySelector("paper-shelf")?.shadowRoot?.querySelectorAll("li.ps-entry").length === n, total, { timeout: 60000, polling: 100 });
    assert.deepEqual(await page.evaluate(() => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll("li.ps-entry")].map((li) => li.dataset.key)), keys, name);
    // (within a pixel: the rows above are laid out at fractional heights, which the scroll
    // position corrects to the nearest device pixel)
    const after = await place();
    assert.ok(Math.abs(after.top - shown.top) <= 1 && after.focused && after.made === total, `${name}: ${JSON.stringify({ shown, after })}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("two lists on one page never share URL state; with ids each keeps its own", async () => {
  env.server.pages.set("/visitor/two.html", { body: html(`${inline('toolbar="full"', bib(12))}${inline('toolbar="full"', bib(12))}`) });
  env.server.pages.set("/visitor/two-ids.html", { body: html(`${inline('id="pubs" toolbar="full"', bib(12))}${inline('id="talks" toolbar="full"', bib(12))}`) });
  const { page, errors } = await open(env.browser.context, `${env.server.url}/visitor/two.html`);
  await ready(page, "paper-shelf:nth-of-type(1)");
  await ready(page, "paper-shelf:nth-of-type(2)");
  await page.locator("paper-shelf:nth-of-type(1) >> input.ps-search").fill("Paper 11");
  assert.deepEqual(await settled(page, "paper-shelf:nth-of-type(1)"), ["p11"]);
  assert.equal(new URL(page.url()).hash, "");
  await page.goto(`${env.server.url}/visitor/two-ids.html`);
  await ready(page, "#pubs");
  await ready(page, "#talks");
  await page.locator("#pubs >> input.ps-search").fill("Paper 11");
  await page.locator("#talks >> select.ps-sort").selectOption("title-asc");
  await settled(page, "#pubs");
  await page.waitForFunction(() => {
    const hash = new URLSearchParams(location.hash.slice(1));
    return [...hash.keys()].length === 2 && hash.get("pubs:search") === "Paper 11" && hash.get("talks:sort") === "title-asc";
  }, null, { timeout: 3000 });
  await page.reload();
  assert.deepEqual(await ready(page, "#pubs"), ["p11"]);
  assert.equal((await ready(page, "#talks"))[0], "p0");
  assert.equal(await page.locator("#talks >> select.ps-sort").inputValue(), "title-asc");
  assert.deepEqual(errors, []);
  await page.close();
});

test("every active filter is a chip that removes it, a co-author from the profile card too", async () => {
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await takeOver(page);
  const coauthor = shadow(page, ".ps-top-coauthors button.ps-top-item").first();
  const name = (await coauthor.locator(".ps-top-name").textContent()).trim();
  await coauthor.click();
  const narrowed = await settled(page);
  assert.ok(narrowed.length > 0 && narrowed.length < exampleCount);
  const chip = shadow(page, ".ps-active-filters button.ps-active-chip");
  assert.equal(await chip.count(), 1);
  // The click brought the toolbar into view: the chip that says what filters the list is on screen.
  await painted(page);
  const box = await chip.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= page.viewportSize().height, JSON.stringify(box));
  assert.equal((await chip.textContent()).replace(/\s*×$/, ""), `Co-author: ${name}`);
  assert.equal(await chip.getAttribute("aria-label"), `Remove filter: Co-author: ${name}`);
  await chip.click();
  assert.equal((await settled(page)).length, exampleCount);
  assert.equal(await shadow(page, ".ps-active-filters").isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test("every clause the core reads shows in the controls and survives the next control change; the card says what it counts", async () => {
  // Aliases and ranges as a link may carry them: badge:, years:, owner-first.
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/#publications:filter=badge:SC+years:2021-+owner-first`);
  await ready(page);
  assert.equal(await shadow(page, "select.ps-f-venue").inputValue(), "SC");
  // (an open range: its first year in the year menu, "…" in the To menu beside it)
  assert.equal(await shadow(page, "select.ps-f-year").inputValue(), "2021");
  assert.equal(await shadow(page, "select.ps-f-year-to").inputValue(), "");
  assert.equal(await shadow(page, "input.ps-f-first").isChecked(), true);
  const chips = await shadow(page, ".ps-active-filters button.ps-active-chip").allTextContents();
  assert.deepEqual(chips.map((c) => c.replace(/\s*×$/, "")), ["Year: 2021\u2013", "Venue: SC", "First author"]);
  // The card counts the whole record, and says so while the list is narrowed.
  assert.equal(await shadow(page, ".ps-stats-scope").isVisible(), true);
  assert.match(await shadow(page, ".ps-stats-scope").textContent(), new RegExp(`^Counts for all ${exampleCount} publications$`));
  // A control sets its own clause; the others stay, in the core's canonical form.
  await shadow(page, "select.ps-f-type").selectOption("conference");
  await settled(page);
  assert.match(page.url(), /#publications:filter=year:2021-\+type:conference\+venue:SC\+first-author$/);
  await shadow(page, "input.ps-f-first").uncheck();
  await settled(page);
  assert.match(page.url(), /#publications:filter=year:2021-\+type:conference\+venue:SC$/);
  await shadow(page, "button.ps-clear").click();
  await settled(page);
  assert.equal(await shadow(page, ".ps-stats-scope").isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

// A long list is hundreds of tab stops (links, BibTeX, Cite on every entry): the first stop after
// the toolbar is a button that takes the keyboard past all of them, to what follows the element
// (its next tab stop).
test("the keyboard skips past a long list in one press: focus goes to what follows the element", async () => {
  env.server.pages.set("/visitor/skip.html", { body: html(`${inline('id="long"', bib(60, (i) => `, url={https://example.org/${i}}`))}<button id="after">after</button>`) });
  const { page, errors } = await open(env.browser.context, `${env.server.url}/visitor/skip.html`);
  await ready(page, "#long");
  const active = () => page.evaluate(() => {
    const inner = document.querySelector("#long").shadowRoot.activeElement;
    return document.activeElement?.id === "after" ? "after" : inner ? inner.className || inner.tagName : document.activeElement?.tagName;
  });
  // Where the first entry sits in the element: a skip button that has focus shows over the list,
  // it moves nothing.
  const entryAt = () => page.evaluate(() => {
    const host = document.querySelector("#long");
    return host.shadowRoot.querySelector(".ps-entry").getBoundingClientRect().top - host.getBoundingClientRect().top;
  });
  const before = await entryAt();
  // From the search field, Tab by Tab until the skip button (the toolbar's controls first).
  await page.locator("#long >> input.ps-search").focus();
  let presses = 0;
  for (; presses < 20 && (await active()) !== "ps-skip-list"; presses++) await page.keyboard.press("Tab");
  assert.equal(await active(), "ps-skip-list", `the skip button after ${presses} presses`);
  assert.ok(await shadow(page, ".ps-skip-list").isVisible(), "it shows while it has focus");
  assert.equal(await entryAt(), before, "the list stays where it was while the skip button has focus");
  const first = await page.evaluate(() => document.querySelector("#long").shadowRoot.querySelector(".ps-entry").getBoundingClientRect().top);
  // Without it, Tab goes into the first entry; with Enter, focus is on what follows the element.
  await page.keyboard.press("Enter");
  assert.equal(await active(), "after");
  const landed = await page.evaluate(() => document.querySelector("#after").getBoundingClientRect());
  assert.ok(landed.top >= 0 && landed.bottom <= await page.evaluate(() => innerHeight), `it is in view: ${JSON.stringify(landed)}`);
  // Shift+Tab from there comes back to the list's end, then into its last entry.
  await page.keyboard.press("Shift+Tab");
  assert.equal(await active(), "ps-list-end");
  await page.keyboard.press("Shift+Tab");
  const back = await page.evaluate(() => {
    const root = document.querySelector("#long").shadowRoot;
    return { at: root.activeElement?.closest("li.ps-entry")?.dataset.key, last: [...root.querySelectorAll("li.ps-entry")].at(-1)?.dataset.key };
  });
  assert.ok(back.at && back.at === back.last, `Shift+Tab lands in the last entry: ${JSON.stringify(back)}`);
  assert.ok(first > 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("math is Unicode, and typeset by the page's KaTeX when it has one", async () => {
  const data = "@article{m, title={Bounds for $\\alpha$-stable laws in $O(n \\log n)$}, author={Doe, J.}, year=2020}";
  env.server.pages.set("/visitor/math.html", { body: html(inline('id="plain"', data)) });
  env.server.pages.set("/visitor/katex.html", { body: html(inline('id="typeset"', data)).replace('<script src="/papershelf.js">',
    `<script>window.katex = { render(tex, el) { el.textContent = "[" + tex + "]"; } };</script><script src="/papershelf.js">`) });
  const { page, errors } = await open(env.browser.context, `${env.server.url}/visitor/math.html`);
  await ready(page, "#plain");
  assert.deepEqual(await page.locator("#plain >> .ps-math").allTextContents(), ["α", "O(n log n)"]);
  await page.goto(`${env.server.url}/visitor/katex.html`);
  await ready(page, "#typeset");
  assert.deepEqual(await page.locator("#typeset >> .ps-math").allTextContents(), ["[\\alpha]", "[O(n \\log n)]"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the element adopts the prerendered list, and the live one takes over at the first input, without moving anything (CLS < 0.05 at 375 and 1280 px)", async () => {
  for (const name of ["homepage", "zhisheng-ye"]) for (const width of [375, 1280]) {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() => {
      // Every shift, those just after an input too: the takeover follows the visitor's first one.
      window.__cls = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__cls += e.value; })
        .observe({ type: "layout-shift", buffered: true });
      window.__lcp = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push(e.element ? "page" : "shadow"); })
        .observe({ type: "largest-contentful-paint", buffered: true });
    });
    // (The served page holds the list prerendered by the CLI: examples.test.mjs checks it.)
    await page.goto(`${env.server.url}/${name}/`);
    await ready(page);
    // (Shifts of a frame are reported by the frame after it.)
    const frames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await frames();
    // Adopted: the prerendered list shows, with the live toolbar in the room kept for it; no
    // paint of the element's own is the page's largest (it would come later than the list's).
    assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state), "adopted");
    assert.ok(await page.locator("paper-shelf > .ps-shelf .ps-entry").first().isVisible());
    assert.equal(await page.locator("paper-shelf > .ps-shelf[data-adopted] > .ps-toolbar[role=search] .ps-search").isVisible(), name === "homepage");
    assert.ok(!(await page.evaluate(() => window.__lcp)).includes("shadow"), `${name} at ${width} px: a paint in the element was the largest`);
    assert.ok(await page.evaluate(() => window.__cls) < 0.05, `${name} at ${width} px: CLS ${await page.evaluate(() => window.__cls)} when adopted`);
    // The first input: the live list is in its place, the prerendered one out of sight.
    await takeOver(page);
    await frames();
    const cls = await page.evaluate(() => window.__cls);
    assert.ok(cls < 0.05, `${name} at ${width} px: CLS ${cls}`);
    assert.equal(await page.locator("paper-shelf > .ps-shelf .ps-entry").first().isVisible(), false);
    assert.ok(await shadow(page, ".ps-results .ps-entry").first().isVisible());
    await page.close();
  }
});

test("a press on a statistic of the adopted card filters the list, as on the live card", async () => {
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${env.server.url}/homepage/`);
  await ready(page);
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state), "adopted");
  // The prerendered card's second count ("8 conference papers"): text, until the live card is in place.
  const conference = page.locator("paper-shelf > .ps-shelf .ps-profile .ps-stat-counts > li").nth(1);
  assert.match(await conference.textContent(), /conference/);
  await conference.click();
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-shelf")?.dataset.state === "ready");
  const want = await page.evaluate(() => document.querySelector("paper-shelf").library.query({ filter: "type:conference", owner: "Qinghao Hu; Q. Hu" }).keys);
  await page.waitForFunction((keys) => JSON.stringify(document.querySelector("paper-shelf").visibleKeys) === JSON.stringify(keys), want);
  assert.ok(want.length > 1 && want.length < exampleCount, `${want.length}`);
  assert.equal(await shadow(page, ".ps-profile button.ps-stat-type.ps-type-conference").getAttribute("aria-pressed"), "true");
  await page.close();
});

test("a visitor scrolled past the toolbar: the live list takes over without scrolling the page", async () => {
  for (const width of [375, 1280]) {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${env.server.url}/homepage/`);
    await ready(page);
    const state = () => page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state);
    assert.equal(await state(), "adopted");
    // Where the fourth paper stands in the window (the prerendered list's, then the live one's).
    const fourth = () => page.evaluate(() => {
      const el = document.querySelector("paper-shelf");
      const root = el.shadowRoot.querySelector(".ps-shelf").dataset.state === "adopted" ? el : el.shadowRoot.querySelector(".ps-results");
      return Math.round(root.querySelectorAll(".ps-entry")[3].getBoundingClientRect().top);
    });
    // The scroll is the visitor's first input: it lets the live list take over.
    await page.evaluate(() => scrollTo(0, 1500));
    const before = await fourth();
    await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-shelf")?.dataset.state === "ready");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await page.evaluate(() => scrollY), 1500, `${width} px`);
    assert.ok(Math.abs((await fourth()) - before) <= 1, `${width} px: the fourth paper moved from ${before} to ${await fourth()}`);
    assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").getAttribute("style")), null, "the element's style is left as the page wrote it");
    await page.close();
  }
});

// al-folio's previews: beside their entry at a desktop's width, in a box that is kept while the
// pictures are still on their way (held back here until the list has been measured), so nothing
// moves when they arrive; on a phone none is shown and none is fetched.
test("thumbnails: a box kept before they load, nothing moves when they arrive, none fetched on a phone", async () => {
  for (const width of [1280, 375]) {
    const page = await env.browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      window.__cls = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
        .observe({ type: "layout-shift", buffered: true });
    });
    const requested = [];
    let release;
    const held = new Promise((done) => { release = done; });
    await page.route("**/previews/*.svg", async (route) => { requested.push(route.request().url()); await held; await route.continue(); });
    await page.goto(`${env.server.url}/qizhen-weng/`);
    await takeOver(page);
    // (tops within the list: the page is scrolled for the lazy pictures to load)
    const layout = () => page.evaluate(() => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-results .ps-entry")].map((li) => {
      const img = li.querySelector("img.ps-thumb");
      const box = img?.getBoundingClientRect();
      return { key: li.dataset.key, top: Math.round(li.getBoundingClientRect().top - li.closest(".ps-results").getBoundingClientRect().top), head: Math.round(li.querySelector(".ps-head").getBoundingClientRect().left),
        thumb: img ? { shown: getComputedStyle(img).display !== "none", alt: img.alt, w: Math.round(box.width), h: Math.round(box.height) } : null };
    }));
    const before = await layout();
    const thumbs = before.filter((e) => e.thumb);
    assert.deepEqual(thumbs.map((e) => e.key).sort(), ["wang2020metis", "weng2022mlaas", "weng2023fgd"], `${width} px`);
    for (const e of thumbs) assert.equal(e.thumb.alt, "", `${e.key}: the title says what it shows`);
    if (width === 375) {
      assert.ok(thumbs.every((e) => !e.thumb.shown), "no thumbnail on a phone");
      assert.deepEqual(requested, [], "a hidden thumbnail is never fetched");
    } else {
      for (const e of thumbs) {
        assert.ok(e.thumb.shown && e.thumb.w >= 100 && e.thumb.h >= 75, `${e.key}: its box before it loads ${JSON.stringify(e.thumb)}`);
        // (the title beside the picture, not under it)
        assert.ok(e.head >= before.find((x) => !x.thumb).head + e.thumb.w, `${e.key}: title at ${e.head}`);
      }
      release();
      for (const e of thumbs) await shadow(page, `.ps-results [data-key="${e.key}"] img.ps-thumb`).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-results img.ps-thumb")]
        .every((img) => img.complete && img.naturalWidth > 0));
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      assert.deepEqual((await layout()).map((e) => e.top), before.map((e) => e.top), "nothing moved when the pictures arrived");
    }
    release();
    const cls = await page.evaluate(() => window.__cls);
    assert.ok(cls < 0.05, `qizhen-weng with thumbnails at ${width} px: CLS ${cls}`);
    if (width === 1280) {
      // A preview the site lacks: no broken-image box, the entry reads as one without a picture.
      // (The entry had its picture: without one, it was made again with the missing one, which failed.)
      await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("thumbnails", "missing/"));
      await shadow(page, ".ps-results [data-key=weng2023fgd]").scrollIntoViewIfNeeded();
      await page.waitForFunction(() => { const li = document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-results [data-key=weng2023fgd]");
        return li && !li.querySelector("img") && !li.classList.contains("ps-has-thumb"); });
      // The owner hears of it once (diagnostics, the console), however many pictures are missing.
      const told = await page.evaluate(() => document.querySelector("paper-shelf").diagnostics.filter((d) => d.source === "thumbnails").map((d) => d.message));
      assert.equal(told.length, 1, JSON.stringify(told));
      assert.match(told[0], /missing\/.*could not be loaded/);
    }
    await page.close();
  }
});

// The same in a list prerendered inside the element, which shows from the first paint: its
// picture failed before the element's code came (it loads once the page is idle), and the adopted
// list, which stays until the visitor's first input, shows no broken-image box either.
test("thumbnails: one the site lacks leaves no broken-image box in the adopted prerendered list", async () => {
  const page = await env.browser.context.newPage();
  // (tall enough for every picture to load without a scroll, which would be the visitor's first
  // use of the page: the live list would take over)
  await page.setViewportSize({ width: 1280, height: 6000 });
  await page.route("**/previews/fgd.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(`${env.server.url}/qizhen-weng/`);
  const entry = (key) => `paper-shelf > .ps-shelf [data-key=${key}]`;
  await ready(page);
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state), "adopted");
  await page.waitForFunction((sel) => { const li = document.querySelector(sel); return li && !li.querySelector("img") && !li.classList.contains("ps-has-thumb"); }, entry("weng2023fgd"));
  // The pictures that load are kept (an entry may be listed twice: selected, and in its group).
  for (const key of ["weng2022mlaas", "wang2020metis"])
    await page.waitForFunction((sel) => { const imgs = [...document.querySelectorAll(`${sel} img.ps-thumb`)]; return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0); }, entry(key));
  const told = await page.evaluate(() => document.querySelector("paper-shelf").diagnostics.filter((d) => d.source === "thumbnails").map((d) => d.message));
  assert.equal(told.length, 1, JSON.stringify(told));
  assert.match(told[0], /previews\/fgd\.svg could not be loaded/);
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state), "adopted");
  await page.close();
});

// pages="papers/": each title links to the page `papershelf pages` wrote for it (named by the
// core from the key), not to the paper's PDF or website; without it, to those again.
test("the pages attribute links each title to its paper's page", async () => {
  const page = await env.browser.context.newPage();
  await page.goto(`${env.server.url}/qizhen-weng/`);
  const keys = await takeOver(page);
  const titles = () => page.evaluate(() => Object.fromEntries([...document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-results .ps-entry")]
    .map((li) => [li.dataset.key, li.querySelector(".ps-title a")?.getAttribute("href") ?? null])));
  const before = await titles();
  assert.ok(Object.values(before).some((href) => href && !href.startsWith("papers/")), "titles link the papers' own addresses");
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("pages", "papers/"));
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-results .ps-title a")?.getAttribute("href").startsWith("papers/"));
  const linked = await titles();
  assert.deepEqual(Object.keys(linked).sort(), [...keys].sort());
  for (const key of keys) assert.equal(linked[key], `papers/${key.toLowerCase()}.html`, key);
  await page.close();
});

// Without a prerendered list the page's own papershelf.css keeps a screen's room for the list
// from the first paint, so the list does not push the footer down in view; the first entries are
// laid out at once (not at content-visibility's estimate first). A short list and a long one.
test("without prerender, the linked stylesheet keeps the list's room: CLS < 0.05 at 375 and 1280 px", async () => {
  for (const name of ["homepage", "zhisheng-ye"]) {
    env.server.pages.set(`/visitor/cls-${name}.html`, { body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>t</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/papershelf.css"><script src="/papershelf.js" defer></script>
<style>body { font-family: sans-serif; max-width: 900px; margin: 0 auto; padding: 1em } footer { padding: 2em; background: #eee }</style></head>
<body><h1>A researcher</h1><p>A paragraph about the research, as a homepage has one.</p><h2>Publications</h2>
<paper-shelf src="/${name}/papers.bib" owner="Qinghao Hu; Q. Hu"></paper-shelf><footer>Contact and copyright</footer></body></html>` });
    for (const width of [375, 1280]) {
      const page = await env.browser.context.newPage();
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(() => {
        window.__cls = 0;
        new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
          .observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(`${env.server.url}/visitor/cls-${name}.html`);
      await ready(page);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const cls = await page.evaluate(() => window.__cls);
      assert.ok(cls < 0.05, `${name} at ${width} px without prerender: CLS ${cls}`);
      // The room is let go once the list is shown: the footer follows the list.
      const gap = await page.evaluate(() => document.querySelector("footer").getBoundingClientRect().top
        - document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results").getBoundingClientRect().bottom);
      assert.ok(gap >= 0 && gap < 60, `${name} at ${width} px: ${gap} px between the list and the footer`);
      await page.close();
    }
  }
});

// An owner may write the tag over two lines: white space inside is not content (:empty does not
// match it), and the room is kept all the same until the script has come.
test("without prerender, an element written over two lines keeps the room too", async () => {
  env.server.pages.set("/visitor/cls-two-lines.html", { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>
<link rel="stylesheet" href="/papershelf.css"><script src="/papershelf.js" defer></script></head>
<body><paper-shelf id="two" src="/homepage/papers.bib">
</paper-shelf><paper-shelf id="one" src="/homepage/papers.bib"></paper-shelf><footer>after</footer></body></html>` });
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width: 375, height: 700 });
  await page.route(/papershelf\.js$/, (route) => route.abort());  // the page before the script runs
  await page.goto(`${env.server.url}/visitor/cls-two-lines.html`);
  const heights = await page.evaluate(() => ["two", "one"].map((id) => document.getElementById(id).getBoundingClientRect().height));
  assert.deepEqual(heights, [700, 700]);
  await page.close();
});

// CLS misses a shift made in one frame; the eye does not. The first paper is where the
// prerendered one was, to the pixel, with the profile card above it, and on the homepage the
// toolbar too: prerender keeps the toolbar's room (an invisible box; none without scripting).
test("the first paper does not move when the element takes over, with a toolbar and without", async () => {
  const firstTitleTop = (root) => {
    const title = (root === "live" ? document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results")
      : document.querySelector("paper-shelf")).querySelector(".ps-entry .ps-title");
    return title.getBoundingClientRect().top + scrollY;
  };
  const room = () => {
    const box = document.querySelector("paper-shelf > .ps-shelf > .ps-toolbar[data-room]");
    return box && { height: box.getBoundingClientRect().height, display: getComputedStyle(box).display, visibility: getComputedStyle(box).visibility };
  };
  for (const name of ["homepage", "zhisheng-ye"]) for (const width of [375, 1280]) {
    const still = await env.browser.context.newPage();
    await still.setViewportSize({ width, height: 800 });
    await still.route(/papershelf\.js$/, (route) => route.abort());  // the page as it is before the script runs
    await still.goto(`${env.server.url}/${name}/`);
    const before = await still.evaluate(firstTitleTop, "static");
    const kept = await still.evaluate(room);
    if (name === "homepage") {
      assert.ok(kept && kept.height > 40 && kept.visibility === "hidden", `${name} at ${width} px: the toolbar's room ${JSON.stringify(kept)}`);
    } else {
      assert.equal(kept, null, `${name} shows no toolbar: no room is kept`);
    }
    const live = await env.browser.context.newPage();
    await live.setViewportSize({ width, height: 800 });
    await live.goto(`${env.server.url}/${name}/`);
    await ready(live);
    const adopted = await live.evaluate(firstTitleTop, "static");
    assert.ok(Math.abs(adopted - before) < 1, `${name} at ${width} px: the first paper moved from ${before} to ${adopted} when adopted`);
    await takeOver(live);
    const after = await live.evaluate(firstTitleTop, "live");
    assert.ok(Math.abs(after - before) < 1, `${name} at ${width} px: the first paper moved from ${before} to ${after}`);
    await still.close();
    await live.close();
  }
  // Without scripting nothing takes over: the prerendered list starts where the room would be.
  const { chromium } = await import("playwright-core");
  const scriptless = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await (await scriptless.newContext({ javaScriptEnabled: false })).newPage();
    await page.goto(`${env.server.url}/homepage/`);
    assert.deepEqual(await page.evaluate(room), { height: 0, display: "none", visibility: "visible" });
  } finally {
    await scriptless.close();
  }
});

// On a slow phone the visitor reaches the prerendered list before the live one is ready: what
// they opened, focused or are pressing must still be there when the live list takes over.
test("the live list keeps what a visitor opened, focused or pressed in the prerendered list", async () => {
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  let hold;
  const held = new Promise((ok) => { hold = ok; });
  await page.route("**/homepage/papers.bib", (route) => hold(route));
  await page.goto(`${env.server.url}/homepage/`);
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot);
  const stat = page.locator("paper-shelf > .ps-shelf li.ps-entry");
  const keys = await stat.evaluateAll((lis) => lis.slice(0, 3).map((li) => li.dataset.key));
  // Opened: the first entry's BibTeX (a <details> works without JavaScript).
  await stat.nth(0).locator("details.ps-bibtex > summary").click();
  // Pressed, not yet released: the third entry's Cite.
  await stat.nth(2).locator("details.ps-cite > summary").scrollIntoViewIfNeeded();
  const box = await stat.nth(2).locator("details.ps-cite > summary").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await (await held).continue();
  // The data is read; the live list waits for the press to end.
  await page.waitForFunction(() => document.querySelector("paper-shelf").library);
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys), []);
  assert.ok(await stat.nth(2).isVisible());
  await page.mouse.up();
  await ready(page);
  const live = await page.evaluate((keys) => {
    const root = document.querySelector("paper-shelf").shadowRoot;
    const li = (key) => root.querySelector(`.ps-results li.ps-entry[data-key="${key}"]`);
    return { bibtex: li(keys[0]).querySelector("details.ps-bibtex").open, cite: li(keys[2]).querySelector("details.ps-cite").open,
      focus: root.activeElement === li(keys[2]).querySelector("details.ps-cite > summary") };
  }, keys);
  assert.deepEqual(live, { bibtex: true, cite: true, focus: true });
  // The live panels are filled by the element (with their Copy buttons).
  await shadow(page, `.ps-results li[data-key="${keys[0]}"] details.ps-bibtex .ps-panel button.ps-copy`).waitFor();
  await shadow(page, `.ps-results li[data-key="${keys[2]}"] details.ps-cite .ps-panel .ps-citation`).waitFor();
  await page.close();
});

test("presets look like al-folio, academicpages and Hugo Blox, readable in light and dark (screenshots in docs/screenshots/)", async () => {
  const { createRequire } = await import("node:module");
  const { statSync, mkdirSync } = await import("node:fs");
  const axe = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const dir = join(here, "..", "..", "docs", "screenshots");
  mkdirSync(dir, { recursive: true });
  const want = { "al-folio": ["rgb(181, 9, 172)", "uppercase"], academicpages: ["rgb(29, 107, 134)", "none"], "hugo-blox": ["rgb(21, 101, 192)", "none"] };
  for (const [preset, [accent, transform]] of Object.entries(want)) for (const [width, scheme] of [[1280, "light"], [375, "dark"]]) {
    const { page, errors } = await open(env.browser.context, "about:blank");
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${env.server.url}/homepage/`);
    await takeOver(page);
    await page.evaluate((p) => document.querySelector("paper-shelf").setAttribute("preset", p), preset);
    const style = await shadow(page, ".ps-results details.ps-bibtex > summary").first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { accent: getComputedStyle(el.closest(".ps-shelf")).getPropertyValue("--ps-accent").trim(), transform: s.textTransform };
    });
    if (scheme === "light") assert.equal(asRgb(await shadow(page, ".ps-results .ps-badge").first().evaluate((el) => getComputedStyle(el).backgroundColor)), accent, preset);
    assert.equal(style.transform, transform, preset);
    assert.ok(style.accent, preset);
    await page.addScriptTag({ content: axe });
    assert.deepEqual(await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length}`)), [], `${preset} ${scheme}`);
    await page.evaluate(() => { document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-toolbar").scrollIntoView(); });
    const file = join(dir, `preset-${preset}-${width}-${scheme}.jpg`);
    await page.screenshot({ path: file, type: "jpeg", quality: 80 });
    assert.ok(statSync(file).size > 10000, file);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("the keyboard can skip the profile card: the element's first tab stop leads to the search field", async () => {
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await takeOver(page);
  // The last of the page's own controls before the element, then one Tab.
  await page.locator(".renderer-switch button").last().focus();
  await page.keyboard.press("Tab");
  const skip = await page.evaluate(() => {
    const el = document.activeElement?.shadowRoot?.activeElement;
    const r = el?.getBoundingClientRect();
    return { cls: el?.className, text: el?.textContent, width: r?.width ?? 0 };
  });
  assert.equal(skip.cls, "ps-skip");
  assert.equal(skip.text, "Skip to the publications");
  assert.ok(skip.width > 20, "visible while focused");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className), "ps-search");
  // Without a card there is nothing to skip.
  await page.evaluate(() => document.querySelector("paper-shelf").removeAttribute("profile"));
  await settled(page);
  assert.equal(await shadow(page, ".ps-skip").isVisible(), false);
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-skip").hidden), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test("theme auto follows the page: a light page keeps a light list in a dark system, a dark page gets the dark one", async () => {
  const doc = (style, head = "") => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>${head}<style>${style}</style></head>
<body><script src="/papershelf.js"></script>${inline('id="l"', bib(12))}</body></html>`;
  env.server.pages.set("/visitor/scheme-white.html", { body: doc("body { background: #fff; color: #222 }") });
  env.server.pages.set("/visitor/scheme-plain.html", { body: doc("") });
  env.server.pages.set("/visitor/scheme-adapts.html", { body: doc("", '<meta name="color-scheme" content="light dark">') });
  env.server.pages.set("/visitor/scheme-dark.html", { body: doc("body { background: #15171c; color: #ddd }") });
  const page = await env.browser.context.newPage();
  const look = async (name, system) => {
    await page.emulateMedia({ colorScheme: system });
    await page.goto(`${env.server.url}/visitor/${name}.html`);
    await ready(page, "#l");
    await page.waitForFunction(() => document.querySelector("#l").getAttribute("data-theme") !== "auto");
    // (the judged scheme, for the canvas; and the muted text's colour, from the page's text colour)
    return `${await page.evaluate(() => document.querySelector("#l").getAttribute("data-theme"))} ${asRgb(await page.evaluate(() => getComputedStyle(document.querySelector("#l").shadowRoot.querySelector(".ps-results .ps-meta")).color))}`;
  };
  // The muted text of each scheme: #5f6368 reads 6.3:1 on white, #a0a4ab 2.5:1.
  const light = "light rgb(95, 99, 104)", dark = "dark rgb(160, 164, 171)";
  assert.equal(await look("scheme-white", "dark"), light);
  assert.equal(await look("scheme-plain", "dark"), light);  // the browser paints such a page white
  assert.equal(await look("scheme-adapts", "dark"), dark);  // ... and this one dark
  assert.equal(await look("scheme-adapts", "light"), light);
  assert.equal(await look("scheme-dark", "light"), dark);
  // A page's own switch (al-folio's sets data-theme on <html>, with a transition) is followed.
  env.server.pages.set("/visitor/scheme-toggle.html", { body: doc("body { background: #fff; transition: background-color 0.3s } html[data-theme=dark] body { background: #15171c; color: #ddd }") });
  assert.equal(await look("scheme-toggle", "light"), light);
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  await page.waitForFunction(() => document.querySelector("#l").getAttribute("data-theme") === "dark", null, { timeout: 3000 });
  await page.evaluate(() => document.documentElement.removeAttribute("data-theme"));
  await page.waitForFunction(() => document.querySelector("#l").getAttribute("data-theme") === "light", null, { timeout: 3000 });
  // An explicit theme is kept.
  await page.evaluate(() => document.querySelector("#l").setAttribute("theme", "light"));
  await page.waitForFunction(() => document.querySelector("#l").getAttribute("data-theme") === "light");
  await page.close();
});

test("the list takes the page's link colour as its accent when it is readable, unless a preset is chosen", async () => {
  const doc = (style, attrs = "") => html(`<style>${style}</style><p><a href="#x">a page link</a></p>${inline(`id="l" ${attrs}`, bib(12))}`);
  env.server.pages.set("/visitor/accent-site.html", { body: doc("body { background: #fff } a { color: #8a1538 }") });
  env.server.pages.set("/visitor/accent-dark.html", { body: doc("body { background: #111 } a { color: #9ecbff }") });
  env.server.pages.set("/visitor/accent-faint.html", { body: doc("body { background: #fff } a { color: #dddddd }") });
  env.server.pages.set("/visitor/accent-preset.html", { body: doc("body { background: #fff } a { color: #8a1538 }", 'preset="al-folio"') });
  env.server.pages.set("/visitor/accent-plain.html", { body: doc("body { background: #fff }") });
  const page = await env.browser.context.newPage();
  await page.emulateMedia({ colorScheme: "light" });
  const accent = async (name) => {
    await page.goto(`${env.server.url}/visitor/${name}.html`);
    await ready(page, "#l");
    return page.evaluate(() => {
      const shelf = document.querySelector("#l").shadowRoot.querySelector(".ps-shelf");
      const style = getComputedStyle(shelf);
      const button = shelf.querySelector(".ps-download > summary");  // (var(--ps-accent) in every preset)
      return { accent: getComputedStyle(button).color, on: style.getPropertyValue("--ps-on-accent").trim(), probes: document.querySelectorAll("#l > a").length };
    });
  };
  // The site's own, with white text on its buttons; on a dark site a light link colour, and dark text on it.
  assert.deepEqual(await accent("accent-site"), { accent: "rgb(138, 21, 56)", on: "#fff", probes: 0 });
  assert.deepEqual(await accent("accent-dark"), { accent: "rgb(158, 203, 255)", on: "#0b1220", probes: 0 });
  assert.equal(asRgb((await accent("accent-faint")).accent), "rgb(26, 95, 180)");   // 1.4:1 on white: papershelf's
  assert.equal(asRgb((await accent("accent-preset")).accent), "rgb(181, 9, 172)");  // the preset's
  assert.equal(asRgb((await accent("accent-plain")).accent), "rgb(26, 95, 180)");   // the browser's blue: papershelf's
  await page.close();
});

// DBLP and ACL write the proceedings' whole title as the venue: a menu sized to its longest
// option made a phone's page 1,300-1,500 px wide once Filters was opened.
test("at 375 px no control, opened, makes the page wider, with venues that are whole proceedings titles", async () => {
  const venues = ["Proceedings of the Thirtieth International Joint Conference on Artificial Intelligence, IJCAI 2021, Virtual Event / Montreal, Canada, 19-27 August 2021",
    "36th IEEE International Conference on Data Engineering, ICDE 2020, Dallas, TX, USA, April 20-24, 2020",
    "Proceedings of the 60th Annual Meeting of the Association for Computational Linguistics (Volume 1: Long Papers), ACL 2022, Dublin, Ireland, May 22-27, 2022"];
  const data = Array.from({ length: 12 }, (_, i) => `@inproceedings{v${i}, title={A Study Number ${i} of https://www.example.org/research/${"a-long-address-".repeat(4)}${i}}, author={Doe, Jane and Roe, Rich}, ` +
    `booktitle={${venues[i % 3]}}, year=${2020 + (i % 3)}, url={https://example.org/${"very-long-path-segment-".repeat(6)}${i}}}`).join("\n");
  env.server.pages.set("/visitor/venues.html", { body: html(inline('owner="Jane Doe"', data)) });
  const { page, errors } = await open(env.browser.context, "about:blank");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${env.server.url}/visitor/venues.html`);
  await ready(page);
  const wider = () => page.evaluate(() => document.scrollingElement.scrollWidth - innerWidth);
  assert.equal(await wider(), 0, "closed");
  // Nothing of an entry is cut off at the screen's edge (an address in a title breaks).
  assert.deepEqual(await page.evaluate(() => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-results .ps-entry")]
    .filter((li) => li.scrollWidth > li.clientWidth + 1).map((li) => li.dataset.key)), []);
  // Escape inside the open Filters folds them, with focus back on their button.
  await shadow(page, "button.ps-filters-toggle").click();
  await shadow(page, "select.ps-f-year").focus();
  await page.keyboard.press("Escape");
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-toolbar").hasAttribute("data-open")), false, "Escape folds the Filters");
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.className), "ps-filters-toggle");
  await shadow(page, "button.ps-filters-toggle").click();
  assert.equal(await wider(), 0, "Filters open");
  // Every control of the open toolbar lies within the screen.
  const outside = await page.evaluate(() => [...document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-toolbar select, .ps-toolbar input, .ps-toolbar button")]
    .filter((el) => el.getClientRects().length).map((el) => [el.className, el.getBoundingClientRect()]).filter(([, r]) => r.left < 0 || r.right > innerWidth + 0.5)
    .map(([c, r]) => `${c}: ${Math.round(r.left)}-${Math.round(r.right)}`));
  assert.deepEqual(outside, []);
  await shadow(page, "select.ps-f-venue").selectOption({ index: 1 });
  await page.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys.length < 12);
  assert.equal(await wider(), 0, "a venue chosen");
  await shadow(page, ".ps-download > summary").click();
  assert.equal(await wider(), 0, "download menu open");
  await shadow(page, ".ps-results details.ps-bibtex > summary").first().click();
  await shadow(page, ".ps-results details.ps-bibtex .ps-panel").first().waitFor();
  assert.equal(await wider(), 0, "a BibTeX panel open");
  await shadow(page, ".ps-results details.ps-cite > summary").first().click();
  await shadow(page, ".ps-results details.ps-cite .ps-citation").first().waitFor();
  assert.equal(await wider(), 0, "a Cite panel open");
  assert.deepEqual(errors, []);
  await page.close();
});

// Choosing again what the list shows without a choice (its first sort, no grouping) is no choice:
// the shared URL says nothing of it.
test("a sort or grouping chosen back to the default leaves the URL", async () => {
  env.server.pages.set("/visitor/defaults.html", { body: html(inline("", bib(12))) });
  const { page, errors } = await open(env.browser.context, `${env.server.url}/visitor/defaults.html`);
  await ready(page);
  for (const [select, other, unchosen] of [["select.ps-sort", "title-asc", "year-desc"], ["select.ps-group-select", "year", "none"]]) {
    await shadow(page, select).selectOption(other);
    await page.waitForFunction((v) => decodeURIComponent(location.hash).includes(v), other);
    await shadow(page, select).selectOption(unchosen);
    await page.waitForFunction(() => location.hash === "");
    assert.equal(await shadow(page, select).inputValue(), unchosen);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// On a touch screen every target in the list is 44 px tall at least: the entry's actions, and
// inside an open Cite panel its style menu, Copy and the files (a panel's own rule made them 24).
test("touch: an open Cite panel's menu, Copy and files are 44 px targets", async () => {
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
  await page.goto(`${env.server.url}/homepage/`);
  await takeOver(page);
  assert.ok(await page.evaluate(() => matchMedia("(pointer: coarse)").matches), "the page reads as a touch screen");
  const li = shadow(page, ".ps-results li.ps-entry").first();
  await li.locator("details.ps-cite > summary").click();
  await li.locator("details.ps-cite .ps-panel .ps-citation").waitFor();
  await li.locator("details.ps-cite .ps-cite-style").waitFor();
  const heights = await li.evaluate((entry) => [...entry.querySelectorAll(".ps-actions > .ps-action.ps-link, .ps-actions > details > summary, details.ps-cite .ps-cite-style, details.ps-cite button")]
    .filter((el) => el.getClientRects().length).map((el) => ({ what: `${el.tagName.toLowerCase()}.${el.className} ${el.textContent.trim().slice(0, 20)}`, h: Math.round(el.getBoundingClientRect().height) })));
  assert.ok(heights.some((t) => /select/.test(t.what)) && heights.some((t) => /button/.test(t.what)), JSON.stringify(heights));
  for (const t of heights) assert.ok(t.h >= 44, `${t.what}: ${t.h} px`);
  await page.close();
});
