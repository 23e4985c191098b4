#include "papershelf/words.hpp"

#include <algorithm>

namespace papershelf {

// (Not inlined: a formatter asks for dozens of phrases, and the -O3 core would copy the lookup
// into every one.)
const Words& english_words() {
  static const Words english;
  return english;
}

[[gnu::noinline]] const Words::Phrase* Words::find(std::string_view english) const {
  const auto it =
      std::lower_bound(phrases_.begin(), phrases_.end(), english,
                       [](const Phrase& p, std::string_view e) { return p.english < e; });
  return it != phrases_.end() && it->english == english ? &*it : nullptr;
}

[[gnu::noinline]] std::string_view Words::operator()(std::string_view english) const {
  const Phrase* p = find(english);
  return p ? std::string_view(p->other) : english;
}

[[gnu::noinline]] std::string_view Words::count(std::uint64_t n, std::string_view one,
                                                std::string_view other) const {
  const Phrase* p = find(other);
  if (!p) return n == 1 ? one : other;
  return takes_singular(plural_, n) && !p->one.empty() ? std::string_view(p->one)
                                                       : std::string_view(p->other);
}

std::string Words::number(std::uint64_t n) const {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += group_separator_;
    out += digits[i];
  }
  return out;
}

std::string Words::fill(std::string_view text, std::string_view name, std::string_view value) {
  return fill(text, {{name, value}});
}

std::string Words::fill(
    std::string_view text,
    std::initializer_list<std::pair<std::string_view, std::string_view>> slots) {
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t open = text.find('{', at),
                      close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) {
      out.append(text.substr(at));
      break;
    }
    out.append(text.substr(at, open - at));
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const auto slot =
        std::find_if(slots.begin(), slots.end(), [&](const auto& s) { return s.first == name; });
    if (slot != slots.end())
      out.append(slot->second);
    else
      out.append(text.substr(open, close - open + 1));
    at = close + 1;
  }
  return out;
}

std::string Words::labelled(std::string_view what, std::string_view value) const {
  return fill((*this)("{what}: {value}"), {{"what", what}, {"value", value}});
}

bool Words::noun_first() const {
  const std::string_view order = (*this)("{count} {noun}");
  return order.find("{noun}") < order.find("{count}");
}

void Words::add(std::string english, std::string other, std::string one) {
  const auto it =
      std::lower_bound(phrases_.begin(), phrases_.end(), english,
                       [](const Phrase& p, const std::string& e) { return p.english < e; });
  if (it != phrases_.end() && it->english == english)
    *it = {std::move(english), std::move(other), std::move(one)};
  else
    phrases_.insert(it, {std::move(english), std::move(other), std::move(one)});
}

}  // namespace papershelf
