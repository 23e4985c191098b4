// fields.hpp's tables as JSON, both ways: one writer and one reader a field kind, and each struct
// the fields of its table in order.
#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "papershelf/boundary.hpp"

namespace papershelf {
namespace {

using json::Value;
using json::Writer;

void put(Writer& w, const char* name, const std::string& v) { w.field(name, v); }
void put(Writer& w, const char* name, bool v) { w.field(name, v); }
void put(Writer& w, const char* name, std::uint32_t v) { w.field(name, v); }
void put(Writer& w, const char* name, int v) { w.field(name, v); }
void put(Writer& w, const char* name, std::int64_t v) { w.field(name, v); }
void put(Writer& w, const char* name, const std::optional<std::int64_t>& v) {
  w.key(name);
  if (v)
    w.number(*v);
  else
    w.null();
}
void put(Writer& w, const char* name, const std::optional<bool>& v) {
  if (v) w.field(name, *v);
}
void put(Writer& w, const char* name, const std::optional<std::string>& v) {
  if (v) w.field(name, *v);
}
void put(Writer& w, const char* name, const std::vector<std::string>& v) {
  w.key(name).begin_array();
  for (const std::string& s : v) w.string(s);
  w.end_array();
}
void put(Writer& w, const char* name, ControlsMode v) { w.field(name, to_string(v)); }
void put(Writer& w, const char* name, ProfileMode v) {
#define PAPERSHELF_WRITE_MODE(mode, json_name) \
  if (v == ProfileMode::mode) w.field(name, json_name);
  PAPERSHELF_PROFILE_MODES(PAPERSHELF_WRITE_MODE)
#undef PAPERSHELF_WRITE_MODE
}
void put(Writer& w, const char* name, EmailDisplay v) {
#define PAPERSHELF_WRITE_EMAIL(display, json_name) \
  if (v == EmailDisplay::display) w.field(name, json_name);
  PAPERSHELF_EMAIL_DISPLAYS(PAPERSHELF_WRITE_EMAIL)
#undef PAPERSHELF_WRITE_EMAIL
}
void put(Writer& w, const char* name, const fields::TextList& v) {
  put(w, name, static_cast<const std::vector<std::string>&>(v));
}
template <class Enum, std::size_t N>
void put(Writer& w, const char* name, const fields::CountsBy<Enum, N>& v) {
  w.key(name).begin_object();
  for (std::size_t i = 0; i < N; ++i)
    if (v[i]) w.field(to_string(static_cast<Enum>(i)), v[i]);
  w.end_object();
}
template <class T>
void put(Writer& w, const char* name, const std::vector<T>& v) {
  w.key(name).begin_array();
  for (const T& item : v) write_json(w, item);
  w.end_array();
}
template <class T>  // a struct of another table
void put(Writer& w, const char* name, const T& v) {
  write_json(w.key(name), v);
}
template <class T>  // a struct that may be absent: then no field at all
void put(Writer& w, const char* name, const std::optional<T>& v) {
  if (v) put(w, name, *v);
}

void get(const Value& x, std::string& v) {
  if (x.is_string()) v = x.text;
}
void get(const Value& x, bool& v) {
  if (x.is_bool()) v = x.boolean;
}
void get(const Value& x, std::uint32_t& v) {
  if (const auto n = x.to_int(); n && *n >= 0 && *n <= UINT32_MAX)
    v = static_cast<std::uint32_t>(*n);
}
void get(const Value& x, int& v) {
  if (const auto n = x.to_int(); n && *n >= INT_MIN && *n <= INT_MAX) v = static_cast<int>(*n);
}
void get(const Value& x, std::int64_t& v) {
  if (const auto n = x.to_int()) v = *n;
}
void get(const Value& x, std::optional<std::int64_t>& v) {
  if (x.is_null())
    v.reset();
  else if (const auto n = x.to_int())
    v = n;
}
void get(const Value& x, std::optional<bool>& v) {
  if (x.is_bool()) v = x.boolean;
}
void get(const Value& x, std::optional<std::string>& v) {
  if (x.is_string()) v = x.text;
}
void get(const Value& x, std::vector<std::string>& v) {
  if (!x.is_array()) return;
  v.clear();
  for (const Value& item : x.items)
    if (item.is_string()) v.push_back(item.text);
}
// A request's count or level: an integer (no fraction), else the default stays.
void get(const Value& x, std::optional<std::uint32_t>& v) {
  if (const auto n = x.to_int(); n && x.is_integer() && *n >= 0)
    v = static_cast<std::uint32_t>(std::min<std::int64_t>(*n, UINT32_MAX));
}
void get(const Value& x, std::optional<int>& v) {
  if (const auto n = x.to_int(); n && x.is_integer()) v = static_cast<int>(*n);
}
void get(const Value& x, fields::TextList& v) {
  if (!x.is_array() && !x.is_string()) return;
  v.clear();
  auto add = [&](std::string_view item) {
    const auto b = item.find_first_not_of(" \t\r\n"), e = item.find_last_not_of(" \t\r\n");
    if (b != std::string_view::npos) v.emplace_back(item.substr(b, e - b + 1));
  };
  if (x.is_array()) {
    for (const Value& item : x.items)
      if (item.is_string()) add(item.text);
    return;
  }
  const std::string_view text = x.text;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == ';' || text[i] == '\n') {
      add(text.substr(start, i - start));
      start = i + 1;
    }
}
// The card's mode as an attribute may say it (any case, "true", "false"); else the default stays.
void get(const Value& x, ProfileMode& v) {
  if (!x.is_string()) return;
  if (const auto mode = profile_mode_from_string(x.text)) v = *mode;
}
void get(const Value& x, EmailDisplay& v) {
#define PAPERSHELF_READ_EMAIL(display, json_name) \
  if (x.is_string() && x.text == json_name) v = EmailDisplay::display;
  PAPERSHELF_EMAIL_DISPLAYS(PAPERSHELF_READ_EMAIL)
#undef PAPERSHELF_READ_EMAIL
}
void get(const Value& x, ControlsMode& v) {
#define PAPERSHELF_READ_MODE(mode, name) \
  if (x.is_string() && x.text == name) v = ControlsMode::mode;
  PAPERSHELF_CONTROLS_MODES(PAPERSHELF_READ_MODE)
#undef PAPERSHELF_READ_MODE
}
// A count map names the values it counts: the others are zero.
template <class Enum, std::size_t N>
void get(const Value& x, fields::CountsBy<Enum, N>& v) {
  if (!x.is_object()) return;
  for (std::size_t i = 0; i < N; ++i) {
    v[i] = 0;
    if (const Value* n = x.find(to_string(static_cast<Enum>(i)))) get(*n, v[i]);
  }
}
template <class T>
void get(const Value& x, std::vector<T>& v) {
  if (!x.is_array()) return;
  v.clear();
  for (const Value& item : x.items)
    if (item.is_object()) read_json(item, v.emplace_back());
}
template <class T>
void get(const Value& x, T& v) {
  read_json(x, v);
}
template <class T>
void get(const Value& x, std::optional<T>& v) {
  if (x.is_object()) read_json(x, v.emplace());
}

}  // namespace

#define PAPERSHELF_PUT(type, member, name, init, doc) put(w, name, value.member);
#define PAPERSHELF_GET(type, member, name, init, doc) \
  if (const Value* x = j.find(name)) get(*x, value.member);
#define PAPERSHELF_DEFINE_JSON(T, FIELDS)      \
  void write_json(Writer& w, const T& value) { \
    w.begin_object();                          \
    FIELDS(PAPERSHELF_PUT)                     \
    w.end_object();                            \
  }                                            \
  void read_json(const Value& j, T& value) {   \
    if (!j.is_object()) return;                \
    FIELDS(PAPERSHELF_GET)                     \
  }
PAPERSHELF_BOUNDARY_STRUCTS(PAPERSHELF_DEFINE_JSON)

// papershelf::json::Writer rather than nlohmann_json, which would add ~40 KB to the WASM build.
std::string format_stats_json(const Stats& s) {
  Writer w(2);
  write_json(w, s);
  return w.take();
}

}  // namespace papershelf
