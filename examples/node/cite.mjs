// Convert and filter a .bib with the papershelf npm package: print text citations and, with
// --json, write the matching entries (authors with owner flags and markers, links, status, ...).
//
//   npm install papershelf
//   node cite.mjs papers.bib --filter "year:2023- type:conference" --owner "Qinghao Hu; Q. Hu" --json out.json
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { load } from "papershelf";

const { values: opt, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    filter: { type: "string", default: "" },   // e.g. "year:2020-2024 type:journal selected"
    search: { type: "string", default: "" },
    sort: { type: "string", default: "year-desc" },
    owner: { type: "string", default: "" },
    style: { type: "string", default: "ieee" }, // apa, ieee, acm, chicago, mla, harvard or compact
    json: { type: "string" },                   // write the entries here
  },
});

const shelf = await load();
const library = shelf.parse(await readFile(files[0]), { source: files[0] });
for (const d of library.diagnostics) console.error(d.text);

const view = library.query({ filter: opt.filter, search: opt.search, sort: opt.sort });
for (const [i, index] of view.entries.entries()) console.log(`[${i + 1}] ${await library.cite(index, opt.style)}`);

if (opt.json) {
  const entries = library.entries(view.entries, { owner: opt.owner });
  await writeFile(opt.json, JSON.stringify(entries, null, 2) + "\n");
  const mine = entries.filter((e) => e.authors.some((a) => a.owner)).length;
  console.error(`${entries.length} entries written to ${opt.json} (${mine} with the owner)`);
}
