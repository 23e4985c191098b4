// A record's CSL-JSON item as a value, written as format_csl_json(p, true) writes it (escaped,
// without abstract and keywords): what the citation styles are given, with no JSON text in between.
#pragma once

#include "papershelf/json.hpp"
#include "papershelf/model.hpp"

namespace papershelf {

json::Value csl_json_item(const Publication& p);

}  // namespace papershelf
