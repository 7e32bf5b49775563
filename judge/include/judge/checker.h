// Checkers: decide whether a contestant's output is right for one test.
//
// Built-in checkers compare against the package's .ans file (problem.yaml
// checker.type: exact, lines, tokens, float); the plugin checker asks the problem's
// plugin through a PluginCaller (isolated by default).
//
// Two kinds of failure are kept apart, as everywhere in the judge:
//  - a CheckOutcome (AC, WA, PE, partial): what the output deserves;
//  - a non-OK Status from Check(): the checker could not judge (a crashed or hung
//    plugin, a plugin that reports "checker failure", unreadable jury data). The test
//    is JE, never WA.
#ifndef JUDGE_CHECKER_H_
#define JUDGE_CHECKER_H_

#include <memory>
#include <string>
#include <string_view>

#include "judge/check.h"
#include "judge/plugin_host.h"
#include "judge/problem.h"
#include "judge/status.h"

namespace judge {

// The built-in comparisons. Pure functions of their arguments; thread-safe. The
// message says where the first difference is ("line 3: expected \"5\", found \"4\"").
//
// exact:  byte-for-byte; when the bytes differ but the tokens are equal: PE.
// lines:  line by line, ignoring trailing spaces/tabs/CR on each line and trailing
//         empty lines; equal tokens but different line breaks: PE.
// tokens: whitespace-separated tokens, any amount/kind of whitespace.
// float:  as tokens, but two tokens that both read fully as numbers are equal when
//         |out - ans| <= absolute or |out - ans| <= relative * |ans|; nan/inf must
//         match in kind.
CheckOutcome CompareExact(std::string_view output, std::string_view answer);
CheckOutcome CompareLines(std::string_view output, std::string_view answer);
CheckOutcome CompareTokens(std::string_view output, std::string_view answer);
CheckOutcome CompareFloats(std::string_view output, std::string_view answer,
                           double absolute_tolerance, double relative_tolerance);

// One test's checking, however it is done. Thread safety: Check() may be called
// concurrently only if the implementation says so (the built-in ones may be).
class Checker {
 public:
  virtual ~Checker() = default;
  // "exact", "tokens", ..., or "plugin eight 1.0.0"; stored with each judging.
  virtual std::string Describe() const = 0;
  virtual Result<CheckOutcome> Check(std::string_view input, std::string_view output,
                                     std::string_view answer) = 0;
};

// The built-in checker named by config.checker (which must not be kPlugin).
std::unique_ptr<Checker> MakeBuiltinChecker(const ProblemConfig& config);

// The plugin's check with options ("key=value" lines). The caller is borrowed and
// must outlive the checker. A checker failure or a failed call is a non-OK Status
// naming the plugin; a partial outcome stays partial (the grader scores it).
std::unique_ptr<Checker> MakePluginChecker(PluginCaller* caller, std::string options);

}  // namespace judge

#endif  // JUDGE_CHECKER_H_
