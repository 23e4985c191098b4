// papershelf: check and render publication lists from the command line.
// All the work is the core's; this file only reads files, parses flags and prints.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "papershelf/format.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"

namespace {

using namespace papershelf;

constexpr const char* kVersion = "0.1.0";

const char* kMainHelp = R"(usage: papershelf <command> [options] FILE...

Reads publication lists (BibTeX/BibLaTeX, CSL-JSON, papershelf JSON) and checks or renders them.

commands:
  check     report problems in the input as file:line:col: severity: message
  render    filter, search, sort, group and format the input to stdout
  help      show help for a command

options:
  -h, --help     show this help
  --version      print the version

Run 'papershelf help <command>' for a command's options. FILE '-' reads standard input.
)";

const char* kCheckHelp = R"(usage: papershelf check [--from FORMAT] FILE...

Reads each FILE and prints its diagnostics as file:line:col: error|warning: message,
then a summary line. Exit status: 1 when any error was found, 0 otherwise.

options:
  --from FORMAT   bibtex, csl-json or json (papershelf); detected from content by default
  -q, --quiet     print only errors
)";

const char* kRenderHelp = R"(usage: papershelf render [options] FILE...

Merges the FILEs (in order) into one list and writes it to standard output.
Diagnostics go to standard error. Exit status: 1 when the input had errors (the valid
records are still rendered), 2 on bad usage.

options:
  --format F        html (default; a static fragment, no JavaScript needed), json (the
                    view model), text, bibtex, csl-json
  --owner NAME      the owner's name, highlighted in author lists; repeat it or separate
                    variants with ';' ("Qinghao Hu; Q. Hu"). Defaults to the profile's name
                    and aliases when the input has a profile
  --sort KEYS       e.g. year-desc,title-asc (keys: year title author venue badge type
                    status citations file; default year-desc)
  --group KEY       none, year, type, status or venue
  --search TEXT     keep entries containing every word (case/diacritic-insensitive)
  --filter EXPR     e.g. "year:2020-2024 type:conference,journal status:preprint
                    venue:NSDI tag:llm selected award author:Zhang first-author"
  --max-authors N   collapse longer author lists to "+N more" (the owner stays visible)
  --base URL        prefix for relative links (al-folio's pdf = {paper.pdf})
  --style S         text citation style: compact (default) or ieee
  --omit-fields F   comma-separated BibTeX fields to leave out of BibTeX output
  --no-bibtex       html: leave out the per-entry BibTeX block
  --from FORMAT     input format: bibtex, csl-json or json (default: detected)
)";

bool read_input(const std::string& path, std::string& out) {
  if (path == "-") {
    out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

struct Args {
  std::vector<std::string> files;
  std::vector<std::string> owners;
  std::string sort, group, search, filter, format = "html", base, style, from;
  std::vector<std::string> omit_fields;
  std::size_t max_authors = 0;
  bool no_bibtex = false, quiet = false, help = false;
};

int usage_error(const std::string& message) {
  std::fprintf(stderr, "papershelf: %s\nTry 'papershelf --help'.\n", message.c_str());
  return 2;
}

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

// Returns 0 on success, else the exit status for a usage error.
int parse_args(int argc, char** argv, int first, Args& a) {
  for (int i = first; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](std::string& into) -> bool {
      const auto eq = arg.find('=');
      if (eq != std::string::npos) {
        into = arg.substr(eq + 1);
        return true;
      }
      if (i + 1 >= argc) return false;
      into = argv[++i];
      return true;
    };
    const std::string name = arg.substr(0, arg.find('='));
    std::string v;
    if (arg == "-h" || arg == "--help") a.help = true;
    else if (arg == "-q" || arg == "--quiet") a.quiet = true;
    else if (arg == "--no-bibtex") a.no_bibtex = true;
    else if (arg == "-" || arg.empty() || arg[0] != '-') a.files.push_back(arg);
    else if (!value(v)) return usage_error("option " + name + " needs a value");
    else if (name == "--owner") {
      for (auto& o : split_owner_list(v)) a.owners.push_back(o);
    } else if (name == "--sort") a.sort = v;
    else if (name == "--group") a.group = v;
    else if (name == "--search") a.search = v;
    else if (name == "--filter") a.filter = v;
    else if (name == "--format") a.format = v;
    else if (name == "--base") a.base = v;
    else if (name == "--style") a.style = v;
    else if (name == "--from") a.from = v;
    else if (name == "--omit-fields") a.omit_fields = split_commas(v);
    else if (name == "--max-authors") {
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || n < 0) return usage_error("--max-authors needs a number");
      a.max_authors = static_cast<std::size_t>(n);
    } else {
      return usage_error("unknown option " + name);
    }
  }
  return 0;
}

// Reads and merges all inputs; prints diagnostics. Returns false when a file can't be read.
bool load(const Args& a, Library& lib, std::vector<Diagnostic>& diagnostics) {
  Format format = Format::Auto;
  if (!a.from.empty()) format = format_from_string(a.from);
  for (std::size_t i = 0; i < a.files.size(); ++i) {
    std::string text;
    if (!read_input(a.files[i], text)) {
      std::fprintf(stderr, "papershelf: cannot read %s: %s\n", a.files[i].c_str(), std::strerror(errno));
      return false;
    }
    ReadOptions options;
    options.format = format;
    options.source_name = a.files[i];
    options.source_index = static_cast<std::uint32_t>(i);
    ReadResult r = read(text, options);
    merge(lib, std::move(r.library));
    diagnostics.insert(diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
  }
  return true;
}

void print_diagnostics(const std::vector<Diagnostic>& ds, bool errors_only) {
  for (const auto& d : ds)
    if (!errors_only || d.severity == Severity::Error) std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
}

int run_check(const Args& a) {
  if (a.help) return std::fputs(kCheckHelp, stdout), 0;
  if (a.files.empty()) return usage_error("check needs at least one FILE");
  int status = 0;
  std::size_t errors = 0, warnings = 0, records = 0;
  for (const auto& file : a.files) {
    Args one = a;
    one.files = {file};
    Library lib;
    std::vector<Diagnostic> ds;
    if (!load(one, lib, ds)) return 2;
    for (const auto& d : ds) {
      if (a.quiet && d.severity != Severity::Error) continue;
      std::printf("%s\n", format_diagnostic(d).c_str());
    }
    for (const auto& d : ds) (d.severity == Severity::Error ? errors : warnings) += d.severity != Severity::Note;
    records += lib.publications.size();
    if (has_errors(ds)) status = 1;
  }
  std::fprintf(stderr, "%zu record(s), %zu error(s), %zu warning(s)\n", records, errors, warnings);
  return status;
}

int run_render(const Args& a) {
  if (a.help) return std::fputs(kRenderHelp, stdout), 0;
  if (a.files.empty()) return usage_error("render needs at least one FILE (or - for stdin)");
  Query query;
  std::string error;
  if (!a.sort.empty()) {
    auto keys = parse_sort(a.sort, &error);
    if (!keys) return usage_error(error);
    query.sort = *keys;
  }
  if (!a.group.empty()) {
    auto g = group_from_string(a.group);
    if (!g) return usage_error("unknown group \"" + a.group + "\" (use none, year, type, status or venue)");
    query.group = *g;
  }
  query.search = a.search;
  query.filter = parse_filter(a.filter, &error);
  if (!error.empty()) return usage_error(error);
  auto style = citation_style_from_string(a.style);
  if (!style) return usage_error("unknown style \"" + a.style + "\" (use compact or ieee)");

  Library lib;
  std::vector<Diagnostic> diagnostics;
  if (!load(a, lib, diagnostics)) return 2;
  print_diagnostics(diagnostics, false);

  std::vector<std::string> owners = a.owners;
  if (owners.empty() && !lib.profile.name.empty()) {
    owners.push_back(lib.profile.name);
    owners.insert(owners.end(), lib.profile.aliases.begin(), lib.profile.aliases.end());
  }
  FormatOptions options;
  options.owner = OwnerMatcher(owners);
  options.max_authors = a.max_authors;
  options.base = a.base;
  options.include_bibtex = !a.no_bibtex;
  options.bibtex.omit_fields = a.omit_fields;

  const View view = run_query(lib, query, options.owner);
  std::string out;
  if (a.format == "html") {
    out = format_html(lib, view, options);
  } else if (a.format == "json") {
    out = format_view_json(lib, view, options);
  } else if (a.format == "csl-json" || a.format == "csl") {
    out = format_csl_json(lib, view);
  } else if (a.format == "text") {
    for (auto i : view.entries) out += format_citation(lib.publications[i], *style) + "\n";
  } else if (a.format == "bibtex" || a.format == "bib") {
    for (auto i : view.entries) out += format_bibtex(lib.publications[i], options.bibtex) + "\n";
  } else {
    return usage_error("unknown format \"" + a.format + "\" (use html, json, text, bibtex or csl-json)");
  }
  if (!out.empty() && out.back() != '\n') out += '\n';
  std::fwrite(out.data(), 1, out.size(), stdout);
  return has_errors(diagnostics) ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return std::fputs(kMainHelp, stderr), 2;
  const std::string command = argv[1];
  if (command == "-h" || command == "--help") return std::fputs(kMainHelp, stdout), 0;
  if (command == "--version") return std::printf("papershelf %s\n", kVersion), 0;
  if (command == "help") {
    const std::string topic = argc > 2 ? argv[2] : "";
    std::fputs(topic == "check" ? kCheckHelp : topic == "render" ? kRenderHelp : kMainHelp, stdout);
    return 0;
  }
  Args args;
  if (int status = parse_args(argc, argv, 2, args)) return status;
  if (command == "check") return run_check(args);
  if (command == "render") return run_render(args);
  return usage_error("unknown command '" + command + "'");
}
