// Creates 100,000 small files in its work directory.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(void) {
  char name[32];
  for (int i = 0; i < 100000; ++i) {
    snprintf(name, sizeof name, "f%06d", i);
    int fd = open(name, O_CREAT | O_WRONLY, 0644);
    if (fd < 0) return 2;
    if (write(fd, "z", 1) != 1) return 3;
    close(fd);
  }
  return 0;
}
