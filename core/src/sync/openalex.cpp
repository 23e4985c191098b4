// OpenAlex's works JSON, read into the little that matching and a new entry need.
#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "biblio/identifiers.hpp"
#include "biblio/kinds.hpp"
#include "papershelf/json.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::sync {
namespace {

using json::Value;

const std::string& text_of(const Value* v) {
  static const std::string kEmpty;
  return v && v->is_string() ? v->text : kEmpty;
}

const Value* path(const Value& v, std::initializer_list<std::string_view> keys) {
  const Value* at = &v;
  for (std::string_view key : keys) {
    if (!at->is_object()) return nullptr;
    at = at->find(key);
    if (!at) return nullptr;
  }
  return at;
}

// "https://openalex.org/W2741809807" (or "W2741809807") -> "W2741809807"; "" for anything that is
// not a work's id: the id is written into the owner's file and printed in summaries, so only
// OpenAlex's own form passes, never text that could close a value or start a line.
std::string work_id(std::string_view id) {
  for (const std::string_view prefix :
       {"https://openalex.org/works/", "https://openalex.org/", "http://openalex.org/"})
    if (id.substr(0, prefix.size()) == prefix) {
      id.remove_prefix(prefix.size());
      break;
    }
  constexpr std::size_t kMostDigits = 15;
  if (id.size() < 2 || id.size() > kMostDigits + 1 || (id[0] != 'W' && id[0] != 'w')) return {};
  for (const char c : id.substr(1))
    if (c < '0' || c > '9') return {};
  return "W" + std::string(id.substr(1));
}

// A title as text: OpenAlex keeps the publisher's markup (<i>E. coli</i>, <sub>2</sub>, &amp;).
std::string plain_title(std::string_view t) {
  std::string out;
  out.reserve(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '<') {
      // A tag is "<", an optional "/", a letter, and no "<" before its ">"; "a < b" is text.
      const std::size_t end = t.find('>', i);
      const std::size_t name = i + 1 < t.size() && t[i + 1] == '/' ? i + 2 : i + 1;
      if (end != std::string_view::npos && name < end &&
          std::isalpha(static_cast<unsigned char>(t[name])) &&
          t.substr(i + 1, end - i - 1).find('<') == std::string_view::npos) {
        i = end;
        continue;
      }
    }
    out.push_back(c);
  }
  // (After the tags: "&lt;i&gt;" is text. OpenAlex's titles are Crossref's HTML: &nbsp; too.)
  out = unicode::decode_references(out, unicode::References::Html);
  // Runs of spaces (a removed tag's neighbours, line breaks) as one.
  std::string tidy;
  tidy.reserve(out.size());
  for (const char c : out) {
    const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space && (tidy.empty() || tidy.back() == ' ')) continue;
    tidy.push_back(space ? ' ' : c);
  }
  while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
  return tidy;
}

std::string number_text(const Value* v) {
  if (!v) return {};
  if (v->is_string() || v->is_number()) return v->text;
  return {};
}

Work read_work(const Value& w) {
  Work work;
  work.offset = w.offset;
  work.id = work_id(text_of(w.find("id")));
  work.doi = unicode::ascii_lower(biblio::clean_doi(text_of(w.find("doi"))));
  const std::string& title = text_of(w.find("title"));
  work.title = plain_title(title.empty() ? text_of(w.find("display_name")) : title);
  work.date = text_of(w.find("publication_date"));
  if (const Value* year = w.find("publication_year"))
    if (const auto y = year->to_int(); y && *y > 0 && *y <= kLatestYear)
      work.year = static_cast<int>(*y);
  work.type = text_of(w.find("type"));
  const Value* source = path(w, {"primary_location", "source"});
  if (!source || !source->is_object()) source = w.find("host_venue");  // (the API before 2023)
  if (source && source->is_object()) {
    work.venue = text_of(source->find("display_name"));
    work.venue_type = text_of(source->find("type"));
  }
  if (const Value* authorships = w.find("authorships"); authorships && authorships->is_array())
    for (const Value& a : authorships->items) {
      std::string name = text_of(path(a, {"author", "display_name"}));
      if (name.empty()) name = text_of(a.find("raw_author_name"));
      if (!name.empty()) work.authors.push_back(std::move(name));
    }
  if (const Value* biblio = w.find("biblio"); biblio && biblio->is_object()) {
    work.volume = number_text(biblio->find("volume"));
    work.issue = number_text(biblio->find("issue"));
    work.first_page = number_text(biblio->find("first_page"));
    work.last_page = number_text(biblio->find("last_page"));
  }
  if (const Value* count = w.find("cited_by_count"))
    if (const auto n = count->to_int(); n && is_citation_count(*n)) work.cited_by_count = *n;
  // The arXiv id: arXiv's own DOI, or any location on arxiv.org.
  work.arxiv = biblio::arxiv_from_doi(work.doi);
  const auto from_location = [&](const Value* location) {
    if (!location || !location->is_object()) return;
    if (const std::string& page = text_of(location->find("landing_page_url"));
        page.find("doi.org/10.") != std::string::npos) {
      std::string doi = unicode::ascii_lower(biblio::clean_doi(page));
      if (!doi.empty() && doi != work.doi && biblio::arxiv_from_doi(doi).empty() &&
          std::find(work.location_dois.begin(), work.location_dois.end(), doi) ==
              work.location_dois.end())
        work.location_dois.push_back(std::move(doi));
    }
    if (!work.arxiv.empty()) return;
    for (const char* key : {"landing_page_url", "pdf_url"})
      if (work.arxiv.empty()) work.arxiv = biblio::arxiv_from_url(text_of(location->find(key)));
  };
  from_location(w.find("primary_location"));
  if (const Value* locations = w.find("locations"); locations && locations->is_array())
    for (const Value& location : locations->items) from_location(&location);
  from_location(w.find("best_oa_location"));
  // An open-access PDF, where OpenAlex knows one (only a web address: it becomes a link).
  for (const Value* location : {w.find("best_oa_location"), w.find("primary_location")})
    if (work.pdf.empty() && location && location->is_object()) {
      const std::string& pdf = text_of(location->find("pdf_url"));
      if ((pdf.rfind("https://", 0) == 0 || pdf.rfind("http://", 0) == 0) &&
          pdf.find_first_of(" {}\\\"") == std::string::npos && pdf.size() < 2048 &&
          std::none_of(pdf.begin(), pdf.end(),
                       [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
        work.pdf = pdf;
    }
  return work;
}

}  // namespace

bool Work::preprint() const {
  return type == "preprint" || type == "posted-content" ||
         (venue_type == "repository" && biblio::is_preprint_server(venue)) ||
         (!arxiv.empty() && venue.empty());
}

WorksRead read_openalex_works(std::string_view json, std::string_view source_name) {
  WorksRead out;
  const std::string name(source_name);
  Value root;
  json::ParseError error;
  if (!json::parse(json, root, &error)) {
    const LineMap lines(json);
    const LineMap::Position at = lines.position(error.offset);
    out.diagnostics.push_back(
        {name, at.line, at.column, Severity::Error, DiagnosticKind::Sync,
         "not OpenAlex's JSON: a syntax error at '" + excerpt(error.token) + "'"});
    return out;
  }
  const Value* list = &root;
  if (root.is_object()) {
    if (const Value* results = root.find("results")) list = results;
  }
  std::optional<LineMap> lines;  // (made at the first work without an id)
  const auto warn = [&](std::size_t offset, std::string message) {
    if (!lines) lines.emplace(json);
    const LineMap::Position at = lines->position(offset);
    out.diagnostics.push_back(
        {name, at.line, at.column, Severity::Warning, DiagnosticKind::Sync, std::move(message)});
  };
  const auto take = [&](const Value& w) {
    Work work = read_work(w);
    if (work.id.empty()) {
      const Value* id = w.is_object() ? w.find("id") : nullptr;
      if (id && id->is_string() && !id->text.empty())
        warn(id->offset,
             "a work whose \"id\" is not an OpenAlex work id (W and digits) is skipped: '" +
                 excerpt(id->text) + "'");
      else
        warn(w.offset, "a work without an \"id\" is skipped");
      return;
    }
    if (const Value* count = w.find("cited_by_count");
        count && work.cited_by_count < 0 && !count->is_null())
      warn(count->offset, work.id + "'s cited_by_count '" + excerpt(count->text) +
                              "' is not a citation count (0 to " + std::to_string(kMostCitations) +
                              "): its count is left as the file has it");
    out.works.push_back(std::move(work));
  };
  if (list->is_array()) {
    out.works.reserve(list->items.size());
    for (const Value& w : list->items) take(w);
  } else if (list->is_object() && list->find("id")) {
    take(*list);
  } else {
    out.diagnostics.push_back(
        {name, 1, 1, Severity::Error, DiagnosticKind::Sync,
         "not OpenAlex's works: expected {\"results\": [...]}, an array of works or one work"});
  }
  return out;
}

}  // namespace papershelf::sync
