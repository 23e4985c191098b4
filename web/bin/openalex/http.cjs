// One call to OpenAlex's API (request): its retries, timeout and rate-limit rules, the bound on
// an answer's size and the redirects it follows (within the API's own host only).
"use strict";
const { SyncError, BudgetError, shown, redacted, plural } = require("./messages.cjs");
const { headerNumber, readBudget } = require("./budget.cjs");

const API = process.env.PAPERSHELF_OPENALEX_API || "https://api.openalex.org";
const TIMEOUT_MS = Number(process.env.PAPERSHELF_OPENALEX_TIMEOUT_MS) || 30000;
const BACKOFF_MS = Number(process.env.PAPERSHELF_OPENALEX_BACKOFF_MS) || 1000;
const ATTEMPTS = 5;
const SHORT_WAIT_S = 30;  // a 429 asking to wait longer is a spent budget (it says ~15 h then), never waited for
const MAX_BODY_BYTES = Number(process.env.PAPERSHELF_OPENALEX_MAX_BYTES) || 32 * 1024 * 1024;  // a page of 200 works is ~1 MB
const MAX_REDIRECTS = 5;

// The body of `response` as text, refused past MAX_BODY_BYTES (read as it arrives, never whole first).
async function boundedText(response) {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new SyncError(`OpenAlex's answer is ${declared} bytes, more than a page of works can be (${MAX_BODY_BYTES}): refused`);
  if (!response.body) return "";
  const chunks = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SyncError(`OpenAlex's answer is more than ${MAX_BODY_BYTES} bytes, more than a page of works can be: refused`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

// fetch(), following redirects only within the API's own host.
async function fetchSameHost(url, init) {
  let at = new URL(url);
  for (let hop = 0; ; ++hop) {
    const response = await fetch(at, { ...init, redirect: "manual" });
    if (response.status < 300 || response.status >= 400 || !response.headers.get("location")) return response;
    let next = new URL(response.headers.get("location"), at);
    // A merged work's address (/works/W…) on OpenAlex's own host, asked of the API this run uses.
    if (next.host !== new URL(API).host && next.hostname === "api.openalex.org" && /^\/works\/W\d+$/.test(next.pathname))
      next = new URL(`${next.pathname}${at.search}`, at);
    if (next.host !== new URL(API).host || next.protocol !== at.protocol)
      throw new SyncError(`OpenAlex's answer redirects to another host (${shown(next.origin)}): not followed`);
    if (hop >= MAX_REDIRECTS) throw new SyncError(`OpenAlex's answers redirect more than ${MAX_REDIRECTS} times: not followed`);
    at = next;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// One call, with retries; `list` for a list or filter (which costs credits; one work by its id
// or DOI is free). Resolves to the parsed response, or null for a 404 when `missing` allows it;
// throws a SyncError saying what went wrong, a BudgetError when the day's budget is spent.
async function request(url, budget, { list = true, missing = false } = {}) {
  const address = new URL(url);
  if (budget.apiKey) address.searchParams.set("api_key", budget.apiKey);
  let lastProblem = { text: "" };
  for (let attempt = 0; attempt < ATTEMPTS; ++attempt) {
    if (attempt > 0) await sleep(lastProblem.wait ?? BACKOFF_MS * 2 ** (attempt - 1));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    let response;
    try {
      response = await fetchSameHost(address, { signal: controller.signal, headers: { accept: "application/json" } });
      const body = await boundedText(response);
      clearTimeout(timer);
      budget.calls += 1;
      if (list) budget.listCalls += 1;
      readBudget(budget, response);
      if (response.ok) {
        try {
          return JSON.parse(body);
        } catch {
          throw new SyncError(`OpenAlex answered ${redacted(address)} with something that is not JSON`);
        }
      }
      if (response.status === 404 && missing) return null;
      let parsed = {};
      try {
        parsed = JSON.parse(body) ?? {};
      } catch { /* not JSON: the status says it */ }
      const message = [parsed.error, parsed.message].filter((t) => typeof t === "string" && t).join(": ");
      const retryAfter = headerNumber(response, "retry-after");
      if (response.status === 429) {
        const required = headerNumber(response, "x-ratelimit-credits-required");
        const left = headerNumber(response, "x-ratelimit-remaining");
        const spent = (required !== undefined && left !== undefined && left < required) || (retryAfter ?? 0) > SHORT_WAIT_S;
        if (spent) {
          const e = new BudgetError(`OpenAlex's budget for today is spent${required !== undefined ? ` (this call needs ${plural(required, "credit")}, ${left ?? 0} left)` : ""}`);
          e.renewed = headerNumber(response, "x-ratelimit-reset") ?? retryAfter;
          throw e;
        }
        // Too fast: waited for as the server asks (it is short), or with backoff.
        lastProblem = { text: `HTTP 429${message ? `: ${shown(message)}` : ""}`, wait: retryAfter !== undefined ? retryAfter * 1000 : undefined };
        continue;
      }
      if (response.status >= 500) {
        lastProblem = { text: `HTTP ${response.status}`, wait: retryAfter !== undefined && retryAfter <= SHORT_WAIT_S ? retryAfter * 1000 : undefined };
        continue;
      }
      if (response.status === 401 || response.status === 403)
        throw new SyncError(`OpenAlex refused the request (HTTP ${response.status}${message ? `: ${shown(message)}` : ""})${budget.apiKey ? ": is the API key (--api-key, OPENALEX_API_KEY) right?" : ""}`);
      throw new SyncError(`OpenAlex refused the request (HTTP ${response.status}${message ? `: ${shown(message)}` : ""})`);
    } catch (err) {
      clearTimeout(timer);
      if (err instanceof SyncError) throw err;
      const code = err.cause?.code ?? err.code ?? "";
      if (controller.signal.aborted) {
        lastProblem = { text: `no answer in ${TIMEOUT_MS / 1000} s` };
        continue;
      }
      // Offline (no name resolution, nothing listening): no use waiting for it.
      if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ECONNREFUSED")
        throw new SyncError(`cannot reach OpenAlex at ${API} (${code}): are you offline? Or save the works as its API returns them and pass --from-file FILE`);
      lastProblem = { text: shown(code || err.message) };
    }
  }
  throw new SyncError(`OpenAlex did not answer after ${ATTEMPTS} tries (${lastProblem.text}); try again later, or pass saved works with --from-file FILE`);
}

module.exports = { API, request };
