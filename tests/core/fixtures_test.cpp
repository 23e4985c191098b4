// Data-driven tests over tests/fixtures/{valid,invalid}: every .bib and .json file is read, and
// its sidecar NAME.expect states what must come out:
//   records: N            how many records are kept
//   owner: Some Name      the owner for NAME.expected.json (the whole view model; every valid
//                         fixture has one)
//   error KIND L:C / warning KIND L:C / note KIND L:C
//                         one line per diagnostic, KIND its DiagnosticKind's name ("error syntax
//                         2:14"); the set must match exactly
// Valid fixtures must read without errors; every invalid fixture must have a sidecar.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include <set>
#include <sstream>
#include <tuple>

#include "fixtures.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/names.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/sync.hpp"

namespace pt = papershelf::testing;
using namespace papershelf;

namespace {

struct Fixture {
  std::string path;
  bool valid = true;
};
void PrintTo(const Fixture& f, std::ostream* os) { *os << f.path; }

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::vector<Fixture> all_fixtures() {
  std::vector<Fixture> out;
  for (const char* kind : {"valid", "invalid"}) {
    const std::string dir = pt::fixtures_dir() + "/" + kind;
    for (const char* ext : {".bib", ".json"}) {
      for (const auto& path : pt::list_files(dir, ext)) {
        if (ends_with(path, ".expected.json")) continue;  // an expected output, not an input
        out.push_back({path, std::string(kind) == "valid"});
      }
    }
  }
  return out;
}

std::string stem(const std::string& path) { return path.substr(0, path.rfind('.')); }

std::string base_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

using Pos = std::tuple<std::string, std::string, std::uint32_t,
                       std::uint32_t>;  // severity, kind, line, column

struct Expect {
  bool present = false;
  long records = -1;
  std::string owner;
  std::set<Pos> diagnostics;
  std::vector<std::string> errors;  // problems in the sidecar itself
};

Expect read_expect(const std::string& path) {
  Expect e;
  if (!pt::file_exists(path)) return e;
  e.present = true;
  std::istringstream in(pt::read_file(path));
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("records:", 0) == 0) {
      e.records = std::stol(line.substr(8));
    } else if (line.rfind("owner:", 0) == 0) {
      e.owner = line.substr(6);
      while (!e.owner.empty() && e.owner.front() == ' ') e.owner.erase(0, 1);
    } else {
      std::istringstream fields(line);
      std::string severity, kind, where;
      fields >> severity >> kind >> where;
      const auto colon = where.find(':');
      DiagnosticKind named;
      if ((severity != "error" && severity != "warning" && severity != "note") ||
          colon == std::string::npos || !diagnostic_kind_from_string(kind, named)) {
        e.errors.push_back(path + ":" + std::to_string(n) + ": cannot read \"" + line + "\"");
        continue;
      }
      e.diagnostics.insert({severity, kind,
                            static_cast<std::uint32_t>(std::stoul(where.substr(0, colon))),
                            static_cast<std::uint32_t>(std::stoul(where.substr(colon + 1)))});
    }
  }
  return e;
}

std::string describe(const std::set<Pos>& s) {
  std::string out;
  for (const auto& [sev, kind, line, col] : s)
    out += "  " + sev + " " + kind + " " + std::to_string(line) + ":" + std::to_string(col) + "\n";
  return out.empty() ? "  (none)\n" : out;
}

class FixtureTest : public ::testing::TestWithParam<Fixture> {};

}  // namespace

TEST(Fixtures, BothFoldersHaveFiles) {
  std::size_t valid = 0, invalid = 0;
  for (const auto& f : all_fixtures()) (f.valid ? valid : invalid)++;
  EXPECT_GE(valid, 4u);
  EXPECT_GE(invalid, 5u);
}

TEST_P(FixtureTest, MatchesItsSidecar) {
  const Fixture& f = GetParam();
  const std::string text = pt::read_file(f.path);
  ReadOptions options;
  options.source_name = base_name(f.path);
  const ReadResult r = read(text, options);

  std::string all;
  for (const auto& d : r.diagnostics) all += "  " + format_diagnostic(d) + "\n";
  SCOPED_TRACE(f.path + "\ndiagnostics:\n" + all);

  const Expect e = read_expect(stem(f.path) + ".expect");
  for (const auto& problem : e.errors) ADD_FAILURE() << problem;
  if (!f.valid) {
    ASSERT_TRUE(e.present) << "invalid fixture without a sidecar " << stem(f.path) << ".expect";
    EXPECT_TRUE(has_errors(r.diagnostics)) << "an invalid fixture must report an error";
  } else {
    EXPECT_FALSE(has_errors(r.diagnostics));
  }
  for (const auto& d : r.diagnostics) {
    EXPECT_EQ(d.source, options.source_name);
    // (The kind has no default: one of the named kinds, never what an unset byte would hold.)
    EXPECT_LT(static_cast<std::size_t>(d.kind), std::size(kDiagnosticKinds))
        << format_diagnostic(d);
  }
  if (e.present) {
    if (e.records >= 0) {
      EXPECT_EQ(static_cast<long>(r.library.publications.size()), e.records);
    }
    std::set<Pos> got;
    for (const auto& d : r.diagnostics)
      got.insert(
          {std::string(to_string(d.severity)), std::string(to_string(d.kind)), d.line, d.column});
    EXPECT_EQ(got, e.diagnostics) << "got:\n"
                                  << describe(got) << "expected:\n"
                                  << describe(e.diagnostics);
  }

  // Whatever the input, every formatter must accept what the reader kept.
  // (A record the reader could not give a title is kept, reported, and never listed.)
  const View view = run_query(r.library, Query{});
  const auto titled = std::count_if(r.library.publications.begin(), r.library.publications.end(),
                                    [](const Publication& p) { return !p.title.empty(); });
  EXPECT_EQ(static_cast<long>(view.entries.size()), titled);
  FormatOptions format;
  if (!e.owner.empty()) format.owner = OwnerMatcher(split_owner_list(e.owner));
  const std::string view_json = format_view_json(r.library, view, format);
  const auto parsed = nlohmann::json::parse(view_json, nullptr, false);
  ASSERT_FALSE(parsed.is_discarded());
  EXPECT_FALSE(format_html(r.library, view, format).empty());
  EXPECT_FALSE(
      nlohmann::json::parse(format_csl_json(r.library, view), nullptr, false).is_discarded());

  // Every valid fixture has its whole expected view model beside it; an invalid one may.
  const std::string expected_path = stem(f.path) + ".expected.json";
  if (f.valid) {
    ASSERT_TRUE(pt::file_exists(expected_path)) << "valid fixture without " << expected_path;
  }
  if (pt::file_exists(expected_path)) {
    const auto expected = nlohmann::json::parse(pt::read_file(expected_path), nullptr, false);
    ASSERT_FALSE(expected.is_discarded()) << expected_path << " is not JSON";
    EXPECT_EQ(parsed, expected) << "view JSON differs from " << expected_path << ":\n" << view_json;
  }
}

// Each kind names something the readers really say: the fixtures say most of them; the inputs
// below the others. (page is prerender's alone, about a page's <paper-shelf> tag: the CLI makes
// it, and no core input can.)
TEST(Fixtures, EveryDiagnosticKindIsSaid) {
  std::set<std::string> said;
  for (const auto& f : all_fixtures()) {
    ReadOptions options;
    options.source_name = base_name(f.path);
    for (const auto& d : read(pt::read_file(f.path), options).diagnostics)
      said.insert(std::string(to_string(d.kind)));
  }
  std::string aliases;
  for (std::size_t i = 0; i < kMaxOwnerNames; ++i)
    aliases += (i ? ",\"A" : "\"A") + std::to_string(i) + "\"";
  const std::string profile =
      R"({"profile": {"name": "A", "aliases": [)" + aliases + R"(]}, "publications": []})";
  for (const auto& d : read_papershelf_json(profile, {}).diagnostics)
    said.insert(std::string(to_string(d.kind)));
  for (const auto& d : sync::read_openalex_works(
                           R"({"results": [{"id": "https://openalex.org/X1"}]})", "works.json")
                           .diagnostics)
    said.insert(std::string(to_string(d.kind)));
  for (const DiagnosticKind k : kDiagnosticKinds) {
    const std::string name(to_string(k));
    if (name == "page") continue;
    EXPECT_TRUE(said.count(name)) << "no fixture or input here says a diagnostic of kind " << name;
  }
}

// The names are the kinds' stable spelling (fixtures, the element's Diagnostic.kind): distinct,
// lowercase, and read back as the kind they name.
TEST(Fixtures, DiagnosticKindNamesReadBack) {
  std::set<std::string> names;
  for (const DiagnosticKind k : kDiagnosticKinds) {
    const std::string name(to_string(k));
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_TRUE(std::all_of(name.begin(), name.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || c == '-';
    })) << name;
    DiagnosticKind back;
    ASSERT_TRUE(diagnostic_kind_from_string(name, back)) << name;
    EXPECT_EQ(back, k) << name;
  }
  DiagnosticKind none;
  EXPECT_FALSE(diagnostic_kind_from_string("Syntax", none));
  EXPECT_FALSE(diagnostic_kind_from_string("", none));
}

INSTANTIATE_TEST_SUITE_P(All, FixtureTest, ::testing::ValuesIn(all_fixtures()),
                         [](const ::testing::TestParamInfo<Fixture>& param) {
                           std::string name =
                               std::string(param.param.valid ? "valid_" : "invalid_") +
                               base_name(param.param.path);
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });
