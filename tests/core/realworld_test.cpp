// Real publication files as their owners keep them (../shared/corpus/realworld, listed with the
// number of entries each must keep in its README): every file keeps every entry, and every entry
// reads the way its owner meant it. What the source has is found by a small scanner written here
// (independent of the reader under test); what a visitor would see is the decoded record.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <sstream>

#include "fixtures.hpp"
#include "papershelf/read.hpp"

namespace papershelf {
namespace {

std::string realworld_dir() {
  const std::string shared = testing::shared_dir();
  if (shared.empty()) return "";
  const std::string dir = shared + "/corpus/realworld";
  return testing::file_exists(dir + "/README.md") ? dir : "";
}

// The README's table: | file | repository | path | entries | notes |
std::map<std::string, std::size_t> expected_counts(const std::string& dir) {
  std::map<std::string, std::size_t> counts;
  std::istringstream in(testing::read_file(dir + "/README.md"));
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 2 || line[0] != '|') continue;
    std::vector<std::string> cells;
    std::istringstream row(line.substr(1));
    for (std::string cell; std::getline(row, cell, '|');) {
      const auto b = cell.find_first_not_of(' ');
      const auto e = cell.find_last_not_of(' ');
      cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
    }
    if (cells.size() < 4 || cells[0].find(".bib") == std::string::npos) continue;
    if (cells[3].empty() || !std::isdigit(static_cast<unsigned char>(cells[3][0]))) continue;
    counts[cells[0]] = std::stoul(cells[3]);
  }
  return counts;
}

// What one source entry has: field names (lower case) with their raw values.
struct SourceEntry {
  std::string type;
  std::string key;
  std::map<std::string, std::string> fields;
  bool has(const std::string& name) const {
    const auto it = fields.find(name);
    if (it == fields.end()) return false;
    for (char c : it->second)
      if (!std::isspace(static_cast<unsigned char>(c)) && c != '{' && c != '}') return true;
    return false;
  }
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Entries other than @string/@preamble/@comment, in file order (enough of BibTeX for the
// files' shapes: braced, quoted, numeric and macro values joined with #).
std::vector<SourceEntry> scan_entries(const std::string& text) {
  std::vector<SourceEntry> out;
  std::size_t i = 0;
  const std::size_t n = text.size();
  auto skip_space = [&] {
    while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  // A {...} or "..." value from its opening delimiter; returns the text inside.
  auto read_delimited = [&] {
    const bool quoted = text[i] == '"';
    std::string v;
    int depth = quoted ? 0 : 1;
    for (++i; i < n; ++i) {
      const char c = text[i];
      if (c == '\\' && i + 1 < n) {
        v += c;
        v += text[++i];
        continue;
      }
      if (c == '{') ++depth;
      if (c == '}') --depth;
      if ((quoted && c == '"' && depth == 0) || (!quoted && depth == 0)) {
        ++i;
        return v;
      }
      v += c;
    }
    return v;
  };
  while ((i = text.find('@', i)) != std::string::npos) {
    const std::size_t line_start = text.rfind('\n', i) + 1;  // (npos + 1 == 0)
    ++i;
    // An entry commented out with % (biber's reading; the README counts it out).
    if (text.find('%', line_start) < i) continue;
    std::size_t t = i;
    while (t < n && std::isalpha(static_cast<unsigned char>(text[t]))) ++t;
    const std::string type = lower(text.substr(i, t - i));
    i = t;
    skip_space();
    if (i >= n || (text[i] != '{' && text[i] != '(')) continue;
    if (type == "string" || type == "preamble" || type == "comment" || type.empty()) continue;
    const char close = text[i] == '{' ? '}' : ')';
    ++i;
    SourceEntry e;
    e.type = type;
    const std::size_t comma = text.find_first_of(",\n", i);
    e.key = text.substr(i, comma - i);
    i = comma;
    while (i < n) {
      skip_space();
      if (i < n && text[i] == ',') {
        ++i;
        continue;
      }
      if (i >= n || text[i] == close || text[i] == '@') break;
      std::size_t name_end = i;
      while (name_end < n && !std::isspace(static_cast<unsigned char>(text[name_end])) &&
             text[name_end] != '=' && text[name_end] != close)
        ++name_end;
      const std::string name = lower(text.substr(i, name_end - i));
      i = name_end;
      skip_space();
      if (i >= n || text[i] != '=') break;
      ++i;
      std::string value;
      for (;;) {
        skip_space();
        if (i >= n) break;
        if (text[i] == '{' || text[i] == '"') {
          value += read_delimited();
        } else {
          const std::size_t start = i;
          while (i < n && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != ',' &&
                 text[i] != '#' && text[i] != close)
            ++i;
          value += text.substr(start, i - start);
        }
        skip_space();
        if (i < n && text[i] == '#') {
          ++i;
          continue;
        }
        break;
      }
      e.fields[name] = value;
    }
    if (type != "xdata") out.push_back(std::move(e));
  }
  return out;
}

bool has_numeric_year(const SourceEntry& e) {
  for (const char* f : {"year", "date"}) {
    const auto it = e.fields.find(f);
    if (it == e.fields.end()) continue;
    std::string v;
    for (char c : it->second)
      if (c != '{' && c != '}' && !std::isspace(static_cast<unsigned char>(c))) v += c;
    if (v.size() >= 4 && std::isdigit(static_cast<unsigned char>(v[0])) &&
        std::isdigit(static_cast<unsigned char>(v[1])) &&
        std::isdigit(static_cast<unsigned char>(v[2])) &&
        std::isdigit(static_cast<unsigned char>(v[3])) &&
        (v.size() == 4 || !std::isdigit(static_cast<unsigned char>(v[4]))))
      return true;
  }
  return false;
}

// TeX a visitor should never see: a backslash, a brace, a dollar, "--", "^{" or a tilde, unless
// the source asks for that character by its escape (a page title "Agents \ Anthropic" saved by
// Zotero as {\textbackslash}).
std::string raw_tex_in(const std::string& text, const std::string& source) {
  const struct {
    const char* shown;
    std::vector<const char*> escapes;
  } kChecks[] = {{"\\", {"\\textbackslash"}},
                 {"{", {"\\{", "\\textbraceleft"}},
                 {"}", {"\\}", "\\textbraceright"}},
                 {"$", {"\\$", "\\textdollar"}},
                 {"--", {}},
                 {"^{", {"\\textasciicircum"}},
                 {"~", {"\\textasciitilde", "\\~{}"}}};
  for (const auto& check : kChecks) {
    if (text.find(check.shown) == std::string::npos) continue;
    bool escaped = false;
    for (const char* e : check.escapes) escaped = escaped || source.find(e) != std::string::npos;
    if (!escaped) return check.shown;
  }
  return "";
}

TEST(RealWorld, EveryFileKeepsEveryEntryAndReadsAsItsOwnerMeant) {
  const std::string dir = realworld_dir();
  if (dir.empty()) GTEST_SKIP() << "../shared/corpus/realworld is absent";
  const auto counts = expected_counts(dir);
  ASSERT_GE(counts.size(), 1u) << "no table in " << dir << "/README.md";
  std::size_t checked = 0;
  for (const auto& [file, count] : counts) {
    const std::string text = testing::read_file(dir + "/" + file);
    ReadOptions options;
    options.source_name = file;
    const ReadResult r = read_bibtex(text, options);
    const auto& pubs = r.library.publications;
    EXPECT_EQ(pubs.size(), count) << file;
    for (const Diagnostic& d : r.diagnostics)
      EXPECT_NE(d.severity, Severity::Error) << format_diagnostic(d);
    const std::vector<SourceEntry> source = scan_entries(text);
    EXPECT_EQ(source.size(), count) << file << ": the test's scanner disagrees with the README";
    for (std::size_t k = 0; k < pubs.size() && k < source.size(); ++k) {
      const Publication& p = pubs[k];
      const SourceEntry& s = source[k];
      const std::string where = file + ":" + std::to_string(p.line) + " " + p.key;
      ++checked;
      EXPECT_FALSE(p.title.text.empty()) << where << ": empty title";
      auto source_of = [&](std::initializer_list<const char*> names) {
        std::string all;
        for (const char* f : names)
          if (const auto it = s.fields.find(f); it != s.fields.end()) all += it->second;
        return all;
      };
      EXPECT_EQ(raw_tex_in(p.title.text, source_of({"title", "booktitle"})), "")
          << where << ": title '" << p.title.text << "'";
      EXPECT_EQ(raw_tex_in(p.venue.text,
                           source_of({"journal", "journaltitle", "booktitle", "school",
                                      "institution", "publisher", "howpublished", "eventtitle"})),
                "")
          << where << ": venue '" << p.venue.text << "'";
      const std::string names_source = source_of({"author", "editor"});
      for (const auto* people : {&p.authors, &p.editors()})
        for (const Person& person : *people)
          EXPECT_EQ(raw_tex_in(display_name(person), names_source), "")
              << where << ": name '" << display_name(person) << "'";
      if (has_numeric_year(s)) {
        EXPECT_NE(p.date.year, 0) << where << ": no year";
      }
      if (s.has("journal") || s.has("booktitle") || s.has("journaltitle")) {
        EXPECT_FALSE(p.venue.text.empty()) << where << ": no venue";
      }
      if (s.has("author") || s.has("editor")) {
        EXPECT_FALSE(p.authors.empty() && p.editors().empty()) << where << ": no names";
      }
      // An article in a journal is never a preprint (unless the "journal" is a preprint server:
      // Google Scholar's "arXiv preprint arXiv:...", bioRxiv, DBLP's CoRR).
      const std::string journal = lower(source_of({"journal", "journaltitle"}));
      const bool server = journal.find("arxiv") != std::string::npos ||
                          journal.find("rxiv") != std::string::npos ||
                          journal.find("preprint") != std::string::npos ||
                          journal.find("ssrn") != std::string::npos || journal == "corr";
      if ((s.has("journal") || s.has("journaltitle")) && s.type == "article" && !server) {
        EXPECT_NE(p.type, PubType::Preprint) << where << ": journal article labelled preprint";
      }
    }
  }
  EXPECT_GT(checked, 0u);
}

}  // namespace
}  // namespace papershelf
