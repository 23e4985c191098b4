// What the `papershelf` command's tests share: the built binary run, fixtures, files and folders.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace cli_testing {

namespace fs = std::filesystem;

using nlohmann::json;

struct Result {
  int status = -1;
  std::string out;  // stdout (stderr is appended when `merge_stderr`)
};

inline std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs `papershelf ARGS` through the shell; `stdin_file` feeds standard input.
inline Result papershelf(const std::string& args, bool merge_stderr = false,
                         const std::string& stdin_file = "", const std::string& cwd = "") {
  // Redirections apply left to right: stderr joins the pipe before ARGS may redirect stdout.
  std::string cmd = quote(PAPERSHELF_CLI) + (merge_stderr ? " 2>&1 " : " 2>/dev/null ") + args;
  if (!cwd.empty()) cmd = "cd " + quote(cwd) + " && " + cmd;
  cmd += stdin_file.empty() ? " </dev/null" : " <" + quote(stdin_file);
  Result r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline std::string fixture(const std::string& name) {
  return quote(std::string(PAPERSHELF_FIXTURES) + "/" + name);
}

inline std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path = ::testing::TempDir() + "papershelf_cli_" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

inline bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}
inline std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1))
    ++n;
  return n;
}
inline void write_file(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

inline std::vector<std::string> keys(const json& view) {
  std::vector<std::string> out;
  for (const auto& e : view) out.push_back(e.at("key").get<std::string>());
  return out;
}

using Keys = std::vector<std::string>;

inline const char* kProfile = "valid/profile_markers.json";

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A fresh folder of its own for one test's files, ending in "/".
inline std::string fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("papershelf_cli_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string() + "/";
}

inline const std::string kMarker = "<!-- papershelf:prerender -->";
inline const std::string kEndMarker = "<!-- /papershelf:prerender -->";
inline const std::string kMine =
    "@inproceedings{mine, title={Mine Paper}, author={Hu, Qinghao}, booktitle={NSDI}, year=2024, "
    "selected={true}}\n"
    "@article{other, title={Other Paper}, author={Doe, Jane}, journal={J}, year=2020}\n";

}  // namespace cli_testing
