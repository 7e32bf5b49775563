// Fakes for the grading tests: a sandbox that runs no process, a plugin caller that
// loads no library; and the shared test helpers (tests/support) under this namespace.
#ifndef JUDGE_TESTS_GRADING_FAKES_H_
#define JUDGE_TESTS_GRADING_FAKES_H_

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "judge/plugin/plugin_host.h"
#include "judge/sandbox/sandbox.h"
#include "support/files.h"
#include "support/temp_dir.h"

namespace judge::testing {

using testing_support::ReadFile;
using testing_support::TempDir;
using testing_support::WriteFile;

// What a fake program does: given the spec (stdin path, work dir), return the result
// and, through *stdout_text, what it printed.
using FakeProgram = std::function<RunResult(const RunSpec& spec, std::string* stdout_text)>;

class FakeSandbox : public Sandbox {
 public:
  explicit FakeSandbox(FakeProgram program) : program_(std::move(program)) {}

  Result<RunResult> Run(const RunSpec& spec) override { return RunAs(spec, 0); }

  // Sessions are numbered from 1 as they are opened; each of their runs is recorded
  // with its number (session_of_run, beside specs), a plain Run() with 0.
  std::unique_ptr<SandboxSession> OpenSession() override {
    std::lock_guard<std::mutex> lock(mu_);
    return std::make_unique<Session>(this, ++sessions_opened);
  }

  std::vector<RunSpec> specs;
  std::vector<int> session_of_run;
  int sessions_opened = 0;
  bool fail_next = false;

 private:
  class Session : public SandboxSession {
   public:
    Session(FakeSandbox* sandbox, int id) : sandbox_(sandbox), id_(id) {}
    Result<RunResult> Run(const RunSpec& spec) override { return sandbox_->RunAs(spec, id_); }

   private:
    FakeSandbox* sandbox_;
    int id_;
  };

  Result<RunResult> RunAs(const RunSpec& spec, int session) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      specs.push_back(spec);
      session_of_run.push_back(session);
      if (fail_next) {
        fail_next = false;
        return Status::IoError("fake sandbox: cannot create cgroup");
      }
    }
    std::string out;
    RunResult r = program_(spec, &out);
    if (!spec.stdout_path.empty()) WriteFile(spec.stdout_path, out);
    if (r.time_method.empty()) r.time_method = "fake";
    if (r.memory_method.empty()) r.memory_method = "fake";
    return r;
  }

  std::mutex mu_;
  FakeProgram program_;
};

inline RunResult Ok(int64_t cpu_ms = 1, int64_t memory_kib = 100) {
  RunResult r;
  r.status = RunStatus::kOk;
  r.cpu_ms = cpu_ms;
  r.wall_ms = cpu_ms + 1;
  r.memory_kib = memory_kib;
  r.exit_code = 0;
  return r;
}

// What a scripted solve or generate returns: output, or a refusal with its reason.
inline PluginOutput Made(std::string output) { return PluginOutput{false, std::move(output), ""}; }
inline PluginOutput Refused(std::string reason) { return PluginOutput{true, "", std::move(reason)}; }

// A plugin caller scripted with functions; unset functions fail like a broken plugin.
class FakePluginCaller : public PluginCaller {
 public:
  std::function<Result<CheckOutcome>(std::string_view, std::string_view, std::string_view,
                                     std::string_view)>
      check;
  std::function<Result<PluginOutput>(std::string_view)> solve;
  std::function<Result<ValidateOutcome>(std::string_view)> validate;
  std::function<Result<PluginOutput>(uint64_t, std::string_view)> generate;
  int check_calls = 0;

  const std::string& id() const override { return id_; }
  const std::string& version() const override { return version_; }
  const std::string& path() const override { return path_; }
  Result<PluginOutput> Solve(std::string_view input) override {
    if (!solve) return Status::Internal("plugin 'fake': solve not scripted");
    return solve(input);
  }
  Result<CheckOutcome> Check(std::string_view input, std::string_view output,
                             std::string_view answer, std::string_view options) override {
    ++check_calls;
    if (!check) return Status::Internal("plugin 'fake': check not scripted");
    return check(input, output, answer, options);
  }
  Result<ValidateOutcome> Validate(std::string_view input) override {
    if (!validate) return Status::Internal("plugin 'fake': validate not scripted");
    return validate(input);
  }
  Result<PluginOutput> Generate(uint64_t seed, std::string_view params) override {
    if (!generate) return Status::Internal("plugin 'fake': generate not scripted");
    return generate(seed, params);
  }

 private:
  std::string id_ = "fake";
  std::string version_ = "0.1";
  std::string path_ = "/nonexistent/fake.so";
};

}  // namespace judge::testing

#endif  // JUDGE_TESTS_GRADING_FAKES_H_
