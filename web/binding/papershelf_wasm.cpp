// The one binding file: a flat C ABI over the core for the WebAssembly build. The TypeScript API
// (web/src/core.ts) wraps it. Strings cross as UTF-8: JS writes input bytes into malloc'd memory;
// every function that returns text returns a pointer to one shared result buffer, valid until the
// next call, whose byte length is ps_result_length(). Requests and structured results are JSON.
// The exported symbol list is checked in (exports.txt) so an ABI change shows in review.
#include <emscripten/emscripten.h>

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>

#include "papershelf/format.hpp"
#include "papershelf/query.hpp"
#include "papershelf/read.hpp"

namespace {

using namespace papershelf;
using json = nlohmann::json;

struct LibraryHandle {
  Library library;
  std::vector<Diagnostic> diagnostics;
  std::optional<SearchIndex> index;  // built on the first search
  std::string owner_text;            // cache key for `owner`
  OwnerMatcher owner;

  const SearchIndex& search_index() {
    if (!index) index.emplace(library);
    return *index;
  }
  const OwnerMatcher& owner_for(const std::string& text) {
    if (text != owner_text) {
      owner_text = text;
      owner = OwnerMatcher(split_owner_list(text));
    }
    return owner;
  }
};

std::string g_result;

const char* result(std::string s) {
  g_result = std::move(s);
  return g_result.c_str();
}

std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json parse_request(const char* text) {
  json j = json::parse(text ? text : "{}", nullptr, false);
  return j.is_object() ? j : json::object();
}

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::uint32_t> indices(const json& req, std::size_t size) {
  std::vector<std::uint32_t> out;
  auto it = req.find("indices");
  if (it == req.end() || !it->is_array()) return out;
  for (const auto& v : *it)
    if (v.is_number_unsigned() && v.get<std::uint64_t>() < size) out.push_back(static_cast<std::uint32_t>(v.get<std::uint64_t>()));
  return out;
}

// The request's "owner", or else the profile's name and aliases.
const OwnerMatcher& owner_of(LibraryHandle& h, const json& req) {
  std::string owner = str(req, "owner");
  if (owner.empty() && !h.library.profile.name.empty()) {
    owner = h.library.profile.name;
    for (const auto& a : h.library.profile.aliases) owner += "; " + a;
  }
  return h.owner_for(owner);
}

FormatOptions format_options(LibraryHandle& h, const json& req) {
  FormatOptions o;
  o.owner = owner_of(h, req);
  if (auto it = req.find("maxAuthors"); it != req.end() && it->is_number_unsigned())
    o.max_authors = it->get<std::size_t>();
  o.base = str(req, "base");
  o.include_bibtex = false;  // the element shows BibTeX on demand
  return o;
}

json facets_json(const Facets& f) {
  auto values = [](const std::vector<FacetValue>& vs) {
    json a = json::array();
    for (const auto& v : vs) a.push_back({{"key", v.key}, {"label", v.label}, {"count", v.count}});
    return a;
  };
  return {{"years", values(f.years)},       {"types", values(f.types)},
          {"statuses", values(f.statuses)}, {"venues", values(f.venues)},
          {"tags", values(f.tags)},         {"selected", f.selected},
          {"awards", f.awards},             {"ownerFirst", f.owner_first}};
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE std::uint32_t ps_result_length() { return static_cast<std::uint32_t>(g_result.size()); }

// Reads `length` bytes of UTF-8 text. format: 0 auto, 1 bibtex, 2 csl-json, 3 papershelf json.
EMSCRIPTEN_KEEPALIVE LibraryHandle* ps_read(const char* bytes, std::uint32_t length, int format,
                                            const char* source_name) {
  ReadOptions options;
  options.format = format >= 0 && format <= 3 ? static_cast<Format>(format) : Format::Auto;
  options.source_name = source_name ? source_name : "-";
  ReadResult r = read(std::string_view(bytes ? bytes : "", bytes ? length : 0), options);
  auto* h = new LibraryHandle();
  h->library = std::move(r.library);
  h->diagnostics = std::move(r.diagnostics);
  return h;
}

EMSCRIPTEN_KEEPALIVE void ps_library_free(LibraryHandle* h) { delete h; }

EMSCRIPTEN_KEEPALIVE std::uint32_t ps_library_size(LibraryHandle* h) {
  return static_cast<std::uint32_t>(h->library.publications.size());
}

EMSCRIPTEN_KEEPALIVE const char* ps_library_diagnostics(LibraryHandle* h) {
  json out = json::array();
  for (const auto& d : h->diagnostics)
    out.push_back({{"source", d.source}, {"line", d.line}, {"column", d.column},
                   {"severity", std::string(to_string(d.severity))}, {"message", d.message},
                   {"text", format_diagnostic(d)}});
  return result(dump(out));
}

EMSCRIPTEN_KEEPALIVE const char* ps_library_profile(LibraryHandle* h) {
  const Profile& p = h->library.profile;
  json links = json::array();
  for (const auto& l : p.links)
    if (is_safe_url(l.url)) links.push_back({{"label", l.label}, {"url", l.url}});
  json legend = json::array();
  for (const auto& e : p.legend) legend.push_back({{"symbol", e.symbol}, {"meaning", e.meaning}});
  return result(dump({{"name", p.name}, {"aliases", p.aliases}, {"position", p.position},
                      {"affiliation", p.affiliation}, {"photo", is_safe_url(p.photo) ? p.photo : ""},
                      {"links", links}, {"interests", p.interests}, {"legend", legend}}));
}

// Request: {search, filter, sort, group, owner, facets: bool}. Result: {entries, keys, groups,
// total, facets?, errors}.
EMSCRIPTEN_KEEPALIVE const char* ps_query(LibraryHandle* h, const char* request) {
  const json req = parse_request(request);
  Query q;
  json errors = json::array();
  std::string error;
  q.search = str(req, "search");
  q.filter = parse_filter(str(req, "filter"), &error);
  if (!error.empty()) errors.push_back(error);
  if (auto sort = parse_sort(str(req, "sort"), &error)) q.sort = *sort;
  else errors.push_back(error);
  if (auto g = group_from_string(str(req, "group"))) q.group = *g;
  else errors.push_back("unknown group \"" + str(req, "group") + "\"");
  const OwnerMatcher& owner = owner_of(*h, req);
  const SearchIndex* index = search_terms(q.search).empty() ? nullptr : &h->search_index();
  const View view = run_query(h->library, q, owner, index);
  json keys = json::array();
  for (auto i : view.entries) keys.push_back(h->library.publications[i].key);
  json groups = json::array();
  for (const auto& g : view.groups)
    groups.push_back({{"key", g.key}, {"label", g.label}, {"begin", g.begin}, {"count", g.count}});
  // The marker symbols used in the view, so the legend lists only what is shown.
  std::string marks;
  for (auto i : view.entries)
    for (const auto& a : h->library.publications[i].authors)
      for (std::size_t k = 0; k < a.marks.size();) {
        std::size_t len = 1;
        while (k + len < a.marks.size() && (static_cast<unsigned char>(a.marks[k + len]) & 0xC0) == 0x80) ++len;
        if (marks.find(a.marks.substr(k, len)) == std::string::npos) marks += a.marks.substr(k, len);
        k += len;
      }
  json out = {{"entries", view.entries}, {"keys", keys}, {"groups", groups}, {"total", view.total},
              {"marks", marks}, {"errors", errors}};
  if (auto it = req.find("facets"); it != req.end() && it->is_boolean() && it->get<bool>())
    out["facets"] = facets_json(facet_counts(h->library, q, owner, index));
  return result(dump(out));
}

// Request: {indices, owner, maxAuthors, base}. Result: the JSON view model of those entries.
EMSCRIPTEN_KEEPALIVE const char* ps_entries(LibraryHandle* h, const char* request) {
  const json req = parse_request(request);
  View view;
  view.entries = indices(req, h->library.publications.size());
  return result(format_view_json(h->library, view, format_options(*h, req)));
}

// Request: {indices, owner, maxAuthors, base, search}. Result: a JSON array of <li> strings
// (the same markup as the CLI's static HTML), with search matches in titles marked.
EMSCRIPTEN_KEEPALIVE const char* ps_entries_html(LibraryHandle* h, const char* request) {
  const json req = parse_request(request);
  const FormatOptions o = format_options(*h, req);
  const auto terms = search_terms(str(req, "search"));
  json out = json::array();
  for (auto i : indices(req, h->library.publications.size())) {
    const Publication& p = h->library.publications[i];
    if (terms.empty()) {
      out.push_back(format_entry_html(p, o));
    } else {
      const auto matches = find_matches(p.title.text, terms);
      out.push_back(format_entry_html(p, o, &matches));
    }
  }
  return result(dump(out));
}

// BibTeX of one entry; `omit` is a comma-separated list of field names.
EMSCRIPTEN_KEEPALIVE const char* ps_bibtex(LibraryHandle* h, std::uint32_t index, const char* omit) {
  if (index >= h->library.publications.size()) return result("");
  BibtexOptions o;
  std::string list = omit ? omit : "";
  std::size_t start = 0;
  for (std::size_t i = 0; i <= list.size(); ++i) {
    if (i == list.size() || list[i] == ',') {
      if (i > start) o.omit_fields.push_back(list.substr(start, i - start));
      start = i + 1;
    }
  }
  return result(format_bibtex(h->library.publications[index], o));
}

// A text citation of one entry; style "compact" or "ieee".
EMSCRIPTEN_KEEPALIVE const char* ps_citation(LibraryHandle* h, std::uint32_t index, const char* style) {
  if (index >= h->library.publications.size()) return result("");
  const auto s = citation_style_from_string(style ? style : "").value_or(CitationStyle::Compact);
  return result(format_citation(h->library.publications[index], s));
}

}  // extern "C"
