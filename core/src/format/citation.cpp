// Citations a visitor can paste into a paper: APA 7, IEEE, the ACM Reference Format, Chicago
// author-date, MLA 9 and Harvard (Cite Them Right), formatted by the CSL processor (core/src/csl)
// from the official style files, as Zotero and Mendeley format them; plus the short homepage
// style, which is papershelf's own.
#include <array>
#include <map>
#include <memory>

#include "csl/locale.hpp"
#include "csl/xml.hpp"
#include "format/csl_item.hpp"
#include "papershelf/citation.hpp"
#include "papershelf/csl.hpp"
#include "papershelf/format_options.hpp"
#include "papershelf/html_text.hpp"
#include "papershelf/record_text.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/words.hpp"

namespace papershelf {
namespace {

std::unique_ptr<csl::Processor> configured(std::string_view style_xml, std::string_view lang,
                                           const csl::LocaleLoader& locales, std::string* error) {
  auto p = csl::Processor::create(
      style_xml,
      [&](std::string_view tag) {
        std::string text(csl::builtin_locale(tag));
        if (text.empty() && locales) text = locales(tag);
        return text;
      },
      lang, error);
  if (p) {
    p->set_links(true);
    p->set_page_safe(true);
    p->set_citation_numbers(
        false);  // (a reference pasted into someone's paper has no place in a list)
  }
  return p;
}

// One processor per style, read the first time it is asked for.
csl::Processor* processor(CitationStyle s) {
  static std::array<std::unique_ptr<csl::Processor>, kCitationStyleCount> processors;
  auto& p = processors[static_cast<std::size_t>(s)];
  if (!p) {
    const std::string_view style = csl::builtin_style(csl_style_id(s));
    if (style.empty()) return nullptr;
    p = configured(style, "", nullptr, nullptr);
  }
  return p.get();
}

// One processor per style and language other than English, kept for the next citation.
csl::Processor* processor(CitationStyle s, const CitationLocale& locale) {
  if (locale.xml.empty() || locale.lang.empty() || locale.lang.substr(0, 2) == "en")
    return processor(s);
  static std::map<std::pair<int, std::string>, std::unique_ptr<csl::Processor>, std::less<>>
      processors;
  auto& p = processors[{static_cast<int>(s), std::string(locale.lang)}];
  if (!p) {
    const std::string_view style = csl::builtin_style(csl_style_id(s));
    if (style.empty()) return nullptr;
    const std::string xml(locale.xml);
    p = configured(
        style, locale.lang, [xml](std::string_view) { return xml; }, nullptr);
  }
  return p.get();
}

std::string by_style(const Publication& p, csl::Processor* style, csl::Markup markup,
                     const OwnerMatcher* owner = nullptr) {
  if (!style) return {};
  const json::Value item = csl_json_item(p, owner);
  std::vector<std::string> entries = style->bibliography({&item}, markup);
  return entries.empty() ? std::string() : std::move(entries[0]);
}

// --- the homepage's short style: "Jane Doe and Ann Roe. Title. Venue, 2024." ---

class Compact {
 public:
  Compact& text(std::string_view s) {
    if (!s.empty() && s[0] == ' ' && !plain_.empty() && plain_.back() == ' ')
      s.remove_prefix(1);  // (one space)
    plain_ += s;
    html_ +=
        unicode::needs_bidi_isolation(s) ? "<bdi>" + escape_html(s) + "</bdi>" : escape_html(s);
    return *this;
  }
  // Ends an element with `mark`, unless the text already ends in it or a stronger one.
  Compact& close(std::string_view mark) {
    if (plain_.empty() || plain_.back() == ' ') return *this;
    const char last = plain_.back();
    if (!mark.empty() && (mark[0] == '.' || mark[0] == ',') &&
        (last == '.' || last == '?' || last == '!'))
      mark.remove_prefix(mark[0] == '.' || last != '.' ? 1 : 0);
    return text(mark);
  }
  std::string take(bool html) {
    std::string& out = html ? html_ : plain_;
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return std::move(out);
  }

 private:
  std::string plain_, html_;
};

std::string given_family(const Person& a) {
  if (a.is_literal()) return std::string(a.literal());
  std::string out(a.given());
  if (!out.empty()) out += ' ';
  if (!a.particle().empty()) out.append(a.particle()).append(" ");
  out.append(a.family());
  if (!a.suffix().empty()) out.append(", ").append(a.suffix());
  return out;
}

// The short style's few words in a language: from its CSL locale, as the other styles take them.
struct CompactTerms {
  std::string and_ = "and", et_al = "et al.", no_date = "n.d.", editor = "ed.", editors = "eds.";
  bool serial_comma = true;  // ("A, B, and C": English's)
};

const CompactTerms& compact_terms(const CitationLocale& locale) {
  static const CompactTerms english;
  if (locale.xml.empty() || locale.lang.empty() || locale.lang.substr(0, 2) == "en") return english;
  static std::map<std::string, CompactTerms, std::less<>> by_lang;
  if (const auto it = by_lang.find(locale.lang); it != by_lang.end()) return it->second;
  CompactTerms& t = by_lang[std::string(locale.lang)];
  csl::xml::Element root;
  std::string error;
  if (!csl::xml::parse(locale.xml, root, error)) return t = english;
  csl::Locale terms;
  terms.merge(root);
  const auto take = [&](std::string& into, std::string_view name, csl::TermForm form, bool plural) {
    if (std::string text = terms.text(name, form, plural); !text.empty()) into = std::move(text);
  };
  take(t.and_, "and", csl::TermForm::Long, false);
  take(t.et_al, "et-al", csl::TermForm::Long, false);
  take(t.no_date, "no date", csl::TermForm::Short, false);
  take(t.editor, "editor", csl::TermForm::Short, false);
  take(t.editors, "editor", csl::TermForm::Short, true);
  t.serial_comma = false;
  return t;
}

std::string compact(const Publication& p, bool html, const CitationContext& context = {}) {
  Compact c;
  const CompactTerms& terms = compact_terms(context.locale);
  const auto word = [&](std::string_view english) {
    return context.words ? (*context.words)(english) : english;
  };
  bool editors = false;
  const std::vector<Person>& people = credited_names(p, &editors);
  std::string list;
  for (std::size_t i = 0; i < people.size(); ++i) {
    if (i > 0) {
      const bool last = i + 1 == people.size();
      list += !last                                       ? ", "
              : people.size() == 2 || !terms.serial_comma ? " " + terms.and_ + " "
                                                          : ", " + terms.and_ + " ";
    }
    list += given_family(people[i]);
  }
  if (p.others && !editors) list += " " + terms.et_al;
  if (editors) list += " (" + (people.size() == 1 ? terms.editor : terms.editors) + ")";
  c.text(list).close(". ").text(full_title(p)).close(". ");
  const std::string& badge = p.badge();
  const std::string& venue = p.venue.text;
  const bool status_word =
      badge == label(p.status) || badge == label(p.type);  // ("Preprint" twice)
  const bool show_badge = !badge.empty() && !status_word && venue.find(badge) == std::string::npos;
  if (!venue.empty() && venue_ends_with_year(p) && !show_badge) {
    c.text(venue).close(".");  // (it ends with the year)
  } else {
    if (!venue.empty()) {
      c.text(venue);
      if (show_badge) c.text(" (" + badge + ")");
      c.text(", ");
    } else if (show_badge) {
      c.text(badge + ", ");
    } else if (!p.arxiv().empty()) {
      c.text("arXiv:" + p.arxiv() + ", ");
    }
    c.text(p.date.year ? std::to_string(p.date.year) : terms.no_date).close(".");
  }
  if (p.status != Status::Published) c.text(" ").text(word(label(p.status))).close(".");
  return c.take(html);
}

}  // namespace

std::string format_citation(const Publication& p, CitationStyle style) {
  if (style == CitationStyle::Compact) return compact(p, false);
  return by_style(p, processor(style), csl::Markup::Text);
}

std::string format_citation_html(const Publication& p, CitationStyle style) {
  if (style == CitationStyle::Compact) return compact(p, true);
  return by_style(p, processor(style), csl::Markup::Html);
}

std::string format_citation(const Publication& p, CitationStyle style,
                            const CitationContext& context) {
  if (style == CitationStyle::Compact) return compact(p, false, context);
  return by_style(p, processor(style, context.locale), csl::Markup::Text);
}

std::string format_citation_html(const Publication& p, CitationStyle style,
                                 const CitationContext& context) {
  if (style == CitationStyle::Compact) return compact(p, true, context);
  return by_style(p, processor(style, context.locale), csl::Markup::Html, context.owner);
}

std::string reference_html(const Publication& p, const FormatOptions& o) {
  return format_citation_html(p, o.references_style, CitationContext{{}, &o.owner});
}

std::unique_ptr<csl::Processor> citation_style_from_csl(std::string_view style_xml,
                                                        std::string_view lang,
                                                        const csl::LocaleLoader& locales,
                                                        std::string* error) {
  return configured(style_xml, lang, locales, error);
}

std::string format_citation(const Publication& p, csl::Processor& style) {
  return by_style(p, &style, csl::Markup::Text);
}
std::string format_citation_html(const Publication& p, csl::Processor& style) {
  return by_style(p, &style, csl::Markup::Html);
}

}  // namespace papershelf
