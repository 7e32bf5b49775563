// Plugin "rotation": The Rotation Game (POJ 2286), also used by the rotation-file
// package (same problem, file I/O). A thin adapter from the SDK to the reference
// rules (reference/rotation) and this folder's checker, validator and generator.
//
// Plugin options: tie_break=lexicographic|any (see checker.h).
#include <string>
#include <string_view>
#include <vector>

#include "checker.h"
#include "generator.h"
#include "judge_plugin_sdk.h"
#include "rotation/bounded_distance_table.h"
#include "rotation/input.h"
#include "rotation/solver.h"
#include "validator.h"

namespace {

using judge::sdk::CheckResult;
using judge::sdk::InvalidInput;
using judge::sdk::Options;

class Rotation : public judge::sdk::Problem {
 public:
  // The judge loads a plugin once and runs each call in a forked child. Building the
  // solver's bounded table (~1 ms) here, at load time, lets every solve and check
  // inherit it. The full distance table (~25 ms) is only the generator's, a rare call:
  // it stays lazy so that loading the plugin (every `judge grade`) does not pay for it.
  Rotation() { rotation::BoundedDistanceTable::Get(); }

  std::string Solve(std::string_view input) const override {
    const rotation::ParsedInput parsed = rotation::ParseInput(input);
    if (!parsed.ok()) throw InvalidInput(parsed.error);
    std::vector<rotation::Solution> solutions;
    solutions.reserve(parsed.boards.size());
    for (const rotation::Board& board : parsed.boards) solutions.push_back(rotation::Solve(board));
    return rotation::FormatAnswer(solutions);
  }

  CheckResult Check(std::string_view input, std::string_view output, std::string_view answer,
                    const Options& options) const override {
    return rotation::judging::CheckOutput(input, output, answer, options);
  }

  std::string Validate(std::string_view input) const override {
    return rotation::judging::ValidateInput(input);
  }

  std::string Generate(uint64_t seed, const Options& params) const override {
    return rotation::judging::GenerateInput(seed, params);
  }
};

}  // namespace

JUDGE_PLUGIN(Rotation, "rotation", "1.0.0")
