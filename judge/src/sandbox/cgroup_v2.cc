// cgroup v2 (the unified hierarchy): one directory per slot, a fresh "run" child per
// run (see cgroup.h for the theory of operation).
#include <algorithm>
#include <chrono>
#include <thread>

#include "cgroup.h"

namespace judge::sandbox {
namespace {

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
      JUDGE_RETURN_IF_ERROR(KillAll());
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
    u.oom_kills = files_.ReadKeyed(run_dir_ + "/memory.events", "oom_kill").value_or(0);
    u.pids_max_events = files_.ReadKeyed(run_dir_ + "/pids.events", "max").value_or(0);
    u.memory_limit_hits = files_.ReadKeyed(run_dir_ + "/memory.events", "max").value_or(0);
    return u;
  }

  Result<std::vector<int>> Tasks() override { return files_.ReadPids(run_dir_ + "/cgroup.procs"); }

  Status KillAll() override {
    if (files_.Exists(run_dir_ + "/cgroup.kill")) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, Tasks());
      if (!pids.empty()) JUDGE_RETURN_IF_ERROR(files_.Write(run_dir_ + "/cgroup.kill", "1"));
    }
    return KillLoop(files_.Exists(run_dir_ + "/cgroup.freeze"));
  }

  Status Finish() override {
    CloseAll(&procs_fds_);
    if (!files_.Exists(run_dir_)) return Status::Ok();
    JUDGE_RETURN_IF_ERROR(KillAll());
    JUDGE_RETURN_IF_ERROR(WaitUncharged(files_, run_dir_ + "/pids.current"));
    return RemoveRunDir();
  }

  Status Freeze(bool on) override { return files_.Write(run_dir_ + "/cgroup.freeze", on ? "1" : "0"); }
  Result<bool> Frozen() override {
    JUDGE_ASSIGN_OR_RETURN(int64_t f, files_.ReadKeyed(run_dir_ + "/cgroup.events", "frozen"));
    return f == 1;
  }

 private:
  Status EnableControllers(const std::string& dir) {
    std::string file = dir.empty() ? "cgroup.subtree_control" : dir + "/cgroup.subtree_control";
    JUDGE_ASSIGN_OR_RETURN(std::string enabled, files_.Read(file));
    while (!enabled.empty() && enabled.back() == '\n') enabled.pop_back();
    const std::string on = " " + enabled + " ";
    std::string want;
    for (std::string c : {"memory", "pids"}) {
      if (on.find(" " + c + " ") == std::string::npos) want += (want.empty() ? "+" : " +") + c;
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

}  // namespace

std::unique_ptr<RunCgroup> NewCgroupV2(CgroupFiles files, std::string name, int slot) {
  return std::make_unique<CgroupV2>(std::move(files), std::move(name), slot);
}

}  // namespace judge::sandbox
