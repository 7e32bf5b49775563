// The grader (see judge/grading/grader.h for the theory of operation).
#include "judge/grading/grader.h"

#include <string.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <optional>
#include <set>

#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/config/language.h"
#include "judge/grading/tool_program.h"
#include "domjudge_score.h"
#include "kattis_groups.h"
#include "parallel_tests.h"
#include "summary.h"
#include "test_runner.h"

namespace judge {
namespace {

bool Cancelled(const GradeOptions& opt) { return opt.cancel && opt.cancel->load(); }

// The order of the tests (one by one, several at once, by Kattis groups or DOMjudge's
// scoring), when grading stops, and the report, with the state that carries across
// tests; each test is judged by the TestRunner.
class Run {
 public:
  Run(const GradeRequest& req, const GradeOptions& opt) : req_(req), opt_(opt), runner_(req, opt) {}

  Result<GradeReport> Go() {
    JUDGE_RETURN_IF_ERROR(runner_.PrepareProgram());
    lanes_.push_back(std::make_unique<Lane>(opt_.scratch_dir, opt_.cancel));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(lane0().check_dir));
    report_.tests_total = req_.tests->size();
    if (req_.domjudge_scoring && req_.groups && DomjudgeScorable(*req_.groups)) {
      JUDGE_RETURN_IF_ERROR(GoDomjudge());
    } else if (req_.kattis_groups && req_.groups && !req_.groups->empty()) {
      JUDGE_RETURN_IF_ERROR(GoGroups());
    } else if (Parallel()) {
      JUDGE_RETURN_IF_ERROR(GoParallel(static_cast<std::size_t>(opt_.test_jobs)));
      Summarize(*req_.problem, *req_.tests, &report_);
    } else {
      for (std::size_t i = 0; i < req_.tests->size(); ++i) {
        const TestCase& test = (*req_.tests)[i];
        if (Skipped(test)) continue;
        JUDGE_ASSIGN_OR_RETURN(Step step, RunStep(i));
        if (step.stop_all || StopsGrading(report_.tests.back(), test)) break;
      }
      Summarize(*req_.problem, *req_.tests, &report_);
    }
    return std::move(report_);
  }

 private:
  Lane& lane0() { return *lanes_[0]; }

  // Tests run several at once unless one's limit depends on the ones before (a total
  // time limit), the checker runs the submission (interactive), or Kattis groups
  // decide what runs next.
  bool Parallel() const {
    return opt_.test_jobs > 1 && req_.tests->size() > 1 && !req_.problem->limits.total_time_ms &&
           !req_.checker->interactive();
  }

  // Parallel tests (parallel_tests.h): the same record and stop policy as one by one.
  Status GoParallel(std::size_t lanes) {
    std::vector<Lane*> workers;
    for (std::size_t k = 0; k < lanes; ++k) {
      lanes_.push_back(std::make_unique<Lane>(opt_.scratch_dir + "/lane" + std::to_string(k)));
      JUDGE_RETURN_IF_ERROR(fs::MakeDirs(lanes_.back()->check_dir));
      workers.push_back(lanes_.back().get());
    }
    const auto& tests = *req_.tests;
    ParallelHooks hooks;
    hooks.skipped = [&](std::size_t i) { return Skipped(tests[i]); };
    // No total time limit here (Parallel()): every test has the per-test limit.
    hooks.judge = [&](std::size_t i, Lane& lane) {
      return runner_.JudgeTest(tests[i], req_.problem->limits.time_ms, lane);
    };
    hooks.take = [&](std::size_t i, TestResult result, std::string output) {
      if (req_.observer) req_.observer->OnTestStarting(i, tests.size(), tests[i]);
      return Record(i, std::move(result), std::move(output));
    };
    hooks.stops = [&](std::size_t i) { return StopsGrading(report_.tests.back(), tests[i]); };
    return RunTestsInParallel(tests, workers, hooks, opt_.cancel);
  }

  // One test run (or found impossible) and reported.
  struct Step {
    bool stop_all = false;  // the total time is used up: nothing more can run
  };

  Result<Step> RunStep(std::size_t i) {
    const TestCase& test = (*req_.tests)[i];
    if (Cancelled(opt_)) return Status::Cancelled("grading cancelled before test " + test.name);
    if (req_.observer) req_.observer->OnTestStarting(i, req_.tests->size(), test);
    std::optional<int64_t> cpu_limit_ms = CpuLimitMs();
    TestResult result;
    if (cpu_limit_ms) {
      JUDGE_ASSIGN_OR_RETURN(result, runner_.JudgeTest(test, *cpu_limit_ms, lane0()));
    } else {
      result = TotalTimeUsedUp(test);
    }
    JUDGE_RETURN_IF_ERROR(Record(i, std::move(result), std::move(lane0().last_output)));
    return Step{!cpu_limit_ms};
  }

  // A judged test joins the report (the sequential and the parallel path alike): its
  // Kattis score, the CPU time used so far, the observer, the kept output.
  Status Record(std::size_t i, TestResult result, std::string output) {
    if (req_.kattis_groups && req_.problem->scoring && req_.groups)
      SetKattisTestScore(*req_.groups, (*req_.tests)[i], &result);
    used_cpu_ms_ += result.cpu_ms;
    if (req_.observer) JUDGE_RETURN_IF_ERROR(req_.observer->OnTestFinished(i, req_.tests->size(), result));
    if (opt_.keep_output_bytes > 0) report_.outputs.push_back(std::move(output));
    report_.tests.push_back(std::move(result));
    return Status::Ok();
  }

  bool Skipped(const TestCase& test) const {
    return !req_.problem->groups.empty() && !opt_.run_all && failed_groups_.count(test.group);
  }

  // A Polygon each-test group: every test scores on its own, so all of them run.
  bool EachTestGroup(const std::string& name) const {
    for (const auto& g : req_.problem->groups)
      if (g.name == name) return g.each_test;
    return false;
  }

  // ICPC: the first failure stops; IOI: it skips the rest of its group (not of a
  // Polygon each-test group). JE never stops.
  bool StopsGrading(const TestResult& r, const TestCase& test) {
    if (r.verdict == Verdict::kAccepted || r.verdict == Verdict::kJudgeError) return false;
    if (!req_.problem->groups.empty()) {
      if (test.group != "sample" && !EachTestGroup(test.group)) failed_groups_.insert(test.group);
      return false;
    }
    return !opt_.run_all;
  }

  // Kattis test data groups: the tree walked by kattis_groups.cc, each test run here.
  Status GoGroups() {
    const auto& groups = *req_.groups;
    JUDGE_ASSIGN_OR_RETURN(auto items, ListGroupItems(groups, *req_.tests));
    GroupWalkHooks hooks;
    hooks.run_test = [this](int test, bool* stop_all) -> Result<ItemOutcome> {
      JUDGE_ASSIGN_OR_RETURN(Step step, RunStep(static_cast<std::size_t>(test)));
      *stop_all = step.stop_all;
      return TestOutcome(report_.tests.back());
    };
    hooks.custom_grade = [this](const TestGroupConfig& group, const std::vector<ItemOutcome>& judged) {
      return CustomGrade(group, judged);
    };
    JUDGE_ASSIGN_OR_RETURN(ItemOutcome root, WalkGroups(groups, items, opt_.run_all, hooks, &report_.message));
    Summarize(*req_.problem, *req_.tests, &report_);
    report_.verdict = req_.tests->empty() ? Verdict::kJudgeError : root.verdict;
    const bool accepted = report_.verdict == Verdict::kAccepted;
    // A rejected submission keeps the score its groups earned, as problemtools and
    // Kattis report it (a WA that passed two groups scores those two).
    report_.score = req_.problem->scoring ? (report_.verdict == Verdict::kJudgeError ? 0 : root.score)
                                          : (accepted ? 1 : 0);
    report_.max_score = req_.problem->scoring ? KattisMaxScore(groups, *req_.tests, items) : 1;
    return Status::Ok();
  }

  // DOMjudge's scoring: the tests one by one in order, until the root's result is known
  // (run_all goes on, the result stays the one known first: DOMjudge's lazy judging).
  Status GoDomjudge() {
    const auto& tests = *req_.tests;
    std::vector<std::optional<DomjudgeRun>> runs(tests.size());
    std::optional<DomjudgeOutcome> result;
    bool judge_error = false;
    for (std::size_t i = 0; i < tests.size(); ++i) {
      JUDGE_ASSIGN_OR_RETURN(Step step, RunStep(i));
      const TestResult& r = report_.tests.back();
      judge_error = judge_error || r.verdict == Verdict::kJudgeError;
      runs[i] = DomjudgeRun{r.verdict, r.score_reported ? std::optional<double>(r.score) : std::nullopt};
      if (!result) result = DomjudgeResult(*req_.groups, tests, runs);
      if (step.stop_all || (result && !opt_.run_all)) break;
    }
    Summarize(*req_.problem, tests, &report_);
    report_.verdict = tests.empty() || judge_error || !result ? Verdict::kJudgeError : result->verdict;
    report_.score = result ? result->score : 0;
    report_.max_score = DomjudgeMaxScore(*req_.groups, tests);
    return Status::Ok();
  }

  // problemtools' custom grader (the protocol in kattis_groups.h), run sandboxed on the
  // group's judged items with its grader_flags as arguments. Any failure is JE.
  Result<ItemOutcome> CustomGrade(const TestGroupConfig& group, const std::vector<ItemOutcome>& items) {
    auto fail = [&](const std::string& why) {
      if (report_.message.empty()) report_.message = group.path + ": the custom grader " + why;
      return ItemOutcome{Verdict::kJudgeError, 0, false};
    };
    if (!req_.grader) return fail("is missing");
    if (items.empty()) return ItemOutcome{Verdict::kAccepted, 0, false};
    const std::string dir = lane0().check_dir + "/grader";
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(dir));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir + "/work"));
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(dir + "/in", CustomGraderInput(items)));
    ToolRun run;
    run.args = group.grader_flag_words;
    run.work_dir = dir + "/work";
    run.stdin_path = dir + "/in";
    run.stdout_path = dir + "/out";
    run.cancel = lane0().cancel;
    Result<RunResult> r = req_.grader->Run(req_.sandbox, run);
    if (!r.ok()) return fail(r.status().message());
    if (r->status != RunStatus::kOk || r->exit_code != 0) return fail("failed: " + DescribeRun(*r));
    CustomGraderAnswer answer = ParseCustomGraderOutput(ReadToolMessage(dir + "/out", 256), group);
    if (!answer.fault.empty()) return fail(answer.fault);
    return answer.outcome;
  }

  // A test as an item of its group (its score is set by JudgeTest).
  ItemOutcome TestOutcome(const TestResult& r) const {
    ItemOutcome o;
    o.verdict = r.verdict;
    o.score = req_.problem->scoring ? r.score : (r.verdict == Verdict::kAccepted ? 1 : 0);
    return o;
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
    out.verdict = out.margin_verdict = Verdict::kTimeLimitExceeded;
    out.run_status = RunStatus::kTimeLimitExceeded;
    out.kill_reason = KillReason::kCpuTime;
    out.message = "total time limit of " + std::to_string(req_.problem->limits.total_time_ms.value_or(0)) +
                  " ms used up before this test";
    return out;
  }

  const GradeRequest& req_;
  const GradeOptions& opt_;
  TestRunner runner_;
  GradeReport report_;
  std::set<std::string> failed_groups_;
  int64_t used_cpu_ms_ = 0;
  std::vector<std::unique_ptr<Lane>> lanes_;  // [0]: the sequential path's
};

}  // namespace

int64_t EffectiveWallMs(const ProblemLimits& limits) {
  if (limits.wall_ms > 0) return limits.wall_ms;
  return DefaultWallMs(limits.time_ms);
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
