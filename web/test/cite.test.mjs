// What a visitor takes away from a list, in Debian's Chromium: the BibTeX of a paper (clean: no
// author markers, none of the owner's fields), a citation in the style they write in (kept for
// their next visit), and the shown list as a file their reference manager imports. Citations
// and files come from the full core, which the page loads only when a visitor first asks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ready } from "./support/browser.mjs";
import { useSite } from "./support/site.mjs";

const env = useSite();
// An al-folio entry as owners write them, and more, so the list has its full toolbar.
const owner = `@inproceedings{hu2024, title={Characterization of {LLM} Development}, author={Hu*, Qinghao and Ye*, Zhisheng and Zhang{\\dag}, Tianwei},
  booktitle={USENIX NSDI}, pages={709--725}, year=2024, abbr={NSDI}, selected={true}, bibtex_show={true}, pdf={nsdi24.pdf},
  award={Best Paper}, google_scholar_id={abc123}, annotation={* equal contribution}, doi={10.5555/nsdi.2024.709}}
${Array.from({ length: 11 }, (_, i) => `@article{p${i}, title={Paper ${i}}, author={Doe, Jane}, journal={Journal ${i}}, volume={${i + 1}}, pages={1--${i + 9}}, year=${2015 + i}}`).join("\n")}`;
const page = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><link rel="icon" href="data:,"></head>
<body><script src="/papershelf.js"></script>${body}</body></html>`;

async function openPage(context, url) {
  const p = await context.newPage();
  const problems = [];
  p.on("pageerror", (e) => problems.push(String(e)));
  await p.goto(url);
  await ready(p, "#pubs");
  return { p, problems };
}

/** Opens an entry's panel from the keyboard: focus its summary, press Enter; resolves to the panel. */
async function openPanel(p, key, panel) {
  const summary = p.locator(`#pubs >> li[data-key="${key}"] details.ps-${panel} > summary`);
  await summary.focus();
  await p.keyboard.press("Enter");
  const box = p.locator(`#pubs >> li[data-key="${key}"] details.ps-${panel} .ps-panel`);
  await box.waitFor();
  return box;
}

test("BibTeX a visitor copies is clean, and the Cite panel offers the styles, copies, and remembers the choice", async () => {
  env.server.pages.set("/cite/page.html", { body: page(`<paper-shelf id="pubs"><script type="text/x-bibtex">\n${owner}\n</script></paper-shelf>`) });
  const context = env.browser.context;
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
  const { p, problems } = await openPage(context, `${env.server.url}/cite/page.html`);

  const bibtex = await (await openPanel(p, "hu2024", "bibtex")).locator("pre").textContent();
  assert.match(bibtex, /^@inproceedings\{hu2024,/);
  assert.match(bibtex, /author = \{Hu, Qinghao and Ye, Zhisheng and Zhang, Tianwei\}/);
  for (const field of ["abbr", "selected", "bibtex_show", "pdf", "award", "google_scholar_id", "annotation"])
    assert.doesNotMatch(bibtex, new RegExp(`^\\s*${field} =`, "m"), field);
  assert.match(bibtex, /doi = \{10\.5555\/nsdi\.2024\.709\}/);

  const cite = await openPanel(p, "hu2024", "cite");
  // The default (APA, as citeproc-js formats it with the official apa.csl), with the venue in
  // italics and the DOI as a link.
  assert.equal(await cite.locator(".ps-citation").textContent(),
    "Hu, Q., Ye, Z., & Zhang, T. (2024). Characterization of LLM Development. USENIX NSDI, 709–725. https://doi.org/10.5555/nsdi.2024.709");
  assert.equal(await cite.locator(".ps-citation i").first().textContent(), "USENIX NSDI");
  assert.equal(await cite.locator(".ps-citation a").getAttribute("href"), "https://doi.org/10.5555/nsdi.2024.709");
  const styles = await cite.locator("select.ps-cite-style option").allTextContents();
  assert.deepEqual(styles, ["APA", "IEEE", "ACM", "Chicago", "MLA", "Harvard", "Short"]);
  assert.deepEqual(await cite.locator("button.ps-export").allTextContents(), ["BibTeX", "RIS", "CSL-JSON"]);

  // The keyboard picks IEEE; Copy puts its plain text on the clipboard and says so.
  await cite.locator("select.ps-cite-style").focus();
  await cite.locator("select.ps-cite-style").selectOption("ieee");
  await p.waitForFunction(() => document.querySelector("#pubs")?.shadowRoot?.querySelector('li[data-key="hu2024"] .ps-citation')?.textContent.startsWith("Q. Hu"));
  const ieee = await cite.locator(".ps-citation").textContent();
  assert.equal(ieee, "Q. Hu, Z. Ye, and T. Zhang, “Characterization of LLM Development,” in USENIX NSDI, 2024, pp. 709–725. doi: 10.5555/nsdi.2024.709.");
  await cite.locator("button.ps-copy").focus();
  await p.keyboard.press("Enter");
  await p.waitForFunction(() => document.querySelector("#pubs")?.shadowRoot?.querySelector('li[data-key="hu2024"] .ps-cite-panel .ps-copy')?.textContent === "Copied");
  assert.equal(await p.evaluate(() => navigator.clipboard.readText()), ieee);

  // The next visit opens in IEEE.
  await p.reload();
  await ready(p, "#pubs");
  const again = await openPanel(p, "hu2024", "cite");
  assert.equal(await again.locator("select.ps-cite-style").inputValue(), "ieee");
  assert.match(await again.locator(".ps-citation").textContent(), /^Q\. Hu, Z\. Ye, and T\. Zhang/);
  assert.deepEqual(problems, []);
  await p.close();
});

test("the owner chooses the styles a visitor may cite in (cite-styles), in their order; a name that is no style is said in the console", async () => {
  env.server.pages.set("/cite/styles.html", { body: page(`<paper-shelf id="pubs" cite-styles="mla, apa nature"><script type="text/x-bibtex">\n${owner}\n</script></paper-shelf>`) });
  const warnings = [];
  const { p, problems } = await (async () => {
    const opened = await env.browser.context.newPage();
    const errors = [];
    opened.on("pageerror", (e) => errors.push(String(e)));
    opened.on("console", (m) => { if (m.type() === "warning") warnings.push(m.text()); });
    await opened.goto(`${env.server.url}/cite/styles.html`);
    await ready(opened, "#pubs");
    return { p: opened, problems: errors };
  })();
  const cite = await openPanel(p, "hu2024", "cite");
  assert.deepEqual(await cite.locator("select.ps-cite-style option").allTextContents(), ["MLA", "APA"]);
  assert.equal(await cite.locator("select.ps-cite-style").inputValue(), "mla");
  assert.match(await cite.locator(".ps-citation").textContent(), /^Hu, Qinghao, et al\. “Characterization of LLM Development\.”/);
  // (the console message crosses from the page asynchronously: wait for it, frame by frame)
  const said = (w) => /cite-styles: "nature" is not a citation style \(the styles: apa, ieee, acm, chicago, mla, harvard, compact\)/.test(w);
  while (!warnings.some(said)) await p.evaluate(() => new Promise(requestAnimationFrame));
  assert.deepEqual(problems, []);
  await p.close();
});

test("a list in another language cites in it: its CSL locale is fetched at the first Cite (terms, quotation marks)", async () => {
  env.server.pages.set("/cite/de.html", { body: page(`<paper-shelf id="pubs" lang="de" cite-styles="harvard apa"><script type="text/x-bibtex">\n${owner}\n</script></paper-shelf>`) });
  const { p, problems } = await openPage(env.browser.context, `${env.server.url}/cite/de.html`);
  const cite = await openPanel(p, "hu2024", "cite");
  // Cite Them Right in German, as citeproc-js writes it with Debian's locales-de-DE.xml.
  assert.equal(await cite.locator(".ps-citation").textContent(),
    "Hu, Q., Ye, Z. und Zhang, T. (2024) „Characterization of LLM Development“, in USENIX NSDI, S. 709–725. Verfügbar unter: https://doi.org/10.5555/nsdi.2024.709.");
  assert.deepEqual(problems, []);
  await p.close();
});

test("the shown list downloads as BibTeX, RIS and CSL-JSON, and one paper from its Cite panel", async () => {
  env.server.pages.set("/cite/download.html", { body: page(`<paper-shelf id="pubs" search="journal"><script type="text/x-bibtex">\n${owner}\n</script></paper-shelf>`) });
  const { p, problems } = await openPage(env.browser.context, `${env.server.url}/cite/download.html`);
  const menu = p.locator("#pubs >> details.ps-download");
  assert.equal(await menu.locator("summary").textContent(), "Download the 11 shown");
  await menu.locator("summary").focus();
  await p.keyboard.press("Enter");
  const save = async (format) => {
    const [download] = await Promise.all([p.waitForEvent("download"), menu.locator(`button[data-format="${format}"]`).click()]);
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), "utf8") };
  };
  const bib = await save("bibtex");
  assert.equal(bib.name, "pubs.bib");
  assert.equal((bib.text.match(/^@article\{p\d+,/gm) ?? []).length, 11);
  assert.doesNotMatch(bib.text, /hu2024/);  // (the search left it out)
  const ris = await save("ris");
  assert.equal(ris.name, "pubs.ris");
  assert.equal((ris.text.match(/^TY {2}- JOUR\r$/gm) ?? []).length, 11);
  assert.match(ris.text, /^SP {2}- 1\r\nEP {2}- 9\r$/m);
  const csl = await save("csl-json");
  assert.equal(csl.name, "pubs.json");
  const items = JSON.parse(csl.text);
  assert.equal(items.length, 11);
  assert.ok(items.every((it) => it.type === "article-journal" && it.volume && it.page));
  assert.equal(await menu.locator('button[data-format="ris"]').getAttribute("aria-label"), "Download the 11 shown as RIS");

  // One paper, from its Cite panel.
  const cite = await openPanel(p, "p3", "cite");
  const [one] = await Promise.all([p.waitForEvent("download"), cite.locator('button.ps-export[data-format="ris"]').click()]);
  assert.equal(one.suggestedFilename(), "p3.ris");
  assert.equal((readFileSync(await one.path(), "utf8").match(/^TY {2}-/gm) ?? []).length, 1);
  assert.deepEqual(problems, []);
  await p.close();
});

test("reference managers and search engines find every paper: COinS spans and JSON-LD in the element's light DOM", async () => {
  env.server.pages.set("/cite/meta.html", { body: page(`<paper-shelf id="pubs"><script type="text/x-bibtex">\n${owner}\n</script></paper-shelf>`) });
  const { p, problems } = await openPage(env.browser.context, `${env.server.url}/cite/meta.html`);
  await p.waitForFunction(() => document.querySelectorAll("#pubs > [slot=ps-metadata] span.Z3988").length > 0);
  // What a connector sees in the document: one ContextObject per paper, with its title and DOI.
  const coins = await p.evaluate(() => [...document.querySelectorAll("span.Z3988")].map((s) => Object.fromEntries(new URLSearchParams(s.title))));
  assert.equal(coins.length, 12);
  const hu = coins.find((c) => c["rft.atitle"] === "Characterization of LLM Development");
  assert.equal(hu["rft_id"], "info:doi/10.5555/nsdi.2024.709");
  assert.equal(hu["rft.date"], "2024");
  const ld = JSON.parse(await p.evaluate(() => document.querySelector('script[type="application/ld+json"]').textContent));
  assert.equal(ld["@type"], "ItemList");
  assert.equal(ld.itemListElement.length, 12);
  assert.ok(ld.itemListElement.every((e) => e.item.name));
  // None of it shows, and the prerendered-list logic ignores it.
  assert.equal(await p.evaluate(() => document.querySelector("#pubs > [slot=ps-metadata]").getClientRects().length), 0);
  assert.equal(await p.evaluate(() => document.querySelector("#pubs").shadowRoot.querySelector(".ps-shelf").hasAttribute("data-prerendered")), false);
  assert.deepEqual(problems, []);
  await p.close();
});

test("axe-core finds no violations with a Cite panel, the BibTeX panel and the download menu open, light and dark, in every preset", async () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  for (const preset of ["", "al-folio", "academicpages", "hugo-blox"]) for (const scheme of ["light", "dark"]) {
    env.server.pages.set(`/cite/axe-${preset}.html`, { body: page(`<main><h1>Publications</h1><paper-shelf id="pubs"${preset && ` preset="${preset}"`}><script type="text/x-bibtex">\n${owner}\n</script></paper-shelf></main>`) });
    const { p, problems } = await openPage(env.browser.context, `${env.server.url}/cite/axe-${preset}.html`);
    await p.emulateMedia({ colorScheme: scheme });
    await p.evaluate((dark) => { document.body.style.background = dark ? "#0d1117" : "#fff"; document.body.style.color = dark ? "#e6edf3" : "#1f2328"; }, scheme === "dark");
    await openPanel(p, "hu2024", "bibtex");
    await openPanel(p, "hu2024", "cite");
    const menu = p.locator("#pubs >> details.ps-download");
    await menu.locator("summary").click();
    await menu.locator("button[data-format]").first().waitFor();
    // The open Cite button has focus moved away, so its open (accent) colours are what is measured.
    await p.locator("#pubs >> input.ps-search").focus();
    await p.addScriptTag({ content: axeSource });
    const violations = await p.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`));
    assert.deepEqual(violations, [], `${preset || "no preset"}, ${scheme}`);
    // The buttons' arrows are drawn, not read: their names are their words.
    const named = await p.locator("#pubs").ariaSnapshot();
    for (const name of ["BibTeX", "Cite"]) assert.match(named, new RegExp(`group: ${name}$`, "m"), named);
    assert.match(named, /: Download the \d+ shown$/m, named);
    assert.doesNotMatch(named, /[\u25BE\u25B4]/, named);
    // Escape closes the download menu with focus on its button.
    await menu.locator("button[data-format]").first().focus();
    await p.keyboard.press("Escape");
    assert.equal(await menu.getAttribute("open"), null);
    assert.equal(await p.evaluate(() => document.querySelector("#pubs").shadowRoot.activeElement?.tagName), "SUMMARY");
    assert.deepEqual(problems, []);
    await p.close();
  }
});
