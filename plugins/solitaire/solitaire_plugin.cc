// Plugin "solitaire" (POJ 1198): the ABI wiring over the SDK. The rules and the
// reference solver are reference/solitaire's; the checker, validator and generator
// this folder's.
//
// Every call builds its own Solver (635 KB of stamps, allocated zeroed), so calls share
// no mutable state and are thread-safe as the ABI requires.
#include <string>
#include <string_view>

#include "checker.h"
#include "generator.h"
#include "judge_plugin_sdk.h"
#include "solitaire/answer.h"
#include "solitaire/input.h"
#include "solitaire/solver.h"
#include "validator.h"

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
    return JudgeOutput(input, output, answer, options);
  }

  std::string Validate(std::string_view input) const override { return ValidateInput(input); }

  std::string Generate(uint64_t seed, const Options& params) const override { return GenerateInput(seed, params); }
};

}  // namespace
}  // namespace solitaire_plugin

JUDGE_PLUGIN(solitaire_plugin::SolitaireProblem, "solitaire", "1.0.0")
