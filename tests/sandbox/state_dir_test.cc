// The sandbox's state directory (issue 9, item 10): it holds the slots' lock files,
// their network namespaces, the keeper's sockets and the runs' /etc, so it must be the
// judge's alone. An existing one that is a symbolic link or belongs to another user is
// refused with one clear error; one that is too open is made 0700; the files in it
// are opened without following links (O_NOFOLLOW), so a link put in place of one never
// makes the judge write somewhere else.
//
// Each test uses its own state directory under /tmp (and its own cgroup name, uid
// range and copy of the keeper binary, so it neither disturbs nor is disturbed by the
// other sandbox suites), and removes all of it: the keepers it started, the mounts the
// sandbox left in the state directory, its cgroups and its files.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "judge/sandbox/sandbox.h"
#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

constexpr int kStateFirstUid = 61100;  // not the other suites' range (kTestFirstUid)
constexpr const char* kStateCgroupName = "judge-test-state-dir";
constexpr uid_t kOtherUid = 12345;
constexpr char kVictim[] = "a file of the host that no lock may touch\n";

std::string ListDir(const std::string& dir) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) names.insert(e.path().filename().string());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

bool IsSymlink(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
}

class StateDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::string("/tmp/judge-sbx-state-") + info->name() + "-" + std::to_string(::getpid());
    Cleanup();
    fs::create_directories(root_ + "/run");
    ::chmod(root_.c_str(), 0755);
    fs::copy_file(std::string(HOSTILE_DIR) + "/hello", root_ + "/run/hello");
    // A copy of the keeper binary: the keepers this test starts are found by it (and
    // stopped) at the end, and no other suite's keeper serves this test's slots.
    keeper_ = root_ + "/judge-sandbox-keeper";
    fs::copy_file(JUDGE_SANDBOX_KEEPER_BUILD_PATH, keeper_);
    state_ = root_ + "/state";
    victim_ = root_ + "/victim.txt";
  }

  void TearDown() override { Cleanup(); }

  void Cleanup() {
    if (!keeper_.empty())
      for (int pid : KeepersOf(keeper_)) ::kill(pid, SIGKILL);
    for (int pass = 0; pass < 4; ++pass)
      for (const auto& m : MountsUnder(root_)) ::umount2(m.c_str(), MNT_DETACH);
    std::error_code ec;
    for (const auto& ctl : fs::directory_iterator("/sys/fs/cgroup", ec)) {
      std::string group = ctl.path().string() + "/" + kStateCgroupName;
      for (int k = 0; k < 4; ++k) ::rmdir((group + "/slot" + std::to_string(k)).c_str());
      ::rmdir(group.c_str());
    }
    fs::remove_all(root_, ec);
  }

  SandboxOptions Options(int slots = 1) const {
    SandboxOptions o;
    o.state_dir = state_;
    o.cgroup_name = kStateCgroupName;
    o.first_uid = kStateFirstUid;
    o.slots = slots;
    o.keeper_path = keeper_;
    return o;
  }

  Result<RunResult> RunHello(Sandbox& sb, const std::atomic<bool>* cancel = nullptr) {
    RunSpec spec;
    spec.cancel = cancel;
    spec.argv = {"./hello"};
    spec.work_dir = root_ + "/run";
    spec.stdout_path = root_ + "/out";
    return sb.Run(spec);
  }

  // Runs ./hello and fails the test unless it ran OK (callers: ASSERT_NO_FATAL_FAILURE).
  void RunHelloOk(Sandbox& sb) {
    Result<RunResult> r = RunHello(sb);
    ASSERT_TRUE(r.ok()) << r.status().message();
    ASSERT_EQ(r->status, RunStatus::kOk) << r->message;
  }

  // Runs argv in the run directory under `limits`: its stdout when it exits 0, else
  // what went wrong (the judge's error, or the status and message).
  std::string Output(Sandbox& sb, std::vector<std::string> argv, const SandboxLimits& limits = SandboxLimits()) {
    RunSpec spec;
    spec.argv = std::move(argv);
    spec.work_dir = root_ + "/run";
    spec.stdout_path = root_ + "/out";
    spec.limits = limits;
    Result<RunResult> r = sb.Run(spec);
    if (!r.ok()) return "error: " + r.status().message();
    if (r->status != RunStatus::kOk) return "status " + std::string(RunStatusCode(r->status)) + ": " + r->message;
    return ReadAll(root_ + "/out");
  }

  // Two sandboxes as two judges with different state directories, and the same uids
  // and cgroup name, make them (callers: ASSERT_NO_FATAL_FAILURE).
  void MakeTwoJudges(std::unique_ptr<Sandbox>* first, std::unique_ptr<Sandbox>* second) {
    for (auto [made, dir] : {std::pair{first, state_}, std::pair{second, root_ + "/state2"}}) {
      SandboxOptions o = Options();
      o.state_dir = dir;
      Result<std::unique_ptr<Sandbox>> r = CreateSandbox(o);
      ASSERT_TRUE(r.ok()) << r.status().message();
      *made = std::move(*r);
    }
  }

  void MakeVictim() {
    std::ofstream(victim_) << kVictim;
    ::chmod(victim_.c_str(), 0644);
    ASSERT_EQ(ReadAll(victim_), kVictim);
  }

  // The victim as it was made: same content, a regular file of ours, 0644, and no
  // mount on it.
  void ExpectVictimUntouched() {
    struct stat st;
    ASSERT_EQ(::lstat(victim_.c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
    EXPECT_EQ(st.st_mode & 07777, 0644u);
    EXPECT_EQ(st.st_uid, ::geteuid());
    EXPECT_EQ(st.st_size, static_cast<off_t>(sizeof(kVictim) - 1));
    EXPECT_EQ(ReadAll(victim_), kVictim) << "the judge wrote the file a link pointed at";
    EXPECT_TRUE(MountsUnder(victim_).empty()) << "something is mounted on " << victim_;
  }

  std::string root_, keeper_, state_, victim_;
};

// (a) A state directory that is a symbolic link (to a real directory of ours, 0755) is
// refused, naming the directory and the link; nothing is created or changed in the
// link's target, and the link stays a link.
// Without the protection (open without O_NOFOLLOW, or no check at all) the link is
// followed: the target is a root-owned directory, so it passes the owner check, is
// chmod'ed 0700 and gets etc/ and slot0.lock: CreateSandbox succeeds, the target is
// no longer empty nor 0755, and every expectation below fails.
TEST_F(StateDirTest, ASymlinkIsRefusedAndItsTargetUntouched) {
  const std::string target = root_ + "/elsewhere";
  fs::create_directories(target);
  ::chmod(target.c_str(), 0755);
  ASSERT_EQ(::symlink(target.c_str(), state_.c_str()), 0);

  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_FALSE(made.ok()) << "a symlinked state directory was accepted";
  const std::string& msg = made.status().message();
  EXPECT_NE(msg.find("sandbox state directory " + state_), std::string::npos) << msg;
  EXPECT_NE(msg.find("symbolic link"), std::string::npos) << msg;
  EXPECT_EQ(std::count(msg.begin(), msg.end(), '\n'), 0) << "one line: " << msg;

  EXPECT_TRUE(IsSymlink(state_)) << "the link was replaced";
  EXPECT_EQ(ListDir(target), "") << "created in the link's target";
  struct stat st;
  ASSERT_EQ(::stat(target.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0755u) << "the link's target was chmod'ed";
}

// The same with a dangling link: refused, and nothing is created where it points.
// Without O_NOFOLLOW the open fails with ENOENT (mkdir does not follow a dangling
// link), so the error would not say "symbolic link"; a mkdir that followed links would
// create the target.
TEST_F(StateDirTest, ADanglingSymlinkIsRefusedAndNothingIsCreatedWhereItPoints) {
  const std::string target = root_ + "/not-yet";
  ASSERT_EQ(::symlink(target.c_str(), state_.c_str()), 0);
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_FALSE(made.ok());
  const std::string& msg = made.status().message();
  EXPECT_NE(msg.find(state_), std::string::npos) << msg;
  EXPECT_NE(msg.find("symbolic link"), std::string::npos) << msg;
  EXPECT_FALSE(fs::exists(fs::symlink_status(target))) << "created where the link points";
  EXPECT_TRUE(IsSymlink(state_));
}

// (b) A state directory another user made (there first, in world-writable /tmp) is
// refused, naming the directory, our uid and theirs; nothing is created in it and it
// is left as it was.
// Without the owner check we are root, so the directory is usable: CreateSandbox
// succeeds (and fchmod's it, and fills it with etc/ and slot0.lock), failing the first
// assertion and the "left as it was" ones.
TEST_F(StateDirTest, AnotherUsersDirectoryIsRefusedNamingBothUids) {
  ASSERT_EQ(::mkdir(state_.c_str(), 0755), 0);
  ASSERT_EQ(::chmod(state_.c_str(), 0755), 0);
  ASSERT_EQ(::chown(state_.c_str(), kOtherUid, kOtherUid), 0);

  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_FALSE(made.ok()) << "another user's state directory was accepted";
  const std::string& msg = made.status().message();
  EXPECT_NE(msg.find("sandbox state directory " + state_), std::string::npos) << msg;
  EXPECT_NE(msg.find("uid " + std::to_string(::geteuid())), std::string::npos) << msg;
  EXPECT_NE(msg.find("uid " + std::to_string(kOtherUid)), std::string::npos) << msg;
  EXPECT_EQ(std::count(msg.begin(), msg.end(), '\n'), 0) << "one line: " << msg;

  struct stat st;
  ASSERT_EQ(::lstat(state_.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, kOtherUid);
  EXPECT_EQ(st.st_mode & 07777, 0755u) << "another user's directory was chmod'ed";
  EXPECT_EQ(ListDir(state_), "") << "created in another user's directory";
}

// (c) A state directory of ours that is too open (0777, 01777, 0755) is made 0700, and
// the sandbox then runs; a missing one is created 0700.
// Without the fchmod the mode stays as found (the 0777 case fails first). Without the
// mkdir mode (or with a later chmod to something else) the missing case fails.
TEST_F(StateDirTest, AnOpenDirectoryOfOursIsMadePrivate) {
  for (mode_t mode : {0777, 01777, 0755, 02770}) {
    std::error_code ec;
    fs::remove_all(state_, ec);
    ASSERT_EQ(::mkdir(state_.c_str(), 0700), 0);
    ASSERT_EQ(::chmod(state_.c_str(), mode), 0);
    Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
    ASSERT_TRUE(made.ok()) << std::oct << mode << ": " << made.status().message();
    struct stat st;
    ASSERT_EQ(::lstat(state_.c_str(), &st), 0);
    EXPECT_TRUE(S_ISDIR(st.st_mode));
    EXPECT_EQ(st.st_mode & 07777, 0700u) << "found " << std::oct << mode << ", left " << (st.st_mode & 07777);
    EXPECT_EQ(st.st_uid, ::geteuid());
  }
  // The last one runs a program.
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  ASSERT_NO_FATAL_FAILURE(RunHelloOk(**made));
  EXPECT_EQ(ReadAll(root_ + "/out"), "hello\n");

  // Missing (and its parent too): created 0700, whatever the umask allows.
  const std::string deeper = root_ + "/new-parent/state";
  SandboxOptions o = Options();
  o.state_dir = deeper;
  mode_t old_umask = ::umask(0);
  Result<std::unique_ptr<Sandbox>> fresh = CreateSandbox(o);
  ::umask(old_umask);
  ASSERT_TRUE(fresh.ok()) << fresh.status().message();
  struct stat st;
  ASSERT_EQ(::lstat(deeper.c_str(), &st), 0);
  EXPECT_TRUE(S_ISDIR(st.st_mode));
  EXPECT_EQ(st.st_mode & 07777, 0700u) << std::oct << (st.st_mode & 07777);
}

// (d) A lock file replaced by a symbolic link to a file elsewhere is not followed.
// The lock files are found after one run (slot<k>.lock). Then slot0.lock becomes a link
// to a host file: the next sandbox refuses to start, with one line naming the lock file
// (its first lock is opened in Init), and the host file is unchanged.
// Without O_NOFOLLOW in OpenLock (run_slot.cc) the link is followed: Init succeeds,
// the run takes the slot and writes the pool's 8-byte stamp at offset 0 of the target
// (StampIsOurs): the target's content changes and ExpectVictimUntouched fails (as does
// ASSERT_FALSE(made.ok())).
TEST_F(StateDirTest, ALockFileReplacedByASymlinkIsNotFollowed) {
  {
    Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
    ASSERT_TRUE(made.ok()) << made.status().message();
    ASSERT_NO_FATAL_FAILURE(RunHelloOk(**made));
  }
  const std::string listing = ListDir(state_);
  RecordProperty("state_dir_after_one_run", listing);
  std::cout << "state directory after one run: " << listing << "\n";
  std::vector<std::string> locks;
  for (const auto& e : fs::directory_iterator(state_)) {
    std::string name = e.path().filename().string();
    bool slot_lock = name.rfind("slot", 0) == 0 && name.size() > 5 && name.compare(name.size() - 5, 5, ".lock") == 0;
    if (slot_lock) locks.push_back(name);  // etc.lock is PrepareEtc's (state_dir.h)
  }
  ASSERT_EQ(locks, std::vector<std::string>{"slot0.lock"}) << listing;
  const std::string lock = state_ + "/slot0.lock";
  struct stat st;
  ASSERT_EQ(::lstat(lock.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(st.st_mode & 07777, 0600u);

  MakeVictim();
  ASSERT_EQ(::unlink(lock.c_str()), 0);
  ASSERT_EQ(::symlink(victim_.c_str(), lock.c_str()), 0);

  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  std::string outcome;
  if (made.ok()) {  // not expected: then at least the run must not go through the link
    Result<RunResult> r = RunHello(**made);
    outcome = r.ok() ? "created; the run: " + std::string(RunStatusCode(r->status))
                     : "created; the run failed: " + r.status().message();
  } else {
    outcome = "refused: " + made.status().message();
  }
  RecordProperty("outcome", outcome);
  std::cout << "with slot0.lock a link to a host file: " << outcome << "\n";
  ExpectVictimUntouched();
  EXPECT_TRUE(IsSymlink(lock));
  ASSERT_FALSE(made.ok()) << "the sandbox started on a symlinked lock file: " << outcome;
  const std::string& msg = made.status().message();
  EXPECT_NE(msg.find("cannot open slot lock " + lock), std::string::npos) << msg;
  EXPECT_EQ(std::count(msg.begin(), msg.end(), '\n'), 0) << "one line: " << msg;
}

// The same for a lock file the pool opens later (slot k > 0 is opened when first
// tried): slot1.lock is a link to a host file while slot 0 is held by "another judge"
// (this test, through flock). The sandbox cannot use slot 1, so its run waits; once
// slot 0 is free the run goes through in slot 0, and the host file is unchanged.
// Without O_NOFOLLOW the pool opens the target as slot 1's lock, flocks it and writes
// its stamp into it: the content changes.
TEST_F(StateDirTest, ALaterSlotsLockFileReplacedByASymlinkIsNotFollowed) {
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options(2));
  ASSERT_TRUE(made.ok()) << made.status().message();
  const std::string lock0 = state_ + "/slot0.lock";
  const std::string lock1 = state_ + "/slot1.lock";
  ASSERT_FALSE(fs::exists(fs::symlink_status(lock1))) << "slot 1's lock is opened only when tried";
  MakeVictim();
  ASSERT_EQ(::symlink(victim_.c_str(), lock1.c_str()), 0);

  int held = ::open(lock0.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
  ASSERT_GE(held, 0);
  ASSERT_EQ(::flock(held, LOCK_EX | LOCK_NB), 0);
  std::thread release([held] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ::flock(held, LOCK_UN);
    ::close(held);
  });
  auto start = std::chrono::steady_clock::now();
  Result<RunResult> r = RunHello(**made);
  double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  release.join();
  ExpectVictimUntouched();
  EXPECT_TRUE(IsSymlink(lock1));
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_GE(waited, 0.4) << "the run did not wait for slot 0: it used slot 1 through the link";
}

// Every slot held by another judge process (its lock taken): a run whose judge is
// told to stop (the cancel flag, set by SIGTERM and the like) does not wait for the
// slot: it ends at once as cancelled, and runs nothing. Without the flag the run waits
// for the slot. Without the cancellable wait (SlotPool::Acquire), the cancelled run
// blocks until the other holder lets go, then runs the program and says OK.
TEST_F(StateDirTest, ACancelledRunDoesNotWaitForASlotAnotherJudgeHolds) {
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  const std::string lock0 = state_ + "/slot0.lock";
  int held = ::open(lock0.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC);
  ASSERT_GE(held, 0);
  ASSERT_EQ(::flock(held, LOCK_EX | LOCK_NB), 0);
  std::atomic<bool> cancel{false};
  std::thread stop([&cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  auto start = std::chrono::steady_clock::now();
  Result<RunResult> r = RunHello(**made, &cancel);
  double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stop.join();
  EXPECT_FALSE(r.ok()) << "a cancelled run that never had a slot ran anyway";
  if (!r.ok()) {
    EXPECT_EQ(r.status().code(), StatusCode::kCancelled) << r.status().message();
  }
  EXPECT_LT(waited, 5.0) << "the cancelled run waited for the held slot";
  EXPECT_FALSE(fs::exists(root_ + "/out")) << "the program ran";
  ::flock(held, LOCK_UN);
  ::close(held);
  ASSERT_NO_FATAL_FAILURE(RunHelloOk(**made));
}

// Two judges with different state directories and the default uids and cgroup name (two
// installations on one host): a run of the second waits while the first's run holds
// the slot, and the first run ends as it would alone. Without the host's lock on the
// slot's uid (run_slot.h), the second run started at once, in the first's cgroup, and
// ended long before it.
TEST_F(StateDirTest, JudgesWithDifferentStateDirectoriesTakeTurnsOnASlot) {
  std::unique_ptr<Sandbox> first, second;
  ASSERT_NO_FATAL_FAILURE(MakeTwoJudges(&first, &second));
  ASSERT_NO_FATAL_FAILURE(RunHelloOk(*second));  // its keeper and slot are ready
  using Clock = std::chrono::steady_clock;
  std::string slow;
  Clock::time_point slow_end;
  SandboxLimits shell;
  shell.max_processes = 4;  // sh and sleep
  shell.wall_time_ms = 10000;
  std::thread runner([&] {
    slow = Output(*first, {"/bin/sh", "-c", "sleep 1; echo slow"}, shell);
    slow_end = Clock::now();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  RunSpec spec;
  spec.argv = {"./hello"};
  spec.work_dir = root_ + "/run";
  spec.stdout_path = root_ + "/out2";
  Result<RunResult> quick = second->Run(spec);
  Clock::time_point quick_end = Clock::now();
  runner.join();
  EXPECT_EQ(slow, "slow\n");
  ASSERT_TRUE(quick.ok()) << quick.status().message();
  EXPECT_EQ(quick->status, RunStatus::kOk) << quick->message;
  EXPECT_GE(quick_end, slow_end) << "the second judge ran in the slot while the first's run held it";
}

// A judge's run gets its own limits even when another judge, with another state
// directory, wrote others to the slot's cgroup in between. With limits written only
// when they changed, and the stamp in the state directory's lock file, the first judge
// kept the 16 MiB limit the second wrote, and its 63 MB program was MLE under a
// 256 MiB limit.
TEST_F(StateDirTest, AJudgeForgetsTheSlotLimitsAnotherStateDirectoryWrote) {
  fs::copy_file(std::string(HOSTILE_DIR) + "/static_63mb", root_ + "/run/static_63mb");
  std::unique_ptr<Sandbox> first, second;
  ASSERT_NO_FATAL_FAILURE(MakeTwoJudges(&first, &second));
  SandboxLimits roomy;
  roomy.memory_kib = 262144;
  SandboxLimits tight;
  tight.memory_kib = 16384;
  const std::string made = "0\n";  // static_63mb prints a[4096 * 7], i.e. (char)28672
  ASSERT_EQ(Output(*first, {"./static_63mb"}, roomy), made);
  EXPECT_EQ(Output(*second, {"./hello"}, tight), "hello\n");
  EXPECT_EQ(Output(*first, {"./static_63mb"}, roomy), made) << "the first judge ran under the second's limit";
}

// Every run gets a disk layer of its own, and none outlives its run: not from run to
// run, not from one judge process to the next (a sandbox stands for a process), so no
// inode counter, flag or file of a layer reaches a later run. A layer a judge killed
// mid-run left mounted, with a file in it, is replaced, and the run sees nothing of it.
// With the layer kept between clean runs (and taken over by the next judge process)
// the first expectation failed.
TEST_F(StateDirTest, EveryRunGetsADiskLayerOfItsOwnThatEndsWithIt) {
  fs::copy_file(std::string(HOSTILE_DIR) + "/leave_traces", root_ + "/run/leave_traces");
  const std::string disk = state_ + "/slot0.disk";
  const std::string clean = "mode=755 uid=" + std::to_string(kStateFirstUid) + " xattr=no\nhello\n";
  for (int sandbox = 0; sandbox < 2; ++sandbox) {
    Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
    ASSERT_TRUE(made.ok()) << made.status().message();
    for (int run = 0; run < 2; ++run) {
      EXPECT_EQ(Output(**made, {"./leave_traces", "look"}), clean);
      EXPECT_TRUE(MountsUnder(disk).empty()) << "sandbox " << sandbox << ", run " << run << ": its layer outlived it";
    }
  }
  // What a judge killed mid-run leaves behind: its layer, a file in the upper layer.
  ASSERT_EQ(::mount("judge-disk", disk.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=1048576"), 0);
  fs::create_directories(disk + "/upper");
  std::ofstream(disk + "/upper/trace.txt") << "left behind\n";
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  EXPECT_EQ(Output(**made, {"./leave_traces", "look"}), clean) << "the run saw what was left in the layer";
  EXPECT_TRUE(MountsUnder(disk).empty()) << "the layer left behind, or the run's, outlived the run";
}

// What a run leaves in its work directory's root never reaches the next run of the
// slot: a user extended attribute and mode 0700 on the root, a file (copied back to
// the host, then removed there by the judge's user).
TEST_F(StateDirTest, ARunFindsNothingThePreviousRunLeftInTheKeptLayer) {
  fs::copy_file(std::string(HOSTILE_DIR) + "/leave_traces", root_ + "/run/leave_traces");
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  auto run = [&](const std::string& what) { return Output(**made, {"./leave_traces", what}); };
  const std::string clean = "mode=755 uid=" + std::to_string(kStateFirstUid) + " xattr=no\nhello\n";
  ASSERT_EQ(run("look"), clean);
  std::string marked = run("xattr");
  ASSERT_TRUE(marked.empty() || marked == "no xattr support\n") << marked;
  EXPECT_EQ(run("look"), clean) << "after a run set an attribute and mode 0700 on its work directory";
  ASSERT_EQ(run("file"), "");
  ASSERT_EQ(ReadAll(root_ + "/run/trace.txt"), "left behind\n");
  fs::remove(root_ + "/run/trace.txt");
  EXPECT_EQ(run("look"), clean) << "after a run wrote trace.txt, removed from the host since";
}

// The mount points of a process's mount table, as it sees them.
std::vector<std::string> MountPointsOf(int pid) {
  std::vector<std::string> out;
  std::istringstream lines(ReadAll("/proc/" + std::to_string(pid) + "/mountinfo"));
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string id, parent, devno, root, point;
    fields >> id >> parent >> devno >> root >> point;
    out.push_back(point);
  }
  return out;
}

// The init the slot's keeper has prepared for its next run, once there is one, it is
// not `served` (the init of the run just served: a run on its own's init exits after
// the judge has its answer, and may still be ending, its run's mounts with it) and it
// has pivoted into its own root; -1 after 2 s without.
int PreparedInit(const std::string& keeper, int served = -1) {
  struct stat host_root;
  if (::stat("/", &host_root) != 0) return -1;
  for (int i = 0; i < 200; ++i) {
    std::vector<int> inits = KeeperProcessesOf(keeper).inits;
    struct stat root;
    if (inits.size() == 1 && inits[0] != served &&
        ::stat(("/proc/" + std::to_string(inits[0]) + "/root").c_str(), &root) == 0 &&
        root.st_dev != host_root.st_dev)
      return inits[0];
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

bool Alive(int pid) {
  std::istringstream status(ReadAll("/proc/" + std::to_string(pid) + "/status"));
  for (std::string line; std::getline(status, line);)
    if (line.rfind("State:", 0) == 0) return line.find('Z') == std::string::npos;
  return false;
}

// After a run the slot's next init waits, already in its new root: its mounts are
// the run-independent ones (the system directories, /etc, /proc, /tmp, /dev/shm),
// none of the host's (it pins no host file system while it waits) and no run's
// directory. The next run is handed to it and still sees a host mount made after the
// init was prepared: the run's host directories come as copies the keeper makes at
// the run, in the host's mount namespace.
// Without preparing, no init waits (the first assertion fails); with an init that
// bound the run's directories by host path before its pivot (a snapshot of the host's
// mounts), the tmpfs mounted later would be missing: no ./sleep_forever to execute.
TEST_F(StateDirTest, TheNextInitWaitsInItsNewRootAndARunStillSeesLaterHostMounts) {
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  // A program that lasts long enough for the host to see the init that runs it (the
  // keeper has one at a time).
  fs::copy_file(std::string(HOSTILE_DIR) + "/nap", root_ + "/run/nap");
  RunSpec nap;
  nap.argv = {"./nap", "100"};
  nap.work_dir = root_ + "/run";
  nap.stdout_path = root_ + "/out";
  int served = -1;
  nap.on_started = [&] {
    std::vector<int> inits = KeeperProcessesOf(keeper_).inits;
    if (inits.size() == 1) served = inits[0];
  };
  Result<RunResult> first = (*made)->Run(nap);
  ASSERT_TRUE(first.ok()) << first.status().message();
  ASSERT_EQ(first->status, RunStatus::kOk) << first->message;
  ASSERT_GT(served, 0);
  const int init = PreparedInit(keeper_, served);
  ASSERT_GT(init, 0) << "no init prepared for the next run";
  std::vector<std::string> points = MountPointsOf(init);
  for (const char* expected : {"/", "/proc", "/tmp", "/dev/shm", "/etc"})
    EXPECT_NE(std::find(points.begin(), points.end(), expected), points.end()) << expected;
  for (const auto& p : points) {
    EXPECT_NE(p.rfind("/tmp/", 0), 0u) << "the waiting init holds a run's directory: " << p;
    EXPECT_TRUE(p == "/" || p == "/proc" || p == "/tmp" || p == "/dev/shm" || p == "/etc" ||
                fs::is_directory("/" + fs::path(p).relative_path().begin()->string()))
        << p;
  }
  EXPECT_LE(points.size(), 12u) << "the waiting init holds host mounts";

  const std::string late = root_ + "/late";
  fs::create_directories(late);
  ASSERT_EQ(::mount("late", late.c_str(), "tmpfs", 0, "mode=0755,size=8m"), 0) << std::strerror(errno);
  fs::copy_file(std::string(HOSTILE_DIR) + "/sleep_forever", late + "/sleep_forever");
  RunSpec spec;
  spec.argv = {"./sleep_forever"};
  spec.work_dir = late;
  spec.limits.wall_time_ms = 200;
  bool served_by_prepared = false;
  spec.on_started = [&] { served_by_prepared = Alive(init); };
  Result<RunResult> second = (*made)->Run(spec);
  ASSERT_TRUE(second.ok()) << second.status().message();
  EXPECT_EQ(second->status, RunStatus::kTimeLimitExceeded) << second->message;
  EXPECT_TRUE(served_by_prepared) << "the prepared init did not serve the next run";
}

// An init prepared for runs of one base never serves a run of another: a run with a
// larger memory limit (a larger root tmpfs) gets a new init, and its /tmp is larger.
// Without comparing the bases (BaseKey), the second run's /tmp has the first's size.
TEST_F(StateDirTest, ARunOfAnotherBaseGetsANewInit) {
  fs::copy_file(std::string(HOSTILE_DIR) + "/tmp_size", root_ + "/run/tmp_size");
  Result<std::unique_ptr<Sandbox>> made = CreateSandbox(Options());
  ASSERT_TRUE(made.ok()) << made.status().message();
  auto tmp_size = [&](int64_t memory_kib) {
    SandboxLimits limits;
    limits.memory_kib = memory_kib;
    return Output(**made, {"./tmp_size"}, limits);
  };
  const std::string small = tmp_size(64 * 1024);
  ASSERT_EQ(tmp_size(64 * 1024), small) << "the same limit, the same /tmp";
  const int init = PreparedInit(keeper_);
  ASSERT_GT(init, 0);
  const std::string large = tmp_size(128 * 1024);
  ASSERT_FALSE(large.empty());
  ASSERT_EQ(large.find("error"), std::string::npos) << large;
  EXPECT_GT(std::stoll(large), std::stoll(small)) << "a run was handed an init built for a smaller /tmp";
  EXPECT_FALSE(Alive(init)) << "the init prepared for the other base still waits";
}
}  // namespace
}  // namespace judge::testing
