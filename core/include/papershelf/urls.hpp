// Which addresses may become links, and where a record's links point. Only http:, https:,
// mailto: and relative URLs are ever links; a base is judged with what it is put before.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"

namespace papershelf {

// True for http:, https:, mailto: and relative URLs (after trimming spaces and control chars,
// case-insensitive scheme). Everything else (javascript:, data:, vbscript:, ...) is unsafe.
bool is_safe_url(std::string_view url);
// True for a prefix that may be put before relative links: an http(s) URL that names its host
// ("https://host/..."; not "https:" or "http://"), or a relative URL (not "//" without a host).
bool is_safe_base(std::string_view base);
// Why `base` is refused (is_safe_base false), for the owner's diagnostics; "" when it is fine.
std::string base_problem(std::string_view base);
// The href of a link: `url` resolved against `base` ("papers/" + "x.pdf"; absolute URLs are
// unchanged, an unsafe base is ignored), or "" when no link may be made. The joined URL is what
// is judged, so no base/url pair can build a javascript: or data: link.
std::string resolve_url(std::string_view url, std::string_view base);
// The src of a picture: resolve_url's, but an http(s) or relative address only (mailto: is no
// picture); "" otherwise.
std::string image_url(std::string_view url, std::string_view base);
// The link a title points to: website/html, then pdf, then doi, then arxiv, then url.
const Link* best_link(const Publication& p);
// The record's own address for other tools (citations, exports, metadata): its url link, else
// the link its title points to; absolute http(s) addresses only ("papers/x.pdf" means nothing in
// someone else's reference manager); "" when it has none.
std::string record_address(const Publication& p);

}  // namespace papershelf
