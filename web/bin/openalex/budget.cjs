// The run's calls and the day's budget of credits, as OpenAlex's answers report it (the
// X-RateLimit-* headers), and both as the run's messages say them.
"use strict";
const { plural } = require("./messages.cjs");

// What the run asked of OpenAlex, and what its answers say of the day's budget.
function newBudget(apiKey) {
  return { apiKey, calls: 0, listCalls: 0, credits: 0, remaining: undefined, limit: undefined, reset: undefined };
}
function headerNumber(response, name) {
  const text = response.headers.get(name);
  const n = text === null || text.trim() === "" ? NaN : Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}
function readBudget(budget, response) {
  const used = headerNumber(response, "x-ratelimit-credits-used");
  if (used !== undefined && response.ok) budget.credits += used;
  budget.remaining = headerNumber(response, "x-ratelimit-remaining") ?? budget.remaining;
  budget.limit = headerNumber(response, "x-ratelimit-limit") ?? budget.limit;
  // (seconds until the budget is renewed at midnight UTC, not a time of day)
  budget.reset = headerNumber(response, "x-ratelimit-reset") ?? budget.reset;
}
// "12 calls (3 lists of works: 3 credits); 9,997 of 10,000 credits left today"
function budgetLine(budget) {
  let line = `${plural(budget.calls, "call")} to OpenAlex (${plural(budget.listCalls, "list")} of works, ${plural(budget.calls - budget.listCalls, "single lookup")}): ${plural(budget.credits, "credit")} used`;
  if (budget.remaining !== undefined) line += `; ${budget.remaining.toLocaleString("en-US")}${budget.limit !== undefined ? ` of ${budget.limit.toLocaleString("en-US")}` : ""} credits left today`;
  return line;
}
// "in 15 h 2 min (at 00:00 UTC)"
function whenRenewed(seconds) {
  if (seconds === undefined) return "at midnight UTC";
  const at = new Date(Date.now() + seconds * 1000);
  const h = Math.floor(seconds / 3600), min = Math.ceil((seconds % 3600) / 60);
  return `in ${h ? `${h} h ` : ""}${min} min (at ${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")} UTC)`;
}

module.exports = { newBudget, headerNumber, readBudget, budgetLine, whenRenewed };
