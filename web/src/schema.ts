// What crosses the boundary between the WebAssembly core and JavaScript, as the core's JSON has it:
// the options a query, a format or the card takes, and the view, entries, statistics and
// diagnostics that come back. core.ts moves these across; every other module only reads them.

import type { FilterClause, QueryText, ViewAnswer } from "./generated/boundary.js";

// The shapes whose fields the core lists once (core/include/papershelf/fields.hpp).
export type { Author, CitationStats, CoauthorStats, ControlsMode, Counts, EmailDisplay, Entry, ExportChoice, FacetValue, Facets, FilterClause, FilterEdit, FormatChoice, FormatOptions, Formats, Group, LegendEntry, Link, Profile, ProfileCardOptions, ProfileMode, ProfileOverride, QueryApplied, QueryDefaults, QueryText, Stats, StatsOptions, UsefulControls, VenueStats, ViewAnswer, YearStats } from "./generated/boundary.js";

/** Input formats. `auto` detects from the content. */
/** A filter after one edit (Library.editFilter): its text and its clauses as the core reads them. */
export interface EditedFilter { filter: string; clauses: FilterClause[] }

export type Format = "auto" | "bibtex" | "csl-json" | "json";

/** What the owner has to do about a diagnostic (docs/data.md lists each with an example):
 *  fix the file's grammar (`syntax`), save it as UTF-8 (`encoding`), spell a type, field or
 *  command papershelf knows (`unknown`), give a key or field once (`duplicate`), name an entry
 *  or macro that is there (`reference`), write a value it can use (`value`), give a record what
 *  it needs to be shown (`left-out`), stay within a bound (`limit`), mend the page's
 *  <paper-shelf> tag or what it points at (`page`), look at OpenAlex's data (`sync`). */
export type DiagnosticKind =
  | "syntax" | "encoding" | "unknown" | "duplicate" | "reference" | "value" | "left-out" | "limit" | "page" | "sync";

export interface Diagnostic {
  source: string;
  line: number;
  column: number;
  severity: "error" | "warning" | "note";
  kind: DiagnosticKind;
  message: string;
  /** "file:line:col: severity: message" */
  text: string;
}

/** A query's options: the core's QueryText, and the prefix for relative links. */
export interface QueryOptions extends QueryText {
  /** The prefix for relative links, checked with the query: an unsafe one is reported in `errors`. */
  base?: string;
}

/** A query's answer: the core's ViewAnswer, and the records it lists, which JavaScript reads from
 *  the core's memory rather than its JSON. */
export interface View extends ViewAnswer {
  /** Record indices in display order. */
  entries: number[];
  /** Record keys in display order. */
  keys: string[];
}

export interface ParseOptions {
  format?: Format;
  /** Name used in diagnostics. */
  source?: string;
}

export interface ExportOptions {
  /** Record indices, in order; by default the records of the last `query`. */
  indices?: readonly number[];
  /** BibTeX as a visitor should get it: no author markers, none of the owner's own fields. */
  forVisitors?: boolean;
  /** BibTeX fields also left out, by exact name. */
  omitFields?: readonly string[];
}
