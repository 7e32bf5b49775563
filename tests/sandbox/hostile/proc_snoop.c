// Looks for the judge and other processes through /proc: only the run's own
// processes may be visible, and nothing of the init's.
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "escape_common.h"
int main(int argc, char** argv) {
  // argv[1]: the judge's pid on the host.
  if (argc > 1) {
    char p[64];
    snprintf(p, sizeof p, "/proc/%s/cmdline", argv[1]);
    int fd = open(p, O_RDONLY);
    char buf[64];
    ATTEMPT(fd >= 0 && read(fd, buf, sizeof buf) > 0, "the judge's /proc/<pid>/cmdline");
  }
  int visible = 0;
  DIR* d = opendir("/proc");
  struct dirent* e;
  while (d && (e = readdir(d)) != 0)
    if (e->d_name[0] >= '1' && e->d_name[0] <= '9') {
      ++visible;
      if (atoi(e->d_name) > 64) {
        fprintf(stderr, "ESCAPED: sees pid %s (a host pid?)\n", e->d_name);
        escaped = 1;
      }
    }
  fprintf(stderr, "visible pids: %d\n", visible);
  ATTEMPT(getpid() > 16, "a pid of the host's pid namespace");
  int fd = open("/proc/1/mem", O_RDONLY);
  ATTEMPT(fd >= 0, "/proc/1/mem");
  fd = open("/proc/sysrq-trigger", O_WRONLY);
  ATTEMPT(fd >= 0, "/proc/sysrq-trigger");
  fd = open("/proc/sys/kernel/hostname", O_WRONLY);
  ATTEMPT(fd >= 0, "/proc/sys/kernel/hostname for writing");
  fd = open("/sys/fs/cgroup/memory/cgroup.procs", O_RDONLY);
  ATTEMPT(fd >= 0, "/sys/fs/cgroup");
  return escaped;
}
