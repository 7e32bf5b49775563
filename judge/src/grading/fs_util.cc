#include "fs_util.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace judge::fs {
namespace {

std::string Errno(int e) { return std::strerror(e); }

Result<std::string> ReadFd(int fd, const std::string& path, int64_t max_bytes, bool error_if_more) {
  std::string out;
  struct stat st;
  if (fstat(fd, &st) == 0 && st.st_size > 0)
    out.reserve(static_cast<std::size_t>(std::min<int64_t>(st.st_size, max_bytes)));
  char buf[65536];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Status::IoError(path + ": cannot read: " + Errno(errno));
    }
    if (n == 0) break;
    int64_t room = max_bytes - static_cast<int64_t>(out.size());
    if (n > room) {
      if (error_if_more)
        return Status::InvalidArgument(path + ": larger than the " + std::to_string(max_bytes) +
                                       " bytes allowed");
      out.append(buf, static_cast<std::size_t>(room));
      break;
    }
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

}  // namespace

Result<std::string> ReadFile(const std::string& path, int64_t max_bytes) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    if (e == ENOENT) return Status::NotFound(path + ": no such file");
    return Status::IoError(path + ": cannot open: " + Errno(e));
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    close(fd);
    return Status::InvalidArgument(path + ": is a directory, expected a file");
  }
  auto r = ReadFd(fd, path, max_bytes, true);
  close(fd);
  return r;
}

Result<std::string> ReadNoFollow(const std::string& path, int64_t max_bytes, OpenOutcome* outcome) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) {
    int e = errno;
    if (e == ENOENT) {
      *outcome = OpenOutcome::kMissing;
      return std::string();
    }
    if (e == ELOOP) {
      *outcome = OpenOutcome::kSymlink;
      return std::string();
    }
    return Status::IoError(path + ": cannot open: " + Errno(e));
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    *outcome = OpenOutcome::kNotRegular;
    return std::string();
  }
  auto r = ReadFd(fd, path, max_bytes, false);
  close(fd);
  *outcome = OpenOutcome::kRead;
  return r;
}

Status WriteFile(const std::string& path, const std::string& content, int mode) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode);
  if (fd < 0) return Status::IoError(path + ": cannot create: " + Errno(errno));
  std::size_t done = 0;
  while (done < content.size()) {
    ssize_t n = write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      int e = errno;
      close(fd);
      return Status::IoError(path + ": cannot write: " + Errno(e));
    }
    done += static_cast<std::size_t>(n);
  }
  if (close(fd) != 0) return Status::IoError(path + ": cannot write: " + Errno(errno));
  return Status::Ok();
}

Status CopyFile(const std::string& from, const std::string& to, int mode) {
  int in = open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return Status::IoError(from + ": cannot open: " + Errno(errno));
  struct stat st;
  if (fstat(in, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(in);
    return Status::InvalidArgument(from + ": not a regular file");
  }
  int m = mode >= 0 ? mode : static_cast<int>(st.st_mode & 07777);
  int out = open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, m);
  if (out < 0) {
    int e = errno;
    close(in);
    return Status::IoError(to + ": cannot create: " + Errno(e));
  }
  char buf[65536];
  Status st_out;
  for (;;) {
    ssize_t n = read(in, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      st_out = Status::IoError(from + ": cannot read: " + Errno(errno));
      break;
    }
    if (n == 0) break;
    ssize_t done = 0;
    while (done < n) {
      ssize_t w = write(out, buf + done, static_cast<std::size_t>(n - done));
      if (w < 0) {
        if (errno == EINTR) continue;
        st_out = Status::IoError(to + ": cannot write: " + Errno(errno));
        break;
      }
      done += w;
    }
    if (!st_out.ok()) break;
  }
  close(in);
  if (fchmod(out, static_cast<mode_t>(m)) != 0 && st_out.ok())
    st_out = Status::IoError(to + ": cannot chmod: " + Errno(errno));
  if (close(out) != 0 && st_out.ok()) st_out = Status::IoError(to + ": cannot write: " + Errno(errno));
  return st_out;
}

Status LinkOrCopy(const std::string& from, const std::string& to) {
  if (link(from.c_str(), to.c_str()) == 0) return Status::Ok();
  return CopyFile(from, to);
}

Status MakeDirs(const std::string& path) {
  if (path.empty()) return Status::InvalidArgument("empty directory path");
  std::size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    std::string prefix = path.substr(0, pos);
    if (prefix.empty()) continue;
    if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
      return Status::IoError(prefix + ": cannot create directory: " + Errno(errno));
  }
  if (!IsDirectory(path)) return Status::IoError(path + ": exists and is not a directory");
  return Status::Ok();
}

Result<std::string> MakeTempDir(const std::string& parent, const std::string& prefix) {
  std::string templ = parent + "/" + prefix + "XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data()))
    return Status::IoError(templ + ": cannot create a temporary directory: " + Errno(errno));
  std::string dir(buf.data());
  chmod(dir.c_str(), 0755);
  return dir;
}

Status RemoveTree(const std::string& path) {
  struct stat st;
  if (lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return Status::Ok();
    return Status::IoError(path + ": cannot stat: " + Errno(errno));
  }
  if (S_ISDIR(st.st_mode)) {
    if ((st.st_mode & 0700) != 0700) chmod(path.c_str(), 0700);
    DIR* d = opendir(path.c_str());
    if (!d) return Status::IoError(path + ": cannot list: " + Errno(errno));
    std::vector<std::string> names;
    while (dirent* e = readdir(d)) {
      std::string n = e->d_name;
      if (n != "." && n != "..") names.push_back(n);
    }
    closedir(d);
    for (const auto& n : names) JUDGE_RETURN_IF_ERROR(RemoveTree(path + "/" + n));
    if (rmdir(path.c_str()) != 0) return Status::IoError(path + ": cannot remove: " + Errno(errno));
    return Status::Ok();
  }
  if (unlink(path.c_str()) != 0 && errno != ENOENT)
    return Status::IoError(path + ": cannot remove: " + Errno(errno));
  return Status::Ok();
}

Result<std::vector<std::string>> ListFiles(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (!d) return Status::IoError(dir + ": cannot list: " + Errno(errno));
  std::vector<std::string> names;
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n == "." || n == "..") continue;
    struct stat st;
    if (lstat((dir + "/" + n).c_str(), &st) == 0 && S_ISREG(st.st_mode)) names.push_back(n);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

Result<std::vector<std::string>> ListDirs(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (!d) return Status::IoError(dir + ": cannot list: " + Errno(errno));
  std::vector<std::string> names;
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n.empty() || n[0] == '.') continue;
    if (IsDirectory(dir + "/" + n)) names.push_back(n);
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

bool Exists(const std::string& path) {
  struct stat st;
  return lstat(path.c_str(), &st) == 0;
}

bool IsDirectory(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string TempRoot() {
  const char* t = std::getenv("TMPDIR");
  return t && *t ? std::string(t) : std::string("/tmp");
}

}  // namespace judge::fs
