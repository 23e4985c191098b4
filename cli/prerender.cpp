// papershelf prerender and pages: the static list put into a page's <paper-shelf> elements (from
// their own attributes), and a page per paper with an index, a feed and a sitemap.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "page.hpp"
#include "papershelf/attributes.hpp"
#include "papershelf/pages.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/words.hpp"

namespace papershelf::cli {
namespace {

// The level that fits for the list's headings after `before` (the page up to the element): one
// below the last heading in it (<h1> ... : 2), at most 6; 3 when it has none. Comments and
// other lists (a <paper-shelf> above, its own headings) are passed, as the element passes them.
int heading_level_after(std::string_view before) {
  int last = 0;
  for (std::size_t at = 0; at < before.size(); ++at) {
    if (before[at] != '<') continue;
    bool passed = false;
    for (const auto& [open, close] : {std::pair<std::string_view, std::string_view>{"<!--", "-->"},
                                      {"<paper-shelf", "</paper-shelf>"}}) {
      if (before.compare(at, open.size(), open) != 0) continue;
      const std::size_t end = before.find(close, at + open.size());
      at = end == std::string_view::npos ? before.size() : end + close.size() - 1;
      passed = true;
      break;
    }
    if (passed) continue;
    if (at + 3 < before.size() && (before[at + 1] == 'h' || before[at + 1] == 'H') &&
        before[at + 2] >= '1' && before[at + 2] <= '6') {
      const char after = before[at + 3];
      if (after == '>' || after == ' ' || after == '\t' || after == '\n' || after == '\r' ||
          after == '/')
        last = before[at + 2] - '0';
    }
  }
  return last == 0 ? 3 : std::min(last + 1, 6);
}

// The render settings an element's attributes stand for, read by the element's own table and rules
// (papershelf/attributes.hpp), so the static list is the one the element will show. An attribute
// the element cannot use it leaves out (it says so in the console and shows the list without it;
// of a filter it keeps the clauses it understands), and so do these settings: each such attribute
// is said in `problems`. `before` is the page up to the element (where its headings fit).
Args settings_of(const cli::ShelfElement& shelf, std::string_view before,
                 std::vector<std::string>& problems) {
  const attributes::Values at =
      attributes::read([&](std::string_view name) { return shelf.attribute(name); }, &problems);
  auto problem = [&](const std::string& name, const std::string& what) {
    problems.push_back(name + ": " + what);
  };
  Args a;
  a.owners = split_owner_list(at.owner);
  // The query's own words are the core's to judge, as the element's core judges them.
  std::string error;
  if (!at.sort.empty() && !parse_sort(at.sort, &error))
    problem("sort", error + "; the list is in its default order");
  else
    a.sort = at.sort;
  if (!at.group.empty() && !group_from_string(at.group, &error))
    problem("group", error + "; the list is not grouped");
  else
    a.group = at.group;
  a.filter = at.filter;
  if (!at.filter.empty()) {
    error.clear();
    const Filter understood = parse_filter(at.filter, &error);
    if (!error.empty()) {
      problem("filter", error + "; the rest of the filter applies");
      a.filter = to_string(understood);
    }
  }
  if (!at.base.empty() && !(error = base_problem(at.base)).empty())
    problem("base", error);
  else
    a.base = at.base;
  a.max_authors = at.max_authors;
  a.preset = at.preset;
  a.theme = at.theme == "auto" ? "" : at.theme;
  // Without a heading-level, the list's headings fit under the page's nearest heading above it,
  // as the element judges it.
  a.heading_level = at.heading_level ? at.heading_level : heading_level_after(before);
  a.legend = at.legend;
  a.thumbnails = at.thumbnails;
  a.pages = at.pages;
  a.omit_fields = at.omit_fields;
  if (at.profile != "none") a.profile_mode = at.profile;
  a.profile.position = at.position;
  a.profile.affiliation = at.affiliation;
  a.profile.photo = at.photo;
  a.profile.interests = at.interests;
  a.profile.links = at.links;
  if (!at.email.empty() && at.email_display != "hidden")
    a.profile.links.push_back({"email", at.email});
  a.plain_email = at.email_display == "plain";
  if (!shelf.lang.empty()) a.lang = shelf.lang;
  // The canvas renderer draws its own controls: no HTML toolbar takes room above its list.
  const std::string* controls =
      shelf.attribute("toolbar") ? shelf.attribute("toolbar") : shelf.attribute("controls");
  if (at.renderer != "canvas") a.controls = controls ? *controls : std::string();
  return a;
}

// A src that is a URL (with a scheme, or "//host/..."): the element fetches it itself.
bool is_url(const std::string& src) {
  return src.find("://") != std::string::npos || src.rfind("//", 0) == 0;
}

// What prerender did with one page: how many elements held the marker, and whether the page
// is not what its owner asked for (1) or could not be read or written (2).
struct PrerenderResult {
  int status = 0;
  std::size_t marked = 0;
};

// A list written in beyond this many bytes is said to weigh on the page; --first then writes the
// first screen's entries.
constexpr std::size_t kHeavyList = 1000000, kFirstScreen = 50;

// Fills the marked <paper-shelf> elements of the page `page_name`, reading src files inside
// `root` ("" = the page's folder), and writes the page to `output` ("" = standard output; not
// written at all when `only_if_filled` and nothing was filled).
// Whether `address`, as a prerendered list links to it or shows it (a paper's PDF, its preview
// picture), names no file where a visitor's browser will ask for it: a relative address beside the
// page (`page_dir`), one from the site's root under `site_root` (not checked without one). URLs
// with a scheme are never missing; the query and fragment are not part of the file.
bool local_file_missing(std::string_view address, const std::string& page_dir,
                        const std::string& site_root) {
  address = address.substr(0, address.find_first_of("?#"));
  const std::size_t colon = address.find(':');
  if (address.empty() || (colon != std::string_view::npos && colon < address.find('/')) ||
      address.rfind("//", 0) == 0)
    return false;
  if (address.front() == '/' && site_root.empty()) return false;
  std::string path;  // (the markup's &amp; is the file's &; %20 its space)
  for (std::size_t i = 0; i < address.size(); ++i) {
    if (address.compare(i, 5, "&amp;") == 0) {
      path += '&';
      i += 4;
    } else if (address.compare(i, 3, "%20") == 0) {
      path += ' ';
      i += 2;
    } else {
      path += address[i];
    }
  }
  path = address.front() == '/' ? site_root + "/" + path.substr(1)
                                : (page_dir.empty() ? "./" : page_dir) + path;
  std::error_code error;
  return !std::filesystem::exists(path, error);
}

// The files a prerendered list's markup links to or shows that are missing (local_file_missing),
// each address once, in the list's order.
std::vector<std::string> missing_local_files(const std::string& html, const std::string& page_dir,
                                             const std::string& site_root) {
  std::vector<std::string> missing;
  for (std::string_view attribute : {" href=\"", " src=\""}) {
    for (std::size_t at = html.find(attribute); at != std::string::npos;
         at = html.find(attribute, at + 1)) {
      const std::size_t begin = at + attribute.size();
      const std::size_t end = html.find('"', begin);
      if (end == std::string::npos) break;
      const std::string address = html.substr(begin, end - begin);
      const std::string file = address.substr(0, address.find_first_of("?#"));
      if (local_file_missing(address, page_dir, site_root) &&
          std::find(missing.begin(), missing.end(), file) == missing.end())
        missing.push_back(file);
    }
  }
  return missing;
}

PrerenderResult prerender_page(const Args& a, const std::string& page_name,
                               const std::string& output, const std::string& site_root,
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
    const bool whole = shelf.attribute(attributes::names::prerender) != nullptr;
    if (!whole && shelf.marker == std::string::npos) continue;
    ++result.marked;
    // What is said of this element, at its start tag; an error or a warning means the page is
    // not what its owner asked for (exit 1).
    // (`fails`: the exit status says so too; a file the papers name that is not there is told
    // and not failed, so that a stale thumbnail does not stop a site's deploy.)
    auto report = [&](Severity severity, const std::string& message, bool fails = true) {
      const LineMap::Position at = lines.position(shelf.start);
      print_diagnostics({{page_name, at.line, at.column, severity, DiagnosticKind::Page,
                          "<paper-shelf> " + message}},
                        false);
      if (severity != Severity::Note && fails) status = std::max(status, 1);
    };
    const std::string* src = shelf.attribute("src");
    if (!src || src->empty()) {
      report(Severity::Error, "has no src; it is not filled");
      continue;
    }
    if (is_url(*src)) {
      report(Severity::Warning, "src \"" + *src +
                                    "\" is a URL, which the element fetches itself; prerender "
                                    "reads only files, so it is not filled");
      continue;
    }
    // A src from the site's root ("/papers.bib") is a file under --root, the folder the site is
    // served from; without it there is no telling where that is.
    const bool from_root = src->front() == '/';
    if (from_root && site_root.empty()) {
      report(Severity::Error,
             "src \"" + *src +
                 "\" starts with \"/\", a path from the site's root: give --root DIR, "
                 "the folder the site is served from (or a src relative to the page); it is not "
                 "filled");
      continue;
    }
    const std::string src_dir = from_root ? site_root + "/" : dir;
    std::string src_path =
        from_root ? src->substr(std::min(src->find_first_not_of('/'), src->size())) : *src;
    // A site served under a path (a project site, user.github.io/repo: Jekyll's baseurl) names
    // "/repo/assets/papers.bib", which the built folder holds as assets/papers.bib: a first folder
    // the site's root does not have is that path.
    if (const std::size_t first = src_path.find('/'); from_root && first != std::string::npos) {
      std::error_code error;
      if (!std::filesystem::exists(src_dir + src_path.substr(0, first), error))
        src_path.erase(0, first + 1);
    }
    // prerender="FILE": the data is a file of the site's source, published at src as well.
    const std::string* source = shelf.attribute(attributes::names::prerender);
    std::string bytes;
    if (source && !source->empty()) {
      if (std::string refused = cli::publish_page_source(*source, src_dir, root, src_path, bytes);
          !refused.empty()) {
        report(Severity::Error, refused + "; it is not filled");
        continue;
      }
    } else if (std::string refused = cli::read_page_source(src_dir, root, src_path, bytes);
               !refused.empty()) {
      report(Severity::Error,
             "src \"" + *src + "\" is not read: " + refused + "; it is not filled");
      continue;
    }
    std::vector<std::string> problems;
    Args args = settings_of(shelf, std::string_view(page).substr(0, shelf.start), problems);
    for (const std::string& problem : problems) report(Severity::Warning, problem);
    Query query;
    ChosenStyle style;
    if (const std::string unusable = render_settings(args, query, style); !unusable.empty()) {
      // (settings_of leaves out what the element cannot use: not expected)
      report(Severity::Error, unusable + "; it is not filled");
      continue;
    }
    args.first = a.first;
    // (a picture that is not there is left out, as the element leaves out one that does not load:
    // no broken-image box before the element's code comes, nor for a reader without JavaScript)
    std::vector<std::string> pictures_left_out;
    args.file_missing = [&](std::string_view address) {
      return local_file_missing(address, dir, site_root);
    };
    args.thumbnails_left_out = &pictures_left_out;
    Library lib;
    std::vector<Diagnostic> diagnostics;
    add_input(bytes, src_dir + src_path, Format::Auto, 0, lib, diagnostics);
    print_diagnostics(diagnostics, false);
    std::string html;
    Output to_html(html);
    std::size_t listed = 0;
    std::string advice;
    status = std::max(status, render_library(args, query, style, std::move(lib), diagnostics,
                                             to_html, &listed, &advice));
    if (!advice.empty()) report(Severity::Warning, advice);
    // (al-folio keeps a paper's files in assets/pdf/ and its pictures in
    // assets/img/publication_preview/.)
    std::vector<std::string> missing = missing_local_files(html, dir, site_root);
    missing.insert(missing.end(), pictures_left_out.begin(), pictures_left_out.end());
    if (!missing.empty()) {
      std::string some;
      for (std::size_t i = 0; i < missing.size() && i < 3; ++i)
        some += (i ? ", " : "") + missing[i];
      report(Severity::Warning,
             std::to_string(missing.size()) + (missing.size() == 1 ? " file" : " files") +
                 " its papers link to or show " + (missing.size() == 1 ? "is" : "are") +
                 " not there (" + some + (missing.size() > 3 ? ", ..." : "") + ")" +
                 (pictures_left_out.empty()
                      ? ""
                      : ", and the papers whose picture is not there are listed without one") +
                 ": relative addresses are read beside the page, /addresses from the site's root; "
                 "base=\"FOLDER/\" "
                 "names the folder of the papers' files, thumbnails=\"FOLDER/\" that of their "
                 "pictures (or none)",
             false);
    }
    // The marker stays and the end marker closes what was written, so the next run (after the
    // .bib changed) replaces it; a list written before, up to its end marker, is replaced now.
    out.append(page, copied, (whole ? shelf.content_start : shelf.marker_end) - copied);
    if (whole) out += cli::kPrerenderMarker;
    out += '\n';
    out += html;
    out += cli::kPrerenderEndMarker;
    copied = whole                                 ? shelf.content_end
             : shelf.fill_end != std::string::npos ? shelf.fill_end
                                                   : shelf.marker_end;
    ++filled;
    const std::size_t shown = a.first && a.first < listed ? a.first : listed;
    report(Severity::Note,
           "filled from " +
               (source && !source->empty() ? *source + ", published as " + *src : *src) + ": " +
               (shown < listed ? "the first " + std::to_string(shown) + " of " : "") +
               std::to_string(listed) + (listed == 1 ? " entry" : " entries"));
    // (a list written in whole weighs on a visitor's phone before anything of papershelf's does:
    // about 4 KB of HTML an entry, and the element takes over only once the page is read)
    if (html.size() > kHeavyList && shown > kFirstScreen)
      report(Severity::Warning,
             "the list written in is " + std::to_string(html.size() / 100000 / 10) + "." +
                 std::to_string(html.size() / 100000 % 10) + " MB of HTML (" +
                 std::to_string(shown) + " entries); --first " + std::to_string(kFirstScreen) +
                 " writes its first " + std::to_string(kFirstScreen) +
                 " and the element shows the rest as the page runs",
             false);
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
    if (it->is_directory(error) && it->path().filename() == "node_modules")
      it.disable_recursion_pending();
    const std::string extension = it->path().extension().string();
    if ((extension == ".html" || extension == ".htm") && it->is_regular_file(error))
      pages.push_back(it->path().string());
  }
  if (error) problem = error.message();
  std::sort(pages.begin(), pages.end());
  return pages;
}

}  // namespace

int run_prerender(const Args& a) {
  if (a.help) return std::fputs(kPrerenderHelp, stdout), 0;
  if (a.files.size() != 1) return usage_error("prerender needs one PAGE.html or one FOLDER");
  const std::string& target = a.files[0];
  std::error_code error;
  if (target != "-" && std::filesystem::is_directory(target, error)) {
    // A built site (Jekyll's _site, Hugo's public): every page with a marker, filled in place;
    // src files from the site's root are read from the folder.
    if (!a.output.empty())
      return usage_error("prerender fills a FOLDER's pages in place: -o is for one PAGE.html");
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
      say(target + ": no page holds a <paper-shelf> with the marker " +
          std::string(cli::kPrerenderMarker) + " or the attribute prerender; nothing was filled");
      status = std::max(status, 1);
    }
    return status;
  }
  const PrerenderResult result = prerender_page(a, target, a.output, a.root, false);
  if (result.status < 2 && result.marked == 0) {
    say(target + ": no <paper-shelf> holds the marker " + std::string(cli::kPrerenderMarker) +
        " (nor the attribute prerender); nothing was filled");
    return 1;
  }
  return result.status;
}

namespace {

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

}  // namespace

int run_pages(const Args& a) {
  if (a.help) return std::fputs(kPagesHelp, stdout), 0;
  if (a.files.empty()) return usage_error("pages needs at least one FILE (or - for stdin)");
  if (a.output.empty()) return usage_error("pages needs -o DIR, the folder the pages go to");
  Query query;
  ChosenStyle style;
  if (std::string problem = render_settings(a, query, style); !problem.empty())
    return usage_error(problem);
  if (!a.site.empty())
    if (std::string problem = site_problem(a.site); !problem.empty())
      return usage_error("--site: " + problem);
  if (!is_language_tag(a.lang))
    return usage_error("--lang: \"" + a.lang + "\" is not a language tag (en, de, pt-BR)");
  std::string skeleton;
  if (!a.template_file.empty()) {
    if (const std::string problem = read_input(a.template_file, skeleton); !problem.empty()) {
      say("cannot read " + a.template_file + ": " + problem);
      return 2;
    }
    if (std::string problem = template_problem(skeleton); !problem.empty())
      return usage_error("--template " + a.template_file + ": " + problem);
  }
  Library lib;
  std::vector<Diagnostic> diagnostics;
  if (!load(a, lib, diagnostics)) return 2;
  Catalog catalog(std::move(lib));
  const Library& library = catalog.library();
  if (const std::string_view language = builtin_language(a.lang); !language.empty())
    catalog.set_words(read_words(language, a.lang));
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
  options.author =
      card_profile(library.profile, {}, owner_text(a)).name;  // (whom the card would name)
  const View view = catalog.query(query, owner_text(a));
  const std::vector<std::string> names = page_file_names(library, view);
  for (std::size_t k = 0; k < names.size(); ++k) {
    const Publication& p = library.publications[view.entries[k]];
    const std::string source = p.source_index < a.files.size() ? a.files[p.source_index] : "-";
    if (names[k].empty())
      diagnostics.push_back({source, p.line, 1, Severity::Warning, DiagnosticKind::LeftOut,
                             "\"" + p.key + "\" has no title: it gets no page"});
    else if (const std::string gap = scholar_gap(p); !gap.empty())
      diagnostics.push_back(
          {source, p.line, 1, Severity::Warning, DiagnosticKind::LeftOut,
           "\"" + p.key + "\" has " + gap + ": its page carries no Google Scholar tags"});
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
  std::size_t pages = 0, pages_failed = 0;
  std::vector<std::string> written, failed;  // (the files other than the papers' pages)
  bool sites_own_index = false;
  // Only plain names the core made (never a path) are written, each inside DIR, and a file
  // there only when papershelf wrote it (or --force): never the site's own pages.
  const auto write = [&](const std::string& name, const auto& write_text) {
    bool ok = !name.empty() && name.find('/') == std::string::npos && name.front() != '.';
    cli::OwnFile file;
    std::string problem =
        ok ? file.open(dir + name, pages_file_marks(name), a.force) : "not a name in the folder";
    if (problem.empty()) {
      write_text(file);
      problem = file.close();
    }
    if (name == "index.html" && file.someone_elses()) sites_own_index = true;
    ok = problem.empty();
    if (!ok) {
      say("cannot write " + dir + name + ": " + problem);
      status = 2;
    }
    return ok;
  };
  const auto text = [](const std::string& bytes) {
    return [&bytes](cli::OwnFile& file) { file.write(bytes); };
  };
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (names[k].empty()) continue;
    const std::string page = page_html(
        paper_page(library.publications[view.entries[k]], options, names[k]), options, skeleton);
    ++(write(names[k], text(page)) ? pages : pages_failed);
  }
  const auto file = [&](const std::string& name, const auto& write_text) {
    (write(name, write_text) ? written : failed).push_back(name);
  };
  // The index and the feed of every paper are the largest files by far: they go out piece by
  // piece as they are made, never held whole.
  struct Pieces final : TextSink {
    cli::OwnFile& file;
    explicit Pieces(cli::OwnFile& f) : file(f) {}
    void write(std::string_view piece) override { file.write(piece); }
  };
  file("index.html", [&](cli::OwnFile& out) {
    Pieces pieces(out);
    write_pages_index(library, view, names, options, skeleton, pieces);
  });
  file("feed.xml", [&](cli::OwnFile& out) {
    Pieces pieces(out);
    write_atom(library, view, names, options, pieces);
  });
  if (!a.site.empty()) file("sitemap.xml", text(format_sitemap(names, options)));
  if (a.css.empty()) {
    const std::string css(kStylesheet);
    file("papershelf.css", text(css));
  }
  // What was written, then what was not (each said above with its reason).
  const auto list = [](std::size_t n, const std::vector<std::string>& files, bool count_none) {
    std::string out =
        n || count_none ? std::to_string(n) + (n == 1 ? " paper page" : " paper pages") : "";
    for (const std::string& f : files) out += (out.empty() ? "" : ", ") + f;
    return out;
  };
  const std::string not_done = list(pages_failed, failed, false);
  say("wrote " + list(pages, written, true) + " into " + a.output +
      (not_done.empty() ? "" : "; not written: " + not_done));
  if (sites_own_index) {
    std::string folder = a.output;
    while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
    say(a.output +
        " is a folder of the site's own pages (its index.html is not papershelf's): give the paper "
        "pages a "
        "folder of their own, such as " +
        (std::filesystem::path(folder).parent_path() / "papers").string() + "/");
  }
  if (a.site.empty())
    say("no --site: the canonical and PDF links are relative and no sitemap.xml is written; Google "
        "Scholar needs absolute "
        "URLs: give --site https://host/path/ (where " +
        a.output + " is served)");
  return status;
}

}  // namespace papershelf::cli
