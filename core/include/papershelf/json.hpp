// A small JSON reader and writer (RFC 8259), exception-free, for the readers, the formatters and
// the WebAssembly binding. Values remember the byte offset where they start, so callers can
// report problems at a line:column. Syntax errors are reported at the start of the offending
// token; where the scanner noticed them and the token read so far are kept as nlohmann_json
// (which papershelf used before) had them, for the message.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace papershelf::json {

struct Member;

struct Value {
  enum class Kind : std::uint8_t { Null, Bool, Number, String, Array, Object };

  Kind kind = Kind::Null;
  bool boolean = false;
  std::uint32_t offset = 0;     // byte offset of the value's first character in the parsed text
  std::string text;             // String: the decoded text; Number: the number as written
  std::vector<Value> items;     // Array
  std::vector<Member> members;  // Object, in document order; a repeated key keeps its first
                                // place and its last value

  bool is_null() const { return kind == Kind::Null; }
  bool is_bool() const { return kind == Kind::Bool; }
  bool is_number() const { return kind == Kind::Number; }
  bool is_string() const { return kind == Kind::String; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_object() const { return kind == Kind::Object; }
  // A number written without fraction or exponent.
  bool is_integer() const;
  // The member named `key` of an object, or nullptr.
  const Value* find(std::string_view key) const;
  // Numbers as int64 (a fraction is truncated toward zero, out of range saturates); nullopt for
  // anything else.
  std::optional<std::int64_t> to_int() const;
};

struct Member {
  std::string key;
  Value value;
};

struct ParseError {
  std::size_t offset = 0;   // where the offending token starts (the text's size at its end)
  std::size_t noticed = 0;  // the character at which the scanner saw it was wrong
  std::string token;        // the token read up to it, control characters as <U+000A>
};

// What a successful parse changed or let through, for the reader's warnings: a lone UTF-16
// surrogate escape ("\ud800", which no UTF-8 text can hold) becomes U+FFFD instead of failing the
// whole document, and "\u0000" puts a NUL into a string.
struct ParseNotes {
  std::size_t lone_surrogates = 0;
  std::size_t first_lone_surrogate = 0;  // offset of its backslash
  std::size_t nuls = 0;
  std::size_t first_nul = 0;
};

// Receives the records of a document one at a time while it is parsed, so that a large
// document is never held as one tree: the elements of a top-level array, or of the
// "publications" array of a top-level object. They are then left out of that array.
struct RecordSink {
  virtual void record(Value&& v) = 0;
  // The items of a list that is a member of a record ("author": [...]) as they complete, so that
  // a record of a million names is not held as a million values either: `list_begins` when such
  // a list opens, then `list_item` with each item, which returns true when it took the item
  // (moved from `v`; it is then left out of the list).
  virtual void list_begins(std::string_view key) { (void)key; }
  virtual bool list_item(std::string_view key, Value& v) {
    (void)key;
    (void)v;
    return false;
  }

 protected:
  ~RecordSink() = default;
};

// Parses one JSON document (a leading UTF-8 BOM is skipped). Returns false on a syntax error
// and, when `error` is given, says where: the start of the offending token. `text` must be valid
// UTF-8. With a `sink`, records go there as they complete (also those before a syntax error).
bool parse(std::string_view text, Value& out, ParseError* error = nullptr,
           ParseNotes* notes = nullptr, RecordSink* sink = nullptr);

// Writes JSON text. indent < 0: compact; otherwise pretty-printed with that many spaces (empty
// containers stay "[]" and "{}"). Strings are escaped; invalid UTF-8 becomes U+FFFD.
class Writer {
 public:
  explicit Writer(int indent = -1) : indent_(indent) {}

  Writer& begin_object();
  Writer& end_object();
  Writer& begin_array();
  Writer& end_array();
  Writer& key(std::string_view k);
  Writer& string(std::string_view s);
  Writer& number(std::int64_t n);
  Writer& boolean(bool b);
  Writer& null();
  Writer& value(const Value& v);  // a parsed value, written back
  // Shorthands for one member: key + value.
  Writer& field(std::string_view k, std::string_view s) { return key(k).string(s); }
  Writer& field(std::string_view k, const char* s) { return key(k).string(s); }
  Writer& field(std::string_view k, const std::string& s) { return key(k).string(s); }
  template <class T, class = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
  Writer& field(std::string_view k, T n) {
    return key(k).number(static_cast<std::int64_t>(n));
  }
  Writer& field(std::string_view k, bool b) { return key(k).boolean(b); }

  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }
  // The text written since the last drain(), handed over; the open containers stay open, so a
  // long document can be written in pieces.
  std::string drain() {
    std::string text;
    text.swap(out_);
    return text;
  }

 private:
  void before_value();
  void newline(std::size_t depth);

  std::string out_;
  // Per open container, 1 once it has an item. A std::string as a byte stack: its code is in
  // the WASM build anyway, where vector<bool>'s bit code would add 2-3 KB.
  std::string has_items_;
  int indent_;
  bool after_key_ = false;
};

// Builds a Value with the Writer's calls: code that writes JSON can hand the same document to a
// caller that wants it as a value (a citation's CSL-JSON item), without text in between.
class Builder {
 public:
  Builder& begin_object() { return open(Value::Kind::Object); }
  Builder& end_object() { return close(); }
  Builder& begin_array() { return open(Value::Kind::Array); }
  Builder& end_array() { return close(); }
  Builder& key(std::string_view k) {
    key_.assign(k);
    return *this;
  }
  Builder& string(std::string_view s);
  Builder& number(std::int64_t n);
  Builder& boolean(bool b);
  Builder& null() { return put(Value()); }
  Builder& value(const Value& v) { return put(v); }
  Builder& field(std::string_view k, std::string_view s) { return key(k).string(s); }
  Builder& field(std::string_view k, const char* s) { return key(k).string(s); }
  Builder& field(std::string_view k, const std::string& s) { return key(k).string(s); }
  template <class T, class = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>>
  Builder& field(std::string_view k, T n) {
    return key(k).number(static_cast<std::int64_t>(n));
  }
  Builder& field(std::string_view k, bool b) { return key(k).boolean(b); }
  Value take() { return std::move(root_); }

 private:
  Builder& open(Value::Kind kind);
  Builder& close();
  Builder& put(Value v);
  Value* slot();  // where the next value goes (a member named by key(), an item, or the root)

  Value root_;
  std::vector<Value*> open_;  // the containers being filled, innermost last (each an ancestor of
                              // the next, so adding to the innermost never moves them)
  std::string key_;
};

// Appends `s` as a quoted JSON string.
void append_string(std::string& out, std::string_view s);

}  // namespace papershelf::json
