#include "judge/base/interrupt.h"

#include <cstring>

namespace judge {
namespace {

constexpr int kSignals[4] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "a signal handler may only touch lock-free atomics");

void OnSignal(int sig) {
  int none = 0;
  g_signal.compare_exchange_strong(none, sig);
  g_interrupted.store(true);
}

}  // namespace

InterruptHandler::InterruptHandler() {
  g_interrupted = false;
  g_signal = 0;
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = OnSignal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // reads and writes go on; the flag is polled
  for (int i = 0; i < 4; ++i) sigaction(kSignals[i], &sa, &saved_[i]);
}

InterruptHandler::~InterruptHandler() {
  for (int i = 0; i < 4; ++i) sigaction(kSignals[i], &saved_[i], nullptr);
}

const std::atomic<bool>* InterruptHandler::flag() const { return &g_interrupted; }

int InterruptHandler::signal() const { return g_signal.load(); }

int InterruptHandler::ExitCode(int otherwise) const {
  int sig = g_signal.load();
  return sig ? 128 + sig : otherwise;
}

}  // namespace judge
