// What the cgroup v1 and v2 implementations share (cgroup.h): which one a host
// supports (detected once, when a sandbox is created; the choice, and why nothing
// better was possible, is reported), killing every task of a cgroup whatever it
// forks, and waiting until exiting tasks are no longer charged.
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "cgroup.h"
#include "judge/base/files.h"

namespace judge {

std::string_view SandboxMethodName(SandboxMethod m) {
  switch (m) {
    case SandboxMethod::kAuto: return "auto";
    case SandboxMethod::kCgroupV2: return "cgroup-v2";
    case SandboxMethod::kCgroupV1: return "cgroup-v1";
    case SandboxMethod::kNoCgroup: return "no-cgroup";
  }
  return "??";
}

namespace sandbox {
namespace {

using Clock = std::chrono::steady_clock;

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

bool Writable(const std::string& dir) { return ::access(dir.c_str(), W_OK) == 0; }

// The unified hierarchy is usable: mounted, with the memory and pids controllers, and
// writable.
bool V2Usable(const CgroupLayout& layout, std::string* why_not) {
  if (layout.v2_mount.empty()) return *why_not = "no cgroup2 mount", false;
  Result<std::string> ctl = CgroupFiles(layout.v2_mount).Read("cgroup.controllers");
  const std::string have = " " + (ctl.ok() ? *ctl : std::string()) + " ";
  auto has = [&](const char* x) { return have.find(" " + std::string(x) + " ") != std::string::npos ||
                                         have.find(" " + std::string(x) + "\n") != std::string::npos; };
  if (!has("memory") || !has("pids"))
    return *why_not = "cgroup2 at " + layout.v2_mount + " lacks the memory and pids controllers", false;
  if (!Writable(layout.v2_mount)) return *why_not = "cgroup2 at " + layout.v2_mount + " is not writable", false;
  return true;
}

// The v1 controllers a run needs are mounted and writable.
bool V1Usable(const CgroupLayout& layout, std::string* why_not) {
  std::string missing;
  for (const char* ctl : {"memory", "cpuacct", "pids"}) {
    auto it = layout.v1_mounts.find(ctl);
    if (it == layout.v1_mounts.end() || !Writable(it->second)) missing += std::string(" ") + ctl;
  }
  if (!missing.empty()) *why_not = "cgroup v1 controllers missing or read-only:" + missing;
  return missing.empty();
}

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

CgroupChoice ChooseCgroups(const CgroupLayout& layout, SandboxMethod wanted) {
  CgroupChoice c;
  std::string why_not_v2, why_not_v1;
  bool v2 = V2Usable(layout, &why_not_v2);
  bool v1 = V1Usable(layout, &why_not_v1);
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

CgroupLayout DetectCgroupLayout(const std::string& cgroup_root) {
  CgroupLayout layout;
  if (cgroup_root.empty()) {
    Result<std::string> mounts = fs::ReadFile("/proc/self/mounts");
    return mounts.ok() ? ParseCgroupMounts(*mounts) : layout;
  }
  layout.v2_mount = cgroup_root;
  for (const char* ctl : {"memory", "cpuacct", "pids", "freezer"}) {
    std::string p = cgroup_root + "/" + ctl;
    if (fs::IsDirectory(p)) layout.v1_mounts[ctl] = p;
  }
  return layout;
}

void CloseAll(std::vector<int>* fds) {
  for (int fd : *fds) ::close(fd);
  fds->clear();
}

Status RunCgroup::KillLoop(bool can_freeze) {
  auto deadline = Clock::now() + std::chrono::seconds(10);
  while (true) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<int> pids, Tasks());
    if (pids.empty()) return Status::Ok();
    if (Clock::now() > deadline)
      return Status::IoError("cannot kill the run's processes: " + std::to_string(pids.size()) + " still alive after 10 s");
    if (can_freeze) {
      JUDGE_RETURN_IF_ERROR(Freeze(true));
      auto freeze_deadline = Clock::now() + std::chrono::milliseconds(200);
      while (Clock::now() < freeze_deadline) {
        Result<bool> f = Frozen();
        if (!f.ok() || *f) break;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
      JUDGE_ASSIGN_OR_RETURN(pids, Tasks());
    }
    for (int pid : pids) ::kill(pid, SIGKILL);
    if (can_freeze) JUDGE_RETURN_IF_ERROR(Freeze(false));
    // Killed tasks leave the cgroup as they exit; give them a moment.
    for (int i = 0; i < 50; ++i) {
      JUDGE_ASSIGN_OR_RETURN(std::vector<int> left, Tasks());
      if (left.empty()) return Status::Ok();
      std::this_thread::sleep_for(std::chrono::microseconds(i < 10 ? 100 : 1000));
    }
  }
}

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

}  // namespace sandbox
}  // namespace judge
