#include "run_filesystem.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace judge::sandbox {

namespace fs = std::filesystem;

namespace {

constexpr const char* kEtcMarker = ".judge-etc-complete-v1";

// Host /etc entries copied into the run's /etc when present. Only world-readable
// files are copied: nothing the unprivileged uid could not read on the host anyway.
constexpr const char* kEtcCopied[] = {
    "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime", "timezone",
    "python3",     "python3.11", "java-17-openjdk", "java-21-openjdk", "mime.types", "os-release",
};

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

void CopyTree(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::file_status st = fs::symlink_status(from, ec);
  if (ec) return;
  if (fs::is_symlink(st)) {
    fs::path target = fs::read_symlink(from, ec);
    if (!ec) fs::create_symlink(target, to, ec);
    return;
  }
  if (fs::is_directory(st)) {
    fs::create_directory(to, ec);
    ::chmod(to.c_str(), 0755);
    for (const auto& e : fs::directory_iterator(from, ec)) CopyTree(e.path(), to / e.path().filename());
    return;
  }
  if (fs::is_regular_file(st) && (static_cast<unsigned>(st.permissions()) & 04) != 0) {
    fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
    ::chmod(to.c_str(), 0644);
  }
}

Status WriteText(const fs::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  out.close();
  if (!out) return Status::IoError("cannot write " + path.string());
  ::chmod(path.c_str(), 0644);
  return Status::Ok();
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

std::vector<FsOp> BuildFsOps(const std::string& root_dir, const std::vector<SystemEntry>& system,
                             const std::string& etc_dir, const std::string& work_dir,
                             const std::vector<SandboxMount>& mounts, int64_t tmpfs_bytes,
                             std::deque<std::string>* storage) {
  std::vector<FsOp> ops;
  auto keep = [storage](std::string s) -> const char* {
    storage->push_back(std::move(s));
    return storage->back().c_str();
  };
  auto in_root = [&](const std::string& inside) { return keep(root_dir + inside); };
  auto mkdir_op = [&](const char* path, unsigned mode) {
    FsOp op;
    op.kind = FsOp::kMkdir;
    op.a = path;
    op.mode = mode;
    ops.push_back(op);
  };
  auto mkdirs = [&](const std::string& inside) {
    std::string cur;
    for (const auto& c : Components(inside)) {
      cur += "/" + c;
      mkdir_op(in_root(cur), 0755);
    }
  };
  auto mount_op = [&](const char* target, const char* source, const char* fstype, unsigned long flags,
                      const char* data) {
    FsOp op;
    op.kind = FsOp::kMount;
    op.a = target;
    op.b = source;
    op.fstype = fstype;
    op.flags = flags;
    op.data = data;
    ops.push_back(op);
  };
  auto bind_op = [&](const char* target, const char* source, unsigned long flags) {
    FsOp op;
    op.kind = FsOp::kBind;
    op.a = target;
    op.b = source;
    op.flags = flags;
    ops.push_back(op);
  };
  auto symlink_op = [&](const char* linkpath, const char* target) {
    FsOp op;
    op.kind = FsOp::kSymlink;
    op.a = linkpath;
    op.b = target;
    ops.push_back(op);
  };
  const std::string size = std::to_string(tmpfs_bytes);

  // Nothing done from here on propagates back to the host's mounts.
  mount_op("/", nullptr, nullptr, MS_REC | MS_PRIVATE, nullptr);
  mount_op(keep(root_dir), "judge-root", "tmpfs", MS_NOSUID, "size=1m,nr_inodes=4096,mode=0755");

  for (const auto& e : system) {
    if (!e.symlink_target.empty()) {
      symlink_op(in_root("/" + e.name), keep(e.symlink_target));
    } else {
      const char* target = in_root("/" + e.name);
      mkdir_op(target, 0755);
      bind_op(target, keep("/" + e.name), MS_RDONLY | MS_NOSUID | MS_NODEV);
    }
  }
  const char* etc = in_root("/etc");
  mkdir_op(etc, 0755);
  bind_op(etc, keep(etc_dir), MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC);

  mkdir_op(in_root("/dev"), 0755);
  struct Dev {
    const char* name;
    unsigned major, minor;
  };
  for (Dev d : {Dev{"null", 1, 3}, Dev{"zero", 1, 5}, Dev{"full", 1, 7}, Dev{"random", 1, 8}, Dev{"urandom", 1, 9}}) {
    FsOp op;
    op.kind = FsOp::kMknod;
    op.a = in_root(std::string("/dev/") + d.name);
    op.mode = S_IFCHR | 0666;
    op.dev = makedev(d.major, d.minor);
    ops.push_back(op);
  }
  symlink_op(in_root("/dev/fd"), "/proc/self/fd");
  symlink_op(in_root("/dev/stdin"), "/proc/self/fd/0");
  symlink_op(in_root("/dev/stdout"), "/proc/self/fd/1");
  symlink_op(in_root("/dev/stderr"), "/proc/self/fd/2");
  const char* shm = in_root("/dev/shm");
  mkdir_op(shm, 01777);
  mount_op(shm, "judge-shm", "tmpfs", MS_NOSUID | MS_NODEV, keep("mode=1777,size=" + size));

  const char* proc = in_root("/proc");
  mkdir_op(proc, 0555);
  mount_op(proc, "proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2");

  const char* tmp = in_root("/tmp");
  mkdir_op(tmp, 01777);
  mount_op(tmp, "judge-tmp", "tmpfs", MS_NOSUID | MS_NODEV, keep("mode=1777,size=" + size));

  mkdirs(work_dir);
  bind_op(in_root(work_dir), keep(work_dir), MS_NOSUID | MS_NODEV);

  for (const auto& m : mounts) {
    std::string inside = m.inside_path.empty() ? m.host_path : m.inside_path;
    mkdirs(inside);
    bind_op(in_root(inside), keep(m.host_path), (m.writable ? 0 : MS_RDONLY) | MS_NOSUID | MS_NODEV);
  }

  FsOp ro;
  ro.kind = FsOp::kRemount;
  ro.a = keep(root_dir);
  ro.flags = MS_RDONLY | MS_NOSUID;
  ops.push_back(ro);
  FsOp pivot;
  pivot.kind = FsOp::kPivotRoot;
  pivot.a = keep(root_dir);
  ops.push_back(pivot);
  return ops;
}

Result<std::string> PrepareEtc(const std::string& state_dir, int first_uid, int slots) {
  fs::path etc = fs::path(state_dir) / "etc";
  std::error_code ec;
  if (fs::exists(etc / kEtcMarker, ec)) return etc.string();

  fs::path tmp = fs::path(state_dir) / ("etc.tmp." + std::to_string(::getpid()));
  fs::remove_all(tmp, ec);
  if (!fs::create_directory(tmp, ec) || ec)
    return Status::IoError("cannot create " + tmp.string() + ": " + ec.message());
  ::chmod(tmp.c_str(), 0755);
  for (const char* name : kEtcCopied) {
    fs::path from = fs::path("/etc") / name;
    if (fs::exists(fs::symlink_status(from, ec))) CopyTree(from, tmp / name);
  }
  std::string passwd = "root:x:0:0:root:/root:/bin/sh\n";
  std::string group = "root:x:0:\n";
  for (int k = 0; k < slots; ++k) {
    std::string id = std::to_string(first_uid + k);
    passwd += "judge" + std::to_string(k) + ":x:" + id + ":" + id + ":judge:/tmp:/bin/sh\n";
    group += "judge" + std::to_string(k) + ":x:" + id + ":\n";
  }
  passwd += "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n";
  group += "nogroup:x:65534:\n";
  JUDGE_RETURN_IF_ERROR(WriteText(tmp / "passwd", passwd));
  JUDGE_RETURN_IF_ERROR(WriteText(tmp / "group", group));
  JUDGE_RETURN_IF_ERROR(WriteText(tmp / "hosts", "127.0.0.1 localhost\n::1 localhost\n"));
  JUDGE_RETURN_IF_ERROR(WriteText(tmp / "hostname", "judge\n"));
  JUDGE_RETURN_IF_ERROR(WriteText(tmp / "nsswitch.conf", "passwd: files\ngroup: files\nhosts: files\n"));
  JUDGE_RETURN_IF_ERROR(WriteText(tmp / kEtcMarker, "complete\n"));

  if (::rename(tmp.c_str(), etc.c_str()) != 0) {
    int err = errno;
    if (fs::exists(etc / kEtcMarker, ec)) {
      fs::remove_all(tmp, ec);  // another judge won the race
      return etc.string();
    }
    // A partial copy left by a crash: replace it.
    fs::remove_all(etc, ec);
    if (::rename(tmp.c_str(), etc.c_str()) != 0) {
      err = errno;
      fs::remove_all(tmp, ec);
      return Status::IoError("cannot install " + etc.string() + ": " + std::strerror(err));
    }
  }
  return etc.string();
}

}  // namespace judge::sandbox
