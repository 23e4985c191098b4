// One table for a record's type in every vocabulary papershelf reads or writes (BibTeX, CSL-JSON,
// RIS, OpenURL, Google Scholar's meta tags, schema.org, OpenAlex), so that a new type, or a type
// written differently, is one row to change instead of a switch in each writer.
#pragma once

#include <optional>
#include <string_view>

#include "papershelf/model.hpp"

namespace papershelf::biblio {

struct TypeNames {
  PubType type;
  std::string_view bibtex;        // the entry type the BibTeX writer writes ("inproceedings")
  std::string_view bibtex_venue;  // the field the BibTeX writer writes the venue under
  std::string_view csl;           // CSL-JSON's type ("paper-conference")
  std::string_view ris;           // RIS's TY; "" for none of its own (GEN, or ELEC for a web page)
  std::string_view openurl;       // COinS' rft.genre ("" for a thesis: its format says it)
  std::string_view openurl_format;  // COinS' rft_val_fmt
  std::string_view highwire;  // the citation_* meta tag that gives Google Scholar the venue, or ""
  std::string_view schema_org;            // JSON-LD's @type
  std::string_view schema_org_container;  // the @type of what the venue names (isPartOf)
  std::string_view openalex;         // OpenAlex's work type for it ("book-chapter"), "" for none
  std::string_view openalex_source;  // OpenAlex's source type that says it ("conference"), or ""
};

namespace openurl {
inline constexpr std::string_view kJournal = "info:ofi/fmt:kev:mtx:journal";
inline constexpr std::string_view kBook = "info:ofi/fmt:kev:mtx:book";
inline constexpr std::string_view kThesis = "info:ofi/fmt:kev:mtx:dissertation";
}  // namespace openurl

// kTypeNames[static_cast<int>(t)] is t's row.
inline constexpr TypeNames kTypeNames[] = {
    {PubType::Conference, "inproceedings", "booktitle", "paper-conference", "CPAPER", "proceeding",
     openurl::kJournal, "citation_conference_title", "ScholarlyArticle", "CreativeWork", "",
     "conference"},
    {PubType::Journal, "article", "journal", "article-journal", "JOUR", "article",
     openurl::kJournal, "citation_journal_title", "ScholarlyArticle", "Periodical", "", "journal"},
    // (arXiv's "arXiv preprint ..." as the journal Google Scholar reads)
    {PubType::Preprint, "unpublished", "journal", "article", "UNPB", "preprint", openurl::kJournal,
     "citation_journal_title", "ScholarlyArticle", "CreativeWork", "", ""},
    {PubType::Thesis, "phdthesis", "school", "thesis", "THES", "", openurl::kThesis,
     "citation_dissertation_institution", "Thesis", "CreativeWork", "dissertation", ""},
    {PubType::Book, "book", "publisher", "book", "BOOK", "book", openurl::kBook, "", "Book",
     "CreativeWork", "book", ""},
    {PubType::Chapter, "incollection", "booktitle", "chapter", "CHAP", "bookitem", openurl::kBook,
     "citation_inbook_title", "Chapter", "Book", "book-chapter", ""},
    {PubType::Report, "techreport", "institution", "report", "RPRT", "report", openurl::kBook,
     "citation_technical_report_institution", "Report", "CreativeWork", "report", ""},
    // ("unknown" is OpenURL's word for "other")
    {PubType::Talk, "talk", "publisher", "speech", "SLIDE", "unknown", openurl::kJournal, "",
     "PresentationDigitalDocument", "CreativeWork", "", ""},
    {PubType::Patent, "patent", "publisher", "patent", "PAT", "unknown", openurl::kJournal, "",
     "ScholarlyArticle", "CreativeWork", "", ""},
    {PubType::Dataset, "dataset", "publisher", "dataset", "DATA", "unknown", openurl::kJournal, "",
     "Dataset", "CreativeWork", "dataset", ""},
    {PubType::Software, "software", "publisher", "software", "COMP", "unknown", openurl::kJournal,
     "", "SoftwareSourceCode", "CreativeWork", "", ""},
    {PubType::Misc, "misc", "publisher", "document", "", "unknown", openurl::kJournal, "",
     "ScholarlyArticle", "CreativeWork", "", ""},
};
static_assert(std::size(kTypeNames) == kPubTypeCount, "a row for every PubType");

constexpr bool rows_in_enum_order() {
  for (int i = 0; i < kPubTypeCount; ++i)
    if (static_cast<int>(kTypeNames[i].type) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "kTypeNames in PubType's order");

inline const TypeNames& names_of(PubType t) { return kTypeNames[static_cast<int>(t)]; }

// The BibTeX and biblatex entry types (lower-case) with a type of their own in the model; the
// rest are misc, or by their status (infer_type).
struct EntryType {
  std::string_view type;
  PubType pub;
};
inline constexpr EntryType kEntryTypes[] = {
    {"inproceedings", PubType::Conference},
    {"conference", PubType::Conference},
    {"periodical", PubType::Journal},
    {"book", PubType::Book},
    {"mvbook", PubType::Book},
    {"booklet", PubType::Book},
    {"collection", PubType::Book},
    {"mvcollection", PubType::Book},
    {"proceedings", PubType::Book},
    {"mvproceedings", PubType::Book},
    {"reference", PubType::Book},
    {"mvreference", PubType::Book},
    {"inbook", PubType::Chapter},
    {"incollection", PubType::Chapter},
    {"bookinbook", PubType::Chapter},
    {"suppbook", PubType::Chapter},
    {"suppcollection", PubType::Chapter},
    {"inreference", PubType::Chapter},
    {"bookchapter", PubType::Chapter},
    {"chapter", PubType::Chapter},
    {"phdthesis", PubType::Thesis},
    {"mastersthesis", PubType::Thesis},
    {"thesis", PubType::Thesis},
    {"techreport", PubType::Report},
    {"report", PubType::Report},
    {"manual", PubType::Report},
    {"patent", PubType::Patent},
    {"dataset", PubType::Dataset},
    {"data", PubType::Dataset},
    {"software", PubType::Software},
    {"talk", PubType::Talk},
    {"presentation", PubType::Talk},
    {"unpublished", PubType::Preprint},
};

// A CSL-JSON type as the model's: papershelf's own names ("conference"), CSL's types
// ("paper-conference") and the ones CSL has beyond them ("article-magazine" is a journal's);
// Misc for any other.
PubType type_of_csl(std::string_view csl_type);

}  // namespace papershelf::biblio
