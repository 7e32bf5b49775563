// The tests' one way to run the built `judge` executable: its arguments as a list
// (no shell, no quoting), extra environment variables for that run only (the test's
// own environment is never changed), stdin from a file or /dev/null, and stdout,
// stderr and the exit code captured apart. A trusted process (judge/base/process.h,
// Boost.Process), so the test binary links judge_base.
#ifndef JUDGE_TESTS_SUPPORT_RUN_JUDGE_H_
#define JUDGE_TESTS_SUPPORT_RUN_JUDGE_H_

#include <string>
#include <utility>
#include <vector>

#include "judge/base/process.h"

namespace judge::testing_support {

// Environment variables set for one run, e.g. {{"JUDGE_PLUGIN_DIR", dir}}.
using Env = std::vector<std::pair<std::string, std::string>>;

struct JudgeRun {
  int exit_code = -1;  // the judge's exit code, 128 + signal, or -1 when it could not start
  std::string out;
  std::string err;     // or why the judge could not start
};

// Runs `exe args...` to its end (killed after timeout_ms when > 0: exit 137).
inline JudgeRun RunJudge(const std::string& exe, const std::vector<std::string>& args, const Env& env = {},
                         const std::string& stdin_path = "", int64_t timeout_ms = 0) {
  ProcessSpec spec;
  spec.argv.push_back(exe);
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.env = env;
  spec.stdin_path = stdin_path;
  Result<ProcessResult> r = RunProcess(spec, timeout_ms);
  JudgeRun run;
  if (!r.ok()) {
    run.err = r.status().message();
    return run;
  }
  run.exit_code = r->exit_code;
  run.out = std::move(r->out);
  run.err = std::move(r->err);
  return run;
}

}  // namespace judge::testing_support

#endif  // JUDGE_TESTS_SUPPORT_RUN_JUDGE_H_
