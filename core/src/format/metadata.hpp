// Machine-readable metadata written in pieces (the COinS span of an entry, the schema.org JSON-LD
// of a list), for write_html(), and one work's JSON-LD for its page. Internal to the core's
// formatters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "papershelf/model.hpp"
#include "papershelf/text_sink.hpp"

namespace papershelf::detail {

// How much text the formatters gather before handing it to a sink.
inline constexpr std::size_t kTextPiece = std::size_t{1} << 16;

// Hands `text` to `sink` once it holds kTextPiece bytes (without a sink, keeps it), and gives
// back the memory of a text that grew far beyond that.
void pass_on_full(std::string& text, TextSink* sink);

// format_json_ld() of the records at entries[0..count), handed to `out` in pieces (an item of a
// million authors too).
void write_json_ld(const Library& lib, const std::uint32_t* entries, std::size_t count,
                   TextSink& out);

// format_coins(p), appended to `out` (handed on to `sink` in pieces when there is one).
void append_coins(std::string& out, const Publication& p, TextSink* sink);

// The two ends of "118–131" or "118-131" (or the one page, and "").
std::pair<std::string, std::string> page_range(const std::string& pages);

// `json` appended so that it is safe inside <script>: "<", ">" and "&" as \u escapes (which JSON
// allows in strings, and which occur nowhere else), so no "</script>" or "<!--" can appear.
void append_script_safe(std::string& out, std::string_view json);

// One work's schema.org object ("@context" included; the page it is the subject of, when
// `page_url` is not ""), safe inside <script type="application/ld+json"> as it is.
std::string work_json_ld(const Publication& p, std::string_view page_url);

}  // namespace papershelf::detail
