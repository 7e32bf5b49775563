// The workers of one process, started and stopped together: N threads running
// RunQueueWorker on the job pool (job_pool.h), one LeaseKeeper for their claims, and
// a periodic check of the problem packages (ProblemCatalog::Reload).
//
// Stop() (and the destructor) cancels the running judgings (they go back to the
// queue), wakes the idle workers and joins every thread. Start and Stop are called
// from the owner's thread. Borrowed pointers in the context outlive the host.
#ifndef JUDGE_SRC_SERVICE_WORKER_HOST_H_
#define JUDGE_SRC_SERVICE_WORKER_HOST_H_

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "lease_keeper.h"
#include "queue_worker.h"

namespace judge::service {

class WorkerHost {
 public:
  // ctx.keeper and ctx.stop are set by the host; workers: threads to run (0: none,
  // only the package checks).
  WorkerHost(WorkerContext ctx, int workers, int64_t reload_check_ms);
  ~WorkerHost();
  WorkerHost(const WorkerHost&) = delete;
  WorkerHost& operator=(const WorkerHost&) = delete;

  void Start();
  void Stop();

 private:
  void ReloadLoop();

  WorkerContext ctx_;
  const int workers_;
  const int64_t reload_check_ms_;
  std::atomic<bool> stop_{false};
  std::unique_ptr<LeaseKeeper> keeper_;
  std::thread pool_thread_;
  std::thread reload_thread_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool started_ = false;
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_WORKER_HOST_H_
