// CSL's text-case and strip-periods on an output tree: words cut and cased as citeproc-js does,
// apart from building and serialising the tree (output.cpp, output_serialize.cpp).
#include <algorithm>
#include <cctype>

#include "csl/output.hpp"
#include "papershelf/unicode.hpp"

namespace papershelf::csl {

// ---- Text case ----------------------------------------------------------------------------------
// As citeproc-js does it (its _textcaseEngine), so that the same title comes out the same: text
// is cut into words at spaces and at "tags" (quotation marks, - – — / . , ; ? ! : [ ] ( ) and
// markup); text inside nocase, small caps, superscripts and subscripts is left alone.

namespace {

struct Piece {
  std::string* text;
  bool skip;
};

void collect(Out& o, bool skip, std::vector<Piece>& out) {
  skip = skip || o.nocase || o.fmt.vertical_align == "sup" || o.fmt.vertical_align == "sub" ||
         o.fmt.font_variant == "small-caps";
  if (o.kids.empty()) {
    if (!o.text.empty()) out.push_back({&o.text, skip});
    return;
  }
  for (Out& k : o.kids) collect(k, skip, out);
}

std::string map_case(std::string_view s, bool upper) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const char32_t cp = unicode::decode_utf8(s, i);
    unicode::append_utf8(out, upper ? unicode::to_upper(cp) : unicode::to_lower(cp));
  }
  return out;
}

// Upper-cases the first character (citeproc-js's _capitalise; a lone Greek letter stays).
std::string capitalise(std::string_view w) {
  std::size_t i = 0;
  const char32_t cp = unicode::decode_utf8(w, i);
  if (cp >= 0x370 && cp <= 0x3FF && i == w.size()) return std::string(w);
  std::string out;
  unicode::append_utf8(out, unicode::to_upper(cp));
  out.append(w.substr(i));
  return out;
}

std::size_t code_points(std::string_view s) { return unicode::count_code_points(s); }

// Words that title case leaves alone inside a title (citeproc-js's list).
constexpr std::string_view kStopWords[] = {"a",
                                           "about",
                                           "above",
                                           "across",
                                           "afore",
                                           "after",
                                           "against",
                                           "al",
                                           "along",
                                           "alongside",
                                           "amid",
                                           "amidst",
                                           "among",
                                           "amongst",
                                           "an",
                                           "and",
                                           "anenst",
                                           "apropos",
                                           "apud",
                                           "around",
                                           "as",
                                           "aside",
                                           "astride",
                                           "at",
                                           "athwart",
                                           "atop",
                                           "barring",
                                           "before",
                                           "behind",
                                           "below",
                                           "beneath",
                                           "beside",
                                           "besides",
                                           "between",
                                           "beyond",
                                           "but",
                                           "by",
                                           "c",
                                           "ca",
                                           "circa",
                                           "d'",
                                           "de",
                                           "despite",
                                           "down",
                                           "during",
                                           "et",
                                           "except",
                                           "for",
                                           "forenenst",
                                           "from",
                                           "given",
                                           "in",
                                           "inside",
                                           "into",
                                           "lest",
                                           "like",
                                           "modulo",
                                           "near",
                                           "next",
                                           "nor",
                                           "notwithstanding",
                                           "of",
                                           "off",
                                           "on",
                                           "onto",
                                           "or",
                                           "out",
                                           "over",
                                           "per",
                                           "plus",
                                           "pro",
                                           "qua",
                                           "sans",
                                           "since",
                                           "so",
                                           "than",
                                           "the",
                                           "through",
                                           "throughout",
                                           "thruout",
                                           "till",
                                           "to",
                                           "toward",
                                           "towards",
                                           "under",
                                           "underneath",
                                           "until",
                                           "unto",
                                           "up",
                                           "upon",
                                           "v",
                                           "van",
                                           "versus",
                                           "via",
                                           "von",
                                           "vs",
                                           "with",
                                           "within",
                                           "without",
                                           "yet"};

bool is_stop_word(std::string_view lower) {
  // (citeproc-js joins its list into a regular expression without escaping "v." and "vs.", so a
  // dot there is any character: "v2" and "vsx" are stop words to it, and stay lower-case
  // inside a title: "Dataset v2 and More".)
  // (any character: "và", Vietnamese "and", is one too)
  if ((code_points(lower) == 2 && lower[0] == 'v') ||
      (code_points(lower) == 3 && lower[0] == 'v' && lower[1] == 's'))
    return true;
  return std::find(std::begin(kStopWords), std::end(kStopWords), lower) != std::end(kStopWords);
}

// The characters that cut words, as citeproc-js's tags: ‘ ’ “ ” " ' - – — / . , ; ? ! : [ ] ( ).
// `letter_before`: the piece before `s` ends in a letter ("<span
// class="nocase">Türkiye</span>'nin").
std::size_t tag_length(std::string_view s, std::size_t i, bool letter_before = false) {
  static const std::string_view kMulti[] = {"\xE2\x80\x98", "\xE2\x80\x99", "\xE2\x80\x9C",
                                            "\xE2\x80\x9D", "\xE2\x80\x93", "\xE2\x80\x94"};
  const char c = s[i];
  // An apostrophe inside a word ("We’re", "d’un") is part of it, not a quotation mark.
  const bool apostrophe = c == '\'' || s.substr(i, 3) == "\xE2\x80\x99";
  auto letter = [](unsigned char ch) { return std::isalpha(ch) || ch >= 0x80; };
  if (apostrophe && (i > 0 ? letter(static_cast<unsigned char>(s[i - 1])) : letter_before)) {
    const std::size_t next = i + (c == '\'' ? 1 : 3);
    if (next < s.size() && letter(static_cast<unsigned char>(s[next]))) return 0;
  }
  if (std::string_view("\"'-/.,;?!:[]()").find(c) != std::string_view::npos) return 1;
  for (std::string_view m : kMulti)
    if (s.substr(i, m.size()) == m) return m.size();
  return 0;
}

// The bytes of a space between words at s[i], as citeproc-js splits words: a space, a no-break
// space, U+2000-U+200B, U+205F or U+3000 ("Physical&nbsp;volcanology" is two words); 0 for none.
std::size_t space_length(std::string_view s, std::size_t i) {
  if (s[i] == ' ') return 1;
  if (s.compare(i, 2, "\xC2\xA0") == 0) return 2;
  if (i + 2 < s.size() && static_cast<unsigned char>(s[i]) == 0xE2) {
    const auto b1 = static_cast<unsigned char>(s[i + 1]), b2 = static_cast<unsigned char>(s[i + 2]);
    if ((b1 == 0x80 && b2 >= 0x80 && b2 <= 0x8B) || (b1 == 0x81 && b2 == 0x9F)) return 3;
  }
  if (s.compare(i, 3, "\xE3\x80\x80") == 0) return 3;
  return 0;
}

struct Word {
  std::size_t piece, begin, end;
  bool first, after_punct, before_hyphen;
};

}  // namespace

void apply_text_case(Out& o, std::string_view text_case, bool english) {
  if (text_case.empty() || (text_case == "title" && !english)) return;
  std::vector<Piece> pieces;
  collect(o, false, pieces);
  std::vector<Word> words;
  bool first = true, after_punct = false;
  std::size_t last_word = std::string::npos;  // title case: the last word, outside nocase
  bool first_segment = true;  // (citeproc-js tests "before a hyphen" in the first segment only)
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const std::string& t = *pieces[k].text;
    const bool skip = pieces[k].skip;
    if (k > 0) first_segment = false;  // (markup is a tag too)
    const bool letter_at_end =
        k > 0 && !pieces[k - 1].text->empty() &&
        (std::isalpha(static_cast<unsigned char>(pieces[k - 1].text->back())) ||
         static_cast<unsigned char>(pieces[k - 1].text->back()) >= 0x80);
    std::size_t i = 0;
    while (i < t.size()) {
      if (const std::size_t space = space_length(t, i)) {
        i += space;
        continue;
      }
      if (const std::size_t tag = tag_length(t, i, i == 0 && letter_at_end)) {
        // (inside nocase too, a colon makes the next word a first word)
        if (t[i] == '!' || t[i] == '?' || t[i] == ':') after_punct = true;
        first_segment = false;
        i += tag;
        continue;
      }
      const std::size_t b = i;
      while (i < t.size() && !space_length(t, i) && !tag_length(t, i, i == 0 && letter_at_end)) ++i;
      if (!skip) {
        words.push_back(
            {k, b, i, first, after_punct, first_segment && i < t.size() && t[i] == '-'});
        last_word = words.size() - 1;
      } else {
        last_word = std::string::npos;
      }
      first = false;
      after_punct = false;
    }
  }
  // Each word's new text; applied from the end so that earlier offsets stay right.
  std::vector<std::string> replaced(words.size());
  std::vector<bool> changed(words.size());
  for (std::size_t n = 0; n < words.size(); ++n) {
    const Word& w = words[n];
    const std::string_view word =
        std::string_view(*pieces[w.piece].text).substr(w.begin, w.end - w.begin);
    const std::string lower = map_case(word, false);
    std::string out;
    if (text_case == "lowercase")
      out = lower;
    else if (text_case == "uppercase")
      out = map_case(word, true);
    else if (text_case == "capitalize-all")
      out = word == lower ? capitalise(word) : std::string(word);
    else if (text_case == "capitalize-first")
      out = w.first && word == lower ? capitalise(word) : std::string(word);
    else if (text_case == "sentence")
      out = w.first ? capitalise(word) : lower;
    else if (text_case == "title") {
      // (citeproc-js weighs a word with an apostrophe inside by what comes before it: "d’un" is
      // a word of one letter and stays as it is, "dog’s" is capitalised)
      const std::size_t apostrophe = std::min(lower.find('\''), lower.find("\xE2\x80\x99"));
      const std::string_view head = std::string_view(lower).substr(0, apostrophe);
      const bool capitalize = (code_points(head) > 1 && !is_stop_word(head)) || w.before_hyphen ||
                              w.first || w.after_punct || (n == last_word && code_points(head) > 1);
      out = capitalize && word == lower ? capitalise(word) : std::string(word);
    } else {
      return;
    }
    if (out != word) {
      replaced[n] = std::move(out);
      changed[n] = true;
    }
  }
  for (std::size_t n = words.size(); n-- > 0;)
    if (changed[n])
      pieces[words[n].piece].text->replace(words[n].begin, words[n].end - words[n].begin,
                                           replaced[n]);
}

void strip_periods(Out& o, bool all) {
  if (all) {
    o.text.erase(std::remove(o.text.begin(), o.text.end(), '.'), o.text.end());
  } else {
    // citeproc-js's /\.([^a-z]|$)/g: a period before a lower-case letter stays ("arXiv.org"),
    // and of two periods the second is what follows the first.
    std::string kept;
    kept.reserve(o.text.size());
    for (std::size_t i = 0; i < o.text.size(); ++i) {
      if (o.text[i] != '.') {
        kept += o.text[i];
        continue;
      }
      const bool before_lower =
          i + 1 < o.text.size() && o.text[i + 1] >= 'a' && o.text[i + 1] <= 'z';
      if (before_lower)
        kept += '.';
      else if (i + 1 < o.text.size())
        kept += o.text[++i];
    }
    o.text = std::move(kept);
  }
  for (Out& k : o.kids) strip_periods(k, all);
}

}  // namespace papershelf::csl
