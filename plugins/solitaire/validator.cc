#include "validator.h"

#include "solitaire/input.h"

namespace solitaire_plugin {

std::string ValidateInput(std::string_view input) {
  solitaire::ParsedInput parsed = solitaire::ParseInput(input, solitaire::InputLayout::kStrict);
  if (!parsed.ok()) return parsed.error;
  if (static_cast<int64_t>(parsed.cases.size()) > kMaxCases)
    return "expected at most " + std::to_string(kMaxCases) + " cases, found " + std::to_string(parsed.cases.size());
  return "";
}

}  // namespace solitaire_plugin
