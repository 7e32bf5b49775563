#include "judge/sandbox_retry.h"

#include <chrono>
#include <string>
#include <thread>

namespace judge {

Result<RunResult> RetryingSandbox::Run(const RunSpec& spec) {
  int64_t pause_ms = pause_ms_;
  for (int attempt = 1;; ++attempt) {
    Result<RunResult> r = inner_->Run(spec);
    if (r.ok() || r.status().code() != StatusCode::kUnavailable) return r;
    if (attempt >= max_attempts_ || (spec.cancel && spec.cancel->load()))
      return r.status().WithContext("the run could not be started (" + std::to_string(attempt) +
                                    (attempt == 1 ? " attempt)" : " attempts)"));
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    pause_ms *= 2;
  }
}

}  // namespace judge
