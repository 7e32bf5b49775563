#include "run_streams.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "judge/base/errors.h"
#include "judge/base/files.h"

namespace judge::sandbox {
namespace {

// The judge keeps at most 1 MiB in flight per pipe (root may raise the size).
constexpr int kPipeBytes = 1 << 20;

// An fd >= 3 (fds 0-2 of the child are built with dup2 from these), close-on-exec.
Result<UniqueFd> HighFd(UniqueFd fd, const std::string& what) {
  if (fd.get() >= 3) return fd;
  UniqueFd high(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
  if (!high) return ErrnoStatus(errno, "cannot duplicate the descriptor of " + what);
  return high;
}

// The input's bytes in a sealed memfd: a neutral name, seekable and mappable like a
// file, and no one can change it.
Result<UniqueFd> OpenInput(const std::string& path) {
  if (path.empty()) {
    UniqueFd null(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (!null) return ErrnoStatus(errno, "cannot open /dev/null");
    return HighFd(std::move(null), "stdin");
  }
  UniqueFd file(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!file) {
    if (errno == ELOOP) return Status::InvalidArgument("stdin file " + path + " is a symbolic link");
    return ErrnoStatus(errno, "cannot open stdin file " + path);
  }
  struct stat st;
  if (::fstat(file.get(), &st) != 0) return ErrnoStatus(errno, "cannot stat stdin file " + path);
  if (!S_ISREG(st.st_mode))
    return Status::InvalidArgument("stdin file " + path + ": expected a regular file, found a " +
                                   std::string(fs::FileKindName(st.st_mode)));
  UniqueFd mem(::memfd_create("stdin", MFD_CLOEXEC | MFD_ALLOW_SEALING));
  if (!mem) return ErrnoStatus(errno, "cannot create the memory file for stdin");
  off_t offset = 0;
  while (offset < st.st_size) {
    ssize_t n = ::sendfile(mem.get(), file.get(), &offset, static_cast<size_t>(st.st_size - offset));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, "cannot copy stdin file " + path);
    if (n == 0) break;  // shrank meanwhile
  }
  if (::fcntl(mem.get(), F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) != 0)
    return ErrnoStatus(errno, "cannot seal the memory file for stdin");
  if (::lseek(mem.get(), 0, SEEK_SET) != 0) return ErrnoStatus(errno, "cannot rewind stdin");
  // The program gets a read-only descriptor: reopened through /proc.
  std::string self = "/proc/self/fd/" + std::to_string(mem.get());
  UniqueFd ro(::open(self.c_str(), O_RDONLY | O_CLOEXEC));
  if (!ro) return ErrnoStatus(errno, "cannot reopen the memory file for stdin");
  return HighFd(std::move(ro), "stdin");
}

// "dir/name" split.
Status SplitPath(const std::string& path, std::string* dir, std::string* name) {
  std::size_t slash = path.rfind('/');
  *name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name->empty() || *name == "." || *name == "..")
    return Status::InvalidArgument("output file \"" + path + "\": expected a file name at the end");
  *dir = slash == std::string::npos ? "." : path.substr(0, slash);
  return Status::Ok();
}

// The directory, opened without following any link.
Result<UniqueFd> OpenParent(const std::string& path, const std::string& dir) {
  int flags = O_RDONLY | O_DIRECTORY;
  if (dir.empty() || dir[0] == '/') {
    UniqueFd root(::open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!root) return ErrnoStatus(errno, "cannot open /");
    std::string rel = dir.substr(std::min(dir.find_first_not_of('/'), dir.size()));
    if (rel.empty()) return root;
    Result<UniqueFd> d = fs::OpenBeneath(root.get(), rel, flags);
    if (!d.ok()) return d.status().WithContext("output file " + path);
    return d;
  }
  Result<UniqueFd> d = fs::OpenBeneath(AT_FDCWD, dir, flags);
  if (!d.ok()) return d.status().WithContext("output file " + path);
  return d;
}

}  // namespace

Status RunStreams::OpenPipe(const std::string& path, uid_t uid, gid_t gid, const Pipe* sibling, Pipe* p) {
  if (!path.empty()) {
    JUDGE_RETURN_IF_ERROR(SplitPath(path, &p->dir, &p->name));
    // stdout and stderr side by side (a grading lane's): the directory opened once,
    // not walked again from /.
    if (sibling && sibling->parent_dir && sibling->dir == p->dir) {
      p->parent_dir.Reset(::fcntl(sibling->parent_dir.get(), F_DUPFD_CLOEXEC, 3));
      if (!p->parent_dir) return ErrnoStatus(errno, "cannot duplicate the directory of output file " + path);
    } else {
      JUDGE_ASSIGN_OR_RETURN(p->parent_dir, OpenParent(path, p->dir));
    }
    UniqueFd file(::openat(p->parent_dir.get(), p->name.c_str(),
                           O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644));
    if (!file) {
      if (errno == ELOOP) return Status::InvalidArgument("output file " + path + " is a symbolic link");
      return ErrnoStatus(errno, "cannot create output file " + path);
    }
    struct stat st;
    if (::fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode))
      return Status::InvalidArgument("output file " + path + ": expected a regular file, found another kind");
    ::fcntl(file.get(), F_SETFL, 0);
    p->file = std::move(file);
    p->path = path;
  }
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return ErrnoStatus(errno, "cannot create the output pipe");
  UniqueFd r(fds[0]), w(fds[1]);
  ::fcntl(r.get(), F_SETPIPE_SZ, kPipeBytes);  // best effort: a smaller pipe only means more wakeups
  if (::fcntl(r.get(), F_SETFL, O_NONBLOCK) != 0) return ErrnoStatus(errno, "cannot make the output pipe non-blocking");
  // The program may reopen /dev/stdout (/proc/self/fd/1) by name: the pipe is its.
  if (::fchown(w.get(), uid, gid) != 0) return ErrnoStatus(errno, "cannot hand the output pipe to the run's uid");
  JUDGE_ASSIGN_OR_RETURN(p->read_end, HighFd(std::move(r), "an output pipe"));
  JUDGE_ASSIGN_OR_RETURN(p->write_end, HighFd(std::move(w), "an output pipe"));
  return Status::Ok();
}

namespace {

// A caller's descriptor (RunSpec::stdin_fd / stdout_fd), duplicated >= 3.
Result<UniqueFd> Borrowed(int fd, const std::string& what) {
  UniqueFd dup(::fcntl(fd, F_DUPFD_CLOEXEC, 3));
  if (!dup) return ErrnoStatus(errno, "cannot duplicate the " + what + " descriptor given to the run");
  return dup;
}

}  // namespace

Result<RunStreams> RunStreams::Open(const RunSpec& spec, int64_t output_limit_bytes, uid_t uid, gid_t gid) {
  RunStreams s;
  s.kept_budget_ = output_limit_bytes + 1;
  if (spec.stdin_fd >= 0) {
    JUDGE_ASSIGN_OR_RETURN(s.in_, Borrowed(spec.stdin_fd, "stdin"));
  } else {
    JUDGE_ASSIGN_OR_RETURN(s.in_, OpenInput(spec.stdin_path));
  }
  if (spec.stdout_fd >= 0) {
    JUDGE_ASSIGN_OR_RETURN(s.out_.write_end, Borrowed(spec.stdout_fd, "stdout"));
  } else {
    JUDGE_RETURN_IF_ERROR(OpenPipe(spec.stdout_path, uid, gid, nullptr, &s.out_));
  }
  // Both discarded, or the same file: one pipe. Never into a borrowed stdout.
  bool shared = spec.stdout_fd < 0 && spec.stderr_path == spec.stdout_path;
  if (!shared) JUDGE_RETURN_IF_ERROR(OpenPipe(spec.stderr_path, uid, gid, &s.out_, &s.err_));
  return s;
}

RunStreams::~RunStreams() {
  (void)Drain();
  out_.Restore();
  err_.Restore();
}

void RunStreams::CloseChildEnds() {
  in_.Reset();  // a borrowed pipe's writer must see the reader gone when the program goes
  out_.write_end.Reset();
  err_.write_end.Reset();
}

std::vector<int> RunStreams::PollFds() const {
  std::vector<int> fds;
  for (const Pipe* p : {&out_, &err_})
    if (p->read_end) fds.push_back(p->read_end.get());
  return fds;
}

Status RunStreams::Drain() {
  Status out = out_.Drain(&kept_budget_);
  Status err = err_.Drain(&kept_budget_);
  return out.ok() ? err : out;
}

// Reads until the pipe is empty (EAGAIN: writers may remain) or closed (EOF: the read
// end is closed, so it leaves the poll set). Up to *kept_budget bytes go to the file.
Status RunStreams::Pipe::Drain(int64_t* kept_budget) {
  char buf[65536];
  while (read_end) {
    ssize_t n;
    if (file && *kept_budget > 0) {
      n = ::splice(read_end.get(), nullptr, file.get(), nullptr,
                   static_cast<size_t>(std::min<int64_t>(*kept_budget, kPipeBytes)), SPLICE_F_NONBLOCK);
      if (n > 0) *kept_budget -= n;
      if (n < 0 && errno == EINVAL) n = ::read(read_end.get(), buf, sizeof buf);  // a file splice cannot write
    } else {
      n = ::read(read_end.get(), buf, sizeof buf);
    }
    if (n > 0) {
      bytes += n;
      continue;
    }
    if (n == 0) {
      read_end.Reset();
      break;
    }
    if (errno == EINTR) continue;
    if (errno == EAGAIN) break;
    return ErrnoStatus(errno, "cannot save the program's output" + (path.empty() ? "" : " to " + path));
  }
  return Status::Ok();
}

// The program may have moved, replaced or removed the output's name in its directory:
// put the judge's bytes back there, as a fresh regular file, with *at() calls on the
// directory opened before the run.
void RunStreams::Pipe::Restore() {
  if (!file || !parent_dir) return;
  struct stat want, have;
  if (::fstat(file.get(), &want) != 0) return;
  const int dir = parent_dir.get();
  if (::fstatat(dir, name.c_str(), &have, AT_SYMLINK_NOFOLLOW) == 0) {
    if (have.st_dev == want.st_dev && have.st_ino == want.st_ino) return;
    if (::unlinkat(dir, name.c_str(), 0) != 0 && (errno == EISDIR || errno == EPERM))
      (void)fs::RemoveTreeAt(dir, name, path);
  }
  UniqueFd fresh(::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (!fresh) return;
  off_t offset = 0;
  while (offset < want.st_size) {
    ssize_t n = ::sendfile(fresh.get(), file.get(), &offset, static_cast<size_t>(want.st_size - offset));
    if (n <= 0) break;
  }
}

}  // namespace judge::sandbox
