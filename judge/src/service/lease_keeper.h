// Keeps the leases of a worker process's claims alive: one thread renews every held
// claim every lease_ms / 3, so a claim survives two failed renewals in a row (a
// database that blinks) and expires soon after its process dies. A claim found lost
// (taken over, rejudged) has its cancel flag set: the pipeline then stops its runs
// and the worker drops the claim. CancelAll sets every flag (shutdown).
//
// Thread-safe. The queue is borrowed and must outlive the keeper; each flag must
// outlive its Hold.
#ifndef JUDGE_SRC_SERVICE_LEASE_KEEPER_H_
#define JUDGE_SRC_SERVICE_LEASE_KEEPER_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "judge/store/job_queue.h"

namespace judge::service {

class LeaseKeeper {
 public:
  LeaseKeeper(JobQueue* queue, int64_t lease_ms, std::function<void(const std::string&)> log);
  ~LeaseKeeper();  // stops and joins the thread
  LeaseKeeper(const LeaseKeeper&) = delete;
  LeaseKeeper& operator=(const LeaseKeeper&) = delete;

  // Renews `claim` while the returned object lives; sets *cancel when the claim is
  // lost or CancelAll is called.
  class Hold {
   public:
    ~Hold();
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    friend class LeaseKeeper;
    Hold(LeaseKeeper* keeper, uint64_t id) : keeper_(keeper), id_(id) {}
    LeaseKeeper* keeper_;
    uint64_t id_;
  };
  std::unique_ptr<Hold> Keep(const Claim& claim, std::atomic<bool>* cancel);

  // Sets the cancel flag of every claim held now or later (the process is stopping).
  void CancelAll();

 private:
  struct Held {
    Claim claim;
    std::atomic<bool>* cancel;
  };
  void Loop();
  void RenewAll();

  JobQueue* queue_;
  const int64_t lease_ms_;
  std::function<void(const std::string&)> log_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<uint64_t, Held> held_;
  uint64_t next_id_ = 1;
  bool stopping_ = false;
  bool cancelled_ = false;
  std::thread thread_;
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_LEASE_KEEPER_H_
