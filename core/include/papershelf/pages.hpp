// One static page per paper, for Google Scholar and for readers: the paper's title, authors,
// venue, abstract, links, BibTeX and citation, its <head> carrying the Highwire Press tags Google
// Scholar's inclusion guidelines ask for (citation_title, one citation_author per author, ...),
// schema.org JSON-LD and a canonical URL; an index of the pages, an Atom feed and a sitemap.
// Pure functions from records to text: the CLI (`papershelf pages`) writes the files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/html.hpp"

namespace papershelf {

struct PagesOptions {
  // The owner marked, the data's relative links' base, the preset, the BibTeX, the legend of the
  // authors' marks (a page says what the marks its authors carry mean).
  FormatOptions format;
  // The absolute http(s) URL the pages' folder is served at ("https://me.example/publications/").
  // Scholar wants absolute URLs; without it (""), the canonical and PDF links stay relative.
  std::string site;
  std::string lang = "en";  // the pages' language (<html lang>, the feed's xml:lang)
  std::string stylesheet = "papershelf.css";  // the href of papershelf.css from the pages
  std::string title = "Publications";         // the index's and the feed's title
  std::string author;                         // the feed's author (the owner), when known
};

// Why `site` cannot be the pages' address ("" when it can: an http(s) URL that names its host).
std::string site_problem(std::string_view site);

// The file a record's page is written to: its key lower-cased, diacritics folded ("Müller2020" ->
// "muller2020.html"), everything but a-z, 0-9, '-', '_' and '.' made '-', no leading '.' or '-',
// at most 100 bytes before ".html"; "paper.html" when nothing is left. Never a path: no '/', no
// "..", no hidden file; never a Windows device with an extension ("con.x" -> "con-x.html").
std::string page_file_name(std::string_view key);
// Whether Windows opens a device instead of a file named `name` in any folder: its part before
// the first dot is CON, PRN, AUX, NUL, COM0-9 or LPT0-9 (also with a superscript 1, 2 or 3), in
// any case, whatever the extension ("Nul.tar.gz"); or it ends in a dot or a space.
bool is_windows_device_name(std::string_view name);
// Whether a record gets a page: Scholar indexes nothing without a title.
bool has_page(const Publication& p);
// The file names of the library's records, by record index ("" for a record without a page),
// unique even where the file system does not tell case apart: a repeat (in file order) gets "-2",
// "-3", ...; none is index.html or a name Windows reserves (con, nul, ...). A record's name does
// not depend on a query, so the list (FormatOptions::pages) links the pages any query wrote.
std::vector<std::string> page_file_names(const Library& lib);
// The same names of the view's records, in view order.
std::vector<std::string> page_file_names(const Library& lib, const View& view);

// A date as Scholar wants it: "2024/03/05" when the day is known, else "2024"; "" for none.
std::string scholar_date(const Date& d);
// A link of the record's data as the pages give it: resolved against format.base (resolve_url),
// then against `site` (absolute); relative when there is no site; "" when it is unsafe.
std::string page_link(std::string_view url, const PagesOptions& options);

// Why a record's page carries no Scholar tags ("" when it does): Scholar indexes a paper with a
// title, an author and a year ("no author" for a course or a talk without its speaker).
std::string scholar_gap(const Publication& p);
// The Highwire Press <meta> tags of a record (none where scholar_gap() says why) (citation_title,
// citation_author per author as "Family, Given", citation_publication_date, the journal's or
// conference's title, volume, issue, first and last page, DOI, ISBN, ISSN, publisher, the thesis'
// or report's institution, citation_pdf_url for an http(s) PDF only), escaped.
std::string format_scholar_meta(const Publication& p, const PagesOptions& options);

// A page's pieces: its title (plain text), what goes in its <head>, and its body's content.
struct PageParts {
  std::string title, head, body;
};
// The page of one record, which is written to `file_name`.
PageParts paper_page(const Publication& p, const PagesOptions& options, std::string_view file_name);
// The index: every page's record as the list shows it, its title linked to its page.
PageParts pages_index(const Library& lib, const View& view,
                      const std::vector<std::string>& file_names, const PagesOptions& options);

// The template markers: where a page skeleton the owner gives takes the body (required), the head
// tags (else they go before </head>) and the title's text.
inline constexpr std::string_view kPageBodyMarker = "<!-- papershelf -->";
inline constexpr std::string_view kPageHeadMarker = "<!-- papershelf-head -->";
inline constexpr std::string_view kPageTitleMarker = "<!-- papershelf-title -->";
// Why `skeleton` cannot be a template ("" when it can): it lacks the body marker, or has neither
// the head marker nor a </head> for the Scholar tags.
std::string template_problem(std::string_view skeleton);
// The whole page: the parts put into `skeleton` at its markers (a <title> is added to the head
// tags when the skeleton has none), or a minimal complete page when `skeleton` is "".
std::string page_html(const PageParts& parts, const PagesOptions& options,
                      std::string_view skeleton = {});
// page_html(pages_index(...), options, skeleton) handed to `out` in pieces of some 64 KB as it is
// made, never held whole: the index of 100,000 papers (its list and its JSON-LD) is some 200 MB.
void write_pages_index(const Library& lib, const View& view,
                       const std::vector<std::string>& file_names, const PagesOptions& options,
                       std::string_view skeleton, TextSink& out);

// An Atom 1.0 feed of the pages' records, newest first (by date; undated ones last).
std::string format_atom(const Library& lib, const View& view,
                        const std::vector<std::string>& file_names, const PagesOptions& options);
// The same feed handed to `out` in pieces of some 64 KB as it is made (it is some 700 bytes a
// paper).
void write_atom(const Library& lib, const View& view, const std::vector<std::string>& file_names,
                const PagesOptions& options, TextSink& out);
// A sitemaps.org sitemap of the index and every page; "" without a site (it needs absolute URLs).
std::string format_sitemap(const std::vector<std::string>& file_names, const PagesOptions& options);

// What marks a file `papershelf pages` wrote under `file_name` (a page, index.html, feed.xml,
// sitemap.xml, papershelf.css) as its own: it holds one of these strings, as every version's
// has, and a file of the site's own by that name does not. Empty for a name pages never writes.
// (The CLI replaces a file only when it holds one, so that -o pointed at the site's own folder
// cannot overwrite its pages.)
std::vector<std::string_view> pages_file_marks(std::string_view file_name);

}  // namespace papershelf
