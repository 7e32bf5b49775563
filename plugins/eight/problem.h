// The SDK adapter shared by the plugins "eight" (one board per input, POJ 1077) and
// "eight-multi" (boards until end of input, HDU 1043): they differ only in how many
// cases an input holds. The rules and solver live in reference/eight; the checker,
// validator and generator in this folder.
//
// Plugin options: optimal=true|false (default false) requires shortest answers.
// Thread-safe: stateless; the solver's table is an immutable function-local static.
#ifndef PLUGINS_EIGHT_PROBLEM_H_
#define PLUGINS_EIGHT_PROBLEM_H_

#include <string>
#include <string_view>

#include "checker.h"
#include "eight/solver.h"
#include "generator.h"
#include "judge_plugin_sdk.h"
#include "validator.h"

namespace eight_plugin {

using judge::sdk::CheckResult;
using judge::sdk::InvalidInput;
using judge::sdk::Options;

template <eight::CaseCount kCount>
class EightProblem : public judge::sdk::Problem {
 public:

  std::string Solve(std::string_view input) const override {
    eight::SolveTextResult r = eight::SolveText(input, kCount);
    if (!r.error.empty()) throw InvalidInput(r.error);
    return r.answer;
  }

  CheckResult Check(std::string_view input, std::string_view output, std::string_view answer,
                    const Options& options) const override {
    eight::AnswerCheckOptions check_options;
    try {
      options.RequireKnown({"optimal"});
      check_options.require_shortest = options.GetBool("optimal", false);
    } catch (const InvalidInput& e) {
      return CheckResult::CheckerFailure(std::string("plugin options: ") + e.what());
    }
    eight::JudgeTextResult r = eight::JudgeText(input, output, answer, check_options, kCount);
    switch (r.verdict) {
      case eight::JudgeVerdict::kAccepted: return CheckResult::Accepted(r.message);
      case eight::JudgeVerdict::kWrongAnswer: return CheckResult::WrongAnswer(r.message);
      case eight::JudgeVerdict::kPresentationError:
        return CheckResult::PresentationError(r.message);
      case eight::JudgeVerdict::kCheckerFailure: break;
    }
    return CheckResult::CheckerFailure(r.message);
  }

  std::string Validate(std::string_view input) const override {
    return eight::ValidateText(input, kCount);
  }

  std::string Generate(uint64_t seed, const Options& params) const override {
    eight::GeneratedInput g = eight::GenerateInput(seed, params.items(), kCount);
    if (!g.ok()) throw InvalidInput(g.error);
    return g.text;
  }
};

}  // namespace eight_plugin

#endif  // PLUGINS_EIGHT_PROBLEM_H_
