// `judge languages --check`: does each language profile work on this host? Each
// profile's `hello` program is compiled and run through the pipeline, in the sandbox,
// exactly as a submission would be (so a sandbox that hides a toolchain's files, or a
// JVM that needs more processes, shows here rather than on a contestant's program),
// and its output must be the tokens "hello world".
//
// Thread safety: one call at a time per sandbox; the pipeline's own rules apply.
#ifndef JUDGE_LANGUAGE_CHECK_H_
#define JUDGE_LANGUAGE_CHECK_H_

#include <cstdint>
#include <string>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/judging/pipeline.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

enum class LanguageCheckOutcome {
  kPassed,       // compiled, ran, printed hello world
  kFailed,       // installed, but the compile, the run or the output was wrong
  kUnavailable,  // its tools are not installed (not a failure: nothing to check)
  kNoProgram,    // the profile has no `hello` program
};

struct LanguageCheck {
  LanguageCheckOutcome outcome = LanguageCheckOutcome::kFailed;
  std::string detail;      // why it failed or is unavailable; the version when passed
  int64_t compile_ms = 0;  // wall time of the compile (0 from the cache)
  int64_t run_ms = 0;      // wall time of the run
};

// Compiles and runs profile.hello with a 10 s CPU limit and 1 GiB of memory. A failure
// of the language is an outcome; only a failure of the judge (the sandbox, the
// scratch directory) is an error Status.
Result<LanguageCheck> CheckLanguage(const LanguageProfile& profile, Pipeline* pipeline, Sandbox* sandbox);

}  // namespace judge

#endif  // JUDGE_LANGUAGE_CHECK_H_
