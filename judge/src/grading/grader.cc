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

// "message; note" (either alone when the other is empty).
void AppendNote(const std::string& note, std::string* message) {
  if (note.empty()) return;
  *message = message->empty() ? note : *message + "; " + note;
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

// The verdict of an interactive test by the Kattis rules: a failed interactor is JE;
// an interactor that said WA before the submission ended wins over what the
// submission then did; else the submission's run; else the interactor's judgement.
void InteractiveVerdict(const InteractOutcome& io, TestResult* out) {
  if (!io.check.ok()) {
    out->verdict = Verdict::kJudgeError;
    out->message = io.check.status().message();
    return;
  }
  const CheckOutcome& c = *io.check;
  if (!(c.verdict == CheckVerdict::kWrongAnswer && io.interactor_first) && io.submission.status != RunStatus::kOk) {
    out->verdict = VerdictOfRun(io.submission.status);
    out->message = DescribeRun(io.submission);
    return;
  }
  out->verdict = VerdictOfCheck(c.verdict);
  out->score = c.reported_score.value_or(c.score);
  out->message = c.message;
}

// Where one test at a time runs: its directories and its cancellation. The
// sequential path has one lane (scratch/run, scratch/check, scratch/stdout, the
// caller's cancel flag); parallel tests have one per test running at once, each
// under scratch/lane<k> with its own flag, raised to stop a test whose result is no
// longer wanted.
struct Lane {
  Lane(const std::string& dir, const std::atomic<bool>* caller_cancel)
      : run_dir(dir + "/run"), check_dir(dir + "/check"), stdout_path(dir + "/stdout"), stderr_path(dir + "/stderr"),
        cancel(caller_cancel ? caller_cancel : &own_cancel) {}
  explicit Lane(const std::string& dir) : Lane(dir, nullptr) {}
  bool Cancelled() const { return cancel && cancel->load(); }

  const std::string run_dir, check_dir, stdout_path, stderr_path;
  std::string output_path;  // what the checker reads
  std::string last_output;  // the kept start of the output (keep_output_bytes)
  std::vector<std::string> flags;
  int pass = 0;           // multi-pass: the pass running (1, 2, ...), else 0
  std::string next_pass;  // multi-pass: the next pass's input, when the validator wrote one
  std::atomic<bool> own_cancel{false};
  const std::atomic<bool>* cancel;
  // The prepared sandbox this lane's runs of the submission share (SandboxSession),
  // opened at the lane's first run.
  std::unique_ptr<SandboxSession> session;
};

// What the grader does per test, with the state that carries across tests.
class Run {
 public:
  Run(const GradeRequest& req, const GradeOptions& opt) : req_(req), opt_(opt) {}

  Result<GradeReport> Go() {
    JUDGE_RETURN_IF_ERROR(PrepareProgram());
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
      Result<TestResult> r = JudgeTest(tests[i], req_.problem->limits.time_ms, lane);
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
      JUDGE_ASSIGN_OR_RETURN(result, JudgeTest(test, *cpu_limit_ms, lane0()));
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

  // A test: one pass, or (multi-pass) passes while the output validator accepts and
  // writes nextpass.in, each pass under the test's limits; the test's time and memory
  // are the largest of a pass.
  Result<TestResult> JudgeTest(const TestCase& test, int64_t cpu_limit_ms, Lane& lane) {
    if (!req_.problem->multi_pass) return JudgePass(test, cpu_limit_ms, lane);
    const int passes = req_.problem->tool_limits.validation_passes;
    TestCase pass = test;
    int64_t cpu_ms = 0, wall_ms = 0, memory_kib = 0;
    for (int p = 1;; ++p) {
      lane.pass = p;
      JUDGE_ASSIGN_OR_RETURN(TestResult r, JudgePass(pass, cpu_limit_ms, lane));
      cpu_ms = std::max(cpu_ms, r.cpu_ms), wall_ms = std::max(wall_ms, r.wall_ms);
      memory_kib = std::max(memory_kib, r.memory_kib);
      r.cpu_ms = cpu_ms, r.wall_ms = wall_ms, r.memory_kib = memory_kib;
      std::string next = std::move(lane.next_pass);
      lane.next_pass.clear();
      if (r.verdict != Verdict::kAccepted || next.empty()) {
        if (p > 1) r.message = "pass " + std::to_string(p) + (r.message.empty() ? "" : ": " + r.message);
        return r;
      }
      if (p >= passes) {
        r.verdict = Verdict::kJudgeError;
        r.message = "the output validator asked for pass " + std::to_string(p + 1) +
                    ", more than limits.validation_passes (" + std::to_string(passes) + ")";
        return r;
      }
      pass.input_path = next;
    }
  }

  Result<TestResult> JudgePass(const TestCase& test, int64_t cpu_limit_ms, Lane& lane) {
    TestResult out;
    out.name = test.name;
    out.group = test.group;
    out.cpu_limit_ms = cpu_limit_ms;
    const ProblemLimits& limits = req_.problem->limits;
    if (req_.checker->interactive()) {
      JUDGE_RETURN_IF_ERROR(Interact(test, &out, lane));
    } else {
      JUDGE_RETURN_IF_ERROR(RunProgram(test, &out, lane));
      if (out.verdict == Verdict::kTimeLimitExceeded && cpu_limit_ms < limits.time_ms &&
          out.kill_reason == KillReason::kCpuTime)
        out.message = "total time limit of " + std::to_string(*limits.total_time_ms) + " ms exceeded (" +
                      std::to_string(cpu_limit_ms) + " ms were left)";
      if (out.run_status == RunStatus::kOk) {
        // The sandbox's note on a run that ended well (a fork denied at the process
        // limit) stays beside the checker's message.
        const std::string run_note = std::move(out.message);
        out.message.clear();
        JUDGE_RETURN_IF_ERROR(CheckRun(test, &out, lane));
        AppendNote(run_note, &out.message);
      }
    }
    ApplyRealLimit(&out);
    if (out.verdict != Verdict::kAccepted) out.stderr_tail = fs::ReadTail(lane.stderr_path, kStderrTailBytes);
    return out;
  }

  // With verify's margins the run had more time than the limit: judge it by the limit.
  void ApplyRealLimit(TestResult* out) const {
    out->margin_verdict = out->verdict;
    const int64_t wall_limit = std::max(EffectiveWallMs(req_.problem->limits), out->cpu_limit_ms);
    bool over = out->cpu_ms > out->cpu_limit_ms || out->wall_ms > wall_limit;
    if (opt_.limit_factor <= 1.0 || !over || out->verdict == Verdict::kTimeLimitExceeded) return;
    // The Kattis rule: an interactor's wrong answer before the end stands.
    if (out->verdict == Verdict::kWrongAnswer && out->interactor_first) return;
    out->verdict = Verdict::kTimeLimitExceeded;
    out->message = "time limit of " + std::to_string(out->cpu_limit_ms) + " ms exceeded (" +
                   std::to_string(out->cpu_ms) + " ms CPU, " + std::to_string(out->wall_ms) + " ms wall; " +
                   std::string(VerdictCode(out->margin_verdict)) + " with the margin)";
  }

  // The output (or the missing output file's WA), then the checker.
  Status CheckRun(const TestCase& test, TestResult* out, Lane& lane) {
    std::optional<std::string> output;
    JUDGE_ASSIGN_OR_RETURN(output, ReadOutput(out, lane));
    if (!output) return Status::Ok();  // no usable output file: WA already
    out->output_sha256 = Sha256Hex(*output);
    if (opt_.keep_output_bytes > 0)
      lane.last_output = output->substr(0, static_cast<std::size_t>(opt_.keep_output_bytes));
    CheckOutput(test, *output, out, lane);
    if (out->verdict == Verdict::kJudgeError && lane.Cancelled()) return Status::Cancelled("grading cancelled");
    return Status::Ok();
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
    lanes_.push_back(std::make_unique<Lane>(opt_.scratch_dir, opt_.cancel));
    return fs::MakeDirs(lane0().check_dir);
  }

  // A fresh run directory with the program (and, in file I/O mode, the input).
  Status PrepareRunDir(const TestCase& test, const Lane& lane) const {
    const std::string& run_dir = lane.run_dir;
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(run_dir));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run_dir));
    for (const auto& f : req_.program->files) {
      JUDGE_RETURN_IF_ERROR(MakeParentDirs(run_dir, f));
      JUDGE_RETURN_IF_ERROR(fs::LinkOrCopy(program_dir_ + "/" + f, run_dir + "/" + f));
    }
    if (req_.problem->io_mode == IoMode::kFile)
      JUDGE_RETURN_IF_ERROR(fs::CopyFile(test.input_path, run_dir + "/" + req_.problem->input_file, 0644));
    return Status::Ok();
  }

  RunSpec MakeSpec(const TestCase& test, int64_t cpu_limit_ms, const Lane& lane) const {
    const ProblemLimits& limits = req_.problem->limits;
    const double f = std::max(1.0, opt_.limit_factor);
    RunSpec spec;
    spec.argv = argv_;
    spec.work_dir = lane.run_dir;
    spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + lane.run_dir, "ONLINE_JUDGE=1"};
    // stdout is kept apart from the answer in file mode too, and counted.
    spec.stdout_path = lane.stdout_path;
    spec.stderr_path = lane.stderr_path;  // its tail explains a failed test
    if (req_.problem->io_mode != IoMode::kFile) spec.stdin_path = test.input_path;
    // Of what the program writes in its directory, only the output file is read
    // (ReadOutput): nothing else comes back into the scratch directory.
    spec.copy_back_only.emplace();
    if (req_.problem->io_mode == IoMode::kFile) spec.copy_back_only->push_back(req_.problem->output_file);
    spec.limits.cpu_time_ms = static_cast<int64_t>(static_cast<double>(cpu_limit_ms) * f);
    spec.limits.wall_time_ms =
        static_cast<int64_t>(static_cast<double>(std::max(EffectiveWallMs(limits), cpu_limit_ms)) * f);
    spec.limits.memory_kib = MemoryLimitKib();
    spec.limits.reserved_memory_counts = req_.program->reserved_memory_counts;
    spec.limits.output_kib = limits.output_kib;
    spec.limits.output_truncates = req_.output_truncates;
    spec.limits.max_processes = std::max<int32_t>(1, req_.program->max_processes);
    spec.cancel = lane.cancel;
    return spec;
  }

  // Limits set on a 32-bit judge allow what a 64-bit build needs more to every language.
  bool ThirtyTwoBitAllowanceApplies() const {
    return req_.problem->limits.set_on_32_bit && req_.program->memory_allowance_percent < kThirtyTwoBitAllowancePercent;
  }

  int64_t AllowancePercent() const {
    return ThirtyTwoBitAllowanceApplies() ? kThirtyTwoBitAllowancePercent : req_.program->memory_allowance_percent;
  }

  // The problem's memory limit plus the allowance.
  int64_t MemoryLimitKib() const { return req_.problem->limits.memory_kib * (100 + AllowancePercent()) / 100; }

  // What was measured, and against which limit: the sandbox's own message may name
  // only the limit (a killed run), and an allowance must be visible.
  std::string MemoryMessage(const RunResult& run) const {
    std::string m = DescribeRun(run) + "; measured peak " + std::to_string(run.memory_kib) + " KiB (" +
                    (run.memory_method.empty() ? "resident memory" : run.memory_method) + ")";
    if (AllowancePercent() > 0)
      m += "; limit " + std::to_string(MemoryLimitKib()) + " KiB is the problem's " +
           std::to_string(req_.problem->limits.memory_kib) + " KiB + " + std::to_string(AllowancePercent()) +
           (ThirtyTwoBitAllowanceApplies() ? "% because its limits were set on a 32-bit judge"
                                           : "% allowed to language " + req_.program->language_id);
    return m;
  }

  Status RunProgram(const TestCase& test, TestResult* out, Lane& lane) {
    JUDGE_RETURN_IF_ERROR(PrepareRunDir(test, lane));
    if (!lane.session) lane.session = req_.sandbox->OpenSession();
    Result<RunResult> ran = lane.session->Run(MakeSpec(test, out->cpu_limit_ms, lane));
    if (!ran.ok()) return ran.status().WithContext("running test " + test.name);
    CopyRun(*ran, out);
    if (ran->status != RunStatus::kOk) {
      out->verdict = VerdictOfRun(ran->status);
      out->message = ran->status == RunStatus::kMemoryLimitExceeded ? MemoryMessage(*ran) : DescribeRun(*ran);
    } else {
      out->message = ran->message;
    }
    return Status::Ok();
  }

  // Interactive: the checker runs the submission with its interactor.
  Status Interact(const TestCase& test, TestResult* out, Lane& lane) {
    JUDGE_RETURN_IF_ERROR(PrepareRunDir(test, lane));
    InteractRequest q;
    q.test = &test;
    q.flags = &Flags(test, lane);
    q.submission = MakeSpec(test, out->cpu_limit_ms, lane);
    q.sandbox = req_.sandbox;
    q.scratch_dir = lane.check_dir;
    q.cancel = lane.cancel;
    q.pass = lane.pass;
    Result<InteractOutcome> io = req_.checker->Interact(q);
    if (!io.ok()) return io.status().WithContext("running test " + test.name);
    CopyRun(io->submission, out);
    out->interactor_first = io->interactor_first;
    InteractiveVerdict(*io, out);
    if (io->submission.status == RunStatus::kOk) AppendNote(io->submission.message, &out->message);
    out->score_reported = io->check.ok() && io->check->reported_score.has_value();
    if (io->check.ok() && out->verdict == Verdict::kAccepted) lane.next_pass = io->check->next_pass_input;
    if (out->verdict == Verdict::kJudgeError && lane.Cancelled()) return Status::Cancelled("grading cancelled");
    return Status::Ok();
  }

  // problem.yaml's validator_flags, then the test group's output_validator_flags.
  const std::vector<std::string>& Flags(const TestCase& test, Lane& lane) const {
    std::vector<std::string>& flags = lane.flags;
    flags = req_.problem->validator_flags;
    if (req_.groups && test.group_index >= 0 && test.group_index < static_cast<int>(req_.groups->size())) {
      const auto& g = (*req_.groups)[static_cast<std::size_t>(test.group_index)].output_validator_flags;
      flags.insert(flags.end(), g.begin(), g.end());
    }
    return flags;
  }

  // The output, at most the output limit (the sandbox enforced it already). nullopt
  // when file I/O left no usable output file: *out is WA then.
  Result<std::optional<std::string>> ReadOutput(TestResult* out, Lane& lane) const {
    const ProblemConfig& problem = *req_.problem;
    int64_t max_bytes = problem.limits.output_kib * 1024 + 1;
    bool file_io = problem.io_mode == IoMode::kFile;
    std::string& output_path = lane.output_path;
    output_path = file_io ? lane.run_dir + "/" + problem.output_file : lane.stdout_path;
    fs::OpenOutcome how = fs::OpenOutcome::kRead;
    JUDGE_ASSIGN_OR_RETURN(std::string output, fs::ReadNoFollow(output_path, max_bytes, &how));
    if (how == fs::OpenOutcome::kRead) {
      if (file_io) {
        // The checker reads a copy the run cannot change any more.
        output_path = lane.check_dir + "/output_file";
        JUDGE_RETURN_IF_ERROR(fs::WriteFile(output_path, output));
      }
      return std::optional<std::string>(std::move(output));
    }
    if (!file_io) {  // the sandbox made none: empty
      output_path = lane.check_dir + "/output_file";
      JUDGE_RETURN_IF_ERROR(fs::WriteFile(output_path, ""));
      return std::optional<std::string>(std::string());
    }
    out->verdict = Verdict::kWrongAnswer;
    out->message = OutputFileProblem(how, problem.output_file);
    return std::optional<std::string>();
  }

  // Jury data problems and checker failures are the package's fault: JE, never WA.
  void CheckOutput(const TestCase& test, const std::string& output, TestResult* out, Lane& lane) {
    out->verdict = Verdict::kJudgeError;
    Result<std::string> input = fs::ReadFile(test.input_path);
    if (!input.ok()) return void(out->message = input.status().message());
    std::string answer;
    if (!test.answer_path.empty()) {
      Result<std::string> a = fs::ReadFile(test.answer_path);
      if (!a.ok()) return void(out->message = a.status().message());
      answer = std::move(a).value();
    } else if (req_.problem->checker != CheckerKind::kPlugin && req_.problem->checker != CheckerKind::kTestlib &&
               req_.problem->checker != CheckerKind::kKattis) {
      out->message = "test " + test.name + " has no .ans file for the " + req_.checker->Describe() + " checker";
      return;
    }
    CheckRequest q;
    q.test = &test;
    q.flags = &Flags(test, lane);
    q.input = *input;
    q.output = output;
    q.answer = answer;
    q.output_path = lane.output_path;
    q.sandbox = req_.sandbox;
    q.scratch_dir = lane.check_dir;
    q.cancel = lane.cancel;
    q.pass = lane.pass;
    // Checkers that do not say they may run concurrently are called one at a time.
    std::unique_lock<std::mutex> one_at_a_time(checker_mu_, std::defer_lock);
    if (!req_.checker->concurrent()) one_at_a_time.lock();
    Result<CheckOutcome> checked = req_.checker->CheckTest(q);
    if (one_at_a_time.owns_lock()) one_at_a_time.unlock();
    if (!checked.ok()) return void(out->message = checked.status().message());
    out->verdict = VerdictOfCheck(checked->verdict);
    out->score = checked->reported_score.value_or(checked->score);
    out->score_reported = checked->reported_score.has_value();
    out->message = checked->message;
    lane.next_pass = checked->next_pass_input;
    if (checked->verdict == CheckVerdict::kPartial) {
      out->partial = true;
      char buf[64];
      std::snprintf(buf, sizeof buf, "partial score %.4g", out->score);
      out->message = out->message.empty() ? std::string(buf) : std::string(buf) + ": " + out->message;
    }
  }

  // A group's item: a test (index into tests) or a subgroup (index into groups).
  struct Item {
    int test = -1;
    int group = -1;
  };

  const GradeRequest& req_;
  const GradeOptions& opt_;
  GradeReport report_;
  std::string program_dir_;
  std::vector<std::string> argv_;
  std::set<std::string> failed_groups_;
  std::vector<std::vector<Item>> items_;
  int64_t used_cpu_ms_ = 0;
  std::vector<std::unique_ptr<Lane>> lanes_;  // [0]: the sequential path's
  std::mutex checker_mu_;
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
