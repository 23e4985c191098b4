#include "papershelf/model.hpp"

#include <algorithm>
#include <cstring>

#include "papershelf/unicode.hpp"

namespace papershelf {
namespace {

// Type and status names are ASCII keywords.
bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && unicode::ascii_lower(a) == unicode::ascii_lower(b);
}

#define PAPERSHELF_TEXT(name, text, label) text,
#define PAPERSHELF_LABEL(name, text, label) label,
constexpr std::string_view kPubTypeText[] = {PAPERSHELF_PUB_TYPES(PAPERSHELF_TEXT)};
constexpr std::string_view kPubTypeLabel[] = {PAPERSHELF_PUB_TYPES(PAPERSHELF_LABEL)};
constexpr std::string_view kStatusText[] = {PAPERSHELF_STATUSES(PAPERSHELF_TEXT)};
constexpr std::string_view kStatusLabel[] = {PAPERSHELF_STATUSES(PAPERSHELF_LABEL)};
#undef PAPERSHELF_TEXT
#undef PAPERSHELF_LABEL

}  // namespace

std::string_view to_string(PubType t) { return kPubTypeText[static_cast<int>(t)]; }
std::string_view to_string(Status s) { return kStatusText[static_cast<int>(s)]; }
std::string_view label(PubType t) { return kPubTypeLabel[static_cast<int>(t)]; }
std::string_view label(Status s) { return kStatusLabel[static_cast<int>(s)]; }

std::optional<PubType> pub_type_from_string(std::string_view s) {
  for (int i = 0; i < kPubTypeCount; ++i)
    if (iequals(s, kPubTypeText[i])) return static_cast<PubType>(i);
  return std::nullopt;
}

std::optional<Status> status_from_string(std::string_view s) {
  for (int i = 0; i < kStatusCount; ++i)
    if (iequals(s, kStatusText[i])) return static_cast<Status>(i);
  if (iequals(s, "inpreparation") || iequals(s, "in preparation")) return Status::InPreparation;
  if (iequals(s, "forthcoming") || iequals(s, "inpress") || iequals(s, "in press"))
    return Status::Accepted;
  if (iequals(s, "under review") || iequals(s, "under-review")) return Status::Submitted;
  if (iequals(s, "prepublished")) return Status::Preprint;
  return std::nullopt;
}

static_assert(sizeof(Person) == 32, "a million authors are 32 MB");

Person::Person(std::string_view given, std::string_view family, std::string_view particle,
               std::string_view suffix, std::string_view literal, std::string_view marks) {
  std::string text;
  text.reserve(given.size() + family.size() + particle.size() + suffix.size() + literal.size() +
               marks.size());
  const std::string_view parts[] = {given, family, particle, suffix, literal};
  std::uint32_t ends[kMarks];
  for (int i = 0; i < kMarks; ++i) {
    text.append(parts[i]);
    ends[i] = static_cast<std::uint32_t>(text.size());
  }
  text.append(marks);
  store(text, ends);
}

void Person::set(Part i, std::string_view s) {
  const std::size_t begin = i == kGiven ? 0 : end_of(i - 1);
  const std::size_t end = i == kMarks ? size_ : end_of(i);
  const std::string_view old = text();
  std::string text;
  text.reserve(old.size() - (end - begin) + s.size());
  text.append(old.substr(0, begin)).append(s).append(old.substr(end));
  std::uint32_t ends[kMarks];
  const std::uint32_t grown = static_cast<std::uint32_t>(s.size() - (end - begin));  // mod 2^32
  for (int j = 0; j < kMarks; ++j) ends[j] = end_of(j) + (j >= i ? grown : 0);
  store(text, ends);
}

void Person::store(std::string_view text, const std::uint32_t (&ends)[kMarks]) {
  free_text();
  size_ = static_cast<std::uint32_t>(text.size());
  if (!on_heap()) {
    for (int i = 0; i < kMarks; ++i) small_ends_[i] = static_cast<std::uint8_t>(ends[i]);
    if (size_) std::memcpy(inline_, text.data(), size_);
    return;
  }
  char* b = new char[kHeader + size_];
  std::memcpy(b, ends, kHeader);
  std::memcpy(b + kHeader, text.data(), size_);
  std::memcpy(inline_, &b, sizeof b);
}

void Person::copy_text(const Person& other) {
  size_ = other.size_;
  std::memcpy(small_ends_, other.small_ends_, sizeof small_ends_);
  if (!on_heap()) {
    std::memcpy(inline_, other.inline_, kInline);
    return;
  }
  char* b = new char[kHeader + size_];
  std::memcpy(b, other.block(), kHeader + size_);
  std::memcpy(inline_, &b, sizeof b);
}

void Person::take_text(Person& other) noexcept {
  size_ = other.size_;
  std::memcpy(small_ends_, other.small_ends_, sizeof small_ends_);
  std::memcpy(inline_, other.inline_, kInline);  // (the heap block's address, when there is one)
  other.size_ = 0;
  std::memset(other.small_ends_, 0, sizeof other.small_ends_);
}

void Person::free_text() noexcept {
  if (on_heap()) delete[] block();
  size_ = 0;
  std::memset(small_ends_, 0, sizeof small_ends_);
}

std::string display_name(const Person& p) {
  if (p.is_literal()) return std::string(p.literal());
  std::string out(p.given());
  for (std::string_view part : {p.particle(), p.family()}) {
    if (part.empty()) continue;
    if (!out.empty()) out += ' ';
    out += part;
  }
  if (!p.suffix().empty()) {
    out += ", ";
    out += p.suffix();
  }
  return out;
}

Publication::Publication(const Publication& other)
    : key(other.key),
      source_type(other.source_type),
      title(other.title),
      authors(other.authors),
      venue(other.venue),
      links(other.links),
      extra(other.extra),
      date(other.date),
      type(other.type),
      status(other.status),
      venue_field(other.venue_field),
      selected(other.selected),
      others(other.others),
      source_index(other.source_index),
      line(other.line),
      order(other.order),
      span(other.span),
      rare_(other.rare_ ? std::make_unique<Rare>(*other.rare_) : nullptr) {}

Publication& Publication::operator=(const Publication& other) {
  if (this != &other) *this = Publication(other);
  return *this;
}

const Publication::Rare& Publication::rare() const {
  static const Rare kNone;
  return rare_ ? *rare_ : kNone;
}

Publication::Rare& Publication::edit_rare() {
  if (!rare_) rare_ = std::make_unique<Rare>();
  return *rare_;
}

const std::string* Publication::extra_field(std::string_view name) const {
  for (const auto& f : extra)
    if (f.name == name) return &f.value;
  return nullptr;
}

bool Publication::venue_is_publisher() const {
  switch (venue_field) {
    case VenueField::School:
    case VenueField::Institution:
    case VenueField::Publisher:
    case VenueField::Organization:
      return true;
    case VenueField::Unknown:  // (a record built by hand: the usual field for its type)
      return type == PubType::Thesis || type == PubType::Report || type == PubType::Book;
    default:
      return false;
  }
}

std::string inverted_name(const Person& p) {
  if (p.is_literal()) return std::string(p.literal());
  std::string out(p.particle());
  if (!out.empty()) out += ' ';
  out.append(p.family());
  if (!p.given().empty()) out.append(", ").append(p.given());
  if (!p.suffix().empty()) out.append(", ").append(p.suffix());
  return out;
}

}  // namespace papershelf
