// OpenAlex's works API on 127.0.0.1, replaying responses recorded from the real API
// (tests/fixtures/openalex) page by page, as the API pages them: /works?filter=...&cursor=...,
// an opaque cursor in meta.next_cursor, 404 for an author it has no works of.
//   openAlexReplay({ worksFor, pageSize, before })   an http.Server (not yet listening): worksFor(filter)
//     gives a filter's works (undefined: 404); before(url, res) may answer a request first (true)
//   node openalex-replay.mjs RECORDED.json            serves that file's works for any filter in a
//     process of its own (for tests that run `npx papershelf sync` synchronously), printing its port
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export function openAlexReplay({ worksFor, pageSize = 25, before = () => false }) {
  return createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (before(url, res)) return;
    const works = worksFor(url.searchParams.get("filter"));
    if (!works) {
      res.writeHead(404, { "content-type": "application/json" });
      return res.end(JSON.stringify({ error: "Not found", message: "no such author" }));
    }
    const cursor = url.searchParams.get("cursor");
    const start = cursor === "*" ? 0 : Number(Buffer.from(cursor, "base64").toString());
    const next = start + pageSize < works.length ? Buffer.from(String(start + pageSize)).toString("base64") : null;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ meta: { count: works.length, db_response_time_ms: 12, page: null, per_page: Number(url.searchParams.get("per-page")), next_cursor: next },
      results: works.slice(start, start + pageSize) }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const works = JSON.parse(readFileSync(process.argv[2], "utf8")).results;
  const server = openAlexReplay({ worksFor: () => works });
  server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
}
