// papershelf: check and render publication lists from the command line. All the work is the
// core's; this file reads inputs, runs check, stats and render, and prints (the flags are read by
// options.cpp; prerender and pages are in prerender.cpp).
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

#include "cli.hpp"
#include "page.hpp"
#include "papershelf/boundary.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/csl.hpp"
#include "papershelf/export.hpp"
#include "papershelf/pages.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/repeats.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/words.hpp"

namespace papershelf::cli {

// The most one input may hold. A publication list is a few MB (the largest real one we know is
// 1.2 MB); past this an input is refused rather than read until memory runs out, the same in the
// native CLI and the Node one (whose WebAssembly memory ends at 4 GB; a list takes about 5 times
// its size in memory while it is read and rendered).
constexpr std::uint64_t kMaxInputBytes = std::uint64_t{512} << 20;

// Reads the input `path` names ("-": standard input) into `out`. Returns "" or why it was not read.
std::string read_input(const std::string& path, std::string& out) {
  if (path == "-")
    return cli::read_open_file(STDIN_FILENO, kMaxInputBytes, cli::Accept::StandardInput, out);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  std::string problem = cli::read_open_file(fd, kMaxInputBytes, cli::Accept::AnyFile, out);
  ::close(fd);
  return problem;
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

// Reads one input's bytes (`name` in diagnostics) and merges it into `lib`.
void add_input(const std::string& bytes, const std::string& name, Format format, std::size_t index,
               Library& lib, std::vector<Diagnostic>& diagnostics) {
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
    if (!errors_only || d.severity == Severity::Error)
      std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
}

int run_check(const Args& a) {
  if (a.help) return std::fputs(kCheckHelp, stdout), 0;
  if (a.files.empty()) return usage_error("check needs at least one FILE");
  // ("html" is the flag's default, which check reads as text.)
  if (a.format != "text" && a.format != "json" && a.format != "html")
    return usage_error("unknown format \"" + a.format + "\" (use text or json)");
  const bool as_json = a.format == "json";
  int status = 0;
  std::size_t errors = 0, warnings = 0, records = 0;
  std::vector<Diagnostic> shown;  // (for JSON, every file's, in one array)
  for (const auto& file : a.files) {
    Args one = a;
    one.files = {file};
    Library lib;
    std::vector<Diagnostic> ds;
    if (!load(one, lib, ds)) return 2;
    for (Diagnostic& d : repeated_records(lib, file)) ds.push_back(std::move(d));
    for (const auto& d : ds) {
      if (a.quiet && d.severity != Severity::Error) continue;
      if (as_json)
        shown.push_back(d);
      else
        std::printf("%s\n", format_diagnostic(d).c_str());
    }
    for (const auto& d : ds)
      (d.severity == Severity::Error ? errors : warnings) += d.severity != Severity::Note;
    records += lib.publications.size();
    if (has_errors(ds)) status = 1;
  }
  if (as_json) write_stdout(format_diagnostics_json(shown, 2) + "\n", false);
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
  return "the owner \"" + given + "\" is on none of the papers" + ", so no name is set in bold; " +
         who->name + " is on " + std::to_string(who->count) + " of the " +
         std::to_string(catalog.library().publications.size()) + ": " +
         (as_attribute ? "owner=\"" : "--owner \"") + names + "\"";
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
    std::fprintf(
        stderr,
        "papershelf: no --owner and no profile name; first-author and co-author counts need one\n");
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

// The query the flags describe, and every check of the flags render makes before reading
// anything. Returns "" or what is wrong.
// Where official CSL styles and locales are found by name (Debian's citation-style-language-*).
std::string csl_dir(const char* kind) {
  const char* env = std::getenv(std::string_view(kind) == "styles" ? "PAPERSHELF_CSL_STYLES"
                                                                   : "PAPERSHELF_CSL_LOCALES");
  return env && *env ? std::string(env) : std::string("/usr/share/citation-style-language/") + kind;
}

// An official CSL locale by its tag ("de-DE"), as Debian installs them; "" when there is none.
std::string csl_locale(std::string_view tag) {
  std::string text;
  if (read_input(csl_dir("locales") + "/locales-" + std::string(tag) + ".xml", text).empty())
    return text;
  return std::string();
}

// --style: a name of the core's, an official style's name, or a .csl file. Returns "" or what is
// wrong.
std::string choose_style(const Args& a, ChosenStyle& style) {
  std::string xml, path;
  if (const auto chosen = a.style.empty() ? std::optional<CitationStyle>(kListTextStyle)
                                          : citation_style_from_string(a.style)) {
    style.builtin = *chosen;
    if (a.lang.empty() || a.lang.compare(0, 2, "en") == 0) return {};
    // (in another language than English, the short style takes its words from that language's
    // locale, and one of the core's official styles is read again in it)
    if (csl_style_id(*chosen).empty()) {
      const std::string tag =
          a.lang.find('-') == std::string::npos ? csl::primary_dialect(a.lang) : a.lang;
      style.locale = csl_locale(tag);
      if (!style.locale.empty()) style.lang = a.lang;
      return {};
    }
    xml = csl::builtin_style(csl_style_id(*chosen));
    path = a.style;
  } else {
    const bool file = a.style.size() > 4 && a.style.compare(a.style.size() - 4, 4, ".csl") == 0;
    path = file ? a.style : csl_dir("styles") + "/" + a.style + ".csl";
    const bool plain_name = a.style.find_first_of("/\\") == std::string::npos;
    if ((!file && !plain_name) || !read_input(path, xml).empty())
      return "unknown style \"" + a.style +
             "\" (use apa, ieee, acm, chicago, mla, harvard, compact, the name of an official CSL "
             "style in " +
             csl_dir("styles") + ", or a .csl file)";
  }
  std::string error;
  // (--lang's default, English, leaves a style in its own default locale: Cite Them Right's en-GB)
  style.csl =
      citation_style_from_csl(xml, a.lang == "en" ? std::string() : a.lang, csl_locale, &error);
  if (!style.csl) return path + ":" + error;
  if (!error.empty()) {
    // A style that reads but is cut short (macros past the processor's budget): the same
    // "line:column: what", as a warning at the style's file.
    Diagnostic d{path, 0, 0, Severity::Warning, DiagnosticKind::Limit, error};
    unsigned line = 0, column = 0;
    int used = 0;
    if (std::sscanf(error.c_str(), "%u:%u: %n", &line, &column, &used) == 2 && used > 0) {
      d.line = line;
      d.column = column;
      d.message = error.substr(static_cast<std::size_t>(used));
    }
    std::fprintf(stderr, "%s\n", format_diagnostic(d).c_str());
  }
  return {};
}

std::string render_settings(const Args& a, Query& query, ChosenStyle& style) {
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
  if (std::string problem = choose_style(a, style); !problem.empty()) return problem;
  if (const auto references = citation_style_from_string(a.references);
      !a.references.empty() && (!references || *references == CitationStyle::Compact))
    return "unknown reference style \"" + a.references +
           "\" (use apa, ieee, acm, chicago, mla or harvard)";
  if (std::string problem = base_problem(a.base); !problem.empty()) return "--base: " + problem;
  if (!a.preset.empty() && !is_preset(a.preset))
    return "unknown preset \"" + a.preset + "\" (use al-folio, academicpages or hugo-blox)";
  if (!a.theme.empty() && !is_theme(a.theme))
    return "unknown theme \"" + a.theme + "\" (use auto, light or dark)";
  if (!a.profile_mode.empty() && !profile_mode_from_string(a.profile_mode))
    return "unknown profile mode \"" + a.profile_mode + "\" (use full, compact or none)";
  if (a.format != "html" && a.format != "json" && a.format != "text" &&
      !export_format_from_string(a.format))
    return "unknown format \"" + a.format + "\" (use html, json, text, bibtex, csl-json or ris)";
  return {};
}

// Formats the loaded inputs as the flags (checked by render_settings) say into `out`. Returns 0,
// or 1 when the input had errors (the valid records are still in `out`).
int render_library(const Args& a, const Query& query, const ChosenStyle& style, Library lib,
                   const std::vector<Diagnostic>& diagnostics, Output& out, std::size_t* listed,
                   std::string* advice) {
  Catalog catalog(std::move(lib));
  const Library& library = catalog.library();
  if (const std::string_view language = builtin_language(a.lang); !language.empty())
    catalog.set_words(read_words(language, a.lang));
  if (advice && a.format == "html")
    *advice = owner_advice(catalog, a, true);
  else if (a.format == "html")
    if (const std::string said = owner_advice(catalog, a, false); !said.empty()) say(said);
  FormatOptions options;
  options.owner = catalog.owner(owner_text(a));
  options.max_authors = a.max_authors;
  options.first = a.first;
  options.base = a.base;
  options.preset = a.preset;
  options.theme = a.theme;
  options.heading_level = a.heading_level;
  options.legend = parse_legend(a.legend);
  options.thumbnails = a.thumbnails;
  std::vector<std::string> missing_thumbnails;
  if (a.file_missing) {
    for (const Publication& p : library.publications)
      if (const std::string src = thumbnail_src(p, options); !src.empty() && a.file_missing(src))
        missing_thumbnails.push_back(src);
    std::sort(missing_thumbnails.begin(), missing_thumbnails.end());
    missing_thumbnails.erase(std::unique(missing_thumbnails.begin(), missing_thumbnails.end()),
                             missing_thumbnails.end());
    if (a.thumbnails_left_out) *a.thumbnails_left_out = missing_thumbnails;
    options.missing_thumbnails = &missing_thumbnails;
  }
  options.words = &catalog.words();
  const std::vector<std::string> page_names =
      a.pages.empty() ? std::vector<std::string>() : page_file_names(library);
  options.pages = a.pages;
  options.page_names = &page_names;
  if (a.no_bibtex) options.panels = Panels::None;
  options.bibtex.omit_fields = a.omit_fields;
  if (!a.references.empty()) {
    options.references = reference_html;
    options.references_style = citation_style_or_default(a.references);
  }

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
    if (const auto profile_mode = profile_mode_from_string(a.profile_mode);
        !a.profile_mode.empty() && profile_mode) {
      ProfileCardOptions card_options;
      card_options.mode = *profile_mode;
      card_options.base = a.base;
      card_options.email = a.plain_email ? EmailDisplay::Plain : EmailDisplay::Obfuscated;
      card_options.words = &catalog.words();
      card_options.heading_level = a.heading_level;
      StatsOptions so;
      so.max_venues = so.max_coauthors = a.top;
      // The card describes the whole record, whatever the list below is filtered to; it goes
      // inside the shelf so it shares the list's style variables.
      card = format_profile_html(card_profile(library.profile, a.profile, owner_text(a)),
                                 catalog.stats(owner_text(a), so), card_options);
    }
    write_html(library, view, options, out, card);
  } else if (a.format == "json") {
    out.write(format_view_json(library, view, options));
  } else if (a.format == "text") {
    for (auto i : view.entries)
      out.write(style.cite(library.publications[i], &catalog.words()) + "\n");
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
  ChosenStyle style;
  if (std::string problem = render_settings(a, query, style); !problem.empty())
    return usage_error(problem);
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

}  // namespace papershelf::cli

int main(int argc, char** argv) {
  using namespace papershelf::cli;
  if (argc < 2) return std::fputs(kMainHelp, stderr), 2;
  const std::string command = argv[1];
  if (command == "-h" || command == "--help") return std::fputs(kMainHelp, stdout), 0;
  if (command == "--version") return std::printf("papershelf %s\n", kVersion), 0;
  if (command == "help") {
    const std::string topic = argc > 2 ? argv[2] : "";
    std::fputs(topic == "check"       ? kCheckHelp
               : topic == "render"    ? kRenderHelp
               : topic == "stats"     ? kStatsHelp
               : topic == "prerender" ? kPrerenderHelp
               : topic == "pages"     ? kPagesHelp
               : topic == "sync"      ? kSyncHelp
               : topic == "import"    ? kImportHelp
                                      : kMainHelp,
               stdout);
    return 0;
  }
  // (The npm package's bin runs setup itself: it copies the package's files.)
  if (command == "setup")
    return usage_error(
        "setup copies the npm package's browser files: run it as npx papershelf setup");
  Args args;
  if (int status = parse_args(argc, argv, 2, args)) return status;
  if (command == "check") return run_check(args);
  if (command == "render") return run_render(args);
  if (command == "prerender") return run_prerender(args);
  if (command == "pages") return run_pages(args);
  if (command == "sync") {
    if (args.format == "html") args.format = "text";  // html is render's default, not sync's
    return run_sync(args);
  }
  if (command == "import") return run_import(args);
  if (command == "stats") {
    if (args.format == "html") args.format = "text";  // html is render's default, not stats'
    return run_stats(args);
  }
  return usage_error("unknown command '" + command + "'");
}
