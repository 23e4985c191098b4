// A record's CSL-JSON item as a value, written as format_csl_json(p, true) writes it (escaped,
// without abstract and keywords): what the citation styles are given, with no JSON text in between.
#pragma once

#include "papershelf/json.hpp"
#include "papershelf/model.hpp"
#include "papershelf/names.hpp"

namespace papershelf {

// `owner`, when given, marks the owner's names ("papershelf-owner": true), which the processor
// writes in a class of their own (a list of the owner's papers shown as references).
json::Value csl_json_item(const Publication& p, const OwnerMatcher* owner = nullptr);

}  // namespace papershelf
