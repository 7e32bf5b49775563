// Helpers for the end-to-end tests: run the built `judge` executable, make small
// problem packages and submissions in a temporary directory.
#ifndef JUDGE_TESTS_CLI_CLI_UTIL_H_
#define JUDGE_TESTS_CLI_CLI_UTIL_H_

#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "run_judge.h"
#include "support/files.h"
#include "support/temp_dir.h"

namespace judge::clitest {

using testing_support::Env;

using testing_support::ReadFile;
using testing_support::WriteFile;

inline std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') out += "'\\''";
    else out += c;
  }
  return out + "'";
}

struct Ran {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// A test's temporary directory (tests/support/temp_dir.h) from which it runs the judge.
class JudgeDir : public testing_support::TempDir {
 public:
  // Runs `judge args...` (stdin /dev/null) with extra environment variables for this
  // run only; captures both streams (tests/support/run_judge.h).
  Ran Judge(const std::vector<std::string>& args, const Env& env = {}) const {
    testing_support::JudgeRun run = testing_support::RunJudge(JUDGE_EXE, args, env);
    return Ran{run.exit_code, std::move(run.out), std::move(run.err)};
  }
};

// Runs a host tool (g++, sqlite3, mount) as a trusted process: its exit code (-1
// when it could not start), output dropped.
inline int RunTool(const std::vector<std::string>& argv) {
  ProcessSpec spec;
  spec.argv = argv;
  Result<ProcessResult> r = RunProcess(spec);
  return r.ok() ? r->exit_code : -1;
}

// Starts `judge args...` in the background with extra environment variables; its
// stdout and stderr go to one pipe (ChildProcess::output_fd). Null when it cannot
// start (the test's assertion says so).
inline std::unique_ptr<ChildProcess> SpawnJudge(const std::vector<std::string>& args, const Env& env = {}) {
  ProcessSpec spec;
  spec.argv.push_back(JUDGE_EXE);
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.env = env;
  Result<std::unique_ptr<ChildProcess>> child = ChildProcess::Start(spec);
  return child.ok() ? std::move(child).value() : nullptr;
}

inline bool DirIsEmpty(const std::string& dir) {
  std::error_code ec;
  return std::filesystem::is_empty(dir, ec) && !ec;
}

inline std::string Problems() { return JUDGE_PROBLEMS_DIR; }

inline int CountLines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace judge::clitest

#endif  // JUDGE_TESTS_CLI_CLI_UTIL_H_
