// cgroup v1: one directory per controller (memory, cpuacct, pids, freezer) and slot,
// reused from run to run (see cgroup.h for the theory of operation).
#include <unistd.h>

#include <algorithm>
#include <utility>

#include "cgroup.h"

namespace judge::sandbox {
namespace {

// Memory a v1 cgroup may still hold from the previous run after force_empty (kernel
// objects not yet freed, tmpfs files) above which it is replaced by a fresh one.
constexpr int64_t kLeftoverBytes = 4 << 20;
// Charges left by the previous run above which memory.force_empty is worth its cost.
constexpr int64_t kReclaimAboveBytes = 2 << 20;

class CgroupV1 final : public RunCgroup {
 public:
  CgroupV1(std::map<std::string, CgroupFiles> controllers, std::string name, int slot)
      : ctl_(std::move(controllers)), name_(std::move(name)), dir_(name_ + "/slot" + std::to_string(slot)) {}
  ~CgroupV1() override {
    CloseAll(&procs_fds_);
    CloseCounters();
  }

  SandboxMethod method() const override { return SandboxMethod::kCgroupV1; }
  std::string_view time_method() const override { return "cgroup-v1-cpuacct"; }
  std::string_view memory_method() const override { return "cgroup-v1-memory"; }

  // The slot directories are reused: descriptors of the files read on every run (and
  // by the monitor on every tick) stay open, the emptiness checks are skipped when the
  // last Finish() verified them, and limits are written when they differ from the last
  // ones this process wrote, or another judge process held the slot since
  // (ForgetCachedState), or the memory cgroup was replaced (Uncharge).
  Status Prepare(int64_t memory_bytes, int64_t pids_max) override {
    JUDGE_RETURN_IF_ERROR(MakeTree());
    if (!clean_) JUDGE_RETURN_IF_ERROR(Empty());
    clean_ = false;
    JUDGE_RETURN_IF_ERROR(OpenCounters());
    JUDGE_RETURN_IF_ERROR(Uncharge());
    if (written_ != std::pair{memory_bytes, pids_max}) {
      written_ = {-1, -1};  // unknown until both are written
      JUDGE_RETURN_IF_ERROR(SetMemoryLimit(memory_bytes));
      JUDGE_RETURN_IF_ERROR(Files("pids").Write(dir_ + "/pids.max", std::to_string(pids_max)));
      written_ = {memory_bytes, pids_max};
    }
    // The peak restarts from the current (empty) usage. CPU time, OOM kills, limit
    // hits and pids events are not reset: the caller subtracts the values it reads
    // after Prepare.
    JUDGE_RETURN_IF_ERROR(Files("memory").WriteFd(fd_max_usage_, "0"));
    return OpenProcs();
  }

  const std::vector<int>& procs_fds() const override { return procs_fds_; }

  void ForgetCachedState() override {
    clean_ = false;
    written_ = {-1, -1};
  }

  Result<CgroupUsage> ReadUsage() override {
    JUDGE_RETURN_IF_ERROR(OpenCounters());
    CgroupUsage u;
    JUDGE_ASSIGN_OR_RETURN(u.cpu_ns, ReadCounter(fd_cpu_).WithContext(Files("cpuacct").Path(dir_ + "/cpuacct.usage")));
    JUDGE_ASSIGN_OR_RETURN(u.memory_peak_bytes, ReadCounter(fd_max_usage_).WithContext(
                                                    Files("memory").Path(dir_ + "/memory.max_usage_in_bytes")));
    u.oom_kills = KeyedCounter(fd_oom_, "oom_kill");
    u.pids_max_events = KeyedCounter(fd_pids_events_, "max");
    u.memory_limit_hits = ReadCounter(fd_failcnt_).value_or(0);
    return u;
  }

  Result<std::vector<int>> Tasks() override {
    // A task joins every controller's cgroup; the union covers a child killed
    // between two joins.
    std::vector<int> all;
    for (auto& [ctl, files] : ctl_) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, files.ReadPids(dir_ + "/cgroup.procs"));
      all.insert(all.end(), pids.begin(), pids.end());
    }
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    return all;
  }

  Status KillAll() override { return KillLoop(has_freezer_); }

  Status Finish() override {
    // Common case: no task charged any more (pids.current counts exiting ones too).
    if (fd_pids_current_ >= 0) {
      Result<int64_t> n = ReadCounter(fd_pids_current_);
      if (n.ok() && *n == 0) {
        clean_ = true;
        return Status::Ok();
      }
    }
    JUDGE_ASSIGN_OR_RETURN(std::vector<int> left, Tasks());
    if (!left.empty()) JUDGE_RETURN_IF_ERROR(KillAll());
    JUDGE_RETURN_IF_ERROR(WaitUncharged(Files("pids"), dir_ + "/pids.current"));
    clean_ = true;
    return Status::Ok();
  }

  Status Freeze(bool on) override {
    return Files("freezer").Write(dir_ + "/freezer.state", on ? "FROZEN" : "THAWED");
  }
  Result<bool> Frozen() override {
    JUDGE_ASSIGN_OR_RETURN(std::string s, Files("freezer").Read(dir_ + "/freezer.state"));
    return s.rfind("FROZEN", 0) == 0;
  }

 private:
  CgroupFiles& Files(const std::string& ctl) { return ctl_.at(ctl); }

  Status MakeTree() {
    if (tree_ready_) return Status::Ok();
    for (auto& [ctl, files] : ctl_) {
      JUDGE_RETURN_IF_ERROR(files.MakeDir(name_));
      JUDGE_RETURN_IF_ERROR(files.MakeDir(dir_));
    }
    has_freezer_ = ctl_.count("freezer") != 0 && Files("freezer").Exists(dir_ + "/freezer.state");
    tree_ready_ = true;
    return Status::Ok();
  }

  // Kills what a crashed judge left and waits until it is uncharged.
  Status Empty() {
    JUDGE_ASSIGN_OR_RETURN(std::vector<int> left, Tasks());
    if (!left.empty()) JUDGE_RETURN_IF_ERROR(KillAll());
    JUDGE_RETURN_IF_ERROR(WaitUncharged(Files("pids"), dir_ + "/pids.current"));
    if (has_freezer_) JUDGE_RETURN_IF_ERROR(Files("freezer").Write(dir_ + "/freezer.state", "THAWED"));
    return Status::Ok();
  }

  // Uncharge what the previous run left (page cache of its files), so this run's
  // peak starts from zero. Pages that cannot be reclaimed (files it left on a tmpfs
  // work directory, with no swap) stay charged: then the memory cgroup is replaced
  // by a fresh one (the old charges move to the parent, which has no limit).
  // A run may leave some kernel objects charged that are freed lazily (RCU); reclaim
  // (about a millisecond) only when more is left.
  Status Uncharge() {
    CgroupFiles& mem = Files("memory");
    Result<int64_t> left_bytes = ReadCounter(fd_usage_);
    if (!left_bytes.ok() || *left_bytes <= kReclaimAboveBytes) return Status::Ok();
    if (mem.Exists(dir_ + "/memory.force_empty")) (void)mem.Write(dir_ + "/memory.force_empty", "0");
    left_bytes = ReadCounter(fd_usage_);
    if (!left_bytes.ok() || *left_bytes <= kLeftoverBytes) return Status::Ok();
    CloseAll(&procs_fds_);
    CloseCounters();
    JUDGE_RETURN_IF_ERROR(mem.RemoveDir(dir_).WithContext("replacing a memory cgroup with leftover charges"));
    written_ = {-1, -1};  // the new cgroup has no limit
    JUDGE_RETURN_IF_ERROR(mem.MakeDir(dir_));
    return OpenCounters();
  }

  // memory.limit_in_bytes may not exceed memory.memsw.limit_in_bytes: the one that
  // moves up is written first.
  Status SetMemoryLimit(int64_t memory_bytes) {
    CgroupFiles& mem = Files("memory");
    std::string limit = std::to_string(memory_bytes);
    bool has_memsw = mem.Exists(dir_ + "/memory.memsw.limit_in_bytes");
    Result<int64_t> current = mem.ReadInt(dir_ + "/memory.limit_in_bytes");
    bool raising = !current.ok() || *current < 0 || memory_bytes > *current;
    if (has_memsw && raising) JUDGE_RETURN_IF_ERROR(mem.Write(dir_ + "/memory.memsw.limit_in_bytes", limit));
    JUDGE_RETURN_IF_ERROR(mem.Write(dir_ + "/memory.limit_in_bytes", limit));
    if (has_memsw && !raising) JUDGE_RETURN_IF_ERROR(mem.Write(dir_ + "/memory.memsw.limit_in_bytes", limit));
    return Status::Ok();
  }

  // The program joins through "tasks", not "cgroup.procs": it moves itself, a single
  // thread, which the kernel does without the global threadgroup lock (a write to
  // cgroup.procs takes it and waits an RCU grace period, milliseconds on a busy
  // host, serializing every run of every judge on it). Single-threaded, the thread
  // is the whole process; everything it forks afterwards is born inside.
  Status OpenProcs() {
    if (!procs_fds_.empty()) return Status::Ok();
    for (auto& [ctl, files] : ctl_) {
      Result<int> fd = files.OpenForWrite(dir_ + "/tasks");
      if (!fd.ok()) {
        CloseAll(&procs_fds_);
        return fd.status();
      }
      procs_fds_.push_back(*fd);
    }
    return Status::Ok();
  }

  static Result<int64_t> ReadCounter(int fd) {
    JUDGE_ASSIGN_OR_RETURN(std::string text, CgroupFiles::ReadFd(fd));
    return CgroupFiles::ParseInt(text);
  }
  // The "key value" line's value in the keyed file open at fd (-1: none); 0 if absent.
  static int64_t KeyedCounter(int fd, const char* key) {
    Result<std::string> text = CgroupFiles::ReadFd(fd);
    return text.ok() ? CgroupFiles::ParseKeyed(*text, key).value_or(0) : 0;
  }

  Status OpenCounters() {
    if (fd_cpu_ >= 0) return Status::Ok();
    auto open = [](CgroupFiles& f, const std::string& rel, int* fd, bool rw = false, bool optional = false) -> Status {
      Result<int> r = f.OpenForRead(rel, rw);
      if (r.ok()) *fd = *r;
      else if (!optional) return r.status();
      return Status::Ok();
    };
    CgroupFiles& mem = Files("memory");
    Status st = open(Files("cpuacct"), dir_ + "/cpuacct.usage", &fd_cpu_);
    if (st.ok()) st = open(mem, dir_ + "/memory.usage_in_bytes", &fd_usage_);
    if (st.ok()) st = open(mem, dir_ + "/memory.max_usage_in_bytes", &fd_max_usage_, true);
    if (st.ok()) st = open(mem, dir_ + "/memory.oom_control", &fd_oom_);
    if (st.ok()) st = open(mem, dir_ + "/memory.failcnt", &fd_failcnt_);
    if (st.ok()) st = open(Files("pids"), dir_ + "/pids.events", &fd_pids_events_, false, true);
    if (st.ok()) st = open(Files("pids"), dir_ + "/pids.current", &fd_pids_current_, false, true);
    if (!st.ok()) CloseCounters();
    return st;
  }

  void CloseCounters() {
    for (int* fd : {&fd_cpu_, &fd_usage_, &fd_max_usage_, &fd_oom_, &fd_failcnt_, &fd_pids_events_, &fd_pids_current_}) {
      if (*fd >= 0) ::close(*fd);
      *fd = -1;
    }
  }

  std::map<std::string, CgroupFiles> ctl_;
  std::string name_;
  std::string dir_;
  bool tree_ready_ = false;
  bool has_freezer_ = false;
  bool clean_ = false;  // Finish() verified the cgroup empty and nothing changed since
  std::pair<int64_t, int64_t> written_{-1, -1};  // the memory and pids limits last written
  std::vector<int> procs_fds_;
  int fd_cpu_ = -1, fd_usage_ = -1, fd_max_usage_ = -1, fd_oom_ = -1, fd_failcnt_ = -1;
  int fd_pids_events_ = -1, fd_pids_current_ = -1;
};

}  // namespace

std::unique_ptr<RunCgroup> NewCgroupV1(std::map<std::string, CgroupFiles> controllers, std::string name, int slot) {
  return std::make_unique<CgroupV1>(std::move(controllers), std::move(name), slot);
}

}  // namespace judge::sandbox
