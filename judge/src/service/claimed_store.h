// The Store a worker hands to the pipeline for one claimed submission: every call
// goes to the queue's store, except that starting a judging also attaches it to the
// claim (JobQueue::AttachJudging). When the claim was lost meanwhile (the lease ran
// out and another worker took the submission over), the new judging is marked
// incomplete at once and the start fails with kCancelled, so the pipeline stops
// before running a test. Together with the takeover marking the old judging
// incomplete, this keeps one finished judging per claim (see judge/store/job_queue.h).
//
// Thread safety: as the queue's store. The queue is borrowed and must outlive this.
#ifndef JUDGE_SRC_SERVICE_CLAIMED_STORE_H_
#define JUDGE_SRC_SERVICE_CLAIMED_STORE_H_

#include "judge/store/job_queue.h"
#include "judge/store/store.h"

namespace judge::service {

class ClaimedStore final : public Store {
 public:
  ClaimedStore(JobQueue* queue, Claim claim) : queue_(queue), base_(queue->store()), claim_(std::move(claim)) {}

  // A claimed judging judges a stored submission: storing a new one is a bug.
  Result<int64_t> AddSubmission(const Submission& submission) override;
  Result<int64_t> StartJudging(const Judging& judging) override;
  Status AddTestResult(int64_t judging_id, const TestResult& test) override {
    return base_->AddTestResult(judging_id, test);
  }
  Status FinishJudging(int64_t judging_id, const Judging& outcome) override {
    return base_->FinishJudging(judging_id, outcome);
  }
  Status MarkIncomplete(int64_t judging_id, std::string_view reason) override {
    return base_->MarkIncomplete(judging_id, reason);
  }
  Result<std::vector<int64_t>> ReapAbandonedJudgings() override { return base_->ReapAbandonedJudgings(); }
  Result<std::vector<HistoryEntry>> ListHistory(const HistoryFilter& filter) override {
    return base_->ListHistory(filter);
  }
  Result<Submission> GetSubmission(int64_t id) override { return base_->GetSubmission(id); }
  Result<Judging> GetJudging(int64_t id) override { return base_->GetJudging(id); }
  Result<std::vector<Judging>> ListJudgings(int64_t id) override { return base_->ListJudgings(id); }

 private:
  JobQueue* queue_;
  Store* base_;
  Claim claim_;
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_CLAIMED_STORE_H_
