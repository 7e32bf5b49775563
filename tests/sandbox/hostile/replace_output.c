// Replaces its own stdout file (argv[1], inside the work directory) by a symlink to
// argv[2] (a secret) or, with argv[3] = "fifo", by a FIFO. The judge must keep what the
// program wrote on fd 1 at that path, and never follow the replacement. With argv[4] =
// "spin", it then spins until it is killed (the judge stops the run on its own).
#include <sys/stat.h>
#include <unistd.h>
#include "escape_common.h"
int main(int argc, char** argv) {
  if (argc < 3) return 2;
  printf("written on stdout\n");
  fflush(stdout);
  unlink(argv[1]);
  if (argc > 3) {
    if (mkfifo(argv[1], 0666) != 0) return 3;
  } else {
    if (symlink(argv[2], argv[1]) != 0) return 4;
  }
  if (argc > 4)
    for (volatile unsigned long x = 0;; x = x + 1) {
    }
  return 0;
}
