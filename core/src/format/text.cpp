// Plain-text citations: a compact homepage style and an IEEE-like style.
#include "papershelf/format.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/unicode.hpp"
#include "format/html_out.hpp"

namespace papershelf {
namespace {

// "Qinghao" -> "Q.", "Jean-Pierre" -> "J.-P.", "Q." stays.
std::string initials(std::string_view given) {
  std::string out;
  bool start = true;
  std::size_t pos = 0;
  while (pos < given.size()) {
    const std::size_t before = pos;
    const char32_t cp = unicode::decode_utf8(given, pos);
    if (cp == ' ' || cp == '-') {
      if (!out.empty() && out.back() != ' ' && out.back() != '-') out += cp == ' ' ? ' ' : '-';
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

std::string ieee_name(const Person& a) {
  if (a.is_literal()) return std::string(a.literal());
  std::string out = initials(a.given());
  for (std::string_view part : {a.particle(), a.family()}) {
    if (part.empty()) continue;
    if (!out.empty()) out += ' ';
    out += part;
  }
  if (!a.suffix().empty()) {
    out += ", ";
    out += a.suffix();
  }
  return out;
}

std::string join_names(const std::vector<std::string>& names, bool et_al) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size() && !et_al) ? (names.size() > 2 ? ", and " : " and ") : ", ";
    out += names[i];
  }
  if (et_al) out += " et al.";
  return out;
}

const char* kMonthAbbrev[] = {"Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.",
                              "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec."};

void end_sentence(std::string& s) {
  while (!s.empty() && (s.back() == ',' || s.back() == ';' || s.back() == ':')) s.pop_back();
  if (!s.empty() && s.back() != '.' && s.back() != '?' && s.back() != '!') s += '.';
}

}  // namespace

std::optional<CitationStyle> citation_style_from_string(std::string_view s) {
  const std::string f = unicode::fold(s);
  if (f == "compact" || f == "homepage" || f.empty()) return CitationStyle::Compact;
  if (f == "ieee") return CitationStyle::Ieee;
  return std::nullopt;
}

std::string format_authors_text(const Publication& p, CitationStyle style) {
  std::vector<std::string> names;
  const bool ieee = style == CitationStyle::Ieee;
  bool editors = false;
  const std::vector<Person>& people = credited_names(p, &editors);
  const std::string label = editors ? " " + std::string(editors_label(people.size())) : "";
  if (ieee && people.size() > 6) return ieee_name(people[0]) + " et al." + label;
  for (const auto& a : people) names.push_back(ieee ? ieee_name(a) : display_name(a));
  return join_names(names, p.others && !editors) + label;
}

std::string format_citation(const Publication& p, CitationStyle style) {
  std::string out = format_authors_text(p, style);
  detail::HtmlOut o(out);  // plain text here: only its raw appends are used
  if (style == CitationStyle::Compact) {
    end_sentence(out);
    if (!out.empty()) o << " ";
    o << p.title.text;
    end_sentence(out);
    const bool badge = !p.badge.empty() && p.venue.text.find(p.badge) == std::string::npos;
    if (!p.venue.text.empty()) {
      o << " " << p.venue.text;
      if (badge) o << " (" << p.badge << ")";
      o << ",";
    } else if (badge) {
      o << " " << p.badge << ",";
    }
    o << " ";
    if (p.date.year) o << p.date.year;
    else o << "n.d.";
    end_sentence(out);  // "n.d." already ends one
    if (p.status != Status::Published) o << " " << label(p.status) << ".";
    return out;
  }
  // IEEE-like.
  if (!out.empty()) o << ", ";
  std::string_view title = p.title.text;
  while (!title.empty() && (title.back() == ',' || title.back() == ';')) title.remove_suffix(1);
  o << "\xE2\x80\x9C" << title << ",\xE2\x80\x9D ";
  auto extra = [&](const char* name, const char* prefix) {
    const std::string* v = p.extra_field(name);
    if (v && !v->empty()) o << prefix << latex::decode(*v).text << ", ";  // pages 1--25: 1–25
  };
  if (p.type == PubType::Conference && !p.venue.empty()) {
    o << "in " << p.venue.text << ", ";
  } else if (!p.venue.empty()) {
    o << p.venue.text << ", ";
    extra("volume", "vol. ");
    extra("number", "no. ");
  } else if (p.type == PubType::Preprint && !p.arxiv.empty()) {
    o << "arXiv:" << p.arxiv << ", ";
  }
  extra("pages", "pp. ");
  if (p.date.month >= 1 && p.date.month <= 12) o << kMonthAbbrev[p.date.month - 1] << " ";
  if (p.date.year) o << p.date.year;
  else o << "n.d";
  if (!p.doi.empty()) o << ", doi: " << p.doi;
  o << ".";
  return out;
}

}  // namespace papershelf
