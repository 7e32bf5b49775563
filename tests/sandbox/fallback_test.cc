// The no-cgroup fallback, for real (SandboxOptions::method = kNoCgroup): the same
// isolation, time from rusage + /proc polling, memory from polling, and every result
// says it was measured that way. Also: forcing a method this host lacks fails.
#include <signal.h>

#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

#define ASSERT_RAN(r) ASSERT_TRUE((r).ok()) << (r).status().message()

class Fallback : public SandboxTest {
 protected:
  SandboxMethod method() const override { return SandboxMethod::kNoCgroup; }
};

TEST_F(Fallback, ResultsSayHowTheyWereMeasured) {
  auto r = RunHostile("hello", {}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk);
  EXPECT_EQ(r->time_method, "rusage+proc-polling");
  EXPECT_NE(r->memory_method.find("proc-polling"), std::string::npos);
  EXPECT_NE(r->memory_method.find("warning"), std::string::npos);
  EXPECT_NE(r->message.find("no cgroups"), std::string::npos) << r->message;
}

TEST_F(Fallback, SpinnerIsTleNearTheLimit) {
  SandboxLimits l = Small();
  l.wall_time_ms = 3000;
  auto r = RunHostile("spin", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kTimeLimitExceeded);
  EXPECT_EQ(r->kill_reason, KillReason::kCpuTime);
  EXPECT_GE(r->cpu_ms, l.cpu_time_ms);
  EXPECT_LE(r->cpu_ms, l.cpu_time_ms + 100);
}

TEST_F(Fallback, ChildrenAndDaemonsAreCountedAndKilled) {
  SandboxLimits l = Small();
  l.wall_time_ms = 5000;
  l.max_processes = 8;
  auto r = RunHostile("setsid_daemons", {"4000"}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kTimeLimitExceeded);
  EXPECT_EQ(r->kill_reason, KillReason::kCpuTime);
}

TEST_F(Fallback, MemoryIsMeasuredFromResidentPages) {
  SandboxLimits l = Small();
  l.memory_kib = 256 * 1024;
  auto r = RunHostile("static_63mb", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_GE(r->memory_kib, 60 * 1024);
  EXPECT_LE(r->memory_kib, 70 * 1024);
  auto big = RunHostile("reserve_1g", {}, l);
  ASSERT_RAN(big);
  EXPECT_EQ(big->status, RunStatus::kOk) << "a reservation is not resident memory";
  EXPECT_LT(big->memory_kib, 20 * 1024);
}

TEST_F(Fallback, MemoryLimitIsEnforcedByPolling) {
  SandboxLimits l = Small();
  l.memory_kib = 128 * 1024;
  l.cpu_time_ms = 3000;
  l.wall_time_ms = 6000;
  auto r = RunHostile("pushback_forever", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kMemoryLimitExceeded) << r->message;
  EXPECT_EQ(r->kill_reason, KillReason::kMemory);
}

TEST_F(Fallback, IsolationDoesNotDependOnCgroups) {
  auto priv = RunHostile("privileged_calls", {}, Small());
  ASSERT_RAN(priv);
  EXPECT_EQ(priv->status, RunStatus::kOk) << Stderr();
  auto files = RunHostile("read_files", {root_ + "/secret.ans", root_ + "/judge.sqlite"}, Small());
  ASSERT_RAN(files);
  EXPECT_EQ(files->status, RunStatus::kOk) << Stderr();
  SandboxLimits l = Small();
  l.max_processes = 16;
  l.cpu_time_ms = 1000;
  l.wall_time_ms = 3000;
  auto bomb = RunHostile("fork_bomb", {}, l);
  ASSERT_RAN(bomb);
  // RLIMIT_NPROC refuses the forks; the bomb spins until its CPU limit.
  EXPECT_EQ(bomb->status, RunStatus::kTimeLimitExceeded) << bomb->message;
}

TEST_F(Fallback, OutputLimitStillHolds) {
  SandboxLimits l = Small();
  l.cpu_time_ms = 3000;
  l.wall_time_ms = 6000;
  auto r = RunHostile("putchar_forever", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOutputLimitExceeded);
}

TEST(ForcedMethod, CgroupV2IsRefusedWhereTheHostLacksIt) {
  SandboxOptions o = TestOptions(SandboxMethod::kCgroupV2);
  Result<std::unique_ptr<Sandbox>> sb = CreateSandbox(o);
  if (sb.ok()) GTEST_SKIP() << "this host has usable cgroup v2";
  EXPECT_EQ(sb.status().code(), StatusCode::kUnsupported);
  EXPECT_NE(sb.status().message().find("cgroup"), std::string::npos) << sb.status().message();
}

TEST(ForcedMethod, RequireCgroupsFailsInsteadOfFallingBack) {
  SandboxOptions o = TestOptions(SandboxMethod::kNoCgroup);
  o.require_cgroups = true;
  Result<std::unique_ptr<Sandbox>> sb = CreateSandbox(o);
  ASSERT_FALSE(sb.ok());
  EXPECT_EQ(sb.status().code(), StatusCode::kUnsupported);
}

}  // namespace
}  // namespace judge::testing
