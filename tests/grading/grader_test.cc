// The grader with a fake sandbox (no processes): order, stopping rules, verdict
// mapping, file I/O, total time limit, groups (Polygon's each-test groups and
// dependencies too), and the judge's own failures.
#include "judge/grading/grader.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <map>
#include <thread>

#include "fakes.h"
#include "judge/base/hash.h"
#include "test_runner.h"  // kWallRetries

namespace judge {
namespace {

using testing::FakePluginCaller;
using testing::FakeSandbox;
using testing::Ok;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

// A package of "a b -> a+b" tests on disk, built by hand (no problem.yaml needed).
struct Package {
  TempDir dir;
  ProblemConfig config;
  std::vector<TestCase> tests;
  std::string scratch;
  Program program;

  Package() {
    config.dir = dir.path();
    config.id = "sum";
    config.name = "Sum";
    config.checker = CheckerKind::kTokens;
    config.limits.time_ms = 100;
    config.limits.memory_kib = 65536;
    config.limits.output_kib = 1024;
    scratch = dir.Mkdir("scratch");
    std::string prog = dir.Mkdir("prog");
    WriteFile(prog + "/main", "#!fake binary");
    program.language_id = "cpp20";
    program.dir = prog;
    program.files = {"main"};
    program.argv = {"./main"};
  }

  void Add(const std::string& group, const std::string& name, int a, int b) {
    std::string d = dir.Mkdir("data");
    d = dir.Mkdir("data/" + group);
    TestCase t;
    t.name = group + "/" + name;
    t.group = group;
    t.input_path = d + "/" + name + ".in";
    t.answer_path = d + "/" + name + ".ans";
    WriteFile(t.input_path, std::to_string(a) + " " + std::to_string(b) + "\n");
    WriteFile(t.answer_path, std::to_string(a + b) + "\n");
    tests.push_back(t);
  }
};

// Reads "a b" from the run's input (stdin, or the named file in the work dir).
std::pair<int, int> ReadInput(const RunSpec& spec, const std::string& file = "") {
  std::string text = file.empty() ? ReadFile(spec.stdin_path) : ReadFile(spec.work_dir + "/" + file);
  int a = 0, b = 0;
  sscanf(text.c_str(), "%d %d", &a, &b);
  return {a, b};
}

// A correct adder.
RunResult Adder(const RunSpec& spec, std::string* out) {
  auto [a, b] = ReadInput(spec);
  *out = std::to_string(a + b) + "\n";
  return Ok(a + b);  // cpu_ms = a + b, to check the figures
}

class Recorder : public GradeObserver {
 public:
  void OnTestStarting(std::size_t index, std::size_t count, const TestCase& test) override {
    started.push_back(test.name);
    last_count = count;
    (void)index;
  }
  Status OnTestFinished(std::size_t index, std::size_t, const TestResult& outcome) override {
    finished.push_back(outcome);
    indices.push_back(index);
    if (fail_after && finished.size() == fail_after) return Status::IoError("database is locked");
    return Status::Ok();
  }
  std::vector<std::string> started;
  std::vector<TestResult> finished;
  std::vector<std::size_t> indices;
  std::size_t last_count = 0;
  std::size_t fail_after = 0;
};

// The package's problem, tests and program, checked by `checker` in `sandbox`.
GradeRequest RequestFor(Package& p, Sandbox* sandbox, Checker* checker) {
  GradeRequest req;
  req.problem = &p.config;
  req.tests = &p.tests;
  req.program = &p.program;
  req.sandbox = sandbox;
  req.checker = checker;
  return req;
}

// jobs: GradeOptions::test_jobs (tests run at once).
Result<GradeReport> RunGradeJobs(Package& p, Sandbox* sandbox, Checker* checker, int jobs, GradeObserver* observer,
                                 const std::atomic<bool>* cancel = nullptr, bool all = false) {
  GradeRequest req = RequestFor(p, sandbox, checker);
  req.observer = observer;
  GradeOptions opt;
  opt.run_all = all;
  opt.scratch_dir = p.scratch;
  opt.test_jobs = jobs;
  opt.cancel = cancel;
  return Grade(req, opt);
}

Result<GradeReport> RunGrade(Package& p, Sandbox* sandbox, Checker* checker, bool all = false,
                             GradeObserver* observer = nullptr) {
  return RunGradeJobs(p, sandbox, checker, 1, observer, nullptr, all);
}

TEST(Grader, AcceptsACorrectProgramAndReportsFigures) {
  Package p;
  p.Add("sample", "1", 1, 2);
  p.Add("secret", "a", 10, 20);
  p.Add("secret", "b", 3, 4);
  FakeSandbox sandbox(Adder);
  auto checker = MakeBuiltinChecker(p.config);
  Recorder rec;
  auto r = RunGrade(p, &sandbox, checker.get(), false, &rec);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  EXPECT_EQ(r->score, 1.0);
  ASSERT_EQ(r->tests.size(), 3u);
  EXPECT_EQ(r->tests[0].name, "sample/1");
  EXPECT_EQ(r->tests[1].name, "secret/a");
  EXPECT_EQ(r->max_time_ms, 30);    // the largest CPU time
  EXPECT_EQ(r->total_time_ms, 40);  // 3 + 30 + 7
  EXPECT_EQ(r->memory_kib, 100);
  EXPECT_EQ(r->tests[1].wall_ms, 31);
  EXPECT_EQ(r->tests[1].exit_code, 0);
  EXPECT_EQ(r->tests[1].output_sha256, Sha256Hex("30\n"));
  EXPECT_EQ(rec.started, (std::vector<std::string>{"sample/1", "secret/a", "secret/b"}));
  ASSERT_EQ(rec.finished.size(), 3u);
  EXPECT_EQ(rec.indices, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(rec.last_count, 3u);
}

// Issue 26: the tests of one submission share a prepared sandbox, one session per
// lane of tests running at once (SandboxSession).
TEST(Grader, RunsTheTestsOfASubmissionInOneSandboxSession) {
  Package p;
  for (const char* name : {"a", "b", "c", "d"}) p.Add("secret", name, 1, 2);
  FakeSandbox sandbox(Adder);
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get(), true);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  EXPECT_EQ(sandbox.sessions_opened, 1);
  EXPECT_EQ(sandbox.session_of_run, std::vector<int>(4, 1));
}

TEST(Grader, EachLaneOfParallelTestsHasItsOwnSandboxSession) {
  Package p;
  for (const char* name : {"a", "b", "c", "d", "e", "f"}) p.Add("secret", name, 1, 2);
  FakeSandbox sandbox(Adder);
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGradeJobs(p, &sandbox, checker.get(), 2, nullptr, nullptr, true);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  EXPECT_GE(sandbox.sessions_opened, 1);
  EXPECT_LE(sandbox.sessions_opened, 2);
  ASSERT_EQ(sandbox.session_of_run.size(), 6u);
  for (int s : sandbox.session_of_run) EXPECT_GE(s, 1) << "a test ran outside a session";
}

TEST(Grader, PassesTheProblemLimitsToTheSandbox) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.config.limits.time_ms = 1500;
  p.config.limits.memory_kib = 32768;
  p.config.limits.output_kib = 512;
  p.program.max_processes = 64;
  p.program.argv = {"java", "-Xmx{memory_mib}m", "Main"};
  FakeSandbox sandbox(Adder);
  auto checker = MakeBuiltinChecker(p.config);
  ASSERT_TRUE(RunGrade(p, &sandbox, checker.get()).ok());
  ASSERT_EQ(sandbox.specs.size(), 1u);
  const RunSpec& s = sandbox.specs[0];
  EXPECT_EQ(s.limits.cpu_time_ms, 1500);
  EXPECT_EQ(s.limits.wall_time_ms, 15000);  // derived: max(10 * 1500, 1500 + 5000)
  EXPECT_EQ(s.limits.memory_kib, 32768);
  EXPECT_EQ(s.limits.output_kib, 512);
  EXPECT_EQ(s.limits.max_processes, 64);
  EXPECT_EQ(s.argv, (std::vector<std::string>{"java", "-Xmx32m", "Main"}));
  EXPECT_EQ(s.stdin_path, p.tests[0].input_path);
  p.config.limits.wall_ms = 5000;
  ASSERT_TRUE(RunGrade(p, &sandbox, checker.get()).ok());
  EXPECT_EQ(sandbox.specs[1].limits.wall_time_ms, 5000);
}

TEST(Grader, EachTestGetsAFreshRunDirectoryWithTheProgram) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 2, 2);
  std::vector<bool> saw_leftover, saw_program;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    saw_leftover.push_back(access((spec.work_dir + "/leftover").c_str(), F_OK) == 0);
    saw_program.push_back(ReadFile(spec.work_dir + "/main") == "#!fake binary");
    WriteFile(spec.work_dir + "/leftover", "x");
    WriteFile(spec.work_dir + "/main", "overwritten by the run");
    return Adder(spec, out);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(saw_leftover, (std::vector<bool>{false, false}));
  // The directory the program came from (the compile cache) is never reachable from
  // a run: whatever a run does to its copy, the cached files stay as compiled.
  EXPECT_EQ(ReadFile(p.program.dir + "/main"), "#!fake binary");
  EXPECT_EQ(saw_program[0], true);
}

// The run directory serves the next test as it is only when nothing changed it: a
// run that changed its mode, replaced the program's file or made a subdirectory
// leaves the next test a directory made again. Each change below is one the
// directory's checks (owner and mode, the files' inodes, the link count) catch.
TEST(Grader, ARunDirectoryIsKeptOnlyWhenNothingChangedIt) {
  Package p;
  for (int i = 1; i <= 5; ++i) p.Add("secret", std::to_string(i), i, i);
  std::vector<ino_t> dir_inode;
  std::vector<mode_t> dir_mode;
  std::vector<std::string> program;
  std::vector<bool> saw_sub;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    struct stat st {};
    ::stat(spec.work_dir.c_str(), &st);
    dir_inode.push_back(st.st_ino);
    dir_mode.push_back(st.st_mode & 07777);
    program.push_back(ReadFile(spec.work_dir + "/main"));
    saw_sub.push_back(access((spec.work_dir + "/sub").c_str(), F_OK) == 0);
    const std::size_t run = program.size();
    if (run == 2) ::chmod(spec.work_dir.c_str(), 0700);
    if (run == 3) {
      ::unlink((spec.work_dir + "/main").c_str());
      WriteFile(spec.work_dir + "/main", "a replacement");
    }
    if (run == 4) ::mkdir((spec.work_dir + "/sub").c_str(), 0755);
    return Adder(spec, out);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(program.size(), 5u);
  EXPECT_EQ(dir_inode[1], dir_inode[0]);  // nothing changed: kept
  EXPECT_NE(dir_mode[0], 0700u);
  EXPECT_EQ(dir_mode, std::vector<mode_t>(5, dir_mode[0]));
  EXPECT_EQ(program, (std::vector<std::string>(5, "#!fake binary")));
  EXPECT_EQ(saw_sub, (std::vector<bool>{false, false, false, false, false}));
}

TEST(Grader, StopsAtTheFirstFailureByDefault) {
  Package p;
  p.Add("sample", "1", 1, 2);
  p.Add("secret", "a", 5, 5);
  p.Add("secret", "b", 3, 4);
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    auto [a, b] = ReadInput(spec);
    *out = std::to_string(a == 5 ? 11 : a + b);
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(r->score, 0.0);
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_EQ(r->tests[1].verdict, Verdict::kWrongAnswer);
  EXPECT_NE(r->tests[1].message.find("expected \"10\""), std::string::npos) << r->tests[1].message;
  EXPECT_EQ(sandbox.specs.size(), 2u);
  EXPECT_EQ(r->tests_total, 3u);
}

TEST(Grader, RunAllKeepsTheFirstFailureAsTheVerdict) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 5, 5);
  p.Add("secret", "3", 7, 7);
  p.Add("secret", "4", 2, 2);
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    auto [a, b] = ReadInput(spec);
    if (a == 7) {
      RunResult r;
      r.status = RunStatus::kTimeLimitExceeded;
      r.kill_reason = KillReason::kCpuTime;
      r.cpu_ms = 101;
      return r;
    }
    *out = std::to_string(a == 5 ? 0 : a + b);
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get(), /*all=*/true);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->tests.size(), 4u);
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(r->tests[2].verdict, Verdict::kTimeLimitExceeded);
  EXPECT_EQ(r->tests[3].verdict, Verdict::kAccepted);
}

TEST(Grader, MapsEveryRunStatusWithoutAskingTheChecker) {
  struct Case {
    RunStatus status;
    KillReason reason;
    int exit_code, signal;
    Verdict expected;
    std::string message_part;
  };
  std::vector<Case> cases = {
      {RunStatus::kTimeLimitExceeded, KillReason::kCpuTime, -1, 9, Verdict::kTimeLimitExceeded, "CPU time"},
      {RunStatus::kTimeLimitExceeded, KillReason::kWallTime, -1, 9, Verdict::kTimeLimitExceeded, "wall"},
      {RunStatus::kMemoryLimitExceeded, KillReason::kMemory, -1, 9, Verdict::kMemoryLimitExceeded, "memory"},
      {RunStatus::kOutputLimitExceeded, KillReason::kOutput, -1, 25, Verdict::kOutputLimitExceeded, "output"},
      {RunStatus::kRuntimeError, KillReason::kNone, 3, 0, Verdict::kRuntimeError, "exit code 3"},
      {RunStatus::kRuntimeError, KillReason::kNone, -1, 11, Verdict::kRuntimeError, "SIGSEGV"},
  };
  for (const auto& c : cases) {
    Package p;
    p.Add("secret", "1", 1, 1);
    FakeSandbox sandbox([&](const RunSpec&, std::string* out) {
      *out = "2\n";  // a right answer that must not rescue the run
      RunResult r;
      r.status = c.status;
      r.kill_reason = c.reason;
      r.exit_code = c.exit_code;
      r.signal = c.signal;
      r.cpu_ms = 5;
      return r;
    });
    FakePluginCaller plugin;
    plugin.check = [](auto, auto, auto, auto) -> Result<CheckOutcome> {
      return CheckOutcome{CheckVerdict::kAccepted, 1.0, ""};
    };
    auto checker = MakePluginChecker(&plugin, "");
    auto r = RunGrade(p, &sandbox, checker.get());
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->verdict, c.expected);
    ASSERT_EQ(r->tests.size(), 1u);
    EXPECT_NE(r->tests[0].message.find(c.message_part), std::string::npos) << r->tests[0].message;
    EXPECT_EQ(r->tests[0].signal, c.signal);
    EXPECT_EQ(r->tests[0].exit_code, c.exit_code);
    EXPECT_EQ(plugin.check_calls, 0);
  }
}

// A run the sandbox killed 100 KiB over the memory limit it was given (cgroup v2).
RunResult KilledOverMemory(const RunSpec& spec) {
  RunResult r;
  r.status = RunStatus::kMemoryLimitExceeded;
  r.kill_reason = KillReason::kMemory;
  r.memory_kib = spec.limits.memory_kib + 100;
  r.memory_method = "cgroup-v2";
  return r;
}

TEST(Grader, AMemoryVerdictSaysWhatWasMeasuredAndTheAllowance) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.config.limits.memory_kib = 32768;
  FakeSandbox sandbox([](const RunSpec& spec, std::string*) {
    RunResult r = KilledOverMemory(spec);
    r.signal = 9;
    r.message = "killed: memory limit exceeded (limit " + std::to_string(spec.limits.memory_kib) + " KiB)";
    return r;
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto plain = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(sandbox.specs.back().limits.memory_kib, 32768);
  EXPECT_EQ(plain->tests[0].message,
            "killed: memory limit exceeded (limit 32768 KiB); measured peak 32868 KiB (cgroup-v2)");

  p.program.memory_allowance_percent = 50;  // a legacy profile standing for a 32-bit compiler
  p.program.language_id = "cpp98-hdu";
  auto allowed = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(allowed.ok());
  EXPECT_EQ(sandbox.specs.back().limits.memory_kib, 49152);
  EXPECT_EQ(allowed->tests[0].message,
            "killed: memory limit exceeded (limit 49152 KiB); measured peak 49252 KiB (cgroup-v2); limit 49152 KiB "
            "is the problem's 32768 KiB + 50% allowed to language cpp98-hdu");
}

// A package whose limits were set on a 32-bit judge gives every language the legacy
// profiles' allowance; a profile with a larger one keeps its own.
TEST(Grader, LimitsSetOnA32BitJudgeAllowEveryLanguageMore) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.config.limits.memory_kib = 32768;
  FakeSandbox sandbox([](const RunSpec& spec, std::string*) {
    RunResult r = KilledOverMemory(spec);
    r.message = "killed: memory limit exceeded";
    return r;
  });
  auto checker = MakeBuiltinChecker(p.config);
  p.program.language_id = "cpp20";
  ASSERT_TRUE(RunGrade(p, &sandbox, checker.get()).ok());
  EXPECT_EQ(sandbox.specs.back().limits.memory_kib, 32768);  // not set: the plain limit

  p.config.limits.set_on_32_bit = true;
  auto set = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(set.ok());
  EXPECT_EQ(sandbox.specs.back().limits.memory_kib, 49152);
  EXPECT_EQ(set->tests[0].message,
            "killed: memory limit exceeded; measured peak 49252 KiB (cgroup-v2); limit 49152 KiB is the problem's "
            "32768 KiB + 50% because its limits were set on a 32-bit judge");

  p.program.memory_allowance_percent = 100;
  p.program.language_id = "big";
  auto own = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(own.ok());
  EXPECT_EQ(sandbox.specs.back().limits.memory_kib, 65536);
  EXPECT_NE(own->tests[0].message.find("+ 100% allowed to language big"), std::string::npos);
}

// A run that ended well with a note from the sandbox (a fork denied at the process
// limit, issue: old code's system("pause")): the verdict follows the output, and the
// test's record keeps the note beside the checker's message.
TEST(Grader, TheSandboxsNoteOnAGoodRunStaysInTheTestsRecord) {
  Package p;
  p.Add("secret", "1", 1, 2);
  p.Add("secret", "2", 3, 4);
  const std::string note = "1 fork was denied at the process limit of 1";
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    RunResult r = Adder(spec, out);
    if (ReadInput(spec).first == 1) r.message = note;
    return r;
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_EQ(r->tests[0].verdict, Verdict::kAccepted);
  EXPECT_EQ(r->tests[0].message, note);
  EXPECT_EQ(r->tests[1].message, "");

  FakeSandbox wrong([&](const RunSpec& spec, std::string* out) {
    RunResult r = Adder(spec, out);
    *out = "0\n";
    r.message = note;
    return r;
  });
  auto w = RunGrade(p, &wrong, checker.get());
  ASSERT_TRUE(w.ok()) << w.status().message();
  EXPECT_EQ(w->tests[0].verdict, Verdict::kWrongAnswer);
  const std::string& m = w->tests[0].message;
  EXPECT_NE(m.find("; " + note), std::string::npos) << m;  // the checker's words first, then the note
  EXPECT_GT(m.find(note), 0u) << m;
}

TEST(Grader, ProgramFilesMayLiveInSubdirectories) {
  Package p;
  p.Add("secret", "1", 1, 1);
  mkdir((p.program.dir + "/contest").c_str(), 0755);
  WriteFile(p.program.dir + "/contest/Main.class", "class bytes");
  p.program.files.push_back("contest/Main.class");
  std::string seen;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    seen = ReadFile(spec.work_dir + "/contest/Main.class");
    return Adder(spec, out);
  });
  auto checker = MakeBuiltinChecker(p.config);
  ASSERT_TRUE(RunGrade(p, &sandbox, checker.get()).ok());
  EXPECT_EQ(seen, "class bytes");
  for (const char* bad : {"../escape", "/etc/passwd", "a/./b", "a//b", "a/"}) {
    p.program.files = {"main", bad};
    auto r = RunGrade(p, &sandbox, checker.get());
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.status().code(), StatusCode::kInternal) << bad;
  }
}

TEST(Grader, TheSandboxMessageIsKeptWhenItGivesOne) {
  RunResult r;
  r.status = RunStatus::kRuntimeError;
  r.signal = 6;
  r.message = "killed by SIGABRT (core dumped)";
  EXPECT_EQ(DescribeRun(r), "killed by SIGABRT (core dumped)");
  r.message.clear();
  EXPECT_EQ(DescribeRun(r), "killed by signal 6 (SIGABRT)");
}

TEST(Grader, ACheckerFailureIsJudgeErrorAndGradingGoesOn) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 2, 2);
  p.Add("secret", "3", 3, 3);
  FakeSandbox sandbox(Adder);
  FakePluginCaller plugin;
  plugin.check = [](std::string_view input, std::string_view, std::string_view,
                    std::string_view) -> Result<CheckOutcome> {
    if (input.substr(0, 1) == "1") return Status::Internal("plugin 'fake' (fake.so): check killed by SIGSEGV");
    if (input.substr(0, 1) == "2")
      return Status::Internal("plugin 'fake' (fake.so): check: checker failure: answer file is corrupt");
    return CheckOutcome{CheckVerdict::kAccepted, 1, ""};
  };
  auto checker = MakePluginChecker(&plugin, "");
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->tests.size(), 3u);  // JE does not stop grading
  EXPECT_EQ(r->tests[0].verdict, Verdict::kJudgeError);
  EXPECT_NE(r->tests[0].message.find("SIGSEGV"), std::string::npos);
  EXPECT_EQ(r->tests[1].verdict, Verdict::kJudgeError);
  EXPECT_NE(r->tests[1].message.find("plugin 'fake'"), std::string::npos) << r->tests[1].message;
  EXPECT_NE(r->tests[1].message.find("answer file is corrupt"), std::string::npos);
  EXPECT_EQ(r->tests[2].verdict, Verdict::kAccepted);
  EXPECT_EQ(r->verdict, Verdict::kJudgeError);  // never hidden, never WA
}

TEST(Grader, AJudgeErrorOutranksALaterFailure) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 2, 2);
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    *out = "0";
    (void)spec;
    return Ok();
  });
  FakePluginCaller plugin;
  plugin.check = [](std::string_view input, std::string_view, std::string_view,
                    std::string_view) -> Result<CheckOutcome> {
    if (input.substr(0, 1) == "1") return Status::Internal("plugin 'fake': check timed out");
    return CheckOutcome{CheckVerdict::kWrongAnswer, 0, "wrong"};
  };
  auto checker = MakePluginChecker(&plugin, "");
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_EQ(r->tests[1].verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(r->verdict, Verdict::kJudgeError);
}

TEST(Grader, PluginSeesInputOutputAnswerAndOptions) {
  Package p;
  p.Add("secret", "1", 4, 5);
  FakeSandbox sandbox(Adder);
  FakePluginCaller plugin;
  std::string seen;
  plugin.check = [&](std::string_view in, std::string_view out, std::string_view ans,
                     std::string_view opt) -> Result<CheckOutcome> {
    seen = std::string(in) + "|" + std::string(out) + "|" + std::string(ans) + "|" + std::string(opt);
    return CheckOutcome{CheckVerdict::kPartial, 0.25, "3 of 4 cases"};
  };
  auto checker = MakePluginChecker(&plugin, "optimal=true\n");
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(seen, "4 5\n|9\n|9\n|optimal=true\n");
  EXPECT_EQ(r->tests[0].verdict, Verdict::kWrongAnswer);
  EXPECT_DOUBLE_EQ(r->tests[0].score, 0.25);
  EXPECT_NE(r->tests[0].message.find("partial score 0.25"), std::string::npos) << r->tests[0].message;
  EXPECT_EQ(checker->Describe(), "plugin fake 0.1");
}

TEST(Grader, FileModePlacesTheInputAndReadsTheOutputFile) {
  Package p;
  p.config.io_mode = IoMode::kFile;
  p.config.input_file = "rotationa.in";
  p.config.output_file = "rotationa.out";
  p.Add("secret", "1", 20, 22);
  std::string stdin_seen = "unset";
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    stdin_seen = spec.stdin_path;
    auto [a, b] = ReadInput(spec, "rotationa.in");
    WriteFile(spec.work_dir + "/rotationa.out", std::to_string(a + b) + "\n");
    *out = "debug output on stdout is ignored\n";
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kAccepted) << r->tests[0].message;
  EXPECT_EQ(stdin_seen, "");
  // The program got a copy: the package's input cannot be changed through it.
  EXPECT_EQ(ReadFile(p.tests[0].input_path), "20 22\n");
}

TEST(Grader, FileModeWithoutTheOutputFileIsWrongAnswer) {
  Package p;
  p.config.io_mode = IoMode::kFile;
  p.config.input_file = "rotationa.in";
  p.config.output_file = "rotationa.out";
  p.Add("secret", "1", 1, 1);
  FakeSandbox sandbox([](const RunSpec&, std::string* out) {
    *out = "2\n";  // printed on stdout instead
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(r->tests[0].message, "no output file `rotationa.out`");
}

TEST(Grader, FileModeDoesNotFollowALinkAsTheOutput) {
  Package p;
  p.config.io_mode = IoMode::kFile;
  p.config.input_file = "in.txt";
  p.config.output_file = "out.txt";
  p.Add("secret", "1", 1, 1);
  FakeSandbox sandbox([&](const RunSpec& spec, std::string*) {
    // The right answer, reached only through a link to the jury's .ans file.
    EXPECT_EQ(symlink(p.tests[0].answer_path.c_str(), (spec.work_dir + "/out.txt").c_str()), 0);
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  EXPECT_NE(r->tests[0].message.find("symbolic link"), std::string::npos) << r->tests[0].message;
}

TEST(Grader, FileModeRejectsADirectoryAsTheOutput) {
  Package p;
  p.config.io_mode = IoMode::kFile;
  p.config.input_file = "in.txt";
  p.config.output_file = "out.txt";
  p.Add("secret", "1", 1, 1);
  FakeSandbox sandbox([&](const RunSpec& spec, std::string*) {
    mkdir((spec.work_dir + "/out.txt").c_str(), 0755);
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  EXPECT_NE(r->tests[0].message.find("not a regular file"), std::string::npos);
}

TEST(Grader, TotalTimeLimitCapsTheLaterTests) {
  Package p;
  p.config.limits.time_ms = 100;
  p.config.limits.total_time_ms = 250;
  for (int i = 0; i < 4; ++i) p.Add("secret", std::to_string(i), i, 0);
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    // Every test needs 90 ms of CPU.
    if (spec.limits.cpu_time_ms < 90) {
      RunResult r;
      r.status = RunStatus::kTimeLimitExceeded;
      r.kill_reason = KillReason::kCpuTime;
      r.cpu_ms = spec.limits.cpu_time_ms;
      return r;
    }
    auto [a, b] = ReadInput(spec);
    *out = std::to_string(a + b);
    return Ok(90);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get(), /*all=*/true);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(sandbox.specs.size(), 3u);
  EXPECT_EQ(sandbox.specs[0].limits.cpu_time_ms, 100);
  EXPECT_EQ(sandbox.specs[1].limits.cpu_time_ms, 100);
  EXPECT_EQ(sandbox.specs[2].limits.cpu_time_ms, 70);
  ASSERT_EQ(r->tests.size(), 4u);  // the 4th is TLE without running: nothing was left
  EXPECT_EQ(r->tests[2].verdict, Verdict::kTimeLimitExceeded);
  EXPECT_NE(r->tests[2].message.find("total time limit of 250 ms"), std::string::npos) << r->tests[2].message;
  EXPECT_EQ(r->tests[3].verdict, Verdict::kTimeLimitExceeded);
  EXPECT_NE(r->tests[3].message.find("used up"), std::string::npos);
  EXPECT_EQ(r->verdict, Verdict::kTimeLimitExceeded);
}

TEST(Grader, GroupsScoreThePointsOfFullyPassedGroups) {
  Package p;
  p.config.groups = {{"small", 40}, {"large", 60}};
  p.Add("sample", "1", 1, 1);
  p.Add("small", "1", 1, 2);
  p.Add("small", "2", 5, 5);  // fails
  p.Add("small", "3", 1, 3);  // skipped: its group cannot score any more
  p.Add("large", "1", 100, 200);
  p.Add("large", "2", 300, 400);
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    auto [a, b] = ReadInput(spec);
    *out = std::to_string(a == 5 ? -1 : a + b);
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->score, 60.0);
  EXPECT_EQ(r->max_score, 100.0);
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  std::vector<std::string> names;
  for (const auto& t : r->tests) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"sample/1", "small/1", "small/2", "large/1", "large/2"}));
  // All groups pass: full points.
  FakeSandbox good(Adder);
  auto all = RunGrade(p, &good, checker.get());
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->score, 100.0);
  EXPECT_EQ(all->verdict, Verdict::kAccepted);
}

// Polygon: an each-test group runs on after a failed test and scores each AC test's
// points; a group after a failed dependency scores nothing.
TEST(Grader, EachTestGroupsRunEveryTestAndDependenciesGate) {
  Package p;
  p.config.groups = {{"g1", 0, true, {}}, {"g2", 50, false, {"g1"}}};
  p.Add("g1", "1", 1, 2);
  p.Add("g1", "2", 5, 5);  // fails
  p.Add("g1", "3", 1, 3);  // runs all the same
  p.Add("g2", "1", 2, 2);
  for (std::size_t i = 0; i < 3; ++i) p.tests[i].points = 10;
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    auto [a, b] = ReadInput(spec);
    *out = std::to_string(a == 5 ? -1 : a + b);
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->tests.size(), 4u);
  EXPECT_EQ(r->tests[2].verdict, Verdict::kAccepted);
  EXPECT_EQ(r->score, 20.0);  // g1: 2 of 3 tests; g2 depends on g1
  EXPECT_EQ(r->max_score, 80.0);
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
}

TEST(Grader, ASandboxFailureIsTheJudgesNotAVerdict) {
  Package p;
  p.Add("secret", "1", 1, 1);
  FakeSandbox sandbox(Adder);
  sandbox.fail_next = true;
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("running test secret/1"), std::string::npos);
  EXPECT_NE(r.status().message().find("cannot create cgroup"), std::string::npos);
}

TEST(Grader, AnObserverFailureStopsGrading) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 1, 1);
  FakeSandbox sandbox(Adder);
  auto checker = MakeBuiltinChecker(p.config);
  Recorder rec;
  rec.fail_after = 1;
  auto r = RunGrade(p, &sandbox, checker.get(), false, &rec);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "database is locked");
  EXPECT_EQ(sandbox.specs.size(), 1u);
}

TEST(Grader, MissingAnswerFileWithABuiltinCheckerIsJudgeError) {
  Package p;
  p.Add("secret", "1", 1, 1);
  p.tests[0].answer_path.clear();
  FakeSandbox sandbox(Adder);
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kJudgeError);
  EXPECT_NE(r->tests[0].message.find("no .ans"), std::string::npos);
}

TEST(Grader, APackageWithoutTestsIsJudgeError) {
  Package p;
  FakeSandbox sandbox(Adder);
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kJudgeError);
}

TEST(Grader, EmptyOutputIsJudgedNotAnError) {
  Package p;
  p.Add("secret", "1", 1, 1);
  FakeSandbox sandbox([](const RunSpec&, std::string*) { return Ok(); });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(r->tests[0].output_sha256, Sha256Hex(""));
}

// Kattis test data groups: a tree of groups with testdata.yaml settings.
struct KattisTree {
  std::vector<TestGroupConfig> groups;
  int Add(const std::string& path, int parent) {
    TestGroupConfig g = parent >= 0 ? groups[static_cast<std::size_t>(parent)] : TestGroupConfig();
    g.path = path;
    g.parent = parent;
    groups.push_back(g);
    return static_cast<int>(groups.size()) - 1;
  }
};

Result<GradeReport> RunKattis(Package& p, const KattisTree& tree, Sandbox* sandbox, Checker* checker,
                              double factor = 1.0) {
  GradeRequest req = RequestFor(p, sandbox, checker);
  req.groups = &tree.groups;
  req.kattis_groups = true;
  GradeOptions opt;
  opt.scratch_dir = p.scratch;
  opt.limit_factor = factor;
  return Grade(req, opt);
}

// An adder that is wrong when a == 5.
RunResult WrongOnFive(const RunSpec& spec, std::string* out) {
  auto [a, b] = ReadInput(spec);
  *out = std::to_string(a == 5 ? -1 : a + b);
  return Ok();
}

TEST(GraderKattisGroups, ScoresGroupsByTheirGraderFlags) {
  Package p;
  p.config.scoring = true;
  KattisTree t;
  int root = t.Add("data", -1);
  t.groups[0].on_reject_break = false;
  t.groups[0].grader.ignore_sample = true;
  int sample = t.Add("data/sample", root);
  int secret = t.Add("data/secret", root);  // inherits the root's settings, key by key
  t.groups[static_cast<std::size_t>(secret)].on_reject_break = true;
  t.groups[static_cast<std::size_t>(secret)].grader.accept_if_any_accepted = true;
  t.groups[static_cast<std::size_t>(secret)].accept_score = 10;
  int g1 = t.Add("data/secret/g1", secret);
  t.groups[static_cast<std::size_t>(g1)].accept_score = 30;
  t.groups[static_cast<std::size_t>(g1)].grader.score = GraderFlags::ScoreMode::kMin;
  int g2 = t.Add("data/secret/g2", secret);
  t.groups[static_cast<std::size_t>(g2)].accept_score = 25;
  p.Add("sample", "1", 5, 0);  // fails, but samples do not count (ignore_sample)
  p.tests.back().group_index = sample;
  p.Add("secret", "loose", 5, 1);  // a test directly in data/secret fails: its 10 lost
  p.tests.back().group_index = secret;
  for (const char* n : {"1", "2"}) {
    p.Add("g1", n, 1, 1);
    p.tests.back().group_index = g1;
  }
  p.Add("g2", "1", 5, 2);  // fails: on_reject break ends g2 here
  p.tests.back().group_index = g2;
  p.Add("g2", "2", 1, 1);  // not run
  p.tests.back().group_index = g2;
  FakeSandbox sandbox(WrongOnFive);
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunKattis(p, t, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::vector<std::string> names;
  for (const auto& x : r->tests) names.push_back(x.name);
  // The sample failed, yet the root goes on (on_reject: continue); secret breaks at
  // its first rejected item, the loose test: the test directly in data/secret counts.
  EXPECT_EQ(names, (std::vector<std::string>{"sample/1", "secret/loose"}));
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(r->score, 0);
  // With secret continuing: g1's min of 30 and 30, g2 rejected (0), the loose test 0.
  t.groups[static_cast<std::size_t>(secret)].on_reject_break = false;
  for (int g : {g1, g2}) t.groups[static_cast<std::size_t>(g)].on_reject_break = true;
  r = RunKattis(p, t, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  names.clear();
  for (const auto& x : r->tests) names.push_back(x.name);
  EXPECT_EQ(names, (std::vector<std::string>{"sample/1", "secret/loose", "g1/1", "g1/2", "g2/1"}));
  EXPECT_EQ(r->verdict, Verdict::kAccepted);  // accept_if_any_accepted
  EXPECT_EQ(r->score, 30);
  EXPECT_EQ(r->max_score, 10 + 30 + 50);  // the loose test, g1's min, g2's two tests
  EXPECT_EQ(r->tests[1].score, 0);        // reject_score
  EXPECT_EQ(r->tests[2].score, 30);       // accept_score
}

TEST(GraderKattisGroups, WorstErrorFirstErrorAndRange) {
  Package p;
  p.config.scoring = true;
  KattisTree t;
  int root = t.Add("data", -1);
  t.groups[0].on_reject_break = false;
  int secret = t.Add("data/secret", root);
  t.groups[static_cast<std::size_t>(secret)].on_reject_break = false;
  p.Add("secret", "1", 5, 0);  // WA
  p.tests.back().group_index = secret;
  p.Add("secret", "2", 1, 1);  // TLE
  p.tests.back().group_index = secret;
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    auto [a, b] = ReadInput(spec);
    if (a == 1) {
      RunResult r;
      r.status = RunStatus::kTimeLimitExceeded;
      r.kill_reason = KillReason::kCpuTime;
      return r;
    }
    return WrongOnFive(spec, out);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto worst = RunKattis(p, t, &sandbox, checker.get());
  ASSERT_TRUE(worst.ok());
  EXPECT_EQ(worst->verdict, Verdict::kTimeLimitExceeded);  // worst_error: TLE before WA
  t.groups[static_cast<std::size_t>(secret)].grader.verdict = GraderFlags::VerdictMode::kFirstError;
  auto first = RunKattis(p, t, &sandbox, checker.get());
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->verdict, Verdict::kWrongAnswer);
  // A score outside the group's range is the package's fault: JE, saying so.
  t.groups[static_cast<std::size_t>(secret)].grader.verdict = GraderFlags::VerdictMode::kAlwaysAccept;
  t.groups[static_cast<std::size_t>(secret)].reject_score = -5;
  t.groups[static_cast<std::size_t>(secret)].range_min = 0;
  auto out = RunKattis(p, t, &sandbox, checker.get());
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->verdict, Verdict::kJudgeError);
  EXPECT_EQ(out->message, "data/secret: score -10 outside the group's range 0 inf (testdata.yaml)");
}

TEST(GraderKattisGroups, TheGroupsFlagsReachTheChecker) {
  Package p;
  p.config.checker = CheckerKind::kDefault;
  p.config.validator_flags = {"case_sensitive"};
  KattisTree t;
  int root = t.Add("data", -1);
  int secret = t.Add("data/secret", root);
  t.groups[static_cast<std::size_t>(secret)].output_validator_flags = {"float_tolerance", "0.5"};
  p.Add("secret", "1", 1, 1);
  p.tests.back().group_index = secret;
  FakeSandbox sandbox([](const RunSpec&, std::string* out) {
    *out = "2.4\n";  // within 0.5 of 2
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunKattis(p, t, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kAccepted) << r->tests[0].message;
}

TEST(Grader, TheLimitFactorRunsLongerAndJudgesByTheRealLimit) {
  Package p;
  p.config.limits.time_ms = 100;
  p.config.limits.wall_ms = 300;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 2, 2);
  // Test 2 takes 150 ms of CPU: over the limit, within it x 2.
  FakeSandbox sandbox([](const RunSpec& spec, std::string* out) {
    RunResult r = Adder(spec, out);
    auto [a, b] = ReadInput(spec);
    r.cpu_ms = a == 2 ? 150 : 10;
    return r;
  });
  auto checker = MakeBuiltinChecker(p.config);
  GradeRequest req;
  req.problem = &p.config;
  req.tests = &p.tests;
  req.program = &p.program;
  req.sandbox = &sandbox;
  req.checker = checker.get();
  GradeOptions opt;
  opt.scratch_dir = p.scratch;
  opt.limit_factor = 2.0;
  auto r = Grade(req, opt);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(sandbox.specs.size(), 2u);
  EXPECT_EQ(sandbox.specs[0].limits.cpu_time_ms, 200);
  EXPECT_EQ(sandbox.specs[0].limits.wall_time_ms, 600);
  EXPECT_EQ(r->verdict, Verdict::kTimeLimitExceeded);
  EXPECT_EQ(r->tests[1].verdict, Verdict::kTimeLimitExceeded);
  EXPECT_EQ(r->tests[1].margin_verdict, Verdict::kAccepted);
  EXPECT_EQ(r->tests[0].margin_verdict, Verdict::kAccepted);
  EXPECT_EQ(r->tests[1].message,
            "time limit of 100 ms exceeded (150 ms CPU, 5 ms wall; AC with the margin); the CPU clock decided");
}

// An interactive checker whose interactor is scripted: what it decides and whether it
// ended before the submission.
class FakeInteractor : public Checker {
 public:
  std::string Describe() const override { return "fake interactor"; }
  CheckerKind kind() const override { return CheckerKind::kKattis; }
  Result<CheckOutcome> Check(std::string_view, std::string_view, std::string_view) override {
    return Status::Internal("not here");
  }
  bool interactive() const override { return true; }
  Result<InteractOutcome> Interact(const InteractRequest& q) override {
    specs.push_back(q.submission);
    InteractOutcome o;
    o.submission = submission;
    o.check = check;
    o.interactor_first = first;
    return o;
  }
  RunResult submission = Ok();
  Result<CheckOutcome> check = CheckOutcome{CheckVerdict::kAccepted, 1.0, "", std::nullopt};
  bool first = false;
  std::vector<RunSpec> specs;
};

TEST(Grader, InteractiveVerdictsFollowTheKattisRules) {
  Package p;
  p.Add("secret", "1", 1, 1);
  FakeSandbox unused(Adder);
  FakeInteractor fake;
  RunResult tle;
  tle.status = RunStatus::kTimeLimitExceeded;
  tle.kill_reason = KillReason::kCpuTime;
  tle.cpu_ms = 150;
  struct Case {
    RunResult run;
    Result<CheckOutcome> check;
    bool first;
    Verdict want;
  };
  const CheckOutcome wa{CheckVerdict::kWrongAnswer, 0, "no", std::nullopt};
  const CheckOutcome ac{CheckVerdict::kAccepted, 1, "", std::nullopt};
  for (const Case& c : std::vector<Case>{
           {Ok(), ac, false, Verdict::kAccepted},
           {Ok(), wa, false, Verdict::kWrongAnswer},
           {tle, wa, true, Verdict::kWrongAnswer},   // the interactor said WA first
           {tle, wa, false, Verdict::kTimeLimitExceeded},
           {tle, ac, true, Verdict::kTimeLimitExceeded},
           {tle, Status::Internal("interactor crashed"), false, Verdict::kJudgeError},
       }) {
    fake.submission = c.run;
    fake.check = c.check;
    fake.first = c.first;
    auto r = RunGrade(p, &unused, &fake);
    ASSERT_TRUE(r.ok()) << r.status().message();
    EXPECT_EQ(r->verdict, c.want) << VerdictCode(c.want);
  }
  EXPECT_TRUE(unused.specs.empty());  // the interactor runs the submission, not the grader
  ASSERT_FALSE(fake.specs.empty());
  EXPECT_EQ(fake.specs[0].argv, (std::vector<std::string>{"./main"}));
  EXPECT_EQ(fake.specs[0].limits.cpu_time_ms, 100);
}

// Parallel tests: what the sequential path gives, from runs that finish out of order.
// Counts runs at once; later tests (a larger) finish sooner.
struct Overlap {
  std::atomic<int> now{0}, most{0};
  RunResult Run(const RunSpec& spec, std::string* out, int wrong_at = -1) {
    int n = ++now;
    for (int m = most.load(); n > m && !most.compare_exchange_weak(m, n);) {
    }
    auto [a, b] = ReadInput(spec);
    std::this_thread::sleep_for(std::chrono::milliseconds(2 + (40 - a % 40) / 4));
    *out = std::to_string(a == wrong_at ? 0 : a + b) + "\n";
    --now;
    return Ok(a);
  }
};

TEST(GraderParallel, GivesTheSequentialReportAndEventsInTestOrder) {
  for (bool all : {false, true}) {
    Package p;
    for (int i = 0; i < 24; ++i) p.Add("secret", std::to_string(100 + i), i, 1);
    Overlap overlap;
    FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) { return overlap.Run(spec, out, 17); });
    auto checker = MakeBuiltinChecker(p.config);
    Recorder seq_rec, par_rec;
    auto seq = RunGradeJobs(p, &sandbox, checker.get(), 1, &seq_rec, nullptr, all);
    EXPECT_EQ(overlap.most.load(), 1);
    auto par = RunGradeJobs(p, &sandbox, checker.get(), 4, &par_rec, nullptr, all);
    ASSERT_TRUE(seq.ok() && par.ok()) << seq.status().ToString() << par.status().ToString();
    EXPECT_GE(overlap.most.load(), 2) << "the tests never ran at once";
    EXPECT_EQ(par->verdict, Verdict::kWrongAnswer);
    ASSERT_EQ(par->tests.size(), all ? 24u : 18u);
    ASSERT_EQ(par->tests.size(), seq->tests.size());
    for (std::size_t i = 0; i < par->tests.size(); ++i) {
      EXPECT_EQ(par->tests[i].name, seq->tests[i].name);
      EXPECT_EQ(par->tests[i].verdict, seq->tests[i].verdict) << i;
      EXPECT_EQ(par->tests[i].cpu_ms, static_cast<int64_t>(i));
    }
    EXPECT_EQ(par_rec.started, seq_rec.started);
    EXPECT_EQ(par_rec.indices, seq_rec.indices);
    EXPECT_EQ(par->max_time_ms, seq->max_time_ms);
    EXPECT_EQ(par->total_time_ms, seq->total_time_ms);
  }
}

// Tests after the first failure are not waited for: their runs are cancelled.
TEST(GraderParallel, RunsAfterTheFirstFailureAreCancelled) {
  Package p;
  for (int i = 0; i < 8; ++i) p.Add("secret", std::to_string(i), i, 1);
  std::atomic<int> cancelled{0}, later_started{0};
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    auto [a, b] = ReadInput(spec);
    if (a == 1) {  // fails once a later test is running
      for (int t = 0; t < 5000 && later_started.load() == 0; ++t) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      *out = "wrong\n";
      return Ok();
    }
    if (a >= 2) {  // runs until cancelled, at most 10 s
      ++later_started;
      for (int t = 0; t < 10000 && !(spec.cancel && spec.cancel->load()); ++t)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (spec.cancel && spec.cancel->load()) ++cancelled;
    }
    *out = std::to_string(a + b) + "\n";
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto start = std::chrono::steady_clock::now();
  auto r = RunGradeJobs(p, &sandbox, checker.get(), 3, nullptr);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(8));
  EXPECT_EQ(r->verdict, Verdict::kWrongAnswer);
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_GE(cancelled.load(), 1);
  EXPECT_EQ(cancelled.load(), later_started.load()) << "every later run was cancelled";
}

TEST(GraderParallel, TheCallersCancelStopsEveryRun) {
  Package p;
  for (int i = 0; i < 6; ++i) p.Add("secret", std::to_string(i), i, 1);
  std::atomic<bool> cancel{false};
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    cancel = true;  // the user presses ^C while the first runs go
    for (int t = 0; t < 10000 && !spec.cancel->load(); ++t) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    *out = "1\n";
    return Ok();
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGradeJobs(p, &sandbox, checker.get(), 2, nullptr, &cancel);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled) << r.status().ToString();
}

// A total time limit makes each test's limit depend on the ones before: one at a time.
TEST(GraderParallel, ATotalTimeLimitKeepsTestsOneAtATime) {
  Package p;
  p.config.limits.total_time_ms = 1000;
  for (int i = 0; i < 8; ++i) p.Add("secret", std::to_string(i), i, 1);
  Overlap overlap;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) { return overlap.Run(spec, out); });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGradeJobs(p, &sandbox, checker.get(), 4, nullptr);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  EXPECT_EQ(overlap.most.load(), 1);
}

// A run the sandbox stopped at the wall limit with little CPU time (a busy host, or a
// program that sleeps).
RunResult WallStop(const RunSpec& spec, int64_t cpu_ms) {
  RunResult r;
  r.status = RunStatus::kTimeLimitExceeded;
  r.kill_reason = KillReason::kWallTime;
  r.cpu_ms = cpu_ms;
  r.wall_ms = spec.limits.wall_time_ms + 3;
  r.signal = 9;
  r.message = "killed: wall time limit exceeded (" + std::to_string(r.wall_ms) + " ms, limit " +
              std::to_string(spec.limits.wall_time_ms) + " ms)";
  return r;
}

TEST(GraderTimeLimit, AWallClockStopWithCpuTimeUnderTheLimitIsJudgedAgain) {
  Package p;
  p.config.limits.time_ms = 1000;
  p.Add("secret", "1", 1, 1);
  std::atomic<int> runs{0};
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    if (++runs == 1) return WallStop(spec, 452);  // the host was busy
    return Adder(spec, out);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(sandbox.specs.size(), 2u);
  EXPECT_EQ(r->tests[0].attempts, 2);
  EXPECT_EQ(r->tests[0].time_clock, "");
  EXPECT_GE(r->tests[0].host_load, 0.0);
  EXPECT_NE(r->tests[0].message.find("judged again after 1 wall-clock stop"), std::string::npos)
      << r->tests[0].message;
  EXPECT_NE(r->tests[0].message.find("452 ms CPU"), std::string::npos) << r->tests[0].message;
}

TEST(GraderTimeLimit, AProgramTheWallClockStopsOnEveryAttemptIsTleByTheWallClock) {
  Package p;
  p.config.limits.time_ms = 1000;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 2, 2);
  FakeSandbox sandbox([&](const RunSpec& spec, std::string*) { return WallStop(spec, 2); });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kTimeLimitExceeded);
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(sandbox.specs.size(), static_cast<std::size_t>(1 + kWallRetries));
  EXPECT_EQ(r->tests[0].attempts, 1 + kWallRetries);
  EXPECT_EQ(r->tests[0].time_clock, "wall");
  const std::string& m = r->tests[0].message;
  EXPECT_NE(m.find("the wall clock decided: stopped on each of 3 attempts"), std::string::npos) << m;
  EXPECT_NE(m.find("host load "), std::string::npos) << m;
}

TEST(GraderTimeLimit, CpuTimeAtTheLimitIsTleAtOnceByTheCpuClock) {
  Package p;
  p.config.limits.time_ms = 1000;
  p.Add("secret", "1", 1, 1);
  FakeSandbox sandbox([&](const RunSpec& spec, std::string*) {
    RunResult r = WallStop(spec, spec.limits.cpu_time_ms);  // spun until the wall clock stopped it
    return r;
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kTimeLimitExceeded);
  EXPECT_EQ(sandbox.specs.size(), 1u);
  EXPECT_EQ(r->tests[0].attempts, 1);
  EXPECT_EQ(r->tests[0].time_clock, "cpu");
  EXPECT_NE(r->tests[0].message.find("the CPU clock decided"), std::string::npos) << r->tests[0].message;
}

// The second attempt of a wall-clock stop runs while no other test of the submission does.
TEST(GraderTimeLimit, TheRetryOfAWallClockStopRunsAlone) {
  Package p;
  p.config.limits.time_ms = 1000;
  for (int i = 0; i < 12; ++i) p.Add("secret", std::to_string(i), i, 1);
  Overlap overlap;
  std::atomic<int> first_of_5{0};
  std::atomic<int> overlapped_retry{0};
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    auto [a, b] = ReadInput(spec);
    if (a == 5 && ++first_of_5 == 1) return WallStop(spec, 10);
    if (a == 5) {
      int n = ++overlap.now;
      std::this_thread::sleep_for(std::chrono::milliseconds(30));
      if (n != 1 || overlap.now.load() != 1) ++overlapped_retry;
      --overlap.now;
      *out = std::to_string(a + b) + "\n";
      return Ok(a);
    }
    return overlap.Run(spec, out);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGradeJobs(p, &sandbox, checker.get(), 4, nullptr);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  EXPECT_GE(overlap.most.load(), 2) << "the tests never ran at once";
  EXPECT_EQ(first_of_5.load(), 2);
  EXPECT_EQ(overlapped_retry.load(), 0);
  EXPECT_EQ(r->tests[5].attempts, 2);
}

// What the sandbox reports of a run ended by a SIGKILL that no limit of the judge's
// sent: no kill reason, no out-of-memory kill in its cgroup (that would be MLE), CPU
// time under the limit. The host's out-of-memory killer, an administrator, another
// installation cleaning up cgroups, or the program itself.
RunResult KilledBySigkill(int64_t cpu_ms) {
  RunResult r;
  r.status = RunStatus::kRuntimeError;
  r.signal = SIGKILL;
  r.cpu_ms = cpu_ms;
  r.wall_ms = cpu_ms + 2;
  r.message = "killed by SIGKILL";
  return r;
}

// Killed from outside on the first attempt, the run is made again, and the retry's
// ending is the test's: an honest program is not RE because of the host.
TEST(GraderKilledFromOutside, AKillFromOutsideIsJudgedAgainAndTheRetryDecides) {
  Package p;
  p.config.limits.time_ms = 1000;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 2, 2);
  std::atomic<int> runs{0};
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    if (++runs == 1) return KilledBySigkill(37);  // the host's out-of-memory killer
    return Adder(spec, out);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_EQ(sandbox.specs.size(), 3u);
  EXPECT_EQ(r->tests[0].verdict, Verdict::kAccepted);
  EXPECT_EQ(r->tests[0].attempts, 2);
  EXPECT_EQ(r->tests[0].signal, 0);
  EXPECT_EQ(r->tests[0].time_clock, "");
  EXPECT_GE(r->tests[0].host_load, 0.0);
  const std::string& m = r->tests[0].message;
  EXPECT_NE(m.find("judged again after 1 SIGKILL that no limit of the judge's sent; host load "), std::string::npos)
      << m;
  EXPECT_EQ(m.find("wall-clock"), std::string::npos) << m;
  EXPECT_EQ(r->tests[1].attempts, 1);
}

// A program that SIGKILLs itself ends so on every attempt: RE, as on a quiet host and on
// every judging (never JE), after a bounded number of attempts.
TEST(GraderKilledFromOutside, AProgramThatKillsItselfIsReAfterBoundedAttempts) {
  Package p;
  p.config.limits.time_ms = 1000;
  p.Add("secret", "1", 1, 1);
  p.Add("secret", "2", 2, 2);
  FakeSandbox sandbox([&](const RunSpec&, std::string*) { return KilledBySigkill(3); });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kRuntimeError);
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(sandbox.specs.size(), static_cast<std::size_t>(1 + kWallRetries));
  EXPECT_EQ(r->tests[0].attempts, 1 + kWallRetries);
  EXPECT_EQ(r->tests[0].signal, SIGKILL);
  EXPECT_EQ(r->tests[0].time_clock, "");
  const std::string& m = r->tests[0].message;
  EXPECT_EQ(m.rfind("killed by SIGKILL; ended by a SIGKILL that no limit of the judge's sent on each of 3 attempts: "
                    "judged as the program's own; host load ",
                    0),
            0u)
      << m;
}

// Kills the judge sent (a limit) and the sandbox's own verdicts are no outside kill:
// judged at once, whatever the signal.
TEST(GraderKilledFromOutside, ASigkillOfTheJudgesLimitIsNotRunAgain) {
  for (KillReason reason : {KillReason::kProcesses, KillReason::kCpuTime, KillReason::kMemory}) {
    Package p;
    p.config.limits.time_ms = 1000;
    p.Add("secret", "1", 1, 1);
    FakeSandbox sandbox([&](const RunSpec&, std::string*) {
      RunResult r = KilledBySigkill(3);
      r.kill_reason = reason;
      if (reason == KillReason::kCpuTime) r.status = RunStatus::kTimeLimitExceeded, r.cpu_ms = 1001;
      if (reason == KillReason::kMemory) r.status = RunStatus::kMemoryLimitExceeded;
      return r;
    });
    auto checker = MakeBuiltinChecker(p.config);
    auto r = RunGrade(p, &sandbox, checker.get());
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_NE(r->verdict, Verdict::kAccepted);
    EXPECT_EQ(sandbox.specs.size(), 1u) << KillReasonName(reason);
    EXPECT_EQ(r->tests[0].attempts, 1) << KillReasonName(reason);
  }
}

// Wall-clock stops and outside kills share the one bound; the last attempt's ending
// decides, and the message counts each kind.
TEST(GraderKilledFromOutside, KillsAndWallStopsShareTheBoundAndTheLastAttemptDecides) {
  Package p;
  p.config.limits.time_ms = 1000;
  p.Add("secret", "1", 1, 1);
  std::atomic<int> runs{0};
  FakeSandbox sandbox([&](const RunSpec& spec, std::string*) {
    return ++runs == 1 ? KilledBySigkill(5) : WallStop(spec, 20);
  });
  auto checker = MakeBuiltinChecker(p.config);
  auto r = RunGrade(p, &sandbox, checker.get());
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->verdict, Verdict::kTimeLimitExceeded);
  EXPECT_EQ(sandbox.specs.size(), static_cast<std::size_t>(1 + kWallRetries));
  EXPECT_EQ(r->tests[0].attempts, 1 + kWallRetries);
  EXPECT_EQ(r->tests[0].time_clock, "wall");
  const std::string& m = r->tests[0].message;
  EXPECT_NE(m.find("the wall clock decided: stopped on 2 of 3 attempts with its CPU time under the 1000 ms limit"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("ms CPU), the other killed by a SIGKILL that no limit of the judge's sent; host load "),
            std::string::npos)
      << m;
}

}  // namespace
}  // namespace judge
