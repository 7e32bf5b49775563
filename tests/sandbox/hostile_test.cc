// The hostile suite: each program of tests/sandbox/hostile with its expected status,
// then the host checks of SandboxTest::HostChecks (no process left, nothing changed
// outside the run directory, the judge responsive, the next run clean). The runs that
// only check the status and the CPU, wall time and memory measured are the rows of one
// table (HostileLimits); the tests that check more are written out.
//
// Timing expectations that depend on the machine's load (the wall time of a spinner
// killed at its CPU limit) are retried up to three times: a loaded 2-core machine
// can starve one attempt, but the judge must get it right when it gets the CPU.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <atomic>
#include <optional>
#include <set>
#include <thread>

#include "judge/base/files.h"
#include "judge/base/unique_fd.h"
#include "sandbox_fixture.h"

namespace judge::testing {
namespace {

#define ASSERT_RAN(r) ASSERT_TRUE((r).ok()) << (r).status().message()

class Hostile : public SandboxTest {};

// ---------------------------------------------------------------- time

// Wall time this thread needs to burn `ms` of its own CPU right now: the reference
// for "killed promptly" on a machine other jobs may be loading.
int64_t WallToBurnCpuMs(int64_t ms) {
  auto thread_cpu_ms = [] {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
  };
  auto start = std::chrono::steady_clock::now();
  double begin = thread_cpu_ms();
  volatile unsigned long x = 0;
  while (thread_cpu_ms() - begin < static_cast<double>(ms))
    for (int i = 0; i < 10000; ++i) x = x + 1;
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

TEST_F(Hostile, SpinIsTleWithCpuJustPastTheLimit) {
  // Wall below limit + 300 ms on an idle machine; on a loaded one, below the time the
  // CPU takes to get (measured side by side) + 300 ms. Three attempts against noise.
  bool wall_ok = false;
  std::string seen;
  for (int attempt = 0; attempt < 3 && !wall_ok; ++attempt) {
    SandboxLimits l = Small();
    l.wall_time_ms = 5000;
    int64_t reference = std::max<int64_t>(l.cpu_time_ms, WallToBurnCpuMs(l.cpu_time_ms));
    auto r = RunHostile("spin", {}, l);
    ASSERT_RAN(r);
    EXPECT_EQ(r->status, RunStatus::kTimeLimitExceeded);
    EXPECT_EQ(r->kill_reason, KillReason::kCpuTime);
    // Killed as soon as the CPU time passed the limit, and shown past it, in the
    // message too: never "1000 ms used, limit 1000 ms".
    EXPECT_GT(r->cpu_ms, l.cpu_time_ms);
    EXPECT_LE(r->cpu_ms, l.cpu_time_ms + 100);
    EXPECT_EQ(r->message, "killed: CPU time limit exceeded (" + std::to_string(r->cpu_ms) + " ms used, limit " +
                              std::to_string(l.cpu_time_ms) + " ms)");
    EXPECT_EQ(r->signal, SIGKILL);
    wall_ok = r->wall_ms < reference + 300;
    seen += " wall " + std::to_string(r->wall_ms) + " vs reference " + std::to_string(reference) + ";";
  }
  EXPECT_TRUE(wall_ok) << "the spinner was not stopped within 300 ms of its CPU limit:" << seen;
}

// RunSpec::nice (compiles run at 10): the program starts with it and cannot lower it.
TEST_F(Hostile, TheNiceValueOfTheSpecHoldsForTheProgram) {
  for (int nice : {0, 10}) {
    auto spec = HostileSpec("nice_value", {}, Small(), {});
    ASSERT_RAN(spec);
    spec->nice = nice;
    auto r = sandbox().Run(*spec);
    ASSERT_RAN(r);
    EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
    EXPECT_EQ(Stdout(), std::to_string(nice) + " kept\n");
  }
  auto spec = HostileSpec("nice_value", {}, Small(), {});
  ASSERT_RAN(spec);
  spec->nice = -5;
  auto refused = sandbox().Run(*spec);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().message(), "RunSpec.nice: expected 0 to 19, found -5");
}

// ---------------------------------------------------------------- memory

// The table's pages were charged when the test copied the binary, not to the run's
// cgroup: the program's own high-water RSS counts them.
TEST_F(Hostile, ABakedInTableCountsAsMemory) {
  SandboxLimits l = Small();
  l.memory_kib = 32 * 1024;
  auto r = RunHostile("baked_table", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kMemoryLimitExceeded) << r->message;
  EXPECT_GE(r->memory_kib, 40 * 1024);
  EXPECT_EQ(Stdout(), "1\n");  // it ran to the end: judged after the fact
  l.memory_kib = 64 * 1024;
  auto fits = RunHostile("baked_table", {}, l);
  ASSERT_RAN(fits);
  EXPECT_EQ(fits->status, RunStatus::kOk) << fits->message;
  EXPECT_GE(fits->memory_kib, 40 * 1024);
  EXPECT_LE(fits->memory_kib, 44 * 1024);
}

// Two judge processes share the host's slots (flock on the lock files). What one
// cached about a slot (the limits it last wrote to its cgroup) must not outlive the
// other's use of it: each sandbox here stands for a process, both on the one slot.
TEST_F(Hostile, LimitsAnotherJudgeWroteToTheSlotAreNotTrusted) {
  SandboxOptions one = TestOptions();
  one.slots = 1;
  auto a = CreateSandbox(one);
  auto b = CreateSandbox(one);
  ASSERT_TRUE(a.ok() && b.ok());
  SandboxLimits wide = Small();  // A: five threads, 64 MiB
  wide.max_processes = 5;
  wide.cpu_time_ms = 2000;
  wide.wall_time_ms = 5000;
  SandboxLimits narrow = Small();  // B: one process, 512 MiB
  narrow.memory_kib = 512 * 1024;
  narrow.cpu_time_ms = 2000;
  narrow.wall_time_ms = 5000;
  auto first = RunHostileIn(**a, "threads_spin", {"5"}, wide);
  ASSERT_RAN(first);
  EXPECT_EQ(first->status, RunStatus::kOk) << first->message;
  auto other = RunHostileIn(**b, "touch_all", {"100"}, narrow);
  ASSERT_RAN(other);
  EXPECT_EQ(other->status, RunStatus::kOk) << other->message;
  auto again = RunHostileIn(**a, "threads_spin", {"5"}, wide);
  ASSERT_RAN(again);
  EXPECT_EQ(again->status, RunStatus::kOk) << again->message;  // not B's process limit
  EXPECT_EQ(again->exit_code, 0);
  auto over = RunHostileIn(**a, "touch_all", {"100"}, wide);
  ASSERT_RAN(over);
  EXPECT_EQ(over->status, RunStatus::kMemoryLimitExceeded) << over->message;  // not B's 512 MiB
}

TEST_F(Hostile, Static32GiBArrayIsMleOrReNeverJudgeError) {
  SandboxLimits l = Small();
  l.memory_kib = 256 * 1024;
  auto r = RunHostile("static_32g", {}, l);
  ASSERT_RAN(r);  // the program's problem, never the judge's
  EXPECT_TRUE(r->status == RunStatus::kMemoryLimitExceeded || r->status == RunStatus::kRuntimeError)
      << RunStatusCode(r->status);
  EXPECT_FALSE(r->message.empty());
}

TEST_F(Hostile, PushBackForeverIsMleAndTheJudgeIsUntouched) {
  int64_t before = SelfMaxRssKib();
  SandboxLimits l = Small();
  l.memory_kib = 256 * 1024;
  l.cpu_time_ms = 3000;
  l.wall_time_ms = 6000;
  auto r = RunHostile("pushback_forever", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kMemoryLimitExceeded) << r->message;
  EXPECT_LT(SelfMaxRssKib() - before, 16 * 1024) << "the judge's own memory grew";
}

// The host's out-of-memory killer, played by a limit on the cgroup above the run's (as
// a full host or a parent's limit would), kills a run far under its own limit. The
// kernel counts that kill in the run's cgroup too; it is not the program's MLE but a
// SIGKILL from outside (RE, which the grader runs again: KilledFromOutside).
TEST_F(Hostile, TheHostsOomKillUnderTheRunsOwnLimitIsNotMle) {
  constexpr const char* kName = "judge-test-host-oom";
  SandboxOptions o = TestOptions();
  o.cgroup_name = kName;
  o.slots = 1;
  Result<std::unique_ptr<Sandbox>> sb = CreateSandbox(o);
  ASSERT_TRUE(sb.ok()) << sb.status().message();
  ASSERT_RAN(RunHostileIn(**sb, "hello", {}, Small()));  // makes the tree
  std::string parent;  // where the run's tree starts, under a memory controller
  for (const char* base : {"/sys/fs/cgroup/memory/", "/sys/fs/cgroup/", "/sys/fs/cgroup/unified/"}) {
    const std::string dir = std::string(base) + kName;
    const bool v1 = fs::exists(dir + "/memory.limit_in_bytes");
    if (!v1 && !fs::exists(dir + "/memory.max")) continue;
    parent = dir;
    const std::string file = dir + (v1 ? "/memory.limit_in_bytes" : "/memory.max");
    struct Restore {
      std::string file, value;
      ~Restore() { std::ofstream(file) << value; }
    } restore{file, v1 ? "-1" : "max"};
    std::ofstream(file) << 48 * 1024 * 1024;
    SandboxLimits l = Small();
    l.memory_kib = 512 * 1024;
    l.wall_time_ms = 10000;
    auto r = RunHostileIn(**sb, "touch_300mb", {}, l);
    ASSERT_RAN(r);
    EXPECT_EQ(r->status, RunStatus::kRuntimeError) << r->message;
    EXPECT_NE(r->message.find("SIGKILL (the host's out-of-memory killer"), std::string::npos) << r->message;
    break;
  }
  sb->reset();
  for (const auto& ctl : fs::directory_iterator("/sys/fs/cgroup")) {
    for (const std::string& d : {ctl.path().string() + "/" + kName, "/sys/fs/cgroup/" + std::string(kName)}) {
      ::rmdir((d + "/slot0/run").c_str());
      ::rmdir((d + "/slot0").c_str());
      ::rmdir(d.c_str());
    }
  }
  if (parent.empty()) GTEST_SKIP() << "no memory cgroup of " << kName << " found to limit";
}

TEST_F(Hostile, DevShmIsChargedAndPrivate) {
  SandboxLimits l = Small();
  l.memory_kib = 128 * 1024;
  l.cpu_time_ms = 2000;
  l.wall_time_ms = 5000;
  auto r = RunHostile("shm_200mb", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kMemoryLimitExceeded) << r->message;
  EXPECT_FALSE(fs::exists("/dev/shm/judge-hostile-shm"));
}

// ---------------------------------------------------------------- output

TEST_F(Hostile, AnswerThenSpacesIsOleAndBounded) {
  int64_t before = SelfMaxRssKib();
  SandboxLimits l = Small();
  l.output_kib = 1024;
  l.cpu_time_ms = 3000;
  l.wall_time_ms = 6000;
  auto r = RunHostile("answer_then_spaces", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOutputLimitExceeded) << r->message;
  EXPECT_EQ(r->kill_reason, KillReason::kOutput);
  EXPECT_LE(static_cast<int64_t>(fs::file_size(root_ + "/stdout.txt")), 1024 * 1024 + 1);
  EXPECT_EQ(Stdout().substr(0, 3), "42\n");
  EXPECT_LT(SelfMaxRssKib() - before, 8 * 1024) << "the judge buffered the output";
}

TEST_F(Hostile, TwoGigabyteFileIsStoppedAtTheLimit) {
  SandboxLimits l = Small();
  l.output_kib = 2048;
  l.cpu_time_ms = 3000;
  l.wall_time_ms = 6000;
  auto r = RunHostile("big_file", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOutputLimitExceeded) << r->message;
  EXPECT_LE(static_cast<int64_t>(fs::file_size(root_ + "/run/big.bin")), 2048 * 1024 + 1);
}

// Many files, each under the output limit, together far over it: the work directory's
// quota (the output limit unless stated) refuses the write that crosses it, and the
// run is OLE; the host directory holds no more than the quota.
TEST_F(Hostile, ManyFilesUnderTheOutputLimitStopAtTheDiskQuota) {
  SandboxLimits l = Small();
  l.output_kib = 4096;
  l.cpu_time_ms = 2000;
  l.wall_time_ms = 4000;
  auto r = RunHostile("disk_fill", {"64", "2048"}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOutputLimitExceeded) << r->message;
  EXPECT_EQ(r->kill_reason, KillReason::kDisk);
  EXPECT_NE(r->message.find("disk quota of the work directory exceeded"), std::string::npos) << r->message;
  EXPECT_EQ(r->disk_method, "overlay+tmpfs");
  EXPECT_GE(r->disk_kib, 4096);
  EXPECT_NE(Stdout().find("No space left on device"), std::string::npos) << Stdout();
  uintmax_t total = 0;
  for (const auto& e : fs::directory_iterator(root_ + "/run"))
    if (e.path().filename().string().rfind("fill", 0) == 0) total += fs::file_size(e.path());
  EXPECT_GT(total, 0u);
  EXPECT_LE(total, 4096u * 1024 + 4096);
  // A stated quota replaces the output limit's.
  for (const auto& e : fs::directory_iterator(root_ + "/run"))
    if (e.path().filename().string().rfind("fill", 0) == 0) fs::remove(e.path());
  l.disk_kib = 16 * 1024;
  auto more = RunHostile("disk_fill", {"6", "2048"}, l);
  ASSERT_RAN(more);
  EXPECT_EQ(more->status, RunStatus::kOk) << more->message;
  EXPECT_EQ(Stdout(), "wrote 6 files\n");
}

// The program's writes reach the host directory only as plain files, directories and
// links, after the run: no setuid bit, no FIFO, a link recreated and never followed,
// removals and replacements applied.
TEST_F(Hostile, WritesAreCopiedBackAsPlainFilesOnly) {
  std::ofstream(root_ + "/run/gone") << "to be removed\n";
  std::ofstream(root_ + "/run/kept") << "original\n";
  ::chmod((root_ + "/run/kept").c_str(), 0666);
  fs::create_directories(root_ + "/run/old");
  std::ofstream(root_ + "/run/old/file") << "old\n";
  ::chmod((root_ + "/run/old").c_str(), 0777);
  auto r = RunHostile("layer_ops", {}, Small());
  ASSERT_RAN(r);
  ASSERT_EQ(r->status, RunStatus::kOk) << r->message << " " << r->disk_method;
  const std::string run = root_ + "/run";
  EXPECT_FALSE(fs::exists(fs::symlink_status(run + "/gone")));
  EXPECT_EQ(ReadAll(run + "/kept"), "rewritten\n");
  EXPECT_EQ(ReadAll(run + "/new.txt"), "new\n");
  struct stat st;
  ASSERT_EQ(::lstat((run + "/new.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0755u) << std::oct << st.st_mode;
  ASSERT_EQ(::lstat((run + "/link").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  EXPECT_EQ(fs::read_symlink(run + "/link"), "/etc/passwd");
  EXPECT_FALSE(fs::exists(fs::symlink_status(run + "/fifo")));
  EXPECT_EQ(ReadAll(run + "/dir/inner.txt"), "inner\n");
  EXPECT_TRUE(fs::is_directory(run + "/old"));
  EXPECT_TRUE(fs::is_empty(run + "/old"));
  EXPECT_NE(r->message.find("1 entries the program wrote were not kept"), std::string::npos) << r->message;
}

// Copy-back amplification (issue 23, hole 1): 20 empty files ftruncate'd to 8 MiB and
// a 4 MiB file with 19 more names cost the run 4 MiB of its quota; a judge copying
// back apparent sizes, once per name, wrote 240 MiB into its scratch. The judge
// writes at most what the run was charged: holes stay holes, an inode comes back once
// (its other names as links).
class CopyBack : public Hostile {
 protected:
  Result<RunResult> Amplify(std::optional<std::vector<std::string>> only) {
    SandboxLimits l = Small();
    l.output_kib = 8 * 1024;  // each file's apparent size fits (RLIMIT_FSIZE); so does the quota
    l.cpu_time_ms = 2000;
    l.wall_time_ms = 4000;
    std::error_code ec;
    fs::copy_file(std::string(HOSTILE_DIR) + "/copy_back_amplify", root_ + "/run/copy_back_amplify", ec);
    if (ec) return Status::IoError("copy: " + ec.message());
    RunSpec spec;
    spec.argv = {"./copy_back_amplify", "20", "8192", "4096", "19"};
    spec.work_dir = root_ + "/run";
    spec.stdout_path = root_ + "/stdout.txt";
    spec.limits = l;
    spec.copy_back_only = std::move(only);
    expected_entries_.insert("stdout.txt");
    return sandbox().Run(spec);
  }
  // The real bytes the run directory holds, each inode once, but the program's.
  uintmax_t RealBytesWritten() {
    std::set<ino_t> seen;
    uintmax_t bytes = 0;
    for (const auto& e : fs::directory_iterator(root_ + "/run")) {
      struct stat st;
      if (e.path().filename() == "copy_back_amplify" || ::lstat(e.path().c_str(), &st) != 0) continue;
      if (seen.insert(st.st_ino).second) bytes += static_cast<uintmax_t>(st.st_blocks) * 512;
    }
    return bytes;
  }
};

TEST_F(CopyBack, EverythingComesBackByRealBlocksAndEachInodeOnce) {
  auto r = Amplify(std::nullopt);
  ASSERT_RAN(r);
  ASSERT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_EQ(Stdout(), "done\n");
  EXPECT_LE(RealBytesWritten(), 4096u * 1024 + 64 * 1024) << "the judge wrote more than the run was charged";
  EXPECT_EQ(ReadAll(root_ + "/run/answer.out"), "42\n");
  struct stat data, link, sparse;
  ASSERT_EQ(::lstat((root_ + "/run/data").c_str(), &data), 0);
  ASSERT_EQ(::lstat((root_ + "/run/data.link018").c_str(), &link), 0);
  EXPECT_EQ(data.st_ino, link.st_ino);
  EXPECT_EQ(data.st_nlink, 20u);
  EXPECT_EQ(data.st_size, 4096 * 1024);
  ASSERT_EQ(::lstat((root_ + "/run/sparse019").c_str(), &sparse), 0);
  EXPECT_EQ(sparse.st_size, 8192 * 1024);  // as the program saw it, but a hole
  EXPECT_EQ(sparse.st_blocks, 0);
}

// A test run of a file-I/O problem: only its output file comes back, intact.
TEST_F(CopyBack, OnlyTheNamedOutputFileComesBack) {
  auto r = Amplify(std::vector<std::string>{"answer.out"});
  ASSERT_RAN(r);
  ASSERT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_EQ(ReadAll(root_ + "/run/answer.out"), "42\n");
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(root_ + "/run")) names.insert(e.path().filename().string());
  EXPECT_EQ(names, (std::set<std::string>{"answer.out", "copy_back_amplify"}));
  EXPECT_LE(RealBytesWritten(), 64u * 1024);
}

// A tree deeper than PATH_MAX allows by name is kept and then removed like any other.
TEST_F(Hostile, ADeepTreeIsKeptAndRemoved) {
  auto r = RunHostile("deep_tree", {"17"}, Small());
  ASSERT_RAN(r);
  ASSERT_EQ(r->status, RunStatus::kOk) << r->message;
  UniqueFd run(::open((root_ + "/run").c_str(), O_RDONLY | O_DIRECTORY));
  std::string name(250, 'n');
  int depth = 0;
  UniqueFd cur(::dup(run.get()));
  while (true) {
    UniqueFd next(::openat(cur.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW));
    if (!next) break;
    cur = std::move(next);
    ++depth;
  }
  EXPECT_EQ(depth, 17);
  EXPECT_EQ(::faccessat(cur.get(), "bottom.txt", F_OK, 0), 0);
  EXPECT_TRUE(judge::fs::RemoveTree(root_ + "/run").ok());
  fs::create_directories(root_ + "/run");
}

// On a tmpfs work directory (as many judges use): creating and removing 100,000
// files on this host's disk takes minutes, on tmpfs a second; the files' pages and
// inodes are then the run's memory.
class HostileOnTmpfs : public Hostile {
 protected:
  std::string root_parent() const override { return "/dev/shm"; }
};

TEST_F(HostileOnTmpfs, HundredThousandFilesStayInTheRunDirectory) {
  SandboxLimits l = Small();
  l.cpu_time_ms = 2000;
  l.wall_time_ms = 3000;
  l.memory_kib = 256 * 1024;
  l.output_kib = 256 * 1024;  // the file quota (16384) binds first
  auto r = RunHostile("many_files", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOutputLimitExceeded) << RunStatusCode(r->status) << " " << r->message;
  EXPECT_EQ(r->kill_reason, KillReason::kDisk) << r->message;
  std::size_t files = 0;
  for (auto it = fs::directory_iterator(root_ + "/run"); it != fs::directory_iterator(); ++it) ++files;
  EXPECT_LE(files, 16384u + 1);  // and the program itself
}

// ---------------------------------------------------------------- escape

TEST_F(Hostile, CannotReadTheJudgesFiles) {
  char exe[4096] = {};
  ASSERT_GT(::readlink("/proc/self/exe", exe, sizeof exe - 1), 0);
  auto r = RunHostile("read_files",
                      {root_ + "/secret.ans", root_ + "/judge.sqlite", "../secret.ans", "../judge.sqlite", exe,
                       "/tmp/judge-sandbox-test/slot0.lock", "/proc/" + std::to_string(::getpid()) + "/environ"},
                      Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
  EXPECT_NE(Stderr().find("refused: /etc/shadow"), std::string::npos) << Stderr();
}

TEST_F(Hostile, ProcShowsOnlyTheRun) {
  auto r = RunHostile("proc_snoop", {std::to_string(::getpid())}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
}

TEST_F(Hostile, OutputReplacedBySymlinkIsRestored) {
  // The stdout file lives in the run directory here, so the program can reach it.
  std::string out = root_ + "/run/out.txt";
  std::error_code ec;
  fs::copy_file(std::string(HOSTILE_DIR) + "/replace_output", root_ + "/run/replace_output", ec);
  RunSpec spec;
  spec.argv = {"./replace_output", out, root_ + "/secret.ans"};
  spec.work_dir = root_ + "/run";
  spec.stdout_path = out;
  spec.limits = Small();
  auto r = sandbox().Run(spec);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  struct stat st;
  ASSERT_EQ(::lstat(out.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(ReadAll(out), "written on stdout\n");
}

// The output's folder is swapped for a symlink to a host folder: the judge works on the
// folder it opened before the run (fd-relative), never on the path again.
TEST_F(Hostile, ASwappedOutputFolderNeverLeadsOutside) {
  fs::create_directories(root_ + "/run/sub");
  ::chmod((root_ + "/run/sub").c_str(), 0777);
  fs::create_directories(root_ + "/host");
  expected_entries_.insert("host");
  std::error_code ec;
  fs::copy_file(std::string(HOSTILE_DIR) + "/swap_parent", root_ + "/run/swap_parent", ec);
  RunSpec spec;
  spec.argv = {"./swap_parent", root_ + "/run/sub", root_ + "/host"};
  spec.work_dir = root_ + "/run";
  spec.stdout_path = root_ + "/run/sub/out.txt";
  spec.limits = Small();
  auto r = sandbox().Run(spec);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_TRUE(fs::is_empty(root_ + "/host")) << "the judge wrote into the host folder through the symlink";
  // The program's link is kept as a link; the folder it removed, with the judge's
  // file in it, is gone (on an overlay the folder cannot be renamed).
  EXPECT_TRUE(fs::is_symlink(root_ + "/run/sub"));
  if (r->disk_method != "overlay+tmpfs") {
    EXPECT_EQ(ReadAll(root_ + "/run/sub.moved/out.txt"), "written on stdout\n");
  }
}

// A test's name must not leak: stdin is a sealed memory copy, stdout a pipe; cwd, exe
// and the mount table show the run directory only, never the test's folder or name.
TEST_F(Hostile, TheProgramCannotLearnTheTestsName) {
  fs::create_directories(root_ + "/secretpkg");
  expected_entries_.insert("secretpkg");
  std::ofstream(root_ + "/secretpkg/19-unsolvable.in") << "3 1 2\n";
  std::error_code ec;
  fs::copy_file(std::string(HOSTILE_DIR) + "/show_names", root_ + "/run/show_names", ec);
  RunSpec spec;
  spec.argv = {"./show_names"};
  spec.work_dir = root_ + "/run";
  spec.stdin_path = root_ + "/secretpkg/19-unsolvable.in";
  spec.stdout_path = root_ + "/stdout.txt";
  expected_entries_.insert("stdout.txt");
  spec.limits = Small();
  auto r = sandbox().Run(spec);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  std::string out = Stdout();
  EXPECT_NE(out.find("/proc/self/fd/0=/memfd:stdin (deleted)\n"), std::string::npos) << out;
  EXPECT_NE(out.find("/proc/self/fd/1=pipe:["), std::string::npos) << out;
  EXPECT_NE(out.find("stdin: 3 1 2\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("unsolvable"), std::string::npos) << out;
  EXPECT_EQ(out.find("secretpkg"), std::string::npos) << out;
  EXPECT_EQ(out.find("stdout.txt"), std::string::npos) << out;
}

// Output is output: 60 MiB written under a 32 MiB memory limit is OK, and the memory
// reported is the program's (the page cache of the judge's file is not the run's).
TEST_F(Hostile, BigOutputIsNotCountedAsMemory) {
  SandboxLimits l = Small();
  l.memory_kib = 32 * 1024;
  l.output_kib = 128 * 1024;
  l.wall_time_ms = 5000;
  auto r = RunHostile("print_60mb", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  EXPECT_EQ(r->output_bytes, 60 << 20);
  EXPECT_LT(r->memory_kib, 8 * 1024);
  EXPECT_EQ(fs::file_size(root_ + "/stdout.txt"), uint64_t{60} << 20);
}

TEST_F(Hostile, OutputReplacedByFifoIsRestored) {
  std::string out = root_ + "/run/out.txt";
  std::error_code ec;
  fs::copy_file(std::string(HOSTILE_DIR) + "/replace_output", root_ + "/run/replace_output", ec);
  RunSpec spec;
  spec.argv = {"./replace_output", out, root_ + "/secret.ans", "fifo"};
  spec.work_dir = root_ + "/run";
  spec.stdout_path = out;
  spec.limits = Small();
  auto r = sandbox().Run(spec);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
  struct stat st;
  ASSERT_EQ(::lstat(out.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));  // reading it cannot hang the grader
  EXPECT_EQ(ReadAll(out), "written on stdout\n");
}

// A run stopped on request (RunSpec::cancel: a signal reached the judge) is killed at
// once, reported as kCancelled (not a verdict), and still leaves no replaced output
// path behind: restoring is RAII, done on every path out of a run.
TEST_F(Hostile, ACancelledRunIsKilledPromptlyAndItsOutputRestored) {
  std::string out = root_ + "/run/out.txt";
  std::error_code ec;
  fs::copy_file(std::string(HOSTILE_DIR) + "/replace_output", root_ + "/run/replace_output", ec);
  std::atomic<bool> cancel{false};
  RunSpec spec;
  spec.argv = {"./replace_output", out, root_ + "/secret.ans", "symlink", "spin"};
  spec.work_dir = root_ + "/run";
  spec.stdout_path = out;
  spec.limits = Small();
  spec.limits.cpu_time_ms = 20000;
  spec.limits.wall_time_ms = 40000;
  spec.cancel = &cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  auto start = std::chrono::steady_clock::now();
  auto r = sandbox().Run(spec);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  canceller.join();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled) << r.status().message();
  EXPECT_LT(seconds, 2.0);
  struct stat st;
  ASSERT_EQ(::lstat(out.c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));
  EXPECT_EQ(ReadAll(out), "written on stdout\n");
}

TEST_F(Hostile, OutputPathsMustBeRegularFilesNotLinks) {
  std::error_code ec;
  fs::copy_file(std::string(HOSTILE_DIR) + "/hello", root_ + "/run/hello", ec);
  fs::create_symlink(root_ + "/secret.ans", root_ + "/link.txt");
  expected_entries_.insert("link.txt");
  RunSpec spec;
  spec.argv = {"./hello"};
  spec.work_dir = root_ + "/run";
  spec.stdout_path = root_ + "/link.txt";
  spec.limits = Small();
  auto r = sandbox().Run(spec);
  ASSERT_FALSE(r.ok());  // the judge's own mistake: JE, and the secret untouched
  EXPECT_NE(r.status().message().find("symbolic link"), std::string::npos) << r.status().message();
  ASSERT_EQ(::mkfifo((root_ + "/fifo").c_str(), 0644), 0);
  expected_entries_.insert("fifo");
  spec.stdout_path = root_ + "/fifo";
  auto f = sandbox().Run(spec);  // must not block on the FIFO
  ASSERT_FALSE(f.ok());
}

// A refused fork is the program's business (EAGAIN): the fork bomb spins on failed
// forks until its CPU time runs out, and the message says forks were denied.
TEST_F(Hostile, ForkBombIsStopped) {
  SandboxLimits l = Small();
  l.max_processes = 16;
  l.memory_kib = 256 * 1024;  // the kernel memory of ~1,000 refused forks a second is charged too
  l.cpu_time_ms = 1000;
  l.wall_time_ms = 3000;
  auto r = RunHostile("fork_bomb", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kTimeLimitExceeded) << r->message;
  // CPU, or wall when other jobs starve a loaded machine's cores.
  EXPECT_TRUE(r->kill_reason == KillReason::kCpuTime || r->kill_reason == KillReason::kWallTime) << r->message;
  EXPECT_NE(r->message.find("denied at the process limit of 16"), std::string::npos) << r->message;
}

TEST_F(Hostile, TenThousandThreadsAreRefused) {
  SandboxLimits l = Small();
  l.max_processes = 64;
  l.memory_kib = 256 * 1024;
  l.wall_time_ms = 3000;
  auto r = RunHostile("threads_10000", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->kill_reason, KillReason::kNone) << r->message;
  EXPECT_NE(r->message.find("denied at the process limit of 64"), std::string::npos) << r->message;
}

// Old contest code calls system("pause"): the fork is refused, the program goes on and
// its answer decides. Every run gives the same result (no race with the monitor).
TEST_F(Hostile, ADeniedForkIsNotedAndTheProgramGoesOn) {
  SandboxLimits l = Small();
  l.max_processes = 1;
  for (int i = 0; i < 5; ++i) {
    auto r = RunHostile("system_pause", {}, l);
    ASSERT_RAN(r);
    EXPECT_EQ(r->status, RunStatus::kOk) << r->message;
    EXPECT_EQ(r->exit_code, 0);
    EXPECT_EQ(Stdout(), "42\n");
    EXPECT_NE(r->message.find("1 fork was denied at the process limit of 1"), std::string::npos) << r->message;
  }
}

TEST_F(Hostile, ExecOfShellStaysInside) {
  SandboxLimits l = Small();
  l.max_processes = 4;
  auto r = RunHostile("exec_sh", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message << Stderr();
  std::string out = Stdout();
  ASSERT_EQ(out.rfind("from-sh\n", 0), 0u) << out;
  int uid = std::atoi(out.c_str() + 8);
  EXPECT_GE(uid, kTestFirstUid);
  EXPECT_LT(uid, kTestFirstUid + kTestSlots);
}

TEST_F(Hostile, ExecOfAWrittenFileWorks) {
  SandboxLimits l = Small();
  l.max_processes = 4;
  auto r = RunHostile("exec_written", {}, l);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message << Stderr();
  EXPECT_EQ(Stdout(), "from-script\n");
}

TEST_F(Hostile, NoNetworkOutsideOrToTheHostsLoopback) {
  int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  ASSERT_GE(listener, 0);
  sockaddr_in a = {};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  ASSERT_EQ(::listen(listener, 4), 0);
  socklen_t len = sizeof a;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len);
  auto r = RunHostile("net_connect", {std::to_string(ntohs(a.sin_port))}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
  EXPECT_LT(::accept(listener, nullptr, nullptr), 0);  // nobody connected
  ::close(listener);
}

// Every init makes its own empty network namespace: two runs on one slot, from two
// judge processes, are in two namespaces, neither the judge's.
TEST_F(Hostile, EachRunOnItsOwnGetsAFreshNetworkNamespace) {
  SandboxOptions one_slot = TestOptions();
  one_slot.slots = 1;
  auto first = CreateSandbox(one_slot);
  auto second = CreateSandbox(one_slot);
  ASSERT_TRUE(first.ok() && second.ok());
  std::vector<std::string> seen;
  for (Sandbox* sb : {first->get(), second->get()}) {
    std::error_code ec;
    fs::copy_file(std::string(HOSTILE_DIR) + "/show_netns", root_ + "/run/show_netns",
                  fs::copy_options::overwrite_existing, ec);
    RunSpec spec;
    spec.argv = {"./show_netns"};
    spec.work_dir = root_ + "/run";
    spec.stdout_path = root_ + "/stdout.txt";
    spec.limits = Small();
    expected_entries_.insert("stdout.txt");
    auto r = sb->Run(spec);
    ASSERT_RAN(r);
    ASSERT_EQ(r->status, RunStatus::kOk) << r->message;
    seen.push_back(Stdout());
  }
  EXPECT_EQ(seen[0].rfind("net:[", 0), 0u) << seen[0];
  EXPECT_NE(seen[0], seen[1]);
  char own[64] = {};
  ASSERT_GT(::readlink("/proc/self/ns/net", own, sizeof own - 1), 0);
  for (const std::string& s : seen)
    EXPECT_NE(s, std::string(own) + "\n") << "the run must not be in the judge's namespace";
}

// Only AF_UNIX sockets: network namespaces do not isolate AF_VSOCK (the hypervisor's
// host) and others, and inet state (flow labels, counters) outlives its sockets in the
// namespace a session's runs share; the seccomp allowlist refuses them all.
TEST_F(Hostile, SocketFamiliesOutsideTheAllowlistAreRefused) {
  auto r = RunHostile("socket_families", {}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
  EXPECT_EQ(Stdout(), "vsock errno " + std::to_string(EAFNOSUPPORT) + "\n") << Stderr();
}

TEST_F(Hostile, KillingParentInitAndEveryoneReachesNothing) {
  auto r = RunHostile("kill_others", {}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
}

TEST_F(Hostile, PrivilegedCallsAllFail) {
  auto r = RunHostile("privileged_calls", {}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
}

TEST_F(Hostile, OnlyStdioAndTheGivenEnvironment) {
  std::vector<std::string> env = {"ONLINE_JUDGE=1", "PATH=/usr/bin:/bin", "X=a b c"};
  auto r = RunHostile("fds_env", env, Small(), env);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
}

TEST_F(Hostile, NothingCrossesRuns) {
  auto put = RunHostile("ipc_leave", {"put"}, Small());
  ASSERT_RAN(put);
  EXPECT_EQ(put->status, RunStatus::kOk) << Stderr();
  auto get = RunHostile("ipc_leave", {"get"}, Small());
  ASSERT_RAN(get);
  EXPECT_EQ(get->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
}

TEST_F(Hostile, CannotWriteOutsideTheWorkDirectory) {
  auto r = RunHostile("write_outside", {root_ + "/planted", root_ + "/secret.ans"}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << Stderr();
  EXPECT_EQ(Stderr().find("ESCAPED"), std::string::npos) << Stderr();
}

TEST_F(Hostile, AbortIsRuntimeErrorWithoutCore) {
  auto r = RunHostile("abort", {}, Small());
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kRuntimeError);
  EXPECT_EQ(r->signal, SIGABRT);
  for (const auto& e : fs::directory_iterator(root_ + "/run"))
    EXPECT_EQ(e.path().filename().string().rfind("core", 0), std::string::npos) << e.path();
}

// ---------------------------------------------------------------- the table

// "Run program X with limits L; expect status S, and CPU, wall time and memory within
// bounds": one row each. Every row runs in its own test (HostChecks after it), `runs`
// times when it checks that a result holds run after run.
struct Bounds {
  std::optional<int64_t> min;  // inclusive; unset: not checked
  std::optional<int64_t> max;  // inclusive; unset: not checked
};

// Small() with a row's changes; 0 keeps Small()'s value.
struct LimitChanges {
  int64_t cpu_ms = 0;
  int64_t wall_ms = 0;
  int64_t memory_kib = 0;
  int64_t output_kib = 0;
  int32_t processes = 0;
  bool reserved_memory_counts = false;
};

struct LimitCase {
  const char* name;  // the test's name
  const char* program;  // tests/sandbox/hostile/<program>
  std::vector<std::string> args;
  LimitChanges limits;
  std::optional<RunStatus> status;  // unset: not checked
  std::optional<KillReason> kill = std::nullopt;
  Bounds cpu_ms = {};
  std::optional<int64_t> cpu_over_limit_ms = std::nullopt;  // cpu_ms <= the CPU limit + this
  Bounds wall_ms = {};
  Bounds memory_kib = {};
  std::optional<int> signal = std::nullopt;
  std::optional<int> exit_code = std::nullopt;
  const char* message_has = nullptr;  // a part of RunResult::message
  int runs = 1;
};

class HostileLimits : public SandboxTest, public ::testing::WithParamInterface<LimitCase> {
 protected:
  static SandboxLimits LimitsOf(const LimitChanges& c) {
    SandboxLimits l = Small();
    if (c.cpu_ms) l.cpu_time_ms = c.cpu_ms;
    if (c.wall_ms) l.wall_time_ms = c.wall_ms;
    if (c.memory_kib) l.memory_kib = c.memory_kib;
    if (c.output_kib) l.output_kib = c.output_kib;
    if (c.processes) l.max_processes = c.processes;
    l.reserved_memory_counts = c.reserved_memory_counts;
    return l;
  }
};

void ExpectWithin(const char* what, int64_t value, const Bounds& b, const std::string& context) {
  if (b.min) {
    EXPECT_GE(value, *b.min) << what << "; " << context;
  }
  if (b.max) {
    EXPECT_LE(value, *b.max) << what << "; " << context;
  }
}

TEST_P(HostileLimits, EndsAsTheRowSays) {
  const LimitCase& c = GetParam();
  const SandboxLimits l = LimitsOf(c.limits);
  for (int i = 0; i < c.runs; ++i) {
    auto r = RunHostile(c.program, c.args, l);
    ASSERT_RAN(r);
    const std::string context = "run " + std::to_string(i) + ": " + std::string(RunStatusCode(r->status)) +
                                " (" + std::string(KillReasonName(r->kill_reason)) + ") cpu " +
                                std::to_string(r->cpu_ms) + " wall " + std::to_string(r->wall_ms) + " KiB " +
                                std::to_string(r->memory_kib) + ": " + r->message + " " + Stderr();
    if (c.status) {
      EXPECT_EQ(r->status, *c.status) << context;
    }
    if (c.kill) {
      EXPECT_EQ(r->kill_reason, *c.kill) << context;
    }
    ExpectWithin("cpu_ms", r->cpu_ms, c.cpu_ms, context);
    if (c.cpu_over_limit_ms) {
      EXPECT_LE(r->cpu_ms, l.cpu_time_ms + *c.cpu_over_limit_ms) << context;
    }
    ExpectWithin("wall_ms", r->wall_ms, c.wall_ms, context);
    ExpectWithin("memory_kib", r->memory_kib, c.memory_kib, context);
    if (c.signal) {
      EXPECT_EQ(r->signal, *c.signal) << context;
    }
    if (c.exit_code) {
      EXPECT_EQ(r->exit_code, *c.exit_code) << context;
    }
    if (c.message_has) {
      EXPECT_NE(r->message.find(c.message_has), std::string::npos) << context;
    }
    if (c.status && r->status != *c.status) break;  // one wrong status says it; the rest would repeat it
  }
}

const RunStatus kOk = RunStatus::kOk;
const RunStatus kTle = RunStatus::kTimeLimitExceeded;
const RunStatus kMle = RunStatus::kMemoryLimitExceeded;
const RunStatus kOle = RunStatus::kOutputLimitExceeded;
const RunStatus kRe = RunStatus::kRuntimeError;

const LimitCase kLimitCases[] = {
    // time: the wall clock stops what does not use the CPU
    {.name = "SleepForeverIsTleByWallTime", .program = "sleep_forever", .args = {}, .limits = {.wall_ms = 500},
     .status = kTle, .kill = KillReason::kWallTime, .cpu_ms = {.max = 49}, .wall_ms = {500, 799}},
    {.name = "PipeBlockIsTleByWallTime", .program = "pipe_block", .args = {}, .limits = {.wall_ms = 400},
     .status = kTle, .kill = KillReason::kWallTime, .wall_ms = {400, 699}},
    // time: CPU is summed over threads, processes and the kernel's work for them
    {.name = "FourThreadsOf100MsAreSummedPastTheLimit", .program = "threads_spin", .args = {"100"},
     .limits = {.cpu_ms = 300, .wall_ms = 10000, .processes = 8},
     .status = kTle, .kill = KillReason::kCpuTime, .cpu_ms = {.max = 400}},
    {.name = "FourThreadsSpinningForeverAreKilledJustPastTheLimit", .program = "threads_spin", .args = {},
     .limits = {.cpu_ms = 300, .wall_ms = 10000, .processes = 8},
     .status = std::nullopt, .kill = KillReason::kCpuTime, .cpu_ms = {300, 400}},
    {.name = "FourThreadsOf50MsFitTheLimit", .program = "threads_spin", .args = {"50"},
     .limits = {.cpu_ms = 300, .wall_ms = 10000, .processes = 8}, .status = kOk, .cpu_ms = {.min = 195}},
    {.name = "KernelTimeIsCounted", .program = "kernel_burner", .args = {}, .limits = {.wall_ms = 5000},
     .status = kTle, .kill = KillReason::kCpuTime, .cpu_over_limit_ms = 100},
    {.name = "ForkedSpinningChildIsCounted", .program = "fork_spin", .args = {},
     .limits = {.wall_ms = 5000, .processes = 2},  // the parent only waits
     .status = kTle, .kill = KillReason::kCpuTime, .cpu_over_limit_ms = 100},
    {.name = "SetsidDaemonsAreCountedAndKilled", .program = "setsid_daemons", .args = {"4000"},
     .limits = {.wall_ms = 5000, .processes = 8},  // the parent outlives the daemons' CPU limit
     .status = kTle, .kill = KillReason::kCpuTime, .cpu_over_limit_ms = 100},
    {.name = "SetsidDaemonsDieWithTheirParent", .program = "setsid_daemons", .args = {"50"},
     .limits = {.processes = 8},  // the program exits 0 in time; HostChecks: what it left is killed
     .status = kOk, .wall_ms = {.max = 299}},
    {.name = "IgnoringSignalsDoesNotHelp", .program = "ignore_signals", .args = {}, .limits = {.wall_ms = 3000},
     .status = kTle, .kill = KillReason::kCpuTime, .cpu_over_limit_ms = 100, .signal = SIGKILL},
    {.name = "BusyWaitOnClockGettimeIsTle", .program = "clock_busy", .args = {}, .limits = {.wall_ms = 3000},
     .status = kTle, .kill = KillReason::kCpuTime, .cpu_over_limit_ms = 100},
    // time: accuracy, run after run
    {.name = "HalfTheLimitIsOkTwentyTimes", .program = "spin_for", .args = {"100"},
     .limits = {.cpu_ms = 200, .wall_ms = 4000}, .status = kOk, .cpu_ms = {95, 150}, .runs = 20},
    {.name = "TwiceTheLimitIsTleTwentyTimes", .program = "spin_for", .args = {"400"},
     .limits = {.cpu_ms = 200, .wall_ms = 4000}, .status = kTle, .kill = KillReason::kCpuTime,
     .cpu_ms = {200, 300}, .runs = 20},
    // memory: what is touched counts, summed over processes, memfds included
    {.name = "Reserve1GiBTouch10MiBIsOkAndAbout10MiB", .program = "reserve_1g", .args = {},
     .limits = {.memory_kib = 64 * 1024}, .status = kOk, .memory_kib = {10 * 1024, 14 * 1024}},
    {.name = "Static63MBTouchedFitsIn64MiB", .program = "static_63mb", .args = {},
     .limits = {.memory_kib = 64 * 1024}, .status = kOk, .memory_kib = {63 * 1000 * 1000 / 1024, 64 * 1024}},
    {.name = "Touch300MBUnder256MiBIsMle", .program = "touch_300mb", .args = {},
     .limits = {.cpu_ms = 2000, .wall_ms = 5000, .memory_kib = 256 * 1024},
     .status = kMle, .kill = KillReason::kMemory, .memory_kib = {.min = 250 * 1024}},
    // a program that needs more than the limit is MLE even when the time limit stops
    // it first (faulting in 2 GiB takes over a second of CPU) ...
    {.name = "AllocatedBeyondTheLimitAtATimeStopIsMle", .program = "allocate_then_spin", .args = {"1024"},
     .limits = {.cpu_ms = 200, .wall_ms = 2000, .memory_kib = 512 * 1024, .reserved_memory_counts = true},
     .status = kMle, .kill = KillReason::kMemory,
     .message_has = "KiB of writable memory allocated when the CPU time limit stopped it"},
    // ... within the limit it stays TLE; so does every run without the profile's rule
    {.name = "AllocatedWithinTheLimitAtATimeStopIsTle", .program = "allocate_then_spin", .args = {"64"},
     .limits = {.cpu_ms = 200, .wall_ms = 2000, .memory_kib = 512 * 1024, .reserved_memory_counts = true},
     .status = kTle},
    {.name = "AllocatedBeyondTheLimitWithoutTheRuleIsTle", .program = "allocate_then_spin", .args = {"1024"},
     .limits = {.cpu_ms = 200, .wall_ms = 2000, .memory_kib = 512 * 1024}, .status = kTle},
    // touching twice the limit under a short CPU limit: MLE whichever limit the kernel
    // or the monitor meets first
    {.name = "TouchingTwiceTheLimitUnderAShortTimeLimitIsMle", .program = "touch_all", .args = {"1024"},
     .limits = {.cpu_ms = 100, .wall_ms = 2000, .memory_kib = 512 * 1024, .reserved_memory_counts = true},
     .status = kMle},
    {.name = "Recursion200MBUnder256MiBIsOk", .program = "recursion_200mb", .args = {},
     .limits = {.cpu_ms = 3000, .wall_ms = 6000, .memory_kib = 256 * 1024},
     .status = kOk, .memory_kib = {.min = 180 * 1024}},
    {.name = "EightChildrenOf40MiBAreSummedToMle", .program = "children_40mb", .args = {},
     .limits = {.cpu_ms = 3000, .wall_ms = 8000, .memory_kib = 256 * 1024, .processes = 10}, .status = kMle},
    {.name = "MemfdIsCharged", .program = "memfd_200mb", .args = {},
     .limits = {.cpu_ms = 2000, .wall_ms = 5000, .memory_kib = 128 * 1024, .output_kib = 8192}, .status = kMle},
    // output
    {.name = "PutcharForeverIsOleQuickly", .program = "putchar_forever", .args = {},
     .limits = {.cpu_ms = 3000, .wall_ms = 6000, .output_kib = 4096}, .status = kOle, .wall_ms = {.max = 1499}},
    // crashes and exit codes
    {.name = "SegfaultIsRuntimeError", .program = "segv", .args = {}, .limits = {}, .status = kRe,
     .signal = SIGSEGV, .exit_code = -1, .message_has = "SIGSEGV"},
    // the signal of the kernel's CPU limit is TLE only with the CPU time over the limit
    {.name = "RaisingSigxcpuIsRuntimeErrorWithItsCpuTime", .program = "raise_xcpu", .args = {}, .limits = {},
     .status = kRe, .kill = KillReason::kNone, .signal = SIGXCPU, .message_has = "killed by SIGXCPU with "},
    {.name = "DivisionByZeroIsRuntimeError", .program = "fpe", .args = {}, .limits = {}, .status = kRe,
     .signal = SIGFPE},
    {.name = "ExitCode25IsRuntimeError", .program = "exit25", .args = {}, .limits = {}, .status = kRe,
     .signal = 0, .exit_code = 25},
};

INSTANTIATE_TEST_SUITE_P(Table, HostileLimits, ::testing::ValuesIn(kLimitCases),
                         [](const ::testing::TestParamInfo<LimitCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------- real workloads

TEST_F(Hostile, CompilerRunsWithManyProcesses) {
  std::ofstream(root_ + "/run/main.cpp") << "#include <iostream>\nint main(){std::cout<<6*7<<\"\\n\";}\n";
  RunSpec spec;
  spec.argv = {"g++", "-O2", "-o", "main", "main.cpp"};
  spec.work_dir = root_ + "/run";
  spec.stdout_path = root_ + "/stdout.txt";
  spec.stderr_path = root_ + "/stderr.txt";
  spec.env = {"PATH=/usr/bin:/bin", "LANG=C.UTF-8"};
  spec.limits.cpu_time_ms = 20000;
  spec.limits.wall_time_ms = 60000;
  spec.limits.memory_kib = 512 * 1024;
  spec.limits.max_processes = 64;
  expected_entries_.insert("stdout.txt");
  expected_entries_.insert("stderr.txt");
  auto r = sandbox().Run(spec);
  ASSERT_RAN(r);
  ASSERT_EQ(r->status, RunStatus::kOk) << r->message << "\n" << Stderr();
  RunSpec run;
  run.argv = {"./main"};
  run.work_dir = root_ + "/run";
  run.stdout_path = root_ + "/stdout.txt";
  run.limits = Small();
  auto ran = sandbox().Run(run);
  ASSERT_RAN(ran);
  EXPECT_EQ(ran->status, RunStatus::kOk) << ran->message;
  EXPECT_EQ(Stdout(), "42\n");
}

TEST_F(Hostile, Python3Runs) {
  if (!fs::exists("/usr/bin/python3")) GTEST_SKIP() << "no python3";
  std::ofstream(root_ + "/run/main.py") << "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n";
  std::ofstream(root_ + "/input.txt") << "1 2 3 4\n";
  expected_entries_.insert("input.txt");
  RunSpec spec;
  spec.argv = {"python3", "main.py"};
  spec.work_dir = root_ + "/run";
  spec.stdin_path = root_ + "/input.txt";
  spec.stdout_path = root_ + "/stdout.txt";
  spec.stderr_path = root_ + "/stderr.txt";
  spec.env = {"PATH=/usr/bin:/bin"};
  spec.limits = Small();
  spec.limits.cpu_time_ms = 3000;
  spec.limits.wall_time_ms = 10000;
  expected_entries_.insert("stdout.txt");
  expected_entries_.insert("stderr.txt");
  auto r = sandbox().Run(spec);
  ASSERT_RAN(r);
  EXPECT_EQ(r->status, RunStatus::kOk) << r->message << Stderr();
  EXPECT_EQ(Stdout(), "10\n");
}

TEST_F(Hostile, ConcurrentRunsTakeDifferentSlots) {
  std::vector<std::thread> threads;
  std::vector<Result<RunResult>> results(kTestSlots, Status::Internal("not run"));
  for (int i = 0; i < kTestSlots; ++i) {
    std::string dir = root_ + "/run/c" + std::to_string(i);
    fs::create_directories(dir);
    threads.emplace_back([this, i, dir, &results] {
      RunSpec spec;
      // Each run prints its uid and stays alive long enough to overlap the others.
      spec.argv = {"/bin/sh", "-c", "id -u; sleep 0.4"};
      spec.work_dir = dir;
      spec.stdout_path = dir + "/out";
      spec.limits = Small();
      spec.limits.wall_time_ms = 5000;
      spec.limits.max_processes = 4;
      results[i] = sandbox().Run(spec);
    });
  }
  for (auto& t : threads) t.join();
  std::set<std::string> uids;
  for (int i = 0; i < kTestSlots; ++i) {
    ASSERT_RAN(results[i]);
    EXPECT_EQ(results[i]->status, RunStatus::kOk) << results[i]->message;
    EXPECT_GE(results[i]->wall_ms, 350);  // the sleep (the runs overlap)
    uids.insert(ReadAll(root_ + "/run/c" + std::to_string(i) + "/out"));
  }
  // Runs alive at the same time never share a slot (uid, cgroup).
  EXPECT_EQ(uids.size(), static_cast<size_t>(kTestSlots));
}

TEST_F(Hostile, BadSpecsAreJudgeErrorsNamingTheField) {
  RunSpec spec;
  spec.work_dir = root_ + "/run";
  auto empty = sandbox().Run(spec);
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.status().message().find("argv"), std::string::npos);
  spec.argv = {"./missing"};
  auto missing = sandbox().Run(spec);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  spec.argv = {"/bin/true"};
  spec.work_dir = "/usr/lib";
  auto sys = sandbox().Run(spec);
  ASSERT_FALSE(sys.ok());
  EXPECT_NE(sys.status().message().find("work_dir"), std::string::npos) << sys.status().message();
  spec.work_dir = root_ + "/run";
  spec.limits.memory_kib = 0;
  auto lim = sandbox().Run(spec);
  ASSERT_FALSE(lim.ok());
  EXPECT_NE(lim.status().message().find("memory_kib"), std::string::npos);
  // More extra mounts than the keeper hands an init (child_setup.h's kMaxMountFds).
  spec.limits = SandboxLimits();
  for (int i = 0; i < 16; ++i) spec.mounts.push_back({"/usr/share", "/mnt/m" + std::to_string(i), false});
  auto many = sandbox().Run(spec);
  ASSERT_FALSE(many.ok());
  EXPECT_EQ(many.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(many.status().message().find("RunSpec.mounts"), std::string::npos) << many.status().message();
  EXPECT_NE(many.status().message().find("found 16"), std::string::npos) << many.status().message();
  spec.mounts.pop_back();
  auto fifteen = sandbox().Run(spec);
  ASSERT_TRUE(fifteen.ok()) << fifteen.status().message();
  EXPECT_EQ(fifteen->status, RunStatus::kOk) << fifteen->message;
}

}  // namespace
}  // namespace judge::testing
