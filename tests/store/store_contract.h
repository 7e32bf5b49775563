// The Store contract (judge/store/store.h) as value-parameterised tests: every store
// gives the same answers to the same calls. A test binary includes this header once
// and instantiates StoreContractTest with a StoreFactory per store it checks:
// store_contract_test.cc the SQLite store and the in-memory fake,
// tests/service/pg_store_test.cc the PostgreSQL store on the throwaway cluster.
#ifndef JUDGE_TESTS_STORE_STORE_CONTRACT_H_
#define JUDGE_TESTS_STORE_STORE_CONTRACT_H_

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <random>
#include <thread>

#include "test_util.h"

namespace judge::store_test {

// Opens a fresh, empty store for one test; may use the test's directory (removed
// after the test, after the store). Null (with a test failure added) when it cannot.
struct StoreFactory {
  const char* name;
  std::function<std::unique_ptr<Store>(const TempDir&)> open;
};

class StoreContractTest : public ::testing::TestWithParam<StoreFactory> {
 protected:
  void SetUp() override { store_ = GetParam().open(dir_); ASSERT_NE(store_, nullptr); }

  int64_t AddSubmission(const Submission& s) {
    auto id = store_->AddSubmission(s);
    EXPECT_TRUE(id.ok()) << id.status().message();
    return id.ok() ? *id : 0;
  }
  int64_t Start(int64_t submission_id) {
    auto id = store_->StartJudging(SampleJudging(submission_id));
    EXPECT_TRUE(id.ok()) << id.status().message();
    return id.ok() ? *id : 0;
  }

  TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_P(StoreContractTest, SubmissionRoundTripsEveryFieldIncludingBinarySource) {
  Submission s = SampleSubmission("rotation", "a.out");
  s.source = std::string("\x7f" "ELF\0\0\x01\xff", 8) + std::string(100000, '\0') + "tail";
  s.language_id = "binary";
  s.compiler_version = "";
  s.created_unix_ms = 1700000000123;
  int64_t id = AddSubmission(s);
  ASSERT_GT(id, 0);
  auto got = store_->GetSubmission(id);
  ASSERT_TRUE(got.ok()) << got.status().message();
  EXPECT_EQ(got->id, id);
  EXPECT_EQ(got->problem_id, "rotation");
  EXPECT_EQ(got->package_hash, "pkg-rotation");
  EXPECT_EQ(got->file_name, "a.out");
  EXPECT_EQ(got->source.size(), s.source.size());
  EXPECT_TRUE(got->source == s.source);
  EXPECT_EQ(got->source_sha256, Sha256Hex(s.source));
  EXPECT_EQ(got->language_id, "binary");
  EXPECT_EQ(got->compiler_version, "");
  EXPECT_EQ(got->created_unix_ms, 1700000000123);
}

TEST_P(StoreContractTest, EmptySourceIsStoredAsEmptyNotLost) {
  Submission s = SampleSubmission();
  s.source.clear();
  int64_t id = AddSubmission(s);
  auto got = store_->GetSubmission(id);
  ASSERT_TRUE(got.ok()) << got.status().message();
  EXPECT_EQ(got->source, "");
  EXPECT_EQ(got->source_sha256,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_P(StoreContractTest, CreatedTimeDefaultsToNow) {
  const int64_t before = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::system_clock::now().time_since_epoch()).count();
  int64_t id = AddSubmission(SampleSubmission());
  auto got = store_->GetSubmission(id);
  ASSERT_TRUE(got.ok());
  EXPECT_GE(got->created_unix_ms, before);
  EXPECT_LE(got->created_unix_ms, before + 60000);
}

TEST_P(StoreContractTest, RejectsBadSubmissions) {
  Submission s = SampleSubmission();
  s.source_sha256 = Sha256Hex("something else");
  auto r = store_->AddSubmission(s);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("does not match the source"), std::string::npos)
      << r.status().message();

  s = SampleSubmission();
  s.problem_id.clear();
  r = store_->AddSubmission(s);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("problem id is empty"), std::string::npos);

  s = SampleSubmission();
  s.language_id.clear();
  EXPECT_FALSE(store_->AddSubmission(s).ok());
  s = SampleSubmission();
  s.file_name.clear();
  EXPECT_FALSE(store_->AddSubmission(s).ok());

  // Nothing was stored by the refused calls.
  auto history = store_->ListHistory({});
  ASSERT_TRUE(history.ok());
  EXPECT_TRUE(history->empty());

  // A correct hash given by the caller is accepted.
  s = SampleSubmission();
  s.source_sha256 = Sha256Hex(s.source);
  EXPECT_TRUE(store_->AddSubmission(s).ok());
}

TEST_P(StoreContractTest, JudgingRoundTripsEveryField) {
  int64_t sid = AddSubmission(SampleSubmission());
  Judging nj = SampleJudging(sid);
  nj.limits.total_time_ms = 30000;
  const int64_t before = NowMs();
  auto jid = store_->StartJudging(nj);
  ASSERT_TRUE(jid.ok()) << jid.status().message();

  auto running = store_->GetJudging(*jid);
  ASSERT_TRUE(running.ok());
  EXPECT_EQ(running->status, JudgingStatus::kRunning);
  EXPECT_FALSE(running->verdict.has_value());
  EXPECT_EQ(running->finished_unix_ms, 0);
  EXPECT_GE(running->started_unix_ms, before);

  TestResult t1 = SampleTest("sample/1");
  t1.group = "sample";
  t1.score = 0.5;
  t1.cpu_ms = 1234;
  t1.wall_ms = 2345;
  t1.memory_kib = 65432;
  t1.exit_code = 0;
  t1.signal = 0;
  t1.message = "optimal: 12 moves\nsecond line";
  t1.time_method = "cgroup-v1-cpuacct";
  t1.memory_method = "proc-polling";
  t1.output_bytes = 4321;
  t1.run_status = RunStatus::kTimeLimitExceeded;  // not stored
  t1.cpu_limit_ms = 99;                            // not stored
  TestResult t2 = SampleTest("secret/02", Verdict::kRuntimeError);
  t2.exit_code = -1;
  t2.signal = 11;
  t2.message = "killed by SIGSEGV";
  t2.output_sha256 = "";
  ASSERT_TRUE(store_->AddTestResult(*jid, t1).ok());
  ASSERT_TRUE(store_->AddTestResult(*jid, t2).ok());

  Judging o;
  o.verdict = Verdict::kRuntimeError;
  o.score = 42.5;
  o.max_score = 50;
  o.max_time_ms = 1234;
  o.total_time_ms = 1246;
  o.memory_kib = 65432;
  o.tests_total = 7;
  o.compile_log = "warning: unused variable";
  o.message = "RE on secret/02";
  ASSERT_TRUE(store_->FinishJudging(*jid, o).ok());

  auto j = store_->GetJudging(*jid);
  ASSERT_TRUE(j.ok()) << j.status().message();
  EXPECT_EQ(j->id, *jid);
  EXPECT_EQ(j->submission_id, sid);
  EXPECT_EQ(j->status, JudgingStatus::kDone);
  EXPECT_GE(j->finished_unix_ms, j->started_unix_ms);
  ASSERT_TRUE(j->verdict.has_value());
  EXPECT_EQ(*j->verdict, Verdict::kRuntimeError);
  EXPECT_DOUBLE_EQ(j->score, 42.5);
  EXPECT_DOUBLE_EQ(j->max_score, 50);
  EXPECT_EQ(j->max_time_ms, 1234);
  EXPECT_EQ(j->total_time_ms, 1246);
  EXPECT_EQ(j->memory_kib, 65432);
  EXPECT_EQ(j->tests_total, 7);
  EXPECT_EQ(j->compile_log, "warning: unused variable");
  EXPECT_EQ(j->message, "RE on secret/02");
  EXPECT_EQ(j->plugin_id, "eight");
  EXPECT_EQ(j->plugin_version, "1.0");
  EXPECT_EQ(j->plugin_hash, Sha256Hex("plugin bytes"));
  EXPECT_EQ(j->checker, "plugin");
  EXPECT_EQ(j->limits.time_ms, 2000);
  ASSERT_TRUE(j->limits.total_time_ms.has_value());
  EXPECT_EQ(*j->limits.total_time_ms, 30000);
  EXPECT_EQ(j->limits.wall_ms, 6000);
  EXPECT_EQ(j->limits.memory_kib, 131072);
  EXPECT_EQ(j->limits.output_kib, 1024);
  EXPECT_EQ(j->sandbox_method, "cgroup-v2");
  EXPECT_EQ(j->judge_version, "judge 0.1");
  const JudgingOwner me = CurrentProcessOwner();
  EXPECT_EQ(j->owner.pid, me.pid);
  EXPECT_EQ(j->owner.host, me.host);
  EXPECT_EQ(j->owner.boot_id, me.boot_id);
  EXPECT_EQ(j->owner.start_ticks, me.start_ticks);

  ASSERT_EQ(j->tests.size(), 2u);
  const TestResult& a = j->tests[0];
  EXPECT_EQ(a.ordinal, 0);
  EXPECT_EQ(a.name, "sample/1");
  EXPECT_EQ(a.group, "sample");
  EXPECT_EQ(a.verdict, Verdict::kAccepted);
  EXPECT_DOUBLE_EQ(a.score, 0.5);
  EXPECT_EQ(a.cpu_ms, 1234);
  EXPECT_EQ(a.wall_ms, 2345);
  EXPECT_EQ(a.memory_kib, 65432);
  EXPECT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.signal, 0);
  EXPECT_EQ(a.message, "optimal: 12 moves\nsecond line");
  EXPECT_EQ(a.output_sha256, Sha256Hex("sample/1"));
  EXPECT_EQ(a.time_method, "cgroup-v1-cpuacct");
  EXPECT_EQ(a.memory_method, "proc-polling");
  EXPECT_EQ(a.output_bytes, 4321);
  EXPECT_EQ(a.run_status, RunStatus::kOk);
  EXPECT_EQ(a.cpu_limit_ms, 0);
  const TestResult& b = j->tests[1];
  EXPECT_EQ(b.ordinal, 1);
  EXPECT_EQ(b.verdict, Verdict::kRuntimeError);
  EXPECT_EQ(b.exit_code, -1);
  EXPECT_EQ(b.signal, 11);
  EXPECT_EQ(b.output_sha256, "");
}

TEST_P(StoreContractTest, NoTotalTimeLimitStaysAbsent) {
  int64_t jid = Start(AddSubmission(SampleSubmission()));
  auto j = store_->GetJudging(jid);
  ASSERT_TRUE(j.ok());
  EXPECT_FALSE(j->limits.total_time_ms.has_value());
}

TEST_P(StoreContractTest, EveryVerdictRoundTrips) {
  int64_t sid = AddSubmission(SampleSubmission());
  for (int v = 0; v <= static_cast<int>(Verdict::kJudgeError); ++v) {
    int64_t jid = Start(sid);
    ASSERT_TRUE(store_->AddTestResult(jid, SampleTest("t", static_cast<Verdict>(v))).ok());
    Judging o;
    o.verdict = static_cast<Verdict>(v);
    ASSERT_TRUE(store_->FinishJudging(jid, o).ok());
    auto j = store_->GetJudging(jid);
    ASSERT_TRUE(j.ok());
    EXPECT_EQ(static_cast<int>(*j->verdict), v);
    EXPECT_EQ(static_cast<int>(j->tests.at(0).verdict), v);
  }
}

TEST_P(StoreContractTest, TestsComeBackInTheOrderTheyWereAdded) {
  int64_t jid = Start(AddSubmission(SampleSubmission()));
  std::vector<std::string> names;
  std::mt19937 rng(7);
  for (int i = 0; i < 60; ++i) names.push_back("t" + std::to_string(rng() % 1000));
  for (const auto& n : names) ASSERT_TRUE(store_->AddTestResult(jid, SampleTest(n)).ok());
  auto j = store_->GetJudging(jid);
  ASSERT_TRUE(j.ok());
  ASSERT_EQ(j->tests.size(), names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(j->tests[i].name, names[i]);
    EXPECT_EQ(j->tests[i].ordinal, static_cast<int32_t>(i));
  }
}

TEST_P(StoreContractTest, RejudgeAddsAJudgingAndKeepsTheOld) {
  int64_t sid = AddSubmission(SampleSubmission());
  int64_t first = Start(sid);
  ASSERT_TRUE(store_->AddTestResult(first, SampleTest("a", Verdict::kWrongAnswer)).ok());
  Judging wa;
  wa.verdict = Verdict::kWrongAnswer;
  ASSERT_TRUE(store_->FinishJudging(first, wa).ok());
  int64_t second = Start(sid);
  ASSERT_TRUE(store_->AddTestResult(second, SampleTest("a")).ok());
  ASSERT_TRUE(store_->AddTestResult(second, SampleTest("b")).ok());
  Judging ac;
  ac.verdict = Verdict::kAccepted;
  ac.score = 100;
  ASSERT_TRUE(store_->FinishJudging(second, ac).ok());
  EXPECT_NE(first, second);

  auto all = store_->ListJudgings(sid);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].id, first);
  EXPECT_EQ(*(*all)[0].verdict, Verdict::kWrongAnswer);
  EXPECT_EQ((*all)[0].tests.size(), 1u);
  EXPECT_EQ((*all)[1].id, second);
  EXPECT_EQ((*all)[1].tests.size(), 2u);

  auto history = store_->ListHistory({});
  ASSERT_TRUE(history.ok());
  ASSERT_EQ(history->size(), 1u);
  EXPECT_EQ((*history)[0].judging_count, 2);
  ASSERT_TRUE((*history)[0].latest.has_value());
  EXPECT_EQ((*history)[0].latest->id, second);
  EXPECT_DOUBLE_EQ((*history)[0].latest->score, 100);
  EXPECT_TRUE((*history)[0].latest->tests.empty());
}

TEST_P(StoreContractTest, HistoryIsNewestFirstFilteredAndLimited) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 9; ++i) {
    ids.push_back(AddSubmission(
        SampleSubmission(i % 3 == 0 ? "rotation" : "eight", "s" + std::to_string(i) + ".cpp")));
  }
  auto all = store_->ListHistory({});
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 9u);
  for (size_t i = 0; i < 9; ++i) {
    EXPECT_EQ((*all)[i].submission.id, ids[8 - i]);
    EXPECT_TRUE((*all)[i].submission.source.empty());
    EXPECT_FALSE((*all)[i].submission.source_sha256.empty());
    EXPECT_FALSE((*all)[i].latest.has_value());
    EXPECT_EQ((*all)[i].judging_count, 0);
  }
  HistoryFilter rotation;
  rotation.problem_id = "rotation";
  auto rot = store_->ListHistory(rotation);
  ASSERT_TRUE(rot.ok());
  ASSERT_EQ(rot->size(), 3u);
  EXPECT_EQ((*rot)[0].submission.file_name, "s6.cpp");
  EXPECT_EQ((*rot)[1].submission.file_name, "s3.cpp");
  EXPECT_EQ((*rot)[2].submission.file_name, "s0.cpp");

  HistoryFilter limited;
  limited.problem_id = "eight";
  limited.limit = 4;
  auto lim = store_->ListHistory(limited);
  ASSERT_TRUE(lim.ok());
  ASSERT_EQ(lim->size(), 4u);
  EXPECT_EQ((*lim)[0].submission.file_name, "s8.cpp");
  EXPECT_EQ((*lim)[3].submission.file_name, "s4.cpp");

  HistoryFilter none;
  none.problem_id = "no-such-problem";
  auto empty = store_->ListHistory(none);
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->empty());
}

TEST_P(StoreContractTest, UnknownIdsAreNotFoundWithTheId) {
  auto s = store_->GetSubmission(77);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(s.status().message(), "no submission 77");
  auto j = store_->GetJudging(78);
  ASSERT_FALSE(j.ok());
  EXPECT_EQ(j.status().message(), "no judging 78");
  EXPECT_EQ(store_->StartJudging(SampleJudging(79)).status().message(), "no submission 79");
  EXPECT_EQ(store_->AddTestResult(80, SampleTest("x")).message(), "no judging 80");
  EXPECT_EQ(store_->FinishJudging(81, {}).message(), "no judging 81");
  EXPECT_EQ(store_->ListJudgings(82).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->MarkIncomplete(85, "x").code(), StatusCode::kNotFound);

  int64_t sid = AddSubmission(SampleSubmission());
  auto list = store_->ListJudgings(sid);
  ASSERT_TRUE(list.ok());
  EXPECT_TRUE(list->empty());
}

TEST_P(StoreContractTest, FinishedJudgingTakesNoMoreWrites) {
  int64_t jid = Start(AddSubmission(SampleSubmission()));
  ASSERT_TRUE(store_->AddTestResult(jid, SampleTest("a")).ok());
  ASSERT_TRUE(store_->FinishJudging(jid, {}).ok());
  Status add = store_->AddTestResult(jid, SampleTest("late"));
  EXPECT_EQ(add.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(add.message().find("it is done"), std::string::npos) << add.message();
  EXPECT_EQ(store_->FinishJudging(jid, {}).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->MarkIncomplete(jid, "x").code(), StatusCode::kInvalidArgument);
  auto j = store_->GetJudging(jid);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->tests.size(), 1u);
  EXPECT_EQ(j->status, JudgingStatus::kDone);

  TestResult unnamed = SampleTest("");
  int64_t other = Start(j->submission_id);
  EXPECT_EQ(store_->AddTestResult(other, unnamed).code(), StatusCode::kInvalidArgument);
}

TEST_P(StoreContractTest, JudgingOfADeadProcessReadsIncompleteAndIsReapedOnce) {
  int64_t sid = AddSubmission(SampleSubmission());
  Judging nj = SampleJudging(sid);
  nj.owner = CurrentProcessOwner();
  nj.owner.pid = ReapedChildPid();
  auto jid = store_->StartJudging(nj);
  ASSERT_TRUE(jid.ok());
  ASSERT_TRUE(store_->AddTestResult(*jid, SampleTest("t1")).ok());
  ASSERT_TRUE(store_->AddTestResult(*jid, SampleTest("t2")).ok());

  auto j = store_->GetJudging(*jid);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->status, JudgingStatus::kIncomplete);
  auto history = store_->ListHistory({});
  ASSERT_TRUE(history.ok());
  EXPECT_EQ((*history)[0].latest->status, JudgingStatus::kIncomplete);

  auto reaped = store_->ReapAbandonedJudgings();
  ASSERT_TRUE(reaped.ok());
  ASSERT_EQ(reaped->size(), 1u);
  EXPECT_EQ((*reaped)[0], *jid);
  j = store_->GetJudging(*jid);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->status, JudgingStatus::kIncomplete);
  EXPECT_NE(j->message.find("abandoned: judge process " + std::to_string(nj.owner.pid)),
            std::string::npos) << j->message;
  EXPECT_GT(j->finished_unix_ms, 0);
  // Reaping twice finds nothing more.
  EXPECT_TRUE(store_->ReapAbandonedJudgings()->empty());

  // Its tests stay, and it takes no more: recovery is a new judging.
  ASSERT_EQ(j->tests.size(), 2u);
  EXPECT_EQ(store_->AddTestResult(*jid, SampleTest("t3")).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->FinishJudging(*jid, {}).code(), StatusCode::kInvalidArgument);
}

TEST_P(StoreContractTest, LiveJudgingsAreNotReaped) {
  int64_t sid = AddSubmission(SampleSubmission());
  int64_t mine = Start(sid);  // owned by this (live) process
  Judging remote = SampleJudging(sid);
  remote.owner = CurrentProcessOwner();
  remote.owner.host = "another-host.example";  // cannot be checked: assumed alive
  remote.owner.pid = ReapedChildPid();
  auto remote_id = store_->StartJudging(remote);
  ASSERT_TRUE(remote_id.ok());

  auto reaped = store_->ReapAbandonedJudgings();
  ASSERT_TRUE(reaped.ok());
  EXPECT_TRUE(reaped->empty());
  EXPECT_EQ(store_->GetJudging(mine)->status, JudgingStatus::kRunning);
  EXPECT_EQ(store_->GetJudging(*remote_id)->status, JudgingStatus::kRunning);
}

TEST_P(StoreContractTest, ReusedPidIsNotMistakenForTheOwner) {
  int64_t sid = AddSubmission(SampleSubmission());
  Judging nj = SampleJudging(sid);
  nj.owner = CurrentProcessOwner();
  nj.owner.start_ticks += 12345;  // same pid, different process start: pid reused
  auto jid = store_->StartJudging(nj);
  ASSERT_TRUE(jid.ok());
  EXPECT_EQ(store_->GetJudging(*jid)->status, JudgingStatus::kIncomplete);

  Judging rebooted = SampleJudging(sid);
  rebooted.owner = CurrentProcessOwner();
  rebooted.owner.boot_id = "00000000-0000-0000-0000-000000000000";
  auto rid = store_->StartJudging(rebooted);
  ASSERT_TRUE(rid.ok());
  EXPECT_EQ(store_->GetJudging(*rid)->status, JudgingStatus::kIncomplete);
}

TEST_P(StoreContractTest, MarkIncompleteKeepsTestsAndTakesNoMore) {
  int64_t jid = Start(AddSubmission(SampleSubmission()));
  ASSERT_TRUE(store_->AddTestResult(jid, SampleTest("a")).ok());
  ASSERT_TRUE(store_->MarkIncomplete(jid, "interrupted by SIGINT").ok());
  auto j = store_->GetJudging(jid);
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->status, JudgingStatus::kIncomplete);
  EXPECT_EQ(j->message, "interrupted by SIGINT");
  EXPECT_EQ(j->tests.size(), 1u);
  EXPECT_EQ(store_->AddTestResult(jid, SampleTest("b")).code(), StatusCode::kInvalidArgument);
}

TEST_P(StoreContractTest, ThreadsSharingOneStoreLoseNothing) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 25;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        auto sid = store_->AddSubmission(SampleSubmission("p" + std::to_string(t)));
        if (!sid.ok()) { ++failures; continue; }
        auto jid = store_->StartJudging(SampleJudging(*sid));
        if (!jid.ok()) { ++failures; continue; }
        for (int k = 0; k < 3; ++k) {
          if (!store_->AddTestResult(*jid, SampleTest("t" + std::to_string(k))).ok()) ++failures;
        }
        if (!store_->FinishJudging(*jid, {}).ok()) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  auto history = store_->ListHistory({});
  ASSERT_TRUE(history.ok());
  ASSERT_EQ(history->size(), static_cast<size_t>(kThreads * kPerThread));
  for (const HistoryEntry& e : *history) {
    ASSERT_TRUE(e.latest.has_value());
    EXPECT_EQ(e.latest->status, JudgingStatus::kDone);
    auto j = store_->GetJudging(e.latest->id);
    ASSERT_TRUE(j.ok());
    EXPECT_EQ(j->tests.size(), 3u);
  }
}


// Names, messages and logs are text: valid UTF-8 comes back exactly; bytes that are
// not UTF-8 (a compiler's Latin-1 message, a NUL in a checker's message) are stored,
// never refused, and come back either as they were (SQLite, the fake) or with each
// such byte replaced by U+FFFD (PostgreSQL, whose text holds UTF-8 only). Sources
// are bytes and come back exactly (SubmissionRoundTripsEveryFieldIncludingBinarySource).
TEST_P(StoreContractTest, TextThatIsNotUtf8IsStoredNotRefused) {
  const std::string kept = "m\xc3\xa9lanie \xe6\x97\xa5\xe6\x9c\xac";  // "mélanie 日本"
  const std::string odd = std::string("a\0b\xff(\xc3(\x80", 8);
  const std::string replaced = "a\xef\xbf\xbd" "b\xef\xbf\xbd(\xef\xbf\xbd(\xef\xbf\xbd";
  auto same_or_replaced = [&](const std::string& got, const std::string& prefix) {
    return got == prefix + odd || got == prefix + replaced;
  };
  Submission s = SampleSubmission();
  s.file_name = kept + odd + ".cpp";
  int64_t sid = AddSubmission(s);
  ASSERT_GT(sid, 0);
  int64_t jid = Start(sid);
  TestResult t = SampleTest("t1");
  t.message = kept + odd;
  t.stderr_tail = kept + odd;
  Status added = store_->AddTestResult(jid, t);
  ASSERT_TRUE(added.ok()) << added.message();
  Judging outcome;
  outcome.verdict = Verdict::kCompileError;
  outcome.compile_log = kept + odd;
  outcome.message = kept + odd;
  Status finished = store_->FinishJudging(jid, outcome);
  ASSERT_TRUE(finished.ok()) << finished.message();

  auto sub = store_->GetSubmission(sid);
  ASSERT_TRUE(sub.ok()) << sub.status().message();
  EXPECT_TRUE(sub->file_name == kept + odd + ".cpp" || sub->file_name == kept + replaced + ".cpp") << sub->file_name;
  auto j = store_->GetJudging(jid);
  ASSERT_TRUE(j.ok()) << j.status().message();
  EXPECT_TRUE(same_or_replaced(j->compile_log, kept)) << j->compile_log;
  EXPECT_TRUE(same_or_replaced(j->message, kept)) << j->message;
  ASSERT_EQ(j->tests.size(), 1u);
  EXPECT_TRUE(same_or_replaced(j->tests[0].message, kept)) << j->tests[0].message;
  EXPECT_TRUE(same_or_replaced(j->tests[0].stderr_tail, kept)) << j->tests[0].stderr_tail;
}

}  // namespace judge::store_test

#endif  // JUDGE_TESTS_STORE_STORE_CONTRACT_H_
