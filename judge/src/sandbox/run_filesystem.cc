#include "run_filesystem.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <limits.h>
#include <stdlib.h>
#include <sys/file.h>

#include <cerrno>
#include <optional>
#include <sstream>

#include "judge/base/dir_names.h"
#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/base/paths.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {

namespace {

// The names of an absolute path's components ("/a//b/" -> a, b).
std::vector<std::string> Components(const std::string& path) {
  std::vector<std::string> out;
  std::istringstream in(path);
  for (std::string c; std::getline(in, c, '/');)
    if (!c.empty()) out.push_back(c);
  return out;
}

}  // namespace

std::vector<SystemEntry> DetectSystemEntries() {
  std::vector<SystemEntry> out;
  for (const char* name : {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"}) {
    std::string path = std::string("/") + name;
    struct stat st;
    if (::lstat(path.c_str(), &st) != 0) continue;
    SystemEntry e{name};
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

Result<std::string> ResolveProgram(const RunSpec& spec, const std::string& work_dir) {
  const std::string& name = spec.argv[0];
  if (name.empty()) return Status::InvalidArgument("RunSpec.argv[0]: expected a program, found an empty string");
  if (name.find('/') != std::string::npos) {
    std::string host = name[0] == '/' ? name : work_dir + "/" + name;
    if (!IsExecutableFile(host))
      return Status::NotFound("program " + name + ": expected an executable file, found none at " + host);
    return name;
  }
  std::string path = "/usr/local/bin:/usr/bin:/bin";
  for (const auto& kv : spec.env)
    if (kv.rfind("PATH=", 0) == 0) path = kv.substr(5);
  std::optional<std::string> found = FindInPath(name, path, work_dir);
  if (!found || (*found)[0] != '/') return Status::NotFound("program " + name + ": not found in PATH " + path);
  return *found;
}

Result<std::string> CheckWorkDir(const RunSpec& spec, const std::vector<SystemEntry>& system,
                                 const std::string& state_dir) {
  char real[PATH_MAX];
  if (spec.work_dir.empty() || ::realpath(spec.work_dir.c_str(), real) == nullptr)
    return Status::NotFound("RunSpec.work_dir: expected an existing directory, found \"" + spec.work_dir + "\"");
  std::string work_dir = real;
  struct stat wst;
  if (::lstat(work_dir.c_str(), &wst) != 0 || !S_ISDIR(wst.st_mode))
    return Status::InvalidArgument("RunSpec.work_dir: expected a directory, found another kind at " + work_dir);
  JUDGE_RETURN_IF_ERROR(CheckInsidePath("RunSpec.work_dir", work_dir, system));
  if ((state_dir + "/").rfind(work_dir + "/", 0) == 0)
    return Status::InvalidArgument("RunSpec.work_dir: must not contain the sandbox state directory, found " + work_dir);
  return work_dir;
}

Status CheckMounts(const RunSpec& spec, const std::vector<SystemEntry>& system) {
  if (spec.mounts.size() > static_cast<std::size_t>(kMaxMountFds - 1))
    return Status::InvalidArgument("RunSpec.mounts: expected at most " + std::to_string(kMaxMountFds - 1) +
                                   " mounts, found " + std::to_string(spec.mounts.size()));
  for (const auto& m : spec.mounts) {
    const std::string& inside = m.inside_path.empty() ? m.host_path : m.inside_path;
    JUDGE_RETURN_IF_ERROR(CheckInsidePath("RunSpec.mounts inside path", inside, system));
    if (!fs::IsDirectory(m.host_path))
      return Status::NotFound("RunSpec.mounts: expected a host directory, found none at " + m.host_path);
  }
  if (!spec.copy_back_only) return Status::Ok();
  for (const std::string& name : *spec.copy_back_only)
    if (name.empty() || name == "." || name == ".." || name.find('/') != std::string::npos)
      return Status::InvalidArgument("RunSpec.copy_back_only: expected plain file names, found \"" + name + "\"");
  return Status::Ok();
}

}  // namespace

Result<RunPaths> CheckRunPaths(const RunSpec& spec, const std::vector<SystemEntry>& system,
                               const std::string& state_dir) {
  RunPaths paths;
  JUDGE_ASSIGN_OR_RETURN(paths.work_dir, CheckWorkDir(spec, system, state_dir));
  JUDGE_RETURN_IF_ERROR(CheckMounts(spec, system));
  JUDGE_ASSIGN_OR_RETURN(paths.program, ResolveProgram(spec, paths.work_dir));
  return paths;
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
    ops_.push_back(FsOp{FsOp::kMount, target, source, fstype, data, flags});
  }
  void Bind(const char* target, const char* source, unsigned long flags) { Add(FsOp::kBind, target, source, flags, 0); }
  void Symlink(const char* linkpath, const char* target) { Add(FsOp::kSymlink, linkpath, target, 0, 0); }
  void Mknod(const char* path, unsigned mode, dev_t dev) { Add(FsOp::kMknod, path, nullptr, 0, mode).dev = dev; }
  FsOp& Add(FsOp::Kind kind, const char* a, const char* b, unsigned long flags, unsigned mode) {
    return ops_.emplace_back(FsOp{kind, a, b, nullptr, nullptr, flags, mode});
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

namespace {

constexpr const char* kEtcMarker = ".judge-etc-complete";
constexpr const char* kHostEtc = "/etc";

// Host /etc entries copied into the run's /etc when present. Only world-readable
// files are copied: nothing the unprivileged uid could not read on the host anyway.
constexpr const char* kEtcCopied[] = {
    "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime", "timezone",
    "python3",     "python3.11", "java-17-openjdk", "java-21-openjdk", "mime.types", "os-release",
    "mono",  // Mono's dllmap (config): which native library System.Native is
};

// The files the judge writes into the run's /etc, by name.
std::vector<std::pair<std::string, std::string>> GeneratedFiles(int first_uid, int slots) {
  std::string passwd = "root:x:0:0:root:/root:/bin/sh\n";
  std::string group = "root:x:0:\n";
  for (int k = 0; k < slots; ++k) {
    std::string id = std::to_string(first_uid + k);
    passwd += "judge" + std::to_string(k) + ":x:" + id + ":" + id + ":judge:/tmp:/bin/sh\n";
    group += "judge" + std::to_string(k) + ":x:" + id + ":\n";
  }
  passwd += "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n";
  group += "nogroup:x:65534:\n";
  return {{"passwd", passwd}, {"group", group}, {"hosts", "127.0.0.1 localhost\n::1 localhost\n"},
          {"hostname", "judge\n"}, {"nsswitch.conf", "passwd: files\ngroup: files\nhosts: files\n"}};
}

// What the run's /etc is made of: the marker's text; its hash names the directory.
std::string EtcRecipe(int first_uid, int slots) {
  std::string recipe = "judge-etc 2\nfirst_uid " + std::to_string(first_uid) + "\nslots " + std::to_string(slots) + "\n";
  for (const char* name : kEtcCopied)
    if (fs::Exists(std::string(kHostEtc) + "/" + name)) recipe += std::string("host ") + name + "\n";
  return recipe;
}

// The names in dir (none when it cannot be read).
std::vector<std::string> NamesIn(const std::string& dir) {
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));  // -1: DirNamesAt fails
  Result<std::vector<std::string>> names = fs::DirNamesAt(fd.get(), dir);
  return names.ok() ? std::move(names).value() : std::vector<std::string>{};
}

// A copy of the host entry `host` at `copy`, as the run's /etc holds it.
Status CopyEntry(const std::string& host, const std::string& copy, const struct stat& st) {
  if (S_ISREG(st.st_mode)) return fs::CopyFile(host, copy, 0644);
  if (S_ISDIR(st.st_mode) && (::mkdir(copy.c_str(), 0755) != 0 || ::chmod(copy.c_str(), 0755) != 0))
    return ErrnoStatus(errno, "cannot create " + copy);  // chmod: 0755 whatever the umask
  if (S_ISDIR(st.st_mode)) return Status::Ok();
  char target[4096];
  ssize_t n = ::readlink(host.c_str(), target, sizeof target - 1);
  if (n < 0) return ErrnoStatus(errno, "cannot read the link " + host);
  target[n] = '\0';
  if (::symlink(target, copy.c_str()) != 0) return ErrnoStatus(errno, "cannot create the link " + copy);
  return Status::Ok();
}

// "path kind mtime_ns inode" of what lstat finds at path, "" when nothing. A
// directory's mtime moves whenever a name in it is added, removed or renamed, so a
// tree whose directories keep their lines keeps its names and their kinds.
std::string StampLine(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) return "";
  return path + " " + std::to_string(st.st_mode & S_IFMT) + " " +
         std::to_string(int64_t{st.st_mtim.tv_sec} * 1000000000 + st.st_mtim.tv_nsec) + " " +
         std::to_string(st.st_ino) + "\n";
}

// Copies to `copy` what it lacks of `host` and everything below it that the run's
// /etc holds (links, directories, world-readable regular files; an entry of another
// kind is replaced). Notes host's StampLine (taken before its names are read) and
// copy's path for host (top) and each directory below it.
Status SyncEntry(const std::string& host, const std::string& copy, bool top, std::string* stamp,
                 std::vector<std::string>* copies) {
  struct stat st, have;
  if (::lstat(host.c_str(), &st) != 0) return Status::Ok();  // gone from the host meanwhile
  const bool dir = S_ISDIR(st.st_mode);
  if (top || dir) *stamp += StampLine(host), copies->push_back(copy);
  if (!dir && !S_ISLNK(st.st_mode) && !(S_ISREG(st.st_mode) && (st.st_mode & S_IROTH))) return Status::Ok();
  if (::lstat(copy.c_str(), &have) != 0 || (have.st_mode & S_IFMT) != (st.st_mode & S_IFMT)) {
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(copy));
    JUDGE_RETURN_IF_ERROR(CopyEntry(host, copy, st));
  }
  if (dir)
    for (const std::string& n : NamesIn(host))
      JUDGE_RETURN_IF_ERROR(SyncEntry(host + "/" + n, copy + "/" + n, false, stamp, copies));
  return Status::Ok();
}

// Whether dir is a complete /etc for this recipe (why not, if it is not); with mend,
// makes it one instead: dir made when missing, what it lacks added, the marker written
// last, then the stamp beside dir (dir + ".stamp"): the StampLines of the host's
// entries and directories it copies and of their copies. Checking is reading the
// stamp again, a few dozen lstat calls instead of a walk of both trees (over a
// thousand on a Debian host, 2 to 3 ms of every judge process). Nothing there is
// removed but an entry of the wrong kind: inits prepared for the next run have dir
// mounted as their /etc, and see what is added.
Status SyncEtc(const std::string& dir, const std::string& recipe, int first_uid, int slots, bool mend) {
  if (!mend) {
    Result<std::string> marker = fs::ReadFile(dir + "/" + kEtcMarker, 1 << 16);
    if (!marker.ok()) return Status::NotFound(fs::Exists(dir) ? "no completion marker" : "none yet");
    if (*marker != recipe) return Status::InvalidArgument("made for another recipe");
    Result<std::string> stamp = fs::ReadFile(dir + ".stamp", 1 << 20);
    if (!stamp.ok()) return Status::NotFound("no stamp");
    std::istringstream lines(*stamp);
    for (std::string line, path; std::getline(lines, line);)
      if (path = line.substr(0, line.find(' ')); StampLine(path) != line + "\n")
        return Status::NotFound(path + " changed or missing");
  } else if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
    return ErrnoStatus(errno, "cannot create " + dir);
  }
  for (const auto& [name, text] : GeneratedFiles(first_uid, slots)) {
    Result<std::string> found = fs::ReadFile(dir + "/" + name, 1 << 20);
    if (found.ok() && *found == text) continue;
    if (!mend) return Status::NotFound(name + " missing or changed");
    JUDGE_RETURN_IF_ERROR(fs::WriteFileAtomic(dir + "/" + name, text, 0644));
  }
  if (!mend) return Status::Ok();
  std::string stamp;
  std::vector<std::string> copies;
  for (const char* name : kEtcCopied)
    JUDGE_RETURN_IF_ERROR(SyncEntry(std::string(kHostEtc) + "/" + name, dir + "/" + name, true, &stamp, &copies));
  JUDGE_RETURN_IF_ERROR(fs::WriteFileAtomic(dir + "/" + kEtcMarker, recipe, 0644));
  for (const std::string& copy : copies) stamp += StampLine(copy);
  return fs::WriteFileAtomic(dir + ".stamp", stamp, 0644);
}

}  // namespace

Result<PreparedEtc> PrepareEtc(const std::string& state_dir, int first_uid, int slots) {
  const std::string recipe = EtcRecipe(first_uid, slots);
  const std::string name = "etc-" + Sha256Hex(recipe).substr(0, 16);
  PreparedEtc out;
  out.dir = state_dir + "/" + name;
  out.how = "found complete";
  Status found = SyncEtc(out.dir, recipe, first_uid, slots, false);
  if (found.ok()) return out;
  const std::string lock_path = state_dir + "/etc.lock";
  UniqueFd lock(::open(lock_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (!lock) return ErrnoStatus(errno, "cannot open " + lock_path);
  while (::flock(lock.get(), LOCK_EX) != 0)
    if (errno != EINTR) return ErrnoStatus(errno, "cannot lock " + lock_path);
  found = SyncEtc(out.dir, recipe, first_uid, slots, false);  // another judge may have just made it
  if (found.ok()) return out;
  JUDGE_RETURN_IF_ERROR(SyncEtc(out.dir, recipe, first_uid, slots, true).WithContext("preparing the runs' /etc " + out.dir));
  out.how = found.message() == "none yet" ? "made" : "mended (" + found.message() + ")";
  return out;
}

}  // namespace judge::sandbox
