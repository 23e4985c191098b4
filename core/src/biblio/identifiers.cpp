// DOIs and arXiv ids: how they are found, cleaned and compared (see identifiers.hpp).
#include "biblio/identifiers.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "papershelf/unicode.hpp"
#include "text/ascii.hpp"

namespace papershelf::biblio {

bool is_arxiv_id(std::string_view id) {
  const auto digits = [&](std::size_t from, std::size_t n) {
    if (from + n > id.size()) return false;
    for (std::size_t k = from; k < from + n; ++k)
      if (id[k] < '0' || id[k] > '9') return false;
    return true;
  };
  // A version at the end ("v2") is part of it.
  const auto version_or_end = [&](std::size_t at) {
    if (at == id.size()) return true;
    if (id[at] != 'v' || at + 1 == id.size()) return false;
    return digits(at + 1, id.size() - at - 1);
  };
  // Since April 2007: YYMM.NNNN to December 2014, YYMM.NNNNN from January 2015 (arXiv's own
  // rule: "2208.0779" is a cut-off id, not a paper), the month 01-12.
  if (digits(0, 4) && id.size() > 5 && id[4] == '.') {
    const int year = (id[0] - '0') * 10 + (id[1] - '0');
    const int month = (id[2] - '0') * 10 + (id[3] - '0');
    if (month < 1 || month > 12 || year < 7) return false;
    const std::size_t n = year >= 15 ? 5 : 4;
    return digits(5, n) && version_or_end(5 + n);
  }
  // Before: archive(.SUBJ)/YYMMNNN, as hep-th/9901001 or math.AG/0309136.
  const std::size_t slash = id.find('/');
  if (slash == std::string_view::npos || slash == 0 || !digits(slash + 1, 7) ||
      !version_or_end(slash + 8))
    return false;
  std::size_t k = 0;
  while (k < slash && ((id[k] >= 'a' && id[k] <= 'z') || id[k] == '-')) ++k;
  const auto upper = [&](std::size_t at) { return id[at] >= 'A' && id[at] <= 'Z'; };
  return k > 0 && (k == slash || (k + 3 == slash && id[k] == '.' && upper(k + 1) && upper(k + 2)));
}

bool is_arxiv_prefix(std::string_view archive) {
  return unicode::ascii_lower(ascii::trim(archive)) == "arxiv";
}

std::string clean_doi(std::string_view s) {
  s = ascii::trim(s);
  const std::size_t at = s.find("10.");
  if (at == std::string_view::npos) {
    // A shortDOI (10/f5xswg, doi.org's short form of a DOI): a handle doi.org resolves as any.
    const std::size_t slash = s.find("10/");
    if (slash == std::string_view::npos ||
        (slash > 0 && s[slash - 1] != '/' && s[slash - 1] != ':' && s[slash - 1] != ' '))
      return {};
    std::string_view code = s.substr(slash + 3);
    while (!code.empty() && (code.back() == '.' || code.back() == '}')) code.remove_suffix(1);
    const bool short_code =
        !code.empty() && code.size() <= 16 && std::all_of(code.begin(), code.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        });
    return short_code ? "10/" + std::string(code) : std::string();
  }
  std::string_view doi = s.substr(at);
  while (!doi.empty() && (doi.back() == '.' || doi.back() == ' ' || doi.back() == '}'))
    doi.remove_suffix(1);
  std::string out;
  out.reserve(doi.size());
  for (std::size_t i = 0; i < doi.size(); ++i) {
    if (doi[i] == '\\' && i + 1 < doi.size() && std::strchr("_%#&", doi[i + 1])) continue;
    if (doi[i] == '{' || doi[i] == '}') continue;
    out.push_back(doi[i]);
  }
  return out;
}

std::string clean_arxiv(std::string_view s) {
  s = ascii::trim(s);
  const std::string lower = unicode::ascii_lower(s);
  for (std::string_view prefix : {"https://arxiv.org/abs/", "http://arxiv.org/abs/",
                                  "https://arxiv.org/pdf/", "http://arxiv.org/pdf/", "arxiv:"}) {
    if (lower.compare(0, prefix.size(), prefix) == 0) {
      s.remove_prefix(prefix.size());
      break;
    }
  }
  return std::string(ascii::trim(s));
}

namespace {
std::string concat(std::string_view a, std::string_view b) {
  std::string out;
  out.reserve(a.size() + b.size());
  out.append(a).append(b);
  return out;
}
}  // namespace

std::string doi_url(std::string_view doi) { return concat("https://doi.org/", doi); }
std::string arxiv_url(std::string_view id) { return concat("https://arxiv.org/abs/", id); }

std::string arxiv_in_text(std::string_view text) {
  const std::string lower = unicode::ascii_lower(text);
  std::size_t at = lower.find("arxiv");
  if (at == std::string::npos) at = lower.find("eprint");
  if (at == std::string::npos) return {};
  // The first word after the keyword that is an id ("arXiv:2101.01234", "eprint: hep-th/9901001").
  for (std::size_t start = at; start < text.size();) {
    std::size_t end = text.find_first_of(" ,;()[]", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(start, end - start);
    if (const std::size_t colon = word.rfind(':'); colon != std::string_view::npos)
      word.remove_prefix(colon + 1);
    while (!word.empty() && word.back() == '.') word.remove_suffix(1);
    if (is_arxiv_id(word)) return std::string(word);
    start = end + 1;
  }
  return {};
}

std::string doi_in_text(std::string_view text) {
  const std::string lower = unicode::ascii_lower(text);
  const std::size_t at = lower.find("doi");
  if (at == std::string::npos) return {};
  const std::size_t prefix = lower.find("10.", at);
  if (prefix == std::string::npos || prefix > at + 20) return {};  // (the DOI follows its name)
  std::size_t end = prefix;
  while (end < text.size() && text[end] != ' ' && text[end] != ',' && text[end] != ';' &&
         text[end] != '\n')
    ++end;
  // Only what has a DOI's shape: "10.", the registrant's digits (with dots), "/" and a suffix. A
  // note's "doi: 10." cut by a line break is none: read as "10" it became a DOI, and every BibTeX
  // round trip added another.
  std::string doi = clean_doi(text.substr(prefix, end - prefix));
  const std::size_t slash = doi.find('/');
  const bool registrant =
      slash != std::string::npos && slash > 3 && slash + 1 < doi.size() &&
      std::all_of(doi.begin() + 3, doi.begin() + static_cast<std::ptrdiff_t>(slash),
                  [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
  return registrant ? doi : std::string();
}

std::string arxiv_from_url(std::string_view url) {
  const std::string lower = unicode::ascii_lower(ascii::trim(url));
  for (std::string_view at :
       {"://arxiv.org/abs/", "://arxiv.org/pdf/", "://arxiv.org/html/", "://www.arxiv.org/abs/"}) {
    const std::size_t found = lower.find(at);
    if (found == std::string::npos || found > 5) continue;  // (the scheme only before it)
    std::string id = lower.substr(found + at.size());
    id = id.substr(0, id.find_first_of("?#"));
    if (id.size() > 4 && id.compare(id.size() - 4, 4, ".pdf") == 0) id.resize(id.size() - 4);
    id = arxiv_without_version(std::move(id));
    if (!id.empty() && std::isdigit(static_cast<unsigned char>(id[0]))) return id;
  }
  return "";
}

std::string arxiv_without_version(std::string id) {
  if (const std::size_t v = id.rfind('v');
      v != std::string::npos && v + 1 < id.size() &&
      id.find_first_not_of("0123456789", v + 1) == std::string::npos)
    id.resize(v);
  return id;
}

int arxiv_year(std::string_view id) {
  // New-style identifiers begin with the year and month they were given: 2403.03883 is March 2024.
  if (id.size() < 9 || id[4] != '.' ||
      id.substr(0, 4).find_first_not_of("0123456789") != std::string_view::npos)
    return 0;
  const int yy = (id[0] - '0') * 10 + (id[1] - '0'), mm = (id[2] - '0') * 10 + (id[3] - '0');
  return yy >= 7 && mm >= 1 && mm <= 12 ? 2000 + yy : 0;
}

std::string arxiv_from_doi(std::string_view doi) {
  const std::string_view d = ascii::trim(doi);
  constexpr std::string_view kPrefix = "10.48550/arxiv.";
  if (d.size() <= kPrefix.size() || unicode::ascii_lower(d.substr(0, kPrefix.size())) != kPrefix)
    return "";
  return clean_arxiv(d.substr(kPrefix.size()));
}

std::string arxiv_from_extra(const std::vector<ExtraField>& extra) {
  const std::string* eprint = nullptr;
  const std::string* archive = nullptr;
  for (const ExtraField& f : extra) {
    if (f.name == "eprint" && !eprint) eprint = &f.value;
    if ((f.name == "archiveprefix" || f.name == "eprinttype") && !archive) archive = &f.value;
  }
  if (!eprint) return {};
  const std::string lower = unicode::ascii_lower(ascii::trim(*eprint));
  // An eprint without its archive is arXiv's when it has the form of an arXiv identifier.
  if ((archive && is_arxiv_prefix(*archive)) || lower.compare(0, 6, "arxiv:") == 0 ||
      (!archive && is_arxiv_id(ascii::trim(*eprint))))
    return clean_arxiv(*eprint);
  return {};
}

std::string arxiv_from_preprint_venue(std::string_view venue,
                                      const std::vector<ExtraField>& extra) {
  const std::string lower = unicode::ascii_lower(venue);
  if (const std::size_t at = lower.find("arxiv:"); at != std::string::npos) {
    std::size_t end = at + 6;
    while (end < venue.size() && venue[end] != ' ' && venue[end] != ',' && venue[end] != ';') ++end;
    return clean_arxiv(venue.substr(at, end - at));
  }
  // "arXiv preprint patt-sol/9708004", "arXiv e-prints 2208.07791": an id among its words.
  for (std::size_t start = 0; start < venue.size();) {
    std::size_t end = venue.find_first_of(" ,;()[]", start);
    if (end == std::string_view::npos) end = venue.size();
    std::string_view word = venue.substr(start, end - start);
    while (!word.empty() && word.back() == '.') word.remove_suffix(1);
    if (is_arxiv_id(word)) return std::string(word);
    start = end + 1;
  }
  for (const ExtraField& f : extra)
    if (f.name == "volume" && f.value.rfind("abs/", 0) == 0)
      return clean_arxiv(std::string_view(f.value).substr(4));
  return "";
}

bool preprint_doi(std::string_view doi) {
  const std::string d = unicode::ascii_lower(ascii::trim(doi));
  for (std::string_view prefix :
       {"10.48550/arxiv.", "10.2139/ssrn.", "10.31219/osf.io/", "10.31234/osf.io/",
        "10.31235/osf.io/", "10.31222/osf.io/", "10.21203/rs.", "10.20944/preprints",
        "10.36227/techrxiv", "10.26434/chemrxiv", "10.22541/au.", "10.31223/"})
    if (d.rfind(prefix, 0) == 0) return true;
  // bioRxiv and medRxiv: 10.1101/ and a number ("2020.03.02.972935", "123456"); Cold Spring
  // Harbor's journals have letters there (10.1101/gr.123).
  return d.rfind("10.1101/", 0) == 0 && d.size() > 8 && d[8] >= '0' && d[8] <= '9';
}

std::string title_key(std::string_view title) {
  const std::string folded = unicode::fold(title);
  std::string key;
  key.reserve(folded.size());
  for (const char c : folded) {
    const auto u = static_cast<unsigned char>(c);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || u >= 0x80) key.push_back(c);
  }
  return key;
}

}  // namespace papershelf::biblio
