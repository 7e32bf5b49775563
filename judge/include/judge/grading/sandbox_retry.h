// A sandbox that tries a run again when the judge's own sandbox could not take it.
//
// A run the sandbox did not start (Status kUnavailable: the slot's keeper process had
// ended between two runs of this judge process, e.g. after its idle time, or was not
// this build's) is the judge's fault and says nothing about the submission; without a retry
// the whole judging would end as failed (JE). RetryingSandbox runs the same spec again,
// after a short pause, up to max_attempts times in all; any other outcome (a result, or
// another error) is returned as it is. Safe because a kUnavailable run never started:
// nothing of the spec (output files, lent descriptors, the work directory) was used.
//
// Thread-safe when the wrapped sandbox is.
#ifndef JUDGE_SANDBOX_RETRY_H_
#define JUDGE_SANDBOX_RETRY_H_

#include <cstdint>

#include "judge/base/status.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

// Attempts per run the pipeline makes (the first and two more).
inline constexpr int kSandboxRunAttempts = 3;

class RetryingSandbox : public Sandbox {
 public:
  // inner is borrowed and must outlive this; max_attempts >= 1; pause_ms is the wait
  // before the second attempt, doubled before each later one.
  RetryingSandbox(Sandbox* inner, int max_attempts = kSandboxRunAttempts, int64_t pause_ms = 20)
      : inner_(inner), max_attempts_(max_attempts < 1 ? 1 : max_attempts), pause_ms_(pause_ms) {}

  // The inner sandbox's result; when every attempt was kUnavailable, the last error,
  // saying how many attempts were made. A cancelled run (spec.cancel set) is not tried
  // again.
  Result<RunResult> Run(const RunSpec& spec) override;
  // The inner sandbox's session, each of its runs tried again as Run() tries them (a
  // run the keeper never received started nothing, so the session's next attempt
  // gets a fresh prepared sandbox).
  std::unique_ptr<SandboxSession> OpenSession() override;

 private:
  Sandbox* inner_;
  int max_attempts_;
  int64_t pause_ms_;
};

}  // namespace judge

#endif  // JUDGE_SANDBOX_RETRY_H_
