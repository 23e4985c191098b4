// Helpers for data-driven tests: fixture files under tests/fixtures and the optional ../shared
// corpus.
#pragma once

#include <string>
#include <vector>

namespace papershelf::testing {

std::string fixtures_dir();  // tests/fixtures
// ../shared next to the repository, or "" when it is absent (tests using it must GTEST_SKIP).
std::string shared_dir();
bool file_exists(const std::string& path);
std::string read_file(const std::string& path);
// Files directly in `dir` whose names end with `suffix`, sorted.
std::vector<std::string> list_files(const std::string& dir, const std::string& suffix);

}  // namespace papershelf::testing
