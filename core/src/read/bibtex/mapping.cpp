// Field semantics shared by the BibTeX reader and writer (see mapping.hpp).
#include "read/bibtex/mapping.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>

#include "papershelf/unicode.hpp"
#include "text/bytes.hpp"
#include "text/edit_distance.hpp"
#include "text/string_ids.hpp"

namespace papershelf::bibtex {

int venue_priority(std::string_view lower_name) {
  for (std::size_t i = 0; i < std::size(kVenueFields); ++i)
    if (kVenueFields[i] == lower_name) return static_cast<int>(i);
  return -1;
}

bool names_a_venue(std::string_view value) {
  value = trim(value);
  return !value.empty() && value.rfind("http", 0) != 0 && value.rfind("\\url", 0) != 0;
}

namespace {
constexpr std::string_view kVenueFieldNames[] = {"",          "journaltitle", "journal",
                                                 "booktitle", "school",       "institution",
                                                 "publisher", "organization", "howpublished",
                                                 "eventtitle"};
}  // namespace

VenueField venue_field_named(std::string_view lower_name) {
  for (std::size_t i = 1; i < std::size(kVenueFieldNames); ++i)
    if (kVenueFieldNames[i] == lower_name) return static_cast<VenueField>(i);
  return VenueField::Unknown;
}

std::string_view venue_field_name(VenueField f) { return kVenueFieldNames[static_cast<int>(f)]; }

bool is_link_field(std::string_view n) { return field_role(n) == FieldRole::Link; }

namespace {
struct RoleName {
  std::string_view name;
  FieldRole role;
};
constexpr RoleName kRoleNames[] = {
    {"title", FieldRole::Title},       {"author", FieldRole::Author},
    {"editor", FieldRole::Editor},     {"author+an", FieldRole::AuthorAnnotation},
    {"year", FieldRole::Year},         {"month", FieldRole::Month},
    {"day", FieldRole::Day},           {"date", FieldRole::Date},
    {"abbr", FieldRole::Abbr},         {"selected", FieldRole::Selected},
    {"award", FieldRole::Award},       {"award_name", FieldRole::AwardName},
    {"arxiv", FieldRole::Arxiv},       {"doi", FieldRole::Doi},
    {"preview", FieldRole::Preview},   {"abstract", FieldRole::Abstract},
    {"annotation", FieldRole::Annotation}, {"keywords", FieldRole::Keywords},
    {"note", FieldRole::Note},         {"pubstate", FieldRole::Pubstate},
    {"citations", FieldRole::Citations}, {"crossref", FieldRole::Crossref},
    {"xdata", FieldRole::Xdata},
    // al-folio's link fields
    {"pdf", FieldRole::Link},          {"code", FieldRole::Link},
    {"slides", FieldRole::Link},       {"poster", FieldRole::Link},
    {"video", FieldRole::Link},        {"website", FieldRole::Link},
    {"html", FieldRole::Link},         {"blog", FieldRole::Link},
    {"supp", FieldRole::Link},         {"url", FieldRole::Link},
    // kVenueFields
    {"journaltitle", FieldRole::Venue}, {"journal", FieldRole::Venue},
    {"booktitle", FieldRole::Venue},   {"school", FieldRole::Venue},
    {"institution", FieldRole::Venue}, {"publisher", FieldRole::Venue},
    {"organization", FieldRole::Venue}, {"howpublished", FieldRole::Venue},
    {"eventtitle", FieldRole::Venue},
};
constexpr std::size_t kRoleSlots = 128;  // a power of two, well above the names' count
constexpr std::size_t role_hash(std::string_view n) {
  return (n.size() * 37 + static_cast<unsigned char>(n.front()) * 11 +
          static_cast<unsigned char>(n.back())) &
         (kRoleSlots - 1);
}
// Open addressing, filled at compile time: slot = index into kRoleNames + 1, 0 when empty.
struct RoleTable {
  std::uint8_t slot[kRoleSlots] = {};
  constexpr RoleTable() {
    for (std::size_t i = 0; i < std::size(kRoleNames); ++i) {
      std::size_t h = role_hash(kRoleNames[i].name);
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
    const RoleName& r = kRoleNames[kRoleTable.slot[h] - 1];
    if (bytes::same_bytes(r.name, n)) return r.role;
  }
  return FieldRole::Other;
}

std::string_view meant_name_field(std::string_view n) {
  static constexpr std::string_view kAuthor[] = {"authors", "auther", "authour", "authours", "autor", "autors", "auhtor", "auhtors", "athor", "athors", "aurhor"};
  static constexpr std::string_view kEditor[] = {"editors", "editer", "edtior", "edtor", "editos"};
  for (std::string_view miss : kAuthor)
    if (n == miss) return "author";
  for (std::string_view miss : kEditor)
    if (n == miss) return "editor";
  return {};
}

std::string to_lower_ascii(std::string_view s) { return unicode::ascii_lower(s); }

namespace {
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
}  // namespace

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

namespace {
// Lower-case letters and digits only: "Under-Review!" -> "underreview".
std::string squash(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c >= 'A' && c <= 'Z')
      out.push_back(static_cast<char>(c + 32));
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
      out.push_back(c);
  }
  return out;
}
}  // namespace

std::optional<Status> status_from_pubstate(std::string_view value) {
  const std::string v = squash(value);
  if (v == "submitted" || v == "underreview" || v == "inreview") return Status::Submitted;
  if (v == "inpreparation" || v == "inprogress" || v == "draft") return Status::InPreparation;
  if (v == "forthcoming" || v == "inpress" || v == "accepted" || v == "toappear")
    return Status::Accepted;
  if (v == "prepublished" || v == "preprint") return Status::Preprint;
  if (v == "published") return Status::Published;
  return std::nullopt;
}

std::string_view pubstate_for(Status s) {
  switch (s) {
    case Status::Published:
      return "published";
    case Status::Accepted:
      return "forthcoming";
    case Status::Submitted:
      return "submitted";
    case Status::Preprint:
      return "prepublished";
    case Status::InPreparation:
      return "inpreparation";
  }
  return "published";
}

std::optional<Status> status_from_label(std::string_view text, bool prefix) {
  struct Word {
    std::string_view squashed;
    Status status;
  };
  static constexpr Word kWords[] = {
      {"preprint", Status::Preprint},
      {"arxivpreprint", Status::Preprint},
      {"underreview", Status::Submitted},
      {"inreview", Status::Submitted},
      {"submitted", Status::Submitted},
      {"undersubmission", Status::Submitted},
      {"insubmission", Status::Submitted},
      {"inprogress", Status::InPreparation},
      {"inpreparation", Status::InPreparation},
      {"workinprogress", Status::InPreparation},
      {"toappear", Status::Accepted},
      {"accepted", Status::Accepted},
      {"inpress", Status::Accepted},
      {"forthcoming", Status::Accepted},
      {"tobepublished", Status::Accepted},
      {"tobepublised", Status::Accepted},  // (as written in real files)
      // The same words in the languages papershelf speaks, diacritics folded: French, German,
      // Spanish, Portuguese, Italian.
      {"soumis", Status::Submitted}, {"soumise", Status::Submitted}, {"enrevision", Status::Submitted},
      {"eingereicht", Status::Submitted}, {"inbegutachtung", Status::Submitted},
      {"enviado", Status::Submitted}, {"enrevision", Status::Submitted}, {"sometido", Status::Submitted},
      {"submetido", Status::Submitted}, {"emrevisao", Status::Submitted}, {"emavaliacao", Status::Submitted},
      {"sottoposto", Status::Submitted}, {"inrevisione", Status::Submitted},
      {"enpreparation", Status::InPreparation}, {"invorbereitung", Status::InPreparation},
      {"enpreparacion", Status::InPreparation}, {"empreparacao", Status::InPreparation},
      {"inpreparazione", Status::InPreparation},
      {"souspresse", Status::Accepted}, {"aparaitre", Status::Accepted}, {"accepte", Status::Accepted},
      {"imdruck", Status::Accepted}, {"angenommen", Status::Accepted}, {"enprensa", Status::Accepted},
      {"aceptado", Status::Accepted}, {"noprelo", Status::Accepted}, {"aceito", Status::Accepted},
      {"instampa", Status::Accepted}, {"accettato", Status::Accepted},
  };
  // Chinese and Japanese, as written (squashing keeps only ASCII letters and digits).
  static constexpr std::pair<std::string_view, Status> kCjk[] = {
      {"\u6295\u7a3f\u4e2d", Status::Submitted},      // 投稿中
      {"\u5ba1\u7a3f\u4e2d", Status::Submitted},      // 审稿中
      {"\u67fb\u8aad\u4e2d", Status::Submitted},      // 査読中
      {"\u5df2\u63a5\u6536", Status::Accepted},       // 已接收
      {"\u5f55\u7528", Status::Accepted},              // 录用
      {"\u5f85\u53d1\u8868", Status::Accepted},       // 待发表
      {"\u5370\u5237\u4e2d", Status::Accepted},       // 印刷中
      {"\u63a1\u9332\u6c7a\u5b9a", Status::Accepted},  // 採録決定
      {"\u6e96\u5099\u4e2d", Status::InPreparation},  // 準備中
      {"\u51c6\u5907\u4e2d", Status::InPreparation},  // 准备中
  };
  // (Venue badges such as "NSDI" are shorter than any of the words: no need to squash them.)
  constexpr std::size_t kShortest = 6;  // "soumis"
  for (const auto& [word, status] : kCjk)
    if (text.find(word) != std::string_view::npos && (prefix || trim(text) == word)) return status;
  if (text.size() < kShortest) return std::nullopt;
  std::string v = squash(unicode::fold(text));
  // "Manuscript under review", "Paper in preparation": the word for the work says nothing.
  for (const std::string_view work : {"manuscript", "paper", "article", "draft"})
    if (prefix && v.size() > work.size() + kShortest && v.compare(0, work.size(), work) == 0) {
      v.erase(0, work.size());
      break;
    }
  if (v.size() < kShortest) return std::nullopt;
  for (const Word& w : kWords) {
    if (v == w.squashed) return w.status;
    if (prefix && v.size() > w.squashed.size() && v.compare(0, w.squashed.size(), w.squashed) == 0)
      return w.status;
  }
  if (!prefix) return std::nullopt;
  if (const auto closing = closing_status(text)) return closing->second;
  return std::nullopt;
}

std::optional<std::pair<std::size_t, Status>> closing_status(std::string_view text) {
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '.' || text[end - 1] == '\t')) --end;
  const std::string_view t = text.substr(0, end);
  if (t.empty()) return std::nullopt;
  const auto status_of = [](std::string_view tail) -> std::optional<Status> {
    if (tail.size() < 6 || tail.size() > 40) return std::nullopt;  // ("soumis" is the shortest word)
    const auto said = status_from_label(trim(tail), false);
    return said && *said != Status::Preprint ? said : std::nullopt;
  };
  // "ICML 2024 (to appear)", "Nature, in press", "Conf - to appear".
  std::size_t cut = std::string_view::npos;
  if (t.back() == ')') {
    cut = t.rfind('(');
  } else if (const std::size_t mark = t.find_last_of(",;"); mark != std::string_view::npos) {
    cut = mark;
  }
  if (const std::size_t dash = t.rfind(" - "); dash != std::string_view::npos && (cut == std::string_view::npos || dash > cut))
    cut = dash + 1;
  if (cut != std::string_view::npos && cut > 0) {
    const std::string_view tail = t.substr(cut + 1, t.size() - cut - 1 - (t.back() == ')' ? 1 : 0));
    if (const auto said = status_of(tail)) return std::pair(cut, *said);
  }
  // "\apj~accepted", "ICML 2024 accepted": the last one or two words, after a space.
  std::size_t from = t.size();
  for (int words = 0; words < 2; ++words) {
    const std::size_t space = t.find_last_of(" ", from - 1);
    const std::size_t nbsp = t.rfind("\xC2\xA0", from - 1);
    const std::size_t at = space == std::string_view::npos ? nbsp : nbsp == std::string_view::npos ? space : std::max(space, nbsp);
    if (at == std::string_view::npos || at == 0) break;
    from = at;
    const std::size_t word_begin = t[at] == ' ' ? at + 1 : at + 2;
    if (const auto said = status_of(t.substr(word_begin))) return std::pair(at, *said);
  }
  return std::nullopt;
}

std::optional<Status> venue_status(std::string_view venue) {
  const auto said = status_from_label(venue, true);
  return said && *said != Status::Preprint ? said : std::nullopt;
}

std::pair<std::size_t, std::size_t> venue_without_status(std::string_view venue) {
  std::size_t begin = 0, end = venue.size();
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  const auto skip_separators = [&] {
    while (begin < end && (blank(venue[begin]) || venue[begin] == ':' || venue[begin] == ',' || venue[begin] == '-' ||
                           venue[begin] == '.' || venue[begin] == ';' || venue[begin] == ')'))
      ++begin;
  };
  // Whether the words `phrase` (lower case, single spaces) start the text at `at`, as whole words.
  const auto starts = [&](std::size_t at, std::string_view phrase) -> std::size_t {
    std::size_t i = at;
    for (std::size_t k = 0; k < phrase.size(); ++k) {
      if (phrase[k] == ' ') {
        if (i >= end || !blank(venue[i])) return 0;
        while (i < end && blank(venue[i])) ++i;
        continue;
      }
      const bool ascii = static_cast<unsigned char>(phrase[k]) < 0x80;
      if (i >= end || (ascii ? (venue[i] | 0x20) != phrase[k] : venue[i] != phrase[k])) return 0;
      ++i;
    }
    if (i < end && ((venue[i] | 0x20) >= 'a' && (venue[i] | 0x20) <= 'z')) return 0;
    return i;
  };
  skip_separators();
  // (after "Manuscript" too: "Manuscript under review" shows "Manuscript" beside the badge)
  for (const std::string_view work : {"manuscript ", "paper ", "article "})
    if (const std::size_t after = starts(begin, work.substr(0, work.size() - 1)); after && venue_status(venue.substr(begin))) {
      const std::size_t kept_end = after;
      std::size_t rest = after;
      while (rest < end && blank(venue[rest])) ++rest;
      const auto [b, e] = venue_without_status(venue.substr(rest));
      if (b == e) return {begin, kept_end};
      break;
    }
  // (longest first: "submitted to" before "submitted")
  static constexpr std::string_view kLeading[] = {
      "submitted for publication to", "submitted for publication in", "submitted for publication", "submitted to",
      "submitted at", "submitted", "accepted for publication in", "accepted for publication at", "accepted for publication",
      "accepted in", "accepted at", "accepted to", "accepted by", "accepted", "to appear in", "to appear at", "to appear",
      "under review at", "under review in", "under review for", "under review", "in review at", "in review in", "in review",
      "under submission to", "under submission at", "under submission", "in press in", "in press at", "in press",
      "to be published in", "to be published at", "to be published by", "to be published", "to be presented at",
      "to be publised in", "to be publised",  // (as status_from_label reads it)
      "forthcoming in", "forthcoming at", "forthcoming", "in preparation for", "in preparation", "in progress",
      "work in progress", "soumis \xC3\xA0 la", "soumise \xC3\xA0 la", "soumis au", "soumise au", "soumis \xC3\xA0",
      "soumise \xC3\xA0", "soumis", "soumise", "eingereicht bei", "eingereicht", "enviado a", "enviado"};
  // (One after another: "Accepted, To appear) 20th International Conference...")
  for (bool again = true; again;) {
    again = false;
    for (const std::string_view phrase : kLeading)
      if (const std::size_t after = starts(begin, phrase)) {
        begin = after;
        skip_separators();
        again = true;
        break;
      }
  }
  // A closing "(to appear)", ", in press", " - submitted", " accepted" (closing_status).
  while (end > begin && (blank(venue[end - 1]) || venue[end - 1] == '.')) --end;
  if (const auto closing = closing_status(venue.substr(begin, end - begin))) {
    end = begin + closing->first;
    while (end > begin && (blank(venue[end - 1]) || venue[end - 1] == ',' || venue[end - 1] == '-' || venue[end - 1] == ';')) --end;
  }
  if (begin >= end) return {0, 0};
  return {begin, end};
}

std::optional<Status> details_status(const Publication& p) {
  for (const char* name : {"volume", "pages", "number"})
    if (const std::string* v = p.extra_field(name))
      if (const auto said = venue_status(*v)) return said;
  return std::nullopt;
}

bool details_show_it_appeared(const Publication& p) {
  if (details_status(p)) return false;
  for (const char* name : {"volume", "pages"})
    if (const std::string* v = p.extra_field(name); v && v->find_first_of("0123456789") != std::string::npos) return true;
  return false;
}

bool is_preprint_server(std::string_view venue) {
  const std::string v = to_lower_ascii(trim(venue));
  if (v == "corr" || v.rfind("corr ", 0) == 0 || v.rfind("corr,", 0) == 0 || v == "osf") return true;
  for (std::string_view server : {"arxiv", "biorxiv", "medrxiv", "chemrxiv", "psyarxiv", "socarxiv", "techrxiv", "engrxiv", "edarxiv",
                                  "eartharxiv", "openrxiv", "ssrn", "preprint", "open science framework", "osf preprints",
                                  "research square", "authorea"})
    if (v.find(server) != std::string::npos) return true;
  return false;
}

bool preprint_doi(std::string_view doi) {
  const std::string d = to_lower_ascii(trim(doi));
  for (std::string_view prefix : {"10.48550/arxiv.", "10.2139/ssrn.", "10.31219/osf.io/", "10.31234/osf.io/", "10.31235/osf.io/",
                                  "10.31222/osf.io/", "10.21203/rs.", "10.20944/preprints", "10.36227/techrxiv", "10.26434/chemrxiv",
                                  "10.22541/au.", "10.31223/"})
    if (d.rfind(prefix, 0) == 0) return true;
  // bioRxiv and medRxiv: 10.1101/ and a number ("2020.03.02.972935", "123456"); Cold Spring
  // Harbor's journals have letters there (10.1101/gr.123).
  return d.rfind("10.1101/", 0) == 0 && d.size() > 8 && d[8] >= '0' && d[8] <= '9';
}

bool says_talk(const std::vector<std::string>& keywords) {
  for (const std::string& k : keywords) {
    const std::string w = to_lower_ascii(trim(k));
    for (std::string_view talk : {"presentation", "presentations", "talk", "talks", "invited talk", "invited talks", "keynote", "poster", "posters", "seminar"})
      if (w == talk) return true;
  }
  return false;
}

std::string arxiv_in_text(std::string_view text) {
  const std::string lower = to_lower_ascii(text);
  std::size_t at = lower.find("arxiv");
  if (at == std::string::npos) at = lower.find("eprint");
  if (at == std::string::npos) return {};
  // The first word after the keyword that is an id ("arXiv:2101.01234", "eprint: hep-th/9901001").
  for (std::size_t start = at; start < text.size();) {
    std::size_t end = text.find_first_of(" ,;()[]", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(start, end - start);
    if (const std::size_t colon = word.rfind(':'); colon != std::string_view::npos) word.remove_prefix(colon + 1);
    while (!word.empty() && word.back() == '.') word.remove_suffix(1);
    if (is_arxiv_id(word)) return std::string(word);
    start = end + 1;
  }
  return {};
}

std::string doi_in_text(std::string_view text) {
  const std::string lower = to_lower_ascii(text);
  const std::size_t at = lower.find("doi");
  if (at == std::string::npos) return {};
  const std::size_t prefix = lower.find("10.", at);
  if (prefix == std::string::npos || prefix > at + 20) return {};  // (the DOI follows its name)
  std::size_t end = prefix;
  while (end < text.size() && text[end] != ' ' && text[end] != ',' && text[end] != ';' && text[end] != '\n') ++end;
  return clean_doi(text.substr(prefix, end - prefix));
}

bool says_talk(const Publication& p) {
  return says_talk(p.tags()) || (!p.note().empty() && says_talk(std::vector<std::string>{p.note().text}));
}

std::string arxiv_from_url(std::string_view url) {
  const std::string lower = to_lower_ascii(trim(url));
  for (std::string_view at : {"://arxiv.org/abs/", "://arxiv.org/pdf/", "://arxiv.org/html/", "://www.arxiv.org/abs/"}) {
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
  if (const std::size_t v = id.rfind('v'); v != std::string::npos && v + 1 < id.size() &&
                                           id.find_first_not_of("0123456789", v + 1) == std::string::npos)
    id.resize(v);
  return id;
}

int arxiv_year(std::string_view id) {
  // New-style identifiers begin with the year and month they were given: 2403.03883 is March 2024.
  if (id.size() < 9 || id[4] != '.' || id.substr(0, 4).find_first_not_of("0123456789") != std::string_view::npos) return 0;
  const int yy = (id[0] - '0') * 10 + (id[1] - '0'), mm = (id[2] - '0') * 10 + (id[3] - '0');
  return yy >= 7 && mm >= 1 && mm <= 12 ? 2000 + yy : 0;
}

std::string arxiv_from_doi(std::string_view doi) {
  const std::string_view d = trim(doi);
  constexpr std::string_view kPrefix = "10.48550/arxiv.";
  if (d.size() <= kPrefix.size() || to_lower_ascii(d.substr(0, kPrefix.size())) != kPrefix) return "";
  return clean_arxiv(d.substr(kPrefix.size()));
}

std::string arxiv_from_preprint_venue(std::string_view venue, const std::vector<ExtraField>& extra) {
  const std::string lower = to_lower_ascii(venue);
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
    if (f.name == "volume" && f.value.rfind("abs/", 0) == 0) return clean_arxiv(std::string_view(f.value).substr(4));
  return "";
}

bool preprint_shape(std::string_view type, bool has_arxiv, bool has_venue) {
  if (type == "unpublished") return !has_venue;  // (an extended abstract with its booktitle)
  const bool misc_like = type == "misc" || type == "article" || type == "online" ||
                         type == "electronic" || type == "www";
  return misc_like && has_arxiv && !has_venue;
}

Status infer_status(const StatusClues& c) {
  if (c.pubstate) return *c.pubstate;
  // Then the badge and the note; a specific status there ("Under review", "Submitted", "To
  // appear", "In progress") beats the generic "Preprint", since al-folio users often keep
  // abbr={Preprint} on a paper whose note says where it is under review.
  const auto badge = status_from_label(c.badge, false);
  const auto note = status_from_label(c.note, true);
  if (badge && note && *badge == Status::Preprint) return *note;
  if (badge) return *badge;
  if (c.venue_status) return *c.venue_status;
  // A note comes after what the record's own fields say: "Aceptado" in the note of an article
  // that has its volume and number is a note written before it appeared.
  if (c.appeared) return Status::Published;
  if (note) return *note;
  if (preprint_shape(c.entry_type, c.has_arxiv, c.has_venue)) return Status::Preprint;
  return Status::Published;
}

namespace {

// The entry types with a type of their own in the model (the rest are misc, or by their status).
struct TypeRow {
  std::string_view type;
  PubType pub;
};
constexpr TypeRow kTypeRows[] = {
    {"inproceedings", PubType::Conference},
    {"conference", PubType::Conference},
    {"periodical", PubType::Journal},
    {"book", PubType::Book},
    {"mvbook", PubType::Book},
    {"booklet", PubType::Book},
    {"collection", PubType::Book},
    {"mvcollection", PubType::Book},
    {"proceedings", PubType::Book},
    {"mvproceedings", PubType::Book},
    {"reference", PubType::Book},
    {"mvreference", PubType::Book},
    {"inbook", PubType::Chapter},
    {"incollection", PubType::Chapter},
    {"bookinbook", PubType::Chapter},
    {"suppbook", PubType::Chapter},
    {"suppcollection", PubType::Chapter},
    {"inreference", PubType::Chapter},
    {"bookchapter", PubType::Chapter},
    {"chapter", PubType::Chapter},
    {"phdthesis", PubType::Thesis},
    {"mastersthesis", PubType::Thesis},
    {"thesis", PubType::Thesis},
    {"techreport", PubType::Report},
    {"report", PubType::Report},
    {"manual", PubType::Report},
    {"patent", PubType::Patent},
    {"dataset", PubType::Dataset},
    {"data", PubType::Dataset},
    {"software", PubType::Software},
    {"talk", PubType::Talk},
    {"presentation", PubType::Talk},
    {"unpublished", PubType::Preprint},
};

}  // namespace

std::string_view near_entry_type(std::string_view t) {
  if (t.size() < 4) return {};
  const std::size_t limit = t.size() >= 9 ? 2 : 1;  // (@cvtalk is a CV's own type, not a typo of @talk)
  for (const TypeRow& r : kTypeRows)
    if (detail::edit_distance(t, r.type, limit) <= limit) return r.type;
  for (std::string_view known : {"article", "misc", "online"})
    if (detail::edit_distance(t, known, 1) <= 1) return known;
  return {};
}

bool is_known_entry_type(std::string_view t) {
  static constexpr std::string_view kOthers[] = {
      "article", "misc", "online", "electronic", "www", "webpage", "set", "xdata", "artwork", "audio", "image",
      "movie", "music", "performance", "video", "letter", "jurisdiction", "legislation", "legal", "standard",
      "commentary", "review", "suppperiodical", "bibnote", "customa", "customb", "customc", "customd",
      "custome", "customf", "inpress", "mathesis", "proceedings"};
  return std::any_of(std::begin(kTypeRows), std::end(kTypeRows), [&](const TypeRow& r) { return r.type == t; }) ||
         std::find(std::begin(kOthers), std::end(kOthers), t) != std::end(kOthers);
}

PubType infer_type(std::string_view t, Status status, bool shape) {
  if (t == "article") return status == Status::Preprint ? PubType::Preprint : PubType::Journal;
  for (const TypeRow& r : kTypeRows)
    if (r.type == t) return r.pub;
  // A @misc under review is a preprint whether or not it names an eprint.
  return (status == Status::Preprint || status == Status::Submitted || shape) ? PubType::Preprint : PubType::Misc;
}

std::string_view entry_type_for(PubType t) {
  switch (t) {
    case PubType::Conference:
      return "inproceedings";
    case PubType::Journal:
      return "article";
    case PubType::Preprint:
      return "unpublished";
    case PubType::Thesis:
      return "phdthesis";
    case PubType::Book:
      return "book";
    case PubType::Chapter:
      return "incollection";
    case PubType::Report:
      return "techreport";
    case PubType::Talk:
      return "talk";
    case PubType::Patent:
      return "patent";
    case PubType::Dataset:
      return "dataset";
    case PubType::Software:
      return "software";
    case PubType::Misc:
      return "misc";
  }
  return "misc";
}

std::string_view venue_field_for(PubType t) {
  switch (t) {
    case PubType::Conference:
    case PubType::Chapter:
      return "booktitle";
    case PubType::Thesis:
      return "school";
    case PubType::Report:
      return "institution";
    case PubType::Book:
    case PubType::Misc:
    case PubType::Talk:
    case PubType::Patent:
    case PubType::Dataset:
    case PubType::Software:
      return "publisher";
    case PubType::Journal:
    case PubType::Preprint:
      return "journal";
  }
  return "journal";
}

std::optional<long long> parse_integer(std::string_view s) {
  s = trim(s);
  while (s.size() >= 2 && s.front() == '{' && s.back() == '}') s = trim(s.substr(1, s.size() - 2));
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
  s = trim(s);
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
  const std::string lower = to_lower_ascii(s);
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

std::string clean_doi(std::string_view s) {
  s = trim(s);
  const std::size_t at = s.find("10.");
  if (at == std::string_view::npos) {
    // A shortDOI (10/f5xswg, doi.org's short form of a DOI): a handle doi.org resolves as any.
    const std::size_t slash = s.find("10/");
    if (slash == std::string_view::npos || (slash > 0 && s[slash - 1] != '/' && s[slash - 1] != ':' && s[slash - 1] != ' '))
      return {};
    std::string_view code = s.substr(slash + 3);
    while (!code.empty() && (code.back() == '.' || code.back() == '}')) code.remove_suffix(1);
    const bool short_code = !code.empty() && code.size() <= 16 &&
                            std::all_of(code.begin(), code.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
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
  s = trim(s);
  const std::string lower = to_lower_ascii(s);
  for (std::string_view prefix : {"https://arxiv.org/abs/", "http://arxiv.org/abs/",
                                  "https://arxiv.org/pdf/", "http://arxiv.org/pdf/", "arxiv:"}) {
    if (lower.compare(0, prefix.size(), prefix) == 0) {
      s.remove_prefix(prefix.size());
      break;
    }
  }
  return std::string(trim(s));
}

std::string clean_url(std::string_view s) {
  s = trim(s);
  if (s.size() > 6 && s.substr(0, 5) == "\\url{" && s.back() == '}') s = s.substr(5, s.size() - 6);
  while (s.size() >= 2 && s.front() == '{' && s.back() == '}') s = s.substr(1, s.size() - 2);
  // An HTML link pasted into the field ("doi:<a href="https://doi.org/...">...</a>"): its href.
  if (const std::size_t href = s.find("href=\""); href != std::string_view::npos) {
    const std::size_t end = s.find('"', href + 6);
    if (end != std::string_view::npos) s = s.substr(href + 6, end - href - 6);
  }
  // (Trimmed before unescaping: an escape never makes or removes a space at either end.)
  s = trim(s);
  if (s.find_first_of("{}\\") == std::string_view::npos && s.rfind("www.", 0) != 0) return std::string(s);
  std::string out;
  out.reserve(s.size() + 7);
  // "www.springer.com/...": a web address without its scheme, not a path on this site.
  if (s.rfind("www.", 0) == 0) out = "http://";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    // Mendeley braces its escapes (content{\_}CVPR, a{~}b, {\%}20); braces are never part of
    // an address (a browser would send them as %7B, %7D).
    if (c == '{' || c == '}') continue;
    if (c == '\\' && i + 1 < s.size() && std::strchr("_%#&~$", s[i + 1]) && s[i + 1] != '\0') continue;
    out.push_back(c);
  }
  return out;
}

bool is_arxiv_prefix(std::string_view archive) { return to_lower_ascii(trim(archive)) == "arxiv"; }

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

}  // namespace papershelf::bibtex

namespace papershelf::bibtex {

std::string arxiv_from_extra(const std::vector<ExtraField>& extra) {
  const std::string* eprint = nullptr;
  const std::string* archive = nullptr;
  for (const ExtraField& f : extra) {
    if (f.name == "eprint" && !eprint) eprint = &f.value;
    if ((f.name == "archiveprefix" || f.name == "eprinttype") && !archive) archive = &f.value;
  }
  if (!eprint) return {};
  const std::string lower = to_lower_ascii(trim(*eprint));
  // An eprint without its archive is arXiv's when it has the form of an arXiv identifier.
  if ((archive && is_arxiv_prefix(*archive)) || lower.compare(0, 6, "arxiv:") == 0 || (!archive && is_arxiv_id(trim(*eprint))))
    return clean_arxiv(*eprint);
  return {};
}

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
  if (slash == std::string_view::npos || slash == 0 || !digits(slash + 1, 7) || !version_or_end(slash + 8)) return false;
  std::size_t k = 0;
  while (k < slash && ((id[k] >= 'a' && id[k] <= 'z') || id[k] == '-')) ++k;
  const auto upper = [&](std::size_t at) { return id[at] >= 'A' && id[at] <= 'Z'; };
  return k > 0 && (k == slash || (k + 3 == slash && id[k] == '.' && upper(k + 1) && upper(k + 2)));
}

// ---------------------------------------------------------------- links, after every reader

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
  if (std::none_of(p.links.begin(), p.links.end(), [](const Link& l) { return l.label == "url"; }) ||
      std::none_of(p.links.begin(), p.links.end(), is_id_link))
    return;
  detail::StringIds id_targets;  // (one look-up per url: comparing each with each was quadratic)
  for (const Link& l : p.links)
    if (is_id_link(l)) id_targets.insert(target_of(l.url));
  std::vector<std::uint8_t> repeated(p.links.size());  // (decided before anything moves)
  for (std::size_t i = 0; i < p.links.size(); ++i)
    repeated[i] = p.links[i].label == "url" && id_targets.find(target_of(p.links[i].url)) != detail::StringIds::kAbsent;
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
      for (std::size_t k = 0; k < kept && !repeat; ++k) repeat = p.links[k].label == l.label && p.links[k].url == l.url;
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
  while (e > b && (v[e - 1] == ' ' || v[e - 1] == '\t' || v[e - 1] == '\n' || v[e - 1] == '\r')) --e;
  const std::string_view t = v.substr(b, e - b);
  if ((t.rfind("http://", 0) == 0 || t.rfind("https://", 0) == 0) && t.find(' ') == std::string_view::npos) return clean_url(t);
  return {};
}

}  // namespace papershelf::bibtex
