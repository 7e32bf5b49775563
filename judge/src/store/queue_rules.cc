#include "queue_rules.h"

#include "judge/base/hash.h"

namespace judge {

std::string_view QueueStateName(QueueState state) {
  switch (state) {
    case QueueState::kQueued: return "queued";
    case QueueState::kRunning: return "running";
    case QueueState::kDone: return "done";
    case QueueState::kFailed: return "failed";
  }
  return "unknown";
}

namespace store_internal {

std::string NewClaimToken() { return RandomHex(16); }

WorkerInfo PrepareWorker(const WorkerInfo& worker) {
  WorkerInfo w = worker;
  if (w.owner.pid == 0) w.owner = CurrentProcessOwner();
  if (w.name.empty()) w.name = w.owner.host + "/" + std::to_string(w.owner.pid);
  return w;
}

Status CheckLease(int64_t lease_ms) {
  if (lease_ms <= 0 || lease_ms > 86400000)
    return Status::InvalidArgument("lease: expected 1 ms to 1 day, found " + std::to_string(lease_ms) + " ms");
  return Status::Ok();
}

std::string TakeoverMessage(std::string_view worker, int64_t attempt) {
  return "abandoned: worker " + std::string(worker) + " stopped renewing its claim (attempt " +
         std::to_string(attempt) + "); judged again by another worker";
}

std::string GaveUpMessage(std::string_view worker) {
  return "given up after " + std::to_string(kMaxAttempts) +
         " attempts: each worker that took it stopped before finishing (the last: " + std::string(worker) + ")";
}

Status LostClaim(const Claim& claim, std::string_view doing) {
  return Status::Cancelled(std::string(doing) + ": the claim on submission " + std::to_string(claim.submission_id) +
                           " was lost (another worker took it over, or it was finished or rejudged)");
}

Status CheckListLimit(int64_t limit) {
  if (limit < 1 || limit > 1000)
    return Status::InvalidArgument("limit: expected 1 to 1000, found " + std::to_string(limit));
  return Status::Ok();
}

Status TooManyWaiting(std::string_view submitter, int64_t waiting, int64_t max_waiting) {
  return Status::ResourceExhausted("'" + std::string(submitter) + "' has " + std::to_string(waiting) +
                                   " submissions waiting to be judged (at most " + std::to_string(max_waiting) +
                                   " at once): submit again when one of them is judged");
}

Status OverStorageQuota(std::string_view submitter, int64_t stored, int64_t bytes, int64_t max_bytes) {
  return Status::ResourceExhausted("'" + std::string(submitter) + "' has handed in " + std::to_string(stored) +
                                   " bytes of sources; this one's " + std::to_string(bytes) +
                                   " more would pass the storage quota of " + std::to_string(max_bytes) +
                                   " bytes per contestant");
}

}  // namespace store_internal
}  // namespace judge
