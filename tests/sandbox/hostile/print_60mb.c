// A correct program with a big answer: 60 MiB on stdout, then exit 0.
#include <string.h>
#include <unistd.h>
int main(void) {
  static char block[1 << 20];
  memset(block, '7', sizeof block);
  for (int i = 0; i < 60; ++i) {
    size_t done = 0;
    while (done < sizeof block) {
      ssize_t n = write(1, block + done, sizeof block - done);
      if (n <= 0) return 1;
      done += (size_t)n;
    }
  }
  return 0;
}
