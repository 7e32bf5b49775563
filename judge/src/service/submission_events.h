// The event stream of one submission (GET /api/v1/submissions/{id}/events):
//   event: test   one per finished test, in order:
//                 {"submission", "judging", "index", "tests_total", "test": {grade --json test}}
//   event: done   once the submission is done or failed: the submission's detail
//                 document (submission_json.h); then the stream ends.
// A client that connects late gets every finished test first, then what follows.
//
// Theory: the stream reads the store, the one source of truth, each time it is
// polled, and sends what is new since the last poll (the current claim's judging;
// a takeover's new judging starts again at index 0 and says so with its own
// "judging" id). The pipeline's progress wakes it through the EventHub, so a test
// reaches the client as soon as it is stored; with remote workers (PostgreSQL) the
// server's periodic poll finds it instead.
//
// Not thread-safe on its own: the server polls one stream from one strand.
#ifndef JUDGE_SRC_SERVICE_SUBMISSION_EVENTS_H_
#define JUDGE_SRC_SERVICE_SUBMISSION_EVENTS_H_

#include <cstdint>
#include <vector>

#include "event_hub.h"
#include "http_types.h"
#include "judge/judging/json.h"
#include "judge/store/job_queue.h"
#include "open_quota.h"

namespace judge::service {

class SubmissionEvents final : public EventSource {
 public:
  // queue and hub are borrowed and must outlive the stream. A contestant's stream
  // (full_details false) shows secret tests by name and verdict only.
  SubmissionEvents(JobQueue* queue, EventHub* hub, int64_t submission_id, bool full_details = true)
      : queue_(queue), hub_(hub), id_(submission_id), full_(full_details) {}

  Result<std::string> Poll(bool* finished) override;
  std::function<void()> Subscribe(std::function<void()> wake) override {
    return hub_->Subscribe(id_, std::move(wake));
  }
  // Keeps the slots (the stream's place in the API's limits) until the stream is
  // destroyed, i.e. until its connection ends.
  void Hold(std::vector<OpenQuota::Slot> slots) { slots_ = std::move(slots); }

 private:
  JobQueue* queue_;
  EventHub* hub_;
  int64_t id_;
  bool full_;
  int64_t judging_id_ = 0;   // the judging whose tests are being sent
  std::size_t sent_ = 0;     // tests of it sent so far
  std::vector<OpenQuota::Slot> slots_;
};

// "event: <name>\ndata: <json>\n\n"
std::string SseEvent(const std::string& name, const Json& data);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_SUBMISSION_EVENTS_H_
