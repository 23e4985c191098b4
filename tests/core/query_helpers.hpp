// What the query tests share: a library built record by record, a sample one, a query's keys.
#pragma once

#include <string>
#include <vector>

#include "papershelf/query.hpp"
#include "records.hpp"

namespace query_testing {

using namespace papershelf;
using papershelf::testing::person;

struct Builder {
  Library lib;
  Publication& add(std::string key, int year = 0, PubType type = PubType::Conference) {
    Publication p;
    p.key = std::move(key);
    p.title = "Title of " + p.key;
    p.date.year = year;
    p.type = type;
    p.order = static_cast<std::uint32_t>(lib.publications.size());
    lib.publications.push_back(std::move(p));
    return lib.publications.back();
  }
};

inline std::vector<std::string> keys_of(const Library& lib, const View& v) {
  std::vector<std::string> out;
  for (auto i : v.entries) out.push_back(lib.publications[i].key);
  return out;
}

inline std::vector<std::string> run(const Library& lib, const Query& q,
                                    const OwnerMatcher& owner = {}) {
  return keys_of(lib, run_query(lib, q, owner));
}

inline Query filtered(const Filter& f) {
  Query q;
  q.filter = f;
  q.sort = {{SortField::File, false}};
  return q;
}

inline Query searched(std::string text) {
  Query q;
  q.search = std::move(text);
  q.sort = {{SortField::File, false}};
  return q;
}

using Keys = std::vector<std::string>;

// A small library exercising every filter.
inline Library sample() {
  Builder b;
  {
    auto& p = b.add("nsdi24", 2024, PubType::Conference);
    p.title = "Characterization of LLM Development in the Datacenter";
    p.edit_rare().badge = "NSDI";
    p.venue = "USENIX NSDI";
    p.authors = {person("Qinghao", "Hu", "*"), person("Zhisheng", "Ye", "*"),
                 person("Tianwei", "Zhang")};
    p.edit_rare().tags = {"LLM", "datacenter"};
    p.selected = true;
    p.edit_rare().award = "Best Paper Award";
    p.edit_rare().award_label = "Best Paper";
  }
  {
    auto& p = b.add("tpds23", 2023, PubType::Journal);
    p.title = "Deep Learning Workload Scheduling in GPU Datacenters";
    p.edit_rare().badge = "TPDS";
    p.venue = "IEEE Transactions on Parallel and Distributed Systems";
    p.authors = {person("Zhisheng", "Ye", "*"), person("Qinghao", "Hu", "*"),
                 person("José", "García")};
    p.edit_rare().tags = {"scheduling"};
  }
  {
    auto& p = b.add("arxiv24", 2024, PubType::Preprint);
    p.status = Status::Preprint;
    p.title = "Zürich Notes on Straße Networks";
    p.authors = {person("Ana", "Sánchez"), person("Qinghao", "Hu")};
    p.edit_rare().note = "Under submission";
  }
  {
    auto& p = b.add("sc21", 2021, PubType::Conference);
    p.title = "Characterizing Deep Learning Training Workloads";
    p.edit_rare().badge = "SC";
    p.venue = "Supercomputing";
    p.authors = {person("Qinghao", "Hu"), person("Peng", "Sun")};
    p.edit_rare().award_label = "Best Student Paper Finalist";
    p.selected = true;
    p.edit_rare().tags = {"llm"};
  }
  {
    auto& p = b.add("undated", 0, PubType::Misc);
    p.status = Status::Submitted;
    p.title = "A Manuscript Without a Date";
    p.authors = {person("Wei", "Zhang")};
    p.edit_rare().abstract = "We study zebra crossings.";
  }
  return b.lib;
}

inline OwnerMatcher owner_hu() { return OwnerMatcher({"Qinghao Hu"}); }

}  // namespace query_testing
