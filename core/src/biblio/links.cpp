// Links cleaned and tidied the same way after every reader (see links.hpp).
#include "biblio/links.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "text/ascii.hpp"
#include "text/string_ids.hpp"

namespace papershelf::biblio {

std::string clean_url(std::string_view s) {
  s = ascii::trim(s);
  if (s.size() > 6 && s.substr(0, 5) == "\\url{" && s.back() == '}') s = s.substr(5, s.size() - 6);
  while (s.size() >= 2 && s.front() == '{' && s.back() == '}') s = s.substr(1, s.size() - 2);
  // An HTML link pasted into the field ("doi:<a href="https://doi.org/...">...</a>"): its href.
  if (const std::size_t href = s.find("href=\""); href != std::string_view::npos) {
    const std::size_t end = s.find('"', href + 6);
    if (end != std::string_view::npos) s = s.substr(href + 6, end - href - 6);
  }
  // (Trimmed before unescaping: an escape never makes or removes a space at either end.)
  s = ascii::trim(s);
  if (s.find_first_of("{}\\") == std::string_view::npos && s.rfind("www.", 0) != 0)
    return std::string(s);
  std::string out;
  out.reserve(s.size() + 7);
  // "www.springer.com/...": a web address without its scheme, not a path on this site.
  if (s.rfind("www.", 0) == 0) out = "http://";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    // Mendeley braces its escapes (content{\_}CVPR, a{~}b, {\%}20); braces are never part of
    // an address (a browser would send them as %7B, %7D).
    if (c == '{' || c == '}') continue;
    if (c == '\\' && i + 1 < s.size() && std::strchr("_%#&~$", s[i + 1]) && s[i + 1] != '\0')
      continue;
    out.push_back(c);
  }
  return out;
}

namespace {

// A url that is the paper's DOI or arXiv address again (DBLP, ORCID, Mendeley write both): one
// button is enough. Addresses are compared without scheme and "www.", DOI hosts as one and
// DOIs in any case.
std::string_view without_host_prefix(std::string_view u, bool& doi) {
  for (std::string_view prefix : {"https://", "http://", "www."})
    if (u.rfind(prefix, 0) == 0) u.remove_prefix(prefix.size());
  doi = false;
  for (std::string_view host : {"dx.doi.org/", "doi.org/"}) {
    if (u.rfind(host, 0) == 0) {
      doi = true;
      return u.substr(host.size());
    }
  }
  return u;
}

// Where an address leads, as compared: "doi:" and the DOI in lower case, or "url:" and the rest.
std::string target_of(std::string_view url) {
  bool doi = false;
  url = without_host_prefix(url, doi);
  std::string target = doi ? "doi:" : "url:";
  for (const char c : url) target += doi && c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
  return target;
}

void drop_repeated_links(Publication& p) {
  const auto is_id_link = [](const Link& l) { return l.label == "doi" || l.label == "arxiv"; };
  if (std::none_of(p.links.begin(), p.links.end(),
                   [](const Link& l) { return l.label == "url"; }) ||
      std::none_of(p.links.begin(), p.links.end(), is_id_link))
    return;
  detail::StringIds id_targets;  // (one look-up per url: comparing each with each was quadratic)
  for (const Link& l : p.links)
    if (is_id_link(l)) id_targets.insert(target_of(l.url));
  std::vector<std::uint8_t> repeated(p.links.size());  // (decided before anything moves)
  for (std::size_t i = 0; i < p.links.size(); ++i)
    repeated[i] = p.links[i].label == "url" &&
                  id_targets.find(target_of(p.links[i].url)) != detail::StringIds::kAbsent;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < p.links.size(); ++i)
    if (!repeated[i]) {
      if (kept != i) p.links[kept] = std::move(p.links[i]);
      ++kept;
    }
  p.links.resize(kept);
}

// The same label and address twice is one link, the first. (Looking through the links before
// adding each one made 52,000 addresses in one url field quadratic.)
void drop_duplicate_links(Publication& p) {
  constexpr std::size_t kFew = 8;  // as many as records have: compared in place
  detail::StringIds seen;
  std::string label_and_url;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < p.links.size(); ++i) {
    const Link& l = p.links[i];
    bool repeat = false;
    if (p.links.size() <= kFew) {
      for (std::size_t k = 0; k < kept && !repeat; ++k)
        repeat = p.links[k].label == l.label && p.links[k].url == l.url;
    } else {
      label_and_url = std::to_string(l.label.size()) + ':' + l.label + l.url;
      bool added = false;
      seen.insert(label_and_url, added);
      repeat = !added;
    }
    if (repeat) continue;
    if (kept != i) p.links[kept] = std::move(p.links[i]);
    ++kept;
  }
  p.links.resize(kept);
}

}  // namespace

void tidy_links(Publication& p) {
  drop_duplicate_links(p);
  drop_repeated_links(p);
}

std::string address_in_text(std::string_view v) {
  // The first \url{...} or \href{...}{...} alike: the BibTeX writer writes a link whose text is
  // its address as \url, so the two must give the same record.
  const std::size_t url = v.find("\\url{"), href = v.find("\\href{");
  if (url != std::string_view::npos || href != std::string_view::npos) {
    const std::size_t at = std::min(url, href), start = v.find('{', at) + 1;
    const std::size_t end = v.find('}', start);
    return end == std::string_view::npos ? std::string() : clean_url(v.substr(start, end - start));
  }
  std::size_t b = 0, e = v.size();
  while (b < e && (v[b] == ' ' || v[b] == '\t' || v[b] == '\n' || v[b] == '\r')) ++b;
  while (e > b && (v[e - 1] == ' ' || v[e - 1] == '\t' || v[e - 1] == '\n' || v[e - 1] == '\r'))
    --e;
  const std::string_view t = v.substr(b, e - b);
  if ((t.rfind("http://", 0) == 0 || t.rfind("https://", 0) == 0) &&
      t.find(' ') == std::string_view::npos)
    return clean_url(t);
  return {};
}

}  // namespace papershelf::biblio
