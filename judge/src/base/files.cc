// Files and directories (see judge/base/files.h).
//
// Theory of operation for RemoveTreeAt: a contestant's program may leave a tree of any
// depth (directories nested until each path is longer than PATH_MAX, thousands deep).
// Recursion on path strings fails with ENAMETOOLONG and recursion on descriptors runs
// out of them. So the walk holds one descriptor for the current directory: it removes
// the files in it, descends into the first subdirectory it finds (remembering the
// device and inode of every ancestor), and when a directory is empty it climbs to the
// parent through "..", checks that the parent is the one remembered, and removes the
// emptied child by name. Nothing runs in the tree any more (the run is over), and a
// mismatch is reported instead of followed.
#include "judge/base/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "judge/base/errors.h"

namespace judge::fs {
namespace {

// A regular file opened for reading; special files refused without blocking.
Result<UniqueFd> OpenRegularForRead(const std::string& path, int extra_flags) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | extra_flags));
  if (!fd) {
    int e = errno;
    if (e == ENOENT) return Status::NotFound(path + ": no such file");
    return ErrnoStatus(e, path + ": cannot open");
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, path + ": cannot stat");
  if (!S_ISREG(st.st_mode))
    return Status::InvalidArgument(path + ": expected a regular file, found a " +
                                   std::string(FileKindName(st.st_mode)));
  ::fcntl(fd.get(), F_SETFL, 0);  // regular: blocking reads are fine
  return fd;
}

Status WriteAllFd(int fd, std::string_view content, const std::string& path) {
  std::size_t done = 0;
  while (done < content.size()) {
    ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, path + ": cannot write");
    done += static_cast<std::size_t>(n);
  }
  return Status::Ok();
}

struct DirId {
  dev_t dev;
  ino_t ino;
};

// Removes every non-directory entry of the open directory; returns the name of the
// first subdirectory (empty when none is left). Listed with getdents64 on a fresh
// open of "." (its own offset, no rewind): fdopendir's dup, fstat and fcntls cost as
// much as the listing itself for the one-file run directory emptied before each test.
Result<std::string> EmptyFilesAndFindSubdir(int dirfd, const std::string& display) {
  UniqueFd listing(::openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!listing) return ErrnoStatus(errno, display + ": cannot list");
  alignas(struct dirent64) char buf[16384];
  for (;;) {
    ssize_t n = ::getdents64(listing.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, display + ": cannot list");
    if (n == 0) return std::string();
    for (ssize_t off = 0; off < n;) {
      const auto* e = reinterpret_cast<const struct dirent64*>(buf + off);
      off += e->d_reclen;
      const std::string name = e->d_name;
      if (name == "." || name == "..") continue;
      if (e->d_type == DT_DIR) return name;
      // DT_UNKNOWN (a file system that does not say): ask; a directory found by
      // unlinkat's EISDIR is a subdirectory too.
      if (e->d_type == DT_UNKNOWN) {
        struct stat est;
        if (::fstatat(dirfd, name.c_str(), &est, AT_SYMLINK_NOFOLLOW) != 0) continue;  // gone
        if (S_ISDIR(est.st_mode)) return name;
      }
      if (::unlinkat(dirfd, name.c_str(), 0) == 0 || errno == ENOENT) continue;
      if (errno == EISDIR) return name;
      return ErrnoStatus(errno, display + "/" + name + ": cannot remove");
    }
  }
}

// openat2 RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS; ENOSYS/EINVAL when unsupported.
int OpenAt2Beneath(int dirfd, const std::string& relpath, int flags, mode_t mode) {
  struct open_how how = {};
  how.flags = static_cast<uint64_t>(flags | O_CLOEXEC);
  how.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
  return static_cast<int>(::syscall(SYS_openat2, dirfd, relpath.c_str(), &how, sizeof how));
}

// The fallback: one O_NOFOLLOW open per component, refusing "..", "." and links.
Result<UniqueFd> WalkBeneath(int dirfd, const std::string& relpath, int flags, mode_t mode) {
  std::vector<std::string> parts;
  std::size_t i = 0;
  while (i <= relpath.size()) {
    std::size_t j = relpath.find('/', i);
    if (j == std::string::npos) j = relpath.size();
    std::string part = relpath.substr(i, j - i);
    if (part == "..") return Status::InvalidArgument(relpath + ": \"..\" leaves the directory");
    if (!part.empty() && part != ".") parts.push_back(part);
    i = j + 1;
  }
  if (parts.empty()) return Status::InvalidArgument("\"" + relpath + "\": expected a path beneath a directory");
  UniqueFd cur(::dup(dirfd));
  if (!cur) return ErrnoStatus(errno, relpath + ": cannot open");
  for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
    UniqueFd next(::openat(cur.get(), parts[k].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!next) return ErrnoStatus(errno == ENOTDIR ? ELOOP : errno, relpath + ": cannot open " + parts[k]);
    cur = std::move(next);
  }
  UniqueFd fd(::openat(cur.get(), parts.back().c_str(), flags | O_NOFOLLOW | O_CLOEXEC, mode));
  if (!fd) return ErrnoStatus(errno, relpath + ": cannot open");
  return fd;
}

}  // namespace

std::string_view FileKindName(mode_t mode) {
  if (S_ISREG(mode)) return "regular file";
  if (S_ISDIR(mode)) return "directory";
  if (S_ISFIFO(mode)) return "FIFO";
  if (S_ISLNK(mode)) return "symbolic link";
  if (S_ISSOCK(mode)) return "socket";
  if (S_ISCHR(mode)) return "character device";
  if (S_ISBLK(mode)) return "block device";
  return "unknown file type";
}

Result<std::string> ReadAll(int fd, const std::string& what, int64_t max_bytes, bool error_if_more) {
  std::string out;
  struct stat st;
  if (::fstat(fd, &st) == 0 && st.st_size > 0)
    out.reserve(static_cast<std::size_t>(std::min<int64_t>(st.st_size, max_bytes)));
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, what + ": cannot read");
    if (n == 0) break;
    int64_t room = max_bytes - static_cast<int64_t>(out.size());
    if (n > room) {
      if (error_if_more)
        return Status::InvalidArgument(what + ": larger than the " + std::to_string(max_bytes) + " bytes allowed");
      out.append(buf, static_cast<std::size_t>(room));
      break;
    }
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

Result<std::string> ReadFile(const std::string& path, int64_t max_bytes) {
  JUDGE_ASSIGN_OR_RETURN(UniqueFd fd, OpenRegularForRead(path, 0));
  return ReadAll(fd.get(), path, max_bytes, true);
}

Result<std::string> ReadNoFollow(const std::string& path, int64_t max_bytes, OpenOutcome* outcome) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
  if (!fd) {
    int e = errno;
    if (e == ENOENT || e == ELOOP) {
      *outcome = e == ENOENT ? OpenOutcome::kMissing : OpenOutcome::kSymlink;
      return std::string();
    }
    return ErrnoStatus(e, path + ": cannot open");
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    *outcome = OpenOutcome::kNotRegular;
    return std::string();
  }
  *outcome = OpenOutcome::kRead;
  return ReadAll(fd.get(), path, max_bytes, false);
}

std::string ReadTail(const std::string& path, int64_t max_bytes) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
  struct stat st;
  if (!fd || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || max_bytes <= 0) return "";
  const off_t from = st.st_size > max_bytes ? st.st_size - static_cast<off_t>(max_bytes) : 0;
  std::string out(static_cast<std::size_t>(st.st_size - from), '\0');
  std::size_t got = 0;
  while (got < out.size()) {
    ssize_t n = ::pread(fd.get(), out.data() + got, out.size() - got, from + static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  out.resize(got);
  return out;
}

Status WriteFile(const std::string& path, std::string_view content, int mode) {
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode));
  if (!fd) return ErrnoStatus(errno, path + ": cannot create");
  JUDGE_RETURN_IF_ERROR(WriteAllFd(fd.get(), content, path));
  if (::close(fd.Release()) != 0) return ErrnoStatus(errno, path + ": cannot write");
  return Status::Ok();
}

Status WriteFileAtomic(const std::string& path, std::string_view content, int mode) {
  std::string temp = path + ".tmp-XXXXXX";
  UniqueFd fd(::mkostemp(temp.data(), O_CLOEXEC));
  if (!fd) return ErrnoStatus(errno, path + ": cannot create a temporary file beside it");
  struct Unlinker {
    std::string path;
    ~Unlinker() { if (!path.empty()) ::unlink(path.c_str()); }
  } unlinker{temp};
  JUDGE_RETURN_IF_ERROR(WriteAllFd(fd.get(), content, temp));
  if (::fchmod(fd.get(), static_cast<mode_t>(mode)) != 0) return ErrnoStatus(errno, temp + ": cannot chmod");
  if (::fsync(fd.get()) != 0) return ErrnoStatus(errno, temp + ": cannot sync");
  if (::close(fd.Release()) != 0) return ErrnoStatus(errno, temp + ": cannot write");
  if (::rename(temp.c_str(), path.c_str()) != 0) return ErrnoStatus(errno, path + ": cannot replace");
  unlinker.path.clear();
  return Status::Ok();
}

namespace {

// Copies [at, end) of in to the same offsets of out: copy_file_range, else (another
// file system kind, an old kernel) pread and pwrite through buf. Async-signal-safe
// (CopyExecutable's child calls it). Returns 0 or the errno that stopped it.
int CopyRange(int in, int out, off_t at, off_t end, char* buf, std::size_t buf_size) {
  bool in_kernel = true;
  while (at < end) {
    const std::size_t want = static_cast<std::size_t>(end - at);
    if (in_kernel) {
      off_t from = at, to = at;
      const ssize_t n = ::copy_file_range(in, &from, out, &to, want, 0);
      if (n > 0) {
        at += n;
        continue;
      }
      if (n == 0) return EIO;  // the file shrank under us
      if (errno == EINTR) continue;
      if (errno != EXDEV && errno != ENOSYS && errno != EINVAL && errno != EOPNOTSUPP && errno != EPERM)
        return errno;
      in_kernel = false;
    }
    const ssize_t n = ::pread(in, buf, want < buf_size ? want : buf_size, at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (n == 0) return EIO;
    for (ssize_t done = 0; done < n;) {
      const ssize_t w = ::pwrite(out, buf + done, static_cast<std::size_t>(n - done), at + done);
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) return errno;
      done += w;
    }
    at += n;
  }
  return 0;
}

// Copies in (a regular file) to out (new and empty) by its data extents (SEEK_DATA /
// SEEK_HOLE), so its holes stay holes: a linker's 134 MB executable of 764 KiB of
// blocks is 764 KiB in the copy too. A file system without SEEK_DATA is one extent.
// Async-signal-safe. Returns 0 or the errno that stopped it.
int CopyExtents(int in, int out, char* buf, std::size_t buf_size) {
  struct stat st;
  if (::fstat(in, &st) != 0) return errno;
  const off_t size = st.st_size;
  off_t at = 0;
  while (at < size) {
    off_t data = ::lseek(in, at, SEEK_DATA);
    if (data < 0 && errno == ENXIO) break;  // only a hole from here on
    if (data < 0) data = at;                 // no SEEK_DATA: copy the rest whole
    off_t hole = ::lseek(in, data, SEEK_HOLE);
    if (hole < 0 || hole > size) hole = size;
    if (int e = CopyRange(in, out, data, hole, buf, buf_size); e != 0) return e;
    at = hole;
  }
  // A hole at the end: the size without writing it.
  return ::ftruncate(out, size) == 0 ? 0 : errno;
}

}  // namespace

Status CopyFile(const std::string& from, const std::string& to, int mode) {
  JUDGE_ASSIGN_OR_RETURN(UniqueFd in, OpenRegularForRead(from, 0));
  struct stat st;
  if (::fstat(in.get(), &st) != 0) return ErrnoStatus(errno, from + ": cannot stat");
  int m = mode >= 0 ? mode : static_cast<int>(st.st_mode & 07777);
  UniqueFd out(::open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, m));
  if (!out) return ErrnoStatus(errno, to + ": cannot create");
  std::string buf(65536, '\0');
  if (int e = CopyExtents(in.get(), out.get(), buf.data(), buf.size()); e != 0)
    return ErrnoStatus(e, to + ": cannot copy " + from);
  if (::fchmod(out.get(), static_cast<mode_t>(m)) != 0) return ErrnoStatus(errno, to + ": cannot chmod");
  if (::close(out.Release()) != 0) return ErrnoStatus(errno, to + ": cannot write");
  return Status::Ok();
}

int64_t KeptBytes(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  const int64_t blocks = static_cast<int64_t>(st.st_blocks) * 512;
  return std::min<int64_t>(st.st_size, blocks);
}

// The child of CopyExecutable: async-signal-safe calls only (it is a fork of a
// multithreaded process). Returns 0 or the errno that stopped it.
static int CopyInChild(int in, const char* to, int mode) {
  int out = ::open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
  if (out < 0) return errno;
  static char buf[65536];  // the child's own copy of the page: no allocation
  if (int e = CopyExtents(in, out, buf, sizeof buf); e != 0) return e;
  if (::fchmod(out, static_cast<mode_t>(mode)) != 0) return errno;
  return ::close(out) == 0 ? 0 : errno;
}

Status CopyExecutable(const std::string& from, const std::string& to, int mode) {
  JUDGE_ASSIGN_OR_RETURN(UniqueFd in, OpenRegularForRead(from, 0));
  const pid_t pid = ::fork();
  if (pid < 0) return ErrnoStatus(errno, to + ": cannot fork to copy the program");
  if (pid == 0) ::_exit(CopyInChild(in.get(), to.c_str(), mode));
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return Status::Ok();
  const int err = WIFEXITED(status) ? WEXITSTATUS(status) : EIO;
  return ErrnoStatus(err, to + ": cannot copy the program from " + from);
}

Status LinkOrCopy(const std::string& from, const std::string& to) {
  if (::link(from.c_str(), to.c_str()) == 0) return Status::Ok();
  return CopyFile(from, to);
}

Status MakeDirs(const std::string& path, int mode) {
  if (path.empty()) return Status::InvalidArgument("empty directory path");
  // Most calls (a run directory made again for every test) need only the last
  // component: one mkdir, not one per ancestor and a stat.
  if (::mkdir(path.c_str(), static_cast<mode_t>(mode)) == 0) return Status::Ok();
  std::size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    std::string prefix = path.substr(0, pos);
    if (prefix.empty()) continue;
    if (::mkdir(prefix.c_str(), static_cast<mode_t>(mode)) != 0 && errno != EEXIST)
      return ErrnoStatus(errno, prefix + ": cannot create directory");
  }
  if (!IsDirectory(path)) return Status::InvalidArgument(path + ": exists and is not a directory");
  return Status::Ok();
}

Result<std::string> MakeTempDir(const std::string& parent, const std::string& prefix, int mode) {
  std::string templ = parent + "/" + prefix + "XXXXXX";
  if (!::mkdtemp(templ.data())) return ErrnoStatus(errno, templ + ": cannot create a temporary directory");
  if (::chmod(templ.c_str(), static_cast<mode_t>(mode)) != 0) return ErrnoStatus(errno, templ + ": cannot chmod");
  return templ;
}

Status RemoveTreeAt(int dirfd, const std::string& name, const std::string& display_path) {
  struct stat st;
  if (::fstatat(dirfd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    if (errno == ENOENT) return Status::Ok();
    return ErrnoStatus(errno, display_path + ": cannot stat");
  }
  if (!S_ISDIR(st.st_mode)) {
    if (::unlinkat(dirfd, name.c_str(), 0) != 0 && errno != ENOENT)
      return ErrnoStatus(errno, display_path + ": cannot remove");
    return Status::Ok();
  }
  std::vector<DirId> ancestors;   // of cur, outermost first (dirfd's child excluded)
  std::vector<std::string> names;  // names[k]: the name of level k+1 inside level k
  UniqueFd cur(::openat(dirfd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!cur) return ErrnoStatus(errno, display_path + ": cannot open");
  for (;;) {
    struct stat cst;
    if (::fstat(cur.get(), &cst) != 0) return ErrnoStatus(errno, display_path + ": cannot stat");
    if ((cst.st_mode & 0700) != 0700) ::fchmod(cur.get(), 0700);  // a program may leave 0000 dirs
    JUDGE_ASSIGN_OR_RETURN(std::string sub, EmptyFilesAndFindSubdir(cur.get(), display_path));
    if (!sub.empty()) {
      UniqueFd child(::openat(cur.get(), sub.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
      if (!child) return ErrnoStatus(errno, display_path + "/.../" + sub + ": cannot open");
      ancestors.push_back({cst.st_dev, cst.st_ino});
      names.push_back(sub);
      cur = std::move(child);
      continue;
    }
    if (ancestors.empty()) break;  // cur is the top: empty now
    UniqueFd parent(::openat(cur.get(), "..", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    struct stat pst;
    if (!parent || ::fstat(parent.get(), &pst) != 0) return ErrnoStatus(errno, display_path + ": cannot climb back");
    if (pst.st_dev != ancestors.back().dev || pst.st_ino != ancestors.back().ino)
      return Status::IoError(display_path + ": a directory moved while it was being removed");
    cur = std::move(parent);
    if (::unlinkat(cur.get(), names.back().c_str(), AT_REMOVEDIR) != 0 && errno != ENOENT)
      return ErrnoStatus(errno, display_path + "/.../" + names.back() + ": cannot remove");
    ancestors.pop_back();
    names.pop_back();
  }
  cur.Reset();
  if (::unlinkat(dirfd, name.c_str(), AT_REMOVEDIR) != 0 && errno != ENOENT)
    return ErrnoStatus(errno, display_path + ": cannot remove");
  return Status::Ok();
}

Status RemoveTree(const std::string& path) {
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  std::size_t slash = p.rfind('/');
  std::string parent = slash == std::string::npos ? "." : slash == 0 ? "/" : p.substr(0, slash);
  std::string name = slash == std::string::npos ? p : p.substr(slash + 1);
  if (name.empty() || name == "." || name == "..")
    return Status::InvalidArgument("\"" + path + "\": expected a removable path");
  UniqueFd dir(::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!dir) {
    if (errno == ENOENT) return Status::Ok();
    return ErrnoStatus(errno, parent + ": cannot open");
  }
  return RemoveTreeAt(dir.get(), name, path);
}

namespace {

// The names in dir (not "." or "..") for which keep(dirfd, name) holds, sorted.
template <typename Keep>
Result<std::vector<std::string>> ListWhere(const std::string& dir, Keep keep) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return ErrnoStatus(errno, dir + ": cannot list");
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d)) {
    std::string n = e->d_name;
    if (n != "." && n != ".." && keep(::dirfd(d), n)) names.push_back(n);
  }
  ::closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

Result<std::vector<std::string>> ListFiles(const std::string& dir) {
  return ListWhere(dir, [](int fd, const std::string& n) {
    struct stat st;
    return ::fstatat(fd, n.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
  });
}

Result<std::vector<std::string>> ListFileLinks(const std::string& dir) {
  return ListWhere(dir, [](int fd, const std::string& n) {
    struct stat lst, st;
    return ::fstatat(fd, n.c_str(), &lst, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(lst.st_mode) &&
           ::fstatat(fd, n.c_str(), &st, 0) == 0 && S_ISREG(st.st_mode);
  });
}

Result<std::vector<std::string>> ListDirs(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return ErrnoStatus(errno, dir + ": cannot list");
  std::vector<std::string> names;
  while (dirent* e = ::readdir(d)) {
    std::string n = e->d_name;
    if (n.empty() || n[0] == '.') continue;
    struct stat st;
    if (::fstatat(::dirfd(d), n.c_str(), &st, 0) == 0 && S_ISDIR(st.st_mode)) names.push_back(n);
  }
  ::closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

bool Exists(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0;
}

bool IsDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string TempRoot() {
  const char* t = std::getenv("TMPDIR");
  return t && *t ? std::string(t) : std::string("/tmp");
}

Result<UniqueFd> OpenDirectory(const std::string& path) {
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd) return ErrnoStatus(errno, path + ": cannot open the directory");
  return fd;
}

Result<UniqueFd> OpenBeneath(int dirfd, const std::string& relpath, int flags, mode_t mode) {
  int fd = OpenAt2Beneath(dirfd, relpath, flags, mode);
  if (fd >= 0) return UniqueFd(fd);
  int e = errno;
  if (e == ENOSYS || e == EPERM) return WalkBeneath(dirfd, relpath, flags, mode);  // no openat2 (or filtered)
  if (e == EXDEV || e == ELOOP)
    return Status::InvalidArgument(relpath + ": expected a path beneath the directory without links, found " +
                                   (e == ELOOP ? "a symbolic link on the way" : "one that leaves it"));
  return ErrnoStatus(e, relpath + ": cannot open");
}

}  // namespace judge::fs
