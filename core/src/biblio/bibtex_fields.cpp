// The venue and link fields of BibTeX (see bibtex_fields.hpp).
#include "biblio/bibtex_fields.hpp"

#include <algorithm>
#include <iterator>

#include "text/ascii.hpp"

namespace papershelf::biblio {

int venue_priority(std::string_view lower_name) {
  for (std::size_t i = 0; i < std::size(kVenueFields); ++i)
    if (kVenueFields[i] == lower_name) return static_cast<int>(i);
  return -1;
}

bool names_a_venue(std::string_view value) {
  value = ascii::trim(value);
  return !value.empty() && value.rfind("http", 0) != 0 && value.rfind("\\url", 0) != 0;
}

namespace {
constexpr std::string_view kVenueFieldNames[] = {
    "",          "journaltitle", "journal",      "booktitle", "school", "institution",
    "publisher", "organization", "howpublished", "eventtitle"};
}  // namespace

VenueField venue_field_named(std::string_view lower_name) {
  for (std::size_t i = 1; i < std::size(kVenueFieldNames); ++i)
    if (kVenueFieldNames[i] == lower_name) return static_cast<VenueField>(i);
  return VenueField::Unknown;
}

std::string_view venue_field_name(VenueField f) { return kVenueFieldNames[static_cast<int>(f)]; }

bool is_link_field(std::string_view n) {
  return std::find(std::begin(kLinkFields), std::end(kLinkFields), n) != std::end(kLinkFields);
}

}  // namespace papershelf::biblio
