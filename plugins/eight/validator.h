// The input validator of both 8-puzzle packages: the file parses as the problem's
// boards (any whitespace between tokens, as the originals' inputs had), and an
// eight-multi file holds at most kMaxCases boards (the statement's bound).
// Thread-safe.
#ifndef PLUGINS_EIGHT_VALIDATOR_H_
#define PLUGINS_EIGHT_VALIDATOR_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "eight/parse.h"

namespace eight {

// The most boards an eight-multi input may hold.
inline constexpr size_t kMaxCases = 100000;

// "" when input is a legal input file, else a one-line reason naming the case.
std::string ValidateText(std::string_view input, CaseCount count);

}  // namespace eight

#endif  // PLUGINS_EIGHT_VALIDATOR_H_
