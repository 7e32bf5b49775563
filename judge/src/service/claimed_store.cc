#include "claimed_store.h"

namespace judge::service {

Result<int64_t> ClaimedStore::AddSubmission(const Submission& submission) {
  return Status::Internal("a claimed judging cannot store a new submission ('" + submission.file_name + "')");
}

Result<int64_t> ClaimedStore::StartJudging(const Judging& judging) {
  JUDGE_ASSIGN_OR_RETURN(int64_t id, base_->StartJudging(judging));
  Status attached = queue_->AttachJudging(claim_, id);
  if (!attached.ok()) {
    (void)base_->MarkIncomplete(id, attached.message());
    return attached;
  }
  return id;
}

}  // namespace judge::service
