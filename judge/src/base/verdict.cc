#include "judge/verdict.h"

#include <array>

namespace judge {
namespace {

struct Names {
  Verdict verdict;
  std::string_view code;
  std::string_view folder;
  int severity;
};

constexpr std::array<Names, 9> kNames = {{
    {Verdict::kAccepted, "AC", "accepted", 0},
    {Verdict::kWrongAnswer, "WA", "wrong_answer", 2},
    {Verdict::kPresentationError, "PE", "presentation_error", 1},
    {Verdict::kTimeLimitExceeded, "TLE", "time_limit_exceeded", 3},
    {Verdict::kMemoryLimitExceeded, "MLE", "memory_limit_exceeded", 3},
    {Verdict::kOutputLimitExceeded, "OLE", "output_limit_exceeded", 3},
    {Verdict::kRuntimeError, "RE", "run_time_error", 3},
    {Verdict::kCompileError, "CE", "compile_error", 4},
    {Verdict::kJudgeError, "JE", "judge_error", 5},
}};

// The row whose `field` equals `value`, or null.
template <typename T>
const Names* FindBy(T Names::*field, const T& value) {
  for (const auto& n : kNames)
    if (n.*field == value) return &n;
  return nullptr;
}

}  // namespace

std::string_view VerdictCode(Verdict v) {
  const Names* n = FindBy(&Names::verdict, v);
  return n ? n->code : std::string_view("??");
}

std::optional<Verdict> ParseVerdictCode(std::string_view code) {
  const Names* n = FindBy(&Names::code, code);
  return n ? std::optional<Verdict>(n->verdict) : std::nullopt;
}

std::string_view VerdictFolderName(Verdict v) {
  const Names* n = FindBy(&Names::verdict, v);
  return n ? n->folder : std::string_view("unknown");
}

std::optional<Verdict> ParseVerdictFolderName(std::string_view folder) {
  const Names* n = FindBy(&Names::folder, folder);
  return n ? std::optional<Verdict>(n->verdict) : std::nullopt;
}

int VerdictSeverity(Verdict v) {
  const Names* n = FindBy(&Names::verdict, v);
  return n ? n->severity : 5;
}

}  // namespace judge
