// fields.hpp's tables as JSON, both ways: one writer and one reader a field kind, and each struct
// the fields of its table in order.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
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

}  // namespace papershelf
