#include "judge/base/clock.h"

#include <time.h>

#include <chrono>

namespace judge {
namespace {

class RealClock final : public Clock {
 public:
  int64_t NowUnixMs() override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
  int64_t NowSteadyMs() override { return MonotonicNs() / 1000000; }
};

}  // namespace

int64_t MonotonicNs() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

Clock* SystemClock() {
  static RealClock clock;
  return &clock;
}

}  // namespace judge
