// What sync's and import's command lines say: a flag's value, the author (an OpenAlex id or an
// ORCID iD) as a works filter, the file, the API key (and the arguments without it), --doi's DOIs.
"use strict";
const { SyncError, shown } = require("./messages.cjs");

// The value of --name (as "--name V" or "--name=V") in `args`, or undefined.
function flag(args, name) {
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === name) return args[i + 1];
    if (args[i].startsWith(name + "=")) return args[i].slice(name.length + 1);
  }
  return undefined;
}

// ORCID's check digit (ISO 7064 11,2) over the first 15 digits.
function orcidValid(id) {
  const digits = id.replace(/-/g, "");
  let total = 0;
  for (const d of digits.slice(0, 15)) total = (total + Number(d)) * 2;
  const check = (12 - (total % 11)) % 11;
  return digits[15] === (check === 10 ? "X" : String(check));
}

// The works filter for the author the flags name; throws a SyncError for a malformed id.
function authorFilter(args) {
  const openalex = flag(args, "--openalex"), orcid = flag(args, "--orcid");
  if (openalex !== undefined) {
    const m = /^(?:https?:\/\/openalex\.org\/(?:authors\/)?)?(A\d+)$/i.exec(openalex.trim());
    if (!m) throw new SyncError(`--openalex needs an OpenAlex author id such as A5023888391, not "${openalex}"`);
    return { filter: `author.id:${m[1].toUpperCase()}`, who: m[1].toUpperCase() };
  }
  const m = /^(?:https?:\/\/orcid\.org\/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i.exec((orcid || "").trim());
  if (!m || !orcidValid(m[1].toUpperCase()))
    throw new SyncError(`--orcid needs an ORCID iD such as 0000-0002-1825-0097, not "${orcid}" (its check digit must agree)`);
  return { filter: `author.orcid:https://orcid.org/${m[1].toUpperCase()}`, who: `ORCID ${m[1].toUpperCase()}` };
}

// The file named in `args` (the first argument that is neither a flag nor a flag's value).
function fileOf(args) {
  const alone = new Set(["--add", "--write", "-q", "--quiet", "--dry-run", "--lookups"]);
  for (let i = 0; i < args.length; ++i) {
    if (!args[i].startsWith("-")) return args[i];
    if (!alone.has(args[i]) && !args[i].includes("=")) ++i;
  }
  return undefined;
}

// The key: --api-key, or OPENALEX_API_KEY (where a workflow puts a repository secret).
function apiKeyOf(args) {
  const key = flag(args, "--api-key") ?? process.env.OPENALEX_API_KEY ?? "";
  return key.trim();
}

// `args` without --api-key and its value: the C++ CLI never sees the key.
function withoutKey(args) {
  const out = [];
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === "--api-key") ++i;
    else if (!args[i].startsWith("--api-key=")) out.push(args[i]);
  }
  return out;
}

// The DOIs of --doi (repeated, or separated by commas), bare and in lower case.
function doisOf(args) {
  const out = [];
  for (let i = 0; i < args.length; ++i) {
    const value = args[i] === "--doi" ? args[++i] : args[i].startsWith("--doi=") ? args[i].slice(6) : undefined;
    if (value === undefined) continue;
    for (const doi of value.split(",")) {
      const bare = doi.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").replace(/^doi:/i, "").toLowerCase();
      if (bare && !/^10\.\d{4,9}\/\S+$/.test(bare)) throw new SyncError(`--doi needs a DOI such as 10.1145/3297858.3304046, not "${shown(doi)}"`);
      if (bare) out.push(bare);
    }
  }
  return out;
}

module.exports = { flag, authorFilter, fileOf, apiKeyOf, withoutKey, doisOf };
