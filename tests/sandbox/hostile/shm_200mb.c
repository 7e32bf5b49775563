// Writes 200 MB into /dev/shm as 200 files of 1 MB (each under the output limit):
// tmpfs pages are charged to the run, so this is its memory, and the files vanish
// with the run's private /dev/shm.
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  static char buf[1 << 20];
  memset(buf, 'x', sizeof buf);
  char name[64];
  for (int i = 0; i < 200; ++i) {
    snprintf(name, sizeof name, "/dev/shm/judge-hostile-shm-%d", i);
    int fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0600);
    if (fd < 0) return 2;
    if (write(fd, buf, sizeof buf) != (long)sizeof buf) return 3;
    close(fd);
  }
  return 0;
}
