// The package's input validator: the statement's exact layout, stricter than the
// reference parser (which accepts any whitespace).
#ifndef ROTATION_PLUGIN_VALIDATOR_H_
#define ROTATION_PLUGIN_VALIDATOR_H_

#include <string>
#include <string_view>

namespace rotation::judging {

// The most cases one input may hold (as in the original statement).
inline constexpr int kMaxCases = 30;

// Empty when input is legal: 1..kMaxCases lines of 24 digits 1..3 separated by single
// spaces, each digit 8 times per line, then a line "0", every line ending in '\n',
// nothing after. Otherwise one line naming the case (or line), the token and what was
// expected and found. Linear time; thread-safe.
std::string ValidateInput(std::string_view input);

}  // namespace rotation::judging

#endif  // ROTATION_PLUGIN_VALIDATOR_H_
