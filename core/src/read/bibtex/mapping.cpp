// BibTeX's own field roles, entry types and months for its reader (see mapping.hpp).
#include "read/bibtex/mapping.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <iterator>

#include "biblio/bibtex_fields.hpp"
#include "biblio/pub_types.hpp"
#include "papershelf/unicode.hpp"
#include "text/ascii.hpp"
#include "text/bytes.hpp"
#include "text/edit_distance.hpp"

namespace papershelf::bibtex {

namespace {
struct RoleName {
  std::string_view name;
  FieldRole role = FieldRole::Other;
};
constexpr RoleName kRoleNames[] = {
    {"title", FieldRole::Title},
    {"author", FieldRole::Author},
    {"editor", FieldRole::Editor},
    {"author+an", FieldRole::AuthorAnnotation},
    {"year", FieldRole::Year},
    {"month", FieldRole::Month},
    {"day", FieldRole::Day},
    {"date", FieldRole::Date},
    {"abbr", FieldRole::Abbr},
    {"selected", FieldRole::Selected},
    {"award", FieldRole::Award},
    {"award_name", FieldRole::AwardName},
    {"arxiv", FieldRole::Arxiv},
    {"doi", FieldRole::Doi},
    {"preview", FieldRole::Preview},
    {"abstract", FieldRole::Abstract},
    {"annotation", FieldRole::Annotation},
    {"keywords", FieldRole::Keywords},
    {"note", FieldRole::Note},
    {"pubstate", FieldRole::Pubstate},
    {"citations", FieldRole::Citations},
    {"crossref", FieldRole::Crossref},
    {"xdata", FieldRole::Xdata},
};
constexpr std::size_t kRoleSlots = 128;  // a power of two, well above the names' count
constexpr std::size_t role_hash(std::string_view n) {
  return (n.size() * 37 + static_cast<unsigned char>(n.front()) * 11 +
          static_cast<unsigned char>(n.back())) &
         (kRoleSlots - 1);
}
// Open addressing, filled at compile time from the roles above, the link fields and the venue
// fields (biblio/bibtex_fields.hpp): slot = index into `names` + 1, 0 when empty.
struct RoleTable {
  static constexpr std::size_t kCount =
      std::size(kRoleNames) + std::size(biblio::kLinkFields) + std::size(biblio::kVenueFields);
  RoleName names[kCount] = {};
  std::uint8_t slot[kRoleSlots] = {};
  constexpr RoleTable() {
    std::size_t n = 0;
    for (const RoleName& r : kRoleNames) names[n++] = r;
    for (const std::string_view link : biblio::kLinkFields) names[n++] = {link, FieldRole::Link};
    for (const std::string_view venue : biblio::kVenueFields)
      names[n++] = {venue, FieldRole::Venue};
    for (std::size_t i = 0; i < kCount; ++i) {
      std::size_t h = role_hash(names[i].name);
      while (slot[h]) h = (h + 1) & (kRoleSlots - 1);
      slot[h] = static_cast<std::uint8_t>(i + 1);
    }
  }
};
constexpr RoleTable kRoleTable;
}  // namespace

FieldRole field_role(std::string_view n) {
  if (n.empty()) return FieldRole::Other;
  for (std::size_t h = role_hash(n); kRoleTable.slot[h]; h = (h + 1) & (kRoleSlots - 1)) {
    const RoleName& r = kRoleTable.names[kRoleTable.slot[h] - 1];
    if (bytes::same_bytes(r.name, n)) return r.role;
  }
  return FieldRole::Other;
}

std::string_view meant_name_field(std::string_view n) {
  static constexpr std::string_view kAuthor[] = {"authors", "auther", "authour", "authours",
                                                 "autor",   "autors", "auhtor",  "auhtors",
                                                 "athor",   "athors", "aurhor"};
  static constexpr std::string_view kEditor[] = {"editors", "editer", "edtior", "edtor", "editos"};
  for (std::string_view miss : kAuthor)
    if (n == miss) return "author";
  for (std::string_view miss : kEditor)
    if (n == miss) return "editor";
  return {};
}

std::string_view near_entry_type(std::string_view t) {
  if (t.size() < 4) return {};
  const std::size_t limit =
      t.size() >= 9 ? 2 : 1;  // (@cvtalk is a CV's own type, not a typo of @talk)
  for (const biblio::EntryType& r : biblio::kEntryTypes)
    if (detail::edit_distance(t, r.type, limit) <= limit) return r.type;
  for (std::string_view known : {"article", "misc", "online"})
    if (detail::edit_distance(t, known, 1) <= 1) return known;
  return {};
}

bool is_known_entry_type(std::string_view t) {
  static constexpr std::string_view kOthers[] = {
      "article",    "misc",         "online",         "electronic",  "www",
      "webpage",    "set",          "xdata",          "artwork",     "audio",
      "image",      "movie",        "music",          "performance", "video",
      "letter",     "jurisdiction", "legislation",    "legal",       "standard",
      "commentary", "review",       "suppperiodical", "bibnote",     "customa",
      "customb",    "customc",      "customd",        "custome",     "customf",
      "inpress",    "mathesis",     "proceedings"};
  return std::any_of(std::begin(biblio::kEntryTypes), std::end(biblio::kEntryTypes),
                     [&](const biblio::EntryType& r) { return r.type == t; }) ||
         std::find(std::begin(kOthers), std::end(kOthers), t) != std::end(kOthers);
}

std::optional<long long> parse_integer(std::string_view s) {
  s = ascii::trim(s);
  while (s.size() >= 2 && s.front() == '{' && s.back() == '}')
    s = ascii::trim(s.substr(1, s.size() - 2));
  long long v = 0;
  const char* end = s.data() + s.size();
  auto r = std::from_chars(s.data(), end, v);
  if (s.empty() || r.ec != std::errc() || r.ptr != end) return std::nullopt;
  return v;
}

int parse_month(std::string_view s) {
  int day = 0;
  return parse_month_day(s, day);
}

int parse_month_day(std::string_view s, int& day) {
  day = 0;
  s = ascii::trim(s);
  if (auto n = parse_integer(s)) return (*n >= 1 && *n <= 12) ? static_cast<int>(*n) : 0;
  static constexpr std::string_view kNames[] = {"january",   "february", "march",    "april",
                                                "may",       "june",     "july",     "august",
                                                "september", "october",  "november", "december"};
  auto month_named = [](std::string_view word) {
    for (int m = 0; m < 12; ++m) {
      const std::string_view name = kNames[m];
      if (word == name || (word.size() == 3 && name.compare(0, 3, word) == 0) ||
          (word == "sept" && m == 8))
        return m + 1;
    }
    return 0;
  };
  // The usual value: one word of letters (the jan..dec macros expand to the names), looked up
  // without the scan below.
  if (s.size() >= 3 && s.size() <= 9) {
    char lower[9];
    bool letters = true;
    for (std::size_t i = 0; i < s.size(); ++i) {
      lower[i] = static_cast<char>(s[i] | 0x20);
      letters = letters && lower[i] >= 'a' && lower[i] <= 'z';
    }
    if (letters) return month_named(std::string_view(lower, s.size()));
  }
  // Words and numbers: "July 30th", "2 sep", "Sept."; anything else means "not
  // a month".
  int month = 0;
  const std::string lower = unicode::ascii_lower(s);
  std::size_t i = 0;
  while (i < lower.size()) {
    if (std::strchr(" .,-~", lower[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < lower.size() && !std::strchr(" .,-~", lower[i])) ++i;
    std::string_view word = std::string_view(lower).substr(start, i - start);
    if (word[0] >= '0' && word[0] <= '9') {
      for (std::string_view ordinal : {"st", "nd", "rd", "th"})
        if (word.size() > 2 && word.substr(word.size() - 2) == ordinal) word.remove_suffix(2);
      const auto n = parse_integer(word);
      if (!n || *n < 1 || *n > 31 || day) return 0;
      day = static_cast<int>(*n);
      continue;
    }
    const int found = month_named(word);
    if (!found || month) return 0;
    month = found;
  }
  if (!month) day = 0;
  return month;
}

}  // namespace papershelf::bibtex
