// Stress testing: generated inputs until the submission fails, then the smallest
// failing input found by shrinking the generator's parameters.
//
// Theory of operation
// -------------------
// Run i (0-based) generates an input with the plugin's generate(seed + i, params),
// gets the reference answer from solve, runs the compiled program on it in the
// sandbox and judges the output with the package's checker, exactly as grading a
// one-test package would. The first run that is not AC stops the search.
//
// Shrinking then looks for a smaller failing input: for each parameter the generators
// use for size (cases, depth, distance), smaller values are tried (1, a quarter, a
// half, one less; a parameter not given is tried at small values), each with a few
// seeds; a candidate that still fails and gives a shorter input is kept, and the
// process repeats until no candidate helps or the budget of runs is spent. Parameters
// a generator rejects are skipped. The result is the smallest failing input seen.
//
// A plugin failure (generate, solve or check) or a sandbox failure ends stress with a
// non-OK Status (the judge failed), never a verdict.
#ifndef JUDGE_STRESS_H_
#define JUDGE_STRESS_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "judge/base/key_value.h"
#include "judge/base/status.h"
#include "judge/grading/grader.h"
#include "judge/judging/package.h"
#include "judge/judging/pipeline.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

using StressParams = KeyValues;

// "k=v\n" lines, as the plugin ABI takes them.
std::string FormatStressParams(const StressParams& params);

struct StressCase {
  uint64_t seed = 0;
  StressParams params;
  std::string input;
  std::string answer;   // the reference solver's
  std::string output;   // the program's (capped at 64 KiB for the report)
  TestResult outcome;
};

struct StressOptions {
  int64_t count = 100;
  uint64_t seed = 1;
  StressParams params;
  int64_t shrink_budget = 100;  // runs spent on shrinking at most
  int shrink_seeds = 8;         // seeds tried per candidate
  // Called before each run with the run number (0-based) and whether it is shrinking.
  std::function<void(int64_t, bool)> on_run;
};

struct StressReport {
  int64_t runs = 0;                     // runs before the failure (or all of them)
  std::optional<StressCase> failure;    // the first failing run
  std::optional<StressCase> smallest;   // the smallest failing input found
  int64_t shrink_runs = 0;
};

// program: compiled by the pipeline (Pipeline::Compile); its runs go through
// Pipeline::RunTests with the package's checker. All borrowed for the call.
Result<StressReport> Stress(const Package& package, Pipeline* pipeline, const CompiledProgram& program,
                            Sandbox* sandbox, const StressOptions& options);

}  // namespace judge

#endif  // JUDGE_STRESS_H_
