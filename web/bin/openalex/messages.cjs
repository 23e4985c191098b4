// The errors that stop a run (their message is said as it is) and the text a run says: what the
// API or the network answered, escaped; an address without the key; a count in words.
"use strict";

class SyncError extends Error {}
// The day's budget is spent: the run stops, and exits with BUDGET_SPENT (openalex.cjs).
class BudgetError extends SyncError {}

const plural = (n, one, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

// An address as messages show it: without the key.
function redacted(url) {
  const u = new URL(url);
  if (u.searchParams.has("api_key")) u.searchParams.set("api_key", "…");
  return shown(u.pathname + u.search);
}

// Text from the API or the network as the C++ CLI shows what it quotes (unicode::escape_controls):
// C0 controls and DEL as \x1b, C1 controls, line separators and bidirectional marks as \u202e,
// so that an answer can neither drive the terminal nor start a line of its own in a CI log.
function shown(text) {
  return String(text).replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x80 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

module.exports = { SyncError, BudgetError, shown, redacted, plural };
