// RIS, the tagged format Zotero, EndNote, Mendeley and most reference managers import: one
// "TY  - " ... "ER  - " block per record, a tag per line, repeated tags for lists.
#include <algorithm>

#include "biblio/pub_types.hpp"
#include "papershelf/export.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/record_text.hpp"
#include "papershelf/urls.hpp"

namespace papershelf {
namespace {

std::string_view ris_type(const Publication& p) {
  if (const std::string_view own = biblio::names_of(p.type).ris; !own.empty()) return own;
  return p.venue.empty() && !p.links.empty() ? "ELEC" : "GEN";
}

class Ris {
 public:
  explicit Ris(std::string& out) : out_(out) {}
  // One tag line; "" writes nothing. A value is one line: every character some reader takes for
  // a line break (CR, LF, VT, FF, NEL, U+2028, U+2029, and the other control characters) becomes
  // a space, so no value can start a tag line of its own ("\nTY  - " would start a record).
  void tag(const char* name, std::string_view value) {
    std::size_t i = 0;
    while (i < value.size() && break_width(value, i))
      i += break_width(value, i);  // (leading ones dropped)
    std::size_t end = value.size();
    while (end > i && value[end - 1] == ' ') --end;
    if (i == end) return;
    out_ += name;
    out_ += "  - ";
    const std::size_t text = out_.size();
    while (i < end) {
      std::size_t run = i;
      while (run < end && static_cast<unsigned char>(value[run]) >= 0x20 && value[run] != '\x7F' &&
             value[run] != '\xC2' && value[run] != '\xE2')
        ++run;
      out_.append(value, i, run - i);
      if (run == end) break;
      const std::size_t width = break_width(value, run);
      out_ += width ? ' ' : value[run];
      i = run + (width ? width : 1);
    }
    while (out_.size() > text && out_.back() == ' ') out_.pop_back();
    out_ += "\r\n";
  }

 private:
  // How many bytes of a line break (or other control character, or a space) start at `i`; 0 when
  // none does.
  static std::size_t break_width(std::string_view v, std::size_t i) {
    const auto b = static_cast<unsigned char>(v[i]);
    if (b <= 0x20 || b == 0x7F) return 1;
    if (b == 0xC2 && i + 1 < v.size() && static_cast<unsigned char>(v[i + 1]) == 0x85)
      return 2;  // NEL
    if (b == 0xE2 && i + 2 < v.size() && v[i + 1] == '\x80' &&
        (v[i + 2] == '\xA8' || v[i + 2] == '\xA9'))
      return 3;
    return 0;
  }

  std::string& out_;
};

std::string two_digits(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }

void write_record(Ris& r, const Publication& p) {
  r.tag("TY", ris_type(p));
  for (const Person& a : p.authors) r.tag("AU", inverted_name(a));
  for (const Person& a : p.editors())
    r.tag(p.type == PubType::Book && p.authors.empty() ? "A2" : "ED", inverted_name(a));
  r.tag("TI", full_title(p));
  r.tag("ST", latex::decoded_field(p, "shorttitle"));
  const bool publisher_venue = p.venue_is_publisher();
  if (!publisher_venue) r.tag("T2", p.venue.text);
  r.tag("T3", latex::decoded_field(p, "series"));
  if (p.date.year) r.tag("PY", std::to_string(p.date.year));
  if (p.date.year && p.date.month) {  // "2025/03//", "2025/03/05/"
    std::string da = std::to_string(p.date.year) + "/" + two_digits(p.date.month) + "/";
    if (p.date.day) da += two_digits(p.date.day);
    r.tag("DA", da + "/");
  }
  r.tag("VL", latex::decoded_field(p, "volume"));
  std::string number = latex::decoded_field(p, "number");
  if (number.empty()) number = latex::decoded_field(p, "issue");
  r.tag(p.type == PubType::Journal || p.type == PubType::Preprint ? "IS" : "M1", number);
  const std::string pages = latex::decoded_field(p, "pages");
  if (!pages.empty()) {
    std::size_t dash = pages.find("\xE2\x80\x93");  // an en dash, as "--" decodes
    std::size_t width = 3;
    if (dash == std::string::npos) {
      dash = pages.find('-');
      width = 1;
    }
    r.tag("SP", dash == std::string::npos ? pages : pages.substr(0, dash));
    if (dash != std::string::npos) r.tag("EP", pages.substr(dash + width));
  }
  r.tag("PB", publisher_venue ? p.venue.text : latex::decoded_field(p, "publisher"));
  std::string place = latex::decoded_field(p, "address");
  if (place.empty()) place = latex::decoded_field(p, "location");
  r.tag("CY", place);
  r.tag("ET", latex::decoded_field(p, "edition"));
  r.tag("SN", latex::decoded_field(p, "isbn"));
  r.tag("SN", latex::decoded_field(p, "issn"));
  r.tag("M3", latex::decoded_field(p, "type"));
  r.tag("LA", latex::decoded_field(p, "language"));
  r.tag("DO", p.doi());
  if (const std::string urldate = latex::decoded_field(p, "urldate");
      !urldate.empty()) {  // accessed: "2026/03/02/"
    std::string y2 = urldate;
    for (char& c : y2) c = c == '-' ? '/' : c;
    r.tag("Y2", y2 + (std::count(y2.begin(), y2.end(), '/') == 2 ? "/" : ""));
  }
  if (const std::string url = record_address(p); !url.empty())
    r.tag("UR", url);  // (one: the paper's)
  if (!p.arxiv().empty() && p.type == PubType::Preprint) r.tag("M2", "arXiv:" + p.arxiv());
  r.tag("AB", p.abstract().text);
  for (const std::string& t : p.tags()) r.tag("KW", t);
  r.tag("N1", p.note().text);
  r.tag("ID", p.key);
}

}  // namespace

std::string format_ris(const Library& lib, const View& view) {
  std::string out;
  Ris r(out);
  for (std::uint32_t i : view.entries) {
    write_record(r, lib.publications[i]);
    out += "ER  - \r\n\r\n";  // (the end tag has no value, its space stays)
  }
  return out;
}

}  // namespace papershelf
