// What crosses the boundary between the WebAssembly core and JavaScript, as the core's JSON has it:
// the options a query, a format or the card takes, and the view, entries, statistics and
// diagnostics that come back. core.ts moves these across; every other module only reads them.

/** Input formats. `auto` detects from the content. */
export type Format = "auto" | "bibtex" | "csl-json" | "json";

export interface Diagnostic {
  source: string;
  line: number;
  column: number;
  severity: "error" | "warning" | "note";
  message: string;
  /** "file:line:col: severity: message" */
  text: string;
}

export interface Link {
  label: string;
  url: string;
}

export interface Profile {
  name: string;
  aliases: string[];
  position: string;
  affiliation: string;
  photo: string;
  links: Link[];
  interests: string[];
  legend: { symbol: string; meaning: string }[];
}

export interface Author {
  name: string;
  owner: boolean;
  marks: string;
}

/** One publication as the view model describes it (plain Unicode text). */
export interface Entry {
  key: string;
  type: string;
  title: string;
  year: number | null;
  month: number | null;
  venue: string;
  badge: string;
  status: string;
  selected: boolean;
  award: string;
  awardLabel: string;
  note: string;
  authors: Author[];
  etAl: boolean;
  links: Link[];
  doi: string;
  arxiv: string;
  tags: string[];
  citations: number | null;
}

export interface QueryOptions {
  /** Free text; every word must occur (case- and diacritic-insensitive). */
  search?: string;
  /** The page author's fixed selection, same syntax as `filter`: records outside it are not in the
   *  view, its `total` or its facets, whatever `filter` says. */
  scope?: string;
  /** e.g. "year:2020-2024 type:conference selected" */
  filter?: string;
  /** Changes to `filter`, applied in order as the query reads it; `applied.filter` is the result.
   *  (The filter is read once per change: the front end never edits filter text itself.) */
  edits?: FilterEdit[];
  /** e.g. "year-desc,title-asc" */
  sort?: string;
  group?: "none" | "year" | "type" | "status" | "venue";
  /** The owner's names, separated by ";". Defaults to the data's profile. */
  owner?: string;
  /** The prefix for relative links, checked with the query: an unsafe one is reported in `errors`. */
  base?: string;
  /** The element's `controls` attribute ("full", "search", "none"); anything else: the default. */
  controls?: string;
  /** Also compute facet counts for filter UIs. */
  facets?: boolean;
  /** The search, filter, sort and group came from a link (a URL hash anyone can write): a sort
   *  or group the core does not know and filter clauses or a search that match nothing are left out (and
   *  reported in `errors`); `applied` says what remains. */
  fromLink?: boolean;
}

export interface FacetValue {
  key: string;
  label: string;
  count: number;
}

export interface Facets {
  years: FacetValue[];
  types: FacetValue[];
  statuses: FacetValue[];
  venues: FacetValue[];
  tags: FacetValue[];
  selected: number;
  awards: number;
  ownerFirst: number;
  /** Shown records that carry a citation count. */
  cited: number;
}

export interface Group {
  key: string;
  label: string;
  /** First position in `View.entries`. */
  begin: number;
  count: number;
}

/** One clause of the visitor's filter, canonical, as the core read it. */
export interface FilterClause {
  /** year, type, status, venue, tag, author, selected, award, first-author */
  kind: string;
  /** "2020-2024", "conference,journal", "NSDI"; empty for selected, award and first-author. */
  value: string;
  /** The clause as filter text. */
  text: string;
  /** The value as a reader sees it: "2020–2024", "2021–", "Conference, Journal". */
  label: string;
}

/** Which controls can change the list, as the core judges them on the whole scope. */
export interface UsefulControls {
  year: boolean;
  type: boolean;
  status: boolean;
  venue: boolean;
  selected: boolean;
  award: boolean;
  firstAuthor: boolean;
  /** The "Most cited" sort. */
  byCitations: boolean;
}

/** A change to a filter: toggle one clause (a statistic, a chip), or set the clause of one kind
 *  (an empty value removes it; a flag is set by any non-empty value). */
export type FilterEdit = { toggle: string } | { kind: string; value: string };

export interface View {
  /** Record indices in display order. */
  entries: number[];
  /** Record keys in display order. */
  keys: string[];
  groups: Group[];
  total: number;
  facets?: Facets;
  /** How much toolbar the list gets: the `controls` asked for, else by default the whole toolbar
   *  for a list of 10 or more and none for a shorter one. */
  controls: "full" | "search" | "none";
  /** With `facets`, when no search or filter narrows the scope: which controls can change it. */
  useful?: UsefulControls;
  /** The author marker symbols that occur in the view ("*†"). */
  marks: string;
  /** The `filter` as the core read it, clause by clause (what controls and chips show). */
  clauses: FilterClause[];
  /** Problems with the query text (unknown sort key, bad filter clause). */
  errors: string[];
  /** The search, sort, group and filter applied (sort, group and filter in canonical form). */
  applied: { search: string; sort: string; group: string; filter: string };
}

export interface FormatOptions {
  owner?: string;
  maxAuthors?: number;
  /** Prefix for relative links. */
  base?: string;
  /** Each record's thumbnail: "none", or the folder of relative ones (default: the preset's, else `base`). */
  thumbnails?: string;
  /** Where `papershelf pages` put a page per paper ("publications/"): titles link to those pages. */
  pages?: string;
  /** The list's look ("al-folio", "academicpages", "hugo-blox"): al-folio keeps thumbnails in its own folder. */
  preset?: string;
  /** Search text whose matches are marked in titles. */
  search?: string;
  /** `false`: no BibTeX and Cite panels in `html` (where citations cannot be made, see
   *  `Papershelf.canFormat`). */
  panels?: boolean;
}

/** Counts per type or status name ("conference", "submitted"); zero counts are left out. */
export type Counts = Partial<Record<string, number>>;

/** The owner's statistics (the core's `compute_stats`; the same numbers as `papershelf stats`). */
export interface Stats {
  total: number;
  types: Counts;
  statuses: Counts;
  /** Owner first, or first among equal-contribution marks. */
  firstAuthor: number;
  awards: number;
  selected: number;
  /** Years with records, ascending; the years between two of them at most 4 years apart are
   *  included with total 0, and a longer gap is left out. */
  years: { year: number; total: number; types: Counts }[];
  undated: number;
  /** Badge (or venue) with its count and most recent year; most frequent first. */
  venues: { key: string; count: number; lastYear: number }[];
  /** Co-authors (owner excluded, spellings merged as the owner is matched); most frequent first. */
  coauthors: { name: string; count: number; lastYear: number; variants: string[] }[];
  /** Only when the data carries citation counts. */
  citations?: { total: number; records: number; hIndex: number; i10Index: number };
}

export interface StatsOptions {
  /** How many venues and co-authors to list (default 10; 0 = all). */
  top?: number;
}

/** Profile fields that override the data's profile (the element's attributes). */
export interface ProfileOverride {
  name?: string;
  position?: string;
  affiliation?: string;
  photo?: string;
  interests?: string[] | string;
  /** A link with an empty url removes that label. */
  links?: Link[];
}

export interface ProfileCardOptions extends StatsOptions {
  owner?: string;
  mode?: "full" | "compact" | "none";
  /** "obfuscated" (default: assembled on click), "plain" (a mailto: link) or "hidden". */
  email?: "obfuscated" | "plain" | "hidden";
  /** Prefix for a relative photo URL. */
  base?: string;
  profile?: ProfileOverride;
}

export interface ParseOptions {
  format?: Format;
  /** Name used in diagnostics. */
  source?: string;
}

/** A citation style or an export format the core offers, in the core's order. */
export interface FormatChoice { name: string; label: string }
export interface ExportChoice extends FormatChoice { extension: string; mediaType: string }
/** What `cite` and `export` accept: the first style is the default. */
export interface Formats { styles: FormatChoice[]; exports: ExportChoice[] }
export interface ExportOptions {
  /** Record indices, in order; by default the records of the last `query`. */
  indices?: readonly number[];
  /** BibTeX as a visitor should get it: no author markers, none of the owner's own fields. */
  forVisitors?: boolean;
  /** BibTeX fields also left out, by exact name. */
  omitFields?: readonly string[];
}
