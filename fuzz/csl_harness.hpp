// What fuzz_csl does with one input, shared by its libFuzzer entry point and the core suite's
// replay of its findings (tests/fixtures/fuzz/csl/). Apart from harness.hpp because the CSL
// processor's items are papershelf JSON values, whose namespace would clash with nlohmann's
// `json` in the tests that include harness.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "csl/engine.hpp"  // (core/src: kRenderBudget, what any rendering's output is bounded by)
#include "harness.hpp"
#include "papershelf/csl.hpp"
#include "papershelf/json.hpp"

namespace papershelf::fuzz {

// A CSL style written from bytes, so that most inputs are styles the processor reads and renders
// (random bytes as XML would mostly stop at the parser): the first byte gives the number of
// macros, each following byte the next element of the macro or layout being written. Calls to
// other macros (any of them, itself included) come often, so that macros calling macros several
// times over, the work the budget bounds, are found quickly; choose, group, names with a
// substitute, dates, numbers, labels, terms, text case and affixes around them.
class CslStyleWriter {
 public:
  explicit CslStyleWriter(std::string_view bytes) : in_(bytes) {}

  std::string style() {
    macros_ = 1 + next_or(0) % 12;
    std::string out =
        "<style xmlns=\"http://purl.org/net/xbiblio/csl\" class=\"in-text\" version=\"1.0\" "
        "et-al-min=\"3\" et-al-use-first=\"1\">\n<info><title>F</title><id>f</id></info>\n";
    for (int i = 0; i < macros_; ++i)
      out += "<macro name=\"m" + std::to_string(i) + "\">" + body(0) + "</macro>\n";
    // (each byte read in a statement of its own: the order of operands of + is unspecified, and
    // a finding must write the same style whichever compiler replays it)
    const int options = next_or(0);
    std::string sort;
    if (options & 1)
      sort = "<sort><key macro=\"" + macro_name() + "\"/><key variable=\"issued\"/></sort>";
    const std::string citation = body(0);
    const std::string bibliography = body(0);
    out +=
        "<citation disambiguate-add-names=\"true\" disambiguate-add-givenname=\"true\" "
        "disambiguate-add-year-suffix=\"" +
        std::string(options & 2 ? "true" : "false") + "\"" +
        (options & 4 ? " collapse=\"year\"" : "") + ">" + sort + "<layout delimiter=\"; \">" +
        citation + "</layout></citation>\n";
    out += "<bibliography" +
           std::string(options & 8 ? " subsequent-author-substitute=\"---\"" : "") + ">" + sort +
           "<layout suffix=\".\">" + bibliography + "</layout></bibliography>\n</style>\n";
    return out;
  }

 private:
  int next_or(int fallback) {
    return at_ < in_.size() ? static_cast<unsigned char>(in_[at_++]) : fallback;
  }
  std::string macro_name() { return "m" + std::to_string(next_or(0) % macros_); }
  template <std::size_t N>
  const char* pick(const char* const (&from)[N]) {
    return from[static_cast<std::size_t>(next_or(0)) % N];
  }

  // Elements until a byte ends the list (or the input ends); containers nest up to 6 deep.
  std::string body(int depth) {
    static const char* const kVariables[] = {
        "title", "container-title", "DOI", "page", "volume", "note", "publisher", "abstract"};
    static const char* const kTerms[] = {"and", "et-al",   "page",     "edition",
                                         "in",  "no date", "retrieved"};
    static const char* const kValues[] = {"x",         "Vol.", "“quoted”", "&lt;i&gt;it&lt;/i&gt;",
                                          "a &amp; b", ""};
    static const char* const kCases[] = {"title", "uppercase", "sentence", "capitalize-first",
                                         "lowercase"};
    static const char* const kConditions[] = {
        "type=\"book\"",           "variable=\"DOI\"",
        "position=\"subsequent\"", "disambiguate=\"true\"",
        "is-numeric=\"volume\"",   "variable=\"author editor\" match=\"any\""};
    std::string out;
    for (int count = 0; count < 64; ++count) {
      const int b = next_or(-1);
      if (b < 0 || b % 16 == 15) break;
      const bool nest = depth < 6;
      switch (b % 16) {
        case 0:
        case 1:
        case 2:
          out += "<text macro=\"" + macro_name() + "\"/>";
          break;
        case 3:
          out += std::string("<text variable=\"") + pick(kVariables) + "\"/>";
          break;
        case 4:
          out += std::string("<text term=\"") + pick(kTerms) + "\" form=\"short\"/>";
          break;
        case 5:
          out += std::string("<text value=\"") + pick(kValues) + "\" prefix=\" (\" suffix=\")\"/>";
          break;
        case 6:
          if (nest)
            out +=
                "<group delimiter=\", \" prefix=\"[\" suffix=\"]\">" + body(depth + 1) + "</group>";
          break;
        case 7:
          if (nest) {
            out += std::string("<choose><if ") + pick(kConditions) + ">";
            out += body(depth + 1);
            out += std::string("</if><else-if ") + pick(kConditions) + ">";
            out += body(depth + 1);
            out += "</else-if><else>";
            out += body(depth + 1);
            out += "</else></choose>";
          }
          break;
        case 8:
          if (nest)
            out +=
                "<names variable=\"author editor\" delimiter=\"; \"><name and=\"text\" "
                "initialize-with=\". \" name-as-sort-order=\"first\"/>"
                "<et-al/><label prefix=\" (\" suffix=\")\"/><substitute>" +
                body(depth + 1) + "</substitute></names>";
          break;
        case 9:
          out += b & 16 ? "<date variable=\"issued\" form=\"text\"/>"
                        : "<date variable=\"issued\"><date-part name=\"month\" suffix=\" "
                          "\"/><date-part name=\"year\"/></date>";
          break;
        case 10:
          out += "<number variable=\"volume\" form=\"ordinal\"/>";
          break;
        case 11:
          out += "<label variable=\"page\" form=\"short\"/>";
          break;
        case 12:
          out += "<text macro=\"" + macro_name() + "\"";
          out += std::string(" text-case=\"") + pick(kCases) + "\" font-style=\"italic\"/>";
          break;
        case 13:
          out += b & 16 ? "<text variable=\"year-suffix\"/>"
                        : "<text variable=\"citation-number\" prefix=\"[\" suffix=\"]\"/>";
          break;
        case 14:
          out += b & 16 ? "<text variable=\"locator\"/>"
                        : "<names variable=\"author\"><name form=\"short\"/></names>";
          break;
      }
    }
    return out;
  }

  std::string_view in_;
  std::size_t at_ = 0;
  int macros_ = 1;
};

// fuzz_csl: a style from the input (as XML when it starts with '<', else written by
// CslStyleWriter) renders a bibliography of three fixed items and a citation of two. Every
// rendering stays within the budget, so each entry and citation is bounded whatever the style:
// kRenderBudget pieces of output of at most 64 bytes of text each, with their markup.
inline void csl(std::string_view bytes) {
  static const json::Value items = [] {
    json::Value doc;
    json::parse(R"([
      {"id":"a","type":"article-journal","title":"Tidal heating of “icy” moons","container-title":"Journal of Moons",
       "author":[{"family":"Okafor","given":"Chidi"},{"family":"Lindqvist","given":"Sara"},{"family":"Hu","given":"Qinghao"}],
       "issued":{"date-parts":[[2025,3]]},"volume":"42","page":"118-131","DOI":"10.5555/moons.42"},
      {"id":"b","type":"book","title":"Rings","publisher":"Ring Press","editor":[{"family":"Okafor","given":"Chidi"}],
       "issued":{"date-parts":[[2025]]},"note":"<i>A</i> note","abstract":"Short."},
      {"id":"c","type":"chapter","title":"Moons","author":[{"family":"Okafor","given":"Chidi"},{"family":"Lindqvist","given":"Sara"}],
       "issued":{"date-parts":[[2025,3]]}}])",
                doc);
    return doc;
  }();
  const std::string style =
      !bytes.empty() && bytes[0] == '<' ? std::string(bytes) : CslStyleWriter(bytes).style();
  std::string message;
  const std::unique_ptr<csl::Processor> p = csl::Processor::create(
      style, [](std::string_view tag) { return std::string(csl::builtin_locale(tag)); }, "",
      &message);
  if (bytes.empty() || bytes[0] != '<')
    require(p != nullptr);  // (the writer's styles are always well-formed)
  if (!p) return;
  const std::size_t most = static_cast<std::size_t>(csl::kRenderBudget) *
                           128;  // (64 bytes of text a piece, and its markup)
  std::vector<const json::Value*> all;
  for (const json::Value& v : items.items) all.push_back(&v);
  const std::vector<std::string> entries = p->bibliography(all, csl::Markup::Html);
  require(entries.size() <= all.size());
  for (const std::string& e : entries) require(e.size() <= most);
  std::vector<csl::CiteItem> cluster(2);
  cluster[0].item = all[0];
  cluster[1].item = all[2];
  cluster[1].locator = "12";
  for (const std::string& c : p->citations(all, {cluster}, csl::Markup::Text))
    require(c.size() <= 2 * most);
}

}  // namespace papershelf::fuzz
