#include "judge/grading/sandbox_retry.h"

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <utility>

namespace judge {

namespace {

// run(spec) until it is not kUnavailable, at most max_attempts times, pausing pause_ms
// before the second attempt and twice as long before each later one.
template <typename RunFn>
Result<RunResult> RunWithRetries(const RunSpec& spec, int max_attempts, int64_t pause_ms, RunFn run) {
  for (int attempt = 1;; ++attempt) {
    Result<RunResult> r = run(spec);
    if (r.ok() || r.status().code() != StatusCode::kUnavailable) return r;
    if (attempt >= max_attempts || (spec.cancel && spec.cancel->load()))
      return r.status().WithContext("the run could not be started (" + std::to_string(attempt) +
                                    (attempt == 1 ? " attempt)" : " attempts)"));
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    pause_ms *= 2;
  }
}

class RetryingSession final : public SandboxSession {
 public:
  RetryingSession(std::unique_ptr<SandboxSession> inner, int max_attempts, int64_t pause_ms)
      : inner_(std::move(inner)), max_attempts_(max_attempts), pause_ms_(pause_ms) {}
  Result<RunResult> Run(const RunSpec& spec) override {
    return RunWithRetries(spec, max_attempts_, pause_ms_, [this](const RunSpec& s) { return inner_->Run(s); });
  }

 private:
  std::unique_ptr<SandboxSession> inner_;
  int max_attempts_;
  int64_t pause_ms_;
};

}  // namespace

Result<RunResult> RetryingSandbox::Run(const RunSpec& spec) {
  return RunWithRetries(spec, max_attempts_, pause_ms_, [this](const RunSpec& s) { return inner_->Run(s); });
}

std::unique_ptr<SandboxSession> RetryingSandbox::OpenSession() {
  return std::make_unique<RetryingSession>(inner_->OpenSession(), max_attempts_, pause_ms_);
}

}  // namespace judge
