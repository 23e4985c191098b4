// Status and type inference (see kinds.hpp).
#include "biblio/kinds.hpp"

#include <algorithm>

#include "biblio/pub_types.hpp"
#include "papershelf/unicode.hpp"
#include "text/ascii.hpp"

namespace papershelf::biblio {

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
      {"soumis", Status::Submitted},
      {"soumise", Status::Submitted},
      {"enrevision", Status::Submitted},
      {"eingereicht", Status::Submitted},
      {"inbegutachtung", Status::Submitted},
      {"enviado", Status::Submitted},
      {"enrevision", Status::Submitted},
      {"sometido", Status::Submitted},
      {"submetido", Status::Submitted},
      {"emrevisao", Status::Submitted},
      {"emavaliacao", Status::Submitted},
      {"sottoposto", Status::Submitted},
      {"inrevisione", Status::Submitted},
      {"enpreparation", Status::InPreparation},
      {"invorbereitung", Status::InPreparation},
      {"enpreparacion", Status::InPreparation},
      {"empreparacao", Status::InPreparation},
      {"inpreparazione", Status::InPreparation},
      {"souspresse", Status::Accepted},
      {"aparaitre", Status::Accepted},
      {"accepte", Status::Accepted},
      {"imdruck", Status::Accepted},
      {"angenommen", Status::Accepted},
      {"enprensa", Status::Accepted},
      {"aceptado", Status::Accepted},
      {"noprelo", Status::Accepted},
      {"aceito", Status::Accepted},
      {"instampa", Status::Accepted},
      {"accettato", Status::Accepted},
  };
  // Chinese and Japanese, as written (squashing keeps only ASCII letters and digits).
  static constexpr std::pair<std::string_view, Status> kCjk[] = {
      {"\u6295\u7a3f\u4e2d", Status::Submitted},       // 投稿中
      {"\u5ba1\u7a3f\u4e2d", Status::Submitted},       // 审稿中
      {"\u67fb\u8aad\u4e2d", Status::Submitted},       // 査読中
      {"\u5df2\u63a5\u6536", Status::Accepted},        // 已接收
      {"\u5f55\u7528", Status::Accepted},              // 录用
      {"\u5f85\u53d1\u8868", Status::Accepted},        // 待发表
      {"\u5370\u5237\u4e2d", Status::Accepted},        // 印刷中
      {"\u63a1\u9332\u6c7a\u5b9a", Status::Accepted},  // 採録決定
      {"\u6e96\u5099\u4e2d", Status::InPreparation},   // 準備中
      {"\u51c6\u5907\u4e2d", Status::InPreparation},   // 准备中
  };
  // (Venue badges such as "NSDI" are shorter than any of the words: no need to squash them.)
  constexpr std::size_t kShortest = 6;  // "soumis"
  for (const auto& [word, status] : kCjk)
    if (text.find(word) != std::string_view::npos && (prefix || ascii::trim(text) == word))
      return status;
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
    if (tail.size() < 6 || tail.size() > 40)
      return std::nullopt;  // ("soumis" is the shortest word)
    const auto said = status_from_label(ascii::trim(tail), false);
    return said && *said != Status::Preprint ? said : std::nullopt;
  };
  // "ICML 2024 (to appear)", "Nature, in press", "Conf - to appear".
  std::size_t cut = std::string_view::npos;
  if (t.back() == ')') {
    cut = t.rfind('(');
  } else if (const std::size_t mark = t.find_last_of(",;"); mark != std::string_view::npos) {
    cut = mark;
  }
  if (const std::size_t dash = t.rfind(" - ");
      dash != std::string_view::npos && (cut == std::string_view::npos || dash > cut))
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
    const std::size_t at = space == std::string_view::npos  ? nbsp
                           : nbsp == std::string_view::npos ? space
                                                            : std::max(space, nbsp);
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
    while (begin < end && (blank(venue[begin]) || venue[begin] == ':' || venue[begin] == ',' ||
                           venue[begin] == '-' || venue[begin] == '.' || venue[begin] == ';' ||
                           venue[begin] == ')'))
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
    if (const std::size_t after = starts(begin, work.substr(0, work.size() - 1));
        after && venue_status(venue.substr(begin))) {
      const std::size_t kept_end = after;
      std::size_t rest = after;
      while (rest < end && blank(venue[rest])) ++rest;
      const auto [b, e] = venue_without_status(venue.substr(rest));
      if (b == e) return {begin, kept_end};
      break;
    }
  // (longest first: "submitted to" before "submitted")
  static constexpr std::string_view kLeading[] = {
      "submitted for publication to",
      "submitted for publication in",
      "submitted for publication",
      "submitted to",
      "submitted at",
      "submitted",
      "accepted for publication in",
      "accepted for publication at",
      "accepted for publication",
      "accepted in",
      "accepted at",
      "accepted to",
      "accepted by",
      "accepted",
      "to appear in",
      "to appear at",
      "to appear",
      "under review at",
      "under review in",
      "under review for",
      "under review",
      "in review at",
      "in review in",
      "in review",
      "under submission to",
      "under submission at",
      "under submission",
      "in press in",
      "in press at",
      "in press",
      "to be published in",
      "to be published at",
      "to be published by",
      "to be published",
      "to be presented at",
      "to be publised in",
      "to be publised",  // (as status_from_label reads it)
      "forthcoming in",
      "forthcoming at",
      "forthcoming",
      "in preparation for",
      "in preparation",
      "in progress",
      "work in progress",
      "soumis \xC3\xA0 la",
      "soumise \xC3\xA0 la",
      "soumis au",
      "soumise au",
      "soumis \xC3\xA0",
      "soumise \xC3\xA0",
      "soumis",
      "soumise",
      "eingereicht bei",
      "eingereicht",
      "enviado a",
      "enviado"};
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
    while (end > begin && (blank(venue[end - 1]) || venue[end - 1] == ',' ||
                           venue[end - 1] == '-' || venue[end - 1] == ';'))
      --end;
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
    if (const std::string* v = p.extra_field(name);
        v && v->find_first_of("0123456789") != std::string::npos)
      return true;
  return false;
}

bool is_preprint_server(std::string_view venue) {
  const std::string v = unicode::ascii_lower(ascii::trim(venue));
  if (v == "corr" || v.rfind("corr ", 0) == 0 || v.rfind("corr,", 0) == 0 || v == "osf")
    return true;
  for (std::string_view server :
       {"arxiv", "biorxiv", "medrxiv", "chemrxiv", "psyarxiv", "socarxiv", "techrxiv", "engrxiv",
        "edarxiv", "eartharxiv", "openrxiv", "ssrn", "preprint", "open science framework",
        "osf preprints", "research square", "authorea"})
    if (v.find(server) != std::string::npos) return true;
  return false;
}

bool says_talk(const std::vector<std::string>& keywords) {
  for (const std::string& k : keywords) {
    const std::string w = unicode::ascii_lower(ascii::trim(k));
    for (std::string_view talk : {"presentation", "presentations", "talk", "talks", "invited talk",
                                  "invited talks", "keynote", "poster", "posters", "seminar"})
      if (w == talk) return true;
  }
  return false;
}

bool says_talk(const Publication& p) {
  return says_talk(p.tags()) ||
         (!p.note().empty() && says_talk(std::vector<std::string>{p.note().text}));
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

PubType infer_type(std::string_view t, Status status, bool shape) {
  if (t == "article") return status == Status::Preprint ? PubType::Preprint : PubType::Journal;
  for (const EntryType& r : kEntryTypes)
    if (r.type == t) return r.pub;
  // A @misc under review is a preprint whether or not it names an eprint.
  return (status == Status::Preprint || status == Status::Submitted || shape) ? PubType::Preprint
                                                                              : PubType::Misc;
}

}  // namespace papershelf::biblio
