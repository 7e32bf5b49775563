#include "run_filesystem.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace judge::sandbox {

namespace {

std::vector<std::string> Components(const std::string& path) {
  std::vector<std::string> out;
  size_t i = 1;
  while (i <= path.size()) {
    size_t j = path.find('/', i);
    if (j == std::string::npos) j = path.size();
    if (j > i) out.push_back(path.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

}  // namespace

std::vector<SystemEntry> DetectSystemEntries() {
  std::vector<SystemEntry> out;
  for (const char* name : {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"}) {
    std::string path = std::string("/") + name;
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0) continue;
    SystemEntry e;
    e.name = name;
    if (S_ISLNK(st.st_mode)) {
      char buf[4096];
      ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
      if (n <= 0) continue;
      e.symlink_target.assign(buf, static_cast<size_t>(n));
    } else if (!S_ISDIR(st.st_mode)) {
      continue;
    }
    out.push_back(std::move(e));
  }
  return out;
}

Status CheckInsidePath(const std::string& what, const std::string& path, const std::vector<SystemEntry>& system) {
  auto bad = [&](const std::string& why) {
    return Status::InvalidArgument(what + ": expected an absolute normalized directory path " + why + ", found \"" +
                                   path + "\"");
  };
  if (path.empty() || path[0] != '/') return bad("(absolute)");
  if (path.find("//") != std::string::npos) return bad("(no \"//\")");
  std::vector<std::string> comps = Components(path);
  if (comps.empty()) return bad("(not \"/\")");
  for (const auto& c : comps)
    if (c == "." || c == "..") return bad("(no \".\" or \"..\")");
  // Under /dev only below /dev/shm (a private tmpfs inside, like /tmp).
  bool in_shm = comps.size() >= 3 && comps[0] == "dev" && comps[1] == "shm";
  for (const char* reserved : {"proc", "dev", "etc"})
    if (comps[0] == reserved && !in_shm) return bad(std::string("outside /") + reserved);
  for (const auto& e : system)
    if (comps[0] == e.name) return bad("outside the system directory /" + e.name);
  return Status::Ok();
}

namespace {

// Appends the steps of building a run's file system; strings live in *storage (the
// child must not allocate, so every path it uses is made here).
class FsPlan {
 public:
  FsPlan(const std::string& root_dir, std::deque<std::string>* storage) : root_(root_dir), storage_(storage) {}

  const char* Keep(std::string s) {
    storage_->push_back(std::move(s));
    return storage_->back().c_str();
  }
  const char* InRoot(const std::string& inside) { return Keep(root_ + inside); }

  void Mkdir(const char* path, unsigned mode) { Add(FsOp::kMkdir, path, nullptr, 0, mode); }
  void MkdirAll(const std::string& inside) {
    std::string cur;
    for (const auto& c : Components(inside)) {
      cur += "/" + c;
      Mkdir(InRoot(cur), 0755);
    }
  }
  void Mount(const char* target, const char* source, const char* fstype, unsigned long flags, const char* data) {
    FsOp& op = Add(FsOp::kMount, target, source, flags, 0);
    op.fstype = fstype;
    op.data = data;
  }
  void Bind(const char* target, const char* source, unsigned long flags) { Add(FsOp::kBind, target, source, flags, 0); }
  void Symlink(const char* linkpath, const char* target) { Add(FsOp::kSymlink, linkpath, target, 0, 0); }
  void Mknod(const char* path, unsigned mode, dev_t dev) { Add(FsOp::kMknod, path, nullptr, 0, mode).dev = dev; }
  FsOp& Add(FsOp::Kind kind, const char* a, const char* b, unsigned long flags, unsigned mode) {
    FsOp op;
    op.kind = kind;
    op.a = a;
    op.b = b;
    op.flags = flags;
    op.mode = mode;
    ops_.push_back(op);
    return ops_.back();
  }
  std::vector<FsOp> Take() { return std::move(ops_); }
  std::size_t size() const { return ops_.size(); }

 private:
  std::string root_;
  std::deque<std::string>* storage_;
  std::vector<FsOp> ops_;
};

// A directory of the root tmpfs, writable (nosuid, nodev) where the root will be read-only:
// a bind mount of itself, no superblock of its own.
void WritableDir(FsPlan& p, const char* dir) {
  p.Mkdir(dir, 01777);
  p.Bind(dir, dir, MS_NOSUID | MS_NODEV);
}

// /dev: a few character devices, the fd links, a private /dev/shm.
void AddDev(FsPlan& p) {
  p.Mkdir(p.InRoot("/dev"), 0755);
  struct Dev {
    const char* name;
    unsigned major, minor;
  };
  for (Dev d : {Dev{"null", 1, 3}, Dev{"zero", 1, 5}, Dev{"full", 1, 7}, Dev{"random", 1, 8}, Dev{"urandom", 1, 9}})
    p.Mknod(p.InRoot(std::string("/dev/") + d.name), S_IFCHR | 0666, makedev(d.major, d.minor));
  p.Symlink(p.InRoot("/dev/fd"), "/proc/self/fd");
  p.Symlink(p.InRoot("/dev/stdin"), "/proc/self/fd/0");
  p.Symlink(p.InRoot("/dev/stdout"), "/proc/self/fd/1");
  p.Symlink(p.InRoot("/dev/stderr"), "/proc/self/fd/2");
  WritableDir(p, p.InRoot("/dev/shm"));
}

// The system directories read-only (or as the symlinks they are), and the prepared /etc.
void AddSystem(FsPlan& p, const std::vector<SystemEntry>& system, const std::string& etc_dir) {
  for (const auto& e : system) {
    if (!e.symlink_target.empty()) {
      p.Symlink(p.InRoot("/" + e.name), p.Keep(e.symlink_target));
      continue;
    }
    const char* target = p.InRoot("/" + e.name);
    p.Mkdir(target, 0755);
    p.Bind(target, p.Keep("/" + e.name), MS_RDONLY | MS_NOSUID | MS_NODEV);
  }
  const char* etc = p.InRoot("/etc");
  p.Mkdir(etc, 0755);
  p.Bind(etc, p.Keep(etc_dir), MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC);
}

}  // namespace

FsOpList BuildFsOps(const FsPlanInput& in, std::deque<std::string>* storage) {
  FsPlan p(in.root_dir, storage);
  // Nothing done from here on propagates back to the host's mounts.
  p.Mount("/", nullptr, nullptr, MS_REC | MS_PRIVATE, nullptr);
  // One tmpfs holds the root, /tmp and /dev/shm (which share its size): a superblock
  // made and torn down per run instead of three. The root's mount is made read-only
  // at the end (MS_BIND: the mount, not the superblock), /tmp's and /dev/shm's stay
  // writable; links and renames between them fail (EXDEV: different mounts).
  p.Mount(p.Keep(in.root_dir), "judge-root", "tmpfs", MS_NOSUID,
          p.Keep("mode=0755,size=" + std::to_string(in.tmpfs_bytes)));
  AddSystem(p, *in.system, in.etc_dir);
  AddDev(p);
  const char* proc = p.InRoot("/proc");
  p.Mkdir(proc, 0555);
  p.Mount(proc, "proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2");
  WritableDir(p, p.InRoot("/tmp"));
  p.Add(FsOp::kPivotRoot, p.Keep(in.root_dir), nullptr, 0, 0);
  FsOpList out;
  out.base_count = static_cast<int>(p.size());
  // From here on inside the new root: the host's directories come as detached mounts
  // the keeper makes in the host's namespace (kHost*).
  FsPlan inside("", storage);
  inside.MkdirAll(in.work_dir);
  FsOp& work = inside.Add(in.work_overlay.empty() ? FsOp::kHostBind : FsOp::kHostOverlay, inside.Keep(in.work_dir),
                          inside.Keep(in.work_dir), MS_NOSUID | MS_NODEV, 0);
  if (!in.work_overlay.empty()) work.data = inside.Keep(in.work_overlay);
  for (const auto& m : *in.mounts) {
    std::string at = m.inside_path.empty() ? m.host_path : m.inside_path;
    inside.MkdirAll(at);
    inside.Add(FsOp::kHostBind, inside.Keep(at), inside.Keep(m.host_path),
               (m.writable ? 0 : MS_RDONLY) | MS_NOSUID | MS_NODEV, 0);
  }
  inside.Add(FsOp::kRemount, "/", nullptr, MS_BIND | MS_RDONLY | MS_NOSUID, 0);
  out.ops = p.Take();
  for (const FsOp& op : inside.Take()) out.ops.push_back(op);
  return out;
}

}  // namespace judge::sandbox
