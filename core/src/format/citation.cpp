// Citations a visitor can paste into a paper: APA 7, IEEE, the ACM Reference Format, Chicago
// author-date (17th ed.), MLA 9 and Harvard (Cite Them Right), plus the short homepage style.
// Each style is one function that writes a reference-list entry into a Cite, which keeps the
// plain text and the HTML (italics, escaped text, DOI and URL links) in step, so the two can
// never say different things.
#include <algorithm>
#include <cctype>

#include "papershelf/citation.hpp"
#include "papershelf/html.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"
#include "text/bytes.hpp"

namespace papershelf {
namespace {

constexpr std::string_view kEnDash = "\xE2\x80\x93";
constexpr std::string_view kOpenQuote = "\xE2\x80\x9C", kCloseQuote = "\xE2\x80\x9D";

#define PAPERSHELF_STYLE_TEXT(name, text, label) text,
#define PAPERSHELF_STYLE_LABEL(name, text, label) label,
constexpr std::string_view kStyleText[] = {PAPERSHELF_CITATION_STYLES(PAPERSHELF_STYLE_TEXT)};
constexpr std::string_view kStyleLabel[] = {PAPERSHELF_CITATION_STYLES(PAPERSHELF_STYLE_LABEL)};
#undef PAPERSHELF_STYLE_TEXT
#undef PAPERSHELF_STYLE_LABEL

// A reference under construction, as plain text and as HTML.
class Cite {
 public:
  Cite& text(std::string_view s) {
    if (!s.empty() && s[0] == ' ' && !plain_.empty() && plain_.back() == ' ') s.remove_prefix(1);  // (one space)
    plain_ += s;
    html_ += isolated(s);
    return *this;
  }
  Cite& italic(std::string_view s) {
    if (s.empty()) return *this;
    plain_ += s;
    html_ += "<i>" + isolated(s) + "</i>";
    return *this;
  }
  // A DOI as IEEE writes it: "10.1145/x" as text, linked to https://doi.org/10.1145/x.
  Cite& doi(std::string_view doi, std::string_view url) {
    plain_ += doi;
    html_ += "<a href=\"" + escape_html(url) + "\">" + isolated(doi) + "</a>";
    return *this;
  }
  Cite& link(std::string_view url) {
    plain_ += url;
    if (is_safe_url(url)) html_ += "<a href=\"" + escape_html(url) + "\">" + isolated(url) + "</a>";
    else html_ += isolated(url);
    return *this;
  }
  // Ends an element with `mark` (". ", ", "...), unless the text already ends in the same mark or
  // a stronger one ("Do Glaciers Remember?" takes no period).
  // (After a space the element has been ended already: "Retrieved ... from ", "“Title.” ".)
  Cite& close(std::string_view mark) {
    if (plain_.empty() || plain_.back() == ' ') return *this;
    const char last = plain_.back();
    if (!mark.empty() && (mark[0] == '.' || mark[0] == ',') &&
        (last == '.' || last == '?' || last == '!'))
      mark.remove_prefix(mark[0] == '.' || last != '.' ? 1 : 0);
    return text(mark);
  }
  bool empty() const { return plain_.empty(); }
  std::string take(bool html) {
    std::string& out = html ? html_ : plain_;
    while (!out.empty() && out.back() == ' ') out.pop_back();  // (what the last close() left)
    return std::move(out);
  }

 private:
  // Escaped, and set apart when it could reorder the rest of the citation: a right-to-left name
  // or a bidi control (U+202E in a name reversed every field after it).
  static std::string isolated(std::string_view s) {
    return unicode::needs_bidi_isolation(s) ? "<bdi>" + escape_html(s) + "</bdi>" : escape_html(s);
  }
  std::string plain_, html_;
};

enum class Kind { Article, Paper, Book, Edited, Chapter, Thesis, Report, Preprint, Web };

// What every style reads of a record, worked out once.
struct Record {
  const Publication& p;
  Kind kind = Kind::Article;
  const std::vector<Person>* names = nullptr;  // authors, or the editors of an edited volume
  bool editors_credited = false;
  std::string title, container, publisher, place, volume, number, pages, edition, series;
  std::string url, doi_url, site;
  Date accessed;
  bool masters = false;

  explicit Record(const Publication& pub) : p(pub) { init(); without_container(); }
  void init() {
    names = &credited_names(p, &editors_credited);
    title = full_title(p);
    volume = latex::decoded_field(p, "volume");
    number = latex::decoded_field(p, "number");
    if (number.empty()) number = latex::decoded_field(p, "issue");  // (biblatex's issue of a journal)
    pages = latex::decoded_field(p, "pages");
    pages = bytes::replaced(pages, "--", kEnDash);
    if (pages.find(kEnDash) == std::string::npos)
      if (const std::size_t dash = pages.find('-'); dash != std::string::npos) pages.replace(dash, 1, kEnDash);
    edition = latex::decoded_field(p, "edition");
    series = latex::decoded_field(p, "series");
    place = latex::decoded_field(p, "address");
    if (place.empty()) place = latex::decoded_field(p, "location");
    if (p.venue_is_publisher()) {
      publisher = p.venue.text;
    } else {
      container = p.venue.text;
      publisher = latex::decoded_field(p, "publisher");
    }
    if (!p.doi().empty()) doi_url = "https://doi.org/" + p.doi();
    // (Only an absolute web address helps a reader of the citing paper, not "papers/x.pdf".)
    url = record_address(p);
    if (!p.arxiv().empty() && url == "https://arxiv.org/abs/" + p.arxiv()) url.clear();  // (said as arXiv)
    if (!doi_url.empty() && url == doi_url) url.clear();
    const std::string urldate = latex::decoded_field(p, "urldate");
    if (!urldate.empty()) {
      accessed.year = std::atoi(urldate.c_str());
      if (urldate.size() >= 7) accessed.month = std::atoi(urldate.c_str() + 5);
      if (urldate.size() >= 10) accessed.day = std::atoi(urldate.c_str() + 8);
    }
    const std::string source = unicode::ascii_lower(p.source_type);
    masters = source == "mastersthesis" || unicode::fold(latex::decoded_field(p, "type")).find("master") != std::string::npos;
    switch (p.type) {
      case PubType::Journal: kind = Kind::Article; break;
      case PubType::Conference: kind = Kind::Paper; break;
      case PubType::Book: kind = editors_credited ? Kind::Edited : Kind::Book; break;
      case PubType::Chapter: kind = Kind::Chapter; break;
      case PubType::Thesis: kind = Kind::Thesis; break;
      case PubType::Report: kind = Kind::Report; break;
      case PubType::Preprint: kind = Kind::Preprint; break;
      default:
        kind = !container.empty() ? Kind::Article : (!url.empty() && doi_url.empty()) ? Kind::Web : Kind::Book;
        if (kind == Kind::Web) {  // the site a page is on
          for (const char* field : {"organization", "publisher", "howpublished"})
            if (site.empty()) site = latex::decoded_field(p, field);
          if (site.empty()) site = publisher;
          publisher.clear();
        }
    }
  }
  bool has_year() const { return p.date.year != 0; }
  // An article or paper whose container the data does not name is cited as a work of its own.
  void without_container() {
    if (container.empty() && (kind == Kind::Article || kind == Kind::Paper || kind == Kind::Chapter)) kind = Kind::Book;
  }
  std::string year() const { return p.date.year ? std::to_string(p.date.year) : std::string(); }
  std::string arxiv_doi() const { return "https://doi.org/10.48550/arXiv." + p.arxiv(); }
};

// --- names ---

// "Layla Nour" -> "L. N." (`spaced`) or "L.N."; "Jean-Pierre" -> "J.-P.".
std::string initials(std::string_view given, bool spaced) {
  std::string out;
  bool start = true;
  std::size_t pos = 0;
  while (pos < given.size()) {
    const std::size_t before = pos;
    const char32_t cp = unicode::decode_utf8(given, pos);
    if (cp == ' ' || cp == '-') {
      if (!out.empty() && out.back() == '.') out += cp == '-' ? "-" : (spaced ? " " : "");
      start = true;
    } else if (start && cp != '.') {
      out.append(given.substr(before, pos - before));
      out += '.';
      start = false;
    }
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '-')) out.pop_back();
  return out;
}

std::string family_part(const Person& a) {
  std::string out(a.particle());
  if (!out.empty()) out += ' ';
  return out.append(a.family());
}

enum class NameForm { FamilyInitials, FamilyInitialsTight, InitialsFamily, GivenFamily, FamilyGiven };

std::string name(const Person& a, NameForm form) {
  if (a.is_literal()) return std::string(a.literal());
  const std::string family = family_part(a);
  std::string given(a.given());
  std::string out;
  switch (form) {
    case NameForm::FamilyInitials:
    case NameForm::FamilyInitialsTight:
      out = family;
      if (!given.empty()) out += ", " + initials(given, form == NameForm::FamilyInitials);
      if (!a.suffix().empty()) out.append(", ").append(a.suffix());
      return out;
    case NameForm::InitialsFamily:
      out = initials(given, true);
      if (!out.empty()) out += ' ';
      out += family;
      if (!a.suffix().empty()) out.append(", ").append(a.suffix());
      return out;
    case NameForm::GivenFamily:
      out = given;
      if (!out.empty()) out += ' ';
      out += family;
      if (!a.suffix().empty()) out.append(", ").append(a.suffix());
      return out;
    case NameForm::FamilyGiven:
      return inverted_name(a);
  }
  return out;
}

// A name list: `names[i]` joined by ", " and `last_join` (", & ", ", and ", " and ") before the
// last; `two_join` between exactly two.
std::string join(const std::vector<std::string>& names, std::string_view two_join, std::string_view last_join) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += names.size() == 2 ? two_join : (i + 1 == names.size() ? last_join : ", ");
    out += names[i];
  }
  return out;
}

std::vector<std::string> names_in(const std::vector<Person>& people, NameForm first, NameForm rest, std::size_t limit) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < people.size() && i < limit; ++i) out.push_back(name(people[i], i == 0 ? first : rest));
  return out;
}

// --- shared pieces ---

constexpr std::string_view kApostrophe = "\xE2\x80\x99";
const std::string kMasters = "Master" + std::string(kApostrophe) + "s thesis";

std::string ordinal(const std::string& edition) {
  if (edition.empty() || !std::isdigit(static_cast<unsigned char>(edition.back()))) return edition;
  const int n = std::atoi(edition.c_str());
  const char* suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  return edition + suffix;
}

constexpr const char* kMonths[] = {"January", "February", "March", "April", "May", "June", "July",
                                   "August", "September", "October", "November", "December"};
constexpr const char* kIeeeMonths[] = {"Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.",
                                       "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec."};
constexpr const char* kAcmMonths[] = {"Jan.", "Feb.", "March", "April", "May", "June",
                                      "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."};
constexpr const char* kMlaMonths[] = {"Jan.", "Feb.", "Mar.", "Apr.", "May", "June",
                                      "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."};

std::string month_name(const char* const* months, int m) { return m >= 1 && m <= 12 ? months[m - 1] : ""; }
// "March 2, 2026" (`american`) or "2 March 2026".
std::string day_month_year(const Date& d, const char* const* months, bool american) {
  const std::string day = std::to_string(d.day), month = month_name(months, d.month), year = std::to_string(d.year);
  return american ? month + " " + day + ", " + year : day + " " + month + " " + year;
}

// “Title,” with the mark inside the quotes, as American styles want (none after a ? or !).
void quoted(Cite& c, const std::string& title, std::string_view mark, std::string_view open = kOpenQuote,
            std::string_view close = kCloseQuote) {
  std::string_view t = title;
  if (!t.empty() && t.back() == '.' && mark != ".") t.remove_suffix(1);  // “Injection,” not “Injection.,”
  c.text(open).text(t);
  const char last = t.empty() ? ' ' : t.back();
  if (last != '?' && last != '!' && !(last == '.' && mark == ".")) c.text(mark);
  c.text(close);
}

// A page range with the second number shortened, as Chicago (CMOS 9.61: 118–31, 301–9, 100–104)
// or MLA (two digits at least: 118–31, 301–09) write it; other ranges stay as they are.
std::string short_range(const std::string& pages, bool mla) {
  const std::size_t dash = pages.find(kEnDash);
  if (dash == std::string::npos) return pages;
  const std::string a = pages.substr(0, dash), b = pages.substr(dash + kEnDash.size());
  auto digits = [](const std::string& x) {
    return !x.empty() && x.size() < 9 && std::all_of(x.begin(), x.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  };
  if (!digits(a) || !digits(b) || a.size() != b.size()) return pages;
  const int first = std::atoi(a.c_str());
  if (first < 100 || (!mla && first % 100 == 0)) return pages;
  std::size_t same = 0;  // leading digits the two numbers share
  while (same < a.size() && a[same] == b[same]) ++same;
  std::size_t keep = b.size() - same;  // the changed part
  if (mla || first % 100 >= 10) keep = std::max<std::size_t>(keep, 2);
  std::string tail = b.substr(b.size() - std::min(keep, b.size()));
  if (!mla)
    while (tail.size() > 1 && tail[0] == '0') tail.erase(0, 1);  // (CMOS: 101–8, not 101–08)
  return a + std::string(kEnDash) + tail;
}

// "Publisher, Place" or "Place: Publisher".
std::string publisher_place(const Record& r, bool place_first) {
  if (r.publisher.empty() || r.place.empty()) return r.publisher.empty() ? r.place : r.publisher;
  return place_first ? r.place + ": " + r.publisher : r.publisher + ", " + r.place;
}

// The address a reference points to: the DOI, else the arXiv abstract, else the record's URL.
std::string link_of(const Record& r) {
  if (!r.doi_url.empty()) return r.doi_url;
  if (r.kind == Kind::Preprint && !r.p.arxiv().empty()) return "https://arxiv.org/abs/" + r.p.arxiv();
  return r.url;
}

// "Technical Report TR-2021-07" (ACM, Chicago, Harvard).
std::string technical_report(const Record& r) {
  return r.number.empty() ? "Technical Report" : "Technical Report " + r.number;
}

std::string editor_names(const Record& r, NameForm form, std::string_view two, std::string_view last) {
  return join(names_in(r.p.editors(), form, form, r.p.editors().size()), two, last);
}

// The credited names in the styles that shorten a list to its first name and "et al." from
// `et_al_from` names on (and when the data ends in "and others"): IEEE, MLA, Harvard.
struct EtAlRule {
  std::size_t et_al_from;
  NameForm first, rest;
  std::string_view two, last;  // joins: between two names, before the last of more
  std::string_view before_et_al;  // " " (IEEE, Harvard: "et al." in italics) or ", " (MLA)
  bool italic;
};
void names_or_et_al(Cite& c, const Record& r, const EtAlRule& rule) {
  const std::vector<Person>& people = *r.names;
  if (!people.empty() && (people.size() >= rule.et_al_from || (r.p.others && !r.editors_credited))) {
    c.text(name(people[0], rule.first)).text(rule.before_et_al);
    if (rule.italic) c.italic("et al.");
    else c.text("et al.");
  } else {
    c.text(join(names_in(people, rule.first, rule.rest, people.size()), rule.two, rule.last));
  }
}

// --- APA 7 ---

void apa(Cite& c, const Record& r) {
  const std::vector<Person>& people = *r.names;
  if (people.size() >= 21) {  // the first 19, an ellipsis, the last (APA 9.8)
    c.text(join(names_in(people, NameForm::FamilyInitials, NameForm::FamilyInitials, 19), "", ", "))
        .text(", \xE2\x80\xA6 ").text(name(people.back(), NameForm::FamilyInitials));
  } else {
    std::string list = join(names_in(people, NameForm::FamilyInitials, NameForm::FamilyInitials, people.size()), ", & ", ", & ");
    if (r.p.others && !r.editors_credited) list += ", et al.";
    c.text(list);
  }
  if (r.editors_credited) c.text(people.size() == 1 ? " (Ed.)" : " (Eds.)");
  c.close(". ");
  const bool italic_title = r.kind != Kind::Article && r.kind != Kind::Paper && r.kind != Kind::Chapter;
  auto title = [&] {
    if (italic_title) c.italic(r.title);
    else c.text(r.title);
  };
  if (people.empty()) {  // no author: the title moves to the front
    title();
    c.close(". ");
  }
  std::string date = r.has_year() ? r.year() : "n.d.";
  if (r.kind == Kind::Web && r.p.date.month)
    date += ", " + month_name(kMonths, r.p.date.month) + (r.p.date.day ? " " + std::to_string(r.p.date.day) : "");
  c.text("(" + date + ")").close(". ");
  if (!people.empty()) title();
  switch (r.kind) {
    case Kind::Article:
      c.close(". ").italic(r.container);
      if (!r.volume.empty()) c.text(", ").italic(r.volume);
      if (!r.number.empty()) c.text("(" + r.number + ")");
      if (!r.pages.empty()) c.text(", " + r.pages);
      break;
    case Kind::Paper:
    case Kind::Chapter:
      c.close(". ").text("In ");
      if (!r.p.editors().empty() && r.kind != Kind::Article)
        c.text(editor_names(r, NameForm::InitialsFamily, " & ", ", & ") + (r.p.editors().size() == 1 ? " (Ed.), " : " (Eds.), "));
      c.italic(r.container);
      if (!r.pages.empty()) c.text(" (pp. " + r.pages + ")");
      c.close(". ").text(r.publisher);
      break;
    case Kind::Book:
    case Kind::Edited:
      if (!r.edition.empty()) c.text(" (" + ordinal(r.edition) + " ed.)");
      c.close(". ").text(r.publisher);
      break;
    case Kind::Thesis:
      c.text(" [" + (r.masters ? kMasters : std::string("Doctoral dissertation")));
      if (!r.publisher.empty()) c.text(", " + r.publisher);
      c.text("]");
      break;
    case Kind::Report:
      if (!r.number.empty()) c.text(" (Report No. " + r.number + ")");
      c.close(". ").text(r.publisher);
      break;
    case Kind::Preprint:
      c.close(". ").text(!r.p.arxiv().empty() ? std::string("arXiv") : r.container);
      break;
    case Kind::Web:
      c.close(". ").text(r.site);
      if (!r.has_year() && r.accessed.year && !r.url.empty())
        c.close(". ").text("Retrieved " + day_month_year(r.accessed, kMonths, true) + ", from ");
      break;
  }
  const std::string link = link_of(r);
  if (!link.empty()) c.close(". ").link(link);  // (no period after a DOI or URL: APA 9.35)
  else c.close(".");
}

// --- IEEE ---

void ieee(Cite& c, const Record& r) {
  const std::vector<Person>& people = *r.names;
  names_or_et_al(c, r, {7, NameForm::InitialsFamily, NameForm::InitialsFamily, " and ", ", and ", " ", true});
  if (r.editors_credited) c.text(people.size() == 1 ? ", Ed." : ", Eds.");
  if (!people.empty()) c.text(", ");
  const std::string date = (r.p.date.month ? month_name(kIeeeMonths, r.p.date.month) + " " : "") + r.year();
  auto then = [&](const std::string& s) {
    if (!s.empty()) c.text(", " + s);
  };
  const std::string pub = publisher_place(r, true);
  switch (r.kind) {
    case Kind::Article:
      quoted(c, r.title, ",");
      c.text(" ").italic(r.container);
      if (!r.volume.empty()) c.text(", vol. " + r.volume);
      if (!r.number.empty()) c.text(", no. " + r.number);
      if (!r.pages.empty()) c.text(", pp. " + r.pages);
      then(date);
      break;
    case Kind::Paper:
    case Kind::Chapter:
      quoted(c, r.title, ",");
      c.text(" in ").italic(r.container);
      if (!r.p.editors().empty() && r.kind != Kind::Article)
        c.text(", " + editor_names(r, NameForm::InitialsFamily, " and ", ", and ") + (r.p.editors().size() == 1 ? ", Ed" : ", Eds"));
      if (!pub.empty()) c.text(". " + pub);
      then(date);
      if (!r.pages.empty()) c.text(", pp. " + r.pages);
      break;
    case Kind::Book:
    case Kind::Edited:
      c.italic(r.title);
      if (!r.edition.empty()) c.text(", " + ordinal(r.edition) + " ed");
      if (!pub.empty()) c.text(". " + pub);
      then(date);
      break;
    case Kind::Thesis:
      quoted(c, r.title, ",");
      c.text(" ").text(r.masters ? kMasters : std::string("Ph.D. dissertation"));
      then(r.publisher);
      then(r.place);
      then(date);
      break;
    case Kind::Report:
      quoted(c, r.title, ",");
      c.text(" " + r.publisher);
      then(r.place);
      c.text(r.publisher.empty() && r.place.empty() ? "Tech. Rep." : ", Tech. Rep.");
      if (!r.number.empty()) c.text(" " + r.number);
      then(date);
      break;
    case Kind::Preprint:
      quoted(c, r.title, ",");
      c.text(" " + (date.empty() ? std::string("n.d.") : date));
      if (!r.p.arxiv().empty()) c.text(", arXiv:" + r.p.arxiv());
      break;
    case Kind::Web:
      if (r.site.empty()) {
        quoted(c, r.title, ".");
      } else {
        quoted(c, r.title, ",");
        c.text(" " + r.site + ".");
      }
      if (r.accessed.year) c.text(" Accessed: " + day_month_year(r.accessed, kIeeeMonths, true) + ".");
      if (!r.url.empty()) c.text(" [Online]. Available: ").link(r.url);
      return;
  }
  if (!r.doi_url.empty()) {
    c.text(", doi: ").doi(r.p.doi(), r.doi_url).text(".");  // (IEEE Reference Guide: "doi: 10.1109/...")
  } else {
    c.close(".");
    if (!r.url.empty() && r.kind != Kind::Preprint) c.text(" [Online]. Available: ").link(r.url);
  }
}

// --- ACM Reference Format ---

void acm(Cite& c, const Record& r) {
  const std::vector<Person>& people = *r.names;
  std::string list = join(names_in(people, NameForm::GivenFamily, NameForm::GivenFamily, people.size()), " and ", ", and ");
  if (r.p.others && !r.editors_credited) list += " et al.";
  c.text(list);
  if (r.editors_credited) c.text(people.size() == 1 ? " (Ed.)" : " (Eds.)");
  c.close(". ").text(r.has_year() ? r.year() : "[n. d.]").close(". ");
  const bool italic_title = r.kind == Kind::Book || r.kind == Kind::Edited || r.kind == Kind::Thesis ||
                            r.kind == Kind::Report || r.kind == Kind::Web;
  if (italic_title) c.italic(r.title);
  else c.text(r.title);
  const std::string pub = publisher_place(r, false);
  switch (r.kind) {
    case Kind::Article:
      c.close(". ").italic(r.container);
      if (!r.volume.empty()) c.text(" " + r.volume);
      if (!r.number.empty()) c.text(", " + r.number);
      if (r.has_year()) c.text(" (" + (r.p.date.month ? month_name(kAcmMonths, r.p.date.month) + " " : "") + r.year() + ")");
      if (!r.pages.empty()) c.text(", " + r.pages);
      break;
    case Kind::Paper:
    case Kind::Chapter:
      c.close(". ").text("In ").italic(r.container);
      if (!r.p.editors().empty() && r.kind != Kind::Article)
        c.text(", " + editor_names(r, NameForm::GivenFamily, " and ", ", and ") + (r.p.editors().size() == 1 ? " (Ed.)" : " (Eds.)"));
      c.close(". ").text(pub);
      if (!r.pages.empty()) c.close(", ").text(r.pages);
      break;
    case Kind::Book:
    case Kind::Edited:
      if (!r.edition.empty()) c.text(" (" + ordinal(r.edition) + " ed.)");
      c.close(". ").text(pub);
      break;
    case Kind::Thesis:
      c.close(". ").text(r.masters ? kMasters : std::string("Ph.D. Dissertation")).close(". ").text(pub);
      break;
    case Kind::Report:
      c.close(". ").text(technical_report(r)).close(". ").text(pub);
      break;
    case Kind::Preprint:
      c.close(". ");
      if (!r.p.arxiv().empty()) c.text("arXiv:" + r.p.arxiv());
      else c.italic(r.container);
      break;
    case Kind::Web:
      c.close(". ").text(r.site);
      break;
  }
  const std::string link = link_of(r);
  if (link.empty()) {
    c.close(".");
  } else if (r.doi_url.empty() && (r.kind == Kind::Preprint || r.kind == Kind::Web)) {
    c.close(". ").text("Retrieved ");
    if (r.accessed.year) c.text(day_month_year(r.accessed, kMonths, true) + " ");
    c.text("from ").link(link);
  } else {
    c.close(". ").link(link);  // (no period after it)
  }
}

// --- Chicago author-date (17th ed.) ---

void chicago(Cite& c, const Record& r) {
  const std::vector<Person>& people = *r.names;
  const bool et_al = people.size() > 10;  // the first seven, then "et al." (CMOS 15.9)
  std::vector<std::string> names = names_in(people, NameForm::FamilyGiven, NameForm::GivenFamily, et_al ? 7 : people.size());
  std::string list = et_al ? join(names, ", ", ", ") + ", et al." : join(names, ", and ", ", and ");
  if (r.p.others && !r.editors_credited && !et_al) list += ", et al.";
  c.text(list);
  if (r.editors_credited) c.text(people.size() == 1 ? ", ed." : ", eds.");
  c.close(". ").text(r.has_year() ? r.year() : "n.d.").close(". ");
  const bool italic_title = r.kind == Kind::Book || r.kind == Kind::Edited || r.kind == Kind::Report;
  if (italic_title) {
    c.italic(r.title).close(". ");
  } else {
    quoted(c, r.title, ".");
    c.text(" ");
  }
  const std::string pages = short_range(r.pages, false);
  const std::string pub = publisher_place(r, true);
  switch (r.kind) {
    case Kind::Article:
      c.italic(r.container);
      if (!r.volume.empty()) c.text(" " + r.volume);
      if (!r.number.empty()) c.text(" (" + r.number + ")");
      if (!pages.empty()) c.text((r.volume.empty() && r.number.empty() ? ", " : ": ") + pages);
      break;
    case Kind::Paper:
    case Kind::Chapter:
      c.text("In ").italic(r.container);
      if (!r.p.editors().empty() && r.kind != Kind::Article) c.text(", edited by " + editor_names(r, NameForm::GivenFamily, " and ", ", and "));
      if (!pages.empty()) c.text(", " + pages);
      c.close(". ").text(pub);
      break;
    case Kind::Book:
    case Kind::Edited:
      if (!r.edition.empty()) c.text(ordinal(r.edition) + " ed").close(". ");
      c.text(pub);
      break;
    case Kind::Thesis:
      c.text(r.masters ? kMasters : std::string("PhD diss."));
      if (!r.publisher.empty()) c.text(", " + r.publisher);
      break;
    case Kind::Report:
      c.text(technical_report(r)).close(". ").text(pub);
      break;
    case Kind::Preprint:
      c.text(!r.p.arxiv().empty() ? std::string("arXiv") : r.container);
      break;
    case Kind::Web:
      c.text(r.site);
      if (r.has_year() && r.p.date.month)
        c.close(", ").text(month_name(kMonths, r.p.date.month) + (r.p.date.day ? " " + std::to_string(r.p.date.day) : "") + ", " + r.year());
      else if (!r.has_year() && r.accessed.year)
        c.close(". ").text("Accessed " + day_month_year(r.accessed, kMonths, true));
      break;
  }
  const std::string link = link_of(r);
  if (!link.empty()) c.close(". ").link(link);
  c.close(".");
}

// --- MLA 9 ---

void mla(Cite& c, const Record& r) {
  const std::vector<Person>& people = *r.names;
  names_or_et_al(c, r, {3, NameForm::FamilyGiven, NameForm::GivenFamily, ", and ", ", and ", ", ", false});
  if (r.editors_credited) c.text(people.size() == 1 ? ", editor" : ", editors");
  c.close(". ");
  const bool italic_title = r.kind == Kind::Book || r.kind == Kind::Edited || r.kind == Kind::Thesis || r.kind == Kind::Report;
  if (italic_title) {
    c.italic(r.title).close(". ");
  } else {
    quoted(c, r.title, ".");
    c.text(" ");
  }
  std::string date = r.year();
  if (r.p.date.month && !date.empty()) {
    date = month_name(kMlaMonths, r.p.date.month) + " " + date;
    if (r.p.date.day) date = std::to_string(r.p.date.day) + " " + date;
  }
  // The container and its elements, separated by commas (MLA's template).
  std::string container;
  std::vector<std::string> parts;
  auto part = [&](std::string s) {
    if (!s.empty()) parts.push_back(std::move(s));
  };
  const std::string pages = r.pages.empty() ? std::string() : "pp. " + short_range(r.pages, true);
  switch (r.kind) {
    case Kind::Article:
    case Kind::Paper:
    case Kind::Chapter:
      container = r.container;
      if (!r.p.editors().empty() && r.kind != Kind::Article) part("edited by " + editor_names(r, NameForm::GivenFamily, " and ", ", and "));
      if (!r.volume.empty()) part("vol. " + r.volume);
      if (!r.number.empty()) part("no. " + r.number);
      if (r.kind != Kind::Article) part(r.publisher);  // (MLA names no journal's publisher)
      part(date);
      part(pages);
      break;
    case Kind::Book:
    case Kind::Edited:
      if (!r.edition.empty()) part(ordinal(r.edition) + " ed.");
      part(r.publisher);
      part(date);
      break;
    case Kind::Thesis:
      c.text(date).close(". ");
      part(r.publisher);
      part(r.masters ? kMasters : std::string("PhD dissertation"));
      break;
    case Kind::Report:
      if (!r.number.empty()) part("Technical Report " + r.number);
      part(r.publisher);
      part(date);
      break;
    case Kind::Preprint:
      container = !r.p.arxiv().empty() ? std::string("arXiv") : r.container;
      part(date);
      break;
    case Kind::Web:
      container = r.site;
      part(date);
      break;
  }
  c.italic(container);
  for (const std::string& s : parts) {
    if (!c.empty() && !container.empty() && &s == &parts.front()) c.text(", ");
    else if (&s != &parts.front()) c.text(", ");
    c.text(s);
  }
  const std::string link = link_of(r);
  // The DOI or URL ends the container: after a comma, or as its own element.
  if (!link.empty()) c.text(parts.empty() && container.empty() ? "" : r.kind == Kind::Thesis ? ". " : ", ").link(link);
  c.close(".");
  if (!r.has_year() && r.accessed.year)
    c.text(" Accessed " + day_month_year(r.accessed, kMlaMonths, false) + ".");
}

// --- Harvard (Cite Them Right) ---

void harvard(Cite& c, const Record& r) {
  const std::vector<Person>& people = *r.names;
  names_or_et_al(c, r, {4, NameForm::FamilyInitialsTight, NameForm::FamilyInitialsTight, " and ", " and ", " ", true});
  if (r.editors_credited) c.text(people.size() == 1 ? " (ed.)" : " (eds)");
  if (!people.empty()) c.text(" ");
  c.text("(").text(r.has_year() ? r.year() : "no date").text(") ");
  const bool italic_title = r.kind == Kind::Book || r.kind == Kind::Edited || r.kind == Kind::Thesis ||
                            r.kind == Kind::Report || r.kind == Kind::Web;
  const std::string_view open = "\xE2\x80\x98", close = "\xE2\x80\x99";
  if (italic_title) c.italic(r.title);
  else c.text(open).text(r.title).text(close);
  const std::string pub = publisher_place(r, true);
  switch (r.kind) {
    case Kind::Article:
      c.text(", ").italic(r.container);
      if (!r.volume.empty()) c.text(", " + r.volume);
      if (!r.number.empty()) c.text("(" + r.number + ")");
      if (!r.pages.empty()) c.text(", pp. " + r.pages);
      break;
    case Kind::Paper:
    case Kind::Chapter:
      c.text(", ");
      if (r.kind == Kind::Chapter) {
        c.text("in ");
        if (!r.p.editors().empty()) {
          // (editors initials first: "P.H. Ferreira and T. Nkosi (eds)")
          std::vector<std::string> eds;
          for (const Person& e : r.p.editors())
            eds.push_back(e.is_literal() ? std::string(e.literal()) : initials(e.given(), false) + " " + family_part(e));
          c.text(join(eds, " and ", " and ") + (eds.size() == 1 ? " (ed.) " : " (eds) "));
        }
      }
      c.italic(r.container);
      if (!pub.empty()) c.close(". ").text(pub);
      if (!r.pages.empty()) c.text(", pp. " + r.pages);
      break;
    case Kind::Book:
    case Kind::Edited:
      c.close(". ");
      if (!r.edition.empty()) c.text(ordinal(r.edition) + " edn").close(". ");
      c.text(pub);
      break;
    case Kind::Thesis:
      c.close(". ").text(r.masters ? kMasters : std::string("PhD thesis")).close(". ").text(r.publisher);
      break;
    case Kind::Report:
      c.close(". ").text(technical_report(r)).close(". ").text(pub);
      break;
    case Kind::Preprint:
      if (!r.p.arxiv().empty()) c.text(", ").italic("arXiv").text(" [Preprint]");
      else if (!r.container.empty()) c.text(", ").italic(r.container);
      break;
    case Kind::Web:
      break;  // (Cite Them Right names no site)
  }
  const std::string link = link_of(r);
  c.close(".");
  if (!link.empty()) {
    c.text(" Available at: ").link(link);
    if (r.kind == Kind::Web && r.accessed.year) c.text(" (Accessed: " + day_month_year(r.accessed, kMonths, false) + ").");
  }
}

// --- the homepage's short style ---

void compact(Cite& c, const Record& r) {
  const std::vector<Person>& people = *r.names;
  std::string list = join(names_in(people, NameForm::GivenFamily, NameForm::GivenFamily, people.size()), " and ", ", and ");
  if (r.p.others && !r.editors_credited) list += " et al.";
  if (r.editors_credited) list += " " + std::string(editors_label(people.size()));
  c.text(list).close(". ").text(r.title).close(". ");
  const std::string& badge = r.p.badge();
  const std::string& venue = r.p.venue.text;
  const bool status_word = badge == label(r.p.status) || badge == label(r.p.type);  // ("Preprint" twice)
  const bool show_badge = !badge.empty() && !status_word && venue.find(badge) == std::string::npos;
  if (!venue.empty() && venue_ends_with_year(r.p) && !show_badge) {
    c.text(venue).close(".");  // (it ends with the year)
  } else {
    if (!venue.empty()) {
      c.text(venue);
      if (show_badge) c.text(" (" + badge + ")");
      c.text(", ");
    } else if (show_badge) {
      c.text(badge + ", ");
    } else if (!r.p.arxiv().empty()) {
      c.text("arXiv:" + r.p.arxiv() + ", ");
    }
    c.text(r.has_year() ? r.year() : "n.d.").close(".");
  }
  if (r.p.status != Status::Published) c.text(" ").text(label(r.p.status)).close(".");
}

void write(Cite& c, const Publication& p, CitationStyle style) {
  const Record r(p);
  switch (style) {
    case CitationStyle::Apa: apa(c, r); break;
    case CitationStyle::Ieee: ieee(c, r); break;
    case CitationStyle::Acm: acm(c, r); break;
    case CitationStyle::Chicago: chicago(c, r); break;
    case CitationStyle::Mla: mla(c, r); break;
    case CitationStyle::Harvard: harvard(c, r); break;
    case CitationStyle::Compact: compact(c, r); break;
  }
}

}  // namespace

std::string format_citation(const Publication& p, CitationStyle style) {
  Cite c;
  write(c, p, style);
  return c.take(false);
}

std::string format_citation_html(const Publication& p, CitationStyle style) {
  Cite c;
  write(c, p, style);
  return c.take(true);
}

std::string_view to_string(CitationStyle s) { return kStyleText[static_cast<int>(s)]; }
std::string_view label(CitationStyle s) { return kStyleLabel[static_cast<int>(s)]; }

std::optional<CitationStyle> citation_style_from_string(std::string_view s) {
  const std::string f = unicode::fold(s);
  if (f.empty() || f == "homepage") return CitationStyle::Compact;
  for (int i = 0; i < kCitationStyleCount; ++i)
    if (f == kStyleText[i]) return static_cast<CitationStyle>(i);
  return std::nullopt;
}

}  // namespace papershelf
