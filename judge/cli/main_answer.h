// The reference answer of a package without a plugin, for the commands that need one
// (`judge solve`, `judge check` without <answer>): a Polygon package's main solution,
// built and run as `judge verify` makes the answers a package lacks
// (polygon_tests.h, AnswerWithPolygonMain), with the host's languages and build cache.
// Ctrl-C stops it (an InterruptHandler for the call: not with another one alive).
#ifndef JUDGE_CLI_MAIN_ANSWER_H_
#define JUDGE_CLI_MAIN_ANSWER_H_

#include <string>

#include "judge/base/status.h"
#include "judge/config/problem.h"
#include "judge/judging/polygon_tests.h"

namespace judge::cli {

// The main solution's answer to the input file at input_path (input_name names it in
// errors). Errors are AnswerWithPolygonMain's, or the languages' that cannot be loaded.
Result<PolygonMainAnswer> MainSolutionAnswer(const ProblemConfig& config, const std::string& input_path,
                                             const std::string& input_name);

}  // namespace judge::cli

#endif  // JUDGE_CLI_MAIN_ANSWER_H_
