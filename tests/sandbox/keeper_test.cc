// The slots' keeper outlives the judge processes it serves: a later judge finds it, a
// judge whose keeper binary is another file (another installation) gets its own beside
// it, and a judge that dies during a run takes that run with it.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <linux/kcmp.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>

#include "judge/sandbox/sandbox.h"
#include "keeper_protocol.h"
#include "run_slot.h"
#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

class KeeperTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = "/tmp/judge-sbx-keeper-" + std::to_string(::getpid());
    fs::create_directories(root_ + "/run");
    fs::copy_file(std::string(HOSTILE_DIR) + "/hello", root_ + "/run/hello");
    options_ = TestOptions();
    options_.slots = 1;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  // A keeper started by a first run, and *fd connected to its socket as a judge would
  // be, before any hello.
  void ConnectToAStartedKeeper(int* fd, const SandboxOptions* options = nullptr) {
    const SandboxOptions& o = options != nullptr ? *options : options_;
    {
      auto sb = CreateSandbox(o);
      ASSERT_TRUE(sb.ok()) << sb.status().message();
      auto r = RunHello(**sb);
      ASSERT_TRUE(r.ok()) << r.status().message();
    }
    auto socket_path = sandbox::KeeperSocketPath(
        o.state_dir + "/slot0.keeper", o.keeper_path.empty() ? JUDGE_SANDBOX_KEEPER_BUILD_PATH : o.keeper_path);
    ASSERT_TRUE(socket_path.ok()) << socket_path.status().message();
    *fd = ::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    ASSERT_GE(*fd, 0);
    struct sockaddr_un a = {};
    a.sun_family = AF_UNIX;
    std::strncpy(a.sun_path, socket_path->c_str(), sizeof a.sun_path - 1);
    ASSERT_EQ(::connect(*fd, reinterpret_cast<struct sockaddr*>(&a), sizeof a), 0)
        << *socket_path << ": " << std::strerror(errno);
  }
  // The pid of the keeper that serves `options` (started by a first run if none did),
  // from its welcome, and of the init it has prepared for its next run.
  void GreetStartedKeeper(const SandboxOptions& options, int* keeper, int* init) {
    int fd = -1;
    ASSERT_NO_FATAL_FAILURE(ConnectToAStartedKeeper(&fd, &options));
    sandbox::KeeperHello hello;
    hello.binary = sandbox::BinaryAt(options.keeper_path.empty() ? JUDGE_SANDBOX_KEEPER_BUILD_PATH
                                                                  : options.keeper_path.c_str());
    ASSERT_TRUE(sandbox::SendMessage(fd, &hello, sizeof hello, nullptr, 0));
    sandbox::KeeperWelcome w;
    int fds[sandbox::kMaxMessageFds];
    int count = 0;
    const ssize_t n = sandbox::ReceiveMessage(fd, &w, sizeof w, fds, &count);
    ::close(fd);
    ASSERT_EQ(n, static_cast<ssize_t>(sizeof w)) << "no welcome";
    *keeper = w.pid;
    const std::string children = "/proc/" + std::to_string(w.pid) + "/task/" + std::to_string(w.pid) + "/children";
    *init = 0;
    for (int i = 0; i < 500 && *init == 0; ++i) {  // prepared after the run
      std::istringstream(ReadAll(children)) >> *init;
      if (*init == 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_GT(*init, 0) << "keeper " << w.pid << " prepared no init";
  }
  Result<RunResult> RunHello(Sandbox& sb) {
    RunSpec spec;
    spec.argv = {"./hello"};
    spec.work_dir = root_ + "/run";
    spec.stdout_path = root_ + "/out";
    return sb.Run(spec);
  }
  std::string root_;
  SandboxOptions options_;
};

// Another installation (a keeper started from a copy of the binary, as another build or
// a copied judge would) gets a keeper of its own for the slot: neither replaces the
// other's (a judge that stopped the other's keeper would fail that judge's next run
// with "Broken pipe"), and a later judge of either finds its own.
TEST_F(KeeperTest, AnotherInstallationGetsItsOwnKeeperAndNeitherStopsTheOther) {
  const std::string copy = root_ + "/judge-sandbox-keeper";
  fs::copy_file(JUDGE_SANDBOX_KEEPER_BUILD_PATH, copy);
  SandboxOptions other = options_;
  other.keeper_path = copy;
  auto mine = CreateSandbox(options_);
  auto theirs = CreateSandbox(other);
  ASSERT_TRUE(mine.ok()) << mine.status().message();
  ASSERT_TRUE(theirs.ok()) << theirs.status().message();
  for (int round = 0; round < 3; ++round) {  // both hold a connection, taking turns in the slot
    for (Sandbox* sb : {theirs->get(), mine->get()}) {
      auto r = RunHello(*sb);
      ASSERT_TRUE(r.ok()) << "round " << round << ": " << r.status().message();
      EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
    }
  }
  std::vector<int> old = KeepersOf(copy);
  ASSERT_EQ(old.size(), 1u) << "the other installation's keeper lives on";
  EXPECT_FALSE(KeepersOf(JUDGE_SANDBOX_KEEPER_BUILD_PATH).empty());
  {  // a later judge of the other installation: the same keeper serves again
    auto sb = CreateSandbox(other);
    ASSERT_TRUE(sb.ok());
    ASSERT_TRUE(RunHello(**sb).ok());
  }
  EXPECT_EQ(KeepersOf(copy), old);
  for (int pid : old) ::kill(pid, SIGKILL);  // its binary goes with the test's directory
}

// A judge killed during a run: its connection ends, and the keeper kills the run.
TEST_F(KeeperTest, AJudgeKilledDuringARunTakesTheRunWithIt) {
  fs::copy_file(std::string(HOSTILE_DIR) + "/sleep_forever", root_ + "/run/sleep_forever");
  pid_t judge = ::fork();
  if (judge == 0) {
    auto sb = CreateSandbox(options_);
    if (!sb.ok()) _exit(3);
    RunSpec spec;
    spec.argv = {"./sleep_forever"};
    spec.work_dir = root_ + "/run";
    spec.limits.wall_time_ms = 60000;
    (void)(*sb)->Run(spec);
    _exit(0);
  }
  ASSERT_GT(judge, 0);
  bool running = false;
  for (int i = 0; i < 500 && !running; ++i) {
    running = !SandboxTest::ProcessesOfTestUids().empty();
    if (!running) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(running) << "the run never started";
  ::kill(judge, SIGKILL);
  ::waitpid(judge, nullptr, 0);
  bool gone = false;
  for (int i = 0; i < 300 && !gone; ++i) {
    gone = SandboxTest::ProcessesOfTestUids().empty();
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(gone) << "the run outlived its judge";
  // The keeper serves the next judge as if nothing happened.
  auto sb = CreateSandbox(options_);
  ASSERT_TRUE(sb.ok());
  auto r = RunHello(**sb);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
}

// A judge of another protocol version (another build) is told who the keeper is, though
// the keeper refuses its hello: it can stop that keeper instead of leaving it to idle
// for ten minutes, unreachable, beside the one it starts.
// Without the answer the keeper only drops the connection: nothing comes back.
TEST_F(KeeperTest, AHelloOfAnotherVersionIsAnsweredWithTheKeepersName) {
  int fd = -1;
  ASSERT_NO_FATAL_FAILURE(ConnectToAStartedKeeper(&fd));
  sandbox::KeeperHello hello;
  hello.version = sandbox::kKeeperProtocolVersion - 1;
  ASSERT_TRUE(sandbox::SendMessage(fd, &hello, sizeof hello, nullptr, 0));
  char reply[1024];
  int fds[sandbox::kMaxMessageFds];
  int count = 0;
  const ssize_t n = sandbox::ReceiveMessage(fd, reply, sizeof reply, fds, &count);
  ::close(fd);
  ASSERT_EQ(n, static_cast<ssize_t>(sizeof(sandbox::KeeperWelcome))) << "no welcome to a hello of another version";
  sandbox::KeeperWelcome w;
  std::memcpy(&w, reply, sizeof w);
  EXPECT_EQ(w.version, sandbox::kKeeperProtocolVersion);
  std::vector<int> keepers = KeepersOf(JUDGE_SANDBOX_KEEPER_BUILD_PATH);
  EXPECT_NE(std::find(keepers.begin(), keepers.end(), w.pid), keepers.end()) << "pid " << w.pid;
}

// A hello naming another keeper binary than the one at the socket (a judge whose
// binary was replaced in place) is refused: answered with the keeper's name, and the
// connection dropped, so that a run a judge sends right behind its hello (Launch)
// never starts in a keeper it would not have started.
// Without the check the keeper greets the judge and the connection stays open.
TEST_F(KeeperTest, AHelloNamingAnotherBinaryIsRefused) {
  int fd = -1;
  ASSERT_NO_FATAL_FAILURE(ConnectToAStartedKeeper(&fd));
  sandbox::KeeperHello hello;  // valid in every other way (no judge's pidfd: no descriptor)
  hello.binary = sandbox::BinaryAt(JUDGE_SANDBOX_KEEPER_BUILD_PATH);
  ASSERT_NE(hello.binary.ino, 0u);
  hello.binary.ino += 1;
  ASSERT_TRUE(sandbox::SendMessage(fd, &hello, sizeof hello, nullptr, 0));
  char reply[1024];
  int fds[sandbox::kMaxMessageFds];
  int count = 0;
  EXPECT_EQ(sandbox::ReceiveMessage(fd, reply, sizeof reply, fds, &count),
            static_cast<ssize_t>(sizeof(sandbox::KeeperWelcome)))
      << "no welcome to the hello";
  struct pollfd p = {fd, POLLIN, 0};
  ASSERT_EQ(::poll(&p, 1, 5000), 1) << "the keeper kept the connection of a hello naming another binary";
  EXPECT_EQ(sandbox::ReceiveMessage(fd, reply, sizeof reply, fds, &count), 0) << "expected the connection dropped";
  ::close(fd);
}

// The keeper and its init run with a short scheduler slice (a woken helper preempts
// other work at once); the program must not: it gets the kernel's default, as the
// processes it is compared with. /proc/<pid>/sched shows the slice where the kernel
// has it (se.slice, Linux 6.6 and later with scheduler debugging).
// Without the reset in BecomeProgram the program inherits the keeper's 100000 ns.
TEST_F(KeeperTest, TheProgramRunsWithTheDefaultSchedulerSlice) {
  auto slice_line = [](const std::string& sched) {
    const std::size_t at = sched.find("se.slice");
    return at == std::string::npos ? std::string() : sched.substr(at, sched.find('\n', at) - at);
  };
  const std::string ours = slice_line(ReadAll("/proc/self/sched"));
  if (ours.empty()) GTEST_SKIP() << "this kernel shows no se.slice in /proc/<pid>/sched";
  auto sb = CreateSandbox(options_);
  ASSERT_TRUE(sb.ok()) << sb.status().message();
  RunSpec spec;
  spec.argv = {"/bin/sh", "-c", "cat /proc/self/sched"};
  spec.limits.max_processes = 2;
  spec.work_dir = root_ + "/run";
  spec.stdout_path = root_ + "/out";
  for (int run = 0; run < 2; ++run) {  // a fresh init, then one prepared ahead
    auto r = (*sb)->Run(spec);
    ASSERT_TRUE(r.ok()) << r.status().message();
    ASSERT_EQ(r->status, RunStatus::kOk) << r->message;
    EXPECT_EQ(slice_line(ReadAll(root_ + "/out")), ours) << "run " << run;
  }
}

// The run's init is a copy of its keeper, not a sharer of its memory: what an init
// writes (its stack, errno, a corrupted table) cannot reach the keeper that serves the
// next run, or another contestant's. Each init the keepers have prepared has a memory
// of its own (kcmp KCMP_VM). With CLONE_VM the two compare equal.
TEST_F(KeeperTest, AnInitHasMemoryOfItsOwn) {
  int keeper = 0, init = 0;
  ASSERT_NO_FATAL_FAILURE(GreetStartedKeeper(options_, &keeper, &init));
  const long same = ::syscall(SYS_kcmp, keeper, init, KCMP_VM, 0, 0);
  ASSERT_GE(same, 0) << std::strerror(errno);
  EXPECT_NE(same, 0) << "init " << init << " shares the memory of its keeper " << keeper;
}

// The keeper is started by the first judge that needs it and serves every later
// judge of the host's installation: the nice value of the judge that happened to start
// it is not kept, for it and for the inits it clones (whose work is on every run's
// path). Without the reset both kept 10 here, and every later judge's runs waited
// behind other work on a loaded host.
TEST_F(KeeperTest, TheKeeperAndItsInitsRunAtNiceZeroWhoeverStartedIt) {
  SandboxOptions fresh = options_;  // a keeper of its own, started here
  fresh.keeper_path = root_ + "/judge-sandbox-keeper";
  fs::copy_file(JUDGE_SANDBOX_KEEPER_BUILD_PATH, fresh.keeper_path);
  errno = 0;
  const int before = ::getpriority(PRIO_PROCESS, 0);
  ASSERT_EQ(errno, 0);
  ASSERT_EQ(::setpriority(PRIO_PROCESS, 0, 10), 0);  // this thread starts the keeper
  int keeper = 0, init = 0;
  GreetStartedKeeper(fresh, &keeper, &init);
  ASSERT_EQ(::setpriority(PRIO_PROCESS, 0, before), 0);
  ASSERT_GT(init, 0);
  for (int pid : {keeper, init}) {
    std::istringstream stat(ReadAll("/proc/" + std::to_string(pid) + "/stat"));
    std::string field;
    for (int i = 0; i < 19; ++i) stat >> field;  // the 19th: nice (the name has no space)
    EXPECT_EQ(field, "0") << "pid " << pid << (pid == keeper ? " (the keeper)" : " (its init)");
  }
  ::kill(keeper, SIGKILL);  // its binary goes with the test's directory
}
}  // namespace
}  // namespace judge::testing
