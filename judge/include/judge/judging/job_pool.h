// The one pool of worker threads in the judge: every front end that judges several
// things at once (grade --jobs, verify, the server's workers) runs them here, so
// there is one place that starts, stops and joins threads.
#ifndef JUDGE_JOB_POOL_H_
#define JUDGE_JOB_POOL_H_

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

namespace judge {

// The CPUs this process may run on (sched_getaffinity; at least 1). Thread-safe.
int HostCores();

// How many programs a front end runs at once when `asked` were asked for (--jobs, the
// service's workers): at most HostCores(), since programs beyond the cores only wait
// for one another and their wall clocks run on. When it clamps, *note (may be null)
// says so in one line naming `what` ("--jobs"), else it is left alone. Thread-safe.
int ClampToHostCores(int asked, const std::string& what, std::string* note);

// Runs worker(0) .. worker(n - 1) at once, worker(0) on the calling thread, and
// returns when all have returned. n < 1 runs one worker. `worker` must be
// thread-safe; it must not throw.
void RunWorkers(int n, const std::function<void(int worker)>& worker);

// Hands out the indices 0 .. count - 1 to `workers` workers, in order, each index to
// one worker: fn(worker, index). Stops handing out indices once *cancel is true
// (may be null). Returns when every handed-out index is done.
void ForEachIndex(int workers, std::size_t count, const std::atomic<bool>* cancel,
                  const std::function<void(int worker, std::size_t index)>& fn);

}  // namespace judge

#endif  // JUDGE_JOB_POOL_H_
