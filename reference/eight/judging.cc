#include "eight/judging.h"

#include "eight/solver.h"

namespace eight {

SolveTextResult SolveText(std::string_view input, CaseCount count) {
  SolveTextResult r;
  ParseResult parsed = ParseBoards(input, count);
  if (!parsed.ok()) {
    r.error = parsed.error;
    return r;
  }
  for (const Board& b : parsed.boards) {
    if (!AppendShortest(b, &r.answer)) r.answer += "unsolvable";
    r.answer += '\n';
  }
  return r;
}

std::string ValidateText(std::string_view input, CaseCount count) {
  ParseResult parsed = ParseBoards(input, count);
  if (!parsed.ok()) return parsed.error;
  if (parsed.boards.size() > kMaxCases)
    return "expected at most " + std::to_string(kMaxCases) + " boards, found " +
           std::to_string(parsed.boards.size());
  return "";
}

JudgeTextResult JudgeText(std::string_view input, std::string_view output,
                          std::string_view jury_answer, const AnswerCheckOptions& options,
                          CaseCount count) {
  ParseResult parsed = ParseBoards(input, count);
  if (!parsed.ok()) return {JudgeVerdict::kCheckerFailure, "input: " + parsed.error};
  if (!jury_answer.empty()) {
    AnswerCheck jury = CheckAnswers(parsed.boards, jury_answer, AnswerCheckOptions{});
    if (jury.verdict != AnswerVerdict::kAccepted)
      return {JudgeVerdict::kCheckerFailure, "jury answer: " + jury.message};
  }
  AnswerCheck c = CheckAnswers(parsed.boards, output, options);
  switch (c.verdict) {
    case AnswerVerdict::kAccepted: return {JudgeVerdict::kAccepted, c.message};
    case AnswerVerdict::kWrongAnswer: return {JudgeVerdict::kWrongAnswer, c.message};
    case AnswerVerdict::kPresentationError: return {JudgeVerdict::kPresentationError, c.message};
  }
  return {JudgeVerdict::kCheckerFailure, "unknown verdict"};
}

}  // namespace eight
