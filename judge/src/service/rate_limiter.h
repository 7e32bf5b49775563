// A request-rate limit per client (a token's name, or an address when there are no
// tokens): a token bucket that holds `burst` requests and refills at
// `per_second` requests a second. A request that finds the bucket empty is refused
// (429) and told when to come back.
//
// Time comes from the Clock (steady milliseconds), so the tests move it instead of
// waiting. Thread-safe. Memory: one small entry per client seen; entries idle long
// enough to be full again are dropped.
#ifndef JUDGE_SRC_SERVICE_RATE_LIMITER_H_
#define JUDGE_SRC_SERVICE_RATE_LIMITER_H_

#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "judge/base/clock.h"

namespace judge::service {

class RateLimiter {
 public:
  // per_second <= 0: no limit. clock is borrowed.
  RateLimiter(double per_second, double burst, Clock* clock);

  // True when the client may make a request now (one is taken from its bucket); else
  // false and *retry_after_ms says when one will be there.
  bool Allow(const std::string& client, int64_t* retry_after_ms);

 private:
  struct Bucket {
    double tokens = 0;
    int64_t updated_ms = 0;
  };
  void DropIdle(int64_t now_ms);

  const double per_second_;
  const double burst_;
  Clock* clock_;
  std::mutex mu_;
  std::map<std::string, Bucket> buckets_;
  int64_t last_sweep_ms_ = 0;
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_RATE_LIMITER_H_
