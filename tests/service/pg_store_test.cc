// The Store contract (tests/store/store_contract.h) on the PostgreSQL store: the
// same tests the SQLite store and the in-memory fake pass, each on a fresh database
// of the binary's throwaway cluster (pg_cluster.h).
#include <memory>
#include <string>

#include "judge/store/job_queue.h"
#include "pg_cluster.h"
#include "store_contract.h"

namespace judge::servicetest {
namespace {

// The PostgreSQL store belongs to its queue (JobQueue::store()); the contract's
// factory hands out a Store it owns, so this one owns the queue and forwards.
class QueueOwnedStore : public Store {
 public:
  explicit QueueOwnedStore(std::unique_ptr<JobQueue> queue) : queue_(std::move(queue)), store_(queue_->store()) {}

  Result<int64_t> AddSubmission(const Submission& s) override { return store_->AddSubmission(s); }
  Result<int64_t> StartJudging(const Judging& j) override { return store_->StartJudging(j); }
  Status AddTestResult(int64_t id, const TestResult& t) override { return store_->AddTestResult(id, t); }
  Status FinishJudging(int64_t id, const Judging& outcome) override { return store_->FinishJudging(id, outcome); }
  Status MarkIncomplete(int64_t id, std::string_view reason) override { return store_->MarkIncomplete(id, reason); }
  Result<std::vector<int64_t>> ReapAbandonedJudgings() override { return store_->ReapAbandonedJudgings(); }
  Result<std::vector<HistoryEntry>> ListHistory(const HistoryFilter& f) override { return store_->ListHistory(f); }
  Result<Submission> GetSubmission(int64_t id) override { return store_->GetSubmission(id); }
  Result<Judging> GetJudging(int64_t id) override { return store_->GetJudging(id); }
  Result<std::vector<Judging>> ListJudgings(int64_t id) override { return store_->ListJudgings(id); }

 private:
  std::unique_ptr<JobQueue> queue_;
  Store* store_;  // owned by queue_
};

}  // namespace

// A Store on a fresh database of the cluster (the contract's StoreFactory).
std::unique_ptr<Store> OpenPgStore(const store_test::TempDir&) {
  if (!cluster->error().empty()) {
    ADD_FAILURE() << cluster->error();
    return nullptr;
  }
  const std::string url = cluster->NewDatabase();
  // Connections for the contract's threads (ThreadsSharingOneStoreLoseNothing).
  auto queue = OpenPostgresQueue(url, 4);
  EXPECT_TRUE(queue.ok()) << url << ": " << queue.status().message();
  if (!queue.ok()) return nullptr;
  return std::make_unique<QueueOwnedStore>(std::move(queue).value());
}

}  // namespace judge::servicetest

// gtest names the suite unqualified: the instantiation lives in its namespace.
namespace judge::store_test {
namespace {

INSTANTIATE_TEST_SUITE_P(Postgres, StoreContractTest,
                         ::testing::Values(StoreFactory{"Postgres", servicetest::OpenPgStore}),
                         [](const ::testing::TestParamInfo<StoreFactory>& info) { return info.param.name; });

}  // namespace
}  // namespace judge::store_test
