// The special judge of both 8-puzzle packages (eight: one board per input,
// eight-multi: boards until end of input): a contestant's answers to a list of boards.
//
// Theory of operation
// -------------------
// The output is read as lines ('\n'; a line may end in CRLF). Tolerated: trailing
// spaces, tabs and '\r' on a line, a missing final newline, blank lines after the
// last case. The answer to case i is line i: the word "unsolvable" or a string of
// u/d/l/r letters replayed from the board with eight::Replay; the goal's answer is
// the empty line (a missing trailing line counts as empty too).
//
// Verdicts, the first wrong case deciding (a wrong answer anywhere outranks a
// presentation error anywhere):
//  - presentation error: an answer that is right once whitespace inside the line is
//    removed (leading spaces, spaces between letters), or more lines than cases
//    where the answers are right once the blank lines are dropped (blank lines
//    between cases; the non-blank lines are matched to all cases, or to the cases
//    other than the goal, whose answer is the empty line);
//  - wrong answer: more lines than cases otherwise, an illegal character, a move
//    off the board, a final state other than the goal, "unsolvable" for a solvable
//    board, moves for an unsolvable board, and with require_shortest, a solution
//    longer than the shortest (eight/solver.h).
// Every message names the case and, where there is one, the move (1-based) or line.
//
// Cost: two passes over the output, no allocation per move, so a 10^7-letter line
// or megabytes of binary garbage are judged in linear time; quoted text in
// messages is cut to a few characters.
#ifndef PLUGINS_EIGHT_CHECKER_H_
#define PLUGINS_EIGHT_CHECKER_H_

#include <string>
#include <string_view>
#include <vector>

#include "eight/board.h"
#include "eight/parse.h"

namespace eight {

enum class AnswerVerdict { kAccepted, kWrongAnswer, kPresentationError };

struct AnswerCheck {
  AnswerVerdict verdict = AnswerVerdict::kAccepted;
  std::string message;  // one line; on acceptance a short summary
};

struct AnswerCheckOptions {
  bool require_shortest = false;  // the "optimal" package option
};

// Judges output as the answers to boards (each a permutation of 0..8, at least one).
// Thread-safe.
AnswerCheck CheckAnswers(const std::vector<Board>& boards, std::string_view output,
                         const AnswerCheckOptions& options);

enum class JudgeVerdict { kAccepted, kWrongAnswer, kPresentationError, kCheckerFailure };
struct JudgeTextResult {
  JudgeVerdict verdict = JudgeVerdict::kCheckerFailure;
  std::string message;
};

// Judges a contestant's output file. Bad jury data is kCheckerFailure: an input that
// does not parse ("input: ..."), or a non-empty jury answer that is not itself a
// correct answer ("jury answer: ..."). An empty jury answer is not checked.
JudgeTextResult JudgeText(std::string_view input, std::string_view output, std::string_view jury_answer,
                          const AnswerCheckOptions& options, CaseCount count);

}  // namespace eight

#endif  // PLUGINS_EIGHT_CHECKER_H_
