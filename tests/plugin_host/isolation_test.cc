// Isolated plugin calls of misbehaving plugins: each failure is a Status naming the
// plugin and what happened, within bounded time, the test process survives, and the
// next call of the same caller works.
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "judge/plugin/plugin_host.h"
#include "test_plugins.h"

namespace judge {
namespace {

using testing::TestPlugin;
using Clock = std::chrono::steady_clock;

#ifdef JUDGE_SANITIZE_BUILD
constexpr int64_t kSlack = 3;  // sanitizers slow everything down
#else
constexpr int64_t kSlack = 1;
#endif

PluginCallLimits TestLimits() {
  PluginCallLimits limits;
  limits.cpu_time_ms = 1000;
  limits.wall_time_ms = 4000 * kSlack;
  limits.memory_kib = 64 * 1024;
  return limits;
}

class IsolationTest : public ::testing::Test {
 protected:
  void SetUp() override { Load(TestLimits()); }
  void Load(PluginCallLimits limits) {
    auto r = LoadPluginIsolated(TestPlugin("test-hostile"), "test-hostile", limits);
    ASSERT_TRUE(r.ok()) << r.status().message();
    plugin_ = std::move(*r);
  }
  std::string Prefix(const char* op) const {
    return "plugin 'test-hostile' (" + TestPlugin("test-hostile") + "): " + op;
  }
  // The caller still works after whatever happened before.
  void ExpectGoodCallWorks() {
    auto check = plugin_->Check("fine", "out", "ans", "");
    ASSERT_TRUE(check.ok()) << check.status().message();
    EXPECT_EQ(check->verdict, CheckVerdict::kAccepted);
    EXPECT_EQ(check->message, "fine");
  }
  static int64_t MsSince(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
  }
  std::unique_ptr<PluginCaller> plugin_;
};

TEST_F(IsolationTest, SegfaultIsReportedBySignalName) {
  auto r = plugin_->Check("segv", "", "", "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInternal);
  EXPECT_EQ(r.status().message(), Prefix("check") + " killed by signal 11 (SIGSEGV)");
  ExpectGoodCallWorks();
}

TEST_F(IsolationTest, EveryCallbackIsIsolated) {
  auto solve = plugin_->Solve("segv");
  ASSERT_FALSE(solve.ok());
  EXPECT_EQ(solve.status().message(), Prefix("solve") + " killed by signal 11 (SIGSEGV)");
  auto validate = plugin_->Validate("abort");
  ASSERT_FALSE(validate.ok());
  EXPECT_EQ(validate.status().message(), Prefix("validate") + " killed by signal 6 (SIGABRT)");
  auto generate = plugin_->Generate(1, "mode=segv\n");
  ASSERT_FALSE(generate.ok());
  EXPECT_EQ(generate.status().message(), Prefix("generate") + " killed by signal 11 (SIGSEGV)");
  auto good = plugin_->Generate(1, "");
  ASSERT_TRUE(good.ok()) << good.status().message();
  EXPECT_EQ(good->output, "1 2\n");
}

TEST_F(IsolationTest, AbortIsReported) {
  auto r = plugin_->Check("abort", "", "", "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), Prefix("check") + " killed by signal 6 (SIGABRT)");
  ExpectGoodCallWorks();
}

TEST_F(IsolationTest, ThrowThroughTheSdkIsAFailureWithTheMessage) {
  auto r = plugin_->Check("throw", "", "", "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), Prefix("check") + " failed: plugin threw: boom from the hostile plugin");
  ExpectGoodCallWorks();
}

TEST_F(IsolationTest, RawPluginThatTerminatesIsReportedAsAbort) {
  auto r = LoadPluginIsolated(TestPlugin("test-raw-terminate"), "test-raw-terminate", TestLimits());
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto check = (*r)->Check("x", "", "", "");
  ASSERT_FALSE(check.ok());
  EXPECT_EQ(check.status().message(), "plugin 'test-raw-terminate' (" + TestPlugin("test-raw-terminate") +
                                          "): check killed by signal 6 (SIGABRT)");
  auto solve = (*r)->Solve("x");
  ASSERT_TRUE(solve.ok()) << solve.status().message();
  EXPECT_EQ(solve->output, "raw\n");
}

TEST_F(IsolationTest, InfiniteLoopIsKilledAtTheCpuLimit) {
  // A generous wall deadline: on a loaded machine 1 s of CPU takes several seconds.
  PluginCallLimits limits = TestLimits();
  limits.wall_time_ms = 60000;
  Load(limits);
  auto start = Clock::now();
  auto r = plugin_->Check("loop", "", "", "");
  int64_t elapsed = MsSince(start);
  ASSERT_FALSE(r.ok());
  // Stopped by the watch at the limit, by the child's own CPU clock: never under the
  // limit (the kernel's RLIMIT_CPU clock can run ahead of it on a busy host), and
  // within a few poll ticks past it.
  const std::string head = Prefix("check") + " exceeded its CPU limit of 1000 ms (killed at ";
  ASSERT_EQ(r.status().message().rfind(head, 0), 0u) << r.status().message();
  const int64_t cpu_ms = std::stoll(r.status().message().substr(head.size()));
  EXPECT_GE(cpu_ms, 1000) << r.status().message();
  EXPECT_LT(cpu_ms, 1000 + 300 * kSlack) << r.status().message();
  EXPECT_LT(elapsed, limits.wall_time_ms) << r.status().message();
  ExpectGoodCallWorks();
}

// SIGXCPU is the CPU limit's signal only with the CPU time over the limit: a plugin
// that raises it at once is killed by a signal, not by its CPU limit.
TEST_F(IsolationTest, SigxcpuUnderTheCpuLimitIsReportedAsTheSignal) {
  auto r = plugin_->Check("xcpu", "", "", "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), Prefix("check") + " killed by signal 24 (SIGXCPU)");
  ExpectGoodCallWorks();
}

TEST_F(IsolationTest, HangWithoutCpuIsKilledAtTheWallDeadline) {
  PluginCallLimits limits = TestLimits();
  limits.wall_time_ms = 300;
  Load(limits);
  auto start = Clock::now();
  auto r = plugin_->Check("hang", "", "", "");
  int64_t elapsed = MsSince(start);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().rfind(Prefix("check") + " timed out: no result after 300 ms wall time (killed", 0),
            0u)
      << r.status().message();
  EXPECT_GE(elapsed, 300);
  EXPECT_LT(elapsed, 2000 * kSlack);
  ExpectGoodCallWorks();
}

TEST_F(IsolationTest, EndlessAllocationIsStoppedAtTheMemoryLimit) {
  auto start = Clock::now();
  auto r = plugin_->Check("alloc", "", "", "");
  int64_t elapsed = MsSince(start);
  ASSERT_FALSE(r.ok());
  const std::string& m = r.status().message();
  // RLIMIT_AS makes new throw (the SDK reports it); under ASan, which cannot run with
  // RLIMIT_AS, the parent's RSS watch kills the child.
#ifdef JUDGE_SANITIZE_BUILD
  EXPECT_EQ(m.rfind(Prefix("check") + " exceeded its memory limit of 65536 KiB (killed at ", 0), 0u) << m;
#else
  EXPECT_EQ(m, Prefix("check") + " failed: plugin ran out of memory (std::bad_alloc)");
#endif
  EXPECT_LT(elapsed, TestLimits().wall_time_ms) << m;
  ExpectGoodCallWorks();
}

TEST_F(IsolationTest, ExitInTheMiddleOfACallIsReported) {
  auto r = plugin_->Check("exit", "", "", "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), Prefix("check") + ": the plugin called exit(0) in the middle of the call");
  ExpectGoodCallWorks();
}

// Runs body with this process's stdout sent to a temporary file; returns the file's
// content afterwards.
template <typename Body>
std::string CaptureStdout(Body body) {
  std::fflush(stdout);
  char path[] = "/tmp/judge-isolation-stdout-XXXXXX";
  int fd = ::mkstemp(path);
  EXPECT_GE(fd, 0);
  int saved = ::dup(STDOUT_FILENO);
  ::dup2(fd, STDOUT_FILENO);
  body();
  std::fflush(stdout);
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  std::string content;
  ::lseek(fd, 0, SEEK_SET);
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof(buf))) > 0) content.append(buf, static_cast<size_t>(n));
  ::close(fd);
  ::unlink(path);
  return content;
}

TEST_F(IsolationTest, PluginPrintsNeverReachTheJudgesStdout) {
  Result<PluginOutput> r = PluginOutput();
  std::string out = CaptureStdout([&] { r = plugin_->Solve("print"); });
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->output, "ok\n");
  EXPECT_EQ(out, "");
}

TEST_F(IsolationTest, ExitInTheChildDoesNotRepeatTheJudgesBufferedOutput) {
  Result<CheckOutcome> r = CheckOutcome();
  std::string out = CaptureStdout([&] {
    std::printf("pending-");  // buffered: stdout is a file here
    r = plugin_->Check("exit", "", "", "");
  });
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(out, "pending-");
}

TEST_F(IsolationTest, OutputBeyondTheCapIsAnError) {
  PluginCallLimits limits = TestLimits();
  limits.max_output_bytes = 1 << 20;
  Load(limits);
  auto fits = plugin_->Solve("big:1048576");
  ASSERT_TRUE(fits.ok()) << fits.status().message();
  EXPECT_EQ(fits->output.size(), 1u << 20);
  EXPECT_EQ(fits->output.find_first_not_of('x'), std::string::npos);
  auto over = plugin_->Solve("big:1048577");
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().message(), Prefix("solve") + ": expected at most 1048576 bytes of output, found more");
  auto generated = plugin_->Generate(1, "mode=big:3000000\n");
  ASSERT_FALSE(generated.ok());
  EXPECT_EQ(generated.status().message(),
            Prefix("generate") + ": expected at most 1048576 bytes of output, found more");
}

TEST_F(IsolationTest, LargeInputsAndOutputsCrossIntact) {
  std::string big_output(8 << 20, 'y');
  auto r = plugin_->Check("fine", big_output, "", "");
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto big = plugin_->Solve("big:20000000");
  ASSERT_TRUE(big.ok()) << big.status().message();
  EXPECT_EQ(big->output.size(), 20000000u);
}

int CountOpenFds() {
  int n = 0;
  DIR* d = ::opendir("/proc/self/fd");
  while (dirent* e = ::readdir(d)) n += e->d_name[0] != '.';
  ::closedir(d);
  return n;
}

TEST_F(IsolationTest, NoFileDescriptorLeaks) {
  PluginCallLimits limits = TestLimits();
  limits.wall_time_ms = 100;
  Load(limits);
  int before = CountOpenFds();
  for (const char* what : {"fine", "segv", "abort", "throw", "exit", "hang", "fine"})
    for (int i = 0; i < 3; ++i) (void)plugin_->Check(what, "", "", "");
  EXPECT_EQ(CountOpenFds(), before);
}

TEST_F(IsolationTest, ConcurrentCallsGetTheirOwnResults) {
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 15; ++i) {
        bool crash = (i + t) % 3 == 0;
        auto r = plugin_->Check(crash ? "segv" : "fine", "", "", "");
        if (crash) {
          if (r.ok() || r.status().message() != Prefix("check") + " killed by signal 11 (SIGSEGV)") ++wrong;
        } else {
          if (!r.ok() || r->verdict != CheckVerdict::kAccepted || r->message != "fine") ++wrong;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(IsolationLimitsTest, NonPositiveLimitsAreRejected) {
  PluginCallLimits limits;
  limits.wall_time_ms = 0;
  auto r = LoadPluginIsolated(TestPlugin("test-sum"), "test-sum", limits);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("found 10000, 0, 1048576"), std::string::npos) << r.status().message();
}

}  // namespace
}  // namespace judge
