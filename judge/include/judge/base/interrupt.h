// Turning SIGINT, SIGTERM, SIGHUP and SIGPIPE into a cancellation flag, so a judge
// that is told to stop stops its runs, removes its scratch, records its judgings as
// interrupted and exits 128 + the signal, instead of dying at once and leaving
// scratch and "running" judgings behind.
//
// One InterruptHandler at a time per process (it owns the signal dispositions while
// it lives and restores them when it goes). The flag is a lock-free atomic: the
// handler only stores to it. Thread-safe to read from any thread.
#ifndef JUDGE_BASE_INTERRUPT_H_
#define JUDGE_BASE_INTERRUPT_H_

#include <signal.h>

#include <atomic>

namespace judge {

class InterruptHandler {
 public:
  InterruptHandler();   // installs the handlers
  ~InterruptHandler();  // restores the previous dispositions
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;

  // Becomes true at the first of the signals; pass it as a cancel flag.
  const std::atomic<bool>* flag() const;
  // The signal that arrived first, or 0.
  int signal() const;
  // 128 + signal() (the shell's convention), or `otherwise` when none arrived.
  int ExitCode(int otherwise) const;

 private:
  struct sigaction saved_[4];
};

}  // namespace judge

#endif  // JUDGE_BASE_INTERRUPT_H_
