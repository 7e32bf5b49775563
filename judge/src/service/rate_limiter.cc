#include "rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace judge::service {

RateLimiter::RateLimiter(double per_second, double burst, Clock* clock)
    : per_second_(per_second), burst_(std::max(1.0, burst)), clock_(clock) {}

bool RateLimiter::Allow(const std::string& client, int64_t* retry_after_ms) {
  if (per_second_ <= 0) return true;
  const int64_t now = clock_->NowSteadyMs();
  std::lock_guard<std::mutex> lock(mu_);
  DropIdle(now);
  auto [it, fresh] = buckets_.try_emplace(client);
  Bucket& b = it->second;
  if (fresh) {
    b.tokens = burst_;
  } else {
    b.tokens = std::min(burst_, b.tokens + static_cast<double>(now - b.updated_ms) * per_second_ / 1000.0);
  }
  b.updated_ms = now;
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return true;
  }
  *retry_after_ms = static_cast<int64_t>(std::ceil((1.0 - b.tokens) * 1000.0 / per_second_));
  return false;
}

void RateLimiter::DropIdle(int64_t now_ms) {
  // A bucket idle for the time it takes to refill completely is the same as none.
  const auto full_after_ms = static_cast<int64_t>(std::ceil(burst_ * 1000.0 / per_second_));
  if (now_ms - last_sweep_ms_ < std::max<int64_t>(full_after_ms, 1000)) return;
  last_sweep_ms_ = now_ms;
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    if (now_ms - it->second.updated_ms >= full_after_ms) it = buckets_.erase(it);
    else ++it;
  }
}

}  // namespace judge::service
