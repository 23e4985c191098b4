// OpenAlex's works API on 127.0.0.1, replaying a recorded response (tests/fixtures/openalex)
// page by page, for tests that run `npx papershelf sync` from a synchronous child process (a
// server in the test's own process could not answer it). Run as a process of its own:
//   node openalex-replay.mjs RECORDED.json   prints the port it listens on, then serves
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

const works = JSON.parse(readFileSync(process.argv[2], "utf8")).results;
const pageSize = 25;
const server = createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  const start = Number(url.searchParams.get("cursor") === "*" ? 0 : url.searchParams.get("cursor"));
  const next = start + pageSize < works.length ? String(start + pageSize) : null;
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ meta: { count: works.length, next_cursor: next }, results: works.slice(start, start + pageSize) }));
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
