// A tiny static file server on 127.0.0.1 for browser tests (correct MIME types for .wasm/.mjs),
// plus in-memory pages a test adds with `server.pages.set(path, html)`.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { extname, join, normalize } from "node:path";

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
  ".wasm": "application/wasm", ".css": "text/css", ".json": "application/json", ".bib": "text/plain; charset=utf-8",
  ".png": "image/png", ".svg": "image/svg+xml" };

/**
 * `headers`: added to every file response (a CDN's `access-control-allow-origin: *`);
 * `missing`: file paths that answer 404 as if they were not deployed; `gzip`: files and pages sent
 * gzip-compressed to a browser that accepts it, as GitHub Pages and the npm CDNs send them.
 */
export async function serve(root, { headers = {}, missing = /^$/, gzip = false } = {}) {
  const pages = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const packed = gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const encoded = (body) => (packed ? gzipSync(body, { level: 9 }) : body);
    const encoding = packed ? { "content-encoding": "gzip", vary: "accept-encoding" } : {};
    if (pages.has(path)) {
      const body = encoded(Buffer.from(pages.get(path).body));
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length, ...encoding, ...(pages.get(path).headers ?? {}) });
      return res.end(body);
    }
    // "/slow/<path>": the file in two parts, the second 400 ms after the first 600 KB (a slow
    // network: a large file's worker starts while the rest is still on its way).
    if (missing.test(path)) return res.writeHead(404, headers).end("not found");
    const slow = path.startsWith("/slow/");
    let file = normalize(join(root, slow ? path.slice("/slow".length) : path));
    if (!file.startsWith(normalize(root))) return res.writeHead(403).end();
    if (path.endsWith("/")) file = join(file, "index.html");
    try {
      const body = slow ? await readFile(file) : encoded(await readFile(file));
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "content-length": body.length, ...(slow ? {} : encoding), ...headers });
      if (!slow) return res.end(body);
      res.write(body.subarray(0, 600 * 1024));
      setTimeout(() => res.end(body.subarray(600 * 1024)), 400);
    } catch {
      res.writeHead(404, headers).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  // closeAllConnections: a browser keeps idle keep-alive sockets open, which would hold close() up.
  return { url: `http://127.0.0.1:${port}`, pages, close: () => new Promise((ok) => { server.close(ok); server.closeAllConnections(); }) };
}
