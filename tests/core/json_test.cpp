// The small JSON reader and writer (papershelf/json.hpp): values, offsets, escapes, duplicate
// keys, and syntax errors located exactly where nlohmann_json (the reference here) locates them.
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "papershelf/json.hpp"

using namespace papershelf;

namespace {

// nlohmann's error location: the offset of the offending character and the token read so far.
struct Reference : nlohmann::json_sax<nlohmann::json> {
  std::size_t offset = std::string::npos;
  std::string token;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::detail::exception&) override {
    offset = position > 0 ? position - 1 : 0;
    token = last_token;
    return false;
  }
};

std::string compact(const json::Value& v) { return json::Writer().value(v).take(); }

}  // namespace

TEST(Json, Values) {
  json::Value v;
  ASSERT_TRUE(json::parse(
      R"( {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": {}} )",
      v));
  ASSERT_TRUE(v.is_object());
  EXPECT_EQ(v.offset, 1u);
  ASSERT_EQ(v.members.size(), 3u);
  const json::Value* a = v.find("a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->items.size(), 5u);
  EXPECT_EQ(a->offset, 7u);
  EXPECT_EQ(a->items[1].offset, 11u);
  EXPECT_TRUE(a->items[0].is_integer());
  EXPECT_EQ(a->items[0].to_int(), 1);
  EXPECT_FALSE(a->items[1].is_integer());
  EXPECT_EQ(a->items[1].text, "-2.5e3");
  EXPECT_EQ(a->items[1].to_int(), -2500);
  EXPECT_TRUE(a->items[2].is_bool() && a->items[2].boolean);
  EXPECT_TRUE(a->items[4].is_null());
  EXPECT_EQ(v.find("b")->text, "x\"\\/\b\f\n\r\t\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_TRUE(v.find("c")->is_object());
  EXPECT_EQ(v.find("d"), nullptr);
  EXPECT_EQ(compact(v), std::string(R"({"a":[1,-2.5e3,true,false,null],"b":"x\"\\/\b\f\n\r\t)") +
                            "\xC3\xA9\xF0\x9F\x98\x80\",\"c\":{}}");
}

TEST(Json, BomAndScalars) {
  json::Value v;
  ASSERT_TRUE(json::parse("\xEF\xBB\xBF[]", v));
  EXPECT_TRUE(v.is_array());
  ASSERT_TRUE(json::parse(" 42 ", v));
  EXPECT_EQ(v.to_int(), 42);
  ASSERT_TRUE(json::parse("\"s\"", v));
  EXPECT_EQ(v.text, "s");
  ASSERT_TRUE(json::parse("99999999999999999999", v));
  EXPECT_EQ(v.to_int(), INT64_MAX);
}

TEST(Json, DuplicateKeysKeepFirstPlaceAndLastValue) {
  json::Value v;
  ASSERT_TRUE(json::parse(R"({"a": 1, "b": 2, "a": 3})", v));
  EXPECT_EQ(compact(v), R"({"a":3,"b":2})");
  std::string big = "{";
  for (int i = 0; i < 40; ++i)
    big += "\"k" + std::to_string(i % 30) + "\": " + std::to_string(i) + ",";
  big.back() = '}';
  ASSERT_TRUE(json::parse(big, v));
  ASSERT_EQ(v.members.size(), 30u);
  EXPECT_EQ(v.members[0].key, "k0");
  EXPECT_EQ(v.members[0].value.to_int(), 30);
  EXPECT_EQ(v.members[29].value.to_int(), 29);
}

TEST(Json, ASinkTakesTheItemsOfARecordsListsAsTheyComplete) {
  // Records (the items of the top-level array, or of "publications") go to the sink; so may the
  // items of a list that is a member of a record, and nothing deeper.
  struct Sink final : json::RecordSink {
    std::vector<std::string> events;
    void record(json::Value&& v) override { events.push_back("record " + compact(v)); }
    void list_begins(std::string_view key) override {
      events.push_back("list " + std::string(key));
    }
    bool list_item(std::string_view key, json::Value& v) override {
      if (key != "author") return false;
      events.push_back("item " + compact(v));
      return true;
    }
  };
  for (
      const char* text :
      {R"([{"id": 1, "author": [1, {"a": [2]}], "x": {"author": [3]}, "tags": [4]}, {"author": []}])",
       R"({"publications": [{"id": 1, "author": [1, {"a": [2]}], "x": {"author": [3]}, "tags": [4]}, {"author": []}]})"}) {
    Sink sink;
    json::Value v;
    ASSERT_TRUE(json::parse(text, v, nullptr, nullptr, &sink)) << text;
    EXPECT_EQ(sink.events, (std::vector<std::string>{
                               "list author", "item 1", "item {\"a\":[2]}", "list tags",
                               R"(record {"id":1,"author":[],"x":{"author":[3]},"tags":[4]})",
                               "list author", R"(record {"author":[]})"}))
        << text;
  }
}

TEST(Json, DeepNestingIsAnErrorNotACrash) {
  json::Value v;
  json::ParseError e;
  EXPECT_FALSE(json::parse(std::string(100000, '['), v, &e));
  EXPECT_TRUE(json::parse(std::string(500, '[') + std::string(500, ']'), v));
}

TEST(Json, ErrorsAreWhereNlohmannPutsThem) {
  const char* cases[] = {
      "",
      " ",
      "[",
      "]",
      "{",
      "}",
      "[1,]",
      "[1 2]",
      "{\"a\" 1}",
      "{\"a\": 1,}",
      "{\"a\": }",
      "{1: 2}",
      "[\"abc",
      "[\"ab\ncd\"]",
      "[\"\\x\"]",
      "[\"\\u12G4\"]",
      "[\"\\ud800\"]",
      "[\"\\ud800\\u0041\"]",
      "[\"\\udc00\"]",
      "[\"\\ud800x\"]",
      "[-]",
      "[01]",
      "[1.]",
      "[1.e5]",
      "[1e]",
      "[1e+]",
      "[tru]",
      "[trux]",
      "[nul",
      "[falsey]",
      "[] x",
      "[] []",
      "{\"a\": 20x4}",
      "\xEF\xBB",
      "\xEF\xBBx[]",
      "[/* c */]",
      "['a']",
      "[1,\n  {\"id\": \"a\"}\n  {\"id\": \"b\"}]",
      "{\"a\": [1, {\"b\": nulL}]}",
      "[\"tab\there\"]",
      "[0x10]",
      "[+1]",
      "[.5]",
      "[1.5e-3x]",
      "[\"\\u00e9\\",
      "[\"\\u00",
      "{\"a\":{\"b\":{\"c\":[1,2,{]}}}",
      "[\"ok\", \"ok\" : 1]",
      "{\"a\":1 \"b\":2}",
      "[true false]",
      "nullnull",
      "1 2",
      "-0",
      "[-01]",
      "[1E+2, 1e-2, 0.0]",
  };
  // Lone UTF-16 surrogates are replaced with U+FFFD (a reader warns) instead of failing.
  const std::set<std::string_view> lone = {"[\"\\ud800\"]", "[\"\\ud800\\u0041\"]", "[\"\\udc00\"]",
                                           "[\"\\ud800x\"]"};
  for (const char* text : cases) {
    json::Value v;
    json::ParseError e;
    const bool ok = json::parse(text, v, &e);
    Reference ref;
    const std::string_view t = text;
    const bool ref_ok = nlohmann::json::sax_parse(t.begin(), t.end(), &ref);
    EXPECT_EQ(ok, ref_ok || lone.count(t)) << text;
    if (!ok && !ref_ok) {
      EXPECT_EQ(e.noticed, std::min(ref.offset, t.size())) << text;
      EXPECT_EQ(e.token, ref.token) << text;
      EXPECT_LE(e.offset, e.noticed) << text;
    }
  }
}

TEST(Json, ErrorsAreReportedAtTheStartOfTheirToken) {
  const std::pair<const char*, std::size_t> cases[] = {
      {"[tru]", 1},
      {"{\"a\":1 \"b\":2}", 7},
      {"[\"abc", 1},
      {"[1 2]", 3},
      {"{\"a\": 20x4}", 8},
      {"[\"\\x\"]", 1},
      {"[1,\n  {\"id\": \"a\"}\n  {\"id\": \"b\"}]", 20},
      {"[1,]", 3},
      {"", 0},
  };
  for (const auto& [text, at] : cases) {
    json::Value v;
    json::ParseError e;
    EXPECT_FALSE(json::parse(text, v, &e)) << text;
    EXPECT_EQ(e.offset, at) << text;
  }
}

TEST(Json, LoneSurrogatesAndNulsAreNoted) {
  json::Value v;
  json::ParseNotes notes;
  ASSERT_TRUE(json::parse("[\"a\\ud800b\", \"\\udc00\", \"\\ud83d\\ude00\", \"x\\u0000y\"]", v,
                          nullptr, &notes));
  EXPECT_EQ(v.items.at(0).text,
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(v.items.at(1).text, "\xEF\xBF\xBD");
  EXPECT_EQ(v.items.at(2).text, "\xF0\x9F\x98\x80");  // a proper pair is one code point
  EXPECT_EQ(v.items.at(3).text, std::string("x\0y", 3));
  EXPECT_EQ(notes.lone_surrogates, 2u);
  EXPECT_EQ(notes.first_lone_surrogate, 3u);
  EXPECT_EQ(notes.nuls, 1u);
}

TEST(Json, WriterCompactAndPretty) {
  json::Writer c;
  c.begin_object()
      .field("s", "a\"b\x01")
      .field("n", -3)
      .field("t", true)
      .key("e")
      .begin_array()
      .end_array()
      .key("o")
      .begin_object()
      .end_object()
      .key("z")
      .null()
      .end_object();
  EXPECT_EQ(c.str(), R"({"s":"a\"b\u0001","n":-3,"t":true,"e":[],"o":{},"z":null})");
  json::Writer p(2);
  p.begin_array()
      .begin_object()
      .field("k", "v")
      .key("l")
      .begin_array()
      .number(1)
      .number(2)
      .end_array()
      .end_object()
      .end_array();
  EXPECT_EQ(p.str(), "[\n  {\n    \"k\": \"v\",\n    \"l\": [\n      1,\n      2\n    ]\n  }\n]");
  // The same text as nlohmann's dump(2).
  EXPECT_EQ(p.str(), nlohmann::ordered_json::parse(p.str()).dump(2));
}

TEST(Json, WriterReplacesInvalidUtf8) {
  std::string out;
  json::append_string(out, "a\xFF\xC3\xA9\xE2\x82");
  EXPECT_EQ(out, "\"a\xEF\xBF\xBD\xC3\xA9\xEF\xBF\xBD\xEF\xBF\xBD\"");
}
