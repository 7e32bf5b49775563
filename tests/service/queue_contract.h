// The JobQueue contract, run on both queues: queue_test.cc runs it on SQLite with a
// clock the test moves; pg_test.cc on a real PostgreSQL cluster, where time passes
// for real (leases of a few hundred milliseconds). Same calls, same answers.
#ifndef JUDGE_TESTS_SERVICE_QUEUE_CONTRACT_H_
#define JUDGE_TESTS_SERVICE_QUEUE_CONTRACT_H_

#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "claimed_store.h"
#include "judge/store/job_queue.h"

namespace judge::servicetest {

// What a contract test needs from the queue under test.
struct QueueUnderTest {
  std::unique_ptr<JobQueue> queue;
  std::function<void(int64_t ms)> advance;  // lets `ms` of lease time pass
  std::function<std::unique_ptr<JobQueue>()> open_another;  // a second process's view
};

inline Submission SampleSubmission(const std::string& problem = "sum", const std::string& language = "cpp20") {
  Submission s;
  s.problem_id = problem;
  s.package_hash = "hash-" + problem;
  s.file_name = "sol.cpp";
  s.source = "int main() {}\n";
  s.language_id = language;
  s.compiler_version = "g++ test";
  return s;
}

inline WorkerInfo Worker(const std::string& name, std::vector<std::string> problems = {"sum", "eight"},
                         std::vector<std::string> languages = {"cpp20", "python3"}) {
  WorkerInfo w;
  w.name = name;
  w.problems = std::move(problems);
  w.languages = std::move(languages);
  // Another host: its liveness cannot be checked, only its lease tells.
  w.owner.pid = 4242;
  w.owner.host = "host-" + name;
  w.owner.boot_id = "boot";
  w.owner.start_ticks = 1;
  return w;
}

inline Judging SampleJudging(int64_t submission_id, const std::string& host) {
  Judging j;
  j.submission_id = submission_id;
  j.checker = "tokens";
  j.limits.time_ms = 1000;
  j.limits.wall_ms = 2000;
  j.limits.memory_kib = 65536;
  j.limits.output_kib = 1024;
  j.sandbox_method = "test";
  j.judge_version = "judge test";
  j.owner.pid = 4242;
  j.owner.host = host;
  j.owner.boot_id = "boot";
  j.owner.start_ticks = 1;
  j.tests_total = 2;
  return j;
}

inline TestResult SampleTest(const std::string& name) {
  TestResult t;
  t.name = name;
  t.group = "secret";
  t.verdict = Verdict::kAccepted;
  t.score = 1;
  t.message = "ok";
  return t;
}

// Judges a claim to the end through a ClaimedStore, as a worker does.
inline Status JudgeThrough(JobQueue* q, const Claim& c, const std::string& host) {
  service::ClaimedStore store(q, c);
  JUDGE_ASSIGN_OR_RETURN(int64_t jid, store.StartJudging(SampleJudging(c.submission_id, host)));
  JUDGE_RETURN_IF_ERROR(store.AddTestResult(jid, SampleTest("secret/1")));
  JUDGE_RETURN_IF_ERROR(store.AddTestResult(jid, SampleTest("secret/2")));
  Judging outcome;
  outcome.verdict = Verdict::kAccepted;
  outcome.score = 1;
  outcome.tests_total = 2;
  JUDGE_RETURN_IF_ERROR(store.FinishJudging(jid, outcome));
  return q->Complete(c);
}

constexpr int64_t kLeaseMs = 400;

// The contract. `make` builds a fresh queue for each test.
class QueueContract : public ::testing::Test {
 protected:
  virtual QueueUnderTest Make() = 0;
  void SetUp() override { q_ = Make(); }
  JobQueue* queue() { return q_.queue.get(); }
  int64_t Submit(const Submission& s = SampleSubmission(), const std::string& who = "alice") {
    auto id = queue()->Submit(s, who);
    EXPECT_TRUE(id.ok()) << id.status().message();
    return id.ok() ? *id : 0;
  }
  std::optional<Claim> ClaimAs(const WorkerInfo& w) {
    auto c = queue()->ClaimNext(w, kLeaseMs);
    EXPECT_TRUE(c.ok()) << c.status().message();
    return c.ok() ? *c : std::nullopt;
  }
  QueueState StateOf(int64_t id) {
    auto e = queue()->Get(id);
    EXPECT_TRUE(e.ok()) << e.status().message();
    return e.ok() ? e->state : QueueState::kFailed;
  }

  QueueUnderTest q_;
};

#define JUDGE_QUEUE_CONTRACT_TESTS(Fixture)                                                          \
  TEST_F(Fixture, SubmitQueuesAndStoresTheSubmission) {                                              \
    int64_t id = Submit();                                                                           \
    auto e = queue()->Get(id);                                                                       \
    ASSERT_TRUE(e.ok()) << e.status().message();                                                     \
    EXPECT_EQ(e->state, QueueState::kQueued);                                                        \
    EXPECT_EQ(e->submitter, "alice");                                                                \
    EXPECT_EQ(e->attempts, 0);                                                                       \
    EXPECT_EQ(e->judging_id, 0);                                                                     \
    EXPECT_FALSE(e->latest.has_value());                                                             \
    auto s = queue()->store()->GetSubmission(id);                                                    \
    ASSERT_TRUE(s.ok());                                                                             \
    EXPECT_EQ(s->source, "int main() {}\n");                                                         \
    EXPECT_EQ(queue()->Get(id + 100).status().code(), StatusCode::kNotFound);                        \
  }                                                                                                  \
  TEST_F(Fixture, ClaimsOldestFirstAndEachOnce) {                                                    \
    int64_t a = Submit(), b = Submit();                                                              \
    auto c1 = ClaimAs(Worker("w1"));                                                                 \
    auto c2 = ClaimAs(Worker("w2"));                                                                 \
    ASSERT_TRUE(c1 && c2);                                                                           \
    EXPECT_EQ(c1->submission_id, a);                                                                 \
    EXPECT_EQ(c2->submission_id, b);                                                                 \
    EXPECT_NE(c1->token, c2->token);                                                                 \
    EXPECT_EQ(c1->attempt, 1);                                                                       \
    EXPECT_FALSE(ClaimAs(Worker("w3")).has_value());                                                 \
    EXPECT_EQ(StateOf(a), QueueState::kRunning);                                                     \
  }                                                                                                  \
  TEST_F(Fixture, WorkerTakesOnlyItsProblemsAndLanguages) {                                          \
    int64_t py = Submit(SampleSubmission("sum", "python3"));                                         \
    int64_t other = Submit(SampleSubmission("rotation", "cpp20"));                                   \
    int64_t cpp = Submit(SampleSubmission("sum", "cpp20"));                                          \
    auto c = ClaimAs(Worker("cpp-only", {"sum"}, {"cpp20"}));                                        \
    ASSERT_TRUE(c.has_value());                                                                      \
    EXPECT_EQ(c->submission_id, cpp);                                                                \
    EXPECT_FALSE(ClaimAs(Worker("cpp-only-2", {"sum"}, {"cpp20"})).has_value());                     \
    EXPECT_EQ(StateOf(py), QueueState::kQueued);                                                     \
    EXPECT_EQ(StateOf(other), QueueState::kQueued);                                                  \
    auto p = ClaimAs(Worker("py", {"sum"}, {"python3"}));                                            \
    ASSERT_TRUE(p.has_value());                                                                      \
    EXPECT_EQ(p->submission_id, py);                                                                 \
  }                                                                                                  \
  TEST_F(Fixture, CompletedClaimIsDoneWithOneJudging) {                                              \
    int64_t id = Submit();                                                                           \
    auto c = ClaimAs(Worker("w1"));                                                                  \
    ASSERT_TRUE(c.has_value());                                                                      \
    ASSERT_TRUE(JudgeThrough(queue(), *c, "host-w1").ok());                                          \
    auto e = queue()->Get(id);                                                                       \
    ASSERT_TRUE(e.ok());                                                                             \
    EXPECT_EQ(e->state, QueueState::kDone);                                                          \
    EXPECT_EQ(e->judging_count, 1);                                                                  \
    EXPECT_NE(e->judging_id, 0);                                                                     \
    ASSERT_TRUE(e->latest.has_value());                                                              \
    EXPECT_EQ(e->latest->verdict, Verdict::kAccepted);                                               \
    EXPECT_EQ(e->worker, "w1");                                                                      \
    q_.advance(10 * kLeaseMs);                                                                       \
    EXPECT_FALSE(ClaimAs(Worker("w2")).has_value()) << "a done submission is never claimed again";   \
    EXPECT_EQ(queue()->Renew(*c, kLeaseMs).code(), StatusCode::kCancelled);                          \
  }                                                                                                  \
  TEST_F(Fixture, RenewedLeaseIsNotTakenOver) {                                                      \
    Submit();                                                                                        \
    auto c = ClaimAs(Worker("w1"));                                                                  \
    ASSERT_TRUE(c.has_value());                                                                      \
    for (int i = 0; i < 4; ++i) {                                                                    \
      q_.advance(kLeaseMs / 2);                                                                      \
      ASSERT_TRUE(queue()->Renew(*c, kLeaseMs).ok());                                                \
      EXPECT_FALSE(ClaimAs(Worker("w2")).has_value());                                               \
    }                                                                                                \
  }                                                                                                  \
  TEST_F(Fixture, ExpiredLeaseIsTakenOverAndTheOldJudgingFenced) {                                   \
    int64_t id = Submit();                                                                           \
    auto old_claim = ClaimAs(Worker("w1"));                                                          \
    ASSERT_TRUE(old_claim.has_value());                                                              \
    service::ClaimedStore old_store(queue(), *old_claim);                                            \
    auto old_jid = old_store.StartJudging(SampleJudging(id, "host-w1"));                             \
    ASSERT_TRUE(old_jid.ok()) << old_jid.status().message();                                         \
    ASSERT_TRUE(old_store.AddTestResult(*old_jid, SampleTest("secret/1")).ok());                     \
    q_.advance(2 * kLeaseMs);                                                                        \
    auto fresh = ClaimAs(Worker("w2"));                                                              \
    ASSERT_TRUE(fresh.has_value());                                                                  \
    EXPECT_EQ(fresh->submission_id, id);                                                             \
    EXPECT_EQ(fresh->attempt, 2);                                                                    \
    /* the slow first worker wakes up: every write of its claim is refused */                       \
    EXPECT_FALSE(old_store.AddTestResult(*old_jid, SampleTest("secret/2")).ok());                    \
    Judging outcome;                                                                                 \
    outcome.verdict = Verdict::kAccepted;                                                            \
    EXPECT_FALSE(old_store.FinishJudging(*old_jid, outcome).ok());                                   \
    EXPECT_EQ(queue()->Renew(*old_claim, kLeaseMs).code(), StatusCode::kCancelled);                  \
    EXPECT_EQ(queue()->Complete(*old_claim).code(), StatusCode::kCancelled);                         \
    ASSERT_TRUE(JudgeThrough(queue(), *fresh, "host-w2").ok());                                      \
    auto judgings = queue()->store()->ListJudgings(id);                                              \
    ASSERT_TRUE(judgings.ok());                                                                      \
    ASSERT_EQ(judgings->size(), 2u);                                                                 \
    EXPECT_EQ((*judgings)[0].status, JudgingStatus::kIncomplete);                                    \
    EXPECT_NE((*judgings)[0].message.find("abandoned: worker w1"), std::string::npos)                \
        << (*judgings)[0].message;                                                                   \
    EXPECT_EQ((*judgings)[0].tests.size(), 1u) << "the test it finished stays as history";           \
    EXPECT_EQ((*judgings)[1].status, JudgingStatus::kDone);                                          \
    EXPECT_EQ((*judgings)[1].tests.size(), 2u);                                                      \
    EXPECT_EQ(StateOf(id), QueueState::kDone);                                                       \
  }                                                                                                  \
  TEST_F(Fixture, ClaimLostBeforeItsJudgingStartedCannotStartOne) {                                  \
    int64_t id = Submit();                                                                           \
    auto old_claim = ClaimAs(Worker("w1"));                                                          \
    ASSERT_TRUE(old_claim.has_value());                                                              \
    q_.advance(2 * kLeaseMs);                                                                        \
    auto fresh = ClaimAs(Worker("w2"));                                                              \
    ASSERT_TRUE(fresh.has_value());                                                                  \
    service::ClaimedStore old_store(queue(), *old_claim);                                            \
    auto jid = old_store.StartJudging(SampleJudging(id, "host-w1"));                                 \
    EXPECT_EQ(jid.status().code(), StatusCode::kCancelled);                                          \
    auto judgings = queue()->store()->ListJudgings(id);                                              \
    ASSERT_TRUE(judgings.ok());                                                                      \
    ASSERT_EQ(judgings->size(), 1u);                                                                 \
    EXPECT_EQ((*judgings)[0].status, JudgingStatus::kIncomplete);                                    \
  }                                                                                                  \
  TEST_F(Fixture, FinishedButNotCompletedIsSettledAsDoneNotJudgedAgain) {                            \
    int64_t id = Submit();                                                                           \
    auto c = ClaimAs(Worker("w1"));                                                                  \
    ASSERT_TRUE(c.has_value());                                                                      \
    service::ClaimedStore store(queue(), *c);                                                        \
    auto jid = store.StartJudging(SampleJudging(id, "host-w1"));                                     \
    ASSERT_TRUE(jid.ok());                                                                           \
    Judging outcome;                                                                                 \
    outcome.verdict = Verdict::kWrongAnswer;                                                         \
    ASSERT_TRUE(store.FinishJudging(*jid, outcome).ok());                                            \
    /* the worker dies before Complete: the next claim finds the judging done */                    \
    q_.advance(2 * kLeaseMs);                                                                        \
    EXPECT_FALSE(ClaimAs(Worker("w2")).has_value());                                                 \
    EXPECT_EQ(StateOf(id), QueueState::kDone);                                                       \
    auto judgings = queue()->store()->ListJudgings(id);                                              \
    ASSERT_TRUE(judgings.ok());                                                                      \
    EXPECT_EQ(judgings->size(), 1u);                                                                 \
  }                                                                                                  \
  TEST_F(Fixture, GivesUpAfterMaxAttempts) {                                                         \
    int64_t id = Submit();                                                                           \
    for (int i = 1; i <= kMaxAttempts; ++i) {                                                        \
      auto c = ClaimAs(Worker("w" + std::to_string(i)));                                             \
      ASSERT_TRUE(c.has_value()) << "attempt " << i;                                                 \
      EXPECT_EQ(c->attempt, i);                                                                      \
      q_.advance(2 * kLeaseMs);                                                                      \
    }                                                                                                \
    EXPECT_FALSE(ClaimAs(Worker("w-last")).has_value());                                             \
    auto e = queue()->Get(id);                                                                       \
    ASSERT_TRUE(e.ok());                                                                             \
    EXPECT_EQ(e->state, QueueState::kFailed);                                                        \
    EXPECT_NE(e->message.find("given up after 3 attempts"), std::string::npos) << e->message;        \
    auto requeued = queue()->Requeue(id);                                                            \
    ASSERT_TRUE(requeued.ok()) << requeued.status().message();                                       \
    EXPECT_EQ(*requeued, RequeueOutcome::kQueued);                                                   \
    EXPECT_EQ(StateOf(id), QueueState::kQueued);                                                     \
    auto again = ClaimAs(Worker("w-again"));                                                         \
    ASSERT_TRUE(again.has_value());                                                                  \
    EXPECT_EQ(again->attempt, 1);                                                                    \
  }                                                                                                  \
  TEST_F(Fixture, RequeueRulesAndReleaseAndFail) {                                                   \
    int64_t id = Submit();                                                                           \
    auto waiting = queue()->Requeue(id);                                                             \
    ASSERT_TRUE(waiting.ok()) << waiting.status().message();                                         \
    EXPECT_EQ(*waiting, RequeueOutcome::kAlreadyQueued) << "queued stays queued";                    \
    auto c = ClaimAs(Worker("w1"));                                                                  \
    ASSERT_TRUE(c.has_value());                                                                      \
    auto running = queue()->Requeue(id);                                                             \
    ASSERT_TRUE(running.ok()) << "a running submission is an outcome, not a failure";                \
    EXPECT_EQ(*running, RequeueOutcome::kBeingJudged);                                               \
    EXPECT_EQ(StateOf(id), QueueState::kRunning) << "its judge keeps it";                            \
    ASSERT_TRUE(queue()->Release(*c).ok());                                                          \
    EXPECT_EQ(StateOf(id), QueueState::kQueued);                                                     \
    auto c2 = ClaimAs(Worker("w2"));                                                                 \
    ASSERT_TRUE(c2.has_value());                                                                     \
    EXPECT_EQ(c2->attempt, 1) << "a released claim is not counted";                                  \
    ASSERT_TRUE(queue()->Fail(*c2, "the sandbox failed").ok());                                      \
    auto e = queue()->Get(id);                                                                       \
    ASSERT_TRUE(e.ok());                                                                             \
    EXPECT_EQ(e->state, QueueState::kFailed);                                                        \
    EXPECT_EQ(e->message, "the sandbox failed");                                                     \
    auto failed = queue()->Requeue(id);                                                              \
    ASSERT_TRUE(failed.ok()) << failed.status().message();                                           \
    EXPECT_EQ(*failed, RequeueOutcome::kQueued);                                                     \
    EXPECT_EQ(StateOf(id), QueueState::kQueued);                                                     \
    EXPECT_EQ(queue()->Requeue(9999).status().code(), StatusCode::kNotFound);                        \
  }                                                                                                  \
  TEST_F(Fixture, ListFiltersNewestFirst) {                                                          \
    int64_t a = Submit(SampleSubmission("sum"), "alice");                                            \
    int64_t b = Submit(SampleSubmission("eight"), "bob");                                            \
    int64_t c = Submit(SampleSubmission("sum"), "bob");                                              \
    auto all = queue()->List({});                                                                    \
    ASSERT_TRUE(all.ok());                                                                           \
    ASSERT_EQ(all->size(), 3u);                                                                      \
    EXPECT_EQ((*all)[0].submission.id, c);                                                           \
    EXPECT_EQ((*all)[2].submission.id, a);                                                           \
    auto bobs = queue()->List({"", "bob", 50});                                                      \
    ASSERT_TRUE(bobs.ok());                                                                          \
    ASSERT_EQ(bobs->size(), 2u);                                                                     \
    auto sums = queue()->List({"sum", "", 1});                                                       \
    ASSERT_TRUE(sums.ok());                                                                          \
    ASSERT_EQ(sums->size(), 1u);                                                                     \
    EXPECT_EQ((*sums)[0].submission.id, c);                                                          \
    EXPECT_EQ(queue()->List({"", "", 0}).status().code(), StatusCode::kInvalidArgument);             \
    (void)b;                                                                                         \
  }                                                                                                  \
  /* Issue 23, hole 6: one submitter's 25 at once delayed everyone else's. Round robin: */         \
  /* the oldest submission of the submitter served least recently goes next. */                     \
  TEST_F(Fixture, ClaimsRoundRobinBetweenSubmitters) {                                               \
    std::vector<int64_t> alice;                                                                      \
    for (int i = 0; i < 4; ++i) alice.push_back(Submit(SampleSubmission(), "alice"));                \
    const int64_t bob = Submit(SampleSubmission("eight"), "bob");                                    \
    const int64_t carol1 = Submit(SampleSubmission(), "carol"), carol2 = Submit(SampleSubmission(), "carol"); \
    std::vector<int64_t> order;                                                                      \
    while (auto c = ClaimAs(Worker("w" + std::to_string(order.size())))) order.push_back(c->submission_id); \
    EXPECT_EQ(order, (std::vector<int64_t>{alice[0], bob, carol1, alice[1], carol2, alice[2], alice[3]})); \
  }                                                                                                  \
  TEST_F(Fixture, CapsASubmittersWaitingSubmissions) {                                               \
    ASSERT_TRUE(queue()->Submit(SampleSubmission(), "alice", 2).ok());                               \
    ASSERT_TRUE(queue()->Submit(SampleSubmission(), "alice", 2).ok());                               \
    auto third = queue()->Submit(SampleSubmission(), "alice", 2);                                    \
    EXPECT_EQ(third.status().code(), StatusCode::kResourceExhausted);                                \
    EXPECT_EQ(third.status().message(), "'alice' has 2 submissions waiting to be judged (at most 2 at once): " \
                                        "submit again when one of them is judged");                  \
    auto alices = queue()->List({"", "alice", 50});                                                  \
    ASSERT_TRUE(alices.ok());                                                                        \
    EXPECT_EQ(alices->size(), 2u) << "a refused submission is not stored";                          \
    EXPECT_TRUE(queue()->Submit(SampleSubmission(), "bob", 2).ok()) << "bob has his own";            \
    auto c = ClaimAs(Worker("w1"));                                                                  \
    ASSERT_TRUE(c.has_value());                                                                      \
    EXPECT_EQ(queue()->Submit(SampleSubmission(), "alice", 2).status().code(),                       \
              StatusCode::kResourceExhausted) << "one being judged still counts";                    \
    ASSERT_TRUE(JudgeThrough(queue(), *c, "host-w1").ok());                                          \
    EXPECT_TRUE(queue()->Submit(SampleSubmission(), "alice", 2).ok()) << "a judged one frees its place"; \
    EXPECT_TRUE(queue()->Submit(SampleSubmission(), "alice", 0).ok()) << "0: no cap";                \
  }                                                                                                  \
  TEST_F(Fixture, ConcurrentSubmitsOfOneSubmitterKeepTheCap) {                                       \
    std::atomic<int> accepted{0}, refused{0};                                                        \
    std::vector<std::thread> threads;                                                                \
    for (int t = 0; t < 4; ++t) {                                                                    \
      threads.emplace_back([&] {                                                                     \
        std::unique_ptr<JobQueue> own = q_.open_another();                                           \
        for (int i = 0; i < 4; ++i) {                                                                \
          auto id = own->Submit(SampleSubmission(), "alice", 5);                                     \
          if (id.ok()) ++accepted;                                                                   \
          else if (id.status().code() == StatusCode::kResourceExhausted) ++refused;                  \
        }                                                                                            \
      });                                                                                            \
    }                                                                                                \
    for (auto& th : threads) th.join();                                                              \
    EXPECT_EQ(accepted.load(), 5);                                                                   \
    EXPECT_EQ(refused.load(), 11);                                                                   \
  }                                                                                                  \
  TEST_F(Fixture, ConcurrentClaimersNeverShareASubmission) {                                         \
    constexpr int kSubmissions = 24;                                                                 \
    for (int i = 0; i < kSubmissions; ++i) Submit();                                                 \
    std::mutex mu;                                                                                   \
    std::multiset<int64_t> claimed;                                                                  \
    std::vector<std::thread> threads;                                                                \
    for (int t = 0; t < 4; ++t) {                                                                    \
      threads.emplace_back([&, t] {                                                                  \
        std::unique_ptr<JobQueue> own = q_.open_another();                                           \
        while (true) {                                                                               \
          auto c = own->ClaimNext(Worker("t" + std::to_string(t)), 60000);                           \
          if (!c.ok() || !*c) break;                                                                 \
          std::lock_guard<std::mutex> lock(mu);                                                      \
          claimed.insert((*c)->submission_id);                                                       \
        }                                                                                            \
      });                                                                                            \
    }                                                                                                \
    for (auto& th : threads) th.join();                                                              \
    EXPECT_EQ(claimed.size(), static_cast<std::size_t>(kSubmissions));                               \
    EXPECT_EQ(std::set<int64_t>(claimed.begin(), claimed.end()).size(),                              \
              static_cast<std::size_t>(kSubmissions));                                               \
  }

}  // namespace judge::servicetest

#endif  // JUDGE_TESTS_SERVICE_QUEUE_CONTRACT_H_
