// Nothing crosses runs (docs/sandbox.md, "Sessions"): for each channel a hostile program
// could pass a byte through (tests/sandbox/hostile/crossing.c), a writer runs, and a
// later reader must print what a reader prints in a fresh sandbox: the next test of the
// same session, the next submission (another session on the same slot), and another
// installation's next submission (a copy of the keeper binary sharing the slots).
// Each failed on the sandbox that kept a slot's network namespace for ever, a session's
// pid and IPC counters, and a clean write layer and /tmp from run to run.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/random.h>

#include <string>
#include <tuple>

#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

#define ASSERT_RAN(r) ASSERT_TRUE((r).ok()) << (r).status().message()

enum class Later { kNextTest, kNextSubmission, kOtherInstallation };

class Crossing : public SandboxTest, public ::testing::WithParamInterface<std::tuple<const char*, Later>> {
 protected:
  // Not below /tmp: the work directory's mount point would be in the run's /tmp.
  std::string root_parent() const override { return "/var/tmp"; }
  static SandboxLimits Limits() {
    SandboxLimits l = Small();
    l.max_processes = 8;
    return l;
  }
  const char* channel() const { return std::get<0>(GetParam()); }
  // A flow label no other test run used lately (a label lingers for a minute).
  const std::string& label() {
    if (label_.empty()) {
      uint32_t v = 0;
      (void)::getrandom(&v, sizeof v, 0);
      label_ = std::to_string(1 + v % 0x7fffe);
    }
    return label_;
  }
  // One run of crossing.c as a session's, in `session`; its stdout.
  std::string Step(SandboxSession& session, const char* role) {
    auto r = RunHostileInSession(session, "crossing", {role, channel(), label()}, Limits());
    EXPECT_TRUE(r.ok()) << r.status().message();
    if (!r.ok()) return "(no run)";
    EXPECT_EQ(r->status, RunStatus::kOk) << role << ": " << r->message << Stderr();
    return Stdout();
  }
  // The same as the first run of a new session of `sb`.
  std::string Alone(Sandbox& sb, const char* role) {
    std::unique_ptr<SandboxSession> s = sb.OpenSession();
    return Step(*s, role);
  }

 private:
  std::string label_;
};

TEST_P(Crossing, ALaterRunReadsNothingAnEarlierOneWrote) {
  const Later later = std::get<1>(GetParam());
  std::string fresh, after;
  if (later == Later::kNextTest) {
    std::unique_ptr<SandboxSession> session = sandbox().OpenSession();
    fresh = Step(*session, "read");
    Step(*session, "write");
    after = Step(*session, "read");
  } else if (later == Later::kNextSubmission) {
    fresh = Alone(sandbox(), "read");
    Alone(sandbox(), "write");
    after = Alone(sandbox(), "read");
  } else {
    const std::string copy = root_ + "/judge-sandbox-keeper";
    fs::copy_file(JUDGE_SANDBOX_KEEPER_BUILD_PATH, copy);
    expected_entries_.insert("judge-sandbox-keeper");
    SandboxOptions other = TestOptions();
    other.keeper_path = copy;
    auto theirs = CreateSandbox(other);
    ASSERT_TRUE(theirs.ok()) << theirs.status().message();
    fresh = Alone(sandbox(), "read");
    Alone(**theirs, "write");
    after = Alone(sandbox(), "read");
    for (int pid : KeepersOf(copy)) ::kill(pid, SIGKILL);  // its binary goes with the test's directory
  }
  ASSERT_FALSE(fresh.empty());
  EXPECT_EQ(after, fresh) << "the " << channel() << " channel carried a run's writes to a later run";
}

std::string Name(const ::testing::TestParamInfo<std::tuple<const char*, Later>>& info) {
  static const char* const kLater[] = {"NextTest", "NextSubmission", "OtherInstallation"};
  return std::string(std::get<0>(info.param)) + "_" + kLater[static_cast<int>(std::get<1>(info.param))];
}

// Within a submission: every channel.
INSTANTIATE_TEST_SUITE_P(NextTest, Crossing,
                         ::testing::Combine(::testing::Values("pid", "sysv", "inode", "scratch", "flags", "flowlabel",
                                                              "snmp"),
                                            ::testing::Values(Later::kNextTest)),
                         Name);
// Across submissions and installations: what a slot kept (its network namespace and
// its write layer); the pid and IPC counters and /tmp were an init's, fresh per
// submission already.
INSTANTIATE_TEST_SUITE_P(Later, Crossing,
                         ::testing::Combine(::testing::Values("inode", "flags", "flowlabel", "snmp"),
                                            ::testing::Values(Later::kNextSubmission, Later::kOtherInstallation)),
                         Name);

}  // namespace
}  // namespace judge::testing
