// Inline HTML as exports write it in titles: CSL rich text (<i>, <b>, <sc>, <span
// class="nocase">), CrossRef and ORCID (JATS-like <i>, <sub>, <scp>), Zotero (<i>E. coli</i>,
// which Better BibTeX writes as {\textless}i{\textgreater}). One reader for the CSL-JSON reader
// and the LaTeX decoder. Internal to the core.
#pragma once

#include <string>
#include <vector>

#include "papershelf/model.hpp"

namespace papershelf::detail {

// Turns the inline tags in `text` into spans: <i> <em> -> Italic, <b> <strong> -> Bold, <sc>
// <scp> and small-caps spans -> SmallCaps, <tt> <code> -> Monospace, <span class="nocase"> ->
// NoCase, <sup> <sub> -> superscript/subscript digits and signs (H₂O; other text stays on the
// line), any other <span> -> nothing. An opening tag counts only when its closing tag follows
// ("x <b> y" stays text). Tags are removed from `text`, and the spaces they leave at either end
// or doubled collapse; `spans` already on it move with the text, and the new spans are appended.
// Then the character references, as apply_character_references (and its answer).
bool apply_inline_markup(std::string& text, std::vector<Span>& spans);

// HTML's character references in `text` decoded (unicode::References::Html: "&amp;" -> "&",
// "&nbsp;", "&#x2013;"), the spans following. The markup a value came in defines them: CSL-JSON's
// rich text is HTML-like (a literal "<i>" in it is "&lt;i&gt;"), and in BibTeX a bare "&" is
// TeX's alignment character, never text (the text's ampersand is \&), so "&amp;" there is an
// HTML-escaping export's (ORCID's, Crossref's) and means "&". True when one was decoded.
bool apply_character_references(std::string& text, std::vector<Span>& spans);

// The superscript (`up`) or subscript form of `cp` from Unicode's own forms (latex.cpp's
// generated table), `cp` itself when it already is one, 0 when Unicode has none.
char32_t script_form(bool up, char32_t cp);

}  // namespace papershelf::detail
