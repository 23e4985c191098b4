// papershelf data model: plain value types that every reader fills and every query/formatter reads.
// Nothing here allocates behind your back or knows about files, the web or ImGui.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "papershelf/fields.hpp"

namespace papershelf {

// One table per enum: the C++ names, the text names (the CLI, JSON and the TypeScript glue use
// only these; nothing outside the core knows the enums' order) and display labels.
#define PAPERSHELF_PUB_TYPES(X)             \
  X(Conference, "conference", "Conference") \
  X(Journal, "journal", "Journal")          \
  X(Preprint, "preprint", "Preprint")       \
  X(Thesis, "thesis", "Thesis")             \
  X(Book, "book", "Book")                   \
  X(Chapter, "chapter", "Chapter")          \
  X(Report, "report", "Report")             \
  X(Talk, "talk", "Talk")                   \
  X(Patent, "patent", "Patent")             \
  X(Dataset, "dataset", "Dataset")          \
  X(Software, "software", "Software")       \
  X(Misc, "misc", "Other")

#define PAPERSHELF_STATUSES(X)              \
  X(Published, "published", "Published")    \
  X(Accepted, "accepted", "Accepted")       \
  X(Submitted, "submitted", "Under review") \
  X(Preprint, "preprint", "Preprint")       \
  X(InPreparation, "in-preparation", "In preparation")

#define PAPERSHELF_ENUM_ITEM(name, text, label) name,
enum class PubType : std::uint8_t { PAPERSHELF_PUB_TYPES(PAPERSHELF_ENUM_ITEM) };
enum class Status : std::uint8_t { PAPERSHELF_STATUSES(PAPERSHELF_ENUM_ITEM) };
#undef PAPERSHELF_ENUM_ITEM

std::string_view to_string(PubType t);
std::string_view to_string(Status s);
std::string_view label(PubType t);
std::string_view label(Status s);
// Parses the text names above (case-insensitive); nullopt when unknown.
std::optional<PubType> pub_type_from_string(std::string_view s);
std::optional<Status> status_from_string(std::string_view s);
inline constexpr int kPubTypeCount = static_cast<int>(PubType::Misc) + 1;
inline constexpr int kStatusCount = static_cast<int>(Status::InPreparation) + 1;

// Inline styling that survives decoding (LaTeX \emph, \textbf, protective braces, math...).
enum class SpanStyle : std::uint8_t {
  Italic,
  Bold,
  SmallCaps,
  Monospace,
  Math,    // $...$ as Unicode (x², λ); the span's url keeps the TeX source
  NoCase,  // protective braces: "keep this case"
  Link,    // \url / \href; `url` holds the target
  // Raised or lowered text that Unicode has no forms for (Ξ_b, 5^th, <sub>eff</sub>): <sup> and
  // <sub> in HTML and CSL-JSON, \textsuperscript and \textsubscript in BibTeX.
  Superscript,
  Subscript,
};

// A styled range of `RichText::text`, in byte offsets of its UTF-8 text. Spans may nest.
struct Span {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  SpanStyle style = SpanStyle::Italic;
  std::string url;  // Link: the target; Math: the TeX source (without delimiters)

  friend bool operator==(const Span& a, const Span& b) {
    return a.begin == b.begin && a.end == b.end && a.style == b.style && a.url == b.url;
  }
};

// The spans of a RichText, in one pointer: most texts have none (a record has several texts,
// and a library of small records is mostly their fixed parts). A vector's interface, as far as
// the core uses one.
class SpanList {
 public:
  SpanList() = default;
  SpanList(std::initializer_list<Span> spans) : SpanList(std::vector<Span>(spans)) {}
  explicit SpanList(std::vector<Span> spans) {
    if (!spans.empty()) v_ = std::make_unique<std::vector<Span>>(std::move(spans));
  }
  SpanList(const SpanList& other) : SpanList(other.v_ ? *other.v_ : std::vector<Span>()) {}
  SpanList(SpanList&&) noexcept = default;
  SpanList& operator=(const SpanList& other) {
    if (this != &other) *this = SpanList(other);
    return *this;
  }
  SpanList& operator=(SpanList&&) noexcept = default;
  ~SpanList() = default;

  bool empty() const { return !v_ || v_->empty(); }
  std::size_t size() const { return v_ ? v_->size() : 0; }
  const Span* begin() const { return v_ ? v_->data() : nullptr; }
  const Span* end() const { return v_ ? v_->data() + v_->size() : nullptr; }
  Span* begin() { return v_ ? v_->data() : nullptr; }
  Span* end() { return v_ ? v_->data() + v_->size() : nullptr; }
  const Span& operator[](std::size_t i) const { return (*v_)[i]; }
  Span& operator[](std::size_t i) { return (*v_)[i]; }
  void reserve(std::size_t n) {
    if (n) edit().reserve(n);
  }
  void push_back(Span span) { edit().push_back(std::move(span)); }
  friend bool operator==(const SpanList& a, const SpanList& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }

 private:
  std::vector<Span>& edit() {
    if (!v_) v_ = std::make_unique<std::vector<Span>>();
    return *v_;
  }
  std::unique_ptr<std::vector<Span>> v_;
};

// Decoded Unicode text (NFC) plus the styling it carried in the source.
struct RichText {
  std::string text;
  SpanList spans;

  RichText() = default;
  RichText(std::string t) : text(std::move(t)) {}  // NOLINT: plain text converts implicitly
  RichText(const char* t) : text(t) {}             // NOLINT
  bool empty() const { return text.empty(); }
  friend bool operator==(const RichText& a, const RichText& b) {
    return a.text == b.text && a.spans == b.spans;
  }
};

// One author (or editor). Organisations use `literal` and leave the name parts empty.
// The six parts share one buffer, back to back, kept inside the Person up to kInline bytes: a
// 10,000-entry file has 70,000 authors. (As six std::strings each they took 2.3x the file's
// size; as one std::string nearly every name was still a heap block in WebAssembly, where
// libc++ keeps only 10 bytes inline, and copying a cached name meant a malloc.)
class Person {
 public:
  Person() = default;
  explicit Person(std::string_view given, std::string_view family = {},
                  std::string_view particle = {}, std::string_view suffix = {},
                  std::string_view literal = {}, std::string_view marks = {});
  Person(const Person& other) { copy_text(other); }
  Person(Person&& other) noexcept { take_text(other); }
  Person& operator=(const Person& other) {
    if (this != &other) {
      free_text();
      copy_text(other);
    }
    return *this;
  }
  Person& operator=(Person&& other) noexcept {
    if (this != &other) {
      free_text();
      take_text(other);
    }
    return *this;
  }
  ~Person() { free_text(); }

  std::string_view given() const { return part(kGiven); }
  std::string_view family() const { return part(kFamily); }
  std::string_view particle() const { return part(kParticle); }  // "von", "van der", "de"
  std::string_view suffix() const { return part(kSuffix); }      // "Jr.", "III"
  std::string_view literal() const {
    return part(kLiteral);
  }  // "{Barnes and Noble}", "The ATLAS Collaboration"
  std::string_view marks() const {
    return part(kMarks);
  }  // marker symbols attached to this author, in order: "*†"

  void set_given(std::string_view s) { set(kGiven, s); }
  void set_family(std::string_view s) { set(kFamily, s); }
  void set_particle(std::string_view s) { set(kParticle, s); }
  void set_suffix(std::string_view s) { set(kSuffix, s); }
  void set_literal(std::string_view s) { set(kLiteral, s); }
  void set_marks(std::string_view s) { set(kMarks, s); }
  void add_marks(std::string_view s) { set(kMarks, std::string(marks()).append(s)); }

  bool is_literal() const { return end_of(kLiteral) != end_of(kSuffix); }
  friend bool operator==(const Person& a, const Person& b) {
    for (int i = 0; i < kMarks; ++i)
      if (a.end_of(i) != b.end_of(i)) return false;
    return a.text() == b.text();
  }

 private:
  enum Part : std::uint8_t { kGiven, kFamily, kParticle, kSuffix, kLiteral, kMarks };
  // A Person is 32 bytes on every platform: an author list of a million one-letter names ("A and
  // A and ...", 6 bytes each) took 56 each. Up to kInline bytes of text stay inside it, with the
  // parts' ends as bytes; a longer text is a heap block of the parts' ends, then the text.
  static constexpr std::uint32_t kInline = 23;
  static constexpr std::size_t kHeader = kMarks * sizeof(std::uint32_t);
  bool on_heap() const { return size_ > kInline; }
  char* block() const {
    char* b;
    std::memcpy(&b, inline_, sizeof b);
    return b;
  }
  // Where part i ends in the text (the marks end at size_).
  std::uint32_t end_of(int i) const {
    if (!on_heap()) return small_ends_[i];
    std::uint32_t end;
    std::memcpy(&end, block() + i * sizeof end, sizeof end);
    return end;
  }
  std::string_view text() const { return {on_heap() ? block() + kHeader : inline_, size_}; }
  std::string_view part(Part i) const {
    const std::size_t begin = i == kGiven ? 0 : end_of(i - 1);
    const std::size_t end = i == kMarks ? size_ : end_of(i);
    return text().substr(begin, end - begin);
  }
  void set(Part i, std::string_view s);
  void store(std::string_view text,
             const std::uint32_t (&ends)[kMarks]);  // replaces the whole name
  void copy_text(const Person& other);
  void take_text(Person& other) noexcept;
  void free_text() noexcept;

  // The text, or the heap block's address. (Aligned as an address: a leak checker looks for
  // addresses only there, and took the blocks of the names the parser's cache keeps for leaks.)
  alignas(char*) char inline_[kInline] = {};
  std::uint8_t small_ends_[kMarks] = {};  // the parts' ends while the text is inline
  std::uint32_t size_ = 0;
};

// "Given particle Family, Suffix" (or the literal), without marks.
std::string display_name(const Person& p);
// "particle Family, Given, Suffix" (or the literal), without marks: reference lists and exports.
std::string inverted_name(const Person& p);

// Later than this a year is a placeholder, not a publication's (Hugo's 2999-01-01 keeps a page
// on top of its list): the readers leave such a date unknown and say so.
inline constexpr int kLatestYear = 2200;

// More citations than any work has (the most cited have a few hundred thousand): a count above
// it, or below 0, is a typo or a hostile file, and the readers leave it out and say so, so that
// sums and the card's total stay within range.
inline constexpr std::int64_t kMostCitations = 100'000'000;
inline constexpr bool is_citation_count(std::int64_t n) { return n >= 0 && n <= kMostCitations; }

struct Date {
  int year = 0;   // 0 = unknown
  int month = 0;  // 1-12, 0 = unknown
  int day = 0;    // 1-31, 0 = unknown
  friend bool operator==(const Date& a, const Date& b) {
    return a.year == b.year && a.month == b.month && a.day == b.day;
  }
};

struct Link {
  PAPERSHELF_LINK_FIELDS(PAPERSHELF_MEMBER)  // label (a lower-case kind), url as written
  friend bool operator==(const Link& a, const Link& b) {
    return a.label == b.label && a.url == b.url;
  }
};
using Links = std::vector<Link>;

// A field the model has no slot for, kept verbatim (raw value text as in the source).
struct ExtraField {
  std::string name;  // lower-case
  std::string value;
  friend bool operator==(const ExtraField& a, const ExtraField& b) {
    return a.name == b.name && a.value == b.value;
  }
};

// The source field a venue was read from, so that every writer puts it back where it was: a
// @misc's `journal` stays a journal, a book's `publisher` a publisher (CSL-JSON's `publisher`,
// not its `container-title`). Unknown: the writer picks the usual field for the type.
enum class VenueField : std::uint8_t {
  Unknown,
  JournalTitle,
  Journal,
  BookTitle,
  School,
  Institution,
  Publisher,
  Organization,
  HowPublished,
  EventTitle
};

// Where a record's entry is in the bytes its reader was given: `begin` is the entry's '@' and
// `end` is one past its closing '}' or ')', so that bytes.substr(begin, end - begin) is the
// entry, written as the owner wrote it (`papershelf sync` writes into it there, after
// spans_in_bytes() has made them places in the file: read() reads the text after a byte order
// mark, and a file not all UTF-8 in its Windows-1252 reading). An entry that a syntax error
// ended before it was closed has end == begin: where it starts, not where it ends. Both are 0
// for a record of CSL-JSON or papershelf JSON, and for one of UTF-16, whose bytes no UTF-8 edit
// can go into; an unclosed entry at the very first byte reads the same, and means the same to
// sync (nothing to write into).
struct SourceSpan {
  std::uint32_t begin = 0, end = 0;
  bool closed() const { return end > begin; }
  std::uint32_t size() const { return end - begin; }
};

// Members are ordered by size (the small ones last) so that no padding sits between them: a
// 10,000-entry file holds 10,000 of these (and a hostile one a record per 75 bytes).
struct Publication {
  // The fields most records leave empty, kept apart in one block that a record without any of
  // them does not have: they took 384 of the record's 672 bytes. Read them with rare() or the
  // shorthands below, write them through edit_rare().
  struct Rare {
    std::vector<Person> editors;
    std::string badge;  // short venue label: "NSDI"
    RichText award;     // e.g. "Best Paper Award at NSDI 2024" (may be Markdown in the source)
    std::string award_label;  // short: "Best Paper"
    RichText note;
    RichText abstract;
    std::string doi;
    std::string arxiv;  // arXiv identifier, "2401.09149"
    std::vector<std::string> tags;
    std::string thumbnail;
    std::optional<std::int64_t> citations;
  };

  std::string key;
  std::string
      source_type;  // entry type as written in the source ("inproceedings", "paper-conference")
  RichText title;
  std::vector<Person> authors;
  RichText venue;  // container title: journal, proceedings, school...
  std::vector<Link> links;
  // Every field the model has no slot for, as BibTeX text under its BibTeX name whatever the
  // source ("pages" = "1--21", also from CSL-JSON's "page": "1-21"): the bibliographic details
  // (volume, pages, publisher, ...) that citations and exports read through latex::decoded_field(),
  // and the rest verbatim, for round trips.
  std::vector<ExtraField> extra;
  Date date;
  PubType type = PubType::Misc;
  Status status = Status::Published;
  VenueField venue_field = VenueField::Unknown;
  bool selected = false;
  bool others = false;  // the author list ended in "and others" (et al.)

  // Where the record came from, for diagnostics and file-order sorting.
  std::uint32_t source_index = 0;  // which input (when several files are merged)
  std::uint32_t line = 0;
  std::uint32_t order = 0;  // position in the merged library
  SourceSpan span;          // in the text of that input (two numbers: the entry is not kept)

  Publication() = default;
  Publication(const Publication& other);
  Publication(Publication&&) noexcept = default;
  Publication& operator=(const Publication& other);
  Publication& operator=(Publication&&) noexcept = default;
  ~Publication() = default;

  // The rare fields (all empty when the record has none of them).
  const Rare& rare() const;
  // The rare fields to write (made on first use).
  Rare& edit_rare();
  const std::vector<Person>& editors() const { return rare().editors; }
  const std::string& badge() const { return rare().badge; }
  const RichText& award() const { return rare().award; }
  const std::string& award_label() const { return rare().award_label; }
  const RichText& note() const { return rare().note; }
  const RichText& abstract() const { return rare().abstract; }
  const std::string& doi() const { return rare().doi; }
  const std::string& arxiv() const { return rare().arxiv; }
  const std::vector<std::string>& tags() const { return rare().tags; }
  const std::string& thumbnail() const { return rare().thumbnail; }
  const std::optional<std::int64_t>& citations() const { return rare().citations; }
  // Setters that leave a record without rare fields as it is when the value is empty.
  void set_editors(std::vector<Person> v) { set_rare(&Rare::editors, std::move(v)); }
  void set_badge(std::string v) { set_rare(&Rare::badge, std::move(v)); }
  void set_award(RichText v) { set_rare(&Rare::award, std::move(v)); }
  void set_award_label(std::string v) { set_rare(&Rare::award_label, std::move(v)); }
  void set_note(RichText v) { set_rare(&Rare::note, std::move(v)); }
  void set_abstract(RichText v) { set_rare(&Rare::abstract, std::move(v)); }
  void set_doi(std::string v) { set_rare(&Rare::doi, std::move(v)); }
  void set_arxiv(std::string v) { set_rare(&Rare::arxiv, std::move(v)); }
  void set_tags(std::vector<std::string> v) { set_rare(&Rare::tags, std::move(v)); }
  void set_thumbnail(std::string v) { set_rare(&Rare::thumbnail, std::move(v)); }
  void set_citations(std::optional<std::int64_t> v) { set_rare(&Rare::citations, std::move(v)); }

  // Returns the verbatim value of an extra field, or nullptr.
  const std::string* extra_field(std::string_view name) const;
  // True when the venue is who published the record (a thesis' school, a report's institution,
  // a book's publisher), not what it appeared in: exports put it in their publisher field.
  bool venue_is_publisher() const;

 private:
  template <class T>
  void set_rare(T Rare::*field, T value) {
    if (rare_ || !is_empty(value)) edit_rare().*field = std::move(value);
  }
  template <class T>
  static bool is_empty(const T& value) {
    return value.empty();
  }
  static bool is_empty(const std::optional<std::int64_t>& value) { return !value; }

  std::unique_ptr<Rare> rare_;
};

// A legend explains a handful of marks (*, †, ‡); the readers keep its first kMaxLegendEntries
// symbols and warn about the rest (20,000 symbols kept a phone's page busy for most of a second).
inline constexpr std::size_t kMaxLegendEntries = 64;

struct LegendEntry {
  PAPERSHELF_LEGEND_ENTRY_FIELDS(PAPERSHELF_MEMBER)  // symbol "*", meaning "equal contribution"
  friend bool operator==(const LegendEntry& a, const LegendEntry& b) {
    return a.symbol == b.symbol && a.meaning == b.meaning;
  }
};
using LegendEntries = std::vector<LegendEntry>;

struct Profile {
  // name, aliases (other spellings of the owner's name), position, affiliation, photo, links,
  // interests, legend (fields.hpp)
  PAPERSHELF_PROFILE_FIELDS(PAPERSHELF_MEMBER)

  bool empty() const {
    return name.empty() && aliases.empty() && position.empty() && affiliation.empty() &&
           photo.empty() && links.empty() && interests.empty() && legend.empty();
  }
};

struct Library {
  Profile profile;
  std::vector<Publication> publications;
};

}  // namespace papershelf
