// Verdicts of a test and of a submission. The numbers are stored in SQLite and
// printed in JSON: they never change meaning. New verdicts are appended only.
//
// JE means the judge, a plugin or the package failed: never the contestant's fault,
// never mapped to WA or TLE, and never produced from a submission's own behaviour.
#ifndef JUDGE_VERDICT_H_
#define JUDGE_VERDICT_H_

#include <optional>
#include <string_view>

namespace judge {

enum class Verdict : int {
  kAccepted = 0,             // AC
  kWrongAnswer = 1,          // WA
  kPresentationError = 2,    // PE
  kTimeLimitExceeded = 3,    // TLE
  kMemoryLimitExceeded = 4,  // MLE
  kOutputLimitExceeded = 5,  // OLE
  kRuntimeError = 6,         // RE
  kCompileError = 7,         // CE
  kJudgeError = 8,           // JE
};

// "AC", "WA", ... Thread-safe; the view points at static storage.
std::string_view VerdictCode(Verdict v);
// Inverse of VerdictCode; nullopt for anything else (case-sensitive).
std::optional<Verdict> ParseVerdictCode(std::string_view code);
// The submissions/<expected>/ folder name: "accepted", "wrong_answer", ...
std::string_view VerdictFolderName(Verdict v);
std::optional<Verdict> ParseVerdictFolderName(std::string_view folder);

// Order used to pick a submission's verdict when it is not the first failure:
// higher is worse. JE outranks everything so a judge failure is never hidden.
int VerdictSeverity(Verdict v);

}  // namespace judge

#endif  // JUDGE_VERDICT_H_
