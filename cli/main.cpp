// papershelf: check and render publication lists from the command line.
// All the work is the core's; this file only reads files, parses flags and prints.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "papershelf/format.hpp"
#include "papershelf/pages.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/words.hpp"
#include "papershelf/unicode.hpp"
#include "page.hpp"

namespace {

using namespace papershelf;

constexpr const char* kVersion = "0.1.0";

const char* kMainHelp = R"(usage: papershelf <command> [options] FILE...

Reads publication lists (BibTeX/BibLaTeX, CSL-JSON, papershelf JSON) and checks or renders them.

commands:
  check     report problems in the input as file:line:col: severity: message
  render    filter, search, sort, group and format the input to stdout
  stats     print the owner's statistics (counts, per year, venues, co-authors)
  prerender put the static list into a page's <paper-shelf> elements (no JavaScript needed)
  pages     write one page per paper for Google Scholar, an index, an Atom feed and a sitemap
  setup     copy the browser files into a page's folder, a Jekyll or a Hugo site
            (npx papershelf setup page|jekyll|hugo: the npm package's own command)
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
                    view model), text, bibtex, csl-json, ris
  --owner NAME      the owner's name, highlighted in author lists; repeat it or separate
                    variants with ';' ("Qinghao Hu; Q. Hu"). Defaults to the profile's name
                    and aliases when the input has a profile
  --sort KEYS       e.g. year-desc,title-asc (keys: year title author venue badge type
                    status citations file; default year-desc)
  --group KEY       none, year, type, status or venue
  --search TEXT     keep entries containing every word (case/diacritic-insensitive)
  --filter EXPR     e.g. "year:2020-2024 type:conference,journal status:preprint
                    venue:NSDI tag:llm selected award author:Zhang first-author"
  --max-authors N   collapse longer author lists to "+N more" (the owner stays visible);
                    by default only lists of more than 100 names, to their first 10
  --base URL        prefix for relative links (al-folio's pdf = {paper.pdf}): http(s) or relative
  --style S         text citation style: compact (default), apa, ieee, acm, chicago, mla
                    or harvard
  --omit-fields F   comma-separated BibTeX fields to leave out of BibTeX output
  --clean           bibtex: what a visitor copies from the page (no author markers, none of
                    al-folio's or the owner's own fields); the html panels always are
  --no-bibtex       html: leave out the per-entry BibTeX and Cite panels
  --first N         html: only the first N entries, then a line with how many there are
  --preset NAME     html: the look of a site generator: al-folio, academicpages or hugo-blox
  --thumbnails DIR  html: the folder of relative thumbnails (al-folio's preview field; default:
                    al-folio's /assets/img/publication_preview/ with its preset, else --base),
                    or none
  --pages DIR       html: link each title to its page written by papershelf pages in DIR
  --lang TAG        html: the language of the list's own words (labels, headings, the card):
                    de, es, fr, it, ja, ko, pt, zh; default en; the data is never translated
  --from FORMAT     input format: bibtex, csl-json or json (default: detected)

profile card (html only; the input's profile, overridden by these flags):
  --profile[=MODE]  put the profile card above the list: full (default) or compact
  --name NAME       the name on the card (default: the profile's, else the first --owner)
  --position TEXT, --affiliation TEXT, --photo URL
  --interests LIST  separated by ';' or ','
  --link KIND=URL   homepage, scholar, dblp, orcid, github, email, ... (repeatable)
  --plain-email     show the email as a mailto: link (default: "name [at] domain")
)";

const char* kStatsHelp = R"(usage: papershelf stats [options] FILE...

Merges the FILEs and prints the owner's statistics: publications by type and status,
first-author papers, awards, papers per year by type, top venues, top co-authors (name
variants merged as the owner is matched), and citations/h-index when the data has counts.

options:
  --owner NAME      the owner's names, ';'-separated (default: the profile's name and aliases)
  --format F        text (default) or json
  --top N           how many venues and co-authors to list (default 10; 0 = all)
  --filter EXPR, --search TEXT   count only the matching records (same syntax as render)
  --from FORMAT     input format: bibtex, csl-json or json (default: detected)
)";

const char* kPrerenderHelp = R"(usage: papershelf prerender [-o OUT.html] [--root DIR] PAGE.html
       papershelf prerender [--root DIR] FOLDER

Reads PAGE.html and, inside each <paper-shelf> element that holds the marker
<!-- papershelf:prerender --> in its content, writes after the marker the static list that
element shows: its src rendered with its own attributes (owner, group, sort, filter,
max-authors, base, preset, thumbnails, pages, omit-fields, its language (lang, its own or
the nearest enclosing element's), and the profile card's profile, position,
affiliation, photo, interests, links, email), closed by <!-- /papershelf:prerender -->.
Above a list that gets a toolbar (the attribute toolbar), it keeps the toolbar's room: a hidden copy
that papershelf.css shows as an empty space while the page's scripts load.
An element with the attribute prerender (which an HTML minifier that drops comments
keeps) has all of its content replaced by the marker, the list and the end marker.
With a value, prerender="FILE" names the data in the site's source, relative to the
folder prerender runs in (al-folio's _bibliography/papers.bib, which Jekyll does not
publish): the list is made from FILE, and FILE is copied to where src points.
The element takes over from it without moving anything. Run it again after the data
changed: what lies between the two markers is written anew. Writes the page to standard
output, or to OUT.html (which may be PAGE.html itself), and says on standard error what
it filled.

Given a FOLDER (a built site: Jekyll's _site, Hugo's public), fills every .html page in it
that holds the marker, in place, and reads a src from the site's root ("/papers.bib") from
FOLDER (or DIR with --root).

A src is read only when it is a regular file of at most 64 MB whose real path (symbolic
links followed) is inside the page's folder, or inside DIR with --root; a src from the
site's root ("/papers.bib") is read from DIR and needs --root (its first folder, when DIR
has none of that name, is taken for the path the site is served under: /repo/papers.bib). A src that is a URL is
left to the element. An attribute the element cannot use (a bad sort, group, filter
clause, base, preset, max-authors, profile or link) is left out as the element leaves it
out, with a warning at the element's line:column.

Exit status: 1 when some data had errors, some element could not be filled (it is left
as it was; the page is still written) or no element holds the marker, 2 on bad usage or a
page that cannot be read or written.

options:
  -o, --output FILE   write the page to FILE
  --root DIR          read src files anywhere inside DIR (the site's root) instead of only
                      inside the page's folder
  --first N           only the first N entries of each list (a long list's first screen:
                      a smaller page that shows sooner; the element then shows them all)
)";

const char* kPagesHelp = R"(usage: papershelf pages [options] FILE... -o DIR

Writes one static HTML page per paper of the FILEs into DIR, as Google Scholar's inclusion
guidelines ask: the title, authors (the owner marked), venue, year, abstract, links, the
BibTeX a visitor copies and a citation on the page, and in its <head> the Highwire Press
tags (citation_title, one citation_author per author, citation_publication_date, the
journal's or conference's title, volume, issue, pages, DOI, citation_pdf_url for an
http(s) PDF), schema.org JSON-LD and the canonical URL. Also index.html (every paper,
linked to its page), feed.xml (Atom, newest first), sitemap.xml (with --site) and
papershelf.css (unless --css). A page's file name is its key made safe (muller2020.html).
A record without a title gets no page. No file is written outside DIR, nor through a
symbolic link. Exit status: 1 when the input had errors (the valid records still get
pages), 2 on bad usage or a file that cannot be read or written.

options:
  -o, --output DIR    the folder the pages go to (created when missing)
  --site URL          the absolute URL DIR is served at (https://me.example/publications/):
                      Scholar needs absolute URLs; without it links stay relative and no
                      sitemap is written
  --template FILE     a page of the site's layout holding <!-- papershelf --> where the
                      paper goes, and <!-- papershelf-head --> for the head tags (else
                      they go before </head>); <!-- papershelf-title --> takes the title
  --lang TAG          the pages' language (default en); in de, es, fr, it, ja, ko, pt or zh
                      their own words are too
  --css URL           link papershelf.css from URL instead of writing it into DIR
  --title TEXT        the index's and the feed's title (default Publications)
  --owner NAME, --base URL, --preset NAME, --thumbnails DIR, --omit-fields F,
  --filter EXPR, --search TEXT, --sort KEYS, --max-authors N, --from FORMAT   as for render
)";

// The most one input may hold. A publication list is a few MB (the largest real one we know is
// 1.2 MB); past this an input is refused rather than read until memory runs out, the same in the
// native CLI and the Node one (whose WebAssembly memory ends at 4 GB; a list takes about 5 times
// its size in memory while it is read and rendered).
constexpr std::uint64_t kMaxInputBytes = std::uint64_t{512} << 20;

// Reads the input `path` names ("-": standard input) into `out`. Returns "" or why it was not read.
std::string read_input(const std::string& path, std::string& out) {
  if (path == "-") return cli::read_open_file(STDIN_FILENO, kMaxInputBytes, cli::Accept::StandardInput, out);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  std::string problem = cli::read_open_file(fd, kMaxInputBytes, cli::Accept::AnyFile, out);
  ::close(fd);
  return problem;
}

struct Args {
  std::vector<std::string> files;
  std::vector<std::string> owners;
  std::string sort, group, search, filter, format = "html", base, style, from;
  std::vector<std::string> omit_fields;
  std::string preset;
  std::string thumbnails;
  std::string pages;  // render: where `papershelf pages` put the papers' pages
  std::string output;  // prerender: where the page goes ("" = standard output)
  std::string root;    // prerender: the folder src files must be inside ("" = the page's)
  // pages: the site's URL, the template file, the language, papershelf.css's URL, the title, the
  // preview images' base
  std::string site, template_file, lang = "en", css, title;
  std::size_t max_authors = 0;
  std::size_t first = 0;  // html: the first N entries only (0 = all)
  // prerender: the element's controls attribute, to keep its toolbar's room (no flag sets it)
  std::optional<std::string> controls;
  bool no_bibtex = false, clean = false, quiet = false, help = false;
  // Profile card.
  std::string profile_mode;  // "" = no card
  Profile profile;           // flags that override the input's profile
  bool plain_email = false;
  std::size_t top = 10;
};

// Everything the CLI says on standard error quotes its input (file names, flag values): shown,
// never obeyed by the terminal.
void say(const std::string& message) { std::fprintf(stderr, "papershelf: %s\n", unicode::escape_controls(message).c_str()); }

int usage_error(const std::string& message) {
  say(message);
  std::fputs("Try 'papershelf --help'.\n", stderr);
  return 2;
}

// Text for a terminal: each line's control characters shown escaped (unicode::escape_controls;
// bidirectional ones kept, as right-to-left titles hold them), its line ends (\n, \r\n) kept.
std::string for_terminal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t newline = std::min(text.find('\n', start), text.size());
    const std::size_t end = newline > start && text[newline - 1] == '\r' ? newline - 1 : newline;
    out += unicode::escape_controls(text.substr(start, end - start), false);
    out.append(text.substr(end, newline + 1 - end));
    start = newline + 1;
  }
  return out;
}

// Writes `out` to standard output; a data format (HTML, JSON, BibTeX, RIS) as it is, unless a
// terminal shows it: then as for_terminal() shows it, as the text formats always are.
void write_stdout(const std::string& out, bool text_format) {
  if (!text_format && !::isatty(STDOUT_FILENO)) {
    std::fwrite(out.data(), 1, out.size(), stdout);
    return;
  }
  const std::string shown = for_terminal(out);
  std::fwrite(shown.data(), 1, shown.size(), stdout);
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
    else if (arg == "--clean") a.clean = true;
    else if (arg == "--plain-email") a.plain_email = true;
    else if (arg == "--profile") a.profile_mode = "full";
    else if (arg.rfind("--profile=", 0) == 0) a.profile_mode = arg.substr(10);
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
    else if (name == "--thumbnails") a.thumbnails = v;
    else if (name == "--pages") a.pages = v;
    else if (name == "--style") a.style = v;
    else if (name == "--from") a.from = v;
    else if (name == "--omit-fields") a.omit_fields = split_commas(v);
    else if (name == "--preset") a.preset = v;
    else if (name == "--output" || name == "-o") a.output = v;
    else if (name == "--root") a.root = v;
    else if (name == "--site") a.site = v;
    else if (name == "--template") a.template_file = v;
    else if (name == "--lang") a.lang = v;
    else if (name == "--css") a.css = v;
    else if (name == "--title") a.title = v;
    else if (name == "--name") a.profile.name = v;
    else if (name == "--position") a.profile.position = v;
    else if (name == "--affiliation") a.profile.affiliation = v;
    else if (name == "--photo") a.profile.photo = v;
    else if (name == "--interests") {
      for (auto& part : split_owner_list(v))
        for (auto& item : split_commas(part)) {
          const auto b = item.find_first_not_of(' '), e = item.find_last_not_of(' ');
          if (b != std::string::npos) a.profile.interests.push_back(item.substr(b, e - b + 1));
        }
    } else if (name == "--link") {
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0) return usage_error("--link needs KIND=URL");
      const std::string kind = unicode::to_lower(v.substr(0, eq));  // (as the readers lower link kinds)
      a.profile.links.push_back({kind, v.substr(eq + 1)});
    } else if (name == "--top") {
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || n < 0) return usage_error("--top needs a number");
      a.top = static_cast<std::size_t>(n);
    }
    else if (name == "--max-authors" || name == "--first") {
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || n < 0) return usage_error(name + " needs a number");
      (name == "--first" ? a.first : a.max_authors) = static_cast<std::size_t>(n);
    } else {
      return usage_error("unknown option " + name);
    }
  }
  return 0;
}

// Reads one input's bytes (`name` in diagnostics) and merges it into `lib`.
void add_input(const std::string& bytes, const std::string& name, Format format, std::size_t index, Library& lib,
               std::vector<Diagnostic>& diagnostics) {
  ReadOptions options;
  options.format = format;
  options.source_name = name;
  options.source_index = static_cast<std::uint32_t>(index);
  ReadResult r = read(bytes, options);
  merge(lib, std::move(r.library), &r.diagnostics, name);
  diagnostics.insert(diagnostics.end(), r.diagnostics.begin(), r.diagnostics.end());
}

// Reads and merges all inputs; prints diagnostics. Returns false when a file can't be read.
bool load(const Args& a, Library& lib, std::vector<Diagnostic>& diagnostics) {
  Format format = Format::Auto;
  if (!a.from.empty()) format = format_from_string(a.from);
  for (std::size_t i = 0; i < a.files.size(); ++i) {
    std::string text;
    if (const std::string problem = read_input(a.files[i], text); !problem.empty()) {
      say("cannot read " + a.files[i] + ": " + problem);
      return false;
    }
    add_input(text, a.files[i], format, i, lib, diagnostics);
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

// --owner as the catalog takes it ("A; B"; empty: the profile's name and aliases).
std::string owner_text(const Args& a) {
  std::string text;
  for (const auto& name : a.owners) text += (text.empty() ? "" : "; ") + name;
  return text;
}

// When the owner's names are on none of the papers (a placeholder left in, a spelling the file
// does not use), whom they most likely meant, as the names to give instead; "" when they are on
// some, or none is given (a list without an owner is a page's choice). `as_attribute` words it
// for a page's owner="...".
std::string owner_advice(Catalog& catalog, const Args& a, bool as_attribute) {
  const std::string given = owner_text(a);
  if (given.empty()) return {};
  const std::optional<CoauthorStats> who = likely_owner(catalog.library(), catalog.owner(given));
  if (!who) return {};
  std::string names;
  for (const std::string& v : who->variants) names += (names.empty() ? "" : "; ") + v;
  return "the owner \"" + given + "\" is on none of the papers" +
         ", so no name is set in bold; " + who->name + " is on " + std::to_string(who->count) + " of the " +
         std::to_string(catalog.library().publications.size()) + ": " + (as_attribute ? "owner=\"" : "--owner \"") + names + "\"";
}


int run_stats(const Args& a) {
  if (a.help) return std::fputs(kStatsHelp, stdout), 0;
  if (a.files.empty()) return usage_error("stats needs at least one FILE (or - for stdin)");
  if (a.format != "text" && a.format != "json" && a.format != "html")
    return usage_error("unknown format \"" + a.format + "\" (use text or json)");
  Query query;
  std::string error;
  query.search = a.search;
  query.filter = parse_filter(a.filter, &error);
  if (!error.empty()) return usage_error(error);
  Library lib;
  std::vector<Diagnostic> diagnostics;
  if (!load(a, lib, diagnostics)) return 2;
  print_diagnostics(diagnostics, true);
  Catalog catalog(std::move(lib));
  if (const std::string said = owner_advice(catalog, a, false); !said.empty())
    say(said);
  else if (catalog.owner(owner_text(a)).empty())
    std::fprintf(stderr, "papershelf: no --owner and no profile name; first-author and co-author counts need one\n");
  StatsOptions so;
  so.max_venues = so.max_coauthors = a.top;
  const bool all = query.filter.empty() && query.search.empty();
  const View view = all ? View{} : catalog.query(query, owner_text(a));
  const Stats stats = catalog.stats(owner_text(a), so, all ? nullptr : &view.entries);
  std::string out = a.format == "json" ? format_stats_json(stats) : format_stats_text(stats);
  if (!out.empty() && out.back() != '\n') out += '\n';
  write_stdout(out, a.format != "json");
  return has_errors(diagnostics) ? 1 : 0;
}

// Where render() writes: standard output as the text comes (a large list's HTML is many times
// its input: it is never held whole), or a string (prerender puts it into a page). On standard
// output, `terminal` shows the text as for_terminal() does: the text formats always, a data
// format (HTML, JSON, BibTeX, RIS) only when a terminal shows it.
class Output final : public TextSink {
 public:
  Output(std::FILE* file, bool terminal) : file_(file), terminal_(terminal) {}
  explicit Output(std::string& text) : text_(&text) {}
  void write(std::string_view piece) override {
    if (piece.empty()) return;
    last_ = piece.back();
    if (text_) return void(text_->append(piece));
    if (!terminal_) return void(std::fwrite(piece.data(), 1, piece.size(), file_));
    const std::string shown = for_terminal(piece);
    std::fwrite(shown.data(), 1, shown.size(), file_);
  }
  // A text that does not end its last line gets a newline.
  void end_line() {
    if (last_ && last_ != '\n') write("\n");
  }

 private:
  std::FILE* file_ = nullptr;
  bool terminal_ = false;
  std::string* text_ = nullptr;
  char last_ = 0;  // the last byte written (0: nothing yet)
};

// The query the flags describe, and every check of the flags render makes before reading
// anything. Returns "" or what is wrong.
std::string render_settings(const Args& a, Query& query, CitationStyle& style) {
  std::string error;
  if (!a.sort.empty()) {
    auto keys = parse_sort(a.sort, &error);
    if (!keys) return error;
    query.sort = *keys;
  }
  if (!a.group.empty()) {
    auto g = group_from_string(a.group, &error);
    if (!g) return error;
    query.group = *g;
  }
  query.search = a.search;
  query.filter = parse_filter(a.filter, &error);
  if (!error.empty()) return error;
  const auto chosen = citation_style_from_string(a.style);
  if (!chosen) return "unknown style \"" + a.style + "\" (use apa, ieee, acm, chicago, mla, harvard or compact)";
  style = *chosen;
  if (std::string problem = base_problem(a.base); !problem.empty()) return "--base: " + problem;
  if (!a.preset.empty() && !is_preset(a.preset))
    return "unknown preset \"" + a.preset + "\" (use al-folio, academicpages or hugo-blox)";
  if (!a.profile_mode.empty() && !profile_mode_from_string(a.profile_mode))
    return "unknown profile mode \"" + a.profile_mode + "\" (use full, compact or none)";
  if (a.format != "html" && a.format != "json" && a.format != "text" && !export_format_from_string(a.format))
    return "unknown format \"" + a.format + "\" (use html, json, text, bibtex, csl-json or ris)";
  return {};
}

// Formats the loaded inputs as the flags (checked by render_settings) say into `out`. Returns 0,
// or 1 when the input had errors (the valid records are still in `out`).
int render_library(const Args& a, const Query& query, CitationStyle style, Library lib,
                   const std::vector<Diagnostic>& diagnostics, Output& out, std::size_t* listed = nullptr,
                   std::string* advice = nullptr) {
  Catalog catalog(std::move(lib));
  const Library& library = catalog.library();
  if (const std::string_view language = builtin_language(a.lang); !language.empty()) catalog.set_words(read_words(language, a.lang));
  if (advice && a.format == "html") *advice = owner_advice(catalog, a, true);
  else if (a.format == "html")
    if (const std::string said = owner_advice(catalog, a, false); !said.empty()) say(said);
  FormatOptions options;
  options.owner = catalog.owner(owner_text(a));
  options.max_authors = a.max_authors;
  options.first = a.first;
  options.base = a.base;
  options.preset = a.preset;
  options.thumbnails = a.thumbnails;
  options.words = &catalog.words();
  const std::vector<std::string> page_names = a.pages.empty() ? std::vector<std::string>() : page_file_names(library);
  options.pages = a.pages;
  options.page_names = &page_names;
  if (a.no_bibtex) options.panels = Panels::None;
  options.bibtex.omit_fields = a.omit_fields;

  const View view = catalog.query(query, owner_text(a));
  if (listed) *listed = view.entries.size();
  if (a.controls) {
    // As the element will judge it: the whole list (here the scope) and its facets.
    Query whole;
    whole.scope = query.filter;
    Facets facets;
    const View scope = catalog.query(whole, owner_text(a), &facets);
    options.toolbar.mode = controls_mode(*a.controls, scope.total);
    options.toolbar.useful = useful_controls(facets, scope.total);
    options.toolbar.selected = facets.selected;
    options.toolbar.awards = facets.awards;
    options.toolbar.owner_first = facets.owner_first;
  }
  if (a.format == "html") {
    std::string card;
    if (const auto profile_mode = profile_mode_from_string(a.profile_mode); !a.profile_mode.empty() && profile_mode) {
      Profile over = a.profile;
      if (over.name.empty() && library.profile.name.empty() && !a.owners.empty()) over.name = a.owners.front();
      ProfileCardOptions card_options;
      card_options.mode = *profile_mode;
      card_options.base = a.base;
      card_options.email = a.plain_email ? EmailDisplay::Plain : EmailDisplay::Obfuscated;
      card_options.words = &catalog.words();
      StatsOptions so;
      so.max_venues = so.max_coauthors = a.top;
      // The card describes the whole record, whatever the list below is filtered to; it goes
      // inside the shelf so it shares the list's style variables.
      card = format_profile_html(overlay_profile(library.profile, over), catalog.stats(owner_text(a), so), card_options);
    }
    write_html(library, view, options, out, card);
  } else if (a.format == "json") {
    out.write(format_view_json(library, view, options));
  } else if (a.format == "text") {
    for (auto i : view.entries) out.write(format_citation(library.publications[i], style) + "\n");
  } else if (const auto exported = export_format_from_string(a.format)) {
    BibtexOptions bibtex = options.bibtex;
    bibtex.for_visitors = a.clean;  // (the owner's whole record by default)
    out.write(format_export(library, view, *exported, bibtex));
  }
  out.end_line();
  return has_errors(diagnostics) ? 1 : 0;
}

// Renders the FILEs as the flags say into `out`. Returns the exit status: 0, 1 when the input
// had errors (the valid records are still in `out`), 2 on bad usage or an unreadable file.
int render(const Args& a, Output& out) {
  if (a.files.empty()) return usage_error("render needs at least one FILE (or - for stdin)");
  Query query;
  CitationStyle style{};
  if (std::string problem = render_settings(a, query, style); !problem.empty()) return usage_error(problem);
  Library lib;
  std::vector<Diagnostic> diagnostics;
  if (!load(a, lib, diagnostics)) return 2;
  print_diagnostics(diagnostics, false);
  return render_library(a, query, style, std::move(lib), diagnostics, out);
}

int run_render(const Args& a) {
  if (a.help) return std::fputs(kRenderHelp, stdout), 0;
  Output out(stdout, a.format == "text" || ::isatty(STDOUT_FILENO));
  return render(a, out);
}

std::string trimmed(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n\f"), e = s.find_last_not_of(" \t\r\n\f");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

// The render flags an element's attributes stand for: the same names, so the static list is the
// one the element will show. An attribute the element cannot use it leaves out (it says so in the
// console and shows the list without it; of a filter it keeps the clauses it understands), and so
// do these flags: each such attribute is said in `problems`.
std::vector<std::string> flags_of(const cli::ShelfElement& shelf, std::vector<std::string>& problems) {
  std::vector<std::string> flags;
  auto problem = [&](const std::string& name, const std::string& what) { problems.push_back(name + ": " + what); };
  for (const char* name : {"owner", "group", "sort", "filter", "max-authors", "base", "preset", "thumbnails", "pages", "omit-fields",
                           "position", "affiliation", "photo", "interests"}) {
    const std::string* attribute = shelf.attribute(name);
    if (!attribute || attribute->empty()) continue;
    const std::string attr = name;
    std::string value = *attribute, error;
    if (attr == "sort" && !parse_sort(value, &error)) {
      problem(attr, error + "; the list is in its default order");
      continue;
    }
    if (attr == "group" && !group_from_string(value, &error)) {
      problem(attr, error + "; the list is not grouped");
      continue;
    }
    if (attr == "filter") {
      const Filter understood = parse_filter(value, &error);
      if (!error.empty()) {
        problem(attr, error + "; the rest of the filter applies");
        value = to_string(understood);
        if (value.empty()) continue;
      }
    }
    if (attr == "base" && !(error = base_problem(value)).empty()) {
      problem(attr, error);
      continue;
    }
    if (attr == "preset" && !is_preset(value)) {
      problem(attr, "unknown preset \"" + value + "\" (use al-folio, academicpages or hugo-blox); the list has none");
      continue;
    }
    if (attr == "max-authors") {
      // As the element reads it: a number, rounded down; anything else lists every author.
      const std::string number = trimmed(value);
      char* end = nullptr;
      const double n = number.empty() ? 0 : std::strtod(number.c_str(), &end);
      if (number.empty() || *end != '\0' || !std::isfinite(n) || n < 0) {
        problem(attr, "\"" + value + "\" is not a number of authors; every author is listed");
        continue;
      }
      if (n < 1 || n >= 1e9) continue;
      value = std::to_string(static_cast<std::size_t>(n));
    }
    flags.push_back("--" + attr + "=" + value);
  }
  if (const std::string* mode = shelf.attribute("profile"); mode && *mode != "none") {
    const bool known = mode->empty() || *mode == "profile" || profile_mode_from_string(*mode);
    if (!known) problem("profile", "unknown profile mode \"" + *mode + "\" (use full, compact or none); the full card is shown");
    flags.push_back(!known || mode->empty() || *mode == "profile" ? "--profile" : "--profile=" + *mode);
  }
  if (const std::string* links = shelf.attribute("links")) {
    std::size_t start = 0;
    for (std::size_t i = 0; i <= links->size(); ++i)
      if (i == links->size() || (*links)[i] == ';' || (*links)[i] == '\n') {
        const std::string link = trimmed(std::string_view(*links).substr(start, i - start));
        start = i + 1;
        if (link.empty()) continue;
        const std::size_t eq = link.find('=');
        const std::string kind = eq == std::string::npos ? std::string() : trimmed(std::string_view(link).substr(0, eq));
        if (kind.empty()) problem("links", "\"" + link + "\" is not KIND=URL; it is left out");
        else flags.push_back("--link=" + kind + "=" + trimmed(std::string_view(link).substr(eq + 1)));
      }
  }
  const std::string* display = shelf.attribute("email-display");
  if (const std::string* email = shelf.attribute("email"); email && !email->empty() && !(display && *display == "hidden"))
    flags.push_back("--link=email=" + *email);
  if (display && *display == "plain") flags.push_back("--plain-email");
  if (!shelf.lang.empty()) flags.push_back("--lang=" + shelf.lang);
  return flags;
}

// A src that is a URL (with a scheme, or "//host/..."): the element fetches it itself.
bool is_url(const std::string& src) { return src.find("://") != std::string::npos || src.rfind("//", 0) == 0; }

// What prerender did with one page: how many elements held the marker, and whether the page
// is not what its owner asked for (1) or could not be read or written (2).
struct PrerenderResult {
  int status = 0;
  std::size_t marked = 0;
};

// Fills the marked <paper-shelf> elements of the page `page_name`, reading src files inside
// `root` ("" = the page's folder), and writes the page to `output` ("" = standard output; not
// written at all when `only_if_filled` and nothing was filled).
// The files a prerendered list links to or shows (a paper's PDF, its preview picture) that are not
// where a visitor's browser will ask for them: relative addresses beside the page (`page_dir`),
// those from the site's root under `site_root` (not checked without one). URLs with a scheme and
// fragments are left alone. Each missing address once, in the list's order.
std::vector<std::string> missing_local_files(const std::string& html, const std::string& page_dir, const std::string& site_root) {
  std::vector<std::string> missing;
  for (std::string_view attribute : {" href=\"", " src=\""}) {
    for (std::size_t at = html.find(attribute); at != std::string::npos; at = html.find(attribute, at + 1)) {
      const std::size_t begin = at + attribute.size();
      const std::size_t end = html.find('"', begin);
      if (end == std::string::npos) break;
      std::string address = html.substr(begin, end - begin);
      address = address.substr(0, address.find_first_of("?#"));
      const std::size_t colon = address.find(':');
      if (address.empty() || (colon != std::string::npos && colon < address.find('/')) || address.rfind("//", 0) == 0) continue;
      if (address.front() == '/' && site_root.empty()) continue;
      std::string path;  // (the markup's &amp; is the file's &; %20 its space)
      for (std::size_t i = 0; i < address.size(); ++i) {
        if (address.compare(i, 5, "&amp;") == 0) { path += '&'; i += 4; }
        else if (address.compare(i, 3, "%20") == 0) { path += ' '; i += 2; }
        else path += address[i];
      }
      path = address.front() == '/' ? site_root + "/" + path.substr(1) : (page_dir.empty() ? "./" : page_dir) + path;
      std::error_code error;
      if (!std::filesystem::exists(path, error) && std::find(missing.begin(), missing.end(), address) == missing.end())
        missing.push_back(address);
    }
  }
  return missing;
}

PrerenderResult prerender_page(const Args& a, const std::string& page_name, const std::string& output, const std::string& site_root,
                               bool only_if_filled) {
  PrerenderResult result;
  std::string page;
  if (const std::string problem = read_input(page_name, page); !problem.empty()) {
    say("cannot read " + page_name + ": " + problem);
    result.status = 2;
    return result;
  }
  const std::size_t slash = page_name.rfind('/');
  const std::string dir = slash == std::string::npos ? "" : page_name.substr(0, slash + 1);
  const std::string root = !site_root.empty() ? site_root : dir.empty() ? "." : dir;
  const LineMap lines(page);
  std::string out;
  std::size_t copied = 0, filled = 0;
  int& status = result.status;
  for (const cli::ShelfElement& shelf : cli::find_shelves(page)) {
    // Where the list goes: all of the content of an element with the attribute, else after the
    // marker, up to the end marker a run before wrote.
    const bool whole = shelf.attribute(cli::kPrerenderAttribute) != nullptr;
    if (!whole && shelf.marker == std::string::npos) continue;
    ++result.marked;
    // What is said of this element, at its start tag; an error or a warning means the page is
    // not what its owner asked for (exit 1).
    auto report = [&](Severity severity, const std::string& message) {
      const LineMap::Position at = lines.position(shelf.start);
      print_diagnostics({{page_name, at.line, at.column, severity, "<paper-shelf> " + message}}, false);
      if (severity != Severity::Note) status = std::max(status, 1);
    };
    const std::string* src = shelf.attribute("src");
    if (!src || src->empty()) {
      report(Severity::Error, "has no src; it is not filled");
      continue;
    }
    if (is_url(*src)) {
      report(Severity::Warning, "src \"" + *src + "\" is a URL, which the element fetches itself; prerender reads only files, so it is not filled");
      continue;
    }
    // A src from the site's root ("/papers.bib") is a file under --root, the folder the site is
    // served from; without it there is no telling where that is.
    const bool from_root = src->front() == '/';
    if (from_root && site_root.empty()) {
      report(Severity::Error, "src \"" + *src + "\" starts with \"/\", a path from the site's root: give --root DIR, "
                              "the folder the site is served from (or a src relative to the page); it is not filled");
      continue;
    }
    const std::string src_dir = from_root ? site_root + "/" : dir;
    std::string src_path = from_root ? src->substr(std::min(src->find_first_not_of('/'), src->size())) : *src;
    // A site served under a path (a project site, user.github.io/repo: Jekyll's baseurl) names
    // "/repo/assets/papers.bib", which the built folder holds as assets/papers.bib: a first folder
    // the site's root does not have is that path.
    if (const std::size_t first = src_path.find('/'); from_root && first != std::string::npos) {
      std::error_code error;
      if (!std::filesystem::exists(src_dir + src_path.substr(0, first), error)) src_path.erase(0, first + 1);
    }
    // prerender="FILE": the data is a file of the site's source, published at src as well.
    const std::string* source = shelf.attribute(cli::kPrerenderAttribute);
    std::string bytes;
    if (source && !source->empty()) {
      if (std::string refused = cli::publish_page_source(*source, src_dir, root, src_path, bytes); !refused.empty()) {
        report(Severity::Error, refused + "; it is not filled");
        continue;
      }
    } else if (std::string refused = cli::read_page_source(src_dir, root, src_path, bytes); !refused.empty()) {
      report(Severity::Error, "src \"" + *src + "\" is not read: " + refused + "; it is not filled");
      continue;
    }
    std::vector<std::string> problems;
    std::vector<std::string> flags = flags_of(shelf, problems);
    for (const std::string& problem : problems) report(Severity::Warning, problem);
    std::vector<char*> argv{nullptr};
    for (auto& f : flags) argv.push_back(f.data());
    Args args;
    Query query;
    CitationStyle style{};
    std::string unusable;
    if (parse_args(static_cast<int>(argv.size()), argv.data(), 1, args) != 0) unusable = "its attributes are not understood";
    else unusable = render_settings(args, query, style);
    if (!unusable.empty()) {  // (flags_of leaves out what the element cannot use: not expected)
      report(Severity::Error, unusable + "; it is not filled");
      continue;
    }
    args.first = a.first;
    // The canvas renderer draws its own controls: no HTML toolbar takes room above its list.
    const std::string* controls = shelf.attribute("toolbar") ? shelf.attribute("toolbar") : shelf.attribute("controls");
    const std::string* renderer = shelf.attribute("renderer");
    if (!renderer || *renderer != "canvas") args.controls = controls ? *controls : std::string();
    Library lib;
    std::vector<Diagnostic> diagnostics;
    add_input(bytes, src_dir + src_path, Format::Auto, 0, lib, diagnostics);
    print_diagnostics(diagnostics, false);
    std::string html;
    Output to_html(html);
    std::size_t listed = 0;
    std::string advice;
    status = std::max(status, render_library(args, query, style, std::move(lib), diagnostics, to_html, &listed, &advice));
    if (!advice.empty()) report(Severity::Warning, advice);
    // (al-folio keeps a paper's files in assets/pdf/ and its pictures in assets/img/publication_preview/.)
    if (const std::vector<std::string> missing = missing_local_files(html, dir, site_root); !missing.empty()) {
      std::string some;
      for (std::size_t i = 0; i < missing.size() && i < 3; ++i) some += (i ? ", " : "") + missing[i];
      report(Severity::Warning, std::to_string(missing.size()) + (missing.size() == 1 ? " file" : " files") + " its papers link to or show " +
                                    (missing.size() == 1 ? "is" : "are") + " not there (" + some + (missing.size() > 3 ? ", ..." : "") +
                                    "): relative addresses are read beside the page; base=\"FOLDER/\" names the folder of the papers' files, "
                                    "thumbnails=\"FOLDER/\" that of their pictures (or none)");
    }
    // The marker stays and the end marker closes what was written, so the next run (after the
    // .bib changed) replaces it; a list written before, up to its end marker, is replaced now.
    out.append(page, copied, (whole ? shelf.content_start : shelf.marker_end) - copied);
    if (whole) out += cli::kPrerenderMarker;
    out += '\n';
    out += html;
    out += cli::kPrerenderEndMarker;
    copied = whole ? shelf.content_end : shelf.fill_end != std::string::npos ? shelf.fill_end : shelf.marker_end;
    ++filled;
    const std::size_t shown = a.first && a.first < listed ? a.first : listed;
    report(Severity::Note, "filled from " + (source && !source->empty() ? *source + ", published as " + *src : *src) + ": " + (shown < listed ? "the first " + std::to_string(shown) + " of " : "") +
                               std::to_string(listed) + (listed == 1 ? " entry" : " entries"));
  }
  if (only_if_filled && filled == 0) return result;
  out.append(page, copied, std::string::npos);
  if (output.empty()) {
    write_stdout(out, false);
  } else {
    std::ofstream file(output, std::ios::binary | std::ios::trunc);
    if (!(file << out)) {
      say("cannot write " + output);
      status = 2;
    }
  }
  return result;
}

// The pages of a built site: every .html and .htm file under `folder`, in a stable order,
// without following symbolic links to folders (nor into node_modules).
std::vector<std::string> site_pages(const std::string& folder, std::string& problem) {
  namespace fs = std::filesystem;
  std::vector<std::string> pages;
  std::error_code error;
  fs::recursive_directory_iterator it(folder, fs::directory_options::none, error), end;
  for (; !error && it != end; it.increment(error)) {
    if (it->is_directory(error) && it->path().filename() == "node_modules") it.disable_recursion_pending();
    const std::string extension = it->path().extension().string();
    if ((extension == ".html" || extension == ".htm") && it->is_regular_file(error)) pages.push_back(it->path().string());
  }
  if (error) problem = error.message();
  std::sort(pages.begin(), pages.end());
  return pages;
}

int run_prerender(const Args& a) {
  if (a.help) return std::fputs(kPrerenderHelp, stdout), 0;
  if (a.files.size() != 1) return usage_error("prerender needs one PAGE.html or one FOLDER");
  const std::string& target = a.files[0];
  std::error_code error;
  if (target != "-" && std::filesystem::is_directory(target, error)) {
    // A built site (Jekyll's _site, Hugo's public): every page with a marker, filled in place;
    // src files from the site's root are read from the folder.
    if (!a.output.empty()) return usage_error("prerender fills a FOLDER's pages in place: -o is for one PAGE.html");
    std::string problem;
    const std::vector<std::string> pages = site_pages(target, problem);
    if (!problem.empty()) {
      say("cannot read " + target + ": " + problem);
      return 2;
    }
    const std::string root = a.root.empty() ? target : a.root;
    int status = 0;
    std::size_t marked = 0;
    for (const std::string& page : pages) {
      const PrerenderResult result = prerender_page(a, page, page, root, true);
      status = std::max(status, result.status);
      marked += result.marked;
    }
    if (marked == 0) {
      say(target + ": no page holds a <paper-shelf> with the marker " + std::string(cli::kPrerenderMarker) +
          " or the attribute prerender; nothing was filled");
      status = std::max(status, 1);
    }
    return status;
  }
  const PrerenderResult result = prerender_page(a, target, a.output, a.root, false);
  if (result.status < 2 && result.marked == 0) {
    say(target + ": no <paper-shelf> holds the marker " + std::string(cli::kPrerenderMarker) + " (nor the attribute prerender); nothing was filled");
    return 1;
  }
  return result.status;
}

// A language tag as <html lang> takes one: letters, digits and '-' (BCP 47's alphabet).
bool is_language_tag(const std::string& tag) {
  if (tag.empty() || tag.size() > 35) return false;
  return std::all_of(tag.begin(), tag.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  });
}

// papershelf.css as the build found it in web/src (cli/CMakeLists.txt), for the pages to link.
constexpr std::string_view kStylesheet =
#include "papershelf_css.inc"
    ;

int run_pages(const Args& a) {
  if (a.help) return std::fputs(kPagesHelp, stdout), 0;
  if (a.files.empty()) return usage_error("pages needs at least one FILE (or - for stdin)");
  if (a.output.empty()) return usage_error("pages needs -o DIR, the folder the pages go to");
  Query query;
  CitationStyle style{};
  if (std::string problem = render_settings(a, query, style); !problem.empty()) return usage_error(problem);
  if (!a.site.empty())
    if (std::string problem = site_problem(a.site); !problem.empty()) return usage_error("--site: " + problem);
  if (!is_language_tag(a.lang)) return usage_error("--lang: \"" + a.lang + "\" is not a language tag (en, de, pt-BR)");
  std::string skeleton;
  if (!a.template_file.empty()) {
    if (const std::string problem = read_input(a.template_file, skeleton); !problem.empty()) {
      say("cannot read " + a.template_file + ": " + problem);
      return 2;
    }
    if (std::string problem = template_problem(skeleton); !problem.empty()) return usage_error("--template " + a.template_file + ": " + problem);
  }
  Library lib;
  std::vector<Diagnostic> diagnostics;
  if (!load(a, lib, diagnostics)) return 2;
  Catalog catalog(std::move(lib));
  const Library& library = catalog.library();
  if (const std::string_view language = builtin_language(a.lang); !language.empty()) catalog.set_words(read_words(language, a.lang));
  PagesOptions options;
  options.format.words = &catalog.words();
  options.format.owner = catalog.owner(owner_text(a));
  options.format.max_authors = a.max_authors;
  options.format.base = a.base;
  options.format.preset = a.preset;
  options.format.bibtex.omit_fields = a.omit_fields;
  options.format.legend = library.profile.legend;
  options.site = a.site;
  options.lang = a.lang;
  if (!a.css.empty()) options.stylesheet = a.css;
  options.title = a.title.empty() ? std::string(catalog.words()("Publications")) : a.title;
  options.format.thumbnails = a.thumbnails;
  options.author = !library.profile.name.empty() ? library.profile.name : a.owners.empty() ? std::string() : a.owners.front();
  const View view = catalog.query(query, owner_text(a));
  const std::vector<std::string> names = page_file_names(library, view);
  for (std::size_t k = 0; k < names.size(); ++k) {
    const Publication& p = library.publications[view.entries[k]];
    const std::string source = p.source_index < a.files.size() ? a.files[p.source_index] : "-";
    if (names[k].empty())
      diagnostics.push_back({source, p.line, 1, Severity::Warning, "\"" + p.key + "\" has no title: it gets no page"});
    else if (const std::string gap = scholar_gap(p); !gap.empty())
      diagnostics.push_back({source, p.line, 1, Severity::Warning, "\"" + p.key + "\" has " + gap + ": its page carries no Google Scholar tags"});
  }
  print_diagnostics(diagnostics, false);

  const std::string dir = a.output.back() == '/' ? a.output : a.output + "/";
  std::error_code error;
  std::filesystem::create_directories(a.output, error);
  if (error || !std::filesystem::is_directory(a.output, error)) {
    say("cannot make the folder " + a.output + (error ? ": " + error.message() : ""));
    return 2;
  }
  int status = has_errors(diagnostics) ? 1 : 0;
  std::size_t pages = 0, failed = 0;
  // Only plain names the core made (never a path) are written, each inside DIR.
  const auto write = [&](const std::string& name, std::string_view text) {
    if (name.empty() || name.find('/') != std::string::npos || name.front() == '.') return false;
    const std::string problem = cli::write_file_no_follow(dir + name, text);
    if (problem.empty()) return true;
    say("cannot write " + dir + name + ": " + problem);
    status = 2;
    ++failed;
    return false;
  };
  for (std::size_t k = 0; k < names.size(); ++k)
    if (!names[k].empty())
      pages += write(names[k], page_html(paper_page(library.publications[view.entries[k]], options, names[k]), options, skeleton));
  write("index.html", page_html(pages_index(library, view, names, options), options, skeleton));
  write("feed.xml", format_atom(library, view, names, options));
  if (!a.site.empty()) write("sitemap.xml", format_sitemap(names, options));
  if (a.css.empty()) write("papershelf.css", kStylesheet);
  say("wrote " + std::to_string(pages) + (pages == 1 ? " paper page" : " paper pages") + ", index.html, feed.xml" +
      (a.site.empty() ? "" : ", sitemap.xml") + (a.css.empty() ? ", papershelf.css" : "") + " into " + a.output +
      (failed ? " (" + std::to_string(failed) + " could not be written)" : ""));
  if (a.site.empty())
    say("no --site: the canonical and PDF links are relative and no sitemap.xml is written; Google Scholar needs absolute "
        "URLs: give --site https://host/path/ (where " + a.output + " is served)");
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return std::fputs(kMainHelp, stderr), 2;
  const std::string command = argv[1];
  if (command == "-h" || command == "--help") return std::fputs(kMainHelp, stdout), 0;
  if (command == "--version") return std::printf("papershelf %s\n", kVersion), 0;
  if (command == "help") {
    const std::string topic = argc > 2 ? argv[2] : "";
    std::fputs(topic == "check" ? kCheckHelp : topic == "render" ? kRenderHelp : topic == "stats" ? kStatsHelp
               : topic == "prerender" ? kPrerenderHelp : topic == "pages" ? kPagesHelp : kMainHelp, stdout);
    return 0;
  }
  // (The npm package's bin runs setup itself: it copies the package's files.)
  if (command == "setup") return usage_error("setup copies the npm package's browser files: run it as npx papershelf setup");
  Args args;
  if (int status = parse_args(argc, argv, 2, args)) return status;
  if (command == "check") return run_check(args);
  if (command == "render") return run_render(args);
  if (command == "prerender") return run_prerender(args);
  if (command == "pages") return run_pages(args);
  if (command == "stats") {
    if (args.format == "html") args.format = "text";  // html is render's default, not stats'
    return run_stats(args);
  }
  return usage_error("unknown command '" + command + "'");
}
