// Runs of one submission that may share the host, and the runs that must have it to
// themselves (internal to grading; test_runner.cc).
//
// The tests of a submission run several at once (parallel_tests.h); a run stopped by
// the wall clock with its CPU time under the limit is judged again alone, so that its
// second attempt does not compete with its own submission's other tests. Shared holds
// are the ordinary runs; an exclusive hold waits for them to end and keeps new ones
// waiting until it is released (a waiting exclusive hold goes first, so a stream of
// ordinary runs cannot starve it).
//
// Thread-safe. A thread must not ask for a hold while it has one.
#ifndef JUDGE_SRC_GRADING_RUN_GATE_H_
#define JUDGE_SRC_GRADING_RUN_GATE_H_

#include <condition_variable>
#include <mutex>

namespace judge {

class RunGate {
 public:
  // A hold for the lifetime of the object (RAII).
  class Hold {
   public:
    Hold(RunGate& gate, bool alone) : gate_(gate), alone_(alone) { gate_.Enter(alone_); }
    ~Hold() { gate_.Leave(alone_); }
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;

   private:
    RunGate& gate_;
    bool alone_;
  };

 private:
  void Enter(bool alone) {
    std::unique_lock<std::mutex> lock(mu_);
    if (alone) {
      ++alone_waiting_;
      cv_.wait(lock, [&] { return shared_ == 0 && !alone_running_; });
      --alone_waiting_;
      alone_running_ = true;
    } else {
      cv_.wait(lock, [&] { return alone_waiting_ == 0 && !alone_running_; });
      ++shared_;
    }
  }
  void Leave(bool alone) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (alone) alone_running_ = false;
      else --shared_;
    }
    cv_.notify_all();
  }

  std::mutex mu_;
  std::condition_variable cv_;
  int shared_ = 0;         // ordinary runs going on
  int alone_waiting_ = 0;  // exclusive holds asked for
  bool alone_running_ = false;
};

}  // namespace judge

#endif  // JUDGE_SRC_GRADING_RUN_GATE_H_
