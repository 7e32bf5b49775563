// The Solitaire plugin (POJ 1198): reference solver, special judge, validator and
// generator, built on the rules in reference/solitaire.
//
// Every call builds its own Solver (635 KB of stamps, allocated zeroed), so calls share
// no mutable state and are thread-safe as the ABI requires.
#include <string>
#include <string_view>
#include <vector>

#include "generator.h"
#include "judge_plugin_sdk.h"
#include "output_checker.h"
#include "solitaire/answer.h"
#include "solitaire/input.h"
#include "solitaire/solver.h"

namespace solitaire_plugin {
namespace {

using judge::sdk::CheckResult;
using judge::sdk::InvalidInput;
using judge::sdk::Options;

class SolitaireProblem : public judge::sdk::Problem {
 public:
  std::string Solve(std::string_view input) const override {
    solitaire::ParsedInput parsed = solitaire::ParseInput(input, solitaire::InputLayout::kTokens);
    if (!parsed.ok()) throw InvalidInput(parsed.error);
    solitaire::Solver solver;
    return solitaire::Answer(parsed.cases, solver);
  }

  CheckResult Check(std::string_view input, std::string_view output, std::string_view answer,
                    const Options& options) const override {
    options.RequireKnown({});
    solitaire::ParsedInput parsed = solitaire::ParseInput(input, solitaire::InputLayout::kTokens);
    if (!parsed.ok()) return CheckResult::CheckerFailure("jury input: " + parsed.error);
    std::vector<bool> expected;
    if (answer.empty()) {
      // No jury answer: the reference solver's is the truth.
      solitaire::Solver solver;
      expected.reserve(parsed.cases.size());
      for (const solitaire::Case& c : parsed.cases)
        expected.push_back(solver.Reachable(c.start, c.target, solitaire::kProblemMoveLimit));
    } else {
      std::string error = ParseJuryAnswer(answer, parsed.cases.size(), &expected);
      if (!error.empty()) return CheckResult::CheckerFailure(error);
    }
    return CheckOutput(output, expected);
  }

  std::string Validate(std::string_view input) const override {
    solitaire::ParsedInput parsed = solitaire::ParseInput(input, solitaire::InputLayout::kStrict);
    if (!parsed.ok()) return parsed.error;
    if (static_cast<int64_t>(parsed.cases.size()) > kMaxCases) {
      return "expected at most " + std::to_string(kMaxCases) + " cases, found " +
             std::to_string(parsed.cases.size());
    }
    return "";
  }

  std::string Generate(uint64_t seed, const Options& params) const override {
    return GenerateInput(seed, params);
  }
};

}  // namespace
}  // namespace solitaire_plugin

JUDGE_PLUGIN(solitaire_plugin::SolitaireProblem, "solitaire", "1.0.0")
