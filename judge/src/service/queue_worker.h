// A worker: the loop that takes submissions from the queue and judges them through
// the one pipeline. `judge serve` runs N of them in its process (SQLite or
// PostgreSQL), `judge worker` runs --jobs of them on any host (PostgreSQL).
//
// Each turn: ClaimNext with the problems this worker has loaded and the languages it
// can run; nothing claimable: wait for a wake-up (EventHub::kQueueKey) or idle_poll_ms.
// A claim is judged by Pipeline::Judge as a stored submission, through a
// ClaimedStore, with the lease kept alive by the LeaseKeeper; progress wakes the
// submission's listeners (EventHub). Then:
//   judged (a verdict, CE and JE included)  -> Complete: done
//   the judge failed (a Status)             -> Fail: failed, with the message
//   cancelled (stopping, or the claim lost) -> Release: queued again (a lost claim's
//                                              release is refused: the new owner has it)
// Every queue error is logged and the loop goes on after idle_poll_ms: a database
// that is down for a while stops the work, not the worker. So does a sandbox that
// cannot be made: the worker makes it again every idle_poll_ms (at least 100 ms) and
// claims nothing until it has one.
#ifndef JUDGE_SRC_SERVICE_QUEUE_WORKER_H_
#define JUDGE_SRC_SERVICE_QUEUE_WORKER_H_

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "event_hub.h"
#include "judge/config/language.h"
#include "judge/judging/pipeline.h"
#include "judge/store/job_queue.h"
#include "lease_keeper.h"
#include "problem_catalog.h"

namespace judge::service {

// Everything the workers of one process share. Borrowed pointers outlive the workers.
struct WorkerContext {
  JobQueue* queue = nullptr;
  ProblemCatalog* catalog = nullptr;
  std::vector<std::string> language_ids;  // the profiles this host can run
  EventHub* hub = nullptr;
  LeaseKeeper* keeper = nullptr;
  // The front end's context (languages, cache, scratch, sandboxes) and judge version;
  // each claim is judged with the claim's store and cancel flag in place of the context's.
  PipelineOptions pipeline;
  std::string name_prefix;                // worker names: "<prefix>/<index>"
  int64_t lease_ms = 30000;
  int64_t idle_poll_ms = 1000;
  bool run_all = false;
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const std::string&)> log;
};

// Runs worker `index` until *ctx.stop: blocking, on the calling thread.
void RunQueueWorker(const WorkerContext& ctx, int index);

// The ids of the profiles whose tools are installed here.
std::vector<std::string> AvailableLanguageIds(const LanguageSet& languages);

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_QUEUE_WORKER_H_
