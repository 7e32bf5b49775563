// Judging end to end with fakes: the in-memory store, a fake sandbox (it "compiles"
// and "runs"), built-in checkers. What is stored, when, and what is not.
#include "judge/judging.h"

#include <gtest/gtest.h>

#include "fakes.h"

namespace judge {
namespace {

using testing::FakeSandbox;
using testing::Ok;
using testing::ReadAll;
using testing::TempDir;
using testing::WriteAll;

// Programs are text files: "echo-sum" adds the two numbers; "crash" is RE; the
// fake compiler turns source "X" into binary "X" and refuses "syntax error".
RunResult FakeWorld(const RunSpec& spec, std::string* out) {
  if (spec.argv.size() > 1 && spec.argv[1] == "-o") {  // the fake compiler
    std::string src = ReadAll(spec.work_dir + "/prog.src");
    if (src == "syntax error") {
      WriteAll(spec.stderr_path, "prog.src:1: error: nonsense\n");
      RunResult r;
      r.status = RunStatus::kRuntimeError;
      r.exit_code = 1;
      return r;
    }
    WriteAll(spec.work_dir + "/main", src);
    return Ok();
  }
  std::string program = ReadAll(spec.work_dir + "/main");
  if (program == "crash") {
    RunResult r;
    r.status = RunStatus::kRuntimeError;
    r.signal = 11;
    return r;
  }
  std::string in = ReadAll(spec.stdin_path);
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
  JudgeContext ctx;
  std::unique_ptr<Store> store = NewMemoryStore();
  JudgeOptions options;

  World() {
    ctx.problem.dir = dir.path();
    ctx.problem.id = "sum";
    ctx.problem.checker = CheckerKind::kTokens;
    ctx.problem.limits.time_ms = 1000;
    ctx.checker = MakeBuiltinChecker(ctx.problem);
    ctx.store = store.get();
    ctx.package_hash = "feedface";
    std::string data = dir.Sub("data");
    for (int i = 1; i <= 3; ++i) {
      TestCase t;
      t.name = "secret/" + std::to_string(i);
      t.group = "secret";
      t.input_path = data + "/" + std::to_string(i) + ".in";
      t.answer_path = data + "/" + std::to_string(i) + ".ans";
      WriteAll(t.input_path, std::to_string(i) + " " + std::to_string(i) + "\n");
      WriteAll(t.answer_path, std::to_string(2 * i) + "\n");
      ctx.tests.push_back(t);
    }
    options.compiler.cache_dir = dir.path() + "/cache";
    options.scratch_root = dir.Sub("scratch");
  }
  std::string File(const std::string& name, const std::string& text) {
    std::string p = dir.path() + "/" + name;
    WriteAll(p, text);
    return p;
  }
};

TEST(Judging, StoresTheSubmissionTheJudgingAndEveryTest) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  std::string file = w.File("sum.bin", "echo-sum");
  auto r = JudgeFile(w.ctx, &sandbox, file, BinaryProfile(), w.options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  ASSERT_GT(r->submission_id, 0);
  auto sub = w.store->GetSubmission(r->submission_id);
  ASSERT_TRUE(sub.ok());
  EXPECT_EQ(sub->source, "echo-sum");
  EXPECT_EQ(sub->source_sha256, Sha256Hex("echo-sum"));
  EXPECT_EQ(sub->file_name, "sum.bin");
  EXPECT_EQ(sub->language_id, "binary");
  EXPECT_EQ(sub->problem_id, "sum");
  EXPECT_EQ(sub->package_hash, "feedface");
  auto j = w.store->GetJudging(r->judging_id);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->status, JudgingStatus::kDone);
  ASSERT_TRUE(j->verdict.has_value());
  EXPECT_EQ(*j->verdict, Verdict::kAccepted);
  EXPECT_EQ(j->checker, "tokens");
  EXPECT_EQ(j->limits.wall_ms, 2000);  // as applied, derived
  EXPECT_EQ(j->time_ms, 21);           // total CPU of the tests
  EXPECT_EQ(j->memory_kib, 321);
  ASSERT_EQ(j->tests.size(), 3u);
  EXPECT_EQ(j->tests[2].name, "secret/3");
  EXPECT_EQ(j->tests[2].output_sha256, Sha256Hex("6\n"));
  EXPECT_EQ(j->tests[2].time_method, "fake");
  // The scratch directory is gone.
  EXPECT_EQ(system(("test -z \"$(ls -A " + w.options.scratch_root + ")\"").c_str()), 0);
}

TEST(Judging, ACompileErrorIsStoredWithTheLog) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  auto r = JudgeFile(w.ctx, &sandbox, w.File("bad.src", "syntax error"), FakeLanguage(), w.options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->verdict, Verdict::kCompileError);
  EXPECT_FALSE(r->compile_ok);
  EXPECT_NE(r->compile_log.find("nonsense"), std::string::npos);
  EXPECT_TRUE(r->tests.empty());
  auto j = w.store->GetJudging(r->judging_id);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(*j->verdict, Verdict::kCompileError);
  EXPECT_NE(j->compile_log.find("nonsense"), std::string::npos);
}

TEST(Judging, FilesThatCannotBeJudgedStoreNothing) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  auto empty = JudgeFile(w.ctx, &sandbox, w.File("empty.cpp", ""), BinaryProfile(), w.options);
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.status().message().find("empty.cpp: the submission is empty"), std::string::npos);
  auto missing = JudgeFile(w.ctx, &sandbox, w.dir.path() + "/nope.cpp", BinaryProfile(), w.options);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("nope.cpp: no such submission file"), std::string::npos);
  auto dir = JudgeFile(w.ctx, &sandbox, w.dir.path(), BinaryProfile(), w.options);
  ASSERT_FALSE(dir.ok());
  auto history = w.store->ListHistory({});
  ASSERT_TRUE(history.ok());
  EXPECT_TRUE(history->empty());
}

TEST(Judging, AJudgeFailureMidwayLeavesAnIncompleteJudgingWithItsTests) {
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
  auto r = JudgeFile(w.ctx, &breaking, w.File("sum.bin", "echo-sum"), BinaryProfile(), w.options);
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
}

TEST(Judging, RejudgeAddsANewJudgingBesideTheOld) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  auto first = JudgeFile(w.ctx, &sandbox, w.File("crash.bin", "crash"), BinaryProfile(), w.options);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->verdict, Verdict::kRuntimeError);
  LanguageSet languages;
  std::string note;
  w.ctx.package_hash = "changed";
  auto again = RejudgeSubmission(w.ctx, &sandbox, first->submission_id, languages, w.options, &note);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->verdict, Verdict::kRuntimeError);
  EXPECT_NE(again->judging_id, first->judging_id);
  EXPECT_NE(note.find("package changed"), std::string::npos);
  auto all = w.store->ListJudgings(first->submission_id);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].status, JudgingStatus::kDone);
  EXPECT_EQ((*all)[1].status, JudgingStatus::kDone);
  auto unknown = RejudgeSubmission(w.ctx, &sandbox, 999, languages, w.options, &note);
  ASSERT_FALSE(unknown.ok());
}

TEST(Judging, RejudgeRecompilesTheStoredSource) {
  World w;
  FakeSandbox sandbox(FakeWorld);
  auto first = JudgeFile(w.ctx, &sandbox, w.File("ok.src", "echo-sum"), FakeLanguage(), w.options);
  ASSERT_TRUE(first.ok()) << first.status().message();
  EXPECT_EQ(first->verdict, Verdict::kAccepted);
  std::remove((w.dir.path() + "/ok.src").c_str());  // the file is gone: the store has it
  LanguageSet languages;
  languages.Add(FakeLanguage());
  auto again = RejudgeSubmission(w.ctx, &sandbox, first->submission_id, languages, w.options, nullptr);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->verdict, Verdict::kAccepted);
  LanguageSet none;
  auto gone = RejudgeSubmission(w.ctx, &sandbox, first->submission_id, none, w.options, nullptr);
  ASSERT_FALSE(gone.ok());
  EXPECT_NE(gone.status().message().find("fakelang"), std::string::npos);
}

TEST(Judging, WithoutAStoreNothingIsStoredAndGradingWorks) {
  World w;
  w.ctx.store = nullptr;
  FakeSandbox sandbox(FakeWorld);
  auto r = JudgeFile(w.ctx, &sandbox, w.File("sum.bin", "echo-sum"), BinaryProfile(), w.options);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->verdict, Verdict::kAccepted);
  EXPECT_EQ(r->submission_id, 0);
}

}  // namespace
}  // namespace judge
