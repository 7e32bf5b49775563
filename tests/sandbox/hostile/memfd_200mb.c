// Writes 200 MB into 50 memfds of 4 MB (each under the test's output limit, and
// fewer than its open-file limit): charged to the run's memory.
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
  static char buf[4 << 20];
  memset(buf, 'x', sizeof buf);
  for (int i = 0; i < 50; ++i) {
    int fd = memfd_create("hostile", 0);
    if (fd < 0) return 2;
    if (write(fd, buf, sizeof buf) != (long)sizeof buf) return 3;
  }
  return 0;
}
