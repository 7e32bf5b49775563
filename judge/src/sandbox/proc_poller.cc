#include "proc_poller.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace judge::sandbox {

Result<ProcStat> ParseProcStat(std::string_view text) {
  size_t close = text.rfind(')');
  if (close == std::string_view::npos) return Status::Corrupt("/proc stat: no \")\" after the command");
  std::string_view rest = text.substr(close + 1);
  // Fields after the command, numbered as in proc(5): 3 is the state.
  std::vector<std::string_view> f;
  size_t i = 0;
  while (i < rest.size()) {
    while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\n')) ++i;
    size_t j = i;
    while (j < rest.size() && rest[j] != ' ' && rest[j] != '\n') ++j;
    if (j > i) f.push_back(rest.substr(i, j - i));
    i = j;
  }
  auto field = [&](int n, int64_t* out) -> bool {
    size_t idx = static_cast<size_t>(n - 3);
    if (idx >= f.size()) return false;
    auto [p, ec] = std::from_chars(f[idx].data(), f[idx].data() + f[idx].size(), *out);
    return ec == std::errc() && p == f[idx].data() + f[idx].size();
  };
  ProcStat s;
  if (!field(14, &s.utime_ticks) || !field(15, &s.stime_ticks) || !field(16, &s.cutime_ticks) ||
      !field(17, &s.cstime_ticks) || !field(24, &s.rss_pages))
    return Status::Corrupt("/proc stat: expected numeric fields 14-17 and 24, found \"" + std::string(rest) + "\"");
  return s;
}

ProcTreePoller::ProcTreePoller(ino_t pid_ns_inode)
    : ns_(pid_ns_inode), ticks_per_s_(sysconf(_SC_CLK_TCK)), page_kib_(sysconf(_SC_PAGESIZE) / 1024) {}

ProcTreePoller::Sample ProcTreePoller::Poll() const {
  Sample s;
  DIR* d = ::opendir("/proc");
  if (d == nullptr) return s;
  int64_t ticks = 0;
  char path[300];
  while (struct dirent* e = ::readdir(d)) {
    if (e->d_name[0] < '1' || e->d_name[0] > '9') continue;
    std::snprintf(path, sizeof path, "/proc/%s/ns/pid", e->d_name);
    struct stat st;
    if (::stat(path, &st) != 0 || st.st_ino != ns_) continue;
    std::snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char buf[1024];
    ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) continue;
    Result<ProcStat> ps = ParseProcStat(std::string_view(buf, static_cast<size_t>(n)));
    if (!ps.ok()) continue;
    ticks += ps->utime_ticks + ps->stime_ticks + ps->cutime_ticks + ps->cstime_ticks;
    s.rss_kib += ps->rss_pages * page_kib_;
    ++s.processes;
  }
  ::closedir(d);
  s.cpu_ms = ticks * 1000 / (ticks_per_s_ > 0 ? ticks_per_s_ : 100);
  return s;
}

}  // namespace judge::sandbox
