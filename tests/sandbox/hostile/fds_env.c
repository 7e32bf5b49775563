// Only fds 0-2 are open and the environment is exactly what the judge passed
// (argv[1..] lists the expected "KEY=value" entries).
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>
#include "escape_common.h"
extern char** environ;
int main(int argc, char** argv) {
  DIR* d = opendir("/proc/self/fd");
  if (!d) return 2;
  int dfd = dirfd(d);
  struct dirent* e;
  while ((e = readdir(d)) != 0) {
    if (e->d_name[0] == '.') continue;
    int fd = atoi(e->d_name);
    if (fd > 2 && fd != dfd) {
      fprintf(stderr, "ESCAPED: inherited fd %d\n", fd);
      escaped = 1;
    }
  }
  int n = 0;
  for (char** e2 = environ; *e2; ++e2, ++n) {
    int known = 0;
    for (int i = 1; i < argc; ++i)
      if (strcmp(*e2, argv[i]) == 0) known = 1;
    if (!known) {
      fprintf(stderr, "ESCAPED: unexpected environment entry %s\n", *e2);
      escaped = 1;
    }
  }
  if (n != argc - 1) {
    fprintf(stderr, "ESCAPED: %d environment entries, expected %d\n", n, argc - 1);
    escaped = 1;
  }
  ATTEMPT(getuid() == 0 || geteuid() == 0, "running as root");
  return escaped;
}
