// The one worker pool: every index once, the calling thread works too, cancellation
// stops handing out work.
#include "judge/judging/job_pool.h"

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(JobPool, EveryIndexExactlyOnceAcrossWorkers) {
  std::mutex mu;
  std::vector<int> seen(1000, 0);
  std::set<int> workers;
  ForEachIndex(4, seen.size(), nullptr, [&](int worker, std::size_t i) {
    std::lock_guard<std::mutex> lock(mu);
    ++seen[i];
    workers.insert(worker);
  });
  for (int n : seen) ASSERT_EQ(n, 1);
  EXPECT_LE(workers.size(), 4u);
}

TEST(JobPool, NoMoreWorkersThanItemsAndTheCallerIsWorkerZero) {
  std::mutex mu;
  std::set<std::thread::id> threads;
  ForEachIndex(8, 1, nullptr, [&](int worker, std::size_t) {
    std::lock_guard<std::mutex> lock(mu);
    threads.insert(std::this_thread::get_id());
    EXPECT_EQ(worker, 0);
  });
  EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()});
  int calls = 0;
  ForEachIndex(3, 0, nullptr, [&](int, std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(JobPool, CancellationStopsHandingOutIndices) {
  std::atomic<bool> cancel{false};
  std::atomic<int> done{0};
  ForEachIndex(1, 100, &cancel, [&](int, std::size_t i) {
    ++done;
    if (i == 9) cancel = true;
  });
  EXPECT_EQ(done.load(), 10);
}

TEST(JobPool, RunWorkersRunsEachWorkerOnItsOwnThread) {
  std::mutex mu;
  std::set<std::thread::id> threads;
  std::set<int> ids;
  RunWorkers(3, [&](int w) {
    std::lock_guard<std::mutex> lock(mu);
    threads.insert(std::this_thread::get_id());
    ids.insert(w);
  });
  EXPECT_EQ(threads.size(), 3u);
  EXPECT_EQ(ids, (std::set<int>{0, 1, 2}));
}

}  // namespace
}  // namespace judge
