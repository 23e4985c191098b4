// A visitor's session in Firefox (Gecko) and WebKit (Safari's engine), as the Chromium tests have
// it: the list, search by keyboard, the state in the URL across a reload, a filter, the BibTeX and
// Cite panels by keyboard, axe-core, another language, and the canvas renderer where the engine has
// WebGL 2 (its HTML fallback, with the owner told, where it has not). Needs the built site (./dev.sh)
// and Debian's firefox-esr and webkit2gtk-driver (toolchains/bootstrap.sh); WebKit needs a display
// (ctest runs this file under xvfb-run).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "./support/server.mjs";
import { site } from "./support/site.mjs";
import { ENGINES, chromium, firefox, webkit } from "./support/engines.mjs";
import { clippedChoices, clippedMenus } from "./support/menus.mjs";

const bib = readFileSync(join(site, "homepage", "papers.bib"), "utf8");
// The entries of the example file, counted apart from the parser.
const total = (bib.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;
const axe = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const german = JSON.parse(readFileSync(new URL("../../core/lang/de.json", import.meta.url), "utf8")).words;

// A list long enough that a link to its last paper comes before the rows above it are made.
const LONG = 3000;

let server;
before(async () => {
  server = await serve(site);
  // The example homepage, with a collector of the page's errors ahead of everything else: neither
  // engine's driver hands the console over the same way.
  const page = readFileSync(join(site, "homepage", "index.html"), "utf8").replace("<head>", `<head><script>
window.__errors = [];
addEventListener("error", (e) => __errors.push(String(e.message)));
addEventListener("unhandledrejection", (e) => __errors.push(String(e.reason)));
const consoleError = console.error; console.error = (...a) => { __errors.push(a.join(" ")); consoleError(...a); };
</script>`);
  server.pages.set("/homepage/engines.html", { body: page });
  const long = Array.from({ length: LONG }, (_, i) => `@article{p${i}, title={Paper ${i}}, author={Doe, Jane}, journal={J${i % 3}}, year=${2015 + (i % 6)}}`).join("\n");
  server.pages.set("/engines/long.html", { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>long</title><link rel="icon" href="data:,"></head>
<body><script src="/papershelf.js"></script><paper-shelf toolbar="full"><script type="text/x-bibtex">\n${long}\n</script></paper-shelf>
<footer><p><a id="after" href="#top">What follows the list</a></p></footer></body></html>` });
  addThemePages();
  // The list with its card under a page's <h1> (al-folio's), another heading in a list above it.
  server.pages.set("/engines/headings.html", { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>headings</title><link rel="icon" href="data:,"></head>
<body><script src="/papershelf.js"></script><header><h1>Publications</h1></header><main><paper-shelf src="/engines/papers.bib" owner="Qinghao Hu; Q. Hu" group="year" profile></paper-shelf></main></body></html>` });
  // A paper with more authors than a list shows ("+N more") and a link in its note, on a light and
  // a dark page.
  const authors = Array.from({ length: 14 }, (_, i) => `Author${String.fromCharCode(65 + i)}, Jane`).join(" and ");
  const noted = `@inproceedings{n1, title={A paper with a note}, author={${authors}}, booktitle={ASPLOS}, year=2023, note={\\href{https://example.org/n1.pdf}{PDF}}, url={https://example.org/n1}, award={Distinguished Paper Award at ASPLOS '23}, award_name={Distinguished Paper}}`;
  for (const [look, style] of Object.entries(LOOKS))
    server.pages.set(`/engines/note-${look}.html`, { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>note</title><link rel="icon" href="data:,"><style>${style}</style></head>
<body><script src="/papershelf.js"></script><paper-shelf max-authors="5"><script type="text/x-bibtex">\n${noted}\n</script></paper-shelf></body></html>` });
});
after(() => server?.close());

// The list prerendered with each theme (auto, light, dark) on a light and a dark page, with and
// without the script: served at /engines/theme-THEME-LOOK(-static).html.
const cli = process.env.PAPERSHELF_CLI ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..", "build", "native", "cli", "papershelf");
const LOOKS = { light: "body { background: #fff; color: #222 }", dark: "body { background: #1c1c1d; color: #ddd }" };
function addThemePages() {
  const work = mkdtempSync(join(tmpdir(), "papershelf-engines-"));
  try {
    writeFileSync(join(work, "papers.bib"), bib);
    server.pages.set("/engines/papers.bib", { body: bib, headers: { "content-type": "text/plain; charset=utf-8" } });
    for (const theme of ["auto", "light", "dark"]) {
      writeFileSync(join(work, "page.html"), `<paper-shelf src="papers.bib" owner="Qinghao Hu; Q. Hu" preset="al-folio" theme="${theme}"><!-- papershelf:prerender --></paper-shelf>`);
      const element = execFileSync(cli, ["prerender", join(work, "page.html")], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      for (const [look, style] of Object.entries(LOOKS)) for (const still of [false, true])
        server.pages.set(`/engines/theme-${theme}-${look}${still ? "-static" : ""}.html`, { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/papershelf.css">${still ? "" : '<script src="/papershelf.js" defer></script>'}<style>${style}</style></head><body>${element}</body></html>` });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** axe-core's violations in the first <paper-shelf> (its shadow tree too), as "id: nodes". */
async function axeViolations(page) {
  await page.evaluate((source) => { const s = document.createElement("script"); s.textContent = source; document.head.append(s); }, axe);
  return page.evaluate(async () => (await window.axe.run(document.querySelector("paper-shelf"))).violations.map((v) => `${v.id}: ${v.nodes.length}`));
}

// Each theme on either page: the static list before any script (its colours from the page's text
// colour, a pinned theme with its own background) and the live list, with axe-core.
async function themes(engine) {
  const browser = await engine();
  const page = await browser.newPage();
  try {
    for (const theme of ["auto", "light", "dark"]) for (const look of Object.keys(LOOKS)) {
      const what = `${browser.name}: theme ${theme} on a ${look} page`;
      await page.goto(`${server.url}/engines/theme-${theme}-${look}-static.html`);
      await page.waitFor(() => document.readyState === "complete" && document.querySelector("paper-shelf .ps-entry") !== null);
      assert.deepEqual(await axeViolations(page), [], `${what}, the static list`);
      await page.goto(`${server.url}/engines/theme-${theme}-${look}.html`);
      await page.waitFor(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-shelf")?.dataset.state === "adopted");
      await page.press("Shift");
      await page.waitFor(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state === "ready");
      assert.deepEqual(await axeViolations(page), [], `${what}, the live list`);
    }
  } finally {
    await page.close();
    await browser.close();
  }
}

async function session(engine) {
  const browser = await engine();
  const page = await browser.newPage();
  try {
    await visit(page, browser.name);
  } finally {
    await page.close();
    await browser.close();
  }
}

async function visit(page, name) {
  await page.goto(`${server.url}/homepage/engines.html`);
  await page.waitFor((n) => document.querySelector("paper-shelf")?.visibleKeys?.length === n, total);
  // The element adopted its prerendered list; the visitor's first input lets the live one take over.
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state), "adopted", name);
  await page.press("Shift");
  await page.waitFor(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-shelf").dataset.state === "ready");
  assert.deepEqual(await page.evaluate(clippedMenus), [], `${name}: menus`);
  assert.deepEqual(await page.evaluate(clippedChoices, clippedMenus.toString()), [], `${name}: menus, each filter value chosen`);

  // Search by keyboard: the list narrows to what the core finds, and the URL keeps it.
  await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-search").focus());
  await page.type("scheduling");
  const expected = await page.evaluate(() => document.querySelector("paper-shelf").library.query({ search: "scheduling", owner: "Qinghao Hu; Q. Hu" }).keys);
  assert.ok(expected.length > 0 && expected.length < total, `${name}: ${expected.length}`);
  await page.waitFor((keys) => JSON.stringify(document.querySelector("paper-shelf").visibleKeys) === JSON.stringify(keys) &&
    location.hash.includes("search=scheduling"), expected);
  // Tab leaves the search field for the next control of the toolbar.
  await page.press("Tab");
  const focused = await page.evaluate(() => { const a = document.querySelector("paper-shelf").shadowRoot.activeElement; return a && [a.className, !!a.closest(".ps-toolbar")]; });
  assert.ok(focused && focused[1] && !/ps-search/.test(focused[0]), `${name}: Tab went to ${focused}`);

  // A reload keeps the state (it is in the URL).
  await page.reload();
  await page.waitFor((keys) => JSON.stringify(document.querySelector("paper-shelf")?.visibleKeys) === JSON.stringify(keys) &&
    document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-search").value === "scheduling", expected);

  // Cleared, then a filter from the type menu.
  await page.evaluate(() => {
    const input = document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-search");
    input.value = "";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.waitFor((n) => document.querySelector("paper-shelf").visibleKeys.length === n, total);
  await page.evaluate(() => {
    const select = document.querySelector("paper-shelf").shadowRoot.querySelector("select.ps-f-type");
    select.value = "journal";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await page.waitFor((n) => {
    const shelf = document.querySelector("paper-shelf");
    const types = [...shelf.shadowRoot.querySelectorAll(".ps-results li.ps-entry")].map((li) => li.dataset.type);
    return shelf.visibleKeys.length < n && types.length === shelf.visibleKeys.length && types.every((t) => t === "journal");
  }, total);
  await page.evaluate(() => {
    const select = document.querySelector("paper-shelf").shadowRoot.querySelector("select.ps-f-type");
    select.value = "";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await page.waitFor((n) => document.querySelector("paper-shelf").visibleKeys.length === n, total);

  // A year range, as the canvas's From and To menus set it: a year, then a later one in the To menu
  // that appears beside it; the list is the core's for year:2022-2023, and the URL keeps it.
  const choose = (cls, value) => page.evaluate(([cls, value]) => {
    const select = document.querySelector("paper-shelf").shadowRoot.querySelector(`select.${cls}`);
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }, [cls, value]);
  await choose("ps-f-year", "2022");
  const later = await page.waitFor(() => {
    const to = document.querySelector("paper-shelf").shadowRoot.querySelector("select.ps-f-year-to");
    return to.getClientRects().length && to.value === "2022" && [...to.options].map((o) => o.value);
  });
  assert.ok(later.includes("2023") && !later.includes("2021"), `${name}: ${later}`);
  await choose("ps-f-year-to", "2023");
  const range = await page.evaluate(() => document.querySelector("paper-shelf").library.query({ filter: "year:2022-2023", owner: "Qinghao Hu; Q. Hu" }).keys);
  assert.ok(range.length > 0 && range.length < total, `${name}: ${range.length}`);
  await page.waitFor((keys) => {
    const root = document.querySelector("paper-shelf").shadowRoot;
    return JSON.stringify(document.querySelector("paper-shelf").visibleKeys) === JSON.stringify(keys) && /year(:|%3A)2022-2023/.test(location.hash) &&
      root.querySelector("select.ps-f-year").value === "2022" && root.querySelector("select.ps-f-year-to").value === "2023";
  }, range);
  await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector("button.ps-clear").click());
  await page.waitFor((n) => document.querySelector("paper-shelf").visibleKeys.length === n &&
    !document.querySelector("paper-shelf").shadowRoot.querySelector("select.ps-f-year-to").getClientRects().length, total);

  // BibTeX and Cite by keyboard: Enter on a summary opens its panel, which the core fills.
  await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results details.ps-bibtex > summary").focus());
  await page.press("Enter");
  const bibtex = await page.waitFor(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results details.ps-bibtex[open] pre")?.textContent);
  assert.match(bibtex, /^@\w+\{/, name);
  await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results details.ps-cite > summary").focus());
  await page.press("Enter");
  const citation = await page.waitFor(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-results details.ps-cite[open] .ps-citation")?.textContent);
  assert.match(citation, /\(\d{4}[,)]/, name);  // (APA: "(2024)." or "(2024, November).")

  // axe-core, with the panels open.
  await page.evaluate((source) => { const s = document.createElement("script"); s.textContent = source; document.head.append(s); }, axe);
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length}`));
  assert.deepEqual(violations, [], name);

  // Another language, from its file.
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("lang", "de"));
  await page.waitFor((placeholder) => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-search").placeholder === placeholder, german["Search publications"]);
  assert.deepEqual(await page.evaluate(clippedMenus), [], `${name}: German menus`);
  assert.deepEqual(await page.evaluate(clippedChoices, clippedMenus.toString()), [], `${name}: German menus, each filter value chosen`);

  // The canvas renderer where the engine has WebGL 2; the HTML list, and the owner told, where not.
  const webgl2 = await page.evaluate(() => !!document.createElement("canvas").getContext("webgl2"));
  await page.evaluate(() => {
    const shelf = document.querySelector("paper-shelf");
    window.__fallbacks = [];
    shelf.addEventListener("fallback", (e) => __fallbacks.push(e.detail));
    shelf.setAttribute("renderer", "canvas");
  });
  if (webgl2) {
    await page.waitFor(() => document.querySelector("paper-shelf").canvasLayout?.rows?.length > 0, undefined, 30000);
    assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").renderedBy), "canvas", name);
  } else {
    await page.waitFor(() => document.querySelector("paper-shelf").diagnostics.some((d) => d.source === "canvas"), undefined, 30000);
    assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelectorAll(".ps-results li.ps-entry").length), total, `${name}: the HTML list stays`);
    // The owner's page hears of it (an event) and can ask (renderedBy), so its own controls follow.
    const heard = await page.waitFor(() => window.__fallbacks.length > 0 && window.__fallbacks);
    assert.equal(heard.length, 1, name);
    assert.equal(heard[0].renderer, "html", name);
    assert.match(heard[0].reason, /WebGL 2|could not load/, name);
    assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").renderedBy), "html", name);
  }
  assert.deepEqual(await page.evaluate(() => window.__errors), [], name);

  // A link to the last of a long list's papers: in view and focused while the rows above it are
  // still to come, and kept in place while they are made (WebKit has no CSS scroll anchoring: the
  // element scrolls the page back itself).
  await page.goto(`${server.url}/engines/long.html`);
  const last = await page.waitFor(() => document.querySelector("paper-shelf")?.visibleKeys?.at(-1));
  await page.goto(`${server.url}/engines/long.html#ps-${last}`);
  await page.reload();  // (the same page with another fragment would only scroll)
  const place = () => {
    const root = document.querySelector("paper-shelf")?.shadowRoot;
    const li = root?.querySelector("li.ps-target");
    return li && { key: li.dataset.key, top: Math.round(li.getBoundingClientRect().top), focused: root.activeElement === li, made: root.querySelectorAll("li.ps-entry").length };
  };
  const shown = await page.waitFor(place, undefined, 30000);
  assert.ok(shown.key === last && shown.focused && shown.top >= 0 && shown.top < 900 && shown.made < LONG / 2, `${name}: ${JSON.stringify(shown)}`);
  await page.waitFor((n) => document.querySelector("paper-shelf").shadowRoot.querySelectorAll("li.ps-entry").length === n, LONG, 60000);
  const filled = await page.evaluate(place);
  assert.ok(filled.focused && Math.abs(filled.top - shown.top) <= 4, `${name}: ${JSON.stringify(shown)} -> ${JSON.stringify(filled)}`);
}

// "Skip past the publications" by keyboard while the long list's rows are still being made: focus
// on what follows the list in the page, in view, and kept in view while the rows above it come.
async function skipPast(engine) {
  const browser = await engine();
  const page = await browser.newPage();
  const name = browser.name;
  try {
    await page.goto(`${server.url}/engines/long.html`);
    await page.waitFor(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector(".ps-shelf")?.dataset.state === "ready");
    await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-skip-list").focus());
    await page.press("Enter");
    // Where focus is, as the visitor sees it (measured after a frame is painted): its id, whether
    // it is in view, and how many rows are made.
    const seen = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => {
      const a = document.activeElement, r = a.getBoundingClientRect();
      resolve(a.id === "after" && r.top >= 0 && r.bottom <= innerHeight && { made: document.querySelector("paper-shelf").shadowRoot.querySelectorAll("li.ps-entry").length });
    })));
    const landed = await page.waitFor(seen, undefined, 5000);
    assert.ok(landed.made < LONG, `${name}: the list was made before the skip link was used (${landed.made})`);
    await page.waitFor((n) => document.querySelector("paper-shelf").shadowRoot.querySelectorAll("li.ps-entry").length === n, LONG, 60000);
    assert.deepEqual(await page.waitFor(seen, undefined, 5000), { made: LONG }, name);
    // Tab stops per entry in this plain list (a title link, BibTeX, Cite), which the skip link spares.
    const stops = await page.evaluate(() => {
      const root = document.querySelector("paper-shelf").shadowRoot;
      const li = [...root.querySelectorAll("li.ps-entry")];
      const n = li.reduce((sum, e) => sum + e.querySelectorAll("a[href], button, summary, [tabindex]:not([tabindex='-1'])").length, 0);
      return n / li.length;
    });
    console.log(`${name}: ${stops.toFixed(2)} tab stops per entry (${Math.round(stops * LONG)} for the list)`);
  } finally {
    await page.close();
    await browser.close();
  }
}

// A note's link in the list's accent (as its link buttons), light and dark, "+N more" underlined
// dotted, and an award's short label that opens to the whole award, in every engine.
async function noteAndMore(engine) {
  const browser = await engine();
  const page = await browser.newPage();
  try {
    for (const look of Object.keys(LOOKS)) {
      const what = `${browser.name}, a ${look} page`;
      await page.goto(`${server.url}/engines/note-${look}.html`);
      const seen = await page.waitFor(() => {
        const root = document.querySelector("paper-shelf")?.shadowRoot;
        const note = root?.querySelector("li.ps-entry .ps-note a"), button = root?.querySelector("li.ps-entry a.ps-action.ps-link"), more = root?.querySelector("li.ps-entry summary.ps-more");
        if (!note || !button || !more) return undefined;
        const style = (el) => getComputedStyle(el);
        return { note: style(note).color, accent: style(button).color, page: style(document.body).color, line: style(more).textDecorationLine, dotted: style(more).textDecorationStyle };
      });
      assert.equal(seen.note, seen.accent, `${what}: the note's link is in the list's accent ${JSON.stringify(seen)}`);
      assert.notEqual(seen.note, seen.page, what);
      assert.deepEqual([seen.line, seen.dotted], ["underline", "dotted"], `${what}: +N more`);
      // The award's short label keeps its trophy on its first line, and opens by keyboard to the
      // whole award (not only a hover's title).
      const award = await page.evaluate(() => {
        const summary = document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-award-more > summary");
        const icon = summary.querySelector("svg").getBoundingClientRect(), box = summary.getBoundingClientRect();
        summary.focus();
        return { label: summary.textContent, iconOnFirstLine: icon.top - box.top < icon.height, shown: !!summary.parentElement.querySelector(".ps-award-full").getClientRects().length };
      });
      assert.deepEqual(award, { label: "\u2060Distinguished Paper", iconOnFirstLine: true, shown: false }, what);
      await page.press("Enter");
      const full = await page.waitFor(() => {
        const full = document.querySelector("paper-shelf").shadowRoot.querySelector(".ps-award-more[open] > .ps-award-full");
        return full?.getClientRects().length && full.textContent;
      });
      assert.equal(full, "\u2060Distinguished Paper Award at ASPLOS '23", what);
    }
  } finally {
    await page.close();
    await browser.close();
  }
}

test("Chromium, Firefox and WebKit: a link in a note has the list's accent, \"+N more\" is underlined dotted, an award's label opens to the whole award by keyboard (light and dark pages)", async () => {
  for (const [engine, ok] of [[chromium, ENGINES.chromium], [firefox, ENGINES.firefox], [webkit, ENGINES.webkit]]) if (ok) await noteAndMore(engine);
});

// The list's headings one level below the page's <h1>, the card's sections one below them, and
// heading-level setting them; axe finds no heading out of order.
async function headings(engine) {
  const browser = await engine();
  const page = await browser.newPage();
  const name = browser.name;
  try {
    await page.goto(`${server.url}/engines/headings.html`);
    // The tags of the card's name, the group headings and the card's sections, once they are `want`'s.
    const levels = (want) => {
      const root = document.querySelector("paper-shelf")?.shadowRoot;
      const tags = (sel) => [...new Set([...(root?.querySelectorAll(sel) ?? [])].map((h) => h.tagName.toLowerCase()))].join(",");
      const seen = { name: tags(".ps-profile-name"), groups: tags(".ps-results .ps-group-title"), sections: tags(".ps-top-title") };
      return JSON.stringify(seen) === JSON.stringify(want) && seen;
    };
    assert.deepEqual(await page.waitFor(levels, { name: "h2", groups: "h2", sections: "h3" }), { name: "h2", groups: "h2", sections: "h3" }, name);
    assert.deepEqual((await axeViolations(page)).filter((v) => v.startsWith("heading")), [], name);
    await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("heading-level", "4"));
    assert.deepEqual(await page.waitFor(levels, { name: "h4", groups: "h4", sections: "h5" }), { name: "h4", groups: "h4", sections: "h5" }, name);
  } finally {
    await page.close();
    await browser.close();
  }
}

test("Chromium, Firefox and WebKit: the list's headings fit under the page's (h2 under its h1, the card's sections h3), heading-level sets them", async () => {
  for (const [engine, ok] of [[chromium, ENGINES.chromium], [firefox, ENGINES.firefox], [webkit, ENGINES.webkit]]) if (ok) await headings(engine);
});

test("Chromium, Firefox and WebKit: Skip past the publications lands on what follows the list, in view while rows are still made", async () => {
  for (const [engine, ok] of [[chromium, ENGINES.chromium], [firefox, ENGINES.firefox], [webkit, ENGINES.webkit]]) if (ok) await skipPast(engine);
});

test("Firefox: a visitor's session (list, search, URL state, filter, panels by keyboard, axe, language, canvas or its fallback)", async () => {
  assert.ok(ENGINES.firefox, "firefox-esr is missing: toolchains/bootstrap.sh installs it");
  await session(firefox);
});

test("WebKit: a visitor's session (list, search, URL state, filter, panels by keyboard, axe, language, canvas or its fallback)", async () => {
  assert.ok(ENGINES.webkit, "WebKitWebDriver, MiniBrowser or a display is missing: toolchains/bootstrap.sh installs webkit2gtk-driver; run under xvfb-run");
  await session(webkit);
});

test("Firefox and WebKit: the static list and the live one read with each theme on a light and a dark page (axe)", async () => {
  for (const [engine, ok] of [[firefox, ENGINES.firefox], [webkit, ENGINES.webkit]]) if (ok) await themes(engine);
});
