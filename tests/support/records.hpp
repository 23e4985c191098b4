// Helpers that build model values for tests, shared by the test files.
#pragma once

#include <string>
#include <utility>

#include "papershelf/model.hpp"

namespace papershelf::testing {

// A person by given and family name, with author markers ("*", "\u2020") when given.
inline Person person(std::string given, std::string family, std::string marks = "") {
  Person p;
  p.set_given(std::move(given));
  p.set_family(std::move(family));
  p.set_marks(std::move(marks));
  return p;
}

}  // namespace papershelf::testing
