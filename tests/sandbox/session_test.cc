// A sandbox session (SandboxSession): the runs of one submission share one prepared
// sandbox, and a run never finds what an earlier run of the session left. Each
// "leave" run below leaves one kind of trace (tests/sandbox/hostile/session_traces.c),
// the session's next run looks for it; both print their namespaces, which must be
// the same (the second run really reused the session's init: otherwise the test would
// prove nothing). Each of these tests failed with its part of the reset switched off.
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <tuple>

#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

#define ASSERT_RAN(r) ASSERT_TRUE((r).ok()) << (r).status().message()

class Session : public SandboxTest {
 protected:
  // Not below /tmp: a work directory there has its mount point in the run's /tmp.
  std::string root_parent() const override { return "/var/tmp"; }
  static SandboxLimits Limits() {
    SandboxLimits l = Small();
    l.max_processes = 4;
    l.memory_kib = 128 * 1024;
    return l;
  }
  // The namespaces the last run printed (its first line).
  std::string Namespaces() {
    std::string out = Stdout();
    return out.substr(0, out.find('\n'));
  }
};

// A kind of trace, with the cgroup method the host has or without cgroups (where the
// init's kill is all that stops a process the run left).
class SessionTrace : public Session,
                     public ::testing::WithParamInterface<std::tuple<const char*, SandboxMethod>> {
 protected:
  SandboxMethod method() const override { return std::get<1>(GetParam()); }
};

TEST_P(SessionTrace, TheNextRunOfTheSessionFindsNothingOfIt) {
  const char* kind = std::get<0>(GetParam());
  std::unique_ptr<SandboxSession> session = sandbox().OpenSession();
  auto leave = RunHostileInSession(*session, "session_traces", {"leave", kind}, Limits());
  ASSERT_RAN(leave);
  EXPECT_EQ(leave->status, RunStatus::kOk) << leave->message << Stderr();
  const std::string first = Namespaces();
  ASSERT_NE(first.find("pid:["), std::string::npos) << first;
  auto find = RunHostileInSession(*session, "session_traces", {"find", kind}, Limits());
  ASSERT_RAN(find);
  EXPECT_EQ(Namespaces(), first) << "the second run did not reuse the session's sandbox";
  EXPECT_EQ(find->status, RunStatus::kOk) << find->message << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
}

INSTANTIATE_TEST_SUITE_P(EveryKind, SessionTrace,
                         ::testing::Combine(::testing::Values("work", "tmp", "shm", "sysv", "child"),
                                            ::testing::Values(SandboxMethod::kAuto, SandboxMethod::kNoCgroup)),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param)) +
                                  (std::get<1>(info.param) == SandboxMethod::kNoCgroup ? "_NoCgroup" : "");
                         });

TEST_F(Session, CountersAndPeaksAreEachRunsOwn) {
  std::unique_ptr<SandboxSession> session = sandbox().OpenSession();
  auto big = RunHostileInSession(*session, "session_traces", {"leave", "peak"}, Limits());
  ASSERT_RAN(big);
  ASSERT_EQ(big->status, RunStatus::kOk) << big->message;
  EXPECT_GE(big->memory_kib, 40 * 1024);
  EXPECT_GE(big->cpu_ms, 190);
  const std::string first = Namespaces();
  auto small = RunHostileInSession(*session, "session_traces", {"find", "peak"}, Limits());
  ASSERT_RAN(small);
  EXPECT_EQ(Namespaces(), first);
  EXPECT_EQ(small->status, RunStatus::kOk) << small->message;
  EXPECT_LT(small->memory_kib, 8 * 1024);
  EXPECT_LT(small->cpu_ms, 50);
}

TEST_F(Session, ARunKilledAtItsLimitLeavesNothingForTheNext) {
  std::unique_ptr<SandboxSession> session = sandbox().OpenSession();
  SandboxLimits l = Limits();
  auto spin = RunHostileInSession(*session, "fork_spin", {}, l);
  ASSERT_RAN(spin);
  EXPECT_EQ(spin->status, RunStatus::kTimeLimitExceeded) << spin->message;
  auto find = RunHostileInSession(*session, "session_traces", {"find", "child"}, l);
  ASSERT_RAN(find);
  EXPECT_EQ(find->status, RunStatus::kOk) << find->message << Stderr();
  EXPECT_LT(find->cpu_ms, 50);
}

TEST_F(Session, AnotherSessionAndARunOnItsOwnGetFreshNamespaces) {
  std::unique_ptr<SandboxSession> a = sandbox().OpenSession();
  auto leave = RunHostileInSession(*a, "session_traces", {"leave", "sysv"}, Limits());
  ASSERT_RAN(leave);
  ASSERT_EQ(leave->status, RunStatus::kOk) << leave->message;
  const std::string first = Namespaces();
  std::unique_ptr<SandboxSession> b = sandbox().OpenSession();
  auto other = RunHostileInSession(*b, "session_traces", {"find", "sysv"}, Limits());
  ASSERT_RAN(other);
  EXPECT_NE(Namespaces(), first);
  EXPECT_EQ(other->status, RunStatus::kOk) << Stderr();
  auto alone = RunHostile("session_traces", {"find", "sysv"}, Limits());
  ASSERT_RAN(alone);
  EXPECT_NE(Namespaces(), first);
  EXPECT_EQ(alone->status, RunStatus::kOk) << Stderr();
}

// A run that changed its work directory's root (its mode: the upper layer's root)
// leaves the next run a fresh, writable one.
TEST_F(Session, AWorkDirectoryRootTheRunChangedIsFreshForTheNext) {
  std::unique_ptr<SandboxSession> session = sandbox().OpenSession();
  auto change = RunHostileInSession(*session, "work_view", {"chmod-root"}, Limits());
  ASSERT_RAN(change);
  ASSERT_EQ(change->status, RunStatus::kOk) << change->message << Stderr();
  auto next = RunHostileInSession(*session, "work_view", {"create"}, Limits());
  ASSERT_RAN(next);
  EXPECT_EQ(next->status, RunStatus::kOk) << next->message << Stderr();
  EXPECT_EQ(Stdout(), "mode 755\n");
}

// A file added to the work directory between two runs is seen by the second, although
// the first looked the name up (each run gets a fresh overlay).
TEST_F(Session, AWorkDirectoryChangedBetweenRunsIsSeenByTheNextRun) {
  std::unique_ptr<SandboxSession> session = sandbox().OpenSession();
  auto before = RunHostileInSession(*session, "work_view", {"probe", "added"}, Limits());
  ASSERT_RAN(before);
  ASSERT_EQ(Stdout(), "absent\n") << Stderr();
  std::ofstream(root_ + "/run/added") << "added by the judge\n";
  auto after = RunHostileInSession(*session, "work_view", {"probe", "added"}, Limits());
  ASSERT_RAN(after);
  EXPECT_EQ(Stdout(), "present\n") << Stderr();
}

// A session's init killed during a run (as the keeper kills it when the judge goes
// away mid-run): the session's next run gets a fresh init and runs. It must not wait
// for the dead init's reset, which never comes: the keeper hands the run to a fresh
// init.
TEST_F(Session, AnInitKilledDuringARunGivesTheNextRunAFreshOne) {
  std::unique_ptr<SandboxSession> session = sandbox().OpenSession();
  auto first = RunHostileInSession(*session, "session_traces", {"find", "child"}, Limits());
  ASSERT_RAN(first);
  const std::string before = Namespaces();
  std::thread killer([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int pid : KeeperProcessesOf(JUDGE_SANDBOX_KEEPER_BUILD_PATH).inits) ::kill(pid, SIGKILL);
  });
  SandboxLimits l = Limits();
  l.wall_time_ms = 3000;
  auto killed = RunHostileInSession(*session, "sleep_forever", {}, l);  // a judge error, or cut short
  killer.join();
  auto next = RunHostileInSession(*session, "session_traces", {"find", "child"}, Limits());
  ASSERT_RAN(next);
  EXPECT_EQ(next->status, RunStatus::kOk) << next->message;
  EXPECT_NE(Namespaces(), before);
}

}  // namespace
}  // namespace judge::testing
