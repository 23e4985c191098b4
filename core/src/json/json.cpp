// The small JSON reader and writer (see papershelf/json.hpp). The reader is iterative (no
// recursion, so deeply nested input cannot overflow the stack) and locates syntax errors the way
// nlohmann_json's lexer does: `pos_` counts the characters read, the offending one included,
// also past the end of the text.
#include "papershelf/json.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "papershelf/unicode.hpp"
#include "text/index_sort.hpp"

namespace papershelf::json {
namespace {

enum class Tok : std::uint8_t {
  Null,
  True,
  False,
  String,
  Number,
  BeginArray,
  EndArray,
  BeginObject,
  EndObject,
  NameSep,
  ValueSep,
  End,
  Error
};

int hex_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Parser {
 public:
  Parser(std::string_view t, ParseNotes* notes, RecordSink* sink)
      : t_(t), notes_(notes ? notes : &own_notes_), sink_(sink) {}

  bool run(Value& out, ParseError* error);

 private:
  int get() { return pos_ < t_.size() ? static_cast<unsigned char>(t_[pos_++]) : (++pos_, -1); }
  void unget() { --pos_; }
  Tok scan();
  Tok scan_string();
  Tok scan_number();
  Tok scan_literal(const char* rest, Tok tok);
  int codepoint();  // four hex digits, or -1
  bool fail(ParseError* error) const;

  std::string_view t_;
  std::size_t pos_ = 0;
  std::size_t start_ = 0;  // first character of the current token
  std::size_t reset_ = 0;  // where the error message's token starts: the last string or number
                           // token (as in nlohmann's lexer, which only resets there)
  std::string str_;        // decoded text of the last string token
  ParseNotes own_notes_;
  ParseNotes* notes_;
  RecordSink* sink_;
};

Tok Parser::scan() {
  int c;
  do c = get();
  while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
  start_ = pos_ - 1;
  switch (c) {
    case '[':
      return Tok::BeginArray;
    case ']':
      return Tok::EndArray;
    case '{':
      return Tok::BeginObject;
    case '}':
      return Tok::EndObject;
    case ':':
      return Tok::NameSep;
    case ',':
      return Tok::ValueSep;
    case '"':
      reset_ = start_;
      return scan_string();
    case 't':
      return scan_literal("rue", Tok::True);
    case 'f':
      return scan_literal("alse", Tok::False);
    case 'n':
      return scan_literal("ull", Tok::Null);
    case -1:
      return Tok::End;
    default:
      if (c == '-' || (c >= '0' && c <= '9')) {
        reset_ = start_;
        unget();
        return scan_number();
      }
      return Tok::Error;
  }
}

Tok Parser::scan_literal(const char* rest, Tok tok) {
  for (; *rest; ++rest)
    if (get() != static_cast<unsigned char>(*rest)) return Tok::Error;
  return tok;
}

int Parser::codepoint() {
  int cp = 0;
  for (int k = 0; k < 4; ++k) {
    const int h = hex_value(get());
    if (h < 0) return -1;
    cp = cp * 16 + h;
  }
  return cp;
}

Tok Parser::scan_string() {
  str_.clear();
  for (;;) {
    // Plain runs are copied in one step.
    std::size_t run = pos_;
    while (run < t_.size()) {
      const auto b = static_cast<unsigned char>(t_[run]);
      if (b == '"' || b == '\\' || b < 0x20) break;
      ++run;
    }
    str_.append(t_.data() + pos_, run - pos_);
    pos_ = run;
    const int c = get();
    if (c == '"') return Tok::String;
    if (c != '\\') return Tok::Error;  // a control character or the end of the text
    switch (get()) {
      case '"':
        str_ += '"';
        break;
      case '\\':
        str_ += '\\';
        break;
      case '/':
        str_ += '/';
        break;
      case 'b':
        str_ += '\b';
        break;
      case 'f':
        str_ += '\f';
        break;
      case 'n':
        str_ += '\n';
        break;
      case 'r':
        str_ += '\r';
        break;
      case 't':
        str_ += '\t';
        break;
      case 'u': {
        const std::size_t escape = pos_ - 2;
        int cp = codepoint();
        if (cp < 0) return Tok::Error;
        bool lone = cp >= 0xDC00 && cp <= 0xDFFF;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          // A high surrogate pairs with a low one right after it; alone it is replaced.
          const std::size_t after = pos_;
          int low = -1;
          if (get() == '\\' && get() == 'u') low = codepoint();
          if (low >= 0xDC00 && low <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else {
            pos_ = after;
            lone = true;
          }
        }
        if (lone) {
          if (notes_->lone_surrogates++ == 0) notes_->first_lone_surrogate = escape;
          cp = static_cast<int>(unicode::kReplacement);
        } else if (cp == 0 && notes_->nuls++ == 0) {
          notes_->first_nul = escape;
        }
        // (NUL is kept and said; other controls and noncharacters become U+FFFD)
        unicode::append_utf8(str_,
                             cp == 0 ? 0 : unicode::text_code_point(static_cast<char32_t>(cp)));
        break;
      }
      default:
        return Tok::Error;
    }
  }
}

Tok Parser::scan_number() {
  auto digit = [](int c) { return c >= '0' && c <= '9'; };
  int c = get();
  if (c == '-') c = get();
  if (c == '0') {
    c = get();
  } else if (digit(c)) {
    do c = get();
    while (digit(c));
  } else {
    return Tok::Error;
  }
  if (c == '.') {
    if (!digit(c = get())) return Tok::Error;
    do c = get();
    while (digit(c));
  }
  if (c == 'e' || c == 'E') {
    c = get();
    if (c == '+' || c == '-') c = get();
    if (!digit(c)) return Tok::Error;
    do c = get();
    while (digit(c));
  }
  unget();
  return Tok::Number;
}

bool Parser::fail(ParseError* error) const {
  if (!error) return false;
  // The start of the token that does not fit (where a reader looks first), not the byte at
  // which the scanner noticed: "tru," is reported at its 't'.
  error->offset = std::min(start_, t_.size());
  error->noticed = std::min(pos_ > 0 ? pos_ - 1 : 0, t_.size());
  error->token.clear();
  const std::size_t end = std::min(pos_, t_.size());
  for (std::size_t k = reset_; k < end; ++k) {
    const auto b = static_cast<unsigned char>(t_[k]);
    if (b >= 0x20) {
      error->token += static_cast<char>(b);
    } else {
      static const char kHex[] = "0123456789ABCDEF";
      error->token += "<U+00";
      error->token += kHex[b >> 4];
      error->token += kHex[b & 15];
      error->token += '>';
    }
  }
  return false;
}

// A repeated key keeps its first place and takes the last value (as nlohmann's ordered_json).
void merge_duplicate_keys(std::vector<Member>& members) {
  const std::size_t n = members.size();
  if (n < 2) return;
  // Stable: equal keys stay in document order.
  const auto order = detail::sorted_indices(
      n, [&](std::uint32_t a, std::uint32_t b) { return members[a].key < members[b].key; });
  std::vector<std::uint8_t> drop(n, 0);
  bool any = false;
  std::size_t first = 0;  // where the run of equal keys order[i] is in starts (looking back for it
                          // from each member made one key written 100,000 times quadratic)
  for (std::size_t i = 1; i < n; ++i) {
    if (members[order[i]].key != members[order[i - 1]].key) {
      first = i;
      continue;
    }
    members[order[first]].value = std::move(members[order[i]].value);
    drop[order[i]] = 1;
    any = true;
  }
  if (!any) return;
  std::size_t w = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (!drop[i]) {
      if (w != i) members[w] = std::move(members[i]);
      ++w;
    }
  members.resize(w);
}

void finish_object(Value& v) {
  const std::size_t n = v.members.size();
  if (n < 2) return;
  if (n <= 16) {
    bool dup = false;
    for (std::size_t i = 1; i < n && !dup; ++i)
      for (std::size_t j = 0; j < i && !dup; ++j) dup = v.members[i].key == v.members[j].key;
    if (!dup) return;
  }
  merge_duplicate_keys(v.members);
}

bool Parser::run(Value& out, ParseError* error) {
  if (!t_.empty() && static_cast<unsigned char>(t_[0]) == 0xEF) {
    start_ = 0;
    get();
    if (get() != 0xBB || get() != 0xBF) return fail(error);
  }
  constexpr std::size_t kMaxDepth = 1000;  // deeper nesting is an error (bounded stack use)
  std::vector<Value> stack;                // open arrays and objects
  std::vector<std::string> keys;           // the pending key of each open object
  // True when stack[d] is the array whose items go to the sink as records: the top-level array,
  // or the "publications" array of a top-level object.
  const auto records_at = [&](std::size_t d) {
    if (!sink_ || d >= stack.size() || stack[d].kind != Value::Kind::Array) return false;
    return d == 0 || (d == 1 && stack[0].kind == Value::Kind::Object && !keys.empty() &&
                      keys[0] == "publications");
  };
  // True when the innermost open value is a record (an object item of the records array).
  const auto in_record = [&] {
    return stack.size() >= 2 && stack.back().kind == Value::Kind::Object &&
           records_at(stack.size() - 2);
  };
  Tok tok = scan();
  for (;;) {
    Value v;
    v.offset = static_cast<std::uint32_t>(start_);
    switch (tok) {
      case Tok::BeginObject:
        if (stack.size() >= kMaxDepth) return fail(error);
        v.kind = Value::Kind::Object;
        tok = scan();
        if (tok == Tok::EndObject) break;
        if (tok != Tok::String) return fail(error);
        keys.push_back(std::move(str_));
        if (scan() != Tok::NameSep) return fail(error);
        stack.push_back(std::move(v));
        tok = scan();
        continue;
      case Tok::BeginArray:
        if (stack.size() >= kMaxDepth) return fail(error);
        v.kind = Value::Kind::Array;
        if (in_record()) sink_->list_begins(keys.back());
        tok = scan();
        if (tok == Tok::EndArray) break;
        stack.push_back(std::move(v));
        continue;
      case Tok::String:
        v.kind = Value::Kind::String;
        v.text = std::move(str_);
        break;
      case Tok::Number:
        v.kind = Value::Kind::Number;
        v.text.assign(t_.data() + start_, pos_ - start_);
        break;
      case Tok::True:
      case Tok::False:
        v.kind = Value::Kind::Bool;
        v.boolean = tok == Tok::True;
        break;
      case Tok::Null:
        break;
      default:
        return fail(error);
    }
    // `v` is complete: hand it to its container, closing every container that ends here.
    for (;;) {
      if (stack.empty()) {
        if (scan() != Tok::End) return fail(error);
        out = std::move(v);
        return true;
      }
      Value& parent = stack.back();
      if (parent.kind == Value::Kind::Array) {
        const std::size_t a = stack.size() - 1;
        if (records_at(a)) {
          sink_->record(std::move(v));
        } else {
          // An item of a list that is a member of a record (the innermost open object is then
          // the record, and keys.back() the list's name).
          const bool of_record =
              a >= 2 && stack[a - 1].kind == Value::Kind::Object && records_at(a - 2);
          if (!(of_record && sink_->list_item(keys.back(), v)))
            parent.items.push_back(std::move(v));
        }
        tok = scan();
        if (tok == Tok::ValueSep) {
          tok = scan();
          break;
        }
        if (tok != Tok::EndArray) return fail(error);
      } else {
        parent.members.push_back({std::move(keys.back()), std::move(v)});
        tok = scan();
        if (tok == Tok::ValueSep) {
          if (scan() != Tok::String) return fail(error);
          keys.back() = std::move(str_);
          if (scan() != Tok::NameSep) return fail(error);
          tok = scan();
          break;
        }
        if (tok != Tok::EndObject) return fail(error);
        keys.pop_back();
        finish_object(parent);
      }
      v = std::move(parent);
      stack.pop_back();
    }
  }
}

// Decimal text to double, good enough for truncation to an integer.
double to_double(std::string_view s) {
  std::size_t i = 0;
  const bool negative = i < s.size() && s[i] == '-';
  if (negative) ++i;
  double mantissa = 0;
  int exponent = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) mantissa = mantissa * 10 + (s[i] - '0');
  if (i < s.size() && s[i] == '.')
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      mantissa = mantissa * 10 + (s[i] - '0');
      --exponent;
    }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    const bool negative_exp = i < s.size() && s[i] == '-';
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    int e = 0;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i)
      e = std::min(e * 10 + (s[i] - '0'), 100000);
    exponent += negative_exp ? -e : e;
  }
  for (; exponent > 0 && mantissa < 1e300; --exponent) mantissa *= 10;
  for (; exponent < 0 && mantissa != 0; ++exponent) mantissa /= 10;
  return negative ? -mantissa : mantissa;
}

}  // namespace

bool parse(std::string_view text, Value& out, ParseError* error, ParseNotes* notes,
           RecordSink* sink) {
  Parser parser(text, notes, sink);
  return parser.run(out, error);
}

bool Value::is_integer() const {
  return kind == Kind::Number && text.find_first_of(".eE") == std::string::npos;
}

const Value* Value::find(std::string_view key) const {
  if (kind != Kind::Object) return nullptr;
  for (const auto& m : members)
    if (m.key == key) return &m.value;
  return nullptr;
}

std::optional<std::int64_t> Value::to_int() const {
  if (kind != Kind::Number) return std::nullopt;
  if (is_integer()) {
    std::int64_t v = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec == std::errc()) return v;
  }
  const double d = to_double(text);
  if (d >= 9.2e18) return INT64_MAX;
  if (d <= -9.2e18) return INT64_MIN;
  return static_cast<std::int64_t>(d);
}

// ---------------------------------------------------------------- writer

void append_string(std::string& out, std::string_view s) {
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t run = i;
    while (run < s.size()) {
      const auto b = static_cast<unsigned char>(s[run]);
      if (b < 0x20 || b == '"' || b == '\\' || b >= 0x80) break;
      ++run;
    }
    out.append(s.data() + i, run - i);
    i = run;
    if (i >= s.size()) break;
    const auto b = static_cast<unsigned char>(s[i]);
    if (b >= 0x80) {
      const std::size_t start = i;
      const char32_t cp = unicode::decode_utf8(s, i);
      if (cp == unicode::kReplacement && i - start != 3)
        out += "\xEF\xBF\xBD";
      else
        out.append(s.data() + start, i - start);
      continue;
    }
    ++i;
    out += '\\';
    switch (b) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '\b':
        out += 'b';
        break;
      case '\f':
        out += 'f';
        break;
      case '\n':
        out += 'n';
        break;
      case '\r':
        out += 'r';
        break;
      case '\t':
        out += 't';
        break;
      default: {
        static const char kHex[] = "0123456789abcdef";
        out += "u00";
        out += kHex[b >> 4];
        out += kHex[b & 15];
      }
    }
  }
  out += '"';
}

void Writer::newline(std::size_t depth) {
  out_ += '\n';
  out_.append(depth * static_cast<std::size_t>(indent_), ' ');
}

void Writer::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (has_items_.empty()) return;
  if (has_items_.back()) out_ += ',';
  has_items_.back() = 1;
  if (indent_ >= 0) newline(has_items_.size());
}

Writer& Writer::begin_object() {
  before_value();
  out_ += '{';
  has_items_.push_back(0);
  return *this;
}

Writer& Writer::end_object() {
  const bool items = has_items_.back() != 0;
  has_items_.pop_back();
  if (items && indent_ >= 0) newline(has_items_.size());
  out_ += '}';
  return *this;
}

Writer& Writer::begin_array() {
  before_value();
  out_ += '[';
  has_items_.push_back(0);
  return *this;
}

Writer& Writer::end_array() { return end_object(), out_.back() = ']', *this; }

Writer& Writer::key(std::string_view k) {
  before_value();
  append_string(out_, k);
  out_ += indent_ >= 0 ? ": " : ":";
  after_key_ = true;
  return *this;
}

Writer& Writer::string(std::string_view s) {
  before_value();
  append_string(out_, s);
  return *this;
}

Writer& Writer::number(std::int64_t n) {
  before_value();
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out_.append(buf, r.ptr);
  return *this;
}

Writer& Writer::boolean(bool b) {
  before_value();
  out_ += b ? "true" : "false";
  return *this;
}

Writer& Writer::null() {
  before_value();
  out_ += "null";
  return *this;
}

Value* Builder::slot() {
  if (open_.empty()) return &root_;
  Value& top = *open_.back();
  if (top.kind == Value::Kind::Array) {
    top.items.emplace_back();
    return &top.items.back();
  }
  for (Member& m : top.members)  // (a repeated key keeps its place and takes the last value)
    if (m.key == key_) return &m.value;
  top.members.push_back({key_, Value()});
  return &top.members.back().value;
}

Builder& Builder::open(Value::Kind kind) {
  Value* v = slot();
  *v = Value();
  v->kind = kind;
  open_.push_back(v);
  return *this;
}

Builder& Builder::close() {
  if (!open_.empty()) open_.pop_back();
  return *this;
}

Builder& Builder::put(Value v) {
  *slot() = std::move(v);
  return *this;
}

Builder& Builder::string(std::string_view s) {
  Value v;
  v.kind = Value::Kind::String;
  v.text.assign(s);
  return put(std::move(v));
}

Builder& Builder::number(std::int64_t n) {
  Value v;
  v.kind = Value::Kind::Number;
  v.text = std::to_string(n);
  return put(std::move(v));
}

Builder& Builder::boolean(bool b) {
  Value v;
  v.kind = Value::Kind::Bool;
  v.boolean = b;
  return put(std::move(v));
}

Writer& Writer::value(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null:
      return null();
    case Value::Kind::Bool:
      return boolean(v.boolean);
    case Value::Kind::Number:
      before_value();
      out_ += v.text;
      return *this;
    case Value::Kind::String:
      return string(v.text);
    case Value::Kind::Array:
      begin_array();
      for (const auto& item : v.items) value(item);
      return end_array();
    case Value::Kind::Object:
      begin_object();
      for (const auto& m : v.members) key(m.key).value(m.value);
      return end_object();
  }
  return *this;
}

}  // namespace papershelf::json
