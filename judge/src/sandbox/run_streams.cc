#include "run_streams.h"

#include <fcntl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>

#include "judge/base/errors.h"
#include "judge/base/files.h"

namespace judge::sandbox {
namespace {

// An fd >= 3 (fds 0-2 of the child are built with dup2 from these), close-on-exec.
Result<UniqueFd> HighFd(UniqueFd fd, const std::string& what) {
  if (fd.get() >= 3) return fd;
  UniqueFd high(::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3));
  if (!high) return ErrnoStatus(errno, "cannot duplicate the descriptor of " + what);
  return high;
}

Result<UniqueFd> OpenInput(const std::string& path) {
  const std::string& name = path.empty() ? std::string("/dev/null") : path;
  UniqueFd fd(::open(name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  if (!fd) {
    if (errno == ELOOP) return Status::InvalidArgument("stdin file " + path + " is a symbolic link");
    return ErrnoStatus(errno, "cannot open stdin file " + path);
  }
  ::fcntl(fd.get(), F_SETFL, 0);
  return HighFd(std::move(fd), "stdin");
}

// Created fresh, never through a symlink, never a FIFO/device (O_NONBLOCK keeps a
// FIFO from blocking the judge), handed to the run's uid.
Result<UniqueFd> OpenOutput(const std::string& path, uid_t uid, gid_t gid) {
  UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644));
  if (!fd) {
    if (errno == ELOOP) return Status::InvalidArgument("output file " + path + " is a symbolic link");
    return ErrnoStatus(errno, "cannot create output file " + path);
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode))
    return Status::InvalidArgument("output file " + path + ": expected a regular file, found another kind");
  ::fcntl(fd.get(), F_SETFL, 0);
  if (::fchown(fd.get(), uid, gid) != 0) return ErrnoStatus(errno, "cannot hand output file " + path + " to the run's uid");
  return HighFd(std::move(fd), path);
}

// Discarded output is still counted: an anonymous file in the state dir, bounded by
// RLIMIT_FSIZE like any output, emptied for each run.
Status PrepareDiscard(const std::string& state_dir, int* discard_fd) {
  if (*discard_fd < 0) {
    UniqueFd fd(::open(state_dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600));
    if (!fd) return ErrnoStatus(errno, "cannot create a scratch output file in " + state_dir);
    JUDGE_ASSIGN_OR_RETURN(UniqueFd high, HighFd(std::move(fd), "the scratch output file"));
    *discard_fd = high.Release();
  }
  if (::ftruncate(*discard_fd, 0) != 0 || ::lseek(*discard_fd, 0, SEEK_SET) != 0)
    return ErrnoStatus(errno, "cannot empty the scratch output file");
  return Status::Ok();
}

int64_t FdSize(int fd) {
  struct stat st;
  return ::fstat(fd, &st) == 0 ? static_cast<int64_t>(st.st_size) : 0;
}

// The program may have replaced its output path: put what it wrote on the descriptor
// back at the path, as a fresh regular file (a deleted file cannot be linked again,
// so its bytes are copied; at most the output limit).
void RestoreOutputPath(const std::string& path, int fd) {
  struct stat want, have;
  if (::fstat(fd, &want) != 0) return;
  if (::lstat(path.c_str(), &have) == 0 && have.st_dev == want.st_dev && have.st_ino == want.st_ino) return;
  if (::unlink(path.c_str()) != 0 && (errno == EISDIR || errno == EPERM)) (void)fs::RemoveTree(path);
  // The judge's descriptor is write-only: read the same file through /proc.
  char proc[64];
  std::snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
  UniqueFd in(::open(proc, O_RDONLY | O_CLOEXEC));
  if (!in) return;
  UniqueFd out(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
  if (!out) return;
  off_t offset = 0;
  while (offset < want.st_size) {
    ssize_t n = ::sendfile(out.get(), in.get(), &offset, static_cast<size_t>(want.st_size - offset));
    if (n <= 0) break;
  }
}

}  // namespace

Result<RunStreams> RunStreams::Open(const RunSpec& spec, const std::string& state_dir, int* discard_fd, uid_t uid,
                                    gid_t gid) {
  RunStreams s;
  JUDGE_ASSIGN_OR_RETURN(s.in_, OpenInput(spec.stdin_path));
  if (spec.stdout_path.empty() || spec.stderr_path.empty()) JUDGE_RETURN_IF_ERROR(PrepareDiscard(state_dir, discard_fd));
  if (spec.stdout_path.empty()) {
    s.out_fd_ = *discard_fd;
  } else {
    JUDGE_ASSIGN_OR_RETURN(s.out_, OpenOutput(spec.stdout_path, uid, gid));
    s.out_fd_ = s.out_.get();
    s.stdout_path_ = spec.stdout_path;
  }
  if (!spec.stderr_path.empty() && spec.stderr_path == spec.stdout_path) {
    s.err_fd_ = s.out_fd_;
  } else if (spec.stderr_path.empty()) {
    s.err_fd_ = *discard_fd;
  } else {
    JUDGE_ASSIGN_OR_RETURN(s.err_, OpenOutput(spec.stderr_path, uid, gid));
    s.err_fd_ = s.err_.get();
    s.stderr_path_ = spec.stderr_path;
  }
  return s;
}

RunStreams::~RunStreams() {
  if (out_ && !stdout_path_.empty()) RestoreOutputPath(stdout_path_, out_.get());
  if (err_ && !stderr_path_.empty()) RestoreOutputPath(stderr_path_, err_.get());
}

int64_t RunStreams::OutputBytes() const {
  return FdSize(out_fd_) + (err_fd_ != out_fd_ ? FdSize(err_fd_) : 0);
}

}  // namespace judge::sandbox
