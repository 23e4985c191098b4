// Where the page's core spends its bytes: each function's code by what it does (the reader, LaTeX,
// names, the query, HTML, the card and statistics, metadata, JSON, libc++...), and the data.
// Reads the core built with its functions' names (the same code, names kept):
//   cmake --preset wasm-names && cmake --build --preset wasm-names && node bench/web/wasm-breakdown.mjs
// Optional: a .wasm path (default build/wasm-names/web/papershelf-core.wasm); VERBOSE=1 lists the
// largest functions of each group.
import { readFileSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { root } from "./built.mjs";

const file = process.argv[2] ?? join(root, "build", "wasm-names", "web", "papershelf-core.wasm");
if (!existsSync(file)) {
  console.error(`${file} is missing: cmake --preset wasm-names && cmake --build --preset wasm-names`);
  process.exit(1);
}
const bytes = readFileSync(file);

// --- the module's sections (the WebAssembly binary format) ---
let at = 8;  // after the magic number and the version
const uleb = () => {
  let result = 0, shift = 0, b;
  do { b = bytes[at++]; result += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
  return result;
};
const name = () => { const n = uleb(); const s = bytes.toString("utf8", at, at + n); at += n; return s; };
let importedFunctions = 0;
const bodies = [];  // code size of each defined function, in order
const names = new Map();  // function index -> name
const sections = [];
while (at < bytes.length) {
  const id = bytes[at++];
  const size = uleb();
  const start = at, end = at + size;
  let label = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "data count"][id] ?? `section ${id}`;
  if (id === 0) {
    const custom = name();
    label = `custom "${custom}"`;
    if (custom === "name") {
      while (at < end) {
        const sub = bytes[at++], subSize = uleb(), subEnd = at + subSize;
        if (sub === 1) for (let n = uleb(); n > 0; n--) { const index = uleb(); names.set(index, name()); }
        at = subEnd;
      }
    }
  } else if (id === 2) {
    for (let n = uleb(); n > 0; n--) {
      name(); name();
      const kind = bytes[at++];
      if (kind === 0) { uleb(); importedFunctions++; }
      else if (kind === 1) { at++; const flags = uleb(); uleb(); if (flags & 1) uleb(); }
      else if (kind === 2) { const flags = uleb(); uleb(); if (flags & 1) uleb(); }
      else if (kind === 3) { at += 2; }
    }
  } else if (id === 10) {
    for (let n = uleb(); n > 0; n--) { const bodySize = uleb(); bodies.push(bodySize); at += bodySize; }
  }
  sections.push({ label, size: end - start });
  at = end;
}

// --- functions by what they do: the first rule its qualified name matches (parameters aside; LTO
// inlines much into its callers, so a group holds what its functions became) ---
const GROUPS = [
  ["readers: BibTeX, and the dispatch it is inlined into", /bibtex|Resolver|RawFile|BlockArray|read_utf8|::read$|settle|venue_clues|UniqueKeys|safe_key|apply_annotations|split_tags|parse_date|first_year|link_from_text|add_links?$/],
  ["readers: JSON and CSL-JSON", /json_reader|read_csl_json|read_papershelf_json|next_element|matching_close|find_publications_array|resync_point|recover_items|csl::|Streamed|read_item|read_profile|keep_details|person_of|date_of|type_of_csl|string_list|check_field_types|record_key/],
  ["LaTeX decoding", /latex|Decoder|markup|script_form|symbol|accent|alphabet|math/i],
  ["names and the owner", /name|Person|Owner|mark|Parts|grammar|initials|each_and|given_compatible|von/i],
  ["query: filter, search, sort, group, facets", /query|filter|facet|search|sort|group|Catalog|catalog|controls|index|Query|Filter|Facet|Search|Sort|Group|Controls|apply_edit|clause|take_kind|Prepared|known_to_scope/],
  ["statistics and the profile card", /stats|Stats|profile|Profile|h_index|coauthor|email|card/i],
  ["HTML list", /html|Html|escape|rich_text|entry|author_line|collapse_authors|link_label|TextSink|toolbar|Toolbar|legend|Legend|MarkSymbols|append_marked|credited/],
  ["metadata (COinS, JSON-LD) and links", /coins|Coins|json_ld|JsonLd|metadata|resolve_url|is_safe|best_link|record_address|thumbnail|url/i],
  ["view model and JSON", /json|Json|view_entry|ViewEntry|write_json|boundary/],
  ["words (languages)", /Words|words|language|plural/],
  ["model, diagnostics, text", /Publication|Library|model|Diagnostic|diagnostic|LineMap|excerpt|unicode|utf8|nfc|fold|bytes|StringIds|Scratch|status|type_from|to_string|label/i],
  ["binding (ps_*)", /^ps_|LibraryHandle|format_options|requested_|parse_request|indices|write_strings|result$/],
  ["libc++ and the runtime", /^std::|^__|^_|malloc|free$|memcpy|memset|memmove|memchr|strchr|strlen|emscripten|sbrk|abort|claim_more_memory|attempt_allocate|operator (new|delete)|^dl|^em/],
  ["other", /./],
];
const qualified = (fn) => fn.replace(/\(anonymous namespace\)::/g, "").split("(")[0];
const groups = new Map(GROUPS.map(([g]) => [g, { size: 0, count: 0, top: [] }]));
bodies.forEach((size, i) => {
  const fn = names.get(importedFunctions + i) ?? `(function ${importedFunctions + i})`;
  const rule = GROUPS.find(([, re]) => re.test(qualified(fn)));
  const g = groups.get(rule[0]);
  g.size += size;
  g.count++;
  g.top.push([size, fn]);
});

const kb = (n) => (n / 1024).toFixed(1);
const code = bodies.reduce((a, b) => a + b, 0);
const data = sections.filter((s) => s.label === "data").reduce((a, s) => a + s.size, 0);
const namesSize = sections.filter((s) => s.label === 'custom "name"').reduce((a, s) => a + s.size, 0);
console.log(`${file}: ${kb(bytes.length)} KB (${kb(bytes.length - namesSize)} KB without its names; ${kb(gzipSync(bytes, { level: 9 }).length)} KB gzip with them)\n`);
console.log("| part | functions | KB | share of the module |\n|---|---|---|---|");
const shipped = bytes.length - namesSize;
for (const [label, g] of [...groups].sort((a, b) => b[1].size - a[1].size)) {
  if (!g.count) continue;
  console.log(`| code: ${label} | ${g.count} | ${kb(g.size)} | ${((100 * g.size) / shipped).toFixed(1)}% |`);
  if (process.env.VERBOSE) for (const [size, fn] of g.top.sort((a, b) => b[0] - a[0]).slice(0, 8)) console.log(`|   ${fn.slice(0, 90).replace(/\|/g, "\\|")} | | ${kb(size)} | |`);
}
console.log(`| data (tables: Unicode, LaTeX symbols, strings) | | ${kb(data)} | ${((100 * data) / shipped).toFixed(1)}% |`);
const rest = shipped - code - data;
console.log(`| the rest (types, imports, exports, function indices, section headers) | | ${kb(rest)} | ${((100 * rest) / shipped).toFixed(1)}% |`);
console.log(`| **the module as shipped** | ${bodies.length} | **${kb(shipped)}** | 100% |`);
