#include "judge/judging/job_pool.h"

#include <sched.h>

#include <algorithm>
#include <thread>
#include <vector>

namespace judge {

int HostCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

int ClampToHostCores(int asked, const std::string& what, std::string* note) {
  const int cores = HostCores();
  if (asked <= cores) return asked;
  if (note)
    *note = what + " " + std::to_string(asked) + " is more than this host's " + std::to_string(cores) +
            (cores == 1 ? " core" : " cores") + ": running " + std::to_string(cores) + " at once";
  return cores;
}

void RunWorkers(int n, const std::function<void(int worker)>& worker) {
  std::vector<std::thread> threads;
  for (int w = 1; w < n; ++w) threads.emplace_back(worker, w);
  worker(0);
  for (auto& t : threads) t.join();
}

void ForEachIndex(int workers, std::size_t count, const std::atomic<bool>* cancel,
                  const std::function<void(int worker, std::size_t index)>& fn) {
  std::atomic<std::size_t> next{0};
  int n = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(workers, 1)), std::max<std::size_t>(count, 1)));
  RunWorkers(n, [&](int worker) {
    for (;;) {
      if (cancel && cancel->load()) return;
      std::size_t i = next++;
      if (i >= count) return;
      fn(worker, i);
    }
  });
}

}  // namespace judge
