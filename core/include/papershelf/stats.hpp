// Statistics for the profile card: counts, papers per year, top venues and co-authors, citations.
// Pure functions over the model (no globals, no I/O), shared by the CLI, the HTML card, the
// WebAssembly binding and the canvas renderer.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "papershelf/fields.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"
#include "papershelf/words.hpp"

namespace papershelf {

// Stats::years fills gaps of up to this many years without records.
inline constexpr int kStatsFilledGap = 4;

// Counts by record type and by status, indexed by PubType and Status.
using TypeCounts = fields::CountsBy<PubType, kPubTypeCount>;
using StatusCounts = fields::CountsBy<Status, kStatusCount>;

// The members, their JSON and their TypeScript types are fields.hpp's tables
// (PAPERSHELF_*_STATS_FIELDS).
struct YearStats {
  PAPERSHELF_YEAR_STATS_FIELDS(PAPERSHELF_MEMBER)  // year, total, by_type
};

struct VenueStats {
  PAPERSHELF_VENUE_STATS_FIELDS(PAPERSHELF_MEMBER)  // key, count, last_year
};

struct CoauthorStats {
  PAPERSHELF_COAUTHOR_STATS_FIELDS(PAPERSHELF_MEMBER)  // name, count, last_year, variants
};

struct CitationStats {
  // total (saturating), records, h_index, i10_index, updated (an ISO date, when some record says)
  PAPERSHELF_CITATION_STATS_FIELDS(PAPERSHELF_MEMBER)
  // Some counted record carries its OpenAlex id: the card says where the counts come from. Not in
  // the JSON.
  bool from_openalex = false;
};

struct Stats {
  // total, by_type, by_status, first_author, awards, selected, years, undated, venues,
  // coauthors, citations. `years` has one entry per year that has records, ascending, and one
  // (total 0) per year between two of them at most kStatsFilledGap years apart, so that a chart
  // of a career has no holes; a longer gap is left out (a chart marks it). So there are never
  // more than (kStatsFilledGap + 1) entries per record, whatever years it names. Undated records
  // are counted separately.
  PAPERSHELF_STATS_FIELDS(PAPERSHELF_MEMBER)
};

struct StatsOptions {
  std::size_t max_venues = 10;     // 0 = all
  std::size_t max_coauthors = 10;  // 0 = all
};

// Statistics over `lib.publications` (or the records at `indices`). Co-authors are the authors
// of records the owner is on (every author when `owner` is empty), the owner's own names left
// out; spellings of one person are merged by the owner-matching rule: the same family name and
// compatible given names, where an initial-only spelling ("Z. Ye") joins a fuller one only when
// exactly one fuller spelling fits it.
Stats compute_stats(const Library& lib, const OwnerMatcher& owner, const StatsOptions& options = {},
                    const std::vector<std::uint32_t>* indices = nullptr);

// Whom an owner who is on none of the records most likely meant (a placeholder left in a page, a
// spelling the file does not use): the person on most of them, with every spelling found, when
// that is at least half of them. Nothing when `owner` is on some record, or no one is on half.
std::optional<CoauthorStats> likely_owner(const Library& lib, const OwnerMatcher& owner);

// The h-index of a list of citation counts.
std::uint32_t h_index(std::vector<std::int64_t> citations);

// (The statistics as JSON: format_stats_json, boundary.hpp.)

// A plain-text report (the CLI's `papershelf stats`).
std::string format_stats_text(const Stats& stats);

// One sentence that describes the per-year chart ("16 publications from 2019 to 2025; most in
// 2024 (5)."), the chart's text alternative.
std::string stats_summary(const Stats& stats, const Words& words = english_words());

// --- The profile card (HTML) ---

// The card's modes: C++ name, the name a request gives (boundary_ts types them as a union).
#define PAPERSHELF_PROFILE_MODES(X) \
  X(None, "none")                   \
  X(Compact, "compact")             \
  X(Full, "full")
#define PAPERSHELF_ENUM_ITEM(name, text) name,
enum class ProfileMode : std::uint8_t { PAPERSHELF_PROFILE_MODES(PAPERSHELF_ENUM_ITEM) };
// "full" (or ""), "compact", "none", in any case, and "true", "profile" and "false" as an
// attribute may say them; nullopt when unknown.
std::optional<ProfileMode> profile_mode_from_string(std::string_view s);

// How the card shows the owner's email: Obfuscated, "name [at] domain" as text (in interactive
// markup a button that builds the link); Plain, a plain mailto: link (only when the owner asks for
// it); Hidden. C++ name, the name a request gives.
#define PAPERSHELF_EMAIL_DISPLAYS(X) \
  X(Obfuscated, "obfuscated")        \
  X(Plain, "plain")                  \
  X(Hidden, "hidden")
enum class EmailDisplay : std::uint8_t { PAPERSHELF_EMAIL_DISPLAYS(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM

struct ProfileCardOptions {
  ProfileMode mode = ProfileMode::Full;
  // Interactive markup (the <paper-shelf> element): statistics become <button data-filter="...">
  // whose value is a filter clause, and the chart's year columns become links. Static markup
  // (the CLI) has no controls that would need JavaScript.
  bool interactive = false;
  EmailDisplay email = EmailDisplay::Obfuscated;
  std::string base;              // prefix for a relative photo URL
  const Words* words = nullptr;  // the card's language (the catalog's words); English when null
  // The level of the owner's name (<h3> by default); the card's sections (top venues,
  // co-authors) are one level below (at most <h6>). Clamped to 1..6.
  int heading_level = 3;
};

// Overlays `over` on `base`: every non-empty field of `over` replaces the base's (links by
// label; a link with an empty URL removes that label). Used for element attributes / CLI flags.
Profile overlay_profile(const Profile& base, const Profile& over);
// The profile a card shows: `over` (the element's attributes, the CLI's flags) laid over the
// data's, and, where neither names anyone (a plain .bib), the first of `owner_names` ("A; B") as
// its name. The element, prerender and the CLI all ask this.
Profile card_profile(const Profile& data, const Profile& over, std::string_view owner_names);

// The label shown for a profile link kind: "scholar" -> "Google Scholar", "dblp" -> "DBLP".
std::string profile_link_label(std::string_view kind);

// The card: photo, name, position, affiliation, interests, links (safe URLs only), and in full
// mode the statistics with the per-year chart (inline SVG plus a table as its text alternative).
// Everything from data is escaped. Returns "" for ProfileMode::None.
std::string format_profile_html(const Profile& profile, const Stats& stats,
                                const ProfileCardOptions& options);

}  // namespace papershelf
