// The grader (see judge/grader.h for the theory of operation).
#include "judge/grader.h"

#include <string.h>

#include <algorithm>
#include <optional>
#include <set>

#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/language.h"
#include "summary.h"

namespace judge {
namespace {

Verdict VerdictOfRun(RunStatus s) {
  switch (s) {
    case RunStatus::kTimeLimitExceeded: return Verdict::kTimeLimitExceeded;
    case RunStatus::kMemoryLimitExceeded: return Verdict::kMemoryLimitExceeded;
    case RunStatus::kOutputLimitExceeded: return Verdict::kOutputLimitExceeded;
    case RunStatus::kRuntimeError: return Verdict::kRuntimeError;
    case RunStatus::kOk: break;
  }
  return Verdict::kAccepted;
}

// The test verdict of a checker's outcome: a partial score is WA with the score.
Verdict VerdictOfCheck(CheckVerdict v) {
  switch (v) {
    case CheckVerdict::kAccepted: return Verdict::kAccepted;
    case CheckVerdict::kPresentationError: return Verdict::kPresentationError;
    case CheckVerdict::kWrongAnswer:
    case CheckVerdict::kPartial: break;
  }
  return Verdict::kWrongAnswer;
}

void CopyRun(const RunResult& r, TestResult* out) {
  out->cpu_ms = r.cpu_ms;
  out->wall_ms = r.wall_ms;
  out->memory_kib = r.memory_kib;
  out->exit_code = r.exit_code;
  out->signal = r.signal;
  out->output_bytes = r.output_bytes;
  out->run_status = r.status;
  out->kill_reason = r.kill_reason;
  out->time_method = r.time_method;
  out->memory_method = r.memory_method;
}

std::string OutputFileProblem(fs::OpenOutcome how, const std::string& name) {
  switch (how) {
    case fs::OpenOutcome::kMissing: return "no output file `" + name + "`";
    case fs::OpenOutcome::kSymlink: return "output file `" + name + "` is a symbolic link, not a file";
    default: return "output file `" + name + "` is not a regular file";
  }
}

bool Cancelled(const GradeOptions& opt) { return opt.cancel && opt.cancel->load(); }

// "a", "pkg/Main.class": no empty, "." or ".." component, not absolute.
bool RelativeFilePath(const std::string& f) {
  if (f.empty() || f[0] == '/' || f.back() == '/') return false;
  std::size_t start = 0;
  while (start <= f.size()) {
    std::size_t end = f.find('/', start);
    if (end == std::string::npos) end = f.size();
    std::string part = f.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = end + 1;
  }
  return true;
}

// Makes the directories that f (a RelativeFilePath) needs below root.
Status MakeParentDirs(const std::string& root, const std::string& f) {
  auto slash = f.rfind('/');
  return slash == std::string::npos ? Status::Ok() : fs::MakeDirs(root + "/" + f.substr(0, slash));
}

// What the grader does per test, with the state that carries across tests.
class Run {
 public:
  Run(const GradeRequest& req, const GradeOptions& opt) : req_(req), opt_(opt) {}

  Result<GradeReport> Go() {
    JUDGE_RETURN_IF_ERROR(PrepareProgram());
    GradeReport report;
    report.tests_total = req_.tests->size();
    for (std::size_t i = 0; i < req_.tests->size(); ++i) {
      const TestCase& test = (*req_.tests)[i];
      if (Skipped(test)) continue;
      if (Cancelled(opt_)) return Status::Cancelled("grading cancelled before test " + test.name);
      if (req_.observer) req_.observer->OnTestStarting(i, req_.tests->size(), test);
      std::optional<int64_t> cpu_limit_ms = CpuLimitMs();
      TestResult result;
      if (cpu_limit_ms) {
        JUDGE_ASSIGN_OR_RETURN(result, JudgeTest(test, *cpu_limit_ms));
      } else {
        result = TotalTimeUsedUp(test);
      }
      used_cpu_ms_ += result.cpu_ms;
      if (req_.observer) JUDGE_RETURN_IF_ERROR(req_.observer->OnTestFinished(i, req_.tests->size(), result));
      if (opt_.keep_output_bytes > 0) report.outputs.push_back(std::move(last_output_));
      report.tests.push_back(std::move(result));
      if (!cpu_limit_ms || StopsGrading(report.tests.back(), test)) break;  // nothing more can run
    }
    Summarize(*req_.problem, *req_.tests, &report);
    return report;
  }

 private:
  bool Skipped(const TestCase& test) const {
    return !req_.problem->groups.empty() && !opt_.run_all && failed_groups_.count(test.group);
  }

  // ICPC: the first failure stops; IOI: it skips the rest of its group. JE never stops.
  bool StopsGrading(const TestResult& r, const TestCase& test) {
    if (r.verdict == Verdict::kAccepted || r.verdict == Verdict::kJudgeError) return false;
    if (!req_.problem->groups.empty()) {
      if (test.group != "sample") failed_groups_.insert(test.group);
      return false;
    }
    return !opt_.run_all;
  }

  // The CPU limit of the next test: the per-test limit, capped by what is left of the
  // total; nullopt when the total is used up.
  std::optional<int64_t> CpuLimitMs() const {
    const ProblemLimits& limits = req_.problem->limits;
    if (!limits.total_time_ms) return limits.time_ms;
    int64_t left = *limits.total_time_ms - used_cpu_ms_;
    if (left <= 0) return std::nullopt;
    return std::min(limits.time_ms, left);
  }

  // The result of a test that cannot run: the total time limit is used up.
  TestResult TotalTimeUsedUp(const TestCase& test) const {
    TestResult out;
    out.name = test.name;
    out.group = test.group;
    out.verdict = Verdict::kTimeLimitExceeded;
    out.run_status = RunStatus::kTimeLimitExceeded;
    out.kill_reason = KillReason::kCpuTime;
    out.message = "total time limit of " + std::to_string(req_.problem->limits.total_time_ms.value_or(0)) +
                  " ms used up before this test";
    return out;
  }

  Result<TestResult> JudgeTest(const TestCase& test, int64_t cpu_limit_ms) {
    TestResult out;
    out.name = test.name;
    out.group = test.group;
    out.cpu_limit_ms = cpu_limit_ms;
    const ProblemLimits& limits = req_.problem->limits;
    JUDGE_RETURN_IF_ERROR(RunProgram(test, &out));
    if (out.verdict == Verdict::kTimeLimitExceeded && cpu_limit_ms < limits.time_ms &&
        out.kill_reason == KillReason::kCpuTime)
      out.message = "total time limit of " + std::to_string(*limits.total_time_ms) + " ms exceeded (" +
                    std::to_string(cpu_limit_ms) + " ms were left)";
    if (out.run_status != RunStatus::kOk) return out;
    std::optional<std::string> output;
    JUDGE_ASSIGN_OR_RETURN(output, ReadOutput(&out));
    if (!output) return out;  // no usable output file: WA already
    out.output_sha256 = Sha256Hex(*output);
    if (opt_.keep_output_bytes > 0)
      last_output_ = output->substr(0, static_cast<std::size_t>(opt_.keep_output_bytes));
    CheckOutput(test, *output, &out);
    return out;
  }

  // Copies the program's files into scratch/program once: run directories get hard
  // links to these copies, so nothing a run does can touch the compile cache.
  Status PrepareProgram() {
    const Program& program = *req_.program;
    program_dir_ = opt_.scratch_dir + "/program";
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(program_dir_));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(program_dir_));
    for (const auto& f : program.files) {
      if (!RelativeFilePath(f)) return Status::Internal("program file name \"" + f + "\" is not a relative path");
      JUDGE_RETURN_IF_ERROR(MakeParentDirs(program_dir_, f));
      // Read-only for the run's uid; runs get hard links to these copies. Written from
      // a child process: with several judgings in one process (grade --jobs, the
      // service's workers) a write descriptor here could leak into another thread's
      // fork and make exec fail with "Text file busy".
      JUDGE_RETURN_IF_ERROR(fs::CopyExecutable(program.dir + "/" + f, program_dir_ + "/" + f, 0555));
    }
    const ProblemLimits& limits = req_.problem->limits;
    argv_ = ExpandCommand(program.argv,
                          {{"memory_mib", std::to_string(std::max<int64_t>(1, limits.memory_kib / 1024))}});
    if (argv_.empty()) return Status::Internal("the program has no run command");
    return Status::Ok();
  }

  // A fresh run directory with the program (and, in file I/O mode, the input).
  Status PrepareRunDir(const TestCase& test) {
    run_dir_ = opt_.scratch_dir + "/run";
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(run_dir_));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run_dir_));
    for (const auto& f : req_.program->files) {
      JUDGE_RETURN_IF_ERROR(MakeParentDirs(run_dir_, f));
      JUDGE_RETURN_IF_ERROR(fs::LinkOrCopy(program_dir_ + "/" + f, run_dir_ + "/" + f));
    }
    if (req_.problem->io_mode == IoMode::kFile)
      JUDGE_RETURN_IF_ERROR(fs::CopyFile(test.input_path, run_dir_ + "/" + req_.problem->input_file, 0644));
    return Status::Ok();
  }

  RunSpec MakeSpec(const TestCase& test, int64_t cpu_limit_ms) const {
    const ProblemLimits& limits = req_.problem->limits;
    RunSpec spec;
    spec.argv = argv_;
    spec.work_dir = run_dir_;
    spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + run_dir_, "ONLINE_JUDGE=1"};
    // stdout is kept apart from the answer in file mode too, and counted.
    spec.stdout_path = StdoutPath();
    if (req_.problem->io_mode != IoMode::kFile) spec.stdin_path = test.input_path;
    spec.limits.cpu_time_ms = cpu_limit_ms;
    spec.limits.wall_time_ms = std::max(EffectiveWallMs(limits), cpu_limit_ms);
    spec.limits.memory_kib = MemoryLimitKib();
    spec.limits.output_kib = limits.output_kib;
    spec.limits.max_processes = std::max<int32_t>(1, req_.program->max_processes);
    spec.cancel = opt_.cancel;
    return spec;
  }

  std::string StdoutPath() const { return opt_.scratch_dir + "/stdout"; }

  // The problem's memory limit plus the language profile's allowance.
  int64_t MemoryLimitKib() const {
    return req_.problem->limits.memory_kib * (100 + req_.program->memory_allowance_percent) / 100;
  }

  // What was measured, and against which limit: the sandbox's own message may name
  // only the limit (a killed run), and an allowance must be visible.
  std::string MemoryMessage(const RunResult& run) const {
    std::string m = DescribeRun(run) + "; measured peak " + std::to_string(run.memory_kib) + " KiB (" +
                    (run.memory_method.empty() ? "resident memory" : run.memory_method) + ")";
    if (req_.program->memory_allowance_percent > 0)
      m += "; limit " + std::to_string(MemoryLimitKib()) + " KiB is the problem's " +
           std::to_string(req_.problem->limits.memory_kib) + " KiB + " +
           std::to_string(req_.program->memory_allowance_percent) + "% allowed to language " +
           req_.program->language_id;
    return m;
  }

  Status RunProgram(const TestCase& test, TestResult* out) {
    JUDGE_RETURN_IF_ERROR(PrepareRunDir(test));
    Result<RunResult> ran = req_.sandbox->Run(MakeSpec(test, out->cpu_limit_ms));
    if (!ran.ok()) return ran.status().WithContext("running test " + test.name);
    CopyRun(*ran, out);
    if (ran->status != RunStatus::kOk) {
      out->verdict = VerdictOfRun(ran->status);
      out->message = ran->status == RunStatus::kMemoryLimitExceeded ? MemoryMessage(*ran) : DescribeRun(*ran);
    }
    return Status::Ok();
  }

  // The output, at most the output limit (the sandbox enforced it already). nullopt
  // when file I/O left no usable output file: *out is WA then.
  Result<std::optional<std::string>> ReadOutput(TestResult* out) {
    const ProblemConfig& problem = *req_.problem;
    int64_t max_bytes = problem.limits.output_kib * 1024 + 1;
    bool file_io = problem.io_mode == IoMode::kFile;
    std::string path = file_io ? run_dir_ + "/" + problem.output_file : StdoutPath();
    fs::OpenOutcome how = fs::OpenOutcome::kRead;
    JUDGE_ASSIGN_OR_RETURN(std::string output, fs::ReadNoFollow(path, max_bytes, &how));
    if (how == fs::OpenOutcome::kRead) return std::optional<std::string>(std::move(output));
    if (!file_io) return std::optional<std::string>(std::string());  // the sandbox made none: empty
    out->verdict = Verdict::kWrongAnswer;
    out->message = OutputFileProblem(how, problem.output_file);
    return std::optional<std::string>();
  }

  // Jury data problems and checker failures are the package's fault: JE, never WA.
  void CheckOutput(const TestCase& test, const std::string& output, TestResult* out) {
    out->verdict = Verdict::kJudgeError;
    Result<std::string> input = fs::ReadFile(test.input_path);
    if (!input.ok()) return void(out->message = input.status().message());
    std::string answer;
    if (!test.answer_path.empty()) {
      Result<std::string> a = fs::ReadFile(test.answer_path);
      if (!a.ok()) return void(out->message = a.status().message());
      answer = std::move(a).value();
    } else if (req_.problem->checker != CheckerKind::kPlugin) {
      out->message = "test " + test.name + " has no .ans file for the " + req_.checker->Describe() + " checker";
      return;
    }
    Result<CheckOutcome> checked = req_.checker->Check(*input, output, answer);
    if (!checked.ok()) return void(out->message = checked.status().message());
    out->verdict = VerdictOfCheck(checked->verdict);
    out->score = checked->score;
    out->message = checked->message;
    if (checked->verdict == CheckVerdict::kPartial) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "partial score %.4g", checked->score);
      out->message = out->message.empty() ? std::string(buf) : std::string(buf) + ": " + out->message;
    }
  }

  const GradeRequest& req_;
  const GradeOptions& opt_;
  std::string program_dir_;
  std::string run_dir_;
  std::vector<std::string> argv_;
  std::set<std::string> failed_groups_;
  int64_t used_cpu_ms_ = 0;
  std::string last_output_;
};

}  // namespace

int64_t EffectiveWallMs(const ProblemLimits& limits) {
  if (limits.wall_ms > 0) return limits.wall_ms;
  return std::max(2 * limits.time_ms, limits.time_ms + 1000);
}

std::string DescribeRun(const RunResult& run) {
  if (!run.message.empty()) return run.message;
  switch (run.status) {
    case RunStatus::kOk: return "";
    case RunStatus::kTimeLimitExceeded:
      return run.kill_reason == KillReason::kWallTime ? "wall time limit exceeded" : "CPU time limit exceeded";
    case RunStatus::kMemoryLimitExceeded: return "memory limit exceeded";
    case RunStatus::kOutputLimitExceeded: return "output limit exceeded";
    case RunStatus::kRuntimeError:
      if (run.signal > 0) {
        const char* name = sigabbrev_np(run.signal);
        return "killed by signal " + std::to_string(run.signal) + (name ? std::string(" (SIG") + name + ")" : "");
      }
      return "exit code " + std::to_string(run.exit_code);
  }
  return "";
}

Result<GradeReport> Grade(const GradeRequest& request, const GradeOptions& options) {
  if (!request.problem || !request.tests || !request.program || !request.sandbox || !request.checker)
    return Status::Internal("Grade: a required part of the request is missing");
  if (options.scratch_dir.empty() || !fs::IsDirectory(options.scratch_dir))
    return Status::Internal("Grade: scratch directory \"" + options.scratch_dir + "\" does not exist");
  Run run(request, options);
  return run.Go();
}

}  // namespace judge
