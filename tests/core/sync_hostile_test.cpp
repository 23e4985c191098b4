// papershelf sync against hostile works: whatever a works response holds (ids that would close a
// value, multi-line titles, DOIs with braces, counts out of range, OpenAlex's own duplicates),
// the synced file reads back as the owner's records plus exactly the fields the sync means to
// write, and never an invented entry or field.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {
namespace {

// A JSON string literal.
std::string quoted(std::string_view v) {
  std::string out = "\"";
  for (const char c : v) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += "\\u001b";
    else
      out += c;
  }
  return out + "\"";
}

// One work as raw JSON members: `id` and `count` are written as given (a count may be any JSON).
std::string work(std::string_view id, std::string_view doi, std::string_view title,
                 std::string_view count, std::string_view author = "Qinghao Hu", int year = 2021) {
  return "{\"id\": " + quoted(id) +
         ", \"doi\": " + (doi.empty() ? std::string("null") : quoted(doi)) +
         ", \"title\": " + quoted(title) + ", \"publication_year\": " + std::to_string(year) +
         ", \"type\": \"article\", \"cited_by_count\": " + std::string(count) +
         ", \"authorships\": [{\"author\": {\"display_name\": " + quoted(author) + "}}]}";
}

std::string list(const std::vector<std::string>& works) {
  std::string out = "{\"results\": [";
  for (std::size_t k = 0; k < works.size(); ++k) out += (k ? ",\n" : "\n") + works[k];
  return out + "]}";
}

const char* const kBib =
    "@article{hu2021lucid,\n  title = {Lucid: A Non-intrusive Scalable Scheduler},\n  author = "
    "{Hu, Qinghao},\n"
    "  year = {2021},\n  doi = {10.1145/lucid}\n}\n\n"
    "@inproceedings{hu2021study,\n  title = {A Long Enough Title About Clusters},\n  author = {Hu, "
    "Qinghao},\n"
    "  booktitle = {SC},\n  year = {2021}\n}\n\n"
    "@misc{hu2021quoted,\n  title = \"Quoted Values Are Written Between Quotes\",\n  author = "
    "\"Hu, Qinghao\",\n"
    "  year = \"2021\"\n}\n";

// The fields of each record by key: name -> value, as the reader kept them (extra fields and
// the model's own).
std::map<std::string, std::set<std::string>> field_names(const std::string& bib) {
  std::map<std::string, std::set<std::string>> out;
  ReadOptions o;
  o.format = Format::BibTeX;
  for (const Publication& p : read(bib, o).library.publications) {
    std::set<std::string>& names = out[p.key];
    for (const auto& [name, value] : p.extra) names.insert(name);
    if (!p.doi().empty()) names.insert("doi");
    if (p.citations()) names.insert("citations");
  }
  return out;
}

sync::Plan plan_of(const std::string& bib, const std::vector<sync::Work>& works, bool add) {
  sync::Options o;
  o.date = "2026-11-27";
  o.add = add;
  return sync::plan(bib, "papers.bib", works, o);
}

TEST(SyncHostile, WorkIdsThatAreNotOpenAlexsAreRefusedAndSaid) {
  const std::string json =
      list({work("https://openalex.org/W1}, note = {x", "10.1145/lucid", "Lucid", "3"),
            work("W2\n  abbr = {Nature},\n  selected = {true}", "",
                 "A Long Enough Title About Clusters", "4"),
            work("W3\"", "", "Quoted Values Are Written Between Quotes", "5"),
            work("https://openalex.org/works/w77", "", "Accepted Lower Case", "1"),
            work("W", "", "No Digits", "1"), work("W12345678901234567", "", "Too Long", "1")});
  const sync::WorksRead r = sync::read_openalex_works(json, "works.json");
  ASSERT_EQ(r.works.size(), 1u);
  EXPECT_EQ(r.works[0].id, "W77");
  std::size_t refused = 0;
  for (const Diagnostic& d : r.diagnostics) {
    refused += d.message.find("is not an OpenAlex work id") != std::string::npos;
    EXPECT_GT(d.line, 0u);
    EXPECT_EQ(format_diagnostic(d).find('\n'), std::string::npos) << format_diagnostic(d);
  }
  EXPECT_EQ(refused, 5u);
}

// The property: for hostile works of every kind, the synced file reads back as the input's
// records, each with at most the fields the sync writes added, plus (with --add) new entries of
// the writer's own fields; and a second sync changes nothing.
TEST(SyncHostile, TheSyncedFileReadsBackAsTheOwnersRecordsPlusTheIntendedFields) {
  const std::vector<std::string> hostile_titles = {
      "A Long Enough Title About Clusters",
      "Lucid: A Non-intrusive Scalable Scheduler",
      "Quoted Values Are Written Between Quotes",
      "Closing} brace, note = {injected",
      "Two lines\n@misc{fake,\n  title = {Fake entry}\n}",
      "Quote \" and backslash \\ and % comment",
      "Bidi \xE2\x80\xAE reversed and ESC \x1b[2J",
      "```\n::error file=x::owned\n@someone"};
  const std::vector<std::string> hostile_dois = {"10.1145/lucid", "10.1/x}, note = {y",
                                                 "10.1/\"quoted\"", "10.1/line\nbreak", ""};
  std::vector<std::string> works;
  int n = 0;
  for (const std::string& title : hostile_titles)
    for (const std::string& doi : hostile_dois) {
      ++n;
      const std::string count = n % 5 == 0 ? "1e300" : n % 7 == 0 ? "-3" : std::to_string(n);
      works.push_back(
          work("W" + std::to_string(n), doi, title, count, n % 2 ? "Qinghao Hu" : "Ada Lovelace"));
    }
  const sync::WorksRead read_works = sync::read_openalex_works(list(works), "works.json");
  ASSERT_EQ(read_works.works.size(), works.size());
  const std::map<std::string, std::set<std::string>> before = field_names(kBib);
  const std::set<std::string> written = {"openalex", "citations", "citations_updated", "doi"};
  for (const bool add : {false, true}) {
    const sync::Plan plan = plan_of(kBib, read_works.works, add);
    const std::string out = sync::apply(kBib, plan.edits);
    ReadOptions o;
    o.format = Format::BibTeX;
    const ReadResult back = read(out, o);
    for (const Diagnostic& d : back.diagnostics)
      ADD_FAILURE() << format_diagnostic(d) << "\n" << out;
    const std::map<std::string, std::set<std::string>> after = field_names(out);
    ASSERT_EQ(after.size(), before.size() + plan.added) << out;
    for (const auto& [key, names] : before) {
      ASSERT_TRUE(after.count(key)) << key;
      for (const std::string& name : after.at(key))
        EXPECT_TRUE(names.count(name) || written.count(name)) << key << " gained " << name << "\n"
                                                              << out;
      for (const std::string& name : names)
        EXPECT_TRUE(after.at(key).count(name)) << key << " lost " << name;
    }
    // The new entries carry only what a clean entry from a work has.
    const std::set<std::string> new_fields = {
        "openalex", "citations", "citations_updated", "doi", "volume", "number", "pages"};
    for (const auto& [key, names] : after) {
      if (before.count(key)) continue;
      for (const std::string& name : names)
        EXPECT_TRUE(new_fields.count(name)) << key << " has " << name << "\n" << out;
    }
    // The counts written are the works' own, never an out-of-range one.
    for (const Publication& p : back.library.publications)
      EXPECT_TRUE(is_citation_count(p.citations().value_or(0))) << p.key;
    EXPECT_TRUE(plan_of(out, read_works.works, add).edits.empty()) << out;
  }
}

TEST(SyncHostile, CountsOutOfRangeAreNotWrittenAndSumsStayInRange) {
  const std::string json =
      list({work("W1", "10.1145/lucid", "Lucid", "1e300"),
            work("W2", "", "A Long Enough Title About Clusters", "-2"),
            work("W3", "", "Quoted Values Are Written Between Quotes", "9223372036854775807")});
  const sync::WorksRead r = sync::read_openalex_works(json, "works.json");
  ASSERT_EQ(r.works.size(), 3u);
  std::size_t said = 0;
  for (const sync::Work& w : r.works) EXPECT_EQ(w.cited_by_count, -1) << w.id;
  for (const Diagnostic& d : r.diagnostics)
    said += d.message.find("is not a citation count") != std::string::npos;
  EXPECT_EQ(said, 3u);
  const std::string out = sync::apply(kBib, plan_of(kBib, r.works, false).edits);
  EXPECT_EQ(out.find("citations ="), std::string::npos) << out;
  EXPECT_NE(out.find("openalex = {W1}"), std::string::npos) << out;

  // Counts an owner (or another tool) wrote out of range are left out, said, and never summed.
  const std::string bib =
      "@misc{a, title = {A}, year = {2020}, citations = {9223372036854775807}}\n"
      "@misc{b, title = {B}, year = {2020}, citations = {9223372036854775807}}\n"
      "@misc{c, title = {C}, year = {2020}, citations = {-5}}\n"
      "@misc{d, title = {D}, year = {2020}, citations = {12}}\n";
  const ReadResult lib = read(bib);
  std::size_t warned = 0;
  for (const Diagnostic& d : lib.diagnostics)
    warned += d.message.find("is not a citation count") != std::string::npos;
  EXPECT_EQ(warned, 3u);
  const Stats s = compute_stats(lib.library, OwnerMatcher(std::vector<std::string>{}));
  ASSERT_TRUE(s.citations);
  EXPECT_EQ(s.citations->total, 12);
  EXPECT_EQ(s.citations->records, 1u);
}

TEST(SyncHostile, OpenAlexsOwnDuplicatesOfADoiAreOtherVersionsNeverAdded) {
  const std::string json =
      list({work("W1", "https://doi.org/10.1145/LUCID", "Lucid: A Non-intrusive Scalable Scheduler",
                 "30"),
            work("W2", "https://doi.org/10.1145/lucid", "Lucid: a non-intrusive scalable scheduler",
                 "2"),
            work("W5", "https://doi.org/10.1/new", "A Paper The File Lacks Entirely", "1"),
            work("W6", "https://doi.org/10.1/new", "A Paper The File Lacks Entirely", "1")});
  const sync::WorksRead r = sync::read_openalex_works(json, "works.json");
  const sync::Plan plan = plan_of(kBib, r.works, true);
  ASSERT_EQ(plan.decisions[0].work, 0);
  ASSERT_EQ(plan.other_versions.size(), 1u);
  EXPECT_EQ(plan.other_versions[0].first, 1u);
  EXPECT_EQ(plan.other_versions[0].second, 0u);
  EXPECT_EQ(plan.added, 1u);  // one entry for the DOI the file lacks, not two
}

TEST(SyncHostile, ADateThatIsNotOneIsNeverWritten) {
  const std::string json = list({work("W1", "10.1145/lucid", "Lucid", "3")});
  sync::Options o;
  o.date = "2026-11-27},\n  note = {x";
  o.add = false;
  const sync::Plan plan =
      sync::plan(kBib, "papers.bib", sync::read_openalex_works(json, "works.json").works, o);
  const std::string out = sync::apply(kBib, plan.edits);
  EXPECT_EQ(out.find("note"), std::string::npos) << out;
  EXPECT_EQ(out.find("citations_updated"), std::string::npos) << out;
  EXPECT_NE(out.find("citations = {3}"), std::string::npos) << out;
}

// A publisher's character references decode to text a file and a terminal can hold: a
// surrogate, a control or a noncharacter becomes U+FFFD, in sync's titles and wherever entities
// are decoded.
TEST(SyncHostile, CharacterReferencesNeverMakeSurrogatesOrControls) {
  const std::string json =
      list({work("W1", "10.1/new",
                 "Bad &#xD800; ESC &#x1b; BEL &#7; &#xFFFE; &#xFDD0; &#x85; ok &#xe9;", "1")});
  const sync::WorksRead r = sync::read_openalex_works(json, "works.json");
  ASSERT_EQ(r.works.size(), 1u);
  EXPECT_EQ(r.works[0].title, "Bad \uFFFD ESC \uFFFD BEL \uFFFD \uFFFD \uFFFD \uFFFD ok \u00e9");
  const std::string out = sync::apply(kBib, plan_of(kBib, r.works, true).edits);
  EXPECT_TRUE(unicode::is_valid_utf8(out));
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  EXPECT_EQ(unicode::text_code_point(0xD800), unicode::kReplacement);
  EXPECT_EQ(unicode::text_code_point(0x10FFFF), unicode::kReplacement);  // (a noncharacter)
  EXPECT_EQ(unicode::text_code_point(0x10FFFD), 0x10FFFDu);
  EXPECT_EQ(unicode::text_code_point('\n'), U'\n');
  EXPECT_EQ(unicode::text_code_point(0x9B), unicode::kReplacement);
}

// Title matching stays linear where titles collide: many identical titles (and many sharing a
// long beginning) leave the entries unmatched with a reason instead of comparing every pair.
TEST(SyncHostile, CollidingTitlesAreBoundedAndSaid) {
  std::string bib;
  std::vector<std::string> works;
  for (int k = 0; k < 600; ++k) {
    bib +=
        "@article{e" + std::to_string(k) +
        ", title = {The Very Same Title Of Every Paper}, author = {Hu, Qinghao}, year = {2021}}\n";
    works.push_back(
        work("W" + std::to_string(k + 1), "", "The Very Same Title Of Every Paper", "1"));
  }
  const sync::Plan plan =
      plan_of(bib, sync::read_openalex_works(list(works), "works.json").works, false);
  ASSERT_EQ(plan.decisions.size(), 600u);
  for (const sync::Decision& d : plan.decisions) {
    EXPECT_LT(d.work, 0);
    EXPECT_NE(d.why.find("too many to tell which"), std::string::npos) << d.why;
  }
}

}  // namespace
}  // namespace papershelf
