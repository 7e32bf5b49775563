// The input validator of Solitaire: the statement's strict layout (two lines of eight
// numbers per case, single spaces), and at most kMaxCases cases per file.
// Thread-safe.
#ifndef PLUGINS_SOLITAIRE_VALIDATOR_H_
#define PLUGINS_SOLITAIRE_VALIDATOR_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace solitaire_plugin {

inline constexpr int64_t kMaxCases = 10000;  // also the generator's limit per file

// "" when input is legal, else a one-line reason naming the line and token.
std::string ValidateInput(std::string_view input);

}  // namespace solitaire_plugin

#endif  // PLUGINS_SOLITAIRE_VALIDATOR_H_
