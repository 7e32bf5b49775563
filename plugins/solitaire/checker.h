// The special judge of Solitaire: a contestant's output against the expected answers
// (the jury's .ans, or the reference solver's when there is none).
//
// Policy (also stated in problems/solitaire/statement.md):
//  - Accepted: one line per case, in order, each exactly YES or NO and right.
//    Tolerated without comment: spaces or tabs at the end of a line, CRLF line ends,
//    a missing newline after the last line, blank lines after the last answer.
//  - Wrong answer: a wrong YES/NO; a token other than yes/no in any letter case; a
//    number of answers other than the number of cases (a missing or extra line).
//  - Presentation error: every answer right, but laid out differently: yes/no not in
//    upper case, a blank line before or between answers, whitespace before an answer,
//    or more than one answer on a line. The message names the first such place.
// Every message is one line naming the case or line, e.g.
// "case 4: expected NO, found YES", "case 2: expected YES or NO, found 'maybe'",
// "expected 12 lines, found 11". Linear time and memory bounded by the number of
// cases, whatever the output holds (10^7-byte lines, NUL bytes, binary garbage).
#ifndef PLUGINS_SOLITAIRE_CHECKER_H_
#define PLUGINS_SOLITAIRE_CHECKER_H_

#include <string>
#include <string_view>
#include <vector>

#include "judge_plugin_sdk.h"

namespace solitaire_plugin {

// Reads the jury's answer: exactly `cases` tokens, each YES or NO. Returns the answers
// as booleans (true = YES) in *expected, or a one-line reason why the answer is unusable.
std::string ParseJuryAnswer(std::string_view answer, size_t cases, std::vector<bool>* expected);

// Judges output against the expected answers (true = YES), per the policy above.
judge::sdk::CheckResult CheckOutput(std::string_view output, const std::vector<bool>& expected);

// The whole check: the jury input parsed (any whitespace), the expected answers from
// `answer` or, when it is empty, from the reference solver, then CheckOutput. Bad jury
// data is a checker failure. No options are known. Thread-safe.
judge::sdk::CheckResult JudgeOutput(std::string_view input, std::string_view output, std::string_view answer,
                                    const judge::sdk::Options& options);

}  // namespace solitaire_plugin

#endif  // PLUGINS_SOLITAIRE_CHECKER_H_
