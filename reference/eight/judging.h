// Whole-file operations of the two 8-puzzle packages (eight: one board per input,
// eight-multi: boards until end of input). The plugins are thin adapters over these,
// so both packages share one implementation of solving, checking and validating.
// All functions are thread-safe.
#ifndef EIGHT_JUDGING_H_
#define EIGHT_JUDGING_H_

#include <string>
#include <string_view>

#include "eight/answer_check.h"
#include "eight/parse.h"

namespace eight {

struct SolveTextResult {
  std::string answer;  // one line per board: shortest moves or "unsolvable"
  std::string error;   // the parse error; empty on success
};

// The reference answer file for an input file.
SolveTextResult SolveText(std::string_view input, CaseCount count);

// The most boards an eight-multi input may hold (the statement's bound).
inline constexpr size_t kMaxCases = 100000;

// "" when input is a legal input file (parses; at most kMaxCases boards), else a
// one-line reason naming the case.
std::string ValidateText(std::string_view input, CaseCount count);

enum class JudgeVerdict { kAccepted, kWrongAnswer, kPresentationError, kCheckerFailure };

struct JudgeTextResult {
  JudgeVerdict verdict = JudgeVerdict::kCheckerFailure;
  std::string message;
};

// Judges a contestant's output file. Bad jury data is kCheckerFailure: an input that
// does not parse ("input: ..."), or a non-empty jury answer that is not itself a
// correct answer ("jury answer: ..."). An empty jury answer is not checked.
JudgeTextResult JudgeText(std::string_view input, std::string_view output,
                          std::string_view jury_answer, const AnswerCheckOptions& options,
                          CaseCount count);

}  // namespace eight

#endif  // EIGHT_JUDGING_H_
