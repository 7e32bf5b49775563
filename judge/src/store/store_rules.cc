#include "store_rules.h"

#include <chrono>

namespace judge::store_internal {

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Result<Submission> PreparedSubmission(Submission s) {
  const std::string what = "submission '" + s.file_name + "'";
  if (s.problem_id.empty()) return Status::InvalidArgument(what + ": problem id is empty");
  if (s.file_name.empty()) return Status::InvalidArgument("submission: file name is empty");
  if (s.language_id.empty()) return Status::InvalidArgument(what + ": language id is empty");
  std::string actual = Sha256Hex(s.source);
  if (s.source_sha256.empty()) {
    s.source_sha256 = std::move(actual);
  } else if (s.source_sha256 != actual) {
    return Status::InvalidArgument(what + ": source_sha256 " + s.source_sha256 +
                                   " does not match the source (its SHA-256 is " + actual +
                                   ")");
  }
  if (s.created_unix_ms == 0) s.created_unix_ms = NowUnixMs();
  return s;
}

JudgingOwner PreparedOwner(const JudgingOwner& owner) {
  return owner.pid == 0 ? CurrentProcessOwner() : owner;
}

Status CheckTestResult(int64_t judging_id, const TestResult& test) {
  if (test.name.empty()) {
    return Status::InvalidArgument("judging " + std::to_string(judging_id) +
                                   ": test result has an empty name");
  }
  return Status::Ok();
}

JudgingStatus EffectiveStatus(JudgingStatus stored, const JudgingOwner& owner) {
  if (stored == JudgingStatus::kRunning && !OwnerIsAlive(owner)) {
    return JudgingStatus::kIncomplete;
  }
  return stored;
}

Status CheckRunning(int64_t judging_id, JudgingStatus stored, std::string_view action) {
  if (stored == JudgingStatus::kRunning) return Status::Ok();
  return Status::InvalidArgument("cannot " + std::string(action) + " judging " +
                                 std::to_string(judging_id) + ": it is " +
                                 std::string(JudgingStatusName(stored)) + ", not running");
}

void KeepDescription(const Judging& in, Judging* to) {
  to->id = in.id;
  to->submission_id = in.submission_id;
  to->started_unix_ms = in.started_unix_ms;
  to->plugin_id = in.plugin_id;
  to->plugin_version = in.plugin_version;
  to->plugin_hash = in.plugin_hash;
  to->checker = in.checker;
  to->limits = in.limits;
  to->sandbox_method = in.sandbox_method;
  to->judge_version = in.judge_version;
  to->owner = in.owner;
}

std::string AbandonedMessage(const JudgingOwner& owner) {
  return "abandoned: judge process " + std::to_string(owner.pid) + " on " +
         (owner.host.empty() ? std::string("?") : owner.host) + " is gone";
}

Status NoSubmission(int64_t id) { return Status::NotFound("no submission " + std::to_string(id)); }
Status NoJudging(int64_t id) { return Status::NotFound("no judging " + std::to_string(id)); }

}  // namespace judge::store_internal
