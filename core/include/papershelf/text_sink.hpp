// Where a long text goes as it is written, apart from every writer: the HTML list, the pages and
// the metadata hand their text on in pieces, so that none of them holds it whole.
#pragma once

#include <string>
#include <string_view>

namespace papershelf {

// Receives a long text in consecutive pieces as it is written, so that it is never held whole.
struct TextSink {
  virtual void write(std::string_view piece) = 0;

 protected:
  ~TextSink() = default;
};
// A sink that keeps the whole text.
struct StringSink final : TextSink {
  std::string text;
  void write(std::string_view piece) override { text.append(piece); }
};

}  // namespace papershelf
