#include "submission_events.h"

#include "submission_json.h"

namespace judge::service {

std::string SseEvent(const std::string& name, const Json& data) {
  // DumpJson escapes newlines inside strings, so the data is one line as SSE needs.
  return "event: " + name + "\ndata: " + DumpJson(data, -1) + "\n\n";
}

Result<std::string> SubmissionEvents::Poll(bool* finished) {
  *finished = false;
  JUDGE_ASSIGN_OR_RETURN(QueueEntry entry, queue_->Get(id_));
  std::optional<Judging> judging;
  if (entry.judging_id != 0) {
    JUDGE_ASSIGN_OR_RETURN(judging, queue_->store()->GetJudging(entry.judging_id));
  }
  std::string out;
  if (judging) {
    if (judging->id != judging_id_) {
      judging_id_ = judging->id;
      sent_ = 0;
    }
    Json tests = GradeTestsJson(entry.submission, *judging, full_);
    for (; sent_ < tests.size(); ++sent_) {
      out += SseEvent("test", {{"submission", id_},
                               {"judging", judging_id_},
                               {"index", sent_},
                               {"tests_total", judging->tests_total},
                               {"test", tests[sent_]}});
    }
  }
  if (entry.state == QueueState::kDone || entry.state == QueueState::kFailed) {
    out += SseEvent("done", SubmissionDetailJson(entry, judging, full_));
    *finished = true;
  }
  return out;
}

}  // namespace judge::service
