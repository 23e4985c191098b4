// Owner matching: is this author the person whose homepage this is?
#include <algorithm>

#include "papershelf/names.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf {
namespace {

// Folded words of a given name: "Qing-Hao J." -> {"qing", "hao", "j"}.
std::vector<std::string> given_words(std::string_view given) {
  std::vector<std::string> words;
  std::string current;
  for (char c : unicode::fold(given)) {
    if (c == ' ' || c == '-' || c == '.' || c == '\'' || c == ',' || c == '\t') {
      if (!current.empty()) words.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) words.push_back(std::move(current));
  return words;
}

std::string compact(std::string_view s) {
  std::string out;
  for (char c : unicode::fold(s))
    if (c != ' ' && c != '-' && c != '.' && c != '\'' && c != ',' && c != '\t' && c != '{' &&
        c != '}')
      out += c;
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += w;
  return out;
}

// "q" is compatible with "qinghao"; two full words must be equal.
bool word_compatible(const std::string& a, const std::string& b) {
  const bool a_initial = unicode::count_code_points(a) == 1;
  const bool b_initial = unicode::count_code_points(b) == 1;
  if (a_initial || b_initial) {
    std::size_t pa = 0, pb = 0;
    return unicode::decode_utf8(a, pa) == unicode::decode_utf8(b, pb);
  }
  return a == b;
}

bool given_compatible(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.empty() || b.empty()) return false;
  if (joined(a) == joined(b)) return true;  // "Qing-Hao" ~ "Qinghao"
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (!word_compatible(a[i], b[i])) return false;
  return true;  // extra middle names/initials on one side are fine
}

}  // namespace

OwnerMatcher::OwnerMatcher(const std::vector<std::string>& owner_names) {
  for (std::size_t n = 0; n < owner_names.size() && n < kMaxOwnerNames; ++n) {
    std::string clean = owner_names[n];
    take_marks(clean);
    Person p = parse_name(clean);
    Key key = key_of(p);
    if (!key.family.empty() || !key.literal.empty()) owners_.push_back(std::move(key));
    // The BibTeX grammar reads lower-case words as a particle, so "qinghao hu" typed on a
    // command line is particle "qinghao" + family "hu"; also try it as a given name.
    if (p.given().empty() && !p.particle().empty() && !p.family().empty()) {
      const Person alt(p.particle(), p.family(), "", p.suffix());
      owners_.push_back(key_of(alt));
    }
  }
  // Letters a matching author's family (or, swapped, given) name may start with.
  for (const Key& key : owners_) {
    for (const std::string* s : {&key.family, key.given.empty() ? nullptr : &key.given.front(),
                                 key.family.empty() ? &key.literal : nullptr}) {
      if (!s || s->empty()) continue;
      const auto c = static_cast<unsigned char>((*s)[0]);
      if (c >= 0x80)
        any_non_ascii_start_ = true;
      else if (first_letters_.find(static_cast<char>(c)) == std::string::npos)
        first_letters_ += static_cast<char>(c);
    }
  }
}

OwnerMatcher::Key OwnerMatcher::key_of(const Person& p) {
  Key k;
  if (p.is_literal()) {
    k.literal = compact(p.literal());
    return k;
  }
  const std::string particle_family = std::string(p.particle()) + std::string(p.family());
  k.given = given_words(p.given());
  k.family = compact(particle_family);
  k.literal = compact(std::string(p.given()) + particle_family);
  return k;
}

bool OwnerMatcher::same_person(const Key& owner, const Key& author) {
  if (owner.family.empty() || author.family.empty()) {
    return !owner.literal.empty() && owner.literal == author.literal;
  }
  if (owner.family == author.family) {
    if (owner.given.empty()) return true;  // the owner gave only a family name
    if (given_compatible(owner.given, author.given)) return true;
  }
  // Family name first ("HU Qinghao" parses as given "HU", family "Qinghao").
  if (!author.given.empty() && joined(author.given) == owner.family &&
      given_compatible(owner.given, {author.family})) {
    return true;
  }
  return false;
}

bool OwnerMatcher::could_match(const Person& p) const {
  if (any_non_ascii_start_ || p.is_literal()) return true;
  const std::string_view lead = !p.particle().empty() ? p.particle() : p.family();
  for (std::string_view part : {lead, p.given()}) {
    if (part.empty()) continue;
    const auto c = static_cast<unsigned char>(part[0]);
    if (c >= 0x80 || c < 0x20)
      return true;  // folding may turn it into one of the letters (or drop it)
    const char lower = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    if (first_letters_.find(lower) != std::string::npos) return true;
  }
  return false;
}

bool OwnerMatcher::matches(const Person& p) const {
  if (owners_.empty() || !could_match(p)) return false;
  const Key k = key_of(p);
  return std::any_of(owners_.begin(), owners_.end(),
                     [&](const Key& owner) { return same_person(owner, k); });
}

std::vector<std::string> split_owner_list(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ';' || text[i] == '\n') {
      std::string_view part = text.substr(start, i - start);
      while (!part.empty() && (part.front() == ' ' || part.front() == '\t' || part.front() == '\r'))
        part.remove_prefix(1);
      while (!part.empty() && (part.back() == ' ' || part.back() == '\t' || part.back() == '\r'))
        part.remove_suffix(1);
      if (!part.empty()) out.emplace_back(part);
      start = i + 1;
    }
  }
  return out;
}

}  // namespace papershelf
