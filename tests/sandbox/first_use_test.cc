// The state directory's first use: /run is a tmpfs that every boot empties, so the
// first sandboxes after a boot make the runs' /etc (and the slots) while other threads
// of the same judge, and other judges, do the same. Whoever wins, every sandbox must
// come up, and its runs must see a complete /etc; a damaged /etc mends itself, and
// `judge doctor` says what it found.
//
// Each test uses its own state directory under /tmp (its own cgroup name, uid range and
// copy of the keeper binary, as state_dir_test.cc does), emptied between rounds.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "judge/sandbox/sandbox.h"
#include "judge/sandbox/sandbox_doctor.h"
#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

constexpr int kFirstUseFirstUid = 61200;  // not the other suites' ranges
constexpr const char* kFirstUseCgroupName = "judge-test-first-use";
constexpr int kRounds = 50;  // enough to meet the two-job race of an unfixed PrepareEtc

// The names in a host directory, as `ls -A` run with LANG unset prints them.
std::string HostListing(const std::string& dir) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) names.insert(e.path().filename().string());
  std::string out;
  for (const auto& n : names) out += n + "\n";
  return out;
}

class FirstUseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::string("/tmp/judge-sbx-first-use-") + info->name() + "-" + std::to_string(::getpid());
    Cleanup();
    fs::create_directories(root_ + "/run");
    ::chmod(root_.c_str(), 0755);
    ::chmod((root_ + "/run").c_str(), 0755);
    keeper_ = root_ + "/judge-sandbox-keeper";
    fs::copy_file(JUDGE_SANDBOX_KEEPER_BUILD_PATH, keeper_);
    state_ = root_ + "/state";
  }
  void TearDown() override { Cleanup(); }

  // The state directory as a fresh boot leaves it: absent, no keeper, no mount.
  void EmptyState() {
    for (int pid : KeepersOf(keeper_)) ::kill(pid, SIGKILL);
    for (int pass = 0; pass < 4; ++pass)
      for (const auto& m : MountsUnder(state_)) ::umount2(m.c_str(), MNT_DETACH);
    std::error_code ec;
    fs::remove_all(state_, ec);
  }
  void Cleanup() {
    if (!keeper_.empty()) EmptyState();
    std::error_code ec;
    for (const auto& ctl : fs::directory_iterator("/sys/fs/cgroup", ec)) {
      std::string group = ctl.path().string() + "/" + kFirstUseCgroupName;
      for (int k = 0; k < 4; ++k) ::rmdir((group + "/slot" + std::to_string(k)).c_str());
      ::rmdir(group.c_str());
    }
    fs::remove_all(root_, ec);
  }

  SandboxOptions Options() const {
    SandboxOptions o;
    o.state_dir = state_;
    o.cgroup_name = kFirstUseCgroupName;
    o.first_uid = kFirstUseFirstUid;
    o.slots = 2;
    o.keeper_path = keeper_;
    return o;
  }

  // argv's stdout when it ran OK in the sandbox, else what went wrong.
  std::string Output(Sandbox& sb, std::vector<std::string> argv) {
    RunSpec spec;
    spec.argv = std::move(argv);
    spec.work_dir = root_ + "/run";
    spec.stdout_path = root_ + "/out";
    spec.limits.cpu_time_ms = 5000;
    spec.limits.wall_time_ms = 20000;
    Result<RunResult> r = sb.Run(spec);
    if (!r.ok()) return "error: " + r.status().message();
    if (r->status != RunStatus::kOk) return "status " + std::string(RunStatusCode(r->status)) + ": " + r->message;
    return ReadAll(root_ + "/out");
  }

  // The run's /etc holds what the host's offers: the alternatives (every one) and the
  // loader's configuration, and a program reached through an alternative runs.
  void ExpectCompleteEtc(Sandbox& sb) {
    const std::string inside = Output(sb, {"/bin/ls", "-A", "/etc/alternatives"});
    const std::string host = HostListing("/etc/alternatives");
    EXPECT_TRUE(inside == host) << "the run's /etc/alternatives (" << std::count(inside.begin(), inside.end(), '\n')
                                << " lines; " << inside.substr(0, 80) << ") differs from the host's ("
                                << std::count(host.begin(), host.end(), '\n') << " names)";
    EXPECT_EQ(Output(sb, {"/bin/cat", "/etc/ld.so.conf"}), ReadAll("/etc/ld.so.conf"));
    EXPECT_EQ(Output(sb, {"/usr/bin/awk", "BEGIN { print \"through /etc/alternatives\" }"}),
              "through /etc/alternatives\n");
  }

  // The directory of the state directory that holds the runs' /etc (the one with a passwd).
  std::string EtcDir() const {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(state_, ec)) {
      std::string name = e.path().filename().string();
      if (name.rfind("etc", 0) == 0 && fs::exists(e.path() / "passwd")) return e.path().string();
    }
    return "";
  }

  std::string root_, keeper_, state_;
};

// Two jobs of one judge create their sandboxes at the same moment on an empty state
// directory, 50 times. Both must come up, and a run must see a complete /etc.
// Without the fix (PrepareEtc's temporary directory named by the process id, shared by
// both threads, which removed each other's files) one of the two failed within a few
// rounds with "cannot create <state>/etc.tmp.<pid>: Success" or "cannot write
// .../passwd", or left an /etc marked complete that lacked alternatives.
TEST_F(FirstUseTest, TwoJobsOfOneJudgePrepareAnEmptyStateDirectory) {
  for (int round = 0; round < kRounds; ++round) {
    EmptyState();
    std::atomic<int> ready{0};
    Result<std::unique_ptr<Sandbox>> made[2] = {Status::Internal("not made"), Status::Internal("not made")};
    auto job = [&](int k) {
      ++ready;
      while (ready.load() < 2) {
      }
      made[k] = CreateSandbox(Options());
    };
    std::thread a(job, 0), b(job, 1);
    a.join();
    b.join();
    for (int k = 0; k < 2; ++k) {
      ASSERT_TRUE(made[k].ok()) << "round " << round << ", job " << k << ": " << made[k].status().message();
    }
    if (round == 0 || round == kRounds - 1) {
      ASSERT_NO_FATAL_FAILURE(ExpectCompleteEtc(**made[round % 2]));
    }
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(state_))
      if (e.path().filename().string().find(".tmp.") != std::string::npos) left.push_back(e.path().string());
    EXPECT_TRUE(left.empty()) << "round " << round << ": a temporary copy was left: " << left[0];
  }
}

// Two judge processes start at the same moment on an empty state directory, 50 times:
// both come up, and the /etc they leave is complete.
TEST_F(FirstUseTest, TwoJudgesPrepareAnEmptyStateDirectory) {
  for (int round = 0; round < kRounds; ++round) {
    EmptyState();
    int go[2];
    ASSERT_EQ(::pipe(go), 0);
    pid_t pids[2];
    for (pid_t& pid : pids) {
      pid = ::fork();
      ASSERT_GE(pid, 0);
      if (pid == 0) {
        char c;
        (void)!::read(go[0], &c, 1);  // both start together
        Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
        if (!made.ok()) (void)!::write(2, made.status().message().data(), made.status().message().size());
        _exit(made.ok() ? 0 : 1);
      }
    }
    (void)!::write(go[1], "xx", 2);
    ::close(go[0]);
    ::close(go[1]);
    for (pid_t pid : pids) {
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "round " << round << ": a judge failed";
    }
  }
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  ExpectCompleteEtc(**made);
}

std::string DoctorSays(const SandboxOptions& options, const std::string& feature) {
  for (const IsolationFeature& f : ProbeIsolation(options))
    if (f.name == feature) return (f.available ? "ok: " : "missing: ") + f.detail;
  return "no " + feature + " line";
}

// An /etc that lost part of what the host offers (the state of the bug's victims: a
// marker, passwd, but no alternatives and no ld.so.cache) is mended by the next
// sandbox, in place (an init prepared for the next run has it mounted), and `judge
// doctor` says what it found; one with another recipe's marker too.
// Without the check every later run used the damaged /etc: Java (through
// /etc/alternatives) could not start until the state directory was removed by hand;
// here awk, reached the same way, fails, and the listing is empty.
TEST_F(FirstUseTest, ADamagedEtcIsMendedAndTheDoctorSaysWhy) {
  {
    Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
    ASSERT_TRUE(made.ok()) << made.status().message();
  }
  EXPECT_NE(DoctorSays(Options(), "sandbox-etc").find(": found complete"), std::string::npos)
      << DoctorSays(Options(), "sandbox-etc");
  const std::string etc = EtcDir();
  ASSERT_FALSE(etc.empty());
  fs::remove_all(etc + "/alternatives");
  fs::remove(etc + "/ld.so.cache");
  const std::string said = DoctorSays(Options(), "sandbox-etc");
  EXPECT_NE(said.find("ok: " + etc + ": mended ("), std::string::npos) << said;
  EXPECT_NE(said.find(" missing)"), std::string::npos) << said;
  {
    fs::remove_all(etc + "/alternatives");
    Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
    ASSERT_TRUE(made.ok()) << made.status().message();
    ExpectCompleteEtc(**made);
  }
  // Another recipe's marker (a state directory shared with a judge of other slots).
  for (const auto& e : fs::directory_iterator(etc))
    if (e.path().filename().string().rfind(".judge-etc", 0) == 0) std::ofstream(e.path()) << "judge-etc 2\nslots 99\n";
  EXPECT_NE(DoctorSays(Options(), "sandbox-etc").find("mended (made for another recipe)"), std::string::npos);
}

// The keeper is started by the first judge that needs it and serves every later one,
// with the nice value of the one that started it: a program still runs at its own
// (RunSpec::nice, 0 here). Without setting it every time, a program inherited 10.
TEST_F(FirstUseTest, AProgramRunsAtItsOwnNiceWhateverTheKeeperStartedAt) {
  errno = 0;
  const int before = ::getpriority(PRIO_PROCESS, 0);
  ASSERT_EQ(errno, 0);
  ASSERT_EQ(::setpriority(PRIO_PROCESS, 0, 10), 0);  // this thread starts the keeper
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  std::string out = made.ok() ? Output(**made, {"/usr/bin/nice"}) : made.status().message();
  ASSERT_EQ(::setpriority(PRIO_PROCESS, 0, before), 0);
  EXPECT_EQ(out, "0\n");
}

// The check of a complete /etc reads its stamp (the mtimes of the directories it
// copied, on the host and in the copy) instead of walking both trees: one link taken
// out of the copy's alternatives moves that directory's mtime, and the next sandbox
// puts it back; a stamp that is gone is made again.
TEST_F(FirstUseTest, OneEntryTakenFromTheCopyIsPutBackAndAMissingStampIsMadeAgain) {
  {
    Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
    ASSERT_TRUE(made.ok()) << made.status().message();
  }
  const std::string etc = EtcDir();
  ASSERT_FALSE(etc.empty());
  ASSERT_TRUE(fs::exists(etc + ".stamp"));
  ASSERT_TRUE(fs::is_symlink(etc + "/alternatives/awk"));
  fs::remove(etc + "/alternatives/awk");
  std::string said = DoctorSays(Options(), "sandbox-etc");
  EXPECT_NE(said.find("mended (" + etc + "/alternatives changed or missing)"), std::string::npos) << said;
  EXPECT_TRUE(fs::is_symlink(etc + "/alternatives/awk"));
  fs::remove(etc + ".stamp");
  said = DoctorSays(Options(), "sandbox-etc");
  EXPECT_NE(said.find("mended (no stamp)"), std::string::npos) << said;
  EXPECT_NE(DoctorSays(Options(), "sandbox-etc").find(": found complete"), std::string::npos);
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  ExpectCompleteEtc(**made);
}

}  // namespace
}  // namespace judge::testing
