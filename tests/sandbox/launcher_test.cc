// The launcher (judge/src/sandbox/init/child_setup.h, the launcher), seen from the host while a program
// runs: the run's init I has exactly two tasks, itself (unfiltered: it mounts for a
// session's later runs) and its launcher thread L (the seccomp filter, no_new_privs,
// root), and the program P, L's child, has L's one filter, not a second of its own.
// A session's runs are all started by the same L, which outlives a program's
// kill(-1) and the init's kill of the daemons a run leaves; a run in another network
// namespace than L's gets a new L there.
// Each test but ASessionsLaterRunsCannotMountOrUnshare failed without the launcher
// (I had one task); that one, which main passes too (P installed the filter itself),
// failed with the launcher's filter left out, and so did the others. Without the new
// launcher in another network namespace, the keeper's first program ran in the host's.
#include <gtest/gtest.h>

#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "init/child_setup.h"
#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

#define ASSERT_RAN(r) ASSERT_TRUE((r).ok()) << (r).status().message()

// A field of a /proc status file ("" when it has none).
std::string Field(const std::string& status, const std::string& name) {
  const std::string key = "\n" + name + ":\t";
  const std::size_t at = ("\n" + status).find(key);
  if (at == std::string::npos) return "";
  const std::size_t from = at + key.size() - 1;
  return status.substr(from, status.find('\n', from) - from);
}

// The last number of a status's NSpid (the pid in the run's own pid namespace).
std::string InnermostPid(const std::string& status) {
  const std::string nspid = Field(status, "NSpid");
  return nspid.substr(nspid.rfind('\t') + 1);
}

// What the host sees of a run's processes while its program naps.
struct Seen {
  int program = 0, init = 0, launcher = 0;
  int init_tasks = 0;
  std::string program_status, init_status, launcher_status;
  std::string program_netns;  // the link /proc/<program>/ns/net
};

class Launcher : public SandboxTest {
 protected:
  void SetUp() override {
    SandboxTest::SetUp();
    // One slot: every run, alone or of a session, goes through the same keeper, whose
    // next init is prepared ahead after each run.
    SandboxOptions o = TestOptions();
    o.slots = 1;
    auto made = CreateSandbox(o);
    ASSERT_TRUE(made.ok()) << made.status().message();
    one_slot_ = std::move(made).value();
  }
  void TearDown() override {
    one_slot_.reset();
    SandboxTest::TearDown();
  }

  static SandboxLimits Limits() {
    SandboxLimits l = Small();
    l.max_processes = 4;
    l.memory_kib = 128 * 1024;
    return l;
  }

  // The program "nap" of a run uid, once it has exec'd: it, its parent (I) and I's
  // tasks. Empty when none came within 5 seconds.
  static Seen Look() {
    for (int i = 0; i < 1000; ++i) {
      for (int pid : ProcessesOfTestUids()) {
        std::error_code ec;
        const std::string proc = "/proc/" + std::to_string(pid);
        if (ReadAll(proc + "/comm") != "nap\n") continue;
        Seen s;
        s.program = pid;
        s.program_status = ReadAll(proc + "/status");
        s.program_netns = fs::read_symlink(proc + "/ns/net", ec).string();
        s.init = std::atoi(Field(s.program_status, "PPid").c_str());
        const std::string init = "/proc/" + std::to_string(s.init);
        s.init_status = ReadAll(init + "/status");
        for (const auto& e : fs::directory_iterator(init + "/task", ec)) {
          ++s.init_tasks;
          const int tid = std::atoi(e.path().filename().c_str());
          if (tid != s.init) s.launcher = tid;
        }
        if (s.launcher != 0) s.launcher_status = ReadAll(init + "/task/" + std::to_string(s.launcher) + "/status");
        return s;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return {};
  }

  // Runs "nap" (alone, or in `session`) and looks at it meanwhile.
  Seen NapAndLook(SandboxSession* session) {
    std::optional<Result<RunResult>> r;
    std::thread run([&] {
      r = session ? RunHostileInSession(*session, "nap", {"300"}, Limits())
                  : RunHostileIn(*one_slot_, "nap", {"300"}, Limits());
    });
    Seen s = Look();
    run.join();
    EXPECT_TRUE(r->ok()) << r->status().message();
    if (r->ok()) {
      EXPECT_EQ((*r)->status, RunStatus::kOk) << (*r)->message;
    }
    return s;
  }

  // The launcher's invariants, whatever the run: two tasks in I; L filtered, with
  // no_new_privs, root; I neither; P with L's one filter.
  static void ExpectLauncher(const Seen& s, const std::string& which) {
    ASSERT_NE(s.program, 0) << which << ": the program was never seen running";
    EXPECT_EQ(s.init_tasks, 2) << which << ": I's tasks (I and its launcher)";
    EXPECT_EQ(Field(s.init_status, "Seccomp"), "0") << which << ": I must stay unfiltered";
    EXPECT_EQ(Field(s.init_status, "NoNewPrivs"), "0") << which;
    ASSERT_NE(s.launcher, 0) << which << ": no launcher thread";
    EXPECT_EQ(Field(s.launcher_status, "Seccomp"), "2") << which << ": the launcher's filter";
    EXPECT_EQ(Field(s.launcher_status, "Seccomp_filters"), "1") << which;
    EXPECT_EQ(Field(s.launcher_status, "NoNewPrivs"), "1") << which;
    EXPECT_EQ(Field(s.launcher_status, "Uid"), "0\t0\t0\t0") << which << ": the launcher stays root";
    EXPECT_EQ(Field(s.program_status, "Seccomp"), "2") << which << ": the program's filter";
    EXPECT_EQ(Field(s.program_status, "Seccomp_filters"), "1") << which << ": one filter, the launcher's";
    EXPECT_EQ(Field(s.program_status, "NoNewPrivs"), "1") << which;
    // The launcher keeps the network namespace it was made in, and its children have
    // it: never the host's.
    EXPECT_FALSE(s.program_netns.empty()) << which;
    EXPECT_NE(s.program_netns, fs::read_symlink("/proc/self/ns/net").string())
        << which << ": the program is in the host's network namespace";
  }

  // A sandbox of its own keeper (a copy of the binary: another installation, whose
  // keeper starts with this test), of one slot.
  std::unique_ptr<Sandbox> WithAFreshKeeper(std::string* copy) {
    *copy = root_ + "/judge-sandbox-keeper";
    fs::copy_file(JUDGE_SANDBOX_KEEPER_BUILD_PATH, *copy);
    expected_entries_.insert("judge-sandbox-keeper");
    SandboxOptions o = TestOptions();
    o.slots = 1;
    o.keeper_path = *copy;
    auto made = CreateSandbox(o);
    EXPECT_TRUE(made.ok()) << made.status().message();
    return made.ok() ? std::move(made).value() : nullptr;
  }

  std::unique_ptr<Sandbox> one_slot_;
};

// A run on its own: its init, and so its launcher, was prepared ahead (after the run
// before it), in the slot's network namespace: the launcher is the init's first task
// after itself (pid 2 of the run's namespace), not one made on the run's path.
TEST_F(Launcher, ARunOnItsOwnGetsItsFilterFromALauncherMadeAhead) {
  (void)NapAndLook(nullptr);  // a run before: the next init is prepared after it
  const Seen s = NapAndLook(nullptr);
  ASSERT_NO_FATAL_FAILURE(ExpectLauncher(s, "a run on its own"));
  EXPECT_EQ(InnermostPid(s.launcher_status), "2") << "the launcher was not made ahead";
  EXPECT_EQ(InnermostPid(s.program_status), "3");
}

// A session's runs: one init and one launcher for all of them, and every program,
// the later runs' too, has the filter.
TEST_F(Launcher, EveryRunOfASessionGetsTheFilterFromTheSameLauncher) {
  std::unique_ptr<SandboxSession> session = one_slot_->OpenSession();
  Seen first;
  for (int run = 1; run <= 3; ++run) {
    const Seen s = NapAndLook(session.get());
    ASSERT_NO_FATAL_FAILURE(ExpectLauncher(s, "run " + std::to_string(run)));
    if (run == 1) first = s;
    EXPECT_EQ(s.init, first.init) << "run " << run << " did not reuse the session's init";
    EXPECT_EQ(s.launcher, first.launcher) << "run " << run << " has another launcher";
  }
}

// The filter is in force in a session's later runs, as in its first: namespaces,
// mounts and the rest are refused (privileged_calls also checks its own Seccomp and
// NoNewPrivs lines). With the launcher's filter left out, the second run's program
// could unshare a user namespace and failed here.
TEST_F(Launcher, ASessionsLaterRunsCannotMountOrUnshare) {
  std::unique_ptr<SandboxSession> session = one_slot_->OpenSession();
  for (int run = 1; run <= 3; ++run) {
    auto spec = HostileSpec("privileged_calls", {}, Limits(), {});
    ASSERT_RAN(spec);
    spec->copy_back_only.emplace();
    auto r = session->Run(*spec);
    ASSERT_RAN(r);
    EXPECT_EQ(r->status, RunStatus::kOk) << "run " << run << ": " << r->message << Stderr();
    EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << "run " << run << ": " << Stderr();
  }
}

// The launcher is a thread of I: a program's kill(-1, SIGKILL) cannot reach it (root,
// and I's), nor can I's own kill(-1) of the daemons a run leaves (it spares the
// caller's thread group). The session's next run is started by the same launcher.
TEST_F(Launcher, TheLauncherOutlivesKillsOfEveryProcess) {
  std::unique_ptr<SandboxSession> session = one_slot_->OpenSession();
  const Seen before = NapAndLook(session.get());
  ASSERT_NO_FATAL_FAILURE(ExpectLauncher(before, "the first run"));
  auto killer = RunHostileInSession(*session, "kill_others", {}, Limits());
  ASSERT_RAN(killer);
  EXPECT_EQ(killer->status, RunStatus::kOk) << killer->message << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
  auto daemon = RunHostileInSession(*session, "session_traces", {"leave", "child"}, Limits());
  ASSERT_RAN(daemon);
  EXPECT_EQ(daemon->status, RunStatus::kOk) << daemon->message << Stderr();
  const Seen after = NapAndLook(session.get());
  ASSERT_NO_FATAL_FAILURE(ExpectLauncher(after, "the run after the kills"));
  EXPECT_EQ(after.init, before.init) << "the session's init was replaced";
  EXPECT_EQ(after.launcher, before.launcher) << "the session's launcher was replaced";
}

// The launcher on its own, in a child process of the test (L is a thread of its
// caller): a filter L cannot install ends L, and its caller hears why instead of
// waiting (the kernel clears the futex word when L ends); a clone made by L is the
// caller's to reap, with L's filter, the caller staying unfiltered. An alarm turns a
// hang into a failure.
int seccomp_seen_by_child = -1;
int ReportSeccomp(void*) {
  seccomp_seen_by_child = static_cast<int>(prctl(PR_GET_SECCOMP, 0, 0, 0, 0));
  syscall(SYS_exit_group, 7);
  return 0;
}
alignas(64) char child_stack[64 * 1024];

int LauncherAlone() {
  alarm(10);
  const char* what = "";
  sock_filter bad[1] = {BPF_STMT(0xffff, 0)};
  if (sandbox::StartLauncher(bad, 1, &what) != EINVAL) return 10;
  if (std::string(what).find("seccomp") == std::string::npos) return 11;
  sock_filter allow[1] = {BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)};
  if (sandbox::StartLauncher(allow, 1, &what) != 0) return 20;
  int pidfd = -1, err = 0;
  const pid_t pid = sandbox::CloneInLauncher(ReportSeccomp, child_stack + sizeof child_stack,
                                             CLONE_VM | CLONE_VFORK | CLONE_PIDFD | SIGCHLD, nullptr, &pidfd, &what,
                                             &err);
  if (pid <= 0 || pidfd < 0) return 30;
  int status = 0;
  if (waitpid(pid, &status, __WALL) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 7) return 31;
  if (seccomp_seen_by_child != SECCOMP_MODE_FILTER) return 32;
  if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != 0) return 33;  // the caller has no filter
  return 0;
}

TEST(LauncherAlone, FailsWithoutHangingAndItsClonesAreTheCallersToReap) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) _exit(LauncherAlone());
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status) << " (SIGALRM: it hung)";
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the step that failed (see LauncherAlone)";
}

}  // namespace
}  // namespace judge::testing
