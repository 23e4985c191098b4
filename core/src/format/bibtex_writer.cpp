// format_bibtex: one Publication as clean BibTeX that read_bibtex maps back to
// an equal model. It writes only what the reader would not infer by itself
// (e.g. `pubstate` only when the status does not follow from the entry type,
// badge, note and arXiv id) and uses the vocabulary it shares with the reader
// (biblio/).
#include <algorithm>

#include "biblio/bibtex_fields.hpp"
#include "biblio/identifiers.hpp"
#include "biblio/kinds.hpp"
#include "biblio/links.hpp"
#include "biblio/pub_types.hpp"
#include "biblio/record_keys.hpp"
#include "format/html_out.hpp"
#include "model/dates.hpp"
#include "papershelf/export.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"
#include "text/string_ids.hpp"

namespace papershelf {
namespace {

bool starts_lower(std::string_view s) { return !s.empty() && s[0] >= 'a' && s[0] <= 'z'; }

// Plain text as BibTeX: as it is when the reader would read it back unchanged (a keyword
// `peer_reviewed` stays so, not `peer\_reviewed`), escaped only where decoding would change it.
std::string encode_plain(std::string_view s) {
  std::string text(s);
  if (latex::decode(text).text == text) return text;
  return latex::encode(RichText(std::move(text)));
}

// One name in "von Last, Jr, First" form, markers after the family name (when `marks`).
void append_bibtex_name(detail::HtmlOut& o, const Person& p, bool marks) {
  if (p.is_literal()) {
    o << "{" << encode_plain(p.literal()) << "}";
    if (marks) o << p.marks();
    return;
  }
  if (!p.particle().empty()) o << encode_plain(p.particle()) << " ";
  const bool several_words = p.family().find(' ') != std::string::npos;
  // A lower-case family of several words must not be read as "von Last".
  const bool braced = p.particle().empty() && several_words && starts_lower(p.family());
  if (braced) o << "{";
  o << encode_plain(p.family());
  if (braced) o << "}";
  if (marks) o << p.marks();
  if (!p.suffix().empty()) {
    o << ", " << encode_plain(p.suffix()) << ",";
    if (!p.given().empty()) o << " " << encode_plain(p.given());
  } else if (!p.given().empty()) {
    o << ", " << encode_plain(p.given());
  } else if (several_words && p.particle().empty()) {
    o << ",";  // "Vera Pérez," : without the comma "Vera" would be a first name
  }
}

}  // namespace

std::string format_bibtex_names(const std::vector<Person>& people, bool others, bool marks) {
  std::string out;
  detail::HtmlOut o(out);  // BibTeX text: only its raw appends are used
  for (const Person& p : people) {
    if (!out.empty()) o << " and ";
    append_bibtex_name(o, p, marks);
  }
  if (others) o << (out.empty() ? "others" : " and others");
  return out;
}

namespace {

// The fields a visitor's BibTeX keeps: what BibTeX's and biblatex's styles print and reference
// managers import. Everything else is the owner's (al-folio's abbr, selected, award...; Zotero's
// file paths and reading tags; a theme's own flags), however it is named: an allow-list, so a
// field no one foresaw never reaches a visitor.
const std::vector<std::string_view> kVisitorFields = {
    "author",     "editor",     "translator",    "title",        "subtitle",     "titleaddon",
    "maintitle",  "booktitle",  "booksubtitle",  "journal",      "journaltitle", "journalsubtitle",
    "series",     "volume",     "volumes",       "number",       "issue",        "pages",
    "pagetotal",  "numpages",   "chapter",       "edition",      "publisher",    "address",
    "location",   "school",     "institution",   "organization", "howpublished", "type",
    "eventtitle", "venue",      "eventdate",     "year",         "month",        "day",
    "date",       "urldate",    "note",          "pubstate",     "doi",          "url",
    "eprint",     "eprinttype", "archiveprefix", "primaryclass", "eprintclass",  "isbn",
    "issn",       "language",   "langid",        "version",      "crossref"};

bool is_private(std::string_view lower_name) {
  return std::find(kVisitorFields.begin(), kVisitorFields.end(), lower_name) ==
         kVisitorFields.end();
}

// ---- Values that read back whole ----
// A visitor pastes this BibTeX into their own .bib: a value must not end early in BibTeX (which
// counts every brace, `\}` too), in LaTeX and this reader (where a backslash escapes the next
// character), nor where this reader recovers from an unclosed value (a line starting with '@').
// Otherwise what follows it would be read as fields or entries of its own: an `@preamble` that
// runs commands, a `note` the owner never wrote.

// A line of the value, after the newline at `newline`, starts with '@'.
bool line_starts_with_at(std::string_view v, std::size_t newline) {
  std::size_t k = newline + 1;
  while (k < v.size() && (v[k] == ' ' || v[k] == '\t')) ++k;
  return k < v.size() && v[k] == '@';
}

// The bytes stands_in_braces() looks at; a value is mostly others, skipped a table lookup each.
struct BraceStops {
  bool table[256] = {};
  constexpr BraceStops() {
    for (const unsigned char c : std::string_view("\\{}\n")) table[c] = true;
  }
};
constexpr BraceStops kBraceStops;

bool stands_in_braces(std::string_view v) {
  int all = 0, unescaped = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    while (i < v.size() && !kBraceStops.table[static_cast<unsigned char>(v[i])]) ++i;
    if (i == v.size()) break;
    char c = v[i];
    const bool escaped = c == '\\';
    if (escaped) {
      if (i + 1 == v.size()) return false;  // it would escape the closing brace
      c = v[++i];
    }
    if (c == '\n' && line_starts_with_at(v, i)) return false;
    if (c == '{') {
      ++all;
      unescaped += !escaped;
    } else if (c == '}' && (--all < 0 || (!escaped && --unescaped < 0))) {
      return false;
    }
  }
  return all == 0 && unescaped == 0;
}

// The value \url or \href takes as a URL when the brace at `open` starts its argument.
bool opens_url_argument(std::string_view v, std::size_t open) {
  for (std::string_view command : {"\\url", "\\href"}) {
    if (open < command.size() || v.compare(open - command.size(), command.size(), command) != 0)
      continue;
    const std::size_t at = open - command.size();
    if (at == 0 || v[at - 1] != '\\') return true;
  }
  return false;
}

// `v` unchanged when it stands in braces (every value read from a well-formed file); otherwise
// each brace without a partner, escaped or not, becomes \textbraceleft{} or \textbraceright{}
// (%7B, %7D in a \url or \href address), which LaTeX and the reader decode to the same brace; a
// backslash at the end becomes \textbackslash{}; a newline before an '@' becomes a space.
void append_balanced(std::string& out, std::string_view v) {
  if (stands_in_braces(v)) {
    out += v;
    return;
  }
  const std::size_t n = v.size();
  std::vector<std::uint8_t> unmatched(n);  // by offset of a brace, or of the backslash escaping it
  std::vector<int> url_depth(n + 1);       // +1 where a URL argument starts, -1 past its end
  std::vector<std::size_t> open, open_escaped;
  for (std::size_t i = 0; i < n; ++i) {
    const char c = v[i];
    if (c == '\\') {
      if (i + 1 < n && (v[i + 1] == '{' || v[i + 1] == '}')) {
        if (v[i + 1] == '{') {
          open_escaped.push_back(i);
        } else if (open_escaped.empty()) {
          unmatched[i] = 1;
        } else {
          open_escaped.pop_back();
        }
      }
      ++i;
    } else if (c == '{') {
      open.push_back(i);
    } else if (c == '}') {
      if (open.empty()) {
        unmatched[i] = 1;
        continue;
      }
      if (opens_url_argument(v, open.back())) {
        ++url_depth[open.back() + 1];
        --url_depth[i];
      }
      open.pop_back();
    }
  }
  for (std::size_t i : open) unmatched[i] = 1;
  for (std::size_t i : open_escaped) unmatched[i] = 1;
  int in_url = 0;
  for (std::size_t i = 0; i < n; ++i) {
    in_url += url_depth[i];
    const char c = v[i];
    if (c == '\\' && i + 1 == n) {
      out += in_url > 0 ? "%5C" : "\\textbackslash{}";
    } else if (unmatched[i]) {
      const bool left = (c == '\\' ? v[i + 1] : c) == '{';
      out +=
          in_url > 0 ? (left ? "%7B" : "%7D") : (left ? "\\textbraceleft{}" : "\\textbraceright{}");
      if (c == '\\') in_url += url_depth[++i];
    } else if (c == '\n' && line_starts_with_at(v, i)) {
      out += ' ';
    } else {
      out += c;
      if (c == '\\') {
        const char next = v[++i];
        in_url += url_depth[i];
        out += next == '\n' && line_starts_with_at(v, i) ? ' ' : next;
      }
    }
  }
}

// A URL (link, preview, DOI, arXiv id) as the reader takes it back (biblio::clean_url): braces,
// backslashes, quotes and control characters percent-encoded (a browser sends them so anyway),
// and spaces at either end; in a field that holds several addresses, which the reader splits at
// spaces, commas and semicolons, those too. ("My Paper.pdf" alone stays as the owner wrote it.)
void append_url(std::string& out, std::string_view url, bool several) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const std::size_t first = url.find_first_not_of(' ');
  const std::size_t last = url.find_last_not_of(' ');
  for (std::size_t i = 0; i < url.size(); ++i) {
    const char c = url[i];
    const auto b = static_cast<unsigned char>(c);
    const bool splits = several && (c == ' ' || c == ',' || c == ';');
    const bool trimmed = c == ' ' && (i < first || i > last);
    if (b < 0x20 || b == 0x7F || c == '{' || c == '}' || c == '\\' || c == '"' || splits ||
        trimmed) {
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 15];
    } else {
      out += c;
    }
  }
}

std::string url_value(std::string_view url) {
  std::string out;
  append_url(out, url, false);
  return out;
}

class EntryWriter {
 public:
  EntryWriter(const Publication& p, const BibtexOptions& options) : p_(p), options_(options) {}
  std::string run();

 private:
  // One field, its value in braces (append_balanced()). A name BibTeX cannot read (a link kind or
  // a JSON member may be any text) is written without the characters it cannot hold, and a name
  // already written (the reader would keep only the first) gets "-2", "-3"...
  // Whether a field of this (lower-case) name reaches the output: not omitted, not private to
  // the owner in a visitor's BibTeX.
  bool keeps(std::string_view lower) const {
    for (const std::string& omit : options_.omit_fields)
      if (unicode::ascii_lower(omit) == lower) return false;
    return !(options_.for_visitors && is_private(lower));
  }
  void field(std::string_view name, std::string_view value) {
    std::string written(name);
    if (!detail::is_safe_field_name(written)) written = detail::safe_field_name(name);
    if (written.empty()) written = "field";
    const std::string lower = unicode::ascii_lower(written);
    for (const std::string& omit : options_.omit_fields)
      if (unicode::ascii_lower(omit) == lower) return;
    // (A visitor gets the first of two fields of one name, as BibTeX reads them.)
    if (options_.for_visitors && (is_private(lower) || written_before(lower))) return;
    if (const std::string_view unique = unique_name(lower); unique != lower) written = unique;
    detail::make_room(out_, written.size() + value.size() + 8);
    out_ += "  ";
    out_ += written;
    out_ += " = {";
    append_balanced(out_, value);
    out_ += "},\n";
  }
  // The names written so far: a list while it is short (an entry has a dozen fields: no hash
  // table to build for each), the shared unique-key table past kIndexFrom (an entry may have
  // 100,000 fields).
  static constexpr std::size_t kIndexFrom = 32;
  bool written_before(std::string_view lower) const {
    if (!names_.empty()) return names_.find(lower) != detail::UniqueKeys::kAbsent;
    return std::find(few_names_.begin(), few_names_.end(), lower) != few_names_.end();
  }
  // `lower`, or "lower-2", "lower-3"... when a field of that name is written already; remembered.
  std::string_view unique_name(std::string_view lower) {
    if (names_.empty() && few_names_.size() < kIndexFrom && !written_before(lower)) {
      few_names_.emplace_back(lower);
      return few_names_.back();
    }
    if (names_.empty())
      for (const std::string& n : few_names_) names_.add(n);
    return names_.at(names_.add(lower));
  }
  bool has_extra(std::string_view name) const { return p_.extra_field(name) != nullptr; }
  // A field whose value is a macro name, unbraced: `month = may`.
  void macro_field(std::string_view name, std::string_view macro) {
    field(name, macro);
    const std::string braced = std::string("{") + std::string(macro) + "},\n";
    if (out_.size() >= braced.size() &&
        out_.compare(out_.size() - braced.size(), braced.size(), braced) == 0)
      out_.replace(out_.size() - braced.size(), braced.size(), std::string(macro) + ",\n");
  }
  std::string date_text() const;

  const Publication& p_;
  const BibtexOptions& options_;
  std::string out_;
  std::vector<std::string> few_names_;  // the fields written, by lower-case name (written_before)
  detail::UniqueKeys names_;
};

// printf's "%0*d" without printf (which would link its floating-point code into the WASM build).
void append_padded(std::string& out, int v, int width) {
  std::string digits = std::to_string(v < 0 ? -static_cast<long long>(v) : v);
  if (v < 0) {
    out += '-';
    --width;
  }
  if (static_cast<int>(digits.size()) < width) out.append(width - digits.size(), '0');
  out += digits;
}

std::string EntryWriter::date_text() const {
  const Date& d = p_.date;
  std::string out;
  append_padded(out, d.year, 4);
  if (d.month || d.day) {
    out += '-';
    append_padded(out, d.month, 2);
  }
  if (d.day) {
    out += '-';
    append_padded(out, d.day, 2);
  }
  return out;
}

std::string EntryWriter::run() {
  const bool has_arxiv = !p_.arxiv().empty();
  const bool has_venue = !p_.venue.empty();
  std::string type = p_.source_type.empty() ? std::string() : unicode::ascii_lower(p_.source_type);
  auto gives_type = [&](std::string_view t) {
    // (A @misc or @unpublished whose keywords or note say talk is read as one, read/settle.cpp;
    // a visitor's copy has no keywords, so only its note can say it there.)
    const bool says_talk =
        options_.for_visitors
            ? !p_.note().empty() && biblio::says_talk(std::vector<std::string>{p_.note().text})
            : biblio::says_talk(p_);
    if ((t == "misc" || t == "unpublished") && p_.type == PubType::Talk && says_talk) return true;
    return !t.empty() &&
           biblio::infer_type(t, p_.status, biblio::preprint_shape(t, has_arxiv, has_venue)) ==
               p_.type;
  };
  // (A CSL-JSON "type" may be any text: @comment, @string, @preamble and @xdata are no records.)
  const bool plain_type =
      std::all_of(type.begin(), type.end(),
                  [](char c) {
                    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
                  }) &&
      type != "comment" && type != "string" && type != "preamble" && type != "xdata";
  if (!plain_type || !gives_type(type)) type = std::string(biblio::names_of(p_.type).bibtex);

  out_.clear();
  // (Readers give only keys BibTeX can hold; one made otherwise is written without what it cannot.)
  std::string key = detail::is_safe_key(p_.key) ? p_.key : detail::safe_key(p_.key);
  if (key.empty()) key = "item";
  detail::HtmlOut(out_) << "@" << type << "{" << key << ",\n";
  if (!p_.authors.empty() || p_.others)
    field("author", format_bibtex_names(p_.authors, p_.others, !options_.for_visitors));
  if (!p_.title.empty()) field("title", latex::encode(p_.title));
  if (!p_.editors().empty())
    field("editor", format_bibtex_names(p_.editors(), false, !options_.for_visitors));
  if (has_venue) {
    // The reader takes the best-ranked venue field; the written one must
    // outrank the extras.
    std::string_view name = p_.venue_field != VenueField::Unknown
                                ? biblio::venue_field_name(p_.venue_field)
                                : biblio::names_of(p_.type).bibtex_venue;
    int best_extra = 1 << 20;
    for (const ExtraField& f : p_.extra) {
      const int rank = biblio::venue_priority(f.name);
      if (rank >= 0 && biblio::names_a_venue(f.value)) best_extra = std::min(best_extra, rank);
    }
    if (biblio::venue_priority(name) >= best_extra) name = biblio::kVenueFields[0];
    field(name, latex::encode(p_.venue));
  }
  // Dates: year and month as al-folio writes them, which every BibTeX style and biblatex read
  // (a known day as `day`, as the file had it: biblatex ignores it, a `date` alone would leave
  // classic BibTeX without a year); biblatex `date` only when an extra year or month (which
  // the reader keeps only next to a `date`) requires it.
  // (A `date` kept that is no date, "In press", says no year: the record's year is written.)
  bool plain_date = false;
  const std::string* kept_date = p_.extra_field("date");
  const bool dated = kept_date && detail::parse_iso_date(*kept_date, plain_date).year > 0;
  if (!dated && p_.date.year) {
    if (has_extra("year") || has_extra("month")) {
      field("date", date_text());
    } else {
      field("year", std::to_string(p_.date.year));
      // (BibTeX's month macro, which every style prints as the month: "{5}" would print "5")
      static constexpr const char* kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                                "jul", "aug", "sep", "oct", "nov", "dec"};
      if (p_.date.month >= 1 && p_.date.month <= 12)
        macro_field("month", kMonths[p_.date.month - 1]);
      if (p_.date.day) field("day", std::to_string(p_.date.day));
    }
  }
  if (!p_.badge().empty()) field("abbr", encode_plain(p_.badge()));
  if (p_.selected) field("selected", "true");
  if (!p_.award().empty()) field("award", latex::encode(p_.award()));
  if (!p_.award_label().empty()) field("award_name", encode_plain(p_.award_label()));
  if (!p_.note().empty()) field("note", latex::encode(p_.note()));
  biblio::StatusClues clues;
  clues.entry_type = type;
  clues.has_arxiv = has_arxiv;
  clues.has_venue = has_venue;
  // (Judged on what is written: a status the badge says needs pubstate where the badge is left
  // out.)
  if (keeps("abbr")) clues.badge = p_.badge();
  if (keeps("note")) clues.note = p_.note().text;
  clues.venue_status = biblio::details_status(p_);  // (written as they are)
  if (biblio::infer_status(clues) != p_.status && !has_extra("pubstate"))
    field("pubstate", biblio::pubstate_for(p_.status));
  if (!p_.tags().empty()) {
    std::string tags;
    for (const std::string& t : p_.tags()) tags += (tags.empty() ? "" : ", ") + encode_plain(t);
    field("keywords", tags);
  }
  // Several links of one kind go into one field, space-separated, where the kind first appears;
  // none when that first one is the record's doi or arXiv link. (Grouped in one pass: looking
  // back and ahead from every link made a record of many kinds of links quadratic.)
  detail::StringIds kinds;
  bool wrote_link = false;
  std::vector<std::vector<const Link*>> links_of_kind;  // by kind; empty when they are left out
  for (const Link& l : p_.links) {
    const std::uint32_t kind = kinds.insert(l.label);
    if (kind == links_of_kind.size()) {
      const bool left_out =
          (l.label == "doi" && !p_.doi().empty() && l.url == biblio::doi_url(p_.doi())) ||
          (l.label == "arxiv" && has_arxiv && l.url == biblio::arxiv_url(p_.arxiv()));
      links_of_kind.emplace_back();
      if (!left_out) links_of_kind.back().push_back(&l);
    } else if (!links_of_kind[kind].empty()) {
      links_of_kind[kind].push_back(&l);
    }
  }
  for (const std::vector<const Link*>& links : links_of_kind) {
    if (links.empty()) continue;
    // Two addresses or more in the value: a space, comma or semicolon inside one is encoded, so
    // that the reader splits the value where this wrote it.
    std::size_t schemes = 0;
    for (const Link* l : links)
      for (std::size_t at = l->url.find("://"); at != std::string::npos;
           at = l->url.find("://", at + 3))
        ++schemes;
    std::string urls;
    for (const Link* l : links) {
      if (!urls.empty()) urls += ' ';
      append_url(urls, l->url, schemes >= 2);
    }
    const std::string& label = links.front()->label;
    const std::string name = biblio::is_link_field(label) ? label : "url_" + label;
    if (!options_.for_visitors || !is_private(unicode::ascii_lower(name))) wrote_link = true;
    field(name, urls);
  }
  // A visitor's BibTeX leaves the owner's links out (pdf, code...). Read back, a record without
  // links takes the address in its note as its link (biblio::address_in_text): that address is
  // written as its url here, so that another trip writes the same fields.
  if (options_.for_visitors && !wrote_link && p_.doi().empty() && !has_arxiv &&
      !p_.note().empty() && !p_.links.empty())
    if (const std::string address = biblio::address_in_text(latex::encode(p_.note()));
        !address.empty())
      field("url", url_value(address));
  if (has_arxiv && biblio::arxiv_from_extra(p_.extra) != p_.arxiv()) {
    if (options_.for_visitors && !has_extra("eprint")) {  // (biblatex's and natbib's own fields)
      field("eprint", url_value(p_.arxiv()));
      field("archiveprefix", "arXiv");
    } else {
      field("arxiv", url_value(p_.arxiv()));
    }
  }
  if (!p_.doi().empty()) field("doi", url_value(p_.doi()));
  if (!p_.thumbnail().empty()) field("preview", url_value(p_.thumbnail()));
  if (p_.citations()) field("citations", std::to_string(*p_.citations()));
  if (!p_.abstract().empty()) field("abstract", latex::encode(p_.abstract()));
  for (const ExtraField& f : p_.extra) field(f.name, f.value);
  if (out_.size() >= 2 && out_[out_.size() - 2] == ',') out_.erase(out_.size() - 2, 1);
  out_ += "}\n";
  return std::move(out_);
}

}  // namespace

const std::vector<std::string_view>& visitor_bibtex_fields() { return kVisitorFields; }

std::string bibtex_identifier_value(std::string_view value) { return url_value(value); }

std::string format_bibtex(const Publication& p, const BibtexOptions& options) {
  return EntryWriter(p, options).run();
}

}  // namespace papershelf
