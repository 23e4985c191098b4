// Which addresses become links (http:, https:, mailto: and relative ones), resolved against the
// owner's base; a picture's address, a record's best link and its own address. Every writer asks
// these.
#include <string>
#include <string_view>

#include "papershelf/unicode.hpp"
#include "papershelf/urls.hpp"
#include "text/bytes.hpp"

namespace papershelf {

namespace {
// Browsers drop tabs and newlines anywhere in a URL and trim C0 controls and spaces at its ends,
// so "java\tscript:" is javascript:. Judge (and emit) the URL the browser would see.
std::string browser_view_of_url(std::string_view url) {
  std::string out;
  out.reserve(url.size());
  for (char c : url)
    if (c != '\t' && c != '\n' && c != '\r') out += c;
  std::size_t a = 0, b = out.size();
  while (a < b && static_cast<unsigned char>(out[a]) <= 0x20) ++a;
  while (b > a && static_cast<unsigned char>(out[b - 1]) <= 0x20) --b;
  return out.substr(a, b - a);
}

bool has_scheme(std::string_view url, std::string* scheme) {
  for (std::size_t i = 0; i < url.size(); ++i) {
    const char c = url[i];
    if (c == ':') {
      if (i == 0) return false;
      if (scheme) *scheme = unicode::fold(url.substr(0, i));
      return true;
    }
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool ok =
        alpha || (i > 0 && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'));
    if (!ok) return false;
  }
  return false;
}
}  // namespace

bool is_safe_url(std::string_view raw) {
  const std::string url = browser_view_of_url(raw);
  if (url.empty()) return false;
  for (char c : url)
    if (static_cast<unsigned char>(c) < 0x20 || c == '\\') return false;  // "\\evil" acts like "//"
  std::string scheme;
  if (!has_scheme(url, &scheme)) return true;  // relative
  return scheme == "http" || scheme == "https" || scheme == "mailto";
}

namespace {
// An absolute base ("https://host/...", "//host/...") must name its host: "https:" or "http://"
// would turn "paper.pdf" into "https:/paper.pdf", and "//" into a link to the host "paper.pdf".
bool names_its_host(std::string_view base) {
  const std::size_t colon = has_scheme(base, nullptr) ? base.find(':') : std::string_view::npos;
  const std::string_view rest = colon == std::string_view::npos ? base : base.substr(colon + 1);
  if (rest.rfind("//", 0) != 0)
    return colon == std::string_view::npos;  // relative, or "https:x" without "//"
  std::string_view authority = rest.substr(2, rest.find_first_of("/?#", 2) - 2);
  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos)
    authority.remove_prefix(at + 1);
  if (const std::size_t port = authority.rfind(':');
      port != std::string_view::npos && authority.find(']', port) == std::string_view::npos)
    authority = authority.substr(0, port);
  return !authority.empty();
}
}  // namespace

bool is_safe_base(std::string_view raw) {
  const std::string base = browser_view_of_url(raw);
  if (base.empty()) return true;
  if (!is_safe_url(base)) return false;
  std::string scheme;
  return (!has_scheme(base, &scheme) || scheme == "http" || scheme == "https") &&
         names_its_host(base);
}

std::string base_problem(std::string_view base) {
  if (is_safe_base(base)) return {};
  constexpr std::size_t kShown = 60;
  std::string shown(base.substr(0, kShown));
  for (auto& c : shown)
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  const std::string url = browser_view_of_url(base);
  std::string scheme;
  const bool web =
      is_safe_url(url) && (!has_scheme(url, &scheme) || scheme == "http" || scheme == "https");
  return "link base \"" + shown + (base.size() > kShown ? "..." : "") + "\" " +
         (web ? "names no host (write https://host/path/, or a relative path)"
              : "is not an http(s) or relative URL") +
         ": relative links are kept as written";
}

namespace {
// A space inside a URL ("My Paper.pdf") is written %20, as a browser would request it.
std::string encode_spaces(const std::string& url) { return bytes::replaced(url, " ", "%20"); }
}  // namespace

std::string resolve_url(std::string_view raw, std::string_view raw_base) {
  if (!is_safe_url(raw)) return {};
  std::string url = browser_view_of_url(raw);
  const std::string base = browser_view_of_url(raw_base);
  if (base.empty() || !is_safe_base(base) || has_scheme(url, nullptr) || url.rfind("//", 0) == 0 ||
      url.rfind('/', 0) == 0 || url.rfind('#', 0) == 0)
    return encode_spaces(url);
  std::string out = base;
  if (out.back() != '/') out += '/';
  out += url;
  // Judged whole: each part alone may look harmless.
  return is_safe_url(out) ? encode_spaces(out) : std::string();
}

std::string image_url(std::string_view url, std::string_view base) {
  std::string src = resolve_url(url, base);
  std::string scheme;
  if (has_scheme(src, &scheme) && scheme != "http" && scheme != "https")
    return {};  // (mailto: is no picture)
  return src;
}

const Link* best_link(const Publication& p) {
  for (const char* label : {"website", "html", "pdf", "doi", "arxiv", "url"}) {
    for (const auto& l : p.links)
      if (l.label == label && is_safe_url(l.url)) return &l;
  }
  return nullptr;
}

std::string record_address(const Publication& p) {
  auto absolute = [](const std::string& u) {
    return u.rfind("https://", 0) == 0 || u.rfind("http://", 0) == 0;
  };
  for (const Link& l : p.links)
    if (l.label == "url" && absolute(l.url)) return l.url;
  const Link* best = best_link(p);
  return best && absolute(best->url) ? best->url : std::string();
}

}  // namespace papershelf
