// Pure logic of the sandbox: the status decision, limit derivation, /proc parsing,
// path checks, the file system plan and the seccomp policy table.
#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>

#include "judge/sandbox/sandbox.h"
#include "keeper_protocol.h"
#include "run_streams.h"
#include "run_filesystem.h"
#include "run_limits.h"
#include "seccomp_policy.h"

namespace judge::sandbox {
namespace {

SandboxLimits Limits() {
  SandboxLimits l;
  l.cpu_time_ms = 1000;
  l.wall_time_ms = 3000;
  l.memory_kib = 262144;
  l.output_kib = 1024;
  return l;
}

Measurement Exited(int code) {
  Measurement m;
  m.exited = true;
  m.exit_code = code;
  m.cpu_ms = 100;
  m.wall_ms = 150;
  m.memory_kib = 2048;
  return m;
}

Measurement Signaled(int sig) {
  Measurement m;
  m.signal = sig;
  m.cpu_ms = 100;
  m.wall_ms = 150;
  return m;
}

TEST(DecideStatus, CleanExitIsOk) {
  Decision d = DecideStatus(Exited(0), Limits());
  EXPECT_EQ(d.status, RunStatus::kOk);
  EXPECT_EQ(d.reason, KillReason::kNone);
  EXPECT_EQ(d.message, "");
}

TEST(DecideStatus, NonZeroExitAndSignalsAreRuntimeErrors) {
  Decision d = DecideStatus(Exited(25), Limits());
  EXPECT_EQ(d.status, RunStatus::kRuntimeError);
  EXPECT_EQ(d.message, "exit code 25");
  for (int sig : {SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL}) {
    Decision s = DecideStatus(Signaled(sig), Limits());
    EXPECT_EQ(s.status, RunStatus::kRuntimeError) << sig;
    EXPECT_EQ(s.reason, KillReason::kNone) << sig;
    EXPECT_NE(s.message.find(SignalName(sig)), std::string::npos) << s.message;
  }
}

TEST(DecideStatus, OomKillIsMemoryLimitNotRuntimeErrorOrTime) {
  Measurement m = Signaled(SIGKILL);
  m.oom_killed = true;
  m.memory_limit_hit = true;
  m.cpu_ms = 5000;  // even past the CPU limit: the OOM killer stopped it
  Decision d = DecideStatus(m, Limits());
  EXPECT_EQ(d.status, RunStatus::kMemoryLimitExceeded);
  EXPECT_EQ(d.reason, KillReason::kMemory);
  // A child OOM-killed while the parent exits 0 is still MLE.
  Measurement child = Exited(0);
  child.oom_killed = true;
  child.memory_limit_hit = true;
  EXPECT_EQ(DecideStatus(child, Limits()).status, RunStatus::kMemoryLimitExceeded);
}

// The kernel counts every OOM kill in the victim's cgroup, the host's too (a full
// host, an ancestor cgroup's limit): a run that never reached its own limit was
// killed from outside, a plain SIGKILL the grader runs again, never MLE.
TEST(DecideStatus, AnOomKillUnderTheRunsOwnLimitIsTheHostsNotMemoryLimit) {
  Measurement m = Signaled(SIGKILL);
  m.oom_killed = true;
  m.memory_kib = 1024;
  Decision d = DecideStatus(m, Limits());
  EXPECT_EQ(d.status, RunStatus::kRuntimeError);
  EXPECT_EQ(d.reason, KillReason::kNone);
  EXPECT_NE(d.message.find("SIGKILL (the host's out-of-memory killer"), std::string::npos) << d.message;
  // A child killed so while the parent exits 0: the parent's exit decides.
  Measurement child = Exited(0);
  child.oom_killed = true;
  EXPECT_EQ(DecideStatus(child, Limits()).status, RunStatus::kOk);
}

// Kernel 6.18's v1 cgroup counts no failed charge when its equal memsw limit fails
// first: a cgroup's peak within 4 MiB of the limit (a quarter of a small one) is the
// run reaching it, for an OOM kill and for a program failing there.
TEST(DecideStatus, APeakAtTheLimitIsReachingItWithoutAFailedCharge) {
  const SandboxLimits l = Limits();  // 256 MiB
  Measurement m = Signaled(SIGKILL);
  m.oom_killed = true;
  m.memory_kib = l.memory_kib - 4096;
  EXPECT_EQ(DecideStatus(m, l).status, RunStatus::kMemoryLimitExceeded);
  m.memory_kib = l.memory_kib - 4097;
  EXPECT_EQ(DecideStatus(m, l).status, RunStatus::kRuntimeError);
  Measurement failed = Exited(1);
  failed.memory_kib = l.memory_kib - 100;
  EXPECT_EQ(DecideStatus(failed, l).status, RunStatus::kMemoryLimitExceeded);
  failed.memory_enforced = false;  // a polled peak without a cgroup: no limit was there
  EXPECT_EQ(DecideStatus(failed, l).status, RunStatus::kRuntimeError);
  SandboxLimits small = l;
  small.memory_kib = 8192;  // slack 2 MiB
  failed.memory_enforced = true;
  failed.memory_kib = 6144;
  EXPECT_EQ(DecideStatus(failed, small).status, RunStatus::kMemoryLimitExceeded);
  failed.memory_kib = 6143;
  EXPECT_EQ(DecideStatus(failed, small).status, RunStatus::kRuntimeError);
}

// A 3 GiB vector under a 2 GiB limit: the OOM killer and the monitor's CPU stop came
// within one tick, and the monitor found the program's memory already gone (0 KiB).
TEST(DecideStatus, AnOomKillBeforeTheJudgesTimeKillIsMemory) {
  SandboxLimits l = Limits();
  l.reserved_memory_counts = true;
  for (KillReason why : {KillReason::kCpuTime, KillReason::kWallTime, KillReason::kOutput}) {
    Measurement m = Signaled(SIGKILL);
    m.judge_kill = why;
    m.oom_killed = true;
    m.memory_limit_hit = true;
    m.cpu_ms = 1059;
    m.data_kib_at_stop = 0;
    Decision d = DecideStatus(m, l);
    EXPECT_EQ(d.status, RunStatus::kMemoryLimitExceeded) << KillReasonName(why);
    EXPECT_NE(d.message.find("out-of-memory kill"), std::string::npos) << d.message;
  }
}

TEST(DecideStatus, WritableMemoryBeyondTheLimitAtATimeStopIsMemory) {
  SandboxLimits l = Limits();
  l.reserved_memory_counts = true;
  for (KillReason why : {KillReason::kCpuTime, KillReason::kWallTime}) {
    Measurement m = Signaled(SIGKILL);
    m.judge_kill = why;
    m.data_kib_at_stop = l.memory_kib + 1;
    Decision d = DecideStatus(m, l);
    EXPECT_EQ(d.status, RunStatus::kMemoryLimitExceeded) << KillReasonName(why);
    EXPECT_EQ(d.reason, KillReason::kMemory);
    m.data_kib_at_stop = l.memory_kib;  // at the limit: the time limit stands
    EXPECT_EQ(DecideStatus(m, l).status, RunStatus::kTimeLimitExceeded);
  }
  Measurement out = Signaled(SIGKILL);  // other stops are not reinterpreted
  out.judge_kill = KillReason::kOutput;
  out.data_kib_at_stop = 2 * l.memory_kib;
  EXPECT_EQ(DecideStatus(out, l).status, RunStatus::kOutputLimitExceeded);
  Measurement cpu = Signaled(SIGKILL);  // nor runs without the profile's rule
  cpu.judge_kill = KillReason::kCpuTime;
  cpu.data_kib_at_stop = 2 * l.memory_kib;
  EXPECT_EQ(DecideStatus(cpu, Limits()).status, RunStatus::kTimeLimitExceeded);
}

TEST(DecideStatus, TheJudgesKillReasonDecides) {
  struct Case {
    KillReason reason;
    RunStatus status;
  };
  for (Case c : {Case{KillReason::kCpuTime, RunStatus::kTimeLimitExceeded},
                 Case{KillReason::kWallTime, RunStatus::kTimeLimitExceeded},
                 Case{KillReason::kMemory, RunStatus::kMemoryLimitExceeded},
                 Case{KillReason::kOutput, RunStatus::kOutputLimitExceeded},
                 Case{KillReason::kProcesses, RunStatus::kRuntimeError}}) {
    Measurement m = Signaled(SIGKILL);
    m.judge_kill = c.reason;
    Decision d = DecideStatus(m, Limits());
    EXPECT_EQ(d.status, c.status) << KillReasonName(c.reason);
    EXPECT_EQ(d.reason, c.reason);
    EXPECT_EQ(d.message.rfind("killed: ", 0), 0u) << d.message;
  }
}

TEST(DecideStatus, KernelSignalsOfLimits) {
  Decision fsz = DecideStatus(Signaled(SIGXFSZ), Limits());
  EXPECT_EQ(fsz.status, RunStatus::kOutputLimitExceeded);
  EXPECT_EQ(fsz.reason, KillReason::kOutput);
  // SIGXCPU with the measured CPU time over the limit: the kernel's backstop.
  Measurement over = Signaled(SIGXCPU);
  over.cpu_ms = 2500;
  Decision xcpu = DecideStatus(over, Limits());
  EXPECT_EQ(xcpu.status, RunStatus::kTimeLimitExceeded);
  EXPECT_EQ(xcpu.reason, KillReason::kCpuTime);
  EXPECT_EQ(xcpu.message, "killed: CPU time limit exceeded (2500 ms used, limit 1000 ms)");
  // SIGKILL at the RLIMIT_CPU hard limit: CPU beyond the limit tells it apart.
  Measurement hard = Signaled(SIGKILL);
  hard.cpu_ms = 2500;
  EXPECT_EQ(DecideStatus(hard, Limits()).status, RunStatus::kTimeLimitExceeded);
  // A SIGKILL within the limits is a runtime error (e.g. the program killed itself).
  EXPECT_EQ(DecideStatus(Signaled(SIGKILL), Limits()).status, RunStatus::kRuntimeError);
}

// The kernel counts RLIMIT_CPU by one process's tick-sampled clock, which on a busy
// host runs ahead of the measured CPU time (a 10 s limit, a 11 s backstop: SIGXCPU at
// 9502 ms measured), and a program may raise SIGXCPU itself: a verdict of TLE with a
// message that shows less CPU time than the limit would contradict itself. The
// measured CPU time decides; under the limit the signal is the program's ending.
TEST(DecideStatus, SigxcpuUnderTheMeasuredLimitIsNotTle) {
  SandboxLimits l = Limits();
  l.cpu_time_ms = 10000;
  for (int64_t cpu_ms : {int64_t{0}, int64_t{9502}, int64_t{10000}}) {
    Measurement m = Signaled(SIGXCPU);
    m.cpu_ms = cpu_ms;
    Decision d = DecideStatus(m, l);
    EXPECT_EQ(d.status, RunStatus::kRuntimeError) << cpu_ms;
    EXPECT_EQ(d.reason, KillReason::kNone) << cpu_ms;
    EXPECT_EQ(d.message, "killed by SIGXCPU with " + std::to_string(cpu_ms) +
                             " ms of CPU time, within the limit of 10000 ms");
  }
  Measurement over = Signaled(SIGXCPU);
  over.cpu_ms = 10001;
  Decision d = DecideStatus(over, l);
  EXPECT_EQ(d.status, RunStatus::kTimeLimitExceeded);
  EXPECT_EQ(d.message, "killed: CPU time limit exceeded (10001 ms used, limit 10000 ms)");
}

TEST(DecideStatus, LimitsAreCheckedAfterTheFact) {
  SandboxLimits l = Limits();
  Measurement cpu = Exited(0);
  cpu.cpu_ms = l.cpu_time_ms + 3;
  Decision d = DecideStatus(cpu, l);
  EXPECT_EQ(d.status, RunStatus::kTimeLimitExceeded);
  EXPECT_EQ(d.reason, KillReason::kCpuTime);
  EXPECT_EQ(d.message.find("killed"), std::string::npos) << d.message;
  Measurement exact = Exited(0);
  exact.cpu_ms = l.cpu_time_ms;  // at the limit is within it
  EXPECT_EQ(DecideStatus(exact, l).status, RunStatus::kOk);
  Measurement wall = Exited(0);
  wall.wall_ms = l.wall_time_ms + 1;
  EXPECT_EQ(DecideStatus(wall, l).reason, KillReason::kWallTime);
  Measurement out = Exited(0);
  out.output_bytes = l.output_kib * 1024 + 1;
  EXPECT_EQ(DecideStatus(out, l).status, RunStatus::kOutputLimitExceeded);
  Measurement out_exact = Exited(0);
  out_exact.output_bytes = l.output_kib * 1024;
  EXPECT_EQ(DecideStatus(out_exact, l).status, RunStatus::kOk);
  // A write refused at the work directory's quota is OLE, even when the program then
  // failed because of it.
  Measurement disk = Exited(1);
  disk.disk_over_quota = true;
  disk.disk_kib = 65540;
  disk.disk_files = 3;
  Decision dd = DecideStatus(disk, l);
  EXPECT_EQ(dd.status, RunStatus::kOutputLimitExceeded);
  EXPECT_EQ(dd.reason, KillReason::kDisk);
  EXPECT_NE(dd.message.find("disk quota of the work directory exceeded (65540 KiB in 3 files"), std::string::npos)
      << dd.message;
  // A crash after exceeding the CPU limit is still TLE.
  Measurement crash = Signaled(SIGSEGV);
  crash.cpu_ms = l.cpu_time_ms + 50;
  EXPECT_EQ(DecideStatus(crash, l).status, RunStatus::kTimeLimitExceeded);
}

TEST(DecideStatus, MemoryPeakDecidesOnlyWithoutACgroup) {
  SandboxLimits l = Limits();
  // cgroup: the peak includes page cache and may touch the limit without an OOM kill.
  Measurement cg = Exited(0);
  cg.memory_kib = l.memory_kib;
  cg.memory_enforced = true;
  EXPECT_EQ(DecideStatus(cg, l).status, RunStatus::kOk);
  Measurement polled = Exited(0);
  polled.memory_kib = l.memory_kib + 1;
  polled.memory_enforced = false;
  EXPECT_EQ(DecideStatus(polled, l).status, RunStatus::kMemoryLimitExceeded);
}

TEST(DecideStatus, FailingAfterHittingTheMemoryLimitIsMle) {
  Measurement m = Exited(3);  // e.g. write() to /dev/shm refused with ENOMEM
  m.memory_limit_hit = true;
  Decision d = DecideStatus(m, Limits());
  EXPECT_EQ(d.status, RunStatus::kMemoryLimitExceeded);
  EXPECT_EQ(d.reason, KillReason::kMemory);
  EXPECT_NE(d.message.find("exit code 3"), std::string::npos) << d.message;
  Measurement crash = Signaled(SIGSEGV);  // malloc returned NULL, then a crash
  crash.memory_limit_hit = true;
  EXPECT_EQ(DecideStatus(crash, Limits()).status, RunStatus::kMemoryLimitExceeded);
  // Hitting the limit (page cache reclaimed) but succeeding is fine.
  Measurement ok = Exited(0);
  ok.memory_limit_hit = true;
  EXPECT_EQ(DecideStatus(ok, Limits()).status, RunStatus::kOk);
}

TEST(DecideStatus, ExecFailures) {
  Measurement nomem;
  nomem.exec_errno = ENOMEM;
  Decision d = DecideStatus(nomem, Limits());
  EXPECT_EQ(d.status, RunStatus::kMemoryLimitExceeded);
  EXPECT_NE(d.message.find("ENOMEM"), std::string::npos);
  Measurement noexec;
  noexec.exec_errno = ENOEXEC;
  Decision e = DecideStatus(noexec, Limits());
  EXPECT_EQ(e.status, RunStatus::kRuntimeError);
  EXPECT_NE(e.message.find("cannot be executed"), std::string::npos) << e.message;
}

TEST(SignalName, KnownAndUnknown) {
  EXPECT_EQ(SignalName(SIGSEGV), "SIGSEGV");
  EXPECT_EQ(SignalName(SIGXFSZ), "SIGXFSZ");
  EXPECT_EQ(SignalName(200), "signal 200");
}

TEST(Limits, ValidationNamesTheField) {
  EXPECT_TRUE(ValidateLimits(Limits()).ok());
  SandboxLimits l = Limits();
  l.cpu_time_ms = 0;
  Status st = ValidateLimits(l);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("cpu_time_ms"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("found 0"), std::string::npos) << st.message();
  l = Limits();
  l.memory_kib = 100;
  EXPECT_NE(ValidateLimits(l).message().find("memory_kib"), std::string::npos);
  l = Limits();
  l.max_processes = 0;
  EXPECT_NE(ValidateLimits(l).message().find("max_processes"), std::string::npos);
  l = Limits();
  l.output_kib = -1;
  EXPECT_FALSE(ValidateLimits(l).ok());
  l = Limits();
  l.output_kib = 0;  // no output allowed at all is a valid limit
  EXPECT_TRUE(ValidateLimits(l).ok());
  l = Limits();
  l.disk_files = -1;
  EXPECT_NE(ValidateLimits(l).message().find("disk_files"), std::string::npos);
}

TEST(Limits, Derivation) {
  SandboxLimits l = Limits();
  l.memory_kib = 65536;
  l.output_kib = 100;
  l.max_processes = 5;
  l.max_open_files = 32;
  DerivedLimits d = DeriveLimits(l, true);
  EXPECT_EQ(d.cgroup_memory_bytes, 65536LL * 1024);
  EXPECT_EQ(d.cgroup_pids_max, 5);  // the init is not in the cgroup
  // The stack is as large as the memory limit unless stated.
  ASSERT_NE(d.Find(RLIMIT_STACK), nullptr);
  EXPECT_EQ(d.Find(RLIMIT_STACK)->soft, 65536ULL * 1024);
  // Files: one byte above the limit, so "over" is observable.
  EXPECT_EQ(d.Find(RLIMIT_FSIZE)->soft, 100ULL * 1024 + 1);
  EXPECT_EQ(d.Find(RLIMIT_NOFILE)->hard, 32u);
  EXPECT_EQ(d.Find(RLIMIT_CORE)->hard, 0u);
  // The CPU rlimit is only a backstop, far above the judge's own limit: the kernel's
  // tick-sampled clock of one process must run twice as fast as the measured CPU
  // time to stop a program first (a 15 s limit: 31 s; measured: 1.1-1.2 times).
  for (int64_t ms : {1000, 1500, 15000, 30000}) {
    l.cpu_time_ms = ms;
    const DerivedLimits derived = DeriveLimits(l, true);
    const RlimitValue* cpu = derived.Find(RLIMIT_CPU);
    ASSERT_NE(cpu, nullptr);
    EXPECT_GT(cpu->soft * 1000, static_cast<rlim_t>(2 * ms)) << ms;
    EXPECT_EQ(cpu->soft, static_cast<rlim_t>((2 * ms + 999) / 1000 + 1)) << ms;
    EXPECT_GT(cpu->hard, cpu->soft);
    EXPECT_EQ(DeriveLimits(l, false).Find(RLIMIT_CPU)->soft, cpu->soft) << ms;
  }
  l.cpu_time_ms = Limits().cpu_time_ms;
  // Never RLIMIT_AS at the memory limit.
  ASSERT_NE(d.Find(RLIMIT_AS), nullptr);
  EXPECT_EQ(d.Find(RLIMIT_AS)->soft, RLIM_INFINITY);
  // With a cgroup the pids controller refuses forks first; without, RLIMIT_NPROC.
  EXPECT_EQ(d.Find(RLIMIT_NPROC)->soft, 6u);
  EXPECT_EQ(DeriveLimits(l, false).Find(RLIMIT_NPROC)->soft, 5u);

  l.stack_kib = 8192;
  EXPECT_EQ(DeriveLimits(l, true).Find(RLIMIT_STACK)->hard, 8192ULL * 1024);

  // The work directory's quota is the output limit unless stated, never under a page.
  EXPECT_EQ(d.disk_bytes, 100 * 1024);
  EXPECT_EQ(d.disk_files, kDefaultDiskFiles);
  l.disk_kib = 2048;
  l.disk_files = 10;
  EXPECT_EQ(DeriveLimits(l, true).disk_bytes, 2048 * 1024);
  EXPECT_EQ(DeriveLimits(l, true).disk_files, 10);
  l.disk_kib = 0;
  l.output_kib = 0;
  EXPECT_EQ(DeriveLimits(l, true).disk_bytes, 4096);
}

TEST(InsidePaths, Checks) {
  std::vector<SystemEntry> sys = {{"usr", ""}, {"bin", "usr/bin"}};
  EXPECT_TRUE(CheckInsidePath("w", "/tmp/judge/run", sys).ok());
  EXPECT_TRUE(CheckInsidePath("w", "/work/x", sys).ok());
  EXPECT_TRUE(CheckInsidePath("w", "/dev/shm/judge/run", sys).ok());
  for (const char* bad : {"", "relative/dir", "/", "/tmp/../etc", "/tmp/./x", "/a//b", "/usr/local/x", "/bin",
                          "/proc/1", "/dev/shm", "/dev/pts/x", "/etc/judge"}) {
    Status st = CheckInsidePath("RunSpec.work_dir", bad, sys);
    EXPECT_EQ(st.code(), StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(st.message().find("RunSpec.work_dir"), std::string::npos);
  }
}

TEST(FileSystemPlan, ShowsOnlyWhatTheRunNeeds) {
  std::vector<SystemEntry> sys = {{"usr", ""}, {"bin", "usr/bin"}, {"lib64", "usr/lib64"}};
  std::deque<std::string> storage;
  std::vector<SandboxMount> mounts = {{"/opt/jdk", "", false}, {"/srv/cache", "/cache", true}};
  FsPlanInput in;
  in.root_dir = "/state/slot0";
  in.system = &sys;
  in.etc_dir = "/state/etc";
  in.work_dir = "/tmp/runs/r1";
  in.mounts = &mounts;
  in.tmpfs_bytes = 64 << 20;
  FsOpList list = BuildFsOps(in, &storage);
  const std::vector<FsOp>& ops = list.ops;
  ASSERT_GE(ops.size(), 10u);
  const std::size_t base = static_cast<std::size_t>(list.base_count);
  ASSERT_GT(base, 0u);
  ASSERT_LT(base, ops.size());
  // First: nothing propagates to the host. The base (what an init may build ahead of
  // its run) ends with the pivot into the new root.
  EXPECT_EQ(ops.front().kind, FsOp::kMount);
  EXPECT_EQ(std::string(ops.front().a), "/");
  EXPECT_EQ(ops.front().flags, static_cast<unsigned long>(MS_REC | MS_PRIVATE));
  EXPECT_EQ(ops[base - 1].kind, FsOp::kPivotRoot);
  EXPECT_EQ(std::string(ops[base - 1].a), "/state/slot0");
  // Last: the root's mount (not its superblock, which /tmp and /dev/shm share) read-only.
  EXPECT_EQ(ops.back().kind, FsOp::kRemount);
  EXPECT_EQ(std::string(ops.back().a), "/");
  EXPECT_TRUE(ops.back().flags & MS_RDONLY);
  EXPECT_TRUE(ops.back().flags & MS_BIND);

  auto find = [&](FsOp::Kind kind, const std::string& target) -> const FsOp* {
    for (const auto& op : ops)
      if (op.kind == kind && target == op.a) return &op;
    return nullptr;
  };
  const FsOp* usr = find(FsOp::kBind, "/state/slot0/usr");
  ASSERT_NE(usr, nullptr);
  EXPECT_TRUE(usr->flags & MS_RDONLY);
  EXPECT_TRUE(usr->flags & MS_NOSUID);
  const FsOp* etc = find(FsOp::kBind, "/state/slot0/etc");
  ASSERT_NE(etc, nullptr);
  EXPECT_EQ(std::string(etc->b), "/state/etc");  // the prepared /etc, not the host's
  EXPECT_TRUE(etc->flags & MS_RDONLY);
  // The run's host directories come after the pivot, at their paths inside, as the
  // keeper's copies of the host's mounts.
  const FsOp* work = find(FsOp::kHostBind, "/tmp/runs/r1");
  ASSERT_NE(work, nullptr);
  EXPECT_EQ(std::string(work->b), "/tmp/runs/r1");
  EXPECT_FALSE(work->flags & MS_RDONLY);
  const FsOp* jdk = find(FsOp::kHostBind, "/opt/jdk");
  ASSERT_NE(jdk, nullptr);
  EXPECT_TRUE(jdk->flags & MS_RDONLY);
  const FsOp* cache = find(FsOp::kHostBind, "/cache");
  ASSERT_NE(cache, nullptr);
  EXPECT_EQ(std::string(cache->b), "/srv/cache");
  EXPECT_FALSE(cache->flags & MS_RDONLY);
  // /tmp and /dev/shm: directories of the root tmpfs bound on themselves, writable.
  for (const char* dir : {"/state/slot0/tmp", "/state/slot0/dev/shm"}) {
    const FsOp* self = find(FsOp::kBind, dir);
    ASSERT_NE(self, nullptr) << dir;
    EXPECT_EQ(std::string(self->b), dir);
    EXPECT_FALSE(self->flags & MS_RDONLY) << dir;
    EXPECT_TRUE((self->flags & MS_NOSUID) && (self->flags & MS_NODEV)) << dir;
  }
  // The base names no run's directory, the run's part mounts nothing by host path.
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const FsOp& op = ops[i];
    bool host = op.kind == FsOp::kHostBind || op.kind == FsOp::kHostOverlay;
    if (i < base) {
      EXPECT_FALSE(host) << i;
    } else {
      EXPECT_TRUE(host || op.kind == FsOp::kMkdir || op.kind == FsOp::kRemount) << i;
    }
  }
  // Nothing else of the host is mounted, in particular not "/" or /home.
  for (const auto& op : ops) {
    if (op.kind != FsOp::kBind && op.kind != FsOp::kHostBind) continue;
    std::string src = op.b;
    EXPECT_TRUE(src == "/usr" || src == "/state/etc" || src == "/tmp/runs/r1" || src == "/opt/jdk" ||
                src == "/srv/cache" || src == "/state/slot0/tmp" || src == "/state/slot0/dev/shm")
        << src;
  }
  // Symlinked system entries are recreated as symlinks.
  bool bin_link = std::any_of(ops.begin(), ops.end(), [](const FsOp& op) {
    return op.kind == FsOp::kSymlink && std::string(op.a) == "/state/slot0/bin" && std::string(op.b) == "usr/bin";
  });
  EXPECT_TRUE(bin_link);
  // A fresh procfs, and one tmpfs (the root, holding /tmp and /dev/shm) sized as asked.
  int proc = 0, tmpfs = 0;
  for (const auto& op : ops) {
    if (op.kind != FsOp::kMount || op.fstype == nullptr) continue;
    if (std::string(op.fstype) == "proc") ++proc;
    if (std::string(op.fstype) == "tmpfs" && op.data && std::string(op.data).find("size=67108864") != std::string::npos)
      ++tmpfs;
  }
  EXPECT_EQ(proc, 1);
  EXPECT_EQ(tmpfs, 1);
  // /tmp is bound writable (in the base) before the work directory inside it is made.
  const FsOp* work_mkdir = find(FsOp::kMkdir, "/tmp/runs");
  ASSERT_NE(work_mkdir, nullptr);
  EXPECT_GE(static_cast<std::size_t>(work_mkdir - ops.data()), base);
  EXPECT_LT(static_cast<std::size_t>(find(FsOp::kBind, "/state/slot0/tmp") - ops.data()), base);

  // With a disk layer the work directory is an overlay (a copy of its host mount the
  // fallback).
  in.work_overlay = "lowerdir=/tmp/runs/r1,upperdir=/state/slot0.disk/upper,workdir=/state/slot0.disk/work";
  std::deque<std::string> storage2;
  FsOpList layered = BuildFsOps(in, &storage2);
  const FsOp* overlay = nullptr;
  for (const auto& op : layered.ops)
    if (op.kind == FsOp::kHostOverlay) overlay = &op;
  ASSERT_NE(overlay, nullptr);
  EXPECT_EQ(std::string(overlay->a), "/tmp/runs/r1");
  EXPECT_EQ(std::string(overlay->b), "/tmp/runs/r1");
  EXPECT_EQ(std::string(overlay->data), in.work_overlay);
  EXPECT_TRUE((overlay->flags & MS_NOSUID) && (overlay->flags & MS_NODEV));
  EXPECT_TRUE(std::none_of(layered.ops.begin(), layered.ops.end(), [](const FsOp& op) {
    return op.kind == FsOp::kHostBind && std::string(op.b) == "/tmp/runs/r1";
  }));
  // Both plans share their base: one prepared init serves either.
  EXPECT_EQ(layered.base_count, list.base_count);
}

// The plan as the keeper receives it: the split between what a prepared init builds
// and the run's part survives packing; plans that differ only in the run's part share
// a base (one prepared init serves both), a different root size does not; and a
// message whose base names a run's directory, or does not end with the pivot, is
// refused (the keeper would build it ahead of the run, by host path).
TEST(KeeperPlan, KeepsTheSplitAndComparesOnlyTheBase) {
  std::vector<SystemEntry> sys = {{"usr", ""}, {"bin", "usr/bin"}};
  std::vector<SandboxMount> none, one = {{"/opt/jdk", "", false}};
  auto pack = [&](const std::string& work_dir, const std::vector<SandboxMount>& mounts, int64_t tmpfs_bytes,
                  std::deque<std::string>* storage, std::vector<FsOp>* ops) {
    FsPlanInput in;
    in.root_dir = "/state/slot0";
    in.system = &sys;
    in.etc_dir = "/state/etc";
    in.work_dir = work_dir;
    in.mounts = &mounts;
    in.tmpfs_bytes = tmpfs_bytes;
    FsOpList list = BuildFsOps(in, storage);
    *ops = list.ops;
    ChildPlan plan;
    plan.unshare_flags = CLONE_NEWNS | CLONE_NEWIPC;
    plan.fs_ops = ops->data();
    plan.fs_op_count = static_cast<int>(ops->size());
    plan.fs_base_count = list.base_count;
    const char* argv[] = {"./a", nullptr};
    const char* envp[] = {nullptr};
    plan.program = "./a";
    plan.argv = argv;
    plan.envp = envp;
    return PackPlan(plan, 0);
  };
  std::deque<std::string> s1, s2, s3;
  std::vector<FsOp> o1, o2, o3;
  const std::string m1 = pack("/tmp/runs/r1", none, 64 << 20, &s1, &o1);
  const std::string m2 = pack("/tmp/runs/r2", one, 64 << 20, &s2, &o2);
  const std::string m3 = pack("/tmp/runs/r1", none, 128 << 20, &s3, &o3);
  UnpackedPlan u1, u2, u3;
  ASSERT_TRUE(UnpackPlan(m1, &u1));
  ASSERT_TRUE(UnpackPlan(m2, &u2));
  ASSERT_TRUE(UnpackPlan(m3, &u3));
  EXPECT_GT(u1.plan.fs_base_count, 0);
  EXPECT_LT(u1.plan.fs_base_count, u1.plan.fs_op_count);
  EXPECT_EQ(u1.ops[u1.plan.fs_base_count - 1].kind, FsOp::kPivotRoot);
  EXPECT_EQ(BaseKey(u1.plan), BaseKey(u2.plan)) << "another work directory, another mount: the same base";
  EXPECT_NE(BaseKey(u1.plan), BaseKey(u3.plan)) << "another root size: another base";

  // Tampered splits: one op fewer in the base (it no longer ends with the pivot), and
  // all ops in the base (the run's host mounts with it).
  auto with_base = [&](std::string m, uint32_t base) {
    KeeperRunHeader h;
    std::memcpy(&h, m.data(), sizeof h);
    h.base_op_count = base;
    std::memcpy(m.data(), &h, sizeof h);
    UnpackedPlan u;
    return UnpackPlan(m, &u);
  };
  const auto base = static_cast<uint32_t>(u1.plan.fs_base_count);
  EXPECT_TRUE(with_base(m1, base));
  EXPECT_FALSE(with_base(m1, base - 1));
  EXPECT_FALSE(with_base(m1, static_cast<uint32_t>(u1.plan.fs_op_count)));
  EXPECT_FALSE(with_base(m1, 0));
}

TEST(SeccompPolicy, DeniesTheEscapesTheIssueNames) {
  const auto& denied = DeniedSyscalls();
  for (const char* name :
       {"ptrace", "mount", "umount2", "unshare", "setns", "keyctl", "add_key", "request_key", "bpf",
        "perf_event_open", "io_uring_setup", "io_uring_enter", "io_uring_register", "kexec_load", "kexec_file_load",
        "reboot", "init_module", "finit_module", "delete_module", "swapon", "swapoff", "pivot_root", "chroot",
        "settimeofday", "clock_settime", "acct", "quotactl", "userfaultfd", "process_vm_readv", "process_vm_writev"}) {
    EXPECT_NE(std::find(denied.begin(), denied.end(), name), denied.end()) << name;
  }
  // The things programs need stay allowed.
  for (const char* name : {"read", "write", "execve", "clone", "mmap", "openat", "socket", "close_range"})
    EXPECT_EQ(std::find(denied.begin(), denied.end(), name), denied.end()) << name;
  unsigned long clone_flags = DeniedCloneFlags();
  EXPECT_TRUE(clone_flags & CLONE_NEWUSER);
  EXPECT_TRUE(clone_flags & CLONE_NEWNS);
  EXPECT_FALSE(clone_flags & CLONE_THREAD);
  Result<std::vector<sock_filter>> prog = BuildSeccompFilter();
  ASSERT_TRUE(prog.ok()) << prog.status().message();
  // At least one comparison per denied call.
  EXPECT_GT(prog->size(), denied.size());
}

}  // namespace
}  // namespace judge::sandbox
