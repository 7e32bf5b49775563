// Closes its output at once, then crashes a moment later. The interactor must not see
// end-of-file (and say WA) before the submission has ended: RE. Without the judge's
// hold on the submission's output, the interactor says WA 300 ms before the crash.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

int main() {
  std::fclose(stdout);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  std::abort();
}
