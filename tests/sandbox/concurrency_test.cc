// Concurrent first runs: several threads of one judge start runs at the same moment on
// a fresh sandbox, so each slot's first run sets up its namespaces concurrently. This
// once deadlocked (each holder child of a network namespace inherited the other
// thread's pipe): the test fails by ctest's timeout if it comes back.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "judge/sandbox/sandbox.h"
#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

TEST(SandboxConcurrencyTest, FreshSandboxFirstRunsFromSeveralThreadsAllComplete) {
  const std::string root = "/tmp/judge-sbx-concurrency-" + std::to_string(::getpid());
  for (int round = 0; round < 60; ++round) {
    Result<std::unique_ptr<Sandbox>> made = CreateSandbox(TestOptions());
    ASSERT_TRUE(made.ok()) << made.status().message();
    Sandbox& sandbox = **made;
    constexpr int kThreads = kTestSlots;
    std::atomic<int> waiting{kThreads};  // start barrier: widen the race
    std::vector<Result<RunResult>> results(kThreads, Status::Internal("not run"));
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      std::string dir = root + "/r" + std::to_string(round) + "t" + std::to_string(t);
      std::filesystem::create_directories(dir);
      std::filesystem::copy_file(std::string(HOSTILE_DIR) + "/hello", dir + "/hello",
                                 std::filesystem::copy_options::overwrite_existing);
      threads.emplace_back([&results, &sandbox, &waiting, dir, t] {
        waiting.fetch_sub(1);
        while (waiting.load() > 0) std::this_thread::yield();
        RunSpec spec;
        spec.argv = {"./hello"};
        spec.work_dir = dir;
        spec.stdout_path = dir + ".out";
        spec.limits.cpu_time_ms = 1000;
        spec.limits.wall_time_ms = 5000;
        results[t] = sandbox.Run(spec);
      });
    }
    for (auto& th : threads) th.join();
    for (int t = 0; t < kThreads; ++t) {
      ASSERT_TRUE(results[t].ok()) << "round " << round << " thread " << t << ": "
                                   << results[t].status().message();
      EXPECT_EQ(results[t]->status, RunStatus::kOk) << results[t]->message;
      std::string out = ReadAll(root + "/r" + std::to_string(round) + "t" + std::to_string(t) + ".out");
      EXPECT_FALSE(out.empty()) << "round " << round << " thread " << t;
    }
  }
  std::error_code ec;
  std::filesystem::remove_all(root, ec);
}

}  // namespace
}  // namespace judge::testing
