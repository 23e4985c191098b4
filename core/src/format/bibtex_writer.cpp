// format_bibtex: one Publication as clean BibTeX that read_bibtex maps back to
// an equal model. It writes only what the reader would not infer by itself
// (e.g. `pubstate` only when the status does not follow from the entry type,
// badge, note and arXiv id) and uses the shared field semantics in
// bibtex/mapping.hpp.
#include <algorithm>

#include "bibtex/mapping.hpp"
#include "format/html_out.hpp"
#include "papershelf/format.hpp"
#include "papershelf/latex.hpp"
#include "text/string_ids.hpp"

namespace papershelf {
namespace {

using bibtex::to_lower_ascii;

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
    "author", "editor", "translator", "title", "subtitle", "titleaddon", "maintitle", "booktitle",
    "booksubtitle", "journal", "journaltitle", "journalsubtitle", "series", "volume", "volumes",
    "number", "issue", "pages", "pagetotal", "numpages", "chapter", "edition", "publisher",
    "address", "location", "school", "institution", "organization", "howpublished", "type",
    "eventtitle", "venue", "eventdate", "year", "month", "day", "date", "urldate", "note",
    "pubstate", "doi", "url", "eprint", "eprinttype", "archiveprefix", "primaryclass",
    "eprintclass", "isbn", "issn", "language", "langid", "version", "crossref"};

bool is_private(std::string_view lower_name) {
  return std::find(kVisitorFields.begin(), kVisitorFields.end(), lower_name) == kVisitorFields.end();
}

class Writer {
 public:
  Writer(const Publication& p, const BibtexOptions& options) : p_(p), options_(options) {}
  std::string run();

 private:
  void field(std::string_view name, std::string_view value) {
    const std::string lower = to_lower_ascii(name);
    for (const std::string& omit : options_.omit_fields)
      if (to_lower_ascii(omit) == lower) return;
    if (options_.for_visitors && is_private(lower)) return;
    out_ += "  ";
    out_ += name;
    out_ += " = {";
    out_ += value;
    out_ += "},\n";
  }
  bool has_extra(std::string_view name) const { return p_.extra_field(name) != nullptr; }
  // A field whose value is a macro name, unbraced: `month = may`.
  void macro_field(std::string_view name, std::string_view macro) {
    field(name, macro);
    const std::string braced = std::string("{") + std::string(macro) + "},\n";
    if (out_.size() >= braced.size() && out_.compare(out_.size() - braced.size(), braced.size(), braced) == 0)
      out_.replace(out_.size() - braced.size(), braced.size(), std::string(macro) + ",\n");
  }
  std::string date_text() const;

  const Publication& p_;
  const BibtexOptions& options_;
  std::string out_;
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

std::string Writer::date_text() const {
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

std::string Writer::run() {
  const bool has_arxiv = !p_.arxiv.empty();
  const bool has_venue = !p_.venue.empty();
  std::string type = p_.source_type.empty() ? std::string() : to_lower_ascii(p_.source_type);
  auto gives_type = [&](std::string_view t) {
    return !t.empty() &&
           bibtex::infer_type(t, p_.status, bibtex::preprint_shape(t, has_arxiv, has_venue)) ==
               p_.type;
  };
  const bool plain_type = std::all_of(type.begin(), type.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
  if (!plain_type || !gives_type(type)) type = std::string(bibtex::entry_type_for(p_.type));

  out_.clear();
  detail::HtmlOut(out_) << "@" << type << "{" << p_.key << ",\n";
  if (!p_.authors.empty() || p_.others) field("author", format_bibtex_names(p_.authors, p_.others, !options_.for_visitors));
  if (!p_.title.empty()) field("title", latex::encode(p_.title));
  if (!p_.editors.empty()) field("editor", format_bibtex_names(p_.editors, false, !options_.for_visitors));
  if (has_venue) {
    // The reader takes the best-ranked venue field; the written one must
    // outrank the extras.
    std::string_view name = p_.venue_field != VenueField::Unknown
                                ? bibtex::venue_field_name(p_.venue_field)
                                : bibtex::venue_field_for(p_.type);
    int best_extra = 1 << 20;
    for (const ExtraField& f : p_.extra) {
      const int rank = bibtex::venue_priority(f.name);
      if (rank >= 0) best_extra = std::min(best_extra, rank);
    }
    if (bibtex::venue_priority(name) >= best_extra) name = bibtex::kVenueFields[0];
    field(name, latex::encode(p_.venue));
  }
  // Dates: year/month as al-folio writes them, biblatex `date` when the day or
  // an extra year or month (which the reader keeps only next to a `date`)
  // requires it.
  if (!has_extra("date") && p_.date.year) {
    if (p_.date.day || has_extra("year") || has_extra("month")) {
      field("date", date_text());
    } else {
      field("year", std::to_string(p_.date.year));
      // (BibTeX's month macro, which every style prints as the month: "{5}" would print "5")
      static constexpr const char* kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                                "jul", "aug", "sep", "oct", "nov", "dec"};
      if (p_.date.month >= 1 && p_.date.month <= 12) macro_field("month", kMonths[p_.date.month - 1]);
    }
  }
  if (!p_.badge.empty()) field("abbr", encode_plain(p_.badge));
  if (p_.selected) field("selected", "true");
  if (!p_.award.empty()) field("award", latex::encode(p_.award));
  if (!p_.award_label.empty()) field("award_name", encode_plain(p_.award_label));
  if (!p_.note.empty()) field("note", latex::encode(p_.note));
  bibtex::StatusClues clues;
  clues.entry_type = type;
  clues.has_arxiv = has_arxiv;
  clues.has_venue = has_venue;
  clues.badge = p_.badge;
  clues.note = p_.note.text;
  if (bibtex::infer_status(clues) != p_.status && !has_extra("pubstate"))
    field("pubstate", bibtex::pubstate_for(p_.status));
  if (!p_.tags.empty()) {
    std::string tags;
    for (const std::string& t : p_.tags) tags += (tags.empty() ? "" : ", ") + encode_plain(t);
    field("keywords", tags);
  }
  // Several links of one kind go into one field, space-separated, where the kind first appears;
  // none when that first one is the record's doi or arXiv link. (Grouped in one pass: looking
  // back and ahead from every link made a record of many kinds of links quadratic.)
  detail::StringIds kinds;
  std::vector<const Link*> first_of_kind;  // by kind; null when its links are left out
  std::vector<std::string> urls_of_kind;
  for (const Link& l : p_.links) {
    const std::uint32_t kind = kinds.insert(l.label);
    if (kind == first_of_kind.size()) {
      const bool left_out = (l.label == "doi" && !p_.doi.empty() && l.url == bibtex::doi_url(p_.doi)) ||
                            (l.label == "arxiv" && has_arxiv && l.url == bibtex::arxiv_url(p_.arxiv));
      first_of_kind.push_back(left_out ? nullptr : &l);
      urls_of_kind.push_back(left_out ? std::string() : l.url);
    } else if (first_of_kind[kind]) {
      urls_of_kind[kind] += " " + l.url;
    }
  }
  for (std::size_t kind = 0; kind < first_of_kind.size(); ++kind)
    if (const Link* l = first_of_kind[kind]) field(bibtex::is_link_field(l->label) ? l->label : "url_" + l->label, urls_of_kind[kind]);
  if (has_arxiv && bibtex::arxiv_from_extra(p_.extra) != p_.arxiv) {
    if (options_.for_visitors && !has_extra("eprint")) {  // (biblatex's and natbib's own fields)
      field("eprint", p_.arxiv);
      field("archiveprefix", "arXiv");
    } else {
      field("arxiv", p_.arxiv);
    }
  }
  if (!p_.doi.empty()) field("doi", p_.doi);
  if (!p_.thumbnail.empty()) field("preview", p_.thumbnail);
  if (p_.citations) field("citations", std::to_string(*p_.citations));
  if (!p_.abstract.empty()) field("abstract", latex::encode(p_.abstract));
  for (const ExtraField& f : p_.extra) field(f.name, f.value);
  if (out_.size() >= 2 && out_[out_.size() - 2] == ',') out_.erase(out_.size() - 2, 1);
  out_ += "}\n";
  return std::move(out_);
}

}  // namespace

const std::vector<std::string_view>& visitor_bibtex_fields() { return kVisitorFields; }

std::string format_bibtex(const Publication& p, const BibtexOptions& options) {
  return Writer(p, options).run();
}

}  // namespace papershelf
