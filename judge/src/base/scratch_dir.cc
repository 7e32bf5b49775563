// Scratch directories (see judge/base/scratch_dir.h).
#include "judge/base/scratch_dir.h"

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "judge/base/files.h"
#include "judge/base/proc_stat.h"
#include "judge/base/unique_fd.h"

namespace judge {
namespace {

constexpr const char* kJudgeScratchMount = "/run/judge-scratch";

// "<pid>-<start ticks>-" of this process: the owner part of a scratch name.
std::string OwnerTag() {
  Result<ProcStat> self = ReadProcStat(::getpid());
  return std::to_string(::getpid()) + "-" + std::to_string(self.ok() ? self->start_ticks : 0) + "-";
}

// Whether the owner named by "<pid>-<ticks>-..." still runs.
bool OwnerAlive(const std::string& tag) {
  char* end = nullptr;
  long pid = std::strtol(tag.c_str(), &end, 10);
  if (end == tag.c_str() || *end != '-' || pid <= 0) return true;  // not ours to judge
  const char* ticks_at = end + 1;
  long long ticks = std::strtoll(ticks_at, &end, 10);
  if (end == ticks_at || *end != '-') return true;
  Result<ProcStat> st = ReadProcStat(static_cast<pid_t>(pid));
  return st.ok() && st->start_ticks == ticks;
}

void ReapOncePerProcess(const std::string& root, const std::string& prefix) {
  static std::mutex mu;
  static std::set<std::string> done;
  {
    std::lock_guard<std::mutex> lock(mu);
    if (!done.insert(root + "\n" + prefix).second) return;
  }
  (void)ReapScratch(root, prefix);
}

bool IsTmpfsMountPoint(const std::string& dir, const std::string& parent) {
  struct statfs sf;
  struct stat d, p;
  return ::statfs(dir.c_str(), &sf) == 0 && sf.f_type == TMPFS_MAGIC && ::lstat(dir.c_str(), &d) == 0 &&
         S_ISDIR(d.st_mode) && ::stat(parent.c_str(), &p) == 0 && d.st_dev != p.st_dev;
}

// The judge's tmpfs at kJudgeScratchMount, mounted under a lock (two judges starting
// at once must not stack two mounts: the second would hide the first one's files).
bool EnsureJudgeTmpfs() {
  const std::string dir = kJudgeScratchMount;
  if (::geteuid() != 0 || !fs::IsDirectory("/run")) return false;
  if (IsTmpfsMountPoint(dir, "/run")) return true;
  UniqueFd lock(::open((dir + ".lock").c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (!lock || ::flock(lock.get(), LOCK_EX) != 0) return false;
  if (IsTmpfsMountPoint(dir, "/run")) return true;
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return false;
  struct stat st;
  if (::lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != 0) return false;
  return ::mount("judge-scratch", dir.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "mode=0700") == 0;
}

std::string ChooseScratchRoot() {
  if (const char* env = std::getenv("JUDGE_SCRATCH_DIR"); env && *env) return env;
  if (EnsureJudgeTmpfs()) return kJudgeScratchMount;
  struct statvfs vfs;
  if (fs::IsDirectory("/dev/shm") && ::access("/dev/shm", W_OK | X_OK) == 0 && ::statvfs("/dev/shm", &vfs) == 0 &&
      static_cast<uint64_t>(vfs.f_bavail) * vfs.f_frsize >= (uint64_t{1} << 30))
    return "/dev/shm";
  return fs::TempRoot();
}

}  // namespace

Result<ScratchDir> ScratchDir::Make(const std::string& root, const std::string& prefix) {
  ReapOncePerProcess(root, prefix);
  JUDGE_ASSIGN_OR_RETURN(std::string path, fs::MakeTempDir(root, prefix + OwnerTag(), 0700));
  return ScratchDir(std::move(path));
}

ScratchDir::ScratchDir(ScratchDir&& other) noexcept : path_(other.Release()) {}

ScratchDir& ScratchDir::operator=(ScratchDir&& other) noexcept {
  if (this != &other) {
    if (!path_.empty()) (void)fs::RemoveTree(path_);
    path_ = other.Release();
  }
  return *this;
}

ScratchDir::~ScratchDir() {
  if (!path_.empty()) (void)fs::RemoveTree(path_);
}

std::string ScratchDir::Release() { return std::exchange(path_, std::string()); }

int ReapScratch(const std::string& root, const std::string& prefix) {
  std::vector<std::string> dead;
  DIR* d = ::opendir(root.c_str());
  if (!d) return 0;
  while (struct dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    if (!OwnerAlive(name.substr(prefix.size()))) dead.push_back(name);
  }
  ::closedir(d);
  int removed = 0;
  for (const std::string& name : dead)
    if (fs::RemoveTree(root + "/" + name).ok()) ++removed;
  return removed;
}

std::string DefaultScratchRoot() {
  static const std::string root = ChooseScratchRoot();
  return root;
}

std::string MountDescription(const std::string& path) {
  char real[PATH_MAX];
  if (::realpath(path.c_str(), real) == nullptr) return "";
  const std::string target = real;
  std::ifstream in("/proc/self/mountinfo");
  std::string line, best_point, best;
  while (std::getline(in, line)) {
    // id parent major:minor root mount-point options [optional...] - fstype source super-options
    std::istringstream f(line);
    std::string id, parent, dev, root, point, options, field;
    f >> id >> parent >> dev >> root >> point >> options;
    while (f >> field && field != "-") {
    }
    std::string fstype;
    f >> fstype;
    bool covers = target == point || point == "/" || target.rfind(point + "/", 0) == 0;
    if (covers && point.size() >= best_point.size()) {
      best_point = point;
      best = fstype + " " + options;
    }
  }
  return best;
}

}  // namespace judge
