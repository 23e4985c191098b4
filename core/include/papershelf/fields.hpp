// What crosses between the core and its front ends, field by field, listed once. Each table below
// defines a C++ struct (query.hpp, catalog.hpp, view_model.hpp, model.hpp, stats.hpp,
// boundary.hpp), its JSON (boundary.hpp: written by the binding and the core, read by the canvas
// widget and the binding) and its TypeScript type (web/src/generated/boundary.ts, which
// toolchains/gen/boundary_ts.cpp writes from these tables).
//
// A row is X(C++ type, member, JSON and TypeScript name, default, what it means). The types are
// the aliases below, so that the generator knows each one's TypeScript type by name, a count map
// (CountsBy, under an alias that names its enum), or a struct another table defines (a list of
// them, or std::optional of one: written only when present).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace papershelf::fields {

using Text = std::string;
using Flag = bool;
using Count = std::uint32_t;
using Year = int;  // 0 when there is none
using Integer = std::int64_t;
using Number = std::optional<std::int64_t>;       // JSON null when absent
using TrueOrAbsent = std::optional<bool>;         // written only when set
using TextOrAbsent = std::optional<std::string>;  // written only when set
using Texts = std::vector<std::string>;
using CountOrDefault = std::optional<std::uint32_t>;  // a request's; absent: the core's default
using LevelOrDefault = std::optional<int>;            // a request's; absent: the core's default

// A request's list of texts: a JSON array of them, or one text whose items are separated by ';'
// or line breaks (an element's attribute); each item trimmed, the empty ones left out.
struct TextList : std::vector<std::string> {};

// A count for each value of an enum, indexed by it: written as an object from the values' names
// (to_string) to their counts, the zero counts left out.
template <class Enum, std::size_t N>
struct CountsBy : std::array<std::uint32_t, N> {};

}  // namespace papershelf::fields

// Defines a struct's members from its table.
#define PAPERSHELF_MEMBER(type, member, name, init, doc) type member = init;

// --- Answers: what a query and the view model give a front end ---

#define PAPERSHELF_FACET_VALUE_FIELDS(X)                                                   \
  X(fields::Text, key, "key", {}, "The filter value: \"2024\", \"conference\", \"NSDI\".") \
  X(fields::Text, label, "label", {}, "The value as a reader sees it.")                    \
  X(fields::Count, count, "count", 0, "The records it would keep.")

#define PAPERSHELF_FACETS_FIELDS(X)                                                          \
  X(FacetValues, years, "years", {}, "Newest first.")                                        \
  X(FacetValues, types, "types", {}, "")                                                     \
  X(FacetValues, statuses, "statuses", {}, "")                                               \
  X(FacetValues, venues, "venues", {},                                                       \
    "Badges, or venues where there is no badge; most frequent first.")                       \
  X(FacetValues, tags, "tags", {}, "Most frequent first.")                                   \
  X(fields::Count, selected, "selected", 0, "")                                              \
  X(fields::Count, awards, "awards", 0, "")                                                  \
  X(fields::Count, owner_first, "ownerFirst", 0, "Records whose first author is the owner.") \
  X(fields::Count, cited, "cited", 0, "Shown records that carry a citation count.")

#define PAPERSHELF_GROUP_FIELDS(X)                                                      \
  X(fields::Text, key, "key", {}, "Machine value: \"2024\", \"conference\", \"NSDI\".") \
  X(fields::Text, label, "label", {}, "Display: \"2024\", \"Conference\", \"NSDI\".")   \
  X(fields::Count, begin, "begin", 0, "First position in `View.entries`.")              \
  X(fields::Count, count, "count", 0, "")

#define PAPERSHELF_USEFUL_CONTROLS_FIELDS(X)             \
  X(fields::Flag, year, "year", true, "")                \
  X(fields::Flag, type, "type", true, "")                \
  X(fields::Flag, status, "status", true, "")            \
  X(fields::Flag, venue, "venue", true, "")              \
  X(fields::Flag, selected, "selected", true, "")        \
  X(fields::Flag, award, "award", true, "")              \
  X(fields::Flag, first_author, "firstAuthor", true, "") \
  X(fields::Flag, by_citations, "byCitations", true, "The \"Most cited\" sort.")

#define PAPERSHELF_FILTER_CLAUSE_FIELDS(X)                                            \
  X(fields::Text, kind, "kind", {},                                                   \
    "year, type, status, venue, tag, author, selected, award, first-author")          \
  X(fields::Text, value, "value", {},                                                 \
    "\"2020-2024\", \"conference,journal\", \"NSDI\"; empty for selected, award and " \
    "first-author.")                                                                  \
  X(fields::Text, text, "text", {},                                                   \
    "The clause as filter text: year:2020-2024, \"venue:ACM CCS\", selected.")        \
  X(fields::Text, label, "label", {},                                                 \
    "The value as a reader sees it: \"2020–2024\", \"2021–\", \"Conference, Journal\".")

#define PAPERSHELF_QUERY_APPLIED_FIELDS(X)                                             \
  X(fields::Text, search, "search", {}, "")                                            \
  X(fields::Text, sort, "sort", {}, "Canonical: \"year-desc,title-asc\".")             \
  X(fields::Text, group, "group", {}, "Canonical: none, year, type, status or venue.") \
  X(fields::Text, filter, "filter", {}, "Canonical, with the request's `edits` made.")

#define PAPERSHELF_QUERY_DEFAULTS_FIELDS(X) \
  X(fields::Text, sort, "sort", {}, "")     \
  X(fields::Text, group, "group", {}, "")

// The answer to a query as a front end gets it: everything but the record indices, which cross
// another way (the binding's memory; a native front end keeps the QueryAnswer).
#define PAPERSHELF_VIEW_ANSWER_FIELDS(X)                                                         \
  X(Groups, groups, "groups", {}, "Empty when not grouped; else they cover `entries` in order.") \
  X(fields::Count, total, "total", 0,                                                            \
    "Listed records in the scope, before the visitor's filters.")                                \
  X(fields::Text, marks, "marks", {},                                                            \
    "The author marker symbols that occur in the view (\"*†\").")                                \
  X(FilterClauses, clauses, "clauses", {},                                                       \
    "The `filter` as the core read it, clause by clause (what controls and chips show).")        \
  X(fields::Texts, errors, "errors", {},                                                         \
    "Problems with the query text (unknown sort key, bad filter clause).")                       \
  X(QueryApplied, applied, "applied", {},                                                        \
    "The search, sort, group and filter applied (sort, group and filter in canonical form).")    \
  X(QueryDefaults, defaults, "defaults", {},                                                     \
    "What the core shows without a sort or group: \"year-desc\" and \"none\".")                  \
  X(std::optional<Facets>, facets, "facets", {}, "Only when the query asked for them.")          \
  X(ControlsMode, controls, "controls", ControlsMode::Full,                                      \
    "How much toolbar the list gets: the `controls` asked for, else by default the whole "       \
    "toolbar for a list of 10 or more and none for a shorter one.")                              \
  X(std::optional<UsefulControls>, useful, "useful", {},                                         \
    "With `facets`, when no search or filter narrows the scope: which controls can change it.")

#define PAPERSHELF_VIEW_AUTHOR_FIELDS(X)                                      \
  X(fields::Text, name, "name", {}, "The name as shown: \"Qinghao Hu\".")     \
  X(fields::Flag, owner, "owner", false, "The page's owner (drawn in bold).") \
  X(fields::Text, marks, "marks", {}, "Author markers, \"*†\" (drawn raised and small).")

#define PAPERSHELF_VIEW_LINK_FIELDS(X)                                           \
  X(fields::Text, label, "label", {}, "Its kind: \"pdf\", \"code\", \"doi\"...") \
  X(fields::Text, url, "url", {}, "Checked (a safe scheme) and resolved against the base.")

#define PAPERSHELF_VIEW_ENTRY_FIELDS(X)                                                           \
  X(fields::Text, key, "key", {}, "")                                                             \
  X(fields::Text, type, "type", {}, "conference, journal, preprint, ...")                         \
  X(fields::Text, title, "title", {}, "")                                                         \
  X(fields::Number, year, "year", {}, "")                                                         \
  X(fields::Number, month, "month", {}, "")                                                       \
  X(fields::Text, venue, "venue", {}, "")                                                         \
  X(fields::Text, badge, "badge", {}, "The venue's short name (al-folio's abbr).")                \
  X(fields::Text, status, "status", {}, "published, accepted, submitted, preprint, ...")          \
  X(fields::Flag, selected, "selected", false, "")                                                \
  X(fields::Text, award, "award", {}, "")                                                         \
  X(fields::Text, award_label, "awardLabel", {}, "The award's short form for a badge.")           \
  X(fields::Text, note, "note", {}, "Empty when it only repeats the status.")                     \
  X(ViewAuthors, authors, "authors", {},                                                          \
    "The authors, or the editors where the record credits only them.")                            \
  X(fields::Flag, et_al, "etAl", false, "The author list ended in \"and others\".")               \
  X(fields::TrueOrAbsent, editors, "editors", {}, "`authors` are the editors.")                   \
  X(ViewLinks, links, "links", {}, "Only links with a safe address.")                             \
  X(fields::Text, url, "url", {}, "Where the title points (the best safe link); empty for none.") \
  X(fields::Text, abstract, "abstract", {}, "")                                                   \
  X(fields::Text, doi, "doi", {}, "")                                                             \
  X(fields::Text, arxiv, "arxiv", {}, "")                                                         \
  X(fields::Texts, tags, "tags", {}, "")                                                          \
  X(fields::Number, citations, "citations", {}, "The data's citation count, if it has one.")

// --- The data's owner: the profile as the data gives it (model.hpp) ---

#define PAPERSHELF_LINK_FIELDS(X)                                                           \
  X(fields::Text, label, "label", {},                                                       \
    "Lower-case kind: \"pdf\", \"code\", \"slides\", \"doi\", \"arxiv\", \"website\", ...") \
  X(fields::Text, url, "url", {}, "As written; relative URLs stay relative.")

#define PAPERSHELF_LEGEND_ENTRY_FIELDS(X)        \
  X(fields::Text, symbol, "symbol", {}, "\"*\"") \
  X(fields::Text, meaning, "meaning", {}, "\"equal contribution\"")

#define PAPERSHELF_PROFILE_FIELDS(X)                                                    \
  X(fields::Text, name, "name", {}, "")                                                 \
  X(fields::Texts, aliases, "aliases", {}, "Other spellings of the owner's name.")      \
  X(fields::Text, position, "position", {}, "")                                         \
  X(fields::Text, affiliation, "affiliation", {}, "")                                   \
  X(fields::Text, photo, "photo", {}, "The binding gives it only with a safe address.") \
  X(Links, links, "links", {}, "The binding gives only those with a safe address.")     \
  X(fields::Texts, interests, "interests", {}, "")                                      \
  X(LegendEntries, legend, "legend", {}, "What the author markers mean.")

// --- The owner's statistics (stats.hpp: compute_stats, the card's and `papershelf stats`) ---

#define PAPERSHELF_YEAR_STATS_FIELDS(X)   \
  X(fields::Year, year, "year", 0, "")    \
  X(fields::Count, total, "total", 0, "") \
  X(TypeCounts, by_type, "types", {}, "")

#define PAPERSHELF_VENUE_STATS_FIELDS(X)                                           \
  X(fields::Text, key, "key", {},                                                  \
    "The badge, or the venue where there is no badge (what `venue:` filters on).") \
  X(fields::Count, count, "count", 0, "")                                          \
  X(fields::Year, last_year, "lastYear", 0, "The most recent year; 0 when none is dated.")

#define PAPERSHELF_COAUTHOR_STATS_FIELDS(X)                                                    \
  X(fields::Text, name, "name", {},                                                            \
    "The fullest spelling written (\"Zhisheng Ye\" rather than \"Z. Ye\").")                   \
  X(fields::Count, count, "count", 0, "Records shared with the owner.")                        \
  X(fields::Year, last_year, "lastYear", 0, "The most recent of those; 0 when none is dated.") \
  X(fields::Texts, variants, "variants", {}, "Every distinct spelling merged into this person.")

#define PAPERSHELF_CITATION_STATS_FIELDS(X)                                                \
  X(fields::Integer, total, "total", 0, "Summed over the records that carry a count.")     \
  X(fields::Count, records, "records", 0, "The records that carry a count.")               \
  X(fields::Count, h_index, "hIndex", 0, "h records with at least h citations each.")      \
  X(fields::Count, i10_index, "i10Index", 0, "Records with at least 10 citations.")        \
  X(fields::TextOrAbsent, updated, "updated", {},                                          \
    "When the counts were last brought up to date: the records' latest citations_updated " \
    "(\"2026-11-27\", written by `papershelf sync`).")

#define PAPERSHELF_STATS_FIELDS(X)                                                                \
  X(fields::Count, total, "total", 0, "")                                                         \
  X(TypeCounts, by_type, "types", {}, "")                                                         \
  X(StatusCounts, by_status, "statuses", {}, "")                                                  \
  X(fields::Count, first_author, "firstAuthor", 0,                                                \
    "Owner first, or first among equal-contribution marks.")                                      \
  X(fields::Count, awards, "awards", 0, "Records with an award or award label.")                  \
  X(fields::Count, selected, "selected", 0, "")                                                   \
  X(std::vector<YearStats>, years, "years", {},                                                   \
    "Years with records, ascending; the years between two of them at most 4 years apart are "     \
    "included with total 0, and a longer gap is left out.")                                       \
  X(fields::Count, undated, "undated", 0, "")                                                     \
  X(std::vector<VenueStats>, venues, "venues", {},                                                \
    "Badge (or venue) with its count and most recent year; most frequent first (then most "       \
    "recent, then by name).")                                                                     \
  X(std::vector<CoauthorStats>, coauthors, "coauthors", {},                                       \
    "Co-authors (owner excluded, spellings merged as the owner is matched); most frequent first " \
    "(then most recent, then by name).")                                                          \
  X(std::optional<CitationStats>, citations, "citations", {},                                     \
    "Only when some record carries a citation count (never fetched).")

// --- What the full core can cite and export in (the binding's ps_formats) ---

#define PAPERSHELF_FORMAT_CHOICE_FIELDS(X)                                                 \
  X(fields::Text, name, "name", {}, "What `cite` or `export` takes: \"apa\", \"bibtex\".") \
  X(fields::Text, label, "label", {}, "For a menu: \"APA\", \"BibTeX\".")

#define PAPERSHELF_EXPORT_CHOICE_FIELDS(X)                                                       \
  PAPERSHELF_FORMAT_CHOICE_FIELDS(X)                                                             \
  X(fields::Text, extension, "extension", {}, "A file name's ending, without the dot: \"bib\".") \
  X(fields::Text, media_type, "mediaType", {}, "\"application/x-bibtex\".")

#define PAPERSHELF_FORMATS_FIELDS(X)                                                        \
  X(FormatChoices, styles, "styles", {},                                                    \
    "The citation styles, in the owner's order or the core's: the first is the default.")   \
  X(fields::Texts, unknown, "unknown", {}, "The names the owner gave that are not styles.") \
  X(ExportChoices, exports, "exports", {}, "")

// --- Requests: what a front end asks the list's HTML, its entries and the card for ---

#define PAPERSHELF_FORMAT_REQUEST_FIELDS(X)                                                        \
  X(fields::Text, owner, "owner", {},                                                              \
    "The owner's names, separated by \";\"; empty: the data's profile.")                           \
  X(fields::CountOrDefault, max_authors, "maxAuthors", {},                                         \
    "Longer author lists collapse to \"+N more\".")                                                \
  X(fields::Text, base, "base", {}, "Prefix for relative links.")                                  \
  X(fields::Text, thumbnails, "thumbnails", {},                                                    \
    "Each record's thumbnail: \"none\", or the folder of relative ones (default: the preset's, "   \
    "else `base`).")                                                                               \
  X(fields::Text, pages, "pages", {},                                                              \
    "Where `papershelf pages` put a page per paper (\"publications/\"): titles link to those "     \
    "pages.")                                                                                      \
  X(fields::Text, preset, "preset", {},                                                            \
    "The list's look (\"al-folio\", \"academicpages\", \"hugo-blox\"): al-folio keeps thumbnails " \
    "in its own folder.")                                                                          \
  X(fields::Text, search, "search", {}, "Search text whose matches are marked in titles.")         \
  X(fields::Flag, panels, "panels", true,                                                          \
    "`false`: no BibTeX and Cite panels in `html` (where citations cannot be made, see "           \
    "`Papershelf.canFormat`).")

#define PAPERSHELF_STATS_REQUEST_FIELDS(X)  \
  X(fields::CountOrDefault, top, "top", {}, \
    "How many venues and co-authors to list (default 10; 0 = all).")

#define PAPERSHELF_PROFILE_OVERRIDE_FIELDS(X)         \
  X(fields::Text, name, "name", {}, "")               \
  X(fields::Text, position, "position", {}, "")       \
  X(fields::Text, affiliation, "affiliation", {}, "") \
  X(fields::Text, photo, "photo", {}, "")             \
  X(fields::TextList, interests, "interests", {}, "") \
  X(Links, links, "links", {}, "A link with an empty url removes that label.")

#define PAPERSHELF_PROFILE_CARD_REQUEST_FIELDS(X)                                              \
  PAPERSHELF_STATS_REQUEST_FIELDS(X)                                                           \
  X(fields::Text, owner, "owner", {}, "")                                                      \
  X(ProfileMode, mode, "mode", ProfileMode::Full, "")                                          \
  X(EmailDisplay, email, "email", EmailDisplay::Obfuscated,                                    \
    "\"obfuscated\" (default: assembled on click), \"plain\" (a mailto: link) or \"hidden\".") \
  X(fields::Text, base, "base", {}, "Prefix for a relative photo URL.")                        \
  X(fields::LevelOrDefault, heading_level, "headingLevel", {},                                 \
    "The level of the owner's name (3: <h3>); the card's sections are one below.")             \
  X(ProfileOverride, profile, "profile", {}, "")

// --- Requests: what a front end asks a query for ---

#define PAPERSHELF_FILTER_EDIT_FIELDS(X)                                                          \
  X(fields::Text, toggle, "toggle", {},                                                           \
    "A clause to toggle (a statistic, a chip): it replaces the clause of its kind, and the very " \
    "same clause again removes it.")                                                              \
  X(fields::Text, kind, "kind", {}, "Or the kind of clause to set (a menu)...")                   \
  X(fields::Text, value, "value", {},                                                             \
    "...to this value; empty removes it, and a flag is set by any value.")

#define PAPERSHELF_QUERY_TEXT_FIELDS(X)                                                            \
  X(fields::Text, search, "search", {},                                                            \
    "Free text; every word must occur (case- and diacritic-insensitive).")                         \
  X(fields::Text, scope, "scope", {},                                                              \
    "The page author's fixed selection, same syntax as `filter`: records outside it are not in "   \
    "the view, its `total` or its facets, whatever `filter` says.")                                \
  X(fields::Text, filter, "filter", {},                                                            \
    "The visitor's filters: \"year:2020-2024 type:conference selected\".")                         \
  X(FilterEdits, edits, "edits", {},                                                               \
    "Changes to `filter`, applied in order as the query reads it; `applied.filter` is the result " \
    "(the filter is read once per change).")                                                       \
  X(fields::Text, sort, "sort", {}, "\"year-desc,title-asc\"; empty: newest first.")               \
  X(fields::Text, group, "group", {}, "none, year, type, status or venue; empty: none.")           \
  X(fields::Text, owner, "owner", {},                                                              \
    "The owner's names, separated by \";\"; empty: the data's profile.")                           \
  X(fields::Text, controls, "controls", {},                                                        \
    "The element's `controls` attribute (\"full\", \"search\", \"none\"); anything else: the "     \
    "default.")                                                                                    \
  X(fields::Flag, facets, "facets", false, "Also count the facets, for filter menus.")             \
  X(fields::Flag, from_link, "fromLink", false,                                                    \
    "The search, filter, sort and group came from a link (a URL hash anyone can write): a sort "   \
    "or group the core does not know, and filter clauses or a search that match nothing, are "     \
    "left out and reported in `errors`; `applied` says what remains.")
