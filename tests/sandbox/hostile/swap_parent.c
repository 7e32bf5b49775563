// Its stdout file is argv[1]/out.txt, in a folder of the work directory it may change:
// it writes, moves the folder away and puts a symlink to argv[2] (a host folder) in its
// place (where the folder cannot be renamed, EXDEV on an overlay, it removes it). The
// judge must never create anything in argv[2].
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include "escape_common.h"
int main(int argc, char** argv) {
  if (argc < 3) return 2;
  printf("written on stdout\n");
  fflush(stdout);
  char moved[4096];
  snprintf(moved, sizeof moved, "%s.moved", argv[1]);
  if (rename(argv[1], moved) != 0) {
    char out[4096];
    snprintf(out, sizeof out, "%s/out.txt", argv[1]);
    if (errno != EXDEV || unlink(out) != 0 || rmdir(argv[1]) != 0) return 3;
  }
  if (symlink(argv[2], argv[1]) != 0) return 4;
  return 0;
}
