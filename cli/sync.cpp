// papershelf sync: citation counts and ids from OpenAlex, written into the owner's own BibTeX
// file (the core's sync plans every change; this reads the files, prints the diff and the
// summary, and writes the file when asked). The works come from --from-file: the Node CLI
// fetches them from OpenAlex and passes them here the same way.
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <unordered_set>

#include "cli.hpp"
#include "page.hpp"
#include "papershelf/export.hpp"
#include "papershelf/json.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::cli {
namespace {

// Today in UTC as YYYY-MM-DD, from the seconds since 1970 (Howard Hinnant's days-to-civil: the
// Node build's gmtime_r aborts, its time zone functions being left out of the WebAssembly).
std::string today_utc() {
  const long long days = static_cast<long long>(std::time(nullptr)) / 86400;
  const long long z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
  const long long doe = z - era * 146097,
                  yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  const long long day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9,
                  year = yoe + era * 400 + (month <= 2);
  char text[48];
  std::snprintf(text, sizeof text, "%04lld-%02lld-%02lld", year, month, day);
  return text;
}

// Writes `text` over `path` at once: into a new file beside it (with its permissions), renamed
// over it, so that an interrupted write never leaves half a bibliography. A symbolic link stays
// a link (its target is written); a file with other hard links is written in place, which keeps
// them; a read-only file is refused, as an editor would ask first. The new file's name cannot be
// foreseen, it is created only where nothing is (O_EXCL: a link planted there is not followed),
// it has the file's mode before it holds a byte (a bibliography kept private stays so), and it
// is removed when anything fails.
std::string replace_file(const std::string& path, const std::string& text) {
  char resolved[PATH_MAX];
  const std::string target = ::realpath(path.c_str(), resolved) ? std::string(resolved) : path;
  struct stat info {};
  if (::stat(target.c_str(), &info) != 0) return std::strerror(errno);
  if (!(info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) || ::access(target.c_str(), W_OK) != 0)
    return "it is read-only";
  if (info.st_nlink > 1) {
    std::FILE* file = std::fopen(target.c_str(), "wb");
    if (!file) return std::strerror(errno);
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    return std::fclose(file) == 0 && written ? "" : std::strerror(errno);
  }
  std::string temporary = target + ".papershelf-XXXXXX";
  const int fd = ::mkstemp(temporary.data());  // (mode 0600 until fchmod; retries a name in use)
  if (fd < 0) return std::strerror(errno);
  std::string problem;
  if (::fchmod(fd, info.st_mode & 07777) != 0) problem = std::strerror(errno);
  for (std::size_t written = 0; problem.empty() && written < text.size();) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      problem = std::strerror(n < 0 ? errno : EIO);
    else
      written += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0 && problem.empty()) problem = std::strerror(errno);
  if (problem.empty() && std::rename(temporary.c_str(), target.c_str()) != 0)
    problem = std::strerror(errno);
  if (!problem.empty()) ::unlink(temporary.c_str());
  return problem;
}

// Text from the data (titles, DOIs, keys, reasons that quote them) as the summary shows it:
// newlines, controls and bidirectional marks escaped, so that it stays on its line. The summary
// reaches terminals, CI logs (where a line starting "::" is a command) and a pull request's body.
std::string shown(std::string_view data) { return unicode::escape_controls(data, true); }

std::string work_line(const sync::Work& w) {
  std::string line =
      w.id + "  " + (w.year ? std::to_string(w.year) : std::string("----")) + "  " + shown(w.title);
  if (!w.doi.empty()) line += "  (doi " + shown(w.doi) + ")";
  return line;
}

std::string report_json(const Args& a, const sync::Plan& plan, const std::vector<sync::Work>& works,
                        bool written) {
  json::Writer w(1);
  w.begin_object()
      .field("file", a.files[0])
      .field("entries", plan.entries.size())
      .field("works", works.size());
  w.key("matched").begin_object();
  for (int r = 1; r < sync::kRuleCount; ++r)
    w.field(sync::to_string(static_cast<sync::Rule>(r)), plan.matched[r]);
  w.end_object();
  w.field("countsNew", plan.counts_new)
      .field("countsChanged", plan.counts_changed)
      .field("doisAdded", plan.dois_added);
  w.field("added", plan.added).field("edits", plan.edits.size()).field("written", written);
  w.key("decisions").begin_array();
  for (const sync::Decision& d : plan.decisions) {
    const Publication& p = plan.entries[d.entry];
    w.begin_object()
        .field("key", p.key)
        .field("line", p.line)
        .field("rule", sync::to_string(d.rule));
    if (d.work >= 0) {
      w.field("work", works[d.work].id);
      if (works[d.work].cited_by_count >= 0) w.field("citations", works[d.work].cited_by_count);
    } else {
      w.key("work").null();
    }
    if (!d.why.empty()) w.field("why", d.why);
    w.end_object();
  }
  w.end_array();
  w.key("missing").begin_array();
  for (const std::uint32_t k : plan.missing) {
    const sync::Work& work = works[k];
    w.begin_object().field("work", work.id).field("title", work.title).field("year", work.year);
    if (!work.doi.empty()) w.field("doi", work.doi);
    w.end_object();
  }
  w.end_array();
  w.key("otherVersions").begin_array();
  for (const auto& [k, entry] : plan.other_versions)
    w.begin_object().field("work", works[k].id).field("key", plan.entries[entry].key).end_object();
  w.end_array();
  w.end_object();
  return w.take() + "\n";
}

}  // namespace

int run_sync(const Args& a) {
  if (a.help) return std::fputs(kSyncHelp, stdout), 0;
  if (a.files.size() != 1)
    return usage_error("sync needs one FILE.bib, the file it keeps up to date");
  if (a.format != "text" && a.format != "json")
    return usage_error("unknown format \"" + a.format + "\" (use text or json)");
  if (a.lookups) {
    // What `npx papershelf sync` looks up in OpenAlex for the file's entries, as the rules read
    // them.
    const std::string& file = a.files[0];
    std::string bib;
    if (const std::string problem = read_input(file, bib); !problem.empty())
      return say("cannot read " + file + ": " + problem), 2;
    ReadOptions options;
    options.format = Format::BibTeX;
    options.source_name = file;
    const ReadResult r = read(bib, options);
    const std::vector<sync::Lookup> found = sync::lookups(r.library.publications);
    json::Writer w(1);
    w.begin_object()
        .field("file", file)
        .field("entries", found.size())
        .key("lookups")
        .begin_array();
    for (std::size_t i = 0; i < found.size(); ++i)
      w.begin_object()
          .field("key", r.library.publications[i].key)
          .field("doi", found[i].doi)
          .field("arxiv", found[i].arxiv)
          .field("openalex", found[i].openalex)
          .end_object();
    w.end_array().end_object();
    write_stdout(w.take() + "\n", false);
    return 0;
  }
  if (a.from_file.empty()) {
    if (a.openalex.empty() && a.orcid.empty())
      return usage_error(
          "sync needs the author: --openalex AUTHOR_ID or --orcid ID (or saved works: --from-file "
          "FILE)");
    return usage_error(
        "this papershelf cannot fetch from OpenAlex: run it as npx papershelf sync (Node fetches "
        "the works), "
        "or save the author's works as OpenAlex's API returns them and pass --from-file FILE");
  }
  const std::string date = a.date.empty() ? today_utc() : a.date;
  if (!sync::is_date(date)) return usage_error("--date needs YYYY-MM-DD, not \"" + a.date + "\"");
  const std::string& file = a.files[0];
  if (file == "-") return usage_error("sync changes a file: give its name, not -");

  std::string bib, response;
  if (const std::string problem = read_input(file, bib); !problem.empty())
    return say("cannot read " + file + ": " + problem), 2;
  if (detect_format(bib) != Format::BibTeX)
    return usage_error(file + " is not BibTeX: sync writes into BibTeX files (.bib)");
  if (bib.size() >= 2 &&
      ((bib[0] == '\xFF' && bib[1] == '\xFE') || (bib[0] == '\xFE' && bib[1] == '\xFF')))
    return usage_error(file + " is UTF-16: save it as UTF-8 for sync to write into it");
  if (const std::string problem = read_input(a.from_file, response); !problem.empty())
    return say("cannot read " + a.from_file + ": " + problem), 2;
  sync::WorksRead works = sync::read_openalex_works(response, a.from_file);
  print_diagnostics(works.diagnostics, false);
  if (has_errors(works.diagnostics)) return 2;

  sync::Options options;
  options.date = date;
  options.add = a.add;
  const sync::Plan plan = sync::plan(bib, file, works.works, options);
  print_diagnostics(plan.diagnostics, false);

  bool written = false;
  if (a.write && !plan.edits.empty()) {
    if (const std::string problem = replace_file(file, sync::apply(bib, plan.edits));
        !problem.empty())
      return say("cannot write " + file + ": " + problem), 2;
    written = true;
  }
  if (a.format == "json") {
    write_stdout(report_json(a, plan, works.works, written), false);
    return has_errors(plan.diagnostics) ? 1 : 0;
  }

  std::string out;
  if (!a.write) out += sync::unified_diff(bib, plan.edits, file);
  if (!out.empty()) out += "\n";
  const std::size_t matched =
      plan.entries.size() - std::count_if(plan.decisions.begin(), plan.decisions.end(),
                                          [](const sync::Decision& d) { return d.work < 0; });
  out += file + ": " + std::to_string(plan.entries.size()) + " entries; " +
         std::to_string(works.works.size()) + " works in OpenAlex" +
         (a.openalex.empty() ? a.orcid.empty() ? "" : " for ORCID " + shown(a.orcid)
                             : " for " + shown(a.openalex)) +
         "\n";
  if (works.works.empty())
    say("OpenAlex has no works for this author: is the id right? (" + a.from_file + " lists none)");
  out += "matched " + std::to_string(matched) + " entries" + (matched ? ":" : "");
  const char* rule_words[] = {"", "by OpenAlex id", "by DOI", "by arXiv id",
                              "by title, year and author"};
  bool first = true;
  for (int r = 1; r < sync::kRuleCount; ++r)
    if (plan.matched[r])
      out +=
          std::string(first ? " " : ", ") + std::to_string(plan.matched[r]) + " " + rule_words[r],
          first = false;
  out += "\ncitation counts: " + std::to_string(plan.counts_new) + " new, " +
         std::to_string(plan.counts_changed) + " changed";
  if (plan.dois_added) out += "; DOIs added: " + std::to_string(plan.dois_added);
  out += "\n";
  if (!plan.owner_counts.empty()) {
    out +=
        "counts no sync wrote before, replaced by OpenAlex's (yours, from Google Scholar perhaps: "
        "check them):\n";
    for (const auto& [entry, had] : plan.owner_counts) {
      const sync::Decision& d = plan.decisions[entry];
      out += "  " + shown(plan.entries[entry].key) + ": " + std::to_string(had) + " -> " +
             std::to_string(works.works[d.work].cited_by_count) + "\n";
    }
  }
  std::string stale;
  for (const sync::Decision& d : plan.decisions)
    if (d.stale_id && d.work >= 0)
      stale += "  " + shown(plan.entries[d.entry].key) + ": now " + works.works[d.work].id + "\n";
  if (!stale.empty())
    out += "openalex ids that named another work (a copied entry's?), replaced:\n" + stale;
  std::string unmatched;
  std::size_t unmatched_count = 0;
  for (const sync::Decision& d : plan.decisions)
    if (d.work < 0) {
      ++unmatched_count;
      const Publication& p = plan.entries[d.entry];
      unmatched += "  " + shown(p.key) + " (line " + std::to_string(p.line) + ")" +
                   (d.why.empty() ? "" : ": " + shown(d.why)) + "\n";
    }
  if (unmatched_count)
    out += "entries not found among the works (" + std::to_string(unmatched_count) + "):\n" +
           unmatched;
  if (!plan.other_versions.empty()) {
    out += "other versions of entries the file has (" + std::to_string(plan.other_versions.size()) +
           "; their citations are not counted):\n";
    for (const auto& [k, entry] : plan.other_versions)
      out += "  " + work_line(works.works[k]) + "  = " + shown(plan.entries[entry].key) + "\n";
  }
  if (!plan.missing.empty()) {
    out +=
        "works not in the file (" + std::to_string(plan.missing.size()) + ")" +
        (plan.added ? ", appended as new entries at its end (" + std::to_string(plan.added) + "):\n"
         : a.add    ? ":\n"
                    : "; --add appends them as new entries:\n");
    for (const std::uint32_t k : plan.missing) out += "  " + work_line(works.works[k]) + "\n";
  }
  if (plan.edits.empty())
    out += "nothing to change: " + file + " is up to date\n";
  else if (written)
    out += "wrote " + file + "\n";
  else
    out += "a dry run: nothing was written; add --write to change " + file + "\n";
  write_stdout(out, true);
  return has_errors(plan.diagnostics) ? 1 : 0;
}

}  // namespace papershelf::cli

// papershelf import: the owner's works as one entry per paper, from OpenAlex's works (--from-file:
// the Node CLI fetches them and passes them so) or a BibTeX file such as DBLP's; to standard
// output, into a new FILE.bib, or appended to an existing one where it lacks them.
namespace papershelf::cli {

int run_import(const Args& a) {
  if (a.help) return std::fputs(kImportHelp, stdout), 0;
  if (a.files.size() > 1)
    return usage_error("import writes one FILE.bib (or, without one, to standard output)");
  if (a.from_file.empty()) {
    if (a.openalex.empty() && a.orcid.empty() && a.dois.empty())
      return usage_error(
          "import needs the works: --orcid ID, --openalex AUTHOR_ID, --doi DOI, or --from-file "
          "FILE");
    return usage_error(
        "this papershelf cannot fetch from OpenAlex: run it as npx papershelf import (Node fetches "
        "the works), "
        "or save the works as OpenAlex's API returns them and pass --from-file FILE");
  }
  const std::string date = a.date.empty() ? today_utc() : a.date;
  if (!sync::is_date(date)) return usage_error("--date needs YYYY-MM-DD, not \"" + a.date + "\"");
  const std::string target = a.files.empty() ? std::string() : a.files[0];
  if (target == "-")
    return usage_error("import writes a file: give its name, or none for standard output");

  std::string input;
  if (const std::string problem = read_input(a.from_file, input); !problem.empty())
    return say("cannot read " + a.from_file + ": " + problem), 2;
  std::vector<sync::Work> works;
  std::vector<Publication> given;  // a BibTeX input's entries (works[i] is given[i])
  const std::size_t first = input.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first != std::string::npos && (input[first] == '{' || input[first] == '[')) {
    sync::WorksRead read_works = sync::read_openalex_works(input, a.from_file);
    print_diagnostics(read_works.diagnostics, false);
    if (has_errors(read_works.diagnostics)) return 2;
    works = std::move(read_works.works);
  } else {
    ReadOptions options;
    options.format = Format::BibTeX;
    options.source_name = a.from_file;
    ReadResult r = read(input, options);
    print_diagnostics(r.diagnostics, true);
    given = std::move(r.library.publications);
    for (const Publication& p : given) works.push_back(sync::work_of(p));
  }

  sync::ImportOptions import_options;
  import_options.since = a.since;
  import_options.exclude = a.exclude;
  const std::vector<sync::Paper> papers = sync::one_per_paper(works, import_options);

  // The file it adds to: its entries, and which papers it has (the sync's rules).
  std::string bib;
  bool exists = false;
  std::vector<bool> present(papers.size(), false);
  std::unordered_set<std::string> keys;
  if (!target.empty()) {
    struct stat info {};
    exists = ::stat(target.c_str(), &info) == 0;
    if (exists) {
      if (const std::string problem = read_input(target, bib); !problem.empty())
        return say("cannot read " + target + ": " + problem), 2;
      if (!bib.empty() && detect_format(bib) != Format::BibTeX)
        return usage_error(target + " is not BibTeX: import adds to BibTeX files (.bib)");
      ReadOptions options;
      options.format = Format::BibTeX;
      options.source_name = target;
      ReadResult r = read(bib, options);
      if (has_errors(r.diagnostics)) {
        print_diagnostics(r.diagnostics, true);
        return say(target +
                   " has errors: import adds nothing to it while a broken entry may be one of the "
                   "papers"),
               1;
      }
      std::vector<sync::Work> paper_works;
      for (const sync::Paper& p : papers) paper_works.push_back(p.work);
      const std::vector<sync::Decision> decisions =
          sync::match(r.library.publications, paper_works);
      for (const sync::Decision& d : decisions)
        if (d.work >= 0) present[d.work] = true;
      const std::vector<std::int32_t> version =
          sync::versions(r.library.publications, paper_works, decisions);
      for (std::size_t k = 0; k < papers.size(); ++k)
        if (version[k] >= 0) present[k] = true;
      for (const Publication& p : r.library.publications) keys.insert(p.key);
    }
  }

  // The entries: OpenAlex's works as new entries; a BibTeX file's as they are, with the arXiv id
  // of the paper's preprint where the publication's entry has none.
  sync::Options entry_options;
  entry_options.date = date;
  std::vector<sync::Paper> wanted;
  std::vector<Publication> entries;
  for (std::size_t k = 0; k < papers.size(); ++k)
    if (!present[k]) wanted.push_back(papers[k]);
  if (given.empty()) {
    entries = sync::import_entries(wanted, entry_options, keys);
  } else {
    for (const sync::Paper& paper : wanted) {
      Publication p = given[paper.records.front()];
      if (p.arxiv().empty() && !paper.work.arxiv.empty()) p.set_arxiv(paper.work.arxiv);
      entries.push_back(std::move(p));
    }
  }

  std::size_t records = 0;
  for (const sync::Paper& p : papers) records += p.records.size();
  std::string summary =
      std::to_string(works.size()) + " works: " + std::to_string(papers.size()) + " papers" +
      (records > papers.size()
           ? " (" + std::to_string(records - papers.size()) + " other versions merged into them)"
           : "");
  if (a.since || !a.exclude.empty()) summary += " after --since and --exclude";
  if (exists)
    summary += "; " + std::to_string(papers.size() - wanted.size()) + " already in " + target;
  std::string text;
  for (const Publication& p : entries) {
    std::string entry = format_bibtex(p);
    if (!entry.empty() && entry.back() != '\n') entry += '\n';
    text += (text.empty() ? "" : "\n") + entry;
  }

  if (a.dry_run) {
    std::string out = summary + "\n" +
                      (target.empty() ? "would write"
                       : exists       ? "would add to " + target
                                      : "would write " + target) +
                      " " + std::to_string(entries.size()) + " entries:\n";
    for (const Publication& p : entries)
      out += "  " + shown(p.key) + "  " +
             (p.date.year ? std::to_string(p.date.year) : std::string("----")) + "  " +
             shown(p.title.text) + "\n";
    out += "a dry run: nothing was written\n";
    write_stdout(out, true);
    return 0;
  }
  if (target.empty()) {
    write_stdout(text, false);
    say(summary);
    return 0;
  }
  if (entries.empty()) {
    say(summary + ": nothing to add to " + target);
    return 0;
  }
  if (!exists) {
    std::FILE* file = std::fopen(target.c_str(), "wx");
    if (!file) return say("cannot write " + target + ": " + std::strerror(errno)), 2;
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    if (std::fclose(file) != 0 || !written)
      return say("cannot write " + target + ": " + std::strerror(errno)), 2;
  } else {
    const std::size_t nl = bib.find('\n');
    const std::string eol =
        nl != std::string::npos && nl > 0 && bib[nl - 1] == '\r' ? "\r\n" : "\n";
    std::string added = bib.empty() || bib.back() == '\n' ? "" : eol;
    added += eol + "% papershelf import, " + date + ": works of yours this file did not have." +
             eol +
             "% Check each one: keep it (and add your own fields), correct it, or delete it." +
             eol + eol;
    for (const char c : text) added += c == '\n' ? eol : std::string(1, c);
    if (const std::string problem = replace_file(target, bib + added); !problem.empty())
      return say("cannot write " + target + ": " + problem), 2;
  }
  say(summary + "; wrote " + std::to_string(entries.size()) + " entries " +
      (exists ? "at the end of " : "to ") + target);
  return 0;
}

}  // namespace papershelf::cli
