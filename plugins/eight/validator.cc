#include "validator.h"

namespace eight {

std::string ValidateText(std::string_view input, CaseCount count) {
  ParseResult parsed = ParseBoards(input, count);
  if (!parsed.ok()) return parsed.error;
  if (parsed.boards.size() > kMaxCases)
    return "expected at most " + std::to_string(kMaxCases) + " boards, found " + std::to_string(parsed.boards.size());
  return "";
}

}  // namespace eight
