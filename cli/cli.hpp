// What the command line's parts share: the flags (options.cpp), how it reads inputs and speaks to
// the terminal, and the steps of render that prerender and pages take for each element or page
// (main.cpp; prerender.cpp holds prerender and pages).
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/catalog.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/html.hpp"
#include "papershelf/read.hpp"

namespace papershelf::cli {

extern const char* const kVersion;
extern const char* const kMainHelp;
extern const char* const kCheckHelp;
extern const char* const kRenderHelp;
extern const char* const kStatsHelp;
extern const char* const kPrerenderHelp;
extern const char* const kPagesHelp;
extern const char* const kSyncHelp;
extern const char* const kImportHelp;

struct Args {
  std::vector<std::string> files;
  std::vector<std::string> owners;
  std::string sort, group, search, filter, format = "html", base, style, from;
  std::string references;  // html: each entry as its reference in this style
  std::vector<std::string> omit_fields;
  std::string preset;
  std::string theme;   // html: a pinned scheme, light or dark ("" or auto: the page's)
  std::string legend;  // html: the marks' meanings as the element's legend attribute writes them
  std::string thumbnails;
  std::string pages;   // render: where `papershelf pages` put the papers' pages
  std::string output;  // prerender: where the page goes ("" = standard output)
  std::string root;    // prerender: the folder src files must be inside ("" = the page's)
  // prerender: whether a relative address of the page names no file (unset elsewhere). A record
  // whose thumbnail names none is listed without it, as the element lists a record whose picture
  // does not load, and the address is added to `thumbnails_left_out`.
  std::function<bool(std::string_view)> file_missing;
  std::vector<std::string>* thumbnails_left_out = nullptr;
  // pages: the site's URL, the template file, the language, papershelf.css's URL, the title, the
  // preview images' base
  std::string site, template_file, lang = "en", css, title;
  bool force = false;  // pages: replace files in DIR that papershelf did not write
  std::size_t max_authors = 0;
  int heading_level = 3;  // html: the level of the group headings and the card's name (1-6)
  std::size_t first = 0;  // html: the first N entries only (0 = all)
  // prerender: the element's controls attribute, to keep its toolbar's room (no flag sets it)
  std::optional<std::string> controls;
  bool no_bibtex = false, clean = false, quiet = false, help = false;
  // sync: the author (OpenAlex id or ORCID, for the Node CLI's fetch and the summary), the works
  // as OpenAlex returns them, the date written as citations_updated; --add, --write.
  std::string openalex, orcid, mailto, api_key, from_file, date;
  bool add = false, write = false, lookups = false;
  // import: only papers of this year or later (0: all); the papers to leave out (OpenAlex ids,
  // DOIs, arXiv ids); the DOIs to import (the Node CLI fetches them); list, write nothing.
  int since = 0;
  std::vector<std::string> exclude, dois;
  bool dry_run = false;
  // Profile card.
  std::string profile_mode;  // "" = no card
  Profile profile;           // flags that override the input's profile
  bool plain_email = false;
  std::size_t top = 10;
};

// Everything the CLI says on standard error quotes its input (file names, flag values): shown,
// never obeyed by the terminal.
void say(const std::string& message);
// Says `message` and how to get help; returns 2, the status of a usage error.
int usage_error(const std::string& message);
// Reads argv[first...] into `a`. Returns 0 on success, else the exit status for a usage error.
int parse_args(int argc, char** argv, int first, Args& a);

// Reads the input `path` names ("-": standard input) into `out`. Returns "" or why it was not read.
std::string read_input(const std::string& path, std::string& out);
// Text for a terminal: each line's control characters shown escaped, its line ends kept.
std::string for_terminal(std::string_view text);
// Writes `out` to standard output (as for_terminal() shows it on a terminal or for text formats).
void write_stdout(const std::string& out, bool text_format);
void print_diagnostics(const std::vector<Diagnostic>& ds, bool errors_only);
// Reads one input's bytes (`name` in diagnostics) and merges it into `lib`.
void add_input(const std::string& bytes, const std::string& name, Format format, std::size_t index,
               Library& lib, std::vector<Diagnostic>& diagnostics);
// Reads and merges all inputs; prints diagnostics. Returns false when a file can't be read.
bool load(const Args& a, Library& lib, std::vector<Diagnostic>& diagnostics);

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

// The citation style --style names: one of the core's, or any CSL style (an official one by its
// name, from Debian's citation-style-language-styles or PAPERSHELF_CSL_STYLES, or a .csl file).
struct ChosenStyle {
  CitationStyle builtin{};
  std::shared_ptr<csl::Processor> csl;  // (set for a style that is not one of the core's)
  // The short style in --lang: its CSL locale's text ("and", "et al.", quotation marks; empty in
  // English) and, in cite(), the list's words (a status in that language).
  std::string lang, locale;
  std::string cite(const Publication& p, const Words* words = nullptr) const {
    if (csl) return format_citation(p, *csl);
    if (locale.empty()) return format_citation(p, builtin);
    return format_citation(p, builtin, CitationContext{{lang, locale}, nullptr, words});
  }
};

// The query the flags describe, and every check of the flags render makes before reading
// anything. Returns "" or what is wrong.
std::string render_settings(const Args& a, Query& query, ChosenStyle& style);
// Formats the loaded inputs as the flags (checked by render_settings) say into `out`. Returns 0,
// or 1 when the input had errors (the valid records are still in `out`).
int render_library(const Args& a, const Query& query, const ChosenStyle& style, Library lib,
                   const std::vector<Diagnostic>& diagnostics, Output& out,
                   std::size_t* listed = nullptr, std::string* advice = nullptr);
// Renders the FILEs as the flags say into `out`: 0, 1 when the input had errors, 2 on bad usage
// or an unreadable file.
int render(const Args& a, Output& out);
// --owner as the catalog takes it ("A; B"; empty: the profile's name and aliases).
std::string owner_text(const Args& a);

// The commands: each returns the exit status.
int run_check(const Args& a);
int run_stats(const Args& a);
int run_render(const Args& a);
int run_prerender(const Args& a);
int run_pages(const Args& a);
int run_sync(const Args& a);
int run_import(const Args& a);

}  // namespace papershelf::cli
