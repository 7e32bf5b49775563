// The in-memory Store: the fake the grader's unit tests use. Same rules as the
// SQLite store (store_rules.h); one mutex serializes every call.
#include <map>
#include <mutex>

#include "judge/store/store.h"
#include "store_rules.h"

namespace judge {
namespace {

using namespace store_internal;

class MemoryStore final : public Store {
 public:
  Result<int64_t> AddSubmission(const Submission& submission) override {
    JUDGE_ASSIGN_OR_RETURN(Submission s, PreparedSubmission(submission));
    std::lock_guard<std::mutex> lock(mu_);
    s.id = static_cast<int64_t>(submissions_.size()) + 1;
    submissions_.emplace(s.id, s);
    return s.id;
  }

  Result<int64_t> StartJudging(const Judging& description) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (!submissions_.count(description.submission_id)) return NoSubmission(description.submission_id);
    Judging j;
    KeepDescription(description, &j);
    j.id = static_cast<int64_t>(judgings_.size()) + 1;
    j.status = JudgingStatus::kRunning;
    j.started_unix_ms = NowUnixMs();
    j.tests_total = description.tests_total;  // known from the start (progress)
    j.owner = PreparedOwner(j.owner);
    judgings_.emplace(j.id, j);
    return j.id;
  }

  Status AddTestResult(int64_t judging_id, const TestResult& test) override {
    JUDGE_RETURN_IF_ERROR(CheckTestResult(judging_id, test));
    std::lock_guard<std::mutex> lock(mu_);
    auto it = judgings_.find(judging_id);
    if (it == judgings_.end()) return NoJudging(judging_id);
    JUDGE_RETURN_IF_ERROR(CheckRunning(judging_id, it->second.status, "add a test to"));
    TestResult t = test;
    // What the SQLite store does not keep, the fake does not keep either.
    t.run_status = RunStatus::kOk;
    t.kill_reason = KillReason::kNone;
    t.cpu_limit_ms = 0;
    t.ordinal = static_cast<int32_t>(it->second.tests.size());
    it->second.tests.push_back(std::move(t));
    return Status::Ok();
  }

  Status FinishJudging(int64_t judging_id, const Judging& o) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = judgings_.find(judging_id);
    if (it == judgings_.end()) return NoJudging(judging_id);
    Judging& j = it->second;
    JUDGE_RETURN_IF_ERROR(CheckRunning(judging_id, j.status, "finish"));
    // The outcome's fields, the stored description, id, start and tests.
    Judging done = o;
    done.tests = std::move(j.tests);
    KeepDescription(j, &done);
    done.verdict = o.verdict.value_or(Verdict::kJudgeError);
    done.status = JudgingStatus::kDone;
    done.finished_unix_ms = NowUnixMs();
    done.compile_cached = false;
    done.compile_attempts = 0;
    j = std::move(done);
    return Status::Ok();
  }

  Status MarkIncomplete(int64_t judging_id, std::string_view reason) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = judgings_.find(judging_id);
    if (it == judgings_.end()) return NoJudging(judging_id);
    Judging& j = it->second;
    if (j.status == JudgingStatus::kDone) {
      return CheckRunning(judging_id, j.status, "mark incomplete");
    }
    j.status = JudgingStatus::kIncomplete;
    j.finished_unix_ms = NowUnixMs();
    j.message = std::string(reason);
    return Status::Ok();
  }

  Result<std::vector<int64_t>> ReapAbandonedJudgings() override {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<int64_t> ids;
    for (auto& [id, j] : judgings_) {
      if (j.status == JudgingStatus::kRunning && !OwnerIsAlive(j.owner)) {
        j.status = JudgingStatus::kIncomplete;
        j.finished_unix_ms = NowUnixMs();
        j.message = AbandonedMessage(j.owner);
        ids.push_back(id);
      }
    }
    return ids;
  }

  Result<std::vector<HistoryEntry>> ListHistory(const HistoryFilter& filter) override {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<HistoryEntry> out;
    for (auto it = submissions_.rbegin(); it != submissions_.rend(); ++it) {
      if (filter.limit > 0 && static_cast<int64_t>(out.size()) >= filter.limit) break;
      if (!filter.problem_id.empty() && it->second.problem_id != filter.problem_id) continue;
      HistoryEntry e;
      e.submission = it->second;
      e.submission.source.clear();
      for (const auto& [id, j] : judgings_) {
        if (j.submission_id != it->first) continue;
        ++e.judging_count;
        e.latest = ForReader(j);
        e.latest->tests.clear();
      }
      out.push_back(std::move(e));
    }
    return out;
  }

  Result<Submission> GetSubmission(int64_t submission_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = submissions_.find(submission_id);
    if (it == submissions_.end()) return NoSubmission(submission_id);
    return it->second;
  }

  Result<Judging> GetJudging(int64_t judging_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = judgings_.find(judging_id);
    if (it == judgings_.end()) return NoJudging(judging_id);
    return ForReader(it->second);
  }

  Result<std::vector<Judging>> ListJudgings(int64_t submission_id) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (!submissions_.count(submission_id)) return NoSubmission(submission_id);
    std::vector<Judging> out;
    for (const auto& [id, j] : judgings_) {
      if (j.submission_id == submission_id) out.push_back(ForReader(j));
    }
    return out;
  }

 private:
  static Judging ForReader(Judging j) {
    j.status = EffectiveStatus(j.status, j.owner);
    return j;
  }

  std::mutex mu_;
  std::map<int64_t, Submission> submissions_;
  std::map<int64_t, Judging> judgings_;
};

}  // namespace

std::unique_ptr<Store> NewMemoryStore() { return std::make_unique<MemoryStore>(); }

}  // namespace judge
