// What a checker decides about one output, in the judge's own types. The plugin ABI's
// check result (judge_check_result, JUDGE_CHECK_*) is turned into these in exactly one
// place, the plugin loader (judge/src/plugin/loaded_plugin.cc, InterpretCheck); no
// other part of the core sees the ABI types.
//
// A checker that cannot judge (a crashed plugin, a plugin reporting "checker failure",
// bad jury data) is not an outcome: it is a non-OK Status, and the test is JE.
// Plain values; thread-safe to copy.
#ifndef JUDGE_CHECK_H_
#define JUDGE_CHECK_H_

#include <optional>
#include <string>
#include <string_view>

namespace judge {

enum class CheckVerdict {
  kAccepted,           // score 1
  kWrongAnswer,        // score 0
  kPresentationError,  // right answer, wrong format; score 0
  kPartial,            // not fully right: score in [0, 1)
};

// "AC", "WA", "PE", "partial".
std::string_view CheckVerdictName(CheckVerdict v);

struct CheckOutcome {
  CheckVerdict verdict = CheckVerdict::kWrongAnswer;
  double score = 0.0;   // 1 for AC, in [0, 1) for partial, else 0
  std::string message;  // why, one line (may be empty for AC)
  // A Kattis output validator's score.txt: the test's score in the problem's own units
  // (scoring problems add these up; testdata.yaml). Unset when it wrote none.
  std::optional<double> reported_score;
  // Multi-pass: the validator accepted this pass and wrote nextpass.in; this is a host
  // copy of it the grader owns (the next pass's input). Empty: the last pass.
  std::string next_pass_input;
};

// What a plugin made of what it was given - Solve: the reference answer to an input;
// Generate: a test input from a seed and parameters - or its refusal: the input (or
// the parameters) are not legal, for the plugin's reason. A refusal is an outcome, not
// a failure of the judge or the plugin: its caller decides what it means (verify: an
// invalid test input; stress while shrinking: parameters to skip; the CLI: the user's
// input). A plugin that fails is a non-OK Status instead.
struct PluginOutput {
  bool refused = false;
  std::string output;  // the answer or the input; empty when refused
  std::string reason;  // when refused: "invalid input: ..." or "invalid generator parameters: ..."
};

// The outcome of validating an input: valid, or the reason it is not.
struct ValidateOutcome {
  bool valid = false;
  std::string message;
};

}  // namespace judge

#endif  // JUDGE_CHECK_H_
