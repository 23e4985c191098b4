// The works fetched from OpenAlex: a filter's (an author's, a batch of DOIs) page by page, one
// work by its id or DOI, each kept once, and the fewest paid calls a sync needs (worksForSync).
"use strict";
const { SyncError } = require("./messages.cjs");
const { API, request } = require("./http.cjs");

const PER_PAGE = 200;
const MAX_PAGES = 250;  // 50,000 works: more than any one author has
const SELECT = ["id", "doi", "title", "display_name", "publication_year", "publication_date", "type", "primary_location",
  "locations", "best_oa_location", "authorships", "biblio", "cited_by_count"].join(",");

// Every work of a filter (the author's, a batch of DOIs), page after page.
async function fetchWorks(filter, mailto, who, budget) {
  const results = [];
  let cursor = "*";
  for (let page = 0; cursor && page < MAX_PAGES; ++page) {
    const params = new URLSearchParams({ filter, "per-page": String(PER_PAGE), cursor, select: SELECT });
    if (mailto) params.set("mailto", mailto);
    const data = await request(`${API}/works?${params}`, budget);
    if (!data || !Array.isArray(data.results)) throw new SyncError("OpenAlex's answer has no results: is this its works API?");
    if (data.results.length > PER_PAGE) throw new SyncError(`OpenAlex answered a page of ${PER_PAGE} works with ${data.results.length}: refused`);
    // (one by one: spreading an array of any length into push() overflows the stack)
    for (const work of data.results) results.push(work);
    const total = data.meta?.count;
    if (who) process.stderr.write(`papershelf: ${who}'s works from OpenAlex: ${results.length}${Number.isFinite(total) ? ` of ${total}` : ""}\n`);
    cursor = data.results.length && typeof data.meta?.next_cursor === "string" ? data.meta.next_cursor : null;
  }
  return results;
}

const DOI_BATCH = 50;  // DOIs a call (OpenAlex takes up to 100 values in one filter)

// One work by its id or DOI ("W123", "doi:10.1/x"): free, and found where a list misses it (a
// work OpenAlex merged into another answers with the other). null when OpenAlex has none.
async function fetchOne(id, mailto, budget) {
  const params = new URLSearchParams({ select: SELECT });
  if (mailto) params.set("mailto", mailto);
  const data = await request(`${API}/works/${encodeURIComponent(id).replace(/%2F/gi, "/").replace(/%3A/gi, ":")}?${params}`, budget, { list: false, missing: true });
  if (data !== null && (typeof data !== "object" || Array.isArray(data) || typeof data.id !== "string"))
    throw new SyncError("OpenAlex's answer for one work is not a work: is this its works API?");
  return data;
}

const bareDoi = (doi) => String(doi ?? "").replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").toLowerCase();

// The works fetched, each once (by its id), with their ids and DOIs for what is still to fetch.
function collection() {
  const works = [], ids = new Set(), dois = new Set();
  const keep = (w) => {
    const id = String(w?.id ?? "").replace(/^https?:\/\/openalex\.org\//i, "").toUpperCase();
    if (id && ids.has(id)) return;  // (a work found twice: once)
    if (id) ids.add(id);
    if (w?.doi) dois.add(bareDoi(w.doi));
    works.push(w);
  };
  return { works, ids, dois, keep };
}

// The works of `wanted` DOIs not yet in `got`: in batches of DOI_BATCH (a list call each), then
// each DOI no batch answered alone (free; the way to a work OpenAlex merged into another).
// Returns the DOIs OpenAlex has no work of.
async function fetchDois(wanted, got, mailto, budget) {
  const todo = [...new Set(wanted)].filter((d) => d && !got.dois.has(d));
  // (a DOI with "|" or "," cannot be a filter's value: looked up alone)
  const batchable = todo.filter((d) => !/[|,]/.test(d));
  for (let i = 0; i < batchable.length; i += DOI_BATCH)
    for (const w of await fetchWorks(`doi:${batchable.slice(i, i + DOI_BATCH).join("|")}`, mailto, "", budget)) got.keep(w);
  const none = [];
  for (const doi of todo)
    if (!got.dois.has(doi)) {
      const w = await fetchOne(`doi:${doi}`, mailto, budget);
      if (w) got.keep(w);
      else none.push(doi);
    }
  return none;
}

// The works a sync needs, in as few paid calls as it can: the entries' DOIs (fetchDois: one
// call's credits for 50 entries); an arXiv id or an OpenAlex id one at a time (free); the
// author's list (pages of 200) only where it adds something: for --add (the works the file
// lacks), and for entries the rules can find by their title only.
async function worksForSync(entries, { filter, who }, mailto, add, budget) {
  const got = collection();
  if (add || entries.some((e) => !e.doi && !e.arxiv && !e.openalex))
    for (const w of await fetchWorks(filter, mailto, who, budget)) got.keep(w);
  await fetchDois(entries.map((e) => e.doi), got, mailto, budget);
  for (const e of entries) {
    if (e.doi) continue;
    let found = false;
    if (e.arxiv) {
      const doi = `10.48550/arxiv.${e.arxiv}`;
      const w = got.dois.has(doi) ? true : await fetchOne(`doi:${doi}`, mailto, budget);
      if (w && w !== true) got.keep(w);
      found = Boolean(w);
    }
    if (!found && e.openalex && !got.ids.has(e.openalex)) {
      const w = await fetchOne(e.openalex, mailto, budget);
      if (w) got.keep(w);
    }
  }
  return got.works;
}

module.exports = { collection, fetchWorks, fetchDois, worksForSync };
