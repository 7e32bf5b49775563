// The queue contract (queue_contract.h) on the SQLite queue, with a clock the test
// moves: leases expire without waiting.
#include <atomic>

#include "judge/base/clock.h"
#include "queue_contract.h"
#include "service_util.h"

namespace judge::servicetest {
namespace {

class ManualClock final : public Clock {
 public:
  int64_t NowUnixMs() override { return unix_ms_.load(); }
  int64_t NowSteadyMs() override { return unix_ms_.load(); }
  void Advance(int64_t ms) { unix_ms_ += ms; }

 private:
  std::atomic<int64_t> unix_ms_{1700000000000};
};

class SqliteQueueTest : public QueueContract {
 protected:
  QueueUnderTest Make() override {
    QueueUnderTest q;
    auto opened = OpenSqliteQueue(dir_.Path("queue.sqlite"), &clock_);
    EXPECT_TRUE(opened.ok()) << opened.status().message();
    if (opened.ok()) q.queue = std::move(opened).value();
    q.advance = [this](int64_t ms) { clock_.Advance(ms); };
    q.open_another = [this] {
      auto o = OpenSqliteQueue(dir_.Path("queue.sqlite"), &clock_);
      return o.ok() ? std::move(o).value() : nullptr;
    };
    return q;
  }
  TempDir dir_;
  ManualClock clock_;
};

JUDGE_QUEUE_CONTRACT_TESTS(SqliteQueueTest)

// On one host, a claim whose process is gone is taken over at once, without waiting
// for its lease: a restarted server resumes its own work.
TEST_F(SqliteQueueTest, DeadOwnerOnThisHostIsTakenOverAtOnce) {
  int64_t id = Submit();
  WorkerInfo dead = Worker("dead");
  dead.owner = CurrentProcessOwner();
  dead.owner.pid = 999999999;  // no such process
  auto c = queue()->ClaimNext(dead, 3600000);
  ASSERT_TRUE(c.ok() && c->has_value());
  auto again = ClaimAs(Worker("alive"));
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->submission_id, id);
  EXPECT_EQ(again->attempt, 2);
}

TEST_F(SqliteQueueTest, QueueSurvivesReopening) {
  int64_t a = Submit(), b = Submit();
  auto c = ClaimAs(Worker("w1"));
  ASSERT_TRUE(c.has_value());
  q_.queue.reset();
  auto reopened = OpenSqliteQueue(dir_.Path("queue.sqlite"), &clock_);
  ASSERT_TRUE(reopened.ok());
  auto ea = (*reopened)->Get(a);
  auto eb = (*reopened)->Get(b);
  ASSERT_TRUE(ea.ok() && eb.ok());
  EXPECT_EQ(ea->state, QueueState::kRunning);
  EXPECT_EQ(eb->state, QueueState::kQueued);
}

}  // namespace
}  // namespace judge::servicetest
