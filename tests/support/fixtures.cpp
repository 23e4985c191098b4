#include "fixtures.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <algorithm>
#include <fstream>
#include <sstream>

namespace papershelf::testing {

std::string fixtures_dir() { return PAPERSHELF_FIXTURES; }

std::string shared_dir() {
  const std::string dir = PAPERSHELF_SHARED;
  struct stat st {};
  return (stat((dir + "/corpus").c_str(), &st) == 0 && S_ISDIR(st.st_mode)) ? dir : "";
}

bool file_exists(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> list_files(const std::string& dir, const std::string& suffix) {
  std::vector<std::string> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d)) {
      std::string name = e->d_name;
      if (name.size() >= suffix.size() &&
          name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
        out.push_back(dir + "/" + name);
    }
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace papershelf::testing
