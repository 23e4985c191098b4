// An output tree made plain text or HTML: punctuation settled where pieces meet, quotes and
// flip-flopping formatting resolved, escaping. Apart from building the tree (output.cpp).
#include <algorithm>

#include "csl/locale.hpp"
#include "csl/output.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

// ---- Serialising ------------------------------------------------------------------------------

void escape_into(std::string& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&#38;";
        break;
      case '<':
        out += "&#60;";
        break;
      case '>':
        out += "&#62;";
        break;
      default:
        out += c;
    }
  }
}

namespace {

// Superscript characters and what they are raised: HTML writes "1ʳᵉ" and "ª" as <sup>re</sup>
// and <sup>a</sup> (citeproc-js's SUPERSCRIPTS), so that a French ordinal or a Spanish one reads
// the same whatever fonts the reader has.
struct Superscript {
  char32_t cp;
  const char* base;
};
constexpr Superscript kSuperscripts[] = {
    {0x00AA, "a"},      {0x00B2, "2"},      {0x00B3, "3"},      {0x00B9, "1"},
    {0x00BA, "o"},      {0x02B0, "h"},      {0x02B1, "\u0266"}, {0x02B2, "j"},
    {0x02B3, "r"},      {0x02B4, "\u0279"}, {0x02B5, "\u027B"}, {0x02B6, "\u0281"},
    {0x02B7, "w"},      {0x02B8, "y"},      {0x02C0, "\u0294"}, {0x02C1, "\u0295"},
    {0x02E0, "\u0263"}, {0x02E1, "l"},      {0x02E2, "s"},      {0x02E3, "x"},
    {0x02E4, "\u0295"}, {0x06E5, "\u0648"}, {0x06E6, "\u064A"}, {0x1D2C, "A"},
    {0x1D2D, "\u00C6"}, {0x1D2E, "B"},      {0x1D30, "D"},      {0x1D31, "E"},
    {0x1D32, "\u018E"}, {0x1D33, "G"},      {0x1D34, "H"},      {0x1D35, "I"},
    {0x1D36, "J"},      {0x1D37, "K"},      {0x1D38, "L"},      {0x1D39, "M"},
    {0x1D3A, "N"},      {0x1D3C, "O"},      {0x1D3D, "\u0222"}, {0x1D3E, "P"},
    {0x1D3F, "R"},      {0x1D40, "T"},      {0x1D41, "U"},      {0x1D42, "W"},
    {0x1D43, "a"},      {0x1D44, "\u0250"}, {0x1D45, "\u0251"}, {0x1D46, "\u1D02"},
    {0x1D47, "b"},      {0x1D48, "d"},      {0x1D49, "e"},      {0x1D4A, "\u0259"},
    {0x1D4B, "\u025B"}, {0x1D4C, "\u025C"}, {0x1D4D, "g"},      {0x1D4F, "k"},
    {0x1D50, "m"},      {0x1D51, "\u014B"}, {0x1D52, "o"},      {0x1D53, "\u0254"},
    {0x1D54, "\u1D16"}, {0x1D55, "\u1D17"}, {0x1D56, "p"},      {0x1D57, "t"},
    {0x1D58, "u"},      {0x1D59, "\u1D1D"}, {0x1D5A, "\u026F"}, {0x1D5B, "v"},
    {0x1D5C, "\u1D25"}, {0x1D5D, "\u03B2"}, {0x1D5E, "\u03B3"}, {0x1D5F, "\u03B4"},
    {0x1D60, "\u03C6"}, {0x1D61, "\u03C7"}, {0x2070, "0"},      {0x2071, "i"},
    {0x2074, "4"},      {0x2075, "5"},      {0x2076, "6"},      {0x2077, "7"},
    {0x2078, "8"},      {0x2079, "9"},      {0x207A, "+"},      {0x207B, "\u2212"},
    {0x207C, "="},      {0x207D, "("},      {0x207E, ")"},      {0x207F, "n"},
    {0x2120, "SM"},     {0x2122, "TM"},     {0x3192, "\u4E00"}, {0x3193, "\u4E8C"},
    {0x3194, "\u4E09"}, {0x3195, "\u56DB"}, {0x3196, "\u4E0A"}, {0x3197, "\u4E2D"},
    {0x3198, "\u4E0B"}, {0x3199, "\u7532"}, {0x319A, "\u4E59"}, {0x319B, "\u4E19"},
    {0x319C, "\u4E01"}, {0x319D, "\u5929"}, {0x319E, "\u5730"}, {0x319F, "\u4EBA"}};

// escape_into, with superscript characters written as <sup> (HTML text, not an address).
void escape_text_into(std::string& out, std::string_view text) {
  std::size_t plain = 0;
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    if (lead < 0xC2) {
      ++i;
      continue;
    }
    const std::size_t at = i;
    const char32_t cp = unicode::decode_utf8(text, i);
    const auto it = std::lower_bound(std::begin(kSuperscripts), std::end(kSuperscripts), cp,
                                     [](const Superscript& s, char32_t c) { return s.cp < c; });
    if (it == std::end(kSuperscripts) || it->cp != cp) continue;
    escape_into(out, text.substr(plain, at - plain));
    out += "<sup>";
    escape_into(out, it->base);
    out += "</sup>";
    plain = i;
  }
  escape_into(out, text.substr(plain));
}

}  // namespace

namespace {

enum class Tok : std::uint8_t {
  Text,
  Open,
  Close,
  QuoteOpen,
  QuoteClose,
  BlockOpen,
  BlockClose,
  LinkOpen,
  LinkClose,
  ClassOpen,
  ClassClose
};
struct Token {
  Tok kind;
  std::string a, b;      // Text: the text; Open: attribute and value; Block: class; Link: href
  bool movable = false;  // an affix or a delimiter: punctuation-in-quote may move it (a text
                         // value, <text value="."/>, stays where it is, as in citeproc-js)
  enum class Role : std::uint8_t { Value, Prefix, Suffix, Delimiter } role = Role::Value;
};

// citeproc-js writes a space before : ; ? ! » (and after «) as a narrow no-break space, so that
// "Lumos : Empowering" never breaks before its colon.
std::string narrow_spaces(const std::string& text) {
  if (text.find(' ') == std::string::npos) return text;
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool before_mark =
        i + 1 < text.size() && (text[i + 1] == ':' || text[i + 1] == ';' || text[i + 1] == '?' ||
                                text[i + 1] == '!' || text.compare(i + 1, 2, "\xC2\xBB") == 0);
    const bool after_guillemet = i >= 2 && text.compare(i - 2, 2, "\xC2\xAB") == 0;
    if (text[i] == ' ' && (before_mark || after_guillemet))
      out += "\xE2\x80\xAF";
    else
      out += text[i];
  }
  return out;
}

void flatten(const Out& o, std::vector<Token>& t) {
  if (o.empty()) return;
  if (!o.display.empty()) t.push_back({Tok::BlockOpen, std::string(o.display), {}});
  if (!o.prefix.empty())
    t.push_back({Tok::Text, std::string(o.prefix), {}, true, Token::Role::Prefix});
  if (!o.link.empty()) t.push_back({Tok::LinkOpen, o.link, {}});
  if (!o.css_class.empty()) t.push_back({Tok::ClassOpen, std::string(o.css_class), {}});
  const std::pair<const char*, const std::string_view*> attrs[] = {
      {"font-style", &o.fmt.font_style},
      {"font-variant", &o.fmt.font_variant},
      {"font-weight", &o.fmt.font_weight},
      {"text-decoration", &o.fmt.text_decoration},
      {"vertical-align", &o.fmt.vertical_align}};
  int opened = 0;
  for (const std::uint8_t k : o.fmt.outer_first) {
    const auto& [name, value] = attrs[k];
    if (value->empty()) continue;
    t.push_back({Tok::Open, name, std::string(*value)});
    ++opened;
  }
  // (the mark the data opened them with, which may decide their level: see serialize())
  if (o.quotes)
    t.push_back({Tok::QuoteOpen,
                 o.quotes == 2   ? "\xE2\x80\x9C"
                 : o.quotes == 3 ? "\xE2\x80\x98"
                                 : "",
                 {}});
  if (!o.text.empty())
    t.push_back({Tok::Text,
                 narrow_spaces(o.text),
                 {},
                 o.delimiter || o.affix,
                 o.delimiter    ? Token::Role::Delimiter
                 : o.affix == 1 ? Token::Role::Prefix
                 : o.affix == 2 ? Token::Role::Suffix
                                : Token::Role::Value});
  for (const Out& k : o.kids) flatten(k, t);
  // (a cite's affix keeps the punctuation after its own quotes: ', "Hello there".')
  if (o.quotes) t.push_back({Tok::QuoteClose, {}, o.affix ? "affix" : ""});
  for (int i = 0; i < opened; ++i) t.push_back({Tok::Close, {}, {}});
  if (!o.css_class.empty()) t.push_back({Tok::ClassClose, {}, {}});
  if (!o.link.empty()) t.push_back({Tok::LinkClose, {}, {}});
  if (!o.suffix.empty())
    t.push_back({Tok::Text, std::string(o.suffix), {}, true, Token::Role::Suffix});
  if (!o.display.empty()) t.push_back({Tok::BlockClose, {}, {}});
}

bool is_punct(char c) {
  return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?';
}

// Settles punctuation where pieces meet, as citeproc-js does: a period after a piece that ends
// in . ? or ! is dropped, doubled , ; : become one, two spaces become one, a period after a
// comma stays (its table joins them as ",.": a venue "Workshop," then ". " reads "Workshop,."),
// and (with the locale's punctuation-in-quote) a comma or period after a closing quote moves
// inside it.
void punctuate(std::vector<Token>& toks, bool punctuation_in_quote) {
  std::size_t prev = toks.size();  // the last text token with text
  for (std::size_t i = 0; i < toks.size(); ++i) {
    if (toks[i].kind != Tok::Text || toks[i].a.empty()) continue;
    // Twice at most: a mark that takes the place of the one before it (":" then "!") meets what
    // was before that, a closing quote perhaps, and may move into it.
    for (int pass = 0; pass < 2 && prev != toks.size(); ++pass) {
      std::string& cur = toks[i].a;
      std::string& before = toks[prev].a;
      bool quote_between = false, quote_opens_between = false;
      for (std::size_t k = prev + 1; k < i; ++k) {
        if (toks[k].kind == Tok::QuoteClose && toks[k].b.empty()) quote_between = true;
        if (toks[k].kind == Tok::QuoteOpen) quote_opens_between = true;
      }
      // (two spaces become one, a no-break space and a space the no-break space; not with an
      // opening quote between them: the data's “ Resurrecting” keeps its space, as citeproc-js
      // writes it)
      const bool space_before =
          !before.empty() && !quote_opens_between &&
          (before.back() == ' ' ||
           (before.size() >= 2 && before.compare(before.size() - 2, 2, "\xC2\xA0") == 0));
      if (pass == 0 && space_before && cur.front() == ' ') cur.erase(0, 1);
      if (cur.empty() || before.empty()) break;
      const char c = cur.front();
      const char last = before.back();
      // (citeproc-js moves affixes and delimiters into quotes, not a text value: “Title”.)
      if (!toks[i].movable && quote_between) break;
      if (punctuation_in_quote && quote_between &&
          std::string_view(".,!?").find(c) != std::string_view::npos) {
        // Periods, commas, exclamation and question marks go inside the quotes (colons and
        // semicolons stay out); a period after one that ends the title goes, a comma stays
        // (“Injection.,”), and a mark after the same one goes.
        cur.erase(0, 1);
        if (!(c == '.' ? std::string_view(".!?:;").find(last) != std::string_view::npos
                       : last == c))
          before += c;
        break;
      }
      if (!is_punct(c)) break;
      const Token::Role role = toks[i].role, prev_role = toks[prev].role;
      // (citeproc-js merges affixes by its table, but joins a delimiter as it is: Springer's
      // volume "5:" and its ". " give "5:. ")
      const bool delimiter = role == Token::Role::Delimiter;
      // (and a piece's end with the next piece's prefix: Vancouver's date "2022;" and page
      // ":1–5" give "2022;1–5", but BMJ's group prefix ";" and its page's ":" stay ";:")
      const bool then_prefix = role == Token::Role::Prefix && prev_role != Token::Role::Prefix;
      if (c == '.' && (last == '.' || last == '?' || last == '!' ||
                       ((last == ';' || last == ':') && !delimiter))) {
        cur.erase(0, 1);
      } else if ((c == ',' || c == ';' || c == ':') && last == c) {
        cur.erase(0, 1);
      } else if ((c == '!' || c == '?') && last == c &&
                 (role == Token::Role::Prefix || role == Token::Role::Suffix)) {
        cur.erase(0, 1);
      } else if (c == ':' && (last == ';' || last == '!' || last == '?') && then_prefix) {
        cur.erase(0, 1);
      } else if ((c == '!' || c == '?') && (last == ':' || last == ';') && then_prefix) {
        // ("colon:" and "! exclamation": the stronger mark takes the colon's place)
        before.pop_back();
        if (!before.empty()) break;
        std::size_t k = prev;
        while (k > 0 && !(toks[k - 1].kind == Tok::Text && !toks[k - 1].a.empty())) --k;
        if (k == 0) break;
        prev = k - 1;
        continue;
      }
      break;
    }
    if (!toks[i].a.empty()) prev = i;
  }
}

}  // namespace

std::string serialize(const Out& o, const Locale& locale, const SerializeOptions& options) {
  std::vector<Token> toks;
  flatten(o, toks);
  punctuate(toks, locale.punctuation_in_quote);
  // Punctuation and spaces that open an entry from a prefix go (citeproc-js moves them up to
  // the layout, which writes none): PNAS's ", " before the title of an entry without authors.
  for (Token& t : toks) {
    if (!options.bibliography) break;
    if (t.kind != Tok::Text || t.a.empty()) continue;
    if (t.role != Token::Role::Prefix) break;
    std::size_t n = 0;
    while (n < t.a.size() && std::string_view(" ,.;:!?").find(t.a[n]) != std::string_view::npos)
      ++n;
    t.a.erase(0, n);
    if (!t.a.empty()) break;
  }
  const bool html = options.markup == Markup::Html;
  std::string out;
  // Flip-flop: what is in effect, so that italics inside italics come out upright.
  struct State {
    std::string attr, value;
    bool emitted;
    std::string close;
  };
  std::vector<State> open;
  auto in_effect = [&](const std::string& attr) -> std::string {
    for (auto it = open.rbegin(); it != open.rend(); ++it)
      if (it->attr == attr) return it->value;
    return {};
  };
  // Each open quote's level, inner or not. Quotes inside quotes take the other level; quotes
  // outside any begin at the outer level, but for those the data opened with the locale's inner
  // quotation mark (‘ in English), which stay inner, as citeproc-js reads them: "the best of ‘bad
  // data.’" in a title without quotes of its own.
  std::vector<bool> quote_inner;
  for (const Token& t : toks) {
    switch (t.kind) {
      case Tok::Text:
        if (!html) {
          out += t.a;
        } else if (options.page_safe && unicode::needs_bidi_isolation(t.a)) {
          // (a right-to-left name must not reorder the rest of the reference)
          out += "<bdi>";
          escape_text_into(out, t.a);
          out += "</bdi>";
        } else {
          escape_text_into(out, t.a);
        }
        break;
      case Tok::Open: {
        const std::string now = in_effect(t.a);
        std::string value = t.b;
        // Italic (or bold, small caps) inside the same flips back to normal.
        if ((t.a == "font-style" && value == "italic" && (now == "italic" || now == "oblique")) ||
            (t.a == "font-weight" && value == "bold" && now == "bold") ||
            (t.a == "font-variant" && value == "small-caps" && now == "small-caps"))
          value = "normal";
        const bool redundant = value == "normal" ? (now.empty() || now == "normal") : value == now;
        State s{t.a, value, false, {}};
        if (html && !redundant &&
            !(t.a == "vertical-align" && value == "baseline" && now.empty()) &&
            !(t.a == "text-decoration" && value == "none" && now.empty())) {
          if (t.a == "font-style" && value == "italic") {
            out += "<i>";
            s.close = "</i>";
          } else if (t.a == "font-weight" && value == "bold") {
            out += "<b>";
            s.close = "</b>";
          } else if (t.a == "vertical-align" && value == "sup") {
            out += "<sup>";
            s.close = "</sup>";
          } else if (t.a == "vertical-align" && value == "sub") {
            out += "<sub>";
            s.close = "</sub>";
          } else if (t.a == "vertical-align" && value == "baseline" && !options.page_safe) {
            out += "<span style=\"baseline\">";  // (sic: citeproc-js's HTML for it)
            s.close = "</span>";
          } else if (!options.page_safe) {
            out += "<span style=\"" + t.a + ":" + value + ";\">";
            s.close = "</span>";
          } else if ((t.a == "font-variant" && value == "small-caps") ||
                     (t.a == "font-style" && value == "normal") ||
                     (t.a == "text-decoration" && value == "underline")) {
            // (a page's Content-Security-Policy may forbid style attributes: classes instead)
            out += t.a == "font-variant" ? "<span class=\"ps-small-caps\">"
                   : t.a == "font-style" ? "<span class=\"ps-upright\">"
                                         : "<span class=\"ps-underline\">";
            s.close = "</span>";
          }
          s.emitted = !s.close.empty();
        }
        open.push_back(std::move(s));
        break;
      }
      case Tok::Close:
        if (!open.empty()) {
          if (open.back().emitted) out += open.back().close;
          open.pop_back();
        }
        break;
      case Tok::QuoteOpen:
        quote_inner.push_back(quote_inner.empty()
                                  ? !t.a.empty() && t.a == locale.text("open-inner-quote")
                                  : !quote_inner.back());
        out += locale.text(quote_inner.back() ? "open-inner-quote" : "open-quote");
        break;
      case Tok::QuoteClose: {
        const bool inner = !quote_inner.empty() && quote_inner.back();
        if (!quote_inner.empty()) quote_inner.pop_back();
        out += locale.text(inner ? "close-inner-quote" : "close-quote");
        break;
      }
      case Tok::BlockOpen:
        if (html) out += "<div class=\"csl-" + t.a + "\">";
        break;
      case Tok::BlockClose:
        if (html) out += "</div>";
        break;
      case Tok::LinkOpen:
        if (html && options.links) {
          out += "<a href=\"";
          escape_into(out, t.a);
          out += "\">";
        }
        break;
      case Tok::LinkClose:
        if (html && options.links) out += "</a>";
        break;
      case Tok::ClassOpen:
        if (html) out += "<span class=\"" + t.a + "\">";
        break;
      case Tok::ClassClose:
        if (html) out += "</span>";
        break;
    }
  }
  return out;
}

}  // namespace papershelf::csl
