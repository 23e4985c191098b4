// Writes web/src/generated/boundary.ts: the TypeScript types of what crosses between the core and
// JavaScript, from the same tables the C++ structs and their JSON are made of
// (core/include/papershelf/fields.hpp) and a language's plural rules (words.hpp); and
// web/src/generated/attributes.ts, the element's attributes from the table prerender reads them
// by (core/include/papershelf/attributes.hpp).
// `cmake --build --preset native --target boundary_ts` writes both files; the test
// boundary_ts_is_current fails when either is out of date.
//   papershelf_boundary_ts > web/src/generated/boundary.ts
//   papershelf_boundary_ts attributes > web/src/generated/attributes.ts
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>

#include "papershelf/attributes.hpp"
#include "papershelf/boundary.hpp"
#include "papershelf/words.hpp"

namespace {

struct Field {
  std::string_view cpp_type;
  std::string_view name;
  std::string_view doc;
};

constexpr std::string_view kOptional = "std::optional<";

// A field type's TypeScript type, by the alias fields.hpp names it with, or the struct's own name
// (what an optional one holds: the field is then optional).
std::string_view ts_type(std::string_view cpp) {
  if (cpp.substr(0, kOptional.size()) == kOptional)
    cpp = cpp.substr(kOptional.size(), cpp.size() - kOptional.size() - 1);
  if (cpp == "fields::Text") return "string";
  if (cpp == "fields::Flag" || cpp == "fields::TrueOrAbsent") return "boolean";
  if (cpp == "fields::Count" || cpp == "fields::Year" || cpp == "fields::Integer") return "number";
  if (cpp == "fields::TextOrAbsent") return "string";
  if (cpp == "fields::CountOrDefault" || cpp == "fields::LevelOrDefault") return "number";
  if (cpp == "fields::TextList") return "string[] | string";
  if (cpp == "fields::Number") return "number | null";
  if (cpp == "fields::Texts") return "string[]";
  if (cpp == "FacetValues") return "FacetValue[]";
  if (cpp == "ViewAuthors") return "Author[]";
  if (cpp == "ViewLinks") return "Link[]";
  if (cpp == "FilterEdits") return "FilterEdit[]";
  if (cpp == "Groups") return "Group[]";
  if (cpp == "FilterClauses") return "FilterClause[]";
  if (cpp == "Links") return "Link[]";  // (the data's links have the view model's Link shape)
  if (cpp == "LegendEntries") return "LegendEntry[]";
  if (cpp == "TypeCounts" || cpp == "StatusCounts") return "Counts";
  if (cpp == "std::vector<YearStats>") return "YearStats[]";
  if (cpp == "std::vector<VenueStats>") return "VenueStats[]";
  if (cpp == "std::vector<CoauthorStats>") return "CoauthorStats[]";
  if (cpp == "FormatChoices") return "FormatChoice[]";
  if (cpp == "ExportChoices") return "ExportChoice[]";
  for (std::string_view own :
       {"Facets", "UsefulControls", "QueryApplied", "QueryDefaults", "ControlsMode",
        "CitationStats", "ProfileMode", "EmailDisplay", "ProfileOverride"})
    if (cpp == own) return own;
  std::fprintf(stderr, "boundary_ts: no TypeScript type for %.*s\n", static_cast<int>(cpp.size()),
               cpp.data());
  std::exit(1);
}

void doc(std::string_view text, const char* indent) {
  if (!text.empty())
    std::printf("%s/** %.*s */\n", indent, static_cast<int>(text.size()), text.data());
}

// An interface: a request's fields are all optional (it names what it sets).
template <std::size_t N>
void emit(std::string_view ts_name, std::string_view what, const Field (&fields)[N], bool request) {
  doc(what, "");
  std::printf("export interface %.*s {\n", static_cast<int>(ts_name.size()), ts_name.data());
  for (const Field& f : fields) {
    doc(f.doc, "  ");
    const bool optional = request || f.cpp_type == "fields::TrueOrAbsent" ||
                          f.cpp_type == "fields::TextOrAbsent" ||
                          f.cpp_type.substr(0, kOptional.size()) == kOptional;
    const std::string_view type = ts_type(f.cpp_type);
    std::printf("  %.*s%s: %.*s;\n", static_cast<int>(f.name.size()), f.name.data(),
                optional ? "?" : "", static_cast<int>(type.size()), type.data());
  }
  std::printf("}\n\n");
}

// A union of names: an enum as its JSON names it.
void union_type(std::string_view ts_name, std::string_view what,
                std::initializer_list<std::string_view> names) {
  doc(what, "");
  std::printf("export type %.*s =", static_cast<int>(ts_name.size()), ts_name.data());
  const char* separator = " ";
  for (std::string_view name : names)
    std::printf("%s\"%.*s\"", separator, static_cast<int>(name.size()), name.data()),
        separator = " | ";
  std::printf(";\n\n");
}

#define PAPERSHELF_FIELD_ROW(type, member, name, init, doc) {#type, name, doc},

// attributes.hpp's rows as TypeScript constants, one a row (a bundle keeps only those its code
// reads: the script tag's loader the one that picks the core), each a tuple [name, kind, absent,
// choices] as element/attributes.ts reads it.
void emit_attributes() {
  std::printf(
      "// Generated by toolchains/gen/boundary_ts.cpp from core/include/papershelf/attributes.hpp, "
      "the\n"
      "// table `papershelf prerender` reads the element's attributes by: do not edit "
      "(element/attributes.ts\n"
      "// reads them, by the rules attributes.hpp states).\n\n"
      "/** How an attribute's value is read. */\n"
      "export type Kind = \"text\" | \"count\" | \"level\" | \"choice\" | \"list\" | \"links\" | "
      "\"flag\";\n"
      "/** An attribute: its name, its kind, its value when absent, and a choice's values ('|' "
      "between;\n"
      " *  the first is what an empty value, the attribute's own name or an unknown one means) or "
      "what\n"
      " *  separates a list's items. */\n"
      "export type Attribute<K extends Kind = Kind> = readonly [name: string, kind: K, absent: "
      "string, choices?: string];\n");
  static constexpr std::string_view kinds[] = {"text", "count", "level", "choice",
                                               "list", "links", "flag"};
  static constexpr std::string_view members[] = {
#define PAPERSHELF_ATTRIBUTE_MEMBER_NAME(member, name, kind, absent, choices, sets, without) \
#member,
      PAPERSHELF_ELEMENT_ATTRIBUTES(PAPERSHELF_ATTRIBUTE_MEMBER_NAME)
#undef PAPERSHELF_ATTRIBUTE_MEMBER_NAME
  };
  std::size_t row = 0;
  for (const papershelf::attributes::Attribute& a : papershelf::attributes::kAll) {
    std::string member;  // (max_authors: maxAuthors)
    for (std::size_t i = 0; i < members[row].size(); ++i)
      member += members[row][i] == '_' ? static_cast<char>(members[row][++i] - 'a' + 'A')
                                       : members[row][i];
    ++row;
    const std::string_view kind = kinds[static_cast<int>(a.kind)];
    std::string what(a.sets);
    if (!a.without.empty()) what += "; without a usable value, " + std::string(a.without);
    std::printf("\n/** `%.*s`: %s. */\n", static_cast<int>(a.name.size()), a.name.data(),
                what.c_str());
    std::printf("export const %s = [\"%.*s\", \"%.*s\", \"%.*s\"", member.c_str(),
                static_cast<int>(a.name.size()), a.name.data(), static_cast<int>(kind.size()),
                kind.data(), static_cast<int>(a.absent.size()), a.absent.data());
    if (!a.choices.empty()) {  // (a List's separators written as a JSON string: "\n" escaped)
      std::string choices;
      for (char c : a.choices) choices += c == '\n' ? std::string("\\n") : std::string(1, c);
      std::printf(", \"%s\"", choices.c_str());
    }
    std::printf("] as const satisfies Attribute<\"%.*s\">;\n", static_cast<int>(kind.size()),
                kind.data());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string_view(argv[1]) == "attributes") return emit_attributes(), 0;
  std::printf(
      "// Generated by toolchains/gen/boundary_ts.cpp from core/include/papershelf/fields.hpp, "
      "the\n"
      "// tables the core's structs and their JSON are made of: do not edit (schema.ts re-exports "
      "these).\n\n");
  const Field facet_value[] = {PAPERSHELF_FACET_VALUE_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field facets[] = {PAPERSHELF_FACETS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field group[] = {PAPERSHELF_GROUP_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field useful[] = {PAPERSHELF_USEFUL_CONTROLS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field clause[] = {PAPERSHELF_FILTER_CLAUSE_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field applied[] = {PAPERSHELF_QUERY_APPLIED_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field defaults[] = {PAPERSHELF_QUERY_DEFAULTS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field answer[] = {PAPERSHELF_VIEW_ANSWER_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field legend_entry[] = {PAPERSHELF_LEGEND_ENTRY_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field profile[] = {PAPERSHELF_PROFILE_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field author[] = {PAPERSHELF_VIEW_AUTHOR_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field link[] = {PAPERSHELF_VIEW_LINK_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field entry[] = {PAPERSHELF_VIEW_ENTRY_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field edit[] = {PAPERSHELF_FILTER_EDIT_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field query[] = {PAPERSHELF_QUERY_TEXT_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field year_stats[] = {PAPERSHELF_YEAR_STATS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field venue_stats[] = {PAPERSHELF_VENUE_STATS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field coauthor_stats[] = {PAPERSHELF_COAUTHOR_STATS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field citation_stats[] = {PAPERSHELF_CITATION_STATS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field stats[] = {PAPERSHELF_STATS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field format_choice[] = {PAPERSHELF_FORMAT_CHOICE_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field export_choice[] = {PAPERSHELF_EXPORT_CHOICE_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field formats[] = {PAPERSHELF_FORMATS_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field format_request[] = {PAPERSHELF_FORMAT_REQUEST_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field stats_request[] = {PAPERSHELF_STATS_REQUEST_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field profile_override[] = {PAPERSHELF_PROFILE_OVERRIDE_FIELDS(PAPERSHELF_FIELD_ROW)};
  const Field card_request[] = {PAPERSHELF_PROFILE_CARD_REQUEST_FIELDS(PAPERSHELF_FIELD_ROW)};
  emit("FacetValue", "One value of a filter menu, with how many records it would keep.",
       facet_value, false);
  emit("Facets",
       "Facet counts for filter menus (a facet's own clause is ignored when counting it).", facets,
       false);
  emit("Group", "A group heading and the entries under it.", group, false);
  emit("UsefulControls",
       "Which controls can change the list, as the core judges them on the whole scope.", useful,
       false);
  emit("FilterClause", "One clause of the visitor's filter, canonical, as the core read it.",
       clause, false);
  emit("QueryApplied", "What a query applied: the state a front end keeps and shows.", applied,
       false);
  emit("QueryDefaults",
       "What a list shows without a sort or group of its own: the core's, for the menus to show.",
       defaults, false);
  std::printf(
      "/** How much toolbar a list gets (query.hpp's ControlsMode). */\n"
      "export type ControlsMode =");
  const char* separator = " ";
#define PAPERSHELF_MODE_NAME(mode, name) \
  std::printf("%s\"%s\"", separator, name), separator = " | ";
  PAPERSHELF_CONTROLS_MODES(PAPERSHELF_MODE_NAME)
#undef PAPERSHELF_MODE_NAME
  std::printf(";\n\n");
  emit("ViewAnswer",
       "The answer to a query, as the core writes it (View adds the record indices and keys).",
       answer, false);
  emit("Author", "An author as the view model shows one.", author, false);
  emit("Link", "A link as the view model shows one.", link, false);
  emit("Entry", "One publication as the view model describes it (plain Unicode text).", entry,
       false);
  emit("LegendEntry", "What an author marker means.", legend_entry, false);
  emit("Profile", "The owner's profile as the data gives it.", profile, false);
  emit("FilterEdit", "A change to a filter: toggle one clause, or set the clause of one kind.",
       edit, true);
  emit("QueryText", "A query as text: what `Library.query` reads (QueryOptions adds `base`).",
       query, true);
  std::printf(
      "/** Counts per type or status name (\"conference\", \"submitted\"); zero counts are left "
      "out. */\n"
      "export type Counts = Partial<Record<string, number>>;\n\n");
  emit("YearStats", "A year's records, by type.", year_stats, false);
  emit("VenueStats", "A venue the owner published at.", venue_stats, false);
  emit("CoauthorStats", "A co-author, every spelling of them merged.", coauthor_stats, false);
  emit("CitationStats", "The citation counts the data carries (never fetched).", citation_stats,
       false);
  emit("Stats",
       "The owner's statistics (the core's `compute_stats`; the same numbers as `papershelf "
       "stats`).",
       stats, false);
  emit("FormatChoice", "A citation style or an export format the core offers, in the core's order.",
       format_choice, false);
  emit("ExportChoice", "An export format: a FormatChoice and its file's kind.", export_choice,
       false);
  emit("Formats", "What `cite` and `export` accept: the first style is the default.", formats,
       false);
  emit("FormatOptions",
       "What the list's HTML and entries take (the binding's FormatRequest; `indices` apart).",
       format_request, true);
  emit("StatsOptions", "What the statistics take (the owner apart).", stats_request, true);
  emit("ProfileOverride",
       "Profile fields that override the data's profile (the element's attributes).",
       profile_override, true);
  union_type("ProfileMode", "How much the card shows (stats.hpp's ProfileMode).",
             {
#define PAPERSHELF_NAME(item, name) name,
                 PAPERSHELF_PROFILE_MODES(PAPERSHELF_NAME)});
  union_type("EmailDisplay", "How the card shows the owner's email (stats.hpp's EmailDisplay).",
             {PAPERSHELF_EMAIL_DISPLAYS(PAPERSHELF_NAME)
#undef PAPERSHELF_NAME
             });
  emit("ProfileCardOptions", "What the card takes (the binding's ProfileCardRequest).",
       card_request, true);
  std::printf(
      "\n/** A language file's plural rules by name (core/include/papershelf/words.hpp): the "
      "counts from\n *  the first number to the second take a phrase's singular form. */\n"
      "export const PLURAL_RULES = {");
  for (const papershelf::PluralRuleRow& row : papershelf::kPluralRules)
    std::printf("%s\"%.*s\": [%llu, %llu]", &row == papershelf::kPluralRules ? " " : ", ",
                static_cast<int>(row.name.size()), row.name.data(),
                static_cast<unsigned long long>(row.one_from),
                static_cast<unsigned long long>(row.one_to));
  std::printf(" } as const;\n");
  return 0;
}
