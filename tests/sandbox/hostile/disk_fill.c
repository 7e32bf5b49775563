// Writes argv[1] files of argv[2] KiB each in its work directory, each under the
// output limit: together they must still stop at the work directory's quota. Prints
// how far it got and exits 1 at the first refused write.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char** argv) {
  if (argc < 3) return 2;
  int files = atoi(argv[1]), kib = atoi(argv[2]);
  static char buf[1024];
  memset(buf, 'd', sizeof buf);
  for (int i = 0; i < files; ++i) {
    char name[32];
    snprintf(name, sizeof name, "fill%03d.bin", i);
    int fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd < 0) {
      printf("open %d: %s\n", i, strerror(errno));
      return 1;
    }
    for (int k = 0; k < kib; ++k)
      if (write(fd, buf, sizeof buf) != (ssize_t)sizeof buf) {
        printf("write %d: %s\n", i, strerror(errno));
        return 1;
      }
    close(fd);
  }
  printf("wrote %d files\n", files);
  return 0;
}
