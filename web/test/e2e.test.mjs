// End to end in Debian's Chromium: the example homepage served on 127.0.0.1 with the one-line
// embed. Needs the built site (./dev.sh builds build/site before running the tests).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { live, open, ready, settled } from "./support/browser.mjs";
import { useSite, shadow } from "./support/site.mjs";
import { clippedChoices, clippedMenus } from "./support/menus.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const bibText = readFileSync(join(here, "..", "..", "examples", "homepage", "papers.bib"), "utf8");
// The number of entries in the example file, counted independently of the parser.
const exampleCount = (bibText.match(/^@(?!string|comment|preamble)\w+\s*\{/gim) ?? []).length;

const env = useSite();

test("the example homepage shows every entry, newest first, with the owner highlighted", async () => {
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  const keys = await live(page);
  assert.equal(keys.length, exampleCount);
  const years = await shadow(page, ".ps-results .ps-entry .ps-year").allTextContents();
  assert.deepEqual(years.map(Number), [...years.map(Number)].sort((a, b) => b - a));
  const owners = await shadow(page, ".ps-results .ps-owner").allTextContents();
  assert.ok(owners.length >= exampleCount - 1);
  assert.ok(owners.every((t) => t.startsWith("Qinghao Hu")), owners.join("|"));
  assert.deepEqual(errors, []);
  await page.close();
});

test("sort, search with highlighting, filters, grouping, and the change event", async () => {
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await live(page);
  await shadow(page, "select.ps-sort").selectOption("year-asc");
  let keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.equal(keys[0], "hu2021characterization");

  await page.evaluate(() => { window.changes = 0; document.querySelector("paper-shelf").addEventListener("change", () => window.changes++); });
  await shadow(page, "input.ps-search").fill("hydro");
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["hu2023hydro"]);
  assert.equal(await shadow(page, ".ps-results .ps-title mark").first().textContent(), "Hydro");
  assert.ok(await page.evaluate(() => window.changes) > 0);

  await shadow(page, "input.ps-search").fill("");
  await shadow(page, "input.ps-f-award").check();
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["hu2023lucid"]);
  await shadow(page, "button.ps-clear").click();

  await shadow(page, "select.ps-f-type").selectOption("journal");
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["ye2024survey"]);
  await shadow(page, "button.ps-clear").click();

  // A year range, as the canvas offers it: a year, then a later one in the To menu beside it.
  assert.equal(await shadow(page, "select.ps-f-year-to").isVisible(), false);
  await shadow(page, "select.ps-f-year").selectOption("2021");
  await shadow(page, "select.ps-f-year-to").selectOption("2022");
  const range = await page.evaluate(() => document.querySelector("paper-shelf").library.query({ filter: "year:2021-2022", owner: "Qinghao Hu; Q. Hu" }).keys);
  // (the same papers, in the list's order: its sort is year-asc here)
  await page.waitForFunction((want) => JSON.stringify([...document.querySelector("paper-shelf").visibleKeys].sort()) === JSON.stringify([...want].sort()), range);
  assert.ok(range.length >= 2, range.join());
  assert.match(await shadow(page, ".ps-active-chip").first().textContent(), /2021\u20132022/);
  await shadow(page, "button.ps-clear").click();

  await shadow(page, "select.ps-group-select").selectOption("year");
  const groups = await shadow(page, ".ps-results .ps-group-title").allTextContents();
  // The sort is still year-asc, so year groups run oldest first.
  assert.ok(groups.length >= 3 && groups[0].startsWith("2021"), groups.join("|"));
  // Attributes update the view at once.
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("search", "LoongTrain"));
  keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["gu2024loongtrain"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("state lives in the URL hash and survives a reload", async () => {
  const { page } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await live(page);
  await shadow(page, "input.ps-search").fill("datacenter");
  await shadow(page, "select.ps-sort").selectOption("title-asc");
  const before = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.ok(page.url().includes("#"));
  await page.reload();
  await ready(page);
  const afterKeys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(afterKeys, before);
  assert.equal(await shadow(page, "input.ps-search").inputValue(), "datacenter");
  await page.close();
});

test("BibTeX and Cite panels, copy, and keyboard use", async () => {
  const { page } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await env.browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
  await live(page);
  const first = shadow(page, ".ps-results li.ps-entry").first();
  const panel = first.locator("details.ps-bibtex");
  // Where the button sits in its entry (the page may scroll when it is clicked).
  const place = (sel) => first.evaluate((li, s) => {
    const r = li.querySelector(s).getBoundingClientRect(), l = li.getBoundingClientRect();
    return { x: r.x - l.x, y: r.y - l.y, bottom: r.bottom - l.y };
  }, sel);
  const before = await place("details.ps-bibtex > summary");
  await panel.locator("summary").click();
  assert.equal(await panel.getAttribute("open"), "");
  // (The panel is filled once the core has made the BibTeX: on a busy machine, later.)
  await panel.locator(".ps-panel").waitFor();
  // The panel opens below the row; its button stays where it was.
  assert.deepEqual(await place("details.ps-bibtex > summary"), before);
  assert.ok((await place("details.ps-bibtex .ps-panel")).y >= before.bottom);
  const bib = await panel.locator(".ps-panel pre").textContent();
  assert.match(bib, /^@\w+\{/);
  assert.doesNotMatch(bib, /\babbr\b/);
  await panel.locator("button.ps-copy").click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), bib);
  // Cite from the keyboard: the summary is a tab stop, Enter opens it.
  await first.locator("details.ps-cite summary").focus();
  await page.keyboard.press("Enter");
  assert.match(await first.locator("details.ps-cite .ps-panel .ps-citation").textContent(), /\(\d{4}[,)]/);  // (APA: "(2024)." or "(2024, November).")
  // Escape closes it again, with focus back on its button.
  await page.keyboard.press("Escape");
  assert.equal(await first.locator("details.ps-cite").getAttribute("open"), null);
  assert.equal(await page.evaluate(() => document.querySelector("paper-shelf").shadowRoot.activeElement?.textContent), "Cite");
  // Keyboard: focus the search box, type, Tab onward.
  await shadow(page, "input.ps-search").focus();
  await page.keyboard.type("lucid");
  const keys = await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);
  assert.deepEqual(keys, ["hu2023lucid"]);
  await page.close();
});

test("bad data: valid entries still shown; with debug, a panel with line:column for the owner", async () => {
  env.server.pages.set("/homepage/broken.html", { body: `<!doctype html><html lang="en"><title>t</title><link rel="icon" href="data:,">
<script src="../papershelf.js"></script>
<paper-shelf debug><script type="text/x-bibtex">
@article{good1, title={First}, author={A, B}, year=2020}
@article{bad, title={Unclosed, author={C, D}, year=2021
@article{good2, title={Second}, author={E, F}, year=2022}
</script></paper-shelf>
<paper-shelf id="missing" src="nope.bib"></paper-shelf>
<paper-shelf id="prerendered" src="gone.bib"><ol class="ps-list"><li class="ps-entry" id="kept">A paper rendered ahead of time</li></ol></paper-shelf>` });
  const { page } = await open(env.browser.context, `${env.server.url}/homepage/broken.html`);
  const keys = await ready(page);
  assert.ok(keys.includes("good1") && keys.includes("good2"), keys.join());
  const text = await page.locator("paper-shelf >> .ps-problems").first().textContent();
  assert.match(text, /\d+:\d+/);
  await ready(page, "#missing");
  assert.equal(await page.locator("#missing >> .ps-error").textContent(), "Publications could not be loaded.");
  // A list prerendered inside the element stays on the page when the data cannot be loaded.
  await ready(page, "#prerendered");
  assert.equal(await page.locator("#prerendered >> .ps-error").isVisible(), false);
  assert.ok(await page.locator("#kept").isVisible());
  await page.close();
});

test("axe-core finds no accessibility violations", async () => {
  const require = createRequire(import.meta.url);
  const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  const { page } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await ready(page);
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.length}`));
  assert.deepEqual(violations, []);
  await page.close();
});

// The example's records, read with regular expressions (independently of the parser) for the
// profile card's numbers.
const exampleEntries = bibText.split(/^@/m).slice(1).filter((b) => !/^(string|comment|preamble)\b/i.test(b)).map((b) => ({
  key: b.match(/^\w+\s*\{\s*([^,\s]+)\s*,/)[1],
  year: Number((b.match(/\byear\s*=\s*\{?(\d{4})/) ?? [])[1] ?? 0),
  abbr: (b.match(/\babbr\s*=\s*\{([^}]*)\}/) ?? [])[1] ?? "",
  award: /\baward\s*=/.test(b),
  authors: (b.match(/\bauthor\s*=\s*\{([^}]*)\}/) ?? [])[1] ?? "",
}));
const sorted = (a) => [...a].sort();

test("the profile card: counts match the data, clicking a statistic filters the list", async () => {
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await live(page);
  // ./dev.sh pre-renders the static card (no buttons, no JavaScript needed) with the list.
  const served = await (await fetch(`${env.server.url}/homepage/`)).text();
  const fallback = served.slice(served.indexOf("<paper-shelf"), served.indexOf("</paper-shelf>"));
  assert.match(fallback, /<section class="ps-profile ps-profile-full"[^>]*>.*<p class="ps-position" dir="ltr">Research Assistant Professor<\/p>/s);
  // (The one button is the hidden, inert copy of the toolbar that keeps its room.)
  assert.doesNotMatch(fallback.replace(/<div class="ps-toolbar" data-room hidden inert>.*?<\/details><\/div><\/div>/s, ""), /<button/);
  const card = shadow(page, ".ps-profile-slot .ps-profile");  // the live card (the light DOM holds the pre-rendered one)
  assert.ok(await card.isVisible());
  assert.equal(await card.locator(".ps-profile-name").textContent(), "Qinghao Hu");
  assert.equal(await card.locator(".ps-position").textContent(), "Research Assistant Professor");
  assert.equal(await card.locator(".ps-interest").count(), 3);
  assert.equal(Number(await card.locator(".ps-stat-total .ps-stat-n").textContent()), exampleEntries.length);
  assert.equal(Number(await card.locator(".ps-stat-awards .ps-stat-n").textContent()), exampleEntries.filter((e) => e.award).length);
  // The chart: one link per year with records, labelled with that year's count.
  const years = [...new Set(exampleEntries.map((e) => e.year).filter(Boolean))].sort();
  const bars = card.locator("a.ps-bar");
  assert.equal(await bars.count(), years.length);
  for (const year of years) {
    const n = exampleEntries.filter((e) => e.year === year).length;
    assert.equal(await card.locator(`a.ps-bar[data-filter="year:${year}"]`).getAttribute("aria-label"), `${year}: ${n} publication${n === 1 ? "" : "s"}`);
  }
  assert.equal(await card.locator("table.ps-chart-table tbody tr").count(), years.at(-1) - years[0] + 1);
  const visible = () => page.evaluate(() => document.querySelector("paper-shelf").visibleKeys);

  // A year bar.
  await card.locator('a.ps-bar[data-filter="year:2023"]').click();
  assert.deepEqual(sorted(await visible()), sorted(exampleEntries.filter((e) => e.year === 2023).map((e) => e.key)));
  const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
  assert.equal(hash.get("publications:filter"), "year:2023");
  assert.equal(await shadow(page, "select.ps-f-year").inputValue(), "2023");
  // The same bar again removes its filter.
  await card.locator('a.ps-bar[data-filter="year:2023"]').click();
  assert.equal((await visible()).length, exampleEntries.length);
  // Keyboard: a bar is a link (Enter), a statistic a button (Space).
  await card.locator('a.ps-bar[data-filter="year:2024"]').press("Enter");
  assert.deepEqual(sorted(await visible()), sorted(exampleEntries.filter((e) => e.year === 2024).map((e) => e.key)));
  await card.locator("button.ps-stat-all").press(" ");
  assert.equal((await visible()).length, exampleEntries.length);
  // A bar is a toggle button to a screen reader (role="button"): Space presses it too, and
  // presses it again (an SVG <a> has no click(): that threw, a page error, and did nothing).
  const bar2023 = card.locator('a.ps-bar[data-filter="year:2023"]');
  await bar2023.press(" ");
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector('a.ps-bar[data-filter="year:2023"]')?.getAttribute("aria-pressed") === "true");
  assert.deepEqual(sorted(await visible()), sorted(exampleEntries.filter((e) => e.year === 2023).map((e) => e.key)));
  await bar2023.press(" ");
  await page.waitForFunction(() => document.querySelector("paper-shelf")?.shadowRoot?.querySelector('a.ps-bar[data-filter="year:2023"]')?.getAttribute("aria-pressed") === "false");
  assert.equal((await visible()).length, exampleEntries.length);

  // The most frequent venue.
  const venue = card.locator("button.ps-venue-stat").first();
  const venueName = await venue.locator(".ps-top-name").textContent();
  const venueCount = Number(await venue.locator(".ps-top-n").textContent());
  await venue.click();
  assert.equal(await venue.getAttribute("aria-pressed"), "true");
  const byVenue = exampleEntries.filter((e) => e.abbr === venueName).map((e) => e.key);
  assert.equal(byVenue.length, venueCount);
  assert.deepEqual(sorted(await visible()), sorted(byVenue));
  await card.locator("button.ps-stat-all").click();
  assert.equal((await visible()).length, exampleEntries.length);

  // The most frequent co-author: every record whose author list names them ("Family, Given").
  const coauthor = card.locator("button.ps-coauthor-stat").first();
  const name = await coauthor.locator(".ps-top-name").textContent();
  const count = Number(await coauthor.locator(".ps-top-n").textContent());
  const [given, family] = [name.split(" ").slice(0, -1).join(" "), name.split(" ").at(-1)];
  const byAuthor = exampleEntries.filter((e) => new RegExp(`(^|and )${family}\\W{0,3}, ${given}( and|$)`).test(e.authors)).map((e) => e.key);
  assert.equal(byAuthor.length, count, `${name}: ${byAuthor.join()}`);
  await coauthor.click();
  assert.deepEqual(sorted(await visible()), sorted(byAuthor));
  // Another control keeps the co-author clause (the filters combine).
  await shadow(page, "select.ps-f-type").selectOption("conference");
  const both = await visible();
  assert.ok(both.length > 0 && both.length <= byAuthor.length && both.every((k) => byAuthor.includes(k)), both.join());
  await shadow(page, "button.ps-clear").click();

  // Awards.
  await card.locator("button.ps-stat-awards").click();
  assert.deepEqual(await visible(), exampleEntries.filter((e) => e.award).map((e) => e.key));
  assert.equal(await shadow(page, "input.ps-f-award").isChecked(), true);
  // The library's statistics are the card's.
  const stats = await page.evaluate(() => document.querySelector("paper-shelf").library.stats("Qinghao Hu; Q. Hu"));
  assert.equal(stats.total, exampleEntries.length);
  assert.equal(stats.coauthors[0].name, name);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the profile card: compact mode, attributes win, email assembled on click, none hides it", async () => {
  env.server.pages.set("/homepage/card.html", { body: `<!doctype html><html lang="en"><title>t</title><link rel="icon" href="data:,">
<script src="../papershelf.js"></script>
<main><h1>Card</h1><h2>Publications</h2>
<paper-shelf profile="compact" position="Attribute position" links="homepage=https://example.org/h; scholar=javascript:alert(1)" email="ada@example.org"><script type="application/json">
{"profile": {"name": "Ada Lovelace", "position": "JSON position", "affiliation": "JSON affiliation"},
 "publications": [{"id": "a1", "type": "paper-conference", "title": "One", "author": [{"family": "Lovelace", "given": "Ada"}], "issued": {"date-parts": [[2020]]}}]}
</script></paper-shelf></main>` });
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/card.html`);
  await ready(page);
  const card = shadow(page, ".ps-profile-slot .ps-profile");  // the live card (the light DOM may hold the pre-rendered one)
  assert.equal(await card.getAttribute("class"), "ps-profile ps-profile-compact");
  assert.equal(await card.locator(".ps-position").textContent(), "Attribute position");
  assert.equal(await card.locator(".ps-affiliation").textContent(), "JSON affiliation");
  assert.equal(await card.locator("svg").count(), 0);
  assert.equal(await card.locator('a[href^="javascript"]').count(), 0);
  assert.equal(await card.locator('a[href="https://example.org/h"]').count(), 1);
  assert.doesNotMatch(await card.innerHTML(), /ada@example\.org/);
  await card.locator("button.ps-email").click();
  assert.equal(await card.locator('a[href="mailto:ada@example.org"]').textContent(), "ada@example.org");
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("profile", "none"));
  assert.equal(await shadow(page, ".ps-profile-slot .ps-profile").count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("lang: registered labels replace English, missing ones fall back, labels overrides one string", async () => {
  env.server.pages.set("/homepage/lang.html", { body: `<!doctype html><html lang="nl"><title>t</title><link rel="icon" href="data:,">
<script src="../papershelf.js"></script><main><paper-shelf src="papers.bib" owner="Qinghao Hu"></paper-shelf></main>` });
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/lang.html`);
  const keys = await ready(page);
  // No Dutch shipped or registered: English.
  assert.equal(await shadow(page, ".ps-search").getAttribute("placeholder"), "Search publications");
  await page.evaluate(() => customElements.get("paper-shelf").addLanguage("nl", {
    search: "Publicaties zoeken", clear: "Filters wissen", bibtex: "BibTeX-item",
    results: (shown, total) => (shown === total ? `${total} publicaties` : `${shown} van ${total} publicaties`),
    sortNames: { "year-desc": "Nieuwste eerst", "title-asc": "Titel" }, groupNames: { year: "Per jaar" },
  }));
  assert.equal(await shadow(page, ".ps-search").getAttribute("placeholder"), "Publicaties zoeken");
  assert.equal(await shadow(page, ".ps-toolbar .ps-count").textContent(), `${keys.length} publicaties`);
  assert.equal(await shadow(page, ".ps-results details.ps-bibtex > summary").first().textContent(), "BibTeX-item");
  assert.equal(await shadow(page, ".ps-chip-label").first().textContent(), "Selected", "a string Dutch leaves out stays English");
  // A menu's names: those given are German, the others stay English.
  const menu = (sel) => shadow(page, sel).evaluate((s) => Object.fromEntries([...s.options].map((o) => [o.value, o.text])));
  const sortMenu = await menu("select.ps-sort");
  assert.equal(sortMenu["year-desc"], "Nieuwste eerst");
  assert.equal(sortMenu["title-asc"], "Titel");
  assert.equal(sortMenu["year-asc"], "Oldest first");
  assert.equal((await menu("select.ps-group-select")).year, "Per jaar");
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").diagnostics.filter((d) => d.source === "labels")), []);
  // The element's own lang wins over the page's; the labels property overrides single strings.
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("lang", "en"));
  assert.equal(await shadow(page, ".ps-search").getAttribute("placeholder"), "Search publications");
  await page.evaluate(() => { document.querySelector("paper-shelf").labels = { search: "Find a paper" }; });
  assert.equal(await shadow(page, ".ps-search").getAttribute("placeholder"), "Find a paper");
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").visibleKeys), keys);
  assert.deepEqual(errors, []);
  await page.close();
});

test("lang: a page in a language papershelf ships gets the list's words from its one file, the core's included", async () => {
  const langDir = join(here, "..", "..", "core", "lang");
  const words = (code) => JSON.parse(readFileSync(join(langDir, `${code}.json`), "utf8")).words;
  const [de, ja] = [words("de"), words("ja")];
  const other = (phrase) => (typeof phrase === "string" ? phrase : phrase.other);
  env.server.pages.set("/homepage/de.html", { body: `<!doctype html><html lang="de"><title>t</title><link rel="icon" href="data:,">
<script src="../papershelf.js"></script><main><paper-shelf src="papers.bib" owner="Qinghao Hu" group="type" profile></paper-shelf></main>` });
  const page = await env.browser.context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const fetched = [];
  page.on("request", (r) => { if (r.url().includes("/lang/")) fetched.push(new URL(r.url()).pathname); });
  await page.goto(`${env.server.url}/homepage/de.html`);
  const keys = await ready(page);
  assert.deepEqual(fetched, ["/lang/de.json"], "only the page's language is fetched");
  // The element's words and the core's, from the same file.
  assert.equal(await shadow(page, ".ps-search").getAttribute("placeholder"), de["Search publications"]);
  assert.equal(await shadow(page, ".ps-toolbar .ps-count").textContent(), other(de["{n} publications"]).replace("{n}", keys.length));
  const headings = await shadow(page, ".ps-group-title > span:first-child").allTextContents();
  assert.ok(headings.length >= 2);
  const typeNames = ["Conference", "Journal", "Preprint", "Other"].map((t) => de[t]);
  for (const h of headings) assert.ok(typeNames.includes(h), `group heading "${h}" is one of the German type names`);
  // Each heading as a screen reader hears it: the group, its count and what it counts ("Konferenz:
  // 8 Publikationen"), in the file's words; seen as "Konferenz 8".
  const heard = await shadow(page, ".ps-group-title").evaluateAll((hs) => hs.map((h) => [h.firstElementChild.textContent, Number(h.querySelector(".ps-count").textContent), h.querySelector(".ps-visually-hidden").textContent]));
  for (const [group, n, said] of heard)
    assert.equal(said, de["{what}: {value}"].replace("{what}", group).replace("{value}", (n === 1 ? de["{n} publications"].one : other(de["{n} publications"])).replace("{n}", n)));
  const typeMenu = await shadow(page, "select.ps-f-type").evaluate((s) => [...s.options].slice(1).map((o) => o.text.replace(/\s*\(\d+\)$/, "")));
  for (const t of typeMenu) assert.ok(typeNames.includes(t), `type menu "${t}" is German`);
  assert.equal(await shadow(page, ".ps-results details.ps-cite > summary").first().textContent(), de["Cite"]);
  assert.equal(await shadow(page, ".ps-profile .ps-stat-all .ps-stat-label").textContent(), other(de["publications"]));
  assert.equal(await shadow(page, ".ps-top-venues .ps-top-title").textContent(), de["Top venues"]);
  // The language changes in place: Japanese, from its own file.
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("lang", "ja"));
  assert.deepEqual(await settled(page), keys);
  assert.equal(await shadow(page, ".ps-search").getAttribute("placeholder"), ja["Search publications"]);
  const jaHeadings = await shadow(page, ".ps-group-title > span:first-child").allTextContents();
  for (const h of jaHeadings) assert.ok(["Conference", "Journal", "Preprint", "Other"].map((t) => ja[t]).includes(h), `"${h}" is Japanese`);
  assert.equal(await shadow(page, ".ps-profile .ps-stat-all .ps-stat-label").textContent(), other(ja["publications"]));
  assert.deepEqual(fetched, ["/lang/de.json", "/lang/ja.json"]);
  // Back to English: no file, and the core's words are English again.
  await page.evaluate(() => document.querySelector("paper-shelf").setAttribute("lang", "en"));
  await settled(page);
  assert.equal(await shadow(page, ".ps-search").getAttribute("placeholder"), "Search publications");
  assert.ok((await shadow(page, ".ps-group-title > span:first-child").allTextContents()).includes("Conference"));
  assert.equal(fetched.length, 2);
  assert.deepEqual(await page.evaluate(() => document.querySelector("paper-shelf").diagnostics.filter((d) => d.source === "lang" || d.source === "labels")), []);
  assert.deepEqual(errors, []);
  await page.close();

  // A language file the site did not publish: the list in English, the owner told.
  const lost = await env.browser.context.newPage();
  await lost.route("**/lang/fr.json", (route) => route.fulfill({ status: 404, body: "" }));
  await lost.goto(`${env.server.url}/homepage/de.html`);
  await lost.evaluate(() => document.documentElement.setAttribute("lang", "fr-CA"));
  await ready(lost);
  await lost.evaluate(() => document.querySelector("paper-shelf").setAttribute("lang", "fr-CA"));
  await settled(lost);
  assert.equal(await shadow(lost, ".ps-search").getAttribute("placeholder"), "Search publications");
  const told = await lost.evaluate(() => document.querySelector("paper-shelf").diagnostics.filter((d) => d.source === "lang").map((d) => d.message));
  assert.equal(told.length, 1);
  assert.match(told[0], /fr-CA.*could not be loaded/);
  await lost.close();
});

test("lang: in English and every shipped language, each menu's words and each chosen filter value fit its box (1280 px)", async () => {
  const { SHIPPED_LANGUAGES } = await import("../dist/element/languages.js");
  const { page, errors } = await open(env.browser.context, `${env.server.url}/homepage/`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await ready(page);
  for (const lang of ["en", ...SHIPPED_LANGUAGES]) {
    await page.evaluate((code) => document.querySelector("paper-shelf").setAttribute("lang", code), lang);
    await settled(page);
    // The text a closed menu shows (each sort and group choice; a filter's first option: the
    // others are the data's, and long venues are cut by design) against the room its box leaves.
    const clipped = await page.evaluate(clippedMenus);
    assert.deepEqual(clipped, [], lang);
    // Each value of each filter menu, chosen, reads whole.
    assert.deepEqual(await page.evaluate(clippedChoices, clippedMenus.toString()), [], `${lang}, chosen`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("responsive: usable on a 360 px phone screen without horizontal scrolling", async () => {
  const page = await env.browser.context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${env.server.url}/homepage/`);
  await live(page);
  const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  // Every toolbar control and the first entry lie within the screen.
  const boxes = await page.evaluate(() => {
    const root = document.querySelector("paper-shelf").shadowRoot;
    return [...root.querySelectorAll(".ps-toolbar input, .ps-toolbar select, .ps-toolbar button:not([hidden]), .ps-results .ps-entry")]
      .filter((el) => el.offsetParent !== null).slice(0, 20).map((el) => { const r = el.getBoundingClientRect(); return { cls: el.className, left: r.left, right: r.right }; });
  });
  assert.ok(boxes.length > 5);
  for (const b of boxes) assert.ok(b.left >= 0 && b.right <= 360 + 0.5, JSON.stringify(b));
  await shadow(page, ".ps-search").fill("graph");
  await page.waitForFunction(() => document.querySelector("paper-shelf").visibleKeys.length > 0);
  await page.close();
});
