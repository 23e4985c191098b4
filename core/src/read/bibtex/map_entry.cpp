// One resolved entry onto the model: its fields by role (mapping.hpp), dates, names and their
// annotations, links, tags, the profile legend, and the diagnostics for what does not fit.
#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "biblio/bibtex_fields.hpp"
#include "biblio/identifiers.hpp"
#include "biblio/kinds.hpp"
#include "biblio/links.hpp"
#include "model/dates.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"
#include "read/bibtex/mapping.hpp"
#include "read/bibtex/resolver.hpp"
#include "read/settle.hpp"
#include "text/ascii.hpp"
#include "text/bytes.hpp"
#include "text/index_sort.hpp"

namespace papershelf::bibtex {

// A year or date that is a word: "forthcoming", "in press", "submitted" say the paper's status
// (unless a pubstate field does); anything else without a year is reported.
void Resolver::year_words(const Field& f, int year, std::optional<Status>& status) {
  if (year) return;
  // (biblatex's pubstate words, then the same words as in a venue, in every language: "Soumis")
  std::optional<Status> said = biblio::status_from_pubstate(f.value);
  if (!said) said = biblio::venue_status(f.value);
  if (said) {
    if (!status) status = said;
    return;
  }
  if (ascii::trim(f.value).empty()) return;
  diag(f.offset, Severity::Warning, DiagnosticKind::Value,
       "no year could be read from " + std::string(f.name) + " '" +
           std::string(ascii::trim(f.value).substr(0, 40)) + "'");
}

void Resolver::report_name_issues(const Field& f, const NameList& names) {
  for (const NameList::Issue& issue : names.issues)
    diag(f.exact_offsets ? f.offset + issue.offset : f.offset, Severity::Warning,
         DiagnosticKind::Value, issue.message);
  // A broken accent in a name (M\"{}uller, Rich\' at its end): the name shows the accent on its
  // own. (Names are decoded word by word, without the decoder's warnings: looked for here.)
  const std::string_view v = f.value;
  for (std::size_t at = v.find('\\'); at != std::string_view::npos && at + 1 < v.size();
       at = v.find('\\', at + 1)) {
    if (std::string_view("\"'`=.").find(v[at + 1]) == std::string_view::npos) continue;
    const std::string_view after = v.substr(at + 2);
    const bool empty_group = after.substr(0, 2) == "{}";
    const bool nothing =
        after.empty() || after.front() == ' ' || after.front() == '}' || after.front() == ',';
    if (!empty_group && !nothing) continue;
    diag(f.exact_offsets ? f.offset + static_cast<std::uint32_t>(at) : f.offset, Severity::Warning,
         DiagnosticKind::Syntax,
         "a broken accent in a name (\\" + std::string(1, v[at + 1]) + (empty_group ? "{}" : "") +
             " with no letter): the name shows it on its own; write \\" +
             std::string(1, v[at + 1]) + "{u}");
    break;
  }
}

RichText Resolver::decode(const Field& f) {
  std::vector<latex::DecodeWarning> warnings;
  RichText t = latex::decode(f.value, &warnings);
  for (const auto& w : warnings) {
    bool first = true;
    if (w.once_per_input) reported_once_.insert(w.message, first);  // (an unknown command)
    if (first)
      diag(f.exact_offsets ? f.offset + w.offset : f.offset, Severity::Warning, w.kind, w.message);
  }
  return t;
}

void Resolver::read_legend(std::string_view annotation, std::size_t offset) {
  // "* Equal contribution<br>† Corresponding author", one marker per line or
  // <br>.
  // (Line breaks are replaced in one pass: replacing each in place moved the rest every time.)
  std::string text;
  text.reserve(annotation.size());
  for (std::size_t i = 0; i < annotation.size();) {
    std::size_t br = 0;
    for (std::string_view b : {"<br/>", "<br />", "<br>", "\\\\"})
      if (annotation.compare(i, b.size(), b) == 0) br = b.size();
    text += br ? '\n' : annotation[i];
    i += br ? br : 1;
  }
  std::vector<LegendEntry> found;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t nl = rest.find_first_of("\n;");
    std::string_view line = ascii::trim(rest.substr(0, nl));
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    std::string decoded = latex::decode(line).text;
    std::size_t pos = 0;
    while (pos < decoded.size()) {
      std::size_t next = pos;
      if (!is_marker_symbol(unicode::decode_utf8(decoded, next))) break;
      pos = next;
    }
    if (decoded.empty()) continue;
    LegendEntry entry;
    entry.symbol = decoded.substr(0, pos);
    entry.meaning = std::string(ascii::trim(std::string_view(decoded).substr(pos)));
    if (pos == 0 || entry.meaning.empty()) return;  // prose, not a legend
    found.push_back(std::move(entry));
  }
  auto& legend = result_.library.profile.legend;
  for (LegendEntry& entry : found) {
    bool added = false;
    legend_symbols_.insert(entry.symbol, added);
    if (!added) continue;
    if (legend.size() < kMaxLegendEntries)
      legend.push_back(std::move(entry));
    else if (legend_symbols_.size() == kMaxLegendEntries + 1)  // the first symbol past the cap
      diag(offset, Severity::Warning, DiagnosticKind::Limit,
           "the annotations' legend lists more than " + std::to_string(kMaxLegendEntries) +
               " symbols: the first " + std::to_string(kMaxLegendEntries) + " are kept");
  }
}

namespace {

int first_year(std::string_view s) {
  for (std::size_t i = 0; i + 4 <= s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9' && (i == 0 || s[i - 1] < '0' || s[i - 1] > '9')) {
      int v = 0;
      std::size_t j = i;
      while (j < s.size() && j < i + 4 && s[j] >= '0' && s[j] <= '9') v = v * 10 + (s[j++] - '0');
      if (j == i + 4) return v;
    }
  }
  return 0;
}

// BibBase's url_<label> fields ("url_slides"): a link labelled "slides".
bool is_labelled_url(std::string_view name) {
  return name.size() > 4 && name.compare(0, 4, "url_") == 0;
}

// Links are added as found; tidy_links() then keeps the first of each.
void add_link(Publication& p, std::string label, std::string url) {
  if (!url.empty()) p.links.push_back({std::move(label), std::move(url)});
}

void apply_annotations(std::string_view an, std::vector<Person>& people) {
  // "1=equal; 3=corresponding": per-name annotations (item-level ones like
  // "1:family=" skipped).
  while (!an.empty()) {
    const std::size_t semi = an.find(';');
    const std::string_view item = ascii::trim(an.substr(0, semi));
    an = semi == std::string_view::npos ? std::string_view() : an.substr(semi + 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos) continue;
    const auto index = parse_integer(item.substr(0, eq));
    if (!index || *index < 1 || static_cast<std::size_t>(*index) > people.size()) continue;
    std::string_view words = item.substr(eq + 1);
    while (!words.empty()) {
      const std::size_t comma = words.find(',');
      const std::string word = unicode::ascii_lower(ascii::trim(words.substr(0, comma)));
      words = comma == std::string_view::npos ? std::string_view() : words.substr(comma + 1);
      const char* mark = nullptr;
      if (word.compare(0, 5, "equal") == 0) mark = "*";
      if (word == "corresponding" || word == "corr") mark = "†";
      Person& person = people[static_cast<std::size_t>(*index - 1)];
      if (mark && person.marks().find(mark) == std::string_view::npos) person.add_marks(mark);
    }
  }
}

// Mendeley writes every URL of a record into one field ("http://a.org/x http://b.org/y"): each
// is a link of its own. A single value with spaces is one address ("My Paper.pdf").
void add_links(Publication& p, std::string_view label, std::string value) {
  std::size_t schemes = 0;
  for (std::size_t at = value.find("://"); at != std::string::npos; at = value.find("://", at + 3))
    ++schemes;
  if (schemes < 2 || value.find_first_of(" \t\n\r;,") == std::string::npos) {
    add_link(p, std::string(label), std::move(value));
    return;
  }
  std::string_view rest = value;
  while (!rest.empty()) {
    const std::size_t end = rest.find_first_of(" \t\n\r;,");
    const std::string_view one = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (!one.empty()) add_link(p, std::string(label), std::string(one));
  }
}

// The address of a record kept in howpublished (Zotero writes web pages' URLs there, beside a DOI)
// or, when it has no link of its own, in its note (CVs write "Available at \url{...}").
void link_from_text(const Entry& e, Publication& p) {
  const bool linked = !p.links.empty();
  for (const char* name : {"howpublished", "note"}) {
    const Field* f = linked && name[0] == 'n' ? nullptr : e.find(name);
    if (!f) continue;
    const std::string_view v = f->value;
    const bool marked =
        v.find("\\url{") != std::string_view::npos || v.find("\\href{") != std::string_view::npos;
    if (std::string address = biblio::address_in_text(v); !address.empty()) {
      add_link(p, "url", std::move(address));
      return;
    }
    if (marked) return;  // (a \url without its closing brace: nothing, and not howpublished's next)
  }
}

std::vector<std::string> split_tags(std::string_view s) {
  std::vector<std::string> tags;
  detail::StringIds seen;  // a linear find per tag made 100,000 keywords take 13 s
  while (!s.empty()) {
    const std::size_t sep = s.find_first_of(",;");
    const std::string_view tag = ascii::trim(s.substr(0, sep));
    s = sep == std::string_view::npos ? std::string_view() : s.substr(sep + 1);
    if (tag.empty()) continue;
    std::string text = latex::decode(tag).text;
    if (bool added = false; !text.empty() && (seen.insert(text, added), added))
      tags.push_back(std::move(text));
  }
  return tags;
}

}  // namespace

void Resolver::map(const Entry& e, Publication& p) {
  p.key = std::string(e.key);
  p.source_type = std::string(e.type);
  p.source_index = options_.source_index;
  p.line = line_of_next_entry(e.offset);
  p.span = {e.offset, e.close_offset ? e.close_offset + 1 : e.offset};

  const Field* venue = nullptr;
  int venue_rank = 1 << 20;
  bool has_date = false;
  // The links and kept fields the entry will have (as the switch below decides, but for the
  // rare fallbacks), to size the vectors once: a Link is 64 bytes, so no more than needed.
  std::size_t links = 0, others = 0;
  for (const Field& f : e.fields) {
    bool plain = false;  // (a placeholder date leaves the year field to say the year)
    if (f.role == FieldRole::Date)
      if (const int year = detail::parse_iso_date(f.value, plain).year;
          year > 0 && year <= kLatestYear)
        has_date = true;
    const bool url_label = f.role == FieldRole::Other && is_labelled_url(f.name);
    links += f.role == FieldRole::Link || url_label || f.role == FieldRole::Doi ||
             f.role == FieldRole::Arxiv;  // (the doi and arxiv links come last)
    others += (f.role == FieldRole::Other && !url_label) || f.role == FieldRole::Annotation;
    if (f.role != FieldRole::Venue) continue;
    const int rank = biblio::venue_priority(f.name);
    // (A web address in howpublished is the record's link, not where it appeared.)
    if (rank < venue_rank && biblio::names_a_venue(f.value)) {
      venue = &f;
      venue_rank = rank;
    }
  }
  if (links) p.links.reserve(links);
  if (others) p.extra.reserve(others);
  std::optional<Status> pubstate;
  std::string_view annotations;
  auto keep = [&](const Field& f) {
    p.extra.push_back({std::string(f.name), std::string(f.value)});
  };
  // A placeholder year (kLatestYear): no date from this field, which is kept as written (for
  // its BibTeX); a year field beside a placeholder date still says the year.
  auto placeholder = [&](const Field& f, int year) {
    if (year <= kLatestYear) return false;
    diag(f.offset, Severity::Warning, DiagnosticKind::LeftOut,
         std::string(f.name) + " '" + std::string(ascii::trim(f.value).substr(0, 40)) +
             "' is a placeholder, not a publication's date: it is left out");
    keep(f);
    return true;
  };

  for (const Field& f : e.fields) {
    const std::string_view n = f.name;
    const std::string_view v = f.value;
    switch (f.role) {
      case FieldRole::Title:
        p.title = decode(f);
        break;
      case FieldRole::Author: {
        NameList names = parse_bibtex_names(v);
        report_name_issues(f, names);
        p.authors = std::move(names.people);
        p.others = names.others;
        break;
      }
      case FieldRole::Editor: {
        NameList names = parse_bibtex_names(v);
        report_name_issues(f, names);
        p.set_editors(std::move(names.people));
        break;
      }
      case FieldRole::AuthorAnnotation:
        annotations = v;
        break;
      case FieldRole::Year:
        if (has_date) {
          keep(f);
        } else if (auto year = parse_integer(v); year && *year > 0 && *year < 10000) {
          if (!placeholder(f, static_cast<int>(*year))) p.date.year = static_cast<int>(*year);
        } else {
          p.date.year = first_year(v);
          keep(f);
          year_words(f, p.date.year, pubstate);
        }
        break;
      case FieldRole::Month: {
        int day = 0;
        const int month = has_date ? 0 : parse_month_day(v, day);
        if (month) {
          p.date.month = month;
          if (day) p.date.day = day;
        } else {
          keep(f);
        }
        break;
      }
      case FieldRole::Day: {
        const auto day = has_date ? std::nullopt : parse_integer(v);
        if (day && *day >= 1 && *day <= 31) {
          p.date.day = static_cast<int>(*day);
        } else {
          keep(f);
        }
        break;
      }
      case FieldRole::Date: {
        bool plain = false;
        const Date date = detail::parse_iso_date(v, plain);
        if (placeholder(f, date.year)) break;
        if (!date.year) {  // (words: "16--20 May 2022"; a year field says the year, else the first
                           // in it)
          keep(f);
          if (const int year = first_year(v)) {
            diag(f.offset, Severity::Warning, DiagnosticKind::Value,
                 std::string(f.name) + " '" + std::string(ascii::trim(v).substr(0, 40)) +
                     "' is not a date as biblatex reads one (YYYY-MM-DD): " +
                     (e.find("year") ? "the year field is used" : "its year is used"));
            if (!e.find("year") && !p.date.year && year <= kLatestYear) p.date.year = year;
            break;
          }
          year_words(f, p.date.year, pubstate);  // ("In press": a status, said by year_words)
          break;
        }
        p.date = date;
        if (!plain) {
          keep(f);
          year_words(f, p.date.year, pubstate);
        }
        break;
      }
      case FieldRole::Venue:
        if (&f == venue) {
          p.venue = decode(f);
          p.venue_field = biblio::venue_field_named(n);
        } else {
          keep(f);
        }
        break;
      case FieldRole::Abbr:
        p.set_badge(latex::decode(v).text);
        break;
      case FieldRole::Selected: {
        const std::string s = unicode::ascii_lower(ascii::trim(v));
        p.selected = s == "true" || s == "yes" || s == "1";
        break;
      }
      case FieldRole::Award:
        p.set_award(decode(f));
        break;
      case FieldRole::AwardName:
        p.set_award_label(latex::decode(v).text);
        break;
      case FieldRole::Link:
        add_links(p, n, biblio::clean_url(v));
        break;
      case FieldRole::Arxiv:
        p.set_arxiv(biblio::clean_arxiv(v));
        break;
      case FieldRole::Doi: {
        std::string doi = biblio::clean_doi(v);
        if (doi.empty() || !p.doi().empty()) {
          keep(f);
        } else {
          p.set_doi(std::move(doi));
        }
        break;
      }
      case FieldRole::Preview:
        p.set_thumbnail(biblio::clean_url(v));
        break;
      case FieldRole::Abstract:
        p.set_abstract(decode(f));
        break;
      case FieldRole::Annotation:
        keep(f);
        read_legend(v, f.name_offset);
        break;
      case FieldRole::Keywords:
        p.set_tags(split_tags(v));
        break;
      case FieldRole::Note:
        p.set_note(decode(f));
        break;
      case FieldRole::Pubstate:
        if (!(pubstate = biblio::status_from_pubstate(v))) keep(f);
        break;
      case FieldRole::Citations:
        if (auto count = parse_integer(v); count && is_citation_count(*count)) {
          p.set_citations(*count);
        } else {
          if (count)
            diag(f.offset, Severity::Warning, DiagnosticKind::Value,
                 std::string(f.name) + " '" + std::string(ascii::trim(v).substr(0, 24)) +
                     "' is not a citation count (0 to " + std::to_string(kMostCitations) +
                     "): it is left out");
          keep(f);
        }
        break;
      case FieldRole::Crossref:
      case FieldRole::Xdata:
      case FieldRole::Other:
        if (is_labelled_url(n)) {
          add_links(p, n.substr(4), biblio::clean_url(v));
        } else {
          keep(f);
        }
        break;
    }
  }
  // A talk or a course dated only by its event (biblatex's eventdate) is of that year.
  if (!p.date.year)
    if (const Field* f = e.find("eventdate")) {
      bool plain = false;
      if (const Date date = detail::parse_iso_date(f->value, plain);
          date.year > 0 && date.year <= kLatestYear)
        p.date = date;
    }
  // (A CV's own types, @poster or @course, are read as @misc without a word: only a typo is said.)
  if (!is_known_entry_type(e.type))
    if (const std::string_view meant = near_entry_type(e.type); !meant.empty())
      diag(e.offset, Severity::Warning, DiagnosticKind::Unknown,
           "unknown entry type @" + excerpt(e.type) + " on '" + excerpt(e.key) +
               "': read as @misc (did you mean @" + std::string(meant) + "?)");
  if (p.title.empty()) {
    // An edited volume written with only its booktitle (@book{x, booktitle = {...}, editor =
    // ...}): that is its title, not its venue. With no title at all, the key stands in.
    for (const char* name : {"booktitle", "maintitle", "eventtitle", "series"}) {
      const Field* f = e.find(name);
      if (!f || ascii::trim(f->value).empty()) continue;
      p.title = decode(*f);
      if (f == venue) {  // the venue is then the next in rank (the book's series or publisher)
        const Field* next = nullptr;
        int next_rank = 1 << 20;
        for (const Field& g : e.fields) {
          if (g.role != FieldRole::Venue || &g == f || !biblio::names_a_venue(g.value)) continue;
          const int rank = biblio::venue_priority(g.name);
          if (rank < next_rank) {
            next = &g;
            next_rank = rank;
          }
        }
        p.venue = next ? decode(*next) : RichText();
        p.venue_field = next ? biblio::venue_field_named(next->name) : VenueField::Unknown;
        if (next)  // (kept as an extra field above: the venue now, so not twice)
          for (auto x = p.extra.begin(); x != p.extra.end(); ++x)
            if (x->name == next->name) {
              p.extra.erase(x);
              break;
            }
      }
      break;
    }
    // Without any title it is no publication a visitor could read: it stays in the library
    // (BibTeX and JSON output, diagnostics) and lists leave it out (run_query).
    // (A @set only groups other entries: nothing to report.)
    if (p.title.empty() && e.type != "set")
      diag(e.offset, Severity::Warning, DiagnosticKind::LeftOut,
           "entry '" + excerpt(e.key) + "' has no title: it is left out of the list");
  }
  if (p.arxiv().empty()) p.set_arxiv(biblio::arxiv_from_extra(p.extra));
  // INSPIRE's collaboration = {CMS} on a paper with no author list: the collaboration wrote it.
  if (p.authors.empty())
    if (const std::string* collaboration = p.extra_field("collaboration")) {
      std::string name = latex::decode(*collaboration).text;
      if (!name.empty() && unicode::fold(name).find("collaboration") == std::string::npos)
        name += " Collaboration";
      if (!name.empty()) p.authors.push_back(Person({}, {}, {}, {}, name));
    }
  if (!annotations.empty()) apply_annotations(annotations, p.authors);
  // The rest as every reader does it (read/settle.hpp), with the note's or howpublished's address
  // after the arXiv and DOI links.
  detail::RecordClues clues;
  clues.venue = venue_clues(p.venue.text);
  clues.stated = pubstate;
  clues.entry_type = e.type;
  const auto has = [&e](std::initializer_list<std::string_view> names) {
    for (std::string_view name : names)
      if (const Field* f = e.find(name); f && !ascii::trim(f->value).empty()) return true;
    return false;
  };
  clues.given_at_event = e.type == "unpublished" &&
                         has({"location", "venue", "eventtitle", "eventdate"}) &&
                         !has({"publisher", "isbn", "pages"});
  detail::settle_identifiers(p, clues);
  link_from_text(e, p);
  detail::settle_status(p, clues);
}

}  // namespace papershelf::bibtex
