// A record's identity outside papershelf: its DOI and its arXiv id, as every reader finds them
// (fields, notes, venues, addresses) and every writer and sync compare and link them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "papershelf/model.hpp"

namespace papershelf::biblio {

// A title (or a venue) as two spellings of it compare: folded (case, diacritics), letters and
// digits only ("Rivers of {Europe}." and "rivers of europe" are one). LaTeX is already decoded in
// the model ("{\"U}ber {GPU}" is "Über GPU"). Sync pairs entries with works by it; check finds
// a paper a file holds twice by it.
std::string title_key(std::string_view title);

// True for an arXiv identifier: 1601.07535, 2104.01234v2, hep-th/9901001, math.AG/0309136.
bool is_arxiv_id(std::string_view id);
bool is_arxiv_prefix(std::string_view archive);  // "arXiv", "arxiv" (archiveprefix/eprinttype)

// "DOI: 10.1/x", "https://doi.org/10.1/x" -> "10.1/x"; "" when no DOI is found.
std::string clean_doi(std::string_view s);
// "arXiv:2401.09149" -> "2401.09149".
std::string clean_arxiv(std::string_view s);

std::string doi_url(std::string_view doi);
std::string arxiv_url(std::string_view id);

// An identifier written in a note: the arXiv id after "arXiv" or "eprint" ("eprint: 2101.01234"),
// the DOI after "doi" ("doi: 10.1000/x", "https://doi.org/10.1000/x"); "" when there is none.
std::string arxiv_in_text(std::string_view text);
std::string doi_in_text(std::string_view text);
// The arXiv id in arXiv's own DOI ("10.48550/arXiv.2302.04761"); "" for any other DOI.
std::string arxiv_from_doi(std::string_view doi);
// The arXiv id of an arxiv.org address (abs, pdf or html; its version left out); "" otherwise.
std::string arxiv_from_url(std::string_view url);
// An arXiv id without its version: a version is the same paper ("2403.03883v1" is 2403.03883).
std::string arxiv_without_version(std::string id);
// The year a new-style arXiv id was given ("2403.03883": 2024); 0 for an old-style one.
int arxiv_year(std::string_view id);
// The arXiv id an `eprint` extra field gives (with archiveprefix/eprinttype =
// arXiv, or an "arXiv:" prefix), or "".
std::string arxiv_from_extra(const std::vector<ExtraField>& extra);
// The arXiv id such a record carries in its venue ("... arXiv:2401.09149") or, from DBLP, in its
// volume ("abs/2401.09149"); "" when there is none.
std::string arxiv_from_preprint_venue(std::string_view venue, const std::vector<ExtraField>& extra);
// A DOI a preprint server gave (arXiv's 10.48550, SSRN, OSF and its PsyArXiv and SocArXiv,
// bioRxiv and medRxiv, Research Square, Preprints.org, TechRxiv, ChemRxiv, Authorea, EarthArXiv).
bool preprint_doi(std::string_view doi);

}  // namespace papershelf::biblio
