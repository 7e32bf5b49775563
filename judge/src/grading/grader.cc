// The grader (see judge/grader.h for the theory of operation).
#include "judge/grader.h"

#include <string.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/language.h"
#include "judge/tool_program.h"
#include "domjudge_score.h"
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

  // Parallel tests. Theory of operation: opt_.test_jobs worker threads take tests in
  // order, each in its own lane (directories, slot, cancel flag); this thread takes
  // their results in test order and does what the sequential path does with each
  // (events, stop at the first failure, skipped groups), so reports, events and
  // verdicts are the same. Results after the point where grading stops are thrown
  // away, and the runs still going are cancelled through their lanes' flags.
  Status GoParallel(std::size_t lanes) {
    for (std::size_t k = 0; k < lanes; ++k) {
      lanes_.push_back(std::make_unique<Lane>(opt_.scratch_dir + "/lane" + std::to_string(k)));
      JUDGE_RETURN_IF_ERROR(fs::MakeDirs(lanes_.back()->check_dir));
    }
    Board board(req_.tests->size());
    std::vector<std::thread> workers;
    for (std::size_t k = 0; k < lanes; ++k) workers.emplace_back([this, &board, k] { Work(&board, *lanes_[k + 1]); });
    Status status = Consume(&board);
    {
      std::lock_guard<std::mutex> lock(board.mu);
      board.stop = true;
    }
    for (std::size_t k = 1; k < lanes_.size(); ++k) lanes_[k]->own_cancel = true;
    for (auto& t : workers) t.join();
    return status;
  }

  // What the workers and the consuming thread share (under mu).
  struct Board {
    explicit Board(std::size_t n) : done(n, false), results(n, Status::Internal("not run")), outputs(n) {}
    std::mutex mu;
    std::condition_variable cv;
    std::size_t next = 0;  // the next test to hand out
    bool stop = false;     // hand out no more
    std::vector<bool> done;
    std::vector<Result<TestResult>> results;
    std::vector<std::string> outputs;
  };

  void Work(Board* board, Lane& lane) {
    const auto& tests = *req_.tests;
    for (;;) {
      std::size_t i;
      {
        std::lock_guard<std::mutex> lock(board->mu);
        while (board->next < tests.size() && Skipped(tests[board->next])) ++board->next;
        if (board->stop || board->next >= tests.size()) return;
        i = board->next++;
      }
      // No total time limit here (Parallel()): every test has the per-test limit.
      Result<TestResult> r = runner_.JudgeTest(tests[i], req_.problem->limits.time_ms, lane);
      {
        std::lock_guard<std::mutex> lock(board->mu);
        board->results[i] = std::move(r);
        board->outputs[i] = std::move(lane.last_output);
        board->done[i] = true;
      }
      board->cv.notify_all();
    }
  }

  // Takes the results in test order until grading stops; the caller's cancel flag is
  // looked at while waiting.
  Status Consume(Board* board) {
    const auto& tests = *req_.tests;
    for (std::size_t i = 0; i < tests.size(); ++i) {
      std::unique_lock<std::mutex> lock(board->mu);
      if (Skipped(tests[i])) continue;
      while (!board->done[i]) {
        if (Cancelled(opt_)) return Status::Cancelled("grading cancelled before test " + tests[i].name);
        board->cv.wait_for(lock, std::chrono::milliseconds(20));
      }
      if (!board->results[i].ok()) return board->results[i].status();
      TestResult result = std::move(board->results[i]).value();
      std::string output = std::move(board->outputs[i]);
      lock.unlock();
      if (req_.observer) req_.observer->OnTestStarting(i, tests.size(), tests[i]);
      JUDGE_RETURN_IF_ERROR(Record(i, std::move(result), std::move(output)));
      lock.lock();
      if (StopsGrading(report_.tests.back(), tests[i])) return Status::Ok();
    }
    return Status::Ok();
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
    SetKattisScore((*req_.tests)[i], &result);
    used_cpu_ms_ += result.cpu_ms;
    if (req_.observer) JUDGE_RETURN_IF_ERROR(req_.observer->OnTestFinished(i, req_.tests->size(), result));
    if (opt_.keep_output_bytes > 0) report_.outputs.push_back(std::move(output));
    report_.tests.push_back(std::move(result));
    return Status::Ok();
  }

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

  // Kattis test data groups: each group's items (tests and subgroups) in run order
  // (tests come in walking order, so a subgroup is listed where its first test is).
  Status GoGroups() {
    const auto& groups = *req_.groups;
    items_.assign(groups.size(), {});
    std::vector<bool> listed(groups.size(), false);
    for (std::size_t i = 0; i < req_.tests->size(); ++i) {
      int g = (*req_.tests)[i].group_index;
      if (g < 0 || g >= static_cast<int>(groups.size()))
        return Status::Internal("test " + (*req_.tests)[i].name + " has no test data group");
      items_[static_cast<std::size_t>(g)].push_back({static_cast<int>(i), -1});
      for (int c = g; !listed[static_cast<std::size_t>(c)] && groups[static_cast<std::size_t>(c)].parent >= 0;
           c = groups[static_cast<std::size_t>(c)].parent) {
        listed[static_cast<std::size_t>(c)] = true;
        items_[static_cast<std::size_t>(groups[static_cast<std::size_t>(c)].parent)].push_back({-1, c});
      }
    }
    bool stop_all = false;
    JUDGE_ASSIGN_OR_RETURN(ItemOutcome root, WalkGroup(0, &stop_all));
    Summarize(*req_.problem, *req_.tests, &report_);
    report_.verdict = req_.tests->empty() ? Verdict::kJudgeError : root.verdict;
    const bool accepted = report_.verdict == Verdict::kAccepted;
    // A rejected submission keeps the score its groups earned, as problemtools and
    // Kattis report it (a WA that passed two groups scores those two).
    report_.score = req_.problem->scoring ? (report_.verdict == Verdict::kJudgeError ? 0 : root.score)
                                          : (accepted ? 1 : 0);
    report_.max_score = req_.problem->scoring ? MaxScore() : 1;
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

  Result<ItemOutcome> WalkGroup(int g, bool* stop_all) {
    const TestGroupConfig& group = (*req_.groups)[static_cast<std::size_t>(g)];
    std::vector<ItemOutcome> judged;
    bool broken = false;
    for (const Item& item : items_[static_cast<std::size_t>(g)]) {
      if ((broken && !opt_.run_all) || *stop_all) break;
      ItemOutcome o;
      if (item.test >= 0) {
        JUDGE_ASSIGN_OR_RETURN(Step step, RunStep(static_cast<std::size_t>(item.test)));
        *stop_all = step.stop_all;
        o = TestOutcome(report_.tests.back());
      } else {
        JUDGE_ASSIGN_OR_RETURN(o, WalkGroup(item.group, stop_all));
        o.is_sample = (*req_.groups)[static_cast<std::size_t>(item.group)].path == "data/sample";
      }
      if (!broken) judged.push_back(o);
      if (o.verdict != Verdict::kAccepted && o.verdict != Verdict::kJudgeError && group.on_reject_break) broken = true;
    }
    if (group.custom_grader) return CustomGrade(group, judged);
    return AggregateGroup(group, std::move(judged), &report_.message);
  }

  // problemtools' custom grader: "VERDICT score" per item on its stdin, the group's
  // grader_flags as arguments, "VERDICT score" on its stdout. Any failure is JE.
  Result<ItemOutcome> CustomGrade(const TestGroupConfig& group, const std::vector<ItemOutcome>& items) {
    ItemOutcome out;
    out.verdict = Verdict::kJudgeError;
    auto fail = [&](const std::string& why) {
      if (report_.message.empty()) report_.message = group.path + ": the custom grader " + why;
      return out;
    };
    if (!req_.grader) return fail("is missing");
    if (items.empty()) return ItemOutcome{Verdict::kAccepted, 0, false};
    std::string input;
    for (const auto& i : items) {
      std::string code = i.verdict == Verdict::kRuntimeError ? "RTE" : std::string(VerdictCode(i.verdict));
      if (i.verdict == Verdict::kPresentationError) code = "WA";
      char score[64];
      std::snprintf(score, sizeof score, "%.9g", i.score);
      input += code + " " + score + "\n";
    }
    const std::string dir = lane0().check_dir + "/grader";
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(dir));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir + "/work"));
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(dir + "/in", input));
    ToolRun run;
    run.args = group.grader_flag_words;
    run.work_dir = dir + "/work";
    run.stdin_path = dir + "/in";
    run.stdout_path = dir + "/out";
    run.cancel = lane0().cancel;
    Result<RunResult> r = req_.grader->Run(req_.sandbox, run);
    if (!r.ok()) return fail(r.status().message());
    if (r->status != RunStatus::kOk || r->exit_code != 0) return fail("failed: " + DescribeRun(*r));
    const std::string said = ReadToolMessage(dir + "/out", 256);
    char verdict[8] = {0};
    double score = 0;
    int used = 0;
    if (std::sscanf(said.c_str(), "%7s %lf %n", verdict, &score, &used) != 2 || !std::isfinite(score))
      return fail("wrote \"" + said + "\", expected \"VERDICT score\"");
    static const std::map<std::string, Verdict> kCodes = {
        {"AC", Verdict::kAccepted},           {"WA", Verdict::kWrongAnswer},
        {"TLE", Verdict::kTimeLimitExceeded}, {"RTE", Verdict::kRuntimeError},
        {"MLE", Verdict::kMemoryLimitExceeded}, {"OLE", Verdict::kOutputLimitExceeded},
        {"JE", Verdict::kJudgeError}};
    auto it = kCodes.find(verdict);
    if (it == kCodes.end()) return fail("wrote the verdict \"" + std::string(verdict) + "\", expected AC, WA, TLE, RTE, MLE, OLE or JE");
    out.verdict = it->second;
    out.score = score;
    if (out.verdict != Verdict::kJudgeError && (score < group.range_min || score > group.range_max))
      return fail("gave the score " + std::to_string(score) + ", outside the group's range");
    return out;
  }

  // A test as an item of its group (its score is set by JudgeTest).
  ItemOutcome TestOutcome(const TestResult& r) const {
    ItemOutcome o;
    o.verdict = r.verdict;
    o.score = req_.problem->scoring ? r.score : (r.verdict == Verdict::kAccepted ? 1 : 0);
    return o;
  }

  // A Kattis scoring problem's test score: the validator's score.txt, else the
  // group's accept_score when AC, else its reject_score.
  void SetKattisScore(const TestCase& test, TestResult* r) const {
    if (!req_.kattis_groups || !req_.problem->scoring || !req_.groups || test.group_index < 0) return;
    const TestGroupConfig& g = (*req_.groups)[static_cast<std::size_t>(test.group_index)];
    // A partial check (testlib's points) is, in a scoring problem, an accepted test
    // whose score is its points: as an output validator's score.txt on accept.
    if (r->partial && r->score_reported) {
      r->verdict = Verdict::kAccepted;
      return;
    }
    if (r->verdict != Verdict::kAccepted) r->score = g.reject_score;
    else if (!r->score_reported) r->score = g.accept_score;
  }

  // The score of a submission that gets every test accepted with the accept scores
  // (the root's range maximum when it is finite).
  double MaxScore() const {
    const auto& root = (*req_.groups)[0];
    if (std::isfinite(root.range_max)) return root.range_max;
    std::function<double(int)> max_of = [&](int g) {
      std::vector<ItemOutcome> all;
      for (const Item& item : items_[static_cast<std::size_t>(g)]) {
        ItemOutcome o;
        if (item.test >= 0) {
          o.score = (*req_.groups)[static_cast<std::size_t>((*req_.tests)[static_cast<std::size_t>(item.test)].group_index)]
                        .accept_score;
        } else {
          o.score = max_of(item.group);
          o.is_sample = (*req_.groups)[static_cast<std::size_t>(item.group)].path == "data/sample";
        }
        all.push_back(o);
      }
      return AggregateGroup((*req_.groups)[static_cast<std::size_t>(g)], all, nullptr).score;
    };
    return max_of(0);
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

  // A group's item: a test (index into tests) or a subgroup (index into groups).
  struct Item {
    int test = -1;
    int group = -1;
  };

  const GradeRequest& req_;
  const GradeOptions& opt_;
  TestRunner runner_;
  GradeReport report_;
  std::set<std::string> failed_groups_;
  std::vector<std::vector<Item>> items_;
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
