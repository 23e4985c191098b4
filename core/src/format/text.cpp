// Plain-text citations: a compact homepage style and an IEEE-like style.
#include "papershelf/format.hpp"
#include "papershelf/unicode.hpp"

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
  if (a.is_literal()) return a.literal;
  std::string out = initials(a.given);
  for (const std::string* part : {&a.particle, &a.family}) {
    if (part->empty()) continue;
    if (!out.empty()) out += ' ';
    out += *part;
  }
  if (!a.suffix.empty()) out += ", " + a.suffix;
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
  if (ieee && p.authors.size() > 6) return ieee_name(p.authors[0]) + " et al.";
  for (const auto& a : p.authors) names.push_back(ieee ? ieee_name(a) : display_name(a));
  return join_names(names, p.others);
}

std::string format_citation(const Publication& p, CitationStyle style) {
  std::string out = format_authors_text(p, style);
  const std::string year = p.date.year ? std::to_string(p.date.year) : "n.d.";
  if (style == CitationStyle::Compact) {
    end_sentence(out);
    if (!out.empty()) out += ' ';
    out += p.title.text;
    end_sentence(out);
    std::string where = p.venue.text;
    if (!p.badge.empty() && where.find(p.badge) == std::string::npos)
      where = where.empty() ? p.badge : where + " (" + p.badge + ")";
    if (!where.empty()) out += " " + where + ",";
    out += " " + year;
    end_sentence(out);  // "n.d." already ends one
    if (p.status != Status::Published) out += " " + std::string(label(p.status)) + ".";
    return out;
  }
  // IEEE-like.
  if (!out.empty()) out += ", ";
  out += "\xE2\x80\x9C" + p.title.text + ",\xE2\x80\x9D ";
  auto extra = [&](const char* name) -> std::string {
    const std::string* v = p.extra_field(name);
    return v ? *v : std::string();
  };
  std::string date = p.date.month >= 1 && p.date.month <= 12 ? std::string(kMonthAbbrev[p.date.month - 1]) + " " + year : year;
  if (p.type == PubType::Conference && !p.venue.empty()) {
    out += "in " + p.venue.text + ", ";
  } else if (!p.venue.empty()) {
    out += p.venue.text + ", ";
    if (!extra("volume").empty()) out += "vol. " + extra("volume") + ", ";
    if (!extra("number").empty()) out += "no. " + extra("number") + ", ";
  } else if (p.type == PubType::Preprint && !p.arxiv.empty()) {
    out += "arXiv:" + p.arxiv + ", ";
  }
  if (!extra("pages").empty()) out += "pp. " + extra("pages") + ", ";
  out += date;
  if (!p.doi.empty()) out += ", doi: " + p.doi;
  out += '.';
  return out;
}

}  // namespace papershelf
