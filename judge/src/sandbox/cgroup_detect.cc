// Which cgroup method a host supports: where the hierarchies are mounted and whether
// they have what a run needs (see cgroup.h). Detection happens once, when a sandbox
// is created; the choice (and why nothing better was possible) is reported.
#include <unistd.h>

#include <algorithm>

#include "cgroup.h"
#include "judge/base/files.h"

namespace judge::sandbox {
namespace {

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

}  // namespace judge::sandbox
