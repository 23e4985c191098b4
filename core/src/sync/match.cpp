// Which work of the author's is which entry of the file. The rules, strongest first: the OpenAlex
// id an earlier sync wrote, the DOI, the arXiv id, then the title with the year and an author.
// Each entry gets at most one work and each work at most one entry (a file that keeps a preprint
// and its published version apart, where OpenAlex has merged them into one work, must not count
// its citations twice). A rule never guesses: two works that fit a title equally well leave the
// entry unmatched, and the decision says why.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "biblio/identifiers.hpp"
#include "biblio/pub_types.hpp"
#include "papershelf/names.hpp"
#include "papershelf/sync.hpp"
#include "papershelf/unicode.hpp"
#include "text/ascii.hpp"
#include "text/edit_distance.hpp"

namespace papershelf::sync {
namespace {

using biblio::title_key;

// The folded family name of a person ("Qinghao Hu" and "Hu, Qinghao": "hu"), and the folded
// given words, to allow for a name written family first.
struct NameKey {
  std::string family;
  std::string last;  // the family name's last word: "Di Nardo" and "DI NARDO" read as given "A. DI"
  std::vector<std::string> given;
};
NameKey name_key(const Person& p) {
  const OwnerMatcher::Key k = OwnerMatcher::key_of(p);
  std::string_view family = p.is_literal() ? p.literal() : p.family();
  while (!family.empty() && family.back() == ' ') family.remove_suffix(1);
  if (const std::size_t space = family.find_last_of(' '); space != std::string_view::npos)
    family.remove_prefix(space + 1);
  const OwnerMatcher::Key last = OwnerMatcher::key_of(parse_name(family));
  return {k.family.empty() ? k.literal : k.family, last.family.empty() ? last.literal : last.family,
          k.given};
}
bool same_family(const NameKey& a, const NameKey& b) {
  if (a.family.empty() || b.family.empty()) return false;
  if (a.family == b.family || (!a.last.empty() && a.last == b.last)) return true;
  // "HU Qinghao" read as given "HU": its family name is among the given words.
  for (const std::string& g : b.given)
    if (g == a.family) return true;
  for (const std::string& g : a.given)
    if (g == b.family) return true;
  return false;
}

std::string entry_doi(const Publication& p) {
  std::string doi = unicode::ascii_lower(p.doi());
  if (doi.empty())
    for (const Link& l : p.links)
      if (l.label == "doi" || l.url.find("doi.org/10.") != std::string::npos) {
        doi = unicode::ascii_lower(biblio::clean_doi(l.url));
        if (!doi.empty()) break;
      }
  return doi;
}

std::string entry_arxiv(const Publication& p, std::string_view doi) {
  std::string id = unicode::ascii_lower(biblio::clean_arxiv(p.arxiv()));
  if (id.empty()) id = biblio::arxiv_from_doi(doi);
  for (const Link& l : p.links)
    if (id.empty()) id = biblio::arxiv_from_url(l.url);
  return biblio::arxiv_without_version(std::move(id));
}

std::string entry_openalex(const Publication& p) {
  const std::string* id = p.extra_field("openalex");
  if (!id) return {};
  std::string_view v = ascii::trim(*id);
  if (const std::size_t slash = v.rfind('/'); slash != std::string_view::npos)
    v.remove_prefix(slash + 1);
  std::string out(v);
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

// What the rules compare of one side.
enum class Kind : std::uint8_t { Other, Journal, Conference };
// The kind OpenAlex's source type says ("journal", "conference"): a work's own, an entry's the one
// its type has in OpenAlex's words (biblio/pub_types.hpp).
Kind kind_of_source(std::string_view source_type) {
  return source_type == "journal"      ? Kind::Journal
         : source_type == "conference" ? Kind::Conference
                                       : Kind::Other;
}
struct Side {
  std::string openalex, doi, arxiv, title;
  std::vector<std::string>
      heads;          // the title before each of its subtitles (":", " - ", "?"), folded
  std::string venue;  // folded
  std::vector<std::string> words;  // the title's folded words
  int year = 0;
  bool preprint = false;
  Kind kind = Kind::Other;
  std::vector<NameKey> authors;  // the first few
  // Works only: whether it is a publication's own record (a journal's, a conference's: not a
  // repository's copy), and its count. Between two records of one paper (OpenAlex keeps a
  // repository's copy apart at times), the publication's own is the one the owner's entry is.
  bool own_record = false;
  std::int64_t cited = 0;
};

constexpr std::size_t kAuthorsCompared = 8;

// The folded words of a title: letters and digits, split at anything else.
std::vector<std::string> title_words(std::string_view title) {
  std::vector<std::string> words(1);
  for (const char c : unicode::fold(title)) {
    const auto u = static_cast<unsigned char>(c);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || u >= 0x80)
      words.back().push_back(c);
    else if (!words.back().empty())
      words.emplace_back();
  }
  if (words.back().empty()) words.pop_back();
  return words;
}

// The title before each of its subtitles: up to each ": ", " - ", " – ", " — " or "? ", folded
// ("Shaken and stirred: ASIS&T 2011 attendee reactions to shaking it up: Embracing ..." has two).
std::vector<std::string> title_heads(std::string_view title) {
  std::vector<std::string> heads;
  for (std::size_t at = 0; at < title.size(); ++at)
    for (const std::string_view mark :
         {std::string_view(": "), std::string_view(" - "), std::string_view(" \xE2\x80\x93 "),
          std::string_view(" \xE2\x80\x94 "), std::string_view("? ")})
      if (title.compare(at, mark.size(), mark) == 0) {
        heads.push_back(title_key(title.substr(0, at)));
        break;
      }
  return heads;
}

void fill_title(Side& s, std::string_view title) {
  s.title = title_key(title);
  s.heads = title_heads(title);
  s.words = title_words(title);
}

Side entry_side(const Publication& p) {
  Side s;
  s.openalex = entry_openalex(p);
  s.doi = entry_doi(p);
  s.arxiv = entry_arxiv(p, s.doi);
  fill_title(s, p.title.text);
  s.venue = title_key(p.venue.text);
  s.year = p.date.year;
  s.preprint = p.type == PubType::Preprint || p.status == Status::Preprint;
  s.kind = kind_of_source(biblio::names_of(p.type).openalex_source);
  for (std::size_t i = 0; i < p.authors.size() && i < kAuthorsCompared; ++i)
    s.authors.push_back(name_key(p.authors[i]));
  return s;
}

Side work_side(const Work& w) {
  Side s;
  s.openalex = w.id;
  s.doi = w.doi;
  s.arxiv = w.arxiv;
  fill_title(s, w.title);
  s.venue = title_key(w.venue);
  s.year = w.year;
  s.preprint = w.preprint();
  s.kind = kind_of_source(w.venue_type);
  for (std::size_t i = 0; i < w.authors.size() && i < kAuthorsCompared; ++i)
    s.authors.push_back(name_key(parse_name(w.authors[i])));
  s.own_record = w.venue_type == "journal" || w.venue_type == "conference" ||
                 w.venue_type == "book series" ||
                 (w.preprint() && !w.arxiv.empty() && biblio::arxiv_from_doi(w.doi) == w.arxiv);
  s.cited = w.cited_by_count;
  return s;
}

// How well a work's title fits an entry's: the same (after folding); the same but for a subtitle
// one of them leaves off ("Lucid" and "Lucid: A Non-intrusive Scheduler"), or cut short (OpenAlex
// keeps some titles' first 100 characters or so: a long enough beginning, not cut before a
// number); or nearly the same: one word misspelt (a long word, one or two letters, no digits).
// A number or a short word that differs is another paper ("Part I" and "Part II", "2D" and "3D",
// "NER" and "NLI"); 0 for none. The prefix and near fits ask more of the rest (match()).
enum Fit : int { kNoFit = 0, kNearFit = 1, kPrefixFit = 2, kSameFit = 3 };
constexpr std::size_t kShortestCut = 40;   // folded letters of a title OpenAlex cut short
constexpr std::size_t kShortestHead = 20;  // of a title without its subtitle
constexpr std::size_t kShortTitle = 20;    // shorter titles ("Introduction") must be whole
// More works than this sharing one key (a title, a DOI) are more than one author has: the
// entries they fit stay unmatched rather than compared with each (which was quadratic).
constexpr std::size_t kMostCandidates = 200;
int title_fit(const Side& e, const Side& w) {
  if (e.title.empty() || w.title.empty()) return kNoFit;
  if (e.title == w.title) return kSameFit;
  for (const std::string& head : e.heads)
    if (head.size() >= kShortestHead && head == w.title) return kPrefixFit;
  for (const std::string& head : w.heads)
    if (head.size() >= kShortestHead && head == e.title) return kPrefixFit;
  if (w.title.size() >= kShortestCut && w.title.size() < e.title.size() &&
      e.title.compare(0, w.title.size(), w.title) == 0 &&
      !(e.title[w.title.size()] >= '0' && e.title[w.title.size()] <= '9'))
    return kPrefixFit;
  if (e.words.size() != w.words.size() || e.title.size() < kShortTitle) return kNoFit;
  std::size_t differ = 0, at = 0;
  for (std::size_t k = 0; k < e.words.size(); ++k)
    if (e.words[k] != w.words[k]) ++differ, at = k;
  if (differ != 1) return kNoFit;
  const std::string& a = e.words[at];
  const std::string& b = w.words[at];
  const auto digits = [](const std::string& word) {
    return word.find_first_of("0123456789") != std::string::npos;
  };
  if (a.size() < 5 || b.size() < 5 || digits(a) || digits(b)) return kNoFit;
  const std::size_t limit = std::min(a.size(), b.size()) >= 8 ? 2 : 1;
  return detail::edit_distance(a, b, limit) <= limit ? kNearFit : kNoFit;
}

// Whether two records' venues are the same one (folded: equal, or one inside the other).
bool same_venue(const std::string& a, const std::string& b) {
  return !a.empty() && !b.empty() &&
         (a.find(b) != std::string::npos || b.find(a) != std::string::npos);
}

// Every author the same, in order.
bool same_authors(const Side& e, const Side& w) {
  if (e.authors.size() != w.authors.size()) return false;
  for (std::size_t k = 0; k < e.authors.size(); ++k)
    if (!same_family(e.authors[k], w.authors[k])) return false;
  return true;
}

// An OpenAlex id in the entry that names another paper: a copied entry's, or one the owner typed
// wrong. The work's DOI or title must agree with the entry's.
bool id_contradicted(const Side& e, const Side& w) {
  if (!e.doi.empty() && !w.doi.empty())
    return e.doi != w.doi && !biblio::preprint_doi(e.doi) && !biblio::preprint_doi(w.doi);
  if (e.title.empty() || w.title.empty() || title_fit(e, w) != kNoFit) return false;
  // (looser than a title match: the id already says which work; the owner may have shortened the
  // title, or added to it)
  const auto begins = [](const std::string& a, const std::string& b) {
    return a.size() <= b.size() && b.compare(0, a.size(), a) == 0;
  };
  return !begins(e.title, w.title) && !begins(w.title, e.title);
}

std::string describe(const Work& w) {
  return w.id + (w.year ? " (" + std::to_string(w.year) + ")" : "");
}

}  // namespace

std::string_view to_string(Rule r) {
  switch (r) {
    case Rule::None:
      return "none";
    case Rule::OpenAlexId:
      return "openalex";
    case Rule::Doi:
      return "doi";
    case Rule::Arxiv:
      return "arxiv";
    case Rule::Title:
      return "title";
  }
  return "none";
}

std::vector<Decision> match(const std::vector<Publication>& entries,
                            const std::vector<Work>& works) {
  std::vector<Decision> decisions(entries.size());
  std::vector<Side> es, ws;
  es.reserve(entries.size());
  ws.reserve(works.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    decisions[i].entry = static_cast<std::uint32_t>(i);
    es.push_back(entry_side(entries[i]));
  }
  for (const Work& w : works) ws.push_back(work_side(w));
  std::vector<std::int32_t> owner(works.size(), -1);  // the entry that has each work
  std::vector<bool> settled(entries.size(), false);  // matched, or the same work as another entry's

  // The identifier rules: an exact key, looked up. Several works may share one (a published
  // paper lists its arXiv version among its locations, and so does the arXiv record): the
  // entry's kind first (a preprint entry is the arXiv record), then the publication's own record,
  // then the most cited. `same_kind_only`: only works of the entry's kind (a published entry's
  // arXiv id finds its publication this way, or by its title, before the arXiv record).
  const auto by_key = [&](Rule rule, std::string Side::*key, bool same_kind_only) {
    std::unordered_map<std::string_view, std::vector<std::int32_t>> index;
    index.reserve(works.size());
    for (std::size_t k = 0; k < works.size(); ++k)
      if (!(ws[k].*key).empty()) index[ws[k].*key].push_back(static_cast<std::int32_t>(k));
    for (std::size_t i = 0; i < entries.size(); ++i) {
      Decision& d = decisions[i];
      if (settled[i] || (es[i].*key).empty()) continue;
      const auto found = index.find(es[i].*key);
      if (found == index.end()) continue;
      if (found->second.size() > kMostCandidates) {
        d.why = std::to_string(found->second.size()) + " works have its " +
                std::string(to_string(rule)) + ": too many to tell which";
        continue;
      }
      std::int32_t best = -1, taken = -1;
      const auto rank = [&](std::int32_t k) {
        return std::make_tuple(ws[k].preprint == es[i].preprint, ws[k].own_record, ws[k].cited, -k);
      };
      for (const std::int32_t k : found->second) {
        if (same_kind_only && ws[k].preprint != es[i].preprint) continue;
        if (rule == Rule::OpenAlexId && id_contradicted(es[i], ws[k])) {
          d.stale_id = true;
          continue;
        }
        if (owner[k] >= 0)
          taken = k;
        else if (best < 0 || rank(k) > rank(best))
          best = k;
      }
      if (best < 0) {
        if (taken >= 0) {
          d.why = "the same work (" + works[taken].id + ", by " + std::string(to_string(rule)) +
                  ") as " + entries[owner[taken]].key;
          settled[i] = true;
        }
        continue;
      }
      d.work = best;
      d.rule = rule;
      d.why.clear();
      settled[i] = true;
      owner[best] = static_cast<std::int32_t>(i);
    }
  };
  by_key(Rule::OpenAlexId, &Side::openalex, false);
  by_key(Rule::Doi, &Side::doi, false);
  // A DOI no work has as its own but one work keeps among its locations: the record of it that
  // OpenAlex merged into that work (a preprint folded into its journal version), which a lookup
  // of the DOI answers with the work. Only one work may keep it.
  {
    std::unordered_map<std::string_view, std::vector<std::int32_t>> own, kept;
    for (std::size_t k = 0; k < works.size(); ++k) {
      if (!ws[k].doi.empty()) own[ws[k].doi].push_back(static_cast<std::int32_t>(k));
      for (const std::string& doi : works[k].location_dois)
        if (doi != ws[k].doi) kept[doi].push_back(static_cast<std::int32_t>(k));
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (settled[i] || es[i].doi.empty() || own.count(es[i].doi)) continue;
      const auto found = kept.find(es[i].doi);
      if (found == kept.end() || found->second.size() != 1) continue;
      const std::int32_t k = found->second.front();
      if (owner[k] >= 0) {
        decisions[i].why =
            "the same work (" + works[k].id + ", by doi) as " + entries[owner[k]].key;
        settled[i] = true;
        continue;
      }
      decisions[i].work = k;
      decisions[i].rule = Rule::Doi;
      decisions[i].why.clear();
      settled[i] = true;
      owner[k] = static_cast<std::int32_t>(i);
    }
  }
  by_key(Rule::Arxiv, &Side::arxiv, true);

  // The title rule: every fitting pair scored, the best pairs taken first. Works are found by
  // their folded title, by the title without its subtitle, and, for the other fits, among the
  // works of a year near the entry's.
  struct Pair {
    int score;
    std::uint32_t entry;
    std::int32_t work;
  };
  std::vector<Pair> pairs;
  // The works each fit can find, by key: the very title (and each title without its subtitle);
  // a title's first kShortestCut letters (a title OpenAlex cut short); and for one word
  // misspelt, the word count with the first half of the words, or with the second half (the
  // word that differs is in one half, so the other is the same). Each list in order of year.
  using Index = std::unordered_map<std::string, std::vector<std::int32_t>>;
  Index by_title, by_start, by_half;
  const auto half_keys = [](const std::vector<std::string>& words) {
    std::string first = std::to_string(words.size()) + "<",
                second = std::to_string(words.size()) + ">";
    const std::size_t half = words.size() / 2;
    for (std::size_t k = 0; k < words.size(); ++k) (k < half ? first : second) += words[k] + " ";
    return std::make_pair(std::move(first), std::move(second));
  };
  for (std::size_t k = 0; k < works.size(); ++k) {
    const auto work = static_cast<std::int32_t>(k);
    const Side& w = ws[k];
    if (w.title.empty()) continue;
    by_title[w.title].push_back(work);
    for (const std::string& head : w.heads)
      if (head.size() >= kShortestHead && head != w.title) by_title[head].push_back(work);
    if (w.title.size() >= kShortestCut) by_start[w.title.substr(0, kShortestCut)].push_back(work);
    auto [first, second] = half_keys(w.words);
    by_half[std::move(first)].push_back(work);
    by_half[std::move(second)].push_back(work);
  }
  for (Index* index : {&by_title, &by_start, &by_half})
    for (auto& [key, list] : *index)
      std::stable_sort(list.begin(), list.end(),
                       [&](std::int32_t a, std::int32_t b) { return ws[a].year < ws[b].year; });
  // The works of the lists an entry's keys find; where there are more than kMostCandidates, only
  // those of a year the entry may have (±2, or none), and if still more, none: `crowded` says so.
  std::vector<std::int32_t> candidates;
  std::vector<const std::vector<std::int32_t>*> lists;
  std::size_t crowded = 0;
  const auto gather = [&](const Side& e) {
    std::size_t total = 0;
    for (const auto* list : lists) total += list->size();
    if (total > kMostCandidates && e.year) {
      std::vector<std::int32_t> near;
      const auto year_of = [&](std::int32_t k, int year) { return ws[k].year < year; };
      for (const auto* list : lists) {
        const auto undated = std::lower_bound(list->begin(), list->end(), 1, year_of);
        near.insert(near.end(), list->begin(), undated);
        near.insert(near.end(), std::lower_bound(undated, list->end(), e.year - 2, year_of),
                    std::lower_bound(undated, list->end(), e.year + 3, year_of));
        if (near.size() > kMostCandidates) break;
      }
      total = near.size();
      if (total <= kMostCandidates) candidates.insert(candidates.end(), near.begin(), near.end());
    } else if (total <= kMostCandidates) {
      for (const auto* list : lists)
        candidates.insert(candidates.end(), list->begin(), list->end());
    }
    if (total > kMostCandidates) crowded = total;
    lists.clear();
  };
  for (std::size_t i = 0; i < entries.size(); ++i) {
    Decision& d = decisions[i];
    const Side& e = es[i];
    if (settled[i] || e.title.empty()) continue;
    candidates.clear();
    crowded = 0;
    const auto look = [&](const Index& index, const std::string& key) {
      if (const auto found = index.find(key); found != index.end()) lists.push_back(&found->second);
    };
    look(by_title, e.title);
    for (const std::string& head : e.heads)
      if (!head.empty() && head != e.title) look(by_title, head);
    gather(e);
    // (near fits and cut titles are looked for only when no work has the very title)
    if (candidates.empty() && !crowded && e.title.size() >= kShortTitle) {
      if (e.title.size() >= kShortestCut) look(by_start, e.title.substr(0, kShortestCut));
      const auto [first, second] = half_keys(e.words);
      look(by_half, first);
      look(by_half, second);
      gather(e);
    }
    if (crowded) {
      d.why = std::to_string(crowded) + " works fit its title: too many to tell which";
      continue;
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    using Rank = std::tuple<int, bool, std::int64_t>;  // the fit's score, then as by_key
    Rank best{}, second{};
    std::int32_t best_work = -1, second_work = -1;
    std::string refused;
    for (const std::int32_t k : candidates) {
      const Side& w = ws[k];
      const int fit = title_fit(e, w);
      if (fit == kNoFit) continue;
      // Two DOIs, neither a preprint server's, name two publications (a conference paper and
      // the journal version of it may share their title); so do two arXiv ids.
      if (!e.doi.empty() && !w.doi.empty() && e.doi != w.doi && !biblio::preprint_doi(e.doi) &&
          !biblio::preprint_doi(w.doi)) {
        refused = "its DOI differs from that of " + describe(works[k]) + ", which has its title";
        continue;
      }
      // An entry with its publisher's DOI is that publication, never a preprint of it that
      // OpenAlex keeps apart (the DOI rule found no work of its own).
      if (!e.doi.empty() && !biblio::preprint_doi(e.doi) && !e.preprint && w.preprint) {
        refused = "its DOI is not among the works, and " + describe(works[k]) +
                  ", which has its title, is a preprint";
        continue;
      }
      if (!e.arxiv.empty() && !w.arxiv.empty() && e.arxiv != w.arxiv) {
        refused =
            "its arXiv id differs from that of " + describe(works[k]) + ", which has its title";
        continue;
      }
      // The year: the same or next to it (a paper online in December, printed in January); a
      // preprint may come two years before its publication. Unknown on one side: the title must
      // be the same and the first authors too. A conference paper and a journal article are
      // the same paper only in the same year: a workshop's paper and its journal version the
      // next year share their title, not their count.
      // (a record of no authors, a software release or a blog, and a work of none: the same)
      const bool first_same =
          e.authors.empty() && w.authors.empty()
              ? true
              : !e.authors.empty() && !w.authors.empty() && same_family(e.authors[0], w.authors[0]);
      const int gap = e.year && w.year ? std::abs(e.year - w.year) : -1;
      const bool other_kind = (e.kind == Kind::Conference && w.kind == Kind::Journal) ||
                              (e.kind == Kind::Journal && w.kind == Kind::Conference);
      const int allowed = other_kind ? 0 : e.preprint != w.preprint ? 2 : 1;
      if (gap > allowed || (gap < 0 && !(fit == kSameFit && first_same))) {
        if (fit == kSameFit)
          refused = "a work with its title is of another year" +
                    std::string(other_kind ? " and kind" : "") + ": " + describe(works[k]);
        continue;
      }
      // An author in common: the entry's first author among the work's first authors (or an
      // entry without authors, with the very same title and the same or an unknown year).
      bool author = first_same;
      if (!e.authors.empty())
        for (std::size_t a = 0; a < w.authors.size() && !author; ++a)
          author = same_family(e.authors[0], w.authors[a]);
      else
        author = fit == kSameFit && gap <= 0;
      if (!author) {
        if (fit == kSameFit)
          refused = "a work with its title has other authors: " + describe(works[k]);
        continue;
      }
      // A title without its subtitle, or cut short: the same year and first author.
      if (fit == kPrefixFit && !(gap == 0 && first_same)) continue;
      // Short titles ("Introduction", "Editorial", "Preface") must be whole, of the same year
      // and first author, and of the same venue (or, where one has none, by the same authors).
      if (e.title.size() < kShortTitle) {
        const bool venue = !e.venue.empty() && !w.venue.empty() ? same_venue(e.venue, w.venue)
                                                                : same_authors(e, w);
        if (!(fit == kSameFit && gap == 0 && first_same && venue)) {
          if (fit == kSameFit)
            refused = "a work with its short title is not clearly this one: " + describe(works[k]);
          continue;
        }
      }
      const int score = fit * 100 + (e.preprint == w.preprint ? 20 : 0) + (first_same ? 10 : 0) +
                        (gap < 0 ? 0 : 3 - std::min(gap, 3));
      const Rank rank{score, w.own_record, w.cited};
      if (best_work < 0 || rank > best) {
        second = best, second_work = best_work;
        best = rank, best_work = k;
      } else if (second_work < 0 || rank > second) {
        second = rank, second_work = k;
      }
    }
    if (best_work < 0) {
      d.why = refused;
      continue;
    }
    if (second_work >= 0 && second == best) {
      d.why = "two works fit its title equally well: " + describe(works[best_work]) + " and " +
              describe(works[second_work]);
      settled[i] = true;
      continue;
    }
    pairs.push_back({std::get<0>(best), static_cast<std::uint32_t>(i), best_work});
  }
  // Best fits first; in file order among equals.
  std::stable_sort(pairs.begin(), pairs.end(),
                   [](const Pair& a, const Pair& b) { return a.score > b.score; });
  for (const Pair& pair : pairs) {
    Decision& d = decisions[pair.entry];
    if (owner[pair.work] >= 0) {
      d.why = "the same work (" + works[pair.work].id + ", by its title) as " +
              entries[owner[pair.work]].key;
      continue;
    }
    d.work = pair.work;
    d.rule = Rule::Title;
    d.why.clear();
    settled[pair.entry] = true;
    owner[pair.work] = static_cast<std::int32_t>(pair.entry);
  }
  // Last, a published entry's arXiv id finds the arXiv record where no work of its own kind
  // had it and no title found its publication.
  by_key(Rule::Arxiv, &Side::arxiv, false);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    Decision& d = decisions[i];
    if (d.work < 0 && d.why.empty())
      d.why = d.stale_id
                  ? "its openalex id names another work, and no work has its DOI, arXiv id or title"
                  : "no work has its DOI, arXiv id or title";
  }
  return decisions;
}

std::vector<Lookup> lookups(const std::vector<Publication>& entries) {
  std::vector<Lookup> out;
  out.reserve(entries.size());
  for (const Publication& p : entries) {
    Lookup l;
    l.doi = entry_doi(p);
    l.arxiv = entry_arxiv(p, l.doi);
    if (!biblio::arxiv_from_doi(l.doi).empty())
      l.doi.clear();  // (arXiv's DOI: the arXiv id says it)
    l.openalex = entry_openalex(p);
    if (l.openalex.size() < 2 || l.openalex[0] != 'W' ||
        l.openalex.find_first_not_of("0123456789", 1) != std::string::npos)
      l.openalex.clear();
    out.push_back(std::move(l));
  }
  return out;
}

std::vector<std::int32_t> versions(const std::vector<Publication>& entries,
                                   const std::vector<Work>& works,
                                   const std::vector<Decision>& decisions) {
  std::vector<std::int32_t> version(works.size(), -1);
  std::vector<bool> held(works.size(), false);
  std::unordered_map<std::string, std::vector<std::uint32_t>>
      matched_titles;  // of the matched entries and their works
  std::unordered_map<std::string, std::uint32_t> matched_ids;  // their arXiv ids and DOIs
  std::unordered_map<std::uint32_t, NameKey> first_author;     // of each matched entry that has one
  for (const Decision& d : decisions) {
    if (d.work < 0) continue;
    held[d.work] = true;
    const Side e = entry_side(entries[d.entry]);
    const Work& w = works[d.work];
    matched_titles[e.title].push_back(d.entry);
    matched_titles[title_key(w.title)].push_back(d.entry);
    // (a preprint server's DOI names the preprint, which may be a version of its own)
    for (const std::string& id : {e.arxiv, w.arxiv, e.doi, w.doi})
      if (!id.empty()) matched_ids.emplace(id, d.entry);
    if (!e.authors.empty()) first_author.emplace(d.entry, e.authors.front());
  }
  for (std::size_t k = 0; k < works.size(); ++k) {
    if (held[k]) continue;
    // The arXiv record of a paper the file has by its publication; OpenAlex's second record of
    // a DOI (its own duplicates).
    for (const std::string* id : {&works[k].arxiv, &works[k].doi})
      if (const auto same = matched_ids.find(*id);
          !id->empty() && same != matched_ids.end() && version[k] < 0)
        version[k] = static_cast<std::int32_t>(same->second);
    if (version[k] >= 0) continue;
    const Side w = work_side(works[k]);
    if (w.title.size() < kShortTitle) continue;  // ("Editorial", "Introduction": many papers)
    const auto same = matched_titles.find(w.title);
    if (same == matched_titles.end()) continue;
    std::size_t looked = 0;
    for (const std::uint32_t i : same->second) {
      if (++looked > kMostCandidates) break;
      const auto author = first_author.find(i);
      if (author == first_author.end()) continue;
      bool shared = false;
      for (std::size_t a = 0; a < w.authors.size() && !shared; ++a)
        shared = same_family(author->second, w.authors[a]);
      if (shared) {
        version[k] = static_cast<std::int32_t>(i);
        break;
      }
    }
  }
  return version;
}

}  // namespace papershelf::sync
