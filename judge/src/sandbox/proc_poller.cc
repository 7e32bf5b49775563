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
