// The pipeline end to end with fakes: the in-memory store, a fake sandbox (it
// "compiles" and "runs"), built-in checkers. What is stored, when, and what is not;
// events; jobs; cancellation.
#include "judge/judging/pipeline.h"
#include "judge/judging/job_pool.h"

#include <atomic>
#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "fakes.h"
#include "judge/base/hash.h"
#include "judge/judging/json.h"
#include "judge/grading/sandbox_retry.h"

namespace judge {
namespace {

using testing::FakeSandbox;
using testing::Ok;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

std::string WriteTemp(const TempDir& dir, const std::string& name, const std::string& text) {
  std::string p = dir.path() + "/" + name;
  if (name.find('/') != std::string::npos) mkdir((dir.path() + "/" + name.substr(0, name.find('/'))).c_str(), 0755);
  WriteFile(p, text);
  return p;
}

// Programs are text files: "echo-sum" adds the two numbers; "crash" is RE; the
// fake compiler turns source "X" into binary "X" and refuses "syntax error".
RunResult FakeWorld(const RunSpec& spec, std::string* out) {
  if (spec.argv.size() > 1 && spec.argv[1] == "-o") {  // the fake compiler
    std::string src = ReadFile(spec.work_dir + "/prog.src");
    if (src == "syntax error") {
      WriteFile(spec.stderr_path, "prog.src:1: error: nonsense\n");
      RunResult r;
      r.status = RunStatus::kRuntimeError;
      r.exit_code = 1;
      return r;
    }
    WriteFile(spec.work_dir + "/main", src);
    return Ok();
  }
  std::string program = ReadFile(spec.work_dir + "/main");
  if (program == "crash") {
    RunResult r;
    r.status = RunStatus::kRuntimeError;
    r.signal = 11;
    return r;
  }
  std::string in = ReadFile(spec.stdin_path);
  int a = 0, b = 0;
  sscanf(in.c_str(), "%d %d", &a, &b);
  *out = std::to_string(a + b) + "\n";
  return Ok(7, 321);
}

LanguageProfile FakeLanguage() {
  LanguageProfile p;
  p.id = "fakelang";
  p.source_name = "prog.src";
  p.compile = {"/bin/sh", "-o", "main", "prog.src"};
  p.run = {"./main"};
  return p;
}

struct World {
  TempDir dir;
  Package pkg;
  std::unique_ptr<Store> store = NewMemoryStore();
  LanguageSet languages;
  PipelineOptions options;

  World() {
    pkg.problem.dir = dir.path();
    pkg.problem.id = "sum";
    pkg.problem.checker = CheckerKind::kTokens;
    pkg.problem.limits.time_ms = 1000;
    pkg.checker = MakeBuiltinChecker(pkg.problem);
    pkg.checker_name = "tokens";
    pkg.package_hash = "feedface";
    std::string data = dir.Mkdir("data");
    for (int i = 1; i <= 3; ++i) {
      TestCase t;
      t.name = "secret/" + std::to_string(i);
      t.group = "secret";
      t.input_path = data + "/" + std::to_string(i) + ".in";
      t.answer_path = data + "/" + std::to_string(i) + ".ans";
      WriteFile(t.input_path, std::to_string(i) + " " + std::to_string(i) + "\n");
      WriteFile(t.answer_path, std::to_string(2 * i) + "\n");
      pkg.tests.push_back(t);
    }
    languages.Add(FakeLanguage());
    options.context.cache_dir = dir.path() + "/cache";
    options.context.scratch_root = dir.Mkdir("scratch");
    options.context.store = store.get();
    options.context.languages = &languages;
    options.context.sandboxes = [] { return Result<std::unique_ptr<Sandbox>>(std::make_unique<FakeSandbox>(FakeWorld)); };
  }
  JudgeTask Task(const std::string& name, const std::string& source, LanguageProfile lang = BinaryProfile()) {
    JudgeTask t;
    t.package = &pkg;
    t.fresh = NewSubmission{name, name, source, std::move(lang)};
    return t;
  }
  JudgeTask Stored(int64_t id) {
    JudgeTask t;
    t.package = &pkg;
    t.stored_id = id;
    return t;
  }
  bool ScratchIsEmpty() const {
    std::error_code ec;
    return std::filesystem::is_empty(options.context.scratch_root, ec) && !ec;
  }
};

// Records every event, in order, as one line each.
struct Recorder : JudgeObserver {
  std::vector<std::string> events;
  std::atomic<int> inside{0};
  bool overlapped = false;
  void Note(const std::string& e) {
    if (++inside > 1) overlapped = true;
    events.push_back(e);
    --inside;
  }
  void OnJudgingStarted(std::size_t task, const JudgedSubmission& so_far) override {
    Note(std::to_string(task) + " started " + so_far.display_name);
  }
  void OnTestStarted(std::size_t task, std::size_t index, std::size_t count, const TestCase&) override {
    Note(std::to_string(task) + " test " + std::to_string(index) + "/" + std::to_string(count));
  }
  void OnTestFinished(std::size_t task, std::size_t index, std::size_t, const TestResult& r) override {
    Note(std::to_string(task) + " done " + std::to_string(index) + " " + std::string(VerdictCode(r.verdict)));
  }
  void OnJudgingDone(std::size_t task, const Result<JudgedSubmission>& r) override {
    Note(std::to_string(task) + " end " + (r.ok() ? std::string(VerdictCode(*r->judging.verdict)) : r.status().message()));
  }
};

TEST(Pipeline, StoresTheSubmissionTheJudgingAndEveryTest) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  Pipeline pipeline(w.options);
  Recorder events;
  auto r = pipeline.Judge(w.Task("sum.bin", "echo-sum"), &sandbox, &events);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->judging.verdict, Verdict::kAccepted);
  EXPECT_EQ(r->judging.max_time_ms, 7);
  EXPECT_EQ(r->judging.total_time_ms, 21);
  ASSERT_GT(r->submission.id, 0);
  auto sub = w.store->GetSubmission(r->submission.id);
  ASSERT_TRUE(sub.ok());
  EXPECT_EQ(sub->source, "echo-sum");
  EXPECT_EQ(sub->source_sha256, Sha256Hex("echo-sum"));
  EXPECT_EQ(sub->file_name, "sum.bin");
  EXPECT_EQ(sub->language_id, "binary");
  EXPECT_EQ(sub->problem_id, "sum");
  EXPECT_EQ(sub->package_hash, "feedface");
  // What was stored is what was returned: one model.
  auto j = w.store->GetJudging(r->judging.id);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->status, JudgingStatus::kDone);
  EXPECT_EQ(*j->verdict, Verdict::kAccepted);
  EXPECT_EQ(j->checker, "tokens");
  EXPECT_EQ(j->limits.wall_ms, 10000);  // as applied, derived
  EXPECT_EQ(j->total_time_ms, r->judging.total_time_ms);
  EXPECT_EQ(j->max_time_ms, r->judging.max_time_ms);
  EXPECT_EQ(j->memory_kib, 321);
  EXPECT_EQ(j->tests_total, 3);
  ASSERT_EQ(j->tests.size(), 3u);
  EXPECT_EQ(j->tests[2].name, "secret/3");
  EXPECT_EQ(j->tests[2].output_sha256, Sha256Hex("6\n"));
  EXPECT_EQ(j->tests[2].output_sha256, r->judging.tests[2].output_sha256);
  EXPECT_EQ(j->tests[2].time_method, "fake");
  EXPECT_EQ(events.events, (std::vector<std::string>{"0 started sum.bin", "0 test 0/3", "0 done 0 AC", "0 test 1/3",
                                                     "0 done 1 AC", "0 test 2/3", "0 done 2 AC", "0 end AC"}));
  EXPECT_TRUE(w.ScratchIsEmpty());
}

TEST(Pipeline, ACompileErrorIsStoredWithTheLog) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  Pipeline pipeline(w.options);
  auto r = pipeline.Judge(w.Task("bad.src", "syntax error", FakeLanguage()), &sandbox);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->judging.verdict, Verdict::kCompileError);
  EXPECT_FALSE(r->judging.compiled());
  EXPECT_NE(r->judging.compile_log.find("nonsense"), std::string::npos);
  EXPECT_TRUE(r->judging.tests.empty());
  auto j = w.store->GetJudging(r->judging.id);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(*j->verdict, Verdict::kCompileError);
  EXPECT_NE(j->compile_log.find("nonsense"), std::string::npos);
}

// A file that cannot be judged is refused, naming it: an outcome of the file (no
// Status, which is kept for the judge failing to read), an error for grade and stress.
// A compile that the wall clock stopped with its CPU time under the limit runs again;
// how many times the compiler ran reaches the judging and grade --json's `compile`
// object (docs/grading.md), and a cache hit says the compiler did not run.
TEST(Pipeline, TheCompilesAttemptsReachTheJudgingAndItsJson) {
  World w;
  int compiles = 0;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    if (spec.argv.size() > 1 && spec.argv[1] == "-o" && ++compiles == 1) {
      RunResult r;
      r.status = RunStatus::kTimeLimitExceeded;
      r.kill_reason = KillReason::kWallTime;
      r.cpu_ms = 900;
      r.wall_ms = 300000;
      return r;
    }
    return FakeWorld(spec, out);
  });
  Pipeline pipeline(w.options);
  auto r = pipeline.Judge(w.Task("ok.src", "echo-sum", FakeLanguage()), &sandbox);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->judging.verdict, Verdict::kAccepted);
  EXPECT_EQ(compiles, 2);
  EXPECT_EQ(r->judging.compile_attempts, 2);
  EXPECT_EQ(GradeReportJson(*r)["compile"]["attempts"], 2);
  auto hit = pipeline.Judge(w.Task("ok.src", "echo-sum", FakeLanguage()), &sandbox);
  ASSERT_TRUE(hit.ok()) << hit.status().message();
  EXPECT_EQ(compiles, 2);  // from the cache
  EXPECT_EQ(GradeReportJson(*hit)["compile"]["attempts"], 0);
}

TEST(Pipeline, FilesThatCannotBeJudgedAreRefusalsNamingThem) {
  World w;
  auto refusal = [](const Result<SubmissionRead>& r) {
    EXPECT_TRUE(r.ok()) << r.status().message();
    return r.ok() && !r->submission ? r->refusal : std::string("(not refused)");
  };
  const std::string empty = WriteTemp(w.dir, "empty.cpp", "");
  EXPECT_EQ(refusal(ReadSubmissionFile(empty, BinaryProfile())), empty + ": the submission is empty");
  EXPECT_EQ(refusal(ReadSubmissionFile(w.dir.path() + "/nope.cpp", BinaryProfile())),
            w.dir.path() + "/nope.cpp: no such submission file");
  EXPECT_EQ(refusal(ReadSubmissionFile(w.dir.path(), BinaryProfile())),
            w.dir.path() + ": is a directory, expected a submission file");
  std::string fifo = w.dir.path() + "/fifo.cpp";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(refusal(ReadSubmissionFile(fifo, BinaryProfile())),  // must not block
            fifo + ": expected a regular file, found a FIFO");
  EXPECT_EQ(refusal(ReadSubmissionFolder(w.dir.path() + "/nofolder", w.dir.path(), BinaryProfile())),
            w.dir.path() + "/nofolder: no such submission folder");
  auto as_error = SubmissionOrError(ReadSubmissionFile(empty, BinaryProfile()));
  ASSERT_FALSE(as_error.ok());
  EXPECT_EQ(as_error.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(as_error.status().message(), empty + ": the submission is empty");
  auto ok = ReadSubmissionFile(WriteTemp(w.dir, "sub/ok.bin", "x"), BinaryProfile());
  ASSERT_TRUE(ok.ok() && ok->submission) << refusal(ok);
  EXPECT_EQ(ok->submission->file_name, "ok.bin");
  EXPECT_EQ(ok->submission->display_name, w.dir.path() + "/sub/ok.bin");
}

TEST(Pipeline, AJudgeFailureMidwayLeavesAnIncompleteJudgingWithItsTests) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  // The sandbox breaks down on the second test: the judge's failure, not a verdict.
  struct Breaking : Sandbox {
    FakeSandbox* inner;
    int n = 0;
    Result<RunResult> Run(const RunSpec& s) override {
      if (++n == 2) return Status::IoError("cgroup vanished");
      return inner->Run(s);
    }
  } breaking;
  breaking.inner = &sandbox;
  Pipeline pipeline(w.options);
  auto r = pipeline.Judge(w.Task("sum.bin", "echo-sum"), &breaking);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("cgroup vanished"), std::string::npos);
  auto history = w.store->ListHistory({});
  ASSERT_TRUE(history.ok());
  ASSERT_EQ(history->size(), 1u);
  auto judgings = w.store->ListJudgings((*history)[0].submission.id);
  ASSERT_TRUE(judgings.ok());
  ASSERT_EQ(judgings->size(), 1u);
  EXPECT_EQ((*judgings)[0].status, JudgingStatus::kIncomplete);
  EXPECT_NE((*judgings)[0].message.find("cgroup vanished"), std::string::npos);
  EXPECT_EQ((*judgings)[0].tests.size(), 1u);  // the test finished before the failure
  EXPECT_TRUE(w.ScratchIsEmpty());
}

// The sandbox could not take a run (its keeper went away: issue 23, hole 10): the
// judge's fault, tried again; the judging ends with the submission's verdict.
struct Unavailable : Sandbox {
  FakeSandbox* inner = nullptr;
  int fail_from = 0, failures = 0;  // calls fail_from .. fail_from + failures - 1 fail
  int calls = 0;
  Result<RunResult> Run(const RunSpec& s) override {
    ++calls;
    if (calls >= fail_from && calls < fail_from + failures)
      return Status::Unavailable("cannot hand the run to the sandbox keeper: Broken pipe");
    return inner->Run(s);
  }
};

TEST(Pipeline, ARunTheSandboxCouldNotTakeIsTriedAgain) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  Unavailable flaky;
  flaky.inner = &sandbox;
  flaky.fail_from = 2;  // the second test's first attempt
  flaky.failures = 1;
  Pipeline pipeline(w.options);
  auto r = pipeline.Judge(w.Task("sum.bin", "echo-sum"), &flaky);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->judging.verdict, Verdict::kAccepted);
  EXPECT_EQ(r->judging.tests.size(), 3u);
  EXPECT_EQ(flaky.calls, 4);  // three tests, one tried twice
  auto j = w.store->GetJudging(r->judging.id);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->status, JudgingStatus::kDone);
  EXPECT_EQ(j->tests.size(), 3u);  // each test stored once
}

TEST(Pipeline, ARunTheSandboxNeverTakesFailsTheJudgingAfterBoundedAttempts) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  Unavailable broken;
  broken.inner = &sandbox;
  broken.fail_from = 1;
  broken.failures = 1000;
  Pipeline pipeline(w.options);
  auto r = pipeline.Judge(w.Task("sum.bin", "echo-sum"), &broken);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(r.status().message().find("3 attempts"), std::string::npos) << r.status().message();
  EXPECT_EQ(broken.calls, kSandboxRunAttempts);
  auto history = w.store->ListHistory({});
  ASSERT_EQ(history->size(), 1u);
  auto j = w.store->ListJudgings((*history)[0].submission.id);
  ASSERT_EQ(j->size(), 1u);
  EXPECT_EQ((*j)[0].status, JudgingStatus::kIncomplete);
  EXPECT_NE((*j)[0].message.find("Broken pipe"), std::string::npos) << (*j)[0].message;
  EXPECT_TRUE(w.ScratchIsEmpty());
}

TEST(Pipeline, CancellationStopsTheRunAndMarksTheJudgingInterrupted) {
  World w;
  std::atomic<bool> cancel{false};
  // The second test's run sees the flag (as a signal handler would set it).
  struct Cancelling : Sandbox {
    FakeSandbox* inner;
    std::atomic<bool>* flag;
    int n = 0;
    Result<RunResult> Run(const RunSpec& s) override {
      if (++n == 2) {
        flag->store(true);
        EXPECT_EQ(s.cancel, flag);  // the sandbox gets the flag to stop the program
        return Status::Cancelled("run stopped");
      }
      return inner->Run(s);
    }
  } cancelling;
  FakeSandbox sandbox(FakeWorld);
  cancelling.inner = &sandbox;
  cancelling.flag = &cancel;
  w.options.context.cancel = &cancel;
  Pipeline pipeline(w.options);
  auto r = pipeline.Judge(w.Task("sum.bin", "echo-sum"), &cancelling);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
  auto history = w.store->ListHistory({});
  ASSERT_EQ(history->size(), 1u);
  auto j = w.store->ListJudgings((*history)[0].submission.id);
  EXPECT_EQ((*j)[0].status, JudgingStatus::kIncomplete);
  EXPECT_EQ((*j)[0].message.rfind("interrupted: ", 0), 0u) << (*j)[0].message;
  EXPECT_TRUE(w.ScratchIsEmpty());
  // Later tasks are not started at all.
  auto later = pipeline.JudgeAll({w.Task("a.bin", "echo-sum"), w.Task("b.bin", "echo-sum")});
  ASSERT_EQ(later.size(), 2u);
  EXPECT_EQ(later[0].status().code(), StatusCode::kCancelled);
  EXPECT_EQ(later[1].status().code(), StatusCode::kCancelled);
  EXPECT_EQ(w.store->ListHistory({})->size(), 1u);
}

TEST(Pipeline, JudgeAllKeepsTaskOrderAndSerializesEvents) {
  World w;
  w.options.jobs = 3;
  Pipeline pipeline(w.options);
  std::vector<JudgeTask> tasks;
  for (int i = 0; i < 7; ++i) tasks.push_back(w.Task("s" + std::to_string(i), i % 2 ? "crash" : "echo-sum"));
  Recorder events;
  auto results = pipeline.JudgeAll(tasks, &events);
  ASSERT_EQ(results.size(), 7u);
  for (int i = 0; i < 7; ++i) {
    ASSERT_TRUE(results[i].ok()) << results[i].status().message();
    EXPECT_EQ(results[i]->display_name, "s" + std::to_string(i));
    EXPECT_EQ(results[i]->judging.verdict, i % 2 ? Verdict::kRuntimeError : Verdict::kAccepted);
  }
  EXPECT_FALSE(events.overlapped);
  std::set<std::string> ends;
  for (const auto& e : events.events)
    if (e.find(" end ") != std::string::npos) ends.insert(e);
  EXPECT_EQ(ends.size(), 7u);
  EXPECT_EQ(w.store->ListHistory({})->size(), 7u);
}

// Issue 35, item 2: more jobs than the host has cores run as many as it has (one
// sandbox, hence at most one program, per job).
TEST(Pipeline, JudgeAllRunsNoMoreJobsThanTheHostHasCores) {
  World w;
  w.options.jobs = HostCores() + 3;
  std::atomic<int> sandboxes{0};
  w.options.context.sandboxes = [&] {
    ++sandboxes;
    return Result<std::unique_ptr<Sandbox>>(std::make_unique<FakeSandbox>(FakeWorld));
  };
  Pipeline pipeline(w.options);
  std::vector<JudgeTask> tasks;
  for (int i = 0; i < 2 * w.options.jobs; ++i) tasks.push_back(w.Task("s" + std::to_string(i), "echo-sum"));
  auto results = pipeline.JudgeAll(tasks);
  for (const auto& r : results) ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_GE(sandboxes.load(), 1);
  EXPECT_LE(sandboxes.load(), HostCores());
  std::string note;
  EXPECT_EQ(ClampToHostCores(HostCores(), "--jobs", &note), HostCores());
  EXPECT_EQ(note, "");
  EXPECT_EQ(ClampToHostCores(HostCores() + 1, "--jobs", &note), HostCores());
  EXPECT_NE(note.find("--jobs " + std::to_string(HostCores() + 1) + " is more than this host's"), std::string::npos)
      << note;
}

TEST(Pipeline, AJobWithoutASandboxReportsTheReasonForItsTasks) {
  World w;
  w.options.context.sandboxes = [] { return Result<std::unique_ptr<Sandbox>>(Status::Unsupported("no cgroups here")); };
  Pipeline pipeline(w.options);
  Recorder events;
  auto results = pipeline.JudgeAll({w.Task("a", "echo-sum")}, &events);
  ASSERT_FALSE(results[0].ok());
  EXPECT_EQ(results[0].status().message(), "no cgroups here");
  EXPECT_EQ(events.events, std::vector<std::string>{"0 end no cgroups here"});
}

// A sandbox that could not be made is made again for the next task: a fault of the
// moment (the first grading after a boot, its state directory being prepared) costs
// the tasks it hit, never the whole batch. Without the retry the failed result stays
// the job's, and all 4 tasks fail.
TEST(Pipeline, ASandboxThatFailedOnceIsMadeAgainForTheNextTask) {
  World w;
  std::atomic<int> calls{0};
  w.options.jobs = 1;
  w.options.context.sandboxes = [&calls]() -> Result<std::unique_ptr<Sandbox>> {
    if (calls++ < kSandboxCreateAttempts) return Status::IoError("cannot create /state/etc-1.tmp.x: Busy");
    return Result<std::unique_ptr<Sandbox>>(std::make_unique<FakeSandbox>(FakeWorld));
  };
  Pipeline pipeline(w.options);
  Recorder events;
  auto results = pipeline.JudgeAll({w.Task("a", "echo-sum"), w.Task("b", "echo-sum"), w.Task("c", "echo-sum"),
                                    w.Task("d", "echo-sum")},
                                   &events);
  ASSERT_FALSE(results[0].ok());  // both of its attempts failed
  EXPECT_NE(results[0].status().message().find("cannot create"), std::string::npos);
  for (std::size_t i = 1; i < results.size(); ++i) {
    ASSERT_TRUE(results[i].ok()) << i << ": " << results[i].status().message();
    EXPECT_EQ(results[i]->judging.verdict, Verdict::kAccepted) << i;
  }
  EXPECT_EQ(calls.load(), kSandboxCreateAttempts + 1);  // made once more, then kept
}

TEST(Pipeline, RejudgeAddsANewJudgingBesideTheOld) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  Pipeline pipeline(w.options);
  auto first = pipeline.Judge(w.Task("crash.bin", "crash"), &sandbox);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->judging.verdict, Verdict::kRuntimeError);
  w.pkg.package_hash = "changed";
  auto again = pipeline.Judge(w.Stored(first->submission.id), &sandbox);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->judging.verdict, Verdict::kRuntimeError);
  EXPECT_NE(again->judging.id, first->judging.id);
  EXPECT_NE(again->note.find("package changed"), std::string::npos);
  auto all = w.store->ListJudgings(first->submission.id);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].status, JudgingStatus::kDone);
  EXPECT_EQ((*all)[1].status, JudgingStatus::kDone);
  auto unknown = pipeline.Judge(w.Stored(999), &sandbox);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().code(), StatusCode::kNotFound);
}

TEST(Pipeline, RejudgeRecompilesTheStoredSource) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  Pipeline pipeline(w.options);
  auto first = pipeline.Judge(w.Task("ok.src", "echo-sum", FakeLanguage()), &sandbox);
  ASSERT_TRUE(first.ok()) << first.status().message();
  EXPECT_EQ(first->judging.verdict, Verdict::kAccepted);
  auto again = pipeline.Judge(w.Stored(first->submission.id), &sandbox);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->judging.verdict, Verdict::kAccepted);
  LanguageSet none;
  w.options.context.languages = &none;
  Pipeline without(w.options);
  auto gone = without.Judge(w.Stored(first->submission.id), &sandbox);
  ASSERT_FALSE(gone.ok());
  EXPECT_NE(gone.status().message().find("fakelang"), std::string::npos);
}

TEST(Pipeline, WithoutAStoreNothingIsStoredAndGradingWorks) {
  World w;
  w.options.context.store = nullptr;
  FakeSandbox sandbox(FakeWorld);
  Pipeline pipeline(w.options);
  auto r = pipeline.Judge(w.Task("sum.bin", "echo-sum"), &sandbox);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->judging.verdict, Verdict::kAccepted);
  EXPECT_EQ(r->submission.id, 0);
  EXPECT_EQ(r->judging.id, 0);
  EXPECT_EQ(r->judging.tests.size(), 3u);
}

// only_tests: the tests its globs match, in the package's order, and no other is run;
// the judging counts only those (the time-limit inference's lower-bound groups).
TEST(Pipeline, OnlyTestsJudgesTheMatchedTestsAlone) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  Pipeline pipeline(w.options);
  JudgeTask task = w.Task("sum.bin", "echo-sum");
  task.run_all = true;
  task.only_tests = {"secret/{3,1}"};
  auto r = pipeline.Judge(task, &sandbox);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->judging.verdict, Verdict::kAccepted);
  ASSERT_EQ(r->judging.tests.size(), 2u);
  EXPECT_EQ(r->judging.tests[0].name, "secret/1");
  EXPECT_EQ(r->judging.tests[1].name, "secret/3");
  EXPECT_EQ(r->judging.tests_total, 2);
  EXPECT_EQ(sandbox.specs.size(), 2u);  // a binary: nothing compiled
  for (const RunSpec& spec : sandbox.specs) EXPECT_NE(ReadFile(spec.stdin_path), "2 2\n");
}

}  // namespace
}  // namespace judge
