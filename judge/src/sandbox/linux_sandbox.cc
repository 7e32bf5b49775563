// The Linux sandbox: CreateSandbox() and Run().
//
// Theory of operation. A LinuxSandbox owns a pool of run slots (run_slot.h); slot k
// runs programs as uid/gid first_uid + k with its own cgroup(s), made on first use and
// reused.
//
// Run() is a sequence of steps, each of which either succeeds or returns an error
// with every earlier step undone by RAII, whatever path is taken:
//   1. validate the spec and resolve the program (nothing held yet);
//   2. take a slot (SlotLease gives it back);
//   3. open stdin/stdout/stderr (RunStreams: stdin a sealed memory copy, stdout and
//      stderr pipes the judge drains into files it created or emptied, fd-relative, and
//      puts back at their names if the program replaced them, when the streams go);
//   4. mount the run's own disk layer, where everything the program writes in its work
//      directory goes, under a quota (run_disk.h: a fresh tmpfs, unmounted after the
//      run); empty the cgroup, reset it and set its limits (CgroupRun: emptied for the
//      next run when it goes);
//   5. hand the run to the slot's keeper (run_slot.h), whose prepared init (new pid,
//      mount, IPC, UTS and network namespaces: init/child_setup.h) starts the program; the
//      init answers once the program has exec'd, with the program's pidfd (SpawnedInit:
//      the whole tree is killed and the run's end awaited when it goes, unless that
//      happened already). The messages are in keeper_protocol.h;
//   6. watch the run (run_streams.h: WatchRun), draining its output, until it ends or a limit
//      is crossed or the caller cancels; kill the tree through the cgroup (without one,
//      the program through its pidfd: the init kills the rest) when it must stop;
//   7. hear from the init that every process of the run is gone, read the final
//      counters, decide the status (run_limits.h); empty the cgroup for the next run;
//   8. copy what the program wrote and the caller wants back into the host work
//      directory (fd-relative, through the directory opened in step 4; by real
//      blocks, each inode once, at most what the layer was charged: run_disk.h).
//
// Without cgroups (SandboxMethod::kNoCgroup) the same isolation applies, time comes
// from rusage and /proc polling and memory from polling only; results say so.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <optional>
#include <thread>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"
#include "judge/sandbox/sandbox.h"
#include "run_disk.h"
#include "run_filesystem.h"
#include "run_limits.h"
#include "run_slot.h"
#include "run_streams.h"

namespace judge {

namespace sandbox {

// The Linux implementation of judge::Sandbox (the theory above). Created through
// judge::CreateSandbox(); thread-safe: concurrent Run() calls take different slots.
struct WorkLayer;

class LinuxSandbox final : public Sandbox {
 public:
  explicit LinuxSandbox(const SandboxOptions& options) : options_(options) {}
  LinuxSandbox(const LinuxSandbox&) = delete;
  LinuxSandbox& operator=(const LinuxSandbox&) = delete;

  // Detects the method, prepares the state directory and /etc.
  Status Init();
  Result<RunResult> Run(const RunSpec& spec) override;
  std::unique_ptr<SandboxSession> OpenSession() override;  // a LinuxSession (linux_sandbox.cc)

  // Run() as a run of `session` (0: on its own): the slot's keeper keeps the run's
  // init for the session's next run (keeper/keeper_init.h). For LinuxSession.
  Result<RunResult> RunInSession(const RunSpec& spec, uint64_t session);
  // The session ended: the pool forgets which slot keeps its init.
  void EndSession(uint64_t session);

 private:
  Status PrepareSlot(Slot& slot);
  Result<RunResult> RunInSlot(Slot& slot, const RunSpec& spec, const RunPaths& paths, uint64_t session);
  DerivedLimits ClampedLimits(const SandboxLimits& limits, bool with_cgroup) const;
  Result<WorkLayer> OpenWorkLayer(Slot& slot, const std::string& work_dir, const DerivedLimits& derived, uid_t uid);
  Result<SpawnedInit> Spawn(Slot& slot, const RunSpec& spec, const WorkLayer& layer, const DerivedLimits& derived,
                            const RunStreams& streams, const std::string& program, uint64_t session);
  Result<SlotKeeper*> KeeperOf(Slot& slot);
  Result<RunResult> Conclude(Slot& slot, const RunSpec& spec, const MonitorResult& watched, SpawnedInit& init,
                             RunStreams& streams, const WorkLayer& layer, const CgroupUsage& base);

  SandboxOptions options_;
  CgroupChoice choice_;
  std::string warning_;
  std::string etc_dir_;
  std::vector<SystemEntry> system_;
  unsigned cpus_ = 1;
  UniqueFd judge_pidfd_;  // lets a run's init see, before it starts the program, that the judge died
  std::map<int, rlim_t> hard_limits_;  // the judge's own hard rlimits
  std::string keeper_path_;  // the slots' keeper binary (run_slot.h)
  SlotPool slots_;
};

namespace {

constexpr const char* kNoCgroupTimeMethod = "rusage+proc-polling";
constexpr const char* kNoCgroupMemoryMethod = "proc-polling (warning: no cgroup, approximate peak)";

// A SandboxSession: the runs of one submission, each handed to the slot's keeper with
// the session's id, so that the keeper keeps the run's init for the session's next run
// (keeper/keeper_init.h), where the init restores what a run changed
// (init/child_setup.h). It holds no slot between runs: the pool sends a session's run
// back to the slot whose keeper keeps its init when that slot is free (run_slot.h);
// elsewhere the run gets a fresh init. Borrows the sandbox; one run at a time.
class LinuxSession final : public SandboxSession {
 public:
  explicit LinuxSession(LinuxSandbox* sandbox) : sandbox_(sandbox) {
    // Random (a keeper serves every judge process of its installation on the host),
    // never 0 (a run on its own). Without entropy, the clock and a counter still tell
    // this process's sessions apart, and its keeper connections are its own.
    static std::atomic<uint64_t> counter{0};
    if (::getrandom(&id_, sizeof id_, 0) != static_cast<ssize_t>(sizeof id_))
      id_ = static_cast<uint64_t>(MonotonicNs()) ^ (++counter << 48);
    if (id_ == 0) id_ = 1;
  }
  ~LinuxSession() override { sandbox_->EndSession(id_); }
  Result<RunResult> Run(const RunSpec& spec) override { return sandbox_->RunInSession(spec, id_); }

 private:
  LinuxSandbox* sandbox_;
  uint64_t id_ = 0;
};

}  // namespace

// The program's work directory for one run: the host directory, opened before the
// run, and the disk layer its writes go to.
struct WorkLayer {
  std::string work_dir;
  UniqueFd host_dir;
  std::optional<RunDisk> disk;  // this run's (set by OpenWorkLayer)
  std::string overlay_options;  // for the keeper's overlay
};

Status LinuxSandbox::Init() {
  if (::geteuid() != 0)
    return Status::Unsupported("the sandbox needs root (to switch uids, create namespaces and cgroups); running as uid " +
                               std::to_string(::geteuid()));
  if (options_.slots < 0 || options_.first_uid <= 0)
    return Status::InvalidArgument("sandbox options: expected slots >= 0 and first_uid > 0");
  int slots = options_.slots == 0 ? kDefaultSlots : options_.slots;
  if (options_.state_dir.empty() || options_.state_dir[0] != '/')
    return Status::InvalidArgument("sandbox state_dir: expected an absolute path, found \"" + options_.state_dir + "\"");
  JUDGE_RETURN_IF_ERROR(MakePrivateStateDir(options_.state_dir).status());
  system_ = DetectSystemEntries();
  JUDGE_ASSIGN_OR_RETURN(PreparedEtc etc, PrepareEtc(options_.state_dir, options_.first_uid, slots));
  etc_dir_ = std::move(etc.dir);
  cpus_ = std::max(1u, std::thread::hardware_concurrency());
  judge_pidfd_.Reset(static_cast<int>(::syscall(SYS_pidfd_open, ::getpid(), 0)));
  for (int resource : {RLIMIT_CPU, RLIMIT_FSIZE, RLIMIT_STACK, RLIMIT_NOFILE, RLIMIT_NPROC, RLIMIT_CORE,
                       RLIMIT_MEMLOCK, RLIMIT_MSGQUEUE, RLIMIT_AS, RLIMIT_DATA}) {
    struct rlimit cur;
    if (::getrlimit(resource, &cur) == 0) hard_limits_[resource] = cur.rlim_max;
  }
  // Cgroups: detected (or the forced method), else a fallback with a warning.
  choice_ = ChooseCgroups(DetectCgroupLayout(options_.cgroup_root), options_.method);
  if (choice_.method == SandboxMethod::kNoCgroup) {
    bool forced = options_.method == SandboxMethod::kCgroupV1 || options_.method == SandboxMethod::kCgroupV2;
    if (forced || options_.require_cgroups) return Status::Unsupported("cgroups required but unusable: " + choice_.why);
    warning_ = "no cgroups (" + choice_.why + "): time and memory are approximate";
  }
  if (!OverlaySupported())
    return Status::Unsupported("the sandbox needs overlayfs (every run's work directory has a bounded disk layer): "
                               "/proc/filesystems lists none");
  keeper_path_ = options_.keeper_path.empty() ? DefaultKeeperPath() : options_.keeper_path;
  if (::access(keeper_path_.c_str(), X_OK) != 0)
    return Status::NotFound("sandbox keeper: expected an executable at " + keeper_path_ + ", found none (" +
                            ErrnoText(errno) + ")");
  return slots_.Init(options_.state_dir, slots, options_.first_uid);
}

Status LinuxSandbox::PrepareSlot(Slot& slot) {
  if (slot.ready) return Status::Ok();
  slot.root_dir = options_.state_dir + "/slot" + std::to_string(slot.index);
  slot.disk_dir = slot.root_dir + ".disk";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(slot.root_dir, 0700));
  ::chmod(slot.root_dir.c_str(), 0700);
  if (choice_.method == SandboxMethod::kCgroupV2) {
    slot.cgroup = NewCgroupV2(CgroupFiles(choice_.v2_root), options_.cgroup_name, slot.index);
  } else if (choice_.method == SandboxMethod::kCgroupV1) {
    std::map<std::string, CgroupFiles> ctl;
    for (const auto& [name, root] : choice_.v1_roots) ctl.emplace(name, CgroupFiles(root));
    slot.cgroup = NewCgroupV1(std::move(ctl), options_.cgroup_name, slot.index);
  }
  slot.ready = true;
  return Status::Ok();
}

// The slot's keeper, started on first use and again when the last one died.
Result<SlotKeeper*> LinuxSandbox::KeeperOf(Slot& slot) {
  if (slot.keeper && slot.keeper->alive()) return slot.keeper.get();
  slot.keeper.reset();
  KeeperStart start;
  start.path = keeper_path_;
  start.socket_base = slot.root_dir + ".keeper";
  start.judge_pidfd = judge_pidfd_.get();
  Result<std::unique_ptr<SlotKeeper>> keeper = SlotKeeper::Start(start);
  if (!keeper.ok()) return keeper.status().WithContext("slot " + std::to_string(slot.index));
  slot.keeper = std::move(keeper).value();
  return slot.keeper.get();
}

Result<RunResult> LinuxSandbox::Run(const RunSpec& spec) { return RunInSession(spec, 0); }

Result<RunResult> LinuxSandbox::RunInSession(const RunSpec& spec, uint64_t session) {
  if (spec.argv.empty()) return Status::InvalidArgument("RunSpec.argv: expected a program and its arguments, found none");
  if (spec.nice < 0 || spec.nice > 19)
    return Status::InvalidArgument("RunSpec.nice: expected 0 to 19, found " + std::to_string(spec.nice));
  JUDGE_RETURN_IF_ERROR(ValidateLimits(spec.limits));
  JUDGE_ASSIGN_OR_RETURN(const RunPaths paths, CheckRunPaths(spec, system_, options_.state_dir));
  // Waiting for a slot (all held by other runs or other judges) ends when the run is
  // cancelled: a judge told to stop does not wait for someone else's run.
  SlotLease lease(&slots_, spec.cancel, session);
  if (!lease.held()) return Status::Cancelled("the run was stopped before it started: the judge was interrupted");
  Result<RunResult> result = RunInSlot(lease.slot(), spec, paths, session);
  // The keeper now keeps this session's init, or (a run on its own) none.
  slots_.MarkSession(&lease.slot(), session);
  return result;
}

std::unique_ptr<SandboxSession> LinuxSandbox::OpenSession() { return std::make_unique<LinuxSession>(this); }

void LinuxSandbox::EndSession(uint64_t session) { slots_.ForgetSession(session); }

// Without CAP_SYS_RESOURCE a hard limit cannot be raised: stay within the judge's
// (read once, in Init).
DerivedLimits LinuxSandbox::ClampedLimits(const SandboxLimits& limits, bool with_cgroup) const {
  DerivedLimits derived = DeriveLimits(limits, with_cgroup);
  for (int i = 0; i < derived.rlimit_count; ++i) {
    RlimitValue& v = derived.rlimits[i];
    auto it = hard_limits_.find(v.resource);
    if (it != hard_limits_.end() && it->second != RLIM_INFINITY) {
      v.hard = std::min(v.hard, it->second);
      v.soft = std::min(v.soft, v.hard);
    }
  }
  return derived;
}

Result<RunResult> LinuxSandbox::RunInSlot(Slot& slot, const RunSpec& spec, const RunPaths& paths,
                                          uint64_t session) {
  JUDGE_RETURN_IF_ERROR(PrepareSlot(slot));
  if (slot.used_elsewhere && slot.cgroup) slot.cgroup->ForgetCachedState();
  const DerivedLimits derived = ClampedLimits(spec.limits, slot.cgroup != nullptr);
  const uid_t uid = static_cast<uid_t>(options_.first_uid + slot.index);
  JUDGE_ASSIGN_OR_RETURN(RunStreams streams, RunStreams::Open(spec, derived.output_bytes, uid, uid));
  JUDGE_ASSIGN_OR_RETURN(WorkLayer layer, OpenWorkLayer(slot, paths.work_dir, derived, uid));
  CgroupRun cgroup(slot.cgroup.get());
  JUDGE_ASSIGN_OR_RETURN(CgroupUsage base, cgroup.Start(derived.cgroup_memory_bytes, derived.cgroup_pids_max));
  JUDGE_ASSIGN_OR_RETURN(SpawnedInit init, Spawn(slot, spec, layer, derived, streams, paths.program, session));
  streams.CloseChildEnds();
  if (spec.on_started) spec.on_started();

  MonitorInput in;
  in.cgroup = slot.cgroup.get();
  in.base = base;
  in.init = init.pid();
  in.pidfd = init.pidfd();
  in.start_ns = init.start_ns();
  in.cpu_limit_ms = spec.limits.cpu_time_ms;
  in.wall_limit_ms = spec.limits.wall_time_ms;
  in.memory_limit_kib = spec.limits.memory_kib;
  // DOMjudge's truncation: the streams keep output_kib and drop the rest; the verdict
  // looks at the bytes written after the run (run_limits.cc), after the time limits.
  in.output_limit_bytes = spec.limits.output_truncates ? INT64_MAX : derived.output_bytes;
  in.streams = &streams;
  in.cpus = cpus_;
  in.cancel = spec.cancel;
  in.reserved_memory_counts = spec.limits.reserved_memory_counts;
  MonitorResult watched = WatchRun(in);
  if (watched.must_kill()) {
    Status killed = KillTree(slot, init.pidfd());
    if (watched.error.ok() && !killed.ok()) watched.error = killed;
  }
  JUDGE_ASSIGN_OR_RETURN(RunResult result, Conclude(slot, spec, watched, init, streams, layer, base));
  JUDGE_RETURN_IF_ERROR(cgroup.Finish());
  // Step 8: every process of the run is gone; its writes join the host directory
  // before the streams put their files back (they go after this, RAII).
  const std::vector<std::string>* only = spec.copy_back_only ? &*spec.copy_back_only : nullptr;
  JUDGE_RETURN_IF_ERROR(layer.disk->KeepWrites(layer.host_dir.get(), only, &result));
  return result;
}

// Step 4: the work directory, opened now, and the run's own disk layer over it.
Result<WorkLayer> LinuxSandbox::OpenWorkLayer(Slot& slot, const std::string& work_dir, const DerivedLimits& derived,
                                              uid_t uid) {
  WorkLayer layer;
  layer.work_dir = work_dir;
  layer.host_dir.Reset(::open(work_dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!layer.host_dir) return ErrnoStatus(errno, "cannot open the work directory " + work_dir);
  JUDGE_ASSIGN_OR_RETURN(RunDisk disk, RunDisk::Start(slot.disk_dir, derived.disk_bytes, derived.disk_files, uid, uid));
  layer.disk.emplace(std::move(disk));
  JUDGE_ASSIGN_OR_RETURN(layer.overlay_options, layer.disk->OverlayOptions(work_dir));
  return layer;
}

Result<SpawnedInit> LinuxSandbox::Spawn(Slot& slot, const RunSpec& spec, const WorkLayer& layer,
                                        const DerivedLimits& derived, const RunStreams& streams,
                                        const std::string& program, uint64_t session) {
  std::deque<std::string> strings;  // what the plan points to, until it is packed
  FsPlanInput fs_in;
  fs_in.root_dir = slot.root_dir;
  fs_in.system = &system_;
  fs_in.etc_dir = etc_dir_;
  fs_in.work_dir = layer.work_dir;
  fs_in.work_overlay = layer.overlay_options;
  fs_in.mounts = &spec.mounts;
  fs_in.tmpfs_bytes = derived.tmpfs_bytes;
  const FsOpList fs_ops = BuildFsOps(fs_in, &strings);
  std::vector<const char*> argv, envp;
  for (const auto& a : spec.argv) argv.push_back(a.c_str());
  argv.push_back(nullptr);
  for (const auto& e : spec.env) envp.push_back(e.c_str());
  envp.push_back(nullptr);

  ChildPlan plan;
  plan.procs_count = slot.cgroup ? static_cast<int>(slot.cgroup->procs_fds().size()) : 0;
  plan.unshare_flags = CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWNET;
  plan.fs_ops = fs_ops.ops.data();
  plan.fs_op_count = static_cast<int>(fs_ops.ops.size());
  plan.fs_base_count = fs_ops.base_count;
  plan.rlimits = derived.rlimits.data();
  plan.rlimit_count = derived.rlimit_count;
  plan.uid = plan.gid = static_cast<uid_t>(options_.first_uid + slot.index);
  plan.cwd = layer.work_dir.c_str();
  plan.scratch_options = strings.emplace_back("mode=1777,size=" + std::to_string(derived.tmpfs_bytes)).c_str();
  plan.nice = spec.nice;
  plan.program = program.c_str();
  plan.argv = argv.data();
  plan.envp = envp.data();
  std::vector<int> fds = {streams.in_fd(), streams.out_fd(), streams.err_fd()};
  if (slot.cgroup)
    for (int fd : slot.cgroup->procs_fds()) fds.push_back(fd);

  // A keeper that ended since this process last used it (idle, or stopped) never
  // received the run: hand it to a new one, once.
  const std::string packed = PackPlan(plan, session);
  SlotKeeper* keeper = nullptr;
  Result<SlotKeeper::Started> launched = Status::Unavailable("the run was not handed to a keeper");
  for (int attempt = 0; attempt < 2 && !launched.ok() && launched.status().code() == StatusCode::kUnavailable;
       ++attempt) {
    JUDGE_ASSIGN_OR_RETURN(keeper, KeeperOf(slot));
    launched = keeper->Launch(packed, fds);
  }
  if (!launched.ok()) return launched.status();
  return SpawnedInit(&slot, keeper, std::move(launched).value());
}

namespace {

// How the program ended, as the init reported it.
void ProgramEnd(const ChildReport& report, Measurement* m) {
  m->exec_errno = report.exec_errno;
  if (report.program_reaped) {
    int st = report.program_status;
    if (WIFEXITED(st)) {
      m->exited = true;
      m->exit_code = WEXITSTATUS(st);
    } else if (WIFSIGNALED(st)) {
      m->signal = WTERMSIG(st);
    }
  } else if (m->exec_errno == 0) {
    m->signal = SIGKILL;  // killed with the tree before it could exit (judge or OOM killer)
  }
}

}  // namespace

// Step 7: reap, measure, decide.
Result<RunResult> LinuxSandbox::Conclude(Slot& slot, const RunSpec& spec, const MonitorResult& watched,
                                         SpawnedInit& init, RunStreams& streams, const WorkLayer& layer,
                                         const CgroupUsage& base) {
  const int64_t start_ns = init.start_ns();
  JUDGE_ASSIGN_OR_RETURN(const KeeperEnded reaped, init.Reap());
  Status drained = streams.Drain();  // every writer is gone: what is left in the pipes
  RunResult r;
  Measurement m;
  m.judge_kill = watched.kill;
  m.data_kib_at_stop = watched.data_kib_at_stop;
  if (slot.cgroup) {
    Result<CgroupUsage> u = slot.cgroup->ReadUsage();
    CgroupUsage usage = u.ok() ? *u : watched.usage;
    // Rounded up: over the limit by any fraction of a millisecond (what the monitor
    // kills at) shows as more than the limit.
    m.cpu_ms = (usage.cpu_ns - base.cpu_ns + 999999) / 1000000;
    m.memory_kib = usage.memory_peak_bytes / 1024;
    m.oom_killed = usage.oom_kills > base.oom_kills;
    m.memory_limit_hit = usage.memory_limit_hits > base.memory_limit_hits;
    m.memory_enforced = true;
    m.forks_denied = usage.pids_max_events - base.pids_max_events;
    r.time_method = std::string(slot.cgroup->time_method());
    r.memory_method = std::string(slot.cgroup->memory_method());
  } else {
    const struct rusage& ru = reaped.usage;
    int64_t ru_ms = (int64_t{ru.ru_utime.tv_sec} + ru.ru_stime.tv_sec) * 1000 +
                    (int64_t{ru.ru_utime.tv_usec} + ru.ru_stime.tv_usec) / 1000;
    m.cpu_ms = std::max(ru_ms, watched.polled_cpu_ms);
    // Not the init's own ru_maxrss: it is a clone of the keeper and counts its pages.
    m.memory_kib = watched.polled_memory_peak_kib;
    m.memory_enforced = false;
    r.time_method = kNoCgroupTimeMethod;
    r.memory_method = kNoCgroupMemoryMethod;
  }
  const ChildReport& report = reaped.report;
  if (report.failed)
    return Status::Internal("sandbox setup failed: " + std::string(report.failed_what) +
                            (report.failed_errno != 0 ? ": " + ErrnoText(report.failed_errno) : ""));
  if (!watched.error.ok()) return watched.error;
  if (!drained.ok()) return drained;
  if (watched.cancelled) return Status::Cancelled("the run was stopped: the judge was interrupted");
  if (report.exec_errno == ENOENT || report.exec_errno == EACCES)
    return Status::NotFound("cannot execute " + spec.argv[0] + " inside the sandbox: " + ErrnoText(report.exec_errno));
  ProgramEnd(report, &m);
  m.program_rss_kib = report.program_maxrss_kib;
  const DiskUsage disk = layer.disk->Usage();  // what the program wrote in its work directory
  m.disk_kib = disk.bytes / 1024;
  m.disk_files = disk.files;
  m.disk_over_quota = disk.over_quota;
  r.disk_method = kDiskQuotaMethod;
  int64_t end_ns = watched.kill != KillReason::kNone ? watched.stop_ns
                   : report.program_reaped          ? report.program_end_ns
                                                    : reaped.reaped_ns;
  m.wall_ms = std::max<int64_t>(0, end_ns - start_ns) / 1000000;
  r.end_monotonic_ns = end_ns;
  m.output_bytes = streams.OutputBytes();
  Decision d = DecideStatus(m, spec.limits);
  r.status = d.status;
  r.kill_reason = d.reason;
  r.cpu_ms = m.cpu_ms;
  r.wall_ms = m.wall_ms;
  r.memory_kib = MemoryUsedKib(m);
  r.exit_code = m.exited ? m.exit_code : -1;
  r.signal = m.signal;
  r.output_bytes = m.output_bytes;
  r.disk_kib = m.disk_kib;
  r.message = d.message;
  if (!warning_.empty()) r.message += (r.message.empty() ? "" : "; ") + warning_;
  return r;
}

}  // namespace sandbox

Result<std::unique_ptr<Sandbox>> CreateSandbox(const SandboxOptions& options) {
  auto sb = std::make_unique<sandbox::LinuxSandbox>(options);
  JUDGE_RETURN_IF_ERROR(sb->Init().WithContext("creating the sandbox"));
  return std::unique_ptr<Sandbox>(std::move(sb));
}

}  // namespace judge
