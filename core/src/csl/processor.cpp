// The processor's API: reading a style and its locales. What it then does with items is beside
// it: processor_sort.cpp, processor_disambiguate.cpp, processor_bibliography.cpp and
// processor_citations.cpp.
#include "csl/engine.hpp"
#include "papershelf/csl.hpp"

namespace papershelf::csl {

namespace {

// "de-AT" -> {"de-AT", "de-DE"(primary dialect), "en-US"}: the locale files to merge, last wins.
const std::pair<const char*, const char*> kPrimaryDialects[] = {
    {"af", "af-ZA"}, {"ar", "ar"},    {"bg", "bg-BG"}, {"ca", "ca-AD"}, {"cs", "cs-CZ"},
    {"cy", "cy-GB"}, {"da", "da-DK"}, {"de", "de-DE"}, {"el", "el-GR"}, {"en", "en-US"},
    {"es", "es-ES"}, {"et", "et-EE"}, {"eu", "eu"},    {"fa", "fa-IR"}, {"fi", "fi-FI"},
    {"fr", "fr-FR"}, {"he", "he-IL"}, {"hr", "hr-HR"}, {"hu", "hu-HU"}, {"id", "id-ID"},
    {"is", "is-IS"}, {"it", "it-IT"}, {"ja", "ja-JP"}, {"km", "km-KH"}, {"ko", "ko-KR"},
    {"la", "la"},    {"lt", "lt-LT"}, {"lv", "lv-LV"}, {"mn", "mn-MN"}, {"nb", "nb-NO"},
    {"nl", "nl-NL"}, {"nn", "nn-NO"}, {"pl", "pl-PL"}, {"pt", "pt-PT"}, {"ro", "ro-RO"},
    {"ru", "ru-RU"}, {"sk", "sk-SK"}, {"sl", "sl-SI"}, {"sr", "sr-RS"}, {"sv", "sv-SE"},
    {"th", "th-TH"}, {"tr", "tr-TR"}, {"uk", "uk-UA"}, {"vi", "vi-VN"}, {"zh", "zh-CN"}};

}  // namespace

std::string primary_dialect(std::string_view lang) {
  const std::string_view primary = lang.substr(0, lang.find('-'));
  for (const auto& [p, d] : kPrimaryDialects)
    if (primary == p) return d;
  return std::string(lang);
}

std::unique_ptr<Processor> Processor::create(std::string_view style_xml,
                                             const LocaleLoader& locales, std::string_view lang,
                                             std::string* error) {
  auto engine = std::make_unique<Engine>();
  std::string message;
  if (!xml::parse(style_xml, engine->style, message)) {
    if (error) *error = message;
    return nullptr;
  }
  Engine& e = *engine;
  if (e.style.name != "style") {
    if (error) *error = "1:1: not a CSL style (the root element is <" + e.style.name + ">)";
    return nullptr;
  }
  mark_kinds(e.style);
  for (const xml::Element& k : e.style.children) {
    if (k.name == "macro") {
      if (const std::string* n = k.attribute("name")) e.macros.emplace(*n, &k);
    } else if (k.name == "citation") {
      e.citation = &k;
    } else if (k.name == "bibliography") {
      e.bibliography = &k;
    }
  }
  if (e.citation) {
    // (citeproc-js's "numeric" mode: the citation, its macros included up to 20 calls deep,
    // shows citation-number.) Each macro is read once, at the fewest calls it is reached by
    // (what it reaches from there includes what it would reach from deeper): the macros a
    // style calls twice at every level made this scan exponential too.
    std::set<const xml::Element*> expanded;
    std::vector<const xml::Element*> level{e.citation}, next;
    for (int depth = 0; !level.empty() && !e.numeric_citations;
         ++depth, level.swap(next), next.clear()) {
      std::vector<const xml::Element*> stack = level;
      while (!stack.empty() && !e.numeric_citations) {
        const xml::Element* x = stack.back();
        stack.pop_back();
        if (x->attribute_or("variable", "") == "citation-number") e.numeric_citations = true;
        if (const std::string* m = x->attribute("macro"); m && depth < 20)
          if (auto it = e.macros.find(*m);
              it != e.macros.end() && expanded.insert(it->second).second)
            next.push_back(it->second);
        for (const xml::Element& k : x->children)
          if (k.name != "sort") stack.push_back(&k);
      }
    }
  }
  {
    std::vector<const xml::Element*> stack{&e.style};
    while (!stack.empty()) {
      const xml::Element* x = stack.back();
      stack.pop_back();
      if (x->name == "names")
        e.citation_names = true;  // (anywhere in the style: a macro may be the citation's)
      // (a citation label carries the year suffix itself)
      if (x->attribute_or("variable", "").find("year-suffix") != std::string_view::npos ||
          x->attribute_or("variable", "").find("citation-label") != std::string_view::npos)
        e.explicit_year_suffix = true;
      for (const xml::Element& k : x->children) stack.push_back(&k);
    }
  }
  // A style whose macros would expand past the rendering budget is read, its references cut
  // short where the budget runs out, and the owner told which macro (as a broken style is).
  if (std::string problem = e.budget_problem(); !problem.empty() && error)
    *error = std::move(problem);
  const std::string_view demote =
      e.style.attribute_or("demote-non-dropping-particle", "display-and-sort");
  e.demote_non_dropping_particle = demote == "never"              ? DemoteParticle::Never
                                   : demote == "display-and-sort" ? DemoteParticle::DisplayAndSort
                                                                  : DemoteParticle::SortOnly;
  e.initialize_with_hyphen = e.style.attribute_or("initialize-with-hyphen", "true") != "false";
  e.page_range_format = std::string(e.style.attribute_or("page-range-format", ""));
  // The locale: en-US, then the language's primary dialect and the language itself, then the
  // style's own sections (without xml:lang, the primary language, the exact tag).
  std::string tag(lang.empty() ? e.style.attribute_or("default-locale", "en-US") : lang);
  if (tag.find('-') == std::string::npos) tag = primary_dialect(tag);
  e.locale.lang = tag;
  std::vector<std::string> files{"en-US"};
  if (primary_dialect(tag) != "en-US") files.push_back(primary_dialect(tag));
  if (tag != files.back()) files.push_back(tag);
  for (const std::string& f : files) {
    const std::string text = locales ? locales(f) : std::string();
    if (text.empty()) continue;
    xml::Element root;
    if (xml::parse(text, root, message)) e.locale.merge(root);
  }
  const std::string primary = tag.substr(0, tag.find('-'));
  for (int pass = 0; pass < 3; ++pass) {
    for (const xml::Element& k : e.style.children) {
      if (k.name != "locale") continue;
      const std::string_view l = k.attribute_or("xml:lang", "");
      const bool take = pass == 0 ? l.empty() : pass == 1 ? (l == primary && l != tag) : l == tag;
      if (take) e.locale.merge(k);
    }
  }
  return std::unique_ptr<Processor>(new Processor(std::move(engine)));
}

Processor::Processor(std::unique_ptr<Engine> engine) : engine_(std::move(engine)) {}
Processor::~Processor() = default;

bool Processor::has_bibliography() const { return engine_->bibliography != nullptr; }
void Processor::set_links(bool on) { engine_->links = on; }
void Processor::set_citation_numbers(bool on) { engine_->citation_numbers = on; }
void Processor::set_page_safe(bool on) { engine_->page_safe = on; }
std::string_view Processor::second_field_align() const {
  return engine_->bibliography ? engine_->bibliography->attribute_or("second-field-align", "")
                               : std::string_view();
}

}  // namespace papershelf::csl
