// A publication list from nothing: the owner's works (OpenAlex's, or a BibTeX file's such as
// DBLP's) as one entry per paper. The records of one paper (its arXiv preprint and its
// publication, a repository's copy, OpenAlex's own duplicates of a DOI) are found by the sync's
// rules (versions()), and the paper is its publication's record, keeping the arXiv id and an
// open-access PDF of the others.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "biblio/identifiers.hpp"
#include "biblio/kinds.hpp"
#include "biblio/pub_types.hpp"
#include "papershelf/export.hpp"
#include "papershelf/names.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/unicode.hpp"
#include "text/ascii.hpp"

namespace papershelf::sync {
namespace {

// A publication's own record: a journal's, a conference's, a book's; not a preprint or a
// repository's copy of it.
bool primary(const Work& w) {
  if (w.preprint()) return false;
  if (w.venue_type == "repository") return false;
  return !w.venue.empty() || !w.doi.empty() || (w.type != "article" && !w.type.empty());
}

std::string lower(std::string_view s) { return unicode::ascii_lower(ascii::trim(s)); }

// The forms of an id --exclude may name a work by: its OpenAlex id, DOI or arXiv id.
bool excluded(const Work& w, const std::unordered_set<std::string>& exclude) {
  if (exclude.empty()) return false;
  for (const std::string& id : {lower(w.id), w.doi, w.arxiv})
    if (!id.empty() && exclude.count(id)) return true;
  return false;
}

}  // namespace

Work work_of(const Publication& p) {
  Work w;
  if (const std::string* id = p.extra_field("openalex")) {
    std::string_view v = ascii::trim(*id);
    if (const std::size_t slash = v.rfind('/'); slash != std::string_view::npos)
      v.remove_prefix(slash + 1);
    if (v.size() > 1 && (v[0] == 'W' || v[0] == 'w') &&
        v.find_first_not_of("0123456789", 1) == std::string_view::npos)
      w.id = "W" + std::string(v.substr(1));
  }
  w.doi = lower(biblio::clean_doi(p.doi()));
  w.arxiv = biblio::arxiv_without_version(lower(biblio::clean_arxiv(p.arxiv())));
  if (w.arxiv.empty()) w.arxiv = biblio::arxiv_from_doi(w.doi);
  for (const Link& l : p.links)  // (an older DBLP CoRR record: only its arxiv.org address)
    if (w.arxiv.empty()) w.arxiv = biblio::arxiv_without_version(biblio::arxiv_from_url(l.url));
  w.title = p.title.text;
  w.year = p.date.year;
  w.venue = p.venue.text;
  const bool preprint =
      p.type == PubType::Preprint || p.status == Status::Preprint ||
      (!w.arxiv.empty() && (w.venue.empty() || biblio::is_preprint_server(w.venue)));
  // (OpenAlex's own type for a book or a chapter; any other record stands as an article, which
  // primary() then weighs by its venue and DOI)
  const biblio::TypeNames& names = biblio::names_of(p.type);
  const bool book = p.type == PubType::Book || p.type == PubType::Chapter;
  w.type = preprint ? "preprint" : book ? std::string(names.openalex) : "article";
  w.venue_type = preprint ? "repository" : std::string(names.openalex_source);
  if (preprint && w.venue.empty()) w.venue = "arXiv";
  for (const Person& a : p.authors) w.authors.push_back(display_name(a));
  w.cited_by_count = p.citations().value_or(-1);
  return w;
}

std::vector<Paper> one_per_paper(const std::vector<Work>& works, const ImportOptions& options) {
  std::unordered_set<std::string> exclude;
  for (const std::string& id : options.exclude) {
    std::string v = lower(id);
    for (const std::string_view prefix : {"https://openalex.org/", "http://openalex.org/"})
      if (v.rfind(prefix, 0) == 0) v.erase(0, prefix.size());
    if (v.size() > 1 && v[0] == 'w' && v.find_first_not_of("0123456789", 1) == std::string::npos) {
      exclude.insert(v);
      continue;
    }
    if (std::string doi = lower(biblio::clean_doi(v)); !doi.empty()) {
      exclude.insert(doi);
      if (std::string arxiv = biblio::arxiv_from_doi(doi); !arxiv.empty()) exclude.insert(arxiv);
    }
    if (std::string arxiv = biblio::arxiv_without_version(lower(biblio::clean_arxiv(v)));
        !arxiv.empty())
      exclude.insert(arxiv);
    exclude.insert(v);
  }

  // The publications' own records first (the more cited first), then the others: arXiv's own
  // records before other copies, the more cited first. Each record joins the paper it is a
  // version of, or is a paper of its own.
  std::vector<std::uint32_t> order(works.size());
  for (std::uint32_t k = 0; k < works.size(); ++k) order[k] = k;
  const auto rank = [&](std::uint32_t k) {
    const Work& w = works[k];
    const bool arxiv_record = !w.arxiv.empty() && biblio::arxiv_from_doi(w.doi) == w.arxiv;
    return std::make_tuple(!primary(w), !arxiv_record, -w.cited_by_count, k);
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return rank(a) < rank(b); });

  std::vector<Paper> papers;
  std::vector<Publication> entries;  // each paper's record as an entry, for versions()
  std::vector<Work> records;         // each paper's record
  std::vector<Decision> decisions;   // entry i is work i
  std::unordered_map<std::string, std::uint32_t> by_doi;  // of the papers' records
  std::unordered_set<std::string> keys;
  Options entry_options;
  for (const std::uint32_t k : order) {
    const Work& w = works[k];
    if (w.title.empty()) continue;
    std::int32_t into = -1;
    if (!w.doi.empty())
      if (const auto same = by_doi.find(w.doi); same != by_doi.end())
        into = static_cast<std::int32_t>(same->second);
    if (into < 0 && !primary(w) && !records.empty()) {
      records.push_back(w);
      const std::vector<std::int32_t> version = versions(entries, records, decisions);
      records.pop_back();
      into = version.back();
    }
    if (into >= 0) {
      papers[into].records.push_back(k);
      continue;
    }
    Paper paper;
    paper.work = w;
    paper.records.push_back(k);
    if (!w.doi.empty()) by_doi.emplace(w.doi, static_cast<std::uint32_t>(papers.size()));
    decisions.push_back({static_cast<std::uint32_t>(entries.size()),
                         static_cast<std::int32_t>(records.size()),
                         Rule::OpenAlexId,
                         {},
                         false});
    entries.push_back(new_entry(w, entry_options, keys));
    records.push_back(w);
    papers.push_back(std::move(paper));
  }

  // Each paper: the arXiv id and an open-access PDF of its other records where its own has none.
  std::vector<Paper> out;
  for (Paper& paper : papers) {
    bool left_out = false;
    for (const std::uint32_t k : paper.records) {
      const Work& other = works[k];
      left_out = left_out || excluded(other, exclude);
      if (paper.work.arxiv.empty() && !other.arxiv.empty()) paper.work.arxiv = other.arxiv;
      if (paper.work.pdf.empty() && !other.pdf.empty()) paper.work.pdf = other.pdf;
    }
    if (left_out || (options.since && paper.work.year < options.since)) continue;
    out.push_back(std::move(paper));
  }
  // Newest first, as publication lists are; then by id, so that a run orders them as the last.
  std::stable_sort(out.begin(), out.end(), [](const Paper& a, const Paper& b) {
    if (a.work.year != b.work.year) return a.work.year > b.work.year;
    if (a.work.date != b.work.date) return a.work.date > b.work.date;
    return a.work.id.size() != b.work.id.size() ? a.work.id.size() < b.work.id.size()
                                                : a.work.id < b.work.id;
  });
  return out;
}

std::vector<Publication> import_entries(const std::vector<Paper>& papers, const Options& options,
                                        std::unordered_set<std::string>& keys) {
  // Keys in the order of the works' ids (oldest record first): the same key for a work every run,
  // whatever else came or went since.
  std::vector<std::uint32_t> by_id(papers.size());
  for (std::uint32_t i = 0; i < papers.size(); ++i) by_id[i] = i;
  std::stable_sort(by_id.begin(), by_id.end(), [&](std::uint32_t a, std::uint32_t b) {
    const std::string &x = papers[a].work.id, &y = papers[b].work.id;
    return x.size() != y.size() ? x.size() < y.size() : x < y;
  });
  std::vector<Publication> out(papers.size());
  for (const std::uint32_t i : by_id) {
    out[i] = new_entry(papers[i].work, options, keys);
    if (!papers[i].work.pdf.empty()) out[i].links.push_back({"pdf", papers[i].work.pdf});
  }
  return out;
}

}  // namespace papershelf::sync
