// The JS API against the built package in web/dist (node's test runner).
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "../dist/node.js";

const bib = String.raw`
@string{nsdi = {Networked Systems Design and Implementation}}
@inproceedings{hu2024, title = {Characterization of {LLM} Development}, author = {Hu*, Qinghao and Ye*, Zhisheng},
  booktitle = nsdi, year = 2024, month = apr, abbr = {NSDI}, selected = {true}, pdf = {hu2024.pdf}}
@article{garcia2021, title = {Sch{\"o}n und gr{\"u}n}, author = {Garc{\'\i}a, Jos{\'e} and Hu, Q.}, journal = {J. Z{\"u}rich}, year = 2021,
  url = {javascript:alert(1)}}
@misc{pre2025, title = {A Preprint}, author = {Someone, Else}, year = 2025, eprint = {2501.00001}, archivePrefix = {arXiv}}
`;

test("parses BibTeX, queries, formats", async () => {
  const ps = await load();
  const lib = ps.parse(bib, { source: "papers.bib" });
  assert.equal(lib.size, 3);
  assert.deepEqual(lib.diagnostics.filter((d) => d.severity === "error"), []);
  const view = lib.query({ sort: "year-desc" });
  assert.deepEqual(view.keys, ["pre2025", "hu2024", "garcia2021"]);
  // What a list shows without a sort or group of its own: the core says, and applies it.
  const unsorted = lib.query({});
  assert.deepEqual(unsorted.defaults, { sort: "year-desc", group: "none" });
  assert.deepEqual(unsorted.keys, view.keys);
  assert.equal(unsorted.applied.sort, unsorted.defaults.sort);
  const asc = lib.query({ sort: "year-asc" });
  assert.deepEqual(asc.keys, ["garcia2021", "hu2024", "pre2025"]);
  const found = lib.query({ search: "zurich garcia" });
  assert.deepEqual(found.keys, ["garcia2021"]);
  const filtered = lib.query({ filter: "type:conference selected", facets: true });
  assert.deepEqual(filtered.keys, ["hu2024"]);
  // A facet ignores its own filter but applies the others: only one record is selected, and
  // only one conference paper exists.
  assert.deepEqual(filtered.facets.types, [{ key: "conference", label: "Conference", count: 1 }]);
  assert.equal(filtered.facets.selected, 1);
  assert.deepEqual(lib.query({ facets: true }).facets.types.map((t) => t.key), ["conference", "journal", "preprint"]);
  const [entry] = lib.entries([view.entries[1]], { owner: "Qinghao Hu" });
  assert.equal(entry.badge, "NSDI");
  assert.equal(entry.authors[0].owner, true);
  assert.equal(entry.authors[0].marks, "*");
  assert.equal(entry.authors[0].name, "Qinghao Hu");
  const html = lib.html(found.entries, { owner: "Qinghao Hu", search: "zurich" });
  assert.match(html[0], /ps-owner/);
  assert.doesNotMatch(html[0], /javascript:/i);
  assert.match(await lib.bibtex(view.entries[1], ["abbr"]), /@inproceedings\{hu2024,/);
  assert.doesNotMatch(await lib.bibtex(view.entries[1], ["abbr"]), /abbr/);
  assert.match(await lib.bibtex(view.entries[1]), /abbr = \{NSDI\}/);  // (the owner's whole record)
  assert.doesNotMatch(await lib.bibtex(view.entries[1], [], true), /abbr/);  // (a visitor's)
  assert.match(await lib.citation(view.entries[1], "ieee"), /Q\. Hu/);
  assert.match(await lib.cite(view.entries[1], "apa", "html"), /<i>/);
  // No style named, or one that is none: the core's default, the first the Cite panel offers (APA).
  const apa = await lib.citation(view.entries[1], "apa");
  assert.equal(await lib.citation(view.entries[1]), apa);
  assert.equal(await lib.citation(view.entries[1], "no-such-style"), apa);
  assert.equal((await lib.formats()).styles[0].name, "apa");
  const formats = await lib.formats();
  assert.deepEqual(formats.styles.map((f) => f.name), ["apa", "ieee", "acm", "chicago", "mla", "harvard", "compact"]);
  assert.deepEqual(formats.exports.map((f) => f.name), ["bibtex", "ris", "csl-json"]);
  assert.equal((await lib.export("ris", { indices: view.entries })).match(/^TY {2}- /gm).length, view.entries.length);
  lib.dispose();
  assert.throws(() => lib.query({}), /disposed/);
});

test("a query makes the visitor's filter edits, in order, as editFilter does", async () => {
  const ps = await load();
  const lib = ps.parse(bib, { source: "papers.bib" });
  const steps = [{ toggle: "type:journal" }, { kind: "year", value: "2020-2024" }, { toggle: "selected" }, { toggle: "type:journal" }, { kind: "year", value: "not a year" }];
  let filter = "type:conference";
  for (const [i, edit] of steps.entries()) {
    filter = lib.editFilter(filter, edit).filter;
    const view = lib.query({ filter: "type:conference", edits: steps.slice(0, i + 1) });
    assert.equal(view.applied.filter, filter, JSON.stringify(edit));
    assert.deepEqual(view.keys, lib.query({ filter }).keys);
  }
  // Toggling a clause replaces its kind, the same clause again removes it; a value the syntax
  // cannot hold removes the clause.
  assert.deepEqual(steps.map((_, i) => lib.query({ filter: "type:conference", edits: steps.slice(0, i + 1) }).applied.filter),
    ["type:journal", "year:2020-2024 type:journal", "year:2020-2024 type:journal selected", "year:2020-2024 selected", "selected"]);
});

test("UTF-8 crosses the boundary intact", async () => {
  const ps = await load();
  const names = ["Łukasz Żółć", "Jiří Dvořák", "Çağrı Öztürk", "Nguyễn Văn Thắng", "Γιώργος Παπαδόπουλος", "王小明"];
  const items = names.map((n, i) => ({ id: `k${i}`, type: "article-journal", title: `Paper ${n}`, author: [{ literal: n }] }));
  const lib = ps.parse(JSON.stringify(items));
  const view = lib.query({ sort: "file" });
  const entries = lib.entries(view.entries);
  assert.deepEqual(entries.map((e) => e.authors[0].name), names);
  assert.deepEqual(lib.query({ search: "dvorak" }).keys, ["k1"]);
  // Bytes in, too (the fast path for fetch().arrayBuffer()).
  const fromBytes = ps.parse(new TextEncoder().encode(JSON.stringify(items)));
  assert.equal(fromBytes.size, names.length);
});

test("bad data: diagnostics with line:column, valid records kept", async () => {
  const ps = await load();
  const lib = ps.parse('[{"id": "a", "title": "A"},\n {"id": "b", "title": }, {"id": "c", "title": "C"}]', { source: "x.json" });
  assert.deepEqual(lib.query({ sort: "file" }).keys, ["a", "c"]);
  const err = lib.diagnostics.find((d) => d.severity === "error");
  assert.ok(err);
  assert.equal(err.line, 2);
  assert.equal(err.kind, "syntax");
  assert.match(err.text, /^x\.json:2:\d+: error: /);
});

// The hand-checked statistics fixture of tests/core/stats_test.cpp (the tally is in its header
// comment): the JS API must give the same numbers as the core suite and `papershelf stats`.
test("stats and the profile card through the binding", async () => {
  const { readFileSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  const fixtures = fileURLToPath(new URL("../../tests/fixtures/stats/", import.meta.url));
  const ps = await load();
  const lib = ps.parse(readFileSync(fixtures + "ada.bib"), { source: "ada.bib" });
  const s = lib.stats("Ada Lovelace; A. Lovelace");
  assert.equal(s.total, 9);
  assert.deepEqual(s.types, { conference: 5, journal: 2, preprint: 1, misc: 1 });
  assert.deepEqual(s.statuses, { published: 7, submitted: 1, preprint: 1 });
  assert.equal(s.firstAuthor, 5);
  assert.equal(s.awards, 2);
  assert.deepEqual(s.years.map((y) => [y.year, y.total]), [[2019, 2], [2020, 1], [2021, 0], [2022, 2], [2023, 2], [2024, 1]]);
  assert.equal(s.undated, 1);
  assert.deepEqual(s.venues.slice(0, 2).map((v) => [v.key, v.count, v.lastYear]), [["NSDI", 3, 2023], ["OSDI", 2, 2024]]);
  assert.deepEqual(s.coauthors.map((c) => [c.name, c.count, c.lastYear]),
    [["Mary Somerville", 4, 2024], ["Charles Babbage", 3, 2022], ["Caroline Herschel", 2, 2022], ["Constance Babbage", 1, 2024], ["C. Babbage", 1, 2022]]);
  assert.equal(s.citations, undefined);
  assert.equal(lib.stats("Ada Lovelace", { top: 1 }).coauthors.length, 1);
  // Every statistic on the card is a filter the query engine accepts, and applying it gives
  // the count the card shows.
  const html = lib.profileHtml({ owner: "Ada Lovelace", profile: { position: "Countess <of> Lovelace", links: [{ label: "email", url: "ada@example.org" }] } });
  assert.match(html, /<h3 class="ps-profile-name" dir="ltr">Ada Lovelace<\/h3>/);
  assert.match(html, /Countess &lt;of&gt; Lovelace/);
  assert.doesNotMatch(html, /ada@example\.org|mailto:/);
  const unescape = (v) => v.replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&#39;/g, "'");
  const filters = [...html.matchAll(/data-filter="([^"]*)"/g)].map((m) => unescape(m[1])).filter(Boolean);
  assert.ok(filters.includes("year:2022") && filters.includes("award") && filters.includes('"author:Mary Somerville"'), filters.join(" | "));
  for (const filter of filters) {
    const view = lib.query({ filter, owner: "Ada Lovelace" });
    assert.deepEqual(view.errors, [], filter);
    assert.ok(view.keys.length > 0, filter);
  }
  assert.equal(lib.query({ filter: "year:2022" }).keys.length, 2);
  assert.equal(lib.query({ filter: "award" }).keys.length, 2);
  assert.equal(lib.query({ filter: "first-author", owner: "Ada Lovelace; A. Lovelace" }).keys.length, 5);
  assert.equal(lib.profileHtml({ mode: "none" }), "");
  assert.match(lib.profileHtml({ mode: "compact", email: "plain", profile: { links: [{ label: "email", url: "ada@example.org" }] } }), /href="mailto:ada@example\.org"/);
  // Citations and the owner from a JSON profile.
  const hopper = ps.parse(readFileSync(fixtures + "hopper.json"));
  assert.deepEqual(hopper.stats().citations, { total: 30, records: 5, hIndex: 4, i10Index: 1 });
  assert.equal(hopper.stats().firstAuthor, 4);
  lib.dispose();
  hopper.dispose();
});

test("an aborted core is replaced: the loader makes a new one and its libraries fail clearly", async () => {
  const ps = await load();
  const lib = ps.parse(bib, { source: "papers.bib" });
  // A trap inside the module (here: a handle far outside its memory) is what an abort looks like.
  assert.throws(() => ps.guard(() => ps.core._ps_library_size(0x7ffffff0)), /the core failed/);
  assert.equal(ps.failed, true);
  assert.throws(() => lib.query({}), /the core failed earlier/);
  lib.dispose();  // frees nothing in a dead core, and does not throw
  const fresh = await load();
  assert.notEqual(fresh, ps);
  assert.deepEqual(fresh.parse(bib).query({ sort: "year-asc" }).keys, ["garcia2021", "hu2024", "pre2025"]);
  assert.equal(await load(), fresh, "a working core is kept");
});

// The shipped languages (core/lang): one file each, the phrases keyed by their English text, read
// by the core (Library.setWords) and by the element (labelsFromFile). en.json lists every phrase.
test("languages: en.json is the element's English labels, every shipped file has every phrase, and the core speaks them", async () => {
  const { readFileSync, readdirSync } = await import("node:fs");
  const { DEFAULT_LABELS } = await import("../dist/element/labels.js");
  const { SHIPPED_LANGUAGES, labelsFromFile, shippedLanguage } = await import("../dist/element/languages.js");
  const { PLURAL_RULES } = await import("../dist/generated/boundary.js");
  const dir = new URL("../../core/lang/", import.meta.url);
  const file = (code) => JSON.parse(readFileSync(new URL(`${code}.json`, dir), "utf8"));
  const en = file("en");
  assert.deepEqual([...SHIPPED_LANGUAGES], readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "en.json").map((f) => f.slice(0, -5)).sort());
  assert.equal(shippedLanguage("pt-BR"), "pt");
  assert.equal(shippedLanguage("zh_Hant"), "zh");
  assert.equal(shippedLanguage("sv"), undefined);
  // Read as a language, en.json gives the built-in English labels exactly, numbers and plurals
  // included: the phrases and the element's English are the same words.
  const english = labelsFromFile(en);
  const calls = { removeFilter: [["year: 2020"]], filters: [[0], [1], [3]], results: [[1, 1], [5, 5], [1234, 1234], [3, 1234]],
    downloading: [[1.5e6, 0], [2e6, 3.4e7]], reading: [[2.5e6]], problems: [[1], [2]], downloadShown: [[1], [1234]],
    downloadAs: [[1, "RIS"], [12, "RIS"]], showMore: [[4]], filterChip: [["Year", "2020–2024"]], groupHeading: [["2024", 1], ["Conference", 1234]] };
  for (const [key, value] of Object.entries(DEFAULT_LABELS)) {
    if (typeof value === "function") for (const args of calls[key]) assert.equal(english[key](...args), value(...args), `${key}(${args})`);
    else assert.deepEqual(english[key], value, key);
  }
  // Every shipped file: exactly en.json's phrases, each slot of the English kept (a singular may
  // say "one" instead of {n}), a plural's both forms.
  const slotList = (text) => (text.match(/\{\w+\}/g) ?? []).sort();
  const slots = (text) => slotList(text).join();
  for (const code of SHIPPED_LANGUAGES) {
    const lang = file(code);
    assert.deepEqual(Object.keys(lang.words), Object.keys(en.words), code);
    assert.ok(lang.plural in PLURAL_RULES, `${code}: plural ${lang.plural}`);
    for (const [phrase, text] of Object.entries(lang.words)) {
      for (const [form, singular] of typeof text === "string" ? [[text, false]] : [[text.one ?? text.other, true], [text.other, false]]) {
        assert.equal(typeof form, "string", `${code}: ${phrase}`);
        assert.ok(form.trim() || phrase.trim(), `${code}: ${phrase} is empty`);
        if (singular) assert.ok(slotList(form).every((s) => slotList(phrase).includes(s)), `${code}: "${form}" has only slots of "${phrase}"`);
        else assert.equal(slots(form), slots(phrase), `${code}: "${form}" keeps the slots of "${phrase}"`);
      }
    }
    // The element's labels: every one given, with no slot left unfilled.
    const labels = labelsFromFile(lang);
    for (const [key, value] of Object.entries(DEFAULT_LABELS)) {
      if (typeof value !== "function") { assert.ok(key in labels, `${code}: ${key}`); continue; }
      for (const args of calls[key]) assert.doesNotMatch(labels[key](...args) ?? "", /\{\w+\}/, `${code}: ${key}`);
    }
  }
  // One plural rule, the core's table (generated for the element): "0 publication" in French,
  // "0 Publikationen" in German.
  const fr = file("fr").words["{n} publications"], de_ = file("de").words["{n} publications"];
  assert.deepEqual([0, 1, 2].map((n) => labelsFromFile(file("fr")).results(n, n)), [fr.one, fr.one, fr.other].map((t, n) => t.replace("{n}", n)));
  assert.deepEqual([0, 1, 2].map((n) => labelsFromFile(file("de")).results(n, n)), [de_.other, de_.one, de_.other].map((t, n) => t.replace("{n}", n)));
  // The core's words: group headings, the type menu and the HTML after setWords.
  const ps = await load();
  const lib = ps.parse(bib, { source: "papers.bib" });
  const de = file("de");
  assert.deepEqual(lib.setWords("de", readFileSync(new URL("de.json", dir), "utf8")), []);
  const grouped = lib.query({ group: "type", facets: true });
  assert.deepEqual(grouped.groups.map((g) => g.label), [de.words.Conference, de.words.Journal, de.words.Preprint]);
  assert.deepEqual(grouped.facets.types.map((t) => t.label).sort(), [de.words.Conference, de.words.Journal, de.words.Preprint].sort());
  const html = lib.html(grouped.entries, { panels: true }).join("");
  assert.match(html, new RegExp(`<summary>${de.words.Cite}</summary>`));
  assert.doesNotMatch(html, /<summary>Cite<\/summary>/);
  // A file that is not one: reported, and the list stays English.
  assert.equal(lib.setWords("xx", "{not json").length, 1);
  assert.equal(lib.query({ group: "type" }).groups[0].label, "Conference");
  lib.dispose();
});
