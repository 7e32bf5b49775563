#include "judge/base/clock.h"

#include <chrono>

namespace judge {
namespace {

class RealClock final : public Clock {
 public:
  int64_t NowUnixMs() override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
  int64_t NowSteadyMs() override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
  }
};

}  // namespace

Clock* SystemClock() {
  static RealClock clock;
  return &clock;
}

}  // namespace judge
