// A record's text as every writer shows it (record_text.hpp): taken out of the HTML list, so that
// citations, RIS, metadata and the view model need no HTML writer for a title or a line of names.
#include <algorithm>
#include <cstring>

#include "biblio/kinds.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/record_text.hpp"

namespace papershelf {

std::string full_title(const Publication& p) {
  const std::string subtitle = latex::decoded_field(p, "subtitle");
  if (subtitle.empty()) return p.title.text;
  const char last = p.title.text.empty() ? ' ' : p.title.text.back();
  return p.title.text + (last == '?' || last == '!' || last == ':' || last == '.' ? " " : ": ") +
         subtitle;
}

bool venue_ends_with_year(const Publication& p, std::string_view venue) {
  if (p.date.year <= 0) return false;
  while (!venue.empty() && (venue.back() == ' ' || venue.back() == '.' || venue.back() == ')'))
    venue.remove_suffix(1);
  const std::string year = std::to_string(p.date.year);
  if (venue.size() < year.size() || venue.substr(venue.size() - year.size()) != year) return false;
  // A whole number: "2021", not the end of "12021".
  const char before = venue.size() == year.size() ? 0 : venue[venue.size() - year.size() - 1];
  return before < '0' || before > '9';
}

bool venue_ends_with_year(const Publication& p) { return venue_ends_with_year(p, p.venue.text); }

RichText shown_venue(const Publication& p) {
  if (p.venue.empty()) return p.venue;
  auto [begin, end] = p.status == Status::Published
                          ? std::pair<std::size_t, std::size_t>{0, p.venue.text.size()}
                          : biblio::venue_without_status(p.venue.text);
  // The list puts its own separator after the venue (", 2024"): the value's own is not doubled
  // ("Symposium," in a booktitle).
  while (end > begin && std::strchr(",;: \t\n", p.venue.text[end - 1])) --end;
  if (begin == 0 && end == p.venue.text.size()) return p.venue;
  RichText shown(p.venue.text.substr(begin, end - begin));
  for (const Span& s : p.venue.spans) {
    const std::uint32_t from = std::max<std::uint32_t>(s.begin, static_cast<std::uint32_t>(begin));
    const std::uint32_t to = std::min<std::uint32_t>(s.end, static_cast<std::uint32_t>(end));
    if (from >= to) continue;
    Span cut = s;
    cut.begin = from - static_cast<std::uint32_t>(begin);
    cut.end = to - static_cast<std::uint32_t>(begin);
    shown.spans.push_back(std::move(cut));
  }
  return shown;
}

namespace {
// The same words up to ASCII case ("Under review", "under review").
bool same_text_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) {
      return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}
}  // namespace

bool note_repeats_status(const Publication& p) {
  if (p.status == Status::Published) return false;
  const std::string_view note = p.note().text;
  return same_text_ascii(note, label(p.status)) || same_text_ascii(note, "unpublished") ||
         same_text_ascii(note, "manuscript") || same_text_ascii(note, "unpublished manuscript");
}

bool badge_repeats_status(const Publication& p) {
  return same_text_ascii(p.badge(), label(p.status));
}

AuthorLine collapse_authors(std::vector<std::uint8_t> is_owner, std::size_t max_authors) {
  AuthorLine line;
  const auto n = static_cast<std::uint32_t>(is_owner.size());
  std::uint32_t first_owner = n;
  for (std::uint32_t i = 0; i < n && first_owner == n; ++i)
    if (is_owner[i]) first_owner = i;
  line.is_owner = std::move(is_owner);
  // Unset (0): a list is shown whole up to kLongAuthorList names; a longer one (a large
  // collaboration's paper: thousands of names) shows its first kLongAuthorListShown, as a reader
  // would want, and a page is not laid out around a million bytes of names.
  const std::uint32_t limit =
      max_authors != 0      ? static_cast<std::uint32_t>(std::max<std::size_t>(1, max_authors))
      : n > kLongAuthorList ? kLongAuthorListShown
                            : n;
  if (n <= limit) {
    for (std::uint32_t i = 0; i < n; ++i) line.shown.push_back(i);
    return line;
  }
  for (std::uint32_t i = 0; i < limit; ++i) line.shown.push_back(i);
  if (first_owner != n && first_owner >= limit) line.shown.back() = first_owner;
  line.hidden = n - limit;
  return line;
}

const std::vector<Person>& credited_names(const Publication& p, bool* editors) {
  const bool by_editors = p.authors.empty() && !p.editors().empty();
  if (editors) *editors = by_editors;
  return by_editors ? p.editors() : p.authors;
}

std::string_view editors_label(std::size_t count) { return count == 1 ? "(ed.)" : "(eds.)"; }

AuthorLine author_line(const Publication& p, const OwnerMatcher& owner, std::size_t max_authors) {
  const std::vector<Person>& names = credited_names(p);
  std::vector<std::uint8_t> is_owner(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) is_owner[i] = owner.matches(names[i]);
  return collapse_authors(std::move(is_owner), max_authors);
}

std::string link_label(std::string_view kind) {
  static const std::pair<const char*, const char*> kLabels[] = {
      {"pdf", "PDF"},       {"code", "Code"},       {"slides", "Slides"},   {"video", "Video"},
      {"poster", "Poster"}, {"website", "Website"}, {"html", "Website"},    {"doi", "DOI"},
      {"arxiv", "arXiv"},   {"blog", "Blog"},       {"supp", "Supplement"}, {"url", "Link"}};
  for (const auto& [k, v] : kLabels)
    if (kind == k) return v;
  if (kind.empty()) return "Link";
  // Kinds are field-name suffixes (url_<kind>): ASCII, so no Unicode case tables are needed here
  // (the canvas module links this function and stays small).
  std::string out(kind);
  if (out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

}  // namespace papershelf
