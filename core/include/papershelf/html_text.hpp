// Text as HTML, the lowest piece of every writer of HTML (the list, the citations' HTML, the
// pages, the profile card): escaped data, and rich text with only safe links (urls.hpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"
#include "papershelf/query.hpp"

namespace papershelf {

std::string escape_html(std::string_view text);
// Rich text to HTML: spans become <em>, <strong>, <span class="ps-sc">, <code>, <span
// class="ps-math">, safe links; `highlight` ranges (byte offsets in text.text) become <mark>.
std::string rich_text_html(const RichText& text, const std::vector<Match>* highlight = nullptr);

}  // namespace papershelf
