// The grader (see judge/grader.h for the theory of operation).
#include "judge/grader.h"

#include <string.h>

#include <algorithm>
#include <map>
#include <set>

#include "judge/base/files.h"
#include "judge/language.h"
#include "judge/store.h"  // Sha256Hex

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

Verdict VerdictOfCheck(const CheckOutcome& c) {
  switch (c.verdict) {
    case JUDGE_CHECK_ACCEPTED: return Verdict::kAccepted;
    case JUDGE_CHECK_PRESENTATION_ERROR: return Verdict::kPresentationError;
    default: return Verdict::kWrongAnswer;
  }
}

// What the grader does per test, with the state that carries across tests.
class Run {
 public:
  Run(const GradeRequest& req, const GradeOptions& opt) : req_(req), opt_(opt) {}

  Result<GradeReport> Go() {
    const ProblemConfig& problem = *req_.problem;
    const std::vector<TestCase>& tests = *req_.tests;
    JUDGE_RETURN_IF_ERROR(PrepareProgram());

    GradeReport report;
    report.tests_total = tests.size();
    bool grouped = !problem.groups.empty();
    std::set<std::string> failed_groups;
    int64_t used_cpu_ms = 0;

    for (std::size_t i = 0; i < tests.size(); ++i) {
      const TestCase& test = tests[i];
      if (grouped && !opt_.run_all && failed_groups.count(test.group)) continue;
      if (req_.observer) req_.observer->OnTestStarting(i, tests.size(), test);

      TestOutcome outcome;
      bool total_exhausted = false;
      int64_t cpu_limit = problem.limits.time_ms;
      if (problem.limits.total_time_ms) {
        int64_t left = *problem.limits.total_time_ms - used_cpu_ms;
        if (left <= 0) {
          total_exhausted = true;
        } else {
          cpu_limit = std::min(cpu_limit, left);
        }
      }
      if (total_exhausted) {
        outcome.name = test.name;
        outcome.group = test.group;
        outcome.verdict = Verdict::kTimeLimitExceeded;
        outcome.kill_reason = KillReason::kCpuTime;
        outcome.run_status = RunStatus::kTimeLimitExceeded;
        outcome.message = "total time limit of " + std::to_string(*problem.limits.total_time_ms) +
                          " ms used up before this test";
      } else {
        JUDGE_ASSIGN_OR_RETURN(outcome, RunTest(i, test, cpu_limit));
        if (outcome.verdict == Verdict::kTimeLimitExceeded && cpu_limit < problem.limits.time_ms &&
            outcome.kill_reason == KillReason::kCpuTime) {
          outcome.message = "total time limit of " + std::to_string(*problem.limits.total_time_ms) +
                            " ms exceeded (" + std::to_string(cpu_limit) + " ms were left)";
        }
      }
      used_cpu_ms += outcome.cpu_ms;
      if (req_.observer) {
        Status st = req_.observer->OnTestFinished(i, outcome);
        if (!st.ok()) return st;
      }
      report.tests.push_back(outcome);
      if (total_exhausted) break;  // nothing more can run
      bool failed = outcome.verdict != Verdict::kAccepted && outcome.verdict != Verdict::kJudgeError;
      if (failed) {
        if (grouped) {
          if (test.group != "sample") failed_groups.insert(test.group);
        } else if (!opt_.run_all) {
          break;
        }
      }
    }
    Summarize(&report);
    return report;
  }

 private:
  // Copies the program's files into scratch/program once: run directories get hard
  // links to these copies, so nothing a run does can touch the compile cache.
  Status PrepareProgram() {
    const Program& program = *req_.program;
    program_dir_ = opt_.scratch_dir + "/program";
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(program_dir_));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(program_dir_));
    for (const auto& f : program.files) {
      if (f.empty() || f.find('/') != std::string::npos)
        return Status::Internal("program file name \"" + f + "\" is not a plain name");
      // Read-only for the run's uid; runs get hard links to these copies.
      JUDGE_RETURN_IF_ERROR(fs::CopyFile(program.dir + "/" + f, program_dir_ + "/" + f, 0555));
    }
    const ProblemLimits& limits = req_.problem->limits;
    argv_ = ExpandCommand(program.argv,
                          {{"memory_mib", std::to_string(std::max<int64_t>(1, limits.memory_kib / 1024))}});
    if (argv_.empty()) return Status::Internal("the program has no run command");
    return Status::Ok();
  }

  Result<TestOutcome> RunTest(std::size_t index, const TestCase& test, int64_t cpu_limit_ms) {
    const ProblemConfig& problem = *req_.problem;
    TestOutcome out;
    out.name = test.name;
    out.group = test.group;
    out.cpu_limit_ms = cpu_limit_ms;

    std::string run_dir = opt_.scratch_dir + "/run";
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(run_dir));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run_dir));
    for (const auto& f : req_.program->files)
      JUDGE_RETURN_IF_ERROR(fs::LinkOrCopy(program_dir_ + "/" + f, run_dir + "/" + f));

    RunSpec spec;
    spec.argv = argv_;
    spec.work_dir = run_dir;
    spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + run_dir,
                "ONLINE_JUDGE=1"};
    std::string stdout_path = opt_.scratch_dir + "/stdout";
    bool file_io = problem.io_mode == IoMode::kFile;
    if (file_io) {
      JUDGE_RETURN_IF_ERROR(fs::CopyFile(test.input_path, run_dir + "/" + problem.input_file, 0644));
      spec.stdout_path = stdout_path;  // kept apart from the answer, but counted
    } else {
      spec.stdin_path = test.input_path;
      spec.stdout_path = stdout_path;
    }
    spec.limits.cpu_time_ms = cpu_limit_ms;
    spec.limits.wall_time_ms = std::max(EffectiveWallMs(problem.limits), cpu_limit_ms);
    spec.limits.memory_kib = problem.limits.memory_kib;
    spec.limits.output_kib = problem.limits.output_kib;
    spec.limits.max_processes = std::max<int32_t>(1, req_.program->max_processes);

    Result<RunResult> ran = req_.sandbox->Run(spec);
    if (!ran.ok()) return ran.status().WithContext("running test " + test.name);
    const RunResult& r = *ran;
    out.cpu_ms = r.cpu_ms;
    out.wall_ms = r.wall_ms;
    out.memory_kib = r.memory_kib;
    out.exit_code = r.exit_code;
    out.signal = r.signal;
    out.output_bytes = r.output_bytes;
    out.run_status = r.status;
    out.kill_reason = r.kill_reason;
    out.time_method = r.time_method;
    out.memory_method = r.memory_method;

    if (r.status != RunStatus::kOk) {
      out.verdict = VerdictOfRun(r.status);
      out.message = DescribeRun(r);
      return out;
    }

    // The output: read at most the output limit (the sandbox enforced it already).
    int64_t max_bytes = problem.limits.output_kib * 1024 + 1;
    std::string output;
    if (file_io) {
      fs::OpenOutcome how = fs::OpenOutcome::kRead;
      JUDGE_ASSIGN_OR_RETURN(output, fs::ReadNoFollow(run_dir + "/" + problem.output_file, max_bytes, &how));
      if (how != fs::OpenOutcome::kRead) {
        out.verdict = Verdict::kWrongAnswer;
        out.score = 0;
        switch (how) {
          case fs::OpenOutcome::kMissing:
            out.message = "no output file `" + problem.output_file + "`";
            break;
          case fs::OpenOutcome::kSymlink:
            out.message = "output file `" + problem.output_file + "` is a symbolic link, not a file";
            break;
          default:
            out.message = "output file `" + problem.output_file + "` is not a regular file";
            break;
        }
        return out;
      }
    } else {
      fs::OpenOutcome how = fs::OpenOutcome::kRead;
      JUDGE_ASSIGN_OR_RETURN(output, fs::ReadNoFollow(stdout_path, max_bytes, &how));
      if (how != fs::OpenOutcome::kRead) output.clear();  // the sandbox made none: empty
    }
    out.output_hash = Sha256Hex(output);

    // Jury data problems are the package's fault: JE, never the contestant's.
    Result<std::string> input = fs::ReadFile(test.input_path);
    if (!input.ok()) return JudgeErrorTest(std::move(out), input.status().message());
    std::string answer;
    if (!test.answer_path.empty()) {
      Result<std::string> a = fs::ReadFile(test.answer_path);
      if (!a.ok()) return JudgeErrorTest(std::move(out), a.status().message());
      answer = std::move(a).value();
    } else if (problem.checker != CheckerKind::kPlugin) {
      return JudgeErrorTest(std::move(out), "test " + test.name + " has no .ans file for the " +
                                                req_.checker->Describe() + " checker");
    }
    Result<CheckOutcome> checked = req_.checker->Check(*input, output, answer);
    if (!checked.ok()) return JudgeErrorTest(std::move(out), checked.status().message());
    out.verdict = VerdictOfCheck(*checked);
    out.score = checked->verdict == JUDGE_CHECK_ACCEPTED ? 1.0 : checked->score;
    out.message = checked->message;
    if (checked->verdict == JUDGE_CHECK_PARTIAL) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "partial score %.4g", checked->score);
      out.message = out.message.empty() ? std::string(buf) : std::string(buf) + ": " + out.message;
    }
    (void)index;
    return out;
  }

  static Result<TestOutcome> JudgeErrorTest(TestOutcome out, std::string message) {
    out.verdict = Verdict::kJudgeError;
    out.score = 0;
    out.message = std::move(message);
    return out;
  }

  void Summarize(GradeReport* report) const {
    const ProblemConfig& problem = *req_.problem;
    const std::vector<TestCase>& tests = *req_.tests;
    for (const auto& t : report->tests) {
      report->time_ms = std::max(report->time_ms, t.cpu_ms);
      report->memory_kib = std::max(report->memory_kib, t.memory_kib);
      report->total_time_ms += t.cpu_ms;
    }
    std::optional<Verdict> first_failure;
    bool any_je = false;
    for (const auto& t : report->tests) {
      if (t.verdict == Verdict::kJudgeError) any_je = true;
      else if (t.verdict != Verdict::kAccepted && !first_failure) first_failure = t.verdict;
    }
    if (tests.empty()) {
      report->verdict = Verdict::kJudgeError;  // a package without tests judges nothing
    } else if (any_je) {
      report->verdict = Verdict::kJudgeError;
    } else if (first_failure) {
      report->verdict = *first_failure;
    } else {
      report->verdict = Verdict::kAccepted;
    }
    if (problem.groups.empty()) {
      report->max_score = 1.0;
      report->score = report->verdict == Verdict::kAccepted ? 1.0 : 0.0;
      return;
    }
    // IOI: a group scores its points when every one of its tests ran and is AC.
    std::map<std::string, std::size_t> total, passed;
    for (const auto& t : tests) total[t.group]++;
    for (const auto& t : report->tests)
      if (t.verdict == Verdict::kAccepted) passed[t.group]++;
    report->max_score = 0;
    report->score = 0;
    for (const auto& g : problem.groups) {
      report->max_score += g.points;
      auto it = total.find(g.name);
      if (it != total.end() && it->second > 0 && passed[g.name] == it->second) report->score += g.points;
    }
  }

  const GradeRequest& req_;
  const GradeOptions& opt_;
  std::string program_dir_;
  std::vector<std::string> argv_;
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
      return run.kill_reason == KillReason::kWallTime ? "wall time limit exceeded"
                                                      : "CPU time limit exceeded";
    case RunStatus::kMemoryLimitExceeded: return "memory limit exceeded";
    case RunStatus::kOutputLimitExceeded: return "output limit exceeded";
    case RunStatus::kRuntimeError:
      if (run.signal > 0) {
        const char* name = sigabbrev_np(run.signal);
        return "killed by signal " + std::to_string(run.signal) +
               (name ? std::string(" (SIG") + name + ")" : std::string());
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
