// The command line's flags: the help of each command, and argv read into Args.
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::cli {

const char* const kVersion = "0.1.0";

const char* const kMainHelp = R"(usage: papershelf <command> [options] FILE...

Reads publication lists (BibTeX/BibLaTeX, CSL-JSON, papershelf JSON) and checks or renders them.

commands:
  check     report problems in the input as file:line:col: severity: message
  render    filter, search, sort, group and format the input to stdout
  stats     print the owner's statistics (counts, per year, venues, co-authors)
  prerender put the static list into a page's <paper-shelf> elements (no JavaScript needed)
  pages     write one page per paper for Google Scholar, an index, an Atom feed and a sitemap
  sync      write citation counts from OpenAlex into a .bib, and list the works it lacks
  import    a .bib of your works from OpenAlex (ORCID, author id, DOIs) or a DBLP file,
            one entry per paper
  setup     copy the browser files into a page's folder, a Jekyll or a Hugo site
            (npx papershelf setup page|jekyll|hugo: the npm package's own command)
  help      show help for a command

options:
  -h, --help     show this help
  --version      print the version

Run 'papershelf help <command>' for a command's options. FILE '-' reads standard input.
)";

const char* const kCheckHelp = R"(usage: papershelf check [--format json] [--from FORMAT] FILE...

Reads each FILE and prints its diagnostics as file:line:col: error|warning: message,
then a summary line; a paper the file holds twice (the same DOI, or the same title,
year, type and venue) is a warning too. Exit status: 1 when any error was found, 0
otherwise.

options:
  --format F      text (default) or json: one array of every file's diagnostics, each
                  {source, line, column, severity, kind, message, text} (kind: syntax,
                  encoding, unknown, duplicate, reference, value, left-out, limit, page, sync)
  --from FORMAT   bibtex, csl-json or json (papershelf); detected from content by default
  -q, --quiet     print only errors
)";

const char* const kRenderHelp = R"(usage: papershelf render [options] FILE...

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
  --max-authors N   html: collapse longer author lists to "+N more" (the owner
                    stays visible); by default only lists of more than 100 names, to their
                    first 10 (json lists them all; text follows its --style)
  --base URL        prefix for relative links (al-folio's pdf = {paper.pdf}): http(s) or relative
  --style S         text citation style: compact (default), apa, ieee, acm, chicago, mla,
                    harvard, any official CSL style by name (nature, vancouver...: from
                    /usr/share/citation-style-language/styles, Debian's
                    citation-style-language-styles, or PAPERSHELF_CSL_STYLES), or a .csl file;
                    its locale follows --lang
  --omit-fields F   comma-separated BibTeX fields to leave out of BibTeX output
  --clean           bibtex: what a visitor copies from the page (no author markers, none of
                    al-folio's or the owner's own fields); the html panels always are
  --no-bibtex       html: leave out the per-entry BibTeX and Cite panels
  --first N         html: only the first N entries, then a line with how many there are
  --preset NAME     html: the look of a site generator: al-folio, academicpages or hugo-blox
  --theme T         html: auto (default: the page's own colours), light or dark (the list
                    then brings that scheme's text and background colours)
  --heading-level N html: the level of the group headings and the card's name (default 3:
                    <h3>; the card's sections one below); prerender fits it under the page
  --legend TEXT     html: what the authors' marks mean, "*=equal contribution; #=advisor"
                    (default: the input's legend); only the marks shown are explained
  --thumbnails DIR  html: the folder of relative thumbnails (al-folio's preview field; default:
                    al-folio's /assets/img/publication_preview/ with its preset, else --base),
                    or none
  --references S    html: each entry as its reference in the style S (apa, ieee, acm, chicago,
                    mla, harvard), the owner's name in bold, its links and panels kept: a CV page
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

const char* const kStatsHelp = R"(usage: papershelf stats [options] FILE...

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

const char* const kPrerenderHelp =
    R"(usage: papershelf prerender [-o OUT.html] [--root DIR] PAGE.html
       papershelf prerender [--root DIR] FOLDER

Reads PAGE.html and, inside each <paper-shelf> element that holds the marker
<!-- papershelf:prerender --> in its content, writes after the marker the static list that
element shows: its src rendered with its own attributes (owner, group, sort, filter,
max-authors, base, preset, theme, heading-level, legend, thumbnails, pages, omit-fields, its
language (lang, its own or the nearest enclosing element's), and the profile card's profile,
position, affiliation, photo, interests, links, email), closed by <!-- /papershelf:prerender -->.
Without heading-level, its headings are one level below the page's nearest heading above it
(<h2> under al-folio's <h1>; <h3> where there is none), as the element places them.
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
left to the element. The attributes are read by the element's own rules (one table in the
core); one the element cannot use (a bad sort, group, filter clause, base, max-authors,
heading-level, link, or a preset, theme, profile, email-display or renderer it does not
know) is left out as the element leaves it out, with a warning at the element's line:column.

Exit status: 1 when some data had errors, some element could not be filled (it is left
as it was; the page is still written), no element holds the marker, or an element's owner
is on none of its papers (a placeholder left in: the warning says whom to name), 2 on bad
usage or a page that cannot be read or written. Files the papers link to or show that are
not there are told (a warning) without changing the status.

options:
  -o, --output FILE   write the page to FILE
  --root DIR          read src files anywhere inside DIR (the site's root) instead of only
                      inside the page's folder
  --first N           only the first N entries of each list (a long list's first screen:
                      a smaller page that shows sooner; the element then shows them all)
)";

const char* const kPagesHelp = R"(usage: papershelf pages [options] FILE... -o DIR

Writes one static HTML page per paper of the FILEs into DIR, as Google Scholar's inclusion
guidelines ask: the title, authors (the owner marked), venue, year, abstract, links, the
BibTeX a visitor copies and a citation on the page, and in its <head> the Highwire Press
tags (citation_title, one citation_author per author, citation_publication_date, the
journal's or conference's title, volume, issue, pages, DOI, citation_pdf_url for an
http(s) PDF), schema.org JSON-LD and the canonical URL. Also index.html (every paper,
linked to its page), feed.xml (Atom, newest first), sitemap.xml (with --site) and
papershelf.css (unless --css). A page's file name is its key made safe (muller2020.html).
A record without a title gets no page. No file is written outside DIR, nor through a
symbolic link, nor over a file with other hard links; a file in DIR that papershelf did
not write (the site's own index.html) is left as it is, unless --force. Exit status: 1
when the input had errors (the valid records still get pages), 2 on bad usage or a file
that cannot be read or written (the others are still written).

options:
  -o, --output DIR    the folder the pages go to (created when missing)
  --site URL          the absolute URL DIR is served at (https://me.example/papers/):
                      Scholar needs absolute URLs; without it links stay relative and no
                      sitemap is written
  --template FILE     a page of the site's layout holding <!-- papershelf --> where the
                      paper goes, and <!-- papershelf-head --> for the head tags (else
                      they go before </head>); <!-- papershelf-title --> takes the title.
                      What names the template page (canonical, description, og: and
                      twitter: tags, JSON-LD, an <h1> repeating its title) is the paper's
                      on each page; a template titled papershelf-title is named by the
                      paper wherever its layout writes the title
  --lang TAG          the pages' language (default en); in de, es, fr, it, ja, ko, pt or zh
                      their own words are too
  --css URL           link papershelf.css from URL instead of writing it into DIR
  --title TEXT        the index's and the feed's title (default Publications)
  --force             replace files in DIR that papershelf did not write
  --owner NAME, --base URL, --preset NAME, --thumbnails DIR, --omit-fields F,
  --filter EXPR, --search TEXT, --sort KEYS, --max-authors N, --from FORMAT   as for render
)";

const char* const kSyncHelp =
    R"(usage: npx papershelf sync FILE.bib --openalex AUTHOR_ID | --orcid ID [--api-key KEY] [--add] [--write]
       papershelf sync FILE.bib --from-file WORKS.json [--add] [--write]

Finds the entries of FILE.bib among the author's works in OpenAlex (the open index of
scholarly works): by the OpenAlex id an earlier sync wrote, the DOI, the arXiv id, then the
title with the year and an author. Into each entry found it writes citations = {N} (with
citations_updated = {DATE} where the count is new or changed), openalex = {W...}, and the
DOI where the entry has none. Nothing else in the file changes: comments, @string, spacing,
field order and every other field stay as they are, byte for byte. New fields are written
as the entry's last field is (indent, spacing, braces or quotes).

A dry run by default: prints the changes as a diff, then a summary (entries matched and by
which rule, counts new and changed, entries not found and why, the works the file lacks).
The element shows the counts, the h-index and the "Most cited" sort from these fields.

Exit status: 1 when FILE.bib has errors (its valid entries are still synced), 2 on bad
usage, a file that cannot be read or written, or works that cannot be fetched or read, 3
when OpenAlex's budget for the day is spent (nothing is written; run again once it is
renewed, at midnight UTC).

options:
  --openalex ID     the author's OpenAlex id (A5023888391, or its https://openalex.org/ URL)
  --orcid ID        or the author's ORCID (0000-0002-1825-0097, or its https://orcid.org/ URL)
  --api-key KEY     your OpenAlex API key (free at openalex.org/settings/api: its daily
                    budget is many times the keyless one), or set OPENALEX_API_KEY
  --mailto ADDRESS  an e-mail address OpenAlex may write to about your calls (optional)
  --from-file FILE  the works as OpenAlex's API returns them ({"results": [...]}, pages
                    concatenated into one results array), instead of fetching them; the
                    only source of the native papershelf, which does not fetch
  --add             append the works the file lacks as new entries at its end, under a
                    comment, for you to check, complete or delete
  --write           change FILE.bib (atomically: a new file renamed over it)
  --format F        text (default) or json (every decision, for scripts)
  --date YYYY-MM-DD the date written as citations_updated (default: today, UTC)
  --lookups         print, as JSON, the DOI, arXiv id and OpenAlex id of each entry: what
                    npx papershelf sync looks up (and nothing else)
)";

const char* const kImportHelp =
    R"(usage: npx papershelf import --orcid ID | --openalex AUTHOR_ID | --doi DOI... [FILE.bib] [options]
       papershelf import --from-file WORKS.json|DBLP.bib [FILE.bib] [options]

Writes a BibTeX file of your works, one entry per paper: an arXiv preprint and its
publication are one entry (the publication's, with the arXiv id), and so are a repository's
copy and OpenAlex's duplicates of a DOI. Each entry has the authors' full names, the title,
the venue and type, the year and month, volume, number, pages, the DOI, the arXiv id, an
open-access PDF where there is one, the citation count and the OpenAlex id; its key
(hu2024characterization) is the same every run. From a BibTeX file (DBLP's, with its CoRR
entries beside the published ones) the entries are kept as they are, one per paper.

Without FILE.bib the entries go to standard output. A FILE.bib that does not exist is written;
one that exists gets only the papers it lacks (found as sync finds them), appended at its end
under a comment; nothing else in it changes.

Exit status: 2 on bad usage, a file that cannot be read or written, or works that cannot be
fetched or read; 3 when OpenAlex's budget for the day is spent (nothing is written).

options:
  --orcid ID        the author's ORCID (0000-0002-1825-0097): their works in OpenAlex
  --openalex ID     or the author's OpenAlex id (A5023888391)
  --doi DOI         or these works (repeat it, or separate DOIs with commas)
  --from-file FILE  the works as OpenAlex's API returns them, or a BibTeX file (DBLP's);
                    the only source of the native papershelf, which does not fetch
  --since YEAR      only papers of YEAR or later
  --exclude IDS     leave out these papers: OpenAlex ids, DOIs or arXiv ids, comma-separated
                    (any record of a paper names it)
  --dry-run         list what would be written, and write nothing
  --api-key KEY     your OpenAlex API key, or set OPENALEX_API_KEY (as for sync)
  --date YYYY-MM-DD the date written as citations_updated (default: today, UTC)
)";

// Everything the CLI says on standard error quotes its input (file names, flag values): shown,
// never obeyed by the terminal.
void say(const std::string& message) {
  std::fprintf(stderr, "papershelf: %s\n", unicode::escape_controls(message).c_str());
}

int usage_error(const std::string& message) {
  say(message);
  std::fputs("Try 'papershelf --help'.\n", stderr);
  return 2;
}

namespace {

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

}  // namespace

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
    if (arg == "-h" || arg == "--help")
      a.help = true;
    else if (arg == "-q" || arg == "--quiet")
      a.quiet = true;
    else if (arg == "--no-bibtex")
      a.no_bibtex = true;
    else if (arg == "--clean")
      a.clean = true;
    else if (arg == "--add")
      a.add = true;
    else if (arg == "--write")
      a.write = true;
    else if (arg == "--lookups")
      a.lookups = true;
    else if (arg == "--dry-run")
      a.dry_run = true;
    else if (arg == "--force")
      a.force = true;
    else if (arg == "--plain-email")
      a.plain_email = true;
    else if (arg == "--profile")
      a.profile_mode = "full";
    else if (arg.rfind("--profile=", 0) == 0)
      a.profile_mode = arg.substr(10);
    else if (arg == "-" || arg.empty() || arg[0] != '-')
      a.files.push_back(arg);
    else if (!value(v))
      return usage_error("option " + name + " needs a value");
    else if (name == "--owner") {
      for (auto& o : split_owner_list(v)) a.owners.push_back(o);
    } else if (name == "--sort")
      a.sort = v;
    else if (name == "--group")
      a.group = v;
    else if (name == "--search")
      a.search = v;
    else if (name == "--filter")
      a.filter = v;
    else if (name == "--format")
      a.format = v;
    else if (name == "--base")
      a.base = v;
    else if (name == "--thumbnails")
      a.thumbnails = v;
    else if (name == "--pages")
      a.pages = v;
    else if (name == "--style")
      a.style = v;
    else if (name == "--references")
      a.references = v;
    else if (name == "--from")
      a.from = v;
    else if (name == "--omit-fields")
      a.omit_fields = split_commas(v);
    else if (name == "--preset")
      a.preset = v;
    else if (name == "--theme")
      a.theme = v;
    else if (name == "--legend")
      a.legend = v;
    else if (name == "--output" || name == "-o")
      a.output = v;
    else if (name == "--root")
      a.root = v;
    else if (name == "--site")
      a.site = v;
    else if (name == "--template")
      a.template_file = v;
    else if (name == "--lang")
      a.lang = v;
    else if (name == "--css")
      a.css = v;
    else if (name == "--title")
      a.title = v;
    else if (name == "--openalex")
      a.openalex = v;
    else if (name == "--orcid")
      a.orcid = v;
    else if (name == "--mailto")
      a.mailto = v;
    else if (name == "--api-key")
      a.api_key = v;  // (npx fetches with it; the native CLI does not fetch)
    else if (name == "--exclude") {
      for (auto& item : split_commas(v))
        if (!item.empty()) a.exclude.push_back(item);
    } else if (name == "--doi") {
      for (auto& item : split_commas(v))
        if (!item.empty()) a.dois.push_back(item);
    } else if (name == "--since") {
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || n < 1000 || n > 9999) return usage_error("--since needs a year");
      a.since = static_cast<int>(n);
    } else if (name == "--from-file")
      a.from_file = v;
    else if (name == "--date")
      a.date = v;
    else if (name == "--name")
      a.profile.name = v;
    else if (name == "--position")
      a.profile.position = v;
    else if (name == "--affiliation")
      a.profile.affiliation = v;
    else if (name == "--photo")
      a.profile.photo = v;
    else if (name == "--interests") {
      for (auto& part : split_owner_list(v))
        for (auto& item : split_commas(part)) {
          const auto b = item.find_first_not_of(' '), e = item.find_last_not_of(' ');
          if (b != std::string::npos) a.profile.interests.push_back(item.substr(b, e - b + 1));
        }
    } else if (name == "--link") {
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0) return usage_error("--link needs KIND=URL");
      const std::string kind =
          unicode::to_lower(v.substr(0, eq));  // (as the readers lower link kinds)
      a.profile.links.push_back({kind, v.substr(eq + 1)});
    } else if (name == "--top") {
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || n < 0) return usage_error("--top needs a number");
      a.top = static_cast<std::size_t>(n);
    } else if (name == "--heading-level") {
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (!end || *end || n < 1 || n > 6)
        return usage_error("--heading-level needs a number from 1 to 6");
      a.heading_level = static_cast<int>(n);
    } else if (name == "--max-authors" || name == "--first") {
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

}  // namespace papershelf::cli
