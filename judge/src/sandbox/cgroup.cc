// What the cgroup v1 and v2 implementations share (cgroup.h): which one a host
// supports (detected once, when a sandbox is created; the choice, and why nothing
// better was possible, is reported), killing every task of a cgroup whatever it
// forks, and waiting until exiting tasks are no longer charged.
#include "cgroup.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <thread>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/unique_fd.h"

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

// CgroupFiles (cgroup.h).
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

}  // namespace

std::string CgroupFiles::Path(std::string_view rel) const {
  std::string p = root_;
  if (!rel.empty()) {
    if (p.empty() || p.back() != '/') p += '/';
    p += rel;
  }
  return p;
}

bool CgroupFiles::Exists(std::string_view rel) const {
  struct stat st;
  return ::stat(Path(rel).c_str(), &st) == 0;
}

Result<std::string> CgroupFiles::Read(std::string_view rel) const {
  JUDGE_ASSIGN_OR_RETURN(int raw, OpenForRead(rel));
  UniqueFd fd(raw);
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd.get(), buf, sizeof buf)) != 0) {
    if (n < 0 && errno != EINTR) return Status::IoError("cannot read " + Path(rel) + ": " + ErrnoText(errno));
    if (n > 0) out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

Status CgroupFiles::Write(std::string_view rel, std::string_view value) const {
  JUDGE_ASSIGN_OR_RETURN(int raw, OpenForWrite(rel));
  UniqueFd fd(raw);
  return WriteFd(fd.get(), value).WithContext(Path(rel));
}

Status CgroupFiles::MakeDir(std::string_view rel) const {
  std::string path = Path(rel);
  if (::mkdir(path.c_str(), 0755) != 0) {
    if (errno == EEXIST) return Status::Ok();
    return Status::IoError("cannot create cgroup " + path + ": " + ErrnoText(errno));
  }
  for (const auto& name : fake_control_files_) {
    int fd = ::open((path + "/" + name).c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0) ::close(fd);
  }
  return Status::Ok();
}

Status CgroupFiles::RemoveDir(std::string_view rel) const {
  std::string path = Path(rel);
  if (fake_tree_) {
    // The kernel removes a cgroup's control files with it; a fake tree holds files.
    if (DIR* d = ::opendir(path.c_str())) {
      while (struct dirent* e = ::readdir(d))
        if (e->d_type == DT_REG) ::unlinkat(::dirfd(d), e->d_name, 0);
      ::closedir(d);
    }
  }
  if (::rmdir(path.c_str()) != 0 && errno != ENOENT)
    return Status::IoError("cannot remove cgroup " + path + ": " + ErrnoText(errno));
  return Status::Ok();
}

Result<int> CgroupFiles::OpenForWrite(std::string_view rel) const {
  std::string path = Path(rel);
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | (fake_tree_ ? O_CREAT : 0), 0644);
  if (fd < 0) return Status::IoError("cannot open " + path + " for writing: " + ErrnoText(errno));
  return fd;
}

Result<int> CgroupFiles::OpenForRead(std::string_view rel, bool read_write) const {
  std::string path = Path(rel);
  int fd = ::open(path.c_str(), (read_write ? O_RDWR : O_RDONLY) | O_CLOEXEC);
  if (fd < 0) return Status::IoError("cannot open " + path + ": " + ErrnoText(errno));
  return fd;
}

Result<std::string> CgroupFiles::ReadFd(int fd) {
  std::string out;
  char buf[4096];
  off_t off = 0;
  for (;;) {
    ssize_t n = ::pread(fd, buf, sizeof buf, off);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Status::IoError("cannot read a cgroup control file: " + ErrnoText(errno));
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
    // The files read here hold one value (counters, oom_control, pids.events): the
    // kernel writes such a file's text in one go, so a read shorter than the buffer
    // has all of it and the read that would return 0 is saved (five counters before
    // and after every run). Not so for lists (cgroup.procs): a seq_file stops a read
    // short when the next record does not fit its page; those go through Read().
    if (static_cast<size_t>(n) < sizeof buf) break;
    off += n;
  }
  return out;
}

Status CgroupFiles::WriteFd(int fd, std::string_view value) const {
  ssize_t n;
  if (fake_tree_) {
    // Fake trees hold regular files: a shorter value replaces a longer one.
    if (::ftruncate(fd, 0) != 0) return Status::IoError("cannot truncate a fake control file: " + ErrnoText(errno));
    n = ::pwrite(fd, value.data(), value.size(), 0);
  } else {
    while ((n = ::write(fd, value.data(), value.size())) < 0 && errno == EINTR) {
    }
  }
  if (n < 0) return Status::IoError("cannot write \"" + std::string(Trim(value)) + "\": " + ErrnoText(errno));
  if (static_cast<size_t>(n) != value.size()) return Status::IoError("short write");
  return Status::Ok();
}

Result<int64_t> CgroupFiles::ParseInt(std::string_view text) {
  std::string_view t = Trim(text);
  if (t == "max") return int64_t{-1};
  int64_t v = 0;
  auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || ptr != t.data() + t.size() || t.empty())
    return Status::Corrupt("expected an integer, found \"" + std::string(t) + "\"");
  return v;
}

Result<int64_t> CgroupFiles::ParseKeyed(std::string_view text, std::string_view key) {
  while (!text.empty()) {
    size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    size_t sp = line.find(' ');
    if (sp == std::string_view::npos) continue;
    if (line.substr(0, sp) != key) continue;
    Result<int64_t> v = ParseInt(line.substr(sp + 1));
    if (!v.ok())
      return Status::Corrupt("key \"" + std::string(key) + "\": " + v.status().message());
    return v;
  }
  return Status::NotFound("no key \"" + std::string(key) + "\"");
}

std::vector<int> CgroupFiles::ParsePids(std::string_view text) {
  std::vector<int> pids;
  while (!text.empty()) {
    size_t eol = text.find('\n');
    std::string_view line = Trim(text.substr(0, eol));
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    int v = 0;
    auto [ptr, ec] = std::from_chars(line.data(), line.data() + line.size(), v);
    if (ec == std::errc() && ptr == line.data() + line.size() && v > 0) pids.push_back(v);
  }
  return pids;
}

Result<int64_t> CgroupFiles::ReadInt(std::string_view rel) const {
  JUDGE_ASSIGN_OR_RETURN(std::string text, Read(rel));
  return std::move(ParseInt(text)).WithContext(Path(rel));
}

Result<int64_t> CgroupFiles::ReadKeyed(std::string_view rel, std::string_view key) const {
  JUDGE_ASSIGN_OR_RETURN(std::string text, Read(rel));
  return std::move(ParseKeyed(text, key)).WithContext(Path(rel));
}

Result<std::vector<int>> CgroupFiles::ReadPids(std::string_view rel) const {
  JUDGE_ASSIGN_OR_RETURN(std::string text, Read(rel));
  return ParsePids(text);
}

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
