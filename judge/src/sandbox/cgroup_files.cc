#include "cgroup_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>

#include "judge/base/errors.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {

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

}  // namespace judge::sandbox
