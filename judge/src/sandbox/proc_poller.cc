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

namespace {

// The sixth field of /proc/<pid>/statm: data + stack pages; 0 when unreadable.
int64_t DataPages(const char* pid) {
  char path[300];
  std::snprintf(path, sizeof path, "/proc/%s/statm", pid);
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[256];
  ssize_t n = ::read(fd, buf, sizeof buf - 1);
  ::close(fd);
  if (n <= 0) return 0;
  buf[n] = '\0';
  long long fields[6] = {0, 0, 0, 0, 0, 0};
  if (std::sscanf(buf, "%lld %lld %lld %lld %lld %lld", &fields[0], &fields[1], &fields[2], &fields[3], &fields[4],
                  &fields[5]) != 6)
    return 0;
  return fields[5];
}

}  // namespace

ProcTreePoller::Sample ProcTreePoller::Poll(bool with_data) const {
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
    if (with_data) s.data_kib += DataPages(e->d_name) * page_kib_;
    ++s.processes;
  }
  ::closedir(d);
  s.cpu_ms = ticks * 1000 / (ticks_per_s_ > 0 ? ticks_per_s_ : 100);
  return s;
}

}  // namespace judge::sandbox
