// The one binding file: a flat C ABI over the core for the WebAssembly build. The TypeScript API
// (web/src/core.ts) wraps it. Strings cross as UTF-8: JS writes input bytes into malloc'd memory;
// every function that returns text returns a pointer to one shared result buffer, valid until the
// next call, whose byte length is ps_result_length(). Requests and structured results are JSON.
// The exported symbol list is checked in (exports.txt) so an ABI change shows in review.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <utility>

#include "papershelf/boundary.hpp"
#include "papershelf/catalog.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/color.hpp"
#include "papershelf/export.hpp"
#include "papershelf/html.hpp"
#include "papershelf/json.hpp"
#include "papershelf/pages.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"
#include "papershelf/stats.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/words.hpp"

namespace {

using namespace papershelf;
using json::Value;

// One loaded library: its catalog (the core's caches) and the last query's record indices, which
// JS reads straight from memory.
struct LibraryHandle {
  Catalog catalog;
  std::vector<std::uint32_t> view;
  std::vector<std::string>
      page_names;  // page_file_names(), made when a request first names `pages`
  const Library& library() const { return catalog.library(); }
};

std::string g_result;

const char* result(std::string s) {
  g_result = std::move(s);
  return g_result.c_str();
}

Value parse_request(const char* text) {
  Value j;
  const std::string_view t = text ? text : "";
  if (!json::parse(t, j) || !j.is_object()) j = Value{};
  return j;
}

std::string str(const Value& j, const char* key) {
  const Value* v = j.find(key);
  return v && v->is_string() ? v->text : std::string();
}

#if PAPERSHELF_CORE_FORMATS
bool flag(const Value& j, const char* key) {
  const Value* v = j.find(key);
  return v && v->is_bool() && v->boolean;
}
#endif

std::vector<std::uint32_t> indices(const Value& req, std::size_t size) {
  std::vector<std::uint32_t> out;
  const Value* list = req.find("indices");
  if (!list || !list->is_array()) return out;
  out.reserve(list->items.size());
  for (const auto& v : list->items) {
    if (!v.is_integer()) continue;
    const auto i = v.to_int();
    if (i && *i >= 0 && static_cast<std::uint64_t>(*i) < size)
      out.push_back(static_cast<std::uint32_t>(*i));
  }
  return out;
}

// The request's owner, thumbnails, pages and panels as the formatters take them (FormatRequest,
// fields.hpp: the catalog falls back to the profile's name and aliases for the owner).
FormatOptions format_options(LibraryHandle& h, const Value& req) {
  FormatRequest r;
  read_json(req, r);
  FormatOptions o;
  o.owner = h.catalog.owner(r.owner);
  if (r.max_authors) o.max_authors = *r.max_authors;
  o.base = std::move(r.base);
  o.thumbnails = std::move(r.thumbnails);
  o.preset = std::move(r.preset);
  o.pages = std::move(r.pages);
  o.words = &h.catalog.words();
  if (!o.pages.empty()) {
    if (h.page_names.empty()) h.page_names = page_file_names(h.library());
    o.page_names = &h.page_names;
  }
  // The element fills BibTeX and Cite when one is opened; "panels": false leaves them out, where
  // the page cannot load the full core that makes them (no button that opens to nothing).
  o.panels = r.panels ? Panels::OnDemand : Panels::None;
  return o;
}

// The visitor's filter clause by clause, which the element shows as controls and chips.
void write_clauses(json::Writer& w, const FilterClauses& clauses) {
  w.key("clauses").begin_array();
  for (const FilterClause& c : clauses) write_json(w, c);
  w.end_array();
}

// A colour from JS: sRGB channels 0-255.
Rgb rgb255(double r, double g, double b) { return {r / 255, g / 255, b / 255}; }

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE std::uint32_t ps_result_length() {
  return static_cast<std::uint32_t>(g_result.size());
}

// Reads `length` bytes of UTF-8 text. format: a name format_from_string reads ("bibtex",
// "csl-json", "json"; anything else is auto-detected).
EMSCRIPTEN_KEEPALIVE LibraryHandle* ps_read(const char* bytes, std::uint32_t length,
                                            const char* format, const char* source_name) {
  ReadOptions options;
  options.format = format_from_string(format ? format : "");
  options.source_name = source_name ? source_name : "-";
  ReadResult r = read(std::string_view(bytes ? bytes : "", bytes ? length : 0), options);
  return new LibraryHandle{Catalog(std::move(r.library), std::move(r.diagnostics)), {}, {}};
}

EMSCRIPTEN_KEEPALIVE void ps_library_free(LibraryHandle* h) { delete h; }

EMSCRIPTEN_KEEPALIVE const std::uint32_t* ps_view_entries(LibraryHandle* h) {
  return h->view.data();
}
EMSCRIPTEN_KEEPALIVE std::uint32_t ps_view_size(LibraryHandle* h) {
  return static_cast<std::uint32_t>(h->view.size());
}

// Every record's key, in library order: a JSON array, read once per library.
EMSCRIPTEN_KEEPALIVE const char* ps_library_keys(LibraryHandle* h) {
  json::Writer w;
  w.begin_array();
  for (const auto& p : h->library().publications) w.string(p.key);
  w.end_array();
  return result(w.take());
}

EMSCRIPTEN_KEEPALIVE std::uint32_t ps_library_size(LibraryHandle* h) {
  return static_cast<std::uint32_t>(h->library().publications.size());
}

EMSCRIPTEN_KEEPALIVE const char* ps_library_diagnostics(LibraryHandle* h) {
  return result(format_diagnostics_json(h->catalog.diagnostics()));
}

// The data's profile, with only the photo and links whose address is safe.
EMSCRIPTEN_KEEPALIVE const char* ps_library_profile(LibraryHandle* h) {
  Profile p = h->library().profile;
  if (!is_safe_url(p.photo)) p.photo.clear();
  p.links.erase(std::remove_if(p.links.begin(), p.links.end(),
                               [](const Link& l) { return !is_safe_url(l.url); }),
                p.links.end());
  json::Writer w;
  write_json(w, p);
  return result(w.take());
}

// Request: a QueryText (fields.hpp) and base: the visitor's edits are made to the filter as the
// query reads it (applied.filter is the result). Result: a ViewAnswer (fields.hpp: groups, total,
// marks, clauses, errors, applied, defaults, facets when asked, controls, useful); the record
// indices in display order are ps_view_size() uint32s at ps_view_entries() (valid until the next
// query on this library), so no keys or indices go through JSON. Filtering and facet counting are
// one pass over the records.
EMSCRIPTEN_KEEPALIVE const char* ps_query(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  QueryText text;
  read_json(req, text);
  QueryAnswer a = h->catalog.query(text);
  // The links' base is checked here so that its problem reaches the owner with the query's.
  if (std::string problem = base_problem(str(req, "base")); !problem.empty())
    a.errors.push_back(std::move(problem));
  json::Writer w;
  write_json(w, h->catalog.answer(a, text.facets));
  h->view = std::move(a.view.entries);
  return result(w.take());
}

// Colours as sRGB channels 0-255. The element adopts the page's link colour only when it reads
// on the page's background, with white text on it where white reads.
EMSCRIPTEN_KEEPALIVE int ps_readable(double r1, double g1, double b1, double r2, double g2,
                                     double b2) {
  return readable_on(rgb255(r1, g1, b1), rgb255(r2, g2, b2)) ? 1 : 0;
}

// The element's `legend` attribute as marker meanings: [{symbol, meaning}] (parse_legend, the
// rule prerender reads it by).
EMSCRIPTEN_KEEPALIVE const char* ps_legend(const char* text) {
  json::Writer w;
  w.begin_array();
  for (const LegendEntry& e : parse_legend(text)) write_json(w, e);
  w.end_array();
  return result(w.take());
}

// Request: {filter, toggle} or {filter, kind, value}. Result: {filter, clauses}: the filter with
// one clause toggled (a statistic, a chip) or set (a control; an empty value removes it), in
// canonical form. The element edits filters only through this, so it never parses filter text.
EMSCRIPTEN_KEEPALIVE const char* ps_filter_edit(const char* request) {
  const Value req = parse_request(request);
  Filter filter = parse_filter(str(req, "filter"));
  FilterEdit edit;
  read_json(req, edit);
  apply_edit(filter, edit);
  json::Writer w;
  w.begin_object().field("filter", to_string(filter));
  write_clauses(w, filter_clauses(filter));
  w.end_object();
  return result(w.take());
}

// Request: {indices, owner, maxAuthors, base}. Result: the JSON view model of those entries.
EMSCRIPTEN_KEEPALIVE const char* ps_entries(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  View view;
  view.entries = indices(req, h->library().publications.size());
  return result(format_view_json(h->library(), view, format_options(*h, req)));
}

// Request: {indices, owner, maxAuthors, base, search, panels}. Result: a JSON array of <li> strings
// (the same markup as the CLI's static HTML, with empty BibTeX and Cite panels that the element
// fills when opened), with search matches marked.
EMSCRIPTEN_KEEPALIVE const char* ps_entries_html(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  const FormatOptions o = format_options(*h, req);
  const auto terms = search_terms(str(req, "search"));
  json::Writer out;
  out.begin_array();
  for (auto i : indices(req, h->library().publications.size())) {
    out.string(format_entry_html(h->library().publications[i], o, &terms));
  }
  out.end_array();
  return result(out.take());
}

// Request: {indices}. Result: {coins: [<span class="Z3988">...], jsonLd}: what the element puts
// in its own light DOM, where reference managers' connectors and search engines read it.
EMSCRIPTEN_KEEPALIVE const char* ps_metadata(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  View view;
  view.entries = indices(req, h->library().publications.size());
  json::Writer w;
  w.begin_object().key("coins").begin_array();
  for (auto i : view.entries) w.string(format_coins(h->library().publications[i]));
  w.end_array().field("jsonLd", format_json_ld(h->library(), view)).end_object();
  return result(w.take());
}

#if PAPERSHELF_CORE_FORMATS
// Citations and exports: not in the page's core (papershelf-core, whose panels are filled on
// demand), only in papershelf-core-fast, which the element loads when a visitor first opens a
// BibTeX or Cite panel or downloads the list.

// What the core can cite and export in, for menus. Request: {styles: the owner's choice of
// styles ("apa mla"; "" for all)}. Result: a Formats (fields.hpp): {styles: [{name, label}],
// unknown: [names that are not styles], exports: [{name, label, extension, mediaType}]}, the
// styles in the owner's order or the core's (the first is the default).
EMSCRIPTEN_KEEPALIVE const char* ps_formats(const char* request) {
  const Value req = parse_request(request);
  Formats formats;
  for (const CitationStyle s : citation_styles_from_list(str(req, "styles"), &formats.unknown))
    formats.styles.push_back({std::string(to_string(s)), std::string(label(s))});
  for (int i = 0; i < kExportFormatCount; ++i) {
    const ExportFormatInfo& f = info(static_cast<ExportFormat>(i));
    formats.exports.push_back({std::string(f.name), std::string(f.label), std::string(f.extension),
                               std::string(f.media_type)});
  }
  json::Writer w;
  write_json(w, formats);
  return result(w.take());
}

// Request: {index, style, html: bool, lang, locale: the text of its CSL locale file}. Result: the
// citation (plain text, or HTML).
EMSCRIPTEN_KEEPALIVE const char* ps_cite(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  const Value* index = req.find("index");
  const auto i = index && index->is_integer() ? index->to_int() : std::nullopt;
  if (!i || *i < 0 || static_cast<std::uint64_t>(*i) >= h->library().publications.size())
    return result("");
  const CitationStyle style = citation_style_or_default(str(req, "style"));
  const Publication& p = h->library().publications[static_cast<std::size_t>(*i)];
  const std::string lang = str(req, "lang"), locale = str(req, "locale");
  const CitationContext in{{lang, locale}, nullptr, &h->catalog.words()};
  return result(flag(req, "html") ? format_citation_html(p, style, in)
                                  : format_citation(p, style, in));
}

// Request: {indices (default: the last query's view), format: bibtex | ris | csl-json, visitors:
// bool (the BibTeX a visitor copies), omit: [field names]}. Result: the file's text.
EMSCRIPTEN_KEEPALIVE const char* ps_export(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  View view;
  view.entries = req.find("indices") ? indices(req, h->library().publications.size()) : h->view;
  BibtexOptions o;
  o.for_visitors = flag(req, "visitors");
  if (const Value* omit = req.find("omit"); omit && omit->is_array())
    for (const Value& v : omit->items)
      if (v.is_string()) o.omit_fields.push_back(v.text);
  const auto format = export_format_from_string(str(req, "format"));
  return result(format ? format_export(h->library(), view, *format, o) : std::string());
}
#endif

// The list's language. Request: {lang, file}, the text of a language file (core/lang/<code>.json;
// its "words"). Group headings, menus, chips and every list and card HTML after this are in it.
// Result: what could not be read, a JSON array of messages.
EMSCRIPTEN_KEEPALIVE const char* ps_set_words(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  std::vector<std::string> problems;
  h->catalog.set_words(read_words(str(req, "file"), str(req, "lang"), &problems));
  json::Writer w;
  w.begin_array();
  for (const auto& p : problems) w.string(p);
  w.end_array();
  return result(w.take());
}

}  // extern "C"

// ---------------------------------------------------------------- [SECTION] profile card
// The card and its statistics: in the card core (papershelf-core-card, for pages that show a
// card) and the full core, not in the list core a page without a card downloads. The list core
// answers the card's two calls with nothing: with the same exports, its Emscripten glue is the
// card core's byte for byte, so one glue (in papershelf.js) instantiates either .wasm.

extern "C" {
// 1 when this core makes the card and its statistics.
EMSCRIPTEN_KEEPALIVE int ps_has_card() { return PAPERSHELF_CORE_CARD; }
}  // extern "C"

#if !PAPERSHELF_CORE_CARD
extern "C" {
EMSCRIPTEN_KEEPALIVE const char* ps_stats(LibraryHandle*, const char*) { return result(""); }
EMSCRIPTEN_KEEPALIVE const char* ps_profile_html(LibraryHandle*, const char*) { return result(""); }
}  // extern "C"
#else
namespace {

// The request's "profile" (the element's attributes), laid over the data's profile; link kinds
// lower-cased, as the readers lower them.
Profile requested_profile(LibraryHandle& h, const ProfileCardRequest& r) {
  Profile over;
  over.name = r.profile.name;
  over.position = r.profile.position;
  over.affiliation = r.profile.affiliation;
  over.photo = r.profile.photo;
  over.interests = r.profile.interests;
  for (const Link& l : r.profile.links)
    if (std::string label = unicode::to_lower(l.label); !label.empty())
      over.links.push_back({std::move(label), l.url});
  return card_profile(h.library().profile, over, r.owner);
}

Stats requested_stats(LibraryHandle& h, const std::string& owner, fields::CountOrDefault top) {
  StatsOptions o;
  if (top) o.max_venues = o.max_coauthors = *top;
  return h.catalog.stats(owner, o);
}

}  // namespace

extern "C" {

// Request: {owner, top} (a StatsRequest, fields.hpp, and the owner). Result: the statistics JSON
// (papershelf::format_stats_json: a Stats).
EMSCRIPTEN_KEEPALIVE const char* ps_stats(LibraryHandle* h, const char* request) {
  const Value req = parse_request(request);
  StatsRequest r;
  read_json(req, r);
  return result(format_stats_json(requested_stats(*h, str(req, "owner"), r.top)));
}

// Request: a ProfileCardRequest (fields.hpp): {top, owner, mode: "full"|"compact"|"none", email:
// "obfuscated"|"plain"|"hidden", base, headingLevel, profile: {name, position, affiliation, photo,
// interests, links: [{label, url}]}}.
// Result: the interactive profile card HTML (statistics are buttons with data-filter clauses).
EMSCRIPTEN_KEEPALIVE const char* ps_profile_html(LibraryHandle* h, const char* request) {
  ProfileCardRequest r;
  read_json(parse_request(request), r);
  ProfileCardOptions o;
  o.mode = r.mode;
  o.interactive = true;
  o.email = r.email;
  o.base = r.base;
  if (r.heading_level) o.heading_level = *r.heading_level;
  o.words = &h->catalog.words();
  return result(
      format_profile_html(requested_profile(*h, r), requested_stats(*h, r.owner, r.top), o));
}

}  // extern "C"
#endif
