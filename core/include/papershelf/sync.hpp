// Keeping an owner's BibTeX file fresh from OpenAlex, the open index of scholarly works: each
// entry found among the author's works gets its citation count (and the work's id, and a DOI
// where it has none) written into it, and the works the file lacks are listed, or appended as
// new entries for the owner to curate. Everything else in the file stays byte for byte as it was:
// comments, @string, spacing, field order, the fields only the owner's site knows.
//
// The core reads the works as OpenAlex's API returns them; fetching them is the front end's
// (`npx papershelf sync` in Node; the native CLI reads saved responses).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "papershelf/diagnostics.hpp"
#include "papershelf/model.hpp"

namespace papershelf::sync {

// One work as OpenAlex describes it: what matching and a new entry need.
struct Work {
  std::string id;     // "W2741809807"
  std::string doi;    // "10.1145/3297858.3304046": lower case, without "https://doi.org/"
  std::string arxiv;  // "2101.00001" (from an arXiv location or DOI), without its version
  std::string title;  // plain text (OpenAlex's <i>, <sub>... and entities removed)
  std::string date;   // "2019-04-04" (publication_date), or ""
  int year = 0;
  std::string type;        // OpenAlex's: "article", "preprint", "book-chapter", ...
  std::string venue;       // primary_location.source.display_name
  std::string venue_type;  // its source's type: "journal", "conference", "repository", ...
  std::vector<std::string> authors;  // display names, in order
  // The DOIs of its locations (a landing page at doi.org) other than its own: the records
  // OpenAlex merged into it (a preprint's, before its journal version), lower case.
  std::vector<std::string> location_dois;
  std::string pdf;  // an open-access PDF (best_oa_location.pdf_url, http or https), or ""
  std::string volume, issue, first_page, last_page;
  std::int64_t cited_by_count = -1;  // -1: the response did not say
  std::uint32_t offset = 0;          // where it starts in the response, for messages
  // A preprint: OpenAlex's type, or a work whose only home is arXiv.
  bool preprint() const;
};

// Reads OpenAlex's JSON: a list response ({"meta": ..., "results": [...]}, several pages
// concatenated into one "results"), an array of works, or one work. A work without an id is
// skipped and said; a document that is not JSON is an error at its line and column.
struct WorksRead {
  std::vector<Work> works;
  std::vector<Diagnostic> diagnostics;
};
WorksRead read_openalex_works(std::string_view json, std::string_view source_name);

// How an entry was found among the works, in the order the rules are tried: the id a previous
// sync wrote, the DOI, the arXiv id, then the title with the year and the first author.
enum class Rule : std::uint8_t { None, OpenAlexId, Doi, Arxiv, Title };
inline constexpr int kRuleCount = static_cast<int>(Rule::Title) + 1;
std::string_view to_string(Rule r);

struct Decision {
  std::uint32_t entry = 0;  // index into the file's publications
  std::int32_t work = -1;   // index into the works; -1: not matched
  Rule rule = Rule::None;
  // For an entry left unmatched: why ("two works fit its title equally well: ...", "the same
  // work as KEY", "its DOI differs from W1's", "no work has its DOI, arXiv id or title").
  std::string why;
  // Its openalex field named a work whose DOI or title contradicts the entry (a copied entry's
  // id): passed over, and replaced where another rule finds the entry's own work.
  bool stale_id = false;
};

// Matches each publication to at most one work and each work to at most one publication.
// A rule never guesses: where two works fit a title equally well, the entry stays unmatched.
std::vector<Decision> match(const std::vector<Publication>& entries,
                            const std::vector<Work>& works);

// What a front end that fetches looks up for one entry, as the rules read it: its DOI, its arXiv
// id (without version) and the OpenAlex id an earlier sync wrote, each "" when it has none. An
// entry with none of them is found by its title only, among the author's works.
struct Lookup {
  std::string doi, arxiv, openalex;
};
std::vector<Lookup> lookups(const std::vector<Publication>& entries);

// For each work no entry has: the matched entry it is another version of (a preprint, a
// repository's copy: the same title and an author in common), or -1 for a work the file lacks.
std::vector<std::int32_t> versions(const std::vector<Publication>& entries,
                                   const std::vector<Work>& works,
                                   const std::vector<Decision>& decisions);

// A date as the sync writes it into citations_updated: YYYY-MM-DD.
bool is_date(std::string_view text);

struct Options {
  std::string date;  // "2026-11-27": written as citations_updated where a count is new or changed
  bool add = false;  // append the works the file lacks as new entries
  bool imported = false;  // (the comment above them says `papershelf import`, not sync)
};

// A change to the file: `removed` bytes at `offset` replaced by `inserted` (most remove nothing).
struct Edit {
  std::uint32_t offset = 0;
  std::uint32_t removed = 0;
  std::string inserted;
};

struct Plan {
  std::vector<Publication> entries;    // the file as read
  std::vector<Decision> decisions;     // one per entry, in file order
  std::vector<std::uint32_t> missing;  // works the file lacks, in the response's order
  // Works no entry matched that are another version of a matched entry: (work, entry).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> other_versions;
  std::vector<Edit> edits;                          // in file order, never overlapping
  std::array<std::uint32_t, kRuleCount> matched{};  // entries matched by each rule
  std::uint32_t counts_new = 0;                     // entries that get their first count
  std::uint32_t counts_changed = 0;                 // entries whose count changed
  std::uint32_t dois_added = 0;
  std::uint32_t added = 0;  // new entries appended (Options::add)
  // Counts the sync replaces that no sync wrote (no citations_updated): the owner's own, from
  // Google Scholar perhaps, worth a look. (entry, the count it had)
  std::vector<std::pair<std::uint32_t, std::int64_t>> owner_counts;
  // The file's reading problems (errors only), and the matched entries left unchanged because
  // their syntax is broken.
  std::vector<Diagnostic> diagnostics;
};

// Plans the sync of one BibTeX file (`name` in messages) with the author's works.
Plan plan(std::string_view bib, std::string_view name, const std::vector<Work>& works,
          const Options& options);
// The file with the edits made.
std::string apply(std::string_view bib, const std::vector<Edit>& edits);
// The edits as a unified diff of `name` (two lines of context), for the owner to read before
// writing.
std::string unified_diff(std::string_view bib, const std::vector<Edit>& edits,
                         std::string_view name);

// --- A list from nothing: `papershelf import` ---

// A work the file lacks, as a clean entry: the fields a citation needs, the DOI, the arXiv id,
// the count and the id, under a key like al-folio's (hu2024characterization) not in `keys`.
Publication new_entry(const Work& w, const Options& options, std::unordered_set<std::string>& keys);

struct ImportOptions {
  int since = 0;                     // only papers of this year or later
  std::vector<std::string> exclude;  // OpenAlex ids, DOIs or arXiv ids of papers to leave out
};
// One paper: its publication's record (with the arXiv id and the open-access PDF of its other
// records where it has none), and every record of it: indexes into the works, its own first.
struct Paper {
  Work work;
  std::vector<std::uint32_t> records;
};
// The works as one entry per paper, newest first: a preprint and its publication, a
// repository's copy, OpenAlex's duplicates of a DOI are one paper (the sync's versions()).
std::vector<Paper> one_per_paper(const std::vector<Work>& works, const ImportOptions& options);
// A BibTeX entry (a DBLP file's, say) as a work, for one_per_paper().
Work work_of(const Publication& p);
// The papers as new entries, their keys stable between runs (given in the order of the works'
// ids) and not in `keys`.
std::vector<Publication> import_entries(const std::vector<Paper>& papers, const Options& options,
                                        std::unordered_set<std::string>& keys);

}  // namespace papershelf::sync
