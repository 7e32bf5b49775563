// Writes a 2 GB file in its work directory: stopped at the output limit.
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  int fd = open("big.bin", O_CREAT | O_WRONLY | O_TRUNC, 0644);
  if (fd < 0) return 2;
  static char buf[1 << 20];
  memset(buf, 'y', sizeof buf);
  for (int i = 0; i < 2048; ++i)
    if (write(fd, buf, sizeof buf) < 0) return 3;
  return 0;
}
