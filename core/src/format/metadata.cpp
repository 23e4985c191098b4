// Machine-readable metadata for every listed paper, so that a reference manager saves it from the
// page and a search engine knows what it is: a COinS span per entry (OpenURL ContextObjects in
// SPANs, read by Zotero's, Mendeley's and other browser connectors) and schema.org JSON-LD for
// the list.
#include "format/metadata.hpp"
#include "biblio/pub_types.hpp"
#include "model/dates.hpp"
#include "papershelf/export.hpp"
#include "papershelf/json.hpp"
#include "papershelf/latex.hpp"
#include "papershelf/record_text.hpp"
#include "papershelf/urls.hpp"

namespace papershelf {
namespace {

// Percent-encoding of a KEV value (RFC 3986 unreserved characters stay).
void append_encoded(std::string& out, std::string_view s) {
  static const char* kHex = "0123456789ABCDEF";
  for (unsigned char c : s) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
}

// An OpenURL ContextObject in KEV form, written as it goes into the span's title attribute: "&"
// between pairs is "&amp;" (keys are fixed ASCII names and values are percent-encoded, so nothing
// else needs escaping).
class Kev {
 public:
  Kev(std::string& out, TextSink* sink) : out_(out), sink_(sink) {}
  void add(std::string_view key, std::string_view value) {
    if (value.empty()) return;
    if (any_) out_ += "&amp;";
    any_ = true;
    out_.append(key).append("=");
    append_encoded(out_, value);
    detail::pass_on_full(out_, sink_);
  }

 private:
  std::string& out_;
  TextSink* sink_;
  bool any_ = false;
};

}  // namespace

std::pair<std::string, std::string> detail::page_range(const std::string& pages) {
  for (std::string_view dash : {std::string_view("\xE2\x80\x93"), std::string_view("-")}) {
    const std::size_t at = pages.find(dash);
    if (at != std::string::npos) return {pages.substr(0, at), pages.substr(at + dash.size())};
  }
  return {pages, {}};
}

void detail::append_coins(std::string& out, const Publication& p, TextSink* sink) {
  out += "<span class=\"Z3988\" title=\"";
  Kev k(out, sink);
  k.add("ctx_ver", "Z39.88-2004");
  const biblio::TypeNames& names = biblio::names_of(p.type);
  const bool thesis = p.type == PubType::Thesis;
  k.add("rft_val_fmt", names.openurl_format);
  k.add("rft.genre", names.openurl);
  if (thesis) {
    k.add("rft.title", full_title(p));
    k.add("rft.inst", p.venue.text);
  } else if (p.type == PubType::Book || p.type == PubType::Report) {
    k.add("rft.btitle", full_title(p));
  } else {
    k.add("rft.atitle", full_title(p));
    k.add(p.type == PubType::Chapter ? "rft.btitle" : "rft.jtitle",
          p.venue_is_publisher() ? std::string() : p.venue.text);
  }
  for (const Person& a : p.authors) k.add("rft.au", inverted_name(a));
  if (p.date.year) k.add("rft.date", std::to_string(p.date.year));
  k.add("rft.volume", latex::decoded_field(p, "volume"));
  std::string issue = latex::decoded_field(p, "number");
  if (issue.empty()) issue = latex::decoded_field(p, "issue");
  k.add("rft.issue", p.type == PubType::Journal ? issue : std::string());
  const auto [first, last] = detail::page_range(latex::decoded_field(p, "pages"));
  k.add("rft.spage", first);
  k.add("rft.epage", last);
  k.add("rft.pub",
        p.venue_is_publisher() && !thesis ? p.venue.text : latex::decoded_field(p, "publisher"));
  k.add("rft.place", latex::decoded_field(p, "address"));
  k.add("rft.isbn", latex::decoded_field(p, "isbn"));
  k.add("rft.issn", latex::decoded_field(p, "issn"));
  if (!p.doi().empty()) k.add("rft_id", "info:doi/" + p.doi());
  if (!p.arxiv().empty()) k.add("rft_id", "info:arxiv/" + p.arxiv());
  k.add("rft_id", record_address(p));
  out += "\"></span>";
}

std::string format_coins(const Publication& p) {
  std::string out;
  detail::append_coins(out, p, nullptr);
  return out;
}

namespace {

// The schema.org object of one work (its members, without the braces around them); `written` is
// called after each author (a long list is handed on in pieces).
template <class Written>
void json_ld_work(json::Writer& w, const Publication& p, const Written& written) {
  w.field("@type", biblio::names_of(p.type).schema_org).field("name", full_title(p));
  if (!p.authors.empty()) {
    w.key("author").begin_array();
    for (const Person& a : p.authors) {
      w.begin_object()
          .field("@type", a.is_literal() ? "Organization" : "Person")
          .field("name", display_name(a));
      if (!a.is_literal() && !a.given().empty()) w.field("givenName", a.given());
      if (!a.is_literal())
        w.field("familyName", std::string(a.particle()) + (a.particle().empty() ? "" : " ") +
                                  std::string(a.family()));
      w.end_object();
      written();
    }
    w.end_array();
  }
  if (const std::string date = detail::date_text(p.date); !date.empty())
    w.field("datePublished", date);
  if (!p.venue.empty()) {
    if (p.venue_is_publisher()) {
      w.key("publisher")
          .begin_object()
          .field("@type", "Organization")
          .field("name", p.venue.text)
          .end_object();
    } else {
      w.key("isPartOf")
          .begin_object()
          .field("@type", biblio::names_of(p.type).schema_org_container)
          .field("name", p.venue.text)
          .end_object();
    }
  }
  if (const std::string pages = latex::decoded_field(p, "pages"); !pages.empty())
    w.field("pagination", pages);
  if (!p.doi().empty())
    w.field("identifier", "https://doi.org/" + p.doi())
        .field("sameAs", "https://doi.org/" + p.doi());
  if (const std::string url = record_address(p); !url.empty()) w.field("url", url);
  if (!p.abstract().empty()) w.field("abstract", p.abstract().text);
  if (!p.tags().empty()) {
    std::string keywords;
    for (const std::string& t : p.tags()) keywords += (keywords.empty() ? "" : ", ") + t;
    w.field("keywords", keywords);
  }
}

// One ListItem of the JSON-LD ItemList.
template <class Written>
void json_ld_item(json::Writer& w, const Publication& p, std::int64_t position,
                  const Written& written) {
  w.begin_object()
      .field("@type", "ListItem")
      .field("position", position)
      .key("item")
      .begin_object();
  json_ld_work(w, p, written);
  w.end_object().end_object();
}

constexpr std::string_view kJsonLdHead =
    "{\"@context\":\"https://schema.org\",\"@type\":\"ItemList\",\"itemListElement\":[";

}  // namespace

// Safe inside <script type="application/ld+json">: no "</script>" or "<!--" can appear (JSON
// allows \u003c for "<" in strings, and "<" occurs nowhere else).
void detail::append_script_safe(std::string& out, std::string_view json) {
  for (char c : json) {
    if (c == '<')
      out += "\\u003c";
    else if (c == '>')
      out += "\\u003e";
    else if (c == '&')
      out += "\\u0026";
    else
      out += c;
  }
}

std::string format_json_ld(const Library& lib, const View& view) {
  StringSink out;
  detail::write_json_ld(lib, view.entries.data(), view.entries.size(), out);
  return std::move(out.text);
}

std::string detail::work_json_ld(const Publication& p, std::string_view page_url) {
  json::Writer w;
  w.begin_object().field("@context", "https://schema.org");
  json_ld_work(w, p, [] {});
  if (!page_url.empty()) w.field("mainEntityOfPage", page_url);
  w.end_object();
  std::string out;
  append_script_safe(out, w.str());
  return out;
}

void detail::write_json_ld(const Library& lib, const std::uint32_t* entries, std::size_t count,
                           TextSink& sink) {
  // Item by item: the list of a large library is tens of megabytes.
  std::string out(kJsonLdHead);
  for (std::size_t k = 0; k < count; ++k) {
    json::Writer w;
    if (k > 0) out += ',';
    json_ld_item(w, lib.publications[entries[k]], static_cast<std::int64_t>(k + 1), [&] {
      if (w.str().size() < detail::kTextPiece) return;
      append_script_safe(out, w.drain());
      detail::pass_on_full(out, &sink);
    });
    append_script_safe(out, w.str());
    detail::pass_on_full(out, &sink);
  }
  out += "]}";
  sink.write(out);
}

void detail::pass_on_full(std::string& text, TextSink* sink) {
  if (!sink || text.size() < kTextPiece) return;
  sink->write(text);
  if (text.capacity() > 4 * kTextPiece)
    std::string().swap(text);
  else
    text.clear();
}

}  // namespace papershelf
