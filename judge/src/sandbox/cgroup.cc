#include "cgroup.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstring>
#include <functional>
#include <thread>

namespace judge::sandbox {

namespace {

using Clock = std::chrono::steady_clock;

// Memory a v1 cgroup may still hold from the previous run after force_empty (kernel
// objects not yet freed, tmpfs files) above which it is replaced by a fresh one.
constexpr int64_t kLeftoverBytes = 4 << 20;
// Charges left by the previous run above which memory.force_empty is worth its cost.
constexpr int64_t kReclaimAboveBytes = 2 << 20;

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    size_t p = s.find(sep);
    out.push_back(s.substr(0, p));
    if (p == std::string_view::npos) break;
    s = s.substr(p + 1);
  }
  return out;
}

void CloseAll(std::vector<int>* fds) {
  for (int fd : *fds) ::close(fd);
  fds->clear();
}

// Kill loop shared by v1 and v2 when cgroup.kill is missing: freeze (if possible) so a
// fork bomb cannot outrun us, SIGKILL every task, thaw, until nothing is left.
Status KillLoop(const std::function<Result<std::vector<int>>()>& all_tasks, const std::function<Status(bool)>& freeze,
                const std::function<Result<bool>()>& frozen, bool can_freeze, int spare) {
  auto tasks = [&]() -> Result<std::vector<int>> {
    JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, all_tasks());
    pids.erase(std::remove(pids.begin(), pids.end(), spare), pids.end());
    return pids;
  };
  auto deadline = Clock::now() + std::chrono::seconds(10);
  while (true) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, tasks());
    if (pids.empty()) return Status::Ok();
    if (Clock::now() > deadline)
      return Status::IoError("cannot kill the run's processes: " + std::to_string(pids.size()) + " still alive after 10 s");
    if (can_freeze) {
      JUDGE_RETURN_IF_ERROR(freeze(true));
      auto freeze_deadline = Clock::now() + std::chrono::milliseconds(200);
      while (Clock::now() < freeze_deadline) {
        Result<bool> f = frozen();
        if (!f.ok() || *f) break;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
      JUDGE_ASSIGN_OR_RETURN(pids, tasks());
    }
    for (int pid : pids)
      if (pid != spare) ::kill(pid, SIGKILL);
    if (can_freeze) JUDGE_RETURN_IF_ERROR(freeze(false));
    // Killed tasks leave the cgroup as they exit; give them a moment.
    for (int i = 0; i < 50; ++i) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<int> left, tasks());
      if (left.empty()) return Status::Ok();
      std::this_thread::sleep_for(std::chrono::microseconds(i < 10 ? 100 : 1000));
    }
  }
}

// Waits until the cgroup charges no task (pids.current is 0), up to 10 s.
Status WaitUncharged(const CgroupFiles& files, const std::string& pids_current) {
  auto deadline = Clock::now() + std::chrono::seconds(10);
  for (int i = 0;; ++i) {
    Result<int64_t> n = files.ReadInt(pids_current);
    if (!n.ok() || *n <= 0) return Status::Ok();
    if (Clock::now() > deadline)
      return Status::IoError(files.Path(pids_current) + ": " + std::to_string(*n) + " tasks still charged after 10 s");
    std::this_thread::sleep_for(std::chrono::microseconds(i < 20 ? 50 : 1000));
  }
}

class CgroupV2 final : public RunCgroup {
 public:
  CgroupV2(CgroupFiles files, std::string name, int slot)
      : files_(std::move(files)), name_(std::move(name)), slot_dir_(name_ + "/slot" + std::to_string(slot)),
        run_dir_(slot_dir_ + "/run") {}
  ~CgroupV2() override { CloseAll(&procs_fds_); }

  SandboxMethod method() const override { return SandboxMethod::kCgroupV2; }
  std::string_view time_method() const override { return "cgroup-v2-cpu.stat"; }
  std::string_view memory_method() const override {
    return has_peak_ ? "cgroup-v2-memory.peak" : "cgroup-v2-memory.current-polling";
  }

  Status Prepare(int64_t memory_bytes, int64_t pids_max) override {
    CloseAll(&procs_fds_);
    if (!tree_ready_) {
      // Controllers must be enabled on every level above the run's cgroup.
      JUDGE_RETURN_IF_ERROR(EnableControllers(""));
      JUDGE_RETURN_IF_ERROR(files_.MakeDir(name_));
      JUDGE_RETURN_IF_ERROR(EnableControllers(name_));
      JUDGE_RETURN_IF_ERROR(files_.MakeDir(slot_dir_));
      JUDGE_RETURN_IF_ERROR(EnableControllers(slot_dir_));
      tree_ready_ = true;
    }
    if (files_.Exists(run_dir_)) {
      JUDGE_RETURN_IF_ERROR(KillAll(0));
      JUDGE_RETURN_IF_ERROR(WaitUncharged(files_, run_dir_ + "/pids.current"));
      JUDGE_RETURN_IF_ERROR(RemoveRunDir());
    }
    JUDGE_RETURN_IF_ERROR(files_.MakeDir(run_dir_));
    JUDGE_RETURN_IF_ERROR(files_.Write(run_dir_ + "/memory.max", std::to_string(memory_bytes)));
    if (files_.Exists(run_dir_ + "/memory.swap.max"))
      JUDGE_RETURN_IF_ERROR(files_.Write(run_dir_ + "/memory.swap.max", "0"));
    if (files_.Exists(run_dir_ + "/memory.oom.group"))
      JUDGE_RETURN_IF_ERROR(files_.Write(run_dir_ + "/memory.oom.group", "1"));
    JUDGE_RETURN_IF_ERROR(files_.Write(run_dir_ + "/pids.max", std::to_string(pids_max)));
    has_peak_ = files_.Exists(run_dir_ + "/memory.peak");
    polled_peak_ = 0;
    JUDGE_ASSIGN_OR_RETURN(int fd, files_.OpenForWrite(run_dir_ + "/cgroup.procs"));
    procs_fds_.push_back(fd);
    return Status::Ok();
  }

  const std::vector<int>& procs_fds() const override { return procs_fds_; }

  Result<CgroupUsage> ReadUsage() override {
    CgroupUsage u;
    JUDGE_ASSIGN_OR_RETURN(int64_t usec, files_.ReadKeyed(run_dir_ + "/cpu.stat", "usage_usec"));
    u.cpu_ns = usec * 1000;
    if (has_peak_) {
      JUDGE_ASSIGN_OR_RETURN(u.memory_peak_bytes, files_.ReadInt(run_dir_ + "/memory.peak"));
    } else {
      JUDGE_ASSIGN_OR_RETURN(int64_t current, files_.ReadInt(run_dir_ + "/memory.current"));
      polled_peak_ = std::max(polled_peak_, current);
      u.memory_peak_bytes = polled_peak_;
    }
    Result<int64_t> oom = files_.ReadKeyed(run_dir_ + "/memory.events", "oom_kill");
    if (oom.ok()) u.oom_kills = *oom;
    Result<int64_t> pmax = files_.ReadKeyed(run_dir_ + "/pids.events", "max");
    if (pmax.ok()) u.pids_max_events = *pmax;
    Result<int64_t> hits = files_.ReadKeyed(run_dir_ + "/memory.events", "max");
    if (hits.ok()) u.memory_limit_hits = *hits;
    return u;
  }

  Result<std::vector<int>> Tasks() override { return files_.ReadPids(run_dir_ + "/cgroup.procs"); }

  Status KillAll(int spare) override {
    // cgroup.kill spares nobody: only when there is nobody to spare.
    if (spare == 0 && files_.Exists(run_dir_ + "/cgroup.kill")) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, Tasks());
      if (!pids.empty()) JUDGE_RETURN_IF_ERROR(files_.Write(run_dir_ + "/cgroup.kill", "1"));
    }
    bool can_freeze = files_.Exists(run_dir_ + "/cgroup.freeze");
    return KillLoop([this] { return Tasks(); },
                    [this](bool on) { return files_.Write(run_dir_ + "/cgroup.freeze", on ? "1" : "0"); },
                    [this]() -> Result<bool> {
                      Result<int64_t> f = files_.ReadKeyed(run_dir_ + "/cgroup.events", "frozen");
                      if (!f.ok()) return f.status();
                      return *f == 1;
                    },
                    can_freeze, spare);
  }

  Status Finish() override {
    CloseAll(&procs_fds_);
    if (!files_.Exists(run_dir_)) return Status::Ok();
    JUDGE_RETURN_IF_ERROR(KillAll(0));
    JUDGE_RETURN_IF_ERROR(WaitUncharged(files_, run_dir_ + "/pids.current"));
    return RemoveRunDir();
  }

 private:
  Status EnableControllers(const std::string& dir) {
    std::string file = dir.empty() ? "cgroup.subtree_control" : dir + "/cgroup.subtree_control";
    JUDGE_ASSIGN_OR_RETURN(std::string enabled, files_.Read(file));
    while (!enabled.empty() && enabled.back() == '\n') enabled.pop_back();
    std::vector<std::string_view> on = Split(enabled, ' ');
    std::string want;
    for (std::string_view c : {"memory", "pids"}) {
      if (std::find(on.begin(), on.end(), c) == on.end())
        want += std::string(want.empty() ? "+" : " +") + std::string(c);
    }
    if (want.empty()) return Status::Ok();
    return files_.Write(file, want);
  }

  Status RemoveRunDir() {
    // rmdir fails with EBUSY while the last tasks are being released.
    Status st;
    for (int i = 0; i < 200; ++i) {
      st = files_.RemoveDir(run_dir_);
      if (st.ok()) return st;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return st;
  }

  CgroupFiles files_;
  std::string name_;
  std::string slot_dir_;
  std::string run_dir_;
  bool tree_ready_ = false;
  bool has_peak_ = false;
  int64_t polled_peak_ = 0;
  std::vector<int> procs_fds_;
};

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
  // by the monitor on every tick) stay open, limits are written only when they change,
  // and the emptiness checks are skipped when the last Finish() verified them.
  Status Prepare(int64_t memory_bytes, int64_t pids_max) override {
    if (!tree_ready_) {
      for (auto& [ctl, files] : ctl_) {
        JUDGE_RETURN_IF_ERROR(files.MakeDir(name_));
        JUDGE_RETURN_IF_ERROR(files.MakeDir(dir_));
      }
      has_freezer_ = Has("freezer") && Files("freezer").Exists(dir_ + "/freezer.state");
      tree_ready_ = true;
    }
    if (!clean_) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<int> left, Tasks());
      if (!left.empty()) JUDGE_RETURN_IF_ERROR(KillAll(0));
      JUDGE_RETURN_IF_ERROR(WaitUncharged(Files("pids"), dir_ + "/pids.current"));
      if (has_freezer_) JUDGE_RETURN_IF_ERROR(Files("freezer").Write(dir_ + "/freezer.state", "THAWED"));
    }
    clean_ = false;
    JUDGE_RETURN_IF_ERROR(OpenCounters());

    CgroupFiles& mem = Files("memory");
    // Uncharge what the previous run left (page cache of its files), so this run's
    // peak starts from zero. Pages that cannot be reclaimed (files it left on a tmpfs
    // work directory, with no swap) stay charged: then the memory cgroup is replaced
    // by a fresh one (the old charges move to the parent, which has no limit).
    // A run may leave some kernel objects charged that are freed lazily (RCU); reclaim
    // (about a millisecond) only when more is left.
    Result<int64_t> left_bytes = ReadCounter(fd_usage_);
    if (left_bytes.ok() && *left_bytes > kReclaimAboveBytes) {
      if (mem.Exists(dir_ + "/memory.force_empty")) (void)mem.Write(dir_ + "/memory.force_empty", "0");
      left_bytes = ReadCounter(fd_usage_);
      if (left_bytes.ok() && *left_bytes > kLeftoverBytes) {
        CloseAll(&procs_fds_);
        CloseCounters();
        JUDGE_RETURN_IF_ERROR(mem.RemoveDir(dir_).WithContext("replacing a memory cgroup with leftover charges"));
        JUDGE_RETURN_IF_ERROR(mem.MakeDir(dir_));
        last_memory_bytes_ = -1;
        JUDGE_RETURN_IF_ERROR(OpenCounters());
      }
    }
    if (memory_bytes != last_memory_bytes_) {
      // memory.limit_in_bytes may not exceed memory.memsw.limit_in_bytes: the one
      // that moves up is written first.
      std::string limit = std::to_string(memory_bytes);
      bool has_memsw = mem.Exists(dir_ + "/memory.memsw.limit_in_bytes");
      Result<int64_t> current = mem.ReadInt(dir_ + "/memory.limit_in_bytes");
      bool raising = !current.ok() || *current < 0 || memory_bytes > *current;
      if (has_memsw && raising)
        JUDGE_RETURN_IF_ERROR(mem.Write(dir_ + "/memory.memsw.limit_in_bytes", limit));
      JUDGE_RETURN_IF_ERROR(mem.Write(dir_ + "/memory.limit_in_bytes", limit));
      if (has_memsw && !raising)
        JUDGE_RETURN_IF_ERROR(mem.Write(dir_ + "/memory.memsw.limit_in_bytes", limit));
      last_memory_bytes_ = memory_bytes;
    }
    // The peak restarts from the current (empty) usage. CPU time, OOM kills, limit
    // hits and pids events are not reset: the caller subtracts the values it reads
    // after Prepare.
    JUDGE_RETURN_IF_ERROR(mem.WriteFd(fd_max_usage_, "0"));
    if (pids_max != last_pids_max_) {
      JUDGE_RETURN_IF_ERROR(Files("pids").Write(dir_ + "/pids.max", std::to_string(pids_max)));
      last_pids_max_ = pids_max;
    }
    if (procs_fds_.empty()) {
      for (auto& [ctl, files] : ctl_) {
        Result<int> fd = files.OpenForWrite(dir_ + "/cgroup.procs");
        if (!fd.ok()) {
          CloseAll(&procs_fds_);
          return fd.status();
        }
        procs_fds_.push_back(*fd);
      }
    }
    return Status::Ok();
  }

  const std::vector<int>& procs_fds() const override { return procs_fds_; }

  Result<CgroupUsage> ReadUsage() override {
    JUDGE_RETURN_IF_ERROR(OpenCounters());
    CgroupUsage u;
    JUDGE_ASSIGN_OR_RETURN(u.cpu_ns, ReadCounter(fd_cpu_).WithContext(Files("cpuacct").Path(dir_ + "/cpuacct.usage")));
    JUDGE_ASSIGN_OR_RETURN(int64_t peak, ReadCounter(fd_max_usage_).WithContext(
                                             Files("memory").Path(dir_ + "/memory.max_usage_in_bytes")));
    u.memory_peak_bytes = peak;
    if (Result<std::string> t = CgroupFiles::ReadFd(fd_oom_); t.ok()) {
      Result<int64_t> oom = CgroupFiles::ParseKeyed(*t, "oom_kill");
      if (oom.ok()) u.oom_kills = *oom;
    }
    if (fd_pids_events_ >= 0) {
      if (Result<std::string> t = CgroupFiles::ReadFd(fd_pids_events_); t.ok()) {
        Result<int64_t> pmax = CgroupFiles::ParseKeyed(*t, "max");
        if (pmax.ok()) u.pids_max_events = *pmax;
      }
    }
    if (Result<int64_t> hits = ReadCounter(fd_failcnt_); hits.ok()) u.memory_limit_hits = *hits;
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

  Status KillAll(int spare) override {
    return KillLoop([this] { return Tasks(); },
                    [this](bool on) { return Files("freezer").Write(dir_ + "/freezer.state", on ? "FROZEN" : "THAWED"); },
                    [this]() -> Result<bool> {
                      JUDGE_ASSIGN_OR_RETURN(std::string s, Files("freezer").Read(dir_ + "/freezer.state"));
                      return s.rfind("FROZEN", 0) == 0;
                    },
                    has_freezer_, spare);
  }

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
    if (!left.empty()) JUDGE_RETURN_IF_ERROR(KillAll(0));
    JUDGE_RETURN_IF_ERROR(WaitUncharged(Files("pids"), dir_ + "/pids.current"));
    clean_ = true;
    return Status::Ok();
  }

 private:
  bool Has(const std::string& ctl) const { return ctl_.count(ctl) != 0; }
  CgroupFiles& Files(const std::string& ctl) { return ctl_.at(ctl); }

  static Result<int64_t> ReadCounter(int fd) {
    JUDGE_ASSIGN_OR_RETURN(std::string text, CgroupFiles::ReadFd(fd));
    return CgroupFiles::ParseInt(text);
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
  int64_t last_memory_bytes_ = -1;
  int64_t last_pids_max_ = -1;
  std::vector<int> procs_fds_;
  int fd_cpu_ = -1, fd_usage_ = -1, fd_max_usage_ = -1, fd_oom_ = -1, fd_failcnt_ = -1;
  int fd_pids_events_ = -1, fd_pids_current_ = -1;
};

bool Writable(const std::string& dir) { return ::access(dir.c_str(), W_OK) == 0; }

}  // namespace

CgroupLayout ParseCgroupMounts(std::string_view text) {
  CgroupLayout layout;
  for (std::string_view line : Split(text, '\n')) {
    std::vector<std::string_view> f = Split(line, ' ');
    if (f.size() < 4) continue;
    if (f[2] == "cgroup2") {
      if (layout.v2_mount.empty()) layout.v2_mount = std::string(f[1]);
    } else if (f[2] == "cgroup") {
      for (std::string_view opt : Split(f[3], ',')) {
        if (opt == "memory" || opt == "cpuacct" || opt == "pids" || opt == "freezer" || opt == "cpu") {
          layout.v1_mounts.emplace(std::string(opt), std::string(f[1]));
        }
      }
    }
  }
  return layout;
}

std::unique_ptr<RunCgroup> NewCgroupV2(CgroupFiles files, std::string name, int slot) {
  return std::make_unique<CgroupV2>(std::move(files), std::move(name), slot);
}

std::unique_ptr<RunCgroup> NewCgroupV1(std::map<std::string, CgroupFiles> controllers, std::string name,
                                       int slot) {
  return std::make_unique<CgroupV1>(std::move(controllers), std::move(name), slot);
}

CgroupChoice ChooseCgroups(const CgroupLayout& layout, SandboxMethod wanted) {
  CgroupChoice c;
  std::string why_not_v2, why_not_v1;
  bool v2 = false, v1 = false;
  if (layout.v2_mount.empty()) {
    why_not_v2 = "no cgroup2 mount";
  } else {
    CgroupFiles root(layout.v2_mount);
    Result<std::string> ctl = root.Read("cgroup.controllers");
    std::vector<std::string_view> have;
    if (ctl.ok())
      for (std::string_view w : Split(*ctl, ' ')) {
        while (!w.empty() && w.back() == '\n') w.remove_suffix(1);
        have.push_back(w);
      }
    auto has = [&](std::string_view x) { return std::find(have.begin(), have.end(), x) != have.end(); };
    if (!has("memory") || !has("pids")) {
      why_not_v2 = "cgroup2 at " + layout.v2_mount + " lacks the memory and pids controllers";
    } else if (!Writable(layout.v2_mount)) {
      why_not_v2 = "cgroup2 at " + layout.v2_mount + " is not writable";
    } else {
      v2 = true;
    }
  }
  std::vector<std::string> missing;
  for (const char* ctl : {"memory", "cpuacct", "pids"}) {
    auto it = layout.v1_mounts.find(ctl);
    if (it == layout.v1_mounts.end() || !Writable(it->second)) missing.push_back(ctl);
  }
  if (missing.empty()) {
    v1 = true;
  } else {
    why_not_v1 = "cgroup v1 controllers missing or read-only:";
    for (auto& m : missing) why_not_v1 += " " + m;
  }
  auto use_v2 = [&] {
    c.method = SandboxMethod::kCgroupV2;
    c.v2_root = layout.v2_mount;
  };
  auto use_v1 = [&] {
    c.method = SandboxMethod::kCgroupV1;
    for (const char* ctl : {"memory", "cpuacct", "pids", "freezer"}) {
      auto it = layout.v1_mounts.find(ctl);
      if (it != layout.v1_mounts.end() && Writable(it->second)) c.v1_roots[ctl] = it->second;
    }
  };
  switch (wanted) {
    case SandboxMethod::kNoCgroup:
      c.why = "cgroups disabled by the sandbox options";
      break;
    case SandboxMethod::kCgroupV2:
      if (v2) use_v2();
      else c.why = why_not_v2;
      break;
    case SandboxMethod::kCgroupV1:
      if (v1) use_v1();
      else c.why = why_not_v1;
      break;
    case SandboxMethod::kAuto:
      if (v2) use_v2();
      else if (v1) use_v1();
      else c.why = why_not_v2 + "; " + why_not_v1;
      break;
  }
  return c;
}

}  // namespace judge::sandbox
